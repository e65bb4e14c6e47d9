"""The table actions: every change the commands and the buttons make to a table, each one
a call of the table service and then the publisher (``cogs/table/publish.py``).

A command and the button that does the same thing call the same action, so they cannot
drift apart. Refusals are the service's and the engine's ``IllegalAction`` sentences,
answered privately by the caller's error handler; nothing is said in public then. After a
change that may leave the AI to move, ``play_on`` lets the AI seats move and publishes it
all, one table at a time (``ParleyBot.table_lock``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from cogs.look import clock_texts, texts, turn_texts
from cogs.look.actions import label
from cogs.look.messages import mention, pings
from cogs.look.seats import at_table, bot_of, typed_seat
from cogs.table.away import tell_back
from cogs.table.delivery import deliver, resume_tables
from cogs.table.publish import (
    announce,
    channel_of,
    post_lobby,
    publish_board,
    remind,
)
from cogs.table.telling import OWN_CHOICE
from data.away import come_back
from data.store import DamagedTable, TableExists
from data.tables import ClockEvent, Outcome
from engine.away import is_away
from engine.core import Action, IllegalAction
from engine.table import ABANDONED, LOBBY, PLAYING, Table

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

log = logging.getLogger("parley.cogs")


async def play_on(bot: ParleyBot, outcome: Outcome,
                  interaction: discord.Interaction | None = None) -> Outcome:
    """After a change: the AI seats move, one move at a time, then the publisher shows what
    the change owes (``cogs/table/delivery.py``: recorded with the change, delivered once,
    tried again after any trouble, which is told to the person of ``interaction``).
    Returns the whole outcome, AI moves included."""
    key = outcome.table.key
    assert key is not None
    done = await deliver(bot, key, interaction=interaction)
    return outcome if done is None else outcome.merge(done)


def _seat_change(before: Table, after: Table) -> str:
    """What the channel hears besides the change itself: a new host, or the end of a
    table no person is left at."""
    if after.status == ABANDONED and before.status != ABANDONED:
        return " " + texts.ABANDONED_EMPTY
    if after.host != before.host:
        host = after.seat_of(after.host)
        return "" if host is None else " " + texts.NEW_HOST.format(mention=mention(after, host))
    return ""


def _host_ping(after: Table) -> list[int]:
    host = after.seat_of(after.host)
    return [] if host is None else [host]


# -- the lobby and the seats -----------------------------------------------------------------


async def open_table(
    interaction: discord.Interaction,
    game_id: str,
    options: Mapping[str, Any],
    channel_id: int,
    parent: str | None,
    title: str,
) -> Table:
    """Open a table of ``game_id`` in ``channel_id`` (a thread of ``parent``, or the
    channel itself) with the user as its host in the first seat: the lobby message is
    posted there and the host gets the welcome DM."""
    bot = bot_of(interaction)
    user = interaction.user
    seed = f"{bot.config.seed}:{channel_id}" if bot.config.seed else None
    try:
        table = await bot.svc.new(
            game_id, str(channel_id), str(user.id), user.display_name, dict(options),
            guild=str(interaction.guild_id), parent=parent, title=title, now=time.time(),
            seed=seed)
    except (TableExists, ValueError) as err:
        raise IllegalAction(str(err)) from None
    await post_lobby(bot, table, texts.OPENED.format(mention=user.mention))
    await announce(bot, table, "", welcome=str(user.id))
    return table


async def join(interaction: discord.Interaction, table: Table) -> None:
    """Seat the user at ``table``: in the lobby (welcomed by DM), or once the game runs
    in an open seat, whose hand then comes to them by DM (issue 14). Only in the table's
    own channel (``at_table``)."""
    at_table(interaction, table, texts.WRONG_CHANNEL_JOIN)
    bot = bot_of(interaction)
    player = str(interaction.user.id)
    outcome = await bot.svc.join(table.id, player, interaction.user.display_name, time.time())
    after = outcome.table
    if after.status == LOBBY:
        await announce(bot, after, texts.JOINED.format(
            mention=interaction.user.mention, seated=len(after.seats),
            most=after.game.max_players), interaction=interaction, lobby=True, welcome=player)
        return
    seat = after.seat_of(player)
    assert seat is not None
    name = discord.utils.escape_markdown(table.seats[seat].name)
    await announce(bot, after, texts.TOOK_SEAT.format(mention=interaction.user.mention,
                                                      name=f"**{name}**"),
                   interaction=interaction, lobby=True)
    await play_on(bot, outcome, interaction)


async def leave(interaction: discord.Interaction, table: Table) -> None:
    """The user gives up their seat: in the lobby it goes away; once the game runs an AI
    plays it to the end. The channel hears it, with the new host if the host left, and
    the end of the table if no person is left at it."""
    at_table(interaction, table)
    bot = bot_of(interaction)
    player = str(interaction.user.id)
    outcome = await bot.svc.leave(table.id, player, time.time())
    after = outcome.table
    who = interaction.user.mention
    if table.status == LOBBY:
        text = texts.LEFT.format(mention=who)
    else:
        seat = table.seat_of(player)
        name = after.seats[seat].name if seat is not None else ""
        text = texts.LEFT_PLAYING.format(
            mention=who, seat=f"**{discord.utils.escape_markdown(name)}**")
    await announce(bot, after, text + _seat_change(table, after), ping=_host_ping(after),
                   interaction=interaction, lobby=True)
    if table.status == PLAYING and after.status == PLAYING:
        await play_on(bot, outcome, interaction)


async def hand_over(interaction: discord.Interaction, table: Table, seat_text: str,
                    to: str) -> None:
    """The host hands a seat of the running game to the AI, or opens it for a new person
    (``/game replace``); an AI plays it meanwhile, so the game never waits for it."""
    bot = bot_of(interaction)
    if table.status != PLAYING:
        raise IllegalAction(texts.REPLACE_NOT_PLAYING)
    seat = typed_seat(table, seat_text, "player")
    former = table.seats[seat]
    outcome = await bot.svc.hand_over(table.id, str(interaction.user.id), seat, to,
                                      time.time())
    after = outcome.table
    text = texts.HANDED_OPEN if to == "open" else texts.HANDED_AI
    name = discord.utils.escape_markdown(former.name)
    seat_name = f"**{discord.utils.escape_markdown(after.seats[seat].name)}**"
    await announce(bot, after, text.format(host=interaction.user.mention, name=f"**{name}**",
                                           seat=seat_name) + _seat_change(table, after),
                   interaction=interaction, lobby=True)
    if after.status == PLAYING:
        await play_on(bot, outcome, interaction)


async def add_ai(interaction: discord.Interaction, table: Table, level: str = "normal") -> None:
    """The host seats a computer captain of ``level`` in ``table``'s lobby."""
    at_table(interaction, table)
    bot = bot_of(interaction)
    outcome = await bot.svc.add_bot(table.id, str(interaction.user.id), level, time.time())
    after = outcome.table
    await announce(bot, after, texts.BOT_ADDED.format(
        name=after.seats[-1].name, seated=len(after.seats), most=after.game.max_players),
        interaction=interaction, lobby=True)


async def remove_ai(interaction: discord.Interaction, table: Table) -> None:
    """The host takes the last computer captain off ``table``'s lobby."""
    bot = bot_of(interaction)
    ais = [s.name for s in table.seats if s.is_ai]
    outcome = await bot.svc.remove_bot(table.id, str(interaction.user.id), time.time())
    after = outcome.table
    await announce(bot, after, texts.BOT_REMOVED.format(
        name=ais[-1] if ais else turn_texts.AN_AI_CAPTAIN, seated=len(after.seats),
        most=after.game.max_players), interaction=interaction, lobby=True)


async def start(interaction: discord.Interaction, table: Table) -> None:
    """The host deals: the channel hears it (every person pinged), the lobby message loses
    its buttons, then the AI moves and the first board and the hands follow."""
    at_table(interaction, table)
    bot = bot_of(interaction)
    outcome = await bot.svc.start(table.id, str(interaction.user.id), time.time())
    after = outcome.table
    people = [mention(after, s) for s, seat in enumerate(after.seats) if seat.is_person]
    await announce(bot, after, texts.STARTED.format(mentions=texts.join_words(people)),
                   ping=range(len(after.seats)), interaction=interaction, lobby=True)
    await play_on(bot, outcome, interaction)


# -- moves -------------------------------------------------------------------------------------


async def move(bot: ParleyBot, table: Table, player: str, steps: Sequence[Action], *,
               finish: Action | None = None, expect: int | None = None) -> Outcome:
    """A person's move: ``steps`` (then ``finish`` when they leave it legal) applied as one
    batch in one store transaction, which compares the menu's move count ``expect`` when
    the move comes from a menu (``OutOfDate``). Returns what was applied: the caller
    answers the person (``answering``), then lets the AI play on (``play_on``).

    A person away (``/me away``) at this table is back with their first move here: their
    period ends at every table (issue 24), and each table it paused hears that they are
    back (cogs/table/away.py). Decision: a move at a table that refused away mode (its
    clock kept running for them) does not end it, since playing on there is what that
    table asked of them."""
    now = time.time()
    outcome = await bot.svc.move_batch(table.id, player, list(steps), now, expect, finish)
    seat = table.seat_of(player)
    if seat is not None and is_away(table.clock.away, seat, now):
        done = await come_back(bot.store, player, now)
        if all(t.key != table.key for t in done.paused):
            done.paused.insert(0, outcome.table)  # the move itself ended the pause here
        await tell_back(bot, player, done)
    return outcome


@contextmanager
def answering(outcome: Outcome) -> Iterator[None]:
    """Around the private answer to a move: when Discord does not take it, the move stands
    and is published all the same (the trouble is logged)."""
    try:
        yield
    except (TimeoutError, discord.HTTPException, aiohttp.ClientError) as error:
        log.warning("table %s: could not answer a move (%s)", outcome.table.key,
                    getattr(error, "status", type(error).__name__))


# -- the table's settings, closing and repair -------------------------------------------------


async def change_settings(interaction: discord.Interaction, table: Table,
                          remind_minutes: int | None, limit_minutes: int | None,
                          on_timeout: str | None, forced_minutes: int | None = None,
                          take_back: bool | None = None, *,
                          bank: tuple[int, int] | None = None,
                          away_allowed: bool | None = None, reply: bool = True) -> Table:
    """The host or a channel manager changes the turn clock; the channel hears what
    changed and by whom (as the answer to ``interaction`` when ``reply``, else as a post),
    and the lobby message shows it. ``bank``: the time bank and its increment in minutes
    (``TableService.settings``). Returns the table as changed."""
    bot = bot_of(interaction)
    try:
        after = await bot.svc.settings(
            table.id, str(interaction.user.id), remind_minutes, limit_minutes, on_timeout,
            forced_minutes, take_back, bank=bank, away_allowed=away_allowed,
            is_manager=interaction.permissions.manage_messages,
            now=time.time())
    except ValueError as err:
        raise IllegalAction(str(err)) from None
    s = after.settings
    await announce(bot, after, texts.SETTINGS_SAVED.format(
        mention=interaction.user.mention, changes=clock_texts.changes(table.settings, s),
        summary=clock_texts.summary(s)),
        interaction=interaction if reply else None, lobby=True)
    return after


async def choose_notify(interaction: discord.Interaction, table: Table, mode: str) -> None:
    """The user chooses which DMs they get at this table (private: nothing is posted);
    the table remembers that the choice is their own, so it overrides their ``/me
    settings`` there (cogs/table/telling.py)."""
    bot = bot_of(interaction)
    try:
        await bot.svc.notify(table.id, str(interaction.user.id), mode, time.time())
    except ValueError as err:
        raise IllegalAction(str(err)) from None
    if table.key is not None:
        await bot.store.flag_once(table.key, f"{OWN_CHOICE}{interaction.user.id}")


async def abort(interaction: discord.Interaction) -> None:
    """The host or a channel manager closes the channel's table for good; a table whose
    saved game cannot be read is closed too."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise IllegalAction(texts.NOT_IN_GUILD)
    bot = bot_of(interaction)
    table = await bot.svc.abort(str(interaction.channel_id), str(interaction.user.id),
                                interaction.permissions.manage_messages, time.time())
    who = interaction.user.mention
    if table is None:
        await interaction.response.send_message(texts.ABORTED_DAMAGED.format(mention=who))
        return
    await announce(bot, table, texts.ABORTED.format(mention=who), interaction=interaction,
                   lobby=True)


async def repair(interaction: discord.Interaction) -> None:
    """The host or a channel manager rebuilds a table whose saved game cannot be read
    from its move log; the channel hears it and the board is posted anew."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise IllegalAction(texts.NOT_IN_GUILD)
    bot = bot_of(interaction)
    # Privately: a refusal stays between us; the channel hears of a repair below.
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        table, moves = await bot.svc.repair(
            str(interaction.channel_id), str(interaction.user.id),
            interaction.permissions.manage_messages, time.time())
    except DamagedTable:
        raise IllegalAction(texts.REPAIR_FAILED) from None
    done = texts.REPAIRED if table.status == PLAYING else texts.REPAIRED_FINISHED
    text = done.format(mention=interaction.user.mention, moves=moves)
    await interaction.edit_original_response(content=text)
    await announce(bot, table, text)
    if table.state is None:
        await post_lobby(bot, table)
    else:
        await play_on(bot, Outcome(table))


async def repost(bot: ParleyBot, table: Table) -> None:
    """Post the table's board (or its lobby, before the deal) again at the bottom of the
    channel, for everyone: ``/game status``. Like any new turn message it mentions whoever
    must act (after a board lost to a Discord failure, this is how they hear of it); the
    turn message is this one from now on."""
    if table.state is None:
        await post_lobby(bot, table)
    elif table.key is not None and await resume_tables(bot, channel=table.id):
        pass  # a table paused for its channel: the channel answers, so it goes on
    else:
        await publish_board(bot, table, None, force_new=True)


# -- the turn clock ----------------------------------------------------------------------------


async def clock_event(bot: ParleyBot, event: ClockEvent) -> None:
    """Tell what the turn clock did at a table: a reminder, the AI that played a timed-out
    turn or took the seat over, or a person's only move played after the table's grace
    (named in words, never by an internal id); then the AI moves on and the board
    follows."""
    table = event.table
    if event.kind == "remind":
        assert table.key is not None
        async with bot.table_lock(table.key):
            await remind(bot, event)
        return
    who = texts.join_words(mention(table, s) for s in event.seats)
    if event.kind == "ai-seat":
        formers = [table.seats[s].former for s in event.seats if table.seats[s].former]
        late = texts.join_words(f"<@{p}>" for p in formers)
        text = texts.TIMEOUT_AI_SEAT.format(late=turn_texts.TIME_UP_FOR.format(who=late) if late else "", who=who)
        if table.status == ABANDONED:
            text += " " + texts.ABANDONED_EMPTY
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(int(p)) for p in formers])
    elif event.kind == "forced":
        names = [seat.name for seat in table.seats]
        text = "\n".join(
            texts.FORCED_PLAYED.format(who=mention(table, s), move=label(m, names, markdown=True))
            if m is not None else texts.FORCED_PLAYED_UNNAMED.format(who=mention(table, s))
            for s, m in zip(event.seats, event.moves, strict=True))
        allowed = pings(table, event.seats)
    else:
        text = texts.TIMEOUT_AI_MOVE.format(who=who)
        allowed = pings(table, event.seats)
    await channel_of(bot, table).send(text, allowed_mentions=allowed)
    if table.status == PLAYING:
        await play_on(bot, event.outcome or Outcome(table))
    else:
        await announce(bot, table, "", lobby=True)
