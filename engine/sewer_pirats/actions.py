"""The shape of a move: the named arguments each kind of Action carries, and the key that
identifies a move among the legal ones (so a typed or stale Action is matched exactly,
whatever its label, with JSON types respected: 1 is not "1", nor true)."""

from __future__ import annotations

from typing import Any

from engine.core import Action

#: kind -> its arguments, in key order, with their JSON type
SCHEMA: dict[str, tuple[tuple[str, type], ...]] = {
    "draw": (("take", list),),
    "move": (("ship", str), ("tribe", str), ("from", int), ("to", int)),
    "captain": (("ship", str), ("tribe", str), ("from", int)),
    "sail": (("ship", str),),
    "seize": (("token", str),),
    "stay": (),
    "leave": (),
    "discard": (("card", str),),
    "reveal": (),
    "no_reveal": (),
    "end": (),
    "idle": (),
    "tribe": (("tribe", str),),
    "start_bid": (("figure", int), ("bid", int)),
    "raise": (("bid", int),),
    "pass": (),
    "pay": (("card", str),),
}

#: what each kind does, for refusals ("You may now: ...")
HINTS: dict[str, str] = {
    "draw": "draw two cards",
    "move": "move a figure to a crew space",
    "captain": "make a figure captain",
    "sail": "set sail",
    "seize": "seize a booty token",
    "stay": "keep your toad aboard",
    "leave": "take no second token with your rat",
    "discard": "discard a card",
    "reveal": "reveal the top card for your snail",
    "no_reveal": "leave the deck alone",
    "end": "end your turn",
    "idle": "pass your turn",
    "tribe": "choose your tribe",
    "start_bid": "pick a figure at the bar and bid",
    "raise": "raise the bid",
    "pass": "pass",
    "pay": "pay a card of your bid",
}


def key_of(action: Action) -> tuple | None:
    """The key of a well-formed action (the rules' options carry the same keys), else
    None."""
    fields = SCHEMA.get(action.kind)
    if fields is None:
        return None
    args = action.args
    try:
        if len(args) != len(fields):
            return None
        out: list[Any] = [action.kind]
        for name, typ in fields:
            value = args[name]
            if type(value) is not typ:
                return None
            if typ is list:
                if not all(type(v) is str for v in value):
                    return None
                value = tuple(value)
            out.append(value)
    except (KeyError, TypeError, AttributeError):
        return None
    return tuple(out)
