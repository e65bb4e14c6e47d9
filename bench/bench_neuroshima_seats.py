"""Neuroshima Hex!: who wins, by seat and by army. Prints; asserts nothing.

    .venv/bin/python bench/bench_neuroshima_seats.py [--levels easy:easy] [--games 60]
        [--first 0]

Plays ``games`` seeded games with the same level in both seats (or two levels, ``upper:lower``
seat 0 then seat 1), once with each ``armies`` option: "pirates-moloch" (seat 0 plays the
Pirates and places its HQ and starts first) and "moloch-pirates" (seat 0 plays Moloch). Prints
per option the wins of seat 0 and seat 1 (a draw counts half to each), the second seat's
share with its 95% Wilson interval, the share of the Moloch army over both options, and how
the games ended (an HQ destroyed, the Final Battle, the tie-break battle, a draw).

Comparing the two options separates the seat from the army: a first-seat edge shows as the
same seat winning under both, an army's edge as the winner changing seat with the army. The
searching levels run their fixed counts with no time limit (``engine.ai.untimed``), so the
figures are the same on any machine. No target: the rules decide the balance (the issue
asks only that our rules be the rulebook's, then that the figures be known).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_ai_ladder import play_out, wilson  # noqa: E402
from engine import get_game  # noqa: E402
from engine.ai import outcome_value  # noqa: E402

ARMIES = ("pirates-moloch", "moloch-pirates")


def ending(reason: str) -> str:
    """How a game ended, from its result's sentence."""
    if "a draw" in reason:
        return "draw"
    if "destroyed" in reason:
        return "HQ destroyed"
    return "tie-break battle" if "tie-break" in reason else "Final Battle"


def play(levels: list[str], armies: str, seed: str) -> tuple[list[float], str]:
    """One seeded game: each seat's outcome value and how it ended."""
    result, _ = play_out(get_game("neuroshima"), {"armies": armies}, levels, seed)
    return [outcome_value(result, s) for s in (0, 1)], ending(result["reason"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="easy:easy", help="seat 0's level:seat 1's level")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--first", type=int, default=0, help="the number of the first game")
    args = parser.parse_args()
    levels = args.levels.split(":")
    moloch = 0.0
    for armies in ARMIES:
        wins, ends = [0.0, 0.0], Counter()
        for g in range(args.first, args.first + args.games):
            values, end = play(levels, armies, f"seats-{args.levels}-{armies}-{g}")
            wins = [w + v for w, v in zip(wins, values, strict=True)]
            ends[end] += 1
        moloch += wins[armies.split("-").index("moloch")]
        lo, hi = wilson(wins[1], args.games)
        print(f"{args.levels} {armies}: seat 0 {wins[0]:g}, seat 1 {wins[1]:g} of "
              f"{args.games}; seat 1 {wins[1] / args.games:.0%} ({lo:.0%}-{hi:.0%}); "
              + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())), flush=True)
    total = 2 * args.games
    lo, hi = wilson(moloch, total)
    print(f"{args.levels}: Moloch won {moloch:g} of {total} "
          f"({moloch / total:.0%}, {lo:.0%}-{hi:.0%})")


if __name__ == "__main__":
    main()
