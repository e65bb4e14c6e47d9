"""The time bank clock (issue 24): each seat's bank runs down while the game waits for it,
grows back by the increment after its turn (never above the start), and times out as the
table's ``on_timeout`` says when empty. On a SQLite file and on PostgreSQL, with ``now``
passed in; the banks survive a reopened store (a restart)."""

from __future__ import annotations

from pathlib import Path

import pytest

from data.store import Store
from data.tables import TableService
from engine.core import IllegalAction
from engine.table import Table
from engine.turn_clock import TIMEOUT_AI_MOVE, TIMEOUT_REMIND, Settings
from tests.data.helpers import T0, open_table, turn

HOUR = 3600.0
#: two days, and twelve hours a turn (the example of the issue), in minutes
BANK, INCREMENT = 2 * 24 * 60, 12 * 60


async def bank_table(svc: TableService, on_timeout: str = TIMEOUT_REMIND) -> Table:
    """Two people at Crossed Cutlasses (both act each round), reminders off, a bank of two
    days with twelve hours a turn."""
    table = await open_table(svc, "c1", players=2)
    await svc.settings("c1", "u0", remind_minutes=0, on_timeout=on_timeout,
                       bank=(BANK, INCREMENT), now=T0)
    return await svc.store.get(table.key)


def hours(table: Table, now: float) -> list[float]:
    return [round(table.bank_left(s, now) / HOUR, 3) for s in range(len(table.seats))]


async def test_a_bank_runs_down_and_grows_back_never_above_the_start(
    svc: TableService,
) -> None:
    table = await bank_table(svc)
    assert hours(table, T0) == [48, 48]
    assert hours(table, T0 + 5 * HOUR) == [43, 43]  # both waited for
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + 30 * HOUR)
    table = await svc.store.get(table.key)
    # seat 0: 48 - 30 + 12 = 30; seat 1, still to lay its card: 48 - 30 = 18 so far
    assert hours(table, T0 + 30 * HOUR) == [30, 18]
    assert hours(table, T0 + 34 * HOUR) == [30, 14]  # only the seat waited for runs down
    await svc.move_batch("c1", "u1", turn(table, 1), T0 + 40 * HOUR)  # a new round
    table = await svc.store.get(table.key)
    assert hours(table, T0 + 40 * HOUR) == [30, 20]  # 18 - 10 + 12
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + 41 * HOUR)
    table = await svc.store.get(table.key)
    assert hours(table, T0 + 41 * HOUR) == [41, 19]  # 30 - 1 + 12
    await svc.move_batch("c1", "u1", turn(table, 1), T0 + 42 * HOUR)
    table = await svc.store.get(table.key)
    assert hours(table, T0 + 42 * HOUR) == [41, 30]  # 20 - 2 + 12
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + 42.5 * HOUR)
    table = await svc.store.get(table.key)
    assert hours(table, T0 + 42.5 * HOUR)[0] == 48  # 40.5 + 12, kept to the start


async def test_one_increment_a_turn_not_a_step(svc: TableService) -> None:
    table = await bank_table(svc)
    pick, lay = turn(table, 0)
    await svc.move_batch("c1", "u0", [pick], T0 + 30 * HOUR)  # still to lay: same turn
    table = await svc.store.get(table.key)
    assert hours(table, T0 + 30 * HOUR) == [18, 18]
    await svc.move_batch("c1", "u0", [lay], T0 + 31 * HOUR)
    table = await svc.store.get(table.key)
    assert hours(table, T0 + 31 * HOUR) == [29, 17]


async def test_an_empty_bank_times_out_as_the_table_says_and_not_before(
    svc: TableService,
) -> None:
    table = await bank_table(svc)
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + 10 * HOUR)  # seat 1 has 38 h
    assert await svc.tick(T0 + 47.9 * HOUR) == []
    events = await svc.tick(T0 + 48 * HOUR)
    assert [(e.kind, e.seats, e.timed_out) for e in events] == [("remind", [1], True)]
    after = await svc.store.get(table.key)
    # "remind only": the empty bank gets one increment before the next time-out
    assert hours(after, T0 + 48 * HOUR) == [48, 12]
    assert await svc.tick(T0 + 59.9 * HOUR) == []
    assert [e.timed_out for e in await svc.tick(T0 + 60 * HOUR)] == [True]


async def test_the_ai_plays_a_turn_whose_bank_ran_out(svc: TableService) -> None:
    table = await bank_table(svc, TIMEOUT_AI_MOVE)
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + 10 * HOUR)
    events = await svc.tick(T0 + 48 * HOUR)
    assert [(e.kind, e.seats) for e in events] == [("ai-move", [1])]
    after = await svc.store.get(table.key)
    assert after.seat_moves == [2, 2] and not after.seats[1].is_ai  # the seat is kept
    # a new round: seat 1's empty bank got its turn's increment, seat 0's ran 38 h
    assert hours(after, T0 + 48 * HOUR) == [48, 12]


async def test_the_flat_limit_is_not_used_while_the_bank_is_on(svc: TableService) -> None:
    table = await bank_table(svc)
    await svc.settings("c1", "u0", limit_minutes=30, now=T0)
    assert await svc.tick(T0 + 47 * HOUR) == []
    assert [e.kind for e in await svc.tick(T0 + 48 * HOUR)] == ["remind"]
    assert (await svc.store.get(table.key)).settings.limit_minutes == 30


async def test_a_bank_changed_mid_game_starts_full_at_the_new_size_from_now(
    svc: TableService,
) -> None:
    table = await bank_table(svc)
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + 30 * HOUR)  # banks 30 and 18
    await svc.settings("c1", "u0", bank=(24 * 60, 6 * 60), now=T0 + 35 * HOUR)
    after = await svc.store.get(table.key)
    assert hours(after, T0 + 35 * HOUR) == [24, 24]  # every bank full, nobody timed out
    assert await svc.tick(T0 + 58.9 * HOUR) == []
    assert [e.seats for e in await svc.tick(T0 + 59 * HOUR)] == [[1]]


async def test_a_new_increment_alone_keeps_the_banks(svc: TableService) -> None:
    table = await bank_table(svc)
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + 30 * HOUR)
    await svc.settings("c1", "u0", bank=(BANK, 60), now=T0 + 31 * HOUR)
    after = await svc.store.get(table.key)
    assert hours(after, T0 + 31 * HOUR) == [30, 17]
    await svc.move_batch("c1", "u1", turn(after, 1), T0 + 32 * HOUR)
    after = await svc.store.get(table.key)
    assert hours(after, T0 + 32 * HOUR) == [30, 17]  # 16 + the new hour


async def test_turning_the_bank_off_brings_back_the_flat_limit_from_now(
    svc: TableService,
) -> None:
    table = await bank_table(svc)
    await svc.settings("c1", "u0", limit_minutes=60, bank=(0, INCREMENT), now=T0 + HOUR)
    after = await svc.store.get(table.key)
    assert after.bank_left(0, T0 + HOUR) is None and after.clock.banks == {}
    assert await svc.tick(T0 + 1.9 * HOUR) == []
    assert [e.kind for e in await svc.tick(T0 + 2 * HOUR)] == ["remind"]


async def test_the_banks_survive_a_restart(svc: TableService, db: Path | str) -> None:
    table = await bank_table(svc)
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + 30 * HOUR)
    again = await Store.open(db)
    try:
        reopened = await again.get(table.key)
        assert hours(reopened, T0 + 31 * HOUR) == [30, 17]
        assert [e.seats for e in await TableService(again).tick(T0 + 48 * HOUR)] == [[1]]
    finally:
        await again.close()


@pytest.mark.parametrize("bank", [(-1, 0), (14 * 24 * 60 + 1, 0), (60, 7 * 24 * 60 + 1)])
async def test_a_bank_out_of_range_is_refused(svc: TableService,
                                              bank: tuple[int, int]) -> None:
    await open_table(svc, "c1", players=2)
    with pytest.raises(ValueError):
        await svc.settings("c1", "u0", bank=bank, now=T0)


async def test_only_the_host_changes_the_bank(svc: TableService) -> None:
    await open_table(svc, "c1", players=2)
    with pytest.raises(IllegalAction):
        await svc.settings("c1", "u1", bank=(BANK, INCREMENT), now=T0)


def test_a_table_saved_before_the_bank_has_none() -> None:
    s = Settings.from_dict({"remind_minutes": 60, "limit_minutes": 120})
    assert (s.bank_minutes, s.limit_minutes) == (0, 120)


async def test_a_move_taken_back_refills_no_bank(svc: TableService) -> None:
    table = await bank_table(svc)
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + 30 * HOUR)  # banks 30 and 18
    last = (await svc.store.history(table.key, limit=1))[-1]
    after, _ = await svc.store.take_back(table.key, last.seq, last.seat, T0 + 32 * HOUR)
    # seat 1 was waited for until the take-back: 18 - 2; seat 0 keeps its 30
    assert hours(after, T0 + 32 * HOUR) == [30, 16]
    assert hours(await svc.store.get(table.key), T0 + 33 * HOUR) == [29, 15]


async def test_a_new_flat_limit_while_the_bank_is_on_refunds_no_time(svc: TableService) -> None:
    table = await bank_table(svc)
    await svc.settings("c1", "u0", limit_minutes=90, now=T0 + 10 * HOUR)
    after = await svc.store.get(table.key)
    assert hours(after, T0 + 10 * HOUR) == [38, 38]
    assert await svc.tick(T0 + 47.9 * HOUR) == []
    assert [e.seats for e in await svc.tick(T0 + 48 * HOUR)] == [[0, 1]]
