"""``/admin backup``'s copy (issue 15): SQLite's online backup gives a consistent,
self-contained copy while the bot writes; PostgreSQL is refused with pg_dump's name."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

import engine
from data.backup import backup_path, take_backup
from data.store import Store
from data.tables import TableService
from engine.table import Table
from tests import pg
from tests.data.helpers import T0, canon, dump, open_table, random_moves


async def test_a_backup_is_a_database_the_bot_opens_with_every_game(tmp_path: Path) -> None:
    db = tmp_path / "parley.db"
    async with await Store.open(db) as store:
        svc = TableService(store)
        table = await open_table(svc, "c1")
        await random_moves(store, table.key, random.Random(1), 6)
        saved = await store.get(table.key)
        path = await take_backup(store, db, T0)

    assert path == tmp_path / "parley-backup-20231114-221320.db"
    assert not Path(f"{path}-wal").exists()  # one plain file, nothing beside it
    con = sqlite3.connect(path)
    try:
        assert con.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert con.execute("PRAGMA freelist_count").fetchone() == (0,)  # compact
        assert con.execute("PRAGMA quick_check").fetchone() == ("ok",)
    finally:
        con.close()
    async with await Store.open(path) as copy:
        again = await copy.get(table.key)
        assert again is not None and dump(again) == dump(saved)
        assert len(await copy.history(table.key, limit=100)) == 6


async def test_a_backup_taken_while_moves_are_written_is_one_consistent_moment(
        tmp_path: Path) -> None:
    """Every table in the copy matches its own log: no move is half in it."""
    db = tmp_path / "parley.db"
    async with await Store.open(db) as store:
        svc = TableService(store)
        keys = [(await open_table(svc, f"c{i}", seed=f"s{i}")).key for i in range(4)]

        async def keep_moving() -> None:
            for round_ in range(6):
                for key in keys:
                    await random_moves(store, key, random.Random(round_ * 10 + key), 1)

        mover = asyncio.create_task(keep_moving())
        copies = []
        for i in range(3):
            copies.append(await take_backup(store, db, T0 + i))
            await asyncio.sleep(0)
        await mover

    for path in copies:
        async with await Store.open(path) as copy:
            for key in keys:
                table = await copy.get(key)
                assert dump(table) == dump_of(await copy.replay(key), table)
                assert sum(table.seat_moves) == len(await copy.history(key, limit=1000))


def dump_of(state: object, table: Table) -> str:
    return canon(engine.get_game(table.game_id).dump(state))


async def test_two_backups_in_one_second_do_not_overwrite_each_other(tmp_path: Path) -> None:
    db = tmp_path / "parley.db"
    async with await Store.open(db) as store:
        first = await take_backup(store, db, T0)
        second = await take_backup(store, db, T0)
    assert first != second and first.exists() and second.exists()
    assert second.name == "parley-backup-20231114-221320.2.db"


def test_the_backup_goes_beside_the_database(tmp_path: Path) -> None:
    assert backup_path(tmp_path / "games.sqlite", T0) == \
        tmp_path / "games-backup-20231114-221320.db"


async def test_postgresql_is_backed_up_with_its_own_tool(pg_server: pg.PgServer,
                                                         tmp_path: Path) -> None:
    url = await pg.create_database(pg_server)
    try:
        async with await Store.open(url) as store:
            with pytest.raises(NotImplementedError, match="own tools"):
                await store.backup(tmp_path / "copy.db")
    finally:
        await pg.drop_database(pg_server, url)
    assert not (tmp_path / "copy.db").exists()
