"""The private panel's hand picture is sent only when it changed (issue 22, "Act from the
notice": "the panel's hand image is sent only when the hand changed"): an edit of the panel
that would show the same picture leaves the attachment Discord already has, and one that
shows a new picture sends it."""

from __future__ import annotations

import discord

import engine
from cogs.look.panel import panel_message
from tests.cogs.flows import boards, open_table, table_of
from tests.cogs.harness import FakeUser, Harness

GAME = engine.get_game("all-hands")


async def _waiting(h: Harness, *users: FakeUser) -> list[FakeUser]:
    table = await table_of(h)
    seats = table.to_act(GAME)
    return [u for u in users if table.seat_of(str(u.id)) in seats]


async def test_a_panel_drawn_again_with_the_same_hand_keeps_its_picture(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    (bidder,) = await _waiting(h, alice, bob)
    panel = (await h.click(bidder, boards(h)[-1], "My hand / act")).message
    (shown,) = [name for name in panel.files if name.startswith("hand")]
    # the panel message as discord.py reads it from Discord's JSON
    channel = h.bot.get_partial_messageable(panel.channel_id)
    as_read = discord.Message(state=h.bot._connection, channel=channel, data=panel.payload)
    table = await table_of(h)
    seat = table.seat_of(str(bidder.id))

    again = await panel_message(table, seat, shown=as_read)
    assert "attachments" not in again, "the same picture is not sent again"
    assert again["embed"].image.url == f"attachment://{shown}", "the embed shows the one kept"

    r = await h.slash(bidder, "ahod pass")
    assert r.text.startswith("Done:"), r.text
    after = await panel_message(await table_of(h), seat, shown=as_read)
    (file,) = after["attachments"]
    assert file.filename != shown and after["embed"].image.url == f"attachment://{file.filename}"
