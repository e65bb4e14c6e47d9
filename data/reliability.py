"""A person's reliability on one server (issue 24): their median time to move and the share
of their games they finished rather than left to an AI, shown on ``/stats profile`` and
beside their name in a lobby. No punishment, just information: nothing reads it but those
two. Functions over the store's core (data/core.py), reading what data/records.py keeps.

Decisions:

- **Per server**, like the ratings: a person's record where the asker plays with them.
- **Time to move** is the median of their :data:`RECENT_TURNS` newest timed turns on the
  server (engine/pace.py: from the moment the game began waiting for them to their first
  move of that turn, less any time their clock was paused for away mode), shown once there
  are :data:`MIN_TURNS`. A median, so one week-long silence does not define anyone.
- **Games finished**: of their closed games on the server (data/records.py: finished in
  their seat, or left to an AI), shown once there are :data:`MIN_GAMES`.
- **Only what is public**: when someone moved is visible in the channel, and who left or
  was replaced is said there too. Moves of a game are not read; nothing hidden is kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from statistics import median

from data.core import Core
from data.db import Conn

#: timed turns read for the median, and the least that are shown
RECENT_TURNS = 100
MIN_TURNS = 10
#: closed games before the share finished is shown
MIN_GAMES = 3


@dataclass(frozen=True)
class Reliability:
    """A person's record on one server: the median seconds to move over ``turns`` turns
    (None below :data:`MIN_TURNS`), and ``finished`` of ``games`` closed games."""

    median: float | None
    turns: int
    finished: int
    games: int

    @property
    def shows_pace(self) -> bool:
        return self.median is not None

    @property
    def shows_finished(self) -> bool:
        return self.games >= MIN_GAMES

    @property
    def known(self) -> bool:
        """Whether there is anything to show."""
        return self.shows_pace or self.shows_finished


async def _of(db: Conn, player: str, guild: str) -> Reliability:
    rows = await db.fetch(
        "SELECT seconds FROM turn_times WHERE player = ? AND guild = ? "
        "ORDER BY at DESC LIMIT ?", (player, guild, RECENT_TURNS))
    seconds = [float(r[0]) for r in rows]
    games = await db.fetch(
        "SELECT COUNT(*), COALESCE(SUM(finished), 0) FROM game_records "
        "WHERE player = ? AND guild = ?", (player, guild))
    return Reliability(median(seconds) if len(seconds) >= MIN_TURNS else None, len(seconds),
                       int(games[0][1]), int(games[0][0]))


async def reliability(core: Core, player: str, guild: str) -> Reliability:
    """``player``'s record on server ``guild``."""
    async with core.reading(snapshot=True) as db:
        return await _of(db, player, guild)


async def reliabilities(core: Core, players: Iterable[str], guild: str
                        ) -> dict[str, Reliability]:
    """The records of several people on one server (a lobby's seats), in one read."""
    async with core.reading(snapshot=True) as db:
        return {p: await _of(db, p, guild) for p in dict.fromkeys(players)}
