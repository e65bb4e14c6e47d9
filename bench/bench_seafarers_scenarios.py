"""Seafarers per scenario: how often the ``easy`` AI beats random players, and how fast.

    .venv/bin/python bench/bench_seafarers_scenarios.py [games-per-scenario-and-count] [scenario ...]

For every scenario of the ``scenario`` option and every player count it plays, games of one
``easy`` seat (engine.ai.choose, the game's heuristic) against random seats, the easy seat
taking each place in turn. Printed per scenario and count: the share of games the easy
seat wins (alone, or first on the round limit; the target is at least 90%), the easy seat's
mean victory points and the others' mean, the mean rounds, how many games gave the easy
seat special victory points (The Great Crossing: trade line chips), the share of Oceans'
empty spaces turned by the end, or of Greater Catan's small-island hexes that got their
number chip ("-" elsewhere), and the seconds per game. Also the same for all-easy tables:
the mean rounds to the end (a sensible player wins well before the round limit). Scenario
ids after the count measure only those.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import ai, get_game  # noqa: E402
from engine.seafarers.chip_bag import small_island_hexes  # noqa: E402
from engine.seafarers.scenario_rules import SCENARIOS  # noqa: E402

GAME = get_game("seafarers")


def play(sid: str, n: int, seed: str, easy: set[int]) -> tuple[dict, object]:
    s = GAME.setup(n, {"scenario": sid}, seed)
    rnd = random.Random(seed)
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        level = "easy" if seat in easy else "random"
        GAME.apply(s, seat, ai.choose(GAME, s, seat, rnd, level))
    return GAME.result(s), s


def unknown(s) -> list[int]:
    """The hexes still to be revealed: Oceans' empty spaces, Greater Catan's small-island
    hexes without a chip (none elsewhere)."""
    if s.scenario == "greater_catan":
        return [h for h in small_island_hexes(s) if not s.chips[h]]
    return [h for h, t in enumerate(s.terrain) if t == "hidden"]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    only = set(sys.argv[2:])
    print(f"{'scenario':18} {'n':>2} {'easy wins':>10} {'easy VP':>8} {'rand VP':>8} "
          f"{'rounds':>7} {'special':>8} {'turned':>7} {'s/game':>7} {'all-easy rounds':>16}")
    for sid, rules in SCENARIOS.items():
        if only and sid not in only:
            continue
        for n in rules.players:
            wins = 0
            vp_easy = vp_rand = rounds = special = turned = 0.0
            spaces = len(unknown(GAME.setup(n, {"scenario": sid}, "spaces")))
            t0 = time.perf_counter()
            for g in range(games):
                me = g % n
                res, s = play(sid, n, f"bench-{sid}-{n}-{g}", {me})
                wins += res["winners"] == [me]
                vp_easy += res["scores"][me]
                vp_rand += sum(v for p, v in enumerate(res["scores"]) if p != me) / (n - 1)
                rounds += s.round
                special += s.special[me] > 0
                turned += 1 - len(unknown(s)) / spaces if spaces else 0
            per = (time.perf_counter() - t0) / games
            all_rounds = 0
            for g in range(max(1, games // 4)):
                _, s = play(sid, n, f"bench-all-{sid}-{n}-{g}", set(range(n)))
                all_rounds += s.round
            print(f"{sid:18} {n:>2} {wins / games:>10.0%} {vp_easy / games:>8.1f} "
                  f"{vp_rand / games:>8.1f} {rounds / games:>7.1f} {special / games:>8.0%} "
                  f"{f'{turned / games:.0%}' if spaces else '-':>7} "
                  f"{per:>7.2f} {all_rounds / max(1, games // 4):>16.1f}")


if __name__ == "__main__":
    main()
