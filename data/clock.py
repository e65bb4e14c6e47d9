"""The turn clock (shared DESIGN.md, "Long games"): reminders, the time-out outcome a table
chose (remind only, an AI plays that turn, or an AI takes the seat over), and a person's
only legal move played for them after the table's grace (issue 22). Functions over the
table service's move path (data/moves.py); ``TableService.tick`` and
``TableService.waiting_on_ai`` reach them.

Several bot processes on one database (issue 16): the turn clock of every process walks the
same playing tables, so before acting on a due clock event, :func:`tick` claims that event
in the database (``Store.claim_clock``). Exactly one process gets the claim and fires the
event; the others skip it. A process that dies holding a claim loses nothing: after
``claim_lease`` seconds another process takes the event over. A process that runs a range
of Discord shards (``python bot.py --shard-count N --shards 0-3``) walks only the tables of
its shards' guilds (:class:`Shards`): a table belongs to its guild's shard, whose process
has the channel to post in; the claims keep overlapping ranges and restarts from firing an
event twice.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from dataclasses import dataclass, field

import engine
from data.db import StoreBusy
from data.moves import Moves, Stale
from data.outcomes import Outcome, public_view
from data.rows import Conflict, DamagedTable
from engine.core import Action
from engine.table import STAND_IN_LEVEL, Table
from engine.turn_clock import TIMEOUT_AI_MOVE, TIMEOUT_AI_SEAT

#: the service's log, where the turn clock's lines have always been
log = logging.getLogger("data.tables")

#: the AI level that plays a timed-out person's turn, or takes the seat over
TIMEOUT_AI_LEVEL = STAND_IN_LEVEL
#: at most this many moves made for one timed-out seat (a turn of several steps)
TIMEOUT_TURN_MOVES = 50

#: at most this many looks at a table whose people's only moves are due (several seats,
#: or the table moved on between a look and the move)
FORCED_TRIES = 20

#: a claimed clock event that its process has not done within this many seconds (it died)
#: is taken over by another process; several times the clock's pass and an AI turn
CLAIM_LEASE = 300.0


@dataclass
class ClockEvent:
    """What the turn clock did at a table.

    ``kind``: "remind" (the waiting people are reminded; ``timed_out`` when it is the
    time-out outcome "remind", which also restarts the clock), "ai-move" (an AI played the
    turn of the timed-out ``seats``), "ai-seat" (AIs took those seats over for the rest
    of the game) or "forced" (the only legal move of each of ``seats`` was played for it
    after the table's grace: issue 22). ``moves``, for "forced", in the order of ``seats``:
    each move played, or None where naming it in public would tell something hidden
    (``Table.tells_nothing_hidden``). ``outcome`` holds the moves made, the AI's after
    them, for the last three.
    """

    kind: str
    table: Table
    seats: list[int]
    timed_out: bool = False
    outcome: Outcome | None = None
    moves: list[Action | None] = field(default_factory=list)


class _NotDue(Exception):
    """The clock of a table moved on between the clock loop's read and its write."""


def shard_of(guild: str | None, count: int) -> int:
    """The Discord shard of a guild: ``(guild_id >> 22) % count``, Discord's own formula;
    a table without a guild (a direct message) is shard 0's, as Discord sends DMs there."""
    if guild is None or not str(guild).isdigit():
        return 0
    return (int(guild) >> 22) % count


@dataclass(frozen=True)
class Shards:
    """The Discord shards one bot process runs: ``ids`` out of ``count``."""

    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"Shards must be numbers from 0 to {self.count - 1}.")

    def owns(self, guild: str | None) -> bool:
        """True when the guild's tables belong to this process."""
        return shard_of(guild, self.count) in self.ids


def clock_event(table: Table, due: str) -> str:
    """The identity of the clock event ``due`` ("remind", "timeout" or "forced") of
    ``table``: the kind and the moment it counts from, which the handling of the event
    moves on (a reminder sets ``last_reminded``, a time-out restarts or ends the turn, a
    person's only move played ends their being down to it)."""
    c = table.clock
    if due == "forced":
        since = table.forced_since()
    elif due == "timeout":
        since = c.turn_started
    else:
        since = c.last_reminded or c.turn_started
    return f"{due}@{since!r}"


def process_name() -> str:
    """This process, as a clock claim names its owner: host, pid and a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def _waiting_people(table: Table, now: float) -> list[int]:
    """The people the clock acts for at ``now``: waited for, and not away (issue 24: no
    reminder, no time-out and no move in their place while they are)."""
    return table.clocked(now)


async def waiting_on_ai(svc: Moves, shards: Shards | None) -> list[Outcome]:
    """The playing tables of this process's ``shards`` whose game waits for AI seats only:
    an AI move the bot had not made when it stopped (the turn clock ignores turns that
    wait for no person). A table that cannot be read is skipped, so one never stops the
    others."""
    found: list[Outcome] = []
    for head in await svc.store.playing():
        if head.key is None or (shards is not None and not shards.owns(head.guild)):
            continue
        try:
            table = await svc.get(head.key)
        except DamagedTable:
            continue  # logged once by the store; /game repair brings it back
        outcome = Outcome(table)
        waiting = table.to_act(engine.get_game(table.game_id))
        if outcome.ai_to_act and outcome.ai_to_act == waiting:
            found.append(outcome)
    return found


async def tick(svc: Moves, now: float, *, owner: str, lease: float,
               shards: Shards | None) -> list[ClockEvent]:
    """Remind, or apply the time-out outcome, at every playing table of ``shards`` whose
    clock is due and whose due event this process (``owner``) claims first, for ``lease``
    seconds (other processes on the same database skip it). A table that fails is logged
    and skipped, so one never stops the others."""
    events: list[ClockEvent] = []
    for head in await svc.store.playing():  # without states: one bad state stops none
        due = head.due(now)
        if due is None or head.key is None:
            continue
        if shards is not None and not shards.owns(head.guild):
            continue  # another process's shard
        try:
            if not await svc.store.claim_clock(head.key, clock_event(head, due),
                                               owner, now, lease):
                continue  # another process fires this one
            event = await _fire(svc, head.key, due, now)
        except (_NotDue, Conflict):
            continue  # someone moved meanwhile: the clock was reset by that move
        except DamagedTable:
            continue  # logged once by the store; /game repair brings it back
        except StoreBusy:
            log.warning("turn clock: the database was busy or did not answer; table "
                        "%s waits for the next pass", head.key)
            await _unclaim(svc, head.key, owner)
            continue
        except Exception:
            log.exception("turn clock failed at table %s", head.key)
            await _unclaim(svc, head.key, owner)
            continue
        events.append(event)
    return events


async def _unclaim(svc: Moves, key: int, owner: str) -> None:
    """Give back a claim whose event failed, so the next pass (of any process) tries it
    again instead of waiting for the lease to run out."""
    try:
        await svc.store.release_clock(key, owner)
    except Exception:  # noqa: BLE001 - the lease runs out all the same
        log.warning("turn clock: could not give back the claim of table %s", key)


def _check(t: Table, due: str, now: float) -> None:
    """_NotDue unless the clock event ``due`` of ``t`` is still due at ``now``."""
    if t.due(now) != due:
        raise _NotDue()


def _remind(t: Table, due: str, now: float) -> None:
    _check(t, due, now)
    t.mark_reminded(now)


def _restart(t: Table, due: str, now: float) -> None:
    _check(t, due, now)
    t.restart_clock(now)


async def _fire(svc: Moves, key: int, due: str, now: float) -> ClockEvent:
    """Do the due clock event ``due`` of table ``key``: a reminder, the time-out outcome the
    table chose, or the people's only moves. _NotDue (nothing done) when someone moved
    meanwhile."""
    if due == "forced":
        return await _play_forced(svc, key, now)
    table = await svc.get(key)
    if due == "remind":
        after = await svc.store.mutate(key, lambda t: _remind(t, due, now), now)
        return ClockEvent("remind", after, _waiting_people(after, now))
    if table.settings.on_timeout == TIMEOUT_AI_SEAT:
        return await _seat_ai(svc, key, due, now)
    if table.settings.on_timeout == TIMEOUT_AI_MOVE:
        return await _move_for_timed_out(svc, table, key, due, now)
    after = await svc.store.mutate(key, lambda t: _restart(t, due, now), now)
    return ClockEvent("remind", after, _waiting_people(after, now), True)


async def _seat_ai(svc: Moves, key: int, due: str, now: float) -> ClockEvent:
    """The time-out outcome "ai-seat": AIs take the waiting people's seats for the rest of
    the game, and play on."""
    seats: list[int] = []

    def replace(t: Table) -> None:
        _check(t, due, now)
        seats.extend(_waiting_people(t, now))
        for s in seats:
            t.replace_with_ai(s, TIMEOUT_AI_LEVEL)

    await svc.store.mutate(
        key, replace, now,
        owed=lambda t: svc.owed(public_view(t), t, [], set(), fresh=True))
    outcome = await svc.run_ai(key, now)
    return ClockEvent("ai-seat", outcome.table, seats, True, outcome)


async def _move_for_timed_out(svc: Moves, table: Table, key: int, due: str, now: float
                              ) -> ClockEvent:
    """The time-out outcome "ai-move": an AI plays the turn of each waiting person, the
    AI seats move on, and a turn still over its limit gets a fresh clock."""
    seats: list[int] = []
    outcome = Outcome(table)
    for seat in _waiting_people(table, now):
        played = await _play_turn_for(svc, key, seat, now)
        if played is not None:
            seats.append(seat)
            outcome = outcome.merge(played)
    outcome = outcome.merge(await svc.run_ai(key, now))
    after = await _restart_if_still_due(svc, key, due, now)
    if after is not None:
        outcome.table = after
    return ClockEvent("ai-move", outcome.table, seats, True, outcome)


async def _play_forced(svc: Moves, key: int, now: float) -> ClockEvent:
    """Play the only legal move of every person whose grace has passed (issue 22), each
    as that seat's move, then let the AI move on. Each move is chosen on the table as
    loaded and applied only if the table is still at that version (``chosen_on``), so
    the one legal move is still the one legal move when applied; a table moved on
    meanwhile is looked at again. _NotDue when nobody's only move is due any more."""
    seats: list[int] = []
    moves: list[Action | None] = []
    skipped: set[int] = set()
    outcome: Outcome | None = None
    for _ in range(FORCED_TRIES):
        table = await svc.get(key)
        if not seats and table.due(now) != "forced":
            raise _NotDue()  # someone moved meanwhile, or another event comes first
        due = [s for s in table.forced_due(now) if s not in seats and s not in skipped]
        if not due:
            break
        seat = due[0]
        game = engine.get_game(table.game_id)
        legal = game.legal_actions(table.state, seat)
        if len(legal) != 1:
            # the clock's record disagrees with the state (a change that did not go
            # through a move): the seat is left alone; its next move sets it right
            # (how many moves it has is left out: a count of moves can tell a hand)
            log.warning("turn clock: seat %s of table %s is recorded as down to one "
                        "move but has not one now", seat, key)
            skipped.add(seat)
            continue
        # off the event loop, as the AI's choice: a few worlds drawn and looked at
        public = await asyncio.to_thread(table.tells_nothing_hidden, game, seat, legal[0])
        try:
            played = await svc.apply(key, seat, legal, now, table.seat_moves[seat],
                                     chosen_on=table.version)
        except Stale:
            continue  # someone moved between the read and the write: look again
        seats.append(seat)
        moves.append(legal[0] if public else None)
        outcome = played if outcome is None else outcome.merge(played)
    if outcome is None:
        raise _NotDue()
    outcome = outcome.merge(await svc.run_ai(key, now))
    return ClockEvent("forced", outcome.table, seats, False, outcome, moves)


async def _play_turn_for(svc: Moves, key: int, seat: int, now: float) -> Outcome | None:
    """The AI plays a timed-out person's turn: it moves for the seat while the game
    waits for it and no new turn has begun (the waiting seats have not been refilled),
    so a turn of several steps is finished but the next one is left to the person."""
    outcome: Outcome | None = None
    first_waiting: frozenset[int] | None = None
    for _ in range(TIMEOUT_TURN_MOVES):
        table = await svc.get(key)
        waiting = table.to_act(engine.get_game(table.game_id))
        if seat not in waiting or table.seats[seat].is_ai:
            break
        if first_waiting is None:
            first_waiting = waiting
        elif not waiting <= first_waiting:
            break
        moved = await svc.ai_move(table, seat, TIMEOUT_AI_LEVEL, now)
        if moved is not None:
            outcome = moved if outcome is None else outcome.merge(moved)
    return outcome


async def _restart_if_still_due(svc: Moves, key: int, due: str, now: float) -> Table | None:
    """After the AI played, a turn still over its limit (the AI could not finish it)
    gets a fresh clock, so the next tick does not fire at once again."""
    try:
        return await svc.store.mutate(key, lambda t: _restart(t, due, now), now)
    except _NotDue:
        return None

