"""One person across every table (issue 24, data/people.py): the live tables that seat them,
found with one indexed query that the database's own triggers keep true, on SQLite and on
PostgreSQL (tests/data/conftest.py); and their preferences for every table, checked before
anything is stored, removed by forget-me, and their quiet hours read on their own wall clock
across daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from data.migrations import MIGRATIONS
from data.people import (
    DEFAULTS,
    NOTIFY_PING,
    NOTIFY_QUIET,
    Preferences,
    checked,
    held_people,
    hold,
    preferences,
    quiet_at,
    save_preferences,
    tables_of,
    take_held,
    zone_named,
    zones_matching,
)
from data.store import Store
from data.tables import TableService
from engine.core import IllegalAction
from tests.data.helpers import T0
from tests.data.raw import raw

TURN, LOBBY = "turn", "lobby"


async def _table(svc: TableService, channel: str, people: list[str], guild: str,
                 start: bool = True, now: float = T0) -> int:
    await svc.new("cutlass", channel, people[0], f"Name {people[0]}", {}, guild=guild,
                  seed=channel, now=now)
    for p in people[1:]:
        await svc.join(channel, p, f"Name {p}", now)
    if start:
        await svc.start(channel, people[0], now)
    table = await svc.store.live(channel)
    assert table is not None and table.key is not None
    return table.key


def _keys(found: list) -> list[int]:
    return [s.table.key for s in found]


async def test_a_person_at_three_tables_on_two_servers_sees_them_waiting_first(
        store: Store, svc: TableService) -> None:
    a = await _table(svc, "c-a", ["bob", "ann"], "g1", now=T0)
    b = await _table(svc, "c-b", ["ann", "cid"], "g2", now=T0 + 10)
    c = await _table(svc, "c-c", ["cid", "ann"], "g1", start=False, now=T0 + 20)
    other = await _table(svc, "c-d", ["bob", "cid"], "g1", now=T0 + 30)
    found = await tables_of(store, "ann", TURN, LOBBY)
    assert set(_keys(found)) == {a, b, c}
    assert other not in _keys(found)
    waiting = [s for s in found if s.waiting]
    # each started cutlass table waits for every seat at once; the lobby waits for nobody
    assert [s.table.key for s in waiting] and all(s.table.status == "playing" for s in waiting)
    assert found[-1].table.key == c, "the lobby, waiting for nobody, comes last"
    assert {s.table.guild for s in found} == {"g1", "g2"}
    assert all(s.seats == (1,) for s in found if s.table.key in (a, c))
    assert next(s for s in found if s.table.key == b).seats == (0,)


async def test_the_newest_action_comes_first_among_tables_that_wait_alike(
        store: Store, svc: TableService) -> None:
    old = await _table(svc, "c-1", ["ann", "bob"], "g1", now=T0)
    new = await _table(svc, "c-2", ["ann", "bob"], "g1", now=T0 + 50)
    assert _keys(await tables_of(store, "ann", TURN, LOBBY)) == [new, old]
    await svc.store.set_message(old, TURN, "c-1", "555")
    await store.mutate(old, lambda t: None, T0 + 100)  # a later change of the old table
    found = await tables_of(store, "ann", TURN, LOBBY)
    assert _keys(found) == [old, new]
    assert found[0].post == ("c-1", "555") and found[1].post is None


async def test_a_closed_table_a_left_lobby_and_an_ai_seat_are_not_the_person_s(
        store: Store, svc: TableService) -> None:
    gone = await _table(svc, "c-1", ["ann", "bob"], "g1")
    lobby = await _table(svc, "c-2", ["bob", "ann"], "g1", start=False)
    kept = await _table(svc, "c-3", ["bob", "ann"], "g2")
    await svc.abort("c-1", "ann", False, T0 + 5)
    await svc.leave("c-2", "ann", T0 + 5)
    await svc.leave("c-3", "ann", T0 + 5)  # a running game: an AI plays the seat now
    assert await tables_of(store, "ann", TURN, LOBBY) == []
    assert set(_keys(await tables_of(store, "bob", TURN, LOBBY))) == {lobby, kept}
    assert gone not in _keys(await tables_of(store, "bob", TURN, LOBBY))


async def test_the_query_reads_the_person_s_rows_by_index(db: Path | str, store: Store,
                                                          svc: TableService) -> None:
    await _table(svc, "c-1", ["ann", "bob"], "g1")
    with raw(db) as con:
        if con.kind == "sqlite":
            plan = " ".join(str(r) for r in con.query(
                "EXPLAIN QUERY PLAN SELECT t.key FROM live_seats AS p JOIN tables AS t "
                "ON t.key = p.table_key WHERE p.player = ?", ("ann",)))
            assert "SEARCH p USING" in plan and "PRIMARY KEY" in plan.upper(), plan
            assert "SCAN t" not in plan, plan
        else:
            con.execute("SET enable_seqscan = off")
            plan = " ".join(str(r) for r in con.query(
                "EXPLAIN SELECT t.key FROM live_seats AS p JOIN tables AS t "
                "ON t.key = p.table_key WHERE p.player = 'ann'"))
            assert "live_seats_pkey" in plan, plan


async def test_a_damaged_row_neither_fails_its_write_nor_shows(db: Path | str, store: Store,
                                                              svc: TableService) -> None:
    key = await _table(svc, "c-1", ["ann", "bob"], "g1")
    fine = await _table(svc, "c-2", ["ann", "bob"], "g1")
    with raw(db) as con:
        con.execute("UPDATE tables SET meta = ? WHERE key = ?", ("{not json", key))
    assert _keys(await tables_of(store, "ann", TURN, LOBBY)) == [fine]


async def test_a_database_of_migration_6_finds_its_live_tables_once_upgraded(
        db: Path | str) -> None:
    async with await Store.open(db, migrations=MIGRATIONS[:6]) as old:
        svc = TableService(old)
        key = await _table(svc, "c-1", ["ann", "bob"], "g1")
        lobby = await _table(svc, "c-2", ["bob", "ann"], "g1", start=False)
        await _table(svc, "c-3", ["ann", "bob"], "g1")
        await svc.abort("c-3", "ann", False, T0 + 1)
    async with await Store.open(db) as store:
        assert set(_keys(await tables_of(store, "ann", TURN, LOBBY))) == {key, lobby}


# -- preferences ---------------------------------------------------------------------------


async def test_preferences_are_the_defaults_until_set_then_kept_per_person(
        store: Store) -> None:
    assert await preferences(store, "ann") == DEFAULTS
    assert DEFAULTS.notify == "dm" and not DEFAULTS.heads_up and not DEFAULTS.quiet
    mine = checked(DEFAULTS, notify=NOTIFY_PING, zone="europe/berlin", quiet_from="23:00",
                   quiet_to="8", heads_up=True)
    assert mine == Preferences(NOTIFY_PING, "Europe/Berlin", 23 * 60, 8 * 60, True)
    await save_preferences(store, "ann", mine, T0)
    assert await preferences(store, "ann") == mine
    assert await preferences(store, "bob") == DEFAULTS
    await save_preferences(store, "ann", checked(mine, notify=NOTIFY_QUIET, clear_quiet=True),
                           T0 + 1)
    assert await preferences(store, "ann") == Preferences(NOTIFY_QUIET, "Europe/Berlin",
                                                          None, None, True)


async def test_forget_me_removes_the_person_s_preferences(store: Store) -> None:
    await save_preferences(store, "ann", checked(DEFAULTS, notify=NOTIFY_QUIET), T0)
    await save_preferences(store, "bob", checked(DEFAULTS, notify=NOTIFY_QUIET), T0)
    await store.forget_player("ann")
    assert await preferences(store, "ann") == DEFAULTS
    assert (await preferences(store, "bob")).notify == NOTIFY_QUIET


@pytest.mark.parametrize(("given", "says"), [
    ({"zone": "Mars/Olympus"}, "time zone"),
    ({"zone": "Europe/Berlin", "quiet_from": "25:00", "quiet_to": "08:00"}, "HH:MM"),
    ({"zone": "Europe/Berlin", "quiet_from": "late", "quiet_to": "08:00"}, "HH:MM"),
    ({"zone": "Europe/Berlin", "quiet_from": "23:00"}, "both a start and an end"),
    ({"quiet_from": "23:00", "quiet_to": "08:00"}, "time zone"),
    ({"zone": "UTC", "quiet_from": "08:00", "quiet_to": "8"}, "different times"),
    ({"notify": "carrier pigeon"}, "dm"),
])
def test_bad_preferences_are_refused_saying_what_is_allowed(given: dict, says: str) -> None:
    with pytest.raises(IllegalAction, match=says) as refused:
        checked(DEFAULTS, **given)
    assert "Nothing was changed" in str(refused.value)


def test_zones_are_matched_as_typed_at_most_25() -> None:
    assert zones_matching("europe/ber") == ["Europe/Berlin"]
    assert len(zones_matching("")) == 25
    berlin = zones_matching("berlin")
    assert berlin and all("berlin" in z.casefold() for z in berlin)
    assert zones_matching("America/")[0].startswith("America/")
    assert zone_named(" utc ") == "UTC"


def _utc(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def test_quiet_hours_cross_midnight_on_the_person_s_wall_clock() -> None:
    berlin = Preferences(zone="Europe/Berlin", quiet_from=23 * 60, quiet_to=8 * 60)
    # 2026-11-28 is winter time in Berlin: UTC+1
    assert not quiet_at(berlin, _utc("2026-11-28T21:59:00"))  # 22:59 there
    assert quiet_at(berlin, _utc("2026-11-28T22:00:00"))  # 23:00 there
    assert quiet_at(berlin, _utc("2026-11-29T06:59:00"))  # 07:59 there
    assert not quiet_at(berlin, _utc("2026-11-29T07:00:00"))  # 08:00 there
    day = Preferences(zone="Europe/Berlin", quiet_from=9 * 60, quiet_to=17 * 60)
    assert quiet_at(day, _utc("2026-11-28T08:00:00")) and not quiet_at(day, _utc(
        "2026-11-28T16:00:00"))
    assert not quiet_at(DEFAULTS, _utc("2026-11-28T22:30:00"))


def test_quiet_hours_on_the_spring_forward_night_end_at_eight_summer_time() -> None:
    """Berlin, 2026-03-29: at 02:00 the clocks jump to 03:00 (UTC+1 to UTC+2). Quiet from
    23:00 to 08:00 is then eight hours of real time, 22:00 to 06:00 UTC."""
    berlin = Preferences(zone="Europe/Berlin", quiet_from=23 * 60, quiet_to=8 * 60)
    assert not quiet_at(berlin, _utc("2026-03-28T21:59:00"))  # 22:59 winter time
    assert quiet_at(berlin, _utc("2026-03-28T22:00:00"))  # 23:00 winter time
    assert quiet_at(berlin, _utc("2026-03-29T01:30:00"))  # 03:30 summer time
    assert quiet_at(berlin, _utc("2026-03-29T05:59:00"))  # 07:59 summer time
    assert not quiet_at(berlin, _utc("2026-03-29T06:00:00"))  # 08:00 summer time


def test_quiet_hours_on_the_fall_back_night_end_at_eight_winter_time() -> None:
    """Berlin, 2026-10-25: at 03:00 the clocks go back to 02:00 (UTC+2 to UTC+1). Quiet from
    23:00 to 08:00 is then ten hours of real time, 21:00 to 07:00 UTC, the hour from 02:00
    to 03:00 lived twice and quiet both times."""
    berlin = Preferences(zone="Europe/Berlin", quiet_from=23 * 60, quiet_to=8 * 60)
    assert not quiet_at(berlin, _utc("2026-10-24T20:59:00"))  # 22:59 summer time
    assert quiet_at(berlin, _utc("2026-10-24T21:00:00"))  # 23:00 summer time
    assert quiet_at(berlin, _utc("2026-10-25T00:30:00"))  # 02:30, the first time
    assert quiet_at(berlin, _utc("2026-10-25T01:30:00"))  # 02:30, the second time
    assert quiet_at(berlin, _utc("2026-10-25T06:59:00"))  # 07:59 winter time
    assert not quiet_at(berlin, _utc("2026-10-25T07:00:00"))  # 08:00 winter time


async def test_a_held_turn_is_kept_once_per_table_and_taken_once(db: Path | str, store: Store,
                                                                 svc: TableService) -> None:
    a = await _table(svc, "c-1", ["ann", "bob"], "g1")
    b = await _table(svc, "c-2", ["ann", "bob"], "g1")
    for key in (a, a, b):
        await hold(store, "ann", key, T0)
    await hold(store, "bob", a, T0)
    assert await held_people(store) == ["ann", "bob"]
    async with await Store.open(db) as other:  # another process takes them: once in all
        assert await take_held(other, "ann") == sorted([a, b])
    assert await take_held(store, "ann") == []
    await store.forget_player("bob")
    assert await held_people(store) == []
