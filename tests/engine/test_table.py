"""The pure table: lobby rules, moves with the version and double-click guard, the clock."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.core import IllegalAction
from engine.table import (
    ABANDONED,
    FINISHED,
    LOBBY,
    NOTIFY_MODES,
    NOTIFY_NONE,
    NOTIFY_REMINDERS,
    NOTIFY_TURNS,
    PLAYING,
    Seat,
    Settings,
    Table,
)

GAME = get_game("all-hands")


def lobby(n_people: int = 1) -> Table:
    t = Table.new(GAME, "chan", "u1", "Anne", {}, seed="table-seed")
    for i in range(2, n_people + 1):
        t.join(GAME, f"u{i}", f"P{i}")
    return t


def test_new_table_seats_the_host_and_fills_default_options() -> None:
    t = lobby()
    assert t.status == LOBBY and [s.name for s in t.seats] == ["Anne"]
    assert set(t.options) == set(GAME.options)


def test_unknown_option_is_refused() -> None:
    with pytest.raises(ValueError):
        Table.new(GAME, "c", "u1", "Anne", {"bogus": 1})


def test_join_twice_or_a_full_table_is_refused() -> None:
    t = lobby()
    with pytest.raises(IllegalAction, match="already seated"):
        t.join(GAME, "u1", "Anne")
    for i in range(2, GAME.max_players + 1):
        t.join(GAME, f"u{i}", f"P{i}")
    with pytest.raises(IllegalAction, match="full"):
        t.join(GAME, "u99", "Late")
    with pytest.raises(IllegalAction, match="full"):
        t.add_bot(GAME)


def test_start_needs_enough_players_and_only_once() -> None:
    t = lobby()
    with pytest.raises(IllegalAction, match="needs 2 to 6"):
        t.start(GAME, 0.0)
    t.add_bot(GAME, "easy")
    t.start(GAME, 100.0)
    assert t.status == PLAYING and t.state is not None and t.seat_moves == [0, 0]
    with pytest.raises(IllegalAction):
        t.start(GAME, 0.0)
    with pytest.raises(IllegalAction, match="before the game starts"):
        t.join(GAME, "u5", "Late")


def test_host_leaving_passes_the_table_on_and_an_empty_table_is_abandoned() -> None:
    t = lobby(2)
    t.leave("u1")
    assert t.host == "u2"
    t.leave("u2")
    assert t.status == ABANDONED


def test_a_move_bumps_the_version_and_a_stale_menu_is_refused() -> None:
    t = lobby(2)
    t.start(GAME, 0.0)
    seat = min(t.to_act(GAME))
    action = GAME.legal_actions(t.state, seat)[0]
    v = t.version
    t.apply(GAME, seat, action, 1.0, expect_seat_moves=0)
    assert t.version == v + 1 and t.seat_moves[seat] == 1
    again = GAME.legal_actions(t.state, seat)
    if again:
        with pytest.raises(IllegalAction, match="out of date"):
            t.apply(GAME, seat, again[0], 2.0, expect_seat_moves=0)
        assert t.version == v + 1


def test_clock_reminds_after_the_interval_then_times_out() -> None:
    t = lobby(2)
    t.settings = Settings(remind_minutes=60, limit_minutes=180, on_timeout="ai-move")
    t.start(GAME, 0.0)
    assert t.due(59 * 60) is None
    assert t.due(60 * 60) == "remind"
    t.mark_reminded(60 * 60)
    assert t.due(90 * 60) is None
    assert t.due(120 * 60) == "remind"
    assert t.due(180 * 60) == "timeout"


def test_clock_ignores_ai_seats_and_closed_tables() -> None:
    t = lobby(1)
    t.add_bot(GAME)
    t.settings = Settings(remind_minutes=1)
    t.start(GAME, 0.0)
    if t.to_act(GAME) == frozenset({1}):
        assert t.due(10_000) is None
    t.abort()
    assert t.due(10_000) is None


def test_settings_validation_says_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="remind"):
        Settings(on_timeout="explode").validate()
    with pytest.raises(ValueError, match="10080"):
        Settings(remind_minutes=-1).validate()


def test_finished_status_when_the_game_ends() -> None:
    import random

    t = lobby(2)
    t.start(GAME, 0.0)
    rng = random.Random(4)
    while t.status == PLAYING:
        seat = rng.choice(sorted(t.to_act(GAME)))
        t.apply(GAME, seat, rng.choice(GAME.legal_actions(t.state, seat)), 0.0)
    assert t.status == FINISHED and t.to_act(GAME) == frozenset()


def test_a_seat_keeps_its_notify_choice_and_an_old_seat_gets_dms_on_every_turn() -> None:
    """Issue 14, "Fewer DMs": the choice lives in the seat (the table's meta JSON), so a
    table saved before the choice existed loads with the default, without a migration."""
    t = lobby(2)
    assert [s.notify for s in t.seats] == [NOTIFY_TURNS, NOTIFY_TURNS]
    t.seats[1].notify = NOTIFY_NONE
    again = [Seat.from_dict(s.to_dict()) for s in t.seats]
    assert [s.notify for s in again] == [NOTIFY_TURNS, NOTIFY_NONE]
    old = {"player": "u1", "name": "Anne", "ai": None, "former": None}
    assert Seat.from_dict(old).notify == NOTIFY_TURNS
    assert set(NOTIFY_MODES) == {NOTIFY_TURNS, NOTIFY_REMINDERS, NOTIFY_NONE}
