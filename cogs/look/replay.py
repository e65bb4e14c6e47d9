"""A table's log on Discord, watched again (issue 15): a replay stepped through with buttons,
and its animated GIF. Built here and answered privately; the buttons' custom ids are
``cogs/look/custom_ids.py``'s (``REPLAY``, ``REPLAY_AT``, ``REPLAY_WHO_MENU``,
``REPLAY_GIF``), answered by ``cogs/components/log.py``, so every button works after a
restart. The history is ``cogs/look/history.py``; the commands are ``cogs/commands/log.py``.

What a replay shows (our decision, issue 15: "after the end, hands may be revealed"):

- While the game runs, nothing hidden: each step is the public board and the public events
  of the move that led there, whoever asks, seated or not.
- Once the game is over (finished, not abandoned: an abandoned game's hands were never
  shown), everything: each move's label ("Bid Red 13"), the private events of the move with
  who received them, and a menu showing any seat's hand at any step. The GIF shows the
  public board in either case.

The history follows the same rule, and while the game runs each person also sees their own
moves' labels and their own private events (as ``/game history`` always did).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from typing import Any

import discord

import engine
import render
from cogs.look import texts
from cogs.look.adapters import adapter
from cogs.look.custom_ids import (
    MENU_SIZE,
    replay_at_menu,
    replay_button,
    replay_gif_button,
    replay_who_menu,
    sent,
)
from cogs.look.seats import bot_of, names_of
from data.replay import Moment, moment, reveals, said_to
from data.store import LogEntry
from engine.core import Event, IllegalAction
from engine.table import FINISHED, Table
from render.replay import GIF_LIMIT, animate

COLOUR = discord.Colour(0x1F6F8B)
#: the most frames of a GIF: a few minutes of drawing at most, a few MB
GIF_FRAMES = 80
#: the log is read whole: a replay and a history page replay it from the seed
WHOLE_LOG = 10_000_000

# -- which tables a person may look at ----------------------------------------------------


def may_see(interaction: discord.Interaction, table: Table) -> bool:
    """True when the user may look at ``table``'s log: a table of this server whose channel
    they are in or can read, or one they had a seat at. Looking never shows more than the
    replay rule allows (module docstring)."""
    if table.guild is None or str(interaction.guild_id) != table.guild:
        return False
    here = str(interaction.channel_id)
    if here in (table.id, table.parent):
        return True
    user = str(interaction.user.id)
    if any(user in (s.player, s.former) for s in table.seats):
        return True
    guild = interaction.guild
    place = guild.get_channel_or_thread(int(table.id)) if guild is not None else None
    member = interaction.user
    if place is None or not isinstance(member, discord.Member):
        return False
    return place.permissions_for(member).read_messages


def check_may_see(interaction: discord.Interaction, table: Table | None) -> Table:
    """``table`` when the user may look at its log; IllegalAction saying why not."""
    if table is None:
        raise IllegalAction(texts.NO_SUCH_TABLE)
    if table.guild is None or str(interaction.guild_id) != table.guild:
        raise IllegalAction(texts.NOT_YOURS)
    if not may_see(interaction, table):
        raise IllegalAction(texts.NOT_VISIBLE)
    if table.state is None:
        raise IllegalAction(texts.NOT_DEALT)
    return table


async def whole_log(interaction: discord.Interaction, key: int) -> list[LogEntry]:
    return await bot_of(interaction).store.history(key, limit=WHOLE_LOG)


# -- the game replayed from its log (pure; run off the event loop) --------------------------


def chapters(table: Table, entries: Sequence[LogEntry]) -> list[tuple[int, str]]:
    """The steps where a new round (the game's "epoch": cogs/look/adapters.py) begins, with a
    label from the game's headline ("round 4"): (step, label), the deal first."""
    game = engine.get_game(table.game_id)
    ad = adapter(table.game_id)
    state = game.setup(len(table.seats), table.options, table.seed)
    view = game.view(state, None)
    out = [(0, _chapter_label(ad, view, game.title, texts.REPLAY_DEAL_CHAPTER))]
    epoch = ad.epoch(view)
    for step, entry in enumerate(entries, 1):
        game.apply(state, entry.seat, entry.action)
        view = game.view(state, None)
        if ad.epoch(view) != epoch:
            epoch = ad.epoch(view)
            out.append((step, _chapter_label(ad, view, game.title,
                                              texts.REPLAY_MOVE_CHAPTER.format(step=step))))
    return out


def _chapter_label(ad: Any, view: dict, title: str, fallback: str) -> str:
    line = ad.headline(view, title)
    rest = line[len(title):].lstrip(" ·,") if line.startswith(title) else line
    return texts.clip(rest[:1].upper() + rest[1:] if rest else fallback, 80)


def move_lines(table: Table, entry: LogEntry, events: Sequence[Event], viewer: int | None,
               everything: bool) -> list[str]:
    """What one logged move says to ``viewer`` (:func:`data.replay.said_to`), in Markdown:
    the move's own words in italics, what each seat was told privately marked 🔒 with its
    name (with ``everything``)."""
    names = names_of(table)
    out: list[str] = []
    for said in said_to(entry.seat, entry.action.label, events, viewer, everything):
        text = texts.fill(said.text, names, said.seat)
        if said.label:
            text = f"*{text}*"
        elif said.to is not None:
            who = (names[said.to] if said.to < len(names)
                   else texts.SEAT_WORDS.format(seat=said.to + 1))
            text = texts.REPLAY_PRIVATE.format(who=texts.fill(who, []), said=text)
        out.append(text)
    return out


# -- a replay step as a message ------------------------------------------------------------


def _who_seat(who: str) -> int | None:
    return None if who == "b" else int(who[1:])


def _draw(table: Table, state: Any, seat: int | None) -> tuple[bytes, str, str]:
    """The picture of ``state`` as ``seat`` sees it (None: the public board), its text
    twin and its file name."""
    game = engine.get_game(table.game_id)
    view = game.view(state, seat)
    view["names"] = names_of(table)
    if seat is None:
        return render.draw_board(table.game_id, view), \
            render.text_board(table.game_id, view), "board.png"
    return render.draw_hand(table.game_id, view), render.text_hand(table.game_id, view), \
        "hand.png"


def _step_parts(table: Table, entries: Sequence[LogEntry], step: int, who: str
                ) -> tuple[Moment, list[tuple[int, str]], bytes, str, str]:
    m = moment(table, entries, step)
    png, twin, name = _draw(table, m.state, _who_seat(who))
    return m, chapters(table, entries), png, twin, name


async def replay_message(table: Table, entries: Sequence[LogEntry], step: int, who: str
                         ) -> dict[str, Any]:
    """The keyword arguments of the replay at ``step`` (clamped) as ``who`` sees it: what
    happened, the picture and its text twin, and the buttons."""
    if who != "b" and not reveals(table):
        raise IllegalAction(texts.HANDS_AFTER)
    seat = _who_seat(who)
    if seat is not None and not 0 <= seat < len(table.seats):
        who, seat = "b", None
    m, marks, png, twin, name = await asyncio.to_thread(_step_parts, table, entries, step, who)
    game = engine.get_game(table.game_id)
    names = names_of(table)
    chapter = next((label for at, label in reversed(marks) if at <= m.step), "")
    head = texts.REPLAY_HEAD.format(title=game.title, channel=table.id, step=m.step,
                                    total=m.total)
    if m.entry is None:
        said = texts.REPLAY_DEAL
    else:
        lines = move_lines(table, m.entry, m.events, None, reveals(table)) or \
            [texts.REPLAY_HIDDEN]
        mover = names[m.entry.seat] if m.entry.seat < len(names) else "?"
        said = f"**{m.step}.** {discord.utils.escape_markdown(mover)}: " + "\n".join(lines)
    if m.step == m.total:
        said += "\n" + (texts.REPLAY_END if table.status == FINISHED else texts.REPLAY_NOW)
    seen = texts.REPLAY_BOARD if seat is None else texts.REPLAY_HAND.format(name=names[seat])
    title = texts.clip(f"{chapter} · {seen}" if chapter else seen, 256)
    embed = discord.Embed(title=title, colour=COLOUR,
                          description=texts.clip(twin, texts.EMBED_LIMIT))
    embed.set_image(url=f"attachment://{name}")
    content = texts.clip(f"{head}\n{said}", texts.CONTENT_LIMIT)
    return {
        "content": content,
        "embed": embed,
        "attachments": [discord.File(io.BytesIO(png), name, description=texts.clip(title, 1024))],
        "view": _replay_view(table, m, marks, who),
        "allowed_mentions": discord.AllowedMentions.none(),
    }


def _replay_view(table: Table, m: Moment, marks: list[tuple[int, str]], who: str
                 ) -> discord.ui.View | None:
    key = table.key
    assert key is not None
    items: list[discord.ui.Item] = []
    moves = (("f", 0, "⏮", "First"), ("b", m.step - 1, "◀", "Back"),
             ("n", m.step + 1, "▶", "Next"), ("l", m.total, "⏭", "Last"))
    for tag, target, emoji, label in moves:
        target = max(0, min(target, m.total))
        items.append(replay_button(key, who, target, tag, label, emoji,
                                   disabled=target == m.step))
    items.append(replay_gif_button(key))
    if len(marks) > 1:
        items.append(replay_at_menu(key, who, _chapter_options(marks, m.step)))
    if reveals(table):
        items.append(replay_who_menu(key, m.step, _who_options(table, who)))
    return sent(*items)


def _chapter_options(marks: list[tuple[int, str]], step: int) -> list[discord.SelectOption]:
    """At most 25 rounds: all of them, or the first, the last and those around the round
    of ``step`` (choosing one at the edge moves the window on)."""
    here = max(i for i, (at, _) in enumerate(marks) if at <= step)
    shown = list(range(len(marks)))
    if len(marks) > MENU_SIZE:
        half = (MENU_SIZE - 2) // 2
        lo = max(1, min(here - half, len(marks) - 1 - (MENU_SIZE - 2)))
        shown = [0, *range(lo, lo + MENU_SIZE - 2), len(marks) - 1]
    return [discord.SelectOption(label=texts.clip(texts.REPLAY_CHAPTER_OPTION.format(
                                     chapter=marks[i][1], step=marks[i][0]),
                                                  texts.LABEL_LIMIT),
                                 value=str(marks[i][0]), default=i == here)
            for i in shown]


def _who_options(table: Table, who: str) -> list[discord.SelectOption]:
    opts = [discord.SelectOption(label=texts.REPLAY_BOARD_OPTION, value="b", emoji="🗺️",
                                 default=who == "b")]
    for i, seat in enumerate(table.seats[:MENU_SIZE - 1]):
        opts.append(discord.SelectOption(label=texts.clip(texts.REPLAY_HAND.format(name=seat.name), 100),
                                         value=f"s{i}", default=who == f"s{i}"))
    return opts


async def show_replay_step(interaction: discord.Interaction, key: int, step: int,
                           who: str) -> None:
    """Answer a replay button or menu: the same message, redrawn at ``step``."""
    await interaction.response.defer()
    table = check_may_see(interaction, await bot_of(interaction).store.get(key))
    entries = await whole_log(interaction, key)
    await interaction.edit_original_response(**await replay_message(table, entries, step, who))


# -- the GIF ------------------------------------------------------------------------------


def gif_steps(marks: list[tuple[int, str]], total: int) -> list[int]:
    """The moves a GIF shows: every move of a short game; else the start of every round and
    the end, thinned out evenly to at most GIF_FRAMES, or filled in evenly when the game has
    few rounds (Neuroshima counts battles)."""
    if total + 1 <= GIF_FRAMES:
        return list(range(total + 1))
    steps = sorted({at for at, _ in marks} | {0, total})
    if len(steps) > GIF_FRAMES:
        picked = {steps[round(i * (len(steps) - 1) / (GIF_FRAMES - 1))] for i in range(GIF_FRAMES)}
        return sorted(picked)
    if len(steps) < GIF_FRAMES // 2:
        even = {round(i * total / (GIF_FRAMES // 2 - 1)) for i in range(GIF_FRAMES // 2)}
        steps = sorted(set(steps) | even)
    return steps


def make_gif(table: Table, entries: Sequence[LogEntry], limit: int = GIF_LIMIT
             ) -> tuple[bytes, int]:
    """The animated GIF of ``table``'s game (public boards only) and its frame count, under
    ``limit`` bytes (render/replay.py). Pure but slow: run it off the event loop."""
    game = engine.get_game(table.game_id)
    marks = chapters(table, entries)
    wanted = gif_steps(marks, len(entries))
    state = game.setup(len(table.seats), table.options, table.seed)
    frames: list[tuple[bytes, str]] = []
    done = 0
    for step in wanted:
        for entry in entries[done:step]:
            game.apply(state, entry.seat, entry.action)
        done = step
        chapter = next((label for at, label in reversed(marks) if at <= step), "")
        png, _, _ = _draw(table, state, None)
        frames.append((png, texts.REPLAY_GIF_FRAME.format(chapter=chapter, step=step,
                                                           total=len(entries))))
    return animate(frames, limit), len(frames)


async def send_gif(interaction: discord.Interaction, table: Table) -> None:
    """The GIF of the whole game, privately, as a followup (the interaction is deferred)."""
    entries = await whole_log(interaction, table.key or 0)
    limit = min(GIF_LIMIT, interaction.filesize_limit)
    data, count = await asyncio.to_thread(make_gif, table, entries, limit)
    game = engine.get_game(table.game_id)
    name = f"parley-{table.game_id}-{table.key}.gif"
    text = texts.GIF_SENT.format(title=game.title, channel=table.id, count=count,
                                 moves=len(entries), megabytes=len(data) / 1_048_576)
    await interaction.followup.send(
        text, file=discord.File(io.BytesIO(data), name, description=texts.REPLAY_GIF_FILE.format(
            title=game.title)),
        ephemeral=True)


# -- what the command and the Replay button open ---------------------------------------


async def open_replay(interaction: discord.Interaction, table: Table, gif: bool = False
                      ) -> None:
    """The replay of ``table`` from the deal, privately (the interaction is deferred), and
    the GIF after it when asked."""
    entries = await whole_log(interaction, table.key or 0)
    await interaction.edit_original_response(**await replay_message(table, entries, 0, "b"))
    if gif:
        await send_gif(interaction, table)
