"""Delivering what a table's changes owe its channel and its players (issue 21).

A change records what it owes in its own transaction (``data/deliveries.py``); ``deliver``
makes the AI seats move, publishes the story of the owed changes (``publish``: the turn
message, the pings, the hand DMs; then the heads-up to whoever is next,
cogs/table/heads_up.py) and settles them. Right after a person's move it runs at
once, under the table's lock; the delivery worker (``cogs/table/clock.py``) runs it again for
every table whose delivery failed, after a restart, or after an outage.

What Discord or the database does to a delivery is never reported as a failure of the move
that caused it (the move stands, and the person is told so in words):

- **Discord failing** (5xx, 429 beyond discord.py's retries, Cloudflare's 429, a timeout)
  and **the database not answering**: the delivery is tried again with backoff
  (``data.deliveries.BACKOFF``), each item once (``Story.done``, and a nonce per post).
- **A permission taken from the bot** (403, 50013 or 50001): the person who clicked is
  told which permission is missing and who can grant it (``missing_permissions``); the
  worker tries again every ``PERMISSION_WAIT`` seconds.
- **The channel gone** (404, 10003), **or the bot removed from the server**: the table is
  paused, with a note in the log; nothing more is sent there, the turn clock skips it, and
  it resumes when the channel answers again (``resume_tables``).

One WARNING per table per trouble, without a traceback (the trouble is Discord's or the
database's, not ours), and an INFO once it is delivered; a failure nobody expected (a bug)
is an ERROR with its traceback, and its table is tried again later all the same.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

import aiohttp
import discord

from cogs.look import texts
from cogs.look.permissions import permission_sentence
from cogs.table.heads_up import send_heads_up
from cogs.table.publish import Story, publish
from data.db import StoreBusy
from data.tables import Outcome
from engine.table import PLAYING

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

log = logging.getLogger("parley.cogs")

#: Discord's codes for a channel that is gone, and for what the bot may not do there
UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
#: how long the worker waits before trying a channel again where a permission was missing
PERMISSION_WAIT = 600.0

class _Trouble:
    """A delivery problem, classified: what the log says, what the person hears, when to
    try again, and whether the table is paused."""

    def __init__(self, error: BaseException, interaction: discord.Interaction | None) -> None:
        self.pause = False
        self.wait: float | None = None  # None: the usual backoff
        self.expected = True
        code = getattr(error, "code", 0)
        if isinstance(error, discord.NotFound) and code == UNKNOWN_CHANNEL:
            self.pause = True
            self.log = "its channel is gone (Discord: 404 Unknown Channel)"
            self.tell = None
        elif isinstance(error, discord.Forbidden) and code in (MISSING_ACCESS,
                                                               MISSING_PERMISSIONS):
            self.wait = PERMISSION_WAIT
            self.log = (f"Discord refused the bot in its channel ({error.status} "
                        f"{'Missing Access' if code == MISSING_ACCESS else 'Missing Permissions'})"
                        "; a server admin must give the bot its permissions there back")
            self.tell = permission_sentence(interaction)
        elif isinstance(error, discord.HTTPException):
            self.log = f"Discord answered {error.status} (code {code})"
            self.tell = texts.DELIVERY_DISCORD
        elif isinstance(error, (discord.RateLimited, aiohttp.ClientError, asyncio.TimeoutError,
                                OSError)):
            self.log = f"Discord could not be reached ({type(error).__name__})"
            self.tell = texts.DELIVERY_DISCORD
        elif isinstance(error, StoreBusy):
            self.log = f"the database did not answer ({type(error).__name__})"
            self.tell = texts.DELIVERY_DATABASE
        else:
            self.expected = False
            self.log = f"it failed unexpectedly ({type(error).__name__})"
            self.tell = texts.DELIVERY_BUG


async def deliver(bot: ParleyBot, key: int, *,
                  interaction: discord.Interaction | None = None) -> Outcome | None:
    """Deliver what table ``key`` owes (see the module docstring), alone for that table:
    the AI seats move, then the story is published and settled. Returns the whole outcome,
    AI moves included (None when the table owed nothing or is paused). A problem is told
    to the person of ``interaction`` in words; it never raises one."""
    async with bot.table_lock(key):
        try:
            owed = await bot.store.deliveries.get(key)
            if owed is not None and owed.paused is not None:
                return None
            table = await bot.store.get(key)
        except Exception as error:  # noqa: BLE001 - the worker tries again
            await _trouble(bot, key, None, error, interaction, set())
            return None
        if table is None or table.state is None:
            return None
        parts = owed.parts if owed is not None else []
        story = Story.owed(table, parts, set(owed.done) if owed is not None else None,
                           owed.since if owed is not None else 0.0)
        if owed is None and not story.outcome.ai_to_act:
            return None  # nothing owed, nobody to move: another delivery did it all
        try:
            while story.outcome.ai_to_act and story.outcome.table.status == PLAYING:
                step = await bot.svc.run_ai(key, time.time(), max_moves=1)
                if step.table.version == story.outcome.table.version:
                    break
                story.add(step)
            await publish(bot, story)
            await send_heads_up(bot, story)
            await bot.store.deliveries.settle(key, story.outcome.table.version)
        except Exception as error:  # noqa: BLE001 - every failure is classified and retried
            await _trouble(bot, key, owed, error, interaction, story.done)
            return story.outcome
        if owed is not None and owed.attempts:
            log.info("table %s: delivered after %d failed tries", key, owed.attempts)
        return story.outcome


async def _trouble(bot: ParleyBot, key: int, owed: object, error: BaseException,
                   interaction: discord.Interaction | None, done: set[str]) -> None:
    """Record a failed delivery (or pause the table), log it once, and tell the person."""
    trouble = _Trouble(error, interaction)
    now = time.time()
    first = getattr(owed, "attempts", 0) == 0
    try:
        if trouble.pause:
            first = await bot.store.deliveries.pause(key, trouble.log, now)
        else:
            await bot.store.deliveries.failed(key, done, trouble.log, now, trouble.wait)
    except Exception:  # noqa: BLE001 - the row stays due: the worker tries again soon
        log.warning("table %s: could not record a failed delivery", key)
    if not trouble.expected:
        log.error("table %s: delivering its board and notices failed; tried again later",
                  key, exc_info=error)
    elif trouble.pause and first:
        log.warning("table %s paused: %s; it resumes when its channel answers again", key,
                    trouble.log)
    elif first:
        log.warning("table %s: could not deliver its board and notices: %s; trying again",
                    key, trouble.log)
    if interaction is not None and trouble.tell:
        try:
            await interaction.followup.send(trouble.tell, ephemeral=True)
        except Exception:  # noqa: BLE001 - Discord is the trouble: the move stands anyway
            pass


async def deliver_due(bot: ParleyBot, now: float) -> int:
    """The worker's pass: every table whose delivery is due (failed before, cut off by a
    restart, or resumed). One table's trouble is its own. Returns how many were tried."""
    keys = await bot.store.deliveries.due(now)
    for key in keys:
        await deliver(bot, key)
    return len(keys)


async def pause_tables(bot: ParleyBot, reason: str, *, channel: str | None = None,
                       guild: str | None = None) -> list[int]:
    """Pause every playing table of a channel (with its threads) or of a server that Discord
    says is gone: nothing more is sent there and the turn clock skips them."""
    keys = await bot.store.deliveries.live_in(channel=channel, guild=guild)
    now = time.time()
    for key in keys:
        if await bot.store.deliveries.pause(key, reason, now):
            log.warning("table %s paused: %s; it resumes when its channel answers again",
                        key, reason)
    return keys


async def resume_tables(bot: ParleyBot, *, channel: str | None = None,
                        guild: str | None = None) -> list[int]:
    """Resume the paused tables of a channel or a server that answers again: each gets its
    board anew (and whatever else it owed), and its turn clock runs again."""
    keys = await bot.store.deliveries.paused(channel=channel, guild=guild)
    now = time.time()
    resumed = [key for key in keys if await bot.store.deliveries.resume(key, now)]
    for key in resumed:
        log.info("table %s resumed: its channel answers again", key)
        await deliver(bot, key)
    return resumed
