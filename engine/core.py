"""The Game contract every game of Parley implements (see shared DESIGN.md).

Nothing here does I/O or imports discord, aiosqlite or PIL: the engine is pure and
deterministic. All chance comes from :func:`rng`, seeded by the table's seed string and a
counter kept in the state, so replaying a table's action log rebuilds the same state.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

JSON = Any

#: the most of a typed text that a refusal quotes back (see :func:`quote`)
QUOTE_LIMIT = 40
#: the longest refusal reason: a Discord message holds 2,000 characters, and a reason may
#: be wrapped in a sentence naming the step that failed
REASON_LIMIT = 1500


def counted(n: int, word: str) -> str:
    """"1 knight", "2 knights": a count and its word (a plural in -s)."""
    return f"{n} {word}{'s' if n != 1 else ''}"


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending with an ellipsis when it was cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def quote(value: JSON, limit: int = QUOTE_LIMIT) -> str:
    """What someone typed, quoted in a refusal: its ``repr``, of at most ``limit`` characters
    of the text. A refusal says what was not understood and what is allowed, never the whole
    input back (the reliability issue: a 1 MB card name gave a 1 MB reason)."""
    if isinstance(value, str):
        return repr(clip(value, limit))
    try:
        text = repr(value)
    except ValueError:  # an int of more digits than Python prints
        text = "a number too long to show"
    return clip(text, limit)


class IllegalAction(Exception):
    """Raised by ``Game.apply`` before anything changes; ``reason`` is for the player.

    A reason longer than ``REASON_LIMIT`` keeps its beginning and its end, where the
    sentences say what went wrong and what is allowed, and loses its middle: the last guard
    against a reason that repeats a huge input (parsers quote input with :func:`quote`).
    """

    def __init__(self, reason: str) -> None:
        if len(reason) > REASON_LIMIT:
            half = (REASON_LIMIT - 3) // 2
            reason = reason[:half].rstrip() + " … " + reason[-half:].lstrip()
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, eq=False)
class Action:
    """One move. Equality and hashing ignore the label; ``args`` holds JSON values."""

    kind: str
    args: Mapping[str, JSON] = field(default_factory=dict)
    label: str = ""

    def _key(self) -> tuple[str, str]:
        return self.kind, json.dumps(self.args, sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def to_dict(self) -> dict[str, JSON]:
        return {"kind": self.kind, "args": dict(self.args), "label": self.label}

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Action:
        return cls(str(data["kind"]), dict(data.get("args") or {}), str(data.get("label", "")))


@dataclass(frozen=True)
class Event:
    """What happened. ``to`` is None for a public event, else the seats it is addressed to."""

    kind: str
    text: str
    to: frozenset[int] | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        return self.to is None

    def to_dict(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "text": self.text,
            "to": None if self.to is None else sorted(self.to),
            "data": dict(self.data),
        }


@dataclass(frozen=True)
class Option:
    """A table option: its allowed values, the default, and a line of help. An ``advanced``
    option is set by name in ``/game new``'s ``options`` text rather than as a parameter of
    its own (a slash command holds at most 25 parameters)."""

    values: tuple[JSON, ...]
    default: JSON
    help: str = ""
    advanced: bool = False


def rng(seed: str, counter: int) -> random.Random:
    """The random stream for draw number ``counter`` of a table seeded with ``seed``.

    Games keep ``counter`` in their state and increment it at every draw, so a random
    event depends only on the seed and how many draws came before it.
    """
    return random.Random(f"{seed}#{counter}")


def json_copy(value: JSON) -> JSON:
    """A deep copy of JSON-shaped data (lists, dicts, scalars): faster than copy.deepcopy,
    which states are cloned with thousands of times a second by the AI."""
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    return value


_PLACEHOLDER = re.compile(r"\{p(\d+)\}|\{name\}")


def fill_names(
    text: str, names: Sequence[str], seat: int | None = None, unknown: str = "a player"
) -> str:
    """Put display names into an engine text. The engine never knows names: its texts say
    "{p2}" for seat 2, and a view's "pending" sentence says "{name}" for ``seat``. One pass,
    so a display name that looks like a placeholder stays as it is."""

    def name_of(m: re.Match[str]) -> str:
        i = seat if m.group(1) is None else int(m.group(1))
        return names[i] if i is not None and 0 <= i < len(names) else unknown

    return _PLACEHOLDER.sub(name_of, text)


def resolve_options(options_spec: Mapping[str, Option], given: Mapping[str, JSON] | None) -> dict:
    """Fill defaults and check values; raise ValueError with what is allowed (quoting at
    most a short part of a name or value someone typed)."""
    given = dict(given or {})
    out: dict[str, JSON] = {}
    for name in given:
        if name not in options_spec:
            allowed = ", ".join(sorted(options_spec)) or "none"
            raise ValueError(f"Unknown option {quote(name)}; the options are: {allowed}.")
    for name, spec in options_spec.items():
        value = given.get(name, spec.default)
        if value not in spec.values:
            allowed = ", ".join(str(v) for v in spec.values)
            raise ValueError(f"Option {name!r} cannot be {quote(value)}; allowed: {allowed}.")
        out[name] = value
    return out


@runtime_checkable
class Game(Protocol):
    """The contract of DESIGN.md. ``state`` is whatever the game chooses; it is opaque here."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, Option]
    #: random play from any seed ends within this many applied actions
    max_actions: int

    def setup(self, n_players: int, options: Mapping[str, JSON], seed: str) -> Any: ...

    def to_act(self, state: Any) -> frozenset[int]: ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def apply(self, state: Any, seat: int, action: Action) -> list[Event]: ...

    def view(self, state: Any, seat: int | None) -> dict: ...

    def determinize(self, state: Any, seat: int | None, rng: random.Random) -> Any: ...

    def result(self, state: Any) -> dict | None: ...

    def dump(self, state: Any) -> dict: ...

    def load(self, data: Mapping[str, JSON]) -> Any: ...

    def rules_text(self, options: Mapping[str, JSON]) -> str: ...


def is_over(game: Game, state: Any) -> bool:
    return game.result(state) is not None
