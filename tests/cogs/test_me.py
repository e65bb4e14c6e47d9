"""``/me`` (issue 24) through discord.py's own objects: a person's games across servers,
privately, the ones waiting for them on top, paged when long, by command and by the
**My games** button of the hand DM, after a restart too."""

from __future__ import annotations

import re
from typing import Any

import engine
from cogs.look import me_texts
from cogs.look.my_games import PAGE, score_of
from tests.cogs.flows import boards, open_table, table_of
from tests.cogs.harness import (
    CHANNEL_ID,
    GUILD_ID,
    MEMBER_PERMISSIONS,
    OTHER_CHANNEL_ID,
    FakeUser,
    Harness,
    Reply,
    _text_channel,
)

HARBOUR_ID = 700000000000000002
HARBOUR_CHANNEL = 700000000000000020


def _guild(gid: int, name: str, channels: list[dict[str, Any]], owner: FakeUser) -> dict:
    return {"id": str(gid), "name": name, "owner_id": str(owner.id), "roles": [],
            "channels": channels, "members": [], "member_count": 3, "emojis": [],
            "stickers": [], "features": [], "unavailable": False, "large": False,
            "threads": [], "voice_states": [], "presences": [],
            "joined_at": "2025-01-01T12:00:00.000000+00:00"}


def _second_server(h: Harness, owner: FakeUser) -> None:
    """The bot in two servers: "Tavern" (the harness's) and "Harbour", with one channel."""
    harbour = dict(_text_channel(HARBOUR_CHANNEL, "harbour"), guild_id=str(HARBOUR_ID))
    h.channels[HARBOUR_CHANNEL] = harbour
    tavern = [_text_channel(CHANNEL_ID), _text_channel(OTHER_CHANNEL_ID, "tavern")]
    h.bot._connection.parsers["GUILD_CREATE"](_guild(GUILD_ID, "Tavern", tavern, owner))
    h.bot._connection.parsers["GUILD_CREATE"](_guild(HARBOUR_ID, "Harbour", [harbour], owner))


async def _slash_in_harbour(h: Harness, user: FakeUser, command: str, **options: Any) -> Reply:
    """A slash command typed in the Harbour server's channel."""
    data = h._command_data(command, options, focused=None)
    data["guild_id"] = str(HARBOUR_ID)
    payload = h._envelope(2, user, HARBOUR_CHANNEL, data, MEMBER_PERMISSIONS)
    payload["guild_id"] = str(HARBOUR_ID)
    payload["authorizing_integration_owners"] = {"0": str(HARBOUR_ID)}
    return await h.feed(payload)


def _entries(page: Any) -> list[str]:
    """The tables of a /me games page, in order, each its lines."""
    if not page.embeds:
        return []
    return [b for b in page.embeds[0]["description"].split("\n\n") if re.match(r"\*\*\d+\. ", b)]


async def test_a_person_at_three_tables_on_two_servers_sees_them_waiting_first(
        h: Harness) -> None:
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    _second_server(h, carol)
    # Tavern: a game alice plays with bob; Harbour: carol's game with alice; then, the
    # newest of all, a lobby bob opened in Tavern that alice joined
    await open_table(h, alice, bob)
    r = await _slash_in_harbour(h, carol, "game new all-hands")
    assert "Your table is open" in r.text, r.text
    await _slash_in_harbour(h, alice, "game join")
    await _slash_in_harbour(h, carol, "game start")
    await open_table(h, bob, alice, start=False, channel=OTHER_CHANNEL_ID)
    tavern, lobby, harbour = [await table_of(h, c)
                              for c in (CHANNEL_ID, OTHER_CHANNEL_ID, HARBOUR_CHANNEL)]
    assert harbour.guild == str(HARBOUR_ID) and tavern.guild == str(GUILD_ID)
    game = engine.get_game("all-hands")
    # the seeds are fixed: Harbour's game waits for alice (its first seat), Tavern's for bob
    assert harbour.seat_of(str(alice.id)) in harbour.to_act(game)
    assert tavern.seat_of(str(alice.id)) not in tavern.to_act(game)

    reply = await h.slash(alice, "me games")
    assert reply.ephemeral, "/me games is private"
    page = reply.message
    text = page.text
    entries = _entries(page)
    assert len(entries) == 3, text
    assert "(3)" in page.content
    # the game waiting for alice on top, though the lobby is newer; then the newest action
    assert "Harbour" in entries[0] and "Your turn" in entries[0], text
    assert "Tavern" in entries[1] and "In the lobby" in entries[1], text
    assert "Tavern" in entries[2] and "Waiting for Bob" in entries[2], text
    # the jump links: each game's turn message, the lobby's message
    for table in (tavern, harbour):
        turn = boards(h, int(table.id))[-1]
        assert f"https://discord.com/channels/{table.guild}/{table.id}/{turn.id}" in text
    lobby_post = h.posts(OTHER_CHANNEL_ID)[0]
    assert f"https://discord.com/channels/{GUILD_ID}/{lobby.id}/{lobby_post.id}" in text
    assert "<t:" in text and ":R>" in text, "how long it has waited, as Discord shows time"
    assert "your seat: alice" in text.lower()
    # dave sits nowhere: told so, privately
    none = await h.slash(h.user("dave"), "me games")
    assert none.ephemeral and none.message.content == me_texts.MY_GAMES_NONE


async def test_my_games_on_the_hand_dm_opens_the_same_list_after_a_restart_too(
        h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    listed = (await h.slash(alice, "me games")).message.text
    dm = next(m for m in reversed(h.dms(alice)) if m.has_item(me_texts.BUTTON_MY_GAMES))
    await h.restart()
    reply = await h.click(alice, dm, me_texts.BUTTON_MY_GAMES)
    assert reply.ephemeral
    assert reply.message.text == listed


async def test_a_long_list_is_paged_and_each_page_fits_discord(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    channels = [CHANNEL_ID + 100 + i for i in range(PAGE + 3)]
    for channel in channels:
        h.channels[channel] = _text_channel(channel, f"deck-{channel % 100}")
        await open_table(h, alice, bob, channel=channel)
    reply = await h.slash(alice, "me games")
    first = reply.message
    assert len(_entries(first)) == PAGE
    assert "Page 1 of 2" in first.content
    assert first.item(me_texts.PAGE_BACK).get("disabled") is True
    second = (await h.click(alice, first, me_texts.PAGE_NEXT)).message
    assert second.id == first.id, "the page is turned in place"
    assert "Page 2 of 2" in second.content
    assert len(_entries(second)) == 3
    assert _entries(second)[0].startswith(f"**{PAGE + 1}. ")


def test_a_score_is_read_from_the_public_view_only() -> None:
    assert score_of({"scores": [3, 7]}, 1) == 7
    assert score_of({"players": [{"vp": 4}, {"vp": 9}]}, 0) == 4
    assert score_of({"hand": [1, 2]}, 0) is None
    assert score_of({"scores": [3]}, 4) is None
