"""The bot's posts and once-only notices of a table, remembered in the database: functions
over the store's core (data/core.py).

A post the bot keeps editing (a table's lobby and turn messages, a person's hand DM) is
remembered by its kind in ``messages``, so that after a restart the bot edits the same post
rather than posting anew. A notice the bot gives once per table and person (their DMs are
closed, the game is over) raises a flag in ``flags``; :func:`flag_once` is true only for the
first to raise it, whichever process that is.
"""

from __future__ import annotations

from data.core import Core


async def set_message(core: Core, key: int, kind: str, channel_id: str,
                      message_id: str) -> None:
    """Remember the bot's post of that kind for the table (replacing the previous one)."""
    async with core.writing() as db:
        await db.execute(
            "INSERT INTO messages (table_key, kind, channel_id, message_id) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (table_key, kind) DO UPDATE SET "
            "channel_id = excluded.channel_id, message_id = excluded.message_id",
            (key, kind, str(channel_id), str(message_id)),
        )


async def get_message(core: Core, key: int, kind: str) -> tuple[str, str] | None:
    """(channel_id, message_id) of the remembered post, or None."""
    async with core.reading() as db:
        rows = await db.fetch(
            "SELECT channel_id, message_id FROM messages WHERE table_key = ? AND kind = ?",
            (key, kind),
        )
    return (rows[0]["channel_id"], rows[0]["message_id"]) if rows else None


async def flags(core: Core, key: int, prefix: str = "") -> set[str]:
    """The table's flags raised so far whose name starts with ``prefix``."""
    async with core.reading() as db:
        rows = await db.fetch("SELECT name FROM flags WHERE table_key = ?", (key,))
    return {r["name"] for r in rows if str(r["name"]).startswith(prefix)}


async def flag_once(core: Core, key: int, name: str) -> bool:
    """True the first time this flag is raised for the table, False ever after."""
    async with core.writing() as db:
        return await db.execute(
            "INSERT INTO flags (table_key, name) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (key, name),
        ) == 1
