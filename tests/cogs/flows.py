"""Common moves of the cog tests, done the way people do them: through slash commands."""

from __future__ import annotations

import json
from typing import Any

import engine
from cogs.look.actions import token
from engine.core import Action
from tests.cogs.harness import CHANNEL_ID, Call, FakeUser, Harness, Msg


async def open_table(
    h: Harness,
    host: FakeUser,
    *others: FakeUser,
    bots: int = 0,
    level: str = "random",
    start: bool = True,
    channel: int = CHANNEL_ID,
    **options: Any,
) -> None:
    """``host`` opens an All Hands on Deck! table, the others join, bots are added."""
    r = await h.slash(host, "game new all-hands", channel=channel, **options)
    assert "Your table is open" in r.text, r.text
    for user in others:
        await h.slash(user, "game join", channel=channel)
    for _ in range(bots):
        await h.slash(host, "game add-bot", channel=channel, level=level)
    if start:
        r = await h.slash(host, "game start", channel=channel)
        assert "The game begins" in r.text, r.text


def boards(h: Harness, channel: int = CHANNEL_ID) -> list[Msg]:
    """The turn messages (board posts) of a channel, oldest first."""
    return [m for m in h.posts(channel) if "board.png" in m.files]


async def table_of(h: Harness, channel: int = CHANNEL_ID) -> Any:
    return await h.bot.store.latest(str(channel))


async def waiting_user(h: Harness, *users: FakeUser, channel: int = CHANNEL_ID) -> FakeUser:
    """The person the latest turn message names as the one to act (one of ``users``): it
    mentions everyone it waits for, and pings those not told by DM (issue 22)."""
    named = boards(h, channel)[-1].mentions
    found = [u for u in users if u.id in named]
    assert found, f"none of {users} is named"
    return found[0]


def is_choice_of(value: str, action: Action) -> bool:
    """Whether an autocomplete choice's ``value`` stands for ``action`` (a token "#..." or
    the action's JSON)."""
    if value.startswith("#"):
        return value == token(action)
    return Action.from_dict(json.loads(value)) == action


async def choice_for(h: Harness, user: FakeUser, command: str, option: str, typed: str,
                     want: Action) -> str:
    """The value autocomplete offers ``user`` for ``want`` after typing ``typed`` in
    ``option`` of ``/command``, as a person picks it from the list."""
    offered = await h.autocomplete(user, command, option, typed)
    found = [c["value"] for c in offered if is_choice_of(c["value"], want)]
    assert found, f"{want} not offered by /{command} for {typed!r}: {offered}"
    return found[0]


# -- DMs ----------------------------------------------------------------------------------

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"


def dm_calls(h: Harness, user: FakeUser, method: str) -> list[Call]:
    """The bot's calls on the user's DM channel: "POST" a new DM (it notifies), "PATCH" an
    edit (it does not)."""
    cid = h.rec.dm_channels.get(user.id)
    path = MESSAGES if method == "POST" else MESSAGE
    return [c for c in h.rec.calls
            if c.method == method and c.path == path and c.ids.get("channel_id") == str(cid)]


def said(call: Call) -> str:
    """The words of a DM as it was sent (the message itself may be edited later)."""
    body = call.body or {}
    words = [body.get("content") or ""]
    for e in body.get("embeds") or []:
        words += [e.get("title") or "", e.get("description") or ""]
    return "\n".join(words)


async def times_to_act(h: Harness) -> list[int]:
    """For each seat, how many times the game waited for it: the runs of consecutive
    states, from the deal through every logged move, in which the seat is to act."""
    table = await table_of(h)
    game = engine.get_game(table.game_id)
    state = game.setup(len(table.seats), table.options, table.seed)
    runs = [0] * len(table.seats)
    was: frozenset[int] = frozenset()
    for entry in [None, *await h.bot.store.history(table.key, limit=1_000_000)]:
        if entry is not None:
            game.apply(state, entry.seat, entry.action)
        now = frozenset() if game.result(state) is not None else game.to_act(state)
        for s in now - was:
            runs[s] += 1
        was = now
    return runs
