"""A table's log on Discord, paged (issue 15): the moves of the history, 15 a page, as the
person asking may read them (the rule of ``cogs/look/replay.py``). Its page buttons carry
``custom_ids.HISTORY`` ids, answered by ``cogs/components/log.py``."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import discord

import engine
from cogs.look import texts
from cogs.look.custom_ids import history_button, sent
from cogs.look.replay import COLOUR, move_lines, whole_log
from cogs.look.seats import names_of
from data.replay import reveals
from data.store import LogEntry
from engine.table import Table

HISTORY_PAGE = 15
#: the longest line of a history page: a page of them fits an embed's 4,096 characters
HISTORY_LINE = 260
#: the history opens on its newest page
NEWEST = 10**9


def history_page(table: Table, entries: Sequence[LogEntry], viewer: int | None,
                 page: int) -> tuple[list[str], int]:
    """The lines of history page ``page`` (1 is the oldest; clamped) as ``viewer`` may read
    them, and how many pages there are."""
    pages = max(1, -(-len(entries) // HISTORY_PAGE))
    page = max(1, min(page, pages))
    first, last = (page - 1) * HISTORY_PAGE, min(page * HISTORY_PAGE, len(entries))
    game = engine.get_game(table.game_id)
    names = names_of(table)
    state = game.setup(len(table.seats), table.options, table.seed)
    everything = reveals(table)
    lines: list[str] = []
    for i, entry in enumerate(entries[:last]):
        events = game.apply(state, entry.seat, entry.action)
        if i < first:
            continue
        said = move_lines(table, entry, events, viewer, everything) or \
            [texts.HISTORY_HIDDEN]
        who = names[entry.seat] if entry.seat < len(names) else \
            texts.SEAT_WORDS.format(seat=entry.seat + 1)
        line = texts.HISTORY_LINE.format(seq=entry.seq, who=discord.utils.escape_markdown(who),
                                         said=" ".join(said))
        lines.append(texts.clip(" ".join(line.split()), HISTORY_LINE))
    return lines, pages


# -- the history --------------------------------------------------------------------------


async def history_message(table: Table, entries: Sequence[LogEntry], viewer: int | None,
                          page: int) -> dict[str, Any]:
    """The keyword arguments of history page ``page`` (clamped; the newest for a large
    number) as ``viewer`` may read it: the moves in an embed, and the page buttons."""
    lines, pages = await asyncio.to_thread(history_page, table, entries, viewer, page)
    page = max(1, min(page, pages))
    game = engine.get_game(table.game_id)
    head = (texts.HISTORY_HEAD.format(title=game.title, channel=table.id, page=page, pages=pages)
            + (texts.HISTORY_ALL_SHOWN if reveals(table) else ""))
    embed = discord.Embed(colour=COLOUR, description=texts.clip(
        "\n".join(lines) or texts.HISTORY_EMPTY, texts.EMBED_LIMIT))
    key = table.key or 0
    buttons = []
    pager = (("f", 1, "⏮", "Oldest"), ("b", page - 1, "◀", "Older"),
             ("n", page + 1, "▶", "Newer"), ("l", pages, "⏭", "Newest"))
    for tag, target, emoji, label in pager:
        target = max(1, min(target, pages))
        buttons.append(history_button(key, target, tag, label, emoji, disabled=target == page))
    return {"content": head, "embed": embed, "view": sent(*buttons),
            "allowed_mentions": discord.AllowedMentions.none()}


async def open_history(interaction: discord.Interaction, table: Table) -> None:
    """The newest page of ``table``'s history as the user may read it (deferred)."""
    viewer = table.seat_of(str(interaction.user.id))
    entries = await whole_log(interaction, table.key or 0)
    await interaction.edit_original_response(
        **await history_message(table, entries, viewer, NEWEST))
