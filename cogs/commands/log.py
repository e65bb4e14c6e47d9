"""``/game replay``, ``/game history``, ``/game export`` and ``/game undo``: a table's action
log, watched again, paged, taken home, or its last move taken back (issue 15).

``TableLogCommands`` is a mixin of the ``/game`` cog (discord.py collects a cog's app
commands from its class and its bases), so these four live under ``/game`` where a player
looks for them. Thin: each command finds the table, calls the replay helpers or the undo
service, and answers; the messages are in cogs/look/replay.py and cogs/look/history.py, the
take-back in cogs/table/undo.py, what may be taken back in engine/undo.py and data/undo.py.

``table`` (replay, history, export) picks a finished table of the server, or leaves the
channel's own game (the current one, else its last); autocomplete offers the tables the
person may look at (``cogs.look.replay.may_see``).
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands

import engine
from cogs.look import texts
from cogs.look.actions import busy_choices
from cogs.look.history import open_history
from cogs.look.replay import check_may_see, may_see, open_replay, whole_log
from cogs.look.seats import any_table, live_table
from cogs.table.undo import ask_to_take_back
from data.export import export_json
from engine.core import IllegalAction
from engine.table import FINISHED, LOBBY, PLAYING, Table

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

TABLE_HELP = texts.TABLE_OPTION_HELP


def _table_choice(table: Table) -> app_commands.Choice[str]:
    game = engine.get_game(table.game_id)
    names = ", ".join(s.name for s in table.seats)
    state = texts.TABLE_FINISHED if table.status == FINISHED else texts.TABLE_PLAYING
    return app_commands.Choice(
        name=texts.clip(texts.TABLE_CHOICE.format(title=game.title, key=table.key, state=state,
                                             names=names), texts.LABEL_LIMIT),
        value=str(table.key))


class TableLogCommands:
    """The log commands of the ``/game`` cog (a mixin: ``GameCog`` has ``bot``)."""

    bot: ParleyBot

    async def _log_table(self, interaction: discord.Interaction, typed: str | None) -> Table:
        """The table ``typed`` names (its key, from autocomplete), or the channel's own game;
        IllegalAction saying why it cannot be looked at."""
        if typed is None or not typed.strip():
            table = await any_table(interaction)
            if table.state is None:
                raise IllegalAction(texts.NOT_STARTED if table.status == LOBBY
                                    else texts.NEVER_DEALT)
            return check_may_see(interaction, table)
        key = typed.strip().lstrip("#")
        if not key.isdigit() or len(key) > 18:
            raise IllegalAction(texts.PICK_TABLE)
        return check_may_see(interaction, await self.bot.store.get(int(key)))

    async def _tables_to_pick(self, interaction: discord.Interaction, current: str
                              ) -> list[app_commands.Choice[str]]:
        """The channel's running game, then the server's finished tables the person may look
        at, newest first, matching what was typed."""
        if interaction.guild_id is None:
            return []
        store = self.bot.store
        found: list[Table] = []
        here = await store.live(str(interaction.channel_id))
        if here is not None and here.status == PLAYING:
            found.append(here)
        done = await store.list_tables(guild=str(interaction.guild_id), statuses=(FINISHED,))
        found += sorted(done, key=lambda t: t.key or 0, reverse=True)
        typed = current.casefold().lstrip("#")
        out = []
        for table in found:
            choice = _table_choice(table)
            if typed in choice.name.casefold() and may_see(interaction, table):
                out.append(choice)
            if len(out) == 25:
                break
        return out

    # -- /game replay ---------------------------------------------------------------------

    @app_commands.command(
        name="replay",
        description="Watch a game again move by move (once it is over, every hand is shown)")
    @app_commands.describe(table=TABLE_HELP,
                           gif="Also send an animated GIF of the whole game")
    async def replay(self, interaction: discord.Interaction, table: str | None = None,
                     gif: bool | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await open_replay(interaction, await self._log_table(interaction, table), bool(gif))

    @replay.autocomplete("table")
    @busy_choices
    async def _replay_tables(self, interaction: discord.Interaction, current: str
                             ) -> list[app_commands.Choice[str]]:
        return await self._tables_to_pick(interaction, current)

    # -- /game history --------------------------------------------------------------------

    @app_commands.command(name="history",
                          description="Every move of the table, page by page")
    @app_commands.describe(table=TABLE_HELP)
    async def history(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await open_history(interaction, await self._log_table(interaction, table))

    @history.autocomplete("table")
    @busy_choices
    async def _history_tables(self, interaction: discord.Interaction, current: str
                              ) -> list[app_commands.Choice[str]]:
        return await self._tables_to_pick(interaction, current)

    # -- /game export ---------------------------------------------------------------------

    @app_commands.command(
        name="export",
        description="A finished game's whole log as a file, to watch or play on with the console")
    @app_commands.describe(table=TABLE_HELP)
    async def export(self, interaction: discord.Interaction, table: str | None = None) -> None:
        """Decision (data/export.py): only a game that is over is exported, finished or
        aborted; a running game's seed and log would show every hidden card."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self._log_table(interaction, table)
        entries = await whole_log(interaction, found.key or 0)
        text = await asyncio.to_thread(export_json, found, entries)
        game = engine.get_game(found.game_id)
        name = f"parley-{found.game_id}-{found.key}.json"
        await interaction.followup.send(
            texts.EXPORTED.format(title=game.title, channel=found.id, moves=len(entries),
                                  name=name),
            file=discord.File(io.BytesIO(text.encode()), name,
                              description=texts.EXPORT_FILE.format(title=game.title)),
            ephemeral=True)

    @export.autocomplete("table")
    @busy_choices
    async def _export_tables(self, interaction: discord.Interaction, current: str
                             ) -> list[app_commands.Choice[str]]:
        return await self._tables_to_pick(interaction, current)

    # -- /game undo -----------------------------------------------------------------------

    @app_commands.command(
        name="undo",
        description="Ask to take back your last move (everyone at the table must agree)")
    async def undo(self, interaction: discord.Interaction) -> None:
        """See data/undo.py for who must agree and engine/undo.py for what may be taken
        back; a refusal says why."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await ask_to_take_back(interaction, await live_table(interaction))
