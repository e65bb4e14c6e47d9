"""The time bank clock through Discord (issue 24): the host picks it with the **Turn clock**
menus or ``/game settings``; the lobby, the turn message and ``/me games`` show each seat's
bank; a bank runs down, times out as the table says, and grows back by the increment."""

from __future__ import annotations

import time

from cogs.look.clock_texts import duration
from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import CHANNEL_ID, Harness, Msg

HOUR = 3600.0


def bank_menu(panel: Msg) -> dict:
    (menu,) = [s for s in panel.selects() if s["custom_id"].startswith("parley:clockbank:")]
    return menu


def chosen(menu: dict) -> list[str]:
    return [o["label"] for o in menu["options"] if o.get("default")]


async def test_the_host_picks_a_time_bank_and_the_lobby_shows_each_seats_bank(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    panel = (await h.click(alice, lobby, "Turn clock")).message
    assert len(panel.selects()) == 5
    assert chosen(bank_menu(panel)) == ["No time bank (the time limit per turn)"]
    r = await h.select(alice, panel, ["2880:720"], custom_id=bank_menu(panel)["custom_id"])
    said = [m for m in r.posts if m.channel_id == CHANNEL_ID and "settings changed" in m.text]
    assert said and "time bank off → 2 d" in said[-1].text, [m.text for m in r.posts]
    assert chosen(bank_menu(panel)) == ["Time bank 2 d, +12 h a turn"]
    table = await table_of(h)
    assert (table.settings.bank_minutes, table.settings.increment_minutes) == (2880, 720)
    assert "Time bank: **2 d** each, **+12 h** after each turn" in lobby.text
    assert "Time limit per turn" not in lobby.text, "the bank takes the limit's place"
    names = [s.name for s in table.seats]
    assert f"Time banks: {names[0]} 2 d · {names[1]} 2 d" in lobby.text

    r = await h.select(alice, panel, ["0:0"], custom_id=bank_menu(panel)["custom_id"])
    table = await table_of(h)
    assert (table.settings.bank_minutes, table.settings.increment_minutes) == (0, 720)
    assert "Time limit per turn: **2 days**" in lobby.text


async def test_a_time_bank_runs_down_times_out_and_grows_back(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    await h.slash(alice, "game settings", remind_minutes=0, bank_minutes=2880,
                  increment_minutes=720)
    await h.slash(alice, "game start")
    first = await waiting_user(h, alice, bob)
    other = bob if first is alice else alice
    table = await table_of(h)
    seat = table.seat_of(str(first.id))
    name, other_name = table.seats[seat].name, table.seats[1 - seat].name
    started = table.clock.turn_started
    turn = boards(h)[-1].text
    assert f"{name} 2 d (out <t:{int(started + 48 * HOUR)}:R>)" in turn
    assert f"{other_name} 2 d" in turn

    mine = (await h.slash(first, "me games")).message.text
    assert "your time bank: 1 d 23 h, out <t:" in mine, mine  # it runs while they think
    theirs = (await h.slash(other, "me games")).message.text
    assert "your time bank: 2 d" in theirs and "out <t:" not in theirs

    clock = h.bot.get_cog("ClockCog")
    assert await clock.run_clock(started + 47.9 * HOUR) == []
    events = await clock.run_clock(started + 48 * HOUR + 60)
    assert [(e.kind, e.seats) for e in events] == [("ai-move", [seat])]
    assert any("Time is up" in m.text for m in h.posts())
    table = await table_of(h)
    assert table.seats[seat].player == str(first.id), "the person keeps the seat"
    assert table.bank_left(seat, started + 48 * HOUR + 60) == 12 * HOUR  # grew back
    assert f"{name} 12 h" in boards(h)[-1].text
    again = (await h.slash(first, "me games")).message.text
    assert "your time bank: 12 h" in again, again


async def test_a_bank_changed_mid_game_starts_full_at_the_new_size(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    await h.slash(alice, "game settings", remind_minutes=0, bank_minutes=2880,
                  increment_minutes=720)
    await h.slash(alice, "game start")
    await waiting_user(h, alice, bob)
    started = (await table_of(h)).clock.turn_started
    clock = h.bot.get_cog("ClockCog")
    await clock.run_clock(started + 48 * HOUR + 60)  # a bank ran out and grew back to 12 h
    r = await h.slash(alice, "game settings", bank_minutes=1440)
    assert "every bank starts full at the new size" in r.text, r.text
    table = await table_of(h)
    now = time.time()
    assert [round(table.bank_left(s, now) / HOUR) for s in range(2)] == [24, 24]
    assert table.settings.increment_minutes == 720, "the increment given alone is kept"
    assert await clock.run_clock(now + 23.9 * HOUR) == []


async def test_the_bank_menu_answers_after_a_restart_and_a_pair_set_by_command_is_kept(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    await h.slash(alice, "game settings", bank_minutes=600, increment_minutes=90)
    panel = (await h.click(alice, lobby, "Turn clock")).message
    assert chosen(bank_menu(panel)) == ["Time bank 10 h, +1 h 30 min a turn"]
    await h.restart()
    await h.select(alice, panel, ["4320:1440"], custom_id=bank_menu(panel)["custom_id"])
    s = (await table_of(h)).settings
    assert (s.bank_minutes, s.increment_minutes) == (3 * 1440, 1440)


def test_a_bank_reads_in_two_units_at_most() -> None:
    assert [duration(s) for s in (0, 59, 45 * 60, 5400, 5 * HOUR, 28 * HOUR + 59 * 60,
                                  48 * HOUR, -5)] == [
        "0 min", "0 min", "45 min", "1 h 30 min", "5 h", "1 d 4 h", "2 d", "0 min"]


async def test_the_host_is_told_what_the_bank_menu_does(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    hosts = (await h.click(alice, lobby, "Turn clock")).text
    assert "**Time bank** (last menu)" in hosts
    guests = (await h.click(bob, lobby, "Turn clock")).text
    assert "**Time bank** (last menu)" not in guests, "no menus, no word about them"
