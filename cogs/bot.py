"""The file that installs the features: the bot that is started, with its cogs, its
persistent buttons, the error handler of its command tree, and the command sync at start-up.

``create_bot(config)`` builds it; ``login`` (inside ``bot.run``/``bot.start``) opens the
database and installs everything in ``setup_hook``, so a restarted bot answers clicks on
buttons it posted before the restart: the buttons are ``DynamicItem`` templates whose
custom ids carry the table key, re-registered on every start.

This module is the top of ``cogs/`` and nothing in ``cogs/`` imports it: the features
annotate with the bot type of the leaf ``cogs/base/bot.py``. The folders below it, each
importing only the folders under it (``tests/cogs/test_imports.py`` keeps it so):

- ``commands/`` every slash command (``/game``, ``/stats``, ``/admin``, ``/me``) and the verbs every
  game shares (``/<game> move``, built once from each game's plug-in); ``components/``
  every button and menu that answers a click; ``games/`` one plug-in per game, its adapter
  and its own verbs (``games/plugins.py``: the one list of the games);
- ``table/`` the one move path: the table actions, the AI playing on, the publisher, the
  take-back, the turn clock and the delivery worker;
- ``look/`` the leaves: every sentence, every custom id, the messages and panels, errors;
- ``base/`` the configuration and the bot type.
"""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base.bot import ParleyBot
from cogs.base.config import Config
from cogs.commands.admin import AdminCog
from cogs.commands.game import GameCog
from cogs.commands.me import MeCog
from cogs.commands.moves import SHARED_VERBS
from cogs.commands.stats import StatsCog
from cogs.components.clock_panel import ClockBankSelect, ClockSelect
from cogs.components.forget import ForgetButton
from cogs.components.guide import GuideButton
from cogs.components.log import LOG_ITEMS
from cogs.components.me import ME_ITEMS
from cogs.components.table import TABLE_ITEMS
from cogs.components.table_options import TableOptionsButton, TableOptionsSelect
from cogs.games.plugins import PLUGINS
from cogs.look import adapters
from cogs.look.errors import answer_error
from cogs.table.clock import ClockCog
from data.store import Store
from data.tables import Shards, TableService

log = logging.getLogger("parley.cogs")

#: every component that answers a click, registered on every start
DYNAMIC_ITEMS = (*TABLE_ITEMS, ClockSelect, ClockBankSelect, TableOptionsButton,
                 TableOptionsSelect, GuideButton, *LOG_ITEMS, ForgetButton, *ME_ITEMS)


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


class InstalledBot(ParleyBot):
    """The bot that is started: ``ParleyBot`` with every feature installed in
    ``setup_hook``, and a command tree that answers every failure politely."""

    def __init__(self, config: Config, **shards: object) -> None:
        super().__init__(config, tree_cls=ParleyTree, **shards)

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.config.db_path)
        c = self.config
        shards = None if c.shard_count is None or c.shard_ids is None else \
            Shards(c.shard_count, frozenset(c.shard_ids))
        self.svc = TableService(self.store, shards=shards, deliveries=True)
        await self.add_cog(GameCog(self))
        for plugin in PLUGINS:
            adapters.register(plugin)
            cog = plugin.verbs(self)
            for verb in SHARED_VERBS:  # after the game's own verbs
                cog.app_command.add_command(verb(plugin))
            await self.add_cog(cog)
        await self.add_cog(ClockCog(self))
        await self.add_cog(StatsCog(self))
        await self.add_cog(MeCog(self))
        await self.add_cog(AdminCog(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
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


class ShardedParleyBot(InstalledBot, commands.AutoShardedBot):
    """The bot running the shards ``config.shard_ids`` of ``config.shard_count`` in one
    process (discord.py's AutoShardedBot): the same cogs, store and service; the service's
    turn clock walks only the tables of guilds on those shards (issue 16)."""

    def __init__(self, config: Config) -> None:
        super().__init__(config, shard_count=config.shard_count, shard_ids=config.shard_ids)


def create_bot(config: Config) -> InstalledBot:
    """The bot, ready for ``bot.run(config.token)`` (or ``login`` + ``connect``): sharded
    when the config names a shard count."""
    if config.shard_count is not None:
        return ShardedParleyBot(config)
    return InstalledBot(config)
