"""The store: tables, the action log, messages and flags, in a real SQLite file and a real
PostgreSQL database (every test runs on both backends)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from data.store import Conflict, Store, TableExists
from data.tables import TableService
from engine.core import Action, IllegalAction
from engine.table import ABANDONED, FINISHED, LOBBY, Table
from tests.data.helpers import (
    LAY,
    T0,
    canon,
    dump,
    open_table,
    pick,
    random_moves,
    raw_rows,
    turn,
)
from tests.data.raw import raw


def _lobby(channel: str, **extra: object) -> Table:
    return Table.new(engine.get_game("cutlass"), channel, "u0", "Anne", {}, "seed", **extra)


# -- tables ----------------------------------------------------------------------------------


async def test_create_sets_the_key_and_the_table_reads_back_the_same(store: Store) -> None:
    table = await store.create(_lobby("c1", guild="g1", parent="p1", title="Friday"), T0)
    assert table.key is not None
    again = await store.get(table.key)
    assert again is not None
    assert (again.id, again.guild, again.parent, again.title, again.host) == (
        "c1", "g1", "p1", "Friday", "u0")
    assert again.options == {"rounds": 3}
    assert [s.to_dict() for s in again.seats] == [s.to_dict() for s in table.seats]
    assert again.status == LOBBY and again.state is None


async def test_one_live_table_per_channel(store: Store) -> None:
    first = await store.create(_lobby("c1"), T0)
    with pytest.raises(TableExists) as caught:
        await store.create(_lobby("c1"), T0)
    assert caught.value.table.key == first.key
    other = await store.create(_lobby("c2"), T0)  # another channel is free
    assert other.key != first.key


async def test_a_closed_table_frees_the_channel_and_latest_finds_the_newest(store: Store) -> None:
    first = await store.create(_lobby("c1"), T0)
    await store.mutate(first.key, lambda t: t.abort(), T0)
    assert await store.live("c1") is None
    second = await store.create(_lobby("c1"), T0 + 1)
    live = await store.live("c1")
    latest = await store.latest("c1")
    assert live is not None and latest is not None
    assert live.key == latest.key == second.key
    await store.mutate(second.key, lambda t: t.abort(), T0 + 2)
    latest = await store.latest("c1")
    assert latest is not None and latest.key == second.key and latest.status == ABANDONED
    assert await store.latest("nowhere") is None


async def test_list_tables_by_guild_and_status(svc: TableService) -> None:
    store = svc.store
    a = await open_table(svc, "c1", players=2)
    await svc.new("cutlass", "c2", "u0", "Anne", {}, guild="g1", now=T0)
    await svc.new("cutlass", "c3", "u0", "Anne", {}, guild="g2", now=T0)
    assert [t.id for t in await store.list_tables()] == ["c1", "c2", "c3"]
    assert [t.id for t in await store.list_tables(guild="g1")] == ["c2"]
    assert [t.key for t in await store.playing()] == [a.key]
    assert await store.list_tables(statuses=(FINISHED,)) == []


async def test_mutate_applies_a_lobby_change_and_bumps_the_version(store: Store) -> None:
    game = engine.get_game("cutlass")
    table = await store.create(_lobby("c1"), T0)
    after = await store.mutate(table.key, lambda t: t.join(game, "u1", "Bo"), T0 + 5)
    assert after.version == table.version + 1
    again = await store.get(table.key)
    assert again is not None and [s.name for s in again.seats] == ["Anne", "Bo"]
    assert again.version == after.version


async def test_a_refused_lobby_change_writes_nothing(store: Store, db: Path | str) -> None:
    game = engine.get_game("cutlass")
    table = await store.create(_lobby("c1"), T0)
    before = raw_rows(db, table.key)
    with pytest.raises(IllegalAction, match="already seated"):
        await store.mutate(table.key, lambda t: t.join(game, "u0", "Anne again"), T0 + 5)
    assert raw_rows(db, table.key) == before


async def test_a_change_that_does_not_bump_the_version_still_gets_a_new_one(store: Store) -> None:
    table = await store.create(_lobby("c1"), T0)

    def retitle(t: Table) -> None:
        t.title = "renamed"

    after = await store.mutate(table.key, retitle, T0)
    assert after.version == table.version + 1


async def test_a_write_based_on_an_old_version_is_a_conflict(store: Store, db: Path | str) -> None:
    game = engine.get_game("cutlass")
    table = await store.create(_lobby("c1"), T0)
    await store.mutate(table.key, lambda t: t.join(game, "u1", "Bo"), T0)
    before = raw_rows(db, table.key)
    with pytest.raises(Conflict) as caught:
        await store.mutate(table.key, lambda t: t.join(game, "u2", "Cy"), T0,
                           expect_version=table.version)
    assert (caught.value.expected, caught.value.found) == (table.version, table.version + 1)
    assert raw_rows(db, table.key) == before


async def test_unknown_key_reads_as_none(store: Store) -> None:
    assert await store.get(12345) is None
    with pytest.raises(KeyError):
        await store.mutate(12345, lambda t: None, T0)


# -- moves and the log -----------------------------------------------------------------------


async def test_apply_move_saves_the_state_appends_to_the_log_and_bumps_the_version(
    svc: TableService, db: Path | str
) -> None:
    store = svc.store
    table = await open_table(svc, players=3)
    action = pick(table, 1)
    after, events = await store.apply_move(table.key, 1, action, T0 + 10)
    assert after.version == table.version + 1
    assert after.seat_moves == [0, 1, 0]
    assert [e.to for e in events] == [frozenset({1})]  # the private "you pick" event
    reread = await store.get(table.key)
    assert reread is not None and dump(reread) == dump(after)
    log = await store.history(table.key)
    assert [(e.seq, e.seat, e.action, e.at) for e in log] == [(1, 1, action, T0 + 10)]
    assert log[0].action.label == action.label
    row, _ = raw_rows(db, table.key)
    assert row[-1] == T0 + 10  # updated_at


async def test_an_illegal_move_writes_nothing(svc: TableService, db: Path | str) -> None:
    store = svc.store
    table = await open_table(svc, players=2)
    await store.apply_moves(table.key, 0, turn(table, 0), T0)
    before = raw_rows(db, table.key)
    with pytest.raises(IllegalAction, match="already laid"):
        await store.apply_move(table.key, 0, Action("pick", {"card": 5}), T0 + 1)
    with pytest.raises(IllegalAction, match="from your hand"):
        await store.apply_move(table.key, 1, Action("pick", {"card": 99}), T0 + 1)
    with pytest.raises(IllegalAction, match="Pick a card first"):
        await store.apply_move(table.key, 1, LAY, T0 + 1)
    with pytest.raises(IllegalAction, match="not at this table"):
        await store.apply_move(table.key, 7, Action("pick", {"card": 1}), T0 + 1)
    assert raw_rows(db, table.key) == before


async def test_a_batch_of_steps_is_one_transaction_logged_step_by_step(
    svc: TableService,
) -> None:
    store = svc.store
    table = await open_table(svc, players=2)
    steps = turn(table, 1)
    after, events = await store.apply_moves(table.key, 1, steps, T0, expect_seat_moves=0)
    assert after.seat_moves == [0, 2]
    assert after.version == table.version + 2
    assert [e.kind for e in events] == ["picked", "laid", "laid-public"]
    assert [(e.seq, e.seat, e.action) for e in await store.history(table.key)] == [
        (1, 1, steps[0]), (2, 1, steps[1])]


async def test_a_batch_with_a_refused_step_writes_none_of_its_steps(
    svc: TableService, db: Path | str
) -> None:
    table = await open_table(svc, players=2)
    before = raw_rows(db, table.key)
    with pytest.raises(IllegalAction, match="picked a card already"):
        await svc.store.apply_moves(table.key, 0, [pick(table, 0, 0), pick(table, 0, 1)], T0)
    with pytest.raises(IllegalAction, match="out of date"):
        await svc.store.apply_moves(table.key, 0, turn(table, 0), T0, expect_seat_moves=1)
    with pytest.raises(ValueError):
        await svc.store.apply_moves(table.key, 0, [], T0)
    assert raw_rows(db, table.key) == before


async def test_a_move_at_a_lobby_table_is_refused(svc: TableService) -> None:
    table = await open_table(svc, players=2, start=False)
    with pytest.raises(IllegalAction, match="not running"):
        await svc.store.apply_move(table.key, 0, Action("lay", {"card": 1}), T0)


async def test_replay_of_the_log_equals_the_live_state_after_many_moves(svc: TableService) -> None:
    store = svc.store
    rng = random.Random(7)
    keys = []
    for i in range(4):
        t = await open_table(svc, f"c{i}", players=2 + i % 2, seed=f"replay-{i}",
                             options={"rounds": 9})
        keys.append(t.key)
    # interleave the tables: each one's log and state must stay its own
    for _ in range(60):
        await random_moves(store, rng.choice(keys), rng, 1)
    for key in keys:
        table = await store.get(key)
        assert table is not None
        game = engine.get_game("cutlass")
        assert canon(game.dump(await store.replay(key))) == dump(table)
        assert len(await store.history(key, limit=1000)) == sum(table.seat_moves)


async def test_a_game_played_to_its_end_is_finished_and_leaves_the_channel_free(
    svc: TableService,
) -> None:
    table = await open_table(svc, players=2)
    await random_moves(svc.store, table.key, random.Random(3), 100)
    done = await svc.store.get(table.key)
    assert done is not None and done.status == FINISHED
    assert sum(done.seat_moves) == 12  # 3 rounds, 2 captains, a pick and a lay each
    assert await svc.store.live(table.id) is None
    latest = await svc.store.latest(table.id)
    assert latest is not None and latest.key == table.key


async def test_history_pages_backwards_newest_last(svc: TableService) -> None:
    table = await open_table(svc, players=3, options={"rounds": 5})
    await random_moves(svc.store, table.key, random.Random(1), 12)
    last = await svc.store.history(table.key, limit=5)
    assert [e.seq for e in last] == [8, 9, 10, 11, 12]
    page = await svc.store.history(table.key, limit=5, before_seq=8)
    assert [e.seq for e in page] == [3, 4, 5, 6, 7]
    assert [e.seq for e in await svc.store.history(table.key, limit=5, before_seq=3)] == [1, 2]


async def test_the_action_log_is_append_only(
    svc: TableService, db: Path | str, backend: str
) -> None:
    table = await open_table(svc, players=2)
    await random_moves(svc.store, table.key, random.Random(2), 3)
    changes = ["DELETE FROM actions", "UPDATE actions SET seat = 9"]
    if backend == "postgresql":
        changes.append("TRUNCATE actions")  # SQLite has no TRUNCATE
    with raw(db) as con:
        for change in changes:
            with pytest.raises(Exception, match="append-only"):
                con.execute(change)
    assert len(await svc.store.history(table.key)) == 3


# -- crashes ---------------------------------------------------------------------------------

#: SQL that makes every append to the action log fail, and SQL that undoes it, per backend
FAIL_LOG = {
    "sqlite": (
        "CREATE TRIGGER fail_log BEFORE INSERT ON actions "
        "BEGIN SELECT RAISE(ABORT, 'disk on fire'); END",
        "DROP TRIGGER fail_log",
    ),
    "postgresql": (
        "CREATE FUNCTION fail_log() RETURNS trigger LANGUAGE plpgsql AS "
        "$$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$; "
        "CREATE TRIGGER fail_log BEFORE INSERT ON actions "
        "FOR EACH ROW EXECUTE FUNCTION fail_log()",
        "DROP TRIGGER fail_log ON actions; DROP FUNCTION fail_log()",
    ),
}


async def test_a_failure_after_the_state_update_but_before_commit_half_applies_nothing(
    svc: TableService, db: Path | str, backend: str
) -> None:
    """The log insert fails after the table row was updated in the same transaction."""
    store = svc.store
    table = await open_table(svc, players=2)
    await store.apply_move(table.key, 0, pick(table, 0), T0)
    before = raw_rows(db, table.key)
    create, drop = FAIL_LOG[backend]
    with raw(db) as con:
        con.execute(create)
    moved = await store.get(table.key)
    assert moved is not None
    with pytest.raises(Exception, match="disk on fire"):
        await store.apply_move(table.key, 1, pick(moved, 1), T0 + 1)
    assert raw_rows(db, table.key) == before
    with raw(db) as con:
        con.execute(drop)
    after, _ = await store.apply_move(table.key, 1, pick(moved, 1), T0 + 2)  # still works
    assert after.seat_moves == [1, 1]
    assert canon(engine.get_game("cutlass").dump(await store.replay(table.key))) == dump(after)


async def test_an_exception_in_mutate_after_changing_the_table_writes_nothing(
    store: Store, db: Path | str
) -> None:
    game = engine.get_game("cutlass")
    table = await store.create(_lobby("c1"), T0)
    before = raw_rows(db, table.key)

    def join_then_crash(t: Table) -> None:
        t.join(game, "u1", "Bo")
        raise RuntimeError("crash after the change")

    with pytest.raises(RuntimeError):
        await store.mutate(table.key, join_then_crash, T0)
    assert raw_rows(db, table.key) == before
    after = await store.mutate(table.key, lambda t: t.join(game, "u1", "Bo"), T0)
    assert len(after.seats) == 2


# -- messages and flags ----------------------------------------------------------------------


async def test_messages_remember_the_latest_post_of_each_kind(store: Store) -> None:
    table = await store.create(_lobby("c1"), T0)
    assert await store.get_message(table.key, "turn") is None
    await store.set_message(table.key, "turn", "c1", "m1")
    await store.set_message(table.key, "board", "c1", "m2")
    await store.set_message(table.key, "turn", "c1", "m3")
    assert await store.get_message(table.key, "turn") == ("c1", "m3")
    assert await store.get_message(table.key, "board") == ("c1", "m2")


async def test_a_flag_is_raised_once_per_table(store: Store) -> None:
    a = await store.create(_lobby("c1"), T0)
    b = await store.create(_lobby("c2"), T0)
    assert await store.flag_once(a.key, "dm-closed:u1") is True
    assert await store.flag_once(a.key, "dm-closed:u1") is False
    assert await store.flag_once(b.key, "dm-closed:u1") is True


async def test_the_state_survives_closing_and_reopening_the_file(
    svc: TableService, db: Path | str
) -> None:
    table = await open_table(svc, players=3)
    await random_moves(svc.store, table.key, random.Random(4), 4)
    live = await svc.store.get(table.key)
    assert live is not None
    async with await Store.open(db) as other:
        again = await other.get(table.key)
        assert again is not None
        assert dump(again) == dump(live)
        assert again.seat_moves == live.seat_moves
        assert again.clock == live.clock and again.version == live.version

