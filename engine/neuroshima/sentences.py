"""Neuroshima Hex!'s refusals: why a move is refused and what the player may do instead."""

from __future__ import annotations

from typing import Any

from engine.core import Action

from . import rules

HINTS: dict[str, str] = {
    "hq": "place your HQ", "discard": "discard a tile", "end": "end your turn",
    "place": "place a tile", "battle": "play a Battle tile", "move": "play Move",
    "push": "play Push Back", "airstrike": "play Air Strike", "wave": "play Wave",
    "tavern": "activate the Tavern", "grab": "grab with a Harpoon",
    "choose": "choose where your unit goes", "drift_turn": "turn a Drift unit",
    "drift_keep": "keep the facing of the Drift units",
}


def refusal(s: dict, seat: Any, action: Action) -> str:
    if s["phase"] == "over":
        return "The game is over."
    if type(seat) is not int or seat not in (0, 1):
        return "That seat is not in this game."
    if seat not in rules.to_act(s):
        return "It is not your turn; the other player is to move."
    kinds = list(dict.fromkeys(k for k, _ in rules.options(s, seat)))
    if action.kind not in HINTS:
        why = f"There is no move called {action.kind!r}"
    elif action.kind not in kinds:
        why = "That kind of move is not possible now"
    else:
        why = "That move is not possible here (check the tile, the space and the facing)"
    return f"{why}. You may now: {', '.join(HINTS[k] for k in kinds)}."


