"""The heads-up when you are next (issue 24, ``/me settings heads_up``, off by default):
when a seat's turn begins, the person who will act after it, by the game's own turn order
(the Game contract's optional ``next_up`` hook, engine/core.py), gets one short private DM
naming the table and who is playing now, with a link to the turn message.

It is opt-in and apart from the turn's own notice: "each person waited for is told once
per turn" counts the DM or ping of a person's own turn (cogs/table/telling.py), not this.

Nobody gets it:

- for a turn that is their own, for a seat they also hold (one person at two seats), or
  at an AI seat;
- when the game waited for them just before (they have just played: in a game of two the
  other player is always next, and needs no DM to know it);
- when the game cannot name who is next (sealed bids, discards, a trick's last card: the
  hook answers None) or the turn is a formality nobody is told of;
- while they are away (``/me away``) or at a table whose own ``/game notify`` choice for
  them is "reminders" or "none" (they asked that table for fewer messages: that choice is
  the per-table override, no new option);
- during their quiet hours. Decision: dropped, not held. Held to the end of the hours, a
  heads-up would arrive when the turn it announces has long begun or passed; their own
  turn is held and told as usual (cogs/table/quiet.py).

Once per turn: it is an item of the turn's delivery (``next:<seat>`` in ``Story.done``,
with its own nonce), as the turn's hand DM is (``hand:<seat>``), so a delivery tried
again after a failure or a restart does not send it twice, and a double click applies (and
delivers) one move. A person whose DMs are closed simply does not get it: it is not worth
a notice in the channel.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import discord

from cogs.look import turn_texts
from cogs.look.adapters import adapter
from cogs.look.messages import TURN_POST
from cogs.table import telling
from cogs.table.publish import Story, newly_waiting, send_dm
from data.away import away_until
from data.people import preferences_many, quiet_at
from engine.away import is_away
from engine.core import next_up
from engine.table import NOTIFY_NONE, NOTIFY_REMINDERS, PLAYING

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot


def heads_up_seat(story: Story) -> tuple[int, int] | None:
    """(the seat whose turn began with this change, the seat next after it) when the rules
    of the module docstring that need no database allow a heads-up, else None."""
    table, view = story.outcome.table, story.view
    if table.status != PLAYING or table.state is None or view is None \
            or adapter(table.game_id).quiet(view):
        return None
    waiting = table.to_act(table.game)
    if len(waiting) != 1:
        return None
    (now,) = waiting
    if now not in newly_waiting(story.seen):
        return None  # not a turn that began with this change
    after = next_up(table.game, table.state)
    if after is None or after == now or not 0 <= after < len(table.seats):
        return None
    seat, playing = table.seats[after], table.seats[now]
    if not seat.is_person or seat.player is None or seat.player == playing.player:
        return None
    if story.seen and after in story.seen[0]:
        return None  # they have just played
    if seat.notify in (NOTIFY_REMINDERS, NOTIFY_NONE):
        return None
    return now, after


async def send_heads_up(bot: ParleyBot, story: Story) -> bool:
    """Send the heads-up the change owes, if any (see the module docstring); True when one
    was sent now."""
    found = heads_up_seat(story)
    if found is None:
        return False
    now_seat, seat = found
    item = f"next:{seat}"
    if item in story.done:
        return False
    table = story.outcome.table
    player = table.seats[seat].player
    assert player is not None and table.key is not None
    prefs = (await preferences_many(bot.store, [player])).get(player)
    moment = telling.clock()
    if prefs is None or not prefs.heads_up or quiet_at(prefs, moment) \
            or is_away(table.clock.away, seat, time.time()) \
            or await away_until(bot.store, player, time.time()) is not None:
        story.done.add(item)
        return False
    ref = await bot.store.get_message(table.key, TURN_POST)
    link = (turn_texts.BOARD_LINK.format(guild=table.guild or "@me", channel=ref[0],
                                         message=ref[1]) if ref else "")
    name = discord.utils.escape_markdown(table.seats[now_seat].name)
    text = turn_texts.HEADS_UP.format(title=table.game.title, channel=table.id, name=name,
                                      link=link)
    sent = await send_dm(bot, player, content=text,
                         allowed_mentions=discord.AllowedMentions.none(),
                         nonce=story.nonce(item))
    story.done.add(item)
    return sent is not None
