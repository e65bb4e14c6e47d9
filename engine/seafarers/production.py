"""Production (catan-base.md, "A turn" 2: "every settlement adjacent to a hex with that
number gets 1 of its resource, a city 2; the hex with the robber produces nothing. If the
bank cannot pay everyone a resource, nobody gets that resource that roll, unless only one
player is owed it (then that player gets what is left)") and the gold fields
(seafarers.txt, "Gold": "When the number on a gold space is thrown, each affected player
can choose any 1 type of resource").

The roll itself is turn.py's (``roll_dice``); a 7 produces nothing (robber_and_pirate.py).
"""

from __future__ import annotations

from typing import Any

from .board import RESOURCE_OF, RESOURCES
from .facts import facts
from .hands import RI, cards_text
from .state import Phase, State
from .words import P


def _producers(s: State) -> dict[int, list[tuple[int, int, tuple[int, ...]]]]:
    """Per number: the hexes that produce on it, (hex, resource index or -1 for gold,
    corners); worked out once per board and chips."""
    memo = s.board.memo
    key = ("producers", tuple(s.chips))
    got = memo.get(key)
    if got is None:
        got = {}
        b = s.board
        for h, chip in enumerate(s.chips):
            t = s.terrain[h]
            if chip and (t == "gold" or t in RESOURCE_OF):
                i = -1 if t == "gold" else RI[RESOURCE_OF[t]]
                got.setdefault(chip, []).append((h, i, b.hex_corners[h]))
        memo[key] = got
    return got


def produce(s: State, total: int) -> list[tuple[str, Any]]:
    """Production with the bank-shortage rule (catan-base.md "A turn" 2): if the bank cannot
    pay everyone a resource, nobody gets it, unless only one player is owed it (he gets
    what is left). Gold fields owe a free choice per card (picked in the gold phase).

    What a number yields follows from the buildings, the robber and the producing hexes:
    worked out once per arrangement (kept with the facts), and paid out as it is when the
    bank holds enough of every resource and no gold pick is owed yet."""
    f = facts(s)
    producers = _producers(s)
    key: Any = total
    robber = s.robber
    for h, _, _ in producers.get(total, ()):
        if h == robber:  # the robber matters only on a hex of this number
            key = (total, robber)
    entry = f.production.get(key)
    if entry is None or entry[0] is not producers:
        entry = f.production[key] = _production(s, producers, total)
    _, pays, gold, plain = entry
    bank = s.bank
    owed = s.owed
    for i, _, need in pays:
        if need > bank[i]:
            return _produce_short(s, pays, gold)
    if any(owed):
        return _produce_short(s, pays, gold)
    hands = s.hands
    for i, per, need in pays:
        bank[i] -= need
        for p, k in per:
            hands[p][i] += k
    for p, k in gold:
        owed[p] += k
    return list(plain)


def _production(s: State, producers: dict, total: int) -> tuple:
    """(producers, pays, gold, plain): per resource in order, who is owed how many cards of
    it and their sum; the gold picks owed per seat; the events when all is paid."""
    owed: dict[int, dict[int, int]] = {}  # resource -> seat -> cards
    gold: dict[int, int] = {}
    buildings = s.buildings
    for h, i, corners in producers.get(total, ()):
        if h == s.robber:
            continue
        for c in corners:
            bl = buildings[c]
            if bl is None:
                continue
            per = gold if i < 0 else owed.setdefault(i, {})
            per[bl[0]] = per.get(bl[0], 0) + bl[1]
    pays = tuple((i, tuple(owed[i].items()), sum(owed[i].values())) for i in sorted(owed))
    got = [[0] * 5 for _ in range(s.n)]
    for i, per, _ in pays:
        for p, k in per:
            got[p][i] = k
    plain: list[tuple[str, Any]] = []
    for p in range(s.n):
        if any(got[p]):
            plain.append((_receives(p, got[p]), None))
        if gold.get(p):
            plain.append((f"{P(p)} may pick {gold[p]} from the gold field.", None))
    return producers, pays, tuple(gold.items()), tuple(plain)


def _produce_short(s: State, pays: tuple, gold: tuple) -> list[tuple[str, Any]]:
    """Production when the bank runs short of a resource (or gold picks are owed already):
    the rule's every case."""
    ev: list[tuple[str, Any]] = []
    got: dict[int, list[int]] = {}  # seat -> cards received per resource
    bank, hands = s.bank, s.hands
    for p, k in gold:
        s.owed[p] += k
    for i, per, need in pays:
        if need <= bank[i]:
            pay = per
        elif len(per) == 1:
            p = per[0][0]
            pay = ((p, bank[i]),)
            ev.append((f"The bank is short of {RESOURCES[i]}: {P(p)} gets what "
                       f"is left.", None))
        else:
            ev.append((f"The bank is short of {RESOURCES[i]}: nobody gets any.", None))
            continue
        for p, k in pay:
            hands[p][i] += k
            bank[i] -= k
            mine = got.get(p)
            if mine is None:
                mine = got[p] = [0] * 5
            mine[i] = k
    for p in range(s.n):
        mine = got.get(p)
        if mine is not None and any(mine):
            ev.append((_receives(p, mine), None))
        if s.owed[p]:
            ev.append((f"{P(p)} may pick {s.owed[p]} from the gold field.", None))
    return ev


_RECEIVES: dict[tuple[int, ...], str] = {}
#: seats times the handfuls a roll brings (a few hundred met); emptied when full
_RECEIVES_BOUND = 4096


def _receives(p: int, cards: list[int]) -> str:
    """"{p1} receives 1 wood, 2 ore.", made once per seat and cards."""
    key = (p, *cards)
    text = _RECEIVES.get(key)
    if text is None:
        if len(_RECEIVES) >= _RECEIVES_BOUND:
            _RECEIVES.clear()
        text = _RECEIVES[key] = f"{P(p)} receives {cards_text(cards)}."
    return text


def after_production(s: State) -> None:
    """After a roll's production: the players owed gold picks choose them (the GOLD phase),
    then the turn goes on. Decision: the picks come from what the bank still holds; if it
    is empty, the rest is lost."""
    if not any(s.bank):
        s.owed = [0] * s.n
    s.phase = Phase.GOLD if any(s.owed) else Phase.MAIN
    s.ret = Phase.MAIN


def pick_gold(s: State, seat: int, res: str) -> list[tuple[str, Any]]:
    """A player owed a gold pick takes one resource of his choice from the bank ("can
    choose any 1 type of resource"); the game goes on once every pick is made or the bank
    is empty."""
    i = RI[res]
    s.hands[seat][i] += 1
    s.bank[i] -= 1
    s.owed[seat] -= 1
    ev = [(f"{P(seat)} takes 1 {RESOURCES[i]} from the gold field.", None)]
    if not any(s.bank):
        s.owed = [0] * s.n
    if not any(s.owed):
        s.phase = s.ret
    return ev
