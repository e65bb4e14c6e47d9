"""Ships (seafarers.txt, "The Additional Rules for the building and use of ships"): where a
ship may be built is facts.py's (``route_ok``, ``SeatFacts.ships``: "A ship can only be
placed on a border line between 2 sea hexes or one between a sea hex and a coast line");
here, which ships may move, and moving one.

"Moving ships. Unlike roads, ships can be moved in accordance with the following rules:
Ships in a line, unbroken between 2 villages/cities, form a closed line of ships, and no
ships can be removed from such a line. A line of ships which does not connect 2
villages/cities, forms an open line. The foremost ship in such a line can be removed and
placed elsewhere. Only 1 ship can be moved each round. A ship cannot be built and moved in
the same round however." And of the pirate: "c) A ship can neither be placed at nor removed
from an intersection adjacent to the pirate ship."

- ``open_ships``: the foremost ship of each open line, not beside the pirate;
- ``may_move_ship``: the ship-once rule, both halves ("each round" is a player's turn);
- ``movable_ships``: the ships a seat may move now (both of the above);
- ``move_ship``: the move itself; ``ship_built`` and ``end_of_turn`` keep the record the
  ship-once rule reads (``State.ship_moved``, ``State.new_ships``).
"""

from __future__ import annotations

from typing import Any

from .facts import SeatFacts, facts, put_route
from .longest_route import update_longest
from .scenario_rules import rules_of
from .state import State
from .words import P, edge_name


def may_move_ship(s: State, e: int) -> bool:
    """The ship-once rule (seafarers.txt, "Moving ships"): "Only 1 ship can be moved each
    round. A ship cannot be built and moved in the same round however."

    A "round" of that translation is one player's turn (catan-base.md: "moving the last
    ship of an open line, one per turn, not a ship built this turn"): the ship on edge
    ``e`` may move only if no ship has been moved this turn (``s.ship_moved``) and it was
    not built this turn (``s.new_ships``, a ship of Road Building included)."""
    return not s.ship_moved and e not in s.new_ships


def open_ships(s: State, seat: int) -> list[int]:
    """The foremost ship of each open line of the seat, in the order of the edges: a ship
    one of whose ends has neither the seat's settlement or city nor another of its ships
    ("The foremost ship in such a line can be removed"; a line "unbroken between 2
    villages/cities" is closed), and not on an edge of the pirate's hex ("A ship can
    neither be placed at nor removed from an intersection adjacent to the pirate ship").
    A line that ends at another player's settlement is open (our decision, decisions.py)."""
    return list(facts(s).seats[seat].open(s))


def movable_ships(s: State, seat: int) -> list[int]:
    """The ships the seat may move now: its open ships that ``may_move_ship`` allows."""
    return movable_ships_of(s, facts(s).seats[seat])


def movable_ships_of(s: State, sf: SeatFacts) -> list[int]:
    """``movable_ships`` from the seat's facts, as the move list has them at hand."""
    return [e for e in sf.open(s) if may_move_ship(s, e)]


def move_ship(s: State, seat: int, e: int, to: int) -> list[tuple[str, Any]]:
    """The seat moves its ship from edge ``e`` to edge ``to`` (moves.py lists where it may
    go: a place a ship may be built on, joined to the seat's pieces without this ship).
    It counts as a ship placed for the scenario (Oceans discovers, a trade line forms),
    and it may lengthen or break the seat's trade route."""
    b = s.board
    put_route(s, e, None)
    put_route(s, to, [seat, "ship"])
    s.ship_moved = True
    ev = [(f"{P(seat)} moves a ship from {edge_name(b, e)} to {edge_name(b, to)}.", None)]
    ev.extend(rules_of(s).after_route(s, seat, to))
    ev.extend(update_longest(s, b, [seat]))
    return ev


def ship_built(s: State, e: int) -> None:
    """A ship was built on edge ``e`` this turn (paid or free): it may not move before the
    next turn (``may_move_ship``)."""
    s.new_ships.append(e)


def end_of_turn(s: State) -> None:
    """The turn ends: next turn a ship may move again, any ship (``may_move_ship``)."""
    s.new_ships = []
    s.ship_moved = False
