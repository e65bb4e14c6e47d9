"""What the store needs of a database, and which database a ``PARLEY_DB`` value names.

``data.store.Store`` is written once against this small interface; ``data.db_sqlite`` and
``data.db_postgres`` implement it (issue 16: "one store interface, two backends"). Nothing
above ``data/`` knows which one runs: the cogs, the console and ``data/tables.py`` open a
``Store`` with whatever ``PARLEY_DB`` holds.

- :class:`Conn` runs SQL written with ``?`` placeholders (PostgreSQL's backend numbers them
  ``$1``, ``$2``...). The SQL of the store is the common part of both dialects: ``INSERT ...
  RETURNING``, ``ON CONFLICT``, ``CAST(? AS TEXT)`` where PostgreSQL needs a type. A row
  reads by column name and by position (``sqlite3.Row`` and ``asyncpg.Record`` both do).
- :class:`Backend` hands out one write transaction at a time per caller (``transaction``)
  and reading connections that never wait for a writer (``reading``), and keeps the number
  of migrations run.
- A database that does not answer at all (PostgreSQL stopped or unreachable, its
  connections dropped, a SQLite file that cannot be opened or written) is an expected
  fault, not a bug (issue 21, item 4): each backend turns it, where it talks to the
  database, into :class:`StoreUnavailable`, a polite "try again in a moment" that every
  click, command and autocomplete shows, and :class:`Outage` tells the operator once per
  outage, by a WARNING, and once more, by an INFO, when the database answers again.
"""

from __future__ import annotations

import errno
import logging
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from engine.core import IllegalAction

log = logging.getLogger(__name__)

#: A row of a query: ``row["column"]`` and ``row[0]`` both work.
Row = Any

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")


def is_postgresql(target: str | Path) -> bool:
    """True when ``target`` (a ``PARLEY_DB`` value) names a PostgreSQL database: a URL
    ``postgresql://user:pass@host/db`` (or ``postgres://``). Anything else is a SQLite file
    (issue 16)."""
    return isinstance(target, str) and target.strip().lower().startswith(POSTGRESQL_SCHEMES)


def describe(target: str | Path) -> str:
    """``target`` fit for a log line: a PostgreSQL URL without its password."""
    if not is_postgresql(target):
        return str(target)
    scheme, _, rest = str(target).partition("://")
    creds, at, host = rest.rpartition("@")
    if not at:
        return str(target)
    user = creds.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}" if ":" in creds else f"{scheme}://{user}@{host}"


class StoreBusy(IllegalAction):
    """The database's write lock stayed taken (by another program or process) for longer
    than the change could wait; nothing was written."""

    def __init__(self) -> None:
        super().__init__(
            "The game database is busy right now (another program is writing to it). "
            "Nothing was changed: try again in a moment."
        )


#: what a player is told while the database does not answer (``StoreUnavailable``)
UNAVAILABLE_SENTENCE = (
    "The game database is not answering right now. Nothing was changed: try again in a "
    "moment."
)
UNSURE_SENTENCE = (
    "The game database stopped answering while it saved your change, so it may or may not "
    "have been saved. Try again in a moment: `/game status` then shows where the table "
    "stands."
)


class StoreUnavailable(StoreBusy):
    """The database did not answer at all: the server is stopped or unreachable, refuses
    new connections, dropped the connection in use, or the file cannot be opened or
    written. Nothing was written (unless ``unsure``): a transaction whose connection died
    is rolled back by the database, and SQLite rolls back a transaction whose write failed.

    A kind of :class:`StoreBusy` (the same answer: nothing changed, try again in a moment),
    so whatever already waits out a busy database waits this out too: the turn clock's
    pass (``TableService.tick``) gives a table back for its next pass instead of logging
    a failure.

    ``unsure``: the connection died while the database was committing, so the change may
    have been saved; the sentence then says so instead of "Nothing was changed" (the move
    count in the buttons keeps a second try from applying twice).
    """

    def __init__(self, unsure: bool = False) -> None:
        IllegalAction.__init__(self, UNSURE_SENTENCE if unsure else UNAVAILABLE_SENTENCE)
        self.unsure = unsure


def fault_kind(exc: BaseException) -> str:
    """What kind of failure ``exc`` is, fit for the log: its class, with the error code
    that says more (an errno name, SQLite's error name, PostgreSQL's SQLSTATE). Never its
    text, which could quote a statement or a connection string."""
    kind = type(exc).__name__
    code = (getattr(exc, "sqlite_errorname", None) or getattr(exc, "sqlstate", None)
            or (errno.errorcode.get(exc.errno) if isinstance(exc, OSError)
                and isinstance(exc.errno, int) else None))
    return f"{kind} {code}" if code else kind


class Outage:
    """Whether a database answers, told to the operator once per outage: one WARNING when it
    stops answering, naming it by :func:`describe` (no password) and the kind of failure
    (:func:`fault_kind`), and one INFO when it answers again. Never a traceback: a database
    that is down is an expected fault, and the players are told to try again meanwhile.

    ``part`` is what failed or answered: the whole database by default (a PostgreSQL
    server), or one connection of a SQLite file, whose reads go on from its open files
    while its writes fail. The outage is over when every part that failed answers again.
    """

    def __init__(self, target: str | Path) -> None:
        self.where = describe(target)
        #: the parts that failed and have not answered since
        self.down: set[str] = set()

    def failed(self, exc: BaseException, unsure: bool = False,
               part: str = "database") -> StoreUnavailable:
        """The error to raise for ``exc``, a failure to reach the database; logged once."""
        if not self.down:
            log.warning("the database %s is not answering (%s): players are asked to try "
                        "again until it does", self.where, fault_kind(exc))
        self.down.add(part)
        return StoreUnavailable(unsure)

    def answered(self, part: str = "database") -> None:
        """``part`` answered a statement: the outage, if there was one, may be over."""
        if part in self.down:
            self.down.discard(part)
            if not self.down:
                log.info("the database %s answers again", self.where)


class Conn(ABC):
    """One connection inside a transaction or a read."""

    @abstractmethod
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per parameter row."""

    @abstractmethod
    async def script(self, sql: str) -> None:
        """Run a migration script (several statements) inside the open transaction."""

    async def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row, or None."""
        rows = await self.fetch(sql, params)
        return rows[0][0] if rows else None


class Backend(ABC):
    """A database the store can use: SQLite (``data.db_sqlite``) or PostgreSQL
    (``data.db_postgres``)."""

    #: "sqlite" or "postgresql"; the key of ``Migration.script``
    name: str
    #: appended to the SELECT that loads a row a write transaction will change: nothing in
    #: SQLite (``BEGIN IMMEDIATE`` holds the whole file), a row lock in PostgreSQL
    lock_row: str = ""

    @abstractmethod
    def transaction(self, wait: float) -> AbstractAsyncContextManager[Conn]:
        """One write transaction, committed when the block ends and rolled back on any
        exception. StoreBusy, with nothing written, when the database's lock is not had
        within ``wait`` seconds; StoreUnavailable when the database does not answer (its
        statements raise it too)."""

    @abstractmethod
    def reading(self, snapshot: bool = False) -> AbstractAsyncContextManager[Conn]:
        """A connection for reads, which never waits for a writer; with ``snapshot``, its
        statements all see one committed state. StoreUnavailable when the database does
        not answer."""

    @abstractmethod
    async def begin_migration(self, conn: Conn) -> int:
        """Inside a write transaction: serialize with other processes migrating the same
        database, and return how many migrations it has run."""

    @abstractmethod
    async def set_schema_version(self, conn: Conn, version: int) -> None:
        """Inside the migration's transaction: record ``version`` migrations as run."""

    @abstractmethod
    async def schema_version(self) -> int:
        """How many migrations the database has run."""

    @abstractmethod
    def is_live_channel_clash(self, exc: BaseException) -> bool:
        """True when ``exc`` is the database refusing a second live table in a channel
        (the unique index ``tables_live_channel``)."""

    async def after_copy(self, conn: Conn) -> None:
        """Inside the transaction that copied rows in with their own keys (migrate-db): make
        the next new table's key follow the largest copied one. SQLite's AUTOINCREMENT
        follows by itself; PostgreSQL's identity sequence does not."""
        return None

    async def changed(self, conn: Conn, key: int) -> None:
        """Inside the transaction that saved table ``key``: tell whoever listens
        (:meth:`listen`) once it commits. SQLite has no such messages; its listeners poll."""
        return None

    async def listen(self, heard: Callable[[int], None]
                     ) -> Callable[[], Awaitable[None]] | None:
        """Call ``heard(key)`` whenever a table is saved (by any process), until the
        returned function is awaited; None when the database cannot tell (SQLite)."""
        return None

    async def backup(self, dest: Path) -> None:
        """Copy the whole database, consistently, into the new file ``dest`` while it is in
        use. Only SQLite has such a copy built in; PostgreSQL's is ``pg_dump``, run beside
        the database by its operator."""
        raise NotImplementedError(f"{self.name} databases are backed up with their own tools")

    @abstractmethod
    async def close(self) -> None:
        """Close every connection."""
