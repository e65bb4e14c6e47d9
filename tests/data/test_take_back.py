"""``Store.take_back`` (issue 15, undo by consent): the last move leaves the log and the
table is as the log without it rebuilds it, in one transaction, on both backends; the log
stays append-only for everything else."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from data.store import Conflict
from data.tables import TableService
from engine.core import IllegalAction
from tests.data.helpers import T0, canon, dump, open_table, random_moves, raw_rows
from tests.data.raw import raw


async def _played(svc: TableService, moves: int = 4):
    table = await open_table(svc, players=2)
    await random_moves(svc.store, table.key, random.Random(3), moves)
    return await svc.store.get(table.key)


async def test_taking_back_the_last_move_leaves_the_table_as_before_it(
        svc: TableService) -> None:
    store = svc.store
    table = await open_table(svc, players=2)
    await random_moves(store, table.key, random.Random(3), 3)
    before = await store.get(table.key)
    await random_moves(store, table.key, random.Random(4), 1, now=T0 + 50)
    moved = await store.get(table.key)
    last = (await store.history(table.key, limit=1))[-1]

    after, entry = await store.take_back(table.key, last.seq, last.seat, T0 + 60, last.action)

    assert entry == last
    assert dump(after) == dump(before) == dump(await store.get(table.key))
    assert after.seat_moves == before.seat_moves
    assert after.version == moved.version + 1
    assert [e.seq for e in await store.history(table.key)] == [1, 2, 3]
    game = engine.get_game(after.game_id)
    assert after.clock.waiting_for == sorted(after.to_act(game))
    assert after.clock.turn_started == T0 + 60  # the turn clock starts afresh
    assert dump(after) == canon(game.dump(await store.replay(table.key)))


async def test_the_next_move_after_a_take_back_gets_the_freed_number(svc: TableService) -> None:
    table = await _played(svc, 3)
    last = (await svc.store.history(table.key, limit=1))[-1]
    await svc.store.take_back(table.key, last.seq, last.seat, T0 + 60)
    await random_moves(svc.store, table.key, random.Random(9), 1, now=T0 + 70)
    assert [e.seq for e in await svc.store.history(table.key)] == [1, 2, 3]


async def test_a_move_made_since_refuses_the_take_back_and_nothing_changes(
        svc: TableService, db: Path | str) -> None:
    table = await _played(svc, 3)
    asked = (await svc.store.history(table.key, limit=1))[-1]
    await random_moves(svc.store, table.key, random.Random(5), 1, now=T0 + 50)
    row, log = raw_rows(db, table.key)
    with pytest.raises(IllegalAction, match="Someone has moved since"):
        await svc.store.take_back(table.key, asked.seq, asked.seat, T0 + 60, asked.action)
    assert raw_rows(db, table.key) == (row, log)


async def test_a_move_taken_back_and_made_again_otherwise_is_not_taken_back_by_the_old_request(
        svc: TableService) -> None:
    store = svc.store
    table = await _played(svc, 3)
    asked = (await store.history(table.key, limit=1))[-1]
    await store.take_back(table.key, asked.seq, asked.seat, T0 + 60, asked.action)
    again = await store.get(table.key)
    game = engine.get_game(again.game_id)
    other = next(a for a in game.legal_actions(again.state, asked.seat) if a != asked.action)
    await store.apply_move(table.key, asked.seat, other, T0 + 70)
    with pytest.raises(IllegalAction, match="Someone has moved since"):
        await store.take_back(table.key, asked.seq, asked.seat, T0 + 80, asked.action)
    assert (await store.history(table.key, limit=1))[-1].action == other


async def test_another_seats_move_or_a_closed_table_is_not_taken_back(svc: TableService) -> None:
    table = await _played(svc, 3)
    last = (await svc.store.history(table.key, limit=1))[-1]
    with pytest.raises(IllegalAction, match="Someone has moved since"):
        await svc.store.take_back(table.key, last.seq, 1 - last.seat, T0 + 60)
    await svc.store.abandon(table.key, T0 + 70)
    with pytest.raises(IllegalAction, match="not running"):
        await svc.store.take_back(table.key, last.seq, last.seat, T0 + 80)
    assert len(await svc.store.history(table.key)) == 3


async def test_a_take_back_checks_the_version_it_was_asked_for(svc: TableService) -> None:
    table = await _played(svc, 3)
    last = (await svc.store.history(table.key, limit=1))[-1]
    with pytest.raises(Conflict):
        await svc.store.take_back(table.key, last.seq, last.seat, T0 + 60,
                                  expect_version=table.version - 1)
    after, _ = await svc.store.take_back(table.key, last.seq, last.seat, T0 + 60,
                                         expect_version=table.version)
    assert after.version == table.version + 1


async def test_the_log_stays_append_only_after_a_take_back(
        svc: TableService, db: Path | str) -> None:
    table = await _played(svc, 3)
    last = (await svc.store.history(table.key, limit=1))[-1]
    await svc.store.take_back(table.key, last.seq, last.seat, T0 + 60)
    with raw(db) as con:
        for change in ("DELETE FROM actions", "UPDATE actions SET seat = 9"):
            with pytest.raises(Exception, match="append-only"):
                con.execute(change)
    assert len(await svc.store.history(table.key)) == 2


async def test_a_take_back_keeps_the_only_move_grace_of_the_seats_down_to_one_move(
        svc: TableService) -> None:
    """With the table's only-move grace on (issue 22), the turn a take back restores
    counts each seat down to one legal move from the take back, as a move would."""
    table = await open_table(svc, players=2)
    await svc.settings("chan-1", "u0", forced_minutes=30, now=T0 + 1)
    game = engine.get_game(table.game_id)
    for step in range(12):
        await random_moves(svc.store, table.key, random.Random(step), 1, now=T0 + 10 + step)
        last = (await svc.store.history(table.key, limit=1))[-1]
        after, _ = await svc.store.take_back(table.key, last.seq, last.seat, T0 + 100 + step)
        one = {s for s in after.to_act(game) if len(game.legal_actions(after.state, s)) == 1}
        if one:
            assert after.forced_moments() == {s: T0 + 100 + step + 30 * 60 for s in one}
            return
        await random_moves(svc.store, table.key, random.Random(step), 1, now=T0 + 200 + step)
    raise AssertionError("no seat came down to one move in these turns")
