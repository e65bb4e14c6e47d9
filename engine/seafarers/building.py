"""Building (catan-base.md, "A turn" 4: "Build: road (wood + brick), settlement (wood +
brick + wool + grain), city (3 ore + 2 grain, replacing a settlement), development card
(wool + grain + ore)"; seafarers.txt, "Boat building": "To build a ship costs 1 wool and
1 wood").

Where each piece may stand is facts.py's (the distance rule, ``route_ok``,
``settle_ok``); ships.py keeps the record of the ships built this turn, which may not
move. A development card is bought in development_cards.py.
"""

from __future__ import annotations

from typing import Any

from . import ships
from .facts import facts, pieces_left, put_building, put_route
from .hands import can_pay, pay
from .longest_route import update_longest
from .scenario_rules import rules_of
from .state import State
from .words import P, edge_name

COST: dict[str, tuple[int, int, int, int, int]] = {
    # wood, brick, wool, grain, ore
    "road": (1, 1, 0, 0, 0),
    "ship": (1, 0, 1, 0, 0),
    "settlement": (1, 1, 1, 1, 0),
    "city": (0, 0, 0, 2, 3),
    "dev": (0, 0, 1, 1, 1),
}


def buildable(s: State, seat: int) -> list[str]:
    """What the seat could build now, at its turn: paid for, a piece left, and a legal
    place on the board (a development card: one left in the deck)."""
    sf = facts(s).seat(s, seat)
    places = {"road": sf.roads, "ship": sf.ships, "settlement": sf.spots, "city": sf.cities}
    out: list[str] = []
    for kind in ("road", "ship", "settlement", "city", "dev"):
        if not can_pay(s, seat, COST[kind]):
            continue
        if kind == "dev":
            if s.deck:
                out.append(kind)
        elif pieces_left(s, seat, kind) and places[kind](s):
            out.append(kind)
    return out


def free_route_possible(s: State, seat: int) -> bool:
    """May the seat place a free road or ship anywhere (Road Building)?"""
    sf = facts(s).seat(s, seat)
    return bool((pieces_left(s, seat, "road") and sf.roads(s))
                or (pieces_left(s, seat, "ship") and sf.ships(s)))


def build_route(s: State, seat: int, kind: str, e: int) -> list[tuple[str, Any]]:
    """The seat pays for a road or a ship and places it on edge ``e``."""
    pay(s, seat, COST[kind])
    return place_route(s, seat, kind, e)


def place_route(s: State, seat: int, kind: str, e: int) -> list[tuple[str, Any]]:
    """A road or ship of the seat on edge ``e``, paid or free (Road Building): the
    scenario hears of it (Oceans discovers, a trade line forms), and the Longest Trade
    Route may change hands."""
    b = s.board
    put_route(s, e, [seat, kind])
    if kind == "ship":
        ships.ship_built(s, e)
    ev: list[tuple[str, Any]] = [(f"{P(seat)} builds a {kind} on {edge_name(b, e)}.", None)]
    ev.extend(rules_of(s).after_route(s, seat, e))
    ev.extend(update_longest(s, b, [seat]))
    return ev


def build_settlement(s: State, seat: int, c: int) -> list[tuple[str, Any]]:
    """The seat pays for a settlement and founds it at corner ``c``."""
    pay(s, seat, COST["settlement"])
    return settle(s, seat, c)


def settle(s: State, seat: int, c: int) -> list[tuple[str, Any]]:
    """A settlement of the seat at corner ``c`` after the founding phase: the scenario's
    special victory points, and the trade routes it breaks or joins."""
    b = s.board
    put_building(s, c, [seat, 1])
    ev: list[tuple[str, Any]] = [(f"{P(seat)} builds a settlement at {c + 1}.", None)]
    ev.extend(rules_of(s).after_settlement(s, seat, c, False))
    # a settlement breaks other players' routes through this corner, and joins the
    # owner's roads and ships here
    through = sorted({s.routes[e][0] for e in b.corner_edges[c] if s.routes[e] is not None})
    ev.extend(update_longest(s, b, through))
    return ev


def build_city(s: State, seat: int, c: int) -> list[tuple[str, Any]]:
    """The seat pays for a city, which replaces its settlement at corner ``c``."""
    pay(s, seat, COST["city"])
    put_building(s, c, [seat, 2])
    return [(f"{P(seat)} builds a city at {c + 1}.", None)]
