"""The bot object: the store and table service it talks to, its cogs, persistent buttons,
the error handler of its command tree, and the command sync at start-up.

``create_bot(config)`` builds it; ``login`` (inside ``bot.run``/``bot.start``) opens the
database and registers everything in ``setup_hook``, so a restarted bot answers clicks on
buttons it posted before the restart: the buttons are ``DynamicItem`` templates whose
custom ids carry the table key, re-registered on every start.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs.config import Config
from cogs.errors import answer_error
from data.store import Store
from data.tables import TableService

log = logging.getLogger("parley.cogs")


class ParleyTree(app_commands.CommandTree):
    """Answers every failed command politely and ephemerally (never a traceback)."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await answer_error(interaction, error)


class ParleyBot(commands.Bot):
    """A discord.py bot with Parley's store (``store``) and table service (``svc``)."""

    store: Store
    svc: TableService

    def __init__(self, config: Config) -> None:
        intents = discord.Intents.default()
        intents.message_content = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=ParleyTree,
            # Player names come from Discord and could read "@everyone": only users ping.
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.config = config
        # Serialises the after-move work (AI moves, board posts) of one table at a time;
        # holds no game state, so a restart loses nothing.
        self._table_locks: dict[int, asyncio.Lock] = {}

    def table_lock(self, key: int) -> asyncio.Lock:
        lock = self._table_locks.get(key)
        if lock is None:
            lock = self._table_locks[key] = asyncio.Lock()
        return lock

    async def setup_hook(self) -> None:
        from cogs.adapters import game_cog_classes
        from cogs.game import GameCog
        from cogs.notify import ClockCog
        from cogs.views import DYNAMIC_ITEMS

        self.store = await Store.open(self.config.db_path)
        self.svc = TableService(self.store)
        await self.add_cog(GameCog(self))
        for cog_class in game_cog_classes():
            await self.add_cog(cog_class(self))
        await self.add_cog(ClockCog(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Dev server: copy the commands there and sync (instant). Else a global sync.

        A refused sync does not stop the bot (the commands synced before keep working); the
        log says what to fix.
        """
        try:
            if self.config.dev_guild is not None:
                guild = discord.Object(id=self.config.dev_guild)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        except discord.Forbidden:
            log.error(
                "Discord refused to register the slash commands%s. Invite the bot with the "
                "'applications.commands' scope (see `python bot.py` without a token).",
                "" if self.config.dev_guild is None else f" in server {self.config.dev_guild}",
            )

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            store = self.__dict__.pop("store", None)
            if store is not None:
                await store.close()


def create_bot(config: Config) -> ParleyBot:
    """The bot, ready for ``bot.run(config.token)`` (or ``login`` + ``connect``)."""
    return ParleyBot(config)
