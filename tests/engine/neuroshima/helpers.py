"""Hand-built positions for the Neuroshima tests: units are put on spaces by label."""

from __future__ import annotations

from engine.core import Action
from engine.neuroshima import GAME
from engine.neuroshima.board import BY_LABEL, N_SPACES

PIRATES, MOLOCH = 0, 1  # seats under the default "armies" option


def sp(label: str) -> int:
    return BY_LABEL[label.lower()]


def empty_board() -> list:
    return [None] * N_SPACES


def put(board: list, label: str, key: str, owner: int, rot: int = 0, wounds: int = 0) -> list:
    uid = 1 + max([u[4] for u in board if u is not None], default=0)
    board[sp(label)] = [key, owner, rot, wounds, uid]
    return board[sp(label)]


def at(board: list, label: str) -> list | None:
    return board[sp(label)]


def playing(hq_p: str = "W1", hq_m: str = "c3", hands=None, seed: str = "t", **opts) -> dict:
    """A game after both HQs are placed, with the first player (Pirates) to play and the given
    hands (replacing what was drawn; the replaced tiles go back to the piles)."""
    s = GAME.setup(2, opts, seed)
    GAME.apply(s, 0, Action("hq", {"space": hq_p, "rot": 0}))
    GAME.apply(s, 1, Action("hq", {"space": hq_m, "rot": 0}))
    if hands is not None:
        for seat in (0, 1):
            s["piles"][seat].extend(s["hands"][seat])
            s["hands"][seat] = []
            for key in hands[seat]:
                s["piles"][seat].remove(key)
                s["hands"][seat].append(key)
    s["phase"] = "play"
    return s


def act(s: dict, seat: int, kind: str, **args) -> list:
    return GAME.apply(s, seat, Action(kind, args))


def kinds(s: dict, seat: int) -> set[str]:
    return {a.kind for a in GAME.legal_actions(s, seat)}


def legal(s: dict, seat: int, kind: str) -> list[dict]:
    return [dict(a.args) for a in GAME.legal_actions(s, seat) if a.kind == kind]
