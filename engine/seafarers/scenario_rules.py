"""The scenarios a table plays (the values of the ``scenario`` option), each with its own
rules: seafarers.txt for the scenarios, catan-base.md for the base game.

A :class:`ScenarioRules` is data first, then a few hooks. The data:

- ``layouts``: the board for each player count. The data file has one layout per count
  where the rulebook prints two pictures ("Scenario 2. The four islands ... For 3 players";
  "Scenario 3 ... 4 players"); ``layout_for(n)`` picks it, and refuses a count the
  scenario does not play with a sentence naming the counts it plays (:class:`SetupRefused`:
  both an ``IllegalAction``, which the table's ``/game start`` answers with its sentence,
  and the ``ValueError`` the Game contract promises for setup).
- ``target``: victory points to win ("The game ends as soon as a player has reached ...").
- ``ships`` and ``pirate``: do ships and the pirate take part (the base game has neither);
  ``pieces(layout)`` gives the pieces per player (catan-base.md "Pieces", the data file's
  ``ships_per_player`` / ``cities_per_player``, no ships without ``ships``).
- ``start_ship``: the start settlement's road or ship ("may": a coastal one may take a
  ship, seafarers.txt "Founding phase"; "must_facing_islands": The Four Islands, a
  settlement at a coast facing other islands must take a ship; "never": no ships).
- ``island_vp``: the special victory points for settling islands (:class:`IslandVP`).
- ``lines``: the scenario's own lines of ``/game rules``.

The hooks, which the engine calls at fixed points (a later scenario overrides them in a
subclass; the defaults follow the data above):

- ``start_spots(s, seat)``: the hexes a start settlement may touch (rules.py / moves.py
  add the distance rule);
- ``start_routes(s, seat, c)``: the roads and ships the start settlement at ``c`` may take;
- ``after_settlement(s, seat, c, founding)``: events of a new settlement (special VP);
- ``after_route(s, seat, e)``: events of a road or ship built or moved (none yet);
- ``determinize(s, w, seat, rnd)``: re-deal the scenario's own hidden things in world ``w``
  (none yet);
- ``settle_bonus(s, seat, c)``: the special VP a settlement at ``c`` would bring the seat
  now (the AI heads for it).

State: ``s.special`` holds each seat's special VP chips, which the hooks maintain (they may
take chips back); ``s.homes`` and ``s.reached`` hold the islands of the island VP rule;
anything else a scenario needs goes in ``s.extra``, a JSON dict that belongs to the
scenario, so a new scenario needs no new state field and no schema change.

How the two scenarios of part 3 fit (not written yet):

- The Great Crossing (scenario 10): ``layouts = {4: "great_crossing_4p"}`` (3 players are
  refused at start by ``layout_for``); ``start_spots`` allows the second start settlement
  only on the island of the first ("Both of a player's start villages must be founded on
  only one (either one) of the islands"); ``start_ship = "must_facing_islands"``;
  ``after_route`` and ``after_settlement`` recompute the trade lines (kept in
  ``s.extra["lines"]``: each line's corners and holder) and set each seat's share of
  ``s.special`` from them, so that a line broken by a moved ship loses its chip ("Chips
  are lost if ships are removed ..."); ``target = 13`` (the text gives none, README).
- Greater Catan (scenario 11): ``pieces`` from the data (8 cities); ``deal`` leaves the
  outer islands without chips and puts the 7 chips of the bag in ``s.extra["bag"]``;
  ``after_route`` draws a chip with the state's RNG when a ship or road leads to a hex
  without one (what the bag holds is public, so ``determinize`` has nothing to hide);
  when the bag is empty, the choice of a main-island chip (rules a-c) is a phase of its
  own with its moves, listed and applied by two more hooks (``moves`` / ``play``), the
  way rules.py sends each phase to one function.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.core import IllegalAction

from .board import distance, place_name
from .scenarios import PIECES, layout
from .state import State


class SetupRefused(IllegalAction, ValueError):
    """A table the scenario cannot be set up for (a player count it does not play): a
    sentence for the players, raised by ``Game.setup`` before anything is dealt."""


@dataclass(frozen=True)
class IslandVP:
    """Special victory points for the first settlement on an island (seafarers.txt,
    "Special Victory points"). ``eligible``: "bonus", the islands the data marks
    ``bonus_island`` (New Shores' small islands), or "foreign", every island that is not
    one of the seat's home islands (those of its start settlements: The Four Islands).
    ``first``: the VP for the first such island a player settles; ``then``: for each
    further one (0: only the first counts). It does not matter who settled there before."""

    eligible: str
    first: int
    then: int


@dataclass(frozen=True, eq=False)
class ScenarioRules:
    id: str  # the value of the ``scenario`` option
    name: str  # as the players call it
    source: str  # where its rules are: "seafarers.txt scenarios 2-3"
    layouts: Mapping[int, str]  # player count -> layout id (scenarios.layout)
    target: int  # victory points to win
    ships: bool = True  # may ships be built at all
    pirate: bool = True  # is the pirate on the board
    start_ship: str = "may"  # "may" | "must_facing_islands" | "never"
    island_vp: IslandVP | None = None
    lines: tuple[str, ...] = field(default=())

    # -- data ---------------------------------------------------------------------------

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(sorted(self.layouts))

    def counts_text(self) -> str:
        return " or ".join(map(str, self.players))

    def layout_for(self, n: int) -> str:
        """The layout for ``n`` players; SetupRefused with the counts it plays."""
        try:
            return self.layouts[n]
        except KeyError:
            raise SetupRefused(
                f"{self.name} is played by {self.counts_text()} players, not {n}: "
                f"change the scenario or the table."
            ) from None

    def pieces(self, lid: str) -> dict[str, int]:
        """Pieces per player: the layout's (catan-base.md "Pieces", the data's ships and
        cities), with no ships where the scenario has none."""
        return _pieces(self, lid)

    def limits(self, lid: str) -> tuple[int, int, int, int]:
        """``pieces`` in the order settlement, city, road, ship (facts.KINDS)."""
        return _limits(self, lid)

    # -- hooks --------------------------------------------------------------------------

    def start_spots(self, s: State, seat: int) -> list[bool]:
        """Per hex: may a start settlement of ``seat`` touch it (the data's starting
        area: New Shores' main island, every island of The Four Islands)."""
        return list(_layout_info(s.layout).start)

    def start_routes(self, s: State, seat: int, c: int) -> list[tuple[str, int]]:
        """The (kind, edge) the start settlement at ``c`` may take: a road on a land edge;
        a ship on a sea edge where the scenario allows (catan-base.md "Setup"; seafarers.txt
        "Founding phase": "Whoever builds one of his 2 villages at the coast can place with
        it a ship instead of a road"). The Four Islands: a settlement at a coast facing
        other islands (a sea hex that is not the frame) must take a ship ("This applies only
        to coasts facing towards other islands, not those formed by edge tiles"); if the
        pirate blocks every such ship place, a road (never no route at all)."""
        b = s.board
        pirate = s.pirate
        roads, ships = [], []
        for e in b.corner_edges[c]:
            if s.routes[e] is not None:
                continue
            if b.edge_land[e]:
                roads.append(("road", e))
            if (self.start_ship != "never" and b.edge_sea[e]
                    and not (pirate is not None and pirate in b.edge_hexes[e])):
                ships.append(("ship", e))
        if self.start_ship == "must_facing_islands" and ships and self.faces_islands(s, c):
            return ships
        return sorted(roads + ships, key=lambda ke: (ke[1], ke[0] != "road"))

    def faces_islands(self, s: State, c: int) -> bool:
        """Is corner ``c`` at a coast facing other islands: does it touch a sea hex that is
        not a frame hex?"""
        frame = layout(s.layout).frame
        return any(s.terrain[h] == "sea" and not frame[h] for h in s.board.corner_hexes[c])

    def after_settlement(
        self, s: State, seat: int, c: int, founding: bool
    ) -> list[tuple[str, Any]]:
        """A start settlement makes its island one of the seat's homes; a later one may
        earn the island's special VP (``island_vp``)."""
        island = island_at(s, c)
        if island is None:
            return []
        if founding:
            if island not in s.homes[seat]:
                s.homes[seat].append(island)
            return []
        rule = self.island_vp
        if rule is None or not self._eligible(s, seat, island):
            return []
        vp = rule.first if not s.reached[seat] else rule.then
        s.reached[seat].append(island)
        if not vp:
            return []
        s.special[seat] += vp
        what = "a small island" if rule.eligible == "bonus" else "a foreign island"
        points = "a special victory point" if vp == 1 else f"{vp} special victory points"
        return [(f"{{p{seat}}} reaches {what} and earns {points}.", None)]

    def after_route(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        """A road or ship was built or moved to ``e`` (no scenario of ours reacts yet)."""
        return []

    def determinize(self, s: State, w: State, seat: int | None, rnd: random.Random) -> None:
        """Re-deal in world ``w`` what the scenario hides from ``seat`` (nothing yet)."""

    def settle_bonus(self, s: State, seat: int, c: int) -> int:
        """The special VP a settlement of ``seat`` at ``c`` would earn now."""
        rule = self.island_vp
        if rule is None:
            return 0
        island = island_at(s, c)
        if island is None or not self._eligible(s, seat, island):
            return 0
        return rule.first if not s.reached[seat] else rule.then

    def _eligible(self, s: State, seat: int, island: int) -> bool:
        rule = self.island_vp
        if rule is None or island in s.reached[seat]:
            return False
        if rule.eligible == "bonus":
            return island in _layout_info(s.layout).bonus
        return island not in s.homes[seat]

    def pirate_start(self, lid: str) -> int | None:
        """The hex the pirate starts on (seafarers.txt: "The pirate ship starts on any sea
        hex, in the middle of that hex"), or None without a pirate. The data gives no hex,
        so our decision: the sea hex inside the frame farthest from the start area (the
        hexes start settlements may touch); among equals, the one farthest from any land,
        then the first in reading order. It is fixed by the layout, so every game of a
        scenario starts with the pirate in the same place."""
        if not self.pirate:
            return None
        return _pirate_start(lid)


def pirate_start_text(rules: ScenarioRules) -> str:
    """Where the pirate starts, by the hex names of the board image ("C7"; per player
    count where the boards differ)."""
    names = {}
    for n in rules.players:
        lid = rules.layout_for(n)
        h = rules.pirate_start(lid)
        if h is not None:
            names[n] = place_name(*layout(lid).positions[h])
    if len(set(names.values())) <= 1:
        return next(iter(names.values()), "")
    return ", ".join(f"{name} with {n} players" for n, name in names.items())


def island_at(s: State, c: int) -> int | None:
    """The island (the data's landmass id) of corner ``c``, or None at open sea."""
    islands = layout(s.layout).islands
    for h in s.board.corner_hexes[c]:
        if islands[h] is not None:
            return islands[h]
    return None


@dataclass(frozen=True)
class _Info:
    start: tuple[bool, ...]  # per hex: in the start area
    bonus: frozenset[int]  # the islands marked bonus_island


@lru_cache(maxsize=32)
def _layout_info(lid: str) -> _Info:
    sc = layout(lid)
    return _Info(
        start=tuple(bool(h.get("starting_area")) for h in sc.hexes),
        bonus=frozenset(h["bonus_island"] for h in sc.hexes if h.get("bonus_island")),
    )


@lru_cache(maxsize=32)
def _pirate_start(lid: str) -> int | None:
    sc = layout(lid)
    pos = sc.positions
    start = [pos[i] for i, h in enumerate(sc.hexes) if h.get("starting_area")]
    land = [pos[i] for i, h in enumerate(sc.hexes) if h["kind"] not in ("sea", "harbour")]
    seas = [i for i, h in enumerate(sc.hexes)
            if h["kind"] in ("sea", "harbour") and not h.get("frame")]
    if not seas:  # a board with no sea inside its frame: the frame's first sea hex
        seas = [i for i, h in enumerate(sc.hexes) if h["kind"] in ("sea", "harbour")]
    if not seas:
        return None

    def far(i: int) -> tuple[int, int, int]:
        return (min((distance(pos[i], x) for x in start), default=0),
                min((distance(pos[i], x) for x in land), default=0), -i)

    return max(seas, key=far)


@lru_cache(maxsize=64)
def _pieces(rules: ScenarioRules, lid: str) -> dict[str, int]:
    p = layout(lid).pieces
    return {**p, "ship": p["ship"] if rules.ships else 0}


@lru_cache(maxsize=64)
def _limits(rules: ScenarioRules, lid: str) -> tuple[int, int, int, int]:
    p = _pieces(rules, lid)
    return p["settlement"], p["city"], p["road"], p["ship"]


CLASSIC = ScenarioRules(
    id="classic",
    name="Classic Catan",
    source="catan-base.md",
    layouts={3: "classic", 4: "classic"},
    target=10,
    ships=False,
    pirate=False,
    start_ship="never",
    lines=(
        "The base game alone: the 19-hex island dealt at random (the number spiral; 6s and "
        "8s never touch) in its frame of sea, with the 9 harbours (4 generic 3:1, the 5 "
        "special 2:1) shuffled onto the frame's harbour places.",
        "No ships and no pirate: the base game has neither, and the frame holds nothing "
        "to sail to (our decision). A 7 or a knight moves the robber; it starts on the "
        "desert.",
        "First to 10 victory points on their own turn wins.",
    ),
)

NEW_SHORES = ScenarioRules(
    id="new_shores",
    name="New Shores",
    source="seafarers.txt scenario 1",
    layouts={3: "new_shores", 4: "new_shores"},
    target=13,
    island_vp=IslandVP("bonus", 1, 0),
    lines=(
        "Start settlements on the main island only; the main island is dealt at random "
        "with the base game's number spiral (6s and 8s never touch); the robber starts "
        "on the desert.",
        "A coastal start settlement may take a ship instead of its road.",
        "Special victory point: once per player, for the first settlement on any small "
        "island, whoever settled there before.",
        "New Shores has 8 sea hexes outside the main island's ring instead of the "
        "rulebook's 10 (the layout data; the count differs by how the frame is counted).",
        "First to 13 victory points on their own turn wins.",
    ),
)

FOUR_ISLANDS = ScenarioRules(
    id="four_islands",
    name="The Four Islands",
    source="seafarers.txt scenarios 2-3",
    layouts={3: "four_islands_3p", 4: "four_islands_4p"},
    target=12,
    start_ship="must_facing_islands",
    island_vp=IslandVP("foreign", 1, 2),
    lines=(
        "The board of the rulebook's picture for the table's count (3 or 4 players): four "
        "islands, every hex and number printed in place; the harbours are shuffled onto "
        "their places.",
        "Start settlements on any islands: the islands of your start settlements (1 or 2) "
        "are your home islands, the others are foreign.",
        "A start settlement at a coast facing other islands must take a ship instead of "
        "a road; at a coast facing only the frame, a road or a ship.",
        "Special victory points: 1 for your first settlement on the first foreign island "
        "you settle, 2 for your first settlement on each other foreign island, whoever "
        "settled there before.",
        "There is no desert: the robber stays off the board until the first 7 or knight "
        "moves it (our decision; the rulebook gives it no start).",
        "First to 12 victory points on their own turn wins.",
    ),
)

#: the scenarios a table may pick, in the rulebook's order (the base game first)
SCENARIOS: dict[str, ScenarioRules] = {r.id: r for r in (CLASSIC, NEW_SHORES, FOUR_ISLANDS)}
#: the option's default: the standard game of Seafarers
DEFAULT = "new_shores"


def rules_of(s: State) -> ScenarioRules:
    """The rules of the state's scenario."""
    return SCENARIOS[s.scenario]


def scenario_rules(sid: str) -> ScenarioRules:
    try:
        return SCENARIOS[sid]
    except KeyError:
        raise ValueError(
            f"Unknown scenario {sid!r}; they are: {', '.join(SCENARIOS)}.") from None


__all__ = ["CLASSIC", "DEFAULT", "FOUR_ISLANDS", "NEW_SHORES", "PIECES", "SCENARIOS",
           "IslandVP", "ScenarioRules", "SetupRefused", "island_at", "pirate_start_text",
           "rules_of", "scenario_rules"]
