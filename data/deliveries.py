"""Deliveries owed (issue 21, "what a move must publish is recorded in the same transaction
as the move"): the turn message, the pings, the hand DMs and the AI's next move that a
table's change still owes its channel and its players.

Every change that the players must hear of (a move, the deal, a seat taken or given up, a
move taken back, a time-out's AI move) adds one *part* to its table's row of
``deliveries`` inside the transaction that saves the change (:func:`owe`, called by the
store). The cogs' deliverer publishes what the parts say and removes them once delivered
(:meth:`Deliveries.settle`); when Discord refuses or fails, or the bot stops half-way, the
row stays, with the items already delivered (``done``), the next try and the problem in
words, and the delivery worker takes it up again. So a move that committed is always
published, once, whatever happens between the commit and Discord.

A part is plain JSON, what the publisher needs and no more:

- ``before``: the public view the board showed before the change (None: unknown);
- ``events``: the change's events (``Event.to_dict``), private ones included: they go
  only to their seats' DMs, as when published at once;
- ``changed``: the seats whose private view the change altered;
- ``waiting``: the people the game waited for before the change and after it;
- ``taken`` (a seat a new person took over) and ``gone`` (a person who gave up a seat);
- ``fresh``: the state before is unknown to the hands (the deal, a repair): every hand
  message is brought up to date.

A table whose channel or server is gone is *paused* (``paused``, a reason in words): the
worker leaves it, the turn clock skips it, and it resumes when its channel answers again
(:meth:`Deliveries.resume`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from data.core import Core
from data.db import Conn

#: the waits between tries of a delivery that failed: quick at first, then every 10 minutes
BACKOFF = (5.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0)


def backoff(attempts: int) -> float:
    """Seconds to wait before try number ``attempts + 1`` of a delivery."""
    return BACKOFF[min(max(attempts - 1, 0), len(BACKOFF) - 1)]


def part(*, before: dict | None, events: Sequence[Any], changed: Sequence[int],
         waiting: Sequence[Sequence[int]], taken: int | None = None, gone: str | None = None,
         fresh: bool = False) -> dict[str, Any]:
    """One change's part, as :func:`owe` stores it (the module docstring says each key)."""
    return {"before": before, "events": [e.to_dict() for e in events],
            "changed": sorted(changed), "waiting": [sorted(w) for w in waiting],
            "taken": taken, "gone": gone, "fresh": fresh}


@dataclass
class Owed:
    """A table's row of ``deliveries``: the parts not yet delivered, in order."""

    key: int
    parts: list[dict[str, Any]]
    done: set[str] = field(default_factory=set)
    since: float = 0.0
    attempts: int = 0
    next_try: float = 0.0
    problem: str | None = None
    paused: str | None = None


#: a row holding this many parts (deliveries failing for a long while) is folded into one
FOLD_AT = 40
#: the events a folded part keeps: the news the board shows, not the whole history
FOLDED_EVENTS = 30


def fold(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Several parts as one, so that a row whose delivery keeps failing stays small: the
    board shown before the first, the latest events, every seat whose hand changed, the
    people waited for before the first and after the last."""
    first, last = parts[0], parts[-1]
    return {"before": first["before"],
            "events": [e for p in parts for e in p["events"]][-FOLDED_EVENTS:],
            "changed": sorted({s for p in parts for s in p["changed"]}),
            "waiting": [first["waiting"][0], last["waiting"][-1]],
            "taken": next((p["taken"] for p in reversed(parts) if p.get("taken") is not None),
                          None),
            "gone": next((p["gone"] for p in reversed(parts) if p.get("gone")), None),
            "fresh": any(p.get("fresh") for p in parts), "version": last.get("version", 0)}


async def owe(db: Conn, key: int, new: dict[str, Any], now: float) -> None:
    """Inside a change's transaction: add its part to the table's deliveries. Only the first
    part keeps the board shown before it (the story starts there); a long run of parts is
    folded (``fold``)."""
    rows = await db.fetch("SELECT parts FROM deliveries WHERE table_key = ?", (key,))
    if not rows:
        await db.execute(
            "INSERT INTO deliveries (table_key, parts, since, next_try) VALUES (?, ?, ?, ?)",
            (key, json.dumps([new]), float(now), float(now)))
        return
    parts = json.loads(rows[0]["parts"])
    parts.append(dict(new, before=None) if parts else new)
    if len(parts) >= FOLD_AT:
        parts = [fold(parts)]
    await db.execute("UPDATE deliveries SET parts = ? WHERE table_key = ?",
                     (json.dumps(parts), key))


def _owed(row: Any) -> Owed:
    return Owed(int(row["table_key"]), json.loads(row["parts"]), set(json.loads(row["done"])),
                float(row["since"]), int(row["attempts"]), float(row["next_try"]),
                row["problem"], row["paused"])


_ROW = "table_key, parts, done, since, attempts, next_try, problem, paused"


class Deliveries:
    """The ``deliveries`` rows, read and settled by the cogs' deliverer and its worker.

    It works through the store's own transactions (``Store.deliveries``: the store's core,
    data/core.py)."""

    def __init__(self, store: Core) -> None:
        self._store = store

    async def add(self, key: int, new: dict[str, Any], now: float) -> None:
        """Owe a part in a transaction of its own: for a change the store writes in a
        transaction that knows nothing of deliveries (a repair, a move taken back), right
        after it; a crash in between is caught up by the table's next change."""
        async with self._store.writing() as db:
            await owe(db, key, new, now)

    async def get(self, key: int) -> Owed | None:
        async with self._store.reading() as db:
            rows = await db.fetch(f"SELECT {_ROW} FROM deliveries WHERE table_key = ?", (key,))
        return _owed(rows[0]) if rows else None

    async def due(self, now: float, limit: int = 50) -> list[int]:
        """Tables with a delivery whose next try has come, oldest first; paused ones and
        closed tables whose end was told are left out."""
        async with self._store.reading() as db:
            rows = await db.fetch(
                "SELECT d.table_key FROM deliveries d JOIN tables t ON t.key = d.table_key "
                "WHERE d.paused IS NULL AND d.next_try <= ? AND t.status IN "
                "('playing', 'finished') ORDER BY d.next_try LIMIT ?", (float(now), limit))
        return [int(r[0]) for r in rows]

    async def settle(self, key: int, version: int) -> None:
        """Everything owed up to the table's ``version`` was delivered: remove those parts
        (and the row, unless a change came meanwhile or the table is paused)."""
        async with self._store.writing() as db:
            rows = await db.fetch("SELECT parts, paused FROM deliveries WHERE table_key = ?",
                                  (key,))
            if not rows:
                return
            rest = [p for p in json.loads(rows[0]["parts"])
                    if int(p.get("version", 0)) > version]
            if not rest and rows[0]["paused"] is None:
                await db.execute("DELETE FROM deliveries WHERE table_key = ?", (key,))
            else:
                await db.execute(
                    "UPDATE deliveries SET parts = ?, done = '[]', attempts = 0, problem = NULL "
                    "WHERE table_key = ?", (json.dumps(rest), key))

    async def failed(self, key: int, done: set[str], problem: str, now: float,
                     wait: float | None = None) -> int:
        """A try failed: keep what was delivered, say why, and set the next try (after
        ``wait`` seconds, else by ``backoff``). Returns the number of tries so far."""
        async with self._store.writing() as db:
            rows = await db.fetch("SELECT attempts FROM deliveries WHERE table_key = ?", (key,))
            attempts = (int(rows[0][0]) if rows else 0) + 1
            delay = backoff(attempts) if wait is None else wait
            if rows:
                await db.execute(
                    "UPDATE deliveries SET done = ?, attempts = ?, next_try = ?, problem = ? "
                    "WHERE table_key = ?",
                    (json.dumps(sorted(done)), attempts, float(now + delay), problem, key))
            else:
                await db.execute(
                    "INSERT INTO deliveries (table_key, parts, done, since, attempts, next_try, "
                    "problem) VALUES (?, '[]', ?, ?, ?, ?, ?)",
                    (key, json.dumps(sorted(done)), float(now), attempts, float(now + delay),
                     problem))
        return attempts

    async def pause(self, key: int, reason: str, now: float) -> bool:
        """Pause a table whose channel or server is gone; False if it already was."""
        async with self._store.writing() as db:
            changed = await db.execute(
                "UPDATE deliveries SET paused = ? WHERE table_key = ? AND paused IS NULL",
                (reason, key))
            if changed:
                return True
            if await db.fetch("SELECT 1 FROM deliveries WHERE table_key = ?", (key,)):
                return False
            await db.execute(
                "INSERT INTO deliveries (table_key, parts, since, next_try, paused) "
                "VALUES (?, '[]', ?, ?, ?)", (key, float(now), float(now), reason))
            return True

    async def resume(self, key: int, now: float) -> bool:
        """Take a paused table up again: its delivery is due at once (with nothing owed, the
        board is posted anew). False if it was not paused."""
        async with self._store.writing() as db:
            return await db.execute(
                "UPDATE deliveries SET paused = NULL, attempts = 0, problem = NULL, "
                "next_try = ? WHERE table_key = ? AND paused IS NOT NULL",
                (float(now), key)) == 1

    async def paused(self, *, channel: str | None = None, guild: str | None = None
                     ) -> list[int]:
        """The paused live tables of a channel (or threads of it) or of a server."""
        return await self._playing("JOIN deliveries d ON d.table_key = t.key "
                                   "WHERE d.paused IS NOT NULL AND", channel, guild)

    async def live_in(self, *, channel: str | None = None, guild: str | None = None
                      ) -> list[int]:
        """The playing tables of a channel (or threads of it) or of a server."""
        return await self._playing("WHERE", channel, guild)

    async def _playing(self, where: str, channel: str | None, guild: str | None
                       ) -> list[int]:
        sql = f"SELECT t.key FROM tables t {where} t.status = 'playing'"
        params: list[Any] = []
        if channel is not None:
            sql += " AND (t.channel = ? OR t.parent = ?)"
            params += [channel, channel]
        if guild is not None:
            sql += " AND t.guild = ?"
            params.append(guild)
        async with self._store.reading() as db:
            rows = await db.fetch(sql, params)
        return [int(r[0]) for r in rows]
