"""``/hex``: the moves of Neuroshima Hex! (the Pirates against Moloch), and how its table looks
on Discord.

``/hex place`` puts a tile (or, first of all, the HQ) on a space with a facing: the tile list
comes from the hand, the space list from the legal placements of that tile, the facing from a
fixed list of six. ``/hex use`` plays an instant, the Tavern or a Harpoon's Grab with its
target, ``/hex choose`` answers a choice (where a pushed or grabbed unit goes, how a Drift unit
turns), ``/hex discard`` and ``/hex end`` do what they say, and ``/hex move`` reaches every
legal move. The engine judges every move; battles resolve at once and the turn message lists
them phase by phase (a fresh board is posted after each battle).

The private panel does the same by clicks (issue 14). A placement, the HQ's included, and
the Move instant have too many variants for a menu (tile x space x facing, up to a few
hundred), so they are composed pick by pick (``COMPOSED``): a button per tile in hand
("Place Smuggler…", "Play Move…"), then a menu of the legal spaces (a menu rather than
buttons laid out like the board: 31 spaces do not fit in Discord's 25 buttons, and the
menu lists only the legal ones, while the picture rings them), then the facing as six arrow
buttons laid out as a compass (only the facings that look different are offered; a tile with
one facing skips this pick). The whole move is then previewed, privately, on the board
computed on a copy of the state, and applied only by its Confirm button. Everything else
(discards, the other instants, the Tavern, Grabs, choices, Drift turns) sits in the panel's
menu, and End in a button.
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
from cogs.actions import busy_choices, ranked
from cogs.adapters import GameAdapter, Menu, Panel, Pick, Step
from cogs.play import command_move, move_choices, typed_move
from cogs.seats import bot_of, legal, names_of, playing_seat
from engine.core import Action, IllegalAction, fill_names
from engine.neuroshima.board import BY_LABEL, DIR_NAMES, LABELS
from engine.neuroshima.tiles import HQ, TILES, canonical_rotation
from engine.table import Table
from render.neuroshima import (
    battle_lines,
    draw_battle_gif,
    draw_preview,
    text_preview,
)

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


#: moves composed pick by pick in the panel: kind -> the arguments picked, in order (the
#: first pick, the tile, names the group)
COMPOSED: dict[str, tuple[str, ...]] = {
    "hq": ("space", "rot"),
    "place": ("space", "rot"),
    "move": ("from", "to", "rot"),
}
#: what each pick asks
ASKS = {
    "space": "pick the space (the ringed spaces are free for it)",
    "from": "pick the unit to move (ringed)",
    "to": "pick where it goes (ringed; its own space turns it where it stands)",
    "rot": "pick the facing: where the tile's printed top edge points",
}
#: what a pick is called when it is changed
WORDS = {"space": "space", "from": "unit", "to": "destination", "rot": "facing"}
#: direction -> arrow, and the compass the six facing buttons are laid out in (NW N NE over
#: SW S SE)
ARROWS = ("⬆️", "↗️", "↘️", "⬇️", "↙️", "↖️")
COMPASS_ROW = (0, 0, 1, 1, 1, 0)
COMPASS_ORDER = (5, 0, 1, 4, 3, 2)


def _title(group: Sequence[Action]) -> str:
    """What a composed move is called: "Place your HQ", "Place Smuggler", "Play Move"."""
    a = group[0]
    if a.kind == "hq":
        return "Place your HQ"
    name = TILES[_tile_of(a)]["name"]
    return f"Play {name}" if a.kind == "move" else f"Place {name}"


def _ordered(values: Sequence[Any], field: str) -> list[Any]:
    """Distinct values in board order for spaces (a1…e3, W1…W12), facings clockwise."""
    distinct = list(dict.fromkeys(values))
    if field == "rot":
        return sorted(distinct)
    return sorted(distinct, key=lambda lab: BY_LABEL[str(lab).casefold()])


def _pick_label(field: str, value: Any, units: Mapping[str, Any], picked: Sequence[str]) -> str:
    """A pick's words: a facing by its compass point, a unit by its space and name, a
    space by its name (Water said), a Move's own space as turning the unit where it is."""
    if field == "rot":
        return DIR_NAMES[int(value)]
    if field == "from" and value in units:
        return f"{value}: {units[value]['name']}"
    if field == "to" and picked and value == picked[0]:
        return f"{value}: stays, turned"
    return f"{value} (Water)" if str(value).startswith("W") else str(value)


def compose(view: Mapping[str, Any], actions: Sequence[Action], path: str) -> Step | None:
    """The step of a placement or Move that ``path`` names ("p_smuggler", "p_smuggler.c3",
    "p_smuggler.c3.2"; "hq.W3.0" for the HQ), from the seat's legal ``actions`` only: each
    pick narrows them by one argument (``COMPOSED``), so nothing illegal is offered and the
    engine still judges the Confirm. A pick with one value left is made at once (a Tavern
    has one facing); a pick no longer possible (a facing kept while the space changed) is
    dropped with the picks after it. None when the first pick names nothing legal now.

    Every pick made stays on offer to change (its menu or its arrows, the chosen one
    marked), keeping the later picks where they still fit."""
    first, *wanted = path.split(".")
    every = [a for a in actions if a.kind in COMPOSED and _tile_of(a) == first]
    if not every:
        return None
    fields = COMPOSED[every[0].kind]
    picked: list[str] = []
    groups = [every]  # groups[d]: the moves left before field d is picked
    for field in fields:
        group = groups[-1]
        values = [str(v) for v in _ordered([a.args[field] for a in group], field)]
        want = wanted[len(picked)] if len(picked) < len(wanted) else None
        if want in values:
            pick = want
        else:
            wanted = wanted[:len(picked)]  # not possible now: it and the later picks go
            if len(values) != 1:
                break
            pick = values[0]  # the only value left: picked at once
        picked.append(pick)
        groups.append([a for a in group if str(a.args[field]) == pick])
    depth = len(picked)
    units = {u["space"]: u for u in view.get("board") or []}
    spaces = tuple(v for f, v in zip(fields, picked, strict=False) if f != "rot")
    step = Step(title=_title(every), prompt="", marks=spaces)
    for d, field in enumerate(fields[: depth + 1]):
        values = _ordered([a.args[field] for a in groups[d]], field)
        if len(values) < 2:
            continue
        picks = [Pick(_pick_label(field, str(v), units, picked[:d]),
                      ".".join([first, *picked[:d], str(v), *picked[d + 1:]]),
                      chosen=d < depth and picked[d] == str(v)) for v in values]
        if field == "rot":
            for p, v in zip(picks, values, strict=True):
                p.emoji, p.row = ARROWS[int(v)], COMPASS_ROW[int(v)]
            order = {r: i for i, r in enumerate(COMPASS_ORDER)}
            step.buttons = sorted(picks, key=lambda p: order[int(p.path.rsplit(".", 1)[1])])
            continue
        asks = ASKS[field] if d == depth else f"change the {WORDS[field]}"
        step.menus.append(Menu(asks[0].upper() + asks[1:] + "…", picks))
        if d == depth:
            step.marks = spaces + tuple(str(v) for v in values if str(v) not in spaces)
    if depth < len(fields):
        step.prompt = ASKS[fields[depth]][0].upper() + ASKS[fields[depth]][1:] + "."
        if fields[depth] == "rot" and len(step.buttons) < 6:
            step.prompt += " Only the facings that look different are offered."
        return step
    # the picks name a whole move: the plain one first, then its variant (Boarding)
    step.moves = sorted(groups[-1], key=lambda a: bool(a.args.get("boarding")))
    step.prompt = ("The picture shows it done, for your eyes only: **Confirm** to play it, "
                   "or change a pick.")
    return step


class NeuroshimaAdapter(GameAdapter):
    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        buttons = [a for kind in BUTTON_KINDS for a in actions if a.kind == kind]
        groups: dict[str, list[Action]] = {}
        for a in actions:
            if a.kind in COMPOSED:
                groups.setdefault(_tile_of(a), []).append(a)
        steps = [Pick(_title(group) + "…", tile) for tile, group in groups.items()]
        menu = [a for a in actions if a.kind not in BUTTON_KINDS and a.kind not in COMPOSED]
        return Panel(steps=steps, buttons=buttons, button_rows=2, menu=menu,
                     menu_placeholder="Discard, play an instant, or answer a choice…")

    def step(self, view: Mapping[str, Any], actions: Sequence[Action], path: str) -> Step | None:
        return compose(view, actions, path)

    def picture(
        self, before: Mapping[str, Any], after: Mapping[str, Any] | None, step: Step
    ) -> tuple[bytes, str] | None:
        if step.moves:
            caption = f"Preview, not played yet: {step.moves[0].label}."
        else:
            caption = f"{step.title}: {step.prompt}"
        return (draw_preview(before, after, step.marks, caption),
                text_preview(before, after, step.marks, caption))

    def prompt(self, view: Mapping[str, Any]) -> str:
        """The panel first (issue 14: a whole game by clicks), the command after it."""
        phase = view.get("phase")
        if phase == "hq":
            return "place your HQ: **My hand / act**, then **Place your HQ…** (or `/hex place`)."
        if phase == "discard":
            return texts.panel_first("you hold 3 tiles: discard one", "hex discard")
        if phase == "drift":
            return texts.panel_first("turn your Drift units, or keep their facing",
                                     "hex choose")
        if phase == "choose":
            return texts.panel_first("choose where your unit goes", "hex choose")
        return texts.panel_first("place tiles and play instants, then end your turn",
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


def _tile_name(key: str) -> str:
    """A tile as autocomplete shows and matches it ("Smuggler"; "HQ" for the HQ)."""
    return "HQ" if key == HQ_TILE else str(TILES[key]["name"])


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
    @busy_choices
    async def _place_tiles(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        found = await _table_and_seat(interaction)
        if found is None:
            return []
        table, seat = found
        keys = list(dict.fromkeys(_tile_of(a) for a in _placements(table, seat)))
        return [app_commands.Choice(name=_tile_name(key), value=key)
                for key in ranked(keys, current, _tile_name)]

    @place.autocomplete("space")
    @busy_choices
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
        return [app_commands.Choice(name=s, value=s) for s in ranked(spaces, current, str)]

    @app_commands.command(name="use", description="Play an instant (Battle, Move, Push Back, "
                          "Air Strike, Wave), the Tavern or a Grab")
    @app_commands.describe(action="The tile and its target (pick from the list)")
    async def use(self, interaction: discord.Interaction, action: str) -> None:
        await command_move(interaction, lambda t, s: typed_move(t, s, action, USE_KINDS))

    @use.autocomplete("action")
    @busy_choices
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
    @busy_choices
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
    @busy_choices
    async def _discard_tiles(self, interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
        found = await _table_and_seat(interaction)
        if found is None:
            return []
        table, seat = found
        keys = [str(a.args["tile"]) for a in legal(table, seat) if a.kind == "discard"]
        return [app_commands.Choice(name=_tile_name(key), value=key)
                for key in ranked(keys, current, _tile_name)]

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
        view = table.view(table.game, None)
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
    @busy_choices
    async def _move_options(self, interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, None)


COG = NeuroshimaCog
