"""One polite, ephemeral answer for anything that went wrong while handling a user.

Rules refusals (``IllegalAction``) and option errors carry a sentence meant for the user
and are shown as they are. So is a database that is busy or not answering
(``data.db.StoreBusy`` and ``StoreUnavailable`` are refusals too: "try again in a
moment"), and it is not logged here: the store's backend tells the operator once per
outage (issue 21, item 4). Anything else is logged with its traceback for the operator and
answered with a generic sentence: no traceback, token or hidden information reaches Discord.

The log line names what failed by ``describe``: the command, or the kind of component with
its table, seat and move count. Never the rest of a custom id, a menu pick or an option:
a move button carries its move in its custom id, and a sealed bid was once seen in the log
that way (the reliability issue, item 3; DESIGN.md: private information goes only to its
seat).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable
from typing import Any

import aiohttp
import discord
from discord import app_commands

from cogs.look import texts
from cogs.look.custom_ids import PUBLIC_PART
from cogs.look.permissions import permission_sentence
from engine.core import IllegalAction

log = logging.getLogger("parley.cogs")

#: the kinds of the custom id templates (cogs/components/), as the log names them
COMPONENT_NAMES = {
    "hand": "My hand / act button",
    "rules": "Rules button",
    "join": "Join button",
    "leave": "Leave button",
    "addai": "Add AI button",
    "start": "Start button",
    "act": "move menu",
    "do": "move button",
    "batch": "multi-pick move menu",
    "step": "move step button",
    "steps": "move step menu",
    "plan": "move confirm button",
    "replay": "replay button",
    "replayat": "replay round menu",
    "replaywho": "replay view menu",
    "replaygif": "replay GIF button",
    "history": "history page button",
    "undo": "undo answer button",
    "replayopen": "Replay button",
    "historyopen": "History button",
    "undoask": "Take it back button",
    "undosure": "Take it back confirm button",
    "forget": "Forget me button",
}
#: the part of a custom id that hides nothing: kind, table key, then seat and move count
_PUBLIC_PART = re.compile(PUBLIC_PART)


def describe(interaction: discord.Interaction) -> str:
    """What the interaction was, fit for the log: "/ahod bid", or "move button of table 12,
    seat 1, move 7 (parley:do:12:1:7)". Never a move, a menu pick or anything typed."""
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data = interaction.data or {}
    custom_id = data.get("custom_id")
    if isinstance(custom_id, str):
        m = _PUBLIC_PART.match(custom_id)
        if m is None:
            return "a component Parley did not make"
        kind, key, seat, moves = m.groups()
        what = f"{COMPONENT_NAMES.get(kind, 'component')} of table {key}"
        if seat is None:
            return f"{what} ({m.group(0)})"
        return f"{what}, seat {seat}, move {moves} ({m.group(0)})"
    return f"a {interaction.type.name} interaction"


def user_message(error: BaseException) -> str | None:
    """The sentence to show for an expected error, or None for an unexpected one."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, IllegalAction):
        return error.reason
    if isinstance(error, app_commands.CommandOnCooldown):
        return texts.SLOW_DOWN.format(seconds=error.retry_after)
    if isinstance(error, app_commands.NoPrivateMessage):
        return texts.NOT_IN_GUILD
    if isinstance(error, app_commands.CheckFailure):
        return texts.NOT_HERE_COMMAND
    if isinstance(error, app_commands.CommandNotFound):
        return texts.UNKNOWN_COMMAND
    if isinstance(error, app_commands.TransformerError):
        # What was typed is quoted briefly: an option holds up to 6,000 characters (item 6).
        what = texts.TYPE_WORDS.get(error.type, texts.THAT_KIND_OF_VALUE)
        return texts.UNREADABLE.format(value=texts.quote(error.value), what=what)
    return None


async def answer(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """Reply or follow up, whichever the interaction still allows."""
    text = texts.clip(text, texts.CONTENT_LIMIT)
    if interaction.type is discord.InteractionType.autocomplete:
        return
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral)


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer a failure politely; log an unexpected one (``describe``d, with its traceback).

    Never raises: were it to, discord.py would log the component with its label ("Play
    Red 13"), which is as private as its custom id.
    """
    text = user_message(error)
    trouble = discord_trouble(error)
    if text is None and trouble is not None:
        # Discord refused or failed a call: its trouble, not ours (issue 21)
        code = getattr(trouble, "code", 0)
        log.warning("Discord failed while handling %s (%s)", describe(interaction),
                    f"{trouble.status}, code {code}" if isinstance(trouble, discord.HTTPException)
                    else type(trouble).__name__)
        text = (permission_sentence(interaction, moved=False)
                if isinstance(trouble, discord.Forbidden) and code in (50001, 50013)
                else texts.DISCORD_TROUBLE)
    elif text is None:
        log.error("failed: %s", describe(interaction), exc_info=error)
        text = texts.INTERNAL_ERROR
    try:
        await answer(interaction, text)
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as failed:
        log.warning("could not answer a failed %s (%s)", describe(interaction),
                    getattr(failed, "status", type(failed).__name__))
    except Exception:  # noqa: BLE001 - the answer refused for another reason: logged
        log.warning("could not answer a failed %s", describe(interaction), exc_info=True)


def discord_trouble(error: BaseException) -> BaseException | None:
    """The failure of Discord's (an HTTP error, Discord out of reach) behind ``error``, if
    that is what it is."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, (discord.HTTPException, aiohttp.ClientError, TimeoutError)):
        return error
    return None


async def guarded(interaction: discord.Interaction, work: Awaitable[Any]) -> None:
    """Run a component's work; any failure gets the polite ephemeral answer
    (``answer_error``), then is logged."""
    try:
        await work
    except Exception as error:  # noqa: BLE001 - every failure is answered, then logged
        await answer_error(interaction, error)
