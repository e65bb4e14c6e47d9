"""Closed tables kept for replays for a while, then archived to their log (issue 15).

A finished or abandoned table keeps its whole saved state and its action log, one row per
move, for ``keep_days`` days (the operator's ``PARLEY_KEEP_FINISHED_DAYS``, 90 by default;
0 keeps everything for ever). Then :func:`archive_old_tables` (:func:`archive_closed`)
turns it into its compact form: the log, compressed into one row of ``closed_tables``; the
saved state, the bot's remembered posts, once-only flags and clock claims are dropped.
Seats, options, seed and ratings stay. Reading an archived table (data/core.py) replays
that log from the seed (the engine's promise that the log rebuilds the state bit for bit),
so ``/game status``, the history, replays and exports still work, a little slower. A
finished table is archived only once it is rated (``data/ratings.py``).

What it saves (bench/bench_archive.py, random-play games, so long logs): a game's log is
most of its bytes, one row per move; compressed it takes about a tenth of that, and a
database of finished games shrinks to 10-40 % of its size. A SQLite file does not shrink by
itself: the freed pages are reused by the next games, so the file stops growing; ``VACUUM``
(bot stopped) or a copy taken with ``/admin backup`` gives a compact file.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

from data.core import Core
from data.rows import pack_logs

DAY = 86400.0
#: the default of PARLEY_KEEP_FINISHED_DAYS
DEFAULT_KEEP_DAYS = 90


async def archive_old_tables(store: Core, keep_days: int, now: float) -> int:
    """Archive the tables closed more than ``keep_days`` days before ``now``; how many.
    ``keep_days`` 0 (or less) archives nothing."""
    if keep_days <= 0:
        return 0
    return await archive_closed(store, now - keep_days * DAY, now)


async def archive_closed(core: Core, before: float, now: float, batch: int = 20) -> int:
    """Archive the tables that closed before ``before``: their action log is moved,
    compressed, into ``closed_tables.log`` (one row instead of one per move, a tenth of
    the bytes or less), their saved state is dropped (reading the table replays it from
    that log), and so are the bot's remembered posts, once-only flags and clock claims.
    A finished table waits until it is rated. Returns how many tables were archived.

    Decision: the log of an archived table is the one copy of its history, so it moves
    in the same transaction that drops the state, and it moves whole: the copy is
    checked against the log's rows (their count and last number) before they go. The
    rows' delete guard (migration 2's trigger) is lifted inside that transaction only,
    as taking a move back does (``Core.delete_log_rows``). Batches of ``batch`` tables,
    each compressed before its short write transaction, so moves at live tables never
    wait long (20 random-play Seafarers games of ~2,900 moves: under 0.1 s of write lock
    on SQLite).
    """
    total = 0
    while True:
        async with core.reading(snapshot=True) as db:
            keys = [int(r[0]) for r in await db.fetch(
                "SELECT t.key FROM tables t "
                "LEFT JOIN closed_tables c ON c.table_key = t.key "
                "WHERE t.status IN ('finished', 'abandoned') AND t.updated_at < ? "
                "AND c.archived_at IS NULL "
                "AND (t.status = 'abandoned' OR c.rated_at IS NOT NULL) "
                "ORDER BY t.updated_at, t.key LIMIT ?", (float(before), batch))]
            logs = {k: [tuple(r) for r in await db.fetch(
                "SELECT seq, seat, action, at FROM actions WHERE table_key = ? "
                "ORDER BY seq", (k,))] for k in keys}
        if not keys:
            return total
        packed = await asyncio.to_thread(pack_logs, logs)
        done = await _archive_batch(core, logs, packed, now)
        total += done
        if done == 0 or len(keys) < batch:
            return total


async def _archive_batch(core: Core, logs: Mapping[int, list[tuple]],
                         packed: Mapping[int, bytes], now: float) -> int:
    async with core.writing() as db:
        keys = []
        for key, rows in logs.items():
            still = await db.fetch(
                "SELECT COUNT(*), MAX(seq) FROM actions WHERE table_key = ?", (key,))
            archived = await db.scalar(
                "SELECT archived_at FROM closed_tables WHERE table_key = ?", (key,))
            last = rows[-1][0] if rows else None
            if archived is None and tuple(still[0]) == (len(rows), last):
                keys.append(key)  # else another process archived it meanwhile
        if not keys:
            return 0
        marks = ", ".join("?" * len(keys))
        await db.execute(f"UPDATE tables SET state = NULL WHERE key IN ({marks})", keys)
        await db.executemany(
            "INSERT INTO closed_tables (table_key, archived_at, log) VALUES (?, ?, ?) "
            "ON CONFLICT (table_key) DO UPDATE SET archived_at = excluded.archived_at, "
            "log = excluded.log",
            [(k, float(now), packed[k]) for k in keys])
        await core.delete_log_rows(db, f"table_key IN ({marks})", keys)
        for name in ("messages", "flags", "clock_claims"):
            await db.execute(f"DELETE FROM {name} WHERE table_key IN ({marks})", keys)
    return len(keys)
