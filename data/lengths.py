"""The lobby's expected length (issue 24): how long this bot's finished games of the same
game, player count and clock took ("usually 3 to 5 days at this clock"), from what
data/records.py keeps when a game finishes. Functions over the store's core (data/core.py),
like data/people.py.

Decisions:

- **Per bot**, as the issue says ("this bot's finished tables"): the games of every server
  count, since how long a game of five players at a two-day clock lasts says nothing of the
  server, and a small server would rarely have enough of its own.
- **The same kind of game**: the same game, the same number of seats (AI seats included),
  and the same clock (``data.records.clock_kind``: the flat limit, or the bank and its
  increment, or no limit). The game's options (rounds, scenario) are not compared: more
  kinds would each rarely reach the minimum.
- **Enough games**: nothing is said before :data:`MIN_GAMES` finished games of the kind.
  The :data:`RECENT` newest of them are read (by the index ``game_lengths_kind``, newest
  first), so the lookup costs the same with thousands, and the figure follows how the game
  is played now.
- **The range** is the middle half of those games: the 25th to the 75th percentile
  (``statistics.quantiles``, inclusive), so one game left to sleep for a month or one
  played in an evening does not move it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from statistics import quantiles

from data.core import Core
from data.records import clock_kind
from engine.turn_clock import Settings

#: finished games of the same kind before the lobby says anything
MIN_GAMES = 5
#: the newest finished games of the kind that are read
RECENT = 200


@dataclass(frozen=True)
class Lengths:
    """How long games of one kind usually last: the middle half from ``low`` to ``high``
    (seconds), over ``games`` finished games."""

    low: float
    high: float
    games: int


def middle_half(seconds: Sequence[float]) -> tuple[float, float]:
    """The 25th and 75th percentiles of at least two lengths."""
    q1, _, q3 = quantiles(sorted(seconds), n=4, method="inclusive")
    return q1, q3


async def expected_length(core: Core, game_id: str, players: int,
                          settings: Settings) -> Lengths | None:
    """How long the newest finished games of ``game_id`` with ``players`` seats at this
    clock lasted; None before :data:`MIN_GAMES` of them."""
    async with core.reading() as db:
        rows = await db.fetch(
            "SELECT finished_at - started_at FROM game_lengths "
            "WHERE game_id = ? AND players = ? AND clock = ? "
            "ORDER BY finished_at DESC LIMIT ?",
            (game_id, int(players), clock_kind(settings), RECENT))
    seconds = [max(0.0, float(r[0])) for r in rows]
    if len(seconds) < MIN_GAMES:
        return None
    low, high = middle_half(seconds)
    return Lengths(low, high, len(seconds))
