"""The table service: the one place the cogs and the console change tables (shared
DESIGN.md, "Tables, storage and concurrency").

Every method finds the table, applies the change through the pure ``engine.table.Table``
inside one store transaction, and returns what the caller needs to answer. Rules errors
are ``IllegalAction`` with a sentence for the user; option and settings errors are
``ValueError``. Permission checks run inside the transaction, against the table as it is
when the change is written (the host can change when the host leaves the lobby).

Lobby and table changes answered at once (not deferred) wait at most ``QUICK_WAIT`` for the
database's write lock and then refuse with "busy, try again" (``StoreBusy``); moves, which
the cogs defer, wait the store's whole ``busy_timeout``.

Several bot processes on one database (issue 16): the turn clock of every process walks the
same playing tables, so before acting on a due clock event, :meth:`TableService.tick`
claims that event in the database (``Store.claim_clock``). Exactly one process gets the
claim and fires the event; the others skip it. A process that dies holding a claim loses
nothing: after ``claim_lease`` seconds another process takes the event over. A process that
runs a range of Discord shards (``python bot.py --shard-count N --shards 0-3``) walks only
the tables of its shards' guilds (:class:`Shards`): a table belongs to its guild's shard,
whose process has the channel to post in; the claims keep overlapping ranges and restarts
from firing an event twice.

Moves never run the AI on their own: after a move the caller sees ``Outcome.ai_to_act`` and
calls :meth:`TableService.run_ai`, so a person's move is answered before the AI thinks.
A choice made in several steps that a Discord menu sends at once goes through
:meth:`TableService.move_batch`: one transaction, all steps or none.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engine
from data import deliveries
from data.store import QUICK_WAIT, Conflict, DamagedTable, Store, StoreBusy
from engine import ai
from engine.core import Action, Event, IllegalAction, rng
from engine.table import (
    FINISHED,
    NOTIFY_MODES,
    PLAYING,
    STAND_IN_LEVEL,
    TIMEOUT_AI_MOVE,
    TIMEOUT_AI_SEAT,
    Settings,
    Table,
)

log = logging.getLogger(__name__)

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

_MISSING = object()

#: the refusal of a move chosen on a menu drawn before the seat's last move
OUT_OF_DATE = "That menu is out of date: you have moved since it was shown. Use the fresh menu."


@dataclass
class Outcome:
    """What a change did: the table after it, the events of the moves applied, and the
    seats whose private view changed (the cogs send those seats their hand again; a game
    may narrow this to the keys in its ``dm_keys``).

    ``before`` is the public view of the game before the change, read inside the change's
    transaction (None: the game had not begun, or the change began it), so the publisher
    knows what the table showed without a read of its own. ``applied`` holds the moves a
    person's choice applied, in order (a batch's steps and its finish)."""

    table: Table
    events: list[Event] = field(default_factory=list)
    private_changed: set[int] = field(default_factory=set)
    finished: bool = False
    before: dict | None = None
    applied: list[Action] = field(default_factory=list)

    @property
    def ai_to_act(self) -> frozenset[int]:
        """AI seats the game now waits for (call ``run_ai`` when not empty)."""
        t = self.table
        if t.status != PLAYING:
            return frozenset()
        return frozenset(s for s in t.to_act(engine.get_game(t.game_id)) if t.seats[s].is_ai)

    def merge(self, later: Outcome) -> Outcome:
        return Outcome(
            later.table,
            self.events + later.events,
            self.private_changed | later.private_changed,
            later.finished,
            self.before,
            self.applied + later.applied,
        )


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


class _Stale(Exception):
    """The table changed while the AI was thinking; it chooses again on the new state."""


def private_part(view: dict, public: dict) -> dict:
    """The keys of a seat's view that differ from the spectator's view."""
    return {k: v for k, v in view.items() if public.get(k, _MISSING) != v}


def private_views(table: Table) -> dict[int, dict]:
    """Each seat's private part of its view ({} before the game has a state), narrowed to
    the game's ``dm_keys`` when it names the keys whose change is worth a DM."""
    if table.state is None:
        return {}
    game = engine.get_game(table.game_id)
    public = game.view(table.state, None)
    keys = getattr(game, "dm_keys", None)
    out = {}
    for s in range(len(table.seats)):
        part = private_part(game.view(table.state, s), public)
        out[s] = part if keys is None else {k: v for k, v in part.items() if k in keys}
    return out


def public_view(table: Table) -> dict | None:
    """The spectator's view of the table's game, None before the deal."""
    return None if table.state is None else table.view(table.game, None)


def _changed(before: dict[int, dict], after: dict[int, dict]) -> set[int]:
    return {s for s in set(before) | set(after) if before.get(s, {}) != after.get(s, {})}


def _waiting_people(table: Table) -> list[int]:
    return [s for s in table.clock.waiting_for if not table.seats[s].is_ai]


def waiting_people(table: Table) -> frozenset[int]:
    """The people (not AI seats) the game waits for now (none before the deal)."""
    if table.state is None or table.status != PLAYING:
        return frozenset()
    return frozenset(s for s in table.to_act(table.game) if table.seats[s].is_person)


def owed_part(before_view: dict | None, after: Table, events: list[Event],
              changed: set[int], *, taken: int | None = None, gone: str | None = None,
              fresh: bool = False) -> dict | None:
    """What a change of a dealt table owes its players (``data.deliveries.part``); None
    for a table closed without a game to tell (abandoned)."""
    if after.state is None or after.status not in (PLAYING, FINISHED):
        return None
    was = frozenset((before_view or {}).get("to_act") or ())
    out = deliveries.part(before=before_view, events=events, changed=changed,
                          waiting=[was, waiting_people(after)], taken=taken, gone=gone,
                          fresh=fresh or before_view is None)
    out["version"] = after.version
    return out


def _seat_moves(before: list[tuple[str | None, bool]], after: Table
                ) -> tuple[int | None, str | None]:
    """(the seat a new person took over, the person who gave a seat up) in a seat change."""
    taken = gone = None
    for seat, (player, person) in enumerate(before):
        if seat >= len(after.seats):
            continue
        now = after.seats[seat]
        if now.is_person and now.player != player:
            taken = seat
        if person and now.player != player:
            gone = player
    return taken, gone


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


class TableService:
    def __init__(self, store: Store, *, owner: str | None = None,
                 claim_lease: float = CLAIM_LEASE, shards: Shards | None = None,
                 deliveries: bool = False) -> None:
        self.store = store
        #: whether each change records what it owes the players (``data.deliveries``):
        #: the bot's service does, for its deliverer; the console, which shows every
        #: change itself, does not
        self.deliveries = deliveries
        #: who this process is in the clock's claims
        self.owner = owner or process_name()
        self.claim_lease = claim_lease
        #: the shards whose tables this process's clock walks (None: every table)
        self.shards = shards

    def _owed(self, before_view: dict | None, after: Table, events: list[Event],
              changed: set[int], **flags: Any) -> dict | None:
        """What a change owes (``owed_part``), when this service records it."""
        if not self.deliveries:
            return None
        return owed_part(before_view, after, events, changed, **flags)

    # -- finding tables ------------------------------------------------------------------

    async def _live(self, channel_id: str) -> Table:
        table = await self.store.live(str(channel_id))
        if table is None:
            raise IllegalAction("There is no game at this table; /game new opens one.")
        return table

    async def _lobby_change(self, channel_id: str, fn: Callable[[Table], Any], now: float) -> Outcome:
        """A change of the seats or the status (not a move), answered at once."""
        table = await self._live(channel_id)
        seen: dict[str, Any] = {}

        def change(t: Table) -> None:
            seen["before"] = public_view(t)
            seen["private"] = private_views(t)
            seen["seats"] = [(s.player, s.is_person) for s in t.seats]
            seen["dealt"] = t.state is not None
            fn(t)

        def owed(t: Table) -> dict | None:
            seen["changed"] = _changed(seen["private"], private_views(t))
            taken, gone = _seat_moves(seen["seats"], t)
            return self._owed(seen["before"], t, [], seen["changed"],
                              taken=taken if seen["dealt"] else None, gone=gone)

        after = await self.store.mutate(table.key, change, now, wait=QUICK_WAIT, owed=owed)
        if "changed" not in seen:
            seen["changed"] = _changed(seen["private"], private_views(after))
        return Outcome(after, finished=after.status == FINISHED, before=seen["before"],
                       private_changed=seen["changed"])

    # -- lobby ---------------------------------------------------------------------------

    async def new(
        self,
        game_id: str,
        channel_id: str,
        host_id: str,
        host_name: str,
        options: dict | None = None,
        guild: str | None = None,
        parent: str | None = None,
        title: str = "",
        seed: str | None = None,
        *,
        now: float,
    ) -> Table:
        """Open a lobby with the host seated. ValueError for an unknown game or bad
        options; TableExists when the channel already has a live table."""
        game = engine.get_game(game_id)
        table = Table.new(
            game,
            str(channel_id),
            str(host_id),
            host_name,
            options,
            seed,
            guild=None if guild is None else str(guild),
            parent=None if parent is None else str(parent),
            title=title,
        )
        return await self.store.create(table, now, wait=QUICK_WAIT)

    async def join(self, channel_id: str, user_id: str, name: str, now: float) -> Outcome:
        """Take a seat: in the lobby, or once the game runs an open seat (``Table.join``),
        whose hand is then the new person's: its seat is in ``private_changed``."""
        user = str(user_id)
        outcome = await self._lobby_change(
            channel_id, lambda t: t.join(t.game, user, name), now
        )
        seat = outcome.table.seat_of(user)
        if outcome.table.state is not None and seat is not None:
            outcome.private_changed.add(seat)
        return outcome

    async def leave(self, channel_id: str, user_id: str, now: float) -> Outcome:
        """Give up a seat: in the lobby it goes away, once the game runs an AI plays it
        (``Table.leave``). The next person hosts when the host leaves; a table with no
        person left ends as abandoned. The AI may have to move next (``ai_to_act``)."""
        user = str(user_id)
        return await self._lobby_change(channel_id, lambda t: t.leave(user), now)

    async def hand_over(self, channel_id: str, user_id: str, seat: int, to: str,
                        now: float) -> Outcome:
        """The host hands a seat of the running game to the AI or opens it for a new
        person (``Table.hand_over``); not their own seat, which ``leave`` gives up."""
        user = str(user_id)

        def fn(t: Table) -> None:
            _need_host(t, user, "Only the host can hand a seat over.")
            if t.seat_of(user) == seat:
                raise IllegalAction("That is your own seat: /game leave gives it up.")
            t.hand_over(seat, to)

        return await self._lobby_change(channel_id, fn, now)

    async def add_bot(self, channel_id: str, user_id: str, level: str, now: float) -> Outcome:
        user = str(user_id)

        def fn(t: Table) -> None:
            _need_host(t, user, "Only the host can add AI captains.")
            t.add_bot(engine.get_game(t.game_id), level)

        return await self._lobby_change(channel_id, fn, now)

    async def remove_bot(self, channel_id: str, user_id: str, now: float) -> Outcome:
        """Remove the last AI seat of the lobby (host only)."""
        user = str(user_id)

        def fn(t: Table) -> None:
            _need_host(t, user, "Only the host can remove AI captains.")
            t.remove_bot()

        return await self._lobby_change(channel_id, fn, now)

    async def start(self, channel_id: str, user_id: str, now: float) -> Outcome:
        """Deal and start (host only); every seat that now holds something private is in
        ``private_changed``."""
        user = str(user_id)

        def fn(t: Table) -> None:
            _need_host(t, user, "Only the host can start the game.")
            t.start(engine.get_game(t.game_id), now)

        return await self._lobby_change(channel_id, fn, now)

    # -- play ----------------------------------------------------------------------------

    async def move(
        self,
        channel_id: str,
        user_id: str,
        action: Action,
        now: float,
        expect_seat_moves: int | None = None,
    ) -> Outcome:
        """A person's move at the live table of the channel."""
        return await self.move_batch(channel_id, user_id, [action], now, expect_seat_moves)

    async def move_batch(
        self,
        channel_id: str,
        user_id: str,
        actions: list[Action],
        now: float,
        expect_seat_moves: int | None = None,
        finish: Action | None = None,
    ) -> Outcome:
        """Several steps of a person's choice (a menu's picks) applied as one transaction:
        all or none; a refused step refuses the batch, named with its reason. ``finish``
        (the confirm) follows the steps when they leave it legal (``Table.plan``)."""
        user = str(user_id)
        table = await self._live(channel_id)
        seat = table.seat_of(user)
        if seat is None:
            raise IllegalAction("You are not seated at this table.")
        if table.status != PLAYING:
            raise IllegalAction("The game is not running at this table.")
        if expect_seat_moves is not None and table.seat_moves[seat] != expect_seat_moves:
            raise IllegalAction(OUT_OF_DATE)
        steps = table.plan(table.game, seat, actions, finish)
        return await self._apply(table.key, seat, steps, now, expect_seat_moves, player=user)

    async def move_seat(
        self,
        key: int,
        seat: int,
        action: Action,
        now: float,
        expect_seat_moves: int | None = None,
    ) -> Outcome:
        """A move for a seat by number (the AI and the console)."""
        return await self._apply(key, seat, [action], now, expect_seat_moves)

    async def _apply(
        self,
        key: int,
        seat: int,
        steps: list[Action],
        now: float,
        expect_seat_moves: int | None,
        player: str | None = None,
        chosen_on: int | None = None,
    ) -> Outcome:
        before: dict[int, dict] = {}
        shown: dict[str, Any] = {}
        changed: set[int] = set()

        def on_load(t: Table) -> None:
            # The seat may have been handed to an AI (time-out) since the caller looked.
            if player is not None and t.seat_of(player) != seat:
                raise IllegalAction("You are not seated at this table.")
            if chosen_on is not None and t.version != chosen_on:
                raise _Stale()
            before.update(private_views(t))
            shown["view"] = public_view(t)

        def owed(t: Table, events: list[Event]) -> dict | None:
            changed.update(_changed(before, private_views(t)))
            return self._owed(shown["view"], t, events, changed)

        table, events = await self.store.apply_moves(
            key, seat, steps, now, expect_seat_moves, on_load=on_load, owed=owed
        )
        return Outcome(table, events, changed, table.status == FINISHED, shown["view"],
                       list(steps))

    async def _ai_move(self, table: Table, seat: int, level: str, now: float) -> Outcome | None:
        """Let the AI choose for ``seat`` on ``table`` and apply it; None when the table
        changed while it thought (the caller looks again). An IllegalAction against the
        very state the AI chose on is a bug in the AI or the game, and propagates."""
        game = engine.get_game(table.game_id)
        choice_rng = rng(table.seed + ":ai", table.version)
        action = await asyncio.to_thread(ai.choose, game, table.state, seat, choice_rng, level)
        try:
            return await self._apply(
                table.key, seat, [action], now, table.seat_moves[seat], chosen_on=table.version
            )
        except _Stale:
            return None

    async def run_ai(self, key: int, now: float, max_moves: int = 200) -> Outcome:
        """While an AI seat is in to_act, let it choose (off the event loop) and apply."""
        table = await self._get(key)
        outcome = Outcome(table, finished=table.status == FINISHED)
        for _ in range(max_moves):
            game = engine.get_game(table.game_id)
            seats = sorted(s for s in table.to_act(game) if table.seats[s].is_ai)
            if not seats:
                break
            seat = seats[0]
            level = table.seats[seat].ai or TIMEOUT_AI_LEVEL
            moved = await self._ai_move(table, seat, level, now)
            if moved is not None:
                outcome = outcome.merge(moved)
            table = await self._get(key)
        outcome.table = table
        outcome.finished = table.status == FINISHED
        return outcome

    async def _get(self, key: int) -> Table:
        table = await self.store.get(key)
        if table is None:
            raise KeyError(f"No table with key {key}.")
        return table

    # -- settings and closing ------------------------------------------------------------

    async def settings(
        self,
        channel_id: str,
        user_id: str,
        remind_minutes: int | None = None,
        limit_minutes: int | None = None,
        on_timeout: str | None = None,
        forced_minutes: int | None = None,
        *,
        is_manager: bool = False,
        now: float,
    ) -> Table:
        """Change the turn clock: the host, or a channel manager (seated or not), since the
        clock can hand a player's seat to an AI (the reliability issue, item 4: a seated
        player set a 1-minute limit with "ai-seat" and two others lost their seats).
        ValueError for values out of range. A new time limit
        counts from now for the turn under way, so setting one never times a player out
        on the spot; so does the grace of a person's only move when it is turned on."""
        user = str(user_id)

        def fn(t: Table) -> None:
            if user != t.host and not is_manager:
                raise IllegalAction(
                    "Only the host or a channel manager can change the table's settings.")
            s = Settings.from_dict(t.settings.to_dict())
            if remind_minutes is not None:
                s.remind_minutes = int(remind_minutes)
            if limit_minutes is not None:
                s.limit_minutes = int(limit_minutes)
            if on_timeout is not None:
                s.on_timeout = str(on_timeout)
            if forced_minutes is not None:
                s.forced_minutes = int(forced_minutes)
            s.validate()
            if (
                s.limit_minutes != t.settings.limit_minutes
                and t.status == PLAYING
                and t.clock.turn_started is not None
            ):
                t.clock.turn_started = now
            was_on = bool(t.settings.forced_minutes)
            t.settings = s
            if bool(s.forced_minutes) != was_on and t.status == PLAYING:
                t.refresh_forced(t.game, now)

        table = await self._live(channel_id)
        return await self.store.mutate(table.key, fn, now, wait=QUICK_WAIT)

    async def notify(self, channel_id: str, user_id: str, mode: str, now: float) -> Table:
        """Choose which DMs the user gets at the live table of the channel, for their own
        seat only (issue 14, "Fewer DMs"): ``NOTIFY_MODES``. ValueError for another mode."""
        user = str(user_id)
        if mode not in NOTIFY_MODES:
            raise ValueError("The notification choices are: " + ", ".join(NOTIFY_MODES) + ".")

        def fn(t: Table) -> None:
            seat = t.seat_of(user)
            if seat is None:
                raise IllegalAction("You are not seated at this table.")
            t.seats[seat].notify = mode

        table = await self._live(channel_id)
        return await self.store.mutate(table.key, fn, now, wait=QUICK_WAIT)

    async def abort(
        self, channel_id: str, user_id: str, is_manager: bool, now: float
    ) -> Table | None:
        """Close the live table for good (its host or a channel manager). Works on a table
        whose saved game cannot be read; then returns None instead of the closed table."""
        user = str(user_id)
        found = await self.store.host_of(str(channel_id))
        if found is None:
            raise IllegalAction("There is no game at this table; /game new opens one.")
        key, host = found
        if not is_manager and user != host:
            raise IllegalAction("Only the host or a channel manager can abort the game.")
        if not await self.store.abandon(key, now, host=None if is_manager else user,
                                        wait=QUICK_WAIT):
            raise IllegalAction("This table is already closed.")
        try:
            return await self.store.get(key)
        except DamagedTable:
            return None

    async def repair(self, channel_id: str, user_id: str, is_manager: bool, now: float
                     ) -> tuple[Table, int]:
        """Rebuild the channel's latest table from its seed, options and action log when its
        saved game cannot be read (the host or a channel manager). Returns the table and how
        many moves were replayed; DamagedTable when even the log cannot rebuild it."""
        user = str(user_id)
        found = await self.store.host_of(str(channel_id), live=False)
        if found is None:
            raise IllegalAction("This channel has never had a game table.")
        key, host = found
        if not is_manager and user != host:
            raise IllegalAction("Only the host or a channel manager can repair the table.")
        try:
            await self.store.get(key)
        except DamagedTable:
            pass
        else:
            raise IllegalAction("This table's saved game reads fine: there is nothing to repair.")
        table = await self.store.repair(key, now)
        part = self._owed(None, table, [], set(), fresh=True)
        if part is not None:
            await self.store.deliveries.add(key, part, now)
        return table, sum(table.seat_moves)

    # -- the turn clock ------------------------------------------------------------------

    async def waiting_on_ai(self) -> list[Outcome]:
        """The playing tables of this process's shards whose game waits for AI seats only:
        an AI move the bot had not made when it stopped (the turn clock ignores turns that
        wait for no person). A table that cannot be read is skipped, so one never stops the
        others."""
        found: list[Outcome] = []
        for head in await self.store.playing():
            if head.key is None or (self.shards is not None and not self.shards.owns(head.guild)):
                continue
            try:
                table = await self._get(head.key)
            except DamagedTable:
                continue  # logged once by the store; /game repair brings it back
            outcome = Outcome(table)
            waiting = table.to_act(engine.get_game(table.game_id))
            if outcome.ai_to_act and outcome.ai_to_act == waiting:
                found.append(outcome)
        return found

    async def tick(self, now: float) -> list[ClockEvent]:
        """Remind, or apply the time-out outcome, at every playing table whose clock is
        due and whose due event this process claims first (other processes on the same
        database skip it). A table that fails is logged and skipped, so one never stops
        the others."""
        events: list[ClockEvent] = []
        for head in await self.store.playing():  # without states: one bad state stops none
            due = head.due(now)
            if due is None or head.key is None:
                continue
            if self.shards is not None and not self.shards.owns(head.guild):
                continue  # another process's shard
            try:
                if not await self.store.claim_clock(head.key, clock_event(head, due),
                                                    self.owner, now, self.claim_lease):
                    continue  # another process fires this one
                event = await self._clock(head.key, due, now)
            except (_NotDue, Conflict):
                continue  # someone moved meanwhile: the clock was reset by that move
            except DamagedTable:
                continue  # logged once by the store; /game repair brings it back
            except StoreBusy:
                log.warning("turn clock: the database was busy or did not answer; table "
                            "%s waits for the next pass", head.key)
                await self._unclaim(head.key)
                continue
            except Exception:
                log.exception("turn clock failed at table %s", head.key)
                await self._unclaim(head.key)
                continue
            events.append(event)
        return events

    async def _unclaim(self, key: int) -> None:
        """Give back a claim whose event failed, so the next pass (of any process) tries it
        again instead of waiting for the lease to run out."""
        try:
            await self.store.release_clock(key, self.owner)
        except Exception:  # noqa: BLE001 - the lease runs out all the same
            log.warning("turn clock: could not give back the claim of table %s", key)

    async def _clock(self, key: int, due: str, now: float) -> ClockEvent:
        if due == "forced":
            return await self._play_forced(key, now)
        table = await self._get(key)

        def check(t: Table) -> None:
            if t.due(now) != due:
                raise _NotDue()

        if due == "remind":

            def remind(t: Table) -> None:
                check(t)
                t.mark_reminded(now)

            after = await self.store.mutate(key, remind, now)
            return ClockEvent("remind", after, _waiting_people(after))

        seats: list[int] = []
        on_timeout = table.settings.on_timeout
        if on_timeout == TIMEOUT_AI_SEAT:

            def replace(t: Table) -> None:
                check(t)
                seats.extend(_waiting_people(t))
                for s in seats:
                    t.replace_with_ai(s, TIMEOUT_AI_LEVEL)

            await self.store.mutate(
                key, replace, now,
                owed=lambda t: self._owed(public_view(t), t, [], set(), fresh=True))
            outcome = await self.run_ai(key, now)
            return ClockEvent("ai-seat", outcome.table, seats, True, outcome)

        if on_timeout == TIMEOUT_AI_MOVE:
            outcome = Outcome(table)
            for seat in _waiting_people(table):
                played = await self._play_turn_for(key, seat, now)
                if played is not None:
                    seats.append(seat)
                    outcome = outcome.merge(played)
            outcome = outcome.merge(await self.run_ai(key, now))
            after = await self._restart_if_still_due(key, due, now)
            if after is not None:
                outcome.table = after
            return ClockEvent("ai-move", outcome.table, seats, True, outcome)

        def restart(t: Table) -> None:
            check(t)
            t.restart_clock(now)

        after = await self.store.mutate(key, restart, now)
        return ClockEvent("remind", after, _waiting_people(after), True)

    async def _play_forced(self, key: int, now: float) -> ClockEvent:
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
            table = await self._get(key)
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
                log.warning("turn clock: seat %s of table %s is recorded as down to one "
                            "move but has %d", seat, key, len(legal))
                skipped.add(seat)
                continue
            # off the event loop, as the AI's choice: a few worlds drawn and looked at
            public = await asyncio.to_thread(table.tells_nothing_hidden, game, seat, legal[0])
            try:
                played = await self._apply(key, seat, legal, now, table.seat_moves[seat],
                                           chosen_on=table.version)
            except _Stale:
                continue  # someone moved between the read and the write: look again
            seats.append(seat)
            moves.append(legal[0] if public else None)
            outcome = played if outcome is None else outcome.merge(played)
        if outcome is None:
            raise _NotDue()
        outcome = outcome.merge(await self.run_ai(key, now))
        return ClockEvent("forced", outcome.table, seats, False, outcome, moves)

    async def _play_turn_for(self, key: int, seat: int, now: float) -> Outcome | None:
        """The AI plays a timed-out person's turn: it moves for the seat while the game
        waits for it and no new turn has begun (the waiting seats have not been refilled),
        so a turn of several steps is finished but the next one is left to the person."""
        outcome: Outcome | None = None
        first_waiting: frozenset[int] | None = None
        for _ in range(TIMEOUT_TURN_MOVES):
            table = await self._get(key)
            waiting = table.to_act(engine.get_game(table.game_id))
            if seat not in waiting or table.seats[seat].is_ai:
                break
            if first_waiting is None:
                first_waiting = waiting
            elif not waiting <= first_waiting:
                break
            moved = await self._ai_move(table, seat, TIMEOUT_AI_LEVEL, now)
            if moved is not None:
                outcome = moved if outcome is None else outcome.merge(moved)
        return outcome

    async def _restart_if_still_due(self, key: int, due: str, now: float) -> Table | None:
        """After the AI played, a turn still over its limit (the AI could not finish it)
        gets a fresh clock, so the next tick does not fire at once again."""

        def restart(t: Table) -> None:
            if t.due(now) != due:
                raise _NotDue()
            t.restart_clock(now)

        try:
            return await self.store.mutate(key, restart, now)
        except _NotDue:
            return None


def _need_host(table: Table, user: str, reason: str) -> None:
    if user != table.host:
        raise IllegalAction(reason)
