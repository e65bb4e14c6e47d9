"""A restart: a brand-new bot on the same database answers the buttons of the old one."""

from __future__ import annotations

import copy
import time

import engine
from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import Harness, Msg

GAME = engine.get_game("all-hands")


async def test_a_new_bot_answers_a_click_on_the_old_turn_message(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    first = await waiting_user(h, alice, bob)
    turn = boards(h)[-1]
    r = await h.click(first, turn, "My hand / act")
    old_panel = Msg(copy.deepcopy(r.message.payload))
    old_bot = h.bot

    await h.restart()
    assert h.bot is not old_bot
    # Nothing of the old process survives but the database and Discord's messages.
    assert not h.bot._connection._view_store.is_message_tracked(turn.id)

    r = await h.click(first, turn, "My hand / act")
    assert r.ephemeral and r.message.images and "It is your turn" in r.message.content

    # A menu drawn by the old process still plays, and the game goes on.
    table = await table_of(h)
    moves = table.seat_moves[table.seat_of(str(first.id))]
    pass_label = next(i["label"] for i in old_panel.items()
                      if str(i.get("label", "")).startswith("Pass"))
    r = await h.click(first, old_panel, pass_label)
    assert r.message.content.startswith("Done: Pass")
    table = await table_of(h)
    assert table.seat_moves[table.seat_of(str(first.id))] == moves + 1
    other = bob if first is alice else alice
    assert other.id in boards(h)[-1].mentions


async def test_the_old_rules_button_works_after_a_restart(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    turn = boards(h)[-1]
    await h.restart()
    r = await h.click(bob, turn, "Rules")
    assert r.ephemeral and "All Hands on Deck!" in r.text


async def test_an_ai_move_pending_at_shutdown_is_made_after_the_restart(h: Harness) -> None:
    """A person's move was committed and the bot stopped before the AI answered: the AI seat
    moves on the clock's first pass after the restart, and the channel sees it."""
    alice = h.user("alice")
    await open_table(h, alice, bots=1)
    table = await table_of(h)
    ai_seat = next(i for i, s in enumerate(table.seats) if s.is_ai)
    # alice's moves written as the bot writes them, with no AI answer after them
    while table.to_act(GAME) != {ai_seat}:
        seat = min(table.to_act(GAME) - {ai_seat})
        action = GAME.legal_actions(table.state, seat)[0]
        await h.bot.store.apply_moves(table.key, seat, [action], 1_900_000_000.0)
        table = await table_of(h)
    stuck = table.version
    shown = [copy.deepcopy(m.payload) for m in boards(h)]

    await h.restart()
    clock = h.bot.get_cog("ClockCog")
    await clock.run_clock(time.time())

    table = await table_of(h)
    assert table.version > stuck and table.to_act(GAME) != {ai_seat}
    assert [m.payload for m in boards(h)] != shown  # the AI's move reached the channel
    # the next pass finds nothing more to resume
    assert await clock.resume_ai() == 0
