"""A bot started with --shard-count/--shards runs those shards and its clock only their
tables (issue 16, "Sharded processes"): the same cogs and buttons, offline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

from cogs.base.config import Config
from data.tables import Shards
from tests.cogs.flows import open_table, table_of
from tests.cogs.harness import GUILD_ID, ErrorLogCatcher, Harness


class ShardedHarness(Harness):
    """The offline server, with the bot started as shards 0 and 1 of 4."""

    def config(self) -> Config:
        base = super().config()
        return Config(token=None, db_path=base.db_path, dev_guild=base.dev_guild,
                      seed=base.seed, shard_count=4, shard_ids=[0, 1])


@pytest.fixture
async def sharded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                  error_logs: ErrorLogCatcher) -> Any:
    harness = ShardedHarness(tmp_path / "parley.db", monkeypatch)
    await harness.start()
    yield harness
    await harness.stop()


async def test_a_bot_given_shards_runs_them_and_its_clock_walks_only_their_tables(
    sharded: Harness,
) -> None:
    bot = sharded.bot
    assert isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [0, 1])
    assert bot.svc.shards == Shards(4, frozenset({0, 1}))
    # the test server's guild is on shard (id >> 22) % 4: whether this process owns it
    assert bot.svc.shards.owns(str(GUILD_ID)) == ((GUILD_ID >> 22) % 4 in (0, 1))


async def test_a_sharded_bot_plays_like_the_single_one(sharded: Harness) -> None:
    alice, bob = sharded.user("alice"), sharded.user("bob")
    await open_table(sharded, alice, bob)
    assert (await table_of(sharded)).status == "playing"
