"""The eleven scenario layouts of seafarers.txt, read from data/scenarios.json.

The data file is a copy of the shared scenario data (its header explains every field):
positions, fixed terrains and chips, pools and harbour hexes. :func:`template` gives the
board of any scenario with its random hexes still unknown (for checks and for the later
scenarios); :func:`deal` lays out a playable board (random main island, number chips by
the base game's spiral, harbours shuffled onto their hexes).
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from .board import DIRS, Board, Hex, board_for, distance

_DATA = Path(__file__).parent / "data" / "scenarios.json"

#: harbour types of the data file -> our resource names ("any" = 3:1)
HARBOUR_TYPES: dict[str, str] = {
    "3:1": "any",
    "lumber": "wood",
    "brick": "brick",
    "grain": "grain",
    "wool": "wool",
    "ore": "ore",
}

#: pieces per player in the base game (catan-base.md "Pieces"; Seafarers adds 15 ships);
#: a scenario's data may change the ships and cities (``Scenario.pieces``)
PIECES: dict[str, int] = {"settlement": 5, "city": 4, "road": 15, "ship": 15}

#: scenarios the engine lays out and plays now (the others are parsed and checked)
PLAYABLE: tuple[str, ...] = ("new_shores",)


@dataclass(frozen=True)
class Scenario:
    id: str
    number: int
    name: str
    players: tuple[int, ...]
    victory_points: int
    hexes: tuple[dict[str, Any], ...]
    pools: dict[str, Any]
    harbours: dict[str, Any]
    rules: dict[str, Any]
    rulebook: dict[str, Any]

    @cached_property
    def positions(self) -> tuple[Hex, ...]:
        return tuple((h["q"], h["r"]) for h in self.hexes)

    @cached_property
    def pieces(self) -> dict[str, int]:
        """Pieces per player: the base game's, with the ships and cities the scenario's data
        gives (Greater Catan: "Each player takes 5 villages, 8 cities, 15 roads and 15
        ships")."""
        return {**PIECES, "ship": self.rules.get("ships_per_player", PIECES["ship"]),
                "city": self.rules.get("cities_per_player", PIECES["city"])}

    @cached_property
    def limits(self) -> tuple[int, int, int, int]:
        """``pieces`` in the order settlement, city, road, ship (facts.KINDS)."""
        p = self.pieces
        return p["settlement"], p["city"], p["road"], p["ship"]


@lru_cache(maxsize=1)
def _load() -> dict[str, Scenario]:
    doc = json.loads(_DATA.read_text(encoding="utf-8"))
    out: dict[str, Scenario] = {}
    for sc in doc["scenarios"]:
        # The Great Crossing gives no target in the text: 13, as the data file (README).
        vp = sc["victory_points"] or 13
        out[sc["id"]] = Scenario(
            id=sc["id"],
            number=sc["number"],
            name=sc["name"],
            players=tuple(sc["players"]),
            victory_points=vp,
            hexes=tuple(sc["hexes"]),
            pools=sc.get("pools") or {},
            harbours=sc["harbours"],
            rules=sc.get("rules") or {},
            rulebook=sc.get("rulebook_1997") or {},
        )
    return out


def scenarios() -> dict[str, Scenario]:
    """Every scenario of the data file by id, in rulebook order."""
    return dict(_load())


def scenario(sid: str) -> Scenario:
    try:
        return _load()[sid]
    except KeyError:
        raise ValueError(f"Unknown scenario {sid!r}; they are: {', '.join(_load())}.") from None


def _template_terrain(h: dict[str, Any]) -> str:
    kind = h["kind"]
    if kind in ("sea", "harbour"):
        return "sea"
    if kind == "land_fixed":
        return h["terrain"]
    if kind == "land_random":
        return "land"  # land of a pool, not dealt yet
    return "hidden"  # face-down (Oceans) or land-or-sea (New World)


def template(sid: str) -> Board:
    """The board of a scenario with undealt hexes as "land" (pool land) or "hidden"."""
    sc = scenario(sid)
    return board_for(sc.positions, tuple(_template_terrain(h) for h in sc.hexes))


def _xy(h: Hex) -> tuple[float, float]:
    return math.sqrt(3) * (h[0] + h[1] / 2), 1.5 * h[1]


def spiral_order(hexes: list[Hex], start: Hex, clockwise: bool) -> list[Hex]:
    """The base game's chip order: the outer ring from ``start`` round, then inwards."""
    cx = sum(_xy(h)[0] for h in hexes) / len(hexes)
    cy = sum(_xy(h)[1] for h in hexes) / len(hexes)

    def polar(h: Hex) -> tuple[float, float]:
        x, y = _xy(h)
        return math.hypot(x - cx, y - cy), math.atan2(y - cy, x - cx)

    a0 = polar(start)[1]
    centre = min(hexes, key=lambda h: polar(h)[0])
    rings: dict[int, list[Hex]] = {}
    for h in hexes:
        rings.setdefault(distance(h, centre), []).append(h)

    def turn(h: Hex) -> float:
        d = (polar(h)[1] - a0) % (2 * math.pi)
        if clockwise:
            d = (2 * math.pi - d) % (2 * math.pi)
        return round(d, 6)

    order: list[Hex] = []
    for key in sorted(rings, reverse=True):
        order.extend(sorted(rings[key], key=turn))
    return order


def _red_chips_touch(chips: dict[Hex, int]) -> bool:
    for (q, r), v in chips.items():
        if v in (6, 8):
            for dq, dr in DIRS.values():
                if chips.get((q + dq, r + dr)) in (6, 8):
                    return True
    return False


@dataclass
class Layout:
    """A dealt board: per hex terrain and chip (0 = none); harbours [hex, type, c1, c2]."""

    terrain: list[str]
    chips: list[int]
    harbours: list[list[Any]]
    robber: int | None
    bonus: list[int | None]  # per hex: the small-island id that earns special VP, or None
    start: list[bool]  # per hex: start settlements may touch it


def deal(sid: str, rnd: random.Random) -> Layout:
    """Lay out a playable scenario (New Shores now): main island, chips, harbours."""
    sc = scenario(sid)
    if sid not in PLAYABLE:
        raise ValueError(f"Scenario {sc.name} is not playable yet.")
    positions = list(sc.positions)
    while True:
        terrain = [_template_terrain(h) for h in sc.hexes]
        chips = [int(h.get("chip") or 0) for h in sc.hexes]
        pool = sc.pools.get("main_island")
        if pool is not None:
            tiles = sorted(t for t, k in pool["terrain"].items() for _ in range(k))
            rnd.shuffle(tiles)
            main = [i for i, h in enumerate(sc.hexes) if h.get("pool") == "main_island"]
            for i, t in zip(main, tiles, strict=True):
                terrain[i] = t
            place = pool["chip_placement"]
            starts = [tuple(x) for x in place["start_corner_hexes"]]
            start = starts[rnd.randrange(len(starts))]
            order = spiral_order([positions[i] for i in main], start, rnd.random() < 0.5)
            seq = iter(place["sequence"])
            idx = {p: i for i, p in enumerate(positions)}
            for h in order:
                if terrain[idx[h]] != "desert":
                    chips[idx[h]] = next(seq)
        red = {positions[i]: c for i, c in enumerate(chips) if c}
        if not _red_chips_touch(red):
            break
    board = board_for(tuple(positions), tuple(terrain))
    types = sorted(
        HARBOUR_TYPES[t] for t, k in sc.harbours["pool"].items() for _ in range(k)
    )
    rnd.shuffle(types)
    harbours: list[list[Any]] = []
    k = 0
    for i, h in enumerate(sc.hexes):
        if h["kind"] != "harbour":
            continue
        if h["harbour"] == "random":
            kind = types[k]
            k += 1
        else:
            kind = HARBOUR_TYPES[h["harbour"]]
        e = board.edge_between(positions[i], tuple(h["serves"]))
        a, b = board.edges[e]
        harbours.append([i, kind, a, b])
    robber = terrain.index("desert") if sc.rules and "desert" in terrain else None
    return Layout(
        terrain=terrain,
        chips=chips,
        harbours=harbours,
        robber=robber,
        bonus=[h.get("bonus_island") for h in sc.hexes],
        start=[bool(h.get("starting_area")) for h in sc.hexes],
    )
