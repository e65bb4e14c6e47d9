"""The store of tables and their action logs (shared DESIGN.md, "Tables, storage and
concurrency"), on SQLite by default or on PostgreSQL (issue 16).

``Store.open(target)`` takes a ``PARLEY_DB`` value: a ``postgresql://user:pass@host/db``
URL opens PostgreSQL (``data/db_postgres.py``), anything else is a SQLite file
(``data/db_sqlite.py``). The store is written once against their common interface
(``data/db.py``); the guarantees below hold on both, and the tests of tests/data run
against both.

- Every change is one transaction: a move loads the table (holding it against other
  writers from that first read: SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's row lock),
  applies it through the pure engine, saves it with ``WHERE key = ? AND version = ?`` and
  appends to the action log, and either all of that is committed or none of it.
- Two moves at once (from one process or several): exactly one applies; the other waits,
  then loads the state the first one committed, and the engine judges it against that.
- Reads never wait for a write: each backend reads the last committed state on its own
  connection while a writer works (SQLite's WAL, PostgreSQL's MVCC). So the Hand, Rules and
  Join buttons answer in Discord's three seconds while a move waits for a lock.
- A write that cannot have its lock within its wait (``busy_timeout`` at opening, or a
  shorter one for a change answered at once) raises :class:`StoreBusy`, a polite "busy, try
  again" that changed nothing.
- The action log is append-only in the database itself (triggers on both backends), and
  the state can always be rebuilt from seed, options and log (:meth:`Store.replay`).

A damaged row (a state that is truncated, empty, of an unknown schema or game; seats that
cannot be read) never stops another table: listings read only the columns and the seats,
never the game state, and skip a row they cannot read; reading the damaged table itself
raises :class:`DamagedTable`, whose sentence tells the players what the host can do
(:meth:`Store.repair` rebuilds the state from seed, options and action log; ``abandon``
closes it without reading it). Each damaged row is logged once per process, with its key
and what could not be read, never its content.

This module is the store's transactional core and its API: opening, the tables, the action
log and the turn clock's claims, over :class:`data.core.Core` (the transactions and a table
row read and written in them; data/rows.py encodes the rows). The store's other concerns
are modules of functions over that core, which do not import the store; the methods of
the store that reach them are one-line delegations, kept so that its callers need not
know where each concern lives (forgetting's two hold the transaction its functions run
in, since the core's save calls them):

- ratings, counted once when a game ends: data/ratings.py;
- forgetting a person who asks (``/stats forget-me``): data/forgetting.py;
- archiving closed tables to their compressed log: data/archive.py;
- copies of the whole database (``/admin backup``, ``migrate-db``): data/backup.py;
- the bot's remembered posts and once-only flags: data/posts.py;
- taking a move back (undo by consent): data/take_back.py;
- what the tables' changes owe their channels: data/deliveries.py.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import engine
from data import archive, backup, forgetting, posts, ratings, records, take_back
from data.backup import SCHEMA_TABLES
from data.core import Core
from data.db import Backend, Conn, Row, StoreBusy, describe, is_postgresql
from data.deliveries import Deliveries, owe
from data.forgetting import FORGOTTEN_NAME, Forgotten
from data.migrations import MIGRATIONS, Migration
from data.outcomes import Outcome, changed_seats, owed_part, private_views, public_view
from data.ratings import LastGame, PlayerRating, RateFn, SeatRating
from data.rows import (
    COLUMNS,
    HEAD_COLUMNS,
    LIVE_STATUSES,
    OUT_OF_DATE,
    Conflict,
    DamagedTable,
    LogEntry,
    OutOfDate,
    Stale,
    TableExists,
    dumps,
    log_entry,
    menu_current,
    rebuild,
    row_values,
)
from engine.core import Action, Event, IllegalAction
from engine.table import ABANDONED, FINISHED, PLAYING, Table

log = logging.getLogger(__name__)

__all__ = ["FORGOTTEN_NAME", "OUT_OF_DATE", "QUICK_WAIT", "SCHEMA_TABLES", "Conflict",
           "DamagedTable", "Forgotten", "LastGame", "LogEntry", "OutOfDate", "PlayerRating",
           "SeatRating", "Stale", "Store", "StoreBusy", "TableExists", "menu_current"]

#: How long a change answered at once (not deferred) may wait for the write lock: Discord
#: wants an answer within 3 seconds of the click, and "busy, try again" is that answer.
QUICK_WAIT = 2.0

class Store(Core):
    """Tables, their action logs and the turn clock's claims, in a SQLite file or a
    PostgreSQL database, with the store's other concerns a delegation away (see the module
    docstring)."""

    # -- opening -------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        target: str | Path,
        *,
        busy_timeout: float = 10.0,
        migrations: Sequence[Migration] = MIGRATIONS,
    ) -> Store:
        """Open (or create) the database and bring its schema up to date.

        ``target`` is a ``PARLEY_DB`` value: a ``postgresql://user:pass@host/db`` URL
        opens that PostgreSQL database (it must exist; the tables are created in it),
        anything else is a SQLite file (issue 16). ``busy_timeout`` is how long a write
        waits for a lock before it gives up with StoreBusy (a change answered at once
        waits QUICK_WAIT at most). ``migrations`` is the list to apply; only the tests
        pass a shorter one, to build a database as an older version of the bot left it.
        """
        backend: Backend
        if is_postgresql(target):
            from data.db_postgres import PostgresBackend  # asyncpg only when it is used

            backend = await PostgresBackend.connect(str(target).strip(), busy_timeout)
        else:
            from data.db_sqlite import SqliteBackend

            backend = await SqliteBackend.connect(target, busy_timeout)
        store = cls(backend, wait=busy_timeout)
        try:
            await store._migrate(migrations)
        except BaseException:
            await backend.close()
            raise
        log.debug("store opened: %s %s", backend.name, describe(target))
        return store

    async def close(self) -> None:
        await self.database.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _migrate(self, migrations: Sequence[Migration]) -> None:
        # One migration per transaction, re-reading the version under the backend's lock,
        # so two processes opening an old database at once apply each migration once.
        while True:
            async with self.writing() as db:
                done = await self.database.begin_migration(db)
                if done > len(migrations):
                    raise RuntimeError(
                        f"The database has {done} migrations applied but this version of "
                        f"Parley knows {len(migrations)}: it was written by a newer version."
                    )
                if done == len(migrations):
                    return
                await db.script(migrations[done].script(self.database.name))
                await self.database.set_schema_version(db, done + 1)

    async def schema_version(self) -> int:
        """How many migrations the database has run (``PRAGMA user_version`` in SQLite,
        the table ``parley_schema`` in PostgreSQL)."""
        return await self.database.schema_version()

    # -- tables --------------------------------------------------------------------------

    async def create(self, table: Table, now: float | None = None,
                     *, wait: float | None = None) -> Table:
        """Insert a new table and set ``table.key``; TableExists if the channel has one live
        (DamagedTable if that one cannot be read).

        ``now`` (epoch seconds) stamps created_at; it defaults to the current time. The
        database's unique index decides a race between two processes opening a table in
        one channel: the second insert is refused and answered with the first table.
        """
        at = float(time.time() if now is None else now)
        async with self.writing(wait) as db:
            try:
                rows = await db.fetch(
                    "INSERT INTO tables (channel, game_id, guild, parent, options, host, seed, "
                    "status, state, meta, version, title, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING key",
                    (table.id, table.game_id, *row_values(table), at, at),
                )
            except Exception as exc:
                self._check_clash(exc, table.id)
                raise
            table.key = int(rows[0][0])
        return table

    async def latest(self, channel_id: str) -> Table | None:
        """The newest table of that channel, whatever its status."""
        async with self.reading() as db:
            return await self._one(
                db,
                f"SELECT {COLUMNS} FROM tables WHERE channel = ? ORDER BY key DESC LIMIT 1",
                (channel_id,),
            )

    async def list_tables(
        self, guild: str | None = None, statuses: Iterable[str] = LIVE_STATUSES
    ) -> list[Table]:
        """Tables with one of ``statuses`` (of that guild if given), oldest first, without
        their game state (``state`` is None: ``get`` loads a table whole). A row whose seats
        or game cannot be read is left out (and logged once)."""
        wanted = list(statuses)
        if not wanted:
            return []
        sql = (f"SELECT {HEAD_COLUMNS} FROM tables "
               f"WHERE status IN ({', '.join('?' * len(wanted))})")
        params: list[Any] = wanted
        if guild is not None:
            sql += " AND guild = ?"
            params = [*wanted, guild]
        async with self.reading() as db:
            rows = await db.fetch(sql + " ORDER BY key", params)
        out = []
        for row in rows:
            try:
                out.append(self._decode(row, head=True))
            except DamagedTable:
                continue
        return out

    async def playing(self) -> list[Table]:
        """Every playing table that is not paused (its channel gone: data/deliveries.py),
        without its state (the clock loop walks them)."""
        tables = await self.list_tables(None, (PLAYING,))
        async with self.reading() as db:
            paused = {int(r[0]) for r in await db.fetch(
                "SELECT table_key FROM deliveries WHERE paused IS NOT NULL")}
        return [t for t in tables if t.key not in paused]

    @property
    def deliveries(self) -> Deliveries:
        """What the tables' changes owe their channels, not yet delivered."""
        return Deliveries(self)

    async def host_of(self, channel_id: str, live: bool = True) -> tuple[int, str] | None:
        """(key, host) of the channel's live table (``live``) or of its newest table, read
        from plain columns only: it works when the rest of the row is damaged."""
        where = " AND status IN ('lobby', 'playing')" if live else ""
        async with self.reading() as db:
            rows = await db.fetch(
                f"SELECT key, host FROM tables WHERE channel = ?{where} ORDER BY key DESC LIMIT 1",
                (channel_id,),
            )
        return (rows[0]["key"], rows[0]["host"]) if rows else None

    async def abandon(self, key: int, now: float, *, host: str | None = None,
                      wait: float | None = None) -> bool:
        """Close a live table for good without reading its state or seats (so a damaged
        table can be closed too); only if ``host`` still hosts it, when given. False when
        nothing was closed."""
        async with self.writing(wait) as db:
            changed = await db.execute(
                "UPDATE tables SET status = ?, version = version + 1, updated_at = ? "
                "WHERE key = ? AND status IN ('lobby', 'playing') "
                "AND (CAST(? AS TEXT) IS NULL OR host = ?)",
                (ABANDONED, float(now), key, host, host),
            )
            if changed == 1:
                await forgetting.forget_closing_row(db, key)
            return changed == 1

    async def mutate(
        self,
        key: int,
        fn: Callable[[Table], object],
        now: float,
        expect_version: int | None = None,
        *,
        wait: float | None = None,
        owed: Callable[[Table], dict | None] | None = None,
    ) -> Table:
        """Load, ``fn(table)``, save, in one transaction; returns the table as saved.

        Whatever ``fn`` raises (IllegalAction for a refused change) rolls everything back
        and propagates. The version goes up by at least one, so a change ``fn`` made
        without bumping it (settings) still shows as a new version. ``expect_version``
        refuses with Conflict when the table is no longer at the version the caller saw.
        ``owed(table)``, called once the change is made, gives what it owes the players
        (a part of ``data.deliveries``), recorded in the same transaction.
        """
        async with self.writing(wait) as db:
            table = await self.load(db, key)
            before = table.version
            if expect_version is not None and before != expect_version:
                raise Conflict(key, expect_version, before)
            fn(table)
            if table.version <= before:
                table.version = before + 1
            await self.save(db, table, before, now)
            await self._owe(db, table, owed(table) if owed is not None else None, now)
        return table

    async def _owe(self, db: Conn, table: Table, part: dict | None, now: float) -> None:
        if part is not None and table.key is not None:
            await owe(db, table.key, part, now)

    async def apply_move(
        self,
        key: int,
        seat: int,
        action: Action,
        now: float,
        expect_seat_moves: int | None = None,
    ) -> tuple[Table, list[Event]]:
        """Apply one move and append it to the action log, in one transaction.

        IllegalAction (from the table or the game) propagates with nothing written."""
        return await self.apply_moves(key, seat, [action], now, expect_seat_moves)

    async def apply_moves(
        self,
        key: int,
        seat: int,
        actions: Sequence[Action],
        now: float,
        expect_seat_moves: int | None = None,
    ) -> tuple[Table, list[Event]]:
        """``apply_steps`` of the moves alone (no finish, no views): the table and the
        events (setting a table up from a log, the tests)."""
        done = await self.apply_steps(key, seat, actions, now, expect_seat_moves, views=False)
        return done.table, done.events

    async def apply_steps(
        self,
        key: int,
        seat: int,
        steps: Sequence[Action],
        now: float,
        expect_seat_moves: int | None = None,
        *,
        finish: Action | None = None,
        player: str | None = None,
        chosen_on: int | None = None,
        owes: bool = False,
        views: bool = True,
    ) -> Outcome:
        """Apply several steps of one seat as one transaction: all of them or none.

        A choice made step by step (pick a card, pick another, confirm) can come from one
        Discord menu as a batch (shared DESIGN.md, the Game contract); no other move can
        come between its steps. Checked against the table as loaded here: ``player``, who
        chose the steps, still holds the seat (it may have been handed to an AI since the
        caller looked); ``chosen_on``, the version the steps were chosen on (the AI's, the
        clock's), is still the table's (``Stale`` otherwise); ``expect_seat_moves``, the
        seat's move count when its menu was drawn, is still the seat's: the one place it is
        compared (``OutOfDate``, so a double click never applies twice). The steps are then
        applied to that table (``Table.apply_steps``, then ``finish`` when they leave it
        legal); a step the engine refuses raises with its reason, named, and nothing is
        written. ``owes``: what the move owes the players is recorded with it
        (``data.outcomes.owed_part``). ``views``: the private views before and after are
        compared, and the public view before kept (``Outcome.before``).
        """
        if not steps and finish is None:
            raise ValueError("A batch of moves needs at least one move.")
        async with self.writing() as db:
            table = await self.load(db, key)
            if player is not None and table.seat_of(player) != seat:
                raise IllegalAction("You are not seated at this table.")
            if chosen_on is not None and table.version != chosen_on:
                raise Stale()
            if expect_seat_moves is not None and table.status == PLAYING \
                    and not menu_current(table, seat, expect_seat_moves):
                raise OutOfDate()
            private = private_views(table) if views or owes else {}
            shown = public_view(table) if views or owes else None
            before = table.version
            game = engine.get_game(table.game_id)
            timed = records.timed(table, seat, now)  # before the move moves the clock on
            applied, events = table.apply_steps(game, seat, steps, now, finish)
            changed = changed_seats(private, private_views(table)) if views or owes else set()
            await self.save(db, table, before, now)
            await db.executemany(
                "INSERT INTO actions (table_key, seq, seat, action, at) "
                "SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ? FROM actions WHERE table_key = ?",
                [(key, seat, dumps(a.to_dict()), float(now), key) for a in applied],
            )
            await records.note_move(db, key, timed, now)
            if owes:
                await self._owe(db, table, owed_part(shown, table, events, changed), now)
        return Outcome(table, events, changed, table.status == FINISHED, shown, applied)

    # -- the action log ------------------------------------------------------------------

    async def history(
        self, key: int, limit: int = 20, before_seq: int | None = None
    ) -> list[LogEntry]:
        """Up to ``limit`` log entries before ``before_seq`` (or the newest), newest last."""
        sql = "SELECT seq, seat, action, at FROM actions WHERE table_key = ?"
        params: list[Any] = [key]
        if before_seq is not None:
            sql += " AND seq < ?"
            params.append(before_seq)
        sql += " ORDER BY seq DESC LIMIT ?"
        params.append(limit)
        async with self.reading() as db:
            rows = await db.fetch(sql, params)
            if not rows:  # an archived table keeps its log compressed
                packed = await self.archived_log(db, key)
                if packed is not None:
                    kept = [r for r in packed if before_seq is None or r["seq"] < before_seq]
                    rows = list(reversed(kept))[:max(0, limit)]
        return [log_entry(r) for r in reversed(rows)]

    async def replay(self, key: int) -> Any:
        """The state rebuilt from seed, options and the action log (None in the lobby).

        The saved state is not read: the log is the truth, so this works on a table whose
        saved state is damaged (not on one whose seats cannot be read).
        """
        async with self.reading(snapshot=True) as db:
            table, rows = await self._head_and_log(db, key)
        return rebuild(table, rows)

    async def repair(self, key: int, now: float, *, wait: float | None = None) -> Table:
        """Rebuild a table's state from seed, options and action log, and save it: the way
        back for a table whose saved state cannot be read. The moves per seat are counted
        again from the log, and a game the log finishes is marked finished. DamagedTable
        when even that fails (the seats cannot be read, or the log does not replay)."""
        async with self.writing(wait) as db:
            table, rows = await self._head_and_log(db, key, lock=True)
            try:
                state = rebuild(table, rows)
            except Exception as exc:  # noqa: BLE001 - a log that does not replay
                damaged = DamagedTable(key, table.id, table.host, table.status,
                                       f"action log ({type(exc).__name__})")
                self._report(damaged, again=True)
                raise damaged from None
            game = engine.get_game(table.game_id)
            before = table.version
            table.state = state
            if state is not None:
                table.seat_moves = [0] * len(table.seats)
                for row in rows:
                    table.seat_moves[row["seat"]] += 1
                if table.status == PLAYING and game.result(state) is not None:
                    table.status = FINISHED
            table.version = before + 1
            await self.save(db, table, before, now)
        self._clear_report(key)
        log.info("table %s rebuilt from %d logged moves", key, len(rows))
        return table

    async def _head_and_log(self, db: Conn, key: int, lock: bool = False
                            ) -> tuple[Table, list[Row]]:
        found = await db.fetch(
            f"SELECT {HEAD_COLUMNS} FROM tables WHERE key = ?"
            f"{self.lock_row if lock else ''}", (key,))
        if not found:
            raise KeyError(f"No table with key {key}.")
        table = self._decode(found[0], head=True)
        return table, await self.log_rows(db, key)

    # -- the turn clock across processes -------------------------------------------------

    async def claim_clock(self, key: int, event: str, owner: str, now: float,
                          lease: float) -> bool:
        """Claim the due clock event ``event`` of table ``key`` for ``owner``: True for
        exactly one caller, whichever process it runs in, until the claim is ``lease``
        seconds old; then another caller may take it over (its owner died before doing
        it). A claim of another event of the table is simply replaced.

        One upsert, committed at once, so the other processes see it (issue 16: due clock
        events claimed in the database so each fires exactly once). Concurrent claims of
        one row queue on the row (PostgreSQL) or the file (SQLite), and the loser's
        ``WHERE`` then sees the winner's claim and changes nothing. Decision: an upsert
        rather than ``SELECT ... FOR UPDATE SKIP LOCKED`` over the due tables, because
        whether a table is due is computed from its settings and clock (JSON) by
        ``Table.due``, and the same statement then works on both backends.
        """
        async with self.writing() as db:
            rows = await db.fetch(
                "INSERT INTO clock_claims (table_key, event, owner, claimed_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (table_key) DO UPDATE SET "
                "event = excluded.event, owner = excluded.owner, "
                "claimed_at = excluded.claimed_at "
                "WHERE clock_claims.event <> excluded.event OR clock_claims.claimed_at <= ? "
                "RETURNING owner",
                (key, event, owner, float(now), float(now) - lease),
            )
        return bool(rows)

    async def release_clock(self, key: int, owner: str) -> None:
        """Give back ``owner``'s claim of table ``key`` (its event failed; try it again)."""
        async with self.writing(QUICK_WAIT) as db:
            await db.execute("DELETE FROM clock_claims WHERE table_key = ? AND owner = ?",
                             (key, owner))

    # -- the other concerns: one-line delegations to their modules ---------------------

    async def rate_table(self, key: int, now: float, players: Callable[[Table], Iterable[str]],
                         rate: RateFn) -> list[SeatRating]:
        """Count a finished table's ratings once: :func:`data.ratings.rate_table`."""
        return await ratings.rate_table(self, key, now, players, rate)

    async def unrated_tables(self) -> list[int]:
        """Keys of the finished tables not rated yet: :func:`data.ratings.unrated_tables`."""
        return await ratings.unrated_tables(self)

    async def ratings(self, guild: str, game_id: str | None = None,
                      player: str | None = None) -> list[PlayerRating]:
        """A server's ratings, the surest first: :func:`data.ratings.ratings_of`."""
        return await ratings.ratings_of(self, guild, game_id, player)

    async def rating_changes(self, key: int) -> list[SeatRating]:
        """A table's rating changes by seat: :func:`data.ratings.rating_changes`."""
        return await ratings.rating_changes(self, key)

    async def last_game(self, guild: str, player: str) -> LastGame | None:
        """A player's last rated game on a server: :func:`data.ratings.last_game`."""
        return await ratings.last_game(self, guild, player)

    async def archive_closed(self, before: float, now: float, batch: int = 20) -> int:
        """Archive the tables closed before ``before``: :func:`data.archive.archive_closed`."""
        return await archive.archive_closed(self, before, now, batch)

    async def guilds(self) -> set[str]:
        """Every server with a table or a rating: :func:`data.backup.guilds`."""
        return await backup.guilds(self)

    async def backup(self, dest: Path) -> None:
        """A copy of the whole database in ``dest`` (SQLite): :func:`data.backup.backup`."""
        await backup.backup(self, dest)

    async def dump_rows(self) -> dict[str, list[tuple]]:
        """Every row of the schema: :func:`data.backup.dump_rows`."""
        return await backup.dump_rows(self)

    async def row_counts(self) -> dict[str, int]:
        """Rows per table of the schema: :func:`data.backup.row_counts`."""
        return await backup.row_counts(self)

    async def load_rows(self, rows: dict[str, list[tuple]]) -> None:
        """Insert ``dump_rows`` output, all or nothing: :func:`data.backup.load_rows`."""
        await backup.load_rows(self, rows)

    async def set_message(self, key: int, kind: str, channel_id: str, message_id: str) -> None:
        """Remember the bot's post of that kind: :func:`data.posts.set_message`."""
        await posts.set_message(self, key, kind, channel_id, message_id)

    async def get_message(self, key: int, kind: str) -> tuple[str, str] | None:
        """The remembered post of that kind: :func:`data.posts.get_message`."""
        return await posts.get_message(self, key, kind)

    async def flags(self, key: int, prefix: str = "") -> set[str]:
        """The table's flags starting with ``prefix``: :func:`data.posts.flags`."""
        return await posts.flags(self, key, prefix)

    async def flag_once(self, key: int, name: str) -> bool:
        """True the first time the flag is raised: :func:`data.posts.flag_once`."""
        return await posts.flag_once(self, key, name)

    async def take_back(self, key: int, seq: int, seat: int, now: float,
                        action: Action | None = None,
                        expect_version: int | None = None) -> tuple[Table, LogEntry]:
        """Take back the table's last move: :func:`data.take_back.take_back`."""
        return await take_back.take_back(self, key, seq, seat, now, action, expect_version)

    # -- forgetting a person (issue 15, /stats forget-me: data/forgetting.py) ------------

    async def forget_player(self, player: str, placeholder: str = FORGOTTEN_NAME,
                            now: float | None = None) -> Forgotten:
        """Forget a person everywhere, in one transaction (:func:`data.forgetting.forget`):
        their ratings, their names at closed tables, their posts and notices there. Live
        tables keep them seated, and forget them when they close."""
        at = float(time.time() if now is None else now)
        async with self.writing() as db:
            gone = await forgetting.forget(db, player, placeholder, at, self.lock_row)
        assert gone is not None
        return gone

    async def forget_waiting(self, now: float | None = None) -> int:
        """Settle the remembered requests (the bot's housekeeping): for each, forget the
        person again where tables have closed since (a table closed by a path that could not
        read its seats, or by an older version of the bot), and drop the request when no
        live table seats them any more (a lobby they left; or, on PostgreSQL, their last two
        tables closing at the same moment, each seeing the other still live). Returns how
        many requests were dropped."""
        async with self.reading() as db:
            waiting = await forgetting.waiting(db)
        at = float(time.time() if now is None else now)
        dropped = 0
        for player in waiting:
            async with self.writing() as db:
                gone = await forgetting.forget(db, player, None, at, self.lock_row)
            dropped += gone is not None and gone.live_tables == 0
        return dropped
