"""The AI ladder: each level against the one below it, per game, scenario and player count.

    .venv/bin/python bench/bench_ai_ladder.py [--game ID] [--scenario ID] [--players N]
        [--pairs hard:normal,normal:easy,easy:random] [--games N] [--first N]
        [--budget LEVEL=samples,depth,candidates,margin,z] [--slips LEVEL=SHARE]

Prints one row per game, scenario, player count and pair of levels: the upper level's wins
(a shared win counts 1/k), the games, its share, the share's 95% Wilson interval, the
target and whether the share reaches it, and the slowest single move of either level in
seconds of CPU time (``time.thread_time``: one core's work, whatever else the machine
runs). The targets are issue 26's: at two players the upper level wins at least 65% of the
games; at three or more it plays one seat against lower-level seats and wins at least 1.5
times its fair share (1.5/n).

Reproducible: games are seeded (``ladder-<game>-<scenario>-<n>-<pair>-<g>``), the AI's rng
is seeded from the same string, and the searching levels run their fixed sample counts with
no time limit (``engine.ai.untimed``), so anyone re-running a row gets the same wins. The
move times, and so the slowest move, depend on the machine's speed but not on its load;
with the time limit off they show whether the fixed counts fit in the bot's two seconds.

The upper level takes each seat in turn (game g puts it in seat g mod n), so neither level
keeps the first seat's edge. Without --game every game runs (Seafarers: every scenario at
3 and 4 players), which takes hours; --games sets the games per row (default 20).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GAMES, ai, get_game  # noqa: E402
from engine.ai import SearchBudget, choose, outcome_value, untimed  # noqa: E402

#: search budgets replacing a level's (``--budget``), to compare searches; none by default
BUDGETS: dict[str, SearchBudget] = {}


def budget_of(game, level: str) -> SearchBudget | None:
    return BUDGETS.get(level) or untimed(game, level)


@dataclass
class Row:
    game: str
    scenario: str
    n: int
    upper: str
    lower: str
    wins: float = 0.0
    games: int = 0
    slowest: float = 0.0

    @property
    def target(self) -> float:
        return 0.65 if self.n == 2 else 1.5 / self.n


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share (fractional wins are counted as they are)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    den = 1 + z * z / games
    mid = (p + z * z / (2 * games)) / den
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def play_out(game, options: dict, levels: list[str], seed: str) -> tuple[dict, float]:
    """One seeded game to its end: its result and the slowest AI move (CPU seconds)."""
    state = game.setup(len(levels), options, seed)
    rng = random.Random(seed)
    slowest = 0.0
    while game.result(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        level = levels[seat]
        start = time.thread_time()
        action = choose(game, state, seat, rng, level, budget_of(game, level))
        slowest = max(slowest, time.thread_time() - start)
        game.apply(state, seat, action)
    return game.result(state), slowest


def play(game, options: dict, levels: list[str], seed: str) -> tuple[list[float], float]:
    """One seeded game; the seats' outcome values and the slowest AI move."""
    result, slowest = play_out(game, options, levels, seed)
    return [outcome_value(result, s) for s in range(len(levels))], slowest


def run_row(row: Row, games: int, first: int = 0) -> Row:
    game = get_game(row.game)
    options = {"scenario": row.scenario} if row.scenario != "-" else {}
    for g in range(first, first + games):
        seat = g % row.n
        levels = [row.lower] * row.n
        levels[seat] = row.upper
        seed = f"ladder-{row.game}-{row.scenario}-{row.n}-{row.upper}-{row.lower}-{g}"
        values, slowest = play(game, options, levels, seed)
        row.wins += values[seat]
        row.games += 1
        row.slowest = max(row.slowest, slowest)
        print(f"  game {g}: {row.upper} in seat {seat} scored {values[seat]:g}, "
              f"so far {row.wins:g} of {row.games}", file=sys.stderr, flush=True)
    return row


def line(row: Row) -> str:
    lo, hi = wilson(row.wins, row.games)
    share = row.wins / row.games if row.games else 0.0
    verdict = "pass" if share >= row.target else "FAIL"
    return (f"| {row.game} | {row.scenario} | {row.n} | {row.upper} vs {row.lower} | "
            f"{row.wins:g} | {row.games} | {share:.0%} | {lo:.0%}-{hi:.0%} | "
            f">= {row.target:.0%} | {verdict} | {row.slowest:.2f} |")


HEADER = ("| game | scenario | players | levels | wins | games | share | 95% interval | target "
          "| verdict | slowest move (s) |\n|---|---|---|---|---|---|---|---|---|---|---|")


def configurations(game_id: str | None, scenario: str | None,
                   players: int | None) -> list[tuple[str, str, int]]:
    """(game, scenario, players) to run: the ones asked for, by default every one."""
    out = []
    for gid, game in GAMES.items():
        if game_id is not None and gid != game_id:
            continue
        spec = game.options.get("scenario") if gid == "seafarers" else None
        scenarios = list(spec.values) if spec is not None else ["-"]
        if scenario is not None:
            scenarios = [s for s in scenarios if s == scenario]
        counts = range(game.min_players, game.max_players + 1)
        if players is not None:
            counts = [players] if game.min_players <= players <= game.max_players else []
        elif gid == "all-hands":
            counts = [2, 3, 4]  # 5 and 6 captains play like 4, at length
        out += [(gid, sid, n) for sid in scenarios for n in counts
                if _plays(game, sid, n)]
    return out


def _plays(game, scenario: str, n: int) -> bool:
    """Whether the game sets up for ``n`` players (The Great Crossing is for 4 only)."""
    try:
        game.setup(n, {"scenario": scenario} if scenario != "-" else {}, "ladder-probe")
    except ValueError:
        return False
    return True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game")
    parser.add_argument("--scenario")
    parser.add_argument("--players", type=int)
    parser.add_argument("--pairs", default="hard:normal,normal:easy,easy:random")
    parser.add_argument("--budget", action="append", default=[], metavar="LEVEL=S,D,C,M,Z",
                        help="replace a level's search: samples, rollout depth, candidates, "
                        "margin, z (no time limit)")
    parser.add_argument("--slips", action="append", default=[], metavar="LEVEL=SHARE",
                        help="replace a level's share of random moves in every game "
                        f"(engine.ai.SLIPS, now {ai.SLIPS}, and GAME_SLIPS)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    args = parser.parse_args(argv)
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    for spec in args.budget:
        level, numbers = spec.split("=")
        s, d, c, m, z = numbers.split(",")
        BUDGETS[level] = SearchBudget(int(s), int(d), math.inf, int(c), float(m), float(z))
        print(f"{level}: {BUDGETS[level]}")
    for spec in args.slips:
        level, share = spec.split("=")
        ai.SLIPS[level] = float(share)
        for own in ai.GAME_SLIPS.values():  # the same share in every game
            own.pop(level, None)
        print(f"{level} slips: {ai.SLIPS[level]}")
    print(HEADER, flush=True)
    for gid, sid, n in configurations(args.game, args.scenario, args.players):
        for upper, lower in pairs:
            start = time.perf_counter()
            row = run_row(Row(gid, sid, n, upper, lower), args.games, args.first)
            print(line(row) + f"  <!-- {time.perf_counter() - start:.0f} s -->", flush=True)


if __name__ == "__main__":
    main()
