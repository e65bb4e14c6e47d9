"""Buttons and menus that keep working after a restart.

Every component is a ``DynamicItem``: its custom id is a template carrying what the click
needs (table key, seat, the seat's move count when the menu was drawn), and
``setup_hook`` registers the templates on every start. Nothing about a message is kept in
memory, so a click on a message posted before a restart is answered by the new process.

- ``parley:hand:<key>``: **My hand / act** on the turn message: the private panel.
- ``parley:rules:<key>``: **Rules**: the game's rules for the table's options.
- ``parley:join:<key>``: **Join** on the lobby message.
- ``parley:act:<key>:<seat>:<moves>:<part>``: a menu of the seat's legal actions.
- ``parley:do:<key>:<seat>:<moves>:<action>``: a button for one action (Pass, Confirm...).
- ``parley:batch:<key>:<seat>:<moves>:<finish>``: a multi-pick menu applied as one batch,
  then the ``finish`` action (a bid of several cards, then "confirm").

``<moves>`` goes to the engine as ``expect_seat_moves``: a second click on a menu the seat
has already used is refused as out of date, so a double click never applies twice.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord
from discord.ui import Button, DynamicItem, Select

from cogs import texts
from cogs.actions import encode, label, token
from cogs.adapters import Panel
from cogs.errors import answer_error
from engine.core import IllegalAction

if TYPE_CHECKING:
    from engine.table import Table

CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
MENU_SIZE = 25
BUTTONS_PER_ROW = 5
ROWS = 5


async def guarded(interaction: discord.Interaction, work: Awaitable[Any]) -> None:
    """Run a component's work; any failure gets the polite ephemeral answer."""
    try:
        await work
    except Exception as error:  # noqa: BLE001 - every failure is answered, then logged
        await answer_error(interaction, error)


class HandButton(DynamicItem[Button], template=r"parley:hand:(?P<key>[0-9]+)"):
    def __init__(self, key: int) -> None:
        super().__init__(Button(label="My hand / act", emoji="🃏",
                                style=discord.ButtonStyle.primary, custom_id=f"parley:hand:{key}"))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["key"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.play import bot_of, show_panel

        async def work() -> None:
            # Acknowledged before anything that may wait (the panel draws the hand).
            await interaction.response.defer(ephemeral=True, thinking=True)
            await show_panel(interaction, await bot_of(interaction).store.get(self.key))

        await guarded(interaction, work())


class RulesButton(DynamicItem[Button], template=r"parley:rules:(?P<key>[0-9]+)"):
    def __init__(self, key: int) -> None:
        super().__init__(Button(label="Rules", emoji="📜", style=discord.ButtonStyle.secondary,
                                custom_id=f"parley:rules:{key}"))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> RulesButton:
        return cls(int(match["key"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.game import send_rules
        from cogs.play import bot_of

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = await bot_of(interaction).store.get(self.key)
            if table is None:
                raise IllegalAction(texts.TABLE_CLOSED)
            await send_rules(interaction, table.game_id, table.options)

        await guarded(interaction, work())


class JoinButton(DynamicItem[Button], template=r"parley:join:(?P<key>[0-9]+)"):
    def __init__(self, key: int) -> None:
        super().__init__(Button(label="Join", emoji="🏴‍☠️", style=discord.ButtonStyle.success,
                                custom_id=f"parley:join:{key}"))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["key"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.game import join_table
        from cogs.play import bot_of

        async def work() -> None:
            # Acknowledged at once (invisibly): joining writes, and the write may wait for
            # the database's lock; the answers follow as messages of their own.
            await interaction.response.defer()
            table = await bot_of(interaction).store.get(self.key)
            if table is None:
                raise IllegalAction(texts.TABLE_CLOSED)
            await join_table(interaction, table)

        await guarded(interaction, work())


_SEAT = r"(?P<key>[0-9]+):(?P<seat>[0-9]+):(?P<moves>[0-9]+)"


class ActionSelect(DynamicItem[Select], template=r"parley:act:" + _SEAT + r":(?P<part>[0-9]+)"):
    def __init__(self, key: int, seat: int, moves: int, part: int,
                 options: list[discord.SelectOption], placeholder: str | None = None) -> None:
        super().__init__(Select(custom_id=f"parley:act:{key}:{seat}:{moves}:{part}",
                                options=options, placeholder=placeholder))
        self.key, self.seat, self.moves = key, seat, moves

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ActionSelect:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]),
                   int(match["part"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.play import panel_move

        await guarded(interaction, panel_move(interaction, self.key, self.seat, self.moves,
                                              list(self.item.values)))


class ActionButton(DynamicItem[Button], template=r"parley:do:" + _SEAT + r":(?P<value>.+)"):
    def __init__(self, key: int, seat: int, moves: int, value: str, text: str = "Go",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(Button(label=text, style=style,
                                custom_id=f"parley:do:{key}:{seat}:{moves}:{value}"))
        self.key, self.seat, self.moves, self.value = key, seat, moves, value

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ActionButton:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]), match["value"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.play import panel_move

        await guarded(interaction, panel_move(interaction, self.key, self.seat, self.moves,
                                              [self.value]))


class BatchSelect(DynamicItem[Select], template=r"parley:batch:" + _SEAT + r":(?P<finish>.+)"):
    def __init__(self, key: int, seat: int, moves: int, finish: str,
                 options: list[discord.SelectOption], placeholder: str | None = None,
                 most: int | None = None) -> None:
        """``most``: the picks still allowed (the adapter's ``Batch.most``); never more
        than the options, never fewer than one."""
        top = len(options) if most is None else max(1, min(most, len(options)))
        super().__init__(Select(custom_id=f"parley:batch:{key}:{seat}:{moves}:{finish}",
                                options=options, placeholder=placeholder,
                                min_values=1, max_values=top))
        self.key, self.seat, self.moves, self.finish = key, seat, moves, finish

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> BatchSelect:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]), match["finish"],
                   list(item.options), most=item.max_values)

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.play import panel_move

        # Options keep the hand's order; apply the picks in that order, whatever the click order.
        order = {o.value: i for i, o in enumerate(self.item.options)}
        picked = sorted(self.item.values, key=lambda v: order.get(v, len(order)))
        finish = None if self.finish == "-" else self.finish
        await guarded(interaction, panel_move(interaction, self.key, self.seat, self.moves,
                                              picked, finish))


DYNAMIC_ITEMS = (HandButton, RulesButton, JoinButton, ActionSelect, ActionButton, BatchSelect)


def _options(actions: list[Any], names: list[str]) -> list[discord.SelectOption]:
    seen: set[str] = set()
    out = []
    for a in actions:
        value = encode(a)
        if value in seen:
            continue
        seen.add(value)
        out.append(discord.SelectOption(label=label(a, names), value=value))
    return out


def panel_view(table: Table, seat: int, panel: Panel) -> tuple[discord.ui.View | None, int]:
    """The components of a seat's private panel, and how many actions did not fit."""
    key, moves = table.key, table.seat_moves[seat] if table.seat_moves else 0
    assert key is not None
    names = [s.name for s in table.seats]
    view = discord.ui.View(timeout=None)
    rows = 0
    limit = BUTTONS_PER_ROW * max(1, min(panel.button_rows, ROWS - 1))
    buttons = panel.buttons[:limit]
    for a in buttons:
        value = encode(a)
        custom = f"parley:do:{key}:{seat}:{moves}:{value}"
        if len(custom) > CUSTOM_ID_LIMIT:
            value = token(a)
        view.add_item(ActionButton(key, seat, moves, value,
                                   texts.clip(label(a, names), BUTTON_LABEL_LIMIT),
                                   discord.ButtonStyle.primary))
    rows += -(-len(buttons) // BUTTONS_PER_ROW)
    rest = list(panel.buttons[limit:])
    for batch in panel.batches:
        finish = "-" if batch.finish is None else encode(batch.finish)
        custom = f"parley:batch:{key}:{seat}:{moves}:{finish}"
        opts = _options(batch.steps, names)[:MENU_SIZE]
        if rows >= ROWS or len(custom) > CUSTOM_ID_LIMIT or not opts:
            rest += batch.steps  # still reachable one by one (the finish comes after them)
            continue
        view.add_item(BatchSelect(key, seat, moves, finish, opts,
                                  texts.clip(batch.placeholder, 150), batch.most))
        rows += 1
    menu = _options(rest + panel.menu, names)
    part = 0
    while menu and rows < ROWS:
        chunk, menu = menu[:MENU_SIZE], menu[MENU_SIZE:]
        placeholder = panel.menu_placeholder if part == 0 else f"More moves ({part + 1})…"
        view.add_item(ActionSelect(key, seat, moves, part, chunk, texts.clip(placeholder, 150)))
        rows += 1
        part += 1
    return (view if view.children else None), len(menu)
