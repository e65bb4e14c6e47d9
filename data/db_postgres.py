"""The PostgreSQL backend of the store (issue 16, "PostgreSQL behind the same store"):
several bot processes, on one machine or several, share one database.

Selected by ``PARLEY_DB=postgresql://user:pass@host/db`` (see ``data.db.is_postgresql``).
Two asyncpg pools per store: one for writes, one for reads.

- A write is one transaction (``READ COMMITTED``) on a connection of the write pool. The
  store loads the row it will change with ``SELECT ... FOR NO KEY UPDATE``
  (``Backend.lock_row``), so from its first read the transaction holds that table's row,
  as ``BEGIN IMMEDIATE`` holds the SQLite file: a second move at the same table, from this
  process or another, waits for the first to commit, then loads the state the first one
  committed, and the engine judges it against that. Moves at different tables run side by
  side. ``NO KEY UPDATE`` rather than ``UPDATE``: appending to the action log and
  remembering a post check the table's key (foreign keys), which must not wait for a move.
- The wait: a write first waits for a connection of the pool, then for locks, with
  PostgreSQL's ``lock_timeout`` set to the store's ``busy_timeout`` (or, per transaction,
  ``SET LOCAL`` to a shorter wait for a change answered at once). Either running out is
  :class:`~data.db.StoreBusy`, with the transaction rolled back: nothing was written.
- Reads go to the read pool (``default_transaction_read_only``) and never wait for a write:
  PostgreSQL's MVCC shows every reader the last committed state while writers hold their
  row locks. A read of several statements (a replay) runs in one ``REPEATABLE READ``
  transaction, so it sees one committed state.
- A process killed mid-move: its connection drops, and PostgreSQL rolls back whatever the
  transaction had done, so nothing is half-applied; a commit that returned is durable
  (``synchronous_commit`` as the server is configured, ``on`` by default).

The number of migrations run is kept in the one-row table ``parley_schema``. A migration is
one transaction that first takes a transaction-scoped advisory lock, so processes opening
an old database at once apply each migration exactly once.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

import asyncpg

from data.db import Backend, Conn, Row, StoreBusy

#: connections per store: writes at different tables run side by side up to this many
WRITE_POOL = 8
#: reads of one store at once
READ_POOL = 4
#: the advisory lock that serializes migrations ("parley" in ASCII)
_MIGRATION_LOCK = 0x7061726C6579


@lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    """``sql`` with its ``?`` placeholders numbered ``$1``, ``$2``... (outside quotes)."""
    out: list[str] = []
    n = 0
    quote: str | None = None
    for ch in sql:
        if quote is not None:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)


def _rowcount(status: str) -> int:
    # "UPDATE 1", "INSERT 0 1", "DELETE 3": the count is the last word
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresConn(Conn):
    def __init__(self, con: asyncpg.Connection) -> None:
        self.con = con

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.con.fetch(numbered(sql), *params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self.con.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.con.executemany(numbered(sql), list(rows))

    async def script(self, sql: str) -> None:
        await self.con.execute(sql)  # no parameters: PostgreSQL runs every statement


async def _keep_session(con: asyncpg.Connection) -> None:
    """The pools' reset: nothing beyond asyncpg's own (it rolls back an open transaction).
    The store sets nothing on a session that outlives a transaction (``SET LOCAL`` only),
    so asyncpg's default ``RESET ALL`` would be one more round trip per transaction."""


def _ms(seconds: float) -> int:
    return max(1, int(seconds * 1000))


class PostgresBackend(Backend):
    name = "postgresql"
    lock_row = " FOR NO KEY UPDATE"

    def __init__(self, writers: asyncpg.Pool, readers: asyncpg.Pool, wait: float) -> None:
        self._writers = writers
        self._readers = readers
        self._wait = wait

    @classmethod
    async def connect(cls, url: str, busy_timeout: float) -> PostgresBackend:
        """The two pools on the database of ``url``; the write pool's ``lock_timeout`` is
        ``busy_timeout``."""
        writers = await asyncpg.create_pool(
            url, min_size=1, max_size=WRITE_POOL, reset=_keep_session,
            server_settings={"application_name": "parley",
                             "lock_timeout": f"{_ms(busy_timeout)}ms"},
        )
        try:
            readers = await asyncpg.create_pool(
                url, min_size=1, max_size=READ_POOL, reset=_keep_session,
                server_settings={"application_name": "parley-read",
                                 "default_transaction_read_only": "on"},
            )
        except BaseException:
            await writers.close()
            raise
        return cls(writers, readers, busy_timeout)

    async def close(self) -> None:
        await self._readers.close()
        await self._writers.close()

    # -- transactions --------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self, wait: float) -> AsyncIterator[Conn]:
        deadline = time.monotonic() + wait
        try:
            con = await self._writers.acquire(timeout=max(0.001, wait))
        except TimeoutError:
            raise StoreBusy() from None
        try:
            begin = "BEGIN"
            if wait != self._wait:  # the lock wait left of this write's own wait
                begin += f"; SET LOCAL lock_timeout = {_ms(deadline - time.monotonic())}"
            await con.execute(begin)
            try:
                yield PostgresConn(con)
                await con.execute("COMMIT")
            except BaseException:
                try:
                    await con.execute("ROLLBACK")
                except Exception:  # noqa: BLE001 - the pool resets or drops the connection
                    pass
                raise
        except asyncpg.LockNotAvailableError:
            raise StoreBusy() from None
        finally:
            await self._writers.release(con)

    @asynccontextmanager
    async def reading(self, snapshot: bool = False) -> AsyncIterator[Conn]:
        async with self._readers.acquire() as con:
            if not snapshot:
                yield PostgresConn(con)
                return
            await con.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                yield PostgresConn(con)
            finally:
                await con.execute("COMMIT")

    # -- migrations ----------------------------------------------------------------------

    async def begin_migration(self, conn: Conn) -> int:
        await conn.execute("SELECT pg_advisory_xact_lock(?)", (_MIGRATION_LOCK,))
        if await conn.scalar("SELECT to_regclass('parley_schema')") is None:
            await conn.script("CREATE TABLE parley_schema (version INTEGER NOT NULL); "
                              "INSERT INTO parley_schema (version) VALUES (0)")
        return int(await conn.scalar("SELECT version FROM parley_schema"))

    async def set_schema_version(self, conn: Conn, version: int) -> None:
        await conn.execute("UPDATE parley_schema SET version = ?", (int(version),))

    async def schema_version(self) -> int:
        async with self.reading() as conn:
            if await conn.scalar("SELECT to_regclass('parley_schema')") is None:
                return 0
            return int(await conn.scalar("SELECT version FROM parley_schema"))

    async def after_copy(self, conn: Conn) -> None:
        await conn.scalar("SELECT setval(pg_get_serial_sequence('tables', 'key'), "
                          "COALESCE((SELECT MAX(key) FROM tables), 0) + 1, false)")

    def is_live_channel_clash(self, exc: BaseException) -> bool:
        return (isinstance(exc, asyncpg.UniqueViolationError)
                and exc.constraint_name == "tables_live_channel")
