"""Away mode's data side (issue 24): ``/me away days:<1-14>`` pauses the turn clock for a
person at every playing table they sit at (``Table.set_away``; what a pause means:
engine/away.py), within a quota; ``/me back`` (or their first move anywhere) ends it.

Decisions:

- The quota is :data:`QUOTA_DAYS` days away in any :data:`WINDOW_DAYS` (counted as the
  time away in the year before the request, plus the days asked for). Three weeks fit a
  long holiday, or several long weekends; a table still cannot be stalled for ever by one
  person, and a year is the period people plan holidays in. Time given back by coming
  back early does not count.
- A new ``/me away`` while away replaces the period under way (it ends now, the new one
  starts now), so the days can be extended or shortened.
- A table whose host refuses away mode (``Settings.away_allowed`` off: tournament tables)
  keeps its clock; the person is told which. Only playing tables are paused: a lobby has
  no clock yet.
- The period is recorded first, in one transaction with its quota check, then each table
  is changed in its own; a table that cannot be changed (it closed meanwhile) is left.
- Coming back early (``/me back`` or the first move) ends the period in one statement
  that only a period still running matches, so of two clicks, or a click and a move at
  once, one comes back and the other finds nothing to end; the tables it resumed are the
  ones whose channels hear that the person is back (cogs/table/away.py). A period that
  simply runs out tells nobody: the channel was told its end when it began, and the clock
  runs again by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from data.core import Core
from data.db import Conn
from data.rows import DamagedTable
from data.store import Store
from engine.table import PLAYING, Table

#: the days one person may be away in any WINDOW_DAYS (see the module's decisions)
QUOTA_DAYS = 21
WINDOW_DAYS = 365
#: the days one /me away may ask for
MAX_DAYS = 14
DAY = 24 * 3600.0


class OverQuota(Exception):
    """The days asked for are more than the quota has left (``days_left``, rounded down)."""

    def __init__(self, days_left: int) -> None:
        super().__init__(days_left)
        self.days_left = days_left


@dataclass
class Away:
    """What ``go_away`` or ``come_back`` did: the period's end, and the tables it paused
    (or resumed) and those that keep their clock (away mode refused there)."""

    until: float
    paused: list[Table] = field(default_factory=list)
    kept: list[Table] = field(default_factory=list)
    #: the start of the period ended early (``come_back``), which names it; None otherwise
    since: float | None = None


async def _used(db: Conn, player: str, now: float) -> float:
    """The seconds of ``player``'s periods away since a year before ``now``, the days still
    to come of one under way included."""
    start = now - WINDOW_DAYS * DAY
    rows = await db.fetch("SELECT since, ends FROM away_periods WHERE player = ? AND ends > ?",
                          (player, start))
    return sum(max(0.0, r["ends"] - max(r["since"], start)) for r in rows)


async def days_left(core: Core, player: str, now: float) -> int:
    """The whole days of the quota ``player`` has left at ``now``."""
    async with core.reading() as db:
        return int((QUOTA_DAYS * DAY - await _used(db, player, now)) // DAY)


async def away_until(core: Core, player: str, now: float) -> float | None:
    """When ``player``'s period away under way ends, or None (not away)."""
    async with core.reading() as db:
        rows = await db.fetch("SELECT ends FROM away_periods WHERE player = ? AND since <= ? "
                              "AND ends > ?", (player, now, now))
    return max(float(r["ends"]) for r in rows) if rows else None


async def go_away(store: Store, player: str, days: int, note: str, now: float) -> Away:
    """Start ``player``'s period away for ``days`` days from ``now`` and pause their clock
    at every playing table that allows it. OverQuota (nothing changed) when the quota has
    fewer days left; ValueError for days outside 1 to :data:`MAX_DAYS`."""
    if not 1 <= days <= MAX_DAYS:
        raise ValueError(f"Away mode lasts 1 to {MAX_DAYS} days.")
    until = now + days * DAY
    async with store.writing() as db:
        await db.execute("UPDATE away_periods SET ends = ? WHERE player = ? AND ends > ?",
                         (now, player, now))
        left = QUOTA_DAYS * DAY - await _used(db, player, now)
        if days * DAY > left + 1e-6:
            raise OverQuota(int(max(0.0, left) // DAY))
        await db.execute("INSERT INTO away_periods (player, since, ends, note) "
                         "VALUES (?, ?, ?, ?)", (player, now, until, note))
    return await _at_tables(store, player, now, until)


async def come_back(store: Store, player: str, now: float) -> Away:
    """End ``player``'s period away at ``now`` (``/me back``, or their first move), at every
    table; nothing changes when they are not away."""
    async with store.writing() as db:
        rows = await db.fetch("UPDATE away_periods SET ends = ? WHERE player = ? AND ends > ? "
                              "RETURNING since", (now, player, now))
    if not rows:
        return Away(now)
    since = max(float(r["since"]) for r in rows)
    done = await _at_tables(store, player, now, now, since)
    done.since = since
    return done


async def _at_tables(store: Store, player: str, now: float, until: float,
                     since: float = 0.0) -> Away:
    """Pause (``until`` after ``now``) or resume the person's clock at each of their
    playing tables; those refusing away mode are listed as kept. Resuming, a table counts
    as paused by the period begun at ``since`` when its own record of the seat's period
    ends after that (the table of the first move has ended it there already)."""
    done = Away(until)
    async with store.reading() as db:
        keys = [int(r[0]) for r in await db.fetch(
            "SELECT table_key FROM live_seats WHERE player = ? ORDER BY table_key", (player,))]
    for key in keys:
        try:
            table = await store.get(key)
        except DamagedTable:
            continue
        if table is None or table.status != PLAYING or table.seat_of(player) is None:
            continue
        if until > now and not table.settings.away_allowed:
            done.kept.append(table)
            continue
        seat = table.seat_of(player)
        period = table.clock.away.get(seat) if seat is not None else None
        if until <= now and (period is None or period[1] <= since):
            continue  # not paused here by this period: nothing to resume
        done.paused.append(await store.mutate(
            key, lambda t, s=seat: t.set_away(s, now, until), now))
    return done
