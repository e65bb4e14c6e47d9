"""The lobby's turn clock (issue 14): a new table's default keeps a game moving, and the host
sees the clock in the lobby and changes it there, with the **Turn clock** button's menus.
Issue 22: a table may have a player's only legal move played for them after a visible
grace (off by default)."""

from __future__ import annotations

import re
import time

import engine
from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import CHANNEL_ID, MANAGE_MESSAGES, MEMBER_PERMISSIONS, Harness, Msg
from tests.cogs.played import open_played

HOUR = 3600.0


def clock_menu(panel: Msg, field: str) -> dict:
    """The clock message's menu of ``field`` (remind, limit, timeout)."""
    (menu,) = [s for s in panel.selects() if s["custom_id"].endswith(f":{field}")]
    return menu


def chosen(menu: dict) -> list[str]:
    return [o["label"] for o in menu["options"] if o.get("default")]


async def test_a_new_tables_clock_reminds_after_12_hours_and_an_ai_moves_after_two_days(
    h: Harness,
) -> None:
    """The default keeps a game moving: the lobby says so, a reminder comes after 12
    hours, and after two days of waiting an AI makes that one move; the person keeps the
    seat."""
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "game new", game="all-hands")
    lobby = h.posts()[-1]
    assert "Reminder after: **12 hours**" in lobby.text
    assert "Time limit per turn: **2 days**" in lobby.text
    assert "an AI makes that move for them" in lobby.text
    await h.slash(bob, "game join")
    await h.slash(alice, "game start")
    first = await waiting_user(h, alice, bob)
    table = await table_of(h)
    seat = table.seat_of(str(first.id))
    moves = table.seat_moves[seat]
    clock = h.bot.get_cog("ClockCog")

    events = await clock.run_clock(time.time() + 13 * HOUR)
    assert [e.kind for e in events] == ["remind"]
    assert (await table_of(h)).seat_moves[seat] == moves, "a reminder moves nothing"

    await clock.run_clock(time.time() + 49 * HOUR)
    notice = next(m for m in h.posts() if "Time is up" in m.text)
    assert notice.pinged == {first.id} and "an AI made the move" in notice.text
    table = await table_of(h)
    assert table.seat_moves[seat] > moves
    assert table.seats[seat].player == str(first.id) and not table.seats[seat].is_ai


async def test_the_host_sets_the_turn_clock_with_the_lobbys_menus(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    r = await h.click(alice, lobby, "Turn clock")
    panel = r.message
    assert panel.ephemeral, "the clock is shown to the clicker alone"
    assert "Time limit per turn: **2 days**" in panel.text
    assert chosen(clock_menu(panel, "remind")) == ["Remind after 12 hours of waiting"]
    assert chosen(clock_menu(panel, "limit")) == ["Time limit per turn: 2 days"]
    assert chosen(clock_menu(panel, "timeout")) == ["On time-out: an AI makes that move for them"]

    r = await h.select(alice, panel, ["1440"], custom_id=clock_menu(panel, "limit")["custom_id"])
    said = [m for m in r.posts if m.channel_id == CHANNEL_ID and "settings changed" in m.text]
    assert said and alice.mention in said[-1].text
    assert "time limit per turn 2 days → 1 day" in said[-1].text
    assert "Time limit per turn: **1 day**" in lobby.text, "the lobby message follows"
    assert chosen(clock_menu(panel, "limit")) == ["Time limit per turn: 1 day"], \
        "the private message shows the new value"

    await h.select(alice, panel, ["ai-seat"], custom_id=clock_menu(panel, "timeout")["custom_id"])
    await h.select(alice, panel, ["0"], custom_id=clock_menu(panel, "remind")["custom_id"])
    s = (await table_of(h)).settings
    assert (s.remind_minutes, s.limit_minutes, s.on_timeout) == (0, 24 * 60, "ai-seat")
    assert "Reminder after: **off**" in lobby.text
    assert "an AI takes over their seat" in lobby.text
    assert chosen(clock_menu(panel, "remind")) == ["No reminders"]


async def test_a_guest_reads_the_clock_but_its_menus_are_the_hosts(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    r = await h.click(bob, lobby, "Turn clock")
    assert r.ephemeral and "Reminder after: **12 hours**" in r.text
    assert "Only the host or a channel manager" in r.text and not r.message.selects()

    hosts = (await h.click(alice, lobby, "Turn clock")).message
    before = await table_of(h)
    r = await h.select(bob, hosts, ["0"], custom_id=clock_menu(hosts, "limit")["custom_id"])
    assert r.ephemeral and "Only the host or a channel manager" in r.text, r.text
    assert not [m for m in r.posts if m.channel_id == CHANNEL_ID], "nothing said in public"
    after = await table_of(h)
    assert (after.settings, after.version) == (before.settings, before.version)


async def test_a_channel_manager_gets_the_clocks_menus_too(h: Harness) -> None:
    alice, bob, mod = h.user("alice"), h.user("bob"), h.user("mod")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    r = await h.click(mod, lobby, "Turn clock", permissions=MEMBER_PERMISSIONS | MANAGE_MESSAGES)
    panel = r.message
    assert len(panel.selects()) == 5  # and the time bank's menu (issue 24)
    await h.select(mod, panel, ["180"], custom_id=clock_menu(panel, "remind")["custom_id"],
                   permissions=MEMBER_PERMISSIONS | MANAGE_MESSAGES)
    assert (await table_of(h)).settings.remind_minutes == 180
    assert "Reminder after: **3 hours**" in lobby.text


async def test_the_clocks_menus_answer_after_a_restart_and_a_value_set_by_command_is_kept(
    h: Harness,
) -> None:
    """A value typed with /game settings that no menu offers is shown as chosen; the menus
    still answer after the bot restarts."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    await h.slash(alice, "game settings", remind_minutes=45)
    panel = (await h.click(alice, lobby, "Turn clock")).message
    assert chosen(clock_menu(panel, "remind")) == ["Remind after 45 minutes of waiting"]
    await h.restart()
    await h.select(alice, panel, ["4320"], custom_id=clock_menu(panel, "limit")["custom_id"])
    assert (await table_of(h)).settings.limit_minutes == 72 * 60


async def test_a_forged_clock_value_is_refused_and_changes_nothing(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    panel = (await h.click(alice, lobby, "Turn clock")).message
    before = await table_of(h)
    for field, value in (("timeout", "explode"), ("limit", "soon"), ("remind", "99999")):
        data = {"custom_id": clock_menu(panel, field)["custom_id"], "component_type": 3,
                "values": [value]}
        r = await h.feed(h.component_payload(alice, panel, data), message_id=panel.id)
        assert r.ephemeral and r.text, (field, value)
    after = await table_of(h)
    assert (after.settings, after.version) == (before.settings, before.version)
    assert boards(h) == [], "nothing was started or posted"


# -- a player's only move, played for them after the table's grace (issue 22) ----------------

#: the turn message's clause while a player's only move waits for the grace
GRACE = re.compile(r"⏩ Only one move is left: it is played automatically <t:(\d+):R>\.")


async def test_the_host_turns_the_only_move_grace_on_with_the_clocks_menu(h: Harness) -> None:
    """Off by default, and the lobby says so in words; the **Turn clock** menu turns it on,
    the channel is told, the lobby and the private message follow."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    assert "Your only move left: **never** played for you (off)" in lobby.text
    panel = (await h.click(alice, lobby, "Turn clock")).message
    assert "could tell the others something" in panel.text
    menu = clock_menu(panel, "forced")
    assert chosen(menu) == ["Only move: never played for you (off)"]
    assert [o["label"] for o in menu["options"]][:2] == [
        "Only move: played for you after 5 minutes", "Only move: played for you after 30 minutes"]

    r = await h.select(alice, panel, ["30"], custom_id=menu["custom_id"])
    said = [m for m in r.posts if m.channel_id == CHANNEL_ID and "settings changed" in m.text]
    assert said and "only move played for you: off → after 30 minutes" in said[-1].text
    assert (await table_of(h)).settings.forced_minutes == 30
    assert "Your only move left: played for you after **30 minutes**" in lobby.text
    assert chosen(clock_menu(panel, "forced")) == ["Only move: played for you after 30 minutes"]


async def test_a_players_only_move_is_played_after_the_grace_and_the_channel_is_told(
    h: Harness,
) -> None:
    """Seafarers: at the start of Alice's turn her one move is to roll the dice. With the
    grace set by command, the turn message says when it will be rolled for her; before
    then the clock leaves it to her; after it, the clock rolls for her, the channel is told
    once in words, and the board moves on."""
    alice, bob = h.user("alice"), h.user("bob")
    game = engine.get_game("seafarers")
    table = await open_played(
        h, "seafarers", [alice, bob], bots=1, options={},
        until=lambda g, state, seat, a: (seat == 0 and a.kind == "roll"
                                         and len(g.legal_actions(state, seat)) == 1))
    assert [a.kind for a in game.legal_actions(table.state, 0)] == ["roll"]
    moves = table.seat_moves[0]

    await h.slash(alice, "game status")
    assert not GRACE.search(boards(h)[-1].text), "off: no grace shown"

    r = await h.slash(alice, "game settings", forced_minutes=30, limit_minutes=0,
                      remind_minutes=0)
    assert "only move played for you: off → after 30 minutes" in r.text
    set_at = time.time()
    await h.slash(alice, "game status")
    shown = GRACE.search(boards(h)[-1].text)
    assert shown, boards(h)[-1].text
    assert abs(int(shown[1]) - (set_at + 30 * 60)) < 60, "counted from the setting"

    clock = h.bot.get_cog("ClockCog")
    posts = len(h.posts())
    assert await clock.run_clock(set_at + 29 * 60) == []
    assert len(h.posts()) == posts and (await table_of(h)).seat_moves[0] == moves

    (event,) = await clock.run_clock(set_at + 31 * 60)
    assert (event.kind, event.seats) == ("forced", [0])
    notices = [m for m in h.posts() if "had only one move left" in m.text]
    assert [m.text for m in notices] == [
        f"⏩ {alice.mention} had only one move left, so it was played for them after the "
        "table's grace time: Roll the dice."]
    assert notices[0].pinged == {alice.id}
    after = await table_of(h)
    assert after.seat_moves[0] == moves + 1
    assert (await h.bot.store.history(after.key, limit=1))[-1].action.kind == "roll"
    newest = boards(h)[-1]
    assert "Alice rolls" in newest.text, "the board moved on"
    assert not GRACE.search(newest.text), "the roll is made: no grace shown any more"

    await clock.run_clock(set_at + 120 * 60)
    assert len([m for m in h.posts() if "had only one move left" in m.text]) == 1, "told once"


async def test_an_only_move_naming_a_hidden_card_is_told_without_the_card(h: Harness) -> None:
    """Pirate Tricks: Alice must follow suit with the one card she can. Her hand is hidden,
    so the notice does not name the card before the board's news shows it played."""
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    game = engine.get_game("pirate-tricks")
    table = await open_played(
        h, "pirate-tricks", [alice, bob, carol],
        until=lambda g, state, seat, a: (seat == 0 and a.kind == "play"
                                         and len(g.legal_actions(state, seat)) == 1))
    (card,) = game.legal_actions(table.state, 0)
    await h.slash(alice, "game settings", forced_minutes=5, limit_minutes=0, remind_minutes=0)
    set_at = time.time()
    (event,) = await h.bot.get_cog("ClockCog").run_clock(set_at + 6 * 60)
    assert (event.kind, event.seats, event.moves) == ("forced", [0], [None])
    (notice,) = [m for m in h.posts() if "had only one move left" in m.text]
    assert notice.text == (
        f"⏩ {alice.mention} had only one move left, so it was played for them after the "
        "table's grace time; the board shows what everyone may see of it.")
    assert card.label not in notice.text
    assert (await h.bot.store.history(table.key, limit=1))[-1].action == card
