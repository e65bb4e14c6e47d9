"""``/admin backup``: a consistent copy of a SQLite database while the bot runs (issue 15).

The copy is SQLite's online backup (``Store.backup``), written beside the database as
``<name>-backup-<UTC date and time>.db``: a plain single-file database, compacted and
checked after copying, that the bot opens as it is (stop the bot, put the copy in the database's place,
start it; migrations bring an older copy up to date). PostgreSQL has no such copy inside
the bot: its operator runs ``pg_dump`` (:data:`POSTGRESQL_ADVICE`).
"""

from __future__ import annotations

import time
from pathlib import Path

from data.store import Store

POSTGRESQL_ADVICE = (
    "This bot keeps its games in PostgreSQL, which Parley does not copy itself. Ask the "
    "bot's operator to back it up with PostgreSQL's own tool while the bot runs, e.g. "
    "`pg_dump --format=custom --file=parley.dump <database URL>` (restore with "
    "`pg_restore`): it takes a consistent copy without stopping anything."
)


def backup_path(db_path: str | Path, now: float) -> Path:
    """Where a backup of the SQLite file ``db_path`` taken at ``now`` goes: beside it."""
    db = Path(db_path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now))
    return db.with_name(f"{db.stem}-backup-{stamp}.db")


async def take_backup(store: Store, db_path: str | Path, now: float) -> Path:
    """Copy the database beside itself; the copy's path. A second backup in the same
    second gets a numbered name rather than overwriting the first."""
    path = backup_path(db_path, now)
    n = 1
    while path.exists():
        n += 1
        path = path.with_name(f"{path.stem.rsplit('.', 1)[0]}.{n}.db")
    try:
        await store.backup(path)
    except BaseException:
        path.unlink(missing_ok=True)  # never leave half a copy that looks like a backup
        raise
    return path
