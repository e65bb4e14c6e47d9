"""Actions as Discord carries them: select values, autocomplete values, typed text.

A select option value or autocomplete value holds at most 100 characters. An action is
carried as its compact JSON (``{"kind":..,"args":..}``) when that fits, else as a short
token (a hash of kind and args) looked up again among the seat's legal actions. Either way
the engine judges the move when it is applied, so a forged or stale value can never do
more than a typed one: be refused with the engine's reason.

The autocomplete lists (the move lists, and the games' own lists of cards, tiles and
figures) are ordered by ``ranked`` (issue 14): what starts with the typed text first, then
what holds it elsewhere, each group in the list's own order. Every autocomplete handler is
wrapped in ``busy_choices`` (issue 21, item 4): while the database is busy or not
answering, the list holds one choice saying so, where discord.py would log the failure at
ERROR and the person would see no list at all.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, TypeVar

import discord
from discord import app_commands

from cogs.look.texts import DB_BUSY_CHOICE, DB_BUSY_VALUE, LABEL_LIMIT, clip, fill
from data.db import StoreBusy
from engine.core import Action

#: the longest typed JSON read as an action: every legal action of every game is far
#: shorter (select and autocomplete values are 100 characters at most)
JSON_LIMIT = 1000
#: the deepest nesting of brackets read as an action (the games' args nest 3 at most)
DEPTH_LIMIT = 8


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


def _nesting(text: str) -> int:
    """How deep the brackets of a JSON text nest (brackets inside strings not counted)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _from_json(text: str) -> Action | None:
    """The action a typed JSON text holds, or None. Junk is refused before it is parsed: a
    text longer than ``JSON_LIMIT`` or nested deeper than ``DEPTH_LIMIT`` names no move
    (the reliability issue: 1,000 nested brackets, which fit in a 2,000-character option,
    raised ``RecursionError`` inside ``json.loads``)."""
    if len(text) > JSON_LIMIT or _nesting(text) > DEPTH_LIMIT:
        return None
    try:
        return Action.from_dict(json.loads(text))
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def decode(value: str, legal: Sequence[Action], names: Sequence[str] = ()) -> Action | None:
    """The action a value or typed text stands for, or None when it names nothing.

    Tried in order: a token of a legal action, the JSON of an action (legal or not: the
    engine will say why not; junk JSON names nothing, see ``_from_json``), the exact label
    of a legal action (case ignored), and a part of a label that only one legal action
    contains.
    """
    text = value.strip()
    if not text:
        return None
    if text.startswith("#"):
        return next((a for a in legal if token(a) == text), None)
    if text.startswith("{"):
        found = _from_json(text)
        if found is None:
            return None
        return next((a for a in legal if a == found), found)
    folded = text.casefold()
    exact = [a for a in legal if label(a, names).casefold() == folded or a.kind == text]
    if len(exact) == 1:
        return exact[0]
    partial = [a for a in legal if folded in label(a, names).casefold()]
    return partial[0] if len(partial) == 1 else None


def _rank(name: str, words: Sequence[str]) -> int | None:
    """How well a label matches the typed words: 0 when the label starts with them, 1 when
    each typed word starts a word of the label, 2 when each is somewhere in it, None when
    one is missing. Issue 14: a typed prefix matches at the start first ("3" lists 3 and
    30-39 before 13 and 23)."""
    folded = name.casefold()
    if not all(w in folded for w in words):
        return None
    if folded.startswith(" ".join(words)):
        return 0
    starts = [part for part in re.split(r"[^\w]+", folded) if part]
    if all(any(p.startswith(w) for p in starts) for w in words):
        return 1
    return 2


T = TypeVar("T")


def ranked(items: Iterable[T], typed: str, name: Callable[[T], str],
           limit: int = 25) -> list[T]:
    """The items whose ``name`` holds every typed word, the best matches first (``_rank``:
    the name starts with the typed text, then each typed word starts a word of the name,
    then the rest), the list's own order kept within each group, at most ``limit``. The one
    ranking of every autocomplete list (issue 14: "3" lists 3 and 30-39 before 13)."""
    words = typed.casefold().split()
    found: list[tuple[int, int, T]] = []
    for i, item in enumerate(items):
        rank = _rank(name(item), words)
        if rank is not None:
            found.append((rank, i, item))
    found.sort(key=lambda r: (r[0], r[1]))
    return [item for _, _, item in found[:limit]]


def choices(
    actions: Iterable[Action], typed: str, names: Sequence[str] = (), limit: int = 25
) -> list[tuple[str, str]]:
    """(name, value) pairs for autocomplete: the actions whose label holds every typed word,
    the best matches first (``ranked``)."""
    named = [(label(a, names), a) for a in actions]
    return [(n, encode(a)) for n, a in ranked(named, typed, lambda p: p[0], limit)]


# -- autocomplete while the database is busy -------------------------------------------------

#: an autocomplete handler: (self,) interaction, current -> choices
Handler = TypeVar("Handler", bound=Callable[..., Awaitable[list[Any]]])
#: the option types whose choices are numbers
_NUMBERS = (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number)


def _focused(options: Iterable[dict[str, Any]]) -> dict[str, Any] | None:
    """The option being typed in, among a command's options and its subcommands'."""
    for option in options:
        if option.get("focused"):
            return option
        found = _focused(option.get("options") or ())
        if found is not None:
            return found
    return None


def busy_choice(interaction: discord.Interaction) -> app_commands.Choice[Any]:
    """The one choice of a list while the database is busy or not answering: its name says
    so. Its value names nothing, so a command sent with it is refused with the command's
    own sentence: text for a text option; for a number, the option's largest value (an
    amount no seat holds: ``/tricks bid``, the one number list today, goes to 10,000)."""
    option = _focused((interaction.data or {}).get("options") or ()) or {}
    command = interaction.command
    param = command.get_parameter(str(option.get("name"))) \
        if isinstance(command, app_commands.Command) else None
    if param is None or param.type not in _NUMBERS:
        return app_commands.Choice(name=DB_BUSY_CHOICE, value=DB_BUSY_VALUE)
    top = param.max_value
    return app_commands.Choice(name=DB_BUSY_CHOICE, value=top if top is not None else 0)


def busy_choices(handler: Handler) -> Handler:
    """Wrap an autocomplete handler (under its ``@command.autocomplete``): while the
    database is busy or not answering (``StoreBusy``, ``StoreUnavailable``), its list is
    the one ``busy_choice``. Unwrapped, the failure would reach discord.py's command tree,
    which logs it at ERROR and answers nothing (issue 21, item 4); the database's own
    backend has already told the operator, once per outage."""

    @functools.wraps(handler)
    async def answer(*args: Any) -> list[Any]:
        try:
            return await handler(*args)
        except StoreBusy:
            interaction = next(a for a in args if isinstance(a, discord.Interaction))
            return [busy_choice(interaction)]

    return answer  # type: ignore[return-value]
