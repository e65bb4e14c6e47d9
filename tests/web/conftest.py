"""Fixtures of the web tests: a store on a real SQLite file, the table service over it,
and aiohttp's own test server and client around the web app (web/server.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from data.store import Store
from data.tables import TableService
from tests.web.helpers import SECRET, T0
from web.server import AccessLog, make_app


class Clock:
    """The web server's clock, set by the test."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "parley.db")
    yield s
    await s.close()


@pytest.fixture
def svc(store: Store) -> TableService:
    return TableService(store)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def client(store: Store, clock: Clock) -> AsyncIterator[TestClient]:
    app = make_app(store, SECRET, now=clock, interval=0.05)
    async with TestClient(TestServer(app, access_log_class=AccessLog)) as c:
        yield c
