"""The SQLite store of tables and their action logs (shared DESIGN.md, "Tables, storage and
concurrency"; /tmp/parley/SERVICE.md, "data/store.py").

One aiosqlite connection per ``Store``. Every write is one transaction opened with
``BEGIN IMMEDIATE``, so it holds SQLite's write lock from its first read: a move loads the
table, applies it through the pure engine, saves it with ``WHERE key = ? AND version = ?``
and appends to the action log, and either all of that is committed or none of it.

Two kinds of concurrency meet here:

- coroutines of one process sharing this ``Store``: an ``asyncio.Lock`` makes them take
  turns, so no coroutine ever runs a statement inside another's transaction (they share
  one connection, and a connection has one transaction). Reads take the lock too, so they
  never see another coroutine's uncommitted writes;
- several ``Store`` objects or processes on one file: SQLite's own locking, with a busy
  timeout, queues their ``BEGIN IMMEDIATE``. The move that waited then loads the state the
  first one committed, and the engine judges it against that.

The journal is WAL with ``synchronous = FULL``: a commit that returned is on disk, so a
crash of the process or the machine loses nothing acknowledged (the cost measured here is
a fraction of a millisecond per commit; see bench/bench_store.py).
"""

from __future__ import annotations

import asyncio
import json
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
from engine.core import Action, Event
from engine.table import LOBBY, PLAYING, Clock, Seat, Settings, Table

LIVE_STATUSES = (LOBBY, PLAYING)

_COLUMNS = (
    "key, channel, guild, parent, game_id, options, host, seed, status, state, meta, "
    "version, title"
)


class TableExists(Exception):
    """The channel already has a live (lobby or playing) table; ``table`` is that one."""

    def __init__(self, table: Table) -> None:
        super().__init__(
            "This channel already has a game table. Finish it or /game abort it first, "
            "or start the new game in a thread."
        )
        self.table = table


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


def _row_to_table(row: sqlite3.Row) -> Table:
    game = engine.get_game(row["game_id"])
    meta = json.loads(row["meta"])
    state = None if row["state"] is None else game.load(json.loads(row["state"]))
    return Table(
        id=row["channel"],
        game_id=row["game_id"],
        options=json.loads(row["options"]),
        host=row["host"],
        seed=row["seed"],
        seats=[Seat.from_dict(s) for s in meta.get("seats", [])],
        status=row["status"],
        state=state,
        version=row["version"],
        settings=Settings.from_dict(meta.get("settings")),
        clock=Clock.from_dict(meta.get("clock")),
        guild=row["guild"],
        parent=row["parent"],
        title=row["title"],
        key=row["key"],
        seat_moves=[int(n) for n in meta.get("seat_moves", [])],
    )


def _state_json(table: Table) -> str | None:
    if table.state is None:
        return None
    return _dumps(engine.get_game(table.game_id).dump(table.state))


def _is_live_channel_clash(exc: sqlite3.IntegrityError) -> bool:
    return "tables.channel" in str(exc)


class Store:
    """Tables, their action logs, the bot's remembered posts and once-only flags."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()

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

        ``migrations`` is the list to apply; only the tests pass a shorter one, to build a
        file as an older version of the bot left it.
        """
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            store = cls(db)
            await store._migrate(migrations)
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        async with self._lock:
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
        async with self._lock:
            return await self._scalar(self._db, "PRAGMA user_version")

    # -- transactions --------------------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            db = self._db
            try:
                await db.execute("BEGIN IMMEDIATE")
                yield db
                await db.execute("COMMIT")
            except BaseException:
                # Queued after whatever statement is still running in the connection's
                # thread (a cancelled await does not stop it), so it always lands last.
                try:
                    await db.execute("ROLLBACK")
                except sqlite3.OperationalError:
                    pass  # no transaction was open: BEGIN failed, or SQLite already rolled back
                raise

    # Reads use execute_fetchall: one trip to the connection's thread instead of three
    # (execute, fetch, close). Every trip waits for the event loop to pick the answer up, so
    # fewer trips hold the write lock for less time when the loop is busy (measured with
    # bench/bench_store.py --concurrency 4: p95 from 15 ms down to under 3 ms).

    @staticmethod
    async def _scalar(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = list(await db.execute_fetchall(sql, params))
        return rows[0][0] if rows else None

    @staticmethod
    async def _one(db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> Table | None:
        rows = list(await db.execute_fetchall(sql, params))
        return _row_to_table(rows[0]) if rows else None

    @staticmethod
    async def _many(db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> list[Table]:
        return [_row_to_table(r) for r in await db.execute_fetchall(sql, params)]

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

    async def create(self, table: Table, now: float | None = None) -> Table:
        """Insert a new table and set ``table.key``; TableExists if the channel has one live.

        ``now`` (epoch seconds) stamps created_at; it defaults to the current time.
        """
        at = time.time() if now is None else now
        async with self._transaction() as db:
            live = await self._live(db, table.id)
            if live is not None:
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
        """The lobby or playing table of that channel or thread."""
        async with self._lock:
            return await self._live(self._db, channel_id)

    async def latest(self, channel_id: str) -> Table | None:
        """The newest table of that channel, whatever its status."""
        async with self._lock:
            return await self._one(
                self._db,
                f"SELECT {_COLUMNS} FROM tables WHERE channel = ? ORDER BY key DESC LIMIT 1",
                (channel_id,),
            )

    async def get(self, key: int) -> Table | None:
        async with self._lock:
            return await self._one(self._db, f"SELECT {_COLUMNS} FROM tables WHERE key = ?", (key,))

    async def list_tables(
        self, guild: str | None = None, statuses: Iterable[str] = LIVE_STATUSES
    ) -> list[Table]:
        """Tables with one of ``statuses`` (of that guild if given), oldest first."""
        wanted = list(statuses)
        if not wanted:
            return []
        sql = f"SELECT {_COLUMNS} FROM tables WHERE status IN ({', '.join('?' * len(wanted))})"
        params: list[Any] = wanted
        if guild is not None:
            sql += " AND guild = ?"
            params = [*wanted, guild]
        async with self._lock:
            return await self._many(self._db, sql + " ORDER BY key", params)

    async def playing(self) -> list[Table]:
        """Every playing table (the clock loop walks them)."""
        return await self.list_tables(None, (PLAYING,))

    async def mutate(
        self,
        key: int,
        fn: Callable[[Table], object],
        now: float,
        expect_version: int | None = None,
    ) -> Table:
        """Load, ``fn(table)``, save, in one transaction; returns the table as saved.

        Whatever ``fn`` raises (IllegalAction for a refused change) rolls everything back
        and propagates. The version goes up by at least one, so a change ``fn`` made
        without bumping it (settings) still shows as a new version. ``expect_version``
        refuses with Conflict when the table is no longer at the version the caller saw.
        """
        async with self._transaction() as db:
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
        async with self._lock:
            rows = list(await self._db.execute_fetchall(sql, params))
        return [
            LogEntry(r["seq"], r["seat"], Action.from_dict(json.loads(r["action"])), r["at"])
            for r in reversed(rows)
        ]

    async def replay(self, key: int) -> Any:
        """The state rebuilt from seed, options and the action log (None in the lobby)."""
        async with self._lock:
            table = await self._load(self._db, key)
            rows = await self._db.execute_fetchall(
                "SELECT seat, action FROM actions WHERE table_key = ? ORDER BY seq", (key,)
            )
        if table.state is None and not rows:
            return None
        game = engine.get_game(table.game_id)
        state = game.setup(len(table.seats), table.options, table.seed)
        for row in rows:
            game.apply(state, row["seat"], Action.from_dict(json.loads(row["action"])))
        return state

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
        async with self._lock:
            rows = list(await self._db.execute_fetchall(
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
