"""A New World (seafarers.txt scenarios 8-9): the board dealt at random inside the frame, the
harbours placed by the players before the founding phase."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..board import LAND, distance
from ..scenarios import HARBOUR_TYPES, Layout, layout, red_chips_touch
from ..state import Phase, State
from .base import IslandVP, ScenarioRules, harbour_words

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
        s.phase, s.turn = Phase.HARBOURS, 0

    def harbour_places(self, s: State) -> list[int]:
        """The coast edges a harbour may go on now (see the class docstring)."""
        used_hexes = {h for h, _, _, _ in s.harbours}
        used_corners = {c for _, _, a, d in s.harbours for c in (a, d)}
        return [e for e, sea, a, d in _coast(s)
                if sea not in used_hexes and a not in used_corners and d not in used_corners]

    def place_harbour(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        """The top harbour of the pile onto the coast edge ``e``; then the next seat's
        turn, or the founding phase once the pile is empty."""
        b = s.board
        kind = s.extra["harbours"].pop()
        sea = _sea_side(s, e)
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
            s.phase, s.turn, s.setup_step = Phase.SETUP_SETTLE, 0, 0
            events.append(("Every harbour is placed: the founding phase begins.", None))
        return events

    def determinize(self, s: State, w: State, seat: int | None, rnd: random.Random) -> None:
        """The order of the harbour pile under its top, face-up harbour (shuffled from the
        sorted pile, so the world does not follow the real order)."""
        pile = w.extra["harbours"]
        if len(pile) > 2:
            rest = sorted(pile[:-1])
            rnd.shuffle(rest)
            pile[:-1] = rest

    def pirate_words(self) -> str:
        return ("the sea hex of the deal inside the frame farthest from any land (then the "
                "first in reading order)")


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


def _coast(s: State) -> list[tuple[int, int, int, int]]:
    """The edges between one land and one sea hex, as (edge, sea hex, corner, corner): where
    a harbour may go while nothing blocks it. Found once per topology (``Board.shared``):
    the HARBOURS phase asks for them at every move of every searched world."""
    b = s.board
    coast = b.shared.get("coast")
    if coast is None:
        coast = b.shared["coast"] = [
            (e, _sea_side(s, e), a, d)
            for e, (a, d) in enumerate(b.edges)
            if b.edge_land[e] and b.edge_sea[e] and len(b.edge_hexes[e]) == 2]
    return coast


def _sea_side(s: State, e: int) -> int:
    """The sea hex of the coast edge ``e`` (the one its harbour stands in)."""
    return next(h for h in s.board.edge_hexes[e] if s.terrain[h] == "sea")
