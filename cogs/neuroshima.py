"""``/hex``: the moves of Neuroshima Hex! (the Pirates against Moloch), and how its table looks
on Discord.

``/hex place`` puts a tile (or, first of all, the HQ) on a space with a facing: the tile list
comes from the hand, the space list from the legal placements of that tile, the facing from a
fixed list of six. ``/hex use`` plays an instant, the Tavern or a Harpoon's Grab with its
target, ``/hex choose`` answers a choice (where a pushed or grabbed unit goes, how a Drift unit
turns), ``/hex discard`` and ``/hex end`` do what they say, and ``/hex move`` reaches every
legal move. The engine judges every move; battles resolve at once and the turn message lists
them phase by phase (a fresh board is posted after each battle).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import texts
from cogs.adapters import GameAdapter, Panel
from cogs.notify import game_of
from cogs.play import (
    bot_of,
    command_move,
    legal,
    move_choices,
    names_of,
    playing_seat,
    typed_move,
)
from engine.core import Action, IllegalAction, fill_names
from engine.neuroshima.board import BY_LABEL, DIR_NAMES, LABELS
from engine.neuroshima.tiles import HQ, TILES, canonical_rotation
from engine.table import Table
from render.neuroshima import battle_lines, draw_battle_gif

if TYPE_CHECKING:
    from cogs.bot import ParleyBot

GAME_ID = "neuroshima"
HQ_TILE = "hq"
#: instants, the implant and the Grab (``/hex use``)
USE_KINDS = frozenset({"battle", "move", "push", "airstrike", "wave", "tavern", "grab"})
#: answers to a choice the game waits for (``/hex choose``)
CHOOSE_KINDS = frozenset({"choose", "drift_turn", "drift_keep"})
BUTTON_KINDS = ("end", "drift_keep")
ROTATIONS = [app_commands.Choice(name=f"{r}: top edge {DIR_NAMES[r]}", value=r)
             for r in range(6)]


def tile_key(table: Table, seat: int, typed: str) -> str:
    """A tile written as its key ("p_smuggler"), its name ("Smuggler") or "HQ"."""
    t = " ".join(typed.strip().split()).casefold()
    if t in ("hq", HQ_TILE):
        return HQ_TILE
    army = table.state["armies"][seat]
    for key, row in TILES.items():
        if row["army"] == army and t in (key, row["name"].casefold()):
            return key
    raise IllegalAction(
        f"There is no {texts.quote(typed)} in your army; pick a tile from the list.")


def place_step(table: Table, seat: int, tile: str, space: str, rotation: int,
               boarding: bool) -> list[Action]:
    key = tile_key(table, seat, tile)
    index = BY_LABEL.get(space.strip().casefold())
    if index is None:
        raise IllegalAction(f"There is no space {texts.quote(space)}: spaces are a1-e3 and W1-W12.")
    space = LABELS[index]
    if not 0 <= rotation <= 5:
        raise IllegalAction("The facing is a number from 0 to 5; pick it from the list.")
    real = HQ[table.state["armies"][seat]] if key == HQ_TILE else key
    rotation = canonical_rotation(real, rotation)  # a Tavern turned 3 is the Tavern turned 0
    if key == HQ_TILE:
        return [Action("hq", {"space": space, "rot": rotation})]
    args: dict[str, Any] = {"tile": key, "space": space, "rot": rotation}
    if boarding:
        args["boarding"] = True
    return [Action("place", args)]


def _placements(table: Table, seat: int) -> list[Action]:
    return legal(table, seat, ("place", "hq"))


def _tile_of(a: Action) -> str:
    return HQ_TILE if a.kind == "hq" else str(a.args["tile"])


class NeuroshimaAdapter(GameAdapter):
    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        buttons = [a for kind in BUTTON_KINDS for a in actions if a.kind == kind]
        # placements (up to hundreds) and Moves go by command: /hex place, /hex use
        menu = [a for a in actions if a.kind not in BUTTON_KINDS
                and a.kind not in ("place", "move")]
        return Panel(buttons=buttons, menu=menu,
                     menu_placeholder="Discard, play an instant, or answer a choice…")

    def prompt(self, view: Mapping[str, Any]) -> str:
        phase = view.get("phase")
        if phase == "hq":
            return "place your HQ with `/hex place` (tile HQ, a space and a facing)."
        if phase == "discard":
            return "you hold 3 tiles: discard one with `/hex discard`."
        if phase == "drift":
            return "turn your Drift units with `/hex choose` (or keep their facing)."
        if phase == "choose":
            return "choose where your unit goes with `/hex choose`."
        return ("place tiles with `/hex place`, play instants with `/hex use`, "
                "then `/hex end`.")

    def extra_files(
        self, before: Mapping[str, Any] | None, after: Mapping[str, Any]
    ) -> list[tuple[str, bytes, str]]:
        """A new battle is posted with its phases as an animated picture."""
        battle = after.get("last_battle")
        old = (before or {}).get("last_battle") or {}
        if not battle or old.get("n") == battle["n"]:
            return []
        return [("battle.gif", draw_battle_gif(dict(after)),
                 f"Battle {battle['n']}, phase by phase")]

    def epoch(self, view: Mapping[str, Any]) -> Hashable:
        battle = view.get("last_battle")
        return battle["n"] if battle else 0

    def headline(self, view: Mapping[str, Any], title: str) -> str:
        hq = view.get("hq") or [20, 20]
        armies = view.get("armies") or ["pirates", "moloch"]
        return f"{title} · HQs: {armies[0].title()} {hq[0]}, {armies[1].title()} {hq[1]}"


ADAPTER = NeuroshimaAdapter()


async def _table_and_seat(interaction: discord.Interaction) -> tuple[Table, int] | None:
    return await playing_seat(interaction, GAME_ID)


@app_commands.guild_only()
class NeuroshimaCog(commands.GroupCog, group_name="hex",
                    group_description="Neuroshima Hex! moves: place, use, choose, end"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="place", description="Place a tile (or your HQ) on a space "
                          "with a facing")
    @app_commands.describe(tile="The tile from your hand, or HQ (pick from the list)",
                           space="The space, e.g. c3 or W5 (the list shows legal spaces)",
                           rotation="Where the tile's printed top edge points",
                           boarding="Bossman only: start a battle (Boarding); ends the turn")
    @app_commands.choices(rotation=ROTATIONS)
    async def place(self, interaction: discord.Interaction, tile: str, space: str,
                    rotation: int, boarding: bool = False) -> None:
        await command_move(interaction,
                           lambda t, s: place_step(t, s, tile, space, rotation, boarding))

    @place.autocomplete("tile")
    async def _place_tiles(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        found = await _table_and_seat(interaction)
        if found is None:
            return []
        table, seat = found
        keys = list(dict.fromkeys(_tile_of(a) for a in _placements(table, seat)))
        out = []
        for key in keys:
            name = "HQ" if key == HQ_TILE else TILES[key]["name"]
            if current.casefold() in name.casefold():
                out.append(app_commands.Choice(name=name, value=key))
        return out[:25]

    @place.autocomplete("space")
    async def _place_spaces(self, interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
        found = await _table_and_seat(interaction)
        if found is None:
            return []
        table, seat = found
        typed_tile = str(getattr(interaction.namespace, "tile", "") or "")
        try:
            key = tile_key(table, seat, typed_tile) if typed_tile else None
        except IllegalAction:
            key = None
        spaces = list(dict.fromkeys(
            str(a.args["space"]) for a in _placements(table, seat)
            if key is None or _tile_of(a) == key))
        return [app_commands.Choice(name=s, value=s) for s in spaces
                if current.casefold() in s.casefold()][:25]

    @app_commands.command(name="use", description="Play an instant (Battle, Move, Push Back, "
                          "Air Strike, Wave), the Tavern or a Grab")
    @app_commands.describe(action="The tile and its target (pick from the list)")
    async def use(self, interaction: discord.Interaction, action: str) -> None:
        await command_move(interaction, lambda t, s: typed_move(t, s, action, USE_KINDS))

    @use.autocomplete("action")
    async def _use_options(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, USE_KINDS)

    @app_commands.command(name="choose", description="Answer a choice: where your pushed or "
                          "grabbed unit goes, how a Drift unit turns")
    @app_commands.describe(option="Your choice (pick from the list)")
    async def choose(self, interaction: discord.Interaction, option: str) -> None:
        await command_move(interaction,
                           lambda t, s: typed_move(t, s, option, CHOOSE_KINDS))

    @choose.autocomplete("option")
    async def _choose_options(self, interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, CHOOSE_KINDS)

    @app_commands.command(name="discard", description="Discard a tile from your hand")
    @app_commands.describe(tile="The tile (pick from the list)")
    async def discard(self, interaction: discord.Interaction, tile: str) -> None:
        def steps(table: Table, seat: int) -> list[Action]:
            key = tile_key(table, seat, tile)
            return [Action("discard", {"tile": key})]

        await command_move(interaction, steps)

    @discard.autocomplete("tile")
    async def _discard_tiles(self, interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
        found = await _table_and_seat(interaction)
        if found is None:
            return []
        table, seat = found
        out = []
        for a in legal(table, seat):
            if a.kind == "discard":
                name = TILES[a.args["tile"]]["name"]
                if current.casefold() in name.casefold():
                    out.append(app_commands.Choice(name=name, value=str(a.args["tile"])))
        return out[:25]

    @app_commands.command(name="end", description="End your turn (the tiles you hold stay "
                          "in your hand)")
    async def end(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, lambda t, s: [Action("end", {})])

    @app_commands.command(name="battle", description="Show the last battle step by step: one "
                          "picture per initiative phase, animated")
    async def battle(self, interaction: discord.Interaction) -> None:
        if interaction.channel_id is None:
            raise IllegalAction(texts.NOT_IN_GUILD)
        table = await bot_of(interaction).store.latest(str(interaction.channel_id))
        if table is None or table.game_id != GAME_ID or table.state is None:
            raise IllegalAction("There is no game of Neuroshima Hex! in this channel.")
        view = table.view(game_of(table), None)
        if not view.get("last_battle"):
            raise IllegalAction("No battle has been fought at this table yet.")
        await interaction.response.defer(thinking=True)
        gif = await asyncio.to_thread(draw_battle_gif, view)
        names = names_of(table)
        lines = [f"**Battle {view['last_battle']['n']}**, step by step:"]
        lines += [f"- {fill_names(line, names)}" for line in battle_lines(view["last_battle"])]
        await interaction.followup.send(
            texts.clip("\n".join(lines), texts.CONTENT_LIMIT),
            file=discord.File(io.BytesIO(gif), "battle.gif",
                              description=f"Battle {view['last_battle']['n']}, phase by phase"))

    @app_commands.command(name="move", description="Any move you may make now, from a list")
    @app_commands.describe(action="The move (pick from the list of your legal moves)")
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await command_move(interaction, lambda t, s: typed_move(t, s, action, None))

    @move.autocomplete("action")
    async def _move_options(self, interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, None)


COG = NeuroshimaCog
