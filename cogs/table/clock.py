"""The turn clock and the delivery worker.

Every minute, the reminders and time-outs of every playing table: the clock's state lives
in the database (``TableService.tick`` claims each due event, so several processes fire it
once); this cog only runs the pass and has each event told (``act.clock_event``).

In the same pass, the turns held during people's quiet hours, told once their hours end
(``cogs/table/quiet.py``).

Every few seconds, the deliveries that are due (``cogs/table/delivery.py``): a board or a notice
that Discord refused or failed, the AI move an outage cut off, whatever a restart
interrupted. The first pass runs as soon as the bot is ready, so a restart catches up every
unfinished delivery at once. And Discord's word that a channel or a server is gone pauses
its tables; its word that it is back resumes them.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from cogs.base.loops import one_pass
from cogs.table.act import clock_event
from cogs.table.delivery import deliver, deliver_due, pause_tables, resume_tables
from cogs.table.quiet import release_held
from data.tables import ClockEvent

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

log = logging.getLogger("parley.cogs")

CLOCK_SECONDS = 60
#: how often the delivery worker looks for deliveries due
DELIVERY_SECONDS = 5


class ClockCog(commands.Cog):
    """Every minute: reminders and time-outs of every playing table (state in the store)."""

    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        #: the first pass after start also makes the AI moves left pending at shutdown
        self.resumed = False

    async def cog_load(self) -> None:
        self.loop.start()
        self.deliveries.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()
        self.deliveries.cancel()

    @tasks.loop(seconds=DELIVERY_SECONDS)
    async def deliveries(self) -> None:
        try:
            await deliver_due(self.bot, time.time())
        except Exception as error:  # noqa: BLE001 - the database is down: next pass
            log.warning("the delivery worker could not look for due deliveries (%s); it "
                        "looks again in %d seconds", type(error).__name__, DELIVERY_SECONDS)

    @deliveries.before_loop
    async def _wait_ready_deliveries(self) -> None:
        await self.bot.wait_until_ready()

    # -- Discord's word that a channel or a server is gone, or back -------------------------

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await pause_tables(self.bot, "the bot was removed from its server", guild=str(guild.id))

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await pause_tables(self.bot, "its channel was deleted", channel=str(channel.id))

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await pause_tables(self.bot, "its thread was deleted", channel=str(payload.thread_id))

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await resume_tables(self.bot, guild=str(guild.id))

    @commands.Cog.listener()
    async def on_guild_channel_update(self, _before: discord.abc.GuildChannel,
                                      after: discord.abc.GuildChannel) -> None:
        """A channel's permissions changed: a delivery that waited for a permission is
        tried at once."""
        for key in await self.bot.store.deliveries.live_in(channel=str(after.id)):
            owed = await self.bot.store.deliveries.get(key)
            if owed is not None and owed.paused is None and owed.attempts:
                await deliver(self.bot, key)

    @tasks.loop(seconds=CLOCK_SECONDS)
    async def loop(self) -> None:
        await one_pass(self.run_clock(time.time()), "clock", CLOCK_SECONDS)

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
        try:
            await release_held(self.bot, now)  # the turns held in people's quiet hours
        except discord.HTTPException:
            log.warning("could not DM the turns held during a person's quiet hours",
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
            key = outcome.table.key
            assert key is not None
            if await deliver(self.bot, key) is not None:
                moved += 1
        return moved
