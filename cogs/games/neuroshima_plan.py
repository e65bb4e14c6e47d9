"""The Neuroshima Hex! turn planner of the private panel (issues 14 and 22), for
``NeuroshimaAdapter.step`` (cogs/games/neuroshima.py, whose docstring tells the panel):

- ``turn_step``: a turn planned pick by pick, the plan itself in ``engine.neuroshima.plan``:
  the tile to discard, a menu of spaces for each tile still in hand (each saying how the
  tile would face, ``hints.best_facing``, and what it would reach), arrows laid out as a
  compass that turn the last tile placed, a Bossman's Boarding, menus that change a pick;
  one Confirm plays the plan (and ends the turn);
- ``compose``: the HQ and the Move instant composed pick by pick (``COMPOSED``): the HQ's
  space (turned as suggested; the arrows turn it), then Confirm; Move's unit, destination
  and facing, then Confirm;
- ``caption``: the line under the private preview.

Nothing here applies a move: each step offers only what the seat's legal actions allow, and
the engine judges the Confirm.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cogs.look import game_texts, texts
from cogs.look.adapters import Menu, Pick, Step
from engine.core import Action
from engine.neuroshima.board import BY_LABEL, DIR_NAMES
from engine.neuroshima.hints import best_facing
from engine.neuroshima.plan import Placed, Plan, board_with, free, reached, read_plan
from engine.neuroshima.rules import PLACEABLE, facing_text
from engine.neuroshima.tiles import HQ, TILES
from engine.neuroshima.view import board_of

#: the tile key of the HQ in a path and in ``/hex place``
HQ_TILE = "hq"


def tile_of(a: Action) -> str:
    """The tile a placement or an instant is of ("hq" for the HQ)."""
    return HQ_TILE if a.kind == "hq" else str(a.args["tile"])


#: moves composed pick by pick in the panel: kind -> the arguments picked, in order (the
#: first pick, the tile, names the group); placements are planned by ``turn_step`` instead
COMPOSED: dict[str, tuple[str, ...]] = {
    "hq": ("space", "rot"),
    "move": ("from", "to", "rot"),
}
#: what each pick asks
ASKS = game_texts.HEX_ASKS
#: what a pick is called when it is changed
WORDS = {"space": "space", "from": "unit", "to": "destination", "rot": "facing"}
#: direction -> arrow, and the compass the six facing buttons are laid out in (NW N NE over
#: SW S SE)
ARROWS = ("⬆️", "↗️", "↘️", "⬇️", "↙️", "↖️")
COMPASS_ROW = (0, 0, 1, 1, 1, 0)
COMPASS_ORDER = (5, 0, 1, 4, 3, 2)
#: the rows of a step that menus may use (the last row holds Confirm, Back and Cancel)
MENU_ROWS = 4


def plan_title(group: Sequence[Action]) -> str:
    """What a composed move is called: "Place your HQ", "Play Move"."""
    a = group[0]
    if a.kind == "hq":
        return game_texts.HEX_PLACE_HQ
    return game_texts.HEX_PLAY_TILE.format(tile=TILES[tile_of(a)]["name"])


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
        return game_texts.HEX_UNIT_ON.format(space=value, unit=units[value]["name"])
    if field == "to" and picked and value == picked[0]:
        return game_texts.HEX_STAYS_TURNED.format(space=value)
    return _space_words(str(value))


def _space_words(space: str) -> str:
    return game_texts.HEX_WATER.format(space=space) if space.startswith("W") else space


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
    every = [a for a in actions if a.kind in COMPOSED and tile_of(a) == first]
    if not every:
        return None
    fields = COMPOSED[every[0].kind]
    picked, groups, suggested = _picks(view, every, wanted)
    depth = len(picked)
    spaces = tuple(v for f, v in zip(fields, picked, strict=False) if f != "rot")
    step = Step(title=plan_title(every), prompt="", marks=spaces)
    _offer_picks(view, step, first, fields, picked, groups)
    if depth < len(fields):
        step.prompt = texts.sentence(ASKS[fields[depth]]) + "."
        if fields[depth] == "rot" and len(step.buttons) < 6:
            step.prompt += game_texts.HEX_FEWER_FACINGS
        return step
    step.moves = list(groups[-1])
    turned = game_texts.HEX_TURNED_AS_SUGGESTED if suggested and step.buttons else ""
    step.prompt = game_texts.HEX_SHOWN_DONE.format(turned=turned)
    return step


def _picks(view: Mapping[str, Any], every: Sequence[Action], wanted: list[str]
           ) -> tuple[list[str], list[list[Action]], bool]:
    """The picks of a composed move as far as they go (``wanted``, the path's, where still
    possible; a value alone or the suggested facing made at once), the moves left before
    each pick (``groups[d]``: before field d), and whether the facing is the suggested one."""
    kind = every[0].kind
    picked: list[str] = []
    suggested = False
    groups = [list(every)]
    for field in COMPOSED[kind]:
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
    return picked, groups, suggested


def _offer_picks(view: Mapping[str, Any], step: Step, first: str, fields: Sequence[str],
                 picked: Sequence[str], groups: Sequence[Sequence[Action]]) -> None:
    """Put in ``step`` the picks made, to change, and the next one: a menu per space or
    unit, the facings as arrows; the next pick's spaces ringed on the picture."""
    depth = len(picked)
    units = {u["space"]: u for u in view.get("board") or []}
    spaces = step.marks
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
        asks = ASKS[field] if d == depth else game_texts.HEX_ASK_CHANGE.format(what=WORDS[field])
        step.menus.append(Menu(texts.sentence(asks) + "…", picks))
        if d == depth:
            step.marks = spaces + tuple(str(v) for v in values if str(v) not in spaces)


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
        words = game_texts.HEX_TOP_EDGE.format(direction=DIR_NAMES[tile.rot]) + (f"; {what}" if what else "")
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
                           game_texts.HEX_MENU_PLACE_TILE.format(tile=TILES[key]["name"]))
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
                           game_texts.HEX_MENU_MOVE_TILE.format(tile=TILES[last.key]["name"]),
                           last.space)
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
            picks.append(Pick(game_texts.HEX_DISCARD_TILE.format(tile=TILES[key]["name"]),
                              ".".join([TURN, f"x{index}", *(p.part for p in kept)]),
                              chosen=index == plan.discarded))
        menus.append(Menu(game_texts.HEX_MENU_OTHER_DISCARD, picks))
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
        picks.append(Pick(game_texts.HEX_BOARDING,
                          _path(plan, [*plan.placed[:-1], flip]), emoji="⚔️", row=1,
                          chosen=last.boarding))
    return picks


def _plan_words(plan: Plan) -> str:
    """The plan in a sentence: "discard Scout; Smuggler on c3, top edge NE"."""
    parts = [] if plan.discard is None else [
        game_texts.HEX_PLAN_DISCARD.format(tile=TILES[str(plan.discard.args["tile"])]["name"])]
    parts += [game_texts.HEX_PLAN_PLACE.format(tile=TILES[p.key]["name"], space=p.space,
                                               facing=facing_text(p.rot))
              + (game_texts.HEX_PLAN_BOARDING if p.boarding else "") for p in plan.placed]
    return "; ".join(parts)


def _turn_prompt(view: Mapping[str, Any], plan: Plan, step: Step, placing: bool) -> str:
    """What the planner says: what is planned, what to pick (``placing``: a tile may be
    placed), what each Confirm does."""
    lines = [game_texts.HEX_PLANNED.format(plan=_plan_words(plan)) if plan.actions()
             else game_texts.HEX_NOTHING_PLANNED]
    if placing:
        lines.append(game_texts.HEX_PICK_A_SPACE)
    if step.buttons:
        lines.append(game_texts.HEX_ARROWS_TURN.format(tile=TILES[plan.placed[-1].key]["name"]))
    if plan.battle:
        lines.append(game_texts.HEX_BOARDING_ENDS if plan.placed[-1].boarding
                     else game_texts.HEX_BOARD_FULL)
    if step.moves and step.plan:
        lines.append(game_texts.HEX_CONFIRM_OR_END)
    elif step.plan and plan.actions():
        lines.append(game_texts.HEX_CONFIRM_ALL_AND_END)
    elif step.plan:
        lines.append(game_texts.HEX_CONFIRM_END_KEEP)
    elif step.moves:
        lines.append(game_texts.HEX_CONFIRM_PLAYS)
    elif plan.discard is not None:
        lines.append(game_texts.HEX_CANCEL_DISCARDED)
    else:
        lines.append(game_texts.HEX_CANCEL_THEN_END)
    if any(TILES[k]["kind"] == "instant" for i, k in enumerate(plan.hand)
           if i not in plan.used()):
        lines.append(game_texts.HEX_INSTANTS_ON_PANEL)
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
    step = Step(title=game_texts.HEX_YOUR_TURN, prompt="", marks=tuple(p.space for p in plan.placed))
    if view["phase"] == "discard" and plan.discard is None:
        picks = [Pick(game_texts.HEX_DISCARD_TILE.format(tile=TILES[k]["name"]), f"{TURN}.x{i}")
                 for i, k in enumerate(plan.hand) if k not in plan.hand[:i]]
        step.menus = [Menu(game_texts.HEX_MENU_DISCARD_FIRST, picks)]
        step.prompt = game_texts.HEX_DISCARD_FIRST
        return step
    step.buttons = _turn_buttons(view, plan)
    tiles = _tile_menus(view, plan)
    rows = MENU_ROWS - len({p.row for p in step.buttons})
    step.menus = [*tiles, *_change_menus(view, plan)][:rows]
    planned = plan.actions()
    end = next((a for a in actions if a.kind == "end"), Action("end", {}, game_texts.HEX_END_TURN))
    if not plan.placed and tiles:
        pass  # a tile first: discarding alone, and ending, are on the panel itself
    elif plan.battle:  # the turn goes on after the battle, or ends by itself (Boarding)
        step.moves, step.plan = (planned, []) if len(planned) == 1 else ([], planned)
    else:
        step.moves, step.plan = (planned if len(planned) == 1 else []), [*planned, end]
    step.prompt = _turn_prompt(view, plan, step, bool(tiles))
    return step


def tile_names(keys: Sequence[str]) -> str:
    """Tile names joined with "or": "Smuggler or Medic"."""
    names = list(dict.fromkeys(str(TILES[k]["name"]) for k in keys))
    return ", ".join(names[:-1]) + game_texts.HEX_OR + names[-1] if len(names) > 1 else names[0]


def caption(step: Step) -> str:
    """The picture's line: what the preview shows, short ("Preview, not played yet:
    discard Scout; Smuggler c3 NE; then your turn ends")."""
    if step.moves:
        return game_texts.HEX_PREVIEW.format(what=step.moves[0].label)
    if not step.plan:
        return f"{step.title}: {step.prompt.splitlines()[0]}"
    parts = []
    for a in step.plan:
        if a.kind == "discard":
            parts.append(game_texts.HEX_PLAN_DISCARD.format(tile=TILES[str(a.args["tile"])]["name"]))
        elif a.kind == "place":
            parts.append(game_texts.HEX_PREVIEW_PLACE.format(
                tile=TILES[str(a.args["tile"])]["name"], space=a.args["space"],
                direction=DIR_NAMES[int(a.args["rot"])])
                + (game_texts.HEX_PREVIEW_BOARDING if a.args.get("boarding") else ""))
    tail = game_texts.HEX_PREVIEW_ENDS if step.plan[-1].kind == "end" else ""
    if step.plan[-1].kind == "place" and not step.plan[-1].args.get("boarding"):
        tail = game_texts.HEX_PREVIEW_FULL
    return game_texts.HEX_PREVIEW.format(
        what=("; ".join(parts) or game_texts.HEX_PREVIEW_NOTHING) + tail)
