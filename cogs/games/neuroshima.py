"""``/hex``: the moves of Neuroshima Hex! (the Pirates against Moloch), and how its table looks
on Discord.

``/hex place`` puts a tile (or, first of all, the HQ) on a space with a facing: the tile list
comes from the hand, the space list from the legal placements of that tile, the facing from a
fixed list of six. ``/hex use`` plays an instant, the Tavern or a Harpoon's Grab with its
target, ``/hex choose`` answers a choice (where a pushed or grabbed unit goes, how a Drift unit
turns), ``/hex discard`` and ``/hex end`` do what they say, and ``/hex move`` reaches every
legal move. The engine judges every move; battles resolve at once and the turn message lists
them phase by phase (a fresh board is posted after each battle).

The private panel does the same by clicks (issues 14 and 22). A turn is planned in it and
played by one Confirm, so the usual turn takes five interactions: **My hand / act**, the
tile to discard, a space for each of the other two, **Confirm: End your turn**. A tile's
spaces and facings (up to 19 x 6) do not fit one menu of 25: its menu lists the spaces,
each with the facing suggested there, and arrows turn it.

- Holding 3, the panel has a button per tile to discard ("Discard Scout…": the rulebook,
  holding 3 after the draw, "you must discard exactly 1 before doing anything else",
  rules/neuroshima.md 2.2); its menu discards at once, for a turn that places nothing.
  Otherwise **Place Smuggler or Medic…** opens the same planner with nothing to discard.
- The planner (``turn_step`` in cogs/games/neuroshima_plan.py, the plan itself in
  ``engine.neuroshima.plan``) has a menu of
  spaces for each tile still in hand (every space it may go on, each saying how the tile
  would face, ``hints.best_facing``, and what it would reach). A space picked puts the
  tile there, turned so; six arrow buttons laid out as a compass turn the last tile placed
  (only the facings that look different), a Bossman gets a Boarding button, and menus
  change the last tile's space or the discard. The picture shows the plan, privately.
- Nothing is played before a Confirm, offered once a tile is placed or none can be (the
  panel itself discards alone and ends the turn). **Confirm: End your turn** plays the plan and the end
  of the turn as one batch, each step judged by the engine; it is the one confirmation
  kept, the end of a turn being the move that cannot be taken back. With one thing
  planned, **Confirm** plays it alone and the turn goes on (an instant may follow). A tile
  that fills the board, or boards, starts a battle: the plan stops there (section 2.5: the
  turn goes on after a board-full battle; Boarding ends it).

The HQ and the Move instant are composed pick by pick (``COMPOSED``): the HQ's space (turned
as suggested; the arrows turn it), then Confirm; Move's unit, destination (it keeps its
facing unless turned) and facing, then Confirm. Everything else (optional discards, the
other instants, the Tavern, Grabs, choices, Drift turns) sits in the panel's menu, and End
in a button.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.games.common import VerbsCog, moves_completer, named_choices, playing_completer
from cogs.games.neuroshima_plan import (
    COMPOSED,
    HQ_TILE,
    TURN,
    caption,
    compose,
    plan_title,
    tile_names,
    tile_of,
    turn_step,
)
from cogs.look import game_texts, texts
from cogs.look.adapters import GameAdapter, Panel, Pick, Plugin, Step
from cogs.look.seats import bot_of, legal, names_of
from cogs.table.play import command_move, typed_move
from engine.core import Action, IllegalAction, fill_names
from engine.neuroshima.board import BY_LABEL, DIR_NAMES, LABELS
from engine.neuroshima.tiles import HQ, TILES, canonical_rotation
from engine.neuroshima.view import with_placed
from engine.table import Table
from render.neuroshima import (
    battle_lines,
    draw_battle_gif,
    draw_preview,
    text_preview,
)

if TYPE_CHECKING:
    pass

GAME_ID = "neuroshima"
#: instants, the implant and the Grab (``/hex use``)
USE_KINDS = frozenset({"battle", "move", "push", "airstrike", "wave", "tavern", "grab"})
#: answers to a choice the game waits for (``/hex choose``)
CHOOSE_KINDS = frozenset({"choose", "drift_turn", "drift_keep"})
BUTTON_KINDS = ("end", "drift_keep")
ROTATIONS = [app_commands.Choice(name=game_texts.HEX_FACING.format(rotation=r,
                                                               direction=DIR_NAMES[r]),
                                 value=r) for r in range(6)]


def tile_key(table: Table, seat: int, typed: str) -> str:
    """A tile written as its key ("p_smuggler"), its name ("Smuggler") or "HQ"."""
    t = " ".join(typed.strip().split()).casefold()
    if t in ("hq", HQ_TILE):
        return HQ_TILE
    army = table.state["armies"][seat]
    for key, row in TILES.items():
        if row["army"] == army and t in (key, row["name"].casefold()):
            return key
    raise IllegalAction(game_texts.HEX_NOT_IN_ARMY.format(tile=texts.quote(typed)))


def place_step(table: Table, seat: int, tile: str, space: str, rotation: int,
               boarding: bool) -> list[Action]:
    key = tile_key(table, seat, tile)
    index = BY_LABEL.get(space.strip().casefold())
    if index is None:
        raise IllegalAction(game_texts.HEX_NO_SPACE.format(space=texts.quote(space)))
    space = LABELS[index]
    if not 0 <= rotation <= 5:
        raise IllegalAction(game_texts.HEX_BAD_FACING)
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


class NeuroshimaAdapter(GameAdapter):
    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        """Holding 3, a button per tile to discard (each opens the planner with that
        discard); else a button that opens the planner, **Place your HQ…** or **Play
        Move…**; End; and a menu of the rest (optional discards, instants, choices)."""
        buttons = [a for kind in BUTTON_KINDS for a in actions if a.kind == kind]
        seat = view.get("seat")
        hand = list(view["hands"][seat]) if seat is not None else []
        steps: list[Pick] = []
        placeholder = game_texts.HEX_MENU
        if view.get("phase") == "discard":
            steps = [Pick(game_texts.HEX_STEP_DISCARD.format(tile=TILES[k]["name"]),
                          f"{TURN}.x{i}")
                     for i, k in enumerate(hand) if k not in hand[:i]
                     and any(a.kind == "discard" and a.args.get("tile") == k
                             for a in actions)]
            placeholder = game_texts.HEX_MENU_DISCARD_ONLY
        placeable = [str(a.args["tile"]) for a in actions if a.kind == "place"]
        if placeable:
            steps.append(Pick(game_texts.HEX_STEP_PLACE.format(tiles=tile_names(placeable)), TURN))
        groups: dict[str, list[Action]] = {}
        for a in actions:
            if a.kind in COMPOSED:
                groups.setdefault(tile_of(a), []).append(a)
        steps += [Pick(plan_title(group) + "…", tile) for tile, group in groups.items()]
        menu = [a for a in actions if a.kind not in BUTTON_KINDS and a.kind not in COMPOSED
                and a.kind != "place"]
        return Panel(steps=steps, buttons=buttons, button_rows=2, menu=menu,
                     menu_placeholder=placeholder)

    def step(self, view: Mapping[str, Any], actions: Sequence[Action], path: str) -> Step | None:
        if path.split(".")[0] == TURN:
            return turn_step(view, actions, path)
        return compose(view, actions, path)

    def picture(
        self, before: Mapping[str, Any], after: Mapping[str, Any] | None, step: Step
    ) -> tuple[bytes, str] | None:
        """The board with the move or the plan done, for the player's eyes only: a single
        move on a copy of the state (``after``, battles included), a plan of several steps
        drawn on the board as it is (``view.with_placed``; a battle it starts is fought
        when it is played)."""
        placed = [(str(a.args["tile"]), str(a.args["space"]), int(a.args["rot"]))
                  for a in step.plan if a.kind == "place"]
        if after is None and placed and before.get("seat") is not None:
            after = with_placed(before, int(before["seat"]), placed)
        line = caption(step)
        return (draw_preview(before, after, step.marks, line),
                text_preview(before, after, step.marks, line))

    def prompt(self, view: Mapping[str, Any]) -> str:
        """The panel first (issue 14: a whole game by clicks), the command after it."""
        phase = view.get("phase")
        if phase == "hq":
            return game_texts.HEX_ASK_HQ
        if phase == "discard":
            return texts.panel_first(game_texts.HEX_ASK_DISCARD, "hex discard")
        if phase == "drift":
            return texts.panel_first(game_texts.HEX_ASK_DRIFT, "hex choose")
        if phase == "choose":
            return texts.panel_first(game_texts.HEX_ASK_CHOOSE, "hex choose")
        return texts.panel_first(game_texts.HEX_ASK_TURN,
                                 "hex place", "hex use", "hex end")

    def extra_files(
        self, before: Mapping[str, Any] | None, after: Mapping[str, Any]
    ) -> list[tuple[str, bytes, str]]:
        """A new battle is posted with its phases as an animated picture."""
        battle = after.get("last_battle")
        old = (before or {}).get("last_battle") or {}
        if not battle or old.get("n") == battle["n"]:
            return []
        return [("battle.gif", draw_battle_gif(dict(after)),
                 game_texts.HEX_BATTLE_GIF.format(n=battle["n"]))]

    def epoch(self, view: Mapping[str, Any]) -> Hashable:
        battle = view.get("last_battle")
        return battle["n"] if battle else 0

    def headline(self, view: Mapping[str, Any], title: str) -> str:
        hq = view.get("hq") or [20, 20]
        armies = view.get("armies") or ["pirates", "moloch"]
        return game_texts.HEX_HEAD.format(title=title, army=armies[0].title(), hq=hq[0],
                                          other=armies[1].title(), other_hq=hq[1])


ADAPTER = NeuroshimaAdapter()


def _tile_name(key: str) -> str:
    """A tile as autocomplete shows and matches it ("Smuggler"; "HQ" for the HQ)."""
    return "HQ" if key == HQ_TILE else str(TILES[key]["name"])


# -- what the commands' options complete to ------------------------------------------------


def _place_tiles(interaction: discord.Interaction, table: Table, seat: int,
                 current: str) -> list[app_commands.Choice[str]]:
    keys = list(dict.fromkeys(tile_of(a) for a in _placements(table, seat)))
    return named_choices(keys, current, _tile_name)


def _place_spaces(interaction: discord.Interaction, table: Table, seat: int,
                  current: str) -> list[app_commands.Choice[str]]:
    typed_tile = str(getattr(interaction.namespace, "tile", "") or "")
    try:
        key = tile_key(table, seat, typed_tile) if typed_tile else None
    except IllegalAction:
        key = None
    spaces = list(dict.fromkeys(
        str(a.args["space"]) for a in _placements(table, seat)
        if key is None or tile_of(a) == key))
    return named_choices(spaces, current, str)


def _discard_tiles(interaction: discord.Interaction, table: Table, seat: int,
                   current: str) -> list[app_commands.Choice[str]]:
    keys = [str(a.args["tile"]) for a in legal(table, seat, ("discard",))]
    return named_choices(keys, current, _tile_name)


@app_commands.guild_only()
class NeuroshimaCog(VerbsCog, group_name="hex",
                    group_description="Neuroshima Hex! moves: place, use, choose, end"):
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

    place.autocomplete("tile")(playing_completer(GAME_ID, _place_tiles))

    place.autocomplete("space")(playing_completer(GAME_ID, _place_spaces))

    @app_commands.command(name="use", description="Play an instant (Battle, Move, Push Back, "
                          "Air Strike, Wave), the Tavern or a Grab")
    @app_commands.describe(action="The tile and its target (pick from the list)")
    async def use(self, interaction: discord.Interaction, action: str) -> None:
        await command_move(interaction, lambda t, s: typed_move(t, s, action, USE_KINDS))

    use.autocomplete("action")(moves_completer(GAME_ID, USE_KINDS))

    @app_commands.command(name="choose", description="Answer a choice: where your pushed or "
                          "grabbed unit goes, how a Drift unit turns")
    @app_commands.describe(option="Your choice (pick from the list)")
    async def choose(self, interaction: discord.Interaction, option: str) -> None:
        await command_move(interaction,
                           lambda t, s: typed_move(t, s, option, CHOOSE_KINDS))

    choose.autocomplete("option")(moves_completer(GAME_ID, CHOOSE_KINDS))

    @app_commands.command(name="discard", description="Discard a tile from your hand")
    @app_commands.describe(tile="The tile (pick from the list)")
    async def discard(self, interaction: discord.Interaction, tile: str) -> None:
        def steps(table: Table, seat: int) -> list[Action]:
            key = tile_key(table, seat, tile)
            return [Action("discard", {"tile": key})]

        await command_move(interaction, steps)

    discard.autocomplete("tile")(playing_completer(GAME_ID, _discard_tiles))

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
            raise IllegalAction(game_texts.HEX_NO_GAME)
        view = table.view(table.game, None)
        if not view.get("last_battle"):
            raise IllegalAction(game_texts.HEX_NO_BATTLE)
        await interaction.response.defer(thinking=True)
        gif = await asyncio.to_thread(draw_battle_gif, view)
        names = names_of(table)
        lines = [game_texts.HEX_BATTLE_STEPS.format(n=view["last_battle"]["n"])]
        lines += [f"- {fill_names(line, names)}" for line in battle_lines(view["last_battle"])]
        await interaction.followup.send(
            texts.clip("\n".join(lines), texts.CONTENT_LIMIT),
            file=discord.File(io.BytesIO(gif), "battle.gif",
                              description=game_texts.HEX_BATTLE_GIF.format(
                                  n=view["last_battle"]["n"])))


PLUGIN = Plugin(GAME_ID, ADAPTER, NeuroshimaCog)
