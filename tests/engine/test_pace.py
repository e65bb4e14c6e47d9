"""How long a seat takes to move (engine/pace.py): its own turn's start, kept across other
seats' moves, ended by its own first move, and time away taken off even when the period
ended before the move."""

from __future__ import annotations

from engine import pace

H = 3600.0


def test_a_seat_newly_waited_for_begins_its_turn_and_one_still_waited_for_keeps_it() -> None:
    since = pace.carried({0: 0.0, 1: 0.0}, [0, 1], [1, 2], 0, 5 * H, {}, {})
    assert since == {1: 0.0, 2: 5 * H}


def test_the_seat_whose_move_changed_the_turn_begins_a_new_one_when_still_waited_for() -> None:
    assert pace.carried({1: 0.0}, [1], [0, 1], 1, 3 * H, {}, {}) == {0: 3 * H, 1: 3 * H}


def test_a_seat_that_moved_in_its_turn_is_not_timed_again() -> None:
    assert pace.first_move({}, [0], {}, 0, 2 * H) is None
    assert pace.carried({}, [0, 1], [0], 1, 2 * H, {}, {}) == {}, "0 moved earlier"
    assert pace.first_move({0: 0.0}, [1], {}, 0, 2 * H) is None, "not waited for"


def test_time_away_is_taken_off_even_when_the_period_ended_before_the_move() -> None:
    """Away from 1 h to 3 h of a turn that began at 0; another seat's move at 4 h makes the
    clock forget the period, so the start moves on by its 2 h; the move at 6 h took 4 h."""
    periods = {0: (1 * H, 3 * H)}
    since = pace.carried({0: 0.0}, [0, 1], [0], 1, 4 * H, periods, {})
    assert since == {0: 2 * H}
    assert pace.first_move(since, [0], {}, 0, 6 * H) == 4 * H
    # a period still running is kept by the clock and taken off at the move instead
    assert pace.first_move({0: 0.0}, [0], {0: (1 * H, 9 * H)}, 0, 6 * H) == 1 * H


def test_a_clock_saved_before_the_starts_were_kept_times_from_its_turn() -> None:
    assert pace.from_pairs(None, [0, 2], 100.0) == {0: 100.0, 2: 100.0}
    assert pace.from_pairs(None, [0], None) == {}
    assert pace.from_pairs(pace.to_pairs({1: 5.0}), [0], 1.0) == {1: 5.0}
