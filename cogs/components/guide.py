"""The page buttons of a game's guide (``cogs/look/guide.py``): a click shows that page in
the same private message. The custom id (``custom_ids.GUIDE``) carries the game, the page and
the table's options, so the click needs no database and works after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import Button, DynamicItem

from cogs.look import custom_ids, texts
from cogs.look.guide import decode_options, guide_message


class GuideButton(DynamicItem[Button], template=custom_ids.GUIDE):
    """A page of a guide: the click shows that page in the same private message."""

    def __init__(self, game_id: str, page: str, options: str, text: str = "Page",
                 current: bool = False) -> None:
        super().__init__(custom_ids.guide_button(game_id, page, options, text, current))
        self.game_id, self.page, self.options = game_id, page, options

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> GuideButton:
        return cls(match["game"], match["page"], match["options"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            message = guide_message(self.game_id, decode_options(self.game_id, self.options),
                                    self.page)
        except ValueError:  # a game no longer offered: nothing to show but the reason
            await interaction.response.send_message(texts.GUIDE_GONE, ephemeral=True)
            return
        await interaction.response.edit_message(**message)
