"""Small builders for Seafarers rule tests: a dealt New Shores board in the main phase,
pieces put straight on it, and places found by their geometry (never by fixed numbers)."""

from __future__ import annotations

from engine.core import Action
from engine.seafarers import GAME
from engine.seafarers import rules as R
from engine.seafarers.board import RESOURCES
from engine.seafarers.state import Phase, State


def main_state(n: int = 4, seed: str = "t") -> State:
    """New Shores after the founding phase with no pieces: seat 0 to trade and build."""
    s = R.new_state(n, seed)
    s.phase = Phase.MAIN
    s.turn = 0
    s.setup_step = 2 * n
    return s


def give(s: State, seat: int, **cards: int) -> None:
    for r, k in cards.items():
        i = RESOURCES.index(r)
        s.hands[seat][i] += k
        s.bank[i] -= k


def hand(s: State, seat: int) -> dict[str, int]:
    return dict(zip(RESOURCES, s.hands[seat], strict=True))


def kinds(s: State, seat: int) -> set[str]:
    return {k for k, _ in R.legal(s, seat)}


def moves(s: State, seat: int, kind: str) -> list[dict]:
    return [a for k, a in R.legal(s, seat) if k == kind]


def act(s: State, who: int, kind: str, **args) -> list:
    return GAME.apply(s, who, Action(kind, args))


def counter(s: State, seat: int, give: dict[str, int], get: dict[str, int]) -> None:
    """``seat`` answers the open offer with a counter-offer: it gives ``give`` and asks
    for ``get``, card by card, then sends it."""
    act(s, seat, "counter")
    for kind, side in (("counter_give", give), ("counter_get", get)):
        for res, k in side.items():
            for _ in range(k):
                act(s, seat, kind, res=res)
    act(s, seat, "counter_send")


def main_hexes(s: State) -> list[int]:
    start, _ = R.hex_info(s)
    return [h for h in range(len(s.terrain)) if start[h]]


def island_hexes(s: State) -> list[int]:
    _, islands = R.hex_info(s)
    return [h for h in range(len(s.terrain)) if islands[h] is not None]


def coastal_corner(s: State, hexes: list[int]) -> int:
    """A corner of one of ``hexes`` between it and two sea hexes (so a sea-only edge leaves it)."""
    b = s.board
    for h in hexes:
        for c in b.hex_corners[h]:
            hs = b.corner_hexes[c]
            sea = sum(s.terrain[x] == "sea" for x in hs)
            if len(b.corner_edges[c]) == 3 and sea == 2:
                return c
    raise AssertionError("no coastal corner")


def sea_edges_at(s: State, c: int, only_sea: bool = False) -> list[int]:
    b = s.board
    return [
        e for e in b.corner_edges[c]
        if b.edge_sea[e] and (not only_sea or not b.edge_land[e])
    ]


def far_end(s: State, e: int, c: int) -> int:
    a, d = s.board.edges[e]
    return d if a == c else a


def build(s: State, seat: int, corner: int, level: int = 1) -> None:
    s.buildings[corner] = [seat, level]


def lay(s: State, seat: int, edge: int, kind: str = "road") -> None:
    s.routes[edge] = [seat, kind]
