"""Two moves at once, two stores on one database, double clicks, and a process killed
mid-move: on a SQLite file and on a PostgreSQL database."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import engine
from data.store import Store, TableExists
from data.tables import TableService
from engine.core import Action, IllegalAction
from tests.data.helpers import T0, canon, dump, open_table, pick, refusal
from tests.data.raw import raw

ROOT = Path(__file__).resolve().parents[2]
KILLS = 4


async def _exactly_one_applied(store: Store, key: int, seat: int, moves: list[Action],
                               results: list) -> None:
    applied = [i for i, r in enumerate(results) if not isinstance(r, BaseException)]
    refused = [i for i, r in enumerate(results) if isinstance(r, IllegalAction)]
    assert len(applied) == 1 and len(refused) == len(moves) - 1, results
    table = await store.get(key)
    assert table is not None
    assert table.seat_moves[seat] == 1
    log = await store.history(key)
    assert [(e.seat, e.action) for e in log] == [(seat, moves[applied[0]])]
    for i in refused:
        # the refused move was judged by the engine against the state the other one left
        assert results[i].reason == refusal(table, seat, moves[i])


async def test_two_moves_at_once_on_one_store_exactly_one_applies(svc: TableService) -> None:
    table = await open_table(svc, players=2)
    moves = [pick(table, 0, 0), pick(table, 0, 1)]
    results = await asyncio.gather(
        *(svc.store.apply_move(table.key, 0, m, T0) for m in moves), return_exceptions=True
    )
    await _exactly_one_applied(svc.store, table.key, 0, moves, results)


async def test_two_stores_on_one_file_two_moves_at_once_exactly_one_applies(
    svc: TableService, db: Path | str
) -> None:
    table = await open_table(svc, players=2)
    moves = [pick(table, 0, 0), pick(table, 0, 1)]
    async with await Store.open(db) as other:
        # Hold the write lock from a third connection (SQLite's file lock, a PostgreSQL
        # table lock) so both moves are queued on it at the same time; each Store has its
        # own connections, so only the database orders them.
        blocker = raw(db)
        blocker.hold_writes()
        tasks = [
            asyncio.create_task(svc.store.apply_move(table.key, 0, moves[0], T0)),
            asyncio.create_task(other.apply_move(table.key, 0, moves[1], T0)),
        ]
        await asyncio.sleep(0.2)
        assert not any(t.done() for t in tasks), "a move went through a held write lock"
        blocker.execute("COMMIT")
        blocker.close()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        await _exactly_one_applied(svc.store, table.key, 0, moves, results)


async def test_two_seats_moving_at_once_from_two_stores_both_apply(
    svc: TableService, db: Path | str
) -> None:
    table = await open_table(svc, players=3)
    async with await Store.open(db) as other:
        await asyncio.gather(
            svc.store.apply_move(table.key, 0, pick(table, 0), T0),
            other.apply_move(table.key, 2, pick(table, 2), T0),
        )
    after = await svc.store.get(table.key)
    assert after is not None and after.seat_moves == [1, 0, 1]
    assert after.version == table.version + 2
    assert sorted(e.seq for e in await svc.store.history(table.key)) == [1, 2]


async def test_a_double_click_on_the_same_menu_applies_once(svc: TableService) -> None:
    table = await open_table(svc, players=2)
    action = pick(table, 1)
    results = await asyncio.gather(
        svc.move(table.id, "u1", action, T0, expect_seat_moves=0),
        svc.move(table.id, "u1", action, T0, expect_seat_moves=0),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, IllegalAction)]
    assert len(refused) == 1 and "out of date" in refused[0].reason
    assert len(await svc.store.history(table.key)) == 1


async def test_many_moves_at_once_over_two_stores_keep_every_table_consistent(
    svc: TableService, db: Path | str
) -> None:
    rng = random.Random(11)
    game = engine.get_game("cutlass")
    keys = [
        (await open_table(svc, f"c{i}", players=3, seed=f"s{i}", options={"rounds": 9})).key
        for i in range(4)
    ]
    async with await Store.open(db) as other:
        stores = [svc.store, other]
        for _ in range(6):
            # every burst is chosen on one snapshot, so many moves collide with each other
            snapshot = {k: await svc.store.get(k) for k in keys}
            calls = []
            for _ in range(16):
                key = rng.choice(keys)
                t = snapshot[key]
                waiting = sorted(t.to_act(game))
                if not waiting:
                    continue
                seat = rng.choice(waiting)
                action = rng.choice(game.legal_actions(t.state, seat))
                calls.append(rng.choice(stores).apply_move(key, seat, action, T0))
            results = await asyncio.gather(*calls, return_exceptions=True)
            assert all(not isinstance(r, BaseException) or isinstance(r, IllegalAction)
                       for r in results), results
    for key in keys:
        table = await svc.store.get(key)
        assert table is not None
        assert canon(game.dump(await svc.store.replay(key))) == dump(table)
        assert len(await svc.store.history(key, limit=1000)) == sum(table.seat_moves)


async def test_killing_the_process_mid_stream_loses_no_acknowledged_move(
    db: Path | str,
) -> None:
    """SIGKILL a process that is applying moves, at a different moment each time, then
    reopen: every acknowledged move is in the log, and the log replays to the saved state
    (a move is never half-applied: state without log entry, or the reverse)."""
    acknowledged = 0
    pause = random.Random(5)
    for round_no in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.data.mover", str(db), f"kill-{round_no}"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            seen = 0
            while seen < 40 + 17 * round_no:  # kill at a different point each time
                line = child.stdout.readline() if child.stdout else ""
                assert line, "the mover process stopped on its own"
                seen = int(line)
            # let the child run on into its next move for a moment: the kill lands at a
            # different point of its transaction each time, not right after a print
            time.sleep(pause.uniform(0.0, 0.004))
        finally:
            os.kill(child.pid, signal.SIGKILL)
            child.wait()
            if child.stdout:
                child.stdout.close()
        acknowledged += seen
        game = engine.get_game("cutlass")
        async with await Store.open(db) as store:
            logged = 0
            for head in await store.list_tables(statuses=("playing", "finished")):
                table = await store.get(head.key)
                assert table is not None
                assert canon(game.dump(await store.replay(table.key))) == dump(table)
                entries = await store.history(table.key, limit=10_000)
                assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
                assert len(entries) == sum(table.seat_moves)
                logged += len(entries)
            assert logged >= acknowledged
    await _database_is_sound(db)


async def _database_is_sound(db: Path | str) -> None:
    """After the kills: SQLite's own check of the file; on PostgreSQL, no killed process
    left a transaction or a lock behind (the server dropped its connection and rolled back),
    so a new move at every playing table goes through at once."""
    with raw(db) as con:
        if con.kind == "sqlite":
            assert con.query("PRAGMA integrity_check") == [("ok",)]
            return
        for _ in range(100):  # the server notices a dropped connection within moments
            left = con.query("SELECT count(*) FROM pg_stat_activity "
                             "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            if left == [(0,)]:
                break
            time.sleep(0.05)
        assert left == [(0,)], "a killed process left a session behind"
        assert con.query("SELECT count(*) FROM pg_locks l JOIN pg_database d "
                         "ON l.database = d.oid WHERE d.datname = current_database() "
                         "AND l.pid <> pg_backend_pid()") == [(0,)]
    game = engine.get_game("cutlass")
    async with await Store.open(db, busy_timeout=1.0) as store:
        for head in await store.playing():
            table = await store.get(head.key)
            assert table is not None
            seat = min(table.to_act(game))
            await store.apply_move(table.key, seat, game.legal_actions(table.state, seat)[0], T0)


async def test_two_stores_opening_a_table_in_one_channel_at_once_open_one(
    svc: TableService, db: Path | str
) -> None:
    """The database's unique index decides: one lobby opens, the other host is told about
    it (TableExists naming the first), whichever process each click reached."""
    async with await Store.open(db) as other:
        results = await asyncio.gather(
            svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0),
            TableService(other).new("cutlass", "c1", "u9", "Zed", {}, now=T0),
            return_exceptions=True,
        )
    opened = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, TableExists)]
    assert len(opened) == 1 and len(refused) == 1, results
    assert refused[0].table.key == opened[0].key
    assert [t.key for t in await svc.store.list_tables()] == [opened[0].key]
