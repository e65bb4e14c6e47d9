"""Reads never wait for a write, and a write that cannot have the lock says "busy".

Another program holds the write lock (the console, a backup, another bot process): on SQLite
a plain sqlite3 connection in ``BEGIN IMMEDIATE``, on PostgreSQL a session holding an
EXCLUSIVE lock on the tables table, which lets plain reads through and stops every write
(the store's row locks included). It lets go only when the test says
so, or after a few seconds as a safety net; the tests look at the order things finished
in, never at the clock.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from data.store import Store, StoreBusy
from data.tables import TableService
from engine.core import IllegalAction
from tests.data.helpers import T0, dump, open_table, other_program_writing, pick


async def test_reads_go_on_while_a_move_waits_for_the_write_lock(
    svc: TableService, db: Path | str
) -> None:
    table = await open_table(svc, players=2)
    await svc.store.set_message(table.key, "turn", "chan-1", "42")
    with other_program_writing(db) as release:
        move = asyncio.create_task(svc.store.apply_move(table.key, 0, pick(table, 0, 0), T0))
        await asyncio.sleep(0.05)  # the move is now queued behind the other program
        seen = await svc.store.get(table.key)
        live = await svc.store.live("chan-1")
        history = await svc.store.history(table.key)
        posted = await svc.store.get_message(table.key, "turn")
        listed = await svc.store.list_tables()
        assert not move.done(), "every read above finished while the move still waited"
        release.set()
        await move
    assert seen is not None and live is not None
    assert dump(seen) == dump(table) and seen.version == table.version
    assert history == [] and posted == ("chan-1", "42")
    assert [t.key for t in listed] == [table.key]
    after = await svc.store.get(table.key)
    assert after is not None and after.seat_moves[0] == 1


async def test_a_move_that_cannot_have_the_lock_in_time_is_busy_and_changes_nothing(
    db: Path | str,
) -> None:
    async with await Store.open(db, busy_timeout=0.3) as store:
        svc = TableService(store)
        table = await open_table(svc, players=2)
        with other_program_writing(db):
            with pytest.raises(StoreBusy) as err:
                await svc.move("chan-1", "u0", pick(table, 0, 0), T0)
        assert isinstance(err.value, IllegalAction)
        assert "busy" in err.value.reason and "try again" in err.value.reason
        after = await store.get(table.key)
        assert after is not None and after.version == table.version
        assert await store.history(table.key) == []
        # and once the other program is done, the same move applies
        await svc.move("chan-1", "u0", pick(table, 0, 0), T0)


async def test_a_lobby_change_answered_at_once_gives_up_before_discords_three_seconds(
    svc: TableService, db: Path | str
) -> None:
    """Joining is answered without deferring: it waits QUICK_WAIT (2 s), not the store's
    10 s, then says busy. Had it waited longer, the other program's safety net (5 s) would
    have let go and the join would have gone through."""
    await open_table(svc, players=2, start=False)
    with other_program_writing(db):
        with pytest.raises(StoreBusy):
            await svc.join("chan-1", "u7", "Late", T0)
    lobby = await svc.store.live("chan-1")
    assert lobby is not None and [s.player for s in lobby.seats] == ["u0", "u1"]
