"""The end of quiet hours (issue 24): the turns held for a person while their quiet hours
ran (cogs/table/telling.py) are told once, in one DM, when the hours end.

The turn clock's pass (cogs/table/clock.py, every minute) looks for people with held turns
whose quiet hours are over on their own wall clock (``data.people.quiet_at``: a
daylight-saving night moves the end with the clock). It takes their held turns out of the
database in one transaction (``data.people.take_held``), so that of several bot processes
only one tells them, and sends one DM naming the tables still waiting for them, as
``/me games`` shows them; a table that moved on meanwhile (they played in their quiet hours
after all) is left out, and nothing is sent when none is left. Decision: the held turns are
taken before the DM is sent, so a DM that Discord fails is lost rather than sent twice
(the turn message and ``/me games`` still show the turn, and the reminder comes as usual).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.look.messages import LOBBY_POST, TURN_POST
from cogs.look.my_games import held_message
from cogs.table.publish import send_dm
from data.people import held_people, preferences_many, quiet_at, tables_of, take_held

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot


async def release_held(bot: ParleyBot, now: float) -> int:
    """Tell each person whose quiet hours are over at ``now`` of the turns held for them,
    in one DM (see the module docstring). Returns how many people were sent one."""
    people = await held_people(bot.store)
    if not people:
        return 0
    prefs = await preferences_many(bot.store, people)
    sent = 0
    for player in people:
        mine = prefs.get(player)
        if mine is not None and quiet_at(mine, now):
            continue
        keys = set(await take_held(bot.store, player))
        waiting = [s for s in await tables_of(bot.store, player, TURN_POST, LOBBY_POST)
                   if s.table.key in keys and s.waiting]
        if waiting and await send_dm(bot, player, **await held_message(bot, waiting, now)):
            sent += 1
    return sent
