"""Away mode's data side (issue 24): ``go_away`` pauses a person's clock at every playing
table that allows it, within the quota of 21 days in any 365; ``come_back`` ends it. On a
SQLite file and on PostgreSQL, with ``now`` passed in."""

from __future__ import annotations

import pytest

from data.away import DAY, OverQuota, away_until, come_back, days_left, go_away
from data.store import Store
from data.tables import TableService
from engine.turn_clock import TIMEOUT_REMIND
from tests.data.helpers import T0, open_table, turn

HOUR = 3600.0


async def three_tables(svc: TableService) -> list[int]:
    """Three tables where "u1" sits, each reminding after an hour, limit 2 hours."""
    keys = []
    for channel in ("c1", "c2", "c3"):
        table = await open_table(svc, channel, players=2, seed=channel)
        await svc.settings(channel, "u0", remind_minutes=60, limit_minutes=120,
                           on_timeout=TIMEOUT_REMIND, now=T0)
        keys.append(table.key)
    return keys


async def test_away_pauses_every_table_and_ends_when_the_time_is_up(svc: TableService) -> None:
    keys = await three_tables(svc)
    done = await go_away(svc.store, "u1", 2, "holiday", T0)
    assert sorted(t.key for t in done.paused) == keys and done.kept == []
    assert done.until == T0 + 2 * DAY
    assert await away_until(svc.store, "u1", T0 + HOUR) == T0 + 2 * DAY
    events = await svc.tick(T0 + 3 * HOUR)  # u0 is reminded and timed out, u1 never
    assert events and all(e.seats == [0] for e in events)
    assert {e.table.key for e in events} == set(keys)
    assert await away_until(svc.store, "u1", T0 + 2 * DAY) is None
    later = await svc.tick(T0 + 2 * DAY + 2 * HOUR)  # back: the clock runs for u1 again
    assert {e.table.key for e in later} == set(keys)
    assert all(1 in e.seats for e in later)


async def test_back_early_resumes_every_table(svc: TableService) -> None:
    keys = await three_tables(svc)
    await go_away(svc.store, "u1", 5, "", T0)
    done = await come_back(svc.store, "u1", T0 + HOUR)
    assert sorted(t.key for t in done.paused) == keys
    table = await svc.store.get(keys[0])
    assert table.clocked(T0 + 2 * HOUR) == [0, 1]
    assert await away_until(svc.store, "u1", T0 + 2 * HOUR) is None
    assert (await come_back(svc.store, "u1", T0 + 3 * HOUR)).paused == [], "not away"


async def test_the_quota_is_21_days_in_any_365(svc: TableService) -> None:
    await go_away(svc.store, "u1", 14, "", T0)
    await go_away(svc.store, "u1", 7, "", T0 + 14 * DAY)
    with pytest.raises(OverQuota) as refused:
        await go_away(svc.store, "u1", 1, "", T0 + 21 * DAY)
    assert refused.value.days_left == 0
    assert await days_left(svc.store, "u1", T0 + 100 * DAY) == 0
    # a year on, the first day of the first period has aged out: 13 + 7 used
    assert await days_left(svc.store, "u1", T0 + 366 * DAY) == 1
    assert await days_left(svc.store, "u1", T0 + 380 * DAY) == 15  # only 6 left in the year
    await go_away(svc.store, "u1", 14, "", T0 + 380 * DAY)


async def test_coming_back_early_gives_the_days_back(svc: TableService) -> None:
    await go_away(svc.store, "u1", 14, "", T0)
    await come_back(svc.store, "u1", T0 + 2 * DAY)
    assert await days_left(svc.store, "u1", T0 + 3 * DAY) == 19
    await go_away(svc.store, "u1", 14, "", T0 + 3 * DAY)  # 2 + 14 fit
    with pytest.raises(OverQuota) as refused:  # a week on, asked again: it replaces the
        await go_away(svc.store, "u1", 14, "", T0 + 10 * DAY)  # period, 2 + 7 used
    assert refused.value.days_left == 12
    assert await away_until(svc.store, "u1", T0 + 11 * DAY) == T0 + 17 * DAY, \
        "the refusal changed nothing"


async def test_a_table_refusing_away_mode_keeps_its_clock(svc: TableService) -> None:
    keys = await three_tables(svc)
    table = await svc.store.get(keys[1])
    await svc.store.mutate(keys[1], lambda t: setattr(t.settings, "away_allowed", False), T0)
    done = await go_away(svc.store, "u1", 2, "", T0)
    assert [t.key for t in done.kept] == [table.key]
    assert sorted(t.key for t in done.paused) == [keys[0], keys[2]]
    assert (await svc.store.get(keys[1])).clocked(T0 + HOUR) == [0, 1]


@pytest.mark.parametrize("days", [0, 15])
async def test_days_outside_1_to_14_are_refused(svc: TableService, days: int) -> None:
    with pytest.raises(ValueError):
        await go_away(svc.store, "u1", days, "", T0)


async def test_no_ai_move_is_made_for_a_person_away(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    await svc.settings("c1", "u0", remind_minutes=0, limit_minutes=60, now=T0)  # ai-move
    await go_away(svc.store, "u1", 1, "", T0)
    events = await svc.tick(T0 + HOUR)
    assert [(e.kind, e.seats) for e in events] == [("ai-move", [0])]
    after = await svc.store.get(table.key)
    assert after.seat_moves[1] == 0, "nothing played in the away person's place"
    assert 1 in after.clock.waiting_for


async def test_away_mode_survives_a_restart(svc: TableService, db) -> None:
    keys = await three_tables(svc)
    await go_away(svc.store, "u1", 2, "", T0)
    again = await Store.open(db)
    try:
        assert await away_until(again, "u1", T0 + HOUR) == T0 + 2 * DAY
        events = await TableService(again).tick(T0 + 3 * HOUR)
        assert {e.table.key for e in events} == set(keys)
        assert all(e.seats == [0] for e in events)
    finally:
        await again.close()


async def test_a_move_taken_back_keeps_the_person_away(svc: TableService) -> None:
    keys = await three_tables(svc)
    await go_away(svc.store, "u1", 2, "", T0)
    table = await svc.store.get(keys[0])
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + HOUR)
    last = (await svc.store.history(keys[0], limit=1))[-1]
    after, _ = await svc.store.take_back(keys[0], last.seq, last.seat, T0 + 2 * HOUR)
    assert after.clocked(T0 + 3 * HOUR) == [0], "u1 is still away there"
