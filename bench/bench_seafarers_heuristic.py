"""The Seafarers heuristic against an earlier version of itself, seat for seat.

    .venv/bin/python bench/bench_seafarers_heuristic.py --against REV [--scenario ID]
        [--players N] [--games N] [--first N]

One seat plays the heuristic of this checkout (``engine.seafarers.ai.ai_action`` at level
``easy``, which never slips there: slips are engine.ai.choose's), the others the heuristic
of git revision REV (its engine/seafarers/ai.py, planner.py and house_rule.py, loaded
from ``git show`` under other module names; the rules and the house rule answering offers
are this checkout's, so only the players differ). Game g puts the new seat in seat g mod
n. Prints one row per scenario and player count: the new seat's wins (a shared win
counts 1/k), the games, its share with the 95% Wilson interval, and the fair share 1/n.

Games are seeded (``heuristic-<scenario>-<n>-<g>``) and take about 0.05 s each, so a row
of 600 games runs in half a minute. Mind that every scenario but classic has a fixed map:
there the founding is the same few choices in every game, and a row says more about those
choices than about the player. Without --scenario every scenario runs at 3 and 4 players.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_ai_ladder import wilson  # noqa: E402

import engine.seafarers as package  # noqa: E402
from engine import get_game  # noqa: E402
from engine.core import Action  # noqa: E402
from engine.seafarers import ai as new_ai  # noqa: E402
from engine.seafarers import moves  # noqa: E402
from engine.seafarers.scenario_rules import SCENARIOS  # noqa: E402

#: the heuristic's modules, in the order they import each other
PLAYER_MODULES = ("planner", "house_rule", "ai")


def load_player(rev: str) -> ModuleType:
    """engine/seafarers/ai.py of git revision ``rev``, with that revision's planner and
    house rule (``player_from``)."""
    return player_from({
        name: subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{rev}:engine/seafarers/{name}.py"],
            capture_output=True, text=True, check=True).stdout
        for name in PLAYER_MODULES}, rev)


def player_from(sources: dict[str, str], tag: str) -> ModuleType:
    """The ai module built from ``sources`` (the text of each of PLAYER_MODULES), importing
    the planner and house rule built from them too (each named ``<name>_at_<tag>``); the
    package's own modules are left in their places."""
    own = {name: sys.modules[f"engine.seafarers.{name}"] for name in PLAYER_MODULES[:-1]}
    loaded: dict[str, ModuleType] = {}
    try:
        for name in PLAYER_MODULES:
            spec = importlib.util.spec_from_loader(f"engine.seafarers.{name}_at_{tag}",
                                                   loader=None)
            module = importlib.util.module_from_spec(spec)
            module.__package__ = "engine.seafarers"
            exec(compile(sources[name], f"{tag}:engine/seafarers/{name}.py", "exec"),
                 module.__dict__)
            loaded[name] = module
            if name in own:  # the next module's "from . import planner" finds this one
                sys.modules[f"engine.seafarers.{name}"] = module
                setattr(package, name, module)
    finally:
        for name, module in own.items():
            sys.modules[f"engine.seafarers.{name}"] = module
            setattr(package, name, module)
    return loaded["ai"]


def play(scenario: str, n: int, g: int, old_ai: ModuleType) -> float:
    """Game g: the new heuristic's outcome value (1/k for a win shared by k)."""
    game = get_game("seafarers")
    seed = f"heuristic-{scenario}-{n}-{g}"
    state = game.setup(n, {"scenario": scenario}, seed)
    rng = random.Random(seed)
    new_seat = g % n
    while game.result(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        player = new_ai if seat == new_seat else old_ai
        a = player.ai_action(state, seat, rng, "easy")
        game.apply(state, seat, Action(a.kind, a.args, moves.label(state, seat, a.kind,
                                                                   a.args)))
    winners = game.result(state)["winners"]
    return 1 / len(winners) if new_seat in winners else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", required=True, help="git revision of the other seats")
    ap.add_argument("--scenario")
    ap.add_argument("--players", type=int)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    args = ap.parse_args()
    old_ai = load_player(args.against)
    print("| scenario | players | new seat's wins | games | share | 95% interval "
          "| fair share |\n|---|---|---|---|---|---|---|")
    for scenario in [args.scenario] if args.scenario else list(SCENARIOS):
        counts = [args.players] if args.players else [3, 4]
        for n in counts:
            try:
                get_game("seafarers").setup(n, {"scenario": scenario}, "count")
            except ValueError:
                continue  # The Great Crossing and Greater Catan are for four
            wins = sum(play(scenario, n, g, old_ai)
                       for g in range(args.first, args.first + args.games))
            lo, hi = wilson(wins, args.games)
            print(f"| {scenario} | {n} | {wins:g} | {args.games} | {wins / args.games:.0%} "
                  f"| {lo:.0%}-{hi:.0%} | {1 / n:.0%} |", flush=True)


if __name__ == "__main__":
    main()
