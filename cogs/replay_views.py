"""The table's log on Discord (issue 15): a replay stepped through with buttons, its animated
GIF, the history paged, and the buttons of an undo request; each click carries what it needs
in its custom id, so every button works after a restart (``REPLAY_ITEMS``, registered by
the bot). The commands that post these are in cogs/replay.py.

Custom ids (the kind after ``parley:``, then the table key, as cogs/errors.py logs them):

- ``parley:replay:<key>:<who>:<step>:<tag>``: show move ``<step>`` of the replay (0: the
  deal) as ``<who>`` sees it: ``b`` the public board, ``s<N>`` seat N's hand (only once the
  game is over). ``<tag>`` tells apart the four buttons: first, back, next, last.
- ``parley:replayat:<key>:<who>``: a menu of the game's rounds; each value is a move number.
- ``parley:replaywho:<key>:<step>``: a menu of whose view to show (the game is over).
- ``parley:replaygif:<key>``: the animated GIF of the whole game.
- ``parley:history:<key>:<page>:<tag>``: a page of the history (15 moves).
- ``parley:undo:<key>:<yes|no>:<seq>:<seat>:<move>:<until>:<agreed>``: an answer to a
  request to take back move ``<seq>`` of ``<seat>`` (``<move>``: the move's digest,
  data/undo.py), open until the epoch second ``<until>``; ``<agreed>`` is the bit mask of
  the seats that have agreed so far.

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
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord.ui import Button, DynamicItem, Select

import engine
import render
from cogs import texts
from cogs.adapters import adapter
from cogs.components import log_button, sent
from cogs.errors import answer, guarded
from cogs.messages import mention, pings
from cogs.publish import channel_of
from cogs.seats import bot_of, names_of
from cogs.table_actions import play_on
from data import undo
from data.store import LogEntry
from engine.core import Event, IllegalAction
from engine.table import FINISHED, Table
from render.replay import GIF_LIMIT, animate

if TYPE_CHECKING:
    from cogs.bot import ParleyBot

log = logging.getLogger("parley.cogs")

COLOUR = discord.Colour(0x1F6F8B)
HISTORY_PAGE = 15
#: the longest line of a history page: a page of them fits an embed's 4,096 characters
HISTORY_LINE = 260
#: the most frames of a GIF: a few minutes of drawing at most, a few MB
GIF_FRAMES = 80
#: the log is read whole: a replay and a history page replay it from the seed
WHOLE_LOG = 10_000_000
MENU_SIZE = 25

NO_SUCH_TABLE = "I know no such table: pick one from the list that appears while you type."
NOT_YOURS = "That table is on another server."
NOT_VISIBLE = ("You can look at the tables of the channels you can read, and at the games "
               "you played in.")
HANDS_AFTER = "Hands are shown in a replay once the game is over."
NOT_HERE = "That button belongs to another table: ask at the table, with `/game undo`."
NOT_DEALT = "That game was never dealt: there is nothing to replay."
#: the history opens on its newest page
NEWEST = 10**9


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
        raise IllegalAction(NO_SUCH_TABLE)
    if table.guild is None or str(interaction.guild_id) != table.guild:
        raise IllegalAction(NOT_YOURS)
    if not may_see(interaction, table):
        raise IllegalAction(NOT_VISIBLE)
    if table.state is None:
        raise IllegalAction(NOT_DEALT)
    return table


def reveals(table: Table) -> bool:
    """Whether a replay of ``table`` shows hidden things: once its game is over."""
    return table.status == FINISHED


async def whole_log(interaction: discord.Interaction, key: int) -> list[LogEntry]:
    return await bot_of(interaction).store.history(key, limit=WHOLE_LOG)


# -- the game replayed from its log (pure; run off the event loop) --------------------------


@dataclass
class Moment:
    """The game after ``step`` moves of its log (0: as dealt): the state, and the move that
    led there (None at the deal) with its events."""

    step: int
    total: int
    state: Any
    entry: LogEntry | None
    events: list[Event]


def moment(table: Table, entries: Sequence[LogEntry], step: int) -> Moment:
    """Replay ``table``'s game from its seed up to ``step`` of ``entries`` (its whole log),
    as the engine promises: the same seed and moves give the same state."""
    game = engine.get_game(table.game_id)
    step = max(0, min(step, len(entries)))
    state = game.setup(len(table.seats), table.options, table.seed)
    events: list[Event] = []
    for entry in entries[:step]:
        events = game.apply(state, entry.seat, entry.action)
    return Moment(step, len(entries), state, entries[step - 1] if step else None, events)


def chapters(table: Table, entries: Sequence[LogEntry]) -> list[tuple[int, str]]:
    """The steps where a new round (the game's "epoch": cogs/adapters.py) begins, with a
    label from the game's headline ("round 4"): (step, label), the deal first."""
    game = engine.get_game(table.game_id)
    ad = adapter(table.game_id)
    state = game.setup(len(table.seats), table.options, table.seed)
    view = game.view(state, None)
    out = [(0, _chapter_label(ad, view, game.title, "The deal"))]
    epoch = ad.epoch(view)
    for step, entry in enumerate(entries, 1):
        game.apply(state, entry.seat, entry.action)
        view = game.view(state, None)
        if ad.epoch(view) != epoch:
            epoch = ad.epoch(view)
            out.append((step, _chapter_label(ad, view, game.title, f"Move {step}")))
    return out


def _chapter_label(ad: Any, view: dict, title: str, fallback: str) -> str:
    line = ad.headline(view, title)
    rest = line[len(title):].lstrip(" ·,") if line.startswith(title) else line
    return texts.clip(rest[:1].upper() + rest[1:] if rest else fallback, 80)


def move_lines(table: Table, entry: LogEntry, events: Sequence[Event], viewer: int | None,
               everything: bool) -> list[str]:
    """What one logged move says to ``viewer``: its label (their own move, or any move once
    ``everything`` may be shown), the public events, and the private ones they may read
    (all of them, marked with who received them, with ``everything``)."""
    names = names_of(table)
    out: list[str] = []
    if entry.action.label and (everything or entry.seat == viewer):
        out.append(f"*{texts.fill(entry.action.label, names, entry.seat)}*")
    for e in events:
        if not e.text:
            continue
        if e.to is None:
            out.append(texts.fill(e.text, names))
        elif everything:
            for seat in sorted(e.to):
                who = names[seat] if seat < len(names) else f"seat {seat + 1}"
                out.append(f"🔒 {texts.fill(who, [])}: {texts.fill(e.text, names, seat)}")
        elif viewer is not None and viewer in e.to:
            out.append(texts.fill(e.text, names, viewer))
    return out


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
            ["(a move kept hidden from you)"]
        who = names[entry.seat] if entry.seat < len(names) else f"seat {entry.seat + 1}"
        line = f"**{entry.seq}.** {discord.utils.escape_markdown(who)}: {' '.join(said)}"
        lines.append(texts.clip(" ".join(line.split()), HISTORY_LINE))
    return lines, pages


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
        raise IllegalAction(HANDS_AFTER)
    seat = _who_seat(who)
    if seat is not None and not 0 <= seat < len(table.seats):
        who, seat = "b", None
    m, marks, png, twin, name = await asyncio.to_thread(_step_parts, table, entries, step, who)
    game = engine.get_game(table.game_id)
    names = names_of(table)
    chapter = next((label for at, label in reversed(marks) if at <= m.step), "")
    head = f"**Replay of {game.title}** in <#{table.id}> · move {m.step} of {m.total}"
    if m.entry is None:
        said = "The game as dealt, before the first move."
    else:
        lines = move_lines(table, m.entry, m.events, None, reveals(table)) or \
            ["(a move kept hidden)"]
        mover = names[m.entry.seat] if m.entry.seat < len(names) else "?"
        said = f"**{m.step}.** {discord.utils.escape_markdown(mover)}: " + "\n".join(lines)
    if m.step == m.total:
        said += "\n" + ("🏁 The end of the game." if table.status == FINISHED
                        else "This is where the game stands now.")
    seen = "the public board" if seat is None else f"{names[seat]}'s hand"
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
                 ) -> discord.ui.View:
    key = table.key
    assert key is not None
    view = discord.ui.View(timeout=None)
    moves = (("f", 0, "⏮", "First"), ("b", m.step - 1, "◀", "Back"),
             ("n", m.step + 1, "▶", "Next"), ("l", m.total, "⏭", "Last"))
    for tag, target, emoji, label in moves:
        target = max(0, min(target, m.total))
        view.add_item(ReplayButton(key, who, target, tag, label, emoji,
                                   disabled=target == m.step))
    view.add_item(GifButton(key))
    if len(marks) > 1:
        view.add_item(ChapterSelect(key, who, _chapter_options(marks, m.step)))
    if reveals(table):
        view.add_item(WhoSelect(key, m.step, _who_options(table, who)))
    return view


def _chapter_options(marks: list[tuple[int, str]], step: int) -> list[discord.SelectOption]:
    """At most 25 rounds: all of them, or the first, the last and those around the round
    of ``step`` (choosing one at the edge moves the window on)."""
    here = max(i for i, (at, _) in enumerate(marks) if at <= step)
    shown = list(range(len(marks)))
    if len(marks) > MENU_SIZE:
        half = (MENU_SIZE - 2) // 2
        lo = max(1, min(here - half, len(marks) - 1 - (MENU_SIZE - 2)))
        shown = [0, *range(lo, lo + MENU_SIZE - 2), len(marks) - 1]
    return [discord.SelectOption(label=texts.clip(f"{marks[i][1]} (move {marks[i][0]})",
                                                  texts.LABEL_LIMIT),
                                 value=str(marks[i][0]), default=i == here)
            for i in shown]


def _who_options(table: Table, who: str) -> list[discord.SelectOption]:
    opts = [discord.SelectOption(label="The public board", value="b", emoji="🗺️",
                                 default=who == "b")]
    for i, seat in enumerate(table.seats[:MENU_SIZE - 1]):
        opts.append(discord.SelectOption(label=texts.clip(f"{seat.name}'s hand", 100),
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
        frames.append((png, f"{chapter} · move {step} of {len(entries)}"))
    return animate(frames, limit), len(frames)


async def send_gif(interaction: discord.Interaction, table: Table) -> None:
    """The GIF of the whole game, privately, as a followup (the interaction is deferred)."""
    entries = await whole_log(interaction, table.key or 0)
    limit = min(GIF_LIMIT, interaction.filesize_limit)
    data, count = await asyncio.to_thread(make_gif, table, entries, limit)
    game = engine.get_game(table.game_id)
    name = f"parley-{table.game_id}-{table.key}.gif"
    text = (f"🎞️ **{game.title}** in <#{table.id}>, the whole game on the public board: "
            f"{count} pictures from the deal to move {len(entries)}, one per round "
            f"({len(data) / 1_048_576:.1f} MB).")
    await interaction.followup.send(
        text, file=discord.File(io.BytesIO(data), name, description=f"{game.title}: the game"),
        ephemeral=True)


# -- the history --------------------------------------------------------------------------


async def history_message(table: Table, entries: Sequence[LogEntry], viewer: int | None,
                          page: int) -> dict[str, Any]:
    """The keyword arguments of history page ``page`` (clamped; the newest for a large
    number) as ``viewer`` may read it: the moves in an embed, and the page buttons."""
    lines, pages = await asyncio.to_thread(history_page, table, entries, viewer, page)
    page = max(1, min(page, pages))
    game = engine.get_game(table.game_id)
    head = (f"**Moves at the {game.title} table** in <#{table.id}> · page {page} of {pages}"
            + (" · the game is over: every move is shown" if reveals(table) else ""))
    embed = discord.Embed(colour=COLOUR, description=texts.clip(
        "\n".join(lines) or "No move has been made yet.", texts.EMBED_LIMIT))
    view = discord.ui.View(timeout=None)
    key = table.key or 0
    pager = (("f", 1, "⏮", "Oldest"), ("b", page - 1, "◀", "Older"),
             ("n", page + 1, "▶", "Newer"), ("l", pages, "⏭", "Newest"))
    for tag, target, emoji, label in pager:
        target = max(1, min(target, pages))
        view.add_item(HistoryButton(key, target, tag, label, emoji, disabled=target == page))
    return {"content": head, "embed": embed, "view": view,
            "allowed_mentions": discord.AllowedMentions.none()}


# -- the components ------------------------------------------------------------------------


class ReplayButton(DynamicItem[Button], template=(
        r"parley:replay:(?P<key>[0-9]+):(?P<who>b|s[0-9]):(?P<step>[0-9]+):(?P<tag>[fbnl])")):
    def __init__(self, key: int, who: str, step: int, tag: str, label: str = "Go",
                 emoji: str | None = None, disabled: bool = False) -> None:
        super().__init__(Button(label=label, emoji=emoji, disabled=disabled,
                                style=discord.ButtonStyle.secondary,
                                custom_id=f"parley:replay:{key}:{who}:{step}:{tag}"))
        self.key, self.who, self.step = key, who, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> ReplayButton:
        return cls(int(match["key"]), match["who"], int(match["step"]), match["tag"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, show_replay_step(interaction, self.key, self.step, self.who))


class ChapterSelect(DynamicItem[Select], template=(
        r"parley:replayat:(?P<key>[0-9]+):(?P<who>b|s[0-9])")):
    def __init__(self, key: int, who: str, options: list[discord.SelectOption]) -> None:
        super().__init__(Select(custom_id=f"parley:replayat:{key}:{who}", options=options,
                                placeholder="Jump to a round…"))
        self.key, self.who = key, who

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> ChapterSelect:
        return cls(int(match["key"]), match["who"], list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = str(self.item.values[0]) if self.item.values else "0"
        step = int(value) if value.isdigit() and len(value) < 9 else 0
        await guarded(interaction, show_replay_step(interaction, self.key, step, self.who))


class WhoSelect(DynamicItem[Select], template=r"parley:replaywho:(?P<key>[0-9]+):(?P<step>[0-9]+)"):
    def __init__(self, key: int, step: int, options: list[discord.SelectOption]) -> None:
        super().__init__(Select(custom_id=f"parley:replaywho:{key}:{step}", options=options,
                                placeholder="Whose view…"))
        self.key, self.step = key, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> WhoSelect:
        return cls(int(match["key"]), int(match["step"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = str(self.item.values[0]) if self.item.values else "b"
        who = value if re.fullmatch(r"b|s[0-9]", value) else "b"
        await guarded(interaction, show_replay_step(interaction, self.key, self.step, who))


class GifButton(DynamicItem[Button], template=r"parley:replaygif:(?P<key>[0-9]+)"):
    def __init__(self, key: int) -> None:
        super().__init__(Button(label="GIF", emoji="🎞️", style=discord.ButtonStyle.primary,
                                custom_id=f"parley:replaygif:{key}"))
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


class HistoryButton(DynamicItem[Button], template=(
        r"parley:history:(?P<key>[0-9]+):(?P<page>[0-9]+):(?P<tag>[fbnl])")):
    def __init__(self, key: int, page: int, tag: str, label: str = "Go",
                 emoji: str | None = None, disabled: bool = False) -> None:
        super().__init__(Button(label=label, emoji=emoji, disabled=disabled,
                                style=discord.ButtonStyle.secondary,
                                custom_id=f"parley:history:{key}:{page}:{tag}"))
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


# -- undo by consent ----------------------------------------------------------------------

UNDO_ASK = (
    "↩️ {asker} asks to take back their last move: {said}\n"
    "{asked}: do you agree? Everyone asked must agree {until}; one “Keep it” keeps the move."
)
UNDO_AGREED_SO_FAR = "Agreed so far: {names}."
UNDO_DONE = "↩️ {asker}'s move was taken back, with everyone's agreement: {said}"
UNDO_DONE_ALONE = "↩️ {asker} took back their last move (the computer captains agree): {said}"
UNDO_ASKED = "I asked {asked} in the channel: the move is taken back once everyone agrees."
UNDO_TAKEN = "Your last move was taken back."
UNDO_SURE = "Take back your last move? {said}\n{asked}"
UNDO_SURE_ASKED = "{asked} will be asked in the channel; it is taken back once everyone agrees."
UNDO_SURE_ALONE = "Only computer captains play with you: it is taken back at once."
UNDO_KEPT = "✋ {who} keeps the move: {asker}'s move stands. ({said})"
UNDO_WITHDRAWN = "{asker} withdrew the request: the move stands. ({said})"
UNDO_LAPSED = "⌛ Not everyone agreed in time: {asker}'s move stands. ({said})"
UNDO_STALE = "The table moved on: {asker}'s request lapsed and the move stands."
UNDO_NOT_ASKED = "Only the players asked answer this request."
UNDO_ASKER_AGREES = "You asked; the others decide. **Keep it** withdraws your request."

#: the wall clock the requests' deadlines are read on (a test moves it on)
clock = time.time

#: message id -> [the seats that agreed, the timer that ends the request]: the clicks
#: of one request counted in this process (two clicks at once each see the message as it
#: was); the message's custom ids carry the same count across a restart
_PENDING: OrderedDict[int, list[Any]] = OrderedDict()
_PENDING_MOST = 500


def move_said(table: Table, said: Sequence[str]) -> str:
    names = names_of(table)
    return "*" + texts.clip(" ".join(texts.fill(t, names) for t in said) or "a move kept "
                            "to themselves", 400) + "*"


def undo_content(table: Table, request: undo.UndoRequest, until: int, agreed: int) -> str:
    asked = [mention(table, s) for s in sorted(request.asked)]
    text = UNDO_ASK.format(asker=mention(table, request.seat), said=move_said(table, request.said),
                           asked=texts.join_words(asked), until=f"<t:{until}:R>")
    yes = [mention(table, s) for s in sorted(request.asked) if agreed >> s & 1]
    if yes:
        text += "\n" + UNDO_AGREED_SO_FAR.format(names=texts.join_words(yes))
    return texts.clip(text, texts.CONTENT_LIMIT)


def undo_view(request: undo.UndoRequest, until: int, agreed: int) -> discord.ui.View:
    """The request's two buttons (Agree, Keep it)."""
    view = discord.ui.View(timeout=None)
    for vote in ("yes", "no"):
        view.add_item(UndoButton(request.key, vote, request.seq, request.seat,
                                 request.digest, until, agreed))
    return view


async def post_undo_request(bot: ParleyBot, table: Table, request: undo.UndoRequest) -> None:
    """Ask the others in the table's channel, pinging them, with Agree and Keep it. In this
    process a timer closes the request when its time is up; after a restart, the first
    click past the deadline does."""
    until = int(clock() + undo.UNDO_WAIT)
    msg = await channel_of(bot, table).send(undo_content(table, request, until, 0),
                                            view=undo_view(request, until, 0),
                                            allowed_mentions=pings(table, request.asked))
    timer = asyncio.get_running_loop().call_later(
        max(0.0, until - clock()),
        lambda: asyncio.ensure_future(_lapse(table, request, msg)))
    _remember(msg.id, 0, timer)


async def _lapse(table: Table, request: undo.UndoRequest, msg: discord.Message) -> None:
    """The request's time is up and nobody finished it: the message says so."""
    if _PENDING.pop(msg.id, None) is None:
        return  # answered meanwhile
    text = UNDO_LAPSED.format(asker=mention(table, request.seat),
                              said=move_said(table, request.said))
    try:
        await msg.edit(content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
    except Exception:  # noqa: BLE001 - gone, or the bot is closing: the next click tells
        log.info("could not close the lapsed undo request of table %s", request.key)


def _remember(message_id: int, agreed: int, timer: asyncio.TimerHandle | None) -> None:
    _PENDING[message_id] = [agreed, timer]
    _PENDING.move_to_end(message_id)
    while len(_PENDING) > _PENDING_MOST:
        _, (_, old) = _PENDING.popitem(last=False)
        if old is not None:
            old.cancel()


def _forget(message_id: int) -> None:
    entry = _PENDING.pop(message_id, None)
    if entry is not None and entry[1] is not None:
        entry[1].cancel()


class UndoButton(DynamicItem[Button], template=(
        r"parley:undo:(?P<key>[0-9]+):(?P<vote>yes|no):(?P<seq>[0-9]+):(?P<seat>[0-9]+):"
        r"(?P<code>[0-9a-f]{10}):(?P<until>[0-9]+):(?P<agreed>[0-9]+)")):
    """Agree or Keep it, on a request to take back a move (see data/undo.py)."""

    def __init__(self, key: int, vote: str, seq: int, seat: int, code: str, until: int,
                 agreed: int) -> None:
        yes = vote == "yes"
        super().__init__(Button(
            label="Agree" if yes else "Keep it", emoji="✅" if yes else "✋",
            style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
            custom_id=f"parley:undo:{key}:{vote}:{seq}:{seat}:{code}:{until}:{agreed}"))
        self.key, self.vote, self.seq, self.seat = key, vote, seq, seat
        self.code, self.until, self.agreed = code, until, agreed

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any,
                             match: re.Match[str]) -> UndoButton:
        return cls(int(match["key"]), match["vote"], int(match["seq"]), int(match["seat"]),
                   match["code"], int(match["until"]), int(match["agreed"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        await interaction.response.defer()
        message_id = interaction.message.id if interaction.message is not None else 0
        table = await bot.store.get(self.key)
        if table is None or table.guild is None or str(interaction.guild_id) != table.guild:
            raise IllegalAction(NOT_YOURS)
        try:
            table, request = await undo.still_open(bot.store, self.key, self.seq, self.seat,
                                                   self.code)
        except IllegalAction:
            _forget(message_id)
            await self._close(interaction, UNDO_STALE.format(asker=mention(table, self.seat)))
            raise
        voter = table.seat_of(str(interaction.user.id))
        said = move_said(table, request.said)
        asker = mention(table, self.seat)
        if clock() > self.until:
            _forget(message_id)
            await self._close(interaction, UNDO_LAPSED.format(asker=asker, said=said))
            return
        if voter == self.seat:
            if self.vote == "yes":
                await answer(interaction, UNDO_ASKER_AGREES)
                return
            _forget(message_id)
            await self._close(interaction, UNDO_WITHDRAWN.format(asker=asker, said=said))
            return
        if voter is None or voter not in request.asked:
            await answer(interaction, UNDO_NOT_ASKED)
            return
        if self.vote == "no":
            _forget(message_id)
            await self._close(interaction, UNDO_KEPT.format(
                who=mention(table, voter), asker=asker, said=said))
            return
        async with bot.table_lock(self.key):
            known = _PENDING.get(message_id, [0, None])
            agreed = self.agreed | known[0] | (1 << voter)
            if not all(agreed >> s & 1 for s in request.asked):
                _remember(message_id, agreed, known[1])
                await interaction.edit_original_response(
                    content=undo_content(table, request, self.until, agreed),
                    view=undo_view(request, self.until, agreed),
                    allowed_mentions=discord.AllowedMentions.none())
                return
            outcome = await undo.take_back(bot.store, request, time.time())
            _forget(message_id)
        await self._close(interaction, UNDO_DONE.format(asker=asker, said=said))
        await play_on(bot, outcome, interaction)

    async def _close(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.edit_original_response(
            content=text, view=None, allowed_mentions=discord.AllowedMentions.none())


# -- what the commands and the open buttons do -------------------------------------------


async def open_replay(interaction: discord.Interaction, table: Table, gif: bool = False
                      ) -> None:
    """The replay of ``table`` from the deal, privately (the interaction is deferred), and
    the GIF after it when asked."""
    entries = await whole_log(interaction, table.key or 0)
    await interaction.edit_original_response(**await replay_message(table, entries, 0, "b"))
    if gif:
        await send_gif(interaction, table)


async def open_history(interaction: discord.Interaction, table: Table) -> None:
    """The newest page of ``table``'s history as the user may read it (deferred)."""
    viewer = table.seat_of(str(interaction.user.id))
    entries = await whole_log(interaction, table.key or 0)
    await interaction.edit_original_response(
        **await history_message(table, entries, viewer, NEWEST))


async def ask_to_take_back(interaction: discord.Interaction, table: Table) -> None:
    """The user asks to take back their last move at ``table`` (deferred, privately): the
    request goes to the channel, or, with nobody to ask, the move is taken back at once.
    IllegalAction with the reason when it cannot be asked (data/undo.py)."""
    bot = bot_of(interaction)
    request = await undo.ask(bot.store, table, str(interaction.user.id))
    if request.asked:
        await post_undo_request(bot, table, request)
        asked = texts.join_words(mention(table, s) for s in sorted(request.asked))
        await interaction.edit_original_response(content=UNDO_ASKED.format(asked=asked))
        return
    async with bot.table_lock(request.key):
        outcome = await undo.take_back(bot.store, request, time.time())
    await channel_of(bot, table).send(
        UNDO_DONE_ALONE.format(asker=mention(table, request.seat),
                               said=move_said(table, request.said)),
        allowed_mentions=discord.AllowedMentions.none())
    await interaction.edit_original_response(content=UNDO_TAKEN)
    await play_on(bot, outcome, interaction)


async def confirm_take_back(interaction: discord.Interaction, table: Table) -> None:
    """**Take it back** on the turn message asks the clicker first, privately (issue 22: one
    click no longer pings the whole table): which move, who would be asked, and a button
    that sends the request. IllegalAction with the reason when it cannot be asked."""
    request = await undo.ask(bot_of(interaction).store, table, str(interaction.user.id))
    who = texts.join_words(table.seats[s].name for s in sorted(request.asked))
    text = UNDO_SURE.format(said=move_said(table, request.said),
                            asked=UNDO_SURE_ASKED.format(asked=who) if request.asked
                            else UNDO_SURE_ALONE)
    await interaction.edit_original_response(
        content=text, view=sent(log_button("undosure", table.key or 0)))


class TableLogButton(DynamicItem[Button], template=(
        r"parley:(?P<kind>replayopen|historyopen|undoask|undosure):(?P<key>[0-9]+)")):
    """A button of the turn message that opens the table's replay (once the game is over),
    its history, or asks to take back the clicker's last move (while it runs): what the
    commands do, by click. The turn message carries plain buttons with these ids
    (``cogs.components.log_button``, ``cogs.messages.turn_components``); this class answers
    them."""

    def __init__(self, kind: str, key: int) -> None:
        super().__init__(log_button(kind, key))
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
                    raise IllegalAction(NOT_HERE)
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


REPLAY_ITEMS = (ReplayButton, ChapterSelect, WhoSelect, GifButton, HistoryButton, UndoButton,
                TableLogButton)
