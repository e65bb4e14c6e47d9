"""Which database a ``PARLEY_DB`` value names (issue 16): a ``postgresql://`` URL opens
PostgreSQL, anything else is a SQLite file; logs show the URL without its password."""

from __future__ import annotations

from pathlib import Path

import pytest

from data.db import describe, is_postgresql
from data.store import Store


@pytest.mark.parametrize(("value", "postgres"), [
    ("postgresql://user:pass@host/db", True),
    ("postgres://user@host:5433/db", True),
    ("  PostgreSQL://user:pass@host/db", True),
    ("parley.db", False),
    ("/data/parley.db", False),
    ("postgresql.db", False),
    (Path("postgresql://not-a-url-but-a-path"), False),
])
def test_a_postgresql_url_selects_postgresql_and_anything_else_is_a_sqlite_file(
    value: str | Path, postgres: bool
) -> None:
    assert is_postgresql(value) is postgres


def test_the_password_never_shows_in_what_is_logged() -> None:
    assert describe("postgresql://parley:s3cret@db:5432/parley") == (
        "postgresql://parley:***@db:5432/parley")
    assert describe("postgresql://parley@db/parley") == "postgresql://parley@db/parley"
    assert describe("games/parley.db") == "games/parley.db"


async def test_the_store_opens_the_backend_the_value_names(db: Path | str, backend: str) -> None:
    async with await Store.open(db) as store:
        assert store.backend == backend
