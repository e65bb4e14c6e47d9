"""A table's game replayed from its action log (the engine's promise: the same seed and
moves give the same state). Pure: no store access. The bot's replay buttons
(cogs/look/replay.py) and the web page's scrubber and last moves (web/sight.py) both step
through a log with these, so there is one replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import engine
from data.rows import LogEntry
from engine.core import Event
from engine.table import FINISHED, Table


@dataclass
class Moment:
    """The game after ``step`` moves of its log (0: as dealt): the state, and the move that
    led there (None at the deal) with its events."""

    step: int
    total: int
    state: Any
    entry: LogEntry | None
    events: list[Event]


def moment(table: Table, entries: Sequence[LogEntry], step: int) -> Moment:
    """Replay ``table``'s game from its seed up to ``step`` of ``entries`` (its whole log),
    as the engine promises: the same seed and moves give the same state."""
    game = engine.get_game(table.game_id)
    step = max(0, min(step, len(entries)))
    state = game.setup(len(table.seats), table.options, table.seed)
    events: list[Event] = []
    for entry in entries[:step]:
        events = game.apply(state, entry.seat, entry.action)
    return Moment(step, len(entries), state, entries[step - 1] if step else None, events)


def last_moves(table: Table, entries: Sequence[LogEntry], count: int
               ) -> list[tuple[LogEntry, list[Event]]]:
    """The last ``count`` moves of the log with the events each made, oldest first (the
    whole log is replayed: events are not logged, only moves)."""
    game = engine.get_game(table.game_id)
    state = game.setup(len(table.seats), table.options, table.seed)
    start = max(0, len(entries) - count)
    out = []
    for i, entry in enumerate(entries):
        events = game.apply(state, entry.seat, entry.action)
        if i >= start:
            out.append((entry, events))
    return out


def reveals(table: Table) -> bool:
    """Whether a replay of ``table`` shows hidden things: once its game is over."""
    return table.status == FINISHED


@dataclass(frozen=True)
class Said:
    """One thing a logged move says to a viewer, its names not filled yet: ``text`` is an
    engine sentence ("{pN}" a seat's name, "{name}" the name of ``seat``); ``label``: the
    move's own words; ``to``: the seat a private event was told to, named beside it once the
    game is over (None for what the viewer was told or everyone saw)."""

    text: str
    seat: int | None = None
    label: bool = False
    to: int | None = None


def said_to(mover: int, label: str, events: Sequence[Event], viewer: int | None,
            everything: bool) -> list[Said]:
    """What one logged move (by seat ``mover``, with its ``label`` and ``events``) says to
    ``viewer`` (None: the public): its label when it is the viewer's own move or
    ``everything`` may be shown, the public events, and the private ones the viewer may read
    (all of them, each with the seat it was told to, with ``everything``). The bot's replay
    and history, the hand DM's digest and the web page all say a move so."""
    out = [Said(label, mover, label=True)] if label and (everything or mover == viewer) else []
    for e in events:
        if not e.text:
            continue
        if e.to is None:
            out.append(Said(e.text))
        elif everything:
            out.extend(Said(e.text, to, to=to) for to in sorted(e.to))
        elif viewer is not None and viewer in e.to:
            out.append(Said(e.text, viewer))
    return out
