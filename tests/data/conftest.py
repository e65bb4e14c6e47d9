"""Fixtures for the store and table service tests, run against both backends (issue 16:
"the same guarantees ... proven by the same tests run against both backends").

``db`` names a fresh database: a SQLite file in tmp_path, or a new database on the session's
throwaway PostgreSQL server (tests/pg.py), which starts the first time a PostgreSQL test
needs it and stops at the end of the session. Every test that uses ``db``, ``store`` or
``svc`` runs once per backend (``test_x[sqlite]``, ``test_x[postgresql]``). Without the
PostgreSQL server programs, the PostgreSQL half fails with a sentence saying what to
install.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from data.store import Store
from data.tables import TableService
from tests import pg
from tests.fixtures import fixture_games_registered

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(autouse=True)
def fixture_games() -> Iterator[None]:
    with fixture_games_registered():
        yield


@pytest.fixture(scope="session")
def pg_server() -> Iterator[pg.PgServer]:
    yield from pg.serve()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
async def db(backend: str, tmp_path: Path, request: pytest.FixtureRequest
             ) -> AsyncIterator[Path | str]:
    """What ``PARLEY_DB`` would hold: a SQLite file's path, or a PostgreSQL URL."""
    if backend == "sqlite":
        yield tmp_path / "parley.db"
        return
    server: pg.PgServer = request.getfixturevalue("pg_server")
    url = await pg.create_database(server)
    try:
        yield url
    finally:
        await pg.drop_database(server, url)


@pytest.fixture
async def store(db: Path | str) -> AsyncIterator[Store]:
    s = await Store.open(db)
    yield s
    await s.close()


@pytest.fixture
def svc(store: Store) -> TableService:
    return TableService(store)
