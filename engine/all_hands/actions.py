"""The shape of a move: how each kind of Action carries its argument (a card, a seat, both,
or nothing), and the conversion between Actions and the rules' (kind, argument) pairs."""

from __future__ import annotations

from typing import Any

from engine.core import JSON, Action

#: how a move's kind takes its argument: a card, a seat ("target"), both, or nothing
CARD_KINDS = frozenset({
    "bid_add", "bid_remove", "discard", "resolve", "plunder", "mermaid_keep", "give",
    "tribute", "king_keep", "cheat_keep", "honor_keep",
})
SEAT_CARD_KINDS = frozenset({"cutpurse", "eight"})
TARGET_KINDS = frozenset({"call_cheat", "brawl"})
PLAIN_KINDS = frozenset({
    "bid_confirm", "pass", "forfeit", "discard_done", "cutpurse_none", "king_done",
    "cheat_keep_none", "auto_keep_on", "auto_keep_off", "open_discard",
})
#: the discard settings (rules.skips_discard): a captain's own, shown to nobody else
SETTING_KINDS = frozenset({"auto_keep_on", "auto_keep_off", "open_discard"})

MISSING = object()


def arg_of(action: Action) -> Any:
    """The rules' argument of an Action, or MISSING when its args are malformed."""
    kind, args = action.kind, action.args
    try:
        if kind in CARD_KINDS:
            if len(args) == 1 and isinstance(args.get("card"), str):
                return args["card"]
        elif kind in SEAT_CARD_KINDS:
            seat, card = args.get("seat"), args.get("card")
            if len(args) == 2 and type(seat) is int and isinstance(card, str):
                return (seat, card)
        elif kind in TARGET_KINDS:
            target = args.get("target")
            if len(args) == 1 and type(target) is int:
                return target
        elif kind in PLAIN_KINDS:
            if not args:
                return None
    except (AttributeError, TypeError):
        pass
    return MISSING


def args_of(kind: str, arg: Any) -> dict[str, JSON]:
    if kind in CARD_KINDS:
        return {"card": arg}
    if kind in SEAT_CARD_KINDS:
        return {"seat": arg[0], "card": arg[1]}
    if kind in TARGET_KINDS:
        return {"target": arg}
    return {}
