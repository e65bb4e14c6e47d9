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
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from data.db import Backend, Conn, Row, StoreBusy, describe, is_postgresql
from data.migrations import MIGRATIONS, Migration
from engine.core import Action, Event, IllegalAction
from engine.table import ABANDONED, FINISHED, LOBBY, PLAYING, Clock, Seat, Settings, Table

log = logging.getLogger(__name__)

__all__ = ["QUICK_WAIT", "SCHEMA_TABLES", "Conflict", "DamagedTable", "LogEntry", "Store",
           "StoreBusy", "TableExists"]

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
}


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


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


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


def _row_to_table(row: Row) -> Table:
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
        return self._decode(rows[0]) if rows else None

    def _decode(self, row: Row, head: bool = False) -> Table:
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
        """Every playing table, without its state (the clock loop walks them)."""
        return await self.list_tables(None, (PLAYING,))

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
            return changed == 1

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
        async with self._write(wait) as db:
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
        rows = await db.fetch(
            "SELECT seat, action FROM actions WHERE table_key = ? ORDER BY seq", (key,))
        return table, rows

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

    async def flag_once(self, key: int, name: str) -> bool:
        """True the first time this flag is raised for the table, False ever after."""
        async with self._write() as db:
            return await db.execute(
                "INSERT INTO flags (table_key, name) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (key, name),
            ) == 1
