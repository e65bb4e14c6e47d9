"""Pirate Tricks' moves as Actions: the argument each kind carries, and the Actions
themselves, made once and shared. The game (game.py) and the AI (ai.py) both name their
moves through ``action_of``, so neither imports the other."""

from __future__ import annotations

from typing import Any

from engine.core import Action

from .cards import NAMES, TRICKS
from .rules import P, row_name
from .state import State

#: the argument of each kind of move: its key in ``Action.args`` and its type
ARG: dict[str, tuple[str, type]] = {
    "bid": ("amount", int),
    "reveal": ("card", str),
    "give": ("seat", int),
    "ditch": ("card", str),
    "predict": ("tricks", int),
    "play": ("card", str),
}
MISSING = object()


def arg_of(action: Action) -> Any:
    """The rules' argument of an Action, or MISSING when its args are malformed."""
    spec = ARG.get(action.kind)
    if spec is None:
        return MISSING
    key, typ = spec
    try:
        args = action.args
        if len(args) != 1 or key not in args:
            return MISSING
        value = args[key]
    except (AttributeError, TypeError):
        return MISSING
    if type(value) is not typ:
        return MISSING
    return value


# Actions are immutable: the common ones are made once and shared (random play and the AI
# ask for legal moves hundreds of thousands of times).
BIDS: list[Action] = [Action("bid", {"amount": k}, f"Bid {k} loon (sealed)") for k in range(200)]
PREDICT: list[Action] = [
    Action("predict", {"tricks": k}, f"Predict {k} trick{'' if k == 1 else 's'}")
    for k in range(TRICKS + 1)
]
CARD_ACTIONS: dict[str, dict[str, Action]] = {
    "reveal": {c: Action("reveal", {"card": c}, f"Reveal {name} for the tie-break")
               for c, name in NAMES.items()},
    "ditch": {c: Action("ditch", {"card": c}, f"Ditch {name}") for c, name in NAMES.items()},
    "play": {c: Action("play", {"card": c}, f"Play {name}") for c, name in NAMES.items()},
}


def bid_action(k: int) -> Action:
    return BIDS[k] if k < len(BIDS) else Action("bid", {"amount": k}, f"Bid {k} loon (sealed)")


def give_action(s: State, seat: int, target: int) -> Action:
    text = (f"Take {row_name(s.row)} yourself" if target == seat
            else f"Give {row_name(s.row)} to {P(target)}")
    return Action("give", {"seat": target}, text)


def action_of(s: State, seat: int, kind: str, arg: Any) -> Action:
    if kind == "bid":
        return bid_action(arg)
    if kind == "predict":
        return PREDICT[arg]
    if kind == "give":
        return give_action(s, seat, arg)
    return CARD_ACTIONS[kind][arg]
