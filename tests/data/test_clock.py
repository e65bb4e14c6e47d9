"""The turn clock: reminders and the three time-out outcomes, with ``now`` passed in."""

from __future__ import annotations

import pytest

import engine
from data.tables import TableService, clock_event
from engine.core import Action, IllegalAction
from engine.table import PLAYING
from engine.turn_clock import TIMEOUT_AI_MOVE, TIMEOUT_AI_SEAT, TIMEOUT_REMIND
from tests.data.helpers import LAY, T0, canon, dump, open_table, pick, turn

MIN = 60.0


async def test_a_reminder_comes_after_the_interval_and_once_per_interval(
    svc: TableService,
) -> None:
    table = await open_table(svc, "c1", players=3)
    await svc.settings("c1", "u0", remind_minutes=60, now=T0)
    await svc.move_batch("c1", "u0", turn(table, 0), T0)
    assert await svc.tick(T0 + 59 * MIN) == []
    events = await svc.tick(T0 + 60 * MIN)
    assert [(e.kind, e.table.key, e.seats, e.timed_out) for e in events] == [
        ("remind", table.key, [1, 2], False)
    ]
    assert await svc.tick(T0 + 61 * MIN) == []  # reminded already
    assert [e.kind for e in await svc.tick(T0 + 120 * MIN)] == ["remind"]


async def test_a_move_restarts_the_clock_for_the_next_turn(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    await svc.settings("c1", "u0", remind_minutes=60, now=T0)
    await svc.move_batch("c1", "u0", turn(table, 0), T0 + 50 * MIN)
    await svc.move_batch("c1", "u1", turn(table, 1), T0 + 55 * MIN)  # round 2 begins
    assert await svc.tick(T0 + 100 * MIN) == []
    assert [e.seats for e in await svc.tick(T0 + 115 * MIN)] == [[0, 1]]


async def test_ai_seats_are_never_reminded(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=1, bots=1)
    await svc.settings("c1", "u0", remind_minutes=10, now=T0)
    await svc.move_batch("c1", "u0", turn(table, 0), T0)  # only the AI seat is waited for now
    assert await svc.tick(T0 + 600 * MIN) == []


async def test_time_out_remind_only_restarts_the_clock(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    await svc.settings("c1", "u0", remind_minutes=0, limit_minutes=30,
                       on_timeout=TIMEOUT_REMIND, now=T0)
    assert await svc.tick(T0 + 29 * MIN) == []
    events = await svc.tick(T0 + 30 * MIN)
    assert [(e.kind, e.seats, e.timed_out) for e in events] == [("remind", [0, 1], True)]
    after = events[0].table
    assert after.clock.turn_started == T0 + 30 * MIN
    assert after.seat_moves == [0, 0]  # nobody moved for them
    assert await svc.tick(T0 + 59 * MIN) == []
    assert [e.timed_out for e in await svc.tick(T0 + 60 * MIN)] == [True]
    assert (await svc.store.get(table.key)).status == PLAYING


async def test_time_out_ai_move_plays_that_turn_for_the_waiting_people_only(
    svc: TableService,
) -> None:
    table = await open_table(svc, "c1", players=3)
    await svc.settings("c1", "u0", limit_minutes=30, on_timeout=TIMEOUT_AI_MOVE, now=T0)
    await svc.move_batch("c1", "u0", turn(table, 0), T0)
    events = await svc.tick(T0 + 30 * MIN)
    assert [(e.kind, e.seats, e.timed_out) for e in events] == [("ai-move", [1, 2], True)]
    after = events[0].table
    # a pick and a lay for each late seat, the round was revealed, and the people keep
    # their seats for the next round, which the AI leaves to them
    assert after.seat_moves == [2, 2, 2]
    assert all(not s.is_ai for s in after.seats)
    assert sorted(after.to_act(engine.get_game("cutlass"))) == [0, 1, 2]
    assert after.clock.turn_started == T0 + 30 * MIN
    outcome = events[0].outcome
    assert outcome is not None and any(e.kind == "reveal" for e in outcome.events)
    assert {1, 2} <= outcome.private_changed
    assert await svc.tick(T0 + 59 * MIN) == []
    game = engine.get_game("cutlass")
    assert canon(game.dump(await svc.store.replay(table.key))) == dump(after)


async def test_time_out_ai_move_finishes_a_choice_left_half_made(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    await svc.settings("c1", "u0", limit_minutes=30, on_timeout=TIMEOUT_AI_MOVE, now=T0)
    card = pick(table, 1, 0)
    await svc.move("c1", "u1", card, T0)  # picked, then wandered off without laying it
    await svc.move_batch("c1", "u0", turn(table, 0), T0)
    events = await svc.tick(T0 + 30 * MIN)
    assert [(e.kind, e.seats) for e in events] == [("ai-move", [1])]
    outcome = events[0].outcome
    assert outcome is not None
    assert [e.kind for e in outcome.events][:2] == ["laid", "laid-public"]
    assert outcome.events[0].text == f"You lay your cutlass {card.args['card']} face down."
    assert events[0].table.seat_moves == [2, 2]


async def test_time_out_ai_seat_hands_the_seats_to_the_ai_for_good(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=3)
    await svc.settings("c1", "u0", limit_minutes=30, on_timeout=TIMEOUT_AI_SEAT, now=T0)
    await svc.move_batch("c1", "u0", turn(table, 0), T0)
    events = await svc.tick(T0 + 30 * MIN)
    assert [(e.kind, e.seats, e.timed_out) for e in events] == [("ai-seat", [1, 2], True)]
    after = events[0].table
    assert [s.is_ai for s in after.seats] == [False, True, True]
    # the AIs played round 1, and round 2 too: they are AI seats now
    assert after.seat_moves == [2, 4, 4]
    assert sorted(after.to_act(engine.get_game("cutlass"))) == [0]
    with pytest.raises(IllegalAction, match="You are not seated at this table."):
        await svc.move("c1", "u1", Action("pick", {"card": 1}), T0 + 31 * MIN)


async def test_the_clock_leaves_finished_and_lobby_tables_alone(svc: TableService) -> None:
    await open_table(svc, "c1", players=2, start=False)
    table = await open_table(svc, "c2", players=2, seed="short")
    await svc.settings("c2", "u0", remind_minutes=1, now=T0)
    game = engine.get_game("cutlass")
    current = table
    while current.status == PLAYING:
        seat = min(current.to_act(game))
        step = engine.get_game("cutlass").legal_actions(current.state, seat)[0]
        current = (await svc.move_seat(table.key, seat, step, T0)).table
    assert await svc.tick(T0 + 10_000 * MIN) == []


async def test_a_new_time_limit_counts_from_now(svc: TableService) -> None:
    await open_table(svc, "c1", players=2)
    await svc.settings("c1", "u0", remind_minutes=0, now=T0)
    await svc.settings("c1", "u0", limit_minutes=30, on_timeout=TIMEOUT_AI_SEAT,
                       now=T0 + 600 * MIN)
    assert await svc.tick(T0 + 601 * MIN) == []  # not timed out on the spot
    assert [e.kind for e in await svc.tick(T0 + 630 * MIN)] == ["ai-seat"]


# -- a player's only move, played for them after the table's grace (issue 22) ----------------


async def only_move_table(svc: TableService, forced_minutes: int | None = 30):
    """Three people at Crossed Cutlasses, reminders and the time limit off, the only-move
    grace ``forced_minutes`` (None: left at its default)."""
    table = await open_table(svc, "c1", players=3)
    await svc.settings("c1", "u0", remind_minutes=0, limit_minutes=0,
                       forced_minutes=forced_minutes, now=T0)
    return table


async def test_an_only_move_is_never_played_by_default(svc: TableService) -> None:
    table = await only_move_table(svc, forced_minutes=None)
    assert table.settings.forced_minutes == 0
    await svc.move("c1", "u1", pick(table, 1), T0)  # "lay" is seat 1's one move now
    assert await svc.tick(T0 + 14 * 24 * 60 * MIN) == []
    assert (await svc.store.get(table.key)).seat_moves == [0, 1, 0]


async def test_an_only_move_is_played_after_the_grace_and_not_before(svc: TableService) -> None:
    table = await only_move_table(svc, 30)
    card = pick(table, 1)
    await svc.move("c1", "u1", card, T0 + 10 * MIN)
    assert await svc.tick(T0 + 39 * MIN) == []
    events = await svc.tick(T0 + 40 * MIN)
    # "Lay your cutlass N face down" names a hidden card: the event leaves the move unnamed
    assert [(e.kind, e.seats, e.moves, e.timed_out) for e in events] == [
        ("forced", [1], [None], False)]
    after = events[0].table
    assert after.seat_moves == [0, 2, 0] and after.seats[1].is_person
    outcome = events[0].outcome
    assert outcome is not None and outcome.applied == [LAY]
    assert outcome.events[0].text == f"You lay your cutlass {card.args['card']} face down."
    assert [e.action for e in await svc.store.history(table.key)] == [card, LAY], \
        "logged as seat 1's own move"
    assert await svc.tick(T0 + 41 * MIN) == [], "played once"


async def test_people_with_two_moves_or_more_are_never_played_for(svc: TableService) -> None:
    table = await only_move_table(svc, 5)
    game = engine.get_game("cutlass")
    assert all(len(game.legal_actions(table.state, s)) > 1 for s in range(3))
    assert await svc.tick(T0 + 24 * 60 * MIN) == []
    assert (await svc.store.get(table.key)).seat_moves == [0, 0, 0]


async def test_each_grace_counts_from_when_that_seat_came_down_to_one_move(
    svc: TableService,
) -> None:
    table = await only_move_table(svc, 30)
    await svc.move("c1", "u1", pick(table, 1), T0 + 10 * MIN)
    await svc.move("c1", "u2", pick(table, 2), T0 + 20 * MIN)
    assert [(e.kind, e.seats) for e in await svc.tick(T0 + 45 * MIN)] == [("forced", [1])]
    assert [(e.kind, e.seats) for e in await svc.tick(T0 + 50 * MIN)] == [("forced", [2])]
    assert (await svc.store.get(table.key)).seat_moves == [0, 2, 2]


async def test_turned_on_mid_turn_the_grace_counts_from_then(svc: TableService) -> None:
    table = await only_move_table(svc, None)
    await svc.move("c1", "u1", pick(table, 1), T0)
    await svc.settings("c1", "u0", forced_minutes=30, now=T0 + 100 * MIN)
    assert await svc.tick(T0 + 129 * MIN) == []
    assert [e.seats for e in await svc.tick(T0 + 130 * MIN)] == [[1]]


async def test_a_move_made_meanwhile_leaves_nothing_to_play(svc: TableService) -> None:
    """The clock loop read the table before the person moved: the event is not due any
    more, nothing is played twice and no move is refused."""
    table = await only_move_table(svc, 30)
    await svc.move("c1", "u1", pick(table, 1), T0)
    head = next(t for t in await svc.store.playing() if t.key == table.key)
    assert head.due(T0 + 30 * MIN) == "forced"
    assert clock_event(head, "forced") == f"forced@{T0!r}"
    await svc.move("c1", "u1", LAY, T0 + 29 * MIN)  # in time, by the person
    assert await svc.tick(T0 + 30 * MIN) == []
    assert (await svc.store.get(table.key)).seat_moves == [0, 2, 0]


async def test_after_an_only_move_the_ai_moves_on(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2, bots=1)
    await svc.settings("c1", "u0", remind_minutes=0, limit_minutes=0, forced_minutes=5,
                       now=T0)
    await svc.move_batch("c1", "u1", turn(table, 1), T0)
    await svc.move("c1", "u0", pick(table, 0), T0)
    (event,) = await svc.tick(T0 + 5 * MIN)
    assert (event.kind, event.seats) == ("forced", [0])
    assert event.outcome is not None and any(e.kind == "reveal" for e in event.outcome.events)
    game = engine.get_game("cutlass")
    assert event.table.to_act(game) == frozenset({0, 1}), "the AI laid in the next round"
