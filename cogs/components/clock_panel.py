"""The lobby's **Turn clock** button: the table's clock shown privately, with a menu for each
setting (issue 14: "the host sees the clock settings in the lobby and can change them there").

The button answers anyone with the clock as it stands. The host or a channel manager gets
four menus under it (when to remind, the time limit per turn, what a time-out does, and
after how long a player's only legal move is played for them: issue 22); a pick
changes the clock at once through ``act.change_settings``, the same action as
``/game settings``, so the channel is told what changed and by whom, and the lobby message
and this private message show the new values. Anyone else reads the clock and is told who
may change it; the service refuses their pick anyway.

A menu's custom id (``custom_ids.CLOCKSET``) names the table and the setting: the click
needs nothing else, so the menus answer after a restart too (the template is registered
with the other persistent components in ``cogs/bot.py``).

A fifth menu (issue 24, ``custom_ids.CLOCKBANK``) picks the time bank and its increment
together, one option a pair: Discord allows five rows, so the two numbers share one menu;
``/game settings`` takes any pair. The rows being full, the table's yes/no options (taking
back without a vote, away mode) have a lobby button and a menu of their own
(cogs/components/table_options.py).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import DynamicItem, Select

from cogs.look import clock_texts, custom_ids, texts
from cogs.look.errors import guarded
from cogs.look.seats import at_table, bot_of
from cogs.table import act
from engine.core import IllegalAction
from engine.table import LOBBY, PLAYING, Table
from engine.turn_clock import TIMEOUT_OUTCOMES

#: the values each menu offers, in minutes (0: off): the usual ones for a game played over
#: hours or days; ``/game settings`` takes any number of minutes
REMIND_CHOICES = (60, 3 * 60, 6 * 60, 12 * 60, 24 * 60, 48 * 60, 0)
LIMIT_CHOICES = (6 * 60, 12 * 60, 24 * 60, 48 * 60, 72 * 60, 7 * 24 * 60, 0)
#: the grace before a player's only move is played for them (off by default: how soon it
#: is played could tell the others something)
FORCED_CHOICES = (5, 30, 2 * 60, 12 * 60, 0)
#: the time banks the menu offers, each with its increment, in minutes (0: the flat limit)
BANK_CHOICES = ((24 * 60, 6 * 60), (2 * 24 * 60, 12 * 60), (3 * 24 * 60, 24 * 60),
                (7 * 24 * 60, 24 * 60), (0, 0))
#: which setting each menu changes (``custom_ids.CLOCK_FIELDS``), as ``change_settings``
#: names it
_MINUTES_FIELDS = {"remind": "remind_minutes", "limit": "limit_minutes",
                   "forced": "forced_minutes"}


def _minutes_options(choices: tuple[int, ...], now: int, off: str,
                     phrase: str) -> list[discord.SelectOption]:
    """The options of a menu of minutes (``choices`` end with 0, off); a value set by command
    that the menu does not offer is put in its place among them, chosen."""
    values = list(choices) if now in choices else sorted([*choices[:-1], now]) + [0]
    return [discord.SelectOption(label=(phrase.format(texts.minutes(m)) if m else off),
                                 value=str(m), default=m == now) for m in values]


def _menus(table: Table) -> list[Select]:
    assert table.key is not None
    s = table.settings
    remind = Select(custom_id=custom_ids.clockset_id(table.key, "remind"), options=_minutes_options(
        REMIND_CHOICES, s.remind_minutes, texts.CLOCK_NO_REMINDERS, texts.CLOCK_REMIND_AFTER))
    limit = Select(custom_id=custom_ids.clockset_id(table.key, "limit"), options=_minutes_options(
        LIMIT_CHOICES, s.limit_minutes, texts.CLOCK_NO_LIMIT, texts.CLOCK_LIMIT))
    timeout = Select(custom_id=custom_ids.clockset_id(table.key, "timeout"), options=[
        discord.SelectOption(label=texts.CLOCK_ON_TIMEOUT.format(outcome=texts.TIMEOUT_NAMES[o]), value=o,
                             default=o == s.on_timeout)
        for o in TIMEOUT_OUTCOMES])
    forced = Select(custom_id=custom_ids.clockset_id(table.key, "forced"), options=_minutes_options(
        FORCED_CHOICES, s.forced_minutes, texts.FORCED_CHOICE_OFF, texts.FORCED_CHOICE))
    return [remind, limit, timeout, forced, _bank_menu(table.key, s.bank_minutes,
                                                      s.increment_minutes)]


def _bank_menu(key: int, bank: int, increment: int) -> Select:
    """The time bank's menu: a pair set by command that it does not offer is added, chosen;
    "no time bank" is chosen whatever increment a table without a bank keeps."""
    pairs = list(BANK_CHOICES[:-1])
    if bank and (bank, increment) not in pairs:
        pairs = sorted([*pairs, (bank, increment)])
    now = (bank, increment) if bank else (0, 0)
    options = [discord.SelectOption(label=clock_texts.choice(b, i), value=f"{b}:{i}",
                                    default=(b, i) == now) for b, i in [*pairs, (0, 0)]]
    return Select(custom_id=custom_ids.clockbank_id(key), options=options)


def may_change(interaction: discord.Interaction, table: Table) -> bool:
    """The host or a channel manager: who may change the clock (``TableService.settings``
    decides; this only chooses whether to show the menus)."""
    return str(interaction.user.id) == table.host or interaction.permissions.manage_messages


def clock_message(table: Table, editable: bool) -> dict[str, Any]:
    """The private clock message: the settings in words, and the menus when ``editable``."""
    s = table.settings
    lines = [texts.CLOCK_PANEL_HEAD,
             clock_texts.summary(s),
             texts.CLOCK_PANEL_HOW + "\n" + clock_texts.BANK_HOW if editable
             else texts.CLOCK_PANEL_READ_ONLY]
    view = custom_ids.sent(*_menus(table)) if editable else None
    return {"content": "\n".join(lines), "view": view}


async def show_clock(interaction: discord.Interaction, table: Table) -> None:
    """Answer a click on **Turn clock** (already deferred, privately) with the clock."""
    at_table(interaction, table)
    await interaction.edit_original_response(
        **clock_message(table, may_change(interaction, table)))


class ClockSelect(DynamicItem[Select], template=custom_ids.CLOCKSET):
    """A menu of the private clock message: the pick changes that setting."""

    def __init__(self, key: int, field: str, options: list[discord.SelectOption]) -> None:
        super().__init__(Select(custom_id=custom_ids.clockset_id(key, field), options=options))
        self.key, self.field = key, field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ClockSelect:
        return cls(int(match["key"]), match["field"], list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._change(interaction))

    async def _change(self, interaction: discord.Interaction) -> None:
        value = str(self.item.values[0]) if self.item.values else ""
        if self.field == "timeout":
            if value not in TIMEOUT_OUTCOMES:
                raise IllegalAction(texts.CLOCK_PANEL_UNKNOWN)
            change: dict[str, Any] = {"on_timeout": value}
        else:
            if not value.isdigit() or self.field not in _MINUTES_FIELDS:
                raise IllegalAction(texts.CLOCK_PANEL_UNKNOWN)
            change = {_MINUTES_FIELDS[self.field]: int(value)}
        # acknowledged at once: the change may wait for the database's lock
        await interaction.response.defer()
        table = await bot_of(interaction).store.get(self.key)
        if table is None or table.status not in (LOBBY, PLAYING):
            raise IllegalAction(texts.TABLE_CLOSED)
        at_table(interaction, table)
        after = await act.change_settings(
            interaction, table, change.get("remind_minutes"), change.get("limit_minutes"),
            change.get("on_timeout"), change.get("forced_minutes"), reply=False)
        await interaction.edit_original_response(**clock_message(after, True))


class ClockBankSelect(DynamicItem[Select], template=custom_ids.CLOCKBANK):
    """The time bank's menu of the private clock message: the pick sets the bank and its
    increment (``TableService.settings`` says what a change mid-game does to the banks)."""

    def __init__(self, key: int, options: list[discord.SelectOption]) -> None:
        super().__init__(Select(custom_id=custom_ids.clockbank_id(key), options=options))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ClockBankSelect:
        return cls(int(match["key"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._change(interaction))

    async def _change(self, interaction: discord.Interaction) -> None:
        value = str(self.item.values[0]) if self.item.values else ""
        bank, _, increment = value.partition(":")
        if not bank.isdigit() or not increment.isdigit():
            raise IllegalAction(texts.CLOCK_PANEL_UNKNOWN)
        await interaction.response.defer()
        table = await bot_of(interaction).store.get(self.key)
        if table is None or table.status not in (LOBBY, PLAYING):
            raise IllegalAction(texts.TABLE_CLOSED)
        at_table(interaction, table)
        if not int(bank):  # "no time bank": the increment the table has is kept
            increment = str(table.settings.increment_minutes)
        after = await act.change_settings(interaction, table, None, None, None, None,
                                          bank=(int(bank), int(increment)), reply=False)
        await interaction.edit_original_response(**clock_message(after, True))
