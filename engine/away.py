"""Away mode at one table (issue 24), pure: a person away (``/me away``) has the turn clock
paused for their seat, so nothing is due for it (no reminder, no time-out, no move played
in its place) and the time away does not count against its time limit or time bank.

The table's clock keeps each away seat's period (``Clock.away``: seat -> [since, until],
epoch s). The time a seat is charged for a turn is the turn's length less the part of its
period inside the turn (:func:`paused`); so a flat limit or a bank simply runs on after
the person is back, from where it stood when they left. Decision: one period per seat is
kept; a second period begun within the same turn replaces the first, whose time inside the
turn is then charged (a person who comes back and leaves again within one turn).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def is_away(away: Mapping[int, tuple[float, float]], seat: int, now: float) -> bool:
    """Whether ``seat`` is away at ``now``."""
    period = away.get(seat)
    return period is not None and period[0] <= now < period[1]


def paused(away: Mapping[int, tuple[float, float]], seat: int, turn_started: float | None,
           now: float) -> float:
    """The seconds of the turn under way (from ``turn_started`` to ``now``) that ``seat``
    spent away."""
    period = away.get(seat)
    if period is None or turn_started is None:
        return 0.0
    return max(0.0, min(period[1], now) - max(period[0], turn_started))


def paused_all(away: Mapping[int, tuple[float, float]], seats: Iterable[int],
               turn_started: float | None, now: float) -> dict[int, float]:
    """:func:`paused` for each of ``seats``."""
    return {seat: paused(away, seat, turn_started, now) for seat in seats}


def kept(away: Mapping[int, tuple[float, float]], now: float) -> dict[int, tuple[float, float]]:
    """The periods still running at ``now`` (a new turn forgets those that are over)."""
    return {seat: period for seat, period in away.items() if period[1] > now}


def ended(away: Mapping[int, tuple[float, float]], seat: int,
          now: float) -> dict[int, tuple[float, float]]:
    """The periods with ``seat``'s ended at ``now`` (its move, or ``/me back``)."""
    out = dict(away)
    period = out.get(seat)
    if period is not None and period[1] > now:
        out[seat] = (period[0], max(period[0], now))
    return out


def to_rows(away: Mapping[int, tuple[float, float]]) -> list[list[float]]:
    """The periods as JSON keeps them: [seat, since, until] rows."""
    return [[seat, since, until] for seat, (since, until) in sorted(away.items())]


def from_rows(rows: Iterable[Iterable[float]] | None) -> dict[int, tuple[float, float]]:
    """The periods ``to_rows`` wrote; a clock saved before away mode existed has none."""
    out: dict[int, tuple[float, float]] = {}
    for seat, since, until in (tuple(r) for r in rows or []):
        out[int(seat)] = (float(since), float(until))
    return out
