"""Deliveries owed (issue 21), on SQLite and PostgreSQL: what a change must publish is
recorded in the change's own transaction, kept across failures and restarts until it is
settled, and a paused table is left alone by the turn clock."""

from __future__ import annotations

import pytest

import engine
import engine.core
from data.deliveries import BACKOFF, FOLD_AT, FOLDED_EVENTS, backoff
from data.store import Store
from data.tables import TableService
from engine.core import IllegalAction
from engine.table import PLAYING
from tests.data.helpers import LAY, T0, open_table, pick, turn


@pytest.fixture
def svc(store: Store) -> TableService:
    """The bot's service, which records what each change owes (the console's does not)."""
    return TableService(store, deliveries=True)


def _game() -> engine.core.Game:
    return engine.get_game("cutlass")  # registered by the data tests' fixture


async def test_the_deal_owes_its_first_board_and_every_hand(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=3)
    owed = await svc.store.deliveries.get(table.key)
    assert owed is not None and len(owed.parts) == 1
    part = owed.parts[0]
    assert part["fresh"] and part["before"] is None  # every hand message is brought up
    assert part["version"] == table.version
    assert sorted(part["waiting"][-1]) == sorted(
        s for s in table.to_act(_game()) if table.seats[s].is_person)


async def test_a_move_owes_its_events_in_the_same_transaction(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    await svc.store.deliveries.settle(table.key, table.version)
    assert await svc.store.deliveries.get(table.key) is None
    seat = sorted(table.to_act(_game()))[0]
    outcome = await svc.move("c1", f"u{seat}", pick(table, seat), T0 + 1)
    owed = await svc.store.deliveries.get(table.key)
    assert owed is not None and [p["version"] for p in owed.parts] == [outcome.table.version]
    assert owed.parts[0]["before"] == table.view(_game(), None)
    assert [e["text"] for e in owed.parts[0]["events"]] == [e.text for e in outcome.events]


async def test_a_refused_move_owes_nothing(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    await svc.store.deliveries.settle(table.key, table.version)
    seat = sorted(table.to_act(_game()))[0]
    with pytest.raises(IllegalAction):
        await svc.move("c1", f"u{seat}", LAY, T0 + 1)  # laying before picking a card
    assert await svc.store.deliveries.get(table.key) is None


async def test_settling_keeps_the_changes_made_meanwhile(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    seat = sorted(table.to_act(_game()))[0]
    later = await svc.move("c1", f"u{seat}", pick(table, seat), T0 + 1)
    await svc.store.deliveries.settle(table.key, table.version)  # the deal's board only
    owed = await svc.store.deliveries.get(table.key)
    assert owed is not None and [p["version"] for p in owed.parts] == [later.table.version]
    await svc.store.deliveries.settle(table.key, later.table.version)
    assert await svc.store.deliveries.get(table.key) is None


async def test_a_failed_delivery_is_kept_with_what_was_done_and_tried_again_later(
    svc: TableService,
) -> None:
    table = await open_table(svc, "c1", players=2)
    assert await svc.store.deliveries.due(T0) == [table.key]
    tries = await svc.store.deliveries.failed(table.key, {"board"}, "Discord answered 503",
                                              T0)
    assert tries == 1
    assert await svc.store.deliveries.due(T0 + BACKOFF[0] - 1) == []
    assert await svc.store.deliveries.due(T0 + BACKOFF[0]) == [table.key]
    owed = await svc.store.deliveries.get(table.key)
    assert owed is not None and owed.done == {"board"} and owed.problem == "Discord answered 503"
    assert [backoff(n) for n in (1, 2, 100)] == [BACKOFF[0], BACKOFF[1], BACKOFF[-1]]


async def test_what_is_owed_survives_a_restart(db: object, svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    await svc.store.close()
    again = await Store.open(db)  # type: ignore[arg-type]
    try:
        owed = await again.deliveries.get(table.key)
        assert owed is not None and owed.parts[0]["version"] == table.version
        assert await again.deliveries.due(T0) == [table.key]
    finally:
        await again.close()
    svc.store = await Store.open(db)  # type: ignore[arg-type]  # for the fixture's close


async def test_a_paused_table_is_left_to_itself_until_it_resumes(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    other = await open_table(svc, "c2", players=2)
    assert await svc.store.deliveries.pause(table.key, "its channel was deleted", T0)
    assert not await svc.store.deliveries.pause(table.key, "again", T0)
    assert await svc.store.deliveries.due(T0 + 10**6) == [other.key]
    assert [t.key for t in await svc.store.playing()] == [other.key]  # the clock skips it
    assert await svc.store.deliveries.paused(channel="c1") == [table.key]
    assert await svc.store.deliveries.resume(table.key, T0 + 5)
    assert sorted(await svc.store.deliveries.due(T0 + 5)) == sorted([table.key, other.key])
    assert {t.key for t in await svc.store.playing()} == {table.key, other.key}


async def test_the_console_s_service_records_nothing_it_shows_every_change_itself(
    store: Store,
) -> None:
    console = TableService(store)
    table = await open_table(console, "c1", players=2)
    assert await store.deliveries.get(table.key) is None


async def test_a_delivery_failing_for_a_long_while_stays_small(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=3, options={"rounds": 9})
    first = (await svc.store.deliveries.get(table.key)).parts[0]  # type: ignore[union-attr]
    moves = 0
    while table.status == PLAYING:
        seat = sorted(table.to_act(_game()))[0]
        for step in turn(table, seat):
            table = (await svc.move("c1", f"u{seat}", step, T0 + moves)).table
            moves += 1
    assert moves > FOLD_AT
    owed = await svc.store.deliveries.get(table.key)
    assert owed is not None and len(owed.parts) < FOLD_AT
    assert owed.parts[0]["before"] == first["before"]  # the story still starts at the deal
    assert owed.parts[-1]["version"] == table.version
    assert sum(len(p["events"]) for p in owed.parts) <= FOLDED_EVENTS + FOLD_AT
