"""The battlefield: 19 standard spaces and the Pirates' 12 Water spaces (rules/neuroshima.md
section 1). Flat-top hexes in axial coordinates (q, r), screen y down; direction 0 is north
and the numbering runs clockwise. Spaces are numbered 0-18 (standard) and 19-30 (Water
W1-W12 in clockwise order; the sheet's W0 is our W1).

Water Adjacency links bridge the missing ring-3 corners; they have no direction and serve
only the Drift order (decision Q6): every directional effect uses true hex edges.
"""

from __future__ import annotations

from typing import NamedTuple

#: direction -> axial step (dq, dr)
DIRS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIR_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")

_STANDARD = sorted(
    ((q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2),
    key=lambda c: (c[0], c[1]),
)
#: the Water ring in clockwise order, W1 first (the sheet's W0 at (1, -3))
WATER_RING: tuple[tuple[int, int], ...] = (
    (1, -3), (2, -3), (3, -2), (3, -1), (2, 1), (1, 2),
    (-1, 3), (-2, 3), (-3, 2), (-3, 1), (-2, -1), (-1, -2),
)

COORDS: tuple[tuple[int, int], ...] = (*_STANDARD, *WATER_RING)
N_STANDARD = 19
N_SPACES = len(COORDS)  # 31
STANDARD: tuple[int, ...] = tuple(range(N_STANDARD))
WATER: tuple[int, ...] = tuple(range(N_STANDARD, N_SPACES))
INDEX: dict[tuple[int, int], int] = {c: i for i, c in enumerate(COORDS)}


def _label(i: int) -> str:
    """Standard spaces: a column letter a-e (west to east) and the row within the column from
    the top (a1-a3, b1-b4, c1-c5, d1-d4, e1-e3); Water spaces W1-W12 clockwise from the top."""
    if i >= N_STANDARD:
        return f"W{i - N_STANDARD + 1}"
    q, r = COORDS[i]
    top = max(-2, -2 - q)
    return f"{'abcde'[q + 2]}{r - top + 1}"


LABELS: tuple[str, ...] = tuple(_label(i) for i in range(N_SPACES))
BY_LABEL: dict[str, int] = {lab.lower(): i for i, lab in enumerate(LABELS)}


def ring(q: int, r: int) -> int:
    return max(abs(q), abs(r), abs(q + r))


#: NEIGHBOUR[space][direction] -> space or -1 (true edges only)
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get((q + dq, r + dr), -1) for dq, dr in DIRS) for q, r in COORDS
)
#: adjacent spaces (true edges), any direction
ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in row if n >= 0) for row in NEIGHBOUR
)


def _line(space: int, d: int) -> tuple[int, ...]:
    out = []
    cur = NEIGHBOUR[space][d]
    while cur >= 0:
        out.append(cur)
        cur = NEIGHBOUR[cur][d]
    return tuple(out)


#: LINE[space][direction] -> the spaces a shot passes, nearest first, to a gap or the edge
LINE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_line(s, d) for d in range(6)) for s in range(N_SPACES)
)


def is_water(space: int) -> bool:
    return space >= N_STANDARD


def _links() -> tuple[tuple[int, int, int, int], ...]:
    """The six Water Adjacency links: (a, direction from a, b, direction from b), where a and
    b are ring neighbours with no common edge and each direction points at the missing corner
    between them."""
    out = []
    for k in range(12):
        a, b = N_STANDARD + k, N_STANDARD + (k + 1) % 12
        if b in NEIGHBOUR[a]:
            continue
        (qa, ra), (qb, rb) = COORDS[a], COORDS[b]
        corner = next((qa + dq, ra + dr) for dq, dr in DIRS
                      if (qa + dq, ra + dr) not in INDEX
                      and max(abs(qa + dq - qb), abs(ra + dr - rb),
                              abs(qa + dq + ra + dr - qb - rb)) == 1)
        da = DIRS.index((corner[0] - qa, corner[1] - ra))
        db = DIRS.index((corner[0] - qb, corner[1] - rb))
        out.append((a, da, b, db))
    return tuple(out)


LINKS: tuple[tuple[int, int, int, int], ...] = _links()


class Geometry(NamedTuple):
    """Who touches whom across each edge, and the lines of fire, under the options of
    decisions Q6 (Water Adjacency links as edges or not) and Q7 (lines of fire enter Water
    or end before it)."""

    neighbour: tuple[tuple[int, ...], ...]
    line: tuple[tuple[tuple[int, ...], ...], ...]


def _geometry(links: bool, enter_water: bool) -> Geometry:
    nb = [list(row) for row in NEIGHBOUR]
    if links:
        for a, da, b, db in LINKS:
            nb[a][da] = b
            nb[b][db] = a

    def line(space: int, d: int) -> tuple[int, ...]:
        out = []
        cur = nb[space][d]
        while cur >= 0 and cur not in out and (enter_water or not is_water(cur)):
            out.append(cur)
            cur = nb[cur][d]
        return tuple(out)

    return Geometry(tuple(tuple(row) for row in nb),
                    tuple(tuple(line(s, d) for d in range(6)) for s in range(N_SPACES)))


#: (links as edges, lines enter Water) -> the geometry; (False, True) is the default
GEOMETRIES: dict[tuple[bool, bool], Geometry] = {
    (links, enter): _geometry(links, enter) for links in (False, True)
    for enter in (False, True)
}
PLAIN: Geometry = GEOMETRIES[False, True]


def drift_next(space: int) -> int:
    """The next Water space clockwise (across a Water Adjacency link where there is one)."""
    return N_STANDARD + (space - N_STANDARD + 1) % 12


def direction_between(a: int, b: int) -> int:
    """The direction from ``a`` to the adjacent space ``b`` (-1 if not adjacent)."""
    try:
        return NEIGHBOUR[a].index(b)
    except ValueError:
        return -1


def distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = COORDS[a], COORDS[b]
    return max(abs(q1 - q2), abs(r1 - r2), abs((q1 + r1) - (q2 + r2)))


#: Wave targets: the six sides of the big hexagon, 3 outer-ring spaces each (section 1.4)
WAVE_LINES: tuple[tuple[int, int, int], ...] = tuple(
    tuple(INDEX[c] for c in line)  # type: ignore[misc]
    for line in (
        ((0, -2), (1, -2), (2, -2)),
        ((2, -2), (2, -1), (2, 0)),
        ((2, 0), (1, 1), (0, 2)),
        ((0, 2), (-1, 2), (-2, 2)),
        ((-2, 2), (-2, 1), (-2, 0)),
        ((-2, 0), (-1, -1), (0, -2)),
    )
)
WAVE_NAMES: tuple[str, ...] = ("top", "upper right", "lower right", "bottom", "lower left",
                               "upper left")


def airstrike_centres(water_counts: bool) -> tuple[int, ...]:
    """Centres whose 7 hexes all exist (section 1.5; Q8: Water counts as battlefield or not)."""
    out = []
    for s in STANDARD:
        if all(n >= 0 and (water_counts or not is_water(n)) for n in NEIGHBOUR[s]):
            out.append(s)
    return tuple(out)


def area(centre: int) -> tuple[int, ...]:
    """A space and its existing neighbours (Air Strike, Clown explosion)."""
    return (centre, *ADJACENT[centre])
