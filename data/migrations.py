"""The database schema as numbered migrations: plain SQL scripts, applied in order.

``PRAGMA user_version`` holds how many of them a database file has run, so a file saved by
an older version of the bot opens and is brought up to date (shared DESIGN.md: "a saved
game from an older version loads"). Never edit a migration that has shipped; append one.

Each script is run inside one transaction together with the ``user_version`` bump (see
:func:`statements` and ``Store.open``), so a crash mid-upgrade leaves the file at the last
complete migration.
"""

from __future__ import annotations

import sqlite3

MIGRATIONS: list[str] = [
    # 1: tables, the append-only action log, the bot's remembered posts, once-only flags.
    """
    CREATE TABLE tables (
        key        INTEGER PRIMARY KEY AUTOINCREMENT,
        channel    TEXT NOT NULL,
        guild      TEXT,
        parent     TEXT,
        game_id    TEXT NOT NULL,
        options    TEXT NOT NULL,            -- JSON
        host       TEXT NOT NULL,
        seed       TEXT NOT NULL,
        status     TEXT NOT NULL
                   CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
        state      TEXT,                     -- JSON: the game's dump; NULL in the lobby
        meta       TEXT NOT NULL,            -- JSON: Table.dump_meta()
        version    INTEGER NOT NULL,
        title      TEXT NOT NULL DEFAULT '',
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    -- one live table per channel or thread
    CREATE UNIQUE INDEX tables_live_channel
        ON tables (channel) WHERE status IN ('lobby', 'playing');
    CREATE TABLE actions (
        table_key INTEGER NOT NULL REFERENCES tables (key),
        seq       INTEGER NOT NULL,
        seat      INTEGER NOT NULL,
        action    TEXT NOT NULL,             -- JSON: Action.to_dict()
        at        REAL NOT NULL,
        PRIMARY KEY (table_key, seq)
    );
    CREATE TABLE messages (
        table_key  INTEGER NOT NULL REFERENCES tables (key),
        kind       TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        PRIMARY KEY (table_key, kind)
    );
    CREATE TABLE flags (
        table_key INTEGER NOT NULL REFERENCES tables (key),
        name      TEXT NOT NULL,
        PRIMARY KEY (table_key, name)
    );
    """,
    # 2: lookups by channel history and by status (the clock loop, /game list), and the
    # action log made append-only by the database itself, not only by our code.
    """
    CREATE INDEX tables_channel_key ON tables (channel, key);
    CREATE INDEX tables_status_guild ON tables (status, guild);
    CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
    BEGIN
        SELECT RAISE(ABORT, 'the action log is append-only');
    END;
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
    BEGIN
        SELECT RAISE(ABORT, 'the action log is append-only');
    END;
    """,
]


def statements(script: str) -> list[str]:
    """Split a script into complete SQL statements (``;`` inside a trigger body stays).

    ``sqlite3.Connection.executescript`` would commit any open transaction first, so the
    store runs the statements one by one inside its own ``BEGIN IMMEDIATE``.
    """
    out: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n\t;"):
                out.append(pending.strip())
            pending = ""
    if pending.strip(" \n\t;"):
        raise ValueError(f"incomplete SQL statement in a migration: {pending.strip()[:80]!r}")
    return out
