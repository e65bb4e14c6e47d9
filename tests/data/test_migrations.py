"""Numbered migrations: a file saved by an older version opens and is upgraded."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

import engine
from data.migrations import MIGRATIONS, statements
from data.store import Store
from data.tables import TableService
from tests.data.helpers import canon, dump, open_table, random_moves


def _user_version(path: Path) -> int:
    con = sqlite3.connect(path)
    try:
        return con.execute("PRAGMA user_version").fetchone()[0]
    finally:
        con.close()


async def test_a_new_file_runs_every_migration(db_path: Path) -> None:
    async with await Store.open(db_path) as store:
        assert await store.schema_version() == len(MIGRATIONS) >= 2
    con = sqlite3.connect(db_path)
    assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    con.close()


async def test_a_database_from_migration_1_opens_upgraded_with_its_games(db_path: Path) -> None:
    async with await Store.open(db_path, migrations=MIGRATIONS[:1]) as old:
        svc = TableService(old)
        table = await open_table(svc, players=3)
        await random_moves(old, table.key, random.Random(9), 5)
        saved = await old.get(table.key)
        assert saved is not None
    assert _user_version(db_path) == 1
    con = sqlite3.connect(db_path)
    indexes = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    con.close()
    assert "tables_status_guild" not in indexes

    async with await Store.open(db_path) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        again = await store.get(table.key)
        assert again is not None and dump(again) == dump(saved)
        assert again.seat_moves == saved.seat_moves
        game = engine.get_game("cutlass")
        assert canon(game.dump(await store.replay(table.key))) == dump(again)
        moved = await random_moves(store, table.key, random.Random(10), 2)
        assert len(await store.history(table.key, limit=100)) == 5 + moved
    con = sqlite3.connect(db_path)
    try:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            con.execute("DELETE FROM actions")
    finally:
        con.close()


async def test_reopening_an_up_to_date_file_changes_nothing(db_path: Path) -> None:
    async with await Store.open(db_path):
        pass
    async with await Store.open(db_path) as store:
        assert await store.schema_version() == len(MIGRATIONS)


async def test_a_file_from_a_newer_version_is_refused(db_path: Path) -> None:
    async with await Store.open(db_path):
        pass
    con = sqlite3.connect(db_path)
    con.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    con.close()
    with pytest.raises(RuntimeError, match="newer version"):
        await Store.open(db_path)


async def test_a_migration_that_fails_leaves_the_file_at_the_last_good_one(db_path: Path) -> None:
    broken = [*MIGRATIONS, "CREATE TABLE extra (x INTEGER); INSERT INTO nowhere VALUES (1);"]
    with pytest.raises(sqlite3.OperationalError, match="nowhere"):
        await Store.open(db_path, migrations=broken)
    assert _user_version(db_path) == len(MIGRATIONS)
    con = sqlite3.connect(db_path)
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    con.close()
    assert "extra" not in tables


async def test_two_stores_opening_an_old_file_at_once_apply_each_migration_once(
    db_path: Path,
) -> None:
    async with await Store.open(db_path, migrations=MIGRATIONS[:1]):
        pass
    a, b = await asyncio.gather(Store.open(db_path), Store.open(db_path))
    try:
        assert await a.schema_version() == await b.schema_version() == len(MIGRATIONS)
    finally:
        await a.close()
        await b.close()


def test_statements_keep_semicolons_inside_triggers_comments_and_strings() -> None:
    script = """
    -- a comment; with a semicolon
    CREATE TABLE t (x TEXT DEFAULT 'a;b');
    CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;
    """
    parts = statements(script)
    assert len(parts) == 2
    assert parts[1].endswith("END;") and "SELECT 1; SELECT 2;" in parts[1]
    with pytest.raises(ValueError, match="incomplete"):
        statements("CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1;")
