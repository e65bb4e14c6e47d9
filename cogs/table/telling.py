"""How each person at a table is told that the game waits for them (issue 14's ``/game
notify`` per table, issue 24's ``/me settings`` for every table): a new hand DM, a ping in
the turn message, both, or neither until the turn clock's reminder.

A seat's own ``/game notify`` choice wins. A seat without one follows its person's ``/me
settings``. A seat has its own choice when its mode is not the default ("turns": a person
who chose "reminders" or "none" before ``/me`` existed keeps it) or when the table raised
the flag ``notify-own:<player>`` (``/game notify`` raises it, so that choosing "turns" at
one table overrides, say, "quiet" for every table). A person who set nothing is told by DM
alone, as before ``/me``: each person waited for is told once per turn, by one channel.
The heads-up when one is next (``/me settings heads_up``, cogs/table/heads_up.py) is extra
to that notice and opt-in; a table's own choice of "reminders" or "none" turns it off there.

During a person's quiet hours (``/me settings``, read on their own wall clock:
``data.people.quiet_at``) they get no DM and no ping at any table, whatever either choice
says; the turns that would have told them are held (``held_notices``) and told once, in
one DM, when the hours end (cogs/table/quiet.py). Their hand message is still edited in
place, which notifies nobody.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from data.people import (
    NOTIFY_BOTH,
    NOTIFY_DM,
    NOTIFY_PING,
    NOTIFY_QUIET,
    hold,
    preferences_many,
    quiet_at,
)
from engine.table import NOTIFY_NONE, NOTIFY_REMINDERS, NOTIFY_TURNS, Seat, Table

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

#: how a hand goes to its person: a new DM (it notifies) or an edit of the hand message
NEW, EDIT = "new", "edit"
#: the flag a table raises when a person makes their own ``/game notify`` choice there
OWN_CHOICE = "notify-own:"
#: the time now, for quiet hours (the tests of daylight-saving nights set it)
clock: Callable[[], float] = time.time


@dataclass(frozen=True)
class Telling:
    """How one person is told: ``dm`` a new hand DM when the game starts waiting for them
    (and at the end), ``ping`` a ping in the turn message, ``reminder_dm`` a new hand DM
    when the turn clock reminds them (whose channel notice pings in every case)."""

    dm: bool
    ping: bool
    reminder_dm: bool
    #: the person's quiet hours now: no DM and no ping; ``holds_turn``: a turn that would
    #: have told them is held, and told when the hours end
    quiet_hours: bool = False
    holds_turn: bool = False


#: a seat's own ``/game notify`` choice
SEAT_CHOICE = {
    NOTIFY_TURNS: Telling(dm=True, ping=False, reminder_dm=False),
    NOTIFY_REMINDERS: Telling(dm=False, ping=True, reminder_dm=True),
    NOTIFY_NONE: Telling(dm=False, ping=True, reminder_dm=False),
}
#: a person's ``/me settings`` choice, for every table without its own
PERSON_CHOICE = {
    NOTIFY_DM: SEAT_CHOICE[NOTIFY_TURNS],
    NOTIFY_PING: SEAT_CHOICE[NOTIFY_NONE],
    NOTIFY_BOTH: Telling(dm=True, ping=True, reminder_dm=False),
    NOTIFY_QUIET: Telling(dm=False, ping=False, reminder_dm=True),
}
#: an AI seat: nobody to tell (its name is on the board)
NOBODY = SEAT_CHOICE[NOTIFY_NONE]


def own_choice(seat: Seat, flags: Collection[str]) -> bool:
    """Whether the seat's person made their own ``/game notify`` choice at the table
    (``flags``: the table's flags of ``OWN_CHOICE``); see the module docstring."""
    return seat.notify != NOTIFY_TURNS or f"{OWN_CHOICE}{seat.player}" in flags


async def tellings(bot: ParleyBot, table: Table) -> dict[int, Telling]:
    """How the person of each seat is told now (AI seats: ``NOBODY``): one read of the
    table's flags and one of its people's preferences."""
    people = {i: s for i, s in enumerate(table.seats) if s.is_person and s.player}
    own = await bot.store.flags(table.key, OWN_CHOICE) if table.key is not None else set()
    prefs = await preferences_many(bot.store, [str(s.player) for s in people.values()]) \
        if people else {}
    now = clock()
    out = {}
    for i in range(len(table.seats)):
        s = table.seats[i]
        mine = prefs.get(str(s.player)) if i in people else None
        if i not in people:
            out[i] = NOBODY
            continue
        if mine is not None and not own_choice(s, own):
            told = PERSON_CHOICE[mine.notify]
        else:
            told = SEAT_CHOICE.get(s.notify, SEAT_CHOICE[NOTIFY_TURNS])
        if mine is not None and quiet_at(mine, now):
            told = Telling(False, False, False, quiet_hours=True,
                           holds_turn=told.dm or told.ping)
        out[i] = told
    return out


async def hold_turns(bot: ParleyBot, table: Table, seats: Iterable[int],
                     told: dict[int, Telling], reminded: bool = False) -> None:
    """Hold, for the end of their quiet hours, the turn of each of ``seats`` whose person
    would have been told of it now (``reminded``: by the turn clock's reminder, which
    tells everyone it reminds)."""
    for seat in seats:
        t = told.get(seat, NOBODY)
        person = table.seats[seat].player
        if t.quiet_hours and (t.holds_turn or reminded) and person and table.key is not None:
            await hold(bot.store, person, table.key, clock())


async def unpinged(bot: ParleyBot, table: Table, told: dict[int, Telling]) -> set[int]:
    """The seats the turn message does not ping: their person is told by DM alone (and
    their DMs are open), or asked to be told only by the reminder. A person told by DM
    whose DMs are closed is pinged instead."""
    quiet = {s for s, t in told.items() if not t.ping and table.seats[s].is_person}
    by_dm = {s for s in quiet if told[s].dm}
    if not by_dm or table.key is None:
        return quiet
    closed = await bot.store.flags(table.key, "dm-closed:")
    return {s for s in quiet
            if not told[s].dm or f"dm-closed:{table.seats[s].player}" not in closed}


def hand_dm(told: Telling, *, asked: bool = False, ended: bool = False,
            changed: bool = False, reminded: bool = False) -> str | None:
    """How a person's hand goes to them now (issue 14, "Fewer DMs, and the right ones"):
    ``NEW`` (a new DM, which notifies), ``EDIT`` (their hand message edited in place, which
    does not) or None.

    ``asked``: the game has just started waiting for them; ``ended``: the game is over;
    ``changed``: their hand, or whether it is their turn, changed; ``reminded``: the turn
    clock reminds them. How they are told (``told``) decides the new DMs: one when the
    game starts waiting for them and at the end for those told by DM; one at the
    reminder for those who asked for it ("reminders", or "quiet" in ``/me settings``).

    In every case the hand message that exists is edited when something in it changed: an
    edit notifies nobody, and a stale hand would mislead. ``/game hand`` always shows the
    hand.
    """
    if reminded:
        return NEW if told.reminder_dm else None
    if (asked or ended) and told.dm:
        return NEW
    return EDIT if asked or ended or changed else None
