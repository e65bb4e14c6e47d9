"""Running a table: abort permissions, settings, and the turn clock's posts."""

from __future__ import annotations

import time

from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import MANAGE_MESSAGES, MEMBER_PERMISSIONS, Harness

HOUR = 3600.0


async def test_only_the_host_or_a_message_manager_may_abort(h: Harness) -> None:
    alice, bob, mod = h.user("alice"), h.user("bob"), h.user("mod")
    await open_table(h, alice, bob)
    r = await h.slash(bob, "game abort")
    assert r.ephemeral and "Only the host" in r.text
    assert (await table_of(h)).status == "playing"

    r = await h.slash(mod, "game abort", permissions=MEMBER_PERMISSIONS | MANAGE_MESSAGES)
    assert not r.ephemeral and mod.mention in r.text and "aborted" in r.text
    assert (await table_of(h)).status == "abandoned"
    r = await h.slash(alice, "ahod pass")
    assert r.ephemeral and "no game table in this channel" in r.text


async def test_the_host_may_abort_and_a_new_table_can_open(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    r = await h.slash(alice, "game abort")
    assert "aborted" in r.text
    assert "closed" in lobby.text and not lobby.has_item("Join")
    r = await h.slash(bob, "game hand")
    assert r.ephemeral and "closed" in r.text
    r = await h.slash(bob, "game status")
    assert "closed" in h.posts()[-1].text
    r = await h.slash(bob, "game new", game="all-hands")
    assert r.ephemeral and "Your table is open" in r.text


async def test_settings_are_shown_changed_and_guarded(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    r = await h.slash(bob, "game settings")
    assert r.ephemeral and "Reminder after: **12 hours**" in r.text

    r = await h.slash(alice, "game settings", remind_minutes=30, limit_minutes=120,
                      on_timeout="ai-move")
    assert not r.ephemeral and alice.mention in r.text
    assert "**30 minutes**" in r.text and "**2 hours**" in r.text and "an AI makes" in r.text
    assert "time limit per turn 2 days → 2 hours" in r.text, "the channel is told what changed"
    s = (await table_of(h)).settings
    assert (s.remind_minutes, s.limit_minutes, s.on_timeout) == (30, 120, "ai-move")


async def test_a_seated_player_who_is_not_the_host_cannot_change_the_settings(h: Harness) -> None:
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await open_table(h, alice, bob, carol)
    before = await table_of(h)
    r = await h.slash(bob, "game settings", limit_minutes=1, on_timeout="ai-seat")
    assert r.ephemeral and "Only the host or a channel manager" in r.text
    after = await table_of(h)
    assert after.settings == before.settings and after.version == before.version


async def test_a_channel_manager_who_is_not_seated_may_change_the_settings(h: Harness) -> None:
    alice, bob, mod = h.user("alice"), h.user("bob"), h.user("mod")
    await open_table(h, alice, bob)
    r = await h.slash(mod, "game settings", remind_minutes=60,
                      permissions=MEMBER_PERMISSIONS | MANAGE_MESSAGES)
    assert not r.ephemeral and mod.mention in r.text and "reminder 12 hours → 1 hour" in r.text
    assert (await table_of(h)).settings.remind_minutes == 60


async def test_the_clock_reminds_the_waiting_player_once(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await h.slash(alice, "game settings", remind_minutes=60)
    first = await waiting_user(h, alice, bob)
    clock = h.bot.get_cog("ClockCog")
    posts = len(h.posts())

    await clock.run_clock(time.time() + 2 * HOUR)
    (reminder,) = h.posts()[posts:]
    assert "Reminder" in reminder.text and reminder.pinged == {first.id}
    assert f"/{boards(h)[-1].id}" in reminder.text, "a link to the turn message"

    await clock.run_clock(time.time() + 2 * HOUR)
    assert len(h.posts()) == posts + 1, "not reminded twice for the same wait"


async def test_a_timeout_lets_an_ai_move_and_the_board_follows(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await h.slash(alice, "game settings", limit_minutes=10, on_timeout="ai-move")
    first = await waiting_user(h, alice, bob)
    other = bob if first is alice else alice
    table = await table_of(h)
    seat = table.seat_of(str(first.id))
    moves = table.seat_moves[seat]

    await h.bot.get_cog("ClockCog").run_clock(time.time() + HOUR)
    notice = next(m for m in h.posts() if "Time is up" in m.text)
    assert notice.pinged == {first.id} and "an AI made the move" in notice.text
    table = await table_of(h)
    assert table.seat_moves[seat] > moves and not table.seats[seat].is_ai
    assert other.id in boards(h)[-1].mentions


async def test_a_timeout_can_hand_the_seat_to_an_ai(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await h.slash(alice, "game settings", limit_minutes=10, on_timeout="ai-seat")
    first = await waiting_user(h, alice, bob)
    await h.bot.get_cog("ClockCog").run_clock(time.time() + HOUR)
    notice = next(m for m in h.posts() if "Time is up" in m.text)
    assert "an AI took over" in notice.text
    assert f"**{first.name.capitalize()} (AI)**" in notice.text
    assert notice.pinged == {first.id}, "the player who ran out of time is told"
    table = await table_of(h)
    assert table.seats[0 if first is alice else 1].is_ai
