"""What a tile would do where a player may put it, for the panel (issue 22, "Fewer clicks").

When a player picks a space for a tile, the panel turns the tile at once to the facing
``best_facing`` suggests, and the player keeps it or turns it with the arrows: a placement
costs one pick when the suggestion suits, two when it does not. Every facing stays on offer;
the suggestion only saves a click, and it is judged as a placement is played (the engine's
``apply``), like any other move.

The suggestion, in a player's words: point the tile's attacks, nets and module links at what
they reach now (the enemy HQ counting triple, the quick reading of ``ai.threat``); where they
reach nothing yet, point its weapons (or its armour, for a tile that has only armour) towards
the enemy HQ, and a module's links towards its own HQ. ``reach`` names what the attacks and
nets would hit, for the words beside each space.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .ai import threat
from .battle import armoured, is_hq
from .board import COORDS, DIRS, LINE, NEIGHBOUR, STANDARD
from .tiles import ROTATIONS, TILES

#: the space a tile points at before any HQ stands: the centre (c3)
CENTRE = next(i for i in STANDARD if COORDS[i] == (0, 0))


def _xy(q: float, r: float) -> tuple[float, float]:
    """Flat-top axial coordinates on a plane (x east, y south)."""
    return 1.5 * q, math.sqrt(3) * (r + q / 2)


#: direction -> unit vector on the plane
_DIR_XY = tuple(_xy(dq, dr) for dq, dr in DIRS)


def _hq_of(board: Sequence, seat: int) -> int | None:
    return next((i for i, u in enumerate(board)
                 if u is not None and u[1] == seat and is_hq(u)), None)


def reach(board: Sequence, space: int, unit: Sequence) -> list[int]:
    """The enemy spaces that ``unit`` (tile, owner, facing, ...) would hit from ``space``
    now: adjacent enemies on its melee and net edges, the first enemy on each ranged line
    (none through its armour's last point), every enemy on a Gauss line, the first enemy
    within 3 on a Water Gun line. An HQ never wounds the enemy HQ (rules/neuroshima.md,
    2.7, "HQ vs HQ"): an HQ never reaches it."""
    row = TILES[unit[0]]
    seat, rot = unit[1], unit[2]
    out: list[int] = []

    def enemy(n: int) -> bool:
        v = board[n]
        return v is not None and v[1] != seat and not (row["kind"] == "hq" and is_hq(v))

    for e in [*row["melee"], *row["net"]]:
        n = NEIGHBOUR[space][(e + rot) % 6]
        if n >= 0 and enemy(n):
            out.append(n)
    for e, strength in row["ranged"].items():
        d = (e + rot) % 6
        first = next((n for n in LINE[space][d]
                      if board[n] is not None and board[n][1] != seat), None)
        if first is not None and enemy(first) and strength - armoured(board[first], d) > 0:
            out.append(first)
    for e in row["gauss"]:
        out += [n for n in LINE[space][(e + rot) % 6] if enemy(n)]
    for e in row["water_gun"]:
        first = next((n for n in LINE[space][(e + rot) % 6][:3]
                      if board[n] is not None and board[n][1] != seat), None)
        if first is not None and enemy(first):
            out.append(first)
    return list(dict.fromkeys(out))


def _aim(board: Sequence, seat: int, key: str, space: int, rot: int) -> float:
    """How squarely the tile's weapons point at the enemy HQ (its links at its own HQ):
    the cosine of each edge's direction with the way there, weighted by strength."""
    row = TILES[key]
    enemy, own = _hq_of(board, 1 - seat), _hq_of(board, seat)
    weapons = [*row["melee"].items(), *row["ranged"].items(),
               *((e, 2) for e in row["gauss"]), *((e, 2) for e in row["water_gun"]),
               *((e, 1) for e in row["net"])]
    if not weapons:
        weapons = [(e, 1) for e in row["armor"]]
    total = 0.0
    for edges, goal in ((weapons, CENTRE if enemy is None else enemy),
                        ([(e, 1) for e in row["conn"]], own)):
        if goal is None or goal == space or not edges:
            continue
        x0, y0 = _xy(*COORDS[space])
        x1, y1 = _xy(*COORDS[goal])
        gx, gy = x1 - x0, y1 - y0
        length = math.hypot(gx, gy)
        for e, weight in edges:
            dx, dy = _DIR_XY[(e + rot) % 6]
            total += weight * (dx * gx + dy * gy) / (length * math.hypot(dx, dy))
    return total


def best_facing(board: Sequence, seat: int, key: str, space: int) -> int:
    """The facing the panel suggests for ``seat``'s tile ``key`` on the empty ``space`` (see
    the module docstring): the most enemy value reached, then the best aim, then the
    lowest facing (north first)."""
    b = list(board)

    def score(rot: int) -> tuple[float, float, int]:
        unit = [key, seat, rot, 0, 0]
        b[space] = unit
        reached = round(threat(b, space, unit), 6)
        b[space] = None
        return reached, round(_aim(board, seat, key, space, rot), 6), -rot

    return max(ROTATIONS[key], key=score)
