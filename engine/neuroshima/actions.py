"""The moves of Neuroshima Hex! as Actions: each legal (kind, args) pair of
``rules.options`` with its label, a sentence a player understands. The AI picks among the
same list the game offers (``labelled_actions``), and the panel names the placements it
plans with ``place_label``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action

from . import rules
from .board import BY_LABEL, LABELS, WAVE_LINES, WAVE_NAMES
from .rules import facing_text, tile_name


def label(s: dict, kind: str, a: Mapping[str, Any]) -> str:
    board = s["board"]

    def at(lab: str) -> str:
        u = board[BY_LABEL[lab.lower()]]
        return f"{tile_name(u[0])} on {lab}"

    if kind == "hq":
        return f"Place your HQ on {a['space']}, {facing_text(a['rot'])}"
    if kind == "discard":
        return f"Discard {tile_name(a['tile'])}"
    if kind == "end":
        return "End your turn"
    if kind == "place":
        return place_label(a["tile"], a["space"], a["rot"], bool(a.get("boarding")))
    if kind == "battle":
        return "Play Battle: a battle now, then your turn ends"
    if kind == "move":
        where = "stays" if a["from"] == a["to"] else f"to {a['to']}"
        return f"Move {at(a['from'])}: {where}, {facing_text(a['rot'])}"
    if kind == "push":
        return f"Push Back: {at(a['from'])} pushes {at(a['target'])}"
    if kind == "airstrike":
        return f"Air Strike centred on {a['centre']}"
    if kind == "wave":
        line = WAVE_LINES[a["line"]]
        return f"Wave on the {WAVE_NAMES[a['line']]} side ({', '.join(LABELS[i] for i in line)})"
    if kind == "tavern":
        return f"Activate the Tavern on {a['space']}: a battle now"
    if kind == "grab":
        return f"Grab: the Harpoon on {a['from']} pulls {at(a['target'])}"
    if kind == "choose":
        return f"Put your unit on {a['to']}, {facing_text(a['rot'])}"
    if kind == "drift_turn":
        return f"Turn the Drift unit on {a['space']}: {facing_text(a['rot'])}"
    if kind == "drift_keep":
        return "Keep the facing of the Drift units still to turn"
    return kind


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
