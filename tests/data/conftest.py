"""Fixtures for the store and table service tests: real SQLite files in tmp_path."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from data.store import Store
from data.tables import TableService
from tests.fixtures import fixture_games_registered


@pytest.fixture(autouse=True)
def fixture_games() -> Iterator[None]:
    with fixture_games_registered():
        yield


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "parley.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(db_path)
    yield s
    await s.close()


@pytest.fixture
def svc(store: Store) -> TableService:
    return TableService(store)
