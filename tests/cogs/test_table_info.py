"""Looking at a table: rules, history, the board again, your hand; and polite failures."""

from __future__ import annotations

import logging

import engine
from engine.all_hands.cards import NAMES
from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import ErrorLogCatcher, Harness
from tests.fixtures import fixture_games_registered

GAME = engine.get_game("all-hands")


async def test_history_tells_each_player_only_what_they_may_know(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    first = await waiting_user(h, alice, bob)
    other = bob if first is alice else alice
    table = await table_of(h)
    card = table.view(GAME, table.seat_of(str(first.id)))["hand"][0]
    await h.slash(first, "ahod bid", cards=card)

    mine = await h.slash(first, "game history")
    assert mine.ephemeral and f"Add {NAMES[card]} to your bid" in mine.text
    theirs = await h.slash(other, "game history")
    assert theirs.ephemeral and "bids 1 card face down" in theirs.text
    assert "to your bid" not in theirs.text and "You bid" not in theirs.text
    public = " ".join((await table_of(h)).view(GAME, None)["log"])
    if NAMES[card] not in public:
        assert NAMES[card] not in theirs.text


async def test_status_posts_the_board_again_in_the_channel(h: Harness) -> None:
    """/game status is public, as docs/playing.md says: a fresh turn message at the bottom of
    the channel for everyone, pinging whoever must act as the turn message does (the way
    back after a board Discord failed to post); the asker alone reads the confirmation."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    before = boards(h)
    r = await h.slash(bob, "game status")
    assert r.ephemeral and "for everyone" in r.text
    after = boards(h)
    assert len(after) == len(before) + 1 and after[-1].images
    assert not after[-1].ephemeral and after[-1].channel_id == before[-1].channel_id
    assert after[-1].mentions == before[-1].mentions and after[-1].mentions
    assert await h.bot.store.get_message((await table_of(h)).key, "turn") == (
        str(after[-1].channel_id), str(after[-1].id))


async def test_game_hand_before_the_start_and_for_strangers(h: Harness) -> None:
    alice = h.user("alice")
    await h.slash(alice, "game new", game="all-hands")
    r = await h.slash(alice, "game hand")
    assert r.ephemeral and "not started" in r.text
    r = await h.slash(h.user("carol"), "game hand")
    assert r.ephemeral and "not seated" in r.text


async def test_an_unknown_command_gets_a_polite_private_answer(h: Harness) -> None:
    alice = h.user("alice")
    r = await h.slash(alice, "game teleport")
    assert r.ephemeral and "Try again" in r.text
    assert h.tree_errors


async def test_an_unexpected_failure_is_answered_without_details_and_logged(
    h: Harness, error_logs: ErrorLogCatcher
) -> None:
    # A game with no renderer (the data layer's fixture game): drawing its board fails.
    with fixture_games_registered():
        await h.restart()  # the new bot offers the newly registered game
        alice, bob = h.user("alice"), h.user("bob")
        await h.slash(alice, "game new", game="cutlass")
        await h.slash(bob, "game join")
        r = await h.slash(alice, "game start")
    failure = r.messages[-1]
    assert failure.ephemeral and "went wrong on my side" in failure.text
    assert "Traceback" not in r.text and "renderer" not in r.text
    records = [rec for rec in error_logs.records if rec.levelno >= logging.ERROR]
    assert records and records[0].name == "parley.cogs" and records[0].exc_info
    error_logs.records.clear()


async def test_every_game_names_a_move_command_the_bot_really_has(h: Harness) -> None:
    from cogs.look.adapters import move_command, registered

    assert registered() == sorted(engine.GAMES)
    for game_id in registered():
        group, sub = move_command(game_id).lstrip("/").split()
        command = h.bot.tree.get_command(group)
        assert command is not None and command.get_command(sub) is not None, game_id
