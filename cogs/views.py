"""Buttons and menus that keep working after a restart.

Every component is a ``DynamicItem``: its custom id is a template carrying what the click
needs (table key, seat, the seat's move count when the menu was drawn), and
``setup_hook`` registers the templates on every start. Nothing about a message is kept in
memory, so a click on a message posted before a restart is answered by the new process.

- ``parley:<kind>:<key>``: a button of the table's public messages, one class
  (``TableButton``) with the kind in its id: ``hand`` (**My hand / act** on the turn
  message: the private panel), ``rules`` (**Rules**), and the lobby's ``join``, ``leave``,
  ``addai`` and ``start`` (issue 14: the lobby runs itself; the last two for the host).
- ``parley:act:<key>:<seat>:<moves>:<part>``: a menu of the seat's legal actions.
- ``parley:do:<key>:<seat>:<moves>:<action>``: a button for one action (Pass, Confirm...).
- ``parley:batch:<key>:<seat>:<moves>:<finish>``: a multi-pick menu applied as one batch,
  then the ``finish`` action (a bid of several cards, then "confirm").
- ``parley:step:<key>:<seat>:<moves>:<path>``: a pick of a move composed pick by pick
  (issue 14: a Neuroshima placement is tile, space, facing); ``<path>`` is the picks so far,
  joined by "." ("p_smuggler.c3.2"), and the empty path is the panel itself (Back).
- ``parley:steps:<key>:<seat>:<moves>:<part>``: a menu of such picks; each option's value
  is the path it leads to.

``<moves>`` goes to the engine as ``expect_seat_moves``: a second click on a menu the seat
has already used is refused as out of date, so a double click never applies twice. A pick
of a composed move applies nothing: it redraws the panel as the next step, with a private
preview once the move is whole; the move is applied only by its Confirm button, an ordinary
``parley:do`` button carrying the move and the move count.
"""

from __future__ import annotations

import io
import re
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord
from discord.ui import Button, DynamicItem, Select

from cogs import texts
from cogs.actions import encode, label, token
from cogs.adapters import Panel, Pick, Step
from cogs.errors import answer_error
from cogs.game import add_ai, at_table, join_table, leave_table, send_rules, start_table
from cogs.notify import COLOUR
from cogs.play import (
    bot_of,
    clicked_table,
    composed_step,
    panel_message,
    panel_move,
    show_panel,
    step_picture,
)
from engine.core import IllegalAction
from engine.table import LOBBY

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


#: what each kind of ``TableButton`` looks like: label, emoji, style
TABLE_BUTTONS: dict[str, tuple[str, str, discord.ButtonStyle]] = {
    "hand": ("My hand / act", "🃏", discord.ButtonStyle.primary),
    "rules": ("Rules", "📜", discord.ButtonStyle.secondary),
    "join": ("Join", "🏴‍☠️", discord.ButtonStyle.success),
    "leave": ("Leave", "🚪", discord.ButtonStyle.secondary),
    "addai": ("Add AI", "🤖", discord.ButtonStyle.secondary),
    "start": ("Start", "▶️", discord.ButtonStyle.primary),
}
#: the lobby's buttons, in the order they are shown (the host's last)
LOBBY_KINDS = ("join", "leave", "addai", "start")


class TableButton(DynamicItem[Button],
                  template=r"parley:(?P<kind>hand|rules|join|leave|addai|start):(?P<key>[0-9]+)"):
    """A button of a table's turn or lobby message; the kind and the table are in its id,
    so a click is answered after a restart too.

    **My hand / act** and **Rules** answer privately after a deferral. The lobby's buttons
    write, so they acknowledge the click at once (a deferred update: the write may wait
    for the database's lock) and answer with followups; they act only on a table still in
    its lobby, and only in that table's channel (``game.at_table``)."""

    def __init__(self, kind: str, key: int) -> None:
        text, emoji, style = TABLE_BUTTONS[kind]
        super().__init__(Button(label=text, emoji=emoji, style=style,
                                custom_id=f"parley:{kind}:{key}"))
        self.kind, self.key = kind, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> TableButton:
        return cls(match["kind"], int(match["key"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.kind in ("hand", "rules"):
            work = self._private(interaction)
        else:
            work = self._lobby(interaction)
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
        await send_rules(interaction, table.game_id, table.options)

    async def _lobby(self, interaction: discord.Interaction) -> None:
        # Acknowledged at once (invisibly); the answers follow as messages of their own.
        await interaction.response.defer()
        table = await bot_of(interaction).store.get(self.key)
        if table is None:
            raise IllegalAction(texts.TABLE_CLOSED)
        if self.kind == "join":
            await join_table(interaction, table)
            return
        at_table(interaction, table)
        if table.status != LOBBY:
            raise IllegalAction(texts.LOBBY_OVER)
        if self.kind == "leave":
            await leave_table(interaction, table)
        elif self.kind == "addai":
            await add_ai(interaction, table)
        else:
            await start_table(interaction, table)


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
        # Options keep the hand's order; apply the picks in that order, whatever the click order.
        order = {o.value: i for i, o in enumerate(self.item.options)}
        picked = sorted(self.item.values, key=lambda v: order.get(v, len(order)))
        finish = None if self.finish == "-" else self.finish
        await guarded(interaction, panel_move(interaction, self.key, self.seat, self.moves,
                                              picked, finish))


class StepButton(DynamicItem[Button], template=r"parley:step:" + _SEAT + r":(?P<path>[\w.]*)"):
    """A pick of a composed move: shows the step its path names (the panel, when empty)."""

    def __init__(self, key: int, seat: int, moves: int, path: str, text: str = "Go",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 emoji: str | None = None, row: int | None = None) -> None:
        super().__init__(Button(label=text, style=style, emoji=emoji, row=row,
                                custom_id=f"parley:step:{key}:{seat}:{moves}:{path}"))
        self.key, self.seat, self.moves, self.path = key, seat, moves, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> StepButton:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, show_step(interaction, self.key, self.seat, self.moves,
                                             self.path))


class StepSelect(DynamicItem[Select], template=r"parley:steps:" + _SEAT + r":(?P<part>[0-9]+)"):
    """A menu of picks of a composed move; the value picked is the path it leads to."""

    def __init__(self, key: int, seat: int, moves: int, part: int,
                 options: list[discord.SelectOption], placeholder: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(Select(custom_id=f"parley:steps:{key}:{seat}:{moves}:{part}",
                                options=options, placeholder=placeholder, row=row))
        self.key, self.seat, self.moves = key, seat, moves

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> StepSelect:
        return cls(int(match["key"]), int(match["seat"]), int(match["moves"]),
                   int(match["part"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        path = str(self.item.values[0]) if self.item.values else ""
        if not re.fullmatch(r"[\w.]{1,100}", path):
            path = ""  # not a path Parley wrote: back to the panel
        await guarded(interaction, show_step(interaction, self.key, self.seat, self.moves,
                                             path))


DYNAMIC_ITEMS = (TableButton, ActionSelect, ActionButton, BatchSelect, StepButton, StepSelect)


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


def _action_button(key: int, seat: int, moves: int, action: Any, text: str,
                   style: discord.ButtonStyle, row: int | None = None) -> ActionButton:
    value = encode(action)
    if len(f"parley:do:{key}:{seat}:{moves}:{value}") > CUSTOM_ID_LIMIT:
        value = token(action)
    button = ActionButton(key, seat, moves, value, texts.clip(text, BUTTON_LABEL_LIMIT), style)
    button.item.row = row
    return button


def _step_button(key: int, seat: int, moves: int, pick: Pick, row: int | None = None,
                 style: discord.ButtonStyle | None = None) -> StepButton:
    if style is None:
        style = discord.ButtonStyle.primary if pick.chosen else discord.ButtonStyle.secondary
    return StepButton(key, seat, moves, pick.path, texts.clip(pick.label, BUTTON_LABEL_LIMIT),
                      style, pick.emoji, row)


def panel_view(table: Table, seat: int, panel: Panel) -> tuple[discord.ui.View | None, int]:
    """The components of a seat's private panel, and how many actions did not fit."""
    key, moves = table.key, table.seat_moves[seat] if table.seat_moves else 0
    assert key is not None
    names = [s.name for s in table.seats]
    view = discord.ui.View(timeout=None)
    rows = 0
    limit = BUTTONS_PER_ROW * max(1, min(panel.button_rows, ROWS - 1))
    starts = panel.steps[:limit]
    for pick in starts:
        view.add_item(_step_button(key, seat, moves, pick, style=discord.ButtonStyle.success))
    buttons = panel.buttons[:limit - len(starts)]
    for a in buttons:
        view.add_item(_action_button(key, seat, moves, a, label(a, names),
                                     discord.ButtonStyle.primary))
    rows += -(-(len(starts) + len(buttons)) // BUTTONS_PER_ROW)
    rest = list(panel.buttons[len(buttons):])
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


def step_view(table: Table, seat: int, step: Step, path: str) -> discord.ui.View:
    """The components of a step of a composed move: its buttons by row (the facings as a
    compass), its menus, then Confirm (once the move is whole), Back and Cancel."""
    key, moves = table.key, table.seat_moves[seat]
    assert key is not None
    names = [s.name for s in table.seats]
    view = discord.ui.View(timeout=None)
    row = 0
    by_row: dict[int | None, list[Pick]] = {}
    for pick in step.buttons:
        by_row.setdefault(pick.row, []).append(pick)
    for picks in by_row.values():
        for i in range(0, len(picks), BUTTONS_PER_ROW):
            for pick in picks[i:i + BUTTONS_PER_ROW]:
                view.add_item(_step_button(key, seat, moves, pick, row))
            row += 1
    for part, menu in enumerate(step.menus):
        if row >= ROWS - 1:
            break
        options = [discord.SelectOption(label=texts.clip(p.label, texts.LABEL_LIMIT),
                                        value=p.path, default=p.chosen,
                                        description=p.description)
                   for p in menu.picks[:MENU_SIZE]]
        view.add_item(StepSelect(key, seat, moves, part, options,
                                 texts.clip(menu.placeholder, 150), row))
        row += 1
    for i, move in enumerate(step.moves[:3]):
        # the move previewed is "Confirm"; a variant of it (Boarding) says what it is
        text = "✅ Confirm" if i == 0 else f"✅ Confirm: {label(move, names)}"
        view.add_item(_action_button(key, seat, moves, move, text,
                                     discord.ButtonStyle.success, row))
    parent = path.rpartition(".")[0]
    if parent:
        view.add_item(StepButton(key, seat, moves, parent, "Back", emoji="◀️", row=row))
    view.add_item(StepButton(key, seat, moves, "", "Cancel" if parent else "Back to the panel",
                             emoji="✖️" if parent else "◀️", row=row))
    return view


def step_message(table: Table, seat: int, step: Step, path: str,
                 picture: tuple[bytes, str] | None) -> dict[str, Any]:
    """The keyword arguments of the panel showing a step: what to pick, the picture."""
    content = f"**{step.title}**: {step.prompt}"
    out: dict[str, Any] = {
        "content": texts.clip(content, texts.CONTENT_LIMIT),
        "view": step_view(table, seat, step, path),
        "embed": None,
        "attachments": [],
    }
    if picture is not None:
        png, text = picture
        embed = discord.Embed(title=texts.clip(step.title, 256), colour=COLOUR,
                              description=texts.clip(text, texts.EMBED_LIMIT))
        embed.set_image(url="attachment://step.png")
        out["embed"] = embed
        out["attachments"] = [discord.File(io.BytesIO(png), "step.png",
                                           description=texts.clip(step.title, 1024))]
    return out


async def show_step(interaction: discord.Interaction, key: int, seat: int, moves: int,
                    path: str) -> None:
    """Answer a pick of a composed move: the panel redrawn as the step ``path`` names (the
    panel itself when empty, or with a note when it names nothing on offer any more).
    Nothing is applied here."""
    await interaction.response.defer()
    table = await clicked_table(interaction, key, seat, moves)
    if table is None:
        return
    step = composed_step(table, seat, path) if path else None
    if step is None:
        note = texts.STALE_CHOICE if path else ""
        await interaction.edit_original_response(**await panel_message(table, seat, note))
        return
    picture = await step_picture(table, seat, step)
    await interaction.edit_original_response(**step_message(table, seat, step, path, picture))
