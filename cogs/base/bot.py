"""The bot type every feature annotates with: Parley's store and table service, the lock
per table, and what the channel said last.

A leaf: the features import it (``ParleyBot``), and it imports none of them. The bot that is
started (``cogs/bot.py``, ``create_bot``) is a subclass that installs the features in its
``setup_hook``; nothing imports that file but the entry point.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.config import Config
from data.store import Store
from data.tables import TableService


class TableLocks:
    """One ``asyncio.Lock`` per table, kept only while someone holds it or waits for it.

    ``async with locks(key):`` serialises the work of one table: everyone using the same
    key at the same time shares one lock, and the last one out drops it. A bot that has
    served thousands of tables holds locks only for the tables being worked on now (one
    lock per table ever seen, kept for ever, was a slow leak: the reliability issue's item
    on memory).
    """

    def __init__(self) -> None:
        # table key -> [the lock, how many hold it or wait for it]
        self._held: dict[int, list] = {}

    def __len__(self) -> int:
        """The tables whose lock someone holds or waits for now."""
        return len(self._held)

    @asynccontextmanager
    async def __call__(self, key: int) -> AsyncIterator[None]:
        entry = self._held.get(key)
        if entry is None:
            entry = self._held[key] = [asyncio.Lock(), 0]
        entry[1] += 1
        try:
            async with entry[0]:
                yield
        finally:  # also when cancelled while waiting: the count must come down
            entry[1] -= 1
            if entry[1] == 0:
                del self._held[key]


class ParleyBot(commands.Bot):
    """A discord.py bot with Parley's store (``store``) and table service (``svc``).

    ``tree_cls`` is the command tree: the installed bot passes the one whose error handler
    answers every failure politely (``cogs/bot.py``)."""

    store: Store
    svc: TableService

    def __init__(self, config: Config,
                 tree_cls: type[app_commands.CommandTree[Any]] = app_commands.CommandTree,
                 **shards: object) -> None:
        intents = discord.Intents.default()
        intents.message_content = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=tree_cls,
            # Player names come from Discord and could read "@everyone": only users ping.
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **shards,
        )
        self.config = config
        # Serialises the after-move work (AI moves, board posts) of one table at a time;
        # holds no game state, so a restart loses nothing.
        self._table_locks = TableLocks()
        #: channel id -> the newest message someone else wrote there (not game state: it
        #: only decides whether the next board is posted below rather than edited)
        self._last_said: dict[int, int] = {}

    def moved_on(self, channel_id: int, message_id: int) -> bool:
        """Whether someone wrote in the channel after its message ``message_id`` (the
        turn message): the board then goes below as a new post (issue 22). Known from the
        messages seen since the bot started; after a restart, not until someone writes."""
        return self._last_said.get(channel_id, 0) > message_id

    async def on_message(self, message: discord.Message) -> None:
        if self.user is not None and message.author.id != self.user.id:
            self._last_said[message.channel.id] = message.id
        await super().on_message(message)

    def table_lock(self, key: int) -> AbstractAsyncContextManager[None]:
        """``async with bot.table_lock(key):`` runs the block alone for that table (see
        ``TableLocks``)."""
        return self._table_locks(key)

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            store = self.__dict__.pop("store", None)
            if store is not None:
                await store.close()
