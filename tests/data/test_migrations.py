"""Numbered migrations: a database saved by an older version opens and is upgraded, on
SQLite (``PRAGMA user_version``) and on PostgreSQL (the table ``parley_schema``), and the two
backends' scripts build the same schema."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import engine
from data.migrations import MIGRATIONS, Migration, statements
from data.store import Store
from data.tables import TableService
from tests.data.helpers import canon, dump, open_table, random_moves
from tests.data.raw import Raw, raw


def _schema_version(con: Raw) -> int:
    """The version as the database itself keeps it, read around the store."""
    if con.kind == "sqlite":
        return con.query("PRAGMA user_version")[0][0]
    return con.query("SELECT version FROM parley_schema")[0][0]


def _set_schema_version(con: Raw, version: int) -> None:
    if con.kind == "sqlite":
        con.execute(f"PRAGMA user_version = {version}")
    else:
        con.execute(f"UPDATE parley_schema SET version = {version}")


def _names(con: Raw, kind: str) -> set[str]:
    """The names of the tables ("table"), indexes ("index") or triggers ("trigger")."""
    if con.kind == "sqlite":
        return {r[0] for r in con.query("SELECT name FROM sqlite_master WHERE type = ? "
                                        "AND name NOT LIKE 'sqlite_%'", (kind,))}
    sql = {
        "table": "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
        "index": "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'",
        "trigger": "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal",
    }[kind]
    return {r[0] for r in con.query(sql)}


def _columns(con: Raw, table: str) -> list[str]:
    if con.kind == "sqlite":
        return [r[1] for r in con.query(f"PRAGMA table_info({table})")]
    return [r[0] for r in con.query(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' "
        "AND table_name = ? "
        "ORDER BY ordinal_position", (table,))]


async def test_a_new_database_runs_every_migration(db: Path | str) -> None:
    async with await Store.open(db) as store:
        assert await store.schema_version() == len(MIGRATIONS) >= 2
    with raw(db) as con:
        assert _schema_version(con) == len(MIGRATIONS)
        if con.kind == "sqlite":
            assert con.query("PRAGMA journal_mode") == [("wal",)]


async def test_a_database_from_migration_1_opens_upgraded_with_its_games(db: Path | str) -> None:
    async with await Store.open(db, migrations=MIGRATIONS[:1]) as old:
        svc = TableService(old)
        table = await open_table(svc, players=3)
        await random_moves(old, table.key, random.Random(9), 5)
        saved = await old.get(table.key)
        assert saved is not None
    with raw(db) as con:
        assert _schema_version(con) == 1
        assert "tables_status_guild" not in _names(con, "index")

    async with await Store.open(db) as store:
        assert await store.schema_version() == len(MIGRATIONS)
        again = await store.get(table.key)
        assert again is not None and dump(again) == dump(saved)
        assert again.seat_moves == saved.seat_moves
        game = engine.get_game("cutlass")
        assert canon(game.dump(await store.replay(table.key))) == dump(again)
        moved = await random_moves(store, table.key, random.Random(10), 2)
        assert len(await store.history(table.key, limit=100)) == 5 + moved
    with raw(db) as con:
        with pytest.raises(Exception, match="append-only"):
            con.execute("DELETE FROM actions")


async def test_reopening_an_up_to_date_database_changes_nothing(db: Path | str) -> None:
    async with await Store.open(db):
        pass
    async with await Store.open(db) as store:
        assert await store.schema_version() == len(MIGRATIONS)


async def test_a_database_from_a_newer_version_is_refused(db: Path | str) -> None:
    async with await Store.open(db):
        pass
    with raw(db) as con:
        _set_schema_version(con, len(MIGRATIONS) + 1)
    with pytest.raises(RuntimeError, match="newer version"):
        await Store.open(db)


async def test_a_migration_that_fails_leaves_the_database_at_the_last_good_one(
    db: Path | str,
) -> None:
    broken = [*MIGRATIONS,
              Migration.both("CREATE TABLE extra (x INTEGER); INSERT INTO nowhere VALUES (1);")]
    with pytest.raises(Exception, match="nowhere"):
        await Store.open(db, migrations=broken)
    with raw(db) as con:
        assert _schema_version(con) == len(MIGRATIONS)
        assert "extra" not in _names(con, "table")


async def test_two_stores_opening_an_old_database_at_once_apply_each_migration_once(
    db: Path | str,
) -> None:
    async with await Store.open(db, migrations=MIGRATIONS[:1]):
        pass
    a, b = await asyncio.gather(Store.open(db), Store.open(db))
    try:
        assert await a.schema_version() == await b.schema_version() == len(MIGRATIONS)
    finally:
        await a.close()
        await b.close()


async def test_both_backends_build_the_same_schema_at_every_migration(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Migration N on SQLite and migration N on PostgreSQL leave the same tables, columns in
    the same order, indexes and append-only triggers (issue 16: "the same migrations
    numbered for both")."""
    from tests import pg

    server = request.getfixturevalue("pg_server")
    for n in range(1, len(MIGRATIONS) + 1):
        url = await pg.create_database(server)
        try:
            path = tmp_path / f"m{n}.db"
            for target in (path, url):
                async with await Store.open(target, migrations=MIGRATIONS[:n]):
                    pass
            with raw(path) as lite, raw(url) as post:
                tables = _names(lite, "table")
                assert tables == _names(post, "table") - {"parley_schema"}
                for table in sorted(tables):
                    assert _columns(lite, table) == _columns(post, table), table
                pg_indexes = {i for i in _names(post, "index") if not i.endswith("_pkey")}
                sqlite_indexes = _names(lite, "index")
                assert sqlite_indexes == pg_indexes
                # PostgreSQL adds a trigger for TRUNCATE, which SQLite does not have
                assert _names(lite, "trigger") == _names(post, "trigger") - {
                    "actions_no_truncate"}
        finally:
            await pg.drop_database(server, url)


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
