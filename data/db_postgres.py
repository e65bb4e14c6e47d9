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
- The server stopped, restarting or unreachable (issue 21, item 4): what asyncpg raises
  for a connection that is refused, dropped or closed (:func:`no_answer`) becomes
  :class:`~data.db.StoreUnavailable` where this module talks to the server: taking a
  connection from a pool, each statement, the commit. So does a pool that could not
  connect within the wait (while the pool still had a free place: a wait for a place is
  :class:`~data.db.StoreBusy`). The pools mend themselves: asyncpg drops a connection
  that died and opens a new one at the next ``acquire``, so the first request after the
  server is back is served. The operator is told once per outage (``data.db.Outage``).

The number of migrations run is kept in the one-row table ``parley_schema``. A migration is
one transaction that first takes a transaction-scoped advisory lock, so processes opening
an old database at once apply each migration exactly once.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any, TypeVar

import asyncpg

from data.db import Backend, Conn, Outage, Row, StoreBusy, StoreUnavailable

#: connections per store: writes at different tables run side by side up to this many
WRITE_POOL = 8
#: reads of one store at once
READ_POOL = 4
#: the NOTIFY channel a saved table's key is sent on (``changed``, ``listen``)
CHANGES = "parley_tables"
#: the advisory lock that serializes migrations ("parley" in ASCII)
_MIGRATION_LOCK = 0x7061726C6579

T = TypeVar("T")


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


#: what asyncpg raises when the server does not answer: a connection refused, reset or
#: unreachable (OSError; its TimeoutError is judged where the wait is), dropped or never
#: made (class 08, connection exception), ended by the server (57P01 admin shutdown, 57P02
#: crash shutdown, 57P03 cannot connect now: starting or stopping, 57P05 idle session
#: timeout), or refused for want of a free connection (53300 too many connections)
_NO_ANSWER: tuple[type[BaseException], ...] = (
    OSError,
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
    asyncpg.IdleSessionTimeoutError,
    asyncpg.TooManyConnectionsError,
)
#: asyncpg's InterfaceError for a connection or a pool already closed (other
#: InterfaceErrors are misuse: a released connection, wrong arguments)
_CLOSED = ("connection is closed", "pool is closing", "pool is closed")


def no_answer(exc: BaseException) -> bool:
    """True when ``exc`` says the server did not answer (see ``_NO_ANSWER``), never for a
    mistake of ours: a syntax error, a broken constraint or a protocol violation (08P01,
    which PostgreSQL also uses for a statement sent with the wrong number of parameters)
    stays what it is, and so does a timeout, judged by whoever waited."""
    if isinstance(exc, (TimeoutError, asyncpg.ProtocolViolationError)):
        return False
    if isinstance(exc, _NO_ANSWER):
        return True
    if type(exc) is asyncpg.exceptions.InternalClientError:
        # The server ended the session between two statements (an operator's
        # pg_terminate_backend, a fast shutdown): its unasked-for error leaves asyncpg's
        # protocol waiting for an answer that never comes, and the next statement is
        # refused so. One statement at a time per connection never causes it otherwise.
        return str(exc).startswith("cannot switch to state")
    return isinstance(exc, asyncpg.InterfaceError) and str(exc) in _CLOSED


#: asyncpg's InterfaceError for a statement on a pool's connection that is not held any
#: more: given back by its holder (a mistake), or dropped by the pool because it died
_DETACHED = "connection has been released back to the pool"


class PostgresConn(Conn):
    def __init__(self, con: asyncpg.Connection, outage: Outage) -> None:
        self.con = con
        self.outage = outage
        #: True while the block that took the connection runs (``PostgresBackend``): a
        #: connection detached from it meanwhile was dropped by the pool, as dead
        self.held = True

    async def _ask(self, statement: Callable[[], Awaitable[T]]) -> T:
        """The server's answer to ``statement()``; StoreUnavailable when it gave none (a
        connection the pool dropped refuses the call itself, before any await)."""
        try:
            answer = await statement()
        except Exception as exc:
            if no_answer(exc) or (self.held and isinstance(exc, asyncpg.InterfaceError)
                                  and str(exc).endswith(_DETACHED)):
                raise self.outage.failed(exc) from exc
            raise
        self.outage.answered()
        return answer

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._ask(lambda: self.con.fetch(numbered(sql), *params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self._ask(lambda: self.con.execute(numbered(sql), *params)))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._ask(lambda: self.con.executemany(numbered(sql), list(rows)))

    async def script(self, sql: str) -> None:
        # no parameters: PostgreSQL runs every statement
        await self._ask(lambda: self.con.execute(sql))


async def _keep_session(con: asyncpg.Connection) -> None:
    """The pools' reset: nothing beyond asyncpg's own (it rolls back an open transaction).
    The store sets nothing on a session that outlives a transaction (``SET LOCAL`` only),
    so asyncpg's default ``RESET ALL`` would be one more round trip per transaction."""


def _ms(seconds: float) -> int:
    return max(1, int(seconds * 1000))


class PostgresBackend(Backend):
    name = "postgresql"
    lock_row = " FOR NO KEY UPDATE"

    def __init__(self, writers: asyncpg.Pool, readers: asyncpg.Pool, wait: float,
                 outage: Outage | None = None) -> None:
        self._writers = writers
        self._readers = readers
        self._wait = wait
        self._outage = outage if outage is not None else Outage("PostgreSQL")
        #: connections taken from each pool and not given back yet (see ``_acquire``)
        self._held = {id(writers): 0, id(readers): 0}

    @classmethod
    async def connect(cls, url: str, busy_timeout: float) -> PostgresBackend:
        """The two pools on the database of ``url``; the write pool's ``lock_timeout`` is
        ``busy_timeout``.

        The pools connect when asked, never in the background (``min_size=0``): asyncpg
        0.32 keeps a pool's ``min_size`` by reconnecting in a task of its own, which during
        an outage logs a WARNING with a traceback at every try; here the request that meets
        the outage says so (``StoreUnavailable``) and the operator is told once
        (``Outage``). A connection idle for asyncpg's five minutes is closed, and the next
        request opens one (a few milliseconds). Each pool makes its first connection here,
        so a database that cannot be reached at start still stops the bot with asyncpg's
        own error, as before.
        """
        writers = await asyncpg.create_pool(
            url, min_size=0, max_size=WRITE_POOL, reset=_keep_session,
            server_settings={"application_name": "parley",
                             "lock_timeout": f"{_ms(busy_timeout)}ms"},
        )
        readers: asyncpg.Pool | None = None
        try:
            readers = await asyncpg.create_pool(
                url, min_size=0, max_size=READ_POOL, reset=_keep_session,
                server_settings={"application_name": "parley-read",
                                 "default_transaction_read_only": "on"},
            )
            for pool in (writers, readers):
                await pool.release(await pool.acquire())
        except BaseException:
            if readers is not None:
                await readers.close()
            await writers.close()
            raise
        return cls(writers, readers, busy_timeout, Outage(url))

    async def close(self) -> None:
        await self._readers.close()
        await self._writers.close()

    # -- telling listeners of a saved table (the web pages' live updates) ----------------

    async def changed(self, conn: Conn, key: int) -> None:
        """NOTIFY on the channel CHANGES with the table's key, sent when the save commits
        (and not at all if it rolls back)."""
        await conn.execute(f"SELECT pg_notify('{CHANGES}', ?)", (str(key),))

    async def listen(self, heard: Callable[[int], None]
                     ) -> Callable[[], Awaitable[None]] | None:
        """LISTEN on CHANGES over a connection of the write pool kept for it (the read
        pool's sessions are read-only) until the returned function is awaited."""
        con = await self._acquire(self._writers, self._wait)

        def told(_con: object, _pid: int, _channel: str, payload: str) -> None:
            if payload.isdigit():
                heard(int(payload))

        try:
            await con.add_listener(CHANGES, told)
        except BaseException:
            await self._release(self._writers, con)
            raise

        async def stop() -> None:
            try:
                await con.remove_listener(CHANGES, told)
            finally:
                await self._release(self._writers, con)

        return stop

    # -- connections ---------------------------------------------------------------------

    async def _acquire(self, pool: asyncpg.Pool, wait: float) -> asyncpg.Connection:
        """A connection of ``pool`` within ``wait`` seconds. StoreUnavailable when the
        server does not answer, or when the wait ran out while the pool had a free place
        (the time went into connecting); StoreBusy when every place was taken meanwhile.
        A connection that died is not handed out: asyncpg opens a new one in its place."""
        try:
            con = await pool.acquire(timeout=max(0.001, wait))
        except TimeoutError as exc:
            if self._held[id(pool)] < pool.get_max_size():
                raise self._outage.failed(exc) from exc
            raise StoreBusy() from None
        except Exception as exc:
            if no_answer(exc):
                raise self._outage.failed(exc) from exc
            raise
        self._held[id(pool)] += 1
        return con

    async def _release(self, pool: asyncpg.Pool, con: asyncpg.Connection) -> None:
        """Give ``con`` back. A connection that died is dropped by the pool (its reset
        fails): whatever the block raised stands, and a commit that returned stays done."""
        self._held[id(pool)] -= 1
        try:
            await pool.release(con)
        except Exception as exc:
            if not no_answer(exc):
                raise

    @staticmethod
    async def _commit(conn: PostgresConn) -> None:
        """COMMIT; StoreUnavailable when the server does not answer, ``unsure`` when the
        COMMIT was sent: a connection lost then leaves unknown whether it was done."""
        try:
            await conn.execute("COMMIT")
        except StoreUnavailable as error:
            # asyncpg refuses these before anything is sent: nothing was done
            if isinstance(error.__cause__, (asyncpg.InterfaceError,
                                            asyncpg.exceptions.InternalClientError)):
                raise
            raise StoreUnavailable(unsure=True) from error.__cause__

    # -- transactions --------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self, wait: float) -> AsyncIterator[Conn]:
        deadline = time.monotonic() + wait
        con = await self._acquire(self._writers, wait)
        conn = PostgresConn(con, self._outage)
        try:
            begin = "BEGIN"
            if wait != self._wait:  # the lock wait left of this write's own wait
                begin += f"; SET LOCAL lock_timeout = {_ms(deadline - time.monotonic())}"
            await conn.execute(begin)
            try:
                yield conn
                await self._commit(conn)
            except BaseException:
                try:
                    await con.execute("ROLLBACK")
                except Exception:  # noqa: BLE001 - the pool resets or drops the connection
                    pass
                raise
        except asyncpg.LockNotAvailableError:
            raise StoreBusy() from None
        finally:
            conn.held = False
            await self._release(self._writers, con)

    @asynccontextmanager
    async def reading(self, snapshot: bool = False) -> AsyncIterator[Conn]:
        con = await self._acquire(self._readers, self._wait)
        conn = PostgresConn(con, self._outage)
        try:
            if not snapshot:
                yield conn
                return
            await conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                yield conn
            finally:
                try:
                    await conn.execute("COMMIT")
                except StoreUnavailable:
                    pass  # a read-only transaction: nothing to lose
        finally:
            conn.held = False
            await self._release(self._readers, con)

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
