"""Away mode at one table (issue 24), pure, with ``now`` passed in: an away seat has nothing
due (no reminder, no time-out, no only move played), and the time away counts against
neither the flat limit nor the time bank; a move ends it."""

from __future__ import annotations

import engine
from engine.table import Table

T0 = 1_700_000_000.0
HOUR = 3600.0


def table(bank: bool = False) -> tuple[Table, int]:
    """Two people at All Hands on Deck!, a reminder every 12 hours and a limit of two days
    (or a bank of two days); returns the table and the seat waited for."""
    game = engine.get_game("all-hands")
    t = Table.new(game, "c1", "u0", "Anne")
    t.join(game, "u1", "Bo")
    if bank:
        t.settings.bank_minutes, t.settings.increment_minutes = 2 * 1440, 12 * 60
    t.start(game, T0)
    (seat,) = t.clock.waiting_for
    return t, seat


def test_an_away_seat_is_neither_reminded_nor_timed_out() -> None:
    t, seat = table()
    t.set_away(seat, T0 + HOUR, T0 + 5 * 24 * HOUR)  # away while it is already their turn
    assert t.due(T0 + 13 * HOUR) is None and t.due(T0 + 3 * 24 * HOUR) is None
    assert t.clocked(T0 + 13 * HOUR) == []
    assert t.clocked(T0 + 30 * 60) == [seat], "not away yet"


def test_the_flat_limit_runs_on_after_the_away_time() -> None:
    t, seat = table()
    t.set_away(seat, T0 + 10 * HOUR, T0 + 34 * HOUR)  # one day away within the turn
    assert t.times_out([seat], T0 + 35 * HOUR) == T0 + 72 * HOUR
    assert t.due(T0 + 71.9 * HOUR) == "remind"  # back: the reminder they missed
    t.mark_reminded(T0 + 71.9 * HOUR)
    assert t.due(T0 + 72 * HOUR) == "timeout"


def test_time_away_does_not_count_against_the_bank() -> None:
    t, seat = table(bank=True)
    t.set_away(seat, T0 + 10 * HOUR, T0 + 34 * HOUR)
    assert t.bank_left(seat, T0 + 20 * HOUR) == 38 * HOUR  # frozen while away
    assert t.bank_left(seat, T0 + 40 * HOUR) == 32 * HOUR  # 40 h less 24 h away
    assert t.times_out(t.clocked(T0 + 40 * HOUR), T0 + 40 * HOUR) == T0 + 72 * HOUR


def test_back_early_ends_the_pause_from_then() -> None:
    t, seat = table(bank=True)
    t.set_away(seat, T0 + 10 * HOUR, T0 + 100 * HOUR)
    t.set_away(seat, T0 + 12 * HOUR, T0 + 12 * HOUR)  # /me back
    assert t.clocked(T0 + 13 * HOUR) == [seat]
    assert t.bank_left(seat, T0 + 20 * HOUR) == 30 * HOUR  # 20 h less 2 h away


def test_a_move_ends_the_away_and_the_bank_keeps_the_pause() -> None:
    t, seat = table(bank=True)
    t.set_away(seat, T0 + 10 * HOUR, T0 + 100 * HOUR)
    game = engine.get_game("all-hands")
    t.apply(game, seat, game.legal_actions(t.state, seat)[0], T0 + 20 * HOUR)
    assert t.clock.away[seat] == (T0 + 10 * HOUR, T0 + 20 * HOUR), "back at the first move"
    if seat in t.clock.waiting_for:  # the same turn goes on: the pause stays counted
        assert t.bank_left(seat, T0 + 22 * HOUR) == 36 * HOUR  # 22 h less 10 h away
    else:  # the turn ended: charged 10 h, plus the increment
        assert t.bank_left(seat, T0 + 22 * HOUR) == 48 * HOUR
    assert t.clocked(T0 + 21 * HOUR) == [
        s for s in t.clock.waiting_for if t.seats[s].is_person]


def test_the_away_period_survives_a_save() -> None:
    t, seat = table()
    t.set_away(seat, T0, T0 + HOUR)
    again = type(t.clock).from_dict(t.clock.to_dict())
    assert again.away == {seat: (T0, T0 + HOUR)}


def test_a_newcomer_on_an_open_seat_is_not_away() -> None:
    t, seat = table()
    t.set_away(seat, T0, T0 + 24 * HOUR)
    t.hand_over(seat, "open")
    t.join(engine.get_game("all-hands"), "u9", "Cy")
    assert seat not in t.clock.away
