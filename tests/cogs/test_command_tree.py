"""The command tree the bot uploads at start-up breaks none of Discord's limits.

Discord refuses a command sync that breaks one limit whole (400, 50035), so no command
registers and the bot answers nothing (../shared/discord-testing.md, "Discord's limits").
The bot is started as in production (``create_bot``, then ``login``, which runs
``setup_hook``: the cogs are added and ``sync_commands`` calls discord.py's
``CommandTree.sync``, translator included); only ``HTTPClient.request`` is replaced, by a
stand-in that answers the login and keeps the JSON array of the ``PUT`` exactly as
discord.py hands it to the network.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from cogs.base.config import Config
from cogs.bot import create_bot
from tests.cogs.discord_limits import COMMAND_SIZE, Violation, check_commands, command_size

#: the command tree as uploaded before cogs/ was sorted into folders (issue 23): the
#: commands, their options, descriptions and order must stay exactly these
GOLDEN = Path(__file__).parent / "golden" / "commands.json"
GUILD_ID = 700000000000000001
APP_ID = 700000000000000100
BOT_ID = 700000000000000101
SYNC_ROUTES = {
    "/applications/{application_id}/commands",
    "/applications/{application_id}/guilds/{guild_id}/commands",
}


class Uploads:
    """Discord's REST side for a login and a command sync: what was uploaded, and where."""

    def __init__(self) -> None:
        self.syncs: list[tuple[str, list[dict[str, Any]]]] = []

    async def request(self, route: discord.http.Route, **kw: Any) -> Any:
        key = (route.method, route.path)
        if key == ("GET", "/users/@me"):
            return {"id": str(BOT_ID), "username": "Parley", "discriminator": "0",
                    "avatar": None, "bot": True}
        if key == ("GET", "/oauth2/applications/@me"):
            return {
                "id": str(APP_ID), "name": "Parley", "icon": None, "description": "",
                "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
                "owner": {"id": "1", "username": "owner", "discriminator": "0",
                          "avatar": None},
                "summary": "", "verify_key": "0" * 64, "flags": 0,
            }
        if route.method == "PUT" and route.path in SYNC_ROUTES:
            self.syncs.append((route.path, kw["json"]))
            return []
        raise AssertionError(f"unexpected call at start-up: {route.method} {route.path}")


async def _offline(*args: Any, **kw: Any) -> Any:
    raise AssertionError("the command tree test tried to reach the network")


async def uploaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                   dev_guild: int | None) -> AsyncIterator[list[dict[str, Any]]]:
    """Start the bot offline and yield the one command array its start-up uploaded."""
    monkeypatch.setattr(aiohttp.ClientSession, "_request", _offline)
    monkeypatch.setattr(aiohttp.ClientSession, "ws_connect", _offline)
    bot = create_bot(Config(token=None, db_path=str(tmp_path / "parley.db"),
                            dev_guild=dev_guild, seed="tree"))
    uploads = Uploads()
    monkeypatch.setattr(bot.http, "request", uploads.request)
    try:
        await bot.login("offline")
        assert len(uploads.syncs) == 1, uploads.syncs
        path, payload = uploads.syncs[0]
        assert ("guilds" in path) == (dev_guild is not None)
        yield payload
    finally:
        await bot.close()


@pytest.fixture(params=[GUILD_ID, None], ids=["dev-server", "global"])
async def payload(request: pytest.FixtureRequest, tmp_path: Path,
                  monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[list[dict[str, Any]]]:
    """The JSON array the bot's start-up sync sends: to the dev server, and globally."""
    async for body in uploaded(tmp_path, monkeypatch, request.param):
        yield body


def where(payload: list[dict[str, Any]], path: str) -> str:
    """A violation's path in words: the slash command it belongs to and the field's value,
    e.g. ``/game new: description (104 characters) 'Open a game ...'``."""
    node: Any = payload
    names: list[str] = []
    parts = path.split(".") if path else []
    for part in parts:
        node = node[int(part)] if isinstance(node, list) else node.get(part)
        if isinstance(node, dict) and "name" in node and node.get("type", 1) in (1, 2) \
                and "description" in node:
            names.append(node["name"])
    command = "/" + " ".join(names) if names else "the command array"
    if isinstance(node, str):
        return f"{command}: {parts[-1]} ({len(node)} characters) {node!r}"
    return f"{command}: {parts[-1] if parts else 'all commands'}"


def explain(payload: list[dict[str, Any]], violations: list[Violation]) -> str:
    return "Discord would refuse the command sync:\n" + "\n".join(
        f"  {v}\n    {where(payload, v.path)}" for v in violations)


async def test_the_uploaded_command_tree_breaks_none_of_discords_limits(
        payload: list[dict[str, Any]]) -> None:
    assert {"game", "stats", "admin"} <= {c["name"] for c in payload}
    violations = check_commands(payload)
    assert violations == [], explain(payload, violations)


async def test_every_command_stays_within_discords_8000_characters(
        payload: list[dict[str, Any]]) -> None:
    sizes = {c["name"]: command_size(c) for c in payload}
    table = "\n".join(f"  /{name}: {size} of {COMMAND_SIZE}"
                      for name, size in sorted(sizes.items(), key=lambda kv: -kv[1]))
    assert max(sizes.values()) <= COMMAND_SIZE, f"a command is too large:\n{table}"


async def test_the_uploaded_command_tree_is_the_golden_one(
        payload: list[dict[str, Any]]) -> None:
    """Names, descriptions, options, choices and their order, byte for byte: the slash
    commands people know stay as they were (tests/cogs/golden/commands.json)."""
    golden = json.loads(GOLDEN.read_text())
    assert [c["name"] for c in payload] == [c["name"] for c in golden]
    for command, expected in zip(payload, golden, strict=True):
        assert json.loads(json.dumps(command)) == expected, command["name"]
