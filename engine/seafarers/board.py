"""Hex geometry: hexes, corners (intersections) and edges of any board shape, in one system.

Hexes are pointy-top, axial (q, r) as in data/scenarios.json: r grows southward, q eastward
along a row; the neighbours are E (1, 0), W (-1, 0), NE (1, -1), NW (0, -1), SE (0, 1),
SW (-1, 1). Every corner is the N or the S corner of exactly one hex: a corner is
``(q, r, 0)`` (north tip of hex q, r) or ``(q, r, 1)`` (south tip). An edge is the pair of
its two corners. A :class:`Board` numbers the corners and edges of a concrete board
(terrains known) so that the state can hold plain lists indexed by those numbers.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import lru_cache

DIRS: dict[str, tuple[int, int]] = {
    "E": (1, 0),
    "W": (-1, 0),
    "NE": (1, -1),
    "NW": (0, -1),
    "SE": (0, 1),
    "SW": (-1, 1),
}

Hex = tuple[int, int]
Corner = tuple[int, int, int]

N, S = 0, 1

#: terrain -> the resource it yields (gold: any, chosen; desert and sea: none)
RESOURCE_OF: dict[str, str] = {
    "wood": "wood",
    "brick": "brick",
    "meadow": "wool",
    "wheat": "grain",
    "mountain": "ore",
}
RESOURCES: tuple[str, ...] = ("wood", "brick", "wool", "grain", "ore")
#: terrain -> the word players read on the board image (in capitals there) and in move
#: labels: a hex is called by what it yields
TERRAIN_WORDS: dict[str, str] = {
    "wood": "wood",
    "brick": "brick",
    "meadow": "wool",
    "wheat": "grain",
    "mountain": "ore",
    "gold": "gold",
    "desert": "desert",
    "sea": "sea",
    "land": "land",
    "hidden": "?",
}
LAND = frozenset({"wood", "brick", "meadow", "wheat", "mountain", "gold", "desert", "land"})


def hex_corners(q: int, r: int) -> tuple[Corner, ...]:
    """The six corners clockwise from the north tip: N, NE, SE, S, SW, NW."""
    return (
        (q, r, N),
        (q + 1, r - 1, S),
        (q, r + 1, N),
        (q, r, S),
        (q - 1, r + 1, N),
        (q, r - 1, S),
    )


def corner_hexes(c: Corner) -> tuple[Hex, Hex, Hex]:
    """The three hexes meeting at a corner (some may lie off the board)."""
    q, r, tip = c
    if tip == N:
        return (q, r), (q, r - 1), (q + 1, r - 1)
    return (q, r), (q - 1, r + 1), (q, r + 1)


def hex_edges(q: int, r: int) -> tuple[tuple[Corner, Corner], ...]:
    cs = hex_corners(q, r)
    return tuple(edge_key(cs[i], cs[(i + 1) % 6]) for i in range(6))


def edge_key(a: Corner, b: Corner) -> tuple[Corner, Corner]:
    return (a, b) if a <= b else (b, a)


def shared_edge(h1: Hex, h2: Hex) -> tuple[Corner, Corner]:
    """The edge between two neighbouring hexes."""
    common = sorted(set(hex_corners(*h1)) & set(hex_corners(*h2)))
    if len(common) != 2:
        raise ValueError(f"hexes {h1} and {h2} are not neighbours")
    return edge_key(common[0], common[1])


def place_name(q: int, r: int) -> str:
    """A hex's name as the board image prints it: row letter (A at the top) and column
    number (1 at the left, "even-r": column = q + (r + (r & 1)) // 2)."""
    return f"{chr(ord('A') + r)}{q + (r + (r & 1)) // 2 + 1}"


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass
class Board:
    """The numbered topology of one concrete board. Built once per layout and cached.

    ``hexes[i]`` is (q, r); ``terrain[i]`` one of LAND or "sea". Corners and edges are
    those of edges with a hex on both sides (the frame's outer rim holds no pieces).
    """

    hexes: list[Hex]
    terrain: list[str]
    hex_index: dict[Hex, int] = field(default_factory=dict)
    corners: list[Corner] = field(default_factory=list)
    corner_index: dict[Corner, int] = field(default_factory=dict)
    edges: list[tuple[int, int]] = field(default_factory=list)
    edge_index: dict[tuple[int, int], int] = field(default_factory=dict)
    corner_hexes: list[tuple[int, ...]] = field(default_factory=list)
    corner_edges: list[tuple[int, ...]] = field(default_factory=list)
    corner_neighbours: list[tuple[int, ...]] = field(default_factory=list)
    edge_hexes: list[tuple[int, ...]] = field(default_factory=list)
    hex_corners: list[tuple[int, ...]] = field(default_factory=list)
    hex_edges: list[tuple[int, ...]] = field(default_factory=list)
    corner_land: list[bool] = field(default_factory=list)
    edge_land: list[bool] = field(default_factory=list)  # a road may stand here
    edge_sea: list[bool] = field(default_factory=list)  # a ship may stand here
    #: values derived once per board by other modules (moves.py: the Actions and labels)
    memo: dict = field(default_factory=dict, repr=False, compare=False)
    #: values derived from the topology alone (the hexes, which are land and which sea),
    #: shared by every deal on it (board_for copies the topology's Board, this dict and
    #: all): the same for each of New World's harbour placements, a board apiece
    shared: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.hex_index = {h: i for i, h in enumerate(self.hexes)}
        edge_set: set[tuple[Corner, Corner]] = set()
        for h in self.hexes:
            for e in hex_edges(*h):
                a_hexes = set(corner_hexes(e[0])) & set(corner_hexes(e[1]))
                if all(x in self.hex_index for x in a_hexes):
                    edge_set.add(e)
        corner_set = sorted({c for e in edge_set for c in e})
        self.corners = corner_set
        self.corner_index = {c: i for i, c in enumerate(corner_set)}
        self.edges = sorted(
            (self.corner_index[a], self.corner_index[b]) for a, b in edge_set
        )
        self.edge_index = {e: i for i, e in enumerate(self.edges)}
        nc = len(self.corners)
        c_edges: list[list[int]] = [[] for _ in range(nc)]
        c_nb: list[list[int]] = [[] for _ in range(nc)]
        for i, (a, b) in enumerate(self.edges):
            c_edges[a].append(i)
            c_edges[b].append(i)
            c_nb[a].append(b)
            c_nb[b].append(a)
        self.corner_edges = [tuple(x) for x in c_edges]
        self.corner_neighbours = [tuple(x) for x in c_nb]
        self.corner_hexes = [
            tuple(self.hex_index[h] for h in corner_hexes(c) if h in self.hex_index)
            for c in self.corners
        ]
        self.edge_hexes = [
            tuple(sorted(set(self.corner_hexes[a]) & set(self.corner_hexes[b])))
            for a, b in self.edges
        ]
        self.hex_corners = [
            tuple(self.corner_index[c] for c in hex_corners(*h) if c in self.corner_index)
            for h in self.hexes
        ]
        self.hex_edges = [
            tuple(
                self.edge_index[(self.corner_index[a], self.corner_index[b])]
                for a, b in hex_edges(*h)
                if a in self.corner_index
                and b in self.corner_index
                and (self.corner_index[a], self.corner_index[b]) in self.edge_index
            )
            for h in self.hexes
        ]
        self.corner_land = [
            any(self.terrain[h] in LAND for h in hs) for hs in self.corner_hexes
        ]
        self.edge_land = [any(self.terrain[h] in LAND for h in hs) for hs in self.edge_hexes]
        self.edge_sea = [any(self.terrain[h] == "sea" for h in hs) for hs in self.edge_hexes]

    def edge_between(self, h1: Hex, h2: Hex) -> int:
        a, b = shared_edge(h1, h2)
        return self.edge_index[(self.corner_index[a], self.corner_index[b])]


@lru_cache(maxsize=64)
def board_for(hexes: tuple[Hex, ...], terrain: tuple[str, ...], dealt: tuple = ()) -> Board:
    """The cached Board of a layout (the same layout gives the same object). ``dealt``:
    what else of the deal the Actions kept in ``memo`` name in their labels (the chips and
    harbours), so that two deals differing there never share labels: each gets a memo of
    its own over the one topology of the hexes and terrains (New World's harbours, placed
    one by one, change only this)."""
    # the topology reads only which hexes are land and which sea: one per pattern (every
    # deal of the base game's island shares one), with this deal's terrains
    board = copy.copy(_topology(hexes, tuple(
        "land" if t in LAND else t if t == "sea" else "other" for t in terrain)))
    board.terrain = list(terrain)
    board.memo = {}
    return board


@lru_cache(maxsize=64)
def _topology(hexes: tuple[Hex, ...], kinds: tuple[str, ...]) -> Board:
    return Board(list(hexes), list(kinds))
