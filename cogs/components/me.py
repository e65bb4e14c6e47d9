"""The buttons of ``/me games`` (issue 24), after a restart too: **My games** on a hand DM,
and the pages of the list. Each is a ``DynamicItem`` of a template of
``cogs/look/custom_ids.py``, registered on every start; both show the clicker's own list
(``cogs/look/my_games.py``), so a click can show nobody else's."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import Button, DynamicItem

from cogs.look import custom_ids, me_texts
from cogs.look.errors import guarded
from cogs.look.my_games import open_my_games, turn_my_games_page


class MyGamesButton(DynamicItem[Button], template=custom_ids.MY_GAMES):
    """**My games** on the hand DM of a table: the clicker's ``/me games``, privately."""

    def __init__(self, key: int) -> None:
        super().__init__(custom_ids.my_games_button(key))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> MyGamesButton:
        return cls(int(match["key"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, open_my_games(interaction))


class MyGamesPageButton(DynamicItem[Button], template=custom_ids.ME_PAGE):
    """First, back, next or last: the clicker's ``/me games`` at the page the id names."""

    def __init__(self, page: int, tag: str) -> None:
        super().__init__(custom_ids.me_page_button(page, tag, me_texts.PAGE_NEXT, "▶"))
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> MyGamesPageButton:
        return cls(int(match["page"]), match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, turn_my_games_page(interaction, self.page))


ME_ITEMS = (MyGamesButton, MyGamesPageButton)
