"""The store of tables and their action logs (shared DESIGN.md, "Tables, storage and
concurrency"), on SQLite by default or on PostgreSQL (issue 16).

``Store.open(target)`` takes a ``PARLEY_DB`` value: a ``postgresql://user:pass@host/db``
URL opens PostgreSQL (``data/db_postgres.py``), anything else is a SQLite file
(``data/db_sqlite.py``). This module is written once against their common interface
(``data/db.py``); the guarantees below hold on both, and the tests of tests/data run
against both.

- Every change is one transaction: a move loads the table (holding it against other
  writers from that first read: SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's row lock),
  applies it through the pure engine, saves it with ``WHERE key = ? AND version = ?`` and
  appends to the action log, and either all of that is committed or none of it.
- Two moves at once (from one process or several): exactly one applies; the other waits,
  then loads the state the first one committed, and the engine judges it against that.
- Reads never wait for a write: each backend reads the last committed state on its own
  connection while a writer works (SQLite's WAL, PostgreSQL's MVCC). So the Hand, Rules and
  Join buttons answer in Discord's three seconds while a move waits for a lock.
- A write that cannot have its lock within its wait (``busy_timeout`` at opening, or a
  shorter one for a change answered at once) raises :class:`StoreBusy`, a polite "busy, try
  again" that changed nothing.
- The action log is append-only in the database itself (triggers on both backends), and
  the state can always be rebuilt from seed, options and log (:meth:`Store.replay`).

A damaged row (a state that is truncated, empty, of an unknown schema or game; seats that
cannot be read) never stops another table: listings read only the columns and the seats,
never the game state, and skip a row they cannot read; reading the damaged table itself
raises :class:`DamagedTable`, whose sentence tells the players what the host can do
(:meth:`Store.repair` rebuilds the state from seed, options and action log; ``abandon``
closes it without reading it). Each damaged row is logged once per process, with its key
and what could not be read, never its content.

A closed table can be archived (:meth:`Store.archive_closed`, issue 15): its saved state is
dropped, its action log moves compressed into ``closed_tables.log``, and reading it (or its
history) rebuilds the state from seed, options and that log, as the engine promises. Ratings (issue 15) live beside the tables:
one row per player, game and server in ``ratings``, one row per rated seat in
``rating_changes``, and ``closed_tables.rated_at`` says a table has been counted;
:meth:`Store.rate_table` writes all three in one transaction, so a game counts once
whatever crashes or runs twice (data/ratings.py holds the choices about the maths). A table
without a server (the console's) is counted without rating anyone.

A person who asks to be forgotten (:meth:`Store.forget_player`) while still seated at a live
table is remembered in ``forget_requests`` until every such table has closed: the save that
closes a table (a last move, an abort, the last person leaving) forgets them there in the
same transaction, so a closed table never holds their id, and a finished game is rated
without them (``forgotten_seats``). The request goes once no live table seats them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import zlib
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from data.db import Backend, Conn, Row, StoreBusy, describe, is_postgresql
from data.deliveries import Deliveries, owe
from data.migrations import MIGRATIONS, Migration
from engine.core import Action, Event, IllegalAction
from engine.table import ABANDONED, FINISHED, LOBBY, PLAYING, Clock, Seat, Settings, Table

log = logging.getLogger(__name__)

__all__ = ["QUICK_WAIT", "SCHEMA_TABLES", "Conflict", "DamagedTable", "Forgotten", "LastGame",
           "LogEntry", "PlayerRating", "SeatRating", "Store", "StoreBusy", "TableExists"]

LIVE_STATUSES = (LOBBY, PLAYING)

#: How long a change answered at once (not deferred) may wait for the write lock: Discord
#: wants an answer within 3 seconds of the click, and "busy, try again" is that answer.
QUICK_WAIT = 2.0

_HEAD_COLUMNS = (
    "key, channel, guild, parent, game_id, options, host, seed, status, meta, version, title"
)
_COLUMNS = _HEAD_COLUMNS + ", state"

#: Every table of the schema with all its columns, in an order that respects the foreign
#: keys, and the order of its rows: what a whole-database copy moves (``dump_rows``).
SCHEMA_TABLES: dict[str, tuple[str, str]] = {
    "tables": ("key, channel, guild, parent, game_id, options, host, seed, status, state, "
               "meta, version, title, created_at, updated_at", "key"),
    "actions": ("table_key, seq, seat, action, at", "table_key, seq"),
    "messages": ("table_key, kind, channel_id, message_id", "table_key, kind"),
    "flags": ("table_key, name", "table_key, name"),
    "clock_claims": ("table_key, event, owner, claimed_at", "table_key"),
    "closed_tables": ("table_key, rated_at, archived_at, log", "table_key"),
    "ratings": ("guild, game_id, player, name, mu, sigma, games, wins, last_table, last_at",
                "guild, game_id, player"),
    "rating_changes": ("table_key, seat, player, rank, mu_before, sigma_before, mu_after, "
                       "sigma_after", "table_key, seat"),
    "forget_requests": ("player, placeholder, asked_at", "player"),
    "forgotten_seats": ("table_key, seat", "table_key, seat"),
    "deliveries": ("table_key, parts, done, since, attempts, next_try, problem, paused",
                   "table_key"),
}

#: the name a forgotten person's seat keeps at a closed table; ``{n}`` is the seat's number
FORGOTTEN_NAME = "Former player {n}"


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


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating at one game on one server (a row of ``ratings``). ``player`` is a
    Discord user id, or "ai:<level>" for the AI captains of that level (data/ratings.py)."""

    guild: str
    game_id: str
    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    last_table: int | None
    last_at: float


@dataclass(frozen=True)
class SeatRating:
    """What one rated game did to the rating of the player at one seat (a row of
    ``rating_changes``); ``rank`` is 1 for the winners."""

    table_key: int
    seat: int
    player: str
    rank: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


@dataclass(frozen=True)
class LastGame:
    """A player's most recent rated game on a server: where, which game, how it went."""

    table_key: int
    game_id: str
    channel: str
    rank: int
    at: float


@dataclass(frozen=True)
class Forgotten:
    """What :meth:`Store.forget_player` removed: rating rows (one per game and server),
    closed tables whose seats now hold a placeholder, and the live tables that still seat
    the person (each forgets them when it closes, and rates nobody for them)."""

    ratings: int
    tables: int
    live_tables: int


#: A finished table's ratings are counted by this callable of data/ratings.py: given the
#: table, the current ratings of its players (by player) and when the game ended, the rows
#: of ``rating_changes`` and the new rows of ``ratings``.
RateFn = Callable[[Table, Mapping[str, PlayerRating], float],
                  tuple[list[SeatRating], list[PlayerRating]]]

#: tries of a rating write that met another game's rating of the same player (PostgreSQL)
_RATE_TRIES = 5

_RATING_COLUMNS = "guild, game_id, player, name, mu, sigma, games, wins, last_table, last_at"
_CHANGE_COLUMNS = ("table_key, seat, player, rank, mu_before, sigma_before, mu_after, "
                   "sigma_after")


class _RatingRace(Exception):
    """Another transaction changed a player's rating since this one read it; try again."""


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _forget_in(seats: list[Seat], player: str, template: str) -> list[int]:
    """Forget ``player`` in a closed table's ``seats`` (changed in place): each seat they held,
    or that an AI took over from them, keeps only the placeholder ``template`` (``{n}``: the
    seat's number) as its name, "(AI)" added when an AI played it to the end, and no id.
    Returns those seats."""
    held = [i for i, s in enumerate(seats) if player in (s.player, s.former)]
    for i in held:
        name = template.replace("{n}", str(i + 1))
        seats[i] = Seat(None, f"{name} (AI)" if seats[i].is_ai else name, seats[i].ai)
    return held


def _seats_of(meta: Mapping[str, Any]) -> list[Seat]:
    return [Seat.from_dict(s) for s in meta.get("seats") or []]


def _seated_like(player: str) -> str:
    """A LIKE pattern for the rows whose seats may name ``player`` (then checked)."""
    return f'%"{player}"%'


def _pack_log(rows: Sequence[tuple]) -> bytes:
    """An archived table's log, (seq, seat, action JSON text, at) per move, compressed."""
    return zlib.compress(_dumps([list(r) for r in rows]).encode(), 6)


def _pack_logs(logs: Mapping[int, Sequence[tuple]]) -> dict[int, bytes]:
    return {key: _pack_log(rows) for key, rows in logs.items()}


def _unpack_log(blob: bytes) -> list[dict[str, Any]]:
    """``_pack_log``'s rows back, shaped like the rows of ``actions``."""
    return [{"seq": seq, "seat": seat, "action": action, "at": at}
            for seq, seat, action, at in json.loads(zlib.decompress(blob))]


def _rating(row: Row) -> PlayerRating:
    return PlayerRating(row["guild"], row["game_id"], row["player"], row["name"],
                        float(row["mu"]), float(row["sigma"]), int(row["games"]),
                        int(row["wins"]), row["last_table"], float(row["last_at"]))


def _head(row: Row) -> Table:
    """The table of a row without its game state (``state`` is None): what listings and the
    turn clock need. DamagedTable when the seats or the game cannot be read."""
    if row["game_id"] not in engine.GAMES:
        raise _damaged(row, "game", LookupError())
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
        )
    except Exception as exc:  # noqa: BLE001 - whatever broke, the row is damaged
        raise _damaged(row, "seats and settings", exc) from None
    return table


def _row_to_table(row: Row, archived: bool = False) -> Table:
    """The whole table of a row, game state included (None for an ``archived`` one, which
    the caller replays); DamagedTable when it cannot be read."""
    table = _head(row)
    raw = row["state"]
    if raw is None:
        if table.status != LOBBY and table.seat_moves and not archived:
            raise _damaged(row, "game state", ValueError("no state"))
        return table
    try:
        table.state = engine.get_game(table.game_id).load(json.loads(raw))
    except Exception as exc:  # noqa: BLE001 - truncated JSON, unknown schema, missing field
        raise _damaged(row, "game state", exc) from None
    return table


def _damaged(row: Row, part: str, exc: BaseException) -> DamagedTable:
    # The exception's name only: its text could quote the state, hidden cards included.
    return DamagedTable(row["key"], row["channel"], row["host"], row["status"],
                        f"{part} ({type(exc).__name__})")


def _row_values(table: Table) -> tuple[Any, ...]:
    """The columns a save writes, in this order: guild, parent, options,
    host, seed, status, state, meta, version, title (one list for insert and update)."""
    return (table.guild, table.parent, _dumps(table.options), table.host, table.seed,
            table.status, _state_json(table), _dumps(table.dump_meta()), table.version,
            table.title)


def _state_json(table: Table) -> str | None:
    if table.state is None:
        return None
    return _dumps(engine.get_game(table.game_id).dump(table.state))


def _rebuild(table: Table, rows: Iterable[Row]) -> Any:
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



class _LiveClash(Exception):
    """The database refused a second live table in ``channel``; the write was rolled back
    and :meth:`Store._write` answers with the table that holds the channel."""

    def __init__(self, channel: str, error: BaseException) -> None:
        super().__init__(channel)
        self.channel = channel
        self.error = error


class Store:
    """Tables, their action logs, the bot's remembered posts and once-only flags, in a
    SQLite file or a PostgreSQL database (see the module docstring)."""

    def __init__(self, backend: Backend, *, wait: float = 10.0) -> None:
        self._backend = backend
        self._wait = wait
        self._reported: set[int] = set()  # damaged rows already logged, by key

    # -- opening -------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        target: str | Path,
        *,
        busy_timeout: float = 10.0,
        migrations: Sequence[Migration] = MIGRATIONS,
    ) -> Store:
        """Open (or create) the database and bring its schema up to date.

        ``target`` is a ``PARLEY_DB`` value: a ``postgresql://user:pass@host/db`` URL
        opens that PostgreSQL database (it must exist; the tables are created in it),
        anything else is a SQLite file (issue 16). ``busy_timeout`` is how long a write
        waits for a lock before it gives up with StoreBusy (a change answered at once
        waits QUICK_WAIT at most). ``migrations`` is the list to apply; only the tests
        pass a shorter one, to build a database as an older version of the bot left it.
        """
        backend: Backend
        if is_postgresql(target):
            from data.db_postgres import PostgresBackend  # asyncpg only when it is used

            backend = await PostgresBackend.connect(str(target).strip(), busy_timeout)
        else:
            from data.db_sqlite import SqliteBackend

            backend = await SqliteBackend.connect(target, busy_timeout)
        store = cls(backend, wait=busy_timeout)
        try:
            await store._migrate(migrations)
        except BaseException:
            await backend.close()
            raise
        log.debug("store opened: %s %s", backend.name, describe(target))
        return store

    @property
    def backend(self) -> str:
        """"sqlite" or "postgresql" (for logs and benchmarks; the cogs never ask)."""
        return self._backend.name

    async def close(self) -> None:
        await self._backend.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        # One migration per transaction, re-reading the version under the backend's lock,
        # so two processes opening an old database at once apply each migration once.
        while True:
            async with self._write() as db:
                done = await self._backend.begin_migration(db)
                if done > len(migrations):
                    raise RuntimeError(
                        f"The database has {done} migrations applied but this version of "
                        f"Parley knows {len(migrations)}: it was written by a newer version."
                    )
                if done == len(migrations):
                    return
                await db.script(migrations[done].script(self._backend.name))
                await self._backend.set_schema_version(db, done + 1)

    async def schema_version(self) -> int:
        """How many migrations the database has run (``PRAGMA user_version`` in SQLite,
        the table ``parley_schema`` in PostgreSQL)."""
        return await self._backend.schema_version()

    # -- transactions --------------------------------------------------------------------

    @asynccontextmanager
    async def _write(self, wait: float | None = None) -> AsyncIterator[Conn]:
        """One write transaction; StoreBusy when the lock is not had within ``wait``
        seconds (the store's ``busy_timeout`` by default). A second live table refused by
        the database is answered, once the transaction is rolled back, with TableExists
        naming the table that holds the channel (DamagedTable if that one is unreadable)."""
        try:
            async with self._backend.transaction(self._wait if wait is None else wait) as db:
                yield db
        except _LiveClash as clash:
            live = await self.live(clash.channel)
            if live is None:  # closed in the meantime: the database's own words
                raise clash.error from None
            raise TableExists(live) from None

    def _reading(self, snapshot: bool = False) -> AbstractAsyncContextManager[Conn]:
        """The reading connection; with ``snapshot``, inside one read transaction, so that
        several statements see one committed state."""
        return self._backend.reading(snapshot)

    async def _one(self, db: Conn, sql: str, params: Sequence[Any]) -> Table | None:
        rows = await db.fetch(sql, params)
        if not rows:
            return None
        row = rows[0]
        # Only a closed, dealt table without its state asks whether it was archived, so
        # every other read is the one statement it always was.
        archived = False
        if row["state"] is None and row["status"] in (FINISHED, ABANDONED) \
                and self._decode(row, head=True).seat_moves:
            archived = bool(await db.fetch(
                "SELECT 1 FROM closed_tables WHERE table_key = ? AND archived_at IS NOT NULL",
                (row["key"],)))
        table = self._decode(row, archived=archived)
        if archived:
            table.state = await self._unarchive(db, table)
        return table

    async def _unarchive(self, db: Conn, table: Table) -> Any:
        """The state of an archived table, replayed from its log (off the event loop: a
        long game's replay takes a moment). DamagedTable when the log does not replay."""
        try:
            rows = await self._log_rows(db, table.key or 0)
            return await asyncio.to_thread(_rebuild, table, rows)
        except StoreBusy:
            raise  # the database did not answer: the log is not at fault
        except Exception as exc:  # noqa: BLE001 - a log that does not replay
            damaged = DamagedTable(table.key or 0, table.id, table.host, table.status,
                                   f"action log of an archived table ({type(exc).__name__})")
            self._report(damaged)
            raise damaged from None

    def _decode(self, row: Row, head: bool = False, archived: bool = False) -> Table:
        try:
            return _head(row) if head else _row_to_table(row, archived)
        except DamagedTable as exc:
            self._report(exc)
            raise

    def _report(self, exc: DamagedTable) -> None:
        if exc.key not in self._reported:
            self._reported.add(exc.key)
            log.error("table %s (channel %s, %s) cannot be read: %s; /game repair rebuilds "
                      "it from its log", exc.key, exc.channel, exc.status, exc.part)

    async def _load(self, db: Conn, key: int) -> Table:
        """The whole table, held against other writers until the transaction ends."""
        table = await self._one(
            db, f"SELECT {_COLUMNS} FROM tables WHERE key = ?{self._backend.lock_row}", (key,))
        if table is None:
            raise KeyError(f"No table with key {key}.")
        return table

    async def _live(self, db: Conn, channel: str) -> Table | None:
        return await self._one(
            db,
            f"SELECT {_COLUMNS} FROM tables WHERE channel = ? AND status IN ('lobby', 'playing')",
            (channel,),
        )

    async def _save(self, db: Conn, table: Table, expected_version: int, now: float) -> None:
        if table.status in (FINISHED, ABANDONED):
            # the save that closes a table forgets there whoever asked while it was live
            table.host, _ = await self._forget_waiting(db, table.key or 0, table.status,
                                                       table.seats, table.host)
        try:
            changed = await db.execute(
                "UPDATE tables SET guild = ?, parent = ?, options = ?, host = ?, seed = ?, "
                "status = ?, state = ?, meta = ?, version = ?, title = ?, updated_at = ? "
                "WHERE key = ? AND version = ?",
                (*_row_values(table), float(now), table.key, expected_version),
            )
        except Exception as exc:
            if self._backend.is_live_channel_clash(exc):
                raise _LiveClash(table.id, exc) from None
            raise
        if changed != 1:
            found = await db.scalar("SELECT version FROM tables WHERE key = ?", (table.key,))
            raise Conflict(table.key or 0, expected_version, found)

    # -- tables --------------------------------------------------------------------------

    async def create(self, table: Table, now: float | None = None,
                     *, wait: float | None = None) -> Table:
        """Insert a new table and set ``table.key``; TableExists if the channel has one live
        (DamagedTable if that one cannot be read).

        ``now`` (epoch seconds) stamps created_at; it defaults to the current time. The
        database's unique index decides a race between two processes opening a table in
        one channel: the second insert is refused and answered with the first table.
        """
        at = float(time.time() if now is None else now)
        async with self._write(wait) as db:
            try:
                rows = await db.fetch(
                    "INSERT INTO tables (channel, game_id, guild, parent, options, host, seed, "
                    "status, state, meta, version, title, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING key",
                    (table.id, table.game_id, *_row_values(table), at, at),
                )
            except Exception as exc:
                if self._backend.is_live_channel_clash(exc):
                    raise _LiveClash(table.id, exc) from None
                raise
            table.key = int(rows[0][0])
        return table

    async def live(self, channel_id: str) -> Table | None:
        """The lobby or playing table of that channel or thread (DamagedTable if unreadable)."""
        async with self._reading() as db:
            return await self._live(db, channel_id)

    async def latest(self, channel_id: str) -> Table | None:
        """The newest table of that channel, whatever its status."""
        async with self._reading() as db:
            return await self._one(
                db,
                f"SELECT {_COLUMNS} FROM tables WHERE channel = ? ORDER BY key DESC LIMIT 1",
                (channel_id,),
            )

    async def get(self, key: int) -> Table | None:
        async with self._reading() as db:
            return await self._one(db, f"SELECT {_COLUMNS} FROM tables WHERE key = ?", (key,))

    async def list_tables(
        self, guild: str | None = None, statuses: Iterable[str] = LIVE_STATUSES
    ) -> list[Table]:
        """Tables with one of ``statuses`` (of that guild if given), oldest first, without
        their game state (``state`` is None: ``get`` loads a table whole). A row whose seats
        or game cannot be read is left out (and logged once)."""
        wanted = list(statuses)
        if not wanted:
            return []
        sql = (f"SELECT {_HEAD_COLUMNS} FROM tables "
               f"WHERE status IN ({', '.join('?' * len(wanted))})")
        params: list[Any] = wanted
        if guild is not None:
            sql += " AND guild = ?"
            params = [*wanted, guild]
        async with self._reading() as db:
            rows = await db.fetch(sql + " ORDER BY key", params)
        out = []
        for row in rows:
            try:
                out.append(self._decode(row, head=True))
            except DamagedTable:
                continue
        return out

    async def playing(self) -> list[Table]:
        """Every playing table that is not paused (its channel gone: data/deliveries.py),
        without its state (the clock loop walks them)."""
        tables = await self.list_tables(None, (PLAYING,))
        async with self._reading() as db:
            paused = {int(r[0]) for r in await db.fetch(
                "SELECT table_key FROM deliveries WHERE paused IS NOT NULL")}
        return [t for t in tables if t.key not in paused]

    @property
    def deliveries(self) -> Deliveries:
        """What the tables' changes owe their channels, not yet delivered."""
        return Deliveries(self)

    async def host_of(self, channel_id: str, live: bool = True) -> tuple[int, str] | None:
        """(key, host) of the channel's live table (``live``) or of its newest table, read
        from plain columns only: it works when the rest of the row is damaged."""
        where = " AND status IN ('lobby', 'playing')" if live else ""
        async with self._reading() as db:
            rows = await db.fetch(
                f"SELECT key, host FROM tables WHERE channel = ?{where} ORDER BY key DESC LIMIT 1",
                (channel_id,),
            )
        return (rows[0]["key"], rows[0]["host"]) if rows else None

    async def abandon(self, key: int, now: float, *, host: str | None = None,
                      wait: float | None = None) -> bool:
        """Close a live table for good without reading its state or seats (so a damaged
        table can be closed too); only if ``host`` still hosts it, when given. False when
        nothing was closed."""
        async with self._write(wait) as db:
            changed = await db.execute(
                "UPDATE tables SET status = ?, version = version + 1, updated_at = ? "
                "WHERE key = ? AND status IN ('lobby', 'playing') "
                "AND (CAST(? AS TEXT) IS NULL OR host = ?)",
                (ABANDONED, float(now), key, host, host),
            )
            if changed == 1:
                await self._forget_waiting_in_row(db, key)
            return changed == 1

    async def mutate(
        self,
        key: int,
        fn: Callable[[Table], object],
        now: float,
        expect_version: int | None = None,
        *,
        wait: float | None = None,
        owed: Callable[[Table], dict | None] | None = None,
    ) -> Table:
        """Load, ``fn(table)``, save, in one transaction; returns the table as saved.

        Whatever ``fn`` raises (IllegalAction for a refused change) rolls everything back
        and propagates. The version goes up by at least one, so a change ``fn`` made
        without bumping it (settings) still shows as a new version. ``expect_version``
        refuses with Conflict when the table is no longer at the version the caller saw.
        ``owed(table)``, called once the change is made, gives what it owes the players
        (a part of ``data.deliveries``), recorded in the same transaction.
        """
        async with self._write(wait) as db:
            table = await self._load(db, key)
            before = table.version
            if expect_version is not None and before != expect_version:
                raise Conflict(key, expect_version, before)
            fn(table)
            if table.version <= before:
                table.version = before + 1
            await self._save(db, table, before, now)
            await self._owe(db, table, owed(table) if owed is not None else None, now)
        return table

    async def _owe(self, db: Conn, table: Table, part: dict | None, now: float) -> None:
        if part is not None and table.key is not None:
            await owe(db, table.key, part, now)

    async def apply_move(
        self,
        key: int,
        seat: int,
        action: Action,
        now: float,
        expect_seat_moves: int | None = None,
        *,
        on_load: Callable[[Table], object] | None = None,
    ) -> tuple[Table, list[Event]]:
        """Apply one move and append it to the action log, in one transaction.

        IllegalAction (from the table or the game) propagates with nothing written.
        ``on_load`` is called with the table as the move found it, inside the transaction
        and before the move changes it, for a caller that compares before and after (the
        table service's private views); it must not keep the table, which is then changed.
        """
        return await self.apply_moves(key, seat, [action], now, expect_seat_moves,
                                      on_load=on_load)

    async def apply_moves(
        self,
        key: int,
        seat: int,
        actions: Sequence[Action],
        now: float,
        expect_seat_moves: int | None = None,
        *,
        on_load: Callable[[Table], object] | None = None,
        owed: Callable[[Table, list[Event]], dict | None] | None = None,
    ) -> tuple[Table, list[Event]]:
        """Apply several steps of one seat as one transaction: all of them or none.

        A choice made step by step (pick a card, pick another, confirm) can come from one
        Discord menu as a batch (shared DESIGN.md, the Game contract); no other move can
        come between its steps, and a step the engine refuses refuses the whole batch with
        its reason. ``expect_seat_moves`` is the seat's count before the first step.
        ``owed(table, events)`` gives what the move owes the players (``mutate``).
        """
        if not actions:
            raise ValueError("A batch of moves needs at least one move.")
        async with self._write() as db:
            table = await self._load(db, key)
            if on_load is not None:
                on_load(table)
            before = table.version
            game = engine.get_game(table.game_id)
            events: list[Event] = []
            for i, action in enumerate(actions):
                expect = None if expect_seat_moves is None else expect_seat_moves + i
                events.extend(table.apply(game, seat, action, now, expect))
            await self._save(db, table, before, now)
            await db.executemany(
                "INSERT INTO actions (table_key, seq, seat, action, at) "
                "SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ? FROM actions WHERE table_key = ?",
                [(key, seat, _dumps(a.to_dict()), float(now), key) for a in actions],
            )
            await self._owe(db, table, owed(table, events) if owed is not None else None, now)
        return table, events

    # -- the action log ------------------------------------------------------------------

    async def history(
        self, key: int, limit: int = 20, before_seq: int | None = None
    ) -> list[LogEntry]:
        """Up to ``limit`` log entries before ``before_seq`` (or the newest), newest last."""
        sql = "SELECT seq, seat, action, at FROM actions WHERE table_key = ?"
        params: list[Any] = [key]
        if before_seq is not None:
            sql += " AND seq < ?"
            params.append(before_seq)
        sql += " ORDER BY seq DESC LIMIT ?"
        params.append(limit)
        async with self._reading() as db:
            rows = await db.fetch(sql, params)
            if not rows:  # an archived table keeps its log compressed
                packed = await self._archived_log(db, key)
                if packed is not None:
                    kept = [r for r in packed if before_seq is None or r["seq"] < before_seq]
                    rows = list(reversed(kept))[:max(0, limit)]
        return [
            LogEntry(r["seq"], r["seat"], Action.from_dict(json.loads(r["action"])), r["at"])
            for r in reversed(rows)
        ]

    async def replay(self, key: int) -> Any:
        """The state rebuilt from seed, options and the action log (None in the lobby).

        The saved state is not read: the log is the truth, so this works on a table whose
        saved state is damaged (not on one whose seats cannot be read).
        """
        async with self._reading(snapshot=True) as db:
            table, rows = await self._head_and_log(db, key)
        return _rebuild(table, rows)

    async def repair(self, key: int, now: float, *, wait: float | None = None) -> Table:
        """Rebuild a table's state from seed, options and action log, and save it: the way
        back for a table whose saved state cannot be read. The moves per seat are counted
        again from the log, and a game the log finishes is marked finished. DamagedTable
        when even that fails (the seats cannot be read, or the log does not replay)."""
        async with self._write(wait) as db:
            table, rows = await self._head_and_log(db, key, lock=True)
            try:
                state = _rebuild(table, rows)
            except Exception as exc:  # noqa: BLE001 - a log that does not replay
                damaged = DamagedTable(key, table.id, table.host, table.status,
                                       f"action log ({type(exc).__name__})")
                self._reported.discard(key)
                self._report(damaged)
                raise damaged from None
            game = engine.get_game(table.game_id)
            before = table.version
            table.state = state
            if state is not None:
                table.seat_moves = [0] * len(table.seats)
                for row in rows:
                    table.seat_moves[row["seat"]] += 1
                if table.status == PLAYING and game.result(state) is not None:
                    table.status = FINISHED
            table.version = before + 1
            await self._save(db, table, before, now)
        self._reported.discard(key)
        log.info("table %s rebuilt from %d logged moves", key, len(rows))
        return table

    async def _head_and_log(self, db: Conn, key: int, lock: bool = False
                            ) -> tuple[Table, list[Row]]:
        found = await db.fetch(
            f"SELECT {_HEAD_COLUMNS} FROM tables WHERE key = ?"
            f"{self._backend.lock_row if lock else ''}", (key,))
        if not found:
            raise KeyError(f"No table with key {key}.")
        table = self._decode(found[0], head=True)
        return table, await self._log_rows(db, key)

    async def _log_rows(self, db: Conn, key: int) -> list[Row]:
        """The table's whole action log, oldest first (``seq``, ``seat``, ``action`` as
        JSON text, ``at``): its rows, or the compressed copy of an archived table."""
        rows = await db.fetch(
            "SELECT seq, seat, action, at FROM actions WHERE table_key = ? ORDER BY seq", (key,))
        if rows:
            return rows
        packed = await self._archived_log(db, key)
        return [] if packed is None else packed

    async def _archived_log(self, db: Conn, key: int) -> list[dict[str, Any]] | None:
        found = await db.fetch(
            "SELECT log FROM closed_tables WHERE table_key = ? AND log IS NOT NULL", (key,))
        if not found:
            return None
        return await asyncio.to_thread(_unpack_log, bytes(found[0][0]))

    # -- the turn clock across processes -------------------------------------------------

    async def claim_clock(self, key: int, event: str, owner: str, now: float,
                          lease: float) -> bool:
        """Claim the due clock event ``event`` of table ``key`` for ``owner``: True for
        exactly one caller, whichever process it runs in, until the claim is ``lease``
        seconds old; then another caller may take it over (its owner died before doing
        it). A claim of another event of the table is simply replaced.

        One upsert, committed at once, so the other processes see it (issue 16: due clock
        events claimed in the database so each fires exactly once). Concurrent claims of
        one row queue on the row (PostgreSQL) or the file (SQLite), and the loser's
        ``WHERE`` then sees the winner's claim and changes nothing. Decision: an upsert
        rather than ``SELECT ... FOR UPDATE SKIP LOCKED`` over the due tables, because
        whether a table is due is computed from its settings and clock (JSON) by
        ``Table.due``, and the same statement then works on both backends.
        """
        async with self._write() as db:
            rows = await db.fetch(
                "INSERT INTO clock_claims (table_key, event, owner, claimed_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (table_key) DO UPDATE SET "
                "event = excluded.event, owner = excluded.owner, "
                "claimed_at = excluded.claimed_at "
                "WHERE clock_claims.event <> excluded.event OR clock_claims.claimed_at <= ? "
                "RETURNING owner",
                (key, event, owner, float(now), float(now) - lease),
            )
        return bool(rows)

    async def release_clock(self, key: int, owner: str) -> None:
        """Give back ``owner``'s claim of table ``key`` (its event failed; try it again)."""
        async with self._write(QUICK_WAIT) as db:
            await db.execute("DELETE FROM clock_claims WHERE table_key = ? AND owner = ?",
                             (key, owner))

    # -- ratings (issue 15; the maths and its choices are in data/ratings.py) -----------

    async def rate_table(self, key: int, now: float, players: Callable[[Table], Iterable[str]],
                         rate: RateFn) -> list[SeatRating]:
        """Count a finished table's ratings once: mark it rated (``rated_at``), read its
        players' ratings, ``rate`` them, write the new ratings and the seats' changes, all
        in one transaction. [] when the table is not finished or was rated already (by an
        earlier call, another process, or before a crash): the mark and the ratings are
        committed together or not at all.

        ``players(table)`` names the players whose ratings ``rate`` needs. Each rating row
        is written only if it is still the one read (its ``games`` count is its version),
        in the players' order so that two games rating the same players at once on
        PostgreSQL queue instead of deadlocking; a row changed meanwhile retries the whole
        transaction.
        """
        for _ in range(_RATE_TRIES):
            try:
                return await self._rate_once(key, now, players, rate)
            except _RatingRace:
                continue
        raise StoreBusy()

    async def _rate_once(self, key: int, now: float, players: Callable[[Table], Iterable[str]],
                         rate: RateFn) -> list[SeatRating]:
        async with self._write() as db:
            table = await self._load(db, key)  # held: a second rater of it waits here
            if table.status != FINISHED:
                return []
            marked = await db.execute(
                "INSERT INTO closed_tables (table_key, rated_at) VALUES (?, ?) "
                "ON CONFLICT (table_key) DO UPDATE SET rated_at = excluded.rated_at "
                "WHERE closed_tables.rated_at IS NULL", (key, float(now)))
            if marked != 1:
                return []
            if not table.guild:
                return []  # the console's tables: counted (so archived in time), rating nobody
            forgotten = await self._unrated_forgotten(db, table)
            for seat in forgotten:  # rated for nobody (data/ratings.py, player_of)
                table.seats[seat] = Seat(None, table.seats[seat].name)
            ended = float(await db.scalar("SELECT updated_at FROM tables WHERE key = ?", (key,)))
            guild = table.guild
            wanted = sorted(set(players(table)))
            current: dict[str, PlayerRating] = {}
            if wanted:
                rows = await db.fetch(
                    f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild = ? AND game_id = ? "
                    f"AND player IN ({', '.join('?' * len(wanted))})",
                    (guild, table.game_id, *wanted))
                current = {r["player"]: _rating(r) for r in rows}
            changes, updated = rate(table, current, ended)
            for new in sorted(updated, key=lambda r: r.player):
                old = current.get(new.player)
                values = (new.name, new.mu, new.sigma, new.games, new.wins, new.last_table,
                          new.last_at)
                if old is None:
                    done = await db.execute(
                        f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES "
                        f"(?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                        (new.guild, new.game_id, new.player, *values))
                else:
                    done = await db.execute(
                        "UPDATE ratings SET name = ?, mu = ?, sigma = ?, games = ?, wins = ?, "
                        "last_table = ?, last_at = ? "
                        "WHERE guild = ? AND game_id = ? AND player = ? AND games = ?",
                        (*values, old.guild, old.game_id, old.player, old.games))
                if done != 1:
                    raise _RatingRace()
            await db.executemany(
                f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(c.table_key, c.seat, c.player, c.rank, c.mu_before, c.sigma_before,
                  c.mu_after, c.sigma_after) for c in changes])
        return changes

    async def _unrated_forgotten(self, db: Conn, table: Table) -> set[int]:
        """The seats of a finished table being rated whose person was forgotten: those
        forgotten when it closed (``forgotten_seats``, dropped now that they are used), and
        any person seated there whose request still waits (a table closed without the
        store's save, e.g. by an older version of the bot), forgotten now."""
        key = table.key or 0
        rows = await db.fetch("SELECT seat FROM forgotten_seats WHERE table_key = ?", (key,))
        seats = {int(r[0]) for r in rows if 0 <= int(r[0]) < len(table.seats)}
        if rows:
            await db.execute("DELETE FROM forgotten_seats WHERE table_key = ?", (key,))
        host = table.host
        table.host, fresh = await self._forget_waiting(db, key, FINISHED, table.seats, host)
        if fresh or table.host != host:
            await db.execute("UPDATE tables SET meta = ?, host = ?, version = version + 1 "
                             "WHERE key = ?", (_dumps(table.dump_meta()), table.host, key))
        return seats | set(fresh)

    async def unrated_tables(self) -> list[int]:
        """Keys of the finished tables not rated yet, in the order they ended."""
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT key FROM tables WHERE status = 'finished' AND NOT EXISTS ("
                "SELECT 1 FROM closed_tables c WHERE c.table_key = tables.key "
                "AND c.rated_at IS NOT NULL) ORDER BY updated_at, key")
        return [int(r["key"]) for r in rows]

    async def ratings(self, guild: str, game_id: str | None = None,
                      player: str | None = None) -> list[PlayerRating]:
        """The ratings of a server, of one game and of one player when given, the surest
        first: by the library's conservative estimate, mu - 3 sigma (its ``ordinal``:
        ``data.ratings.conservative``), then by games played."""
        sql = f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild = ?"
        params: list[Any] = [guild]
        if game_id is not None:
            sql += " AND game_id = ?"
            params.append(game_id)
        if player is not None:
            sql += " AND player = ?"
            params.append(player)
        async with self._reading() as db:
            rows = await db.fetch(sql + " ORDER BY mu - 3 * sigma DESC, games DESC, player",
                                  params)
        return [_rating(r) for r in rows]

    async def rating_changes(self, key: int) -> list[SeatRating]:
        """What the table's game did to its players' ratings, by seat ([] if not rated)."""
        async with self._reading() as db:
            rows = await db.fetch(f"SELECT {_CHANGE_COLUMNS} FROM rating_changes "
                                  f"WHERE table_key = ? ORDER BY seat", (key,))
        return [SeatRating(*(r[i] for i in range(8))) for r in rows]

    async def last_game(self, guild: str, player: str) -> LastGame | None:
        """The player's most recent rated game on the server, or None."""
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT t.key, t.game_id, t.channel, c.rank, t.updated_at "
                "FROM rating_changes c JOIN tables t ON t.key = c.table_key "
                "WHERE c.player = ? AND t.guild = ? ORDER BY t.updated_at DESC, t.key DESC "
                "LIMIT 1", (player, guild))
        if not rows:
            return None
        r = rows[0]
        return LastGame(int(r[0]), r[1], r[2], int(r[3]), float(r[4]))

    # -- forgetting a person (issue 15, /stats forget-me) --------------------------------

    async def forget_player(self, player: str, placeholder: str = FORGOTTEN_NAME,
                            now: float | None = None) -> Forgotten:
        """Forget a person everywhere, in one transaction: their ratings on every server and
        their rated seats go; at every closed table (finished or abandoned) the seats they
        held, or that an AI took over from them, keep only ``placeholder`` as a name
        (``{n}``: the seat's number), a table they hosted keeps no host, and the bot's
        remembered DM to them and their once-only notices go. The action log names seats by
        number and the game states hold no names, so both stay as they are (the log is
        append-only).

        Live tables (lobby or playing) keep them seated: their game is still being played.
        The request is then remembered (``forget_requests``, with ``placeholder``): each of
        those tables forgets them in the save that closes it, finished, aborted or
        abandoned, and a finished one rates nobody for their seats; the request goes once no
        live table seats them (a table they join meanwhile included). With no live table
        left, nothing is remembered.

        The rows that may seat them are locked first (PostgreSQL), so a table closing at this
        moment is either closed before it is read here, and forgotten here, or closes after
        this commits, and finds the request.
        """
        at = float(time.time() if now is None else now)
        async with self._write() as db:
            gone = await self._forget(db, player, placeholder, at)
        assert gone is not None
        return gone

    async def forget_waiting(self, now: float | None = None) -> int:
        """Settle the remembered requests (the bot's housekeeping): for each, forget the
        person again where tables have closed since (a table closed by a path that could not
        read its seats, or by an older version of the bot), and drop the request when no
        live table seats them any more (a lobby they left; or, on PostgreSQL, their last two
        tables closing at the same moment, each seeing the other still live). Returns how
        many requests were dropped."""
        async with self._reading() as db:
            waiting = [r[0] for r in await db.fetch("SELECT player FROM forget_requests")]
        at = float(time.time() if now is None else now)
        dropped = 0
        for player in waiting:
            async with self._write() as db:
                gone = await self._forget(db, player, None, at)
            dropped += gone is not None and gone.live_tables == 0
        return dropped

    async def _forget(self, db: Conn, player: str, placeholder: str | None,
                      at: float) -> Forgotten | None:
        """``forget_player`` inside the open transaction; with no ``placeholder``, only if
        the person's request still waits (with its placeholder), else None. The tables are
        locked before the request is read: a closing table locks its row, then drops the
        request, so this order never waits in a circle with it (PostgreSQL)."""
        rows = await db.fetch(
            f"SELECT key, status, host, meta FROM tables WHERE host = ? OR meta LIKE ? "
            f"ORDER BY key{self._backend.lock_row}", (player, _seated_like(player)))
        if placeholder is None:
            found = await db.fetch("SELECT placeholder FROM forget_requests WHERE player = ?",
                                   (player,))
            if not found:
                return None  # dropped meanwhile: its last table closed
            placeholder = str(found[0][0])
        ratings = await db.execute("DELETE FROM ratings WHERE player = ?", (player,))
        await db.execute("DELETE FROM rating_changes WHERE player = ?", (player,))
        closed: list[int] = []
        live = 0
        for row in rows:
            try:
                meta = json.loads(row["meta"])
                seats = _seats_of(meta)
            except Exception as exc:  # noqa: BLE001 - damaged seats: nothing to read or change
                log.warning("table %s: seats unreadable (%s), a forgotten player may stay",
                            row["key"], type(exc).__name__)
                continue
            if row["host"] != player and not any(player in (s.player, s.former)
                                                 for s in seats):
                continue
            if row["status"] in LIVE_STATUSES:
                live += 1
                continue
            held = _forget_in(seats, player, placeholder)
            meta["seats"] = [s.to_dict() for s in seats]
            await db.execute(
                "UPDATE tables SET meta = ?, host = CASE WHEN host = ? THEN '' ELSE host "
                "END, version = version + 1 WHERE key = ?",
                (_dumps(meta), player, row["key"]))
            await self._forgotten_at(db, int(row["key"]), row["status"], player, held)
            closed.append(int(row["key"]))
        if live:
            await db.execute(
                "INSERT INTO forget_requests (player, placeholder, asked_at) VALUES (?, ?, ?) "
                "ON CONFLICT (player) DO UPDATE SET placeholder = excluded.placeholder",
                (player, placeholder, at))
        else:
            await db.execute("DELETE FROM forget_requests WHERE player = ?", (player,))
        log.info("a player was forgotten: %d ratings, %d closed tables, %d live tables to "
                 "forget them when they close", ratings, len(closed), live)
        return Forgotten(ratings, len(closed), live)

    async def _forgotten_at(self, db: Conn, key: int, status: str, player: str,
                            seats: Sequence[int]) -> None:
        """After ``player`` was forgotten in the seats of closed table ``key``: the bot's
        remembered DM to them and their once-only notices there go, and a finished table
        not rated yet remembers those seats, so that its rating counts them for nobody."""
        await db.execute("DELETE FROM messages WHERE table_key = ? AND kind = ?",
                         (key, f"hand:{player}"))
        await db.execute("DELETE FROM flags WHERE table_key = ? AND name LIKE ?",
                         (key, f"%:{player}"))
        if status != FINISHED or not seats:
            return
        rated = await db.fetch("SELECT 1 FROM closed_tables WHERE table_key = ? "
                               "AND rated_at IS NOT NULL", (key,))
        if not rated:
            await db.executemany(
                "INSERT INTO forgotten_seats (table_key, seat) VALUES (?, ?) "
                "ON CONFLICT DO NOTHING", [(key, seat) for seat in seats])

    async def _forget_waiting(self, db: Conn, key: int, status: str, seats: list[Seat],
                              host: str) -> tuple[str, list[int]]:
        """Table ``key`` is closing (or closed) with ``seats`` and ``host``: forget there,
        in place, every person seated or hosting whose forget-me request waits, and drop
        each request that no other live table needs. Returns the host (``""`` if it was
        forgotten) and the seats forgotten."""
        ids = sorted({p for s in seats for p in (s.player, s.former) if p}
                     | ({host} if host else set()))
        if not ids:
            return host, []
        waiting = await db.fetch(
            f"SELECT player, placeholder FROM forget_requests "
            f"WHERE player IN ({', '.join('?' * len(ids))}) ORDER BY player", ids)
        forgotten: list[int] = []
        for row in waiting:
            player = row["player"]
            held = _forget_in(seats, player, row["placeholder"])
            if host == player:
                host = ""
            await self._forgotten_at(db, key, status, player, held)
            forgotten += held
            if not await self._seated_live(db, player, besides=key):
                await db.execute("DELETE FROM forget_requests WHERE player = ?", (player,))
                log.info("table %s closed: a player's forget-me request is done", key)
        return host, sorted(forgotten)

    async def _forget_waiting_in_row(self, db: Conn, key: int) -> None:
        """``_forget_waiting`` for a table closed by a plain update (``abandon``): its seats
        are read from the row; a row whose seats cannot be read is left as it is (the
        request stays, and ``forget_waiting`` comes back to it)."""
        rows = await db.fetch("SELECT status, host, meta FROM tables WHERE key = ?", (key,))
        try:
            meta = json.loads(rows[0]["meta"])
            seats = _seats_of(meta)
        except Exception:  # noqa: BLE001 - a damaged table closes all the same
            return
        host, forgotten = await self._forget_waiting(db, key, rows[0]["status"], seats,
                                                     rows[0]["host"])
        if forgotten or host != rows[0]["host"]:
            meta["seats"] = [s.to_dict() for s in seats]
            await db.execute("UPDATE tables SET meta = ?, host = ? WHERE key = ?",
                             (_dumps(meta), host, key))

    async def _seated_live(self, db: Conn, player: str, besides: int) -> bool:
        """Whether a live table other than ``besides`` seats or is hosted by ``player``."""
        rows = await db.fetch(
            "SELECT host, meta FROM tables WHERE status IN ('lobby', 'playing') AND key <> ? "
            "AND (host = ? OR meta LIKE ?)", (besides, player, _seated_like(player)))
        for row in rows:
            if row["host"] == player:
                return True
            try:
                seats = _seats_of(json.loads(row["meta"]))
            except Exception:  # noqa: BLE001 - unreadable seats: count it, to be safe
                return True
            if any(player in (s.player, s.former) for s in seats):
                return True
        return False

    # -- archiving closed tables (issue 15) ----------------------------------------------

    async def archive_closed(self, before: float, now: float, batch: int = 20) -> int:
        """Archive the tables that closed before ``before``: their action log is moved,
        compressed, into ``closed_tables.log`` (one row instead of one per move, a tenth of
        the bytes or less), their saved state is dropped (reading the table replays it from
        that log), and so are the bot's remembered posts, once-only flags and clock claims.
        A finished table waits until it is rated. Returns how many tables were archived.

        Decision: the log of an archived table is the one copy of its history, so it moves
        in the same transaction that drops the state, and it moves whole: the copy is
        checked against the log's rows (their count and last number) before they go. The
        rows' delete guard (migration 2's trigger) is lifted inside that transaction only,
        as ``take_back`` does. Batches of ``batch`` tables, each compressed before its
        short write transaction, so moves at live tables never wait long (20 random-play
        Seafarers games of ~2,900 moves: under 0.1 s of write lock on SQLite).
        """
        total = 0
        while True:
            async with self._reading(snapshot=True) as db:
                keys = [int(r[0]) for r in await db.fetch(
                    "SELECT t.key FROM tables t "
                    "LEFT JOIN closed_tables c ON c.table_key = t.key "
                    "WHERE t.status IN ('finished', 'abandoned') AND t.updated_at < ? "
                    "AND c.archived_at IS NULL "
                    "AND (t.status = 'abandoned' OR c.rated_at IS NOT NULL) "
                    "ORDER BY t.updated_at, t.key LIMIT ?", (float(before), batch))]
                logs = {k: [tuple(r) for r in await db.fetch(
                    "SELECT seq, seat, action, at FROM actions WHERE table_key = ? "
                    "ORDER BY seq", (k,))] for k in keys}
            if not keys:
                return total
            packed = await asyncio.to_thread(_pack_logs, logs)
            done = await self._archive_batch(logs, packed, now)
            total += done
            if done == 0 or len(keys) < batch:
                return total

    async def _archive_batch(self, logs: Mapping[int, list[tuple]],
                             packed: Mapping[int, bytes], now: float) -> int:
        async with self._write() as db:
            keys = []
            for key, rows in logs.items():
                still = await db.fetch(
                    "SELECT COUNT(*), MAX(seq) FROM actions WHERE table_key = ?", (key,))
                archived = await db.scalar(
                    "SELECT archived_at FROM closed_tables WHERE table_key = ?", (key,))
                last = rows[-1][0] if rows else None
                if archived is None and tuple(still[0]) == (len(rows), last):
                    keys.append(key)  # else another process archived it meanwhile
            if not keys:
                return 0
            marks = ", ".join("?" * len(keys))
            await db.execute(f"UPDATE tables SET state = NULL WHERE key IN ({marks})", keys)
            await db.executemany(
                "INSERT INTO closed_tables (table_key, archived_at, log) VALUES (?, ?, ?) "
                "ON CONFLICT (table_key) DO UPDATE SET archived_at = excluded.archived_at, "
                "log = excluded.log",
                [(k, float(now), packed[k]) for k in keys])
            await self._delete_log_rows(db, f"table_key IN ({marks})", keys)
            for name in ("messages", "flags", "clock_claims"):
                await db.execute(f"DELETE FROM {name} WHERE table_key IN ({marks})", keys)
        return len(keys)

    async def _delete_log_rows(self, db: Conn, where: str, params: Sequence[Any]) -> None:
        """Delete rows of the action log inside the open transaction, lifting its delete
        guard for that statement only: SQLite's trigger is dropped and made again from its
        own SQL (``BEGIN IMMEDIATE`` holds the file meanwhile), PostgreSQL's is disabled and
        enabled again (other writers of the log wait for the commit; reads do not)."""
        delete = f"DELETE FROM actions WHERE {where}"
        if self._backend.name == "postgresql":
            await db.execute("ALTER TABLE actions DISABLE TRIGGER actions_no_delete")
            await db.execute(delete, params)
            await db.execute("ALTER TABLE actions ENABLE TRIGGER actions_no_delete")
            return
        trigger = await db.scalar(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'actions_no_delete'")
        await db.execute("DROP TRIGGER actions_no_delete")
        await db.execute(delete, params)
        await db.execute(trigger)

    # -- backups (issue 15, /admin backup) -----------------------------------------------

    async def guilds(self) -> set[str]:
        """Every server with a table or a rating in the database: whether a copy of the
        whole database holds other servers' games. A table without a server (the console's,
        ``python bot.py console``) is nobody else's, so it is not counted, nor a rating
        under no server (which older versions left for the console's games)."""
        async with self._reading(snapshot=True) as db:
            rows = await db.fetch(
                "SELECT DISTINCT guild FROM tables WHERE guild IS NOT NULL AND guild <> ''")
            rated = await db.fetch("SELECT DISTINCT guild FROM ratings WHERE guild <> ''")
        return {r[0] for r in rows} | {r[0] for r in rated}

    async def backup(self, dest: Path) -> None:
        """A consistent copy of the whole database in the new file ``dest``, taken while
        the bot runs (SQLite's online backup). NotImplementedError on PostgreSQL, whose own
        tool is ``pg_dump``."""
        await self._backend.backup(Path(dest))

    # -- whole-database copies (python bot.py migrate-db) --------------------------------

    async def dump_rows(self) -> dict[str, list[tuple]]:
        """Every row of every table of the schema (``SCHEMA_TABLES``), as plain tuples, read
        in one snapshot. Damaged rows are copied as they are: nothing is decoded."""
        out: dict[str, list[tuple]] = {}
        async with self._reading(snapshot=True) as db:
            for name, (columns, order) in SCHEMA_TABLES.items():
                rows = await db.fetch(f"SELECT {columns} FROM {name} ORDER BY {order}")
                out[name] = [tuple(r) for r in rows]
        return out

    async def row_counts(self) -> dict[str, int]:
        """How many rows each table of the schema holds."""
        async with self._reading(snapshot=True) as db:
            return {name: int(await db.scalar(f"SELECT COUNT(*) FROM {name}"))
                    for name in SCHEMA_TABLES}

    async def load_rows(self, rows: dict[str, list[tuple]]) -> None:
        """Insert ``dump_rows`` output, keys included, in one transaction: all or nothing.
        For an empty database (``python bot.py migrate-db`` checks that first)."""
        async with self._write() as db:
            for name, (columns, _) in SCHEMA_TABLES.items():
                if rows.get(name):
                    marks = ", ".join("?" * len(columns.split(",")))
                    await db.executemany(
                        f"INSERT INTO {name} ({columns}) VALUES ({marks})", rows[name])
            await self._backend.after_copy(db)

    # -- the bot's posts and once-only notices -------------------------------------------

    async def set_message(self, key: int, kind: str, channel_id: str, message_id: str) -> None:
        """Remember the bot's post of that kind for the table (replacing the previous one)."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO messages (table_key, kind, channel_id, message_id) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (table_key, kind) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id",
                (key, kind, str(channel_id), str(message_id)),
            )

    async def get_message(self, key: int, kind: str) -> tuple[str, str] | None:
        """(channel_id, message_id) of the remembered post, or None."""
        async with self._reading() as db:
            rows = await db.fetch(
                "SELECT channel_id, message_id FROM messages WHERE table_key = ? AND kind = ?",
                (key, kind),
            )
        return (rows[0]["channel_id"], rows[0]["message_id"]) if rows else None

    async def flags(self, key: int, prefix: str = "") -> set[str]:
        """The table's flags raised so far whose name starts with ``prefix``."""
        async with self._reading() as db:
            rows = await db.fetch("SELECT name FROM flags WHERE table_key = ?", (key,))
        return {r["name"] for r in rows if str(r["name"]).startswith(prefix)}

    async def flag_once(self, key: int, name: str) -> bool:
        """True the first time this flag is raised for the table, False ever after."""
        async with self._write() as db:
            return await db.execute(
                "INSERT INTO flags (table_key, name) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (key, name),
            ) == 1

    # -- taking a move back (issue 15, undo by consent; what may be: engine/undo.py) -----

    async def take_back(self, key: int, seq: int, seat: int, now: float,
                        action: Action | None = None,
                        expect_version: int | None = None) -> tuple[Table, LogEntry]:
        """Take back the table's last move, logged as ``seq`` by ``seat``: in one
        transaction, remove it from the action log and save the state replayed from the log
        without it (shared DESIGN.md: "undo by replay"). Returns the table as saved and the
        entry taken back. Whether the move may be taken back (engine/undo.py) and who agreed
        to it (data/undo.py) are decided before; this is the writing.

        IllegalAction, with nothing written, when the game is not running or ``seq`` is no
        longer the table's last move by ``seat`` (someone moved since), or is not ``action``
        when given (a move taken back frees its number for the next one: a request for the
        old move must not take back a new one); Conflict when ``expect_version`` is given
        and the table moved on from it. The seat's move count
        goes back with its log, and the turn clock starts afresh for whoever must act now.

        The action log is append-only in the database itself (migration 2's triggers); a
        running table's log loses an entry only here, only its last one, with the delete
        guard lifted inside this transaction only (``_delete_log_rows``, which archiving
        uses too).
        """
        async with self._write() as db:
            table = await self._load(db, key)
            if expect_version is not None and table.version != expect_version:
                raise Conflict(key, expect_version, table.version)
            if table.status != PLAYING:
                raise IllegalAction("The game is not running at this table, so no move can "
                                    "be taken back.")
            rows = await db.fetch("SELECT seq, seat, action, at FROM actions "
                                  "WHERE table_key = ? ORDER BY seq", (key,))
            if not rows or rows[-1]["seq"] != seq or rows[-1]["seat"] != seat or (
                    action is not None
                    and Action.from_dict(json.loads(rows[-1]["action"])) != action):
                raise IllegalAction("Someone has moved since, and only the table's last move "
                                    "can be taken back: nothing was taken back.")
            last = rows[-1]
            before = table.version
            # a long game's replay takes a moment: off the event loop, as _unarchive does
            table.state = await asyncio.to_thread(_rebuild, table, rows[:-1])
            table.seat_moves[seat] -= 1
            table.version = before + 1
            game = engine.get_game(table.game_id)
            table.clock = Clock(now, None, sorted(table.to_act(game)))
            if table.settings.forced_minutes:  # the seats down to one move, from now
                table.refresh_forced(game, now)
            await self._save(db, table, before, now)
            await self._delete_log_rows(db, "table_key = ? AND seq = ?", (key, seq))
        log.info("table %s: move %s of seat %s taken back", key, seq, seat)
        return table, LogEntry(seq, seat, Action.from_dict(json.loads(last["action"])),
                               last["at"])
