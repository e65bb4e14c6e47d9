"""Views of a Neuroshima Hex! state. Everything on the table is public, hands included (the
tiles in hand are face up); only the order of the draw piles is hidden."""

from __future__ import annotations

import random
from typing import Any

from engine.core import json_copy

from . import battle
from .board import LABELS, N_SPACES
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
    }


def determinize(s: dict, seat: int | None, rng: random.Random) -> dict:
    """Only the order of each draw pile is unknown to everyone: shuffle it again."""
    world = clone(s)
    for pile in world["piles"]:
        pile.sort()
        rng.shuffle(pile)
    return world




def clone(s: dict) -> dict:
    return json_copy(s)
