"""A table's record (issue 24), written inside the store's transactions: how long a finished
game lasted, the time each person took to move, and whether they finished their games.
Functions over the open transaction's connection (like data/forgetting.py), called by the
move's transaction (``Store.apply_steps``) and by the save that closes a table
(``Core.save``); what they keep is read by data/lengths.py (the lobby's expected length)
and data/reliability.py (``/stats profile``). Migration 9 made the tables.

Decisions:

- **A game's length** runs from the deal (``Table.started``) to the save that gave it its
  result. Only finished games have one (an abandoned game tells nothing of how long a game
  takes). A table dealt by an older version, which kept no start, is counted from its first
  logged move (migration 9 did the same for the finished tables it found): a turn shorter,
  but never the time the lobby waited.
- **The same clock** (:func:`clock_kind`) is the turn clock's mode and its numbers: the
  flat limit per turn ("limit:2880", minutes), the time bank and its increment
  ("bank:2880+720"), or no limit ("none"). Reminders and what a time-out does are left
  out: they change how a table is told, not how long it waits.
- **Time to move** is kept per person and server for every first move of a turn that a
  person makes at a server's table (the engine times it: engine/pace.py). The console's
  tables, which have no server, keep none.
- **Games finished**: when a dealt table closes, each person who played there gets one
  row for its server: finished (1) when they sit in their seat at the end of a game that
  reached its result; left to an AI (0) when an AI plays the seat they had (they left, the
  host or the clock handed it over) or when they moved there and another person holds
  their seat now (an opened seat taken over). A game aborted with them still seated counts
  for nobody: nobody finished it, nobody left it.
- ``/stats forget-me`` removes all of it for the person (data/forgetting.py); at a table
  still being played, when that table closes, as the rest of the person.
"""

from __future__ import annotations

from dataclasses import dataclass

from data.db import Conn
from engine.table import ABANDONED, FINISHED, Table
from engine.turn_clock import Settings

#: the clock's kind when nothing ends a turn: no limit, no bank
NO_LIMIT = "none"


def clock_kind(settings: Settings) -> str:
    """The turn clock's mode and numbers, as a finished game's length is filed under (the
    module's decisions; migration 9 writes the same words for the tables it found)."""
    if settings.bank_minutes:
        return f"bank:{settings.bank_minutes}+{settings.increment_minutes}"
    if settings.limit_minutes:
        return f"limit:{settings.limit_minutes}"
    return NO_LIMIT


@dataclass(frozen=True)
class Timed:
    """A person's first move of a turn, about to be made: who, on which server, and the
    seconds it took (its turn's start to the move, less time away)."""

    player: str
    guild: str
    seconds: float


def timed(table: Table, seat: int, now: float) -> Timed | None:
    """What ``seat``'s move at ``now`` adds to its person's record, read before the move
    changes the clock: None for an AI seat, a table without a server, or a move that is not
    the first of the seat's turn."""
    s = table.seats[seat] if 0 <= seat < len(table.seats) else None
    if s is None or not s.is_person or s.player is None or not table.guild:
        return None
    seconds = table.turn_time(seat, now)
    return None if seconds is None else Timed(s.player, table.guild, seconds)


async def note_move(db: Conn, key: int, move: Timed | None, now: float) -> None:
    """Keep a timed move (``timed``), in the move's transaction."""
    if move is None:
        return
    await db.execute(
        "INSERT INTO turn_times (player, guild, at, table_key, seconds) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT DO NOTHING",
        (move.player, move.guild, float(now), key, float(move.seconds)))


async def note_closing(db: Conn, table: Table, now: float) -> None:
    """A dealt table closes at ``now`` (finished or abandoned): its length when it
    finished, and each person's row of games finished (the module's decisions). Written
    once: a later save of the closed table changes nothing."""
    key = table.key
    if key is None or table.status not in (FINISHED, ABANDONED) or not table.seat_moves:
        return
    if table.status == FINISHED:
        await _note_length(db, table, key, now)
    if not table.guild:
        return
    rows = await db.fetch("SELECT DISTINCT player FROM turn_times WHERE table_key = ?", (key,))
    seated = {s.player for s in table.seats if s.is_person and s.player}
    formers = {s.former for s in table.seats if s.is_ai and s.former}
    left = (formers | {str(r[0]) for r in rows}) - seated
    done = seated if table.status == FINISHED else set()
    await db.executemany(
        "INSERT INTO game_records (player, guild, table_key, finished, closed_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [(p, table.guild, key, int(p in done), float(now)) for p in sorted(done | left)])


async def _note_length(db: Conn, table: Table, key: int, now: float) -> None:
    started = table.started
    if started is None:  # dealt by an older version: its first logged move
        first = await db.fetch(
            "SELECT at FROM actions WHERE table_key = ? ORDER BY seq LIMIT 1", (key,))
        started = float(first[0][0]) if first else float(now)
    await db.execute(
        "INSERT INTO game_lengths (table_key, game_id, players, clock, started_at, "
        "finished_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (key, table.game_id, len(table.seats), clock_kind(table.settings), float(started),
         float(now)))


async def forget(db: Conn, player: str, key: int | None = None) -> None:
    """Remove ``player``'s times to move and games finished: everywhere, or at table
    ``key`` alone (a table closing that forgets them)."""
    where, params = ("player = ?", (player,)) if key is None else \
        ("player = ? AND table_key = ?", (player, key))
    await db.execute(f"DELETE FROM turn_times WHERE {where}", params)
    await db.execute(f"DELETE FROM game_records WHERE {where}", params)
