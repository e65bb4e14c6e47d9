"""Development cards (catan-base.md, "Development cards (25)": "14 knights, 5 victory
points, 2 road building, 2 year of plenty, 2 monopoly. At most one development card played
per turn, never one bought this turn (victory point cards are revealed when they win the
game, and may be kept hidden till then). Knight: move the robber and steal, as on a 7. Road
building: two free roads. Year of plenty: two resources of choice from the bank. Monopoly:
name a resource; every other player gives you all of theirs."; seafarers.txt, "Road
building development card. Allows you to build a) 2 roads or b) 2 ships or c) 1 road and 1
ship", and "b) If a player plays a knight card, he again has the same choice" of the robber
or the pirate).

Which cards may be played now is moves.py's (``_dev_moves``: one a turn, never one bought
this turn, never a Victory Point card); the Largest Army is here (``count_knight``).
"""

from __future__ import annotations

from typing import Any

from .board import RESOURCES
from .building import COST, free_route_possible, place_route
from .hands import RI, pay
from .state import Phase, State
from .words import P

DEV_NAMES = {
    "knight": "Knight",
    "victory_point": "Victory Point",
    "road_building": "Road Building",
    "plenty": "Year of Plenty",
    "monopoly": "Monopoly",
}


def buy_development_card(s: State, seat: int) -> list[tuple[str, Any]]:
    """The seat pays wool, grain and ore and draws the top card; only it learns which, and
    it may not play it this turn."""
    pay(s, seat, COST["dev"])
    card = s.deck.pop()
    s.devs[seat].append(card)
    s.devs[seat].sort()
    s.new_devs[seat].append(card)
    return [
        (f"{P(seat)} buys a development card.", None),
        (f"You bought: {DEV_NAMES[card]}.", frozenset({seat})),
    ]


def play_development_card(s: State, seat: int, card: str,
                          res: str | None = None) -> list[tuple[str, Any]]:
    """The seat plays ``card`` (``res``: the resource a Monopoly names), before or after
    its roll: the phase it was played in comes back once the card is done."""
    s.devs[seat].remove(card)
    s.dev_played = True
    ev: list[tuple[str, Any]] = [(f"{P(seat)} plays {DEV_NAMES[card]}.", None)]
    back = s.phase
    if card == "knight":
        ev.extend(count_knight(s, seat))
        s.ret, s.phase = back, Phase.ROBBER
    elif card == "road_building":
        _road_building(s, seat, back)
    elif card == "plenty":
        _year_of_plenty(s, back)
    elif card == "monopoly":
        ev.append(monopoly(s, seat, res))
    return ev


def count_knight(s: State, seat: int) -> list[tuple[str, Any]]:
    """A knight played (catan-base.md, "Largest army: the first to play 3 knights; taken
    over by whoever then plays more. 2 VP")."""
    s.knights[seat] += 1
    k = s.knights[seat]
    holder = s.army
    if k >= 3 and (holder is None or k > s.knights[holder]) and holder != seat:
        s.army = seat
        return [(f"{P(seat)} takes the Largest Army ({k} knights).", None)]
    return []


def _road_building(s: State, seat: int, back: str) -> None:
    """Two free roads or ships, placed one at a time (``place_free_route``); none if the
    seat has no place for one."""
    s.free = 2
    s.ret, s.phase = back, Phase.FREE_ROUTES
    if not free_route_possible(s, seat):
        s.free = 0
        s.phase = back


def _year_of_plenty(s: State, back: str) -> None:
    """Two resources of choice, taken one at a time (``take_plenty``); none from an empty
    bank."""
    s.free = 2
    s.ret, s.phase = back, Phase.PLENTY
    if not any(s.bank):
        s.free, s.phase = 0, back


def monopoly(s: State, seat: int, res: str | None) -> tuple[str, Any]:
    """Every other player gives the seat all his cards of ``res``."""
    i = RI[res]
    took = 0
    for p in range(s.n):
        if p != seat:
            took += s.hands[p][i]
            s.hands[seat][i] += s.hands[p][i]
            s.hands[p][i] = 0
    return (f"{P(seat)} takes all {RESOURCES[i]}: {took} card(s).", None)


def place_free_route(s: State, seat: int, kind: str, e: int | None) -> list[tuple[str, Any]]:
    """One free road or ship of Road Building on edge ``e``; the card is done after the
    second. Decision: the player may stop early (``kind`` "stop"), and with no place left
    for one the rest is lost."""
    ev: list[tuple[str, Any]] = []
    if kind == "stop":
        s.free = 0
    else:
        ev.extend(place_route(s, seat, kind, e))
        s.free -= 1
    if s.free > 0 and not free_route_possible(s, seat):
        s.free = 0
    if s.free == 0:
        s.phase = s.ret
    return ev


def take_plenty(s: State, seat: int, res: str) -> list[tuple[str, Any]]:
    """One resource of the seat's choice from the bank (Year of Plenty); the card is done
    after the second. Decision: only what the bank still holds can be taken; with the bank
    empty, the rest is lost."""
    i = RI[res]
    s.hands[seat][i] += 1
    s.bank[i] -= 1
    s.free -= 1
    ev = [(f"{P(seat)} takes 1 {RESOURCES[i]} (Year of Plenty).", None)]
    if s.free == 0 or not any(s.bank):
        s.free = 0
        s.phase = s.ret
    return ev


def end_of_turn(s: State, seat: int) -> None:
    """The turn ends: the cards the seat bought may be played from its next turn, and a
    card may be played again."""
    s.new_devs[seat] = []
    s.dev_played = False
