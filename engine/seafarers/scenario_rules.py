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

- ``deal(lid, rnd)``: lay out the board (scenarios.deal: the main island at random, fixed
  hexes as printed, harbours shuffled onto their places);
- ``prepare(s, draw)``: anything else of the scenario's own before the founding phase
  (Oceans' face-down stacks), drawing randomness only through ``draw()`` so that the
  other scenarios' games do not change;
- ``start_spots(s, seat)``: the hexes a start settlement may touch (rules.py / moves.py
  add the distance rule);
- ``start_routes(s, seat, c)``: the roads and ships the start settlement at ``c`` may take;
- ``after_settlement(s, seat, c, founding)``: events of a new settlement (special VP);
- ``after_route(s, seat, e)``: events of a road or ship built or moved (Oceans turns the
  face-down tiles it reaches; a hook that changes terrains or chips drops the state's
  cached board and facts, which follow from them);
- ``determinize(s, w, seat, rnd)``: re-deal the scenario's own hidden things in world ``w``
  (Oceans: the order of the face-down stacks);
- ``settle_bonus(s, seat, c)``: the special VP a settlement at ``c`` would bring the seat
  now (the AI heads for it);
- ``harbour_places(s)`` and ``place_harbour(s, seat, e)``: the moves of the HARBOURS phase
  (New World: the players place the harbours before the founding phase; moves.py lists
  them as "harbour" moves, rules.py applies them here);
- ``pirate_words()``: where the pirate starts, for ``/game rules``.

State: ``s.special`` holds each seat's special VP chips, which the hooks maintain (they may
take chips back); ``s.homes`` and ``s.reached`` hold the islands of the island VP rule;
anything else a scenario needs goes in ``s.extra``, a JSON dict that belongs to the
scenario, so a new scenario needs no new state field and no schema change.

A phase of the scenario's own (Greater Catan's chip taken from the main island) goes
through six more hooks, so that rules.py, moves.py and view.py need only one call each for
any such phase: ``after_move(s, seat)`` (game.py, after each move of a game whose
``s.extra`` holds anything: the phase may begin here, whatever phase the move left),
``phase_moves`` / ``move_label`` (moves.py), ``play_phase`` (rules.py), ``pending_words``
(view.py), ``ai_move`` (ai.py). ``view_keys`` adds the scenario's public keys to the view,
and ``unknown_chip_pips`` tells the AI what a hex without its chip yet promises.

The two scenarios of part 3:

- The Great Crossing (scenario 10, :class:`GreatCrossing`): ``start_spots`` puts the second
  start settlement on the island of the first; ``after_route`` and ``after_settlement``
  work the trade lines out again (trade_lines.py) into ``s.extra["lines"]`` and set each
  seat's ``s.special`` to the chips it holds, so that a line broken by a moved ship loses
  its chip at once; 13 VP (the text gives none); one generic harbour fewer than the data
  (scenarios.DROPPED_HARBOURS).
- Greater Catan (scenario 11, :class:`GreaterCatan`): ``deal`` leaves the small islands
  without chips; ``prepare`` fills the bag (chip_bag.py); ``after_route`` draws from it
  for a hex without a chip that a road or ship leads to; once it is empty, ``after_move``
  begins the CHIP phase in which the player picks the main-island chip (rules a-c);
  ``determinize`` shuffles the bag again (its order is hidden; what it holds is public).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.core import Action, IllegalAction

from . import chip_bag, trade_lines
from .board import (
    DIRS,
    LAND,
    RESOURCE_OF,
    RESOURCES,
    TERRAIN_WORDS,
    distance,
    place_name,
)
from .scenarios import HARBOUR_TYPES, PIECES, Layout, deal, layout, red_chips_touch
from .state import HARBOURS, SETUP_SETTLE, State


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

    def deal(self, lid: str, rnd: random.Random) -> Layout:
        """The board laid out (scenarios.deal)."""
        return deal(lid, rnd)

    def prepare(self, s: State, draw: Callable[[], random.Random]) -> None:
        """The scenario's own things before the founding phase (none by default)."""

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
        what = self.reach_words(s, island)
        points = "a special victory point" if vp == 1 else f"{vp} special victory points"
        return [(f"{{p{seat}}} reaches {what} and earns {points}.", None)]

    def reach_words(self, s: State, island: int) -> str:
        """How the event of an island's special VP names the island ("a small island")."""
        rule = self.island_vp
        return "a small island" if rule is not None and rule.eligible == "bonus" else (
            "a foreign island")

    def after_route(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        """A road or ship was built or moved to ``e`` (nothing happens by default)."""
        return []

    def harbour_places(self, s: State) -> list[int]:
        """The edges a harbour may be placed on in the HARBOURS phase (only New World has
        that phase)."""
        return []

    def place_harbour(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        raise AssertionError("no harbours are placed in this scenario")

    def determinize(self, s: State, w: State, seat: int | None, rnd: random.Random) -> None:
        """Re-deal in world ``w`` what the scenario hides from ``seat`` (nothing by
        default)."""

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

    def pirate_words(self) -> str:
        """Where the pirate starts, for ``/game rules`` (the hex names of the image)."""
        return pirate_start_text(self)

    # -- a phase of the scenario's own (Greater Catan's chip taken from the main island) --

    def after_move(self, s: State, seat: int) -> list[tuple[str, Any]]:
        """Called after each move of a game whose ``s.extra`` holds anything (game.py),
        once the move and the victory check are done: a scenario may begin a phase of its
        own here, whatever phase the move left (nothing by default)."""
        return []

    def phase_moves(self, s: State, seat: int) -> list[Action]:
        """The seat's moves in a phase of the scenario's own (moves.py asks for a phase it
        does not know; none by default)."""
        return []

    def play_phase(
        self, s: State, seat: int, kind: str, args: dict[str, Any]
    ) -> list[tuple[str, Any]]:
        """Apply a move of ``phase_moves`` (rules.py, for a phase it does not know)."""
        raise AssertionError(f"no phase {s.phase!r} in this scenario")

    def move_label(self, s: State, seat: int, kind: str, args: Mapping[str, Any]) -> str:
        """The label of a move kind of the scenario's own (moves.label)."""
        return kind

    def pending_words(self, s: State) -> tuple[str | None, int | None]:
        """What a phase of the scenario's own waits for, as view.pending says it."""
        return None, None

    def view_keys(self, s: State) -> dict[str, Any]:
        """Public keys of the scenario's own for the view (JSON; none by default)."""
        return {}

    def ai_move(self, s: State, seat: int, moves: list[tuple[str, dict[str, Any]]]
                ) -> Action | None:
        """The heuristic player's move in a phase of the scenario's own (None: random)."""
        return None

    def unknown_chip_pips(self, s: State) -> float:
        """What the AI expects of a producing hex that has no number chip yet, in pips
        (Greater Catan's small islands; no such hex elsewhere)."""
        return 0.0


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
    """The island of corner ``c`` (the landmass id of islands_of), or None at open sea."""
    islands = islands_of(s)
    for h in s.board.corner_hexes[c]:
        if islands[h] is not None:
            return islands[h]
    return None


def islands_of(s: State) -> tuple[int | None, ...]:
    """Per hex: its island. The data's landmass ids where the layout gives them; on a board
    dealt at random (New World) the landmasses of the deal: land hexes joined by a side
    are one island, numbered from 1 in reading order (kept with the board)."""
    fixed = layout(s.layout).islands
    if any(i is not None for i in fixed):
        return fixed
    memo = s.board.memo
    got = memo.get("islands")
    if got is None:
        got = memo["islands"] = _landmasses(s.board.hexes, s.terrain)
    return got


def _landmasses(hexes: list, terrain: list[str]) -> tuple[int | None, ...]:
    at = {p: i for i, p in enumerate(hexes)}
    out: list[int | None] = [None] * len(hexes)
    order = sorted(range(len(hexes)), key=lambda i: (hexes[i][1], hexes[i][0]))
    k = 0
    for i in order:
        if out[i] is not None or terrain[i] not in LAND:
            continue
        k += 1
        out[i] = k
        todo = [i]
        while todo:
            q, r = hexes[todo.pop()]
            for dq, dr in DIRS.values():
                j = at.get((q + dq, r + dr))
                if j is not None and out[j] is None and terrain[j] in LAND:
                    out[j] = k
                    todo.append(j)
    return tuple(out)


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



class ThroughTheDesert(ScenarioRules):
    """Through the Desert (seafarers.txt scenarios 6-7, "Through the Wasteland"): the main
    island is cut in two by a strip of wasteland (desert) hexes.

    - "You must found both your start villages on the larger southern and western part of
      the island": the data's starting area (island 1 of the layout), as ``start_spots``.
    - "The other part of the island and the small islands are considered to be foreign
      territories. ... You receive a special VP for the first village you found on one of
      the little islands." The rulebook's sentence names the little islands only; the
      shared scenario README (the project's decision, "Through the Wasteland: one special
      VP for a player's first village on a little island or the land beyond the
      wasteland (once)") adds the land beyond the wasteland, which the text calls foreign
      territory too. So: ``IslandVP("bonus", 1, 0)`` over the islands the data marks
      ``bonus_island`` (the land beyond the wasteland and the little islands).
    - The wasteland belongs to neither part (the data gives its hexes no island): a
      settlement on a corner that touches only wasteland and sea is on no island and
      earns nothing (our decision; the rulebook does not say). Roads cross the wasteland
      like any land: it is land that yields nothing, as the base game's desert.
    - "If you found a village at a coast, place a ship with it instead of a road": played
      as New Shores' "should place a ship" and the founding rule of every scenario ("can
      place with it a ship instead of a road"): a road or a ship, the player's choice
      (our decision: the text gives no reason to forbid the road here, unlike The Four
      Islands' "must").
    - The robber starts on the first wasteland hex in reading order (the base game puts
      it on the desert; the rulebook names none here).
    """

    def reach_words(self, s: State, island: int) -> str:
        """"the land beyond the wasteland" (the bonus island that touches a wasteland hex)
        or "a little island"."""
        if island in _beyond_wasteland(s.layout):
            return "the land beyond the wasteland"
        return "a little island"


@lru_cache(maxsize=8)
def _beyond_wasteland(lid: str) -> frozenset[int]:
    """The bonus islands of a layout that border a wasteland (desert) hex."""
    sc = layout(lid)
    at = {p: i for i, p in enumerate(sc.positions)}
    out = set()
    for i, h in enumerate(sc.hexes):
        if h.get("bonus_island") is None:
            continue
        q, r = sc.positions[i]
        for dq, dr in DIRS.values():
            j = at.get((q + dq, r + dr))
            if j is not None and sc.hexes[j].get("terrain") == "desert":
                out.add(h["bonus_island"])
    return frozenset(out)


THROUGH_THE_DESERT = ThroughTheDesert(
    id="through_the_desert",
    name="Through the Desert",
    source="seafarers.txt scenarios 6-7",
    layouts={3: "through_the_desert_3p", 4: "through_the_desert_4p"},
    target=12,
    island_vp=IslandVP("bonus", 1, 0),
    lines=(
        "The board of the rulebook's picture for the table's count (3 or 4 players): a "
        "main island cut in two by a strip of wasteland (desert), and little islands; "
        "every hex and number printed in place; the harbours are shuffled onto their "
        "places.",
        "Start settlements only on the larger southern and western part of the main "
        "island (the part without the wasteland's far side).",
        "A coastal start settlement may take a ship instead of its road (our reading of "
        "\"place a ship with it instead of a road\", as in New Shores: a road stays "
        "allowed).",
        "Special victory point: once per player, for the first settlement on a little "
        "island or on the land beyond the wasteland, whoever settled there before (the "
        "rulebook's text names the little islands; the land beyond the wasteland is "
        "foreign territory too, and counts: our decision).",
        "Roads cross the wasteland like any land; it yields nothing. A settlement on a "
        "corner touching only wasteland and sea is on no island and earns no special "
        "victory point (our decision).",
        "The robber starts on the first wasteland hex in reading order, B3 (the base "
        "game puts it on the desert; the rulebook names no hex).",
        "First to 12 victory points on their own turn wins.",
    ),
)

class Oceans(ScenarioRules):
    """Oceans (seafarers.txt scenarios 4-5): a main island, and around it spaces left
    empty, "discovered during the game".

    - "Shuffle the missing tiles and place them as a face down deck. Shuffle the
      appropriate number of chips and do the same": ``prepare`` lays the two stacks,
      ``s.extra["tiles"]`` (terrains) and ``s.extra["chips"]`` (numbers), top = the end
      of the list. Their order is hidden from everyone (the view shows only how many are
      left, and each empty space as "hidden"); ``determinize`` shuffles both again.
    - "As soon as a player places a ship, or later a road, and at the intersection to
      which it leads there is a space, he should take the top card from the face-down
      deck and place it in the gap. If it is a land tile he also places the top most
      number chip on it, and receives at once and for free an appropriate resource card.
      If it is a sea tile, only the tile itself is placed": ``after_route``. Our reading
      where the text is short:
      - a start ship or road, a ship built, a free one (Road Building) and a ship moved
        all "place" a piece, so each may discover;
      - every space at the corners of the new piece is turned, in reading order, if two
        are there (the corner it leads to; at its other end, reached before, every
        space is turned already);
      - a desert turned (the 4-player stack holds one) takes no chip and gives no card,
        as in the base game; the stacks hold no gold field;
      - the free card comes from the bank; if the bank has none of it, none is given.
    - "Founding phase - all players found their two start villages on the main island. If
      you found a village at a coast you should place a ship with it instead of a road":
      the data's starting area, and a road or a ship (as New Shores' "should").
    - "No special VPs are awarded in this scenario."; 12 VP to win.
    - The robber and the pirate never go onto an empty space. There is no desert face
      up, so the robber stays off the board until the first 7 or knight.
    """

    def prepare(self, s: State, draw: Callable[[], random.Random]) -> None:
        pool = layout(s.layout).pools["face_down"]
        tiles = sorted(t for t, k in pool["terrain"].items() for _ in range(k))
        chips = sorted(int(v) for v, k in pool["chips"].items() for _ in range(k))
        rnd = draw()
        rnd.shuffle(tiles)
        rnd.shuffle(chips)
        s.extra["tiles"] = tiles  # the face-down tiles, top = last (hidden from all)
        s.extra["chips"] = chips  # the face-down number chips, top = last (hidden)

    def after_route(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        """Turn the face-down tile onto each empty space at the corners of the new road
        or ship (see the class docstring)."""
        b = s.board
        spaces = sorted({h for c in b.edges[e] for h in b.corner_hexes[c]
                         if s.terrain[h] == "hidden"})
        events: list[tuple[str, Any]] = []
        for h in spaces:
            events.extend(discover(s, seat, h))
        if spaces:  # the board and the places follow from the terrains
            s.cached_board = None
            s.cached_facts = None
        return events

    def determinize(self, s: State, w: State, seat: int | None, rnd: random.Random) -> None:
        """The order of the face-down tiles and of the face-down chips, unknown to
        everyone: both stacks shuffled again (what they hold is public: the box's
        material less what has been turned)."""
        rnd.shuffle(w.extra["tiles"])
        rnd.shuffle(w.extra["chips"])


def discover(s: State, seat: int, h: int) -> list[tuple[str, Any]]:
    """Oceans: the top face-down tile goes onto the empty space ``h``; land takes the top
    chip (not a desert) and gives ``seat`` one card of its resource from the bank."""
    tile = s.extra["tiles"].pop()
    s.terrain[h] = tile
    name = place_name(*layout(s.layout).positions[h])
    who = f"{{p{seat}}}"
    if tile == "sea":
        return [(f"{who} discovers sea at {name}.", None)]
    chip = s.extra["chips"].pop() if tile != "desert" and s.extra["chips"] else 0
    s.chips[h] = chip
    word = TERRAIN_WORDS.get(tile, tile) + (f" {chip}" if chip else "")
    res = RESOURCE_OF.get(tile)
    if res is None:
        return [(f"{who} discovers {word} at {name}.", None)]
    i = RESOURCES.index(res)
    if s.bank[i] <= 0:
        return [(f"{who} discovers {word} at {name}; the bank has no {res} to give.", None)]
    s.bank[i] -= 1
    s.hands[seat][i] += 1
    return [(f"{who} discovers {word} at {name} and takes 1 {res}.", None)]


def face_down_left(s: State) -> Counter[str]:
    """The tiles still face down, as every player can count them: the scenario's stack
    less the tiles turned so far (never read from the hidden stack itself)."""
    sc = layout(s.layout)
    pool = sc.pools.get("face_down")
    if pool is None:
        return Counter()
    left = Counter(pool["terrain"])
    for h, row in enumerate(sc.hexes):
        if row["kind"] == "hidden" and s.terrain[h] != "hidden":
            left[s.terrain[h]] -= 1
    return +left


OCEANS = Oceans(
    id="oceans",
    name="Oceans",
    source="seafarers.txt scenarios 4-5",
    layouts={3: "oceans_3p", 4: "oceans_4p"},
    target=12,
    lines=(
        "The board of the rulebook's picture for the table's count (3 or 4 players): the "
        "main island and a gold island printed in place, the other spaces empty (drawn "
        "as ?); the harbours are shuffled onto their places.",
        "The missing tiles lie in a shuffled face-down stack, the missing number chips in "
        "another; nobody knows their order.",
        "Start settlements on the main island only. A coastal start settlement may take "
        "a ship instead of its road.",
        "Discovery: when you place a road or a ship (built, free, a start one, or a ship "
        "moved) and a corner of it touches an empty space, the top tile is turned there "
        "(two spaces: both, in reading order). Land takes the top chip and gives you 1 "
        "card of its resource at once, from the bank (none if the bank has none); a "
        "desert takes no chip and gives nothing; sea is just placed.",
        "The robber and the pirate never go onto an empty space. There is no desert face "
        "up: the robber stays off the board until the first 7 or knight (our decision).",
        "No special victory points.",
        "First to 12 victory points on their own turn wins.",
    ),
)


#: chip deals tried on one spread of tiles before the tiles are spread again (New World)
RED_TRIES = 200


class NewWorld(ScenarioRules):
    """A New World (seafarers.txt scenarios 8-9): the board dealt at random in the frame,
    the harbours placed by the players.

    - "Shuffle all the tiles face down and then lay them out within the frame in random
      order, face up. Do the same with the number chips. Red chips must not be next to
      each other or on gold tiles. (Re-arrange them with the agreement of all players as
      necessary if either case arises)": ``deal``. The land and sea tiles of the
      material table are shuffled onto every hex inside the frame; the chips onto the
      land (a desert would take none). Our decision for "re-arrange": the chips are
      shuffled again until no red chip (6, 8) touches another or lies on gold; after
      RED_TRIES chip deals the tiles are spread again too (it never happens in practice).
    - "Shuffle the harbour tiles and place them as a face down pile. Beginning with the
      oldest player, place them one at a time on any land tiles of your choice": a phase
      of its own (``HARBOURS``) before the founding phase. Our decisions where the text is
      short: the first seat begins and the seats take turns, one harbour each; the top
      harbour of the pile is turned face up for everyone to see while it is placed (the
      order of the rest stays hidden from everyone: ``determinize`` shuffles it); a
      harbour goes on a coast, an edge between a land hex and a sea hex (the frame's sea
      included), serving that edge's two corners; one harbour per sea hex, and no corner
      in two harbours (so no settlement ever stands at two).
    - "Each player can found his start villages in any positions of his choice. At game
      start each player will have 1 or 2 home islands. Other islands are considered
      foreign territories": start on any land; the islands are the landmasses of the deal
      (``islands_of``). A coastal start settlement may take a ship (the founding rule of
      every scenario).
    - "You receive one extra VP for each of your first villages founded on foreign
      islands": ``IslandVP("foreign", 1, 1)``.
    - No desert: the robber stays off the board until the first 7 or knight. The pirate
      starts on the dealt sea hex inside the frame farthest from any land (then the
      first in reading order), as in every scenario (the start area is all the land).
    """

    def deal(self, lid: str, rnd: random.Random) -> Layout:
        sc = layout(lid)
        pool = sc.pools["board"]
        pos = sc.positions
        cells = [i for i, h in enumerate(sc.hexes) if h["kind"] == "random_any"]
        tiles = sorted(t for t, k in pool["terrain"].items() for _ in range(k))
        numbers = sorted(int(v) for v, k in pool["chips"].items() for _ in range(k))
        while True:
            rnd.shuffle(tiles)
            terrain = ["sea"] * len(pos)
            for i, tile in zip(cells, tiles, strict=True):
                terrain[i] = tile
            land = [i for i in cells if terrain[i] not in ("sea", "desert")]
            for _ in range(RED_TRIES):
                rnd.shuffle(numbers)
                chips = [0] * len(pos)
                for i, v in zip(land, numbers, strict=True):
                    chips[i] = v
                if red_chips_apart(pos, terrain, chips):
                    return Layout(
                        terrain=terrain, chips=chips, harbours=[],
                        robber=terrain.index("desert") if "desert" in terrain else None,
                        bonus=[None] * len(pos), start=[t in LAND for t in terrain])

    def prepare(self, s: State, draw: Callable[[], random.Random]) -> None:
        """The harbour pile shuffled face down, the pirate on its sea hex, and the first
        seat to place the first harbour."""
        pool = layout(s.layout).harbours["pool"]
        pile = sorted(HARBOUR_TYPES[t] for t, k in pool.items() for _ in range(k))
        draw().shuffle(pile)
        s.extra["harbours"] = pile  # the harbour pile, top = last (face up while placed)
        s.pirate = _farthest_sea(s)
        s.phase, s.turn = HARBOURS, 0

    def harbour_places(self, s: State) -> list[int]:
        """The coast edges a harbour may go on now (see the class docstring)."""
        b = s.board
        used_hexes = {h for h, _, _, _ in s.harbours}
        used_corners = {c for _, _, a, d in s.harbours for c in (a, d)}
        out = []
        for e, (a, d) in enumerate(b.edges):
            if not (b.edge_land[e] and b.edge_sea[e]) or len(b.edge_hexes[e]) != 2:
                continue
            sea = next(h for h in b.edge_hexes[e] if s.terrain[h] == "sea")
            if sea in used_hexes or a in used_corners or d in used_corners:
                continue
            out.append(e)
        return out

    def place_harbour(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        """The top harbour of the pile onto the coast edge ``e``; then the next seat's
        turn, or the founding phase once the pile is empty."""
        b = s.board
        kind = s.extra["harbours"].pop()
        sea = next(h for h in b.edge_hexes[e] if s.terrain[h] == "sea")
        a, d = b.edges[e]
        s.harbours.append([sea, kind, a, d])
        s.cached_board = None  # the labels name the harbours
        s.cached_facts = None
        events: list[tuple[str, Any]] = [
            (f"{{p{seat}}} places the {harbour_words(kind)} harbour at {a + 1}-{d + 1}.",
             None)]
        if s.extra["harbours"]:
            s.turn = (seat + 1) % s.n
        else:
            s.phase, s.turn, s.setup_step = SETUP_SETTLE, 0, 0
            events.append(("Every harbour is placed: the founding phase begins.", None))
        return events

    def determinize(self, s: State, w: State, seat: int | None, rnd: random.Random) -> None:
        """The order of the harbour pile under its top, face-up harbour."""
        pile = w.extra["harbours"]
        if len(pile) > 2:
            rest = pile[:-1]
            rnd.shuffle(rest)
            pile[:-1] = rest

    def pirate_words(self) -> str:
        return ("the sea hex of the deal inside the frame farthest from any land (then the "
                "first in reading order)")


def harbour_words(kind: str) -> str:
    """A harbour's name as the image prints it: "3:1" or "2:1 ore"."""
    return "3:1" if kind == "any" else f"2:1 {kind}"


def red_chips_apart(pos: tuple, terrain: list[str], chips: list[int]) -> bool:
    """No red chip (6, 8) next to another, nor on gold (seafarers.txt scenario 8)."""
    red = {pos[i]: c for i, c in enumerate(chips) if c}
    return not red_chips_touch(red) and not any(
        c in (6, 8) and terrain[i] == "gold" for i, c in enumerate(chips))


def _farthest_sea(s: State) -> int | None:
    """The dealt sea hex inside the frame farthest from any land (then the first)."""
    sc = layout(s.layout)
    pos = sc.positions
    land = [pos[i] for i, t in enumerate(s.terrain) if t in LAND]
    seas = [i for i, t in enumerate(s.terrain) if t == "sea" and not sc.frame[i]]
    if not seas or not land:
        return None
    return max(seas, key=lambda i: (min(distance(pos[i], x) for x in land), -i))


NEW_WORLD = NewWorld(
    id="new_world",
    name="A New World",
    source="seafarers.txt scenarios 8-9",
    layouts={3: "new_world_3p", 4: "new_world_4p"},
    target=12,
    island_vp=IslandVP("foreign", 1, 1),
    lines=(
        "The board is dealt at random inside the frame: all the land and sea tiles "
        "shuffled, then the number chips shuffled onto the land; they are shuffled again "
        "until no 6 or 8 touches another or lies on gold (our way of \"re-arrange them\").",
        "Before the founding phase the players place the harbours, one at a time, the "
        "first seat first: the top harbour of the shuffled pile is shown to everyone and "
        "placed on a coast (an edge between land and sea, the frame's sea included), "
        "serving its two corners. One harbour per sea hex, and no corner in two harbours "
        "(our decisions: the rulebook says only \"on any land tiles of your choice\").",
        "Start settlements anywhere on land: the islands of your start settlements (1 or "
        "2) are your home islands, the others are foreign. A coastal start settlement may "
        "take a ship instead of its road.",
        "Special victory point: 1 for your first settlement on each foreign island, "
        "whoever settled there before.",
        "There is no desert: the robber stays off the board until the first 7 or knight "
        "(our decision).",
        "First to 12 victory points on their own turn wins.",
    ),
)


class GreatCrossing(ScenarioRules):
    """The Great Crossing (seafarers.txt scenario 10, 4 players): two islands, and special
    victory points for trade lines between them (trade_lines.py: the six cases, who holds
    each chip, and our decisions).

    - "Both of a player's start villages must be founded on only one (either one) of the
      islands. A player's chosen island is his home island": ``start_spots`` allows the
      second start settlement only on the island of the first.
    - "If founding a village at a coast facing the other island, you should place a ship
      with it instead of a road": ``start_ship = "must_facing_islands"`` (every sea hex
      inside the frame lies between the two islands), as The Four Islands.
    - The trade lines are worked out again after every road, ship and settlement
      (``after_route``, ``after_settlement``); ``s.special`` holds each seat's chips, one
      per line it holds, and ``s.extra["lines"]`` the lines (ends, way, who completed
      it, holder, where its chip lies) for the view and the image.
    - Harbours: "Harbours 10 (5 special and 5 x 3:1)"; the data has 11 places (6 generic).
      The harbour place A1 (q 0, r 0: the frame hex at the west island's north-west tip,
      beside C1, which serves the same tip) is plain sea here (scenarios.DROPPED_HARBOURS),
      so that each island keeps five harbours.
    - The rulebook gives no target: 13 victory points, as Sea3D plays it (the shared
      scenario README's decision), said in ``/game rules``.
    - No desert: the robber stays off the board until the first 7 or knight.
    """

    def start_spots(self, s: State, seat: int) -> list[bool]:
        """Either island for the first start settlement; the island of the first for the
        second."""
        start = list(_layout_info(s.layout).start)
        if not s.homes[seat]:
            return start
        islands = layout(s.layout).islands
        home = s.homes[seat][0]
        return [ok and islands[h] == home for h, ok in enumerate(start)]

    def after_settlement(
        self, s: State, seat: int, c: int, founding: bool
    ) -> list[tuple[str, Any]]:
        return super().after_settlement(s, seat, c, founding) + trade_lines.update(s, seat)

    def after_route(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        return trade_lines.update(s, seat)

    def settle_bonus(self, s: State, seat: int, c: int) -> int:
        """For the AI: a settlement on the island that is not the seat's home ends a line
        of its ships from home there (case 3), worth a chip (the ships it plans to sail
        there lead from home)."""
        island = trade_lines.island_of_corner(s, c)
        return int(bool(s.homes[seat]) and island is not None
                   and island not in s.homes[seat])

    def view_keys(self, s: State) -> dict[str, Any]:
        """The trade lines: ends, the edges of each line's way, its holder (None: nobody)
        and the corner its chip lies under (None: beside the line)."""
        return {"trade_lines": [
            {"ends": list(line["ends"]), "edges": list(line["edges"]),
             "holder": line["holder"], "chip": line["chip"]}
            for line in s.extra.get("lines", ())]}


GREAT_CROSSING = GreatCrossing(
    id="great_crossing",
    name="The Great Crossing",
    source="seafarers.txt scenario 10",
    layouts={4: "great_crossing_4p"},
    target=13,
    start_ship="must_facing_islands",
    lines=(
        "The board of the rulebook's picture: two islands, every hex and number printed in "
        "place; 10 harbours (5 special, 5 generic 3:1) shuffled onto their places (the "
        "layout data has 11 places: A1 is plain sea here, so each island keeps five).",
        "Both your start settlements on one island, either one: your home island. A start "
        "settlement at a coast facing the other island must take a ship instead of a road "
        "(at a coast facing only the frame: a road or a ship).",
        "Trade lines join a settlement or city on one island to one on the other through "
        "roads and ships, never beyond another settlement or city. A direct line, only your "
        "ships from your home settlement or city: 1 special victory point chip, under that "
        "settlement. An indirect line, several players' pieces (your ships to another's "
        "road or ships): its chip goes to the player with more ships in it than any other "
        "player has ships and roads there; a tie goes to the player who completed it.",
        "A line broken (a ship moved away, a settlement built in its way) loses its chip "
        "at once; whoever fills the gap completes it anew, and the player who lost the chip "
        "gets it back only by filling the gap with his own ship.",
        *trade_lines.DECISIONS,
        "There is no desert: the robber stays off the board until the first 7 or knight "
        "(our decision).",
        "The rulebook gives this scenario no target: first to 13 victory points on their "
        "own turn wins (as Sea3D plays it; our decision).",
    ),
)


class GreaterCatan(ScenarioRules):
    """Greater Catan (seafarers.txt scenario 11, "Grand Catan", 4 players, 18 VP): the base
    game's island in the middle, small islands of a second set's land around it, their
    number chips drawn from a bag as ships reach them (chip_bag.py).

    - "Set out the main island in the middle as described in the basic game rules. From
      the second set you will need all land tiles except the wasteland. Muddle these tiles
      face down, and place them randomly face up in the spaces shown in the diagram. Do not
      yet place any number chips on the little islands. Fill in the gaps with 23 sea
      tiles": ``deal``, the main island by scenarios.deal (the number spiral, the robber
      on its desert), then the 18 small-island tiles shuffled onto their hexes, no chip.
    - "Each player takes 5 villages, 8 cities, 15 roads and 15 ships": the data's pieces.
    - "Harbours: 9 (5 special and 4 x 3:1)": shuffled onto the data's 9 places.
    - "Founding phase: each player founds his start villages on the main island": the
      data's starting area; a coastal one may take a ship (every scenario's founding rule).
    - The chip bag and the chips taken from the main island: chip_bag.py (``prepare``,
      ``after_route``, the CHIP phase through ``after_move``, ``phase_moves``,
      ``play_phase``; ``determinize`` shuffles the bag again).
    - No special victory points; "The game ends as soon as a player has reached 18 VPs".
    """

    def deal(self, lid: str, rnd: random.Random) -> Layout:
        dealt = deal(lid, rnd)
        sc = layout(lid)
        pool = sc.pools["outer_islands"]["terrain"]
        tiles = sorted(t for t, k in pool.items() for _ in range(k))
        rnd.shuffle(tiles)
        small = [i for i, h in enumerate(sc.hexes) if h.get("pool") == "outer_islands"]
        for i, tile in zip(small, tiles, strict=True):
            dealt.terrain[i] = tile
        return dealt

    def prepare(self, s: State, draw: Callable[[], random.Random]) -> None:
        chip_bag.fill(s, draw())

    def after_route(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        return chip_bag.reach(s, seat, e)

    def after_move(self, s: State, seat: int) -> list[tuple[str, Any]]:
        return chip_bag.begin(s)

    def phase_moves(self, s: State, seat: int) -> list[Action]:
        return chip_bag.moves(s, seat)

    def play_phase(
        self, s: State, seat: int, kind: str, args: dict[str, Any]
    ) -> list[tuple[str, Any]]:
        return chip_bag.take(s, seat, args["hex"])

    def move_label(self, s: State, seat: int, kind: str, args: Mapping[str, Any]) -> str:
        return chip_bag.move_label(s, seat, dict(args)) if kind == chip_bag.CHIP else kind

    def pending_words(self, s: State) -> tuple[str | None, int | None]:
        return chip_bag.pending(s)

    def view_keys(self, s: State) -> dict[str, Any]:
        return chip_bag.public(s)

    def determinize(self, s: State, w: State, seat: int | None, rnd: random.Random) -> None:
        """The order of the chips in the bag, unknown to everyone."""
        rnd.shuffle(w.extra["bag"])

    def ai_move(self, s: State, seat: int, moves: list[tuple[str, dict[str, Any]]]
                ) -> Action | None:
        hexes = [a["hex"] for k, a in moves if k == chip_bag.CHIP]
        if not hexes:
            return None
        return Action(chip_bag.CHIP, {"hex": chip_bag.ai_pick(s, seat, hexes)})

    def unknown_chip_pips(self, s: State) -> float:
        return chip_bag.hoped_pips(s)


GREATER_CATAN = GreaterCatan(
    id="greater_catan",
    name="Greater Catan",
    source="seafarers.txt scenario 11",
    layouts={4: "greater_catan_4p"},
    target=18,
    lines=(
        "Two base sets: the main island in the middle dealt as in the base game (the "
        "number spiral; 6s and 8s never touch; the robber on the desert); around it the "
        "second set's 18 land tiles (no desert) shuffled onto the small islands' places "
        "without number chips; 23 sea hexes; 9 harbours (5 special, 4 generic 3:1) "
        "shuffled onto their places.",
        "Pieces: 5 settlements, 8 cities, 15 roads and 15 ships each.",
        "Start settlements on the main island only. A coastal start settlement may take a "
        "ship instead of its road.",
        "The chip bag holds 2, 3, 4, 5, 9, 10 and 11, shuffled: nobody knows their order. "
        "When your road or ship leads to a small-island hex without a number chip, you "
        "draw a chip from the bag and it is placed there.",
        "Once the bag is empty you take a chip from a main-island hex instead: a) "
        + chip_bag.RULE_WORDS["a"] + "; b) " + chip_bag.RULE_WORDS["b"] + "; c) "
        + chip_bag.RULE_WORDS["c"] + ". When no chip can be taken "
        "so, the rules are set aside one at a time, in that order, until one can.",
        *chip_bag.DECISIONS,
        "No special victory points. First to 18 victory points on their own turn wins.",
    ),
)


#: the scenarios a table may pick, in the rulebook's order (the base game first)
SCENARIOS: dict[str, ScenarioRules] = {
    r.id: r for r in (CLASSIC, NEW_SHORES, FOUR_ISLANDS, OCEANS, THROUGH_THE_DESERT,
                      NEW_WORLD, GREAT_CROSSING, GREATER_CATAN)}
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


__all__ = ["CLASSIC", "DEFAULT", "FOUR_ISLANDS", "GREATER_CATAN", "GREAT_CROSSING",
           "NEW_SHORES", "NEW_WORLD", "OCEANS", "PIECES", "SCENARIOS", "THROUGH_THE_DESERT", "discover", "face_down_left", "harbour_words",
           "islands_of",
           "IslandVP", "ScenarioRules", "SetupRefused", "island_at", "pirate_start_text",
           "rules_of", "scenario_rules"]
