"""The bot object: the store and table service it talks to, its cogs, persistent buttons,
the error handler of its command tree, and the command sync at start-up.

``create_bot(config)`` builds it; ``login`` (inside ``bot.run``/``bot.start``) opens the
database and registers everything in ``setup_hook``, so a restarted bot answers clicks on
buttons it posted before the restart: the buttons are ``DynamicItem`` templates whose
custom ids carry the table key, re-registered on every start.

This module is the top of ``cogs/``: it imports the cogs, and no cog imports it but for
type hints. Below it, commands (``game``, the games' modules) and components (``views``)
call the table actions (``table_actions``), which call the table service and the publisher
(``publish``), which builds its messages from ``messages``, ``panel`` and the leaves
(``texts``, ``components``, ``adapters``, ``actions``); ``tests/cogs/test_imports.py`` keeps
it so.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import discord
from discord import app_commands
from discord.ext import commands

from cogs import adapters, all_hands, neuroshima, pirate_tricks, seafarers, sewer_pirats
from cogs.admin import AdminCog
from cogs.clock import ClockCog
from cogs.config import Config
from cogs.errors import answer_error
from cogs.game import GameCog
from cogs.guide import GuideButton
from cogs.replay_views import REPLAY_ITEMS
from cogs.stats import StatsCog
from cogs.views import DYNAMIC_ITEMS
from data.store import Store
from data.tables import Shards, TableService

log = logging.getLogger("parley.cogs")

#: every game's Discord module: its ``GAME_ID``, its look (``ADAPTER``) and its move
#: commands (``COG``)
GAME_MODULES = (all_hands, neuroshima, pirate_tricks, seafarers, sewer_pirats)


#: a field of Discord's 50035 error, as discord.py flattens it: "In 3.options.0.name: ..."
_REFUSED_FIELD = re.compile(r"In (\S+): (.+)")


def refused_sync(error: discord.HTTPException, uploaded: list[dict], where: str = "") -> str:
    """One sentence for the log when Discord refuses the command sync: which command and
    which of its fields, Discord's reason, and what to change. ``uploaded`` is the command
    list as sent (Discord's field paths index it)."""
    found = _REFUSED_FIELD.search(error.text or "")
    if found is None:
        return (f"Discord refused the slash commands{where} ({error.status}, code {error.code}: "
                f"{error.text}); the commands registered before keep working.")
    path, reason = found.group(1), found.group(2).strip()
    parts = path.split(".")
    names: list[str] = []
    node: object = uploaded
    field = parts[-1]
    for part in parts:
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
            if isinstance(node, dict) and "name" in node and "description" in node:
                names.append(str(node["name"]))
        elif isinstance(node, dict):
            node = node.get(part)
    command = "/" + " ".join(names) if names else "a command"
    return (f"Discord refused the slash commands{where}: the {field} of {command} ({path}): "
            f"{reason} Change it in the code and restart; until then the commands "
            "registered before keep working.")


class ParleyTree(app_commands.CommandTree):
    """Answers every failed command politely and ephemerally (never a traceback)."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await answer_error(interaction, error)


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
    """A discord.py bot with Parley's store (``store``) and table service (``svc``)."""

    store: Store
    svc: TableService

    def __init__(self, config: Config, **shards: object) -> None:
        intents = discord.Intents.default()
        intents.message_content = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=ParleyTree,
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

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.config.db_path)
        c = self.config
        shards = None if c.shard_count is None or c.shard_ids is None else \
            Shards(c.shard_count, frozenset(c.shard_ids))
        self.svc = TableService(self.store, shards=shards, deliveries=True)
        await self.add_cog(GameCog(self))
        for module in GAME_MODULES:
            adapters.register(module.GAME_ID, module.ADAPTER, module.COG.__cog_group_name__)
            await self.add_cog(module.COG(self))
        await self.add_cog(ClockCog(self))
        await self.add_cog(StatsCog(self))
        await self.add_cog(AdminCog(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS, GuideButton, *REPLAY_ITEMS)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Dev server: copy the commands there and sync (instant). Else a global sync.

        A refused sync does not stop the bot: Discord refuses a sync whole, so the commands
        it had before keep working, and so do every table's buttons and menus. The log says
        in one line which command and which field Discord refused and what to change
        (``refused_sync``), with no traceback.
        """
        guild = None if self.config.dev_guild is None else discord.Object(id=self.config.dev_guild)
        where = "" if guild is None else f" in server {self.config.dev_guild}"
        try:
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        except discord.Forbidden:
            log.error(
                "Discord refused to register the slash commands%s. Invite the bot with the "
                "'applications.commands' scope (see `python bot.py` without a token).", where)
        except discord.HTTPException as error:
            uploaded = [c.to_dict(self.tree) for c in self.tree._get_all_commands(guild=guild)]
            log.error("%s", refused_sync(error, uploaded, where))

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            store = self.__dict__.pop("store", None)
            if store is not None:
                await store.close()


class ShardedParleyBot(ParleyBot, commands.AutoShardedBot):
    """The bot running the shards ``config.shard_ids`` of ``config.shard_count`` in one
    process (discord.py's AutoShardedBot): the same cogs, store and service; the service's
    turn clock walks only the tables of guilds on those shards (issue 16)."""

    def __init__(self, config: Config) -> None:
        super().__init__(config, shard_count=config.shard_count, shard_ids=config.shard_ids)


def create_bot(config: Config) -> ParleyBot:
    """The bot, ready for ``bot.run(config.token)`` (or ``login`` + ``connect``): sharded
    when the config names a shard count."""
    if config.shard_count is not None:
        return ShardedParleyBot(config)
    return ParleyBot(config)
