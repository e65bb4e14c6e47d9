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

#: the words of the moves that are their arguments filled in: the spaces by their labels
#: ({space}, {centre}, {to}, {from}), {facing} the facing chosen, {tile} the tile's name,
#: {unit} and {target}: the unit on the move's ``from`` and ``target`` space, by name
WORDS: dict[str, str] = {
    "hq": "Place your HQ on {space}, {facing}",
    "discard": "Discard {tile}",
    "end": "End your turn",
    "battle": "Play Battle: a battle now, then your turn ends",
    "push": "Push Back: {unit} pushes {target}",
    "airstrike": "Air Strike centred on {centre}",
    "tavern": "Activate the Tavern on {space}: a battle now",
    "grab": "Grab: the Harpoon on {from} pulls {target}",
    "choose": "Put your unit on {to}, {facing}",
    "drift_turn": "Turn the Drift unit on {space}: {facing}",
    "drift_keep": "Keep the facing of the Drift units still to turn",
}


def label(s: dict, kind: str, a: Mapping[str, Any]) -> str:
    """A sentence a player understands for the move ``kind`` with arguments ``a``."""
    if kind in WORDS:
        return WORDS[kind].format(**_label_fields(WORDS[kind], s["board"], a))
    if kind == "place":
        return place_label(a["tile"], a["space"], a["rot"], bool(a.get("boarding")))
    if kind == "move":
        where = "stays" if a["from"] == a["to"] else f"to {a['to']}"
        return f"Move {_unit_at(s['board'], a['from'])}: {where}, {facing_text(a['rot'])}"
    if kind == "wave":
        line = WAVE_LINES[a["line"]]
        return f"Wave on the {WAVE_NAMES[a['line']]} side ({', '.join(LABELS[i] for i in line)})"
    return kind


def _unit_at(board: list, space: str) -> str:
    return f"{tile_name(board[BY_LABEL[space.lower()]][0])} on {space}"


def _label_fields(words: str, board: list, a: Mapping[str, Any]) -> dict[str, str]:
    """What the label ``words`` (of ``WORDS``) names, from the move's arguments."""
    fields = {k: v for k, v in a.items() if isinstance(v, str)}
    if "rot" in a:
        fields["facing"] = facing_text(a["rot"])
    if "tile" in a:
        fields["tile"] = tile_name(a["tile"])
    if "{unit}" in words:
        fields["unit"] = _unit_at(board, a["from"])
    if "{target}" in words:
        fields["target"] = _unit_at(board, a["target"])
    return fields


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
