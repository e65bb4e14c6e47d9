"""The channels told of away mode (issue 24, data/away.py): ``/me away`` tells each table it
paused that the person is away until when (``tell_away``); coming back early, by ``/me
back`` or by the first move anywhere, tells each table that was paused that they are back
and their clock runs again (``tell_back``).

Each is said once. A period away is begun or ended by one database statement that a
second click does not match again (data/away.py), and the notice that someone is back is
also marked per table and period (the flag ``back:<player>:<period start>``) before it is
posted, so that neither a second click, a move at the same moment, nor a restart repeats
it. Decision, as for quiet hours' end (cogs/table/quiet.py): marked before it is posted, a
notice Discord fails is lost rather than said twice; the clock runs again all the same.
A period that runs out tells nobody (the channel was told its end when it began).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs.look import me_texts
from cogs.table.publish import announce
from data.away import Away
from engine.table import Table

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

log = logging.getLogger("parley.cogs")


def _name(table: Table, player: str) -> str:
    seat = table.seat_of(player)
    return discord.utils.escape_markdown(table.seats[seat].name if seat is not None else "")


async def _say(bot: ParleyBot, table: Table, text: str) -> None:
    """Post ``text`` in the table's channel, pinging nobody; a channel Discord refuses is
    left (the clock's change holds all the same)."""
    try:
        await announce(bot, table, text)
    except discord.HTTPException:
        log.warning("could not tell table %s of a player's away mode", table.key)


async def tell_away(bot: ParleyBot, table: Table, player: str, until: int,
                    note: str | None) -> None:
    """Tell the table's channel that the person is away until ``until`` (epoch s)."""
    text = me_texts.AWAY_NOTICE.format(name=_name(table, player), until=until)
    if note:
        text += me_texts.AWAY_NOTE.format(note=discord.utils.escape_markdown(note))
    await _say(bot, table, text)


async def tell_back(bot: ParleyBot, player: str, done: Away) -> int:
    """Tell each table that ``come_back`` resumed that the person is back, once per table
    and period (see the module docstring). Returns how many channels were told."""
    if done.since is None:
        return 0
    told = 0
    for table in done.paused:
        if table.key is None or not await bot.store.flag_once(
                table.key, f"back:{player}:{int(done.since)}"):
            continue
        await _say(bot, table, me_texts.BACK_NOTICE.format(name=_name(table, player)))
        told += 1
    return told
