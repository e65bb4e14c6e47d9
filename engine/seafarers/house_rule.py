"""The house rule's answer to a trade offer (offers.py: a seat that ended its turn so has
every offer answered at once, as the computer player answers): accept an offer that brings
a card the seat's next build lacks for cards that build does not need, at most one card
more than it brings, and not from a player within two points of victory; counter an offer
that asks for spare cards but brings nothing needed by asking for a needed card; else
decline. The next build is the computer player's goal (planner.py).

Read from the seat's own hand and what everyone sees, like every move of the computer
player.
"""

from __future__ import annotations

from .board import RESOURCES
from .building import COST
from .hands import RI
from .planner import goal, need
from .state import State
from .victory import public_vp

#: an answer as the cards the answering seat would give and get
Terms = tuple[dict[str, int], dict[str, int]]


def house_answer(s: State, seat: int) -> Terms | None:
    """``seat``'s answer to the open offer, as the cards it would give and get: the
    offer's own terms (it accepts), other terms (a counter-offer), or None (it declines).
    It accepts when the offer brings something its current goal needs and takes only
    cards beyond it, at most one card more than it brings, and the offerer is not close to
    winning; it counters an offer that asks for cards it can spare but brings nothing it
    needs (``counter_plan``); else it declines."""
    o = s.offer
    if near_win(s, s.turn):
        return None
    aim = goal(s, seat)
    lacks = need(s, seat, aim)
    gets, gives = o["give"], o["get"]
    useful = any(lacks[RI[r]] > 0 for r in gets)
    if useful and spare(s, seat, aim, gives) and (
            sum(gives.values()) <= sum(gets.values()) + 1):
        return dict(gives), dict(gets)
    return _counter(s, seat, aim, lacks)


def near_win(s: State, p: int) -> bool:
    """Within two public points of the target: not a player to trade with."""
    return public_vp(s, p) >= s.target - 2


def spare(s: State, seat: int, aim: str, gives: dict[str, int]) -> bool:
    """Whether the seat can give these cards and still hold all its goal ``aim`` needs of
    them."""
    cost = COST.get(aim, (0, 0, 0, 0, 0))
    hand = s.hands[seat]
    return all(hand[RI[r]] - k >= cost[RI[r]] for r, k in gives.items())


def counter_plan(s: State, seat: int) -> Terms | None:
    """A counter-offer (give, get) to the offer on the table, or None: when the offer asks
    for at most two cards the seat can spare but brings nothing its goal needs, give what
    was asked for one card the goal lacks (one the offer does not ask for)."""
    if near_win(s, s.turn):
        return None
    aim = goal(s, seat)
    return _counter(s, seat, aim, need(s, seat, aim))


def _counter(s: State, seat: int, aim: str, lacks: list[int]) -> Terms | None:
    asked, brought = s.offer["get"], s.offer["give"]
    if any(lacks[RI[r]] > 0 for r in brought) or sum(asked.values()) > 2:
        return None
    if not spare(s, seat, aim, asked):
        return None
    wanted = [i for i in range(5) if lacks[i] > 0 and RESOURCES[i] not in asked]
    if not wanted:
        return None
    want = max(wanted, key=lambda i: (lacks[i], -i))
    return dict(asked), {RESOURCES[want]: 1}
