"""A 7, the robber and the pirate (catan-base.md, "Seven and the robber": "On a 7: no
production. Every player with more than 7 resource cards discards half, rounded down, of
his choice. The roller moves the robber to another hex and steals one random resource card
from a player with a settlement or city on that hex"; seafarers.txt, "The Sea-thief
(Pirate ship)": "a) If a player throws a 7, he can choose whether to move the thief or the
pirate ship. If he moves the pirate ship he can steal from the owners of neighbouring
ships. b) If a player plays a knight card, he again has the same choice.").

The order of a 7: ``seven_is_rolled`` (who owes a discard), ``discard`` card by card (all
at once), ``move_robber`` or ``move_pirate``, then ``steal`` if more than one player may
be robbed. Where the pirate may go and who may be robbed is listed by moves.py.
"""

from __future__ import annotations

from typing import Any

from .board import RESOURCES
from .chance import draw
from .facts import put_pirate
from .hands import RI, n_cards
from .state import Phase, State
from .words import P, hex_name


def seven_is_rolled(s: State) -> None:
    """A 7: nobody produces; each player with more than 7 cards owes half of them, rounded
    down (the DISCARD phase, all at once), then the roller moves the robber or the pirate."""
    for p in range(s.n):
        k = n_cards(s, p)
        s.owed[p] = k // 2 if k > 7 else 0
    s.ret = Phase.MAIN
    s.phase = Phase.DISCARD if any(s.owed) else Phase.ROBBER


def discard(s: State, seat: int, res: str) -> list[tuple[str, Any]]:
    """One card of the seat's choice back to the bank; once nobody owes any, the robber
    moves."""
    i = RI[res]
    s.hands[seat][i] -= 1
    s.bank[i] += 1
    s.owed[seat] -= 1
    ev = []
    if s.owed[seat] == 0:
        ev.append((f"{P(seat)} has discarded.", None))
    if not any(s.owed):
        s.phase = Phase.ROBBER
    return ev


def victims_at(s: State, seat: int, kind: str, h: int) -> tuple[int, ...]:
    """Whom moving the robber (``kind`` "robber") or the pirate to hex ``h`` lets ``seat``
    rob, in seat order: the other players with a settlement or city at its corners (the
    pirate: a ship on its edges) who hold a card."""
    b = s.board
    if kind == "robber":
        owners = {s.buildings[c][0] for c in b.hex_corners[h] if s.buildings[c] is not None}
    else:
        owners = {s.routes[e][0] for e in b.hex_edges[h]
                  if s.routes[e] is not None and s.routes[e][1] == "ship"}
    return tuple(sorted(p for p in owners if p != seat and n_cards(s, p) > 0))


def move_robber(s: State, seat: int, h: int) -> list[tuple[str, Any]]:
    """The robber goes to land hex ``h`` (it produces nothing while there) and the seat
    robs a player there."""
    s.robber = h
    ev = [(f"{P(seat)} moves the robber to {hex_name(s, h)}.", None)]
    return ev + _rob(s, seat, "robber", h)


def move_pirate(s: State, seat: int, h: int) -> list[tuple[str, Any]]:
    """The pirate goes to sea hex ``h`` (no ship may be built on its edges, nor moved to
    or from them) and the seat robs a player with a ship there."""
    put_pirate(s, h)
    ev = [(f"{P(seat)} moves the pirate to {hex_name(s, h)}.", None)]
    return ev + _rob(s, seat, "pirate", h)


def _rob(s: State, seat: int, kind: str, h: int) -> list[tuple[str, Any]]:
    """Whom the move lets the seat rob: one is robbed at once, several are the seat's
    choice (the STEAL phase), nobody ends the 7 or the knight."""
    s.victims = list(victims_at(s, seat, kind, h))
    if len(s.victims) == 1:
        ev = steal(s, seat, s.victims[0])
        s.phase = s.ret
        return ev
    s.phase = Phase.STEAL if s.victims else s.ret
    return []


def rob_chosen(s: State, seat: int, victim: int) -> list[tuple[str, Any]]:
    """The seat robs the player it chose among several (the STEAL phase); the 7 or the
    knight is then done."""
    ev = steal(s, seat, victim)
    s.phase = s.ret
    return ev


def steal(s: State, seat: int, victim: int) -> list[tuple[str, Any]]:
    """The seat takes one of the victim's cards at random; only the two of them learn
    which."""
    pool = [i for i in range(5) for _ in range(s.hands[victim][i])]
    i = pool[draw(s).randrange(len(pool))]
    s.hands[victim][i] -= 1
    s.hands[seat][i] += 1
    return [
        (f"{P(seat)} steals a card from {P(victim)}.", None),
        (f"{P(seat)} stole 1 {RESOURCES[i]} from {P(victim)}.", frozenset({seat, victim})),
    ]
