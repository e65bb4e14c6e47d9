"""Opening, joining and starting a table, and the refusals along the way."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.flows import boards, open_table, table_of
from tests.cogs.harness import (
    CHANNEL_ID,
    MANAGE_MESSAGES,
    MEMBER_PERMISSIONS,
    OTHER_CHANNEL_ID,
    FakeUser,
    Harness,
    Msg,
    Reply,
)

LOBBY_BUTTONS = ("Join", "Leave", "Add AI", "Start", "Rules")


async def test_new_join_add_bot_and_start_seat_everyone_and_post_the_first_board(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    r = await h.slash(alice, "game new", game="all-hands")
    assert r.ephemeral and "/game join" in r.text
    lobby = h.posts()[-1]
    assert "All Hands on Deck!" in lobby.text and alice.mention in lobby.text
    assert lobby.has_item("Join") and lobby.has_item("Rules")
    assert "took a seat" in h.dms(alice)[-1].text

    r = await h.slash(bob, "game join")
    assert not r.ephemeral and bob.mention in r.text and "(2/6)" in r.text
    assert bob.mention in lobby.text, "the lobby message lists the new captain"
    assert "took a seat" in h.dms(bob)[-1].text

    r = await h.slash(alice, "game add-bot", level="easy")
    assert "AI 1 (easy)" in r.text and "(3/6)" in r.text

    r = await h.slash(alice, "game start")
    assert "The game begins" in r.text and alice.mention in r.text and bob.mention in r.text
    assert not lobby.has_item("Join"), "no joining once the game runs"
    board = boards(h)[-1]
    assert board.images[0].startswith(b"\x89PNG")
    assert board.has_item("My hand / act") and board.has_item("Rules")
    assert board.mentions and board.mentions <= {alice.id, bob.id}
    assert "Round 1" in board.text or "round 1" in board.text
    for user in (alice, bob):
        hand = h.dms(user)[-1]
        assert hand.has_hand and "hand" in hand.text.lower()
    table = await table_of(h)
    assert table.status == "playing" and [s.name for s in table.seats] == [
        "Alice", "Bob", "AI 1 (easy)"]


async def test_the_join_button_of_the_lobby_message_seats_the_clicker(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "game new", game="all-hands")
    lobby = h.posts()[-1]
    r = await h.click(bob, lobby, "Join")
    assert bob.mention in r.text and "(2/6)" in r.text
    table = await table_of(h)
    assert [s.player for s in table.seats] == [str(alice.id), str(bob.id)]


async def test_options_of_new_table_are_kept(h: Harness) -> None:
    alice = h.user("alice")
    await h.slash(alice, "game new", game="all-hands", longer=True, round_limit=50)
    table = await table_of(h)
    assert table.options == {"longer": True, "round_limit": 50}
    assert "Longer: the longer game" in h.posts()[-1].text and "Round limit: 50" in h.posts()[-1].text


async def test_joining_where_there_is_no_table_is_refused(h: Harness) -> None:
    bob = h.user("bob")
    r = await h.slash(bob, "game join")
    assert r.ephemeral and "no game table in this channel" in r.text


async def test_a_channel_holds_one_live_table(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "game new", game="all-hands")
    r = await h.slash(bob, "game new", game="all-hands")
    assert r.ephemeral and "already has a game table" in r.text
    table = await table_of(h)
    assert table.host == str(alice.id)


async def test_a_seated_captain_cannot_join_again(h: Harness) -> None:
    alice = h.user("alice")
    await h.slash(alice, "game new", game="all-hands")
    r = await h.slash(alice, "game join")
    assert r.ephemeral and "already seated" in r.text


async def test_a_full_table_refuses_one_more(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bots=5, start=False)
    r = await h.slash(bob, "game join")
    assert r.ephemeral and "The table is full" in r.text and "at most 6" in r.text
    r = await h.slash(alice, "game add-bot")
    assert r.ephemeral and "The table is full" in r.text


async def test_only_the_host_adds_bots_and_starts(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    r = await h.slash(bob, "game add-bot")
    assert r.ephemeral and "Only the host" in r.text
    r = await h.slash(bob, "game start")
    assert r.ephemeral and "Only the host" in r.text
    assert (await table_of(h)).status == "lobby"


async def test_a_game_needs_enough_captains_to_start(h: Harness) -> None:
    alice = h.user("alice")
    await h.slash(alice, "game new", game="all-hands")
    r = await h.slash(alice, "game start")
    assert r.ephemeral and "2 to 6 players" in r.text


async def test_leaving_the_lobby_frees_the_seat(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    r = await h.slash(bob, "game leave")
    assert bob.mention in r.text
    assert [s.player for s in (await table_of(h)).seats] == [str(alice.id)]
    r = await h.slash(bob, "game leave")
    assert r.ephemeral and "not seated" in r.text


async def test_thread_tables_let_one_channel_host_several_games(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    r = await h.slash(alice, "game new", game="all-hands", thread=True)
    (thread_id,) = h.rec.threads
    assert not r.ephemeral and f"<#{thread_id}>" in r.text
    assert "table is open" in h.posts(thread_id)[-1].text
    r = await h.slash(bob, "game new", game="all-hands", thread=True)
    assert len(h.rec.threads) == 2 and not r.ephemeral

    await h.slash(bob, "game join", channel=thread_id)
    table = await table_of(h, thread_id)
    assert table.parent == str(CHANNEL_ID) and len(table.seats) == 2
    assert await h.bot.store.live(str(CHANNEL_ID)) is None

    r = await h.slash(bob, "game new", game="all-hands", channel=thread_id, thread=True)
    assert r.ephemeral and "already a thread" in r.text

    await h.slash(bob, "game new", game="all-hands", channel=OTHER_CHANNEL_ID)
    r = await h.slash(alice, "game list")
    assert r.ephemeral
    for channel in (*h.rec.threads, OTHER_CHANNEL_ID):
        assert f"<#{channel}>" in r.text


async def test_a_configured_seed_makes_the_tables_deals_replayable(h: Harness) -> None:
    alice = h.user("alice")
    await h.slash(alice, "game new", game="all-hands")
    table = await table_of(h)
    assert table.seed == f"harness:{table.id}"


# -- the lobby that runs itself (issue 14) --------------------------------------------------


async def seats_of(h: Harness) -> list[Any]:
    table = await table_of(h)
    return [(s.player, s.name) for s in table.seats]


def deferred_first(r: Reply) -> None:
    """A button that writes acknowledges the click before it waits on the database: a
    deferred update (callback type 6), then its answers come as followups."""
    assert r.type == 6, f"callback type {r.type}"


async def test_the_lobby_buttons_join_leave_add_an_ai_and_start_the_game(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "game new", game="all-hands")
    lobby = h.posts()[-1]
    assert all(lobby.has_item(b) for b in LOBBY_BUTTONS)

    r = await h.click(bob, lobby, "Join")
    deferred_first(r)
    assert not r.ephemeral and bob.mention in r.text and "(2/6)" in r.text
    r = await h.click(bob, lobby, "Leave")
    deferred_first(r)
    assert not r.ephemeral and bob.mention in r.text and "leaves" in r.text
    assert [p for p, _ in await seats_of(h)] == [str(alice.id)]
    assert bob.mention not in lobby.text, "the lobby message follows the seats"
    r = await h.click(bob, lobby, "Leave")
    assert r.ephemeral and "not seated" in r.text

    await h.click(bob, lobby, "Join")
    r = await h.click(alice, lobby, "Add AI")
    deferred_first(r)
    assert not r.ephemeral and "AI 1 (normal)" in r.text and "(3/6)" in r.text
    assert "AI 1 (normal)" in lobby.text

    r = await h.click(alice, lobby, "Start")
    deferred_first(r)
    assert "The game begins" in r.text and alice.mention in r.text and bob.mention in r.text
    assert (await table_of(h)).status == "playing"
    assert boards(h), "the first board is posted"
    assert not any(lobby.has_item(b) for b in ("Join", "Leave", "Add AI", "Start"))
    assert lobby.has_item("Rules")


@pytest.mark.parametrize("button", ["Start", "Add AI"])
async def test_a_guest_pressing_a_hosts_button_is_told_privately_and_nothing_changes(
    h: Harness, button: str
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    before = await table_of(h)
    r = await h.click(bob, lobby, button)
    deferred_first(r)
    assert r.ephemeral and "Only the host" in r.text, r.text
    assert not [m for m in r.posts if m.channel_id == CHANNEL_ID], "nothing said in public"
    after = await table_of(h)
    assert (after.version, after.status, await seats_of(h)) == (
        before.version, before.status, [(s.player, s.name) for s in before.seats])


async def click_elsewhere(h: Harness, user: FakeUser, msg: Msg, label: str) -> Reply:
    """The same button, clicked in another channel (a copied message, or a forged id)."""
    payload = h.component_payload(user, msg, {"custom_id": msg.item(label)["custom_id"],
                                              "component_type": 2})
    payload["channel_id"] = str(OTHER_CHANNEL_ID)
    payload["channel"] = h.channel_payload(OTHER_CHANNEL_ID)
    payload["message"]["channel_id"] = str(OTHER_CHANNEL_ID)
    return await h.feed(payload, message_id=msg.id)


@pytest.mark.parametrize("button", ["Leave", "Add AI", "Start"])
async def test_a_lobby_button_works_only_in_its_tables_channel(h: Harness, button: str) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    before = await table_of(h)
    user = bob if button == "Leave" else alice
    r = await click_elsewhere(h, user, lobby, button)
    assert r.ephemeral and f"<#{CHANNEL_ID}>" in r.text, r.text
    after = await table_of(h)
    assert (after.version, after.status) == (before.version, before.status)


async def test_lobby_buttons_of_a_started_table_refuse_politely(h: Harness) -> None:
    """A lobby message still showing its buttons (an edit that did not reach Discord):
    clicking them after the start changes nothing."""
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "game new", game="all-hands")
    lobby = h.posts()[-1]
    old = Msg(dict(lobby.payload, components=list(lobby.components)))
    await h.click(bob, lobby, "Join")
    await h.click(alice, lobby, "Start")
    version = (await table_of(h)).version
    for user, label in ((bob, "Leave"), (alice, "Add AI"), (alice, "Start")):
        r = await h.click(user, old, label)
        assert r.ephemeral and r.text, label
    assert (await table_of(h)).version == version


async def test_the_lobby_buttons_answer_after_a_restart(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "game new", game="all-hands")
    lobby = h.posts()[-1]
    await h.restart()
    await h.click(bob, lobby, "Join")
    r = await h.click(alice, lobby, "Add AI")
    assert "AI 1" in r.text
    r = await h.click(alice, lobby, "Start")
    assert "The game begins" in r.text


async def test_remove_bot_takes_the_last_ai_seat_away_host_only(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, bots=2, start=False)
    lobby = h.posts()[-1]
    r = await h.slash(bob, "game remove-bot")
    assert r.ephemeral and "Only the host" in r.text
    assert len(await seats_of(h)) == 4
    r = await h.slash(alice, "game remove-bot")
    assert not r.ephemeral and "AI 2" in r.text and "(3/6)" in r.text
    assert [n for _, n in await seats_of(h)] == ["Alice", "Bob", "AI 1 (random)"]
    assert "AI 2" not in lobby.text
    await h.slash(alice, "game remove-bot")
    r = await h.slash(alice, "game remove-bot")
    assert r.ephemeral and "no AI seat" in r.text


async def test_the_lobby_shows_options_in_words_and_the_turn_clock(h: Harness) -> None:
    alice = h.user("alice")
    await h.slash(alice, "game new", game="seafarers", scenario="through_the_desert")
    lobby = h.posts()[-1]
    assert "Scenario: Through the Desert" in lobby.text
    assert "through_the_desert" not in lobby.text and " = " not in lobby.text
    assert "Reminder after: **12 hours**" in lobby.text, lobby.text
    assert "/game settings" in lobby.text

    r = await h.slash(alice, "game settings", limit_minutes=60)
    assert "1 hour" in r.text
    assert "Time limit per turn: **1 hour**" in lobby.text, "the lobby follows the settings"


async def test_a_channel_manager_changes_the_lobby_clock_too(h: Harness) -> None:
    alice, mod = h.user("alice"), h.user("mod")
    await h.slash(alice, "game new", game="all-hands")
    lobby = h.posts()[-1]
    r = await h.slash(mod, "game settings", remind_minutes=30,
                      permissions=MEMBER_PERMISSIONS | MANAGE_MESSAGES)
    assert not r.ephemeral and "30 minutes" in r.text
    assert "Reminder after: **30 minutes**" in lobby.text
