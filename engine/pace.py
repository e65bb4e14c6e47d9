"""How long a seat takes to move (issue 24, "reliability on the profile"), pure: the clock
keeps, for each seat the game waits for that has not moved yet in its turn, the moment its
turn began (``Clock.since``); its first move of the turn is then timed.

Decisions:

- **A seat's turn** begins when the game starts waiting for it, and is timed to its first
  move while waited for. Further moves that leave the seats waited for as they were (pick
  a card, then lay it; a build, then another) are the same turn and not timed again: one
  sitting. A move of the seat that changes who is waited for ends its turn, and when the
  game still waits for it a new one begins (the end of a round everyone plays at once), as
  the time bank counts turns (engine/bank.py). Unlike the clock's turn
  (``Table._touch_clock``), a seat's turn does not begin again when another seat moves, so
  in a sealed round the last to choose is timed from the round's start, not from the
  choice before theirs.
- **Away is not slowness**: the part of a turn the seat's clock was paused for away mode
  (engine/away.py) is taken off. A table that refuses away mode keeps its clock running,
  and so the time counts there. When a period away ends within a turn that goes on, its
  time is moved into the turn's start (:func:`carried`), since the clock forgets periods
  that are over.
- A move the clock plays for the seat (a time-out's AI move, an only move after its grace)
  is timed too: the table waited that long for the person.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine import away


def first_move(since: Mapping[int, float], waiting: Iterable[int],
               periods: Mapping[int, tuple[float, float]], seat: int,
               now: float) -> float | None:
    """The seconds ``seat`` took to its first move of its turn, moving at ``now``; None when
    the game was not waiting for it or it has moved already in this turn."""
    start = since.get(seat)
    if start is None or seat not in set(waiting):
        return None
    return max(0.0, now - start - away.paused(periods, seat, start, now))


def carried(since: Mapping[int, float], was: Iterable[int], waiting: Iterable[int],
            moved: int | None, now: float, periods: Mapping[int, tuple[float, float]],
            kept: Mapping[int, tuple[float, float]]) -> dict[int, float]:
    """The turns' starts after a change at ``now``: a seat newly waited for begins its turn
    now, and so does ``moved``, whose move ended its turn; one still waited for that has not
    moved keeps its start (moved on by any period away that the clock forgets now: in
    ``periods``, not in ``kept``); a seat that moved earlier in its turn has none until its
    next turn."""
    before = set(was)
    out: dict[int, float] = {}
    for seat in waiting:
        if seat not in before or seat == moved:
            out[seat] = now
        elif seat in since:
            start = since[seat]
            if seat in periods and seat not in kept:
                start += away.paused(periods, seat, start, now)
            out[seat] = start
    return out


def to_pairs(since: Mapping[int, float]) -> list[list[float]]:
    """The starts as JSON keeps them: [seat, since] pairs."""
    return [[seat, at] for seat, at in sorted(since.items())]


def from_pairs(pairs: Iterable[Iterable[float]] | None, waiting: Iterable[int],
               turn_started: float | None) -> dict[int, float]:
    """The starts ``to_pairs`` wrote; a clock saved before they were kept (None) has each
    waiting seat's turn begin when the clock's turn did."""
    if pairs is None:
        return {} if turn_started is None else {int(s): float(turn_started) for s in waiting}
    return {int(seat): float(at) for seat, at in (tuple(p) for p in pairs)}
