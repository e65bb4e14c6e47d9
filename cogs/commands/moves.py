"""The verbs every game shares, built once from the game's plug-in (as ``/game new`` is built
from the engine's registry): ``/<game> move action:`` reaches every legal move, with
autocomplete from the seat's legal moves, labelled as the engine labels them.

The bot adds them to each game's command group at start (``cogs/bot.py``), after the game's
own verbs, so ``/ahod move``, ``/hex move``, ``/tricks move``, ``/catan move`` and ``/sewer
move`` are one command written once. What was typed is read by the game's adapter
(``GameAdapter.match``: most games take a value or a label, Seafarers a place too, Sewer
Pirats words only one move has); the engine judges the move, so a refusal says why.
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.look.actions import busy_choices
from cogs.look.adapters import Plugin
from cogs.look.seats import legal, names_of
from cogs.table.play import command_move, move_choices
from engine.core import Action
from engine.table import Table


def move_verb(plugin: Plugin) -> app_commands.Command:
    """``/<game> move action:``: any legal move of ``plugin``'s game, from a list."""
    game_id, look = plugin.game_id, plugin.look

    @app_commands.command(name="move", description="Any move you may make now, from a list")
    @app_commands.describe(action="The move (pick from the list of your legal moves)")
    async def move(interaction: discord.Interaction, action: str) -> None:
        def steps(table: Table, seat: int) -> list[Action]:
            return [look.match(legal(table, seat), action, names_of(table))]

        await command_move(interaction, steps)

    @move.autocomplete("action")
    @busy_choices
    async def _moves(interaction: discord.Interaction,
                     current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, game_id, current)

    return move


#: the verbs every game's command group gets, after its own
SHARED_VERBS = (move_verb,)
