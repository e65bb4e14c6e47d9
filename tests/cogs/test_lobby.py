"""Opening, joining and starting a table, and the refusals along the way."""

from __future__ import annotations

from tests.cogs.flows import boards, open_table, table_of
from tests.cogs.harness import CHANNEL_ID, OTHER_CHANNEL_ID, Harness


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
    assert board.pinged and board.pinged <= {alice.id, bob.id}
    assert "Round 1" in board.text or "round 1" in board.text
    for user in (alice, bob):
        hand = h.dms(user)[-1]
        assert "hand.png" in hand.files and "hand" in hand.text.lower()
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
    assert "longer = True" in h.posts()[-1].text


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
