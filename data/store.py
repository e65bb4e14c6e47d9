"""The SQLite store of tables and their action logs (shared DESIGN.md, "Tables, storage and
concurrency").

Two aiosqlite connections per ``Store``: one writes, one reads.

- Every write is one transaction on the writing connection, opened with ``BEGIN
  IMMEDIATE``, so it holds SQLite's write lock from its first read: a move loads the
  table, applies it through the pure engine, saves it with ``WHERE key = ? AND version = ?``
  and appends to the action log, and either all of that is committed or none of it.
  Coroutines of one process take turns on that connection (an ``asyncio.Lock``), since a
  connection has one transaction.
- Reads go to the reading connection and never wait for a write: in WAL mode a reader sees
  the last committed state while a writer works, whether the writer is this process, the
  console, a backup or another bot process. So the Hand, Rules and Join buttons answer in
  Discord's three seconds while a move waits for the write lock.
- Several ``Store`` objects or processes on one file: SQLite's own lock queues their
  ``BEGIN IMMEDIATE``. A write that cannot have the lock within its wait (``busy_timeout``
  at opening, or a shorter one for a change answered at once) raises :class:`StoreBusy`, a
  polite "busy, try again" that changed nothing. The move that waited then loads the state
  the first one committed, and the engine judges it against that.

A damaged row (a state that is truncated, empty, of an unknown schema or game; seats that
cannot be read) never stops another table: listings read only the columns and the seats,
never the game state, and skip a row they cannot read; reading the damaged table itself
raises :class:`DamagedTable`, whose sentence tells the players what the host can do
(:meth:`Store.repair` rebuilds the state from seed, options and action log; ``abandon``
closes it without reading it). Each damaged row is logged once per process, with its key
and what could not be read, never its content.

The journal is WAL with ``synchronous = FULL``: a commit that returned is on disk, so a
crash of the process or the machine loses nothing acknowledged (the cost measured here is
a fraction of a millisecond per commit; see bench/bench_store.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

import engine
from data.migrations import MIGRATIONS, statements
from engine.core import Action, Event, IllegalAction
from engine.table import ABANDONED, FINISHED, LOBBY, PLAYING, Clock, Seat, Settings, Table

log = logging.getLogger(__name__)

LIVE_STATUSES = (LOBBY, PLAYING)

#: How long a change answered at once (not deferred) may wait for the write lock: Discord
#: wants an answer within 3 seconds of the click, and "busy, try again" is that answer.
QUICK_WAIT = 2.0
#: One try of ``BEGIN IMMEDIATE`` waits this long inside SQLite (its busy handler); the
#: store tries again until the write's own wait is over, without blocking the event loop.
_BEGIN_TRY_MS = 50

_HEAD_COLUMNS = (
    "key, channel, guild, parent, game_id, options, host, seed, status, meta, version, title"
)
_COLUMNS = _HEAD_COLUMNS + ", state"


class TableExists(Exception):
    """The channel already has a live (lobby or playing) table; ``table`` is that one."""

    def __init__(self, table: Table) -> None:
        super().__init__(
            "This channel already has a game table. Finish it or /game abort it first, "
            "or start the new game in a thread."
        )
        self.table = table


class StoreBusy(IllegalAction):
    """The database's write lock stayed taken (by another program or process) for longer
    than the change could wait; nothing was written."""

    def __init__(self) -> None:
        super().__init__(
            "The game database is busy right now (another program is writing to it). "
            "Nothing was changed: try again in a moment."
        )


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


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _head(row: sqlite3.Row) -> Table:
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


def _row_to_table(row: sqlite3.Row) -> Table:
    """The whole table of a row, game state included; DamagedTable when it cannot be read."""
    table = _head(row)
    raw = row["state"]
    if raw is None:
        if table.status != LOBBY and table.seat_moves:
            raise _damaged(row, "game state", ValueError("no state"))
        return table
    try:
        table.state = engine.get_game(table.game_id).load(json.loads(raw))
    except Exception as exc:  # noqa: BLE001 - truncated JSON, unknown schema, missing field
        raise _damaged(row, "game state", exc) from None
    return table


def _damaged(row: sqlite3.Row, part: str, exc: BaseException) -> DamagedTable:
    # The exception's name only: its text could quote the state, hidden cards included.
    return DamagedTable(row["key"], row["channel"], row["host"], row["status"],
                        f"{part} ({type(exc).__name__})")


def _state_json(table: Table) -> str | None:
    if table.state is None:
        return None
    return _dumps(engine.get_game(table.game_id).dump(table.state))


def _is_live_channel_clash(exc: sqlite3.IntegrityError) -> bool:
    return "tables.channel" in str(exc)


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc)
    return "database is locked" in text or "database is busy" in text


def _rebuild(table: Table, rows: Iterable[sqlite3.Row]) -> Any:
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


class Store:
    """Tables, their action logs, the bot's remembered posts and once-only flags."""

    def __init__(
        self,
        db: aiosqlite.Connection,
        reader: aiosqlite.Connection | None = None,
        *,
        wait: float = 10.0,
    ) -> None:
        self._db = db
        self._reader = db if reader is None else reader
        self._lock = asyncio.Lock()
        # Reads of several statements (a replay) take turns on the reading connection; with
        # one connection (an in-memory database) they take the writers' lock instead.
        self._read_lock = self._lock if reader is None else asyncio.Lock()
        self._wait = wait
        self._reported: set[int] = set()  # damaged rows already logged, by key

    # -- opening -------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        busy_timeout: float = 10.0,
        migrations: Sequence[str] = MIGRATIONS,
    ) -> Store:
        """Open (or create) the database file and bring its schema up to date.

        ``busy_timeout`` is how long a write waits for SQLite's write lock before it gives
        up with StoreBusy (a change answered at once waits QUICK_WAIT at most).
        ``migrations`` is the list to apply; only the tests pass a shorter one, to build a
        file as an older version of the bot left it.
        """
        db = await aiosqlite.connect(str(path), isolation_level=None)
        reader: aiosqlite.Connection | None = None
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {_BEGIN_TRY_MS}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            store = cls(db, wait=busy_timeout)
            await store._migrate(migrations)
            if str(path) != ":memory:":  # a second connection would open another database
                reader = await aiosqlite.connect(str(path), isolation_level=None)
                reader.row_factory = sqlite3.Row
                await reader.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
                await reader.execute("PRAGMA query_only = ON")
                store = cls(db, reader, wait=busy_timeout)
        except BaseException:
            if reader is not None:
                await reader.close()
            await db.close()
            raise
        return store

    async def close(self) -> None:
        async with self._lock:
            if self._reader is not self._db:
                async with self._read_lock:
                    await self._reader.close()
            await self._db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _migrate(self, migrations: Sequence[str]) -> None:
        # One migration per transaction, re-reading user_version under the write lock, so
        # two processes opening an old file at once apply each migration exactly once.
        while True:
            async with self._transaction() as db:
                done = await self._scalar(db, "PRAGMA user_version")
                if done > len(migrations):
                    raise RuntimeError(
                        f"The database has {done} migrations applied but this version of "
                        f"Parley knows {len(migrations)}: it was written by a newer version."
                    )
                if done == len(migrations):
                    return
                for statement in statements(migrations[done]):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {done + 1}")

    async def schema_version(self) -> int:
        """How many migrations this file has run (``PRAGMA user_version``)."""
        async with self._read_lock:
            return await self._scalar(self._reader, "PRAGMA user_version")

    # -- transactions --------------------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self, wait: float | None = None) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction; StoreBusy when the write lock is not had within ``wait``
        seconds (the store's ``busy_timeout`` by default), counting the turn of this
        process's other writers too."""
        deadline = time.monotonic() + (self._wait if wait is None else wait)
        try:
            async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                await self._lock.acquire()
        except TimeoutError:
            raise StoreBusy() from None
        try:
            db = self._db
            await self._begin(db, deadline)
            try:
                yield db
                await db.execute("COMMIT")
            except BaseException:
                # Queued after whatever statement is still running in the connection's
                # thread (a cancelled await does not stop it), so it always lands last.
                try:
                    await db.execute("ROLLBACK")
                except sqlite3.OperationalError:
                    pass  # no transaction was open, or SQLite already rolled back
                raise
        finally:
            self._lock.release()

    @staticmethod
    async def _begin(db: aiosqlite.Connection, deadline: float) -> None:
        # Each try waits _BEGIN_TRY_MS inside SQLite; between tries the event loop runs, so a
        # long wait for another process's lock never stalls the bot.
        while True:
            try:
                await db.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc):
                    raise
                left = deadline - time.monotonic()
                if left <= 0:
                    raise StoreBusy() from None
                await asyncio.sleep(min(0.02, left))

    @asynccontextmanager
    async def _reading(self, snapshot: bool = False) -> AsyncIterator[aiosqlite.Connection]:
        """The reading connection; with ``snapshot``, inside one read transaction, so that
        several statements see one committed state."""
        async with self._read_lock:
            db = self._reader
            if not snapshot or db is self._db:
                yield db
                return
            await db.execute("BEGIN")
            try:
                yield db
            finally:
                await db.execute("COMMIT")

    # Reads use execute_fetchall: one trip to the connection's thread instead of three
    # (execute, fetch, close). Every trip waits for the event loop to pick the answer up, so
    # fewer trips hold the write lock for less time when the loop is busy (measured with
    # bench/bench_store.py --concurrency 4: p95 from 15 ms down to under 3 ms).

    @staticmethod
    async def _scalar(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = list(await db.execute_fetchall(sql, params))
        return rows[0][0] if rows else None

    async def _one(self, db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> Table | None:
        rows = list(await db.execute_fetchall(sql, params))
        return self._decode(rows[0]) if rows else None

    def _decode(self, row: sqlite3.Row, head: bool = False) -> Table:
        try:
            return _head(row) if head else _row_to_table(row)
        except DamagedTable as exc:
            self._report(exc)
            raise

    def _report(self, exc: DamagedTable) -> None:
        if exc.key not in self._reported:
            self._reported.add(exc.key)
            log.error("table %s (channel %s, %s) cannot be read: %s; /game repair rebuilds "
                      "it from its log", exc.key, exc.channel, exc.status, exc.part)

    async def _load(self, db: aiosqlite.Connection, key: int) -> Table:
        table = await self._one(db, f"SELECT {_COLUMNS} FROM tables WHERE key = ?", (key,))
        if table is None:
            raise KeyError(f"No table with key {key}.")
        return table

    async def _live(self, db: aiosqlite.Connection, channel: str) -> Table | None:
        return await self._one(
            db,
            f"SELECT {_COLUMNS} FROM tables WHERE channel = ? AND status IN ('lobby', 'playing')",
            (channel,),
        )

    @staticmethod
    async def _live_key(db: aiosqlite.Connection, channel: str) -> int | None:
        rows = list(await db.execute_fetchall(
            "SELECT key FROM tables WHERE channel = ? AND status IN ('lobby', 'playing')",
            (channel,),
        ))
        return rows[0]["key"] if rows else None

    async def _save(
        self, db: aiosqlite.Connection, table: Table, expected_version: int, now: float
    ) -> None:
        try:
            cur = await db.execute(
                "UPDATE tables SET guild = ?, parent = ?, options = ?, host = ?, seed = ?, "
                "status = ?, state = ?, meta = ?, version = ?, title = ?, updated_at = ? "
                "WHERE key = ? AND version = ?",
                (
                    table.guild,
                    table.parent,
                    _dumps(table.options),
                    table.host,
                    table.seed,
                    table.status,
                    _state_json(table),
                    _dumps(table.dump_meta()),
                    table.version,
                    table.title,
                    now,
                    table.key,
                    expected_version,
                ),
            )
        except sqlite3.IntegrityError as exc:
            if _is_live_channel_clash(exc):
                live = await self._live(db, table.id)
                if live is not None:
                    raise TableExists(live) from None
            raise
        if cur.rowcount != 1:
            found = await self._scalar(db, "SELECT version FROM tables WHERE key = ?", (table.key,))
            raise Conflict(table.key or 0, expected_version, found)

    # -- tables --------------------------------------------------------------------------

    async def create(self, table: Table, now: float | None = None,
                     *, wait: float | None = None) -> Table:
        """Insert a new table and set ``table.key``; TableExists if the channel has one live
        (DamagedTable if that one cannot be read).

        ``now`` (epoch seconds) stamps created_at; it defaults to the current time.
        """
        at = time.time() if now is None else now
        async with self._transaction(wait) as db:
            if await self._live_key(db, table.id) is not None:
                live = await self._live(db, table.id)
                assert live is not None
                raise TableExists(live)
            cur = await db.execute(
                "INSERT INTO tables (channel, guild, parent, game_id, options, host, seed, "
                "status, state, meta, version, title, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    table.guild,
                    table.parent,
                    table.game_id,
                    _dumps(table.options),
                    table.host,
                    table.seed,
                    table.status,
                    _state_json(table),
                    _dumps(table.dump_meta()),
                    table.version,
                    table.title,
                    at,
                    at,
                ),
            )
            table.key = cur.lastrowid
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
            rows = await db.execute_fetchall(sql + " ORDER BY key", params)
        out = []
        for row in rows:
            try:
                out.append(self._decode(row, head=True))
            except DamagedTable:
                continue
        return out

    async def playing(self) -> list[Table]:
        """Every playing table, without its state (the clock loop walks them)."""
        return await self.list_tables(None, (PLAYING,))

    async def host_of(self, channel_id: str, live: bool = True) -> tuple[int, str] | None:
        """(key, host) of the channel's live table (``live``) or of its newest table, read
        from plain columns only: it works when the rest of the row is damaged."""
        where = " AND status IN ('lobby', 'playing')" if live else ""
        async with self._reading() as db:
            rows = list(await db.execute_fetchall(
                f"SELECT key, host FROM tables WHERE channel = ?{where} ORDER BY key DESC LIMIT 1",
                (channel_id,),
            ))
        return (rows[0]["key"], rows[0]["host"]) if rows else None

    async def abandon(self, key: int, now: float, *, host: str | None = None,
                      wait: float | None = None) -> bool:
        """Close a live table for good without reading its state or seats (so a damaged
        table can be closed too); only if ``host`` still hosts it, when given. False when
        nothing was closed."""
        async with self._transaction(wait) as db:
            cur = await db.execute(
                "UPDATE tables SET status = ?, version = version + 1, updated_at = ? "
                "WHERE key = ? AND status IN ('lobby', 'playing') AND (? IS NULL OR host = ?)",
                (ABANDONED, now, key, host, host),
            )
            return cur.rowcount == 1

    async def mutate(
        self,
        key: int,
        fn: Callable[[Table], object],
        now: float,
        expect_version: int | None = None,
        *,
        wait: float | None = None,
    ) -> Table:
        """Load, ``fn(table)``, save, in one transaction; returns the table as saved.

        Whatever ``fn`` raises (IllegalAction for a refused change) rolls everything back
        and propagates. The version goes up by at least one, so a change ``fn`` made
        without bumping it (settings) still shows as a new version. ``expect_version``
        refuses with Conflict when the table is no longer at the version the caller saw.
        """
        async with self._transaction(wait) as db:
            table = await self._load(db, key)
            before = table.version
            if expect_version is not None and before != expect_version:
                raise Conflict(key, expect_version, before)
            fn(table)
            if table.version <= before:
                table.version = before + 1
            await self._save(db, table, before, now)
        return table

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
    ) -> tuple[Table, list[Event]]:
        """Apply several steps of one seat as one transaction: all of them or none.

        A choice made step by step (pick a card, pick another, confirm) can come from one
        Discord menu as a batch (shared DESIGN.md, the Game contract); no other move can
        come between its steps, and a step the engine refuses refuses the whole batch with
        its reason. ``expect_seat_moves`` is the seat's count before the first step.
        """
        if not actions:
            raise ValueError("A batch of moves needs at least one move.")
        async with self._transaction() as db:
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
                [(key, seat, _dumps(a.to_dict()), now, key) for a in actions],
            )
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
            rows = list(await db.execute_fetchall(sql, params))
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
        async with self._transaction(wait) as db:
            table, rows = await self._head_and_log(db, key)
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

    async def _head_and_log(self, db: aiosqlite.Connection, key: int
                            ) -> tuple[Table, list[sqlite3.Row]]:
        found = list(await db.execute_fetchall(
            f"SELECT {_HEAD_COLUMNS} FROM tables WHERE key = ?", (key,)))
        if not found:
            raise KeyError(f"No table with key {key}.")
        table = self._decode(found[0], head=True)
        rows = list(await db.execute_fetchall(
            "SELECT seat, action FROM actions WHERE table_key = ? ORDER BY seq", (key,)))
        return table, rows

    # -- the bot's posts and once-only notices -------------------------------------------

    async def set_message(self, key: int, kind: str, channel_id: str, message_id: str) -> None:
        """Remember the bot's post of that kind for the table (replacing the previous one)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO messages (table_key, kind, channel_id, message_id) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (table_key, kind) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id",
                (key, kind, str(channel_id), str(message_id)),
            )

    async def get_message(self, key: int, kind: str) -> tuple[str, str] | None:
        """(channel_id, message_id) of the remembered post, or None."""
        async with self._reading() as db:
            rows = list(await db.execute_fetchall(
                "SELECT channel_id, message_id FROM messages WHERE table_key = ? AND kind = ?",
                (key, kind),
            ))
        return (rows[0]["channel_id"], rows[0]["message_id"]) if rows else None

    async def flag_once(self, key: int, name: str) -> bool:
        """True the first time this flag is raised for the table, False ever after."""
        async with self._transaction() as db:
            cur = await db.execute(
                "INSERT OR IGNORE INTO flags (table_key, name) VALUES (?, ?)", (key, name)
            )
            return cur.rowcount == 1
