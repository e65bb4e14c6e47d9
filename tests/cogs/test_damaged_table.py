"""A damaged table in Discord: the players are told what to do, the host repairs or closes
it, the rest of the server plays on; and the Join button works only where it was posted."""

from __future__ import annotations

import sqlite3
import time

from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import (
    CHANNEL_ID,
    MANAGE_MESSAGES,
    MEMBER_PERMISSIONS,
    OTHER_CHANNEL_ID,
    ErrorLogCatcher,
    Harness,
)
from tests.data.helpers import other_program_writing

HOUR = 3600.0


def _sql(h: Harness, statement: str, *params: object) -> None:
    con = sqlite3.connect(h.db_path, isolation_level=None)
    try:
        con.execute(statement, params)
    finally:
        con.close()


def _cut_state(h: Harness, key: int) -> None:
    con = sqlite3.connect(h.db_path, isolation_level=None)
    try:
        (state,) = con.execute("SELECT state FROM tables WHERE key = ?", (key,)).fetchone()
        con.execute("UPDATE tables SET state = ? WHERE key = ?", (state[:100], key))
    finally:
        con.close()


def _expect_one_damage_log(error_logs: ErrorLogCatcher, key: int) -> None:
    """The store logs a damaged row once, at ERROR, with its key: expected here, so it is
    taken out of what the fixture fails the test on."""
    damage = [r for r in error_logs.records if r.name == "data.store"]
    assert len(damage) == 1 and f"table {key} " in damage[0].getMessage()
    for r in damage:
        error_logs.records.remove(r)


async def test_a_damaged_game_tells_the_players_and_the_host_repairs_it(
    h: Harness, error_logs: ErrorLogCatcher
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    table = await table_of(h)
    board = boards(h)[-1]
    _cut_state(h, table.key)

    r = await h.click(bob, board, "My hand / act")
    assert r.ephemeral and "/game repair" in r.text and "/game abort" in r.text
    r = await h.slash(bob, "game hand")
    assert r.ephemeral and "cannot be read" in r.text
    r = await h.slash(bob, "game repair")
    assert r.ephemeral and "Only the host or a channel manager" in r.text

    r = await h.slash(alice, "game repair")
    assert "rebuilt" in r.text
    notice = [m for m in h.posts() if "rebuilt" in m.text]
    assert notice and alice.mention in notice[-1].text, "the channel is told"
    assert len(boards(h)) > 1, "the board is posted again"
    assert (await table_of(h)).state is not None
    r = await h.click(bob, boards(h)[-1], "My hand / act")
    assert r.ephemeral and "cannot be read" not in r.text
    _expect_one_damage_log(error_logs, table.key)


async def test_a_manager_closes_a_table_that_cannot_be_rebuilt_and_a_new_one_opens(
    h: Harness, error_logs: ErrorLogCatcher
) -> None:
    alice, bob, mod = h.user("alice"), h.user("bob"), h.user("mod")
    await open_table(h, alice, bob)
    table = await table_of(h)
    _sql(h, "UPDATE tables SET game_id = 'kraken-poker' WHERE key = ?", table.key)

    r = await h.slash(alice, "game new", game="all-hands")
    assert r.ephemeral and "/game abort" in r.text
    r = await h.slash(alice, "game repair")
    assert r.ephemeral and "Even the move log cannot rebuild" in r.text
    r = await h.slash(bob, "game abort")
    assert r.ephemeral and "Only the host" in r.text
    r = await h.slash(mod, "game abort", permissions=MEMBER_PERMISSIONS | MANAGE_MESSAGES)
    assert not r.ephemeral and mod.mention in r.text and "could not be read" in r.text
    r = await h.slash(alice, "game new", game="all-hands")
    assert "Your table is open" in r.text
    _expect_one_damage_log(error_logs, table.key)


async def test_the_rest_of_the_server_plays_on_beside_a_damaged_table(
    h: Harness, error_logs: ErrorLogCatcher
) -> None:
    alice, bob, carol, dan = h.user("alice"), h.user("bob"), h.user("carol"), h.user("dan")
    await open_table(h, alice, bob)
    await open_table(h, carol, dan, channel=OTHER_CHANNEL_ID)
    await h.slash(carol, "game settings", channel=OTHER_CHANNEL_ID, remind_minutes=60)
    await h.slash(alice, "game settings", remind_minutes=60)
    damaged = await table_of(h)
    _cut_state(h, damaged.key)

    r = await h.slash(dan, "game list")
    assert f"<#{OTHER_CHANNEL_ID}>" in r.text and f"<#{CHANNEL_ID}>" in r.text
    waiting = await waiting_user(h, carol, dan, channel=OTHER_CHANNEL_ID)
    posts = len(h.posts(OTHER_CHANNEL_ID))
    await h.bot.get_cog("ClockCog").run_clock(time.time() + 2 * HOUR)
    (reminder,) = h.posts(OTHER_CHANNEL_ID)[posts:]
    assert "Reminder" in reminder.text and reminder.pinged == {waiting.id}
    _expect_one_damage_log(error_logs, damaged.key)


async def test_the_join_button_seats_nobody_from_another_channel(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, start=False)
    lobby = h.posts()[-1]
    # the same button, clicked in another channel (a copied message, or a forged id)
    payload = h.component_payload(bob, lobby, {"custom_id": lobby.item("Join")["custom_id"],
                                               "component_type": 2})
    payload["channel_id"] = str(OTHER_CHANNEL_ID)
    payload["channel"] = h.channel_payload(OTHER_CHANNEL_ID)
    payload["message"]["channel_id"] = str(OTHER_CHANNEL_ID)
    r = await h.feed(payload, message_id=lobby.id)
    assert r.ephemeral and f"<#{CHANNEL_ID}>" in r.text and "join it there" in r.text
    assert [s.player for s in (await table_of(h)).seats] == [str(alice.id)]

    r = await h.click(bob, lobby, "Join")
    assert not r.ephemeral and bob.mention in r.text
    assert [s.player for s in (await table_of(h)).seats] == [str(alice.id), str(bob.id)]


async def test_joining_while_another_program_holds_the_database_says_busy(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, start=False)
    with other_program_writing(h.db_path):
        r = await h.slash(bob, "game join")
    assert r.ephemeral and "busy" in r.text and "try again" in r.text
    assert [s.player for s in (await table_of(h)).seats] == [str(alice.id)]
    r = await h.slash(bob, "game join")
    assert not r.ephemeral and bob.mention in r.text
