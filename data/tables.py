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

The service is built in layers, one module each: what a change did (data/outcomes.py), the
move path, a person's and the AI's (data/moves.py, the base class :class:`Moves`), the turn
clock over it (data/clock.py, reached by :meth:`TableService.tick` and
:meth:`TableService.waiting_on_ai`), and here the lobby, the settings and closing a table.
Their names that callers use are importable from here as well.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
from data import clock
from data.clock import CLAIM_LEASE, ClockEvent, Shards, clock_event, process_name, shard_of
from data.moves import OUT_OF_DATE, Moves, OutOfDate, menu_current
from data.outcomes import (
    Outcome,
    changed_seats,
    owed_part,
    private_part,
    private_views,
    public_view,
    waiting_people,
)
from data.store import QUICK_WAIT, DamagedTable, Store
from engine.bank import settle
from engine.core import IllegalAction
from engine.table import FINISHED, NOTIFY_MODES, PLAYING, Table
from engine.turn_clock import Settings

__all__ = ["CLAIM_LEASE", "OUT_OF_DATE", "ClockEvent", "Outcome", "OutOfDate", "Shards",
           "TableService", "clock_event", "menu_current", "owed_part", "private_part",
           "private_views", "process_name", "public_view", "shard_of", "waiting_people"]


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


class TableService(Moves):
    """The lobby, the moves (:class:`~data.moves.Moves`), the settings, closing a table and
    the turn clock (data/clock.py), each change one store transaction."""

    def __init__(self, store: Store, *, owner: str | None = None,
                 claim_lease: float = CLAIM_LEASE, shards: Shards | None = None,
                 deliveries: bool = False) -> None:
        super().__init__(store, deliveries=deliveries)
        #: who this process is in the clock's claims
        self.owner = owner or process_name()
        self.claim_lease = claim_lease
        #: the shards whose tables this process's clock walks (None: every table)
        self.shards = shards

    async def _lobby_change(self, channel_id: str, fn: Callable[[Table], Any],
                            now: float) -> Outcome:
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
            seen["changed"] = changed_seats(seen["private"], private_views(t))
            taken, gone = _seat_moves(seen["seats"], t)
            return self.owed(seen["before"], t, [], seen["changed"],
                             taken=taken if seen["dealt"] else None, gone=gone)

        after = await self.store.mutate(table.key, change, now, wait=QUICK_WAIT, owed=owed)
        if "changed" not in seen:
            seen["changed"] = changed_seats(seen["private"], private_views(after))
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

    # -- settings and closing ------------------------------------------------------------

    async def settings(
        self,
        channel_id: str,
        user_id: str,
        remind_minutes: int | None = None,
        limit_minutes: int | None = None,
        on_timeout: str | None = None,
        forced_minutes: int | None = None,
        take_back: bool | None = None,
        *,
        bank: tuple[int, int] | None = None,
        away_allowed: bool | None = None,
        is_manager: bool = False,
        now: float,
    ) -> Table:
        """Change the turn clock: the host, or a channel manager (seated or not), since the
        clock can hand a player's seat to an AI (the reliability issue, item 4: a seated
        player set a 1-minute limit with "ai-seat" and two others lost their seats).
        ValueError for values out of range. A new time limit
        counts from now for the turn under way, so setting one never times a player out
        on the spot; so does the grace of a person's only move when it is turned on.

        ``bank``: the time bank (issue 24) as (bank, increment) minutes, bank 0 for the
        flat limit. Decision, a bank changed mid-game: every seat's bank starts full at the
        new size and the turn under way counts from now (as a new limit does), so nobody
        is timed out by the change, nor keeps a bank larger than the table now allows;
        only a new increment keeps the banks as they are (it applies from the next
        turn). ``away_allowed`` off keeps the clock of people who go away from then on
        (a pause under way runs to its end)."""
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
            if take_back is not None:
                s.take_back = bool(take_back)
            if bank is not None:
                s.bank_minutes, s.increment_minutes = int(bank[0]), int(bank[1])
            if away_allowed is not None:
                s.away_allowed = bool(away_allowed)
            s.validate()
            _new_clock(t, s, now)
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
        part = self.owed(None, table, [], set(), fresh=True)
        if part is not None:
            await self.store.deliveries.add(key, part, now)
        return table, sum(table.seat_moves)

    # -- the turn clock (data/clock.py) ------------------------------------------------

    async def waiting_on_ai(self) -> list[Outcome]:
        """Playing tables waiting for AI seats only: :func:`data.clock.waiting_on_ai`."""
        return await clock.waiting_on_ai(self, self.shards)

    async def tick(self, now: float) -> list[ClockEvent]:
        """Fire the due clock events this process claims first: :func:`data.clock.tick`."""
        return await clock.tick(self, now, owner=self.owner, lease=self.claim_lease,
                                shards=self.shards)


def _new_clock(t: Table, s: Settings, now: float) -> None:
    """The turn under way after a change of the clock to ``s``: counted from ``now`` when
    the limit or the bank changed, and every bank full at the new size when the bank
    changed (``TableService.settings``)."""
    c, old = t.clock, t.settings
    bank_changed = s.bank_minutes != old.bank_minutes
    if ((bank_changed or s.limit_minutes != old.limit_minutes)
            and t.status == PLAYING and c.turn_started is not None):
        # the banks kept are charged the turn so far before it counts from now
        c.banks = settle(c.banks, old.bank_minutes * 60, old.increment_minutes * 60,
                         c.waiting_for, c.turn_started, now, None)
        c.turn_started = now
    if bank_changed:
        c.banks = {}


def _need_host(table: Table, user: str, reason: str) -> None:
    if user != table.host:
        raise IllegalAction(reason)
