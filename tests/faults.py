"""Real faults of the machine under the database, for the outage tests (issue 21, item 4).

``writes_refused()``: for the time of the block, the kernel refuses every write of this
process to a file (``RLIMIT_FSIZE`` of 0 bytes: not a byte is written), as a failing disk
would: SQLite's writes fail with "disk I/O error" (``SQLITE_IOERR_WRITE``), its reads go on from
the files it holds open, and once the block ends the same connections write again. It
works as root too (a file-size limit binds root), where taking a folder's permissions away
would not. ``SIGXFSZ``, which would end the process at the first refused write, is ignored
meanwhile; both are put back as they were. Keep the block short: every write of the test
process to a regular file is refused in it (pipes and terminals are not files).

``own_postgresql()`` (the body of a fixture) gives a test module a PostgreSQL server of its
own, which ``stopped(server)`` stops as an operator does (``pg_ctl stop -m fast``: every
session ended, open transactions rolled back) for the time of a block, then starts again on
the same data and port. The session's shared server (``tests/pg.py``, ``shared``) stays up
for the other tests.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import signal
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager

import pytest

from tests import pg


@contextmanager
def writes_refused() -> Iterator[None]:
    old_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, old_limit[1]))
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, old_limit)
        signal.signal(signal.SIGXFSZ, old_handler)


def own_postgresql() -> Iterator[pg.PgServer]:
    """The body of a fixture: a PostgreSQL server of the caller's own, stopped and removed
    afterwards; the test fails with the install sentence when the programs are missing."""
    import pytest

    missing: str | None = None
    try:
        server = pg.PgServer.start()
    except pg.PostgresMissing as exc:
        missing = str(exc)
    if missing is not None:
        pytest.fail(missing, pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@asynccontextmanager
async def stopped(server: pg.PgServer) -> AsyncIterator[None]:
    """``server`` stopped for the block, then started again on the same data and port (off
    the event loop, which goes on meanwhile, as the bot's does)."""
    await asyncio.to_thread(server.halt)
    try:
        yield
    finally:
        await asyncio.to_thread(server.resume)


def warnings_and_worse(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.WARNING]
