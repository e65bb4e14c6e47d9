"""A database that does not answer is an expected fault, not a bug (issue 21, item 4).

PostgreSQL stopped for a while: every read and write says "not answering, nothing was
changed, try again" (``StoreUnavailable``, a kind of ``StoreBusy``), the log says so once,
with a WARNING that names the database without its password, and once more, at INFO, when
it answers again; the pools mend themselves, so the first request after the server is back
is served. A connection the server ends in the middle of a write is the same fault, and the
write is not half-made. A server that takes connections but never answers is caught by the
wait for a connection. Mistakes stay mistakes: a syntax error, a broken constraint, a full
pool (that is "busy") or a file locked by another program (also "busy").

These tests stop their own PostgreSQL server (the session's shared one stays up for the
other tests) with ``pg_ctl stop -m fast``, as an operator would, and start it again on the
same data and port. On SQLite, the kernel refuses the process's writes for a moment
(``tests/faults.py``), as a failing disk would.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from data.db import UNAVAILABLE_SENTENCE, StoreBusy, StoreUnavailable, describe
from data.db_postgres import WRITE_POOL, PostgresBackend
from data.db_sqlite import SqliteBackend, no_answer
from data.store import Store
from data.tables import TableService
from engine.core import IllegalAction
from tests import pg
from tests.data.helpers import T0, open_table, other_program_writing, pick
from tests.faults import (
    own_postgresql,
    stopped,
    warnings_and_worse,
    writes_refused,
)


@pytest.fixture(scope="module")
def own_server() -> Iterator[pg.PgServer]:
    yield from own_postgresql()


@pytest.fixture
async def url(own_server: pg.PgServer) -> AsyncIterator[str]:
    database = await pg.create_database(own_server)
    try:
        yield database
    finally:
        await pg.drop_database(own_server, database)


def said_back(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if "answers again" in r.getMessage()]


async def not_answering(attempt: Callable[[], Awaitable[Any]]) -> StoreUnavailable:
    with pytest.raises(StoreUnavailable) as err:
        await attempt()
    assert isinstance(err.value, StoreBusy) and isinstance(err.value, IllegalAction)
    return err.value


async def test_while_postgresql_is_stopped_every_read_and_write_says_try_again_and_nothing_changes(
    url: str, own_server: pg.PgServer, told: pytest.LogCaptureFixture,
) -> None:
    async with await Store.open(url, busy_timeout=2.0) as store:
        svc = TableService(store)
        table = await open_table(svc, players=2)
        move = pick(table, 0, 0)
        async with stopped(own_server):
            attempts: list[Callable[[], Awaitable[Any]]] = [
                lambda: store.get(table.key),                        # a read
                lambda: store.list_tables(),                         # a listing
                lambda: store.replay(table.key),                     # a snapshot read
                lambda: store.apply_move(table.key, 0, move, T0),    # a write
                lambda: svc.move("chan-1", "u0", move, T0),          # a move, as a click makes it
            ]
            for attempt in attempts:
                error = await not_answering(attempt)
                assert error.reason == UNAVAILABLE_SENTENCE and not error.unsure
        # back: nothing changed meanwhile, and the very same move is served at once
        after = await store.get(table.key)
        assert after is not None and after.version == table.version
        assert await store.history(table.key) == []
        await svc.move("chan-1", "u0", move, T0)
        moved = await store.get(table.key)
        assert moved is not None and moved.seat_moves[0] == 1

    (warning,) = warnings_and_worse(told)
    assert warning.levelname == "WARNING" and warning.name == "data.db"
    assert warning.exc_info is None, "an expected fault is no traceback"
    text = warning.getMessage()
    assert describe(url) in text and "not answering" in text
    assert own_server.password not in text
    assert len(said_back(told)) == 1


async def test_a_connection_the_server_ends_mid_write_is_not_answering_and_writes_nothing(
    url: str, told: pytest.LogCaptureFixture,
) -> None:
    backend = await PostgresBackend.connect(url, 2.0)
    try:
        async with backend.transaction(2.0) as conn:
            await conn.script("CREATE TABLE scratch (n INTEGER PRIMARY KEY)")

        async def write_and_lose_the_connection() -> None:
            async with backend.transaction(2.0) as conn:
                await conn.execute("INSERT INTO scratch (n) VALUES (?)", (1,))
                pid = await conn.scalar("SELECT pg_backend_pid()")
                other = await asyncpg.connect(url)
                try:  # an operator's pg_terminate_backend, or the server's own restart
                    await other.execute("SELECT pg_terminate_backend($1)", pid)
                finally:
                    await other.close()
                await conn.execute("INSERT INTO scratch (n) VALUES (?)", (2,))

        error = await not_answering(write_and_lose_the_connection)
        assert not error.unsure, "the commit was never sent"
        async with backend.reading() as conn:
            assert await conn.fetch("SELECT n FROM scratch") == [], "no half-made write"
        # the pool dropped the dead connection and opens a new one: the next write is served
        async with backend.transaction(2.0) as conn:
            await conn.execute("INSERT INTO scratch (n) VALUES (?)", (3,))
        async with backend.reading() as conn:
            assert [r[0] for r in await conn.fetch("SELECT n FROM scratch")] == [3]
    finally:
        await backend.close()
    assert [r.levelname for r in warnings_and_worse(told)] == ["WARNING"]
    assert len(said_back(told)) == 1


async def test_a_server_that_takes_connections_but_never_answers_is_caught_by_the_wait(
    url: str, own_server: pg.PgServer, told: pytest.LogCaptureFixture,
) -> None:
    """Something listens on the database's port and says nothing (a hung server, a
    half-open network path): the wait for a connection runs out while the pool had room,
    so the time went into connecting: not answering, rather than busy."""
    backend = await PostgresBackend.connect(url, 0.5)
    held: list[asyncio.StreamWriter] = []

    async def say_nothing(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    async def write() -> None:
        async with backend.transaction(0.5):
            pass

    async def read() -> None:
        async with backend.reading():
            pass

    try:
        async with stopped(own_server):
            silent = await asyncio.start_server(say_nothing, "127.0.0.1", own_server.port)
            try:
                await not_answering(write)
                await not_answering(read)
            finally:
                for writer in held:
                    writer.close()
                silent.close()
                await silent.wait_closed()
        async with backend.reading() as conn:
            assert await conn.scalar("SELECT 1") == 1
    finally:
        await backend.close()
    assert [r.levelname for r in warnings_and_worse(told)] == ["WARNING"]


async def test_a_full_write_pool_is_busy_not_unavailable(url: str,
                                                        told: pytest.LogCaptureFixture) -> None:
    backend = await PostgresBackend.connect(url, 5.0)
    try:
        async with AsyncExitStack() as stack:
            for _ in range(WRITE_POOL):
                await stack.enter_async_context(backend.transaction(5.0))
            with pytest.raises(StoreBusy) as err:
                async with backend.transaction(0.2):
                    pass
            assert type(err.value) is StoreBusy
    finally:
        await backend.close()
    assert warnings_and_worse(told) == []


async def test_mistakes_in_sql_stay_mistakes_on_postgresql(url: str,
                                                          told: pytest.LogCaptureFixture) -> None:
    backend = await PostgresBackend.connect(url, 2.0)
    try:
        async with backend.transaction(2.0) as conn:
            await conn.script("CREATE TABLE scratch (n INTEGER PRIMARY KEY)")
            await conn.execute("INSERT INTO scratch (n) VALUES (?)", (1,))
        with pytest.raises(asyncpg.PostgresSyntaxError):
            async with backend.reading() as conn:
                await conn.fetch("SELEC 1")
        with pytest.raises(asyncpg.UniqueViolationError):
            async with backend.transaction(2.0) as conn:
                await conn.execute("INSERT INTO scratch (n) VALUES (?)", (1,))
        with pytest.raises(asyncpg.ReadOnlySQLTransactionError):
            async with backend.reading() as conn:
                await conn.execute("INSERT INTO scratch (n) VALUES (?)", (2,))
    finally:
        await backend.close()
    assert warnings_and_worse(told) == []


async def test_a_sqlite_file_the_system_will_not_write_is_not_answering_until_it_can_again(
    tmp_path: Path, told: pytest.LogCaptureFixture,
) -> None:
    path = tmp_path / "parley.db"
    async with await Store.open(path, busy_timeout=2.0) as store:
        svc = TableService(store)
        table = await open_table(svc, players=2)
        move = pick(table, 0, 0)
        with writes_refused():
            error = await not_answering(lambda: store.apply_move(table.key, 0, move, T0))
            assert error.reason == UNAVAILABLE_SENTENCE
            await not_answering(lambda: svc.move("chan-1", "u0", move, T0))
            seen = await store.get(table.key)  # reads go on from the open files
        assert seen is not None and seen.version == table.version
        assert await store.history(table.key) == []
        await svc.move("chan-1", "u0", move, T0)  # the disk writes again: served at once
        moved = await store.get(table.key)
        assert moved is not None and moved.seat_moves[0] == 1

    (warning,) = warnings_and_worse(told)
    assert warning.levelname == "WARNING" and warning.exc_info is None
    assert str(path) in warning.getMessage() and "SQLITE_IOERR" in warning.getMessage()
    assert len(said_back(told)) == 1


async def test_mistakes_and_locks_stay_what_they_are_on_sqlite(
    tmp_path: Path, told: pytest.LogCaptureFixture,
) -> None:
    path = tmp_path / "parley.db"
    backend = await SqliteBackend.connect(path, 2.0)
    try:
        async with backend.transaction(2.0) as conn:
            await conn.script("CREATE TABLE scratch (n INTEGER PRIMARY KEY)")
            await conn.execute("INSERT INTO scratch (n) VALUES (?)", (1,))
        with pytest.raises(sqlite3.OperationalError, match="syntax error"):
            async with backend.reading() as conn:
                await conn.fetch("SELEC 1")
        with pytest.raises(sqlite3.IntegrityError):
            async with backend.transaction(2.0) as conn:
                await conn.execute("INSERT INTO scratch (n) VALUES (?)", (1,))
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            async with backend.reading() as conn:  # the reading connection is query-only
                await conn.execute("INSERT INTO scratch (n) VALUES (?)", (2,))
        with other_program_writing(path):
            with pytest.raises(StoreBusy) as err:
                async with backend.transaction(0.2):
                    pass
        assert type(err.value) is StoreBusy, "a lock held by another program is busy"
    finally:
        await backend.close()
    assert warnings_and_worse(told) == []


def test_which_sqlite_errors_mean_the_file_is_out_of_reach(tmp_path: Path) -> None:
    """Errors SQLite really raises: a file that cannot be opened (its folder is gone) is out
    of reach; a lock, a syntax error and a write on a read-only connection are not."""
    with pytest.raises(sqlite3.OperationalError) as cannot_open:
        sqlite3.connect(tmp_path / "gone" / "parley.db")
    assert no_answer(cannot_open.value)
    con = sqlite3.connect(tmp_path / "parley.db")
    try:
        con.execute("PRAGMA query_only = ON")
        for sql in ("SELEC 1", "CREATE TABLE t (n INTEGER)"):
            with pytest.raises(sqlite3.OperationalError) as mistake:
                con.execute(sql)
            assert not no_answer(mistake.value), sql
    finally:
        con.close()
