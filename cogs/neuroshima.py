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
- The planner (``turn_step``, the plan itself in ``engine.neuroshima.plan``) has a menu of
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
from discord.ext import commands

from cogs import texts
from cogs.actions import busy_choices, ranked
from cogs.adapters import GameAdapter, Menu, Panel, Pick, Step
from cogs.play import command_move, move_choices, typed_move
from cogs.seats import bot_of, legal, names_of, playing_seat
from engine.core import Action, IllegalAction, fill_names
from engine.neuroshima.board import BY_LABEL, DIR_NAMES, LABELS
from engine.neuroshima.hints import best_facing
from engine.neuroshima.plan import Placed, Plan, board_with, free, reached, read_plan
from engine.neuroshima.rules import PLACEABLE, facing_text
from engine.neuroshima.tiles import HQ, TILES, canonical_rotation
from engine.neuroshima.view import board_of, with_placed
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
#: first pick, the tile, names the group); placements are planned by ``turn_step`` instead
COMPOSED: dict[str, tuple[str, ...]] = {
    "hq": ("space", "rot"),
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
#: the rows of a step that menus may use (the last row holds Confirm, Back and Cancel)
MENU_ROWS = 4


def _title(group: Sequence[Action]) -> str:
    """What a composed move is called: "Place your HQ", "Play Move"."""
    a = group[0]
    if a.kind == "hq":
        return "Place your HQ"
    return f"Play {TILES[_tile_of(a)]['name']}"


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
    return _space_words(str(value))


def _space_words(space: str) -> str:
    return f"{space} (Water)" if space.startswith("W") else space


def _compass(picks: list[Pick], values: Sequence[int]) -> list[Pick]:
    """Facing buttons laid out as a compass: NW N NE over SW S SE."""
    for p, v in zip(picks, values, strict=True):
        p.emoji, p.row = ARROWS[v], COMPASS_ROW[v]
    order = {r: i for i, r in enumerate(COMPASS_ORDER)}
    return [p for _, p in sorted(zip(values, picks, strict=True), key=lambda vp: order[vp[0]])]


def _suggested(view: Mapping[str, Any], kind: str, picked: Sequence[str],
               values: Sequence[str]) -> str | None:
    """The facing offered before the player picks one (issue 22: a pick saved when it
    suits; the arrows still turn it): the HQ turned as ``hints.best_facing`` suggests, a
    moved unit keeping its facing (none when it turns where it stands: its own facing is
    no move)."""
    seat = view.get("seat")
    if seat is None:
        return None
    if kind == "hq":
        key = HQ[view["armies"][seat]]
        rot = best_facing(board_of(view), seat, key, BY_LABEL[picked[0].casefold()])
    else:
        unit = next((u for u in view.get("board") or [] if u["space"] == picked[0]), None)
        if unit is None or picked[1] == picked[0]:
            return None
        rot = unit["rot"]
    return str(rot) if str(rot) in values else None


def compose(view: Mapping[str, Any], actions: Sequence[Action], path: str) -> Step | None:
    """The step of an HQ placement or a Move that ``path`` names ("hq", "hq.W3", "hq.W3.2";
    "p_move.c2.c1.3"), from the seat's legal ``actions`` only: each pick narrows them by
    one argument (``COMPOSED``), so nothing illegal is offered and the engine still judges
    the Confirm. A pick with one value left is made at once (a Tavern has one facing), the
    facing is first the one suggested (``_suggested``); a pick no longer possible (a facing
    kept while the space changed) is dropped with the picks after it. None when the first
    pick names nothing legal now.

    Every pick made stays on offer to change (its menu or its arrows, the chosen one
    marked), keeping the later picks where they still fit."""
    first, *wanted = path.split(".")
    every = [a for a in actions if a.kind in COMPOSED and _tile_of(a) == first]
    if not every:
        return None
    kind = every[0].kind
    fields = COMPOSED[kind]
    picked: list[str] = []
    suggested = False
    groups = [every]  # groups[d]: the moves left before field d is picked
    for field in fields:
        group = groups[-1]
        values = [str(v) for v in _ordered([a.args[field] for a in group], field)]
        want = wanted[len(picked)] if len(picked) < len(wanted) else None
        if want in values:
            pick = want
        else:
            wanted = wanted[:len(picked)]  # not possible now: it and the later picks go
            default = _suggested(view, kind, picked, values) if field == "rot" else None
            if len(values) == 1:
                pick = values[0]  # the only value left: picked at once
            elif default is not None:
                pick, suggested = default, True
            else:
                break
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
            step.buttons = _compass(picks, [int(v) for v in values])
            continue
        asks = ASKS[field] if d == depth else f"change the {WORDS[field]}"
        step.menus.append(Menu(texts.sentence(asks) + "…", picks))
        if d == depth:
            step.marks = spaces + tuple(str(v) for v in values if str(v) not in spaces)
    if depth < len(fields):
        step.prompt = texts.sentence(ASKS[fields[depth]]) + "."
        if fields[depth] == "rot" and len(step.buttons) < 6:
            step.prompt += " Only the facings that look different are offered."
        return step
    step.moves = list(groups[-1])
    turned = (" It is turned the way we suggest; the arrows turn it."
              if suggested and step.buttons else "")
    step.prompt = ("The picture shows it done, for your eyes only: **Confirm** to play it, "
                   f"or change a pick.{turned}")
    return step


# -- a turn planned in the panel (issue 22) -----------------------------------------------------

#: the first part of the path of a turn planned in the panel, the plan's written form after
#: it (``engine.neuroshima.plan``): "t.x2.0_c3_1" discards the hand's third tile, then
#: places its first on c3 turned to NE
TURN = "t"


def _path(plan: Plan, placed: Sequence[Placed] | None = None) -> str:
    return ".".join([TURN, *plan.parts(placed)])


def _space_menu(view: Mapping[str, Any], plan: Plan, index: int, keep: Sequence[Placed],
                placeholder: str, chosen: str = "") -> Menu | None:
    """A menu of the spaces tile ``index`` of the hand may go on once the tiles ``keep``
    are down, each turned as suggested (``hints.best_facing``) and saying how it faces and
    what it would reach; a pick leads to the plan with that tile after ``keep``."""
    key = plan.hand[index]
    spaces = _ordered([a["space"] for a in free(view, plan.seat, key, keep)], "space")
    if not spaces:
        return None
    board = board_with(view, plan.seat, keep)
    picks = []
    for space in spaces:
        tile = Placed(index, key, space,
                      best_facing(board, plan.seat, key, BY_LABEL[space.casefold()]))
        what = reached(board, plan.seat, tile)
        words = f"Top edge {DIR_NAMES[tile.rot]}" + (f"; {what}" if what else "")
        picks.append(Pick(_space_words(space), _path(plan, [*keep, tile]),
                          chosen=space == chosen,
                          description=texts.clip_words(words, texts.LABEL_LIMIT)))
    return Menu(texts.clip_words(placeholder, 150), picks)


def _tile_menus(view: Mapping[str, Any], plan: Plan) -> list[Menu]:
    """A menu of spaces for each tile still in hand that may be placed (one menu for two
    of the same tile), none after a tile that starts a battle."""
    menus: list[Menu] = []
    seen: set[str] = set()
    for index, key in enumerate(plan.hand):
        if plan.battle or index in plan.used() or key in seen \
                or TILES[key]["kind"] not in PLACEABLE:
            continue
        seen.add(key)
        menu = _space_menu(view, plan, index, plan.placed,
                           f"Place {TILES[key]['name']}: pick a space…")
        if menu is not None:
            menus.append(menu)
    return menus


def _change_menus(view: Mapping[str, Any], plan: Plan) -> list[Menu]:
    """Picks made, on offer to change: another space for the last tile placed (turned as
    suggested there), another tile to discard (the tiles placed kept where they can be)."""
    menus: list[Menu] = []
    if plan.placed:
        last = plan.placed[-1]
        menu = _space_menu(view, plan, last.index, plan.placed[:-1],
                           f"Put {TILES[last.key]['name']} on another space…", last.space)
        if menu is not None and len(menu.picks) > 1:
            menus.append(menu)
    if plan.discarded is not None and len(set(plan.hand)) > 1:
        picks = []
        for key in dict.fromkeys(plan.hand):
            mine = [i for i, k in enumerate(plan.hand) if k == key]
            if plan.discarded in mine:
                index = plan.discarded
            else:  # the copy of that tile the plan does not place, if there is one
                index = next((i for i in mine if i not in plan.used()), mine[0])
            kept = [p for p in plan.placed if p.index != index]
            picks.append(Pick(f"Discard {TILES[key]['name']}",
                              ".".join([TURN, f"x{index}", *(p.part for p in kept)]),
                              chosen=index == plan.discarded))
        menus.append(Menu("Discard another tile instead…", picks))
    return menus


def _turn_buttons(view: Mapping[str, Any], plan: Plan) -> list[Pick]:
    """The arrows that turn the last tile placed (the facings that look different), and a
    Bossman's Boarding toggle where Boarding is allowed."""
    if not plan.placed:
        return []
    last = plan.placed[-1]
    here = [a for a in free(view, plan.seat, last.key, plan.placed[:-1])
            if a["space"] == last.space]
    rots = sorted({int(a["rot"]) for a in here if bool(a.get("boarding")) == last.boarding})
    picks: list[Pick] = []
    if len(rots) > 1:
        picks = _compass([Pick(DIR_NAMES[r], _path(plan, [*plan.placed[:-1],
                                                         last.turned(r, last.boarding)]),
                               chosen=r == last.rot) for r in rots], rots)
    if any(a.get("boarding") for a in here):
        flip = last.turned(last.rot, not last.boarding)
        picks.append(Pick("Boarding: a battle, then your turn ends",
                          _path(plan, [*plan.placed[:-1], flip]), emoji="⚔️", row=1,
                          chosen=last.boarding))
    return picks


def _plan_words(plan: Plan) -> str:
    """The plan in a sentence: "discard Scout; Smuggler on c3, top edge NE"."""
    parts = [] if plan.discard is None else [
        f"discard {TILES[str(plan.discard.args['tile'])]['name']}"]
    parts += [f"{TILES[p.key]['name']} on {p.space}, {facing_text(p.rot)}"
              + (" with Boarding" if p.boarding else "") for p in plan.placed]
    return "; ".join(parts)


def _turn_prompt(view: Mapping[str, Any], plan: Plan, step: Step, placing: bool) -> str:
    """What the planner says: what is planned, what to pick (``placing``: a tile may be
    placed), what each Confirm does."""
    lines = [f"Planned, not played yet: {_plan_words(plan)}." if plan.actions()
             else "Nothing planned yet."]
    if placing:
        lines.append("Pick a space for a tile: it is turned as the menu says, and the "
                     "arrows turn it after.")
    if step.buttons:
        lines.append(f"The arrows turn {TILES[plan.placed[-1].key]['name']}.")
    if plan.battle:
        lines.append("Boarding: a battle, then your turn ends." if plan.placed[-1].boarding
                     else "The board is then full: a battle, and your turn goes on.")
    if step.moves and step.plan:
        lines.append("**Confirm** plays just this and your turn goes on; **Confirm: End "
                     "your turn** plays it and ends your turn.")
    elif step.plan and plan.actions():
        lines.append("**Confirm: End your turn** plays all of it and ends your turn.")
    elif step.plan:
        lines.append("**Confirm: End your turn** ends it; the tiles you keep count "
                     "towards your next draw.")
    elif step.moves:
        lines.append("**Confirm** plays it.")
    elif plan.discard is not None:
        lines.append("To place nothing, **Cancel**: the panel's menu discards at once, "
                     "then **End your turn**.")
    else:
        lines.append("To place nothing, **Cancel**, then **End your turn**.")
    if any(TILES[k]["kind"] == "instant" for i, k in enumerate(plan.hand)
           if i not in plan.used()):
        lines.append("Instants are played from the panel (**Cancel** returns to it).")
    return "\n".join(lines)


def turn_step(view: Mapping[str, Any], actions: Sequence[Action], path: str) -> Step | None:
    """The planner of a turn that ``path`` names ("t", "t.x2", "t.x2.0_c3_1"; see the
    module docstring), from the seat's view and legal ``actions``; None when the seat is
    not planning a turn now (not its turn, or it is asked a choice or a Drift turn)."""
    seat = view.get("seat")
    if seat is None or view.get("phase") not in ("discard", "play") \
            or seat not in (view.get("to_act") or []):
        return None
    plan = read_plan(view, actions, path.split(".")[1:])
    step = Step(title="Your turn", prompt="", marks=tuple(p.space for p in plan.placed))
    if view["phase"] == "discard" and plan.discard is None:
        picks = [Pick(f"Discard {TILES[k]['name']}", f"{TURN}.x{i}")
                 for i, k in enumerate(plan.hand) if k not in plan.hand[:i]]
        step.menus = [Menu("Discard one tile first…", picks)]
        step.prompt = ("You hold 3 tiles: discard one first (the rules: before anything "
                       "else), then place the others or keep them.")
        return step
    step.buttons = _turn_buttons(view, plan)
    tiles = _tile_menus(view, plan)
    rows = MENU_ROWS - len({p.row for p in step.buttons})
    step.menus = [*tiles, *_change_menus(view, plan)][:rows]
    planned = plan.actions()
    end = next((a for a in actions if a.kind == "end"), Action("end", {}, "End your turn"))
    if not plan.placed and tiles:
        pass  # a tile first: discarding alone, and ending, are on the panel itself
    elif plan.battle:  # the turn goes on after the battle, or ends by itself (Boarding)
        step.moves, step.plan = (planned, []) if len(planned) == 1 else ([], planned)
    else:
        step.moves, step.plan = (planned if len(planned) == 1 else []), [*planned, end]
    step.prompt = _turn_prompt(view, plan, step, bool(tiles))
    return step


def _names(keys: Sequence[str]) -> str:
    """Tile names joined with "or": "Smuggler or Medic"."""
    names = list(dict.fromkeys(str(TILES[k]["name"]) for k in keys))
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def _caption(step: Step) -> str:
    """The picture's line: what the preview shows, short ("Preview, not played yet:
    discard Scout; Smuggler c3 NE; then your turn ends")."""
    if step.moves:
        return f"Preview, not played yet: {step.moves[0].label}."
    if not step.plan:
        return f"{step.title}: {step.prompt.splitlines()[0]}"
    parts = []
    for a in step.plan:
        if a.kind == "discard":
            parts.append(f"discard {TILES[str(a.args['tile'])]['name']}")
        elif a.kind == "place":
            parts.append(f"{TILES[str(a.args['tile'])]['name']} {a.args['space']} "
                         f"{DIR_NAMES[int(a.args['rot'])]}"
                         + (" boarding: a battle follows" if a.args.get("boarding") else ""))
    tail = "; then your turn ends" if step.plan[-1].kind == "end" else ""
    if step.plan[-1].kind == "place" and not step.plan[-1].args.get("boarding"):
        tail = "; the board is then full: a battle follows"
    return f"Preview, not played yet: {'; '.join(parts) or 'nothing placed'}{tail}."


class NeuroshimaAdapter(GameAdapter):
    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        """Holding 3, a button per tile to discard (each opens the planner with that
        discard); else a button that opens the planner, **Place your HQ…** or **Play
        Move…**; End; and a menu of the rest (optional discards, instants, choices)."""
        buttons = [a for kind in BUTTON_KINDS for a in actions if a.kind == kind]
        seat = view.get("seat")
        hand = list(view["hands"][seat]) if seat is not None else []
        steps: list[Pick] = []
        placeholder = "Discard, play an instant, or answer a choice…"
        if view.get("phase") == "discard":
            steps = [Pick(f"Discard {TILES[k]['name']}…", f"{TURN}.x{i}")
                     for i, k in enumerate(hand) if k not in hand[:i]
                     and any(a.kind == "discard" and a.args.get("tile") == k
                             for a in actions)]
            placeholder = "Discard at once, placing nothing now…"
        placeable = [str(a.args["tile"]) for a in actions if a.kind == "place"]
        if placeable:
            steps.append(Pick(f"Place {_names(placeable)}…", TURN))
        groups: dict[str, list[Action]] = {}
        for a in actions:
            if a.kind in COMPOSED:
                groups.setdefault(_tile_of(a), []).append(a)
        steps += [Pick(_title(group) + "…", tile) for tile, group in groups.items()]
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
        caption = _caption(step)
        return (draw_preview(before, after, step.marks, caption),
                text_preview(before, after, step.marks, caption))

    def prompt(self, view: Mapping[str, Any]) -> str:
        """The panel first (issue 14: a whole game by clicks), the command after it."""
        phase = view.get("phase")
        if phase == "hq":
            return "place your HQ: **My hand / act**, then **Place your HQ…** (or `/hex place`)."
        if phase == "discard":
            return texts.panel_first("you hold 3 tiles: discard one, then place the others "
                                     "or keep them", "hex discard")
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
