"""What real Discord does to a running table (issue 21), through discord.py's real HTTP
client: the offline Discord answers 429 and 5xx on every kind of call, takes permissions
away, deletes the channel, removes the bot, and the bot dies half-way through a post.

Each time: the move is applied once, the board and the notices are delivered once the
fault ends (the delivery worker's pass, ``deliver_due``, as the running bot makes it every
few seconds), the person who moved is told the truth, the log holds a WARNING (never an
ERROR) without hidden information, and the table next door goes on untouched.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable

import pytest

import engine
from cogs.look.actions import encode
from cogs.look.texts import DELIVERY_DISCORD
from cogs.table.delivery import deliver_due
from engine import ai
from tests.cogs.discord_http import Answer, Request
from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import (
    ATTACH_FILES,
    BOT_PERMISSIONS,
    CALLBACK_ROUTE,
    CHANNEL_ID,
    GUILD_ID,
    OTHER_CHANNEL_ID,
    VIEW_CHANNEL,
    Crash,
    FakeUser,
    Harness,
    Reply,
    _text_channel,
)

GAME = engine.get_game("all-hands")
MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
LATER = time.time() + 10 * 24 * 3600  # the worker's pass once Discord answers again
#: the people here move as a sensible player would (``_move``: easy's choice), so easy's
#: slips are off (the fixture in tests/cogs/conftest.py)
pytestmark = pytest.mark.usefixtures("steady_easy")

#: Discord's faults, as many times in a row as it takes discord.py to give up (or once,
#: where it does not retry)
FAULTS: dict[str, tuple[Callable[[], Answer], int]] = {
    "429 five times": (lambda: Answer.rate_limited(0.25), 5),
    "Cloudflare's 429": (lambda: Answer.rate_limited(cloudflare=True), 1),
    "500 five times": (lambda: Answer.error(500, 0, "500: Internal Server Error"), 5),
    "503 once": (lambda: Answer.error(503, 0, "503: Service Unavailable"), 1),
}


def _in(channel: int) -> Callable[[Request], bool]:
    return lambda r: r.ids.get("channel_id") == str(channel)


def _dm(h: Harness) -> Callable[[Request], bool]:
    return lambda r: int(r.ids.get("channel_id") or 0) in h.rec.dm_owner


async def _captains(h: Harness, bots: int = 1) -> tuple[FakeUser, FakeUser]:
    """Alice and Bob and a computer captain at a table here, Carol and Dave next door."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, bots=bots)
    carol, dave = h.user("carol"), h.user("dave")
    await open_table(h, carol, dave, channel=OTHER_CHANNEL_ID)
    return alice, bob


async def _move(h: Harness, user: FakeUser, channel: int = CHANNEL_ID) -> Reply:
    """``user`` makes the move a sensible player would, by ``/ahod move``."""
    table = await table_of(h, channel)
    seat = table.seat_of(str(user.id))
    action = ai.choose(GAME, table.state, seat, random.Random(table.version), "easy")
    return await h.slash(user, "ahod move", channel=channel, action=encode(action))


async def _person_moves(h: Harness) -> int:
    table = await table_of(h)
    people = {s for s, seat in enumerate(table.seats) if seat.is_person}
    return sum(1 for e in await h.bot.store.history(table.key, limit=10_000) if e.seat in people)


async def _told_whoever_is_next(h: Harness, *users: FakeUser, channel: int = CHANNEL_ID
                                ) -> None:
    """The table owes nothing, and the newest board shows the game as it stands and pings
    the people it waits for."""
    table = await table_of(h, channel)
    assert await h.bot.store.deliveries.get(table.key) is None, "a delivery is still owed"
    board = boards(h, channel)[-1]
    waiting = {int(table.seats[s].player) for s in table.to_act(GAME)
               if table.seats[s].is_person}
    assert waiting and waiting <= board.mentions, (waiting, board.content)
    assert f"**{table.version}**" in board.text or waiting  # the board is the latest one
    assert await h.bot.store.get_message(table.key, "turn") == (str(channel), str(board.id))


def _no_twice(h: Harness, channel: int = CHANNEL_ID) -> None:
    """No post said twice in a row (a retry posts its board once)."""
    posts = [(m.content, m.text) for m in h.posts(channel)]
    assert all(a != b for a, b in zip(posts, posts[1:], strict=False)), "a post came twice"


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name.startswith("parley") and r.levelno == logging.WARNING]


# -- Discord failing on each kind of call ---------------------------------------------------


@pytest.mark.parametrize("fault", list(FAULTS))
@pytest.mark.parametrize("call", ["post", "edit", "dm"])
async def test_a_board_or_dm_discord_fails_is_delivered_once_it_answers_again(
    h: Harness, caplog: pytest.LogCaptureFixture, call: str, fault: str
) -> None:
    alice, bob = await _captains(h)
    answer, times = FAULTS[fault]
    method, path, where = {"post": ("POST", MESSAGES, _in(CHANNEL_ID)),
                           "edit": ("PATCH", MESSAGE, _in(CHANNEL_ID)),
                           "dm": ("POST", MESSAGES, _dm(h))}[call]
    failing = h.rec.fail(method, path, answer, times=times, when=where)
    caplog.set_level(logging.INFO)
    made = 0
    for _ in range(30):  # moves until one of them meets the fault
        mover = await waiting_user(h, alice, bob)
        r = await _move(h, mover)
        made += 1
        assert r.text.startswith("Done:"), r.text  # the move was applied and answered
        if failing.hits:
            break
    else:
        raise AssertionError(f"no move made a {call} call")
    if failing.times == 0:
        assert DELIVERY_DISCORD in r.text, "the mover hears their move stands"
    assert await _person_moves(h) == made, "every move applied once"
    # meanwhile the table next door goes on
    carol = await waiting_user(h, *h.rec.users.values(), channel=OTHER_CHANNEL_ID)
    assert (await _move(h, carol, OTHER_CHANNEL_ID)).text.startswith("Done:")
    await _told_whoever_is_next(h, channel=OTHER_CHANNEL_ID)

    await deliver_due(h.bot, LATER)  # Discord answers again: the worker's next pass
    await _told_whoever_is_next(h, alice, bob)
    _no_twice(h)
    assert await _person_moves(h) == made
    warned = [w for w in _warnings(caplog) if "could not deliver" in w]
    assert len(warned) == (1 if failing.times == 0 else 0), warned


async def test_a_dm_that_failed_is_sent_once_when_discord_answers_again(h: Harness) -> None:
    alice, bob = await _captains(h)
    failing = h.rec.fail("POST", MESSAGES, FAULTS["500 five times"][0], times=5, when=_dm(h))
    for _ in range(30):
        mover = await waiting_user(h, alice, bob)
        await _move(h, mover)
        if failing.times == 0:
            break
    (req, _), *_ = [f for f in h.rec.faulted if int(f[0].ids["channel_id"]) in h.rec.dm_owner]
    who = h.rec.dm_owner[int(req.ids["channel_id"])]
    before = [m.id for m in h.rec.channel_posts(int(req.ids["channel_id"]))]
    await deliver_due(h.bot, LATER)
    after = h.rec.channel_posts(int(req.ids["channel_id"]))
    assert len(after) == len(before) + 1, f"one new DM for {who}, sent once"
    await deliver_due(h.bot, LATER)
    assert len(h.rec.channel_posts(int(req.ids["channel_id"]))) == len(after)


@pytest.mark.parametrize("fault", ["500 five times", "503 once", "429 five times"])
async def test_a_move_whose_answer_discord_fails_stands_and_is_published(
    h: Harness, caplog: pytest.LogCaptureFixture, fault: str
) -> None:
    """Discord fails the edit of the deferred answer ("Done: ..."): the move stands, and the
    board and the next player's ping follow at once."""
    alice, bob = await _captains(h)
    answer, times = FAULTS[fault]
    h.rec.fail("PATCH", ORIGINAL, answer, times=times)
    mover = await waiting_user(h, alice, bob)
    await _move(h, mover)
    assert await _person_moves(h) == 1
    await _told_whoever_is_next(h, alice, bob)


@pytest.mark.parametrize("fault", ["500 five times", "429 five times"])
async def test_a_click_whose_callback_discord_fails_applies_nothing_and_works_again(
    h: Harness, fault: str
) -> None:
    """Discord fails the interaction callback (the deferral): the move was never taken, so
    nothing is applied; the same click a moment later works."""
    alice, bob = await _captains(h)
    answer, times = FAULTS[fault]
    h.rec.fail("POST", CALLBACK_ROUTE, answer, times=times)
    mover = await waiting_user(h, alice, bob)
    await _move(h, mover)
    assert await _person_moves(h) == 0
    r = await _move(h, mover)
    assert r.text.startswith("Done:") and await _person_moves(h) == 1
    await _told_whoever_is_next(h, alice, bob)


async def test_a_retried_callback_applies_the_move_once(h: Harness) -> None:
    """Two 500s, then Discord takes the deferral: discord.py retried, the move is applied
    once."""
    alice, bob = await _captains(h)
    h.rec.fail("POST", CALLBACK_ROUTE, FAULTS["500 five times"][0], times=2)
    mover = await waiting_user(h, alice, bob)
    assert (await _move(h, mover)).text.startswith("Done:")
    assert await _person_moves(h) == 1
    assert [w for w in h.sleep.waits if w][:2] == [1.0, 3.0], "discord.py waited and retried"
    await _told_whoever_is_next(h, alice, bob)


# -- permissions taken away -----------------------------------------------------------------


@pytest.mark.parametrize(("taken", "named"), [(ATTACH_FILES, "Attach Files"),
                                              (VIEW_CHANNEL, "View Channel")])
async def test_a_missing_permission_is_named_with_who_can_grant_it(
    h: Harness, caplog: pytest.LogCaptureFixture, taken: int, named: str
) -> None:
    alice, bob = await _captains(h)
    h.rec.bot_permissions[CHANNEL_ID] = BOT_PERMISSIONS & ~taken
    caplog.set_level(logging.INFO)
    mover = await waiting_user(h, alice, bob)
    r = await _move(h, mover)
    assert r.text.startswith("Done:"), "the move stands"
    assert f"**{named}**" in r.text and "server admin" in r.text, r.text
    assert await _person_moves(h) == 1
    assert len([w for w in _warnings(caplog) if "refused the bot" in w]) == 1
    # an admin gives the permission back: the next pass delivers, once
    del h.rec.bot_permissions[CHANNEL_ID]
    await deliver_due(h.bot, LATER)
    await _told_whoever_is_next(h, alice, bob)
    _no_twice(h)


# -- a channel deleted, the bot removed -------------------------------------------------------


async def test_a_deleted_channel_pauses_its_table_with_no_further_calls(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob = await _captains(h)
    table = await table_of(h)
    clock = h.bot.get_cog("ClockCog")
    h.rec.gone_channels.add(CHANNEL_ID)
    caplog.set_level(logging.INFO)
    # the channel went while the bot was away: the clock's time-out AI moves for Alice,
    # the delivery finds the channel gone and pauses the table
    await h.bot.store.deliveries.add(table.key, {"before": None, "events": [], "changed": [],
                                                 "waiting": [[], []], "version": table.version,
                                                 "taken": None, "gone": None, "fresh": True},
                                     time.time())
    await deliver_due(h.bot, LATER)
    owed = await h.bot.store.deliveries.get(table.key)
    assert owed is not None and owed.paused and "gone" in owed.paused
    assert [w for w in _warnings(caplog) if f"table {table.key} paused" in w]
    calls = len(h.rec.calls)
    # fourteen days of clock passes and worker passes: nothing is called, nothing moves
    for day in range(1, 15):
        await clock.run_clock(time.time() + day * 86400)
        await deliver_due(h.bot, time.time() + day * 86400)
    assert [c for c in h.rec.calls[calls:] if c.ids.get("channel_id") == str(CHANNEL_ID)] == []
    assert (await table_of(h)).version == table.version
    assert "ERROR" not in caplog.text


async def test_a_removed_bot_pauses_the_server_s_tables_and_resumes_when_invited_again(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob = await _captains(h)
    guild = {"id": str(GUILD_ID), "name": "Tavern", "owner_id": str(alice.id), "roles": [],
             "channels": [_text_channel(CHANNEL_ID), _text_channel(OTHER_CHANNEL_ID, "tavern")],
             "members": [], "member_count": 3, "emojis": [], "stickers": [], "features": [],
             "unavailable": False, "large": False, "threads": [], "voice_states": [],
             "presences": [], "joined_at": "2025-01-01T12:00:00.000000+00:00"}
    h.bot._connection.parsers["GUILD_CREATE"](guild)
    h.rec.left_guild = True
    before = set(asyncio.all_tasks())
    h.bot._connection.parsers["GUILD_DELETE"]({"id": str(GUILD_ID)})
    await h.settle(before)
    keys = [(await table_of(h, c)).key for c in (CHANNEL_ID, OTHER_CHANNEL_ID)]
    for key in keys:
        owed = await h.bot.store.deliveries.get(key)
        assert owed is not None and owed.paused, "the server's tables are paused"
    assert await h.bot.store.playing() == []  # the turn clock skips them
    calls = len(h.rec.calls)
    await deliver_due(h.bot, LATER)
    assert len(h.rec.calls) == calls
    # invited back: every table of the server resumes with its board anew
    h.rec.left_guild = False
    posted = len(boards(h))
    before = set(asyncio.all_tasks())
    del guild["unavailable"]  # as Discord sends a server the bot joins
    h.bot._connection.parsers["GUILD_CREATE"](guild)
    await h.settle(before)
    for key in keys:
        assert await h.bot.store.deliveries.get(key) is None
    assert len(boards(h)) == posted + 1
    await _told_whoever_is_next(h, alice, bob)


# -- a crash half-way -------------------------------------------------------------------------


async def test_a_crash_after_discord_took_the_board_posts_it_once_after_the_restart(
    h: Harness,
) -> None:
    """The bot dies right after Discord made the new board, before it heard so: started
    again, its first worker pass delivers the rest, and the board is not posted twice
    (Discord answers the same nonce with the same message). Two people, no computer
    captain: the move's delivery posts one board, the one the crash cuts off."""
    alice, bob = await _captains(h, bots=0)
    h.rec.crash_after("POST", MESSAGES, when=_in(CHANNEL_ID))
    made = await _until_crash(h, alice, bob)
    posted = len(boards(h))
    await h.restart()
    await deliver_due(h.bot, time.time())
    assert len(boards(h)) == posted, "the board Discord had is not posted again"
    nonces = [c.body.get("nonce") for c in h.rec.calls
              if c.method == "POST" and c.path == MESSAGES and c.ids["channel_id"] ==
              str(CHANNEL_ID) and c.body and c.body.get("nonce")]
    assert len(nonces) - len(set(nonces)) == 1, "the board was sent again, with its nonce"
    await _told_whoever_is_next(h, alice, bob)
    assert await _person_moves(h) == made


async def test_a_crash_before_the_board_is_caught_up_at_the_next_start(h: Harness) -> None:
    alice, bob = await _captains(h)
    h.rec.crash_after("POST", "/users/@me/channels")  # mid-delivery, before any board
    h.rec.crash_after("PATCH", MESSAGE, when=_in(CHANNEL_ID))
    made = await _until_crash(h, alice, bob)
    await h.restart()
    await deliver_due(h.bot, time.time())
    await _told_whoever_is_next(h, alice, bob)
    _no_twice(h)
    assert await _person_moves(h) == made


async def _until_crash(h: Harness, *users: FakeUser) -> int:
    """Moves until the bot dies in one of them; how many moves were made."""
    for made in range(1, 31):
        mover = await waiting_user(h, *users)
        try:
            await _move(h, mover)
        except Crash:
            return made
    raise AssertionError("the bot never died")
