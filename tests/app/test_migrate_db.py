"""``python bot.py migrate-db --from parley.db --to postgresql://...`` (issue 16): every
table, move log, setting, remembered post and flag reaches PostgreSQL, the games go on
there, and the copy is checked. Run as an operator runs it, against the tests' throwaway
PostgreSQL server (tests/pg.py)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

import engine
from data.migrate_db import check_copy
from data.store import DamagedTable, Store
from data.tables import TableService
from engine.table import ABANDONED, FINISHED, LOBBY, PLAYING
from engine.turn_clock import TIMEOUT_AI_MOVE
from tests import pg
from tests.data.raw import raw

ROOT = Path(__file__).resolve().parents[2]
T0 = 1_700_000_000.0
GAME = "all-hands"


@pytest.fixture(scope="module")
def pg_server() -> Iterator[pg.PgServer]:
    yield from pg.serve()


@pytest.fixture
async def url(pg_server: pg.PgServer) -> AsyncIterator[str]:
    database = await pg.create_database(pg_server)
    try:
        yield database
    finally:
        await pg.drop_database(pg_server, database)


def migrate_db(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environ = {"PATH": "/usr/bin:/bin", "PARLEY_ENV_FILE": str(tmp_path / "none.env"),
               "PARLEY_DB": str(tmp_path / "parley.db")}
    return subprocess.run([sys.executable, str(ROOT / "bot.py"), "migrate-db", *args],
                          env=environ, cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)


async def _play(store: Store, key: int, rng: random.Random, moves: int, now: float) -> None:
    game = engine.get_game(GAME)
    for i in range(moves):
        table = await store.get(key)
        assert table is not None
        if table.status != PLAYING:
            return
        seat = rng.choice(sorted(table.to_act(game)))
        await store.apply_move(key, seat, rng.choice(game.legal_actions(table.state, seat)),
                               now + i)


async def _fill(path: Path) -> dict[str, int]:
    """A bot's database after a few game nights: games under way with settings and moves,
    a lobby, an abandoned and a finished game, posts, flags, and one damaged row."""
    keys: dict[str, int] = {}
    async with await Store.open(path) as store:
        svc = TableService(store)
        rng = random.Random(16)
        for i in range(4):
            channel = f"chan-{i}"
            await svc.new(GAME, channel, "host", "Anne", {}, guild="g1", seed=f"night-{i}",
                          now=T0)
            await svc.join(channel, "p1", "Bo", T0)
            await svc.join(channel, "p2", "Cy", T0)
            if i == 3:
                keys["lobby"] = (await svc.store.live(channel)).key  # type: ignore[union-attr]
                continue
            table = (await svc.start(channel, "host", T0)).table
            await svc.settings(channel, "host", remind_minutes=30 + i, limit_minutes=120,
                               on_timeout=TIMEOUT_AI_MOVE, now=T0)
            await _play(store, table.key, rng, 20 + 10 * i, T0 + 1)  # type: ignore[arg-type]
            await store.set_message(table.key, "turn", channel, f"9{i}")  # type: ignore[arg-type]
            await store.flag_once(table.key, "dm-closed:p1")  # type: ignore[arg-type]
            keys[channel] = table.key  # type: ignore[assignment]
        gone = await svc.new(GAME, "chan-gone", "host", "Anne", {}, now=T0)
        await svc.abort("chan-gone", "host", False, T0 + 5)
        keys["abandoned"] = gone.key  # type: ignore[assignment]
        done = await svc.new(GAME, "chan-done", "host", "Anne", {}, seed="short", now=T0)
        await svc.join("chan-done", "p1", "Bo", T0)
        await svc.start("chan-done", "host", T0)
        await _play(store, done.key, rng, 10_000, T0 + 2)  # type: ignore[arg-type]
        keys["finished"] = done.key  # type: ignore[assignment]
    with raw(path) as con:  # a state cut short, as a bad disk would leave it
        ((state,),) = con.query("SELECT state FROM tables WHERE key = ?", (keys["chan-2"],))
        con.execute("UPDATE tables SET state = ? WHERE key = ?",
                    (state[: len(state) // 2], keys["chan-2"]))
    return keys


async def test_migrate_db_copies_every_table_log_and_setting_and_the_games_go_on(
    tmp_path: Path, url: str
) -> None:
    path = tmp_path / "parley.db"
    keys = await _fill(path)
    proc = migrate_db(tmp_path, "--from", str(path), "--to", url)
    assert proc.returncode == 0, proc.stderr
    line = proc.stdout.strip()
    assert "6 tables" in line and "matches the source row for row" in line, line
    password = url.split("@")[0].rsplit(":", 1)[-1]
    assert password not in proc.stdout + proc.stderr

    assert await check_copy(path, url) == []
    game = engine.get_game(GAME)
    async with await Store.open(path) as old, await Store.open(url) as new:
        assert new.backend == "postgresql"
        for name, key in keys.items():
            if name == "chan-2":
                continue
            a, b = await old.get(key), await new.get(key)
            assert a is not None and b is not None
            assert (b.id, b.status, b.version, b.seat_moves, b.settings, b.clock) == (
                a.id, a.status, a.version, a.seat_moves, a.settings, a.clock)
            assert [s.to_dict() for s in b.seats] == [s.to_dict() for s in a.seats]
            if a.state is not None:
                assert game.dump(b.state) == game.dump(a.state)
            assert await new.history(key, limit=10_000) == await old.history(key, limit=10_000)
        assert (await new.get(keys["lobby"])).status == LOBBY  # type: ignore[union-attr]
        assert (await new.get(keys["abandoned"])).status == ABANDONED  # type: ignore[union-attr]
        assert (await new.get(keys["finished"])).status == FINISHED  # type: ignore[union-attr]
        assert await new.get_message(keys["chan-1"], "turn") == ("chan-1", "91")
        assert await new.flag_once(keys["chan-1"], "dm-closed:p1") is False

        # the damaged row came over as it was, and mends there from its copied log
        with pytest.raises(DamagedTable):
            await new.get(keys["chan-2"])
        repaired = await new.repair(keys["chan-2"], T0 + 100)
        assert game.dump(repaired.state) == game.dump(await old.replay(keys["chan-2"]))

        # the games go on, and a new table gets a key of its own
        await _play(new, keys["chan-0"], random.Random(1), 3, T0 + 200)
        assert len(await new.history(keys["chan-0"], limit=10_000)) == len(
            await old.history(keys["chan-0"], limit=10_000)) + 3
        fresh = await TableService(new).new(GAME, "chan-new", "host", "Anne", {}, now=T0)
        assert fresh.key is not None and fresh.key > max(keys.values())


async def test_migrate_db_refuses_a_database_that_already_holds_tables(
    tmp_path: Path, url: str
) -> None:
    path = tmp_path / "parley.db"
    await _fill(path)
    assert migrate_db(tmp_path, "--from", str(path), "--to", url).returncode == 0
    with raw(url) as con:
        before = con.query("SELECT key, version FROM tables ORDER BY key")
    again = migrate_db(tmp_path, "--to", url)  # --from defaults to PARLEY_DB
    assert again.returncode == 1
    assert "already holds 6 tables" in again.stderr and "nothing was copied" in again.stderr
    assert len(again.stderr.strip().splitlines()) == 1
    with raw(url) as con:
        assert con.query("SELECT key, version FROM tables ORDER BY key") == before


async def test_the_check_finds_a_row_that_differs(tmp_path: Path, url: str) -> None:
    path = tmp_path / "parley.db"
    keys = await _fill(path)
    assert migrate_db(tmp_path, "--from", str(path), "--to", url).returncode == 0
    with raw(url) as con:
        con.execute("UPDATE messages SET message_id = 'elsewhere' WHERE table_key = ?",
                    (keys["chan-1"],))
    assert await check_copy(path, url) == [f"messages: 1 rows differ, the first at key "
                                           f"{keys['chan-1']}"]


def test_migrate_db_without_the_source_file_says_so_and_creates_nothing(
    tmp_path: Path, pg_server: pg.PgServer
) -> None:
    proc = migrate_db(tmp_path, "--from", str(tmp_path / "nope.db"), "--to", pg_server.url())
    assert proc.returncode == 1
    assert proc.stderr.startswith("There is no database file at") and "Traceback" not in proc.stderr
    assert not (tmp_path / "nope.db").exists()
