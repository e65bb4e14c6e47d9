"""The board layouts: the eleven of seafarers.txt, read from data/scenarios.json, and the
base game's island in its frame (``classic``), derived from them.

The data file is a copy of the shared scenario data (its header explains every field):
positions, fixed terrains and chips, pools and harbour hexes. One entry of the file is one
*layout* (a board for one player count: ``four_islands_3p``); the scenarios a table picks
(``four_islands``, which takes the 3- or 4-player layout by the player count) and their
rules are in scenario_rules/. :func:`layout` gives any layout by id, :func:`scenarios`
the data file's eleven. :func:`template` gives the board of any layout with its random
hexes still unknown (for checks and for the later scenarios); :func:`deal` lays out a
board (random main island, number chips by the base game's spiral, harbours shuffled onto
their hexes).

``classic`` is not in the data file: it is New Shores' main island (the base game's 19
pool hexes, catan-base.md "Standard main island") with the ring of 18 sea hexes around it
as its frame. That ring holds New Shores' 9 harbour hexes, on every other hex of the ring
as on the base game's frame, each serving a coast of the island; their pool is the base
game's 9 harbours, 4 generic 3:1 and the 5 special 2:1 (catan-base.md "Harbours").
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


    @cached_property
    def islands(self) -> tuple[int | None, ...]:
        """Per hex: the data's landmass id ("island"; None for sea)."""
        return tuple(h.get("island") for h in self.hexes)

    @cached_property
    def frame(self) -> tuple[bool, ...]:
        """Per hex: is it a hex of the frame (the outer ring of edge pieces)?"""
        return tuple(bool(h.get("frame")) for h in self.hexes)


#: the layout id of the base game's island in its frame (derived, not in the data file)
CLASSIC = "classic"


#: Our changes to the data file's layouts (the file stays a copy of the shared one): the
#: harbour hexes that become plain sea, each taking one generic 3:1 harbour out of the
#: layout's pool. The Great Crossing: the data has 11 harbour hexes (5 special, 6 generic)
#: against the rulebook's "Harbours 10 (5 special and 5 x 3:1)"; the shared scenario README
#: says to use 10. A1 goes: the west island has six harbour hexes and the east island five,
#: and A1 and C1 both serve the west island's north-west tip, so each island keeps five,
#: spread along its coast (scenario_rules.GreatCrossing says so too).
DROPPED_HARBOURS: dict[str, tuple[Hex, ...]] = {"great_crossing_4p": ((0, 0),)}


def _drop_harbours(sc: dict[str, Any]) -> dict[str, Any]:
    """A data file entry with DROPPED_HARBOURS applied (the same entry if none)."""
    drop = DROPPED_HARBOURS.get(sc["id"], ())
    if not drop:
        return sc
    hexes = []
    for h in sc["hexes"]:
        if (h["q"], h["r"]) in drop:
            assert h["kind"] == "harbour", h
            h = {k: v for k, v in h.items()
                 if k in ("q", "r", "frame", "sea3d_index")} | {"kind": "sea"}
        hexes.append(h)
    pool = dict(sc["harbours"]["pool"])
    pool["3:1"] -= len(drop)
    harbours = {**sc["harbours"], "pool": pool, "total": sum(pool.values())}
    return {**sc, "hexes": hexes, "harbours": harbours}


@lru_cache(maxsize=1)
def _load() -> dict[str, Scenario]:
    doc = json.loads(_DATA.read_text(encoding="utf-8"))
    out: dict[str, Scenario] = {}
    for sc in map(_drop_harbours, doc["scenarios"]):
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


def _classic(new_shores: Scenario) -> Scenario:
    """The base game's board: New Shores' main island and the ring of sea hexes around it
    (its frame, with New Shores' 9 harbour hexes), moved to start at row 0 (an even number
    of rows up, so rows keep their parity and the hex names their shape)."""
    main = {(h["q"], h["r"]) for h in new_shores.hexes if h.get("pool") == "main_island"}
    ring = {(q + dq, r + dr) for q, r in main for dq, dr in DIRS.values()} - main
    keep = [h for h in new_shores.hexes if (h["q"], h["r"]) in main | ring]
    top = min(h["r"] for h in keep)
    dr = top - top % 2
    left = min(h["q"] + (h["r"] - dr + ((h["r"] - dr) & 1)) // 2 for h in keep)
    hexes = []
    for h in keep:
        pos = (h["q"], h["r"])
        row = dict(h, q=h["q"] - left, r=h["r"] - dr)
        if pos in ring:
            row["frame"] = True
            if "serves" in row:
                row["serves"] = [row["serves"][0] - left, row["serves"][1] - dr]
        hexes.append(row)
    hexes.sort(key=lambda h: (h["r"], h["q"]))
    return Scenario(
        id=CLASSIC,
        number=0,
        name="Classic Catan",
        players=(3, 4),
        victory_points=10,  # catan-base.md "The end": 10 in the base game
        hexes=tuple(hexes),
        pools=new_shores.pools,
        harbours=new_shores.harbours,  # 9: 4 x 3:1 and the 5 special 2:1
        rules={},
        rulebook={},
    )


@lru_cache(maxsize=1)
def _layouts() -> dict[str, Scenario]:
    out = dict(_load())
    out[CLASSIC] = _classic(out["new_shores"])
    return out


def scenarios() -> dict[str, Scenario]:
    """Every layout of the data file by id, in rulebook order (the eleven of seafarers.txt;
    :func:`layout` knows ``classic`` too)."""
    return dict(_load())


def layout(lid: str) -> Scenario:
    """Any layout by id: one of the data file's, or ``classic``."""
    try:
        return _layouts()[lid]
    except KeyError:
        raise ValueError(
            f"Unknown layout {lid!r}; they are: {', '.join(_layouts())}.") from None


#: the older name of :func:`layout`
scenario = layout


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
    """The board of a layout with undealt hexes as "land" (pool land) or "hidden"."""
    sc = layout(sid)
    return board_for(sc.positions, tuple(_template_terrain(h) for h in sc.hexes))


def _xy(h: Hex) -> tuple[float, float]:
    return math.sqrt(3) * (h[0] + h[1] / 2), 1.5 * h[1]


def spiral_order(hexes: list[Hex], start: Hex, clockwise: bool) -> list[Hex]:
    """The base game's chip order: the outer ring from ``start`` round, then inwards."""
    return list(_spiral_order(tuple(hexes), start, clockwise))


@lru_cache(maxsize=64)
def _spiral_order(hexes: tuple[Hex, ...], start: Hex, clockwise: bool) -> tuple[Hex, ...]:
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
    return tuple(order)


def red_chips_touch(chips: dict[Hex, int]) -> bool:
    """Do two red chips (6, 8) lie on neighbouring hexes? (hex -> chip)"""
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
    """Lay out a board: the main island of its pool (if any) dealt at random with the base
    game's number spiral, 6s and 8s apart, fixed hexes as printed, harbours shuffled onto
    their hexes. Face-down hexes (Oceans) and land-or-sea hexes (New World) are not dealt
    here: their scenarios will deal them with their own hooks (scenario_rules/)."""
    sc = layout(sid)
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
        if not red_chips_touch(red):
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
    # the robber starts on the desert (catan-base.md); a board without one leaves it off
    # until the first 7 or knight (scenario_rules/ says so in each scenario's rules)
    robber = terrain.index("desert") if "desert" in terrain else None
    return Layout(
        terrain=terrain,
        chips=chips,
        harbours=harbours,
        robber=robber,
        bonus=[h.get("bonus_island") for h in sc.hexes],
        start=[bool(h.get("starting_area")) for h in sc.hexes],
    )
