"""The SQLite backend of the store: one file, two aiosqlite connections (shared DESIGN.md,
"Tables, storage and concurrency"; the default, which needs nothing installed).

- Every write is one transaction on the writing connection, opened with ``BEGIN
  IMMEDIATE``, so it holds SQLite's write lock from its first read. Coroutines of one
  process take turns on that connection (an ``asyncio.Lock``), since a connection has one
  transaction.
- Reads go to the reading connection and never wait for a write: in WAL mode a reader sees
  the last committed state while a writer works, whether the writer is this process, the
  console, a backup or another bot process.
- Several stores or processes on one file: SQLite's own lock queues their ``BEGIN
  IMMEDIATE``. Each try waits ``_BEGIN_TRY_MS`` inside SQLite, and the store tries again
  until the write's own wait is over (then StoreBusy), without blocking the event loop.

A file the system will not open, read or write (``SQLITE_CANTOPEN``, ``SQLITE_IOERR``,
``SQLITE_FULL``: a folder or disk gone, a disk failing or full) is the SQLite form of a
database that does not answer (issue 21, item 4): every statement, ``BEGIN`` and ``COMMIT``
raise :class:`~data.db.StoreUnavailable` for it (SQLite rolls back a transaction whose
write failed, so nothing was changed), and "database is locked" stays
:class:`~data.db.StoreBusy`. The operator is told once per outage (``data.db.Outage``).
The connections stay open and answer again as soon as the file can be reached.

The journal is WAL with ``synchronous = FULL``: a commit that returned is on disk, so a
crash of the process or the machine loses nothing acknowledged (the cost measured here is
a fraction of a millisecond per commit; see bench/bench_store.py). The number of migrations
run is ``PRAGMA user_version``, as every version of the bot has kept it.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from data.db import Backend, Conn, Outage, Row, StoreBusy, StoreUnavailable
from data.migrations import statements

#: One try of ``BEGIN IMMEDIATE`` waits this long inside SQLite (its busy handler).
_BEGIN_TRY_MS = 50
#: SQLite's primary result codes for a file the system does not let it reach: SQLITE_IOERR
#: (a read, write or sync refused), SQLITE_FULL (no room left), SQLITE_CANTOPEN (the file
#: or its journal cannot be opened). Corruption (SQLITE_CORRUPT, SQLITE_NOTADB), a write
#: on the read-only connection (SQLITE_READONLY) and mistakes in SQL are not among them.
_NO_ANSWER_CODES = frozenset({sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL,
                              sqlite3.SQLITE_CANTOPEN})

T = TypeVar("T")


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc)
    return "database is locked" in text or "database is busy" in text


def no_answer(exc: BaseException) -> bool:
    """True when ``exc`` says the file could not be reached (``_NO_ANSWER_CODES``, with
    extended codes such as SQLITE_IOERR_WRITE folded to their primary code)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return (isinstance(exc, sqlite3.OperationalError) and isinstance(code, int)
            and code & 0xFF in _NO_ANSWER_CODES)


class SqliteConn(Conn):
    def __init__(self, db: aiosqlite.Connection, outage: Outage | None = None,
                 part: str = "writes") -> None:
        self.db = db
        self.outage = outage if outage is not None else Outage(":memory:")
        #: what this connection does, for ``Outage``: a file can refuse writes while the
        #: reads go on from its open files. A statement of a write transaction that went
        #: through proves nothing (the file is written at COMMIT): only a commit, or a read,
        #: says that its part answers again.
        self.part = part

    async def _ask(self, statement: Callable[[], Awaitable[T]]) -> T:
        """SQLite's answer to ``statement()``: StoreUnavailable when the file could not be
        reached, StoreBusy when another program held it past the wait."""
        try:
            answer = await statement()
        except sqlite3.OperationalError as exc:
            if no_answer(exc):
                raise self.outage.failed(exc, part=self.part) from exc
            if _is_busy(exc):
                raise StoreBusy() from exc
            raise
        if self.part == "reads":
            self.outage.answered(self.part)
        return answer

    # Reads use execute_fetchall: one trip to the connection's thread instead of three
    # (execute, fetch, close). Every trip waits for the event loop to pick the answer up, so
    # fewer trips hold the write lock for less time when the loop is busy (measured with
    # bench/bench_store.py --concurrency 4: p95 from 15 ms down to under 3 ms).
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._ask(lambda: self.db.execute_fetchall(sql, params)))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cur = await self._ask(lambda: self.db.execute(sql, params))
        return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._ask(lambda: self.db.executemany(sql, rows))

    async def script(self, sql: str) -> None:
        # executescript would commit the open transaction first: one statement at a time
        for statement in statements(sql):
            await self.execute(statement)


def _online_backup(source: str, dest: str) -> None:
    src = sqlite3.connect(source)
    try:
        out = sqlite3.connect(dest)
        try:
            src.backup(out, pages=-1)
            out.execute("PRAGMA journal_mode = DELETE")
            out.execute("VACUUM")  # the copy is ours alone: leave its free pages out
            check = out.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            out.close()
    finally:
        src.close()
    if check != "ok":
        raise sqlite3.DatabaseError(f"the backup copy does not check out: {check}")


class SqliteBackend(Backend):
    name = "sqlite"

    def __init__(self, db: aiosqlite.Connection, reader: aiosqlite.Connection | None,
                 path: str | Path = ":memory:") -> None:
        self._db = db
        self._path = str(path)
        outage = Outage(path)
        self._writer = SqliteConn(db, outage)
        self._reader = self._writer if reader is None else SqliteConn(reader, outage, "reads")
        self._lock = asyncio.Lock()
        # Reads of several statements (a replay) take turns on the reading connection; with
        # one connection (an in-memory database) they take the writers' lock instead.
        self._read_lock = self._lock if reader is None else asyncio.Lock()

    @classmethod
    async def connect(cls, path: str | Path, busy_timeout: float) -> SqliteBackend:
        """Open (or create) the file in WAL mode, with its reading connection."""
        db = await aiosqlite.connect(str(path), isolation_level=None)
        reader: aiosqlite.Connection | None = None
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {_BEGIN_TRY_MS}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            if str(path) != ":memory:":  # a second connection would open another database
                reader = await aiosqlite.connect(str(path), isolation_level=None)
                reader.row_factory = sqlite3.Row
                await reader.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
                await reader.execute("PRAGMA query_only = ON")
        except BaseException:
            if reader is not None:
                await reader.close()
            await db.close()
            raise
        return cls(db, reader, path)

    async def close(self) -> None:
        async with self._lock:
            if self._reader is not self._writer:
                async with self._read_lock:
                    await self._reader.db.close()
            await self._db.close()

    # -- transactions --------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self, wait: float) -> AsyncIterator[Conn]:
        """``BEGIN IMMEDIATE`` on the writing connection; the wait counts the turn of this
        process's other writers too."""
        deadline = time.monotonic() + wait
        try:
            async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                await self._lock.acquire()
        except TimeoutError:
            raise StoreBusy() from None
        try:
            db = self._db
            await self._begin(self._writer, deadline)
            try:
                yield self._writer
                await self._writer.execute("COMMIT")
                self._writer.outage.answered(self._writer.part)
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
    async def _begin(conn: SqliteConn, deadline: float) -> None:
        # Each try waits _BEGIN_TRY_MS inside SQLite; between tries the event loop runs, so a
        # long wait for another process's lock never stalls the bot.
        while True:
            try:
                await conn.execute("BEGIN IMMEDIATE")
                return
            except StoreUnavailable:  # out of reach: no wait makes it come back
                raise
            except StoreBusy:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise StoreBusy() from None
                await asyncio.sleep(min(0.02, left))

    @asynccontextmanager
    async def reading(self, snapshot: bool = False) -> AsyncIterator[Conn]:
        async with self._read_lock:
            conn = self._reader
            if not snapshot or conn is self._writer:
                yield conn
                return
            await conn.execute("BEGIN")
            try:
                yield conn
            finally:
                await conn.execute("COMMIT")

    # -- backups -------------------------------------------------------------------------

    async def backup(self, dest: Path) -> None:
        """SQLite's online backup, from a connection of its own in a worker thread: the
        whole file is copied in one step, which reads one snapshot (WAL lets the bot write
        meanwhile, and its reads are not held up). The copy is turned into a plain
        single-file database (journal mode DELETE), compacted (``VACUUM``, on the copy
        only) and checked (``PRAGMA quick_check``)."""
        if self._path == ":memory:":
            raise NotImplementedError("an in-memory database has no file to back up")
        await asyncio.to_thread(_online_backup, self._path, str(dest))

    # -- migrations ----------------------------------------------------------------------

    async def begin_migration(self, conn: Conn) -> int:
        # BEGIN IMMEDIATE already holds the file: another process waits for this one
        return int(await conn.scalar("PRAGMA user_version"))

    async def set_schema_version(self, conn: Conn, version: int) -> None:
        await conn.execute(f"PRAGMA user_version = {int(version)}")

    async def schema_version(self) -> int:
        async with self.reading() as conn:
            return int(await conn.scalar("PRAGMA user_version"))

    def is_live_channel_clash(self, exc: BaseException) -> bool:
        return isinstance(exc, sqlite3.IntegrityError) and "tables.channel" in str(exc)
