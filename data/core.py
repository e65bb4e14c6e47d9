"""The store's transactional core: its transactions, and a table's row read and written
inside them (shared DESIGN.md, "Tables, storage and concurrency").

``data.store.Store`` is a :class:`Core` with the store's whole API on top. The modules of
the store's other concerns (data/ratings.py, data/archive.py, data/backup.py, data/posts.py,
data/take_back.py; data/deliveries.py's ``Deliveries``) work over a ``Core``: they open
their transactions with :meth:`Core.writing` and :meth:`Core.reading`, and load and save a
table with :meth:`Core.load` and :meth:`Core.save`, so none of them imports the store.
data/forgetting.py works inside a transaction, over its connection, since the save that
closes a table (:meth:`Core.save`) forgets there whoever asked to be.

- A write transaction (:meth:`Core.writing`) holds the database against other writers
  (SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's row lock taken by :meth:`Core.load`) and
  raises StoreBusy, having written nothing, when it cannot have its lock in time.
- A read (:meth:`Core.reading`) never waits for a writer.
- A row that cannot be read raises DamagedTable (data/rows.py) and is logged once per
  process, with its key and what could not be read, never its content.
- An archived table (data/archive.py) is read by replaying its compressed log.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from data import records
from data.db import Backend, Conn, Row, StoreBusy
from data.forgetting import forget_closing
from data.rows import (
    COLUMNS,
    Conflict,
    DamagedTable,
    TableExists,
    rebuild,
    row_head,
    row_to_table,
    row_values,
    unpack_log,
)
from engine.table import ABANDONED, FINISHED, Table

#: the store's log: one name for the operator, whichever of the store's modules writes
log = logging.getLogger("data.store")


class _LiveClash(Exception):
    """The database refused a second live table in ``channel``; the write was rolled back
    and :meth:`Core.writing` answers with the table that holds the channel."""

    def __init__(self, channel: str, error: BaseException) -> None:
        super().__init__(channel)
        self.channel = channel
        self.error = error


class Core:
    """Transactions on a SQLite file or a PostgreSQL database, and the table rows read and
    written in them (see the module docstring)."""

    def __init__(self, backend: Backend, *, wait: float = 10.0) -> None:
        self._backend = backend
        self._wait = wait
        self._reported: set[int] = set()  # damaged rows already logged, by key

    @property
    def backend(self) -> str:
        """"sqlite" or "postgresql" (for logs and benchmarks; the cogs never ask)."""
        return self._backend.name

    @property
    def database(self) -> Backend:
        """The database itself (data/db.py), for what only it can do: a whole copy, the
        statements that differ between SQLite and PostgreSQL."""
        return self._backend

    @property
    def lock_row(self) -> str:
        """What a SELECT of rows a write will change ends with (``Backend.lock_row``)."""
        return self._backend.lock_row

    # -- transactions --------------------------------------------------------------------

    @asynccontextmanager
    async def writing(self, wait: float | None = None) -> AsyncIterator[Conn]:
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

    def reading(self, snapshot: bool = False) -> AbstractAsyncContextManager[Conn]:
        """The reading connection; with ``snapshot``, inside one read transaction, so that
        several statements see one committed state."""
        return self._backend.reading(snapshot)

    def _check_clash(self, exc: BaseException, channel: str) -> None:
        """Inside ``except``: a second live table in ``channel``, refused by the database,
        becomes the clash :meth:`writing` answers once the transaction is rolled back."""
        if self._backend.is_live_channel_clash(exc):
            raise _LiveClash(channel, exc) from None

    # -- reading a table -----------------------------------------------------------------

    async def get(self, key: int) -> Table | None:
        async with self.reading() as db:
            return await self._one(db, f"SELECT {COLUMNS} FROM tables WHERE key = ?", (key,))

    async def live(self, channel_id: str) -> Table | None:
        """The lobby or playing table of that channel or thread (DamagedTable if unreadable)."""
        async with self.reading() as db:
            return await self._live(db, channel_id)

    async def _live(self, db: Conn, channel: str) -> Table | None:
        return await self._one(
            db,
            f"SELECT {COLUMNS} FROM tables WHERE channel = ? AND status IN ('lobby', 'playing')",
            (channel,),
        )

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
            rows = await self.log_rows(db, table.key or 0)
            return await asyncio.to_thread(rebuild, table, rows)
        except StoreBusy:
            raise  # the database did not answer: the log is not at fault
        except Exception as exc:  # noqa: BLE001 - a log that does not replay
            damaged = DamagedTable(table.key or 0, table.id, table.host, table.status,
                                   f"action log of an archived table ({type(exc).__name__})")
            self._report(damaged)
            raise damaged from None

    def head(self, row: Row) -> Table:
        """The table of a row read with its head columns, without its state: for the
        store's other modules' listings (DamagedTable, logged once, when unreadable)."""
        return self._decode(row, head=True)

    def _decode(self, row: Row, head: bool = False, archived: bool = False) -> Table:
        try:
            return row_head(row) if head else row_to_table(row, archived)
        except DamagedTable as exc:
            self._report(exc)
            raise

    def _clear_report(self, key: int) -> None:
        """Table ``key`` was mended: log it again if it breaks again."""
        self._reported.discard(key)

    def _report(self, exc: DamagedTable, again: bool = False) -> None:
        """Log a damaged row, once per process (``again``: once more, after a repair that
        did not mend it)."""
        if again:
            self._clear_report(exc.key)
        if exc.key not in self._reported:
            self._reported.add(exc.key)
            log.error("table %s (channel %s, %s) cannot be read: %s; /game repair rebuilds "
                      "it from its log", exc.key, exc.channel, exc.status, exc.part)

    # -- a table inside a write ----------------------------------------------------------

    async def load(self, db: Conn, key: int) -> Table:
        """The whole table, held against other writers until the transaction ends."""
        table = await self._one(
            db, f"SELECT {COLUMNS} FROM tables WHERE key = ?{self._backend.lock_row}", (key,))
        if table is None:
            raise KeyError(f"No table with key {key}.")
        return table

    async def save(self, db: Conn, table: Table, expected_version: int, now: float) -> None:
        """Save ``table`` where its version is still ``expected_version`` (Conflict if not).
        The save that closes a table forgets there whoever asked to be forgotten while it
        was live (data/forgetting.py), then keeps its record (data/records.py)."""
        if table.status in (FINISHED, ABANDONED):
            table.host, _ = await forget_closing(db, table.key or 0, table.status,
                                                 table.seats, table.host)
        try:
            changed = await db.execute(
                "UPDATE tables SET guild = ?, parent = ?, options = ?, host = ?, seed = ?, "
                "status = ?, state = ?, meta = ?, version = ?, title = ?, updated_at = ? "
                "WHERE key = ? AND version = ?",
                (*row_values(table), float(now), table.key, expected_version),
            )
        except Exception as exc:
            self._check_clash(exc, table.id)
            raise
        if changed != 1:
            found = await db.scalar("SELECT version FROM tables WHERE key = ?", (table.key,))
            raise Conflict(table.key or 0, expected_version, found)
        if table.status in (FINISHED, ABANDONED):
            await records.note_closing(db, table, now)
        await self._backend.changed(db, table.key or 0)  # the web's live pages (PostgreSQL)

    # -- the action log's rows -----------------------------------------------------------

    async def log_rows(self, db: Conn, key: int) -> list[Row]:
        """The table's whole action log, oldest first (``seq``, ``seat``, ``action`` as
        JSON text, ``at``): its rows, or the compressed copy of an archived table."""
        rows = await db.fetch(
            "SELECT seq, seat, action, at FROM actions WHERE table_key = ? ORDER BY seq", (key,))
        if rows:
            return rows
        packed = await self.archived_log(db, key)
        return [] if packed is None else packed

    async def archived_log(self, db: Conn, key: int) -> list[dict[str, Any]] | None:
        """An archived table's log, unpacked (None: the table is not archived)."""
        found = await db.fetch(
            "SELECT log FROM closed_tables WHERE table_key = ? AND log IS NOT NULL", (key,))
        if not found:
            return None
        return await asyncio.to_thread(unpack_log, bytes(found[0][0]))

    async def delete_log_rows(self, db: Conn, where: str, params: Sequence[Any]) -> None:
        """Delete rows of the action log inside the open transaction, lifting its delete
        guard for that statement only: SQLite's trigger is dropped and made again from its
        own SQL (``BEGIN IMMEDIATE`` holds the file meanwhile), PostgreSQL's is disabled and
        enabled again (other writers of the log wait for the commit; reads do not). Only
        archiving and taking a move back delete from the log (migration 2's triggers keep it
        append-only otherwise)."""
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

