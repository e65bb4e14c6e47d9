"""How to play a game, privately: ``/game rules`` and the **Rules** button of a table's
messages both answer with ``send_rules``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from cogs.guide import send_guide


async def send_rules(
    interaction: discord.Interaction, game_id: str, options: Mapping[str, Any]
) -> None:
    """The game's guide, privately: one message whose buttons turn its pages (cogs/guide.py);
    ``options`` are a table's (empty: no table, the defaults)."""
    await send_guide(interaction, game_id, dict(options) or None)
