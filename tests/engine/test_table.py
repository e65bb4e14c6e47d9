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
    Table,
)
from engine.turn_clock import Clock, Settings
from tests.fixtures.cutlass import GAME as CUTLASS

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


def test_a_move_bumps_the_version_and_the_seats_move_count() -> None:
    # a stale menu (the seat's move count moved on) is the store's one check, inside its
    # transaction: tests/data/test_store.py
    t = lobby(2)
    t.start(GAME, 0.0)
    seat = min(t.to_act(GAME))
    action = GAME.legal_actions(t.state, seat)[0]
    v = t.version
    t.apply(GAME, seat, action, 1.0)
    assert t.version == v + 1 and t.seat_moves[seat] == 1


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


# -- a player's only move, played for them after the table's grace (issue 22) ----------------

MIN = 60.0


def cutlasses(forced_minutes: int = 30, **clock: int) -> Table:
    """A Crossed Cutlasses table of three people (the platform's fixture game: pick a card,
    then lay it, so a seat that has picked is down to one move), its turn clock set to
    ``forced_minutes`` and otherwise off unless ``clock`` says, dealt at time 0."""
    t = Table.new(CUTLASS, "chan", "u0", "Anne", {}, seed="only-move")
    for i in (1, 2):
        t.join(CUTLASS, f"u{i}", f"P{i}")
    t.settings = Settings(remind_minutes=clock.get("remind", 0),
                          limit_minutes=clock.get("limit", 0), forced_minutes=forced_minutes)
    t.start(CUTLASS, 0.0)
    return t


def pick(t: Table, seat: int, at: float) -> None:
    """The seat picks its first card: "lay" is then its one legal move."""
    first = CUTLASS.legal_actions(t.state, seat)[0]
    t.apply(CUTLASS, seat, first, at)
    assert [a.kind for a in CUTLASS.legal_actions(t.state, seat)] == ["lay"]


def test_a_players_only_move_is_never_played_for_them_by_default() -> None:
    assert Settings().forced_minutes == 0
    t = cutlasses(forced_minutes=0)
    pick(t, 0, 10 * MIN)
    assert t.clock.forced == {} and t.forced_moments() == {}
    assert t.due(10 * 24 * 60 * MIN) is None


def test_an_only_move_is_due_after_the_grace_and_not_before() -> None:
    t = cutlasses(forced_minutes=30)
    pick(t, 0, 10 * MIN)
    assert t.clock.forced == {0: 10 * MIN}
    assert t.forced_moments() == {0: 40 * MIN}
    assert t.due(40 * MIN - 1) is None
    assert t.due(40 * MIN) == "forced" and t.forced_due(40 * MIN) == [0]


def test_a_player_with_two_moves_or_more_is_never_played_for() -> None:
    t = cutlasses(forced_minutes=5)
    assert all(len(CUTLASS.legal_actions(t.state, s)) > 1 for s in range(3))
    assert t.clock.forced == {}
    assert t.due(10 * 24 * 60 * MIN) is None


def test_the_grace_counts_from_when_the_seat_came_down_to_one_move() -> None:
    """Not from the start of the turn: the others' moves keep the moment, and a seat's own
    move, leaving it one move again, would start a new grace."""
    t = cutlasses(forced_minutes=30)
    pick(t, 0, 100 * MIN)
    pick(t, 1, 110 * MIN)
    assert t.clock.turn_started == 0.0, "the same seats are waited for: the turn goes on"
    assert t.clock.forced == {0: 100 * MIN, 1: 110 * MIN}
    t.apply(CUTLASS, 1, CUTLASS.legal_actions(t.state, 1)[0], 120 * MIN)  # seat 1 lays
    assert t.clock.turn_started == 120 * MIN, "fewer seats waited for: a new turn"
    assert t.clock.forced == {0: 100 * MIN}, "seat 0 has been down to one move since 100"
    assert t.due(129 * MIN) is None
    assert t.due(130 * MIN) == "forced" and t.forced_due(130 * MIN) == [0]


def test_an_only_move_comes_before_a_time_out_or_a_reminder_when_its_time_comes_first() -> None:
    t = cutlasses(forced_minutes=30, limit=60, remind=20)
    pick(t, 0, 0.0)
    assert t.due(20 * MIN) == "remind"
    t.mark_reminded(20 * MIN)
    assert t.due(30 * MIN) == "forced", "due at 30, the next reminder at 40"
    assert t.due(45 * MIN) == "forced", "still before the reminder due at 40 fired"
    late = cutlasses(forced_minutes=30, limit=60)
    pick(late, 0, 45 * MIN)
    assert late.due(80 * MIN) == "timeout", "the time limit (at 60) comes first"


def test_an_ai_seats_only_move_is_left_to_the_ai() -> None:
    t = cutlasses(forced_minutes=5)
    pick(t, 2, 0.0)
    t.replace_with_ai(2)
    assert t.forced_moments() == {} and t.due(60 * MIN) is None


def test_an_only_move_that_names_a_hidden_card_is_not_named_in_public() -> None:
    """After a pick, "Lay your cutlass N face down" is the seat's one move: the card is
    hidden from the others (the fixture game's rules), so the move may not be named."""
    t = cutlasses(forced_minutes=30)
    pick(t, 0, 0.0)
    (lay,) = CUTLASS.legal_actions(t.state, 0)
    assert lay.label.startswith("Lay your cutlass")
    assert not t.tells_nothing_hidden(CUTLASS, 0, lay)


def test_a_table_saved_before_the_only_move_setting_loads_with_it_off() -> None:
    old_settings = {"remind_minutes": 60, "limit_minutes": 120, "on_timeout": "ai-seat"}
    assert Settings.from_dict(old_settings).forced_minutes == 0
    old_clock = {"turn_started": 5.0, "last_reminded": None, "waiting_for": [0, 1]}
    assert Clock.from_dict(old_clock).forced == {}
    t = cutlasses(forced_minutes=30)
    pick(t, 1, 7.5)
    again = Clock.from_dict(t.clock.to_dict())
    assert again == t.clock and again.forced == {1: 7.5}
    assert Settings.from_dict(t.settings.to_dict()).forced_minutes == 30


def test_the_only_move_grace_goes_from_off_to_a_day() -> None:
    Settings(forced_minutes=1440).validate()
    for wrong in (-1, 1441):
        with pytest.raises(ValueError, match=r"0 \(off\) to 1440 minutes \(a day\)"):
            Settings(forced_minutes=wrong).validate()
