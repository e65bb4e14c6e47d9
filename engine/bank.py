"""The time bank: a turn-clock mode beside the flat limit per turn (issue 24). Pure.

Board Game Arena's model: each seat starts with a bank (say two days) that runs down
while the game waits for it, and gains an increment (say twelve hours) after each of its
turns, never above the start. A seat whose bank runs out has timed out: the table's
``on_timeout`` applies, as for the flat limit.

The bank is kept in the table's clock (``Clock.banks``: seconds left per seat when the
current turn started; a seat missing from it has a full bank), so it lives in the table's
meta JSON beside the rest of the clock: no new column, no migration, and the clock loop
reads it without the game's state. Functions over plain numbers, so ``engine/table.py``
(the caller) keeps to its size.

Decisions:

- A "turn", for the bank as for the flat limit, lasts while the set of seats the game
  waits for does not change (``Table._touch_clock``). When it changes, every seat that was
  waited for is charged the time the turn took, and the seat whose move changed it gains
  the increment (also when the game waits for it again next, as at the end of a round
  that everyone plays at once). So a turn of several steps earns one increment, not one a
  step; a seat whose moves leave the set as it was (it plays again straight after
  itself) keeps running down until the set changes.
- After a time-out the table's outcome applies; a seat whose bank is empty then gets one
  increment (at least :data:`GRACE_MIN` seconds) before the next time-out, so the outcome
  "remind only" reminds once per grace rather than at every pass of the clock.
- Seats played by the AI are charged too but never time out (the clock waits for people
  only).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

#: the largest bank and increment a table may set: two weeks and a week (minutes)
BANK_MAX_MINUTES = 14 * 24 * 60
INCREMENT_MAX_MINUTES = 7 * 24 * 60
#: the least time a seat whose bank ran out gets before it can time out again (seconds)
GRACE_MIN = 60 * 60.0


def left(banks: Mapping[int, float], seat: int, start: float, waiting: Iterable[int],
         turn_started: float | None, now: float,
         paused: Mapping[int, float] | None = None) -> float:
    """The seconds left in ``seat``'s bank at ``now`` (never below 0): its bank when the
    turn started (``start``, full, when not recorded), less the turn so far while the
    game waits for it, less the part of it the seat was away (``paused``: engine/away.py)."""
    bank = banks.get(seat, start)
    if turn_started is not None and seat in set(waiting):
        bank -= max(0.0, now - turn_started - (paused or {}).get(seat, 0.0))
    return max(0.0, bank)


def settle(banks: Mapping[int, float], start: float, increment: float,
           waiting: Iterable[int], turn_started: float | None, now: float,
           moved: int | None, paused: Mapping[int, float] | None = None) -> dict[int, float]:
    """The banks when a turn ends at ``now``: each seat that was ``waiting`` is charged the
    turn, and ``moved`` (the seat whose move ended it, None after a time-out) gains
    ``increment``, up to ``start``. Empty when the table has no bank (``start`` 0)."""
    if not start:
        return {}
    was = set(waiting)
    out = {seat: bank for seat, bank in banks.items()}
    for seat in was:
        out[seat] = left(banks, seat, start, was, turn_started, now, paused)
    if moved is not None and moved in was:
        out[moved] = min(start, out[moved] + increment)
    return out


def after_timeout(banks: Mapping[int, float], start: float, increment: float,
                  waiting: Iterable[int], turn_started: float | None,
                  now: float, paused: Mapping[int, float] | None = None) -> dict[int, float]:
    """The banks when the clock restarts a turn after a time-out at ``now``: each waiting
    seat is charged the turn so far, and one left empty gets one increment (at least
    :data:`GRACE_MIN`, at most ``start``) before it can time out again."""
    if not start:
        return {}
    was = list(waiting)
    out = settle(banks, start, increment, was, turn_started, now, None, paused)
    for seat in was:
        if out[seat] <= 0:
            out[seat] = min(start, max(increment, GRACE_MIN))
    return out


def runs_out(banks: Mapping[int, float], start: float, people: Iterable[int],
             turn_started: float | None, paused: Mapping[int, float] | None = None
             ) -> float | None:
    """When the first of ``people`` (the waiting seats played by people, none of them away
    now) runs out of bank (epoch s), or None (nobody waited for, or no bank); ``paused``:
    the time of the turn each spent away, which moves their moment on."""
    seats = list(people)
    if not start or turn_started is None or not seats:
        return None
    return turn_started + min(banks.get(seat, start) + (paused or {}).get(seat, 0.0)
                              for seat in seats)


def to_pairs(banks: Mapping[int, float]) -> list[list[float]]:
    """The banks as JSON keeps them: [seat, seconds] pairs (JSON keys are strings)."""
    return [[seat, round(bank, 3)] for seat, bank in sorted(banks.items())]


def from_pairs(pairs: Iterable[Iterable[float]] | None) -> dict[int, float]:
    """The banks ``to_pairs`` wrote; a clock saved before the bank existed has none."""
    out: dict[int, float] = {}
    for seat, bank in (tuple(p) for p in pairs or []):
        out[int(seat)] = float(bank)
    return out
