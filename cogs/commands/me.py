"""``/me``: one person across every table (issue 24): ``games`` (every table they sit at,
in every server, privately; ``cogs/look/my_games.py``).

Thin on purpose, like ``/stats``: each command reads the store or makes one change and
answers privately. ``/me`` is not tied to a server: it answers in a server and in the
bot's DMs alike, since a person's games span servers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.look.my_games import open_my_games

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot


class MeCog(commands.GroupCog, group_name="me",
            group_description="Your own games and settings, across every server"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="games",
                          description="Every table you sit at, in every server: those waiting "
                                      "for you first")
    async def games(self, interaction: discord.Interaction) -> None:
        await open_my_games(interaction)
