"""``python bot.py migrate-db --from parley.db --to postgresql://...``: copy a whole database
(issue 16, "PostgreSQL behind the same store").

Every row of every table of the schema is copied with its own key: the tables (game,
options, seats, settings, turn clock and state, damaged rows as they are), their action
logs, the bot's remembered posts (so the buttons of the posts already in Discord keep
working) and the once-only flags. Both databases are opened through the store, so each is
first brought to the current migration, and the copy is one transaction on the target: all
or nothing.

Decisions:

- The target must be empty (it may already have the schema, e.g. from a first start of the
  bot): copying into a database that holds tables would mix two bots' keys, so it is
  refused with nothing written.
- The copy is checked by reading it back: the row counts and every row, column by column,
  must equal what was read from the source, and the source must still hold as many rows as
  were copied (the bot must be stopped during the copy; if it wrote meanwhile, the check
  says so and the copy is to be made again into an empty database).
- Any pair of backends works (PostgreSQL back to a SQLite file too), since both sides are a
  ``Store``.
"""

from __future__ import annotations

from pathlib import Path

from data.backup import SCHEMA_TABLES
from data.db import describe, is_postgresql
from data.store import Store

#: how the summary names each table's rows
WHAT = {"tables": "tables", "actions": "logged moves", "messages": "remembered posts",
        "flags": "once-only flags", "clock_claims": "turn-clock claims",
        "closed_tables": "rated or archived marks", "ratings": "ratings",
        "rating_changes": "rated seats", "forget_requests": "waiting forget-me requests",
        "forgotten_seats": "forgotten seats not yet rated",
        "deliveries": "boards and notices still to deliver",
        "person_settings": "people's preferences",
        "held_notices": "turns held during quiet hours",
        "away_periods": "periods away", "game_lengths": "finished games' lengths",
        "turn_times": "timed turns", "game_records": "games finished or left"}


class CopyError(Exception):
    """The copy was refused or did not match; the message is one sentence for the operator."""


async def copy_database(source: str | Path, target: str | Path) -> dict[str, int]:
    """Copy every row of ``source`` into the empty database ``target`` and check the copy;
    returns how many rows of each table were copied. CopyError when refused or when the
    copy does not match."""
    if str(source).strip() == str(target).strip():
        raise CopyError("--from and --to name the same database: nothing to copy.")
    if not is_postgresql(source) and not Path(source).is_file():
        raise CopyError(f"There is no database file at {source}: give the SQLite file the "
                        f"bot uses (PARLEY_DB, parley.db by default) with --from.")
    async with await Store.open(source) as src, await Store.open(target) as dst:
        held = await dst.row_counts()
        if any(held.values()):
            raise CopyError(
                f"{describe(target)} already holds {held['tables']} tables and "
                f"{held['actions']} logged moves: migrate-db copies into an empty database "
                f"only, so nothing was copied.")
        rows = await src.dump_rows()
        await dst.load_rows(rows)
        differences = compare(rows, await dst.dump_rows())
        now = await src.row_counts()
        changed = [name for name in SCHEMA_TABLES if now[name] != len(rows[name])]
        if changed:
            differences.append(f"the source changed during the copy ({', '.join(changed)}): "
                               f"stop the bot while copying")
        if differences:
            raise CopyError(f"The copy in {describe(target)} does not match the source: "
                            f"{'; '.join(differences)}.")
    return {name: len(r) for name, r in rows.items()}


def compare(source: dict[str, list[tuple]], copy: dict[str, list[tuple]]) -> list[str]:
    """What differs between two ``Store.dump_rows`` results: one phrase per table that
    differs (its row count, or how many rows differ and the first one's key)."""
    out = []
    for name in SCHEMA_TABLES:
        a, b = source.get(name, []), copy.get(name, [])
        if len(a) != len(b):
            out.append(f"{name}: {len(a)} rows in the source, {len(b)} in the copy")
            continue
        wrong = [x for x, y in zip(a, b, strict=True) if x != y]
        if wrong:
            out.append(f"{name}: {len(wrong)} rows differ, the first at key {wrong[0][0]}")
    return out


async def check_copy(source: str | Path, target: str | Path) -> list[str]:
    """Compare two databases row for row (what ``copy_database`` checks after copying)."""
    async with await Store.open(source) as src, await Store.open(target) as dst:
        return compare(await src.dump_rows(), await dst.dump_rows())


def summary(source: str | Path, target: str | Path, counts: dict[str, int]) -> str:
    """The line migrate-db prints after a good copy (the target without its password)."""
    parts = ", ".join(f"{counts[name]} {WHAT[name]}" for name in SCHEMA_TABLES)
    return (f"Copied {describe(source)} to {describe(target)}: {parts}. The copy was read "
            f"back and matches the source row for row.")
