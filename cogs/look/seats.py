"""Which table and which seat a Discord interaction is about, and what that seat may do.

Reads only: nothing here changes a table or sends a message. Every refusal is an
``IllegalAction`` with a sentence for the user, answered by the tree's error handler.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING

import discord

from cogs.look import texts
from engine.core import Action, IllegalAction
from engine.table import PLAYING, Table

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot


def bot_of(interaction: discord.Interaction) -> ParleyBot:
    return interaction.client  # type: ignore[return-value]


def names_of(table: Table) -> list[str]:
    return [s.name for s in table.seats]


async def _channel_table(interaction: discord.Interaction, which: str, refusal: str) -> Table:
    """The table of the interaction's channel the store's ``which`` reading finds ("live"
    or "latest"), or IllegalAction: outside a server, or with ``refusal`` when none."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise IllegalAction(texts.NOT_IN_GUILD)
    table = await getattr(bot_of(interaction).store, which)(str(interaction.channel_id))
    if table is None:
        raise IllegalAction(refusal)
    return table


async def live_table(interaction: discord.Interaction) -> Table:
    """The lobby or playing table of the interaction's channel, or IllegalAction."""
    return await _channel_table(interaction, "live", texts.NO_TABLE)


async def any_table(interaction: discord.Interaction) -> Table:
    """The live table of the channel, else its last one (a finished game's board)."""
    return await _channel_table(interaction, "latest", texts.NO_TABLE_EVER)


def at_table(interaction: discord.Interaction, table: Table, refusal: str = "") -> None:
    """Refuse a click made outside ``table``'s channel: a button names its table in its
    custom id, and a button shown elsewhere (a copied message, or a forged id) must not
    change a table the clicker is not looking at."""
    if str(interaction.channel_id) != table.id:
        text = refusal or texts.WRONG_CHANNEL
        raise IllegalAction(text.format(channel=f"<#{table.id}>"))


def seated(interaction: discord.Interaction, table: Table) -> int:
    seat = table.seat_of(str(interaction.user.id))
    if seat is None:
        raise IllegalAction(texts.NOT_SEATED)
    return seat


async def playing_seat(
    interaction: discord.Interaction, game_id: str
) -> tuple[Table, int] | None:
    """The running table of ``game_id`` in this channel and the user's seat at it, or None
    (for autocomplete, which answers with an empty list rather than an error)."""
    if interaction.channel_id is None:
        return None
    table = await bot_of(interaction).store.live(str(interaction.channel_id))
    if table is None or table.status != PLAYING or table.game_id != game_id:
        return None
    seat = table.seat_of(str(interaction.user.id))
    return None if seat is None else (table, seat)


def typed_seat(table: Table, typed: str, word: str = "player") -> int:
    """A seat written as a seat number (from autocomplete), a mention or a name; ``word``
    is what the game calls its players ("captain")."""
    t = typed.strip()
    m = re.fullmatch(r"<@!?(\d+)>", t)
    if m:
        found = table.seat_of(m.group(1))
        if found is None:
            raise IllegalAction(texts.NOT_A_PLAYER.format(word=word))
        return found
    if t.isdigit() and int(t) < len(table.seats):
        return int(t)
    folded = t.casefold()
    matches = [i for i, s in enumerate(table.seats) if s.name.casefold() == folded] or \
        [i for i, s in enumerate(table.seats) if folded and folded in s.name.casefold()]
    if len(matches) != 1:
        raise IllegalAction(texts.PICK_PLAYER.format(word=word))
    return matches[0]


def legal(table: Table, seat: int, kinds: Collection[str] | None = None) -> list[Action]:
    """The seat's legal moves, only those of ``kinds`` when given."""
    if table.status != PLAYING:
        return []
    found = table.game.legal_actions(table.state, seat)
    return found if kinds is None else [a for a in found if a.kind in kinds]
