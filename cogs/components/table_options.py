"""The lobby's **Table options** button (issue 24): the table's yes/no options shown
privately, with one menu of several picks for the host or a channel manager: taking back
one's own move without a vote, and away mode (a tournament table refuses it).

Why here: the **Turn clock** message already holds Discord's five rows of menus (four of
the clock and the time bank's), so the yes/no options get a button of their own beside it
on the lobby, where the host already clicks, and one menu for all of them: a pick is the
set of options on, so one more yes/no option later costs an entry, not a row. A pick
changes the table at once through ``act.change_settings``, the action of ``/game
settings``, so the channel is told what changed and by whom, and the lobby message shows
it; the private message is drawn again with the new values.

Anyone may look; the others are told who may change them, and the service refuses their
pick anyway (politely, privately, changing nothing). The ids (``custom_ids.TABLE_OPTIONS``
and ``TABLE_OPTION_SET``) hold the table's key and nothing else a click needs, so both
answer after a restart.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import Button, DynamicItem, Select

from cogs.components.clock_panel import may_change
from cogs.look import clock_texts, custom_ids, texts
from cogs.look.custom_ids import OPTION_NAMES
from cogs.look.errors import guarded
from cogs.look.seats import at_table, bot_of
from cogs.table import act
from engine.core import IllegalAction
from engine.table import LOBBY, PLAYING, Table


def _on(table: Table) -> dict[str, bool]:
    """Each option of the menu, on or off at the table now."""
    s = table.settings
    return {"take_back": s.take_back, "away": s.away_allowed}


def _menu(table: Table) -> Select:
    assert table.key is not None
    on = _on(table)
    options = [discord.SelectOption(label=clock_texts.OPTION_WORDS[name][0], value=name,
                                    description=clock_texts.OPTION_WORDS[name][1],
                                    default=on[name]) for name in OPTION_NAMES]
    return Select(custom_id=custom_ids.optionset_id(table.key), options=options,
                  min_values=0, max_values=len(options),
                  placeholder=clock_texts.OPTIONS_PLACEHOLDER)


def options_message(table: Table, editable: bool) -> dict[str, Any]:
    """The private message: the options in words, and the menu when ``editable``."""
    lines = [clock_texts.OPTIONS_HEAD, clock_texts.options(table.settings),
             clock_texts.OPTIONS_HOW if editable else clock_texts.OPTIONS_READ_ONLY]
    return {"content": "\n".join(lines),
            "view": custom_ids.sent(_menu(table)) if editable else None}


async def _table(interaction: discord.Interaction, key: int) -> Table:
    table = await bot_of(interaction).store.get(key)
    if table is None or table.status not in (LOBBY, PLAYING):
        raise IllegalAction(texts.TABLE_CLOSED)
    at_table(interaction, table)
    return table


class TableOptionsButton(DynamicItem[Button], template=custom_ids.TABLE_OPTIONS):
    """**Table options** on the lobby: the options, privately (with the menu for those
    who may change them)."""

    def __init__(self, key: int) -> None:
        super().__init__(custom_ids.options_button(key))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> TableOptionsButton:
        return cls(int(match["key"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._show(interaction))

    async def _show(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await _table(interaction, self.key)
        await interaction.edit_original_response(
            **options_message(table, may_change(interaction, table)))


class TableOptionsSelect(DynamicItem[Select], template=custom_ids.TABLE_OPTION_SET):
    """The menu of the private options message: the options picked are on, the others
    off; only what differs from the table is changed."""

    def __init__(self, key: int, options: list[discord.SelectOption], most: int) -> None:
        super().__init__(Select(custom_id=custom_ids.optionset_id(key), options=options,
                                min_values=0, max_values=most))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> TableOptionsSelect:
        options = list(item.options)
        return cls(int(match["key"]), options, max(1, min(item.max_values, len(options))))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._change(interaction))

    async def _change(self, interaction: discord.Interaction) -> None:
        picked = {str(v) for v in self.item.values}
        if not picked <= set(OPTION_NAMES):
            raise IllegalAction(clock_texts.OPTIONS_UNKNOWN)
        # acknowledged at once: the change may wait for the database's lock
        await interaction.response.defer()
        table = await _table(interaction, self.key)
        now = _on(table)
        want = {name: name in picked for name in OPTION_NAMES}
        if want != now:
            table = await act.change_settings(
                interaction, table, None, None, None, None,
                take_back=want["take_back"] if want["take_back"] != now["take_back"] else None,
                away_allowed=want["away"] if want["away"] != now["away"] else None,
                reply=False)
        await interaction.edit_original_response(**options_message(table, True))
