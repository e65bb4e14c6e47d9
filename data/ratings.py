"""Ratings: one per player, game and server, counted once when a game ends (issue 15).

The maths is openskill's (``openskill.models.PlackettLuce``, the Weng-Lin Bayesian rating
for free-for-all games of any number of players, with ties): nothing here computes a
rating. A rating is the library's ``mu`` (25 for a newcomer) with its uncertainty ``sigma``
(25/3 at first, shrinking with every game). The choices it leaves to us:

- **Ranks.** Each game's ``result()`` names its ``winners`` and lists ``scores``, more being
  better in every game (victory points, doubloons, loon, treasure points, headquarters
  strength), and Sewer Pirats adds a ``tiebreak`` (the rulebook's crew spaces). The winners
  share the first place, even when a rulebook tie-break had to decide it, since the result
  already applied that tie-break. Everyone else is placed by score (then tie-break), and
  equal scores share a place. So a shared victory is a tie for first, and 2 to 6 players
  are one ranking.
- **AI captains** are rated as players of their level: every AI seat of level ``hard`` in
  one server's games of one game is the player "ai:hard" there, so beating it moves a
  person's rating as much as beating a person of that rating. When one level holds several
  seats of a game, each seat is rated from the level's rating, and the level's new rating is
  the mean of what the library gives those seats (one game counts once for it).
- **A seat an AI took over** counts for the person who sat there, whoever handed it over:
  on a time-out, with ``/game leave`` (the person gives it up) or with ``/game replace ...
  ai`` (the host gives it to an AI), the AI's result is the person's. Letting the clock run
  out, or leaving a game going badly, never spares a rating, and the AI that finished is
  not rated for it. A seat the host opened (``/game replace ... open``) and a new person
  took counts for that new person, for the whole game; the one who sat there before is
  not rated for it.
- **A person who asked to be forgotten** (``/stats forget-me``) while still seated is never
  rated again while the request waits: the table forgets them in the save that closes it
  (data/forgetting.py), so their seat has nobody's id when the game is rated. Decision: the
  game is still rated for the others, and that seat keeps its place with a newcomer's
  rating (mu 25, sigma 25/3), the rating anyone unknown has, which is not kept; no rating
  change is written for it and the game-over message leaves it out. So the others' results
  stay as played (a player who lost to the forgotten person lost to someone), without any
  trace of the forgotten person's own rating, which forget-me removed already. A seat an AI
  took over from them counts for nobody as well (the AI that finished it is not rated, as
  above).
- **Tables without a server** (the console's, ``python bot.py console``) are not rated:
  ratings are per server. Such a table is marked counted all the same, so that it is
  archived in time.
- **Abandoned and aborted games** are not rated; only a table that reached its result is.
- **Once only.** :func:`rate_finished` marks the table rated in the transaction that
  writes the ratings (:func:`rate_table`), so a crash, a restart, a second process or a
  second call never counts a game twice; :func:`rate_unrated` counts the finished tables a
  crash left unrated, oldest first.
- **Shown and ranked.** A change is shown as ``mu`` before and after (a win raises it, a
  loss lowers it). Leaderboards rank by the library's conservative estimate ``mu - 3
  sigma`` (``ordinal``), so one lucky first game does not top players with fifty.

Where they are kept: one row per player, game and server in ``ratings``, one row per rated
seat in ``rating_changes``, and ``closed_tables.rated_at`` says a table has been counted;
:func:`rate_table` writes all three in one transaction of the store (functions over its
core, data/core.py), so a game counts once whatever crashes or runs twice. A table without
a server (the console's) is counted without rating anyone.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce

import engine
from data.core import Core
from data.db import Conn, Row, StoreBusy
from data.forgetting import unrated_seats
from data.rows import DamagedTable
from engine.table import FINISHED, Seat, Table

#: the library's model with its published defaults (mu 25, sigma 25/3, beta 25/6)
MODEL = PlackettLuce()
#: how many sigmas the leaderboard's conservative estimate takes off mu
SURE = 3.0
AI_PREFIX = "ai:"

#: tries of a rating write that met another game's rating of the same player (PostgreSQL)
_RATE_TRIES = 5

_RATING_COLUMNS = "guild, game_id, player, name, mu, sigma, games, wins, last_table, last_at"
_CHANGE_COLUMNS = ("table_key, seat, player, rank, mu_before, sigma_before, mu_after, "
                   "sigma_after")


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating at one game on one server (a row of ``ratings``). ``player`` is a
    Discord user id, or "ai:<level>" for the AI captains of that level."""

    guild: str
    game_id: str
    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    last_table: int | None
    last_at: float


@dataclass(frozen=True)
class SeatRating:
    """What one rated game did to the rating of the player at one seat (a row of
    ``rating_changes``); ``rank`` is 1 for the winners."""

    table_key: int
    seat: int
    player: str
    rank: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


@dataclass(frozen=True)
class LastGame:
    """A player's most recent rated game on a server: where, which game, how it went."""

    table_key: int
    game_id: str
    channel: str
    rank: int
    at: float


#: A finished table's ratings are counted by a callable like :func:`_rate`: given the
#: table, the current ratings of its players (by player) and when the game ended, the rows
#: of ``rating_changes`` and the new rows of ``ratings``.
RateFn = Callable[[Table, Mapping[str, PlayerRating], float],
                  tuple[list[SeatRating], list[PlayerRating]]]


class _RatingRace(Exception):
    """Another transaction changed a player's rating since this one read it; try again."""


@dataclass(frozen=True)
class RatingChange:
    """What a finished game did to the rating of the player at one seat, for the game-over
    message: the seat's name at the table, its rating before and after."""

    seat: int
    name: str
    player: str
    rank: int
    before: float
    after: float

    @property
    def delta(self) -> float:
        """The change as the two shown ratings (one decimal) differ, so the line adds up."""
        d = round(self.after, 1) - round(self.before, 1)
        return 0.0 if abs(d) < 0.05 else d


def player_of(seat: Seat) -> str | None:
    """Whose rating a seat's game counts for: the person seated; the person an AI took
    over from (a time-out, ``/game leave``, ``/game replace ... ai``: ``Seat.former``); the
    AI level ("ai:hard") for an AI seated as such. None for a seat whose person asked to be
    forgotten (no id left: its game is rated with a newcomer's rating that is not kept)."""
    if seat.is_ai:
        return seat.former or f"{AI_PREFIX}{seat.ai}"
    return seat.player


def is_ai(player: str) -> bool:
    return player.startswith(AI_PREFIX)


def ai_name(player: str) -> str:
    """The name of an AI level's rating: "AI (hard)"."""
    return f"AI ({player.removeprefix(AI_PREFIX)})"


def ranks(result: Mapping[str, Any], n: int) -> list[int]:
    """Each seat's place, 1 for the winners; the others by score, then tie-break, equal
    ones sharing a place (see the module docstring)."""
    winners = {int(w) for w in result.get("winners") or []}
    scores = _numbers(result.get("scores"), n)
    ties = _numbers(result.get("tiebreak"), n)
    keys = sorted({(scores[s], ties[s]) for s in range(n) if s not in winners}, reverse=True)
    return [1 if s in winners else 2 + keys.index((scores[s], ties[s])) for s in range(n)]


def _numbers(values: Any, n: int) -> list[float]:
    if isinstance(values, Sequence) and len(values) == n and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return [float(v) for v in values]
    return [0.0] * n  # no comparable scores: every non-winner shares the second place


def conservative(rating: PlayerRating) -> float:
    """The leaderboard's key: mu - 3 sigma, the library's ``ordinal``."""
    return MODEL.rating(mu=rating.mu, sigma=rating.sigma).ordinal(z=SURE)


def _players(table: Table) -> Iterable[str]:
    return [p for p in map(player_of, table.seats) if p is not None]


def _rate(table: Table, current: Mapping[str, PlayerRating], ended: float
          ) -> tuple[list[SeatRating], list[PlayerRating]]:
    """The seats' changes and the players' new ratings for a finished table (inside
    the transaction of :func:`rate_table`)."""
    result = engine.get_game(table.game_id).result(table.state)
    if result is None:
        return [], []
    n = len(table.seats)
    places = ranks(result, n)
    who = [player_of(s) for s in table.seats]
    before = []
    for p in who:
        old = current.get(p) if p is not None else None
        before.append(MODEL.rating() if old is None else MODEL.rating(mu=old.mu, sigma=old.sigma))
    after = [team[0] for team in MODEL.rate([[r] for r in before], ranks=list(places))]
    key = table.key or 0
    changes = [SeatRating(key, s, p, places[s], before[s].mu, before[s].sigma,
                          after[s].mu, after[s].sigma)
               for s, p in enumerate(who) if p is not None]
    guild = table.guild or ""
    updated = []
    for p in dict.fromkeys(p for p in who if p is not None):
        seats = [s for s in range(n) if who[s] == p]
        old = current.get(p)
        name = _name(table, p, seats[0], old)
        updated.append(PlayerRating(
            guild, table.game_id, p, name,
            fmean(after[s].mu for s in seats), fmean(after[s].sigma for s in seats),
            (old.games if old else 0) + 1,
            (old.wins if old else 0) + (1 if any(places[s] == 1 for s in seats) else 0),
            key, ended))
    return changes, updated


def _name(table: Table, player: str, seat: int, old: PlayerRating | None) -> str:
    if is_ai(player):
        return ai_name(player)
    s = table.seats[seat]
    if s.is_ai:  # taken over on a time-out: the person's name, as they last sat
        return old.name if old is not None else s.name.removesuffix(" (AI)")
    return s.name


async def rate_finished(store: Core, table: Table, now: float | None = None
                        ) -> list[RatingChange]:
    """Count the ratings of ``table``'s game if it is finished and not counted yet: the
    entry point of the game-over message. [] when it is not finished (abandoned, aborted,
    still playing), has no server (the console's) or was rated already. A table whose
    saved game cannot be read is left unrated (and logged by the store)."""
    if table.key is None or table.status != FINISHED:
        return []
    try:
        rows = await rate_table(store, table.key, time.time() if now is None else now,
                                _players, _rate)
    except DamagedTable:
        return []
    names = [s.name for s in table.seats]
    return [RatingChange(c.seat, names[c.seat] if c.seat < len(names) else f"Seat {c.seat + 1}",
                         c.player, c.rank, c.mu_before, c.mu_after) for c in rows]


async def rate_unrated(
    store: Core, now: float,
    tell: Callable[[Table, list[RatingChange]], Awaitable[None]] | None = None,
) -> int:
    """Count every finished table that is not rated yet, in the order the games ended
    (the bot's housekeeping runs this at start and every hour: a crash between a game's end
    and its game-over message leaves it unrated), and ``tell`` each game's changes once
    counted (the bot posts the **Ratings** message its game-over board would have had).
    Returns how many were rated."""
    rated = 0
    for key in await unrated_tables(store):
        try:
            table = await store.get(key)
        except DamagedTable:
            continue  # logged once by the store; /game repair brings it back
        changes = [] if table is None else await rate_finished(store, table, now)
        if changes:
            rated += 1
            if tell is not None:
                await tell(table, changes)
    return rated


def change_lines(changes: Iterable[RatingChange]) -> list[str]:
    """One line per rated seat for the game-over message, winners first:
    "Anne: 25.0 → 27.3 (+2.3)". The names are the seats' names as given (plain text)."""
    return [f"{c.name}: {c.before:.1f} → {c.after:.1f} ({c.delta:+.1f})"
            for c in sorted(changes, key=lambda c: (c.rank, c.seat))]


# -- the ratings' rows, in the store's transactions ------------------------------------


def _rating(row: Row) -> PlayerRating:
    return PlayerRating(row["guild"], row["game_id"], row["player"], row["name"],
                        float(row["mu"]), float(row["sigma"]), int(row["games"]),
                        int(row["wins"]), row["last_table"], float(row["last_at"]))


async def rate_table(core: Core, key: int, now: float,
                     players: Callable[[Table], Iterable[str]], rate: RateFn
                     ) -> list[SeatRating]:
    """Count a finished table's ratings once: mark it rated (``rated_at``), read its
    players' ratings, ``rate`` them, write the new ratings and the seats' changes, all
    in one transaction. [] when the table is not finished or was rated already (by an
    earlier call, another process, or before a crash): the mark and the ratings are
    committed together or not at all.

    ``players(table)`` names the players whose ratings ``rate`` needs. Each rating row
    is written only if it is still the one read (its ``games`` count is its version),
    in the players' order so that two games rating the same players at once on
    PostgreSQL queue instead of deadlocking; a row changed meanwhile retries the whole
    transaction.
    """
    for _ in range(_RATE_TRIES):
        try:
            return await _rate_once(core, key, now, players, rate)
        except _RatingRace:
            continue
    raise StoreBusy()


async def _rate_once(core: Core, key: int, now: float,
                     players: Callable[[Table], Iterable[str]], rate: RateFn
                     ) -> list[SeatRating]:
    async with core.writing() as db:
        table = await core.load(db, key)  # held: a second rater of it waits here
        if table.status != FINISHED:
            return []
        marked = await db.execute(
            "INSERT INTO closed_tables (table_key, rated_at) VALUES (?, ?) "
            "ON CONFLICT (table_key) DO UPDATE SET rated_at = excluded.rated_at "
            "WHERE closed_tables.rated_at IS NULL", (key, float(now)))
        if marked != 1:
            return []
        if not table.guild:
            return []  # the console's tables: counted (so archived in time), rating nobody
        forgotten = await unrated_seats(db, table)
        for seat in forgotten:  # rated for nobody (player_of)
            table.seats[seat] = Seat(None, table.seats[seat].name)
        ended = float(await db.scalar("SELECT updated_at FROM tables WHERE key = ?", (key,)))
        current = await _current(db, table.guild, table.game_id, sorted(set(players(table))))
        changes, updated = rate(table, current, ended)
        await _write_ratings(db, current, updated)
        await db.executemany(
            f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(c.table_key, c.seat, c.player, c.rank, c.mu_before, c.sigma_before,
              c.mu_after, c.sigma_after) for c in changes])
    return changes


async def _current(db: Conn, guild: str, game_id: str, wanted: list[str]
                   ) -> dict[str, PlayerRating]:
    """The ratings of the ``wanted`` players at that game on that server, by player."""
    if not wanted:
        return {}
    rows = await db.fetch(
        f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild = ? AND game_id = ? "
        f"AND player IN ({', '.join('?' * len(wanted))})",
        (guild, game_id, *wanted))
    return {r["player"]: _rating(r) for r in rows}


async def _write_ratings(db: Conn, current: Mapping[str, PlayerRating],
                         updated: Iterable[PlayerRating]) -> None:
    """Write the new ratings, each only if its row is still the one read (``current``);
    _RatingRace when one changed meanwhile."""
    for new in sorted(updated, key=lambda r: r.player):
        old = current.get(new.player)
        values = (new.name, new.mu, new.sigma, new.games, new.wins, new.last_table,
                  new.last_at)
        if old is None:
            done = await db.execute(
                f"INSERT INTO ratings ({_RATING_COLUMNS}) VALUES "
                f"(?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (new.guild, new.game_id, new.player, *values))
        else:
            done = await db.execute(
                "UPDATE ratings SET name = ?, mu = ?, sigma = ?, games = ?, wins = ?, "
                "last_table = ?, last_at = ? "
                "WHERE guild = ? AND game_id = ? AND player = ? AND games = ?",
                (*values, old.guild, old.game_id, old.player, old.games))
        if done != 1:
            raise _RatingRace()


async def unrated_tables(core: Core) -> list[int]:
    """Keys of the finished tables not rated yet, in the order they ended."""
    async with core.reading() as db:
        rows = await db.fetch(
            "SELECT key FROM tables WHERE status = 'finished' AND NOT EXISTS ("
            "SELECT 1 FROM closed_tables c WHERE c.table_key = tables.key "
            "AND c.rated_at IS NOT NULL) ORDER BY updated_at, key")
    return [int(r["key"]) for r in rows]


async def ratings_of(core: Core, guild: str, game_id: str | None = None,
                     player: str | None = None) -> list[PlayerRating]:
    """The ratings of a server, of one game and of one player when given, the surest
    first: by the library's conservative estimate, mu - 3 sigma (its ``ordinal``:
    :func:`conservative`), then by games played."""
    sql = f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild = ?"
    params: list[Any] = [guild]
    if game_id is not None:
        sql += " AND game_id = ?"
        params.append(game_id)
    if player is not None:
        sql += " AND player = ?"
        params.append(player)
    async with core.reading() as db:
        rows = await db.fetch(sql + " ORDER BY mu - 3 * sigma DESC, games DESC, player",
                              params)
    return [_rating(r) for r in rows]


async def rating_changes(core: Core, key: int) -> list[SeatRating]:
    """What the table's game did to its players' ratings, by seat ([] if not rated)."""
    async with core.reading() as db:
        rows = await db.fetch(f"SELECT {_CHANGE_COLUMNS} FROM rating_changes "
                              f"WHERE table_key = ? ORDER BY seat", (key,))
    return [SeatRating(*(r[i] for i in range(8))) for r in rows]


async def last_game(core: Core, guild: str, player: str) -> LastGame | None:
    """The player's most recent rated game on the server, or None."""
    async with core.reading() as db:
        rows = await db.fetch(
            "SELECT t.key, t.game_id, t.channel, c.rank, t.updated_at "
            "FROM rating_changes c JOIN tables t ON t.key = c.table_key "
            "WHERE c.player = ? AND t.guild = ? ORDER BY t.updated_at DESC, t.key DESC "
            "LIMIT 1", (player, guild))
    if not rows:
        return None
    r = rows[0]
    return LastGame(int(r[0]), r[1], r[2], int(r[3]), float(r[4]))
