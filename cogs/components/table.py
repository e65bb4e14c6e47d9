"""The classes that answer clicks on Parley's buttons and menus, after a restart too.

Every component Parley sends carries a custom id of one of the templates of
``cogs/look/custom_ids.py``; each class here is a ``DynamicItem`` of one template, registered
by ``setup_hook`` on every start, so a click on a message posted before a restart is
answered by the new process. Nothing about a message is kept in memory. A callback reads
what it needs from the custom id and calls a table action, the panel (``cogs/table/play.py``) or
the rules; any failure gets the polite private answer (``errors.guarded``).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import Button, DynamicItem, Select

from cogs.components.clock_panel import show_clock
from cogs.look import custom_ids, texts
from cogs.look.custom_ids import NO_FINISH, TABLE_BUTTONS
from cogs.look.errors import guarded
from cogs.look.guide import send_rules
from cogs.look.seats import at_table, bot_of
from cogs.table import act
from cogs.table.play import panel_move, send_plan, show_panel, show_step
from engine.core import IllegalAction
from engine.table import LOBBY


class TableButton(DynamicItem[Button], template=custom_ids.TABLE):
    """A button of a table's turn or lobby message; the kind and the table are in its id.

    **My hand / act**, **Rules** and **Turn clock** answer privately after a deferral (the
    clock with its menus, ``cogs/components/clock_panel.py``). **Join**, **Leave**,
    **Add AI** and **Start** write, so they acknowledge the click at once (a deferred
    update: the write may wait for the database's lock) and answer with followups; they act
    only in that table's channel (``seats.at_table``), and all but **Join** (which also
    takes an open seat of a running game) only on a table still in its lobby."""

    def __init__(self, kind: str, key: int) -> None:
        text, emoji, style = TABLE_BUTTONS[kind]
        super().__init__(Button(label=text, emoji=emoji, style=style,
                                custom_id=custom_ids.table_id(kind, key)))
        self.kind, self.key = kind, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> TableButton:
        return cls(match["kind"], int(match["key"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.kind in ("hand", "rules", "clock"):
            work = self._private(interaction)
        else:
            work = self._seats(interaction)
        await guarded(interaction, work)

    async def _private(self, interaction: discord.Interaction) -> None:
        # Acknowledged before anything that may wait (the panel draws the hand).
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await bot_of(interaction).store.get(self.key)
        if self.kind == "hand":
            await show_panel(interaction, table)
            return
        if table is None:
            raise IllegalAction(texts.TABLE_CLOSED)
        if self.kind == "clock":
            await show_clock(interaction, table)
            return
        await send_rules(interaction, table.game_id, table.options)

    async def _seats(self, interaction: discord.Interaction) -> None:
        # Acknowledged at once (invisibly); the answers follow as messages of their own.
        await interaction.response.defer()
        table = await bot_of(interaction).store.get(self.key)
        if table is None:
            raise IllegalAction(texts.TABLE_CLOSED)
        if self.kind == "join":
            await act.join(interaction, table)
            return
        at_table(interaction, table)
        if table.status != LOBBY:
            raise IllegalAction(texts.LOBBY_OVER)
        if self.kind == "leave":
            await act.leave(interaction, table)
        elif self.kind == "addai":
            await act.add_ai(interaction, table)
        else:
            await act.start(interaction, table)


class ActionSelect(DynamicItem[Select], template=custom_ids.ACT):
    """A menu of a seat's legal moves: the pick is applied."""

    def __init__(self, key: int, seat: int, moves: int, part: int,
                 options: list[discord.SelectOption]) -> None:
        super().__init__(Select(custom_id=custom_ids.act_id(key, seat, moves, part),
                                options=options))
        self.key, self.seat, self.moves = key, seat, moves

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ActionSelect:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]),
                   int(match["part"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, panel_move(interaction, self.key, self.seat, self.moves,
                                              list(self.item.values)))


class ActionButton(DynamicItem[Button], template=custom_ids.DO):
    """A button for one move (Pass, Confirm...): it is applied."""

    def __init__(self, key: int, seat: int, moves: int, value: str) -> None:
        super().__init__(Button(custom_id=custom_ids.do_id(key, seat, moves, value)))
        self.key, self.seat, self.moves, self.value = key, seat, moves, value

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ActionButton:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]), match["value"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, panel_move(interaction, self.key, self.seat, self.moves,
                                              [self.value]))


class BatchSelect(DynamicItem[Select], template=custom_ids.BATCH):
    """A multi-pick menu: the picks are applied in one batch, then its finish."""

    def __init__(self, key: int, seat: int, moves: int, finish: str,
                 options: list[discord.SelectOption], most: int) -> None:
        super().__init__(Select(custom_id=custom_ids.batch_id(key, seat, moves, finish),
                                options=options, min_values=1, max_values=most))
        self.key, self.seat, self.moves, self.finish = key, seat, moves, finish

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> BatchSelect:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]), match["finish"],
                   list(item.options), item.max_values)

    async def callback(self, interaction: discord.Interaction) -> None:
        # Options keep the hand's order; apply the picks in that order, whatever the click order.
        order = {o.value: i for i, o in enumerate(self.item.options)}
        picked = sorted(self.item.values, key=lambda v: order.get(v, len(order)))
        finish = None if self.finish == NO_FINISH else self.finish
        await guarded(interaction, panel_move(interaction, self.key, self.seat, self.moves,
                                              picked, finish))


class StepButton(DynamicItem[Button], template=custom_ids.STEP):
    """A pick of a composed move: shows the step its path names (the panel, when empty)."""

    def __init__(self, key: int, seat: int, moves: int, path: str) -> None:
        super().__init__(Button(custom_id=custom_ids.step_id(key, seat, moves, path)))
        self.key, self.seat, self.moves, self.path = key, seat, moves, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> StepButton:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, show_step(interaction, self.key, self.seat, self.moves,
                                             self.path))


class StepSelect(DynamicItem[Select], template=custom_ids.STEPS):
    """A menu of picks of a composed move; the value picked is the path it leads to."""

    def __init__(self, key: int, seat: int, moves: int, part: int,
                 options: list[discord.SelectOption]) -> None:
        super().__init__(Select(custom_id=custom_ids.steps_id(key, seat, moves, part),
                                options=options))
        self.key, self.seat, self.moves = key, seat, moves

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> StepSelect:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]),
                   int(match["part"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        # several picks of a multi-pick menu (adapters.Menu.most): their shared path, then
        # the last part of each, in the menu's order
        order = {o.value: i for i, o in enumerate(self.item.options)}
        picked = sorted(map(str, self.item.values), key=lambda v: order.get(v, len(order)))
        path = picked[0] if picked else ""
        if len(picked) > 1:
            base = path.rpartition(".")[0]
            if all(v.rpartition(".")[0] == base for v in picked):
                path = ".".join([base, *(v.rpartition(".")[2] for v in picked)])
        if not re.fullmatch(r"[\w.]{1,100}", path):
            path = ""  # not a path Parley wrote: back to the panel
        await guarded(interaction, show_step(interaction, self.key, self.seat, self.moves,
                                             path))


class PlanButton(DynamicItem[Button], template=custom_ids.PLAN):
    """Confirm of a move of several steps: applies the plan of the step its path names."""

    def __init__(self, key: int, seat: int, moves: int, path: str) -> None:
        super().__init__(Button(custom_id=custom_ids.plan_id(key, seat, moves, path)))
        self.key, self.seat, self.moves, self.path = key, seat, moves, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> PlanButton:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, send_plan(interaction, self.key, self.seat, self.moves,
                                             self.path))


TABLE_ITEMS = (TableButton, ActionSelect, ActionButton, BatchSelect, StepButton, StepSelect,
               PlanButton)
