"""Taking back a move by consent (issue 15), on Discord: the request in the table's channel,
its **Agree** and **Keep it** buttons, and the take-back itself, through the undo service
(data/undo.py; what may be taken back is engine/undo.py's), after which the table plays on.

The answers' custom ids (``custom_ids.UNDO``) carry the request, its deadline and the seats
that agreed so far, so a click after a restart is counted as well
(``cogs/components/log.py`` answers them with ``vote``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from cogs.look import texts, undo_texts
from cogs.look.custom_ids import log_button, sent, undo_button
from cogs.look.errors import answer
from cogs.look.messages import mention, pings
from cogs.look.panel import panel_message
from cogs.look.seats import bot_of, names_of
from cogs.table.act import play_on
from cogs.table.publish import channel_of
from data import undo
from engine.core import IllegalAction
from engine.table import PLAYING, Table

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

log = logging.getLogger("parley.cogs")

#: the wall clock the requests' deadlines are read on (a test moves it on)
clock = time.time

#: message id -> [the seats that agreed, the timer that ends the request]: the clicks
#: of one request counted in this process (two clicks at once each see the message as it
#: was); the message's custom ids carry the same count across a restart
_PENDING: OrderedDict[int, list[Any]] = OrderedDict()
_PENDING_MOST = 500


def move_said(table: Table, said: Sequence[str]) -> str:
    names = names_of(table)
    return "*" + texts.clip(" ".join(texts.fill(t, names) for t in said)
                            or texts.UNDO_SAID_HIDDEN, 400) + "*"


def undo_content(table: Table, request: undo.UndoRequest, until: int, agreed: int) -> str:
    asked = [mention(table, s) for s in sorted(request.asked)]
    text = texts.UNDO_ASK.format(asker=mention(table, request.seat),
                                 said=move_said(table, request.said),
                                 asked=texts.join_words(asked), until=f"<t:{until}:R>")
    yes = [mention(table, s) for s in sorted(request.asked) if agreed >> s & 1]
    if yes:
        text += "\n" + texts.UNDO_AGREED_SO_FAR.format(names=texts.join_words(yes))
    return texts.clip(text, texts.CONTENT_LIMIT)


def undo_view(request: undo.UndoRequest, until: int, agreed: int) -> discord.ui.View | None:
    """The request's two buttons (Agree, Keep it)."""
    return sent(*(undo_button(request.key, choice, request.seq, request.seat, request.digest,
                              until, agreed) for choice in ("yes", "no")))


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
    text = texts.UNDO_LAPSED.format(asker=mention(table, request.seat),
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


async def vote(interaction: discord.Interaction, key: int, choice: str, seq: int, seat: int,
               code: str, until: int, agreed: int) -> None:
    """An answer (``choice``: "yes" or "no") to the request to take back move ``seq`` of
    ``seat`` at table ``key``, open until ``until``, with the seats of ``agreed`` agreeing
    so far: counted, and once everyone asked agrees, the move is taken back."""
    bot = bot_of(interaction)
    await interaction.response.defer()
    message_id = interaction.message.id if interaction.message is not None else 0
    table = await bot.store.get(key)
    if table is None or table.guild is None or str(interaction.guild_id) != table.guild:
        raise IllegalAction(texts.NOT_YOURS)
    try:
        table, request = await undo.still_open(bot.store, key, seq, seat, code)
    except IllegalAction:
        _forget(message_id)
        await _close(interaction, texts.UNDO_STALE.format(asker=mention(table, seat)))
        raise
    voter = table.seat_of(str(interaction.user.id))
    said = move_said(table, request.said)
    asker = mention(table, seat)
    if clock() > until:
        _forget(message_id)
        await _close(interaction, texts.UNDO_LAPSED.format(asker=asker, said=said))
        return
    if voter == seat:
        if choice == "yes":
            await answer(interaction, texts.UNDO_ASKER_AGREES)
            return
        _forget(message_id)
        await _close(interaction, texts.UNDO_WITHDRAWN.format(asker=asker, said=said))
        return
    if voter is None or voter not in request.asked:
        await answer(interaction, texts.UNDO_NOT_ASKED)
        return
    if choice == "no":
        _forget(message_id)
        await _close(interaction, texts.UNDO_KEPT.format(
            who=mention(table, voter), asker=asker, said=said))
        return
    async with bot.table_lock(key):
        known = _PENDING.get(message_id, [0, None])
        agreed = agreed | known[0] | (1 << voter)
        if not all(agreed >> s & 1 for s in request.asked):
            _remember(message_id, agreed, known[1])
            await interaction.edit_original_response(
                content=undo_content(table, request, until, agreed),
                view=undo_view(request, until, agreed),
                allowed_mentions=discord.AllowedMentions.none())
            return
        outcome = await undo.take_back(bot.store, request, time.time())
        _forget(message_id)
    await _close(interaction, texts.UNDO_DONE.format(asker=asker, said=said))
    await play_on(bot, outcome, interaction)


async def _close(interaction: discord.Interaction, text: str) -> None:
    await interaction.edit_original_response(
        content=text, view=None, allowed_mentions=discord.AllowedMentions.none())


async def ask_to_take_back(interaction: discord.Interaction, table: Table) -> None:
    """The user asks to take back their last move at ``table`` (deferred, privately): the
    request goes to the channel, or, with nobody to ask, the move is taken back at once.
    IllegalAction with the reason when it cannot be asked (data/undo.py)."""
    bot = bot_of(interaction)
    request = await undo.ask(bot.store, table, str(interaction.user.id))
    if request.asked:
        await post_undo_request(bot, table, request)
        asked = texts.join_words(mention(table, s) for s in sorted(request.asked))
        await interaction.edit_original_response(content=texts.UNDO_ASKED.format(asked=asked))
        return
    async with bot.table_lock(request.key):
        outcome = await undo.take_back(bot.store, request, time.time())
    await channel_of(bot, table).send(
        texts.UNDO_DONE_ALONE.format(asker=mention(table, request.seat),
                                     said=move_said(table, request.said)),
        allowed_mentions=discord.AllowedMentions.none())
    await interaction.edit_original_response(content=texts.UNDO_TAKEN)
    await play_on(bot, outcome, interaction)


async def confirm_take_back(interaction: discord.Interaction, table: Table) -> None:
    """**Take it back** on the turn message asks the clicker first, privately (issue 22: one
    click no longer pings the whole table): which move, who would be asked, and a button
    that sends the request. IllegalAction with the reason when it cannot be asked."""
    request = await undo.ask(bot_of(interaction).store, table, str(interaction.user.id))
    who = texts.join_words(table.seats[s].name for s in sorted(request.asked))
    text = texts.UNDO_SURE.format(said=move_said(table, request.said),
                                  asked=texts.UNDO_SURE_ASKED.format(asked=who) if request.asked
                                  else texts.UNDO_SURE_ALONE)
    await interaction.edit_original_response(
        content=text, view=sent(log_button("undosure", table.key or 0)))


async def take_back_own(interaction: discord.Interaction, key: int, seat: int, seq: int,
                        code: str) -> None:
    """**Undo** on the private answer to a move (issue 24): its own player takes move
    ``seq`` of ``seat`` back without a vote, while no other seat has acted since and the
    engine allows it (``undo.own_request``); the channel is told, as with every take-back,
    and the answer becomes the seat's panel, to move again. A click once it is no longer
    allowed is answered with the reason and changes nothing; of two clicks at once, the
    store's transaction takes back one move (``Store.take_back`` checks the move is still
    the last), and the other is told it is gone."""
    bot = bot_of(interaction)
    await interaction.response.defer()
    table = await bot.store.get(key)
    if table is None or table.status != PLAYING:
        raise IllegalAction(texts.TABLE_CLOSED)
    if not 0 <= seat < len(table.seats) or table.seats[seat].is_ai \
            or table.seats[seat].player != str(interaction.user.id):
        raise IllegalAction(undo_texts.NOT_YOUR_MOVE)
    if not table.settings.take_back:
        raise IllegalAction(undo_texts.OFF_AT_TABLE)
    request = await undo.own_request(bot.store, table, seat, seq, code)
    async with bot.table_lock(key):
        try:
            outcome = await undo.take_back(bot.store, request, time.time())
        except IllegalAction:
            raise IllegalAction(undo_texts.GONE) from None
    await channel_of(bot, table).send(
        undo_texts.TAKEN_BACK_OWN.format(asker=mention(table, seat),
                                         said=move_said(table, request.said)),
        allowed_mentions=discord.AllowedMentions.none())
    await interaction.edit_original_response(**await panel_message(
        outcome.table, seat, undo_texts.TAKEN_BACK_NOTE, interaction.message))
    await play_on(bot, outcome, interaction)
