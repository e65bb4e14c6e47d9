"""The state of a game of Seafarers: plain lists indexed by the board's hex, corner and edge
numbers (see board.py), with a JSON dump carrying a schema version and a fast clone.

Resources are counted in lists of five in the order of ``board.RESOURCES`` (wood, brick,
wool, grain, ore). The board's topology is not stored: it follows from the scenario and
the dealt terrains (``board_for`` caches it).
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core import json_copy

from .board import Board, board_for
from .scenarios import scenario

SCHEMA = 1

SETUP_SETTLE, SETUP_ROUTE = "setup_settlement", "setup_route"
ROLL, MAIN, DISCARD, ROBBER, STEAL, GOLD = "roll", "main", "discard", "robber", "steal", "gold"
FREE_ROUTES, PLENTY = "free_routes", "plenty"
COMPOSE, ANSWER, CONFIRM = "offer", "answers", "confirm"
OVER = "over"

#: bank: 19 of each resource (catan-base.md)
BANK_EACH = 19
#: the 25 development cards (catan-base.md)
DEV_DECK: dict[str, int] = {
    "knight": 14,
    "victory_point": 5,
    "road_building": 2,
    "plenty": 2,
    "monopoly": 2,
}


@dataclass(slots=True)
class State:
    seed: str
    n: int
    scenario: str = "new_shores"
    target: int = 13
    round_limit: int = 100
    counter: int = 0
    terrain: list[str] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    harbours: list[list[Any]] = field(default_factory=list)  # [hex, type, corner, corner]
    robber: int | None = None
    pirate: int | None = None
    buildings: list[Any] = field(default_factory=list)  # per corner: None or [seat, 1|2]
    routes: list[Any] = field(default_factory=list)  # per edge: None or [seat, "road"|"ship"]
    new_ships: list[int] = field(default_factory=list)  # ships built this turn
    ship_moved: bool = False
    hands: list[list[int]] = field(default_factory=list)
    bank: list[int] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # development cards; top = end
    devs: list[list[str]] = field(default_factory=list)  # unplayed, per seat (sorted)
    new_devs: list[list[str]] = field(default_factory=list)  # bought this turn
    dev_played: bool = False
    knights: list[int] = field(default_factory=list)
    army: int | None = None
    road_holder: int | None = None
    road_len: list[int] = field(default_factory=list)
    special: list[int] = field(default_factory=list)  # special VP chips per seat
    turn: int = 0
    round: int = 1
    phase: str = SETUP_SETTLE
    ret: str = MAIN  # where the robber, a steal or gold choices return to
    setup_step: int = 0
    last_settlement: int | None = None
    owed: list[int] = field(default_factory=list)  # cards to discard / gold picks per seat
    free: int = 0  # free roads/ships (road building) or resources (year of plenty) left
    victims: list[int] = field(default_factory=list)
    offer: dict[str, Any] | None = None
    offers_made: int = 0
    dice: list[int] | None = None
    log: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    #: the Board of this layout, looked up once (not part of the dump)
    cached_board: Board | None = field(default=None, repr=False, compare=False)
    #: facts.Facts of the pieces on the board (not part of the dump; checked before use)
    cached_facts: Any = field(default=None, repr=False, compare=False)
    #: (seat, moves) of the last legal_actions call, dropped by the next apply: a move the
    #: engine has just listed for this state needs no second check (not part of the dump)
    cached_legal: Any = field(default=None, repr=False, compare=False)

    @property
    def board(self) -> Board:
        b = self.cached_board
        if b is None:
            b = board_for(scenario(self.scenario).positions, tuple(self.terrain))
            self.cached_board = b
        return b


_FIELDS = tuple(f.name for f in fields(State) if not f.name.startswith("cached_"))


def clone(s: State) -> State:
    # the fields are plain data (lists, dicts, str, int): pickle copies them fastest
    w = State(**pickle.loads(pickle.dumps({name: getattr(s, name) for name in _FIELDS}, -1)))
    w.cached_board = s.cached_board
    # the facts only ever describe equal pieces: facts() checks them against w's own
    w.cached_facts = s.cached_facts
    return w


def dump(s: State) -> dict[str, Any]:
    data = pickle.loads(pickle.dumps({name: getattr(s, name) for name in _FIELDS}, -1))
    return {"schema": SCHEMA, **data}


def load(data: Mapping[str, Any]) -> State:
    if data.get("schema") != SCHEMA:
        raise ValueError(f"Unknown Seafarers save schema {data.get('schema')!r}.")
    return State(**{name: json_copy(data[name]) for name in _FIELDS})
