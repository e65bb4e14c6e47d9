"""A database outage reads as "busy, try again", not as a bug (issue 21, item 4).

PostgreSQL stopped for a while (``pg_ctl stop -m fast``, then started again on the same
data and port): a slash command, a button, a menu pick and every autocomplete list answer
that the game database is not answering and to try again in a moment, nothing changes, no
ERROR is logged (the ``error_logs`` fixture fails the test on one) and the operator gets one
WARNING, without the password; once the server is back, the same pick is served at once.
On SQLite, the kernel refuses the bot's writes for a moment (``tests/faults.py``), as a
failing disk would: a move says the same, and goes through once the disk writes again.

The choice an autocomplete list offers during an outage, if sent as it is, is refused by
each command with its own polite sentence. Every autocomplete handler is wrapped in
``busy_choices``, checked from the source as ``test_imports`` checks the imports.
"""

from __future__ import annotations

import ast
import asyncio
import logging
import random
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

import cogs
import engine
from cogs.look.actions import encode
from cogs.look.texts import DB_BUSY_CHOICE, DB_BUSY_VALUE, DELIVERY_DATABASE, INTERNAL_ERROR
from cogs.table.delivery import deliver_due
from data.db import UNAVAILABLE_SENTENCE, StoreUnavailable
from engine import ai
from engine.core import IllegalAction
from tests import pg
from tests.cogs.discord_http import Answer
from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import OTHER_CHANNEL_ID, ErrorLogCatcher, FakeUser, Harness, Msg
from tests.faults import (
    own_postgresql,
    stopped,
    warnings_and_worse,
    writes_refused,
)

GAME = engine.get_game("all-hands")

BUSY = {"name": DB_BUSY_CHOICE, "value": DB_BUSY_VALUE}
#: the largest amount ``/tricks bid`` takes: the busy choice of a number list
MOST_LOON = 10_000


@pytest.fixture(scope="module")
def own_server() -> Iterator[pg.PgServer]:
    yield from own_postgresql()


@pytest.fixture
async def on_postgresql(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                        own_server: pg.PgServer, error_logs: ErrorLogCatcher
                        ) -> AsyncIterator[Harness]:
    """The offline server with the bot on a new database of ``own_server``."""
    url = await pg.create_database(own_server)
    harness = Harness(tmp_path / "unused.db", monkeypatch)
    harness.db_path = url  # type: ignore[assignment]
    try:
        await harness.start()
        yield harness
    finally:
        await harness.stop()
        await pg.drop_database(own_server, url)


async def snapshot(h: Harness) -> tuple[int, list[int], int]:
    """What a move changes: the table's version, each seat's move count, the log's length."""
    table = await table_of(h)
    log = await h.bot.store.history(table.key, limit=10_000)
    return table.version, list(table.seat_moves), len(log)


async def a_menu_pick(h: Harness, user: FakeUser) -> tuple[Msg, str, str]:
    """``user``'s private panel, opened with the turn message's My hand / act button, and
    the first move of its move menu: (panel, menu id, value)."""
    r = await h.click(user, boards(h)[-1], "My hand / act")
    panel = r.message
    menu = next(s for s in panel.selects() if s["custom_id"].startswith("parley:act:"))
    return panel, menu["custom_id"], menu["options"][0]["value"]


def busy_answer(choices: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"name": c["name"], "value": c["value"]} for c in choices]


async def test_while_postgresql_is_stopped_commands_buttons_menus_and_lists_say_try_again(
    on_postgresql: Harness, own_server: pg.PgServer, told: pytest.LogCaptureFixture,
) -> None:
    h = on_postgresql
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    first = await waiting_user(h, alice, bob)
    turn = boards(h)[-1]
    panel, menu, pick = await a_menu_pick(h, first)
    before = await snapshot(h)
    errors_before = len(h.tree_errors)
    told.clear()

    async with stopped(own_server):
        replies = [
            await h.slash(first, "ahod pass"),                         # a slash command
            await h.click(first, turn, "My hand / act"),                # a button
            await h.select(first, panel, [pick], custom_id=menu),       # a menu pick
        ]
        for r in replies:
            assert r.ephemeral and r.text == UNAVAILABLE_SENTENCE, r.text
            assert r.posts == [], "nothing is posted or sent by DM"
        assert not panel.content.startswith("Done:")
        lists = {
            ("ahod move", "action"): BUSY,
            ("ahod bid", "cards"): BUSY,
            ("ahod cheat", "captain"): BUSY,
            ("game replace", "seat"): BUSY,
            ("tricks bid", "amount"): {"name": DB_BUSY_CHOICE, "value": MOST_LOON},
        }
        for (command, option), choice in lists.items():
            offered = await h.autocomplete(first, command, option, "")
            assert busy_answer(offered) == [choice], (command, offered)

    assert await snapshot(h) == before, "nothing changed while the database was away"
    (warning,) = warnings_and_worse(told)
    assert warning.levelname == "WARNING" and warning.name == "data.db"
    assert warning.exc_info is None, "an expected fault is no traceback"
    assert "not answering" in warning.getMessage()
    for record in told.records:
        text = record.getMessage()
        assert own_server.password not in text and "tok9" not in text
    (refused,) = h.tree_errors[errors_before:]  # the slash command's, answered above
    assert isinstance(refused.original, StoreUnavailable)  # type: ignore[attr-defined]

    # back: the very same pick is served at once
    r = await h.select(first, panel, [pick], custom_id=menu)
    assert panel.content.startswith("Done:"), (panel.content, r.text)
    version, seat_moves, logged = await snapshot(h)
    assert logged == before[2] + 1 and sum(seat_moves) == sum(before[1]) + 1
    assert [r.getMessage() for r in told.records if "answers again" in r.getMessage()]
    assert len(warnings_and_worse(told)) == 1


async def test_a_move_the_disk_will_not_write_says_try_again_and_goes_through_after(
    h: Harness, told: pytest.LogCaptureFixture,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    first = await waiting_user(h, alice, bob)
    panel, menu, pick = await a_menu_pick(h, first)
    before = await snapshot(h)
    told.clear()

    with writes_refused():
        r = await h.select(first, panel, [pick], custom_id=menu)
        shown = await h.click(first, boards(h)[-1], "My hand / act")  # reads go on
    assert r.ephemeral and r.text == UNAVAILABLE_SENTENCE, r.text
    assert r.posts == [] and not panel.content.startswith("Done:")
    assert shown.ephemeral and "It is your turn" in shown.message.content
    assert await snapshot(h) == before
    (warning,) = warnings_and_worse(told)
    assert warning.levelname == "WARNING" and "SQLITE_IOERR" in warning.getMessage()

    await h.select(first, panel, [pick], custom_id=menu)
    assert panel.content.startswith("Done:")
    assert (await snapshot(h))[2] == before[2] + 1


async def test_the_busy_choice_sent_as_it_is_is_refused_politely(h: Harness) -> None:
    """After an outage, a person may still send the busy choice they picked: each command
    refuses it with its own sentence, and nothing changes."""
    alice, bob, cleo = h.user("alice"), h.user("bob"), h.user("cleo")
    await open_table(h, alice, bob)
    first = await waiting_user(h, alice, bob)
    await h.slash(alice, "game new", game="pirate-tricks", channel=OTHER_CHANNEL_ID)
    for user in (bob, cleo):
        await h.slash(user, "game join", channel=OTHER_CHANNEL_ID)
    await h.slash(alice, "game start", channel=OTHER_CHANNEL_ID)
    before = await snapshot(h)

    sent = [
        await h.slash(first, "ahod move", action=DB_BUSY_VALUE),
        await h.slash(first, "ahod bid", cards=DB_BUSY_VALUE),
        await h.slash(first, "ahod cheat", captain=DB_BUSY_VALUE),
        await h.slash(alice, "game replace", seat=DB_BUSY_VALUE, to="open"),
        await h.slash(first, "game rules", game=DB_BUSY_VALUE),
        await h.slash(alice, "tricks bid", amount=MOST_LOON, channel=OTHER_CHANNEL_ID),
    ]
    for r in sent:
        assert r.ephemeral and r.text and INTERNAL_ERROR not in r.text, r.text
        assert r.posts == []
    assert "loon you have" in sent[-1].text
    assert await snapshot(h) == before
    assert all(isinstance(getattr(e, "original", e), IllegalAction) for e in h.tree_errors)


# -- every autocomplete handler answers during an outage ------------------------------------

COGS = Path(cogs.__file__).parent
#: handlers whose files were being changed by others when ``busy_choices`` came in (issue 21,
#: item 4): each needs ``@busy_choices`` under its ``@x.autocomplete(...)``, then leaves
#: this list, which the test keeps exact
NOT_YET_WRAPPED: set[str] = set()


def _decorator_names(fn: ast.AsyncFunctionDef | ast.FunctionDef) -> list[str]:
    names = []
    for d in fn.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        names.append(target.attr if isinstance(target, ast.Attribute) else
                     getattr(target, "id", ""))
    return names


def unwrapped_autocomplete_handlers() -> set[str]:
    """The functions of cogs/ decorated ``@x.autocomplete(...)`` but not ``@busy_choices``."""
    found = set()
    for path in sorted(COGS.rglob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text())):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = _decorator_names(fn)
                if "autocomplete" in names and "busy_choices" not in names:
                    found.add(f"{path.name}: {fn.name}")
    return found


def test_every_autocomplete_handler_answers_busy_during_an_outage() -> None:
    assert unwrapped_autocomplete_handlers() == NOT_YET_WRAPPED


def test_the_check_finds_a_handler_left_unwrapped() -> None:
    tree = ast.parse("class C:\n    @move.autocomplete('action')\n"
                     "    async def _m(self, i, c):\n        return []\n")
    fn = tree.body[0].body[0]  # type: ignore[attr-defined]
    assert _decorator_names(fn) == ["autocomplete"]


async def test_a_table_stranded_between_a_move_and_the_ai_moves_on_once_the_database_is_back(
    on_postgresql: Harness, own_server: pg.PgServer, told: pytest.LogCaptureFixture
) -> None:
    """Issue 21, item 5: PostgreSQL goes away after a person's move committed and before
    the AI seat answered. The person is told their move stands; once the server is back,
    the delivery worker's next pass (every few seconds in the running bot) makes the AI's
    move and posts the board, without a restart."""
    h = on_postgresql
    alice = h.user("alice")
    await open_table(h, alice, bots=1, level="easy")
    stopped_once: list[bool] = []

    def stop_the_server(_request: object) -> bool:
        # Discord takes the answer to the move ("Done: ..."): the move is committed, the
        # AI has not moved yet. That is when the database goes away.
        if not stopped_once:
            stopped_once.append(True)
            own_server.halt()
        return False

    h.rec.fail("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
               Answer(200), times=1, when=stop_the_server)
    table = await table_of(h)
    seat = table.seat_of(str(alice.id))
    before = await snapshot(h)
    r = await h.slash(alice, "ahod move", action=encode(
        ai.choose(GAME, table.state, seat, random.Random(1), "easy")))
    try:
        assert stopped_once, "the server went away after the move"
        assert DELIVERY_DATABASE in r.text, r.text  # the truth: the move stands
    finally:
        await asyncio.to_thread(own_server.resume)
    after = await snapshot(h)
    assert after[2] == before[2] + 1, "the move was committed once"
    ai_seat = 1 - seat
    await deliver_due(h.bot, time.time())
    table = await table_of(h)
    log = await h.bot.store.history(table.key, limit=10_000)
    assert log[-1].seat == ai_seat or seat in table.to_act(GAME), "the AI moved on"
    assert await h.bot.store.deliveries.get(table.key) is None, "everything was delivered"
    assert alice.id in boards(h)[-1].mentions or table.status != "playing"
    assert not [r for r in told.records if r.levelno >= logging.ERROR]
