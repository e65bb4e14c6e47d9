"""A channel that stays quiet (issue 22): each person waited for is told once per turn, by
one channel (a DM when they take DMs, else the channel's ping, never both); the turn
message is edited in place while a chapter runs and posted anew only at a chapter's end,
when someone must be pinged anew, or when others have written below it; an old board loses
its buttons."""

from __future__ import annotations

import asyncio
import copy
import random

import pytest

import engine
from cogs.look.actions import encode
from engine import ai
from tests.cogs.flows import boards, open_table, table_of
from tests.cogs.harness import CHANNEL_ID, GUILD_ID, TIMESTAMP, FakeUser, Harness, Msg

GAME = engine.get_game("all-hands")
#: the people here move as a sensible player would (``_move``: easy's choice), so easy's
#: slips are off (the fixture in tests/cogs/conftest.py)
pytestmark = pytest.mark.usefixtures("steady_easy")


async def _move(h: Harness, user: FakeUser) -> None:
    table = await table_of(h)
    seat = table.seat_of(str(user.id))
    action = ai.choose(GAME, table.state, seat, random.Random(table.version), "easy")
    r = await h.slash(user, "ahod move", action=encode(action))
    assert r.text.startswith("Done:"), r.text


async def _waiting(h: Harness, *users: FakeUser) -> list[FakeUser]:
    table = await table_of(h)
    seats = table.to_act(GAME)
    return [u for u in users if table.seat_of(str(u.id)) in seats]


async def _play_turns(h: Harness, users: tuple[FakeUser, ...], turns: int
                      ) -> list[tuple[set[int], list[Msg]]]:
    """``turns`` moves; for each, who waits afresh after it for a turn of their own and
    what it sent. The discard step, a formality offered without a notice, is checked apart
    (tests/cogs/test_all_hands_discard.py)."""
    out = []
    for _ in range(turns):
        before = set(u.id for u in await _waiting(h, *users))
        sent = len(h.rec.sent)
        await _move(h, (await _waiting(h, *users))[0])
        now = {u.id for u in await _waiting(h, *users)}
        if (await table_of(h)).view(GAME, None)["phase"] == "discard":
            for uid in now - before:
                assert _notices(h, uid, h.rec.sent[sent:]) == (0, 0), "a formality"
            continue
        # as sent: a later edit of the same message pings nobody and replaces its mentions
        out.append((now - before, [copy.copy(m) for m in h.rec.sent[sent:]]))
    return out


def _notices(h: Harness, uid: int, sent: list[Msg]) -> tuple[int, int]:
    """(new DMs to the person, channel posts pinging them) among ``sent``."""
    dm = h.rec.dm_channels.get(uid)
    return (sum(1 for m in sent if m.channel_id == dm),
            sum(1 for m in sent if m.channel_id != dm and uid in m.pinged))


async def test_a_person_who_takes_dms_is_told_by_dm_alone_and_named_on_the_board(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    told = 0
    for fresh, sent in await _play_turns(h, (alice, bob), 12):
        for uid in fresh:
            dms, pings = _notices(h, uid, sent)
            assert (dms, pings) == (1, 0), "one notice per turn: the DM, no ping as well"
            told += 1
    assert told >= 3
    board = boards(h)[-1]
    waiting = await _waiting(h, alice, bob)
    assert {u.id for u in waiting} <= board.mentions and not board.pinged & {alice.id, bob.id}


async def test_a_person_without_turn_dms_is_pinged_in_the_channel_instead(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await h.slash(bob, "game notify", mode="reminders")
    told = 0
    for fresh, sent in await _play_turns(h, (alice, bob), 24):
        if bob.id in fresh:
            assert _notices(h, bob.id, sent) == (0, 1), "bob hears it once, by the ping"
            told += 1
        if alice.id in fresh:
            assert _notices(h, alice.id, sent) == (1, 0)
    assert told >= 2


async def test_closed_dms_are_said_once_then_the_channel_pings_instead(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    h.rec.closed_dms.add(bob.id)
    await open_table(h, alice, bob)
    for fresh, sent in await _play_turns(h, (alice, bob), 12):
        if bob.id in fresh:
            assert _notices(h, bob.id, sent) == (0, 1), "bob is pinged once a turn"


async def test_the_board_is_edited_within_a_chapter_and_the_old_one_loses_its_buttons(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    edits = posts = 0
    for _ in range(20):
        table = await table_of(h)
        chapter = (table.view(GAME, None).get("hand_no"), table.view(GAME, None).get("round"))
        count = len(boards(h))
        await _move(h, (await _waiting(h, alice, bob))[0])
        table = await table_of(h)
        after = (table.view(GAME, None).get("hand_no"), table.view(GAME, None).get("round"))
        if after == chapter and table.status == "playing":
            assert len(boards(h)) == count, "within an auction the board is edited in place"
            edits += 1
        else:
            posts += 1
    assert edits and posts
    old = boards(h)[:-1]
    assert old and all(not m.components for m in old), "only the newest board has buttons"
    assert boards(h)[-1].has_item("My hand / act")


async def test_a_board_that_others_wrote_below_is_posted_anew(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    # find a move that leaves the board to be edited (within an auction)
    for _ in range(20):
        count = len(boards(h))
        await _move(h, (await _waiting(h, alice, bob))[0])
        if len(boards(h)) == count:
            break
    else:
        raise AssertionError("no move edited the board")
    # someone writes in the channel: the board is no longer in sight
    before = set(asyncio.all_tasks())
    h.bot._connection.parsers["MESSAGE_CREATE"]({
        "id": str(h.rec.snowflake()), "channel_id": str(CHANNEL_ID), "guild_id": str(GUILD_ID),
        "type": 0, "content": "", "author": alice.payload(), "attachments": [], "embeds": [],
        "mentions": [], "mention_roles": [], "mention_everyone": False, "pinned": False,
        "tts": False, "timestamp": TIMESTAMP, "edited_timestamp": None, "flags": 0,
        "components": []})
    await h.settle(before)
    count = len(boards(h))
    await _move(h, (await _waiting(h, alice, bob))[0])
    assert len(boards(h)) == count + 1, "the board comes below what was written"


async def test_a_turn_is_played_from_its_dm_without_visiting_the_channel(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    mover = (await _waiting(h, alice, bob))[0]
    notice = h.dms(mover)[-1]
    assert "your turn" in notice.text.lower()
    moves = [i for i in notice.items() if str(i.get("custom_id", "")).startswith(
        ("parley:do:", "parley:act:", "parley:batch:", "parley:step"))]
    assert moves, "the turn DM carries the player's moves"
    before = await table_of(h)
    seat = before.seat_of(str(mover.id))
    for _ in range(12):  # picks in the DM's panel until the move is made
        menus = notice.selects()
        if menus:
            options = [o["value"] for o in menus[0]["options"]]
            await h.select(mover, notice, options[:1], custom_id=menus[0]["custom_id"])
        else:
            button = next(i for i in notice.items() if i.get("type") == 2
                          and not i.get("disabled") and "parley:" in i.get("custom_id", ""))
            await h.click(mover, notice, button["custom_id"])
        if (await table_of(h)).seat_moves[seat] > before.seat_moves[seat]:
            break
    else:
        raise AssertionError("no move made from the DM")
    assert not [m for m in h.posts() if m.ephemeral], "nothing was needed in the channel"
