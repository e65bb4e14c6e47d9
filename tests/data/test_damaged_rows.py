"""One unreadable table row never stops another table, and the damaged table comes back.

Every kind of damage the reliability issue names is made on a real SQLite file and on a
real PostgreSQL database, the way a disk, a bad hand edit or a downgrade would leave it: a
state cut short, an empty state, a state of a schema this version does not know, a game
this version does not know, a started table whose state is missing, and seats that cannot
be read.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable
from pathlib import Path

import pytest

import engine
from data.store import DamagedTable, Store, TableExists
from data.tables import TableService
from engine.core import IllegalAction
from tests.data.helpers import T0, canon, dump, open_table, random_moves
from tests.data.raw import Raw, raw

HOUR = 3600.0


def _cut_state(con: Raw, key: int) -> None:
    ((state,),) = con.query("SELECT state FROM tables WHERE key = ?", (key,))
    con.execute("UPDATE tables SET state = ? WHERE key = ?", (state[: len(state) // 2], key))


def _empty_state(con: Raw, key: int) -> None:
    con.execute("UPDATE tables SET state = '' WHERE key = ?", (key,))


def _unknown_schema(con: Raw, key: int) -> None:
    ((state,),) = con.query("SELECT state FROM tables WHERE key = ?", (key,))
    data = json.loads(state)
    data["v" if "v" in data else "schema"] = 999  # the fixture game names it "v"
    con.execute("UPDATE tables SET state = ? WHERE key = ?", (json.dumps(data), key))


def _missing_state(con: Raw, key: int) -> None:
    con.execute("UPDATE tables SET state = NULL WHERE key = ?", (key,))


def _unknown_game(con: Raw, key: int) -> None:
    con.execute("UPDATE tables SET game_id = 'kraken-poker' WHERE key = ?", (key,))


def _cut_seats(con: Raw, key: int) -> None:
    ((meta,),) = con.query("SELECT meta FROM tables WHERE key = ?", (key,))
    con.execute("UPDATE tables SET meta = ? WHERE key = ?", (meta[: len(meta) // 3], key))


#: damage the action log can mend (the state only)
STATE_DAMAGE: dict[str, Callable[[Raw, int], None]] = {
    "a state cut short": _cut_state,
    "an empty state": _empty_state,
    "a state of an unknown schema version": _unknown_schema,
    "a started table without its state": _missing_state,
}
#: damage that leaves nothing to rebuild from: the table can only be closed
LASTING_DAMAGE: dict[str, Callable[[Raw, int], None]] = {
    "an unknown game": _unknown_game,
    "seats that cannot be read": _cut_seats,
}
ALL_DAMAGE = {**STATE_DAMAGE, **LASTING_DAMAGE}


def damage(db: Path | str, key: int, how: Callable[[Raw, int], None]) -> None:
    with raw(db) as con:
        how(con, key)


async def _two_tables(svc: TableService) -> tuple[int, int]:
    """A healthy table in "ok" and the one to damage in "bad", both mid-game, both with a
    reminder due in an hour."""
    good = await open_table(svc, "ok", players=2, seed="healthy")
    bad = await open_table(svc, "bad", players=2, seed="doomed")
    assert good.key is not None and bad.key is not None
    for key in (good.key, bad.key):
        await random_moves(svc.store, key, random.Random(key), 5)
    for channel in ("ok", "bad"):
        await svc.settings(channel, "u0", remind_minutes=60, now=T0)
    return good.key, bad.key


@pytest.mark.parametrize("what", list(ALL_DAMAGE))
async def test_one_damaged_row_stops_neither_listings_nor_the_clock_of_other_tables(
    svc: TableService, db: Path | str, what: str
) -> None:
    good, bad = await _two_tables(svc)
    damage(db, bad, ALL_DAMAGE[what])

    listed = [t.key for t in await svc.store.list_tables()]
    assert good in listed
    assert good in [t.key for t in await svc.store.playing()]
    events = await svc.tick(T0 + 2 * HOUR)
    assert [e.table.key for e in events] == [good], "the healthy table is reminded"
    assert (await svc.store.live("ok")) is not None


@pytest.mark.parametrize("what", list(ALL_DAMAGE))
async def test_a_damaged_table_is_answered_with_what_the_host_can_do(
    svc: TableService, db: Path | str, what: str
) -> None:
    _, bad = await _two_tables(svc)
    damage(db, bad, ALL_DAMAGE[what])
    for read in (svc.store.live("bad"), svc.store.get(bad), svc.store.latest("bad")):
        with pytest.raises(DamagedTable) as err:
            await read
        assert isinstance(err.value, IllegalAction)
        assert "/game repair" in err.value.reason and "/game abort" in err.value.reason
    with pytest.raises(DamagedTable):
        await svc.new("cutlass", "bad", "u9", "Zed", {}, now=T0)


async def test_a_damaged_row_is_logged_once_with_its_key_and_not_its_content(
    svc: TableService, db: Path | str, caplog: pytest.LogCaptureFixture
) -> None:
    _, bad = await _two_tables(svc)
    with raw(db) as con:
        ((state,),) = con.query("SELECT state FROM tables WHERE key = ?", (bad,))
    damage(db, bad, _cut_state)
    with caplog.at_level(logging.INFO, logger="data.store"):
        for _ in range(3):
            await svc.tick(T0 + 2 * HOUR)
            with pytest.raises(DamagedTable):
                await svc.store.get(bad)
    lines = [r.getMessage() for r in caplog.records if r.name == "data.store"]
    assert len(lines) == 1, lines
    assert f"table {bad} " in lines[0]
    assert state[len(state) // 2 - 20: len(state) // 2] not in lines[0]


@pytest.mark.parametrize("what", list(STATE_DAMAGE))
async def test_a_damaged_state_is_rebuilt_from_the_action_log(
    svc: TableService, db: Path | str, what: str
) -> None:
    _, bad = await _two_tables(svc)
    before = await svc.store.get(bad)
    assert before is not None
    damage(db, bad, STATE_DAMAGE[what])
    game = engine.get_game("cutlass")
    # the log is the truth: replay does not read the damaged saved state
    assert canon(game.dump(await svc.store.replay(bad))) == dump(before)

    with pytest.raises(IllegalAction, match="Only the host or a channel manager"):
        await svc.repair("bad", "u1", False, T0)
    table, moves = await svc.repair("bad", "u0", False, T0 + 1)
    assert moves == sum(before.seat_moves) == 5
    after = await svc.store.get(bad)
    assert after is not None
    assert dump(after) == dump(before) and after.seat_moves == before.seat_moves
    assert after.version > before.version
    # and the game goes on
    assert await random_moves(svc.store, bad, random.Random(1), 3, T0 + 2) == 3


async def test_a_table_that_reads_fine_has_nothing_to_repair(svc: TableService) -> None:
    await open_table(svc, "c1", players=2)
    with pytest.raises(IllegalAction, match="nothing to repair"):
        await svc.repair("c1", "u0", False, T0)


@pytest.mark.parametrize("what", list(LASTING_DAMAGE))
async def test_a_table_the_log_cannot_rebuild_can_still_be_aborted_and_replaced(
    svc: TableService, db: Path | str, what: str
) -> None:
    _, bad = await _two_tables(svc)
    damage(db, bad, LASTING_DAMAGE[what])
    with pytest.raises(DamagedTable):
        await svc.repair("bad", "u0", False, T0)
    with pytest.raises(IllegalAction, match="Only the host or a channel manager"):
        await svc.abort("bad", "u1", False, T0)
    assert await svc.abort("bad", "moderator", True, T0) is None
    with pytest.raises(IllegalAction, match="already closed|no game"):
        await svc.abort("bad", "moderator", True, T0)
    fresh = await svc.new("cutlass", "bad", "u5", "Eve", {}, now=T0)
    assert (await svc.store.live("bad")).key == fresh.key  # type: ignore[union-attr]


async def test_a_damaged_table_in_the_lobby_can_be_aborted_by_its_host(
    svc: TableService, db: Path | str
) -> None:
    table = await open_table(svc, "c1", players=2, start=False)
    damage(db, table.key, _cut_seats)  # type: ignore[arg-type]
    assert await svc.abort("c1", "u0", False, T0) is None
    await svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0)
    with pytest.raises(TableExists):
        await svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0)


async def test_a_second_store_on_the_file_sees_the_repair(svc: TableService, db: Path | str) -> None:
    _, bad = await _two_tables(svc)
    damage(db, bad, _empty_state)
    await svc.repair("bad", "u0", False, T0)
    async with await Store.open(db) as other:
        assert (await other.get(bad)) is not None
