"""Migration 9's scripts (data/migrations.py numbers it), kept apart so that the list of
migrations stays within a file's size."""

# A table's record (issue 24; data/records.py): how long each finished game lasted, for
# the lobby's expected length (``game_lengths``, looked up by game, player count and clock,
# newest first), and how each person plays per server: the time to their first move of
# each turn (``turn_times``) and their closed games, finished in their seat or left to an
# AI (``game_records``). The finished tables of older versions get their length from their
# action log, first move to last (they kept no start time); a table whose log was archived
# already, or whose meta cannot be read, gets none. The clock's kind is written as
# ``data.records.clock_kind`` writes it (tests/data/test_records.py checks both agree).
SQLITE_9 = """
    CREATE TABLE game_lengths (
        table_key   INTEGER NOT NULL PRIMARY KEY REFERENCES tables (key),
        game_id     TEXT NOT NULL,
        players     INTEGER NOT NULL,
        clock       TEXT NOT NULL,               -- 'limit:2880', 'bank:2880+720', 'none'
        started_at  REAL NOT NULL,
        finished_at REAL NOT NULL
    );
    CREATE INDEX game_lengths_kind ON game_lengths (game_id, players, clock, finished_at);
    CREATE TABLE turn_times (
        player    TEXT NOT NULL,                 -- a Discord user id
        guild     TEXT NOT NULL,
        at        REAL NOT NULL,                 -- when they moved
        table_key INTEGER NOT NULL REFERENCES tables (key),
        seconds   REAL NOT NULL,                 -- their turn's start to that move, less away
        PRIMARY KEY (player, guild, at, table_key)
    );
    CREATE INDEX turn_times_table ON turn_times (table_key);
    CREATE TABLE game_records (
        player    TEXT NOT NULL,                 -- a Discord user id
        guild     TEXT NOT NULL,
        table_key INTEGER NOT NULL REFERENCES tables (key),
        finished  INTEGER NOT NULL,              -- 1: in their seat at the end; 0: left to an AI
        closed_at REAL NOT NULL,
        PRIMARY KEY (player, guild, table_key)
    );
    INSERT INTO game_lengths (table_key, game_id, players, clock, started_at, finished_at)
    SELECT t.key, t.game_id, json_array_length(t.meta, '$.seats'),
           CASE WHEN COALESCE(json_extract(t.meta, '$.settings.bank_minutes'), 0) > 0
                THEN 'bank:' || json_extract(t.meta, '$.settings.bank_minutes') || '+'
                     || COALESCE(json_extract(t.meta, '$.settings.increment_minutes'), 720)
                WHEN COALESCE(json_extract(t.meta, '$.settings.limit_minutes'), 2880) > 0
                THEN 'limit:' || COALESCE(json_extract(t.meta, '$.settings.limit_minutes'), 2880)
                ELSE 'none' END,
           a.first_at, a.last_at
    FROM tables AS t
    JOIN (SELECT table_key, MIN(at) AS first_at, MAX(at) AS last_at
          FROM actions GROUP BY table_key) AS a ON a.table_key = t.key
    WHERE t.status = 'finished' AND json_valid(t.meta)
      AND json_type(t.meta, '$.seats') = 'array';
    """

POSTGRESQL_9 = """
    CREATE TABLE game_lengths (
        table_key   BIGINT NOT NULL PRIMARY KEY REFERENCES tables (key),
        game_id     TEXT NOT NULL,
        players     INTEGER NOT NULL,
        clock       TEXT NOT NULL,
        started_at  DOUBLE PRECISION NOT NULL,
        finished_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX game_lengths_kind ON game_lengths (game_id, players, clock, finished_at);
    CREATE TABLE turn_times (
        player    TEXT NOT NULL,
        guild     TEXT NOT NULL,
        at        DOUBLE PRECISION NOT NULL,
        table_key BIGINT NOT NULL REFERENCES tables (key),
        seconds   DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player, guild, at, table_key)
    );
    CREATE INDEX turn_times_table ON turn_times (table_key);
    CREATE TABLE game_records (
        player    TEXT NOT NULL,
        guild     TEXT NOT NULL,
        table_key BIGINT NOT NULL REFERENCES tables (key),
        finished  INTEGER NOT NULL,
        closed_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player, guild, table_key)
    );
    -- a row's meta as JSON, NULL when it cannot be read (a damaged row): for this migration
    CREATE FUNCTION parley_meta_once(meta TEXT) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
        RETURN meta::jsonb;
    EXCEPTION WHEN others THEN
        RETURN NULL;
    END
    $$;
    INSERT INTO game_lengths (table_key, game_id, players, clock, started_at, finished_at)
    SELECT t.key, t.game_id, jsonb_array_length(m -> 'seats'),
           CASE WHEN COALESCE((m #>> '{settings,bank_minutes}')::bigint, 0) > 0
                THEN 'bank:' || (m #>> '{settings,bank_minutes}')::bigint || '+'
                     || COALESCE((m #>> '{settings,increment_minutes}')::bigint, 720)
                WHEN COALESCE((m #>> '{settings,limit_minutes}')::bigint, 2880) > 0
                THEN 'limit:' || COALESCE((m #>> '{settings,limit_minutes}')::bigint, 2880)
                ELSE 'none' END,
           a.first_at, a.last_at
    FROM tables AS t
    CROSS JOIN LATERAL parley_meta_once(t.meta) AS m
    JOIN (SELECT table_key, MIN(at) AS first_at, MAX(at) AS last_at
          FROM actions GROUP BY table_key) AS a ON a.table_key = t.key
    WHERE t.status = 'finished' AND jsonb_typeof(m -> 'seats') = 'array';
    DROP FUNCTION parley_meta_once(TEXT);
    """

