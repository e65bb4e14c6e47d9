"""What the web pages read of the store (data/watch.py, issue 25), on both backends: a
table's head without its state, the versions of the watched tables in one query, the
revocation of private links kept as table flags, and PostgreSQL's notice of a saved table
that wakes the web's watcher (web/hub.py)."""

from __future__ import annotations

import asyncio

from data.store import Store
from data.tables import TableService
from data.watch import head, revoke_player, revoke_seat, revoked_before, versions
from web.hub import Hub

T0 = 1_800_000_000.0


async def test_a_head_and_the_versions_follow_the_table(svc: TableService,
                                                        store: Store) -> None:
    first = await svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0)
    second = await svc.new("cutlass", "c2", "u0", "Anne", {}, now=T0)
    found = await head(store, first.key)
    assert found is not None and found.state is None and found.seats[0].name == "Anne"
    assert await head(store, 999_999) is None
    assert await versions(store, [first.key, second.key, 999_999]) == {
        first.key: first.version, second.key: second.version}
    await svc.join("c1", "u1", "Bo", T0)
    assert (await versions(store, [first.key]))[first.key] == first.version + 1
    assert await versions(store, []) == {}


async def test_revoking_a_seat_or_a_person_records_the_moment_per_seat(
        svc: TableService, store: Store) -> None:
    table = await svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0)
    table = (await svc.join("c1", "u1", "Bo", T0)).table
    assert await revoked_before(store, table.key, 1) == 0.0
    await revoke_seat(store, table.key, 1, T0 + 5.5)
    assert await revoked_before(store, table.key, 1) == T0 + 6
    assert await revoked_before(store, table.key, 0) == 0.0
    assert await revoke_player(store, [table], "u0", T0 + 100) == 1
    assert await revoked_before(store, table.key, 0) == T0 + 101
    await revoke_seat(store, table.key, 1, T0 + 50)
    assert await revoked_before(store, table.key, 1) == T0 + 51


async def test_a_saved_table_is_heard_at_once_on_postgresql_and_not_on_sqlite(
        svc: TableService, store: Store, backend: str) -> None:
    table = await svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0)
    heard: list[int] = []
    stop = await store.database.listen(heard.append)
    if backend == "sqlite":
        assert stop is None  # SQLite has no notices: the web's watcher polls
        return
    assert stop is not None
    try:
        await svc.join("c1", "u1", "Bo", T0)
        for _ in range(100):
            if heard:
                break
            await asyncio.sleep(0.02)
        assert heard == [table.key]
    finally:
        await stop()


async def test_the_web_watcher_tells_a_viewer_of_a_move_without_waiting_for_its_poll(
        svc: TableService, store: Store, backend: str) -> None:
    """On PostgreSQL a notice wakes the watcher: with its poll every 30 s, a viewer still
    hears of the change within a second. On SQLite the poll (here every 0.05 s) does it."""
    table = await svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0)
    hub = Hub(store, interval=30.0 if backend == "postgresql" else 0.05)
    try:
        queue = hub.watch(table.key, table.version)
        await asyncio.sleep(0.3)  # the watcher's first poll and its LISTEN are done
        moved = (await svc.join("c1", "u1", "Bo", T0)).table
        assert await asyncio.wait_for(queue.get(), 1.0) == moved.version
    finally:
        await hub.close()
