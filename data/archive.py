"""Closed tables kept for replays for a while, then archived to their log (issue 15).

A finished or abandoned table keeps its whole saved state and its action log, one row per
move, for ``keep_days`` days (the operator's ``PARLEY_KEEP_FINISHED_DAYS``, 90 by default;
0 keeps everything for ever). Then :func:`archive_old_tables` (``Store.archive_closed``)
turns it into its compact form: the log, compressed into one row of ``closed_tables``; the
saved state, the bot's remembered posts, once-only flags and clock claims are dropped.
Seats, options, seed and ratings stay. Reading an archived table replays that log from the
seed (the engine's promise that the log rebuilds the state bit for bit), so ``/game
status``, the history, replays and exports still work, a little slower. A finished table is
archived only once it is rated (``data/ratings.py``).

What it saves (bench/bench_archive.py, random-play games, so long logs): a game's log is
most of its bytes, one row per move; compressed it takes about a tenth of that, and a
database of finished games shrinks to 10-40 % of its size. A SQLite file does not shrink by
itself: the freed pages are reused by the next games, so the file stops growing; ``VACUUM``
(bot stopped) or a copy taken with ``/admin backup`` gives a compact file.
"""

from __future__ import annotations

from data.store import Store

DAY = 86400.0
#: the default of PARLEY_KEEP_FINISHED_DAYS
DEFAULT_KEEP_DAYS = 90


async def archive_old_tables(store: Store, keep_days: int, now: float) -> int:
    """Archive the tables closed more than ``keep_days`` days before ``now``; how many.
    ``keep_days`` 0 (or less) archives nothing."""
    if keep_days <= 0:
        return 0
    return await store.archive_closed(now - keep_days * DAY, now)
