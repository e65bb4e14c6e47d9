"""Forgetting a person (issue 15, ``/stats forget-me``), inside the store's transactions:
functions over the open transaction's connection.

``Store.forget_player`` runs :func:`forget` in one transaction: the person's ratings on
every server and their rated seats go; at every closed table (finished or abandoned) the
seats they held, or that an AI took over from them, keep only a placeholder as a name
(``{n}``: the seat's number), a table they hosted keeps no host, and the bot's remembered DM
to them and their once-only notices go. Their preferences for every table (``/me
settings``, data/people.py) go too, and so do their times to move and games finished
(data/records.py): everywhere at once, and at a live table again when it closes. The
action log names seats by number and the game states hold no names, so both stay as they
are (the log is append-only).

A person who asks to be forgotten while still seated at a live table is remembered in
``forget_requests`` until every such table has closed: the save that closes a table (a last
move, an abort, the last person leaving) forgets them there in the same transaction
(:func:`forget_closing`, called by the core's save), so a closed table never holds their id,
and a finished game is rated without them (``forgotten_seats``, :func:`unrated_seats`). The
request goes once no live table seats them.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from data import records
from data.db import Conn, Row
from data.rows import LIVE_STATUSES, dumps, seats_of
from engine.table import FINISHED, Seat, Table

#: the store's log: one name for the operator, whichever of the store's modules writes
log = logging.getLogger("data.store")

#: the name a forgotten person's seat keeps at a closed table; ``{n}`` is the seat's number
FORGOTTEN_NAME = "Former player {n}"


@dataclass(frozen=True)
class Forgotten:
    """What :meth:`Store.forget_player` removed: rating rows (one per game and server),
    closed tables whose seats now hold a placeholder, and the live tables that still seat
    the person (each forgets them when it closes, and rates nobody for them)."""

    ratings: int
    tables: int
    live_tables: int


def _forget_in(seats: list[Seat], player: str, template: str) -> list[int]:
    """Forget ``player`` in a closed table's ``seats`` (changed in place): each seat they held,
    or that an AI took over from them, keeps only the placeholder ``template`` (``{n}``: the
    seat's number) as its name, "(AI)" added when an AI played it to the end, and no id.
    Returns those seats."""
    held = [i for i, s in enumerate(seats) if player in (s.player, s.former)]
    for i in held:
        name = template.replace("{n}", str(i + 1))
        seats[i] = Seat(None, f"{name} (AI)" if seats[i].is_ai else name, seats[i].ai)
    return held


def _seated_like(player: str) -> str:
    """A LIKE pattern for the rows whose seats may name ``player`` (then checked)."""
    return f'%"{player}"%'


async def waiting(db: Conn) -> list[str]:
    """The people whose forget-me request waits."""
    return [r[0] for r in await db.fetch("SELECT player FROM forget_requests")]


async def forget(db: Conn, player: str, placeholder: str | None, at: float,
                 lock_row: str) -> Forgotten | None:
    """Forget ``player`` everywhere (the module docstring), inside the open transaction;
    with no ``placeholder``, only if the person's request still waits (with its
    placeholder), else None.

    Live tables (lobby or playing) keep them seated: their game is still being played.
    The request is then remembered (``forget_requests``, with ``placeholder``): each of
    those tables forgets them in the save that closes it, finished, aborted or abandoned,
    and a finished one rates nobody for their seats; the request goes once no live table
    seats them (a table they join meanwhile included). With no live table left, nothing is
    remembered.

    The rows that may seat them are locked first (PostgreSQL, ``lock_row``), so a table
    closing at this moment is either closed before it is read here, and forgotten here, or
    closes after this commits, and finds the request. The tables are locked before the
    request is read: a closing table locks its row, then drops the request, so this order
    never waits in a circle with it.
    """
    rows = await db.fetch(
        f"SELECT key, status, host, meta FROM tables WHERE host = ? OR meta LIKE ? "
        f"ORDER BY key{lock_row}", (player, _seated_like(player)))
    if placeholder is None:
        found = await db.fetch("SELECT placeholder FROM forget_requests WHERE player = ?",
                               (player,))
        if not found:
            return None  # dropped meanwhile: its last table closed
        placeholder = str(found[0][0])
    ratings = await db.execute("DELETE FROM ratings WHERE player = ?", (player,))
    await db.execute("DELETE FROM rating_changes WHERE player = ?", (player,))
    # their preferences for every table (/me settings, data/people.py) go at once: a live
    # table then follows the defaults, which hold nothing of the person
    await db.execute("DELETE FROM person_settings WHERE player = ?", (player,))
    await db.execute("DELETE FROM held_notices WHERE player = ?", (player,))
    await db.execute("DELETE FROM away_periods WHERE player = ?", (player,))
    await records.forget(db, player)  # times to move, games finished (data/records.py)
    closed = live = 0
    for row in rows:
        seated = await _forget_at_row(db, row, player, placeholder)
        live += seated == "live"
        closed += seated == "closed"
    if live:
        await db.execute(
            "INSERT INTO forget_requests (player, placeholder, asked_at) VALUES (?, ?, ?) "
            "ON CONFLICT (player) DO UPDATE SET placeholder = excluded.placeholder",
            (player, placeholder, at))
    else:
        await db.execute("DELETE FROM forget_requests WHERE player = ?", (player,))
    log.info("a player was forgotten: %d ratings, %d closed tables, %d live tables to "
             "forget them when they close", ratings, closed, live)
    return Forgotten(ratings, closed, live)


async def _forget_at_row(db: Conn, row: Row, player: str, placeholder: str) -> str | None:
    """Forget ``player`` at the table of ``row`` (key, status, host, meta) if it is closed:
    "closed" when it was, "live" for a live table that seats or is hosted by them (left as
    it is), None when it does not (or its seats cannot be read)."""
    try:
        meta = json.loads(row["meta"])
        seats = seats_of(meta)
    except Exception as exc:  # noqa: BLE001 - damaged seats: nothing to read or change
        log.warning("table %s: seats unreadable (%s), a forgotten player may stay",
                    row["key"], type(exc).__name__)
        return None
    key, status = int(row["key"]), row["status"]
    if row["host"] != player and not any(player in (s.player, s.former) for s in seats):
        return None
    if status in LIVE_STATUSES:
        return "live"
    held = _forget_in(seats, player, placeholder)
    meta["seats"] = [s.to_dict() for s in seats]
    await db.execute(
        "UPDATE tables SET meta = ?, host = CASE WHEN host = ? THEN '' ELSE host "
        "END, version = version + 1 WHERE key = ?",
        (dumps(meta), player, key))
    await _forgotten_at(db, key, status, player, held)
    return "closed"


async def _forgotten_at(db: Conn, key: int, status: str, player: str,
                        seats: Sequence[int]) -> None:
    """After ``player`` was forgotten in the seats of closed table ``key``: the bot's
    remembered DM to them and their once-only notices there go, and a finished table
    not rated yet remembers those seats, so that its rating counts them for nobody."""
    await db.execute("DELETE FROM messages WHERE table_key = ? AND kind = ?",
                     (key, f"hand:{player}"))
    await db.execute("DELETE FROM flags WHERE table_key = ? AND name LIKE ?",
                     (key, f"%:{player}"))
    await records.forget(db, player, key)
    if status != FINISHED or not seats:
        return
    rated = await db.fetch("SELECT 1 FROM closed_tables WHERE table_key = ? "
                           "AND rated_at IS NOT NULL", (key,))
    if not rated:
        await db.executemany(
            "INSERT INTO forgotten_seats (table_key, seat) VALUES (?, ?) "
            "ON CONFLICT DO NOTHING", [(key, seat) for seat in seats])


async def forget_closing(db: Conn, key: int, status: str, seats: list[Seat],
                         host: str) -> tuple[str, list[int]]:
    """Table ``key`` is closing (or closed) with ``seats`` and ``host``: forget there,
    in place, every person seated or hosting whose forget-me request waits, and drop
    each request that no other live table needs. Returns the host (``""`` if it was
    forgotten) and the seats forgotten."""
    ids = sorted({p for s in seats for p in (s.player, s.former) if p}
                 | ({host} if host else set()))
    if not ids:
        return host, []
    waiting = await db.fetch(
        f"SELECT player, placeholder FROM forget_requests "
        f"WHERE player IN ({', '.join('?' * len(ids))}) ORDER BY player", ids)
    forgotten: list[int] = []
    for row in waiting:
        player = row["player"]
        held = _forget_in(seats, player, row["placeholder"])
        if host == player:
            host = ""
        await _forgotten_at(db, key, status, player, held)
        forgotten += held
        if not await _seated_live(db, player, besides=key):
            await db.execute("DELETE FROM forget_requests WHERE player = ?", (player,))
            log.info("table %s closed: a player's forget-me request is done", key)
    return host, sorted(forgotten)


async def forget_closing_row(db: Conn, key: int) -> None:
    """``forget_closing`` for a table closed by a plain update (``Store.abandon``): its
    seats are read from the row; a row whose seats cannot be read is left as it is (the
    request stays, and ``Store.forget_waiting`` comes back to it)."""
    rows = await db.fetch("SELECT status, host, meta FROM tables WHERE key = ?", (key,))
    try:
        meta = json.loads(rows[0]["meta"])
        seats = seats_of(meta)
    except Exception:  # noqa: BLE001 - a damaged table closes all the same
        return
    host, forgotten = await forget_closing(db, key, rows[0]["status"], seats, rows[0]["host"])
    if forgotten or host != rows[0]["host"]:
        meta["seats"] = [s.to_dict() for s in seats]
        await db.execute("UPDATE tables SET meta = ?, host = ? WHERE key = ?",
                         (dumps(meta), host, key))


async def _seated_live(db: Conn, player: str, besides: int) -> bool:
    """Whether a live table other than ``besides`` seats or is hosted by ``player``."""
    rows = await db.fetch(
        "SELECT host, meta FROM tables WHERE status IN ('lobby', 'playing') AND key <> ? "
        "AND (host = ? OR meta LIKE ?)", (besides, player, _seated_like(player)))
    for row in rows:
        if row["host"] == player:
            return True
        try:
            seats = seats_of(json.loads(row["meta"]))
        except Exception:  # noqa: BLE001 - unreadable seats: count it, to be safe
            return True
        if any(player in (s.player, s.former) for s in seats):
            return True
    return False


async def unrated_seats(db: Conn, table: Table) -> set[int]:
    """The seats of a finished table being rated whose person was forgotten: those
    forgotten when it closed (``forgotten_seats``, dropped now that they are used), and
    any person seated there whose request still waits (a table closed without the
    store's save, e.g. by an older version of the bot), forgotten now."""
    key = table.key or 0
    rows = await db.fetch("SELECT seat FROM forgotten_seats WHERE table_key = ?", (key,))
    seats = {int(r[0]) for r in rows if 0 <= int(r[0]) < len(table.seats)}
    if rows:
        await db.execute("DELETE FROM forgotten_seats WHERE table_key = ?", (key,))
    host = table.host
    table.host, fresh = await forget_closing(db, key, FINISHED, table.seats, host)
    if fresh or table.host != host:
        await db.execute("UPDATE tables SET meta = ?, host = ?, version = version + 1 "
                         "WHERE key = ?", (dumps(table.dump_meta()), table.host, key))
    return seats | set(fresh)
