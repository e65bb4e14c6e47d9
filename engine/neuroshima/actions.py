"""The moves of Neuroshima Hex! as Actions: each legal (kind, args) pair of
``rules.options`` with its label, a sentence a player understands. The AI picks among the
same list the game offers (``labelled_actions``), and the panel names the placements it
plans with ``place_label``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Action

from . import rules
from .board import BY_LABEL, LABELS, WAVE_LINES, WAVE_NAMES
from .rules import facing_text, tile_name


def _unit_at(board: list, space: str) -> str:
    return f"{tile_name(board[BY_LABEL[space.lower()]][0])} on {space}"


def _move(a: Mapping[str, Any], board: list) -> str:
    where = "stays" if a["from"] == a["to"] else f"to {a['to']}"
    return f"Move {_unit_at(board, a['from'])}: {where}, {facing_text(a['rot'])}"


def _wave(a: Mapping[str, Any], board: list) -> str:
    spaces = ", ".join(LABELS[i] for i in WAVE_LINES[a["line"]])
    return f"Wave on the {WAVE_NAMES[a['line']]} side ({spaces})"


#: the label of each kind of move, from its arguments ``a`` and the board (``b``, for the
#: units a move names)
WORDS: dict[str, Callable[[Mapping[str, Any], list], str]] = {
    "hq": lambda a, b: f"Place your HQ on {a['space']}, {facing_text(a['rot'])}",
    "discard": lambda a, b: f"Discard {tile_name(a['tile'])}",
    "end": lambda a, b: "End your turn",
    "place": lambda a, b: place_label(a["tile"], a["space"], a["rot"], bool(a.get("boarding"))),
    "battle": lambda a, b: "Play Battle: a battle now, then your turn ends",
    "move": _move,
    "push": lambda a, b: f"Push Back: {_unit_at(b, a['from'])} pushes {_unit_at(b, a['target'])}",
    "airstrike": lambda a, b: f"Air Strike centred on {a['centre']}",
    "wave": _wave,
    "tavern": lambda a, b: f"Activate the Tavern on {a['space']}: a battle now",
    "grab": lambda a, b: f"Grab: the Harpoon on {a['from']} pulls {_unit_at(b, a['target'])}",
    "choose": lambda a, b: f"Put your unit on {a['to']}, {facing_text(a['rot'])}",
    "drift_turn": lambda a, b: f"Turn the Drift unit on {a['space']}: {facing_text(a['rot'])}",
    "drift_keep": lambda a, b: "Keep the facing of the Drift units still to turn",
}


def label(s: dict, kind: str, a: Mapping[str, Any]) -> str:
    """A sentence a player understands for the move ``kind`` with arguments ``a``."""
    words = WORDS.get(kind)
    return kind if words is None else words(a, s["board"])


def place_label(tile: str, space: str, rot: int, boarding: bool = False) -> str:
    """A placement's words, the same whether it is legal now or planned for later in the
    turn (the panel plans a whole turn before it is played)."""
    extra = " and start a battle (Boarding)" if boarding else ""
    return f"Place {tile_name(tile)} on {space}, {facing_text(rot)}{extra}"


def labelled_actions(state: dict, seat: int) -> list[Action]:
    """The legal actions with labels (ai.py picks among them). Placements, most of the list,
    are labelled once, when the module loads."""
    return rules.options(state, seat, make=lambda k, a: Action(k, a, label(state, k, a)),
                         places=_PLACE_ACTIONS)


def _place_actions() -> dict[tuple[str, int], tuple[list[Action], list[Action]]]:
    """rules.PLACES with each placement labelled."""
    return {key: tuple([Action(kind, a, place_label(a["tile"], a["space"], a["rot"],
                                                     "boarding" in a)) for kind, a in moves]
                       for moves in pair)  # type: ignore[misc]
            for key, pair in rules.PLACES.items()}


_PLACE_ACTIONS = _place_actions()
