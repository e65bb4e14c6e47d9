"""A table's row and its action log's rows, read and written (no I/O here): the columns a
table row has, how a row becomes an ``engine.table.Table`` and back, how a log rebuilds the
state, and the errors a row can raise.

A damaged row (a state that is truncated, empty, of an unknown schema or game; seats that
cannot be read) raises :class:`DamagedTable` when it is decoded, whose sentence tells the
players what the host can do; :func:`row_head` reads only the columns and the seats, never the
game state, so that listings and the turn clock never decode a state they do not need
(shared DESIGN.md: "one table's damage is its own").

An archived table's log is kept compressed in one row of ``closed_tables``
(data/archive.py): :func:`pack_log` and :func:`unpack_log` are that format, both ways.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from data.db import Row
from engine.core import Action, IllegalAction
from engine.table import LOBBY, PLAYING, Seat, Table
from engine.turn_clock import Clock, Settings

#: the statuses of a live table: one per channel or thread
LIVE_STATUSES = (LOBBY, PLAYING)

#: the columns of a table row but its game state: what listings and the turn clock read
HEAD_COLUMNS = (
    "key, channel, guild, parent, game_id, options, host, seed, status, meta, version, title"
)
#: every column a table is read from
COLUMNS = HEAD_COLUMNS + ", state"


class TableExists(Exception):
    """The channel already has a live (lobby or playing) table; ``table`` is that one."""

    def __init__(self, table: Table) -> None:
        super().__init__(
            "This channel already has a game table. Finish it or /game abort it first, "
            "or start the new game in a thread."
        )
        self.table = table


class DamagedTable(IllegalAction):
    """A table row that cannot be read: its game state, its seats or its game.

    The sentence is for the players; ``part`` (what could not be read) is for the log.
    ``host`` and ``status`` come from plain columns, which are always readable.
    """

    def __init__(self, key: int, channel: str, host: str, status: str, part: str) -> None:
        super().__init__(
            "The saved game of this table cannot be read. The host or a channel manager can "
            "rebuild it from its move log with /game repair, or close it with /game abort."
        )
        self.key = key
        self.channel = channel
        self.host = host
        self.status = status
        self.part = part


class Conflict(Exception):
    """The table moved on from the version the write was based on; nothing was written."""

    def __init__(self, key: int, expected: int, found: int | None = None) -> None:
        super().__init__("The table changed in the meantime; look at it again and retry.")
        self.key = key
        self.expected = expected
        self.found = found


@dataclass(frozen=True)
class LogEntry:
    """One line of a table's action log."""

    seq: int
    seat: int
    action: Action
    at: float


def dumps(data: Any) -> str:
    """Compact JSON, as every JSON column is written."""
    return json.dumps(data, separators=(",", ":"))


def seats_of(meta: Mapping[str, Any]) -> list[Seat]:
    """The seats of a row's ``meta`` (decoded JSON)."""
    return [Seat.from_dict(s) for s in meta.get("seats") or []]


def log_entry(row: Row) -> LogEntry:
    """A row of the action log (``seq``, ``seat``, ``action`` as JSON text, ``at``)."""
    return LogEntry(row["seq"], row["seat"], Action.from_dict(json.loads(row["action"])),
                    row["at"])


def pack_log(rows: Sequence[tuple]) -> bytes:
    """An archived table's log, (seq, seat, action JSON text, at) per move, compressed."""
    return zlib.compress(dumps([list(r) for r in rows]).encode(), 6)


def pack_logs(logs: Mapping[int, Sequence[tuple]]) -> dict[int, bytes]:
    return {key: pack_log(rows) for key, rows in logs.items()}


def unpack_log(blob: bytes) -> list[dict[str, Any]]:
    """``pack_log``'s rows back, shaped like the rows of ``actions``."""
    return [{"seq": seq, "seat": seat, "action": action, "at": at}
            for seq, seat, action, at in json.loads(zlib.decompress(blob))]


def row_head(row: Row) -> Table:
    """The table of a row without its game state (``state`` is None): what listings and the
    turn clock need. DamagedTable when the seats or the game cannot be read."""
    if row["game_id"] not in engine.GAMES:
        raise damaged(row, "game", LookupError())
    try:
        meta = json.loads(row["meta"])
        table = Table(
            id=row["channel"],
            game_id=row["game_id"],
            options=json.loads(row["options"]),
            host=row["host"],
            seed=row["seed"],
            seats=[Seat.from_dict(s) for s in meta.get("seats", [])],
            status=row["status"],
            version=row["version"],
            settings=Settings.from_dict(meta.get("settings")),
            clock=Clock.from_dict(meta.get("clock")),
            guild=row["guild"],
            parent=row["parent"],
            title=row["title"],
            key=row["key"],
            seat_moves=[int(n) for n in meta.get("seat_moves", [])],
            started=meta.get("started"),
        )
    except Exception as exc:  # noqa: BLE001 - whatever broke, the row is damaged
        raise damaged(row, "seats and settings", exc) from None
    return table


def row_to_table(row: Row, archived: bool = False) -> Table:
    """The whole table of a row, game state included (None for an ``archived`` one, which
    the caller replays); DamagedTable when it cannot be read."""
    table = row_head(row)
    raw = row["state"]
    if raw is None:
        if table.status != LOBBY and table.seat_moves and not archived:
            raise damaged(row, "game state", ValueError("no state"))
        return table
    try:
        table.state = engine.get_game(table.game_id).load(json.loads(raw))
    except Exception as exc:  # noqa: BLE001 - truncated JSON, unknown schema, missing field
        raise damaged(row, "game state", exc) from None
    return table


def damaged(row: Row, part: str, exc: BaseException) -> DamagedTable:
    """The DamagedTable of ``row``, whose ``part`` raised ``exc``."""
    # The exception's name only: its text could quote the state, hidden cards included.
    return DamagedTable(row["key"], row["channel"], row["host"], row["status"],
                        f"{part} ({type(exc).__name__})")


def row_values(table: Table) -> tuple[Any, ...]:
    """The columns a save writes, in this order: guild, parent, options,
    host, seed, status, state, meta, version, title (one list for insert and update)."""
    return (table.guild, table.parent, dumps(table.options), table.host, table.seed,
            table.status, _state_json(table), dumps(table.dump_meta()), table.version,
            table.title)


def _state_json(table: Table) -> str | None:
    if table.state is None:
        return None
    return dumps(engine.get_game(table.game_id).dump(table.state))


def rebuild(table: Table, rows: Iterable[Row]) -> Any:
    """The state of ``table`` replayed from its seed, options and logged moves."""
    rows = list(rows)
    if table.status == LOBBY and not rows:
        return None
    if not table.seat_moves and not rows:
        return None  # closed in the lobby: never dealt
    game = engine.get_game(table.game_id)
    state = game.setup(len(table.seats), table.options, table.seed)
    for row in rows:
        game.apply(state, row["seat"], Action.from_dict(json.loads(row["action"])))
    return state


#: the refusal of a move chosen on a menu drawn before the seat's last move
OUT_OF_DATE = "That menu is out of date: you have moved since it was shown. Use the fresh menu."


class Stale(Exception):
    """The table changed since the AI (or the clock) chose on it: nothing applied; it
    chooses again on the new state."""


class OutOfDate(IllegalAction):
    """A move chosen on a menu drawn before the seat's last move (a double click, an old
    panel): refused with ``OUT_OF_DATE``, nothing written."""

    def __init__(self) -> None:
        super().__init__(OUT_OF_DATE)


def menu_current(table: Table, seat: int, moves: int) -> bool:
    """Whether a menu of ``seat`` drawn at its move count ``moves`` is still current: the
    one comparison of the move count (``Store.apply_steps`` in data/store.py refuses a move with it, inside
    its transaction; a private panel's navigation, which applies nothing, asks it too)."""
    return 0 <= seat < len(table.seat_moves) and table.seat_moves[seat] == moves
