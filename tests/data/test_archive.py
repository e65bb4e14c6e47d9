"""Closed tables kept for a while, then archived to their log (issue 15): the state is
dropped, reading the table replays it from the log to the same state, and nothing live,
recent or unrated is touched. On SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from data.archive import DAY, archive_old_tables
from data.ratings import rate_finished
from data.store import Store
from data.tables import TableService
from engine.table import ABANDONED, FINISHED, PLAYING, Table
from tests.data.helpers import T0, canon, dump
from tests.data.raw import raw
from tests.data.test_ratings import play_cutlass, seat_table

KEEP = 90


async def finished_table(svc: TableService, channel: str, rated: bool = True) -> Table:
    """A Crossed Cutlasses game played to its end through the logged move path."""
    t = await seat_table(svc, channel, "cutlass", ["u0", "u1"], seed=f"seed-{channel}")
    done = await play_cutlass(svc.store, t.key, high={0})
    assert done.status == FINISHED
    if rated:
        assert await rate_finished(svc.store, done, T0 + 60)
    return done


def stored_state(db: Path | str, key: int) -> str | None:
    with raw(db) as con:
        return con.query("SELECT state FROM tables WHERE key = ?", (key,))[0][0]


async def test_an_old_finished_table_loses_its_saved_state_and_reads_back_the_same(
        svc: TableService, db: Path | str) -> None:
    table = await finished_table(svc, "c1")
    before = dump(table)
    history = await svc.store.history(table.key, limit=1000)
    page = await svc.store.history(table.key, limit=3, before_seq=5)

    assert await archive_old_tables(svc.store, KEEP, T0 + (KEEP + 1) * DAY) == 1

    assert stored_state(db, table.key) is None
    with raw(db) as con:  # the log moved, compressed, into one row
        assert con.query("SELECT COUNT(*) FROM actions WHERE table_key = ?",
                         (table.key,)) == [(0,)]
    assert await svc.store.history(table.key, limit=3, before_seq=5) == page
    again = await svc.store.get(table.key)
    assert again is not None and again.status == FINISHED
    assert dump(again) == before  # replayed from the log, bit for bit
    assert (await svc.store.latest("c1")).key == table.key
    assert dump(await svc.store.latest("c1")) == before
    assert await svc.store.history(table.key, limit=1000) == history
    game = engine.get_game("cutlass")
    assert canon(game.dump(await svc.store.replay(table.key))) == before
    assert [s.player for s in again.seats] == ["u0", "u1"]
    assert len(await svc.store.ratings("g1")) == 2  # the ratings stay


async def test_a_table_closed_recently_keeps_its_state(svc: TableService, db: Path | str) -> None:
    table = await finished_table(svc, "c1")
    assert await archive_old_tables(svc.store, KEEP, T0 + (KEEP - 1) * DAY) == 0
    assert stored_state(db, table.key) is not None


async def test_keeping_for_zero_days_means_keeping_for_ever(svc: TableService,
                                                            db: Path | str) -> None:
    table = await finished_table(svc, "c1")
    assert await archive_old_tables(svc.store, 0, T0 + 10_000 * DAY) == 0
    assert stored_state(db, table.key) is not None


async def test_live_tables_are_never_archived(svc: TableService, db: Path | str) -> None:
    playing = await seat_table(svc, "c1", "cutlass", ["u0", "u1"])
    await svc.new("cutlass", "c2", "u0", "Anne", {}, guild="g1", now=T0)
    assert await archive_old_tables(svc.store, KEEP, T0 + 1000 * DAY) == 0
    table = await svc.store.get(playing.key)
    assert table.status == PLAYING and stored_state(db, playing.key) is not None
    assert (await svc.store.live("c2")) is not None


async def test_a_finished_table_waits_for_its_ratings_before_it_is_archived(
        svc: TableService, db: Path | str) -> None:
    table = await finished_table(svc, "c1", rated=False)
    assert await archive_old_tables(svc.store, KEEP, T0 + 1000 * DAY) == 0
    assert stored_state(db, table.key) is not None
    assert await rate_finished(svc.store, table, T0 + 1000 * DAY)
    assert await archive_old_tables(svc.store, KEEP, T0 + 1000 * DAY) == 1


async def test_an_archived_table_is_still_rated_once_and_not_archived_twice(
        svc: TableService) -> None:
    table = await finished_table(svc, "c1")
    later = T0 + 1000 * DAY
    assert await archive_old_tables(svc.store, KEEP, later) == 1
    assert await archive_old_tables(svc.store, KEEP, later + DAY) == 0
    assert await rate_finished(svc.store, await svc.store.get(table.key), later) == []
    assert [r.games for r in await svc.store.ratings("g1")] == [1, 1]


async def test_abandoned_tables_are_archived_too_even_in_the_lobby(
        svc: TableService, db: Path | str) -> None:
    mid_game = await seat_table(svc, "c1", "cutlass", ["u0", "u1"])
    await play_cutlass_one_round(svc, mid_game)
    await svc.abort("c1", "u0", False, T0 + 5)
    before = dump(await svc.store.get(mid_game.key))
    lobby = await svc.new("cutlass", "c2", "u0", "Anne", {}, guild="g1", now=T0)
    await svc.abort("c2", "u0", False, T0 + 5)

    assert await archive_old_tables(svc.store, KEEP, T0 + 1000 * DAY) == 2

    again = await svc.store.get(mid_game.key)
    assert again.status == ABANDONED and dump(again) == before
    closed = await svc.store.get(lobby.key)
    assert closed.status == ABANDONED and closed.state is None


async def play_cutlass_one_round(svc: TableService, table: Table) -> None:
    game = engine.get_game("cutlass")
    t = await svc.store.get(table.key)
    for seat in sorted(t.to_act(game)):
        picks = [a for a in game.legal_actions(t.state, seat) if a.kind == "pick"]
        t, _ = await svc.store.apply_moves(table.key, seat, [picks[0]], T0 + 1)
        t, _ = await svc.store.apply_moves(table.key, seat, game.legal_actions(t.state, seat),
                                           T0 + 2)


async def test_archiving_drops_the_posts_flags_and_clock_claims_of_the_table(
        svc: TableService, db: Path | str) -> None:
    old = await finished_table(svc, "c1")
    await svc.store.set_message(old.key, "turn", "c1", "m1")
    await svc.store.flag_once(old.key, "end-dm:u0")
    assert await svc.store.claim_clock(old.key, "remind@1", "me", T0, 300)
    recent = await finished_table(svc, "c2")
    await svc.store.set_message(recent.key, "turn", "c2", "m2")
    with raw(db) as con:  # c2 closed a day before the archiving pass
        con.execute("UPDATE tables SET updated_at = ? WHERE key = ?",
                    (T0 + (KEEP + 1) * DAY, recent.key))

    assert await archive_old_tables(svc.store, KEEP, T0 + (KEEP + 2) * DAY) == 1

    assert await svc.store.get_message(old.key, "turn") is None
    assert await svc.store.flag_once(old.key, "end-dm:u0")  # gone, so raised anew
    with raw(db) as con:
        assert con.query("SELECT COUNT(*) FROM clock_claims WHERE table_key = ?",
                         (old.key,)) == [(0,)]
    assert await svc.store.get_message(recent.key, "turn") == ("c2", "m2")


async def test_archiving_works_in_batches_and_archives_them_all(svc: TableService,
                                                                db: Path | str) -> None:
    keys = [(await finished_table(svc, f"c{i}")).key for i in range(5)]
    archived = await svc.store.archive_closed(T0 + DAY, T0 + 2 * DAY, batch=2)
    assert archived == 5
    assert all(stored_state(db, k) is None for k in keys)


async def test_an_archived_table_reads_back_after_a_restart(db: Path | str) -> None:
    async with await Store.open(db) as store:
        table = await finished_table(TableService(store), "c1")
        before = dump(table)
        await archive_old_tables(store, KEEP, T0 + 1000 * DAY)
    async with await Store.open(db) as store:
        assert dump(await store.get(table.key)) == before


async def test_the_log_of_tables_still_kept_stays_append_only_after_archiving(
        svc: TableService, db: Path | str) -> None:
    await finished_table(svc, "c1")
    live = await seat_table(svc, "c2", "cutlass", ["u0", "u1"])
    await play_cutlass_one_round(svc, live)
    assert await archive_old_tables(svc.store, KEEP, T0 + 1000 * DAY) == 1
    with raw(db) as con:
        for change in ("DELETE FROM actions", "UPDATE actions SET seat = 9"):
            with pytest.raises(Exception, match="append-only"):
                con.execute(change)
    assert len(await svc.store.history(live.key, limit=100)) == 4


async def test_a_database_with_archived_tables_copies_row_for_row(
        svc: TableService, tmp_path: Path) -> None:
    """python bot.py migrate-db copies closed_tables, compressed logs included."""
    table = await finished_table(svc, "c1")
    before = dump(table)
    await archive_old_tables(svc.store, KEEP, T0 + 1000 * DAY)
    rows = await svc.store.dump_rows()
    async with await Store.open(tmp_path / "copy.db") as copy:
        await copy.load_rows(rows)
        assert await copy.dump_rows() == rows
        assert dump(await copy.get(table.key)) == before
