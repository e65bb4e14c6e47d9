"""Actions as Discord carries them: select values, autocomplete values, typed text.

A select option value or autocomplete value holds at most 100 characters. An action is
carried as its compact JSON (``{"kind":..,"args":..}``) when that fits, else as a short
token (a hash of kind and args) looked up again among the seat's legal actions. Either way
the engine judges the move when it is applied, so a forged or stale value can never do
more than a typed one: be refused with the engine's reason.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence

from cogs.texts import LABEL_LIMIT, clip, fill
from engine.core import Action


def _canon(action: Action) -> str:
    return json.dumps({"kind": action.kind, "args": dict(action.args)}, sort_keys=True,
                      separators=(",", ":"))


def token(action: Action) -> str:
    """A short stable name of the action: ``#`` and 12 hex digits of a hash."""
    return "#" + hashlib.sha1(_canon(action).encode()).hexdigest()[:12]


def encode(action: Action) -> str:
    """The value to carry in a select option or an autocomplete choice (<= 100 chars)."""
    text = _canon(action)
    return text if len(text) <= LABEL_LIMIT else token(action)


def label(action: Action, names: Sequence[str] = (), markdown: bool = False) -> str:
    """The action's sentence with the captains' names in it, at most 100 characters."""
    text = fill(action.label or action.kind.replace("_", " "), names, markdown=markdown)
    return clip(text, LABEL_LIMIT)


def decode(value: str, legal: Sequence[Action], names: Sequence[str] = ()) -> Action | None:
    """The action a value or typed text stands for, or None when it names nothing.

    Tried in order: a token of a legal action, the JSON of an action (legal or not: the
    engine will say why not), the exact label of a legal action (case ignored), and a
    part of a label that only one legal action contains.
    """
    text = value.strip()
    if not text:
        return None
    if text.startswith("#"):
        return next((a for a in legal if token(a) == text), None)
    if text.startswith("{"):
        try:
            data = json.loads(text)
            found = Action.from_dict(data)
        except (ValueError, KeyError, TypeError, AttributeError):
            return None
        return next((a for a in legal if a == found), found)
    folded = text.casefold()
    exact = [a for a in legal if label(a, names).casefold() == folded or a.kind == text]
    if len(exact) == 1:
        return exact[0]
    partial = [a for a in legal if folded in label(a, names).casefold()]
    return partial[0] if len(partial) == 1 else None


def choices(
    actions: Iterable[Action], typed: str, names: Sequence[str] = (), limit: int = 25
) -> list[tuple[str, str]]:
    """(name, value) pairs for autocomplete: the actions whose label holds every typed word."""
    words = typed.casefold().split()
    out: list[tuple[str, str]] = []
    for a in actions:
        name = label(a, names)
        folded = name.casefold()
        if all(w in folded for w in words):
            out.append((name, encode(a)))
        if len(out) >= limit:
            break
    return out
