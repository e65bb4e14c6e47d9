"""The bot's lock per table (``ParleyBot.table_lock``): the after-move work of one table runs
one at a time, and a table's lock lives only while someone holds it or waits for it (a lock
kept for every table ever seen was a slow leak: the reliability issue, item 8)."""

from __future__ import annotations

import asyncio

from cogs.base.bot import ParleyBot
from cogs.base.config import Config
from tests.cogs.flows import open_table
from tests.cogs.harness import CHANNEL_ID, OTHER_CHANNEL_ID, Harness


def offline_bot() -> ParleyBot:
    return ParleyBot(Config(token=None, db_path=":memory:"))


async def test_two_at_one_table_take_turns() -> None:
    bot = offline_bot()
    said: list[str] = []

    async def work(name: str) -> None:
        async with bot.table_lock(7):
            said.append(f"{name} in")
            for _ in range(3):  # let the other task run, were the lock not shared
                await asyncio.sleep(0)
            said.append(f"{name} out")

    await asyncio.gather(work("a"), work("b"))
    assert said == ["a in", "a out", "b in", "b out"]


async def test_another_table_does_not_wait() -> None:
    bot = offline_bot()
    async with bot.table_lock(1):
        async with asyncio.timeout(1):
            async with bot.table_lock(2):
                assert len(bot._table_locks) == 2


async def test_the_lock_is_kept_while_someone_waits_and_dropped_after_the_last() -> None:
    bot = offline_bot()
    entered = asyncio.Event()

    async def waiter() -> None:
        async with bot.table_lock(7):
            entered.set()

    async with bot.table_lock(7):
        task = asyncio.create_task(waiter())
        await asyncio.sleep(0)  # the waiter now waits for the lock we hold
        assert len(bot._table_locks) == 1
        assert not entered.is_set()
    await task
    assert entered.is_set()
    assert len(bot._table_locks) == 0


async def test_a_waiter_cancelled_while_waiting_leaves_no_lock_behind() -> None:
    bot = offline_bot()

    async def waiter() -> None:
        async with bot.table_lock(7):
            raise AssertionError("never entered: the lock is held until it is cancelled")

    async with bot.table_lock(7):
        task = asyncio.create_task(waiter())
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert len(bot._table_locks) == 0
    async with bot.table_lock(7):  # and the table can be locked again
        pass


async def test_after_500_tables_no_lock_is_left() -> None:
    bot = offline_bot()
    for key in range(500):
        async with bot.table_lock(key):
            pass
    assert len(bot._table_locks) == 0


async def test_after_games_start_in_two_channels_the_bot_holds_no_lock(h: Harness) -> None:
    # Starting a table with AI seats runs the after-move work (AI moves, the board post)
    # under the table's lock.
    for channel in (CHANNEL_ID, OTHER_CHANNEL_ID):
        await open_table(h, h.user(f"host {channel}"), bots=2, channel=channel)
    assert len(h.bot._table_locks) == 0
