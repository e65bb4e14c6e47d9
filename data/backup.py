"""Copies of the whole database: ``/admin backup``, a consistent copy of a SQLite database
while the bot runs (issue 15), and the rows that ``python bot.py migrate-db`` copies from one
database to another (data/migrate_db.py, issue 16).

The backup is SQLite's online backup (:func:`backup`), written beside the database as
``<name>-backup-<UTC date and time>.db``: a plain single-file database, compacted and
checked after copying, that the bot opens as it is (stop the bot, put the copy in the
database's place, start it; migrations bring an older copy up to date). PostgreSQL has no
such copy inside the bot: its operator runs ``pg_dump`` (:data:`POSTGRESQL_ADVICE`).
"""

from __future__ import annotations

import time
from pathlib import Path

from data.core import Core

#: Every table of the schema with all its columns, in an order that respects the foreign
#: keys, and the order of its rows: what a whole-database copy moves (:func:`dump_rows`).
SCHEMA_TABLES: dict[str, tuple[str, str]] = {
    "tables": ("key, channel, guild, parent, game_id, options, host, seed, status, state, "
               "meta, version, title, created_at, updated_at", "key"),
    "actions": ("table_key, seq, seat, action, at", "table_key, seq"),
    "messages": ("table_key, kind, channel_id, message_id", "table_key, kind"),
    "flags": ("table_key, name", "table_key, name"),
    "clock_claims": ("table_key, event, owner, claimed_at", "table_key"),
    "closed_tables": ("table_key, rated_at, archived_at, log", "table_key"),
    "ratings": ("guild, game_id, player, name, mu, sigma, games, wins, last_table, last_at",
                "guild, game_id, player"),
    "rating_changes": ("table_key, seat, player, rank, mu_before, sigma_before, mu_after, "
                       "sigma_after", "table_key, seat"),
    "forget_requests": ("player, placeholder, asked_at", "player"),
    "forgotten_seats": ("table_key, seat", "table_key, seat"),
    "deliveries": ("table_key, parts, done, since, attempts, next_try, problem, paused",
                   "table_key"),
    "person_settings": ("player, notify, zone, quiet_from, quiet_to, heads_up, updated_at",
                        "player"),
    "held_notices": ("player, table_key, held_at", "player, table_key"),
    "away_periods": ("player, since, ends, note", "player, since"),
    "game_lengths": ("table_key, game_id, players, clock, started_at, finished_at",
                     "table_key"),
    "turn_times": ("player, guild, at, table_key, seconds", "player, guild, at, table_key"),
    "game_records": ("player, guild, table_key, finished, closed_at",
                     "player, guild, table_key"),
}
#: ``live_seats`` (migration 7) is not copied: the database's triggers on ``tables`` fill it
#: as the tables' rows are inserted.

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


async def take_backup(store: Core, db_path: str | Path, now: float) -> Path:
    """Copy the database beside itself; the copy's path. A second backup in the same
    second gets a numbered name rather than overwriting the first."""
    path = backup_path(db_path, now)
    n = 1
    while path.exists():
        n += 1
        path = path.with_name(f"{path.stem.rsplit('.', 1)[0]}.{n}.db")
    try:
        await backup(store, path)
    except BaseException:
        path.unlink(missing_ok=True)  # never leave half a copy that looks like a backup
        raise
    return path


async def backup(core: Core, dest: Path) -> None:
    """A consistent copy of the whole database in the new file ``dest``, taken while
    the bot runs (SQLite's online backup). NotImplementedError on PostgreSQL, whose own
    tool is ``pg_dump``."""
    await core.database.backup(Path(dest))


async def guilds(core: Core) -> set[str]:
    """Every server with a table or a rating in the database: whether a copy of the
    whole database holds other servers' games. A table without a server (the console's,
    ``python bot.py console``) is nobody else's, so it is not counted, nor a rating
    under no server (which older versions left for the console's games)."""
    async with core.reading(snapshot=True) as db:
        rows = await db.fetch(
            "SELECT DISTINCT guild FROM tables WHERE guild IS NOT NULL AND guild <> ''")
        rated = await db.fetch("SELECT DISTINCT guild FROM ratings WHERE guild <> ''")
    return {r[0] for r in rows} | {r[0] for r in rated}


# -- whole-database copies (python bot.py migrate-db) --------------------------------------


async def dump_rows(core: Core) -> dict[str, list[tuple]]:
    """Every row of every table of the schema (``SCHEMA_TABLES``), as plain tuples, read
    in one snapshot. Damaged rows are copied as they are: nothing is decoded."""
    out: dict[str, list[tuple]] = {}
    async with core.reading(snapshot=True) as db:
        for name, (columns, order) in SCHEMA_TABLES.items():
            rows = await db.fetch(f"SELECT {columns} FROM {name} ORDER BY {order}")
            out[name] = [tuple(r) for r in rows]
    return out


async def row_counts(core: Core) -> dict[str, int]:
    """How many rows each table of the schema holds."""
    async with core.reading(snapshot=True) as db:
        return {name: int(await db.scalar(f"SELECT COUNT(*) FROM {name}"))
                for name in SCHEMA_TABLES}


async def load_rows(core: Core, rows: dict[str, list[tuple]]) -> None:
    """Insert ``dump_rows`` output, keys included, in one transaction: all or nothing.
    For an empty database (``python bot.py migrate-db`` checks that first)."""
    async with core.writing() as db:
        for name, (columns, _) in SCHEMA_TABLES.items():
            if rows.get(name):
                marks = ", ".join("?" * len(columns.split(",")))
                await db.executemany(
                    f"INSERT INTO {name} ({columns}) VALUES ({marks})", rows[name])
        await core.database.after_copy(db)
