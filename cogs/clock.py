"""The turn clock: every minute, the reminders and time-outs of every playing table.

The clock's state lives in the database (``TableService.tick`` claims each due event, so
several processes fire it once); this cog only runs the pass and has each event told
(``table_actions.clock_event``).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from cogs.table_actions import clock_event, play_on
from data.tables import ClockEvent

if TYPE_CHECKING:
    from cogs.bot import ParleyBot

log = logging.getLogger("parley.cogs")

CLOCK_SECONDS = 60


class ClockCog(commands.Cog):
    """Every minute: reminders and time-outs of every playing table (state in the store)."""

    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        #: the first pass after start also makes the AI moves left pending at shutdown
        self.resumed = False

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
        if not self.resumed:
            self.resumed = True
            await self.resume_ai()
        events = await self.bot.svc.tick(now)
        for event in events:
            try:
                await clock_event(self.bot, event)
            except discord.HTTPException:
                log.warning("could not post the clock notice of table %s", event.table.key,
                            exc_info=True)
        return events

    async def resume_ai(self) -> int:
        """Make the AI moves that were pending when the bot stopped (a person had moved and
        the AI had not answered yet): the turn clock waits for people only, so nothing else
        would. ``play_on`` re-reads the table under its lock and the service checks the
        version, so a table another process moved meanwhile is left as it is. Returns how
        many tables moved on."""
        moved = 0
        for outcome in await self.bot.svc.waiting_on_ai():
            try:
                await play_on(self.bot, outcome)
                moved += 1
            except Exception:
                log.exception("could not resume the AI seats of table %s", outcome.table.key)
        return moved
