"""Fewer DMs, and the right ones (issue 14).

One private hand message per person per table, edited in place as the hand changes; a new
DM only when the person must act, or when the game ends; ``/game notify`` chooses DMs on
every turn (the default), only the clock's reminders, or none. Counted in whole games
played by clicks, against the action log: how many times each person was to act.
"""

from __future__ import annotations

import random
import time
from typing import Any

import engine
from tests.cogs.flows import boards, dm_calls, said, table_of, times_to_act
from tests.cogs.harness import FakeUser, Harness
from tests.cogs.test_clicks_only import act_by_clicks

HOUR = 3600.0
MAX_MOVES = 2000


async def play(h: Harness, users: list[FakeUser], rng: random.Random,
               until: Any = None, moves: int = MAX_MOVES) -> None:
    """The waiting people move by clicks (the panel only) until the game ends, ``until``
    (a check of the table) holds, or ``moves`` moves are made."""
    for _ in range(moves):
        table = await table_of(h)
        if table.status != "playing" or (until is not None and until(table)):
            return
        waiting = table.to_act(engine.get_game(table.game_id))
        user = next(u for u in users if table.seat_of(str(u.id)) in waiting)
        await act_by_clicks(h, user, rng)


async def sewer_pirats(h: Harness, *people: FakeUser, bots: int = 0) -> None:
    host, *others = people
    await h.slash(host, "game new", game="sewer-pirats")
    for user in others:
        await h.slash(user, "game join")
    for _ in range(bots):
        await h.slash(host, "game add-bot", level="easy")


async def test_a_whole_game_sends_a_new_dm_only_per_turn_plus_the_welcome_and_the_end(
    h: Harness,
) -> None:
    """The issue's measure: new DMs per person per game at most the times that person was
    to act, plus the welcome and the end; the hand message is edited in place between.
    (Before: a new DM after every change to a hand, 101 in one Sewer Pirats game.)"""
    alice, bob = h.user("alice"), h.user("bob")
    await sewer_pirats(h, alice, bob, bots=1)
    await h.slash(alice, "game start")
    await play(h, [alice, bob], random.Random("fewer dms"))
    table = await table_of(h)
    assert table.status == "finished"
    runs = await times_to_act(h)
    for user in (alice, bob):
        seat = table.seat_of(str(user.id))
        new, edits = dm_calls(h, user, "POST"), dm_calls(h, user, "PATCH")
        print(f"sewer-pirats, {user.name}: {len(new)} new DMs for {runs[seat]} times to act "
              f"(+ welcome and end), {len(edits)} edits in place")
        assert len(new) <= runs[seat] + 2
        assert "took a seat" in said(new[0]), "the first DM is the welcome"
        assert "Game over" in said(new[-1]), "the last DM is the end of the game"
        for call in new[1:-1]:
            assert "your turn" in said(call).lower(), said(call)
        assert edits, "the hand message is edited in place between turns"
        assert len(h.dms(user)) == len(new)


def waits_for(table: Any, user: FakeUser) -> bool:
    return table.seat_of(str(user.id)) in table.to_act(engine.get_game(table.game_id))


async def test_a_hand_change_during_a_turn_edits_the_hand_message_without_a_new_dm(
    h: Harness,
) -> None:
    """A turn of several steps (draw, then move) changes the hand at each step: the hand
    message follows by edits; the one new DM was the one that said it is your turn."""
    alice, bob = h.user("alice"), h.user("bob")
    await sewer_pirats(h, alice, bob)
    await h.slash(alice, "game start")
    rng = random.Random("edits")
    edited = 0
    for _ in range(60):
        table = await table_of(h)
        user = alice if waits_for(table, alice) else bob
        new, edits = len(dm_calls(h, user, "POST")), len(dm_calls(h, user, "PATCH"))
        await act_by_clicks(h, user, rng)
        if waits_for(await table_of(h), user):  # the same turn goes on
            assert len(dm_calls(h, user, "POST")) == new, "no new DM within a turn"
            edited += len(dm_calls(h, user, "PATCH")) > edits
    assert edited, "some step of a turn changed the hand, and its message was edited"
    for user in (alice, bob):
        hand = h.dms(user)[-1]
        assert hand.has_hand and "Your hand" in hand.text


async def test_notify_none_and_reminders_send_no_dm_on_a_turn_and_reminders_dm_once(
    h: Harness,
) -> None:
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await sewer_pirats(h, alice, bob, carol)
    r = await h.slash(alice, "game notify", mode="none")
    assert r.ephemeral and "no DM" in r.text, r.text
    r = await h.slash(bob, "game notify", mode="reminders")
    assert r.ephemeral and "reminder" in r.text.lower(), r.text
    table = await table_of(h)
    assert [s.notify for s in table.seats] == ["none", "reminders", "turns"]
    r = await h.slash(bob, "game notify")
    assert r.ephemeral and "reminder" in r.text.lower(), "without a choice: the current one"

    await h.slash(alice, "game start")
    people = [alice, bob, carol]
    await play(h, people, random.Random("modes"), moves=40)
    assert len(dm_calls(h, alice, "POST")) == 1, "none: the welcome only"
    assert len(dm_calls(h, bob, "POST")) == 1, "reminders: no DM on a turn"
    assert dm_calls(h, alice, "PATCH"), "none: the hand message is still kept up to date"
    assert len(dm_calls(h, carol, "POST")) > 1, "the default: a DM when her turn comes"

    clock = h.bot.get_cog("ClockCog")
    later = time.time()
    for user, new_dms in ((bob, 1), (alice, 0)):
        await play(h, people, random.Random(f"modes {user.name}"),
                   until=lambda t, u=user: waits_for(t, u))
        assert waits_for(await table_of(h), user)
        before = len(dm_calls(h, user, "POST"))
        later += 13 * HOUR
        events = await clock.run_clock(later)
        assert [e.kind for e in events] == ["remind"]
        reminder = [m for m in h.posts() if "Reminder" in m.content][-1]
        assert user.id in reminder.pinged, "the channel reminder pings in every mode"
        sent = dm_calls(h, user, "POST")[before:]
        assert len(sent) == new_dms
        for call in sent:
            assert "Reminder" in said(call) and any(n.startswith("hand") for n in call.files)


async def test_notify_is_for_the_seated_and_says_what_is_allowed(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await sewer_pirats(h, alice)
    r = await h.slash(bob, "game notify", mode="none")
    assert r.ephemeral and "not seated" in r.text
    assert [s.notify for s in (await table_of(h)).seats] == ["turns"]


async def test_a_hand_message_gone_from_discord_is_sent_anew(h: Harness) -> None:
    """Discord answers 404 for a DM message that no longer exists: the hand comes in a new
    DM instead of being lost."""
    alice, bob = h.user("alice"), h.user("bob")
    await sewer_pirats(h, alice, bob)
    await h.slash(alice, "game start")
    rng = random.Random("gone")
    for _ in range(60):
        table = await table_of(h)
        user = alice if waits_for(table, alice) else bob
        for msg in h.dms(user):
            h.rec.messages.pop(msg.id, None)
        new, edits = len(dm_calls(h, user, "POST")), len(dm_calls(h, user, "PATCH"))
        await act_by_clicks(h, user, rng)
        if waits_for(await table_of(h), user) and len(dm_calls(h, user, "PATCH")) > edits:
            break
    else:
        raise AssertionError("no step of a turn changed the hand")
    assert len(dm_calls(h, user, "POST")) == new + 1, "the edit failed: a new DM instead"
    hand = h.dms(user)[-1]
    assert hand.has_hand and "Your hand" in hand.text
    assert boards(h)
