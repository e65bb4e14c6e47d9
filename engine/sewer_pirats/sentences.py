"""Sewer Pirats' refusals: why a move is refused and what the player may do instead."""

from __future__ import annotations

from engine.core import Action

from . import rules
from .actions import HINTS, key_of
from .state import OVER, State


def refusal(s: State, seat: int, action: Action) -> str:
    """Why a move is refused and what the seat may do instead (a sentence, nothing hidden)."""
    if s.phase == OVER:
        return "The game is over."
    if type(seat) is not int or not 0 <= seat < s.n:
        return "That seat is not in this game."
    kinds = list(dict.fromkeys(a.kind for a in rules.options(s, seat)))
    if action.kind not in HINTS:
        why = f"There is no move called {action.kind!r}"
    elif key_of(action) is None:
        why = f"That {action.kind!r} move is malformed"
    elif seat not in rules.to_act(s):
        why = "It is another player's turn"
    elif action.kind in kinds:
        why = "That is not one of your choices (too few matching cards, or the space is " \
              "not free)"
    else:
        why = "That is not possible now"
    if not kinds:
        return f"{why}; you have nothing to do now."
    return f"{why}. You may now: {', '.join(HINTS[k] for k in kinds)}."


