"""What every scenario has, and the hooks through which a scenario changes the game.

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
- ``start_spots(s, seat)``: the hexes a start settlement may touch (setup.py / moves.py
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

The scenarios themselves are the other modules of this package, one each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.core import Action, IllegalAction

from ..board import distance, place_name
from ..scenarios import Layout, deal, layout
from ..state import State
from .islands import island_at


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
        return list(layout_info(s.layout).start)

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
            return island in layout_info(s.layout).bonus
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



@dataclass(frozen=True)
class LayoutInfo:
    start: tuple[bool, ...]  # per hex: in the start area
    bonus: frozenset[int]  # the islands marked bonus_island


@lru_cache(maxsize=32)
def layout_info(lid: str) -> LayoutInfo:
    """A layout's start area and bonus islands, read once from its data."""
    sc = layout(lid)
    return LayoutInfo(
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



def harbour_words(kind: str) -> str:
    """A harbour's name as the image prints it: "3:1" or "2:1 ore"."""
    return "3:1" if kind == "any" else f"2:1 {kind}"


