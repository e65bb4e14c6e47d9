"""One person across every table (issue 24, ``/me``): the live tables that seat them, and
their preferences for every table. Functions over the store's core (data/core.py), like
data/ratings.py; nothing here imports the store.

**A person's tables** (:func:`tables_of`) are found with one indexed query: ``live_seats``
(migration 7) holds a row per person and live table that seats them, kept by the
database's own triggers on ``tables``, so its primary key (player, table_key) leads to the
person's rows, each joined to its table by key and to the bot's remembered post of it by
``messages``' key. No row's seats JSON is read beyond the person's own tables, and no game
state is decoded (shared DESIGN.md: "listings never decode a state they do not need").

Order, our choice: the tables waiting for the person first, then the others; within each,
the table changed most recently first (``updated_at``: a move, a join, the clock's
reminder), the key last so that two tables saved in the same instant keep one order.

**Preferences** (:class:`Preferences`) are stored per person, not per server, in
``person_settings``, and removed by ``/stats forget-me`` with the rest of the person
(data/forgetting.py, ``forget``, in its transaction).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from datetime import time as clock_time
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from data.core import Core
from data.db import Conn, Row
from data.rows import HEAD_COLUMNS, DamagedTable
from engine.core import IllegalAction
from engine.table import PLAYING, Table

# -- a person's tables ---------------------------------------------------------------------

#: the table columns of :func:`tables_of`'s query, each prefixed with the table's alias
_COLUMNS = ", ".join(f"t.{c.strip()}" for c in HEAD_COLUMNS.split(","))


@dataclass(frozen=True)
class Seated:
    """A live table that seats the person: the table without its state, when it last
    changed (epoch seconds), the seats that are theirs, whether the game waits for one of
    them, and the bot's remembered post of the table (channel id, message id; None when
    it knows none): the turn message of a game, the lobby message of a lobby."""

    table: Table
    updated_at: float
    seats: tuple[int, ...]
    waiting: bool
    post: tuple[str, str] | None


async def tables_of(core: Core, player: str, turn_kind: str, lobby_kind: str) -> list[Seated]:
    """Every live table (lobby or playing) that seats ``player``, in every server, waiting
    for them first (see the module docstring). ``turn_kind`` and ``lobby_kind`` name the
    remembered posts (``messages.kind``) of a game and of a lobby: they are the cogs'
    words, passed in so that this layer does not import them. A row whose seats cannot be
    read is left out (and logged once by the core)."""
    async with core.reading() as db:
        rows = await db.fetch(
            f"SELECT {_COLUMNS}, t.updated_at AS updated_at, "
            "mt.channel_id AS turn_channel, mt.message_id AS turn_message, "
            "ml.channel_id AS lobby_channel, ml.message_id AS lobby_message "
            "FROM live_seats AS p JOIN tables AS t ON t.key = p.table_key "
            "LEFT JOIN messages AS mt ON mt.table_key = t.key AND mt.kind = ? "
            "LEFT JOIN messages AS ml ON ml.table_key = t.key AND ml.kind = ? "
            "WHERE p.player = ? AND t.status IN ('lobby', 'playing')",
            (turn_kind, lobby_kind, player))
    out = []
    for row in rows:
        try:
            table = core.head(row)
        except DamagedTable:
            continue
        out.append(_seated(table, row, player))
    out.sort(key=lambda s: (not s.waiting, -s.updated_at, -(s.table.key or 0)))
    return out


def _seated(table: Table, row: Row, player: str) -> Seated:
    mine = tuple(i for i, s in enumerate(table.seats) if s.player == player and s.is_person)
    waiting = table.status == PLAYING and any(i in table.clock.waiting_for for i in mine)
    channel, message = ("turn_channel", "turn_message") if table.status == PLAYING \
        else ("lobby_channel", "lobby_message")
    post = (str(row[channel]), str(row[message])) if row[message] is not None else None
    return Seated(table, float(row["updated_at"]), mine, waiting, post)


# -- preferences ---------------------------------------------------------------------------

#: how a person is told it is their turn: a DM, a ping in the channel, both, or neither
#: (only the clock's reminder)
NOTIFY_DM, NOTIFY_PING, NOTIFY_BOTH, NOTIFY_QUIET = "dm", "ping", "both", "quiet"
NOTIFY_CHOICES = (NOTIFY_DM, NOTIFY_PING, NOTIFY_BOTH, NOTIFY_QUIET)
#: quiet hours as typed: "23:00", "8", "8:30", "08.30"
_HOUR = re.compile(r"\s*([01]?[0-9]|2[0-3])(?:[:.h]([0-5][0-9]))?\s*")


@dataclass(frozen=True)
class Preferences:
    """One person's preferences for every table.

    Defaults, our choice: told by a DM alone (what every table did before ``/me settings``
    existed, so a person who never sets anything notices no change, and each person is told
    once per turn, by one channel), no time zone and no quiet hours, and no heads-up (the issue: "off by default").
    ``quiet_from`` and ``quiet_to`` are minutes after midnight in ``zone``; a span whose end
    is not after its start crosses midnight (23:00-08:00)."""

    notify: str = NOTIFY_DM
    zone: str | None = None
    quiet_from: int | None = None
    quiet_to: int | None = None
    heads_up: bool = False

    @property
    def quiet(self) -> bool:
        """Whether quiet hours are set."""
        return self.zone is not None and self.quiet_from is not None \
            and self.quiet_to is not None


DEFAULTS = Preferences()


def zone_named(text: str) -> str:
    """The IANA time zone ``text`` names (its exact spelling, any letter case);
    IllegalAction saying what is allowed when there is none."""
    wanted = text.strip()
    known = _zones()
    found = known.get(wanted.casefold())
    if found is None:
        raise IllegalAction(
            f"I do not know the time zone “{wanted[:60]}”. Pick one from the list as you "
            "type: an IANA zone name such as Europe/Berlin, America/New_York or UTC. "
            "Nothing was changed.")
    return found


@functools.cache
def _zones() -> dict[str, str]:
    """Every zone this machine knows, by its name in lower case (read once: the list
    is read from the system's or tzdata's files)."""
    return {z.casefold(): z for z in available_timezones()}


def zones_matching(typed: str, limit: int = 25) -> list[str]:
    """At most ``limit`` zone names for an autocomplete: those that start with what is
    typed first, then those that contain it, each group in alphabetical order."""
    wanted = typed.strip().casefold().replace(" ", "_")
    names = sorted(_zones().values())
    first = [z for z in names if z.casefold().startswith(wanted)]
    rest = [z for z in names if wanted in z.casefold() and not z.casefold().startswith(wanted)]
    return (first + rest)[:limit]


def minutes_of(text: str) -> int:
    """Minutes after midnight of a time typed as "23:00", "8" or "8:30"; IllegalAction
    saying what is allowed otherwise."""
    found = _HOUR.fullmatch(text or "")
    if found is None:
        raise IllegalAction(
            f"“{text[:20]}” is not a time of day I can read. Give hours as HH:MM on a "
            "24-hour clock, 00:00 to 23:59 (for example 23:00 and 08:00). Nothing was changed.")
    return int(found[1]) * 60 + int(found[2] or 0)


def quiet_at(prefs: Preferences, utc_seconds: float) -> bool:
    """Whether ``utc_seconds`` falls in the person's quiet hours, read on the wall clock of
    their zone (so a daylight-saving change moves the hours with the clock, as a person
    lives them)."""
    if not prefs.quiet:
        return False
    assert prefs.zone is not None and prefs.quiet_from is not None and prefs.quiet_to is not None
    local = datetime.fromtimestamp(utc_seconds, ZoneInfo(prefs.zone))
    now = local.hour * 60 + local.minute
    start, end = prefs.quiet_from, prefs.quiet_to
    if start == end:
        return False
    return start <= now < end if start < end else (now >= start or now < end)


def hhmm(minutes: int) -> str:
    """"23:00" of 1380."""
    return clock_time(minutes // 60, minutes % 60).strftime("%H:%M")


def checked(prefs: Preferences, *, notify: str | None = None, zone: str | None = None,
            quiet_from: str | None = None, quiet_to: str | None = None,
            heads_up: bool | None = None, clear_quiet: bool = False) -> Preferences:
    """``prefs`` with what was given changed, every value checked first (IllegalAction,
    nothing changed, on the first that is not allowed). Quiet hours need both ends and a
    time zone (given now or before); ``clear_quiet`` removes them."""
    if notify is not None and notify not in NOTIFY_CHOICES:
        raise IllegalAction(f"“{notify[:20]}” is not a way to be told. Choose one of: "
                            f"{', '.join(NOTIFY_CHOICES)}. Nothing was changed.")
    new_zone = zone_named(zone) if zone is not None else prefs.zone
    start = minutes_of(quiet_from) if quiet_from is not None else None
    end = minutes_of(quiet_to) if quiet_to is not None else None
    if (start is None) != (end is None):
        raise IllegalAction("Quiet hours need both a start and an end, as HH:MM (for example "
                            "quiet_from 23:00 and quiet_to 08:00). Nothing was changed.")
    if start is not None and start == end:
        raise IllegalAction("Quiet hours must start and end at different times (for example "
                            "23:00 to 08:00). Nothing was changed.")
    if start is not None and new_zone is None:
        raise IllegalAction("Quiet hours are read in your time zone: give a zone too (for "
                            "example Europe/Berlin). Nothing was changed.")
    out = replace(prefs, zone=new_zone)
    if notify is not None:
        out = replace(out, notify=notify)
    if heads_up is not None:
        out = replace(out, heads_up=heads_up)
    if clear_quiet:
        out = replace(out, quiet_from=None, quiet_to=None)
    elif start is not None:
        out = replace(out, quiet_from=start, quiet_to=end)
    return out


async def preferences(core: Core, player: str) -> Preferences:
    """The person's preferences (the defaults when they set none)."""
    async with core.reading() as db:
        return (await preferences_of(db, [player])).get(player, DEFAULTS)


async def preferences_of(db: Conn, players: Sequence[str]) -> dict[str, Preferences]:
    """The preferences of those of ``players`` who set any, inside an open connection."""
    if not players:
        return {}
    rows = await db.fetch(
        "SELECT player, notify, zone, quiet_from, quiet_to, heads_up FROM person_settings "
        f"WHERE player IN ({', '.join('?' * len(players))})", list(players))
    out = {}
    for r in rows:
        notify = r["notify"] if r["notify"] in NOTIFY_CHOICES else NOTIFY_DM
        zone = r["zone"]
        try:
            if zone is not None:
                ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):  # a zone this machine no longer knows
            zone = None
        out[r["player"]] = Preferences(notify, zone, r["quiet_from"], r["quiet_to"],
                                       bool(r["heads_up"]))
    return out


async def save_preferences(core: Core, player: str, prefs: Preferences, now: float) -> None:
    """Store the person's preferences (replacing what they had)."""
    async with core.writing() as db:
        await db.execute(
            "INSERT INTO person_settings (player, notify, zone, quiet_from, quiet_to, "
            "heads_up, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player) DO "
            "UPDATE SET notify = excluded.notify, zone = excluded.zone, quiet_from = "
            "excluded.quiet_from, quiet_to = excluded.quiet_to, heads_up = "
            "excluded.heads_up, updated_at = excluded.updated_at",
            (player, prefs.notify, prefs.zone, prefs.quiet_from, prefs.quiet_to,
             int(prefs.heads_up), float(now)))



async def preferences_many(core: Core, players: Sequence[str]) -> dict[str, Preferences]:
    """The preferences of those of ``players`` who set any (one read)."""
    async with core.reading() as db:
        return await preferences_of(db, sorted(set(players)))


# -- turns held during quiet hours ---------------------------------------------------------


async def hold(core: Core, player: str, key: int, now: float) -> None:
    """Remember that table ``key`` started waiting for ``player`` during their quiet hours
    (once per table: a second turn there before the hours end adds nothing)."""
    async with core.writing() as db:
        await db.execute(
            "INSERT INTO held_notices (player, table_key, held_at) VALUES (?, ?, ?) "
            "ON CONFLICT (player, table_key) DO NOTHING", (player, key, float(now)))


async def held_people(core: Core) -> list[str]:
    """The people with turns held for them."""
    async with core.reading() as db:
        return [str(r[0]) for r in await db.fetch(
            "SELECT DISTINCT player FROM held_notices ORDER BY player")]


async def take_held(core: Core, player: str) -> list[int]:
    """The tables held for ``player``, removed in the same transaction: whichever process
    takes them tells the person, and no other does (told at most once)."""
    async with core.writing() as db:
        rows = await db.fetch("DELETE FROM held_notices WHERE player = ? RETURNING table_key",
                              (player,))
    return sorted(int(r[0]) for r in rows)
