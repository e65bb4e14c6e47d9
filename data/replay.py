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
from engine.table import Table


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
