"""Another program on the database, beside the store: raw reads, hand edits, a held lock.

The tests use it the way a person with a SQL shell, a backup tool or another bot process
would touch the database, on either backend: ``raw(db)`` opens a plain connection to the
SQLite file or the PostgreSQL database that the ``db`` fixture names. It is synchronous
(like ``sqlite3``), so a test can hold a lock from a thread while the store works on the
event loop; on PostgreSQL an asyncpg connection runs on a loop of its own thread.

SQL is written with ``?`` placeholders for both backends.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from data.db import is_postgresql
from data.db_postgres import numbered


class Raw:
    """A plain connection in autocommit mode (``BEGIN`` opens a transaction by hand)."""

    kind: str

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        raise NotImplementedError

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        raise NotImplementedError

    def hold_writes(self) -> None:
        """Begin a transaction that holds the lock every write of the store needs, the way
        another program writing does (reads are not stopped by it)."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Raw:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SqliteRaw(Raw):
    kind = "sqlite"

    def __init__(self, path: Path) -> None:
        self.con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return [tuple(r) for r in self.con.execute(sql, params).fetchall()]

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.con.execute(sql, params)

    def hold_writes(self) -> None:
        self.con.execute("BEGIN IMMEDIATE")  # SQLite's one write lock

    def close(self) -> None:
        self.con.close()


class PostgresRaw(Raw):
    kind = "postgresql"

    def __init__(self, url: str) -> None:
        import asyncpg

        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.con = self._call(asyncpg.connect(url))

    def _call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return [tuple(r) for r in self._call(self.con.fetch(numbered(sql), *params))]

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        if params:
            self._call(self.con.execute(numbered(sql), *params))
        else:
            self._call(self.con.execute(sql))

    def hold_writes(self) -> None:
        # EXCLUSIVE lets plain SELECTs through and stops every write of the store: its
        # row locks (FOR NO KEY UPDATE), inserts and the key checks of the action log.
        self.execute("BEGIN")
        self.execute("LOCK TABLE tables IN EXCLUSIVE MODE")

    def close(self) -> None:
        try:
            self._call(self.con.close())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join()
            self.loop.close()


def raw(db: Path | str) -> Raw:
    """A plain connection to the database the ``db`` fixture names."""
    if is_postgresql(db):
        return PostgresRaw(str(db))
    return SqliteRaw(Path(db))
