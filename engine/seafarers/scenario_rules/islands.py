"""The islands of a board: which island a hex or a corner lies on (the special victory
points for settling islands, scenario_rules/base.py ``IslandVP``, and the home islands of
the start settlements)."""

from __future__ import annotations

from ..board import DIRS, LAND
from ..scenarios import layout
from ..state import State


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
    are one island, numbered from 1 in reading order. Kept with the topology
    (``Board.shared``: land and sea fix the landmasses), per layout (its ids)."""
    shared = s.board.shared
    key = ("islands", s.layout)
    got = shared.get(key)
    if got is None:
        fixed = layout(s.layout).islands
        got = shared[key] = (fixed if any(i is not None for i in fixed)
                             else _landmasses(s.board.hexes, s.terrain))
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
