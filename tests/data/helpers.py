"""Helpers shared by the data tests: open a Crossed Cutlasses table, read raw rows."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import engine
from data.store import Store
from data.tables import TableService
from engine.core import Action, IllegalAction
from engine.table import Table
from tests.data.raw import raw

T0 = 1_700_000_000.0  # a fixed "now"; the tests pass time explicitly and never sleep


async def open_table(
    svc: TableService,
    channel: str = "chan-1",
    players: int = 3,
    bots: int = 0,
    level: str = "random",
    seed: str = "seed-1",
    options: dict | None = None,
    start: bool = True,
    now: float = T0,
) -> Table:
    """A Crossed Cutlasses table hosted by "u0", people "u1".. and ``bots`` AI seats."""
    await svc.new("cutlass", channel, "u0", "Anne", options or {}, seed=seed, now=now)
    for i in range(1, players):
        await svc.join(channel, f"u{i}", f"Player {i}", now)
    for _ in range(bots):
        await svc.add_bot(channel, "u0", level, now)
    if start:
        return (await svc.start(channel, "u0", now)).table
    table = await svc.store.live(channel)
    assert table is not None
    return table


async def random_moves(store: Store, key: int, rng: random.Random, count: int, now: float = T0) -> int:
    """Apply up to ``count`` random legal moves; returns how many applied."""
    applied = 0
    for _ in range(count):
        table = await store.get(key)
        assert table is not None
        game = engine.get_game(table.game_id)
        waiting = sorted(table.to_act(game))
        if not waiting:
            break
        seat = rng.choice(waiting)
        action = rng.choice(game.legal_actions(table.state, seat))
        await store.apply_move(key, seat, action, now + applied)
        applied += 1
    return applied


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def dump(table: Table) -> str:
    return canon(engine.get_game(table.game_id).dump(table.state))


def raw_rows(db: Path | str, key: int) -> tuple[tuple, list[tuple]]:
    """The table's row and its log rows, read straight from the database."""
    with raw(db) as con:
        row = con.query("SELECT * FROM tables WHERE key = ?", (key,))[0]
        log = con.query("SELECT * FROM actions WHERE table_key = ? ORDER BY seq", (key,))
        return row, log


def refusal(table: Table, seat: int, action: Any) -> str:
    """What the engine answers to that move against that table's state (it must refuse)."""
    game = engine.get_game(table.game_id)
    state = game.load(game.dump(table.state))
    try:
        game.apply(state, seat, action)
    except IllegalAction as exc:
        return exc.reason
    raise AssertionError("the engine accepted the move")


LAY = Action("lay", {})


def pick(table: Table, seat: int, i: int = 0) -> Action:
    """The seat's ``i``-th legal pick (Crossed Cutlasses: pick a card, then lay it)."""
    picks = [a for a in engine.get_game(table.game_id).legal_actions(table.state, seat)
             if a.kind == "pick"]
    return picks[i]


def turn(table: Table, seat: int, i: int = 0) -> list[Action]:
    """A seat's whole choice for the round: pick its ``i``-th card, then lay it."""
    return [pick(table, seat, i), LAY]


#: how long ``other_program_writing`` holds the lock if nobody lets it go: a safety net, so
#: a test that waits for the wrong thing fails instead of hanging
SAFETY_SECONDS = 5.0


@contextmanager
def other_program_writing(db: Path | str) -> Iterator[threading.Event]:
    """Hold the write lock from another connection until the yielded event is set: SQLite's
    ``BEGIN IMMEDIATE`` on a file, a table lock on PostgreSQL (``Raw.hold_writes``)."""
    release = threading.Event()
    holding = threading.Event()

    def hold() -> None:
        try:
            with raw(db) as con:
                con.hold_writes()
                holding.set()
                release.wait(SAFETY_SECONDS)
                con.execute("ROLLBACK")
        finally:
            holding.set()  # never leave the test waiting, even if the lock failed

    thread = threading.Thread(target=hold)
    thread.start()
    holding.wait()
    try:
        yield release
    finally:
        release.set()
        thread.join()
