"""The state of a game of Seafarers: plain lists indexed by the board's hex, corner and edge
numbers (see board.py), with a JSON dump carrying a schema version and a fast clone.

Resources are counted in lists of five in the order of ``board.RESOURCES`` (wood, brick,
wool, grain, ore). The board's topology is not stored: it follows from the layout and
the dealt terrains (``board_for`` caches it).

Schema history: 1, New Shores only (``scenario`` named the layout too). 2 adds ``layout``
(the scenario's board for the player count), ``homes`` and ``reached`` (the islands of the
special-VP rules) and ``extra`` (data of a scenario's own); :func:`load` upgrades a
schema-1 dump (a New Shores game) to it. 3 (issue 22, "Formalities hold everyone") adds
``house_rule`` (the seats whose answers to trade offers the house rule makes, offers.py) and
drops the phases in which the game waited for every answer to an offer ("answers") and then
for the offerer's choice ("confirm"): a sent offer stays open in the main phase. A schema-2
dump loads with nobody under the house rule, and an offer it was waiting on open in the
main phase, its answers so far kept.
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core import Saved, json_copy

from .board import Board, board_for
from .scenarios import layout

SCHEMA = 3


class Phase:
    """What the game waits for (``State.phase``), as stored in a dump."""

    #: New World: the players place the harbours, one at a time, before the founding phase
    HARBOURS = "harbours"
    SETUP_SETTLE, SETUP_ROUTE = "setup_settlement", "setup_route"
    ROLL, MAIN, DISCARD, ROBBER, STEAL, GOLD = "roll", "main", "discard", "robber", "steal", "gold"
    FREE_ROUTES, PLENTY = "free_routes", "plenty"
    #: COMPOSE: the player on turn puts an offer together (offers.py); ANSWER and CONFIRM
    #: are the phases of schema 2 in which the game waited for every answer, then for the
    #: offerer (read only by load, which upgrades them)
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
    seed: str  # the table's seed: every draw is rng(seed, counter)
    n: int  # players
    scenario: str = "new_shores"  # the scenario option's value (scenario_rules.SCENARIOS)
    target: int = 13  # victory points to win
    round_limit: int = 100  # the game ends after this round at the latest
    counter: int = 0  # draws made from the seed so far
    layout: str = "new_shores"  # the layout of the scenario for n players (scenarios.layout)
    terrain: list[str] = field(default_factory=list)  # per hex: terrain or "sea"
    chips: list[int] = field(default_factory=list)  # per hex: number chip, 0 = none
    harbours: list[list[Any]] = field(default_factory=list)  # [hex, type, corner, corner]
    robber: int | None = None  # the robber's hex (None: off the board)
    pirate: int | None = None  # the pirate's hex (None: off the board / no pirate)
    buildings: list[Any] = field(default_factory=list)  # per corner: None or [seat, 1|2]
    routes: list[Any] = field(default_factory=list)  # per edge: None or [seat, "road"|"ship"]
    new_ships: list[int] = field(default_factory=list)  # ships built this turn
    ship_moved: bool = False  # a ship was moved this turn
    hands: list[list[int]] = field(default_factory=list)  # per seat: resource counts
    bank: list[int] = field(default_factory=list)  # resource counts left in the bank
    deck: list[str] = field(default_factory=list)  # development cards; top = end
    devs: list[list[str]] = field(default_factory=list)  # unplayed, per seat (sorted)
    new_devs: list[list[str]] = field(default_factory=list)  # bought this turn
    dev_played: bool = False  # a development card was played this turn
    knights: list[int] = field(default_factory=list)  # per seat: knights played
    army: int | None = None  # holder of the Largest Army
    road_holder: int | None = None  # holder of the Longest Trade Route
    road_len: list[int] = field(default_factory=list)  # per seat: longest route
    special: list[int] = field(default_factory=list)  # special VP chips per seat
    #: per seat: the islands (the data's landmass ids) of its start settlements
    homes: list[list[int]] = field(default_factory=list)
    #: per seat: the islands that counted for the scenario's island VP, in order settled
    reached: list[list[int]] = field(default_factory=list)
    #: data of the scenario's own (scenario_rules/; JSON; empty for ours)
    extra: dict[str, Any] = field(default_factory=dict)
    turn: int = 0  # the seat on turn
    round: int = 1  # the round, from 1
    phase: str = Phase.SETUP_SETTLE  # what the game waits for (a Phase)
    ret: str = Phase.MAIN  # where the robber, a steal or gold choices return to
    setup_step: int = 0  # start placements done (snake order)
    last_settlement: int | None = None  # the start settlement awaiting its road or ship
    owed: list[int] = field(default_factory=list)  # cards to discard / gold picks per seat
    free: int = 0  # free roads/ships (road building) or resources (year of plenty) left
    victims: list[int] = field(default_factory=list)  # whom the robber/pirate may rob
    offer: dict[str, Any] | None = None  # the trade offer on the table (offers.py)
    offers_made: int = 0  # trade offers made this turn
    #: per seat: True while the house rule answers trade offers for it (offers.py), set or
    #: cleared each time it ends a turn ("end_auto" or "end")
    house_rule: list[bool] = field(default_factory=list)
    dice: list[int] | None = None  # this turn's roll
    log: list[str] = field(default_factory=list)  # the last public events
    result: dict[str, Any] | None = None  # winners, scores and reason, once over
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
            b = board_for(layout(self.layout).positions, tuple(self.terrain),
                          (tuple(self.chips), tuple(tuple(h) for h in self.harbours)))
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


def _upgrade_2(data: dict[str, Any]) -> dict[str, Any]:
    """A game saved while an offer waited for every answer ("answers") or for the offerer
    ("confirm"): the offer stays open in the main phase with the answers given so far (a
    counter-offer being put together included); nobody is under the house rule until they
    end a turn so."""
    phase = data["phase"]
    return {**data, "schema": 3, "house_rule": [False] * int(data["n"]),
            "phase": Phase.MAIN if phase in (Phase.ANSWER, Phase.CONFIRM) else phase}


def _upgrade_1(data: dict[str, Any]) -> dict[str, Any]:
    s = _from_schema_1(data)
    return {"schema": 2, **{name: getattr(s, name) for name in _FIELDS if name != "house_rule"}}


def _from_schema_1(data: Mapping[str, Any]) -> State:
    """A New Shores game saved before the scenarios: its layout is "new_shores"; its homes
    are the main island where it has start settlements, and its special VP chip (at most
    one) stands for a small island it has settled (the first of them in corner order: with
    one chip per player, which one does not change the score)."""
    fields_1 = [name for name in _FIELDS
                if name not in ("layout", "homes", "reached", "extra", "house_rule")]
    s = State(**{name: json_copy(data[name]) for name in fields_1})
    s.layout = s.scenario
    sc = layout(s.layout)
    b = s.board
    main = {sc.islands[i] for i, h in enumerate(sc.hexes) if h.get("starting_area")}
    bonus = {sc.islands[i] for i, h in enumerate(sc.hexes) if h.get("bonus_island")}
    s.homes = [[] for _ in range(s.n)]
    s.reached = [[] for _ in range(s.n)]
    for c, bl in enumerate(s.buildings):
        if bl is None:
            continue
        island = next((sc.islands[h] for h in b.corner_hexes[c]
                       if sc.islands[h] is not None), None)
        seat = bl[0]
        if island in main and island not in s.homes[seat]:
            s.homes[seat].append(island)
        elif (island in bonus and s.special[seat] and island not in s.reached[seat]
              and not s.reached[seat]):
            s.reached[seat].append(island)
    s.extra = {}
    return s


SAVED = Saved(State, SCHEMA, "Seafarers", _FIELDS, {1: _upgrade_1, 2: _upgrade_2})
