"""What the games' plug-ins share: the cog of their verbs, and the autocomplete lists most of their commands offer, the
moves (of some kinds) or the seats a legal move names, made once here and hung on each
command with ``command.autocomplete(option)(...)``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.look.actions import busy_choices, ranked
from cogs.look.seats import playing_seat, typed_seat
from cogs.table.play import move_choices, seat_choices
from engine.core import Action
from engine.table import Table

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

Completer = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[Any]]]]


def moves_completer(game_id: str, kinds: Collection[str] | None = None) -> Completer:
    """Autocomplete: the user's legal moves of ``kinds`` at a ``game_id`` table."""

    @busy_choices
    async def complete(interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, game_id, current, kinds)

    return complete


def seats_completer(game_id: str, kind: str, arg: str) -> Completer:
    """Autocomplete: the seats the user's legal ``kind`` moves name in their ``arg``."""

    @busy_choices
    async def complete(interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
        return await seat_choices(interaction, game_id, current, kind, arg)

    return complete


class VerbsCog(commands.GroupCog):
    """The cog of a game's own verbs (``/ahod bid``...), made with the bot; each game's
    subclass names its group (``group_name=``) and holds its commands."""

    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        super().__init__()


#: what a completer asks of its game: the choices for the user's table and seat
SeatChoices = Callable[[discord.Interaction, Table, int, str], list[app_commands.Choice[Any]]]


def playing_completer(game_id: str, choices: SeatChoices) -> Completer:
    """Autocomplete: ``choices`` for the user's seat at the running ``game_id`` table of the
    channel (none when the user plays no seat there)."""

    @busy_choices
    async def complete(interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[Any]]:
        found = await playing_seat(interaction, game_id)
        return [] if found is None else choices(interaction, *found, current)

    return complete


def named_choices(values: Iterable[Any], current: str,
                  name: Callable[[Any], str]) -> list[app_commands.Choice[Any]]:
    """Choices of ``values`` shown by ``name``, those matching what was typed first."""
    return [app_commands.Choice(name=name(v), value=v)
            for v in ranked(list(values), str(current), name)]


def seat_move(kind: str, arg: str, typed: str, word: str) -> Callable[[Table, int], list[Action]]:
    """The step builder of a command naming a seat: the ``kind`` move whose ``arg`` is the
    seat ``typed`` names (``word``: how the refusal calls it, "captain", "player")."""

    def steps(table: Table, seat: int) -> list[Action]:
        return [Action(kind, {arg: typed_seat(table, typed, word)})]

    return steps
