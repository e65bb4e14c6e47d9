"""Views of a Neuroshima Hex! state. Everything on the table is public, hands included (the
tiles in hand are face up), and so are the table's options; only the order of the draw piles
is hidden.

``board_of`` and ``with_placed`` read a view back into a board, for what the panel shows of a
turn planned but not yet played (the facing it suggests, the picture of the tiles planned)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import json_copy

from . import battle
from .board import BY_LABEL, LABELS, N_SPACES
from .rules import pirates_seat, to_act
from .tiles import TILES


def unit_view(u: list, space: int, held: dict[int, int]) -> dict[str, Any]:
    row = TILES[u[0]]
    return {
        "space": LABELS[space], "tile": u[0], "name": row["name"], "owner": u[1],
        "rot": u[2], "wounds": u[3], "netted": space in held, "kind": row["kind"],
        "toughness": row["t"],
    }


def pending_text(s: dict) -> str | None:
    p = s["pending"]
    if p is None:
        return None
    if p["kind"] == "drift":
        return f"{{name}} turns the Drift unit on {p['spaces'][0]} (or keeps its facing)"
    what = "pushed" if p["kind"] == "push" else "grabbed"
    return f"{{name}} chooses where the {what} unit on {p['space']} goes"


def view(s: dict, seat: int | None) -> dict[str, Any]:
    board = s["board"]
    held = battle.nets(board, s["opts"])
    return {
        "game": "neuroshima",
        "seat": seat,
        "n": 2,
        "armies": list(s["armies"]),
        "phase": s["phase"],
        "to_act": sorted(to_act(s)),
        "turn": s["turn"],
        "turn_no": s["turn_no"],
        "board": [unit_view(board[i], i, held) for i in range(N_SPACES) if board[i] is not None],
        "hq": list(s["hq_t"]),
        "piles": [len(p) for p in s["piles"]],
        "hands": [sorted(h) for h in s["hands"]],
        "discards": [len(d) for d in s["discards"]],
        "lost": list(s["lost"]),
        "implant_used": s["implant_used"],
        "last_draw": s["last_draw"],
        "turns_left": s["turns_left"],
        "tiebreak": s["tiebreak"],
        "pirates": pirates_seat(s),
        "pending": pending_text(s),
        "pending_seat": None if s["pending"] is None else s["pending"]["seat"],
        "last_battle": s["last_battle"],
        "log": list(s["log"]),
        "result": s["result"],
        "opts": dict(s["opts"]),
    }


def board_of(v: Mapping[str, Any]) -> list:
    """The board of a view as the engine holds it (space -> [tile, owner, facing, wounds,
    id] or None); the ids are left at 0, nothing that reads a board for a picture or a
    hint needs them."""
    board: list = [None] * N_SPACES
    for u in v["board"]:
        board[BY_LABEL[str(u["space"]).lower()]] = [u["tile"], u["owner"], u["rot"],
                                                    u["wounds"], 0]
    return board


def with_placed(v: Mapping[str, Any], seat: int,
                placed: Sequence[tuple[str, str, int]]) -> dict[str, Any]:
    """The view with ``seat``'s tiles (tile, space, facing) put on the board, the nets
    worked out again: the picture of a turn planned in the panel, not played. A battle the
    last tile would start is not fought here (it is the engine's to fight, on a copy of the
    state, when that tile is the whole plan)."""
    board = board_of(v)
    for key, space, rot in placed:
        board[BY_LABEL[space.lower()]] = [key, seat, rot, 0, 0]
    held = battle.nets(board, v.get("opts"))
    out = dict(v)
    out["board"] = [unit_view(board[i], i, held) for i in range(N_SPACES)
                    if board[i] is not None]
    return out


def determinize(s: dict, seat: int | None, rng: random.Random) -> dict:
    """Only the order of each draw pile is unknown to everyone: shuffle it again."""
    world = clone(s)
    for pile in world["piles"]:
        pile.sort()
        rng.shuffle(pile)
    return world


def clone(s: dict) -> dict:
    return json_copy(s)
