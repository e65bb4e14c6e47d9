"""Seafarers heuristic AI with and without its own player offers, head to head, and what
its offers cost the others.

    .venv/bin/python bench/bench_seafarers_offers.py [games-per-player-count]

Every seed is played twice with the seats swapped: in one game the even seats propose
offers (``ai_action(..., propose=True)``, the AI as shipped) and the odd seats do not
(``propose=False``, the AI before proposals), in the other game the reverse. Both kinds
answer offers alike (since issue 22 by the house rule, engine/seafarers/offers.py, at once
when an offer is sent). Printed per player count: the wins per seat of each kind (a shared
win counts as a share; 1/n is an even split), the mean final victory points, the mean
rounds, the offers sent and trades made per game, and issue 22's figures: how many other
seats an offer made the game wait for (each of them named, pinged and timed at a table of
people; the target is 0), how many offers went out that no other seat could take (none of
them held what was asked: read here from every hand), and the most offers one turn held.
No target for the wins: the figures say whether offers still pay.
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
from engine.seafarers.board import RESOURCES  # noqa: E402

GAME = get_game("seafarers")


def play(seed: str, n: int, proposers: set[int]) -> tuple[dict, int, dict[str, int]]:
    """One game of heuristic AIs; returns the result, the rounds and the counts: offers
    sent, trades made, seats waited for because of an offer, offers nobody could take, and
    the most offers sent in one turn."""
    s = GAME.setup(n, {}, seed)
    rnd = random.Random(seed)
    count = {"offers": 0, "trades": 0, "waited": 0, "hopeless": 0, "most": 0}
    per_turn: dict[tuple[int, int], int] = {}
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        a = AI.ai_action(s, seat, rnd, propose=seat in proposers)
        if a.kind == "offer_send":
            count["offers"] += 1
            asked = s.offer["get"]
            takers = [p for p in range(n) if p != seat and all(
                s.hands[p][RESOURCES.index(r)] >= k for r, k in asked.items())]
            count["hopeless"] += not takers
            key = (s.round, s.turn)
            per_turn[key] = per_turn.get(key, 0) + 1
        GAME.apply(s, seat, Action(a.kind, a.args))
        if a.kind == "offer_send":
            count["waited"] += len(GAME.to_act(s) - {s.turn})
        count["trades"] += a.kind == "trade"
    count["most"] = max(per_turn.values(), default=0)
    return GAME.result(s), s.round, count


def measure(n: int, games: int) -> None:
    wins = {True: 0.0, False: 0.0}
    seats = {True: 0, False: 0}
    vps = {True: 0, False: 0}
    rounds = 0
    total = {"offers": 0, "trades": 0, "waited": 0, "hopeless": 0}
    most = 0
    t0 = time.perf_counter()
    for g in range(games):
        proposers = {p for p in range(n) if (p + g) % 2 == 0}
        res, r, count = play(f"offers-{n}-{g // 2}", n, proposers)
        rounds += r
        for k in total:
            total[k] += count[k]
        most = max(most, count["most"])
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
    offers = max(1, total["offers"])
    print(f"  per game: {rounds / games:.1f} rounds, {total['offers'] / games:.1f} offers "
          f"sent, {total['trades'] / games:.1f} player trades")
    print(f"  per offer: {total['waited'] / offers:.2f} other seats waited for; "
          f"{100 * total['hopeless'] / offers:.0f}% nobody else could take; "
          f"at most {most} offers in one turn")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 80
    games += games % 2  # seeds come in swapped pairs
    for n in (3, 4):
        measure(n, games)


if __name__ == "__main__":
    main()
