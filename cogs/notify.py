"""What the bot posts on its own: the turn message with the board, the lobby message, the
private DMs, the channel notices, and the turn clock loop.

The turn message is the table's public face: the board image (its text twin in the embed),
what just happened, and a mention of whoever must act, with the persistent **My hand / act**
and **Rules** buttons. A new one is posted when a new round begins, when someone new must
act (an edit would not notify them) and at the end; otherwise the last one is edited. The
store remembers it (``messages`` kind "turn"), so this works across restarts.

The hand message (issue 14, "Fewer DMs, and the right ones") is the same idea in private:
one DM per person per table (``messages`` kind "hand:<player id>"; the welcome DM is the
first one), edited in place as the hand changes, since an edit notifies nobody. A new DM,
which notifies, goes out only when the person asked for it with ``/game notify``
(``hand_dm``): when the game starts waiting for them and at the end (the default), or when
the turn clock reminds them; the previous hand message is then cut to one line pointing
below, so one message shows the hand.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands, tasks

import engine
import render
from cogs import texts
from cogs.adapters import adapter
from cogs.texts import fill
from data.tables import ClockEvent, Outcome
from engine.core import Event
from engine.table import (
    FINISHED,
    LOBBY,
    NOTIFY_REMINDERS,
    NOTIFY_TURNS,
    PLAYING,
    Table,
)

if TYPE_CHECKING:
    from cogs.bot import ParleyBot

log = logging.getLogger("parley.cogs")

COLOUR = discord.Colour(0x1F6F8B)
TURN = "turn"
LOBBY_MESSAGE = "lobby"
CLOCK_SECONDS = 60
#: how a hand goes to its person: a new DM (it notifies) or an edit of the hand message
NEW, EDIT = "new", "edit"


def game_of(table: Table) -> Any:
    return engine.get_game(table.game_id)


def channel_of(bot: ParleyBot, table: Table) -> discord.PartialMessageable:
    guild = int(table.guild) if table.guild else None
    return bot.get_partial_messageable(int(table.id), guild_id=guild)


def mention(table: Table, seat: int) -> str:
    s = table.seats[seat]
    return f"<@{s.player}>" if s.player and not s.is_ai else f"**{s.name}**"


def people_ids(table: Table, seats: Iterable[int]) -> list[discord.Object]:
    return [
        discord.Object(int(table.seats[s].player))  # type: ignore[arg-type]
        for s in seats
        if table.seats[s].player and not table.seats[s].is_ai
    ]


def pings(table: Table, seats: Iterable[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, users=people_ids(table, seats))


def public_texts(table: Table, events: Sequence[Event]) -> list[str]:
    names = [s.name for s in table.seats]
    return [fill(e.text, names) for e in events if e.to is None and e.text]


def private_texts(table: Table, events: Sequence[Event], seat: int) -> list[str]:
    names = [s.name for s in table.seats]
    return [fill(e.text, names, seat) for e in events
            if e.to is not None and seat in e.to and e.text]


# -- the board ------------------------------------------------------------------------------


def _draw_board(game_id: str, view: dict) -> tuple[bytes, str]:
    return render.draw_board(game_id, view), render.text_board(game_id, view)


def _draw_hand(game_id: str, view: dict) -> tuple[bytes, str]:
    return render.draw_hand(game_id, view), render.text_hand(game_id, view)


async def board_parts(table: Table) -> tuple[discord.Embed, discord.File]:
    """The public board of the table: an embed (the text twin) and its image file."""
    game = game_of(table)
    view = table.view(game, None)
    png, text = await asyncio.to_thread(_draw_board, table.game_id, view)
    title = adapter(table.game_id).headline(view, game.title)
    embed = discord.Embed(title=texts.clip(title, 256), colour=COLOUR,
                          description=texts.clip(text, texts.EMBED_LIMIT))
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text="My hand / act: your cards and moves, privately.")
    return embed, discord.File(io.BytesIO(png), "board.png", description=texts.clip(title, 1024))


async def hand_parts(table: Table, seat: int) -> tuple[discord.Embed, discord.File, dict]:
    """A seat's private view: an embed (text twin), its image, and the view itself."""
    game = game_of(table)
    view = table.view(game, seat)
    png, text = await asyncio.to_thread(_draw_hand, table.game_id, view)
    embed = discord.Embed(title=f"Your hand: {game.title}", colour=COLOUR,
                          description=texts.clip(text, texts.EMBED_LIMIT))
    embed.set_image(url="attachment://hand.png")
    return embed, discord.File(io.BytesIO(png), "hand.png", description="Your hand"), view


def status_line(table: Table, view: Mapping[str, Any]) -> tuple[str, list[int]]:
    """Who must act and what they are asked (or the result), and the seats to ping."""
    game = game_of(table)
    result = view.get("result")
    names = [seat.name for seat in table.seats]
    if table.status not in (PLAYING, LOBBY) and result:
        winners = list(result.get("winners") or [])
        who = texts.join_words(mention(table, s) for s in winners)
        reason = fill(str(result.get("reason") or ""), names)
        label = "Winner" if len(winners) == 1 else "Winners"
        return (f"🏁 **Game over.** {reason} {label}: {who}.", winners)
    if table.status != PLAYING:
        return ("This table is closed.", [])
    waiting = sorted(table.to_act(game))
    if not waiting:
        return ("", [])
    who = texts.join_words(mention(table, s) for s in waiting)
    prompt = adapter(table.game_id).prompt(view)
    pending = view.get("pending")
    if pending:
        prompt = fill(str(pending), names, view.get("pending_seat")) + "."
    return (f"⏳ {who}: {prompt}", waiting)


def turn_content(
    table: Table, view: Mapping[str, Any], events: Sequence[Event]
) -> tuple[str, list[int]]:
    """The turn message's text: what just happened, then who must act (or the result)."""
    line, ping = status_line(table, view)
    said = public_texts(table, events)
    # The same sentence twice in a row says nothing new (an event and its echo).
    news = [t for i, t in enumerate(said) if i == 0 or t != said[i - 1]]
    room = texts.CONTENT_LIMIT - len(line) - 4
    while news and len("\n".join(news)) > room:
        news.pop(0)  # the oldest news goes first; the board's log keeps the rest
    return (("\n".join(news) + "\n\n" + line).strip(), ping)


def turn_view(table: Table) -> discord.ui.View:
    # The import of views here is the cogs' known circle (STYLE.md, shape 1), kept as it was.
    from cogs.views import TableButton

    view = discord.ui.View(timeout=None)
    if table.status == PLAYING:
        view.add_item(TableButton("hand", table.key))
    view.add_item(TableButton("rules", table.key))
    return view


async def publish_board(
    bot: ParleyBot,
    table: Table,
    before: Mapping[str, Any] | None,
    events: Sequence[Event] = (),
    *,
    force_new: bool = False,
) -> discord.Message | None:
    """Post or edit the table's turn message after a change (see the module docstring).

    ``before`` is the public view the last turn message showed (None: unknown).
    """
    game = game_of(table)
    view = table.view(game, None)
    content, ping = turn_content(table, view, events)
    embed, file = await board_parts(table)
    new = force_new or before is None or _needs_new_post(table, before, view)
    ref = await bot.store.get_message(table.key, TURN)
    channel = channel_of(bot, table)
    extras: list[discord.File] = []
    if new:
        pictures = await asyncio.to_thread(adapter(table.game_id).extra_files, before, view)
        extras = [discord.File(io.BytesIO(data), name, description=about)
                  for name, data, about in pictures]
    if ref is not None and not new:
        try:
            msg = channel.get_partial_message(int(ref[1]))
            return await msg.edit(content=content, embed=embed, attachments=[file],
                                  view=turn_view(table), allowed_mentions=pings(table, ping))
        except discord.NotFound:
            file.reset()
    msg = await channel.send(content, embed=embed, files=[file, *extras], view=turn_view(table),
                             allowed_mentions=pings(table, ping))
    await bot.store.set_message(table.key, TURN, str(channel.id), str(msg.id))
    return msg


def _needs_new_post(table: Table, before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
    if after.get("result") and not before.get("result"):
        return True
    if table.status != PLAYING:
        return True
    ad = adapter(table.game_id)
    if ad.epoch(before) != ad.epoch(after):
        return True
    was = set(before.get("to_act") or [])
    now = {s for s in after.get("to_act") or [] if not table.seats[s].is_ai}
    return bool(now - was)


# -- the lobby ------------------------------------------------------------------------------


def lobby_embed(table: Table) -> discord.Embed:
    """The lobby message: the seats, the options in words, the turn clock, how to play on;
    its title follows the status (issue 14: a lobby that runs itself)."""
    game = game_of(table)
    lines = [f"{i + 1}. {mention(table, i)}" + (" (host)" if s.player == table.host else "")
             for i, s in enumerate(table.seats)]
    state = {LOBBY: "a table is open", PLAYING: "the game is on"}.get(
        table.status, "the table is closed")
    embed = discord.Embed(title=f"{game.title}: {state}", colour=COLOUR)
    # advanced options (dozens of rules questions) are listed only where they differ
    specs = game.options
    shown = {k: v for k, v in table.options.items()
             if k not in specs or not specs[k].advanced or v != specs[k].default}
    opts = " · ".join(f"{texts.option_name(k)}: {texts.option_value(v)}"
                      for k, v in sorted(shown.items())) or "the standard game"
    s = table.settings
    clock = texts.settings_summary(s.remind_minutes, s.limit_minutes, s.on_timeout)
    embed.description = (
        f"**Captains ({len(table.seats)}/{game.max_players}, "
        f"at least {game.min_players}):**\n" + "\n".join(lines)
        + f"\n\n**Options:** {opts}"
        + (f"\n\n{texts.CLOCK_HEAD}\n{clock}\n\n{texts.LOBBY_HELP}"
           if table.status == LOBBY else "")
    )
    return embed


def lobby_view(table: Table) -> discord.ui.View:
    """Join, Leave, Add AI and Start while the lobby is open (``views.LOBBY_KINDS``); Rules
    always."""
    # The import of views here is the cogs' known circle (STYLE.md, shape 1), kept as it was.
    from cogs.views import LOBBY_KINDS, TableButton

    view = discord.ui.View(timeout=None)
    if table.status == LOBBY:
        for kind in LOBBY_KINDS:
            view.add_item(TableButton(kind, table.key))
    view.add_item(TableButton("rules", table.key))
    return view


async def post_lobby(bot: ParleyBot, table: Table, content: str = "") -> discord.Message:
    embed = lobby_embed(table)
    channel = channel_of(bot, table)
    msg = await channel.send(content or None, embed=embed, view=lobby_view(table),
                             allowed_mentions=pings(table, range(len(table.seats))))
    await bot.store.set_message(table.key, LOBBY_MESSAGE, str(channel.id), str(msg.id))
    return msg


async def refresh_lobby(bot: ParleyBot, table: Table) -> None:
    """Edit the lobby message to show the seats now (after a join, leave or abort)."""
    ref = await bot.store.get_message(table.key, LOBBY_MESSAGE)
    if ref is None:
        return
    embed = lobby_embed(table)
    msg = channel_of(bot, table).get_partial_message(int(ref[1]))
    try:
        await msg.edit(embed=embed, view=lobby_view(table))
    except discord.NotFound:
        pass


# -- DMs ------------------------------------------------------------------------------------


async def notice_dm_closed(bot: ParleyBot, table: Table, player: str) -> bool:
    """Say once per table in its channel that this player's DMs are closed."""
    if not await bot.store.flag_once(table.key, f"dm-closed:{player}"):
        return False
    channel = channel_of(bot, table)
    who = discord.Object(int(player))
    await channel.send(texts.DM_CLOSED.format(mention=f"<@{player}>"),
                       allowed_mentions=discord.AllowedMentions(users=[who]))
    return True


async def send_dm(bot: ParleyBot, player: str, **kwargs: Any) -> discord.Message | None:
    """DM a user; None when their DMs are closed (Discord's 50007 or another 403)."""
    try:
        dm = await bot.create_dm(discord.Object(int(player)))
        return await dm.send(**kwargs)
    except discord.Forbidden:
        return None


def hand_kind(player: str) -> str:
    """The store's kind of a person's hand message at a table. Keyed by the person, not the
    seat: the message lives in that person's DMs."""
    return f"hand:{player}"


def hand_dm(mode: str, *, asked: bool = False, ended: bool = False, changed: bool = False,
            reminded: bool = False) -> str | None:
    """How a person's hand goes to them now (issue 14, "Fewer DMs, and the right ones"):
    ``NEW`` (a new DM, which notifies), ``EDIT`` (their hand message edited in place, which
    does not) or None.

    ``asked``: the game has just started waiting for them; ``ended``: the game is over;
    ``changed``: their hand, or whether it is their turn, changed; ``reminded``: the turn
    clock reminds them. Their ``/game notify`` choice (``mode``) decides the new DMs:

    - "turns" (the default): when the game starts waiting for them, and at the end;
    - "reminders": only when the turn clock reminds them (the channel's reminder pings in
      every mode), so a quick game sends none; not at the end either;
    - "none": never.

    In every mode the hand message that exists is edited when something in it changed: an
    edit notifies nobody, and a stale hand would mislead. Someone who chose "none" before
    the game gets that message only if the welcome DM reached them; ``/game hand`` always
    shows the hand.
    """
    if reminded:
        return NEW if mode == NOTIFY_REMINDERS else None
    if (asked or ended) and mode == NOTIFY_TURNS:
        return NEW
    return EDIT if asked or ended or changed else None


def hand_headline(table: Table, seat: int, reminded: str = "") -> str:
    """The line above a hand DM: it is your turn (and what you are asked), the reminder
    (``reminded`` is its head, "⏰ Reminder"), or the result; nothing while others play."""
    view = table.view(game_of(table), None)
    line, waiting = status_line(table, view)
    if table.status != PLAYING:
        return line if table.status == FINISHED else ""
    if seat not in waiting:
        return ""
    asked = line.split(": ", 1)[-1]
    if reminded:
        return f"{reminded}: the table is waiting for you. {asked}"
    return f"⏳ **It is your turn.** {asked}"


def _dm_message(bot: ParleyBot, ref: tuple[str, str]) -> discord.PartialMessage:
    channel = bot.get_partial_messageable(int(ref[0]), type=discord.ChannelType.private)
    return channel.get_partial_message(int(ref[1]))


async def send_hand(bot: ParleyBot, table: Table, seat: int, how: str,
                    events: Sequence[Event] = (), reminded: str = "") -> None:
    """Give a seat's person their private view (image, text twin, private news), as a new
    DM or by editing their hand message (``how``, see ``hand_dm``). A new DM becomes the
    hand message and the previous one is cut to a line. An edit of a message Discord no
    longer has (404) becomes a new DM for someone who takes DMs on every turn; for the
    others it waits for their next new DM. Closed DMs are told once in the channel."""
    s = table.seats[seat]
    if s.is_ai or not s.player or table.state is None:
        return
    kind = hand_kind(s.player)
    ref = await bot.store.get_message(table.key, kind)
    if how == EDIT and ref is None:
        return  # no hand message to keep up to date: the person has /game hand
    embed, file, _ = await hand_parts(table, seat)
    game = game_of(table)
    lines = [f"**{game.title}** in <#{table.id}>", hand_headline(table, seat, reminded),
             *private_texts(table, events, seat)]
    content = texts.clip("\n".join(x for x in lines if x), texts.CONTENT_LIMIT)
    quiet = discord.AllowedMentions.none()
    try:
        if how == EDIT and ref is not None:
            try:
                await _dm_message(bot, ref).edit(content=content, embed=embed,
                                                 attachments=[file], allowed_mentions=quiet)
                return
            except discord.NotFound:
                if s.notify != NOTIFY_TURNS:
                    return
                file.reset()
                ref = None
        msg = await send_dm(bot, s.player, content=content, embed=embed, file=file,
                            allowed_mentions=quiet)
        if msg is None:
            await notice_dm_closed(bot, table, s.player)
            return
        await bot.store.set_message(table.key, kind, str(msg.channel.id), str(msg.id))
        if ref is not None:
            await _retire_hand(bot, table, ref)
    except discord.Forbidden:
        await notice_dm_closed(bot, table, s.player)
    except discord.HTTPException:
        log.warning("could not DM table %s seat %s", table.key, seat, exc_info=True)


async def _retire_hand(bot: ParleyBot, table: Table, ref: tuple[str, str]) -> None:
    """Cut a former hand message to one line: the hand lives in the newest one."""
    text = texts.HAND_MOVED.format(title=game_of(table).title, channel=f"<#{table.id}>")
    try:
        await _dm_message(bot, ref).edit(content=text, embed=None, attachments=[])
    except discord.HTTPException:
        pass  # gone or refused: it only showed an older hand


def newly_waiting(seen: Sequence[Collection[int]]) -> set[int]:
    """The seats the game has started waiting for since the first of ``seen`` (the seats
    waited for before a change, then after each move of it): waited for at the end and
    not all along. A seat still in the turn it was in gets no new DM."""
    if not seen:
        return set()
    return {s for s in seen[-1] if any(s not in earlier for earlier in seen[:-1])}


def waiting_people(table: Table) -> frozenset[int]:
    """The people (not AI seats) the game waits for now."""
    return frozenset(s for s in table.to_act(game_of(table)) if not table.seats[s].is_ai)


async def dm_hands(bot: ParleyBot, outcome: Outcome, seen: Sequence[Collection[int]],
                   all_seats: bool = False) -> None:
    """After a change: each person's hand as ``hand_dm`` says, given the seats waited for
    along the change (``seen``, see ``newly_waiting``). ``all_seats``: the state before is
    unknown (the deal, a clock event), so every hand message is brought up to date."""
    table = outcome.table
    asked = newly_waiting(seen)
    turn_changed = {s for s in range(len(table.seats))
                    if seen and (s in seen[0]) != (s in seen[-1])}
    ended = outcome.finished and table.status == FINISHED
    for seat, s in enumerate(table.seats):
        if s.is_ai or not s.player:
            continue
        changed = all_seats or seat in outcome.private_changed or seat in turn_changed
        how = hand_dm(s.notify, asked=seat in asked, ended=ended, changed=changed)
        if how == NEW and ended and \
                not await bot.store.flag_once(table.key, f"end-dm:{s.player}"):
            how = EDIT  # the end is told once
        if how is not None:
            await send_hand(bot, table, seat, how, outcome.events)


async def welcome(bot: ParleyBot, table: Table, player: str) -> bool:
    """The short DM sent on joining, which becomes the person's hand message when the game
    begins; False (and the channel told once) when DMs are closed."""
    game = game_of(table)
    text = texts.WELCOME_DM.format(title=game.title, channel=f"<#{table.id}>")
    try:
        msg = await send_dm(bot, player, content=text)
    except discord.HTTPException:
        log.warning("could not DM a new player at table %s", table.key, exc_info=True)
        return True
    if msg is None:
        return False
    await bot.store.set_message(table.key, hand_kind(player), str(msg.channel.id), str(msg.id))
    return True


# -- after moves: the AI, the board, the DMs -----------------------------------------------


async def after_moves(
    bot: ParleyBot, outcome: Outcome, before: Mapping[str, Any] | None
) -> Outcome:
    """Let the AI seats move, post the board (one per finished round at least) and give
    each person their hand (``dm_hands``: a new DM when the game starts waiting for them,
    else an edit of their hand message). ``before`` is the public view before the change
    (None: unknown). Returns everything that happened."""
    table = outcome.table
    async with bot.table_lock(table.key):
        total = outcome
        shown = before
        pending: list[Event] = list(outcome.events)
        ad = adapter(table.game_id)
        # who the game waited for before the change, then after each move of it
        seen = [frozenset(before.get("to_act") or ()) if before is not None else frozenset(),
                waiting_people(outcome.table)]
        while total.ai_to_act and total.table.status == PLAYING:
            step = await bot.svc.run_ai(table.key, time.time(), max_moves=1)
            if step.table.version == total.table.version:
                break
            total = total.merge(step)
            seen.append(waiting_people(step.table))
            now_view = step.table.view(game_of(step.table), None)
            mid_view = shown if shown is not None else now_view
            if step.ai_to_act and ad.epoch(now_view) != ad.epoch(mid_view):
                # A round ended with the AI still to move: show that round's board now.
                await publish_board(bot, step.table, shown, pending + step.events, force_new=True)
                shown, pending = now_view, []
            else:
                pending += step.events
        await publish_board(bot, total.table, shown, pending)
        await dm_hands(bot, total, seen, all_seats=before is None)
    return total


# -- the clock ------------------------------------------------------------------------------


class ClockCog(commands.Cog):
    """Every minute: reminders and time-outs of every playing table (state in SQLite)."""

    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    @tasks.loop(seconds=CLOCK_SECONDS)
    async def loop(self) -> None:
        try:
            await self.run_clock(time.time())
        except Exception:
            log.exception("the turn clock failed; it runs again in a minute")

    @loop.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def run_clock(self, now: float) -> list[ClockEvent]:
        """One pass of the clock at time ``now``: what it did, after telling the tables."""
        events = await self.bot.svc.tick(now)
        for event in events:
            try:
                await self.tell(event)
            except discord.HTTPException:
                log.warning("could not post the clock notice of table %s", event.table.key,
                            exc_info=True)
        return events

    async def tell(self, event: ClockEvent) -> None:
        table = event.table
        game = game_of(table)
        channel = channel_of(self.bot, table)
        who = texts.join_words(mention(table, s) for s in event.seats)
        if event.kind == "remind":
            view = table.view(game, None)
            line, _ = status_line(table, view)
            ref = await self.bot.store.get_message(table.key, TURN)
            link = (f" The board: https://discord.com/channels/{table.guild or '@me'}/"
                    f"{ref[0]}/{ref[1]}" if ref else "")
            head = "⌛ Time is up" if event.timed_out else "⏰ Reminder"
            await channel.send(
                f"{head}: the table is waiting for {who}.{link}\n{line}".strip(),
                allowed_mentions=pings(table, event.seats),
            )
            async with self.bot.table_lock(table.key):
                for seat in event.seats:
                    if hand_dm(table.seats[seat].notify, reminded=True) == NEW:
                        await send_hand(self.bot, table, seat, NEW, reminded=head)
            return
        if event.kind == "ai-seat":
            formers = [table.seats[s].former for s in event.seats if table.seats[s].former]
            late = texts.join_words(f"<@{p}>" for p in formers)
            text = (f"⌛ Time is up{f' for {late}' if late else ''}: an AI took over, as {who}, "
                    "for the rest of the game.")
            allowed = discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(int(p)) for p in formers])
        else:
            text = f"⌛ Time is up: an AI made the move for {who}."
            allowed = pings(table, event.seats)
        await channel.send(text, allowed_mentions=allowed)
        outcome = event.outcome or Outcome(table)
        await after_moves(self.bot, outcome, None)
