"""**Forget me** under ``/stats forget-me``'s answer (issue 15): its custom id
(``custom_ids.FORGET``) names the person it is for, so it works after a restart, and anyone
else's click is refused."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import Button, DynamicItem

from cogs.look import custom_ids, texts
from cogs.look.errors import guarded
from cogs.look.seats import bot_of
from data.store import FORGOTTEN_NAME
from engine.core import IllegalAction


class ForgetButton(DynamicItem[Button], template=custom_ids.FORGET):
    """**Forget me** under ``/stats forget-me``'s answer: forgets the person whose id it
    carries, and only when that person clicks."""

    def __init__(self, user: int) -> None:
        super().__init__(custom_ids.forget_button(user))
        self.user = user

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> ForgetButton:
        return cls(int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._forget(interaction))

    async def _forget(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.user:
            raise IllegalAction(texts.FORGET_NOT_YOURS)
        gone = await bot_of(interaction).store.forget_player(str(self.user), FORGOTTEN_NAME)
        text = texts.FORGET_DONE.format(ratings=texts.plural(gone.ratings, texts.FORGET_RATINGS),
                                        tables=texts.plural(gone.tables, texts.FORGET_TABLES))
        if gone.live_tables:
            text += texts.FORGET_LIVE.format(live=texts.plural(gone.live_tables, texts.FORGET_LIVE_TABLES),
                                             which=texts.FORGET_ITS_GAME if gone.live_tables == 1
                                             else texts.FORGET_EACH_GAME)
        await interaction.response.edit_message(content=text, view=None)
