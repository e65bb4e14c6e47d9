"""Taking a move back (issue 15, undo by consent): the writing, over the store's core
(data/core.py). What may be taken back is the engine's decision (engine/undo.py); who must
agree, and the request, are data/undo.py's.

The action log is append-only in the database itself (migration 2's triggers); a running
table's log loses an entry only here, only its last one, with the delete guard lifted
inside this transaction only (``Core.delete_log_rows``, which archiving uses too).
"""

from __future__ import annotations

import asyncio
import json
import logging

import engine
from data.core import Core
from data.db import Row
from data.rows import Conflict, LogEntry, log_entry, rebuild
from engine import bank
from engine.core import Action, IllegalAction
from engine.table import PLAYING, Table
from engine.turn_clock import Clock

#: the store's log: one name for the operator, whichever of the store's modules writes
log = logging.getLogger("data.store")


async def take_back(core: Core, key: int, seq: int, seat: int, now: float,
                    action: Action | None = None,
                    expect_version: int | None = None) -> tuple[Table, LogEntry]:
    """Take back the table's last move, logged as ``seq`` by ``seat``: in one
    transaction, remove it from the action log and save the state replayed from the log
    without it (shared DESIGN.md: "undo by replay"). Returns the table as saved and the
    entry taken back. Whether the move may be taken back (engine/undo.py) and who agreed
    to it (data/undo.py) are decided before; this is the writing.

    IllegalAction, with nothing written, when the game is not running or ``seq`` is no
    longer the table's last move by ``seat`` (someone moved since), or is not ``action``
    when given (a move taken back frees its number for the next one: a request for the
    old move must not take back a new one); Conflict when ``expect_version`` is given
    and the table moved on from it. The seat's move count goes back with its log, and the
    turn clock starts afresh for whoever must act now.
    """
    async with core.writing() as db:
        table = await core.load(db, key)
        if expect_version is not None and table.version != expect_version:
            raise Conflict(key, expect_version, table.version)
        if table.status != PLAYING:
            raise IllegalAction("The game is not running at this table, so no move can "
                                "be taken back.")
        rows = await db.fetch("SELECT seq, seat, action, at FROM actions "
                              "WHERE table_key = ? ORDER BY seq", (key,))
        _check_last(rows, seq, seat, action)
        before = table.version
        # a long game's replay takes a moment: off the event loop, as reading an archived
        # table does
        table.state = await asyncio.to_thread(rebuild, table, rows[:-1])
        _rewind(table, seat, now)
        await core.save(db, table, before, now)
        await core.delete_log_rows(db, "table_key = ? AND seq = ?", (key, seq))
    log.info("table %s: move %s of seat %s taken back", key, seq, seat)
    return table, log_entry(rows[-1])


def _check_last(rows: list[Row], seq: int, seat: int, action: Action | None) -> None:
    """IllegalAction unless the last of the log's ``rows`` is move ``seq`` of ``seat`` (and
    ``action``, when given)."""
    if not rows or rows[-1]["seq"] != seq or rows[-1]["seat"] != seat or (
            action is not None
            and Action.from_dict(json.loads(rows[-1]["action"])) != action):
        raise IllegalAction("Someone has moved since, and only the table's last move "
                            "can be taken back: nothing was taken back.")


def _rewind(table: Table, seat: int, now: float) -> None:
    """The table's record of its moves after ``seat``'s last move is taken back: one move
    fewer for the seat, a new version, and the turn clock afresh from ``now`` for whoever
    must act (and the seats down to one move, when the table's grace is on).

    Decision, a time bank (issue 24): the banks are kept, each seat waited for charged the
    turn under way up to ``now``, so a take-back refills nobody's bank; the increment the
    taken-back move may have earned is kept (whether it ended a turn is not recorded)."""
    table.seat_moves[seat] -= 1
    table.version += 1
    game = engine.get_game(table.game_id)
    c, s = table.clock, table.settings
    banks = bank.settle(c.banks, s.bank_minutes * 60, s.increment_minutes * 60,
                        c.waiting_for, c.turn_started, now, None)
    table.clock = Clock(now, None, sorted(table.to_act(game)), banks=banks, away=c.away)
    if table.settings.forced_minutes:  # the seats down to one move, from now
        table.refresh_forced(game, now)
