"""The buttons and menus of a table's log (issue 15), after a restart too: the turn message's
**Replay**, **History** and **Take it back**, a replay's steps, rounds, views and GIF, a
history's pages, and the answers to a take-back request.

Each class is a ``DynamicItem`` of one template of ``cogs/look/custom_ids.py``, registered on
every start. A click reads what it needs from its custom id and calls the replay and history
answers (``cogs/look/replay.py``, ``cogs/look/history.py``) or the take-back
(``cogs/table/undo.py``); any failure gets the polite private answer (``errors.guarded``).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ui import Button, DynamicItem, Select

from cogs.look import custom_ids, texts
from cogs.look.errors import guarded
from cogs.look.history import history_message, open_history
from cogs.look.replay import check_may_see, open_replay, send_gif, show_replay_step, whole_log
from cogs.look.seats import bot_of
from cogs.table.undo import ask_to_take_back, confirm_take_back, take_back_own, vote
from engine.core import IllegalAction


class ReplayButton(DynamicItem[Button], template=custom_ids.REPLAY):
    """First, back, next or last: the replay, redrawn at the move the id names."""

    def __init__(self, key: int, who: str, step: int, tag: str, label: str = "Go",
                 emoji: str | None = None, disabled: bool = False) -> None:
        super().__init__(custom_ids.replay_button(key, who, step, tag, label, emoji, disabled))
        self.key, self.who, self.step = key, who, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> ReplayButton:
        return cls(int(match["key"]), match["who"], int(match["step"]), match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, show_replay_step(interaction, self.key, self.step, self.who))


class ChapterSelect(DynamicItem[Select], template=custom_ids.REPLAY_AT):
    """A replay's menu of rounds: the replay, redrawn at the round picked."""

    def __init__(self, key: int, who: str, options: list[discord.SelectOption]) -> None:
        super().__init__(custom_ids.replay_at_menu(key, who, options))
        self.key, self.who = key, who

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> ChapterSelect:
        return cls(int(match["key"]), match["who"], list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = str(self.item.values[0]) if self.item.values else "0"
        step = int(value) if value.isdigit() and len(value) < 9 else 0
        await guarded(interaction, show_replay_step(interaction, self.key, step, self.who))


class WhoSelect(DynamicItem[Select], template=custom_ids.REPLAY_WHO_MENU):
    """A replay's menu of whose view to show (the game is over)."""

    def __init__(self, key: int, step: int, options: list[discord.SelectOption]) -> None:
        super().__init__(custom_ids.replay_who_menu(key, step, options))
        self.key, self.step = key, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> WhoSelect:
        return cls(int(match["key"]), int(match["step"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = str(self.item.values[0]) if self.item.values else "b"
        who = value if re.fullmatch(custom_ids.REPLAY_WHO, value) else "b"
        await guarded(interaction, show_replay_step(interaction, self.key, self.step, who))


class GifButton(DynamicItem[Button], template=custom_ids.REPLAY_GIF):
    """The animated GIF of the whole game, privately."""

    def __init__(self, key: int) -> None:
        super().__init__(custom_ids.replay_gif_button(key))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> GifButton:
        return cls(int(match["key"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = check_may_see(interaction, await bot_of(interaction).store.get(self.key))
            await send_gif(interaction, table)

        await guarded(interaction, work())


class HistoryButton(DynamicItem[Button], template=custom_ids.HISTORY):
    """Oldest, older, newer or newest: the history, at the page the id names."""

    def __init__(self, key: int, page: int, tag: str, label: str = "Go",
                 emoji: str | None = None, disabled: bool = False) -> None:
        super().__init__(custom_ids.history_button(key, page, tag, label, emoji, disabled))
        self.key, self.page = key, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> HistoryButton:
        return cls(int(match["key"]), int(match["page"]), match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer()
            table = check_may_see(interaction, await bot_of(interaction).store.get(self.key))
            viewer = table.seat_of(str(interaction.user.id))
            entries = await whole_log(interaction, self.key)
            await interaction.edit_original_response(
                **await history_message(table, entries, viewer, self.page))

        await guarded(interaction, work())


class UndoButton(DynamicItem[Button], template=custom_ids.UNDO):
    """Agree or Keep it, on a request to take back a move (see data/undo.py)."""

    def __init__(self, key: int, vote: str, seq: int, seat: int, code: str, until: int,
                 agreed: int) -> None:
        super().__init__(custom_ids.undo_button(key, vote, seq, seat, code, until, agreed))
        self.key, self.vote, self.seq, self.seat = key, vote, seq, seat
        self.code, self.until, self.agreed = code, until, agreed

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> UndoButton:
        return cls(int(match["key"]), match["vote"], int(match["seq"]), int(match["seat"]),
                   match["code"], int(match["until"]), int(match["agreed"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, vote(interaction, self.key, self.vote, self.seq, self.seat,
                                        self.code, self.until, self.agreed))


class TableLogButton(DynamicItem[Button], template=custom_ids.LOG):
    """A button of the turn message that opens the table's replay (once the game is over),
    its history, or asks to take back the clicker's last move (while it runs): what the
    commands do, by click. The turn message carries plain buttons with these ids
    (``custom_ids.log_button``, ``cogs.look.messages.turn_components``); this class answers
    them."""

    def __init__(self, kind: str, key: int) -> None:
        super().__init__(custom_ids.log_button(kind, key))
        self.kind, self.key = kind, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> TableLogButton:
        return cls(match["kind"], int(match["key"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = await bot_of(interaction).store.get(self.key)
            if self.kind in ("undoask", "undosure"):
                if table is None or str(interaction.channel_id) != table.id:
                    raise IllegalAction(texts.NOT_HERE)
                if self.kind == "undoask":
                    await confirm_take_back(interaction, table)
                else:
                    await ask_to_take_back(interaction, table)
                return
            table = check_may_see(interaction, table)
            if self.kind == "replayopen":
                await open_replay(interaction, table)
            else:
                await open_history(interaction, table)

        await guarded(interaction, work())


class TakeBackButton(DynamicItem[Button], template=custom_ids.TAKE_BACK):
    """**Undo** on the private answer to a move: its own player takes it back without a
    vote, while that is allowed (issue 24; ``cogs/table/undo.py``, ``take_back_own``)."""

    def __init__(self, key: int, seat: int, seq: int, code: str) -> None:
        super().__init__(custom_ids.take_back_button(key, seat, seq, code))
        self.key, self.seat, self.seq, self.code = key, seat, seq, code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> TakeBackButton:
        return cls(int(match["key"]), int(match["seat"]), int(match["seq"]), match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, take_back_own(interaction, self.key, self.seat, self.seq,
                                                 self.code))


#: the log's components, registered by the bot on every start
LOG_ITEMS = (ReplayButton, ChapterSelect, WhoSelect, GifButton, HistoryButton, UndoButton,
             TableLogButton, TakeBackButton)
