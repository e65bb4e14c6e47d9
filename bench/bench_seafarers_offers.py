"""Seafarers heuristic AI with and without its own player offers, head to head.

    .venv/bin/python bench/bench_seafarers_offers.py [games-per-player-count]

Every seed is played twice with the seats swapped: in one game the even seats propose
offers and counter-offers (``ai_action(..., propose=True)``, the AI as shipped) and the odd
seats do not (``propose=False``, the AI before proposals: it only answers offers), in the
other game the reverse. Both kinds answer offers alike. Printed per player count: the wins
per seat of each kind (a shared win counts as a share; 1/n is an even split), the mean
final victory points, the mean rounds, and the offers sent and trades made per game.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_game  # noqa: E402
from engine.core import Action  # noqa: E402
from engine.seafarers import ai as AI  # noqa: E402

GAME = get_game("seafarers")


def play(seed: str, n: int, proposers: set[int]) -> tuple[dict, int, int, int]:
    """One game of heuristic AIs; returns the result, the rounds, offers sent, trades made."""
    s = GAME.setup(n, {}, seed)
    rnd = random.Random(seed)
    offers = trades = 0
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        a = AI.ai_action(s, seat, rnd, propose=seat in proposers)
        GAME.apply(s, seat, Action(a.kind, a.args))
        offers += a.kind == "offer_send"
        trades += a.kind == "trade"
    return GAME.result(s), s.round, offers, trades


def measure(n: int, games: int) -> None:
    wins = {True: 0.0, False: 0.0}
    seats = {True: 0, False: 0}
    vps = {True: 0, False: 0}
    rounds = offers = trades = 0
    t0 = time.perf_counter()
    for g in range(games):
        proposers = {p for p in range(n) if (p + g) % 2 == 0}
        res, r, o, t = play(f"offers-{n}-{g // 2}", n, proposers)
        rounds += r
        offers += o
        trades += t
        for p in range(n):
            kind = p in proposers
            seats[kind] += 1
            vps[kind] += res["scores"][p]
            if p in res["winners"]:
                wins[kind] += 1 / len(res["winners"])
    wall = time.perf_counter() - t0
    print(f"{n} players, {games} games ({wall:.0f} s): even split {1 / n:.3f} wins per seat")
    for kind, name in ((True, "with proposals"), (False, "without")):
        print(f"  {name:15}: {wins[kind] / seats[kind]:.3f} wins per seat "
              f"({wins[kind]:.1f} of {games}), mean {vps[kind] / seats[kind]:.2f} VP")
    print(f"  per game: {rounds / games:.1f} rounds, {offers / games:.1f} offers sent, "
          f"{trades / games:.1f} player trades")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 80
    games += games % 2  # seeds come in swapped pairs
    for n in (3, 4):
        measure(n, games)


if __name__ == "__main__":
    main()
