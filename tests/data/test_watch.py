"""What the web pages read of the store (data/watch.py, issue 25), on both backends: a
table's head without its state, the versions of the watched tables in one query, and the
revocation of private links kept as table flags."""

from __future__ import annotations

from data.store import Store
from data.tables import TableService
from data.watch import head, revoke_player, revoke_seat, revoked_before, versions

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
