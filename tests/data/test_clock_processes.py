"""The turn clock with three bot processes on one database (issue 16): every due reminder
and time-out fires exactly once, in one of the processes, none twice, and none is lost
when a process is killed holding its claim. On a SQLite file and on PostgreSQL.

Each process is ``tests/data/ticker.py``, a real process with its own store; the test
gives all three the same pass of the clock at the same time and collects what each fired.
Time is the clock's ``now``, passed in: the tests never sleep on the clock.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from data.away import go_away
from data.store import Store
from data.tables import Shards, TableService, shard_of
from engine.turn_clock import TIMEOUT_AI_MOVE, TIMEOUT_AI_SEAT, TIMEOUT_REMIND
from tests.data.helpers import T0, open_table

ROOT = Path(__file__).resolve().parents[2]
MIN = 60.0
LEASE = 15 * MIN  # a claim older than this (in the clock's time) is taken over
ANSWER_SECONDS = 120  # a safety net: a process that does not answer fails the test


async def _tables(svc: TableService) -> None:
    """Twelve games, each waiting for both of its people, with every kind of clock."""
    clocks: list[dict[str, Any]] = (
        [{"remind_minutes": 10}] * 4
        + [{"remind_minutes": 0, "limit_minutes": 30, "on_timeout": TIMEOUT_REMIND}] * 3
        + [{"remind_minutes": 0, "limit_minutes": 30, "on_timeout": TIMEOUT_AI_MOVE}] * 3
        + [{"remind_minutes": 15, "limit_minutes": 45, "on_timeout": TIMEOUT_AI_SEAT}] * 2
    )
    for i, clock in enumerate(clocks):
        channel = f"c{i}"
        await open_table(svc, channel, players=2, seed=f"clock-{i}", options={"rounds": 9})
        await svc.settings(channel, "u0", now=T0, **clock)


class Process:
    """One bot process's turn clock (tests/data/ticker.py)."""

    def __init__(self, db: Path | str, name: str) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.data.ticker", str(db), name, str(LEASE)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(self, now: float, die: bool = False) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{now!r}{' die' if die else ''}\n")
        self.proc.stdin.flush()

    async def answer(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(self.proc.stdout.readline),
                                      ANSWER_SECONDS)
        assert line, f"process {self.name} stopped"
        return json.loads(line)

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                pipe.close()


async def _due(svc: TableService, now: float) -> set[int]:
    return {t.key for t in await svc.store.playing() if t.due(now) is not None}  # type: ignore[misc]


async def _pass(svc: TableService, processes: list[Process], now: float) -> Counter[int]:
    """One pass of the clock at ``now`` in every process at once: which tables fired, how
    many times each."""
    for p in processes:
        p.send(now)
    fired: Counter[int] = Counter()
    for p in processes:
        fired.update(key for key, *_ in (await p.answer())["events"])
    return fired


async def test_three_processes_fire_every_due_event_exactly_once(
    svc: TableService, db: Path | str
) -> None:
    await _tables(svc)
    processes = [Process(db, f"bot-{i}") for i in range(3)]
    try:
        total = 0
        for minutes in (5, 10, 20, 30, 31, 45, 60, 61, 75, 90, 100, 120):
            now = T0 + minutes * MIN
            due = await _due(svc, now)
            fired = await _pass(svc, processes, now)
            assert set(fired) == due, f"at {minutes} min"
            assert all(n == 1 for n in fired.values()), f"fired twice at {minutes} min: {fired}"
            total += len(due)
        assert total >= 30  # every kind of event came due many times
    finally:
        for p in processes:
            p.kill()


async def test_an_event_claimed_by_a_killed_process_fires_once_after_the_lease(
    svc: TableService, db: Path | str
) -> None:
    await _tables(svc)
    processes = [Process(db, f"bot-{i}") for i in range(3)]
    try:
        now = T0 + 10 * MIN  # the four reminders are due
        due = await _due(svc, now)
        assert len(due) == 4
        victim, survivors = processes[0], processes[1:]
        victim.send(now, die=True)
        claimed = (await victim.answer())["claimed"]
        victim.kill()  # dead with its claim made and the reminder not sent

        fired = await _pass(svc, survivors, now)
        assert fired == Counter(due - {claimed}), "the others skip the claimed one only"
        later = now + LEASE / 2
        assert claimed not in await _pass(svc, survivors, later), "the claim still holds"

        after_lease = now + LEASE
        due = await _due(svc, after_lease)
        assert claimed in due
        fired = await _pass(svc, survivors, after_lease)
        assert set(fired) == due and all(n == 1 for n in fired.values()), fired
        assert fired[claimed] == 1, "taken over once the lease ran out: not lost"
    finally:
        for p in processes:
            p.kill()


async def test_each_process_clocks_the_tables_of_its_own_shards(
    svc: TableService, db: Path | str
) -> None:
    """``--shard-count 2``: the process of shard 0 reminds the tables of shard 0's guilds
    (and of direct messages), the process of shard 1 those of shard 1's guilds."""
    guilds = {"g-shard-0": str((40 << 22) + 17), "g-shard-1": str((41 << 22) + 17), "dm": None}
    assert [shard_of(g, 2) for g in guilds.values()] == [0, 1, 0]
    keys = {}
    for name, guild in guilds.items():
        table = await svc.new("cutlass", name, "u0", "Anne", {}, guild=guild, now=T0)
        await svc.join(name, "u1", "Bo", T0)
        await svc.start(name, "u0", T0)
        await svc.settings(name, "u0", remind_minutes=10, now=T0)
        keys[name] = table.key
    async with await Store.open(db) as other:
        first = TableService(svc.store, shards=Shards(2, frozenset({0})))
        second = TableService(other, shards=Shards(2, frozenset({1})))
        now = T0 + 10 * MIN
        a, b = await asyncio.gather(first.tick(now), second.tick(now))
    assert sorted(e.table.key for e in a) == sorted([keys["g-shard-0"], keys["dm"]])
    assert [e.table.key for e in b] == [keys["g-shard-1"]]
    with pytest.raises(ValueError, match="from 0 to 1"):
        Shards(2, frozenset({2}))


async def test_two_processes_time_out_each_empty_time_bank_once(
    svc: TableService, db: Path | str
) -> None:
    """Time banks (issue 24): six tables whose banks run out at different moments, with
    each time-out outcome; two processes pass the clock together, every time-out fires
    once, and a bank refilled by the grace times out again once."""
    outcomes = [TIMEOUT_REMIND, TIMEOUT_AI_MOVE, TIMEOUT_AI_SEAT] * 2
    for i, outcome in enumerate(outcomes):
        channel = f"b{i}"
        await open_table(svc, channel, players=2, seed=f"bank-{i}", options={"rounds": 9})
        await svc.settings(channel, "u0", remind_minutes=0, on_timeout=outcome,
                           bank=(30 + 10 * i, 60), now=T0)
    processes = [Process(db, f"bot-{i}") for i in range(2)]
    try:
        total = 0
        for minutes in range(0, 260, 10):
            now = T0 + minutes * MIN
            due = await _due(svc, now)
            fired = await _pass(svc, processes, now)
            assert set(fired) == due, f"at {minutes} min"
            assert all(n == 1 for n in fired.values()), f"fired twice at {minutes} min: {fired}"
            total += len(due)
        assert total >= 8  # each table's bank ran out, some of them twice
    finally:
        for p in processes:
            p.kill()


async def test_two_processes_leave_a_person_away_alone_and_fire_the_rest_once(
    svc: TableService, db: Path | str
) -> None:
    """Away mode (issue 24): "u1" is away at four tables; two processes pass the clock
    together, each due event fires once, and none of them is for the person away."""
    from_away = await _away_tables(svc)
    processes = [Process(db, f"bot-{i}") for i in range(2)]
    try:
        for minutes in (30, 60, 90, 120, 180):
            now = T0 + minutes * MIN
            due = await _due(svc, now)
            assert due == (set(from_away) if minutes in (60, 120, 180) else set()), minutes
            for p in processes:
                p.send(now)
            seen: Counter[int] = Counter()
            for p in processes:
                for key, _kind, seats, _timed_out in (await p.answer())["events"]:
                    seen[key] += 1
                    assert from_away[key] not in seats, f"the person away, at {minutes} min"
            assert all(n == 1 for n in seen.values()), f"fired twice at {minutes} min: {seen}"
            assert set(seen) == due, f"at {minutes} min"
    finally:
        for p in processes:
            p.kill()


async def _away_tables(svc: TableService) -> dict[int, int]:
    """Four tables whose people are reminded each hour and time out after two; "u1" goes
    away for a day. The seat of "u1" at each table, by table key."""
    seats = {}
    for i in range(4):
        table = await open_table(svc, f"a{i}", players=2, seed=f"away-{i}",
                                 options={"rounds": 9})
        await svc.settings(f"a{i}", "u0", remind_minutes=60, limit_minutes=120,
                           on_timeout=TIMEOUT_REMIND, now=T0)
        seats[table.key] = table.seat_of("u1")
    await go_away(svc.store, "u1", 1, "", T0)
    return seats
