"""One polite, ephemeral answer for anything that went wrong while handling a user.

Rules refusals (``IllegalAction``) and option errors carry a sentence meant for the user
and are shown as they are. Anything else is logged with its traceback for the operator and
answered with a generic sentence: no traceback, token or hidden information reaches Discord.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from cogs import texts
from engine.core import IllegalAction

log = logging.getLogger("parley.cogs")


def user_message(error: BaseException) -> str | None:
    """The sentence to show for an expected error, or None for an unexpected one."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, IllegalAction):
        return error.reason
    if isinstance(error, app_commands.CommandOnCooldown):
        return f"Slow down: try again in {error.retry_after:.0f} seconds."
    if isinstance(error, app_commands.NoPrivateMessage):
        return texts.NOT_IN_GUILD
    if isinstance(error, app_commands.CheckFailure):
        return "You may not use that command here."
    if isinstance(error, app_commands.CommandNotFound):
        return "I don't know that command any more; Discord may show an old list. Try again shortly."
    if isinstance(error, app_commands.TransformerError):
        return f"I could not read {error.value!r} as a {error.type.name.lower()}."
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
    text = user_message(error)
    if text is None:
        command = interaction.command.qualified_name if interaction.command else None
        data = interaction.data or {}
        log.error(
            "failed: %s",
            command or data.get("custom_id") or "interaction",
            exc_info=error,
        )
        text = texts.INTERNAL_ERROR
    try:
        await answer(interaction, text)
    except discord.HTTPException:
        log.warning("could not answer a failed interaction", exc_info=True)
