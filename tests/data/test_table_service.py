"""The table service: lobby rules, moves by person, private views, the AI, settings, abort."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import engine
from data.store import TableExists
from data.tables import OutOfDate, TableService
from engine.core import Action, IllegalAction
from engine.table import ABANDONED, FINISHED, LOBBY, PLAYING
from tests.data.helpers import T0, canon, dump, open_table, pick, raw_rows, turn

# -- lobby -----------------------------------------------------------------------------------


async def test_new_refuses_an_unknown_game_and_bad_options(svc: TableService) -> None:
    with pytest.raises(ValueError, match="Unknown game"):
        await svc.new("no-such-game", "c1", "u0", "Anne", {}, now=T0)
    with pytest.raises(ValueError, match="allowed"):
        await svc.new("cutlass", "c1", "u0", "Anne", {"rounds": 4}, now=T0)
    assert await svc.store.live("c1") is None


async def test_new_opens_a_lobby_with_the_host_seated_once_per_channel(svc: TableService) -> None:
    table = await svc.new("cutlass", "c1", "u0", "Anne", {"rounds": 5}, guild="g", now=T0)
    assert table.status == LOBBY and table.host == "u0"
    assert [s.name for s in table.seats] == ["Anne"]
    assert table.options == {"rounds": 5}
    with pytest.raises(TableExists):
        await svc.new("cutlass", "c1", "u9", "Zed", {}, now=T0)


async def test_join_seats_a_player_once_and_only_while_there_is_room(svc: TableService) -> None:
    await svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0)
    outcome = await svc.join("c1", "u1", "Bo", T0)
    assert [s.name for s in outcome.table.seats] == ["Anne", "Bo"]
    assert outcome.events == [] and outcome.private_changed == set()
    with pytest.raises(IllegalAction, match="already seated"):
        await svc.join("c1", "u1", "Bo", T0)
    await svc.join("c1", "u2", "Cy", T0)
    with pytest.raises(IllegalAction, match="full"):
        await svc.join("c1", "u3", "Di", T0)


async def test_there_is_nothing_to_join_without_a_table(svc: TableService) -> None:
    with pytest.raises(IllegalAction, match="no game"):
        await svc.join("empty", "u1", "Bo", T0)


async def test_nobody_joins_once_the_game_has_started(svc: TableService) -> None:
    await open_table(svc, "c1", players=2)
    with pytest.raises(IllegalAction, match="before the game starts"):
        await svc.join("c1", "u5", "Late", T0)


async def test_when_the_host_leaves_the_next_person_hosts(svc: TableService) -> None:
    await open_table(svc, "c1", players=3, start=False)
    outcome = await svc.leave("c1", "u0", T0)
    assert outcome.table.host == "u1"
    with pytest.raises(IllegalAction, match="Only the host"):
        await svc.start("c1", "u0", T0)
    assert (await svc.start("c1", "u1", T0)).table.status == PLAYING


async def test_when_the_last_person_leaves_the_table_closes(svc: TableService) -> None:
    await svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0)
    await svc.add_bot("c1", "u0", "random", T0)
    outcome = await svc.leave("c1", "u0", T0)
    assert outcome.table.status == ABANDONED
    assert await svc.store.live("c1") is None


async def test_leave_needs_a_seat(svc: TableService) -> None:
    await svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0)
    with pytest.raises(IllegalAction, match="not seated"):
        await svc.leave("c1", "u7", T0)


async def test_only_the_host_adds_or_removes_ai_captains(svc: TableService) -> None:
    await open_table(svc, "c1", players=2, start=False)
    with pytest.raises(IllegalAction, match="Only the host"):
        await svc.add_bot("c1", "u1", "easy", T0)
    with pytest.raises(IllegalAction, match="AI levels"):
        await svc.add_bot("c1", "u0", "godlike", T0)
    outcome = await svc.add_bot("c1", "u0", "easy", T0)
    assert outcome.table.seats[2].ai == "easy"
    with pytest.raises(IllegalAction, match="full"):
        await svc.add_bot("c1", "u0", "easy", T0)
    with pytest.raises(IllegalAction, match="Only the host"):
        await svc.remove_bot("c1", "u1", T0)
    assert len((await svc.remove_bot("c1", "u0", T0)).table.seats) == 2


async def test_only_the_host_starts_and_only_with_enough_players(svc: TableService) -> None:
    await svc.new("cutlass", "c1", "u0", "Anne", {}, now=T0)
    with pytest.raises(IllegalAction, match="needs 2 to 3"):
        await svc.start("c1", "u0", T0)
    await svc.join("c1", "u1", "Bo", T0)
    with pytest.raises(IllegalAction, match="Only the host"):
        await svc.start("c1", "u1", T0)
    outcome = await svc.start("c1", "u0", T0)
    assert outcome.table.status == PLAYING
    assert outcome.private_changed == {0, 1}  # both were dealt a hand
    with pytest.raises(IllegalAction, match="already started"):
        await svc.start("c1", "u0", T0)


# -- moves -----------------------------------------------------------------------------------


async def test_a_move_needs_a_seat_at_the_table(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    with pytest.raises(IllegalAction, match="You are not seated at this table."):
        await svc.move("c1", "stranger", pick(table, 0), T0)
    with pytest.raises(IllegalAction, match="You are not seated at this table."):
        await svc.move_batch("c1", "stranger", turn(table, 0), T0)
    assert await svc.store.history(table.key) == []


async def test_a_move_changes_only_the_movers_private_view_until_the_reveal(
    svc: TableService,
) -> None:
    table = await open_table(svc, "c1", players=3)
    picked = await svc.move("c1", "u1", pick(table, 1), T0)
    assert picked.private_changed == {1}  # its pick
    laid = await svc.move("c1", "u1", Action("lay", {}), T0)
    assert laid.private_changed == {1}  # its hand and its sealed card
    assert laid.table.seat_moves == [0, 2, 0] and not laid.finished
    await svc.move_batch("c1", "u0", turn(table, 0), T0)
    game = engine.get_game("cutlass")
    hand_before = game.view(table.state, 2)["hand"]
    last = await svc.move_batch("c1", "u2", turn(table, 2), T0)  # the reveal: everyone draws
    # 0 and 1 see their sealed cards gone and a new card; 2 laid and drew in one batch, so
    # its view changed only if it drew something other than the card it laid
    hand_after = game.view(last.table.state, 2)["hand"]
    assert last.private_changed == {0, 1} | ({2} if hand_after != hand_before else set())
    assert any(e.kind == "reveal" for e in last.events)


async def test_a_menu_batch_applies_all_its_steps_or_none(
    svc: TableService, db: Path | str
) -> None:
    table = await open_table(svc, "c1", players=2)
    before = raw_rows(db, table.key)
    with pytest.raises(IllegalAction, match="picked a card already"):
        await svc.move_batch("c1", "u1", [pick(table, 1, 0), pick(table, 1, 1)], T0, 0)
    assert raw_rows(db, table.key) == before
    outcome = await svc.move_batch("c1", "u1", turn(table, 1), T0, 0)
    assert outcome.table.seat_moves == [0, 2]
    assert [e.kind for e in outcome.events] == ["picked", "laid", "laid-public"]
    with pytest.raises(IllegalAction, match="out of date"):  # the same menu, clicked again
        await svc.move_batch("c1", "u1", turn(table, 1), T0, 0)


async def test_a_stale_menu_is_refused_in_the_transaction_and_writes_nothing(
    svc: TableService, db: Path | str
) -> None:
    # issue 23: the move count is compared once, in the store's transaction (OutOfDate),
    # and a refused step is named and rolls the batch back: no trial apply on a copy
    table = await open_table(svc, "c1", players=2)
    before = raw_rows(db, table.key)
    with pytest.raises(IllegalAction, match=r"^Step 2 of 2 \(.*\) is not allowed: .*"
                                            r"picked a card already.*Nothing was applied"):
        await svc.move_batch("c1", "u0", [pick(table, 0, 0), pick(table, 0, 1)], T0, 0)
    assert raw_rows(db, table.key) == before
    await svc.move_batch("c1", "u0", [pick(table, 0, 0)], T0, 0)
    moved = raw_rows(db, table.key)
    with pytest.raises(OutOfDate, match="out of date"):  # a menu drawn before that move
        await svc.move_batch("c1", "u0", [pick(table, 0, 1)], T0, 0)
    assert raw_rows(db, table.key) == moved


async def test_a_refused_move_answers_with_the_engine_reason(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    await svc.move_batch("c1", "u1", turn(table, 1), T0)
    with pytest.raises(IllegalAction, match="already laid a card"):
        await svc.move("c1", "u1", pick(table, 1, -1), T0)


async def test_the_last_move_finishes_the_game(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    game = engine.get_game("cutlass")
    outcome = None
    for _ in range(3):
        for seat, user in ((0, "u0"), (1, "u1")):
            current = await svc.store.get(table.key)
            assert current is not None
            card = game.legal_actions(current.state, seat)[0]
            outcome = await svc.move_batch("c1", user, [card, Action("lay", {})], T0)
    assert outcome is not None and outcome.finished
    assert outcome.table.status == FINISHED
    assert any(e.kind == "over" for e in outcome.events)


# -- the AI ----------------------------------------------------------------------------------


async def test_run_ai_moves_every_waiting_ai_seat_then_stops_for_the_person(
    svc: TableService,
) -> None:
    table = await open_table(svc, "c1", players=1, bots=2, level="random")
    outcome = await svc.run_ai(table.key, T0)
    assert outcome.table.seat_moves == [0, 2, 2]  # a pick and a lay each
    assert outcome.ai_to_act == frozenset()
    assert outcome.private_changed == {1, 2}
    after_person = await svc.move_batch("c1", "u0", turn(table, 0), T0)  # the reveal
    assert after_person.ai_to_act == frozenset({1, 2})


async def test_a_game_against_ai_captains_plays_to_the_end_and_replays(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=1, bots=2, level="normal",
                             options={"rounds": 5})
    game = engine.get_game("cutlass")
    rng = random.Random(3)
    current = table
    while current.status == PLAYING:
        current = (await svc.run_ai(table.key, T0)).table
        if current.status != PLAYING:
            break
        outcome = await svc.move("c1", "u0", rng.choice(game.legal_actions(current.state, 0)), T0)
        current = outcome.table
    assert current.status == FINISHED
    assert current.seat_moves == [10, 10, 10]
    assert canon(game.dump(await svc.store.replay(table.key))) == dump(current)


async def test_ai_moves_are_reproducible_from_the_seed(svc: TableService) -> None:
    logs = []
    for channel in ("c1", "c2"):
        table = await open_table(svc, channel, players=1, bots=2, level="easy", seed="same")
        await svc.run_ai(table.key, T0)
        await svc.move_batch(channel, "u0", turn(table, 0), T0)
        await svc.run_ai(table.key, T0)
        logs.append([(e.seat, e.action) for e in await svc.store.history(table.key)])
    assert logs[0] == logs[1] and len(logs[0]) == 10


async def test_run_ai_racing_a_persons_move_keeps_the_table_consistent(
    svc: TableService,
) -> None:
    table = await open_table(svc, "c1", players=1, bots=2, level="normal")
    results = await asyncio.gather(
        svc.run_ai(table.key, T0), svc.move_batch("c1", "u0", turn(table, 0), T0)
    )
    # the AIs laid in round 1, and in round 2 too if the person's batch came first
    after = await svc.store.get(table.key)
    assert after is not None
    game = engine.get_game("cutlass")
    assert after.seat_moves[0] == 2 and after.seat_moves[1] >= 2 and after.seat_moves[2] >= 2
    assert canon(game.dump(await svc.store.replay(table.key))) == dump(after)
    assert results[1].table.seat_moves[0] == 2


# -- settings and abort ----------------------------------------------------------------------


async def test_settings_by_the_host_or_a_channel_manager_only(svc: TableService) -> None:
    opened = await open_table(svc, "c1", players=3)
    # A seated player may not: the clock can hand the others' seats to an AI.
    with pytest.raises(IllegalAction, match="host or a channel manager"):
        await svc.settings("c1", "u1", limit_minutes=1, on_timeout="ai-seat", now=T0)
    with pytest.raises(IllegalAction, match="host or a channel manager"):
        await svc.settings("c1", "stranger", remind_minutes=5, now=T0)
    unchanged = await svc.store.get(opened.key)
    assert unchanged is not None and unchanged.settings == opened.settings
    assert unchanged.version == opened.version
    table = await svc.settings("c1", "u0", limit_minutes=120, on_timeout="ai-move", now=T0)
    assert (table.settings.limit_minutes, table.settings.on_timeout) == (120, "ai-move")
    # a manager who is not seated
    table = await svc.settings("c1", "moderator", remind_minutes=60, is_manager=True, now=T0)
    assert (table.settings.remind_minutes, table.settings.limit_minutes,
            table.settings.on_timeout) == (60, 120, "ai-move")


async def test_settings_out_of_range_are_refused_and_nothing_changes(svc: TableService) -> None:
    table = await open_table(svc, "c1", players=2)
    with pytest.raises(ValueError, match="Reminders"):
        await svc.settings("c1", "u0", remind_minutes=-1, now=T0)
    with pytest.raises(ValueError, match="time limit"):
        await svc.settings("c1", "u0", limit_minutes=14 * 24 * 60 + 1, now=T0)
    with pytest.raises(ValueError, match="On time-out"):
        await svc.settings("c1", "u0", on_timeout="walk-the-plank", now=T0)
    with pytest.raises(ValueError):
        await svc.settings("c1", "u0", remind_minutes=30, limit_minutes=-5, now=T0)
    after = await svc.store.get(table.key)
    assert after is not None
    assert after.settings == table.settings and after.version == table.version


async def test_abort_by_the_host_or_a_channel_manager_only(svc: TableService) -> None:
    await open_table(svc, "c1", players=2)
    with pytest.raises(IllegalAction, match="host or a channel manager"):
        await svc.abort("c1", "u1", False, T0)
    table = await svc.abort("c1", "u1", True, T0)  # a manager who happens to play
    assert table.status == ABANDONED
    assert await svc.store.live("c1") is None
    await open_table(svc, "c1", players=2, seed="again")
    assert (await svc.abort("c1", "u0", False, T0)).status == ABANDONED
    with pytest.raises(IllegalAction, match="no game"):
        await svc.abort("c1", "u0", False, T0)
