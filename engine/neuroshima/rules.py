"""The turn flow of Neuroshima Hex! for two armies (rules/neuroshima.md section 2, the Pirates
rulebook for Water, Drift, Implants and the Pirates' tiles). The state is a JSON dict (see
``new_state``); ``options`` lists a seat's legal moves as (kind, args) pairs and
``play.apply`` carries one out, both without labels (actions.py adds them).

Phases: "hq" (each player places the HQ), "discard" (holding 3 after the draw: discard one),
"play" (place tiles, use instants, the implant, Grabs; end the turn), "choose" (the enemy of
a Push Back or a Grab picks where its unit goes), "drift" (after a battle the Pirates player
turns each Drift unit that moved), "over".
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from engine.core import rng

from . import battle
from .board import (
    ADJACENT,
    BY_LABEL,
    DIR_NAMES,
    LABELS,
    N_SPACES,
    NEIGHBOUR,
    STANDARD,
    WATER,
    WAVE_LINES,
    airstrike_centres,
    distance,
    is_water,
)
from .tiles import HQ, ROTATIONS, TILES, army_tiles

SCHEMA = 1
HQ_TOUGHNESS = 20

PLACEABLE = ("unit", "module", "implant")
_CENTRES = {True: airstrike_centres(True), False: airstrike_centres(False)}


def new_state(seed: str, opts: dict[str, Any]) -> dict[str, Any]:
    armies = ["pirates", "moloch"] if opts["armies"] == "pirates-moloch" else ["moloch", "pirates"]
    piles = []
    for i, army in enumerate(armies):
        pile = army_tiles(army)
        rng(seed, i).shuffle(pile)
        piles.append(pile)
    return {
        "v": SCHEMA, "seed": seed, "counter": 2, "opts": dict(opts), "armies": armies,
        "piles": piles, "hands": [[], []], "discards": [[], []],
        "board": [None] * N_SPACES, "uid": 0,
        "turn": 0, "turn_no": -2, "phase": "hq",
        "implant_used": False, "grabbed": [], "pending": None,
        "last_draw": None, "turns_left": None, "tiebreak": False,
        "hq_t": [HQ_TOUGHNESS, HQ_TOUGHNESS], "lost": [0, 0], "battles": 0, "last_battle": None,
        "log": [], "result": None,
    }


def pirates_seat(s: dict) -> int:
    return s["armies"].index("pirates")


def to_act(s: dict) -> frozenset[int]:
    if s["phase"] == "over":
        return frozenset()
    if s["phase"] in ("choose", "drift"):
        return frozenset({s["pending"]["seat"]})
    return frozenset({s["turn"]})


def next_up(s: dict) -> int | None:
    """The other player, who acts next in a game of two: the HQs are placed one after the
    other and the turns alternate (neuroshima.md 2.1 and 2.2). None while a step inside a
    turn is pending (where a pushed or grabbed unit goes, how a Drift unit faces), once
    the game is over, and in the last turn before the Final Battle (or the tie-break
    battle), which may end the game."""
    if s["phase"] in ("over", "choose", "drift"):
        return None
    if s["turns_left"] == 1:
        return None
    return 1 - s["turn"]


# -- helpers -----------------------------------------------------------------------------------


def tile_name(key: str) -> str:
    return TILES[key]["name"]


def facing_text(rot: int) -> str:
    return f"top edge {DIR_NAMES[rot]}"


def _empty(s: dict, water: bool) -> list[int]:
    spaces = WATER if water else STANDARD
    board = s["board"]
    return [i for i in spaces if board[i] is None]


def board_full(s: dict) -> bool:
    """Only the 19 standard spaces count (the Pirates rulebook, Water spaces)."""
    board = s["board"]
    return all(board[i] is not None for i in STANDARD)


def battles_allowed(s: Mapping[str, Any], seat: int) -> bool:
    """No Battle tile, Tavern or Boarding once any player has drawn the last tile (Q12; the
    option ``last_draw_blocks=own``: once ``seat`` has drawn its own last tile; never in the
    tie-break turns, Q13). ``s`` is a state or a view: both hold these keys (a view counts
    the pile's tiles, a state lists them)."""
    if s["opts"]["last_draw_blocks"] == "own":
        return bool(s["piles"][seat]) and not s["tiebreak"]
    return s["last_draw"] is None


def _own(s: dict, seat: int) -> list[int]:
    board = s["board"]
    return [i for i in range(N_SPACES) if board[i] is not None and board[i][1] == seat]


def push_destinations(s: dict, pusher: int, target: int) -> list[int]:
    """The space straight away from the pusher or either flanking it, empty and standard
    (section 2.4, Push Back)."""
    d = NEIGHBOUR[pusher].index(target)
    out = []
    for dd in (d, (d + 5) % 6, (d + 1) % 6):
        n = NEIGHBOUR[target][dd]
        if n >= 0 and not is_water(n) and s["board"][n] is None:
            out.append(n)
    return out


def grab_destinations(s: dict, harpoon: int, target: int) -> list[int]:
    """Empty standard spaces next to the Harpoon and one step from the target (Grab)."""
    near = set(ADJACENT[harpoon])
    return [n for n in ADJACENT[target]
            if n in near and not is_water(n) and s["board"][n] is None]


def hq_toughness(board: list, seat: int) -> int:
    for u in board:
        if u is not None and u[1] == seat and TILES[u[0]]["kind"] == "hq":
            return max(0, HQ_TOUGHNESS - u[3])
    return 0


# -- legal moves -------------------------------------------------------------------------------


def _pair(kind: str, args: dict) -> tuple[str, dict]:
    return kind, args


def options(s: dict, seat: int, only: str | None = None,
            make: Callable[[str, dict], Any] = _pair, places: Mapping | None = None) -> list:
    """Every legal (kind, args) for ``seat`` now (``only``: just the moves of that kind).

    actions.py lists labelled actions with the same walk: ``make`` turns (kind, args) into the
    list's entries, and ``places``, a table shaped like ``PLACES``, holds the placements'
    entries ready made (they are most of the list)."""
    if places is None:
        places = PLACES
    if seat not in to_act(s):
        return []
    if s["phase"] != "play":
        return _step_options(s, seat, make)
    return _play_options(s, seat, only, make, places)


def _step_options(s: dict, seat: int, make: Callable[[str, dict], Any]) -> list:
    """The phases that ask one thing: where the HQ goes (section 2.1), which tile the forced
    discard drops (2.2), where a pushed or grabbed unit goes, how a Drift unit faces."""
    phase = s["phase"]
    board = s["board"]
    if phase == "hq":
        key = HQ[s["armies"][seat]]
        water = TILES[key]["drift"]
        return [make("hq", {"space": LABELS[i], "rot": r})
                for i in _empty(s, water) for r in ROTATIONS[key]]
    if phase == "discard":
        return [make("discard", {"tile": k}) for k in sorted(set(s["hands"][seat]))]
    if phase == "choose":
        p = s["pending"]
        return [make("choose", {"to": to, "rot": r}) for to, r in p["options"]]
    p = s["pending"]  # drift
    space = BY_LABEL[p["spaces"][0].lower()]
    key = board[space][0]
    out = [make("drift_turn", {"space": p["spaces"][0], "rot": r})
           for r in ROTATIONS[key]]
    out.append(make("drift_keep", {}))
    return out


def _play_options(s: dict, seat: int, only: str | None, make: Callable[[str, dict], Any],
                  places: Mapping) -> list:
    """The play phase (section 2.2, 5: tiles are used in any order): end the turn, discard,
    place each tile, play each instant, then the abilities of the units on the board."""
    board = s["board"]
    kinds = sorted(set(s["hands"][seat]))
    out = [make("end", {})]
    out.extend(make("discard", {"tile": k}) for k in kinds)
    can_fight = battles_allowed(s, seat)
    empty = {False: [i for i in STANDARD if board[i] is None],
             True: [i for i in WATER if board[i] is None]}
    empty_standard = len(empty[False])
    held: dict[int, int] | None = None  # the nets, looked for only when needed
    for k in kinds:
        row = TILES[k]
        if only is not None and only != ("place" if row["kind"] in PLACEABLE
                                         else row["ability"]):
            continue
        if row["kind"] in PLACEABLE:
            for i in empty[row["drift"]]:
                out.extend(_place_at(k, i, can_fight, empty_standard, places))
        elif row["kind"] == "instant":
            if held is None:
                held = battle.nets(board, s["opts"])
            out.extend(make(*m) for m in _instant_options(s, seat, k, held))
    if only is not None and only not in ("tavern", "grab"):
        return out
    if held is None:
        held = battle.nets(board, s["opts"])
    _ability_options(s, seat, held, can_fight, make, out)
    return out


def _ability_options(s: dict, seat: int, held: dict, can_fight: bool,
                     make: Callable[[str, dict], Any], out: list) -> None:
    """The Tavern's activation (one implant a turn, no battle after the last draw) and each
    Harpoon's Grab (once a turn each), for the seat's units that are not netted."""
    board = s["board"]
    for i in _own(s, seat):
        u = board[i]
        if i in held:
            continue
        ability = TILES[u[0]]["ability"]
        if ability == "tavern" and not s["implant_used"] and can_fight:
            out.append(make("tavern", {"space": LABELS[i]}))
        elif ability == "grab" and u[4] not in s["grabbed"]:
            grab_hq = s["opts"]["grab_hq"]
            for t in range(N_SPACES):
                v = board[t]
                if (v is not None and v[1] != seat and t not in held
                        and not TILES[v[0]]["drift"] and distance(i, t) == 2
                        and (grab_hq or not battle.is_hq(v))
                        and grab_destinations(s, i, t)):
                    out.append(make("grab", {"from": LABELS[i], "target": LABELS[t]}))


def _place_at(k: str, i: int, can_fight: bool, empty_standard: int,
              places: Mapping | None = None) -> list:
    """The placements of tile ``k`` on the empty legal space ``i``: each facing, and with
    Boarding for the Bossman when a battle may start and he does not fill the board."""
    plain, boarding = (PLACES if places is None else places)[k, i]
    if boarding and can_fight and not (empty_standard == 1 and not is_water(i)):
        return boarding
    return plain


def free_placements(k: str, occupied: Collection[int], can_fight: bool) -> list[tuple[str, dict]]:
    """The placements of tile ``k`` in the play phase when the spaces in ``occupied`` are
    taken: each empty space it may go on (Water for a Drift unit, a standard space for the
    others: section 2.3), each facing that looks different, and the Bossman's Boarding
    where ``can_fight`` (``battles_allowed``). The same moves ``options`` lists, for a turn
    planned before it is played: after the forced discard (section 2.2: holding 3, discard
    one "before doing anything else"), or after tiles planned but not yet placed."""
    row = TILES[k]
    if row["kind"] not in PLACEABLE:
        return []
    taken = set(occupied)
    empty_standard = sum(1 for i in STANDARD if i not in taken)
    return [m for i in (WATER if row["drift"] else STANDARD) if i not in taken
            for m in _place_at(k, i, can_fight, empty_standard)]


def placements(s: dict, seat: int, k: str, label: str) -> list[tuple[str, dict]]:
    """The legal placements of tile ``k`` on the space ``label`` now (what ``options`` lists
    for them, found without listing every other move)."""
    i = BY_LABEL.get(label.lower()) if isinstance(label, str) else None
    row = TILES.get(k) if isinstance(k, str) else None
    if (i is None or row is None or row["kind"] not in PLACEABLE or s["phase"] != "play"
            or seat not in to_act(s) or k not in s["hands"][seat]
            or s["board"][i] is not None or is_water(i) != row["drift"]):
        return []
    board = s["board"]
    return _place_at(k, i, battles_allowed(s, seat),
                     sum(1 for j in STANDARD if board[j] is None))


def _places() -> dict[tuple[str, int], tuple[list, list]]:
    """(tile, space) -> the placement moves of each facing, and the same with each one's
    Boarding variant after it (the Bossman): built once, so listing the legal moves makes no
    new argument dicts (the moves are never changed by their users)."""
    out = {}
    for k, row in TILES.items():
        if row["kind"] not in PLACEABLE:
            continue
        for i in (WATER if row["drift"] else STANDARD):
            plain = [("place", {"tile": k, "space": LABELS[i], "rot": r}) for r in ROTATIONS[k]]
            boarding = [m for r, move in zip(ROTATIONS[k], plain, strict=True)
                        for m in (move, ("place", {"tile": k, "space": LABELS[i], "rot": r,
                                                   "boarding": True}))
                        ] if row["ability"] == "boarding" else []
            out[k, i] = (plain, boarding)
    return out


PLACES = _places()


def _instant_options(s: dict, seat: int, k: str, held: dict) -> list[tuple[str, dict]]:
    ability = TILES[k]["ability"]
    board = s["board"]
    opts = s["opts"]
    out: list[tuple[str, dict]] = []
    if ability == "battle":
        if battles_allowed(s, seat):
            out.append(("battle", {"tile": k}))
    elif ability == "move":
        for i in _own(s, seat):
            u = board[i]
            if i in held or TILES[u[0]]["drift"] or (
                    not opts["hq_movable"] and battle.is_hq(u)):
                continue
            for to in [i, *(n for n in ADJACENT[i] if not is_water(n) and board[n] is None)]:
                for r in ROTATIONS[u[0]]:
                    if to != i or r != u[2]:
                        out.append(("move", {"tile": k, "from": LABELS[i], "to": LABELS[to],
                                             "rot": r}))
    elif ability == "push":
        for i in _own(s, seat):
            if i in held and not opts["netted_can_push"]:
                continue
            for t in ADJACENT[i]:
                v = board[t]
                if (v is not None and v[1] != seat and t not in held
                        and not TILES[v[0]]["drift"]
                        and (opts["hq_movable"] or not battle.is_hq(v))
                        and push_destinations(s, i, t)):
                    out.append(("push", {"tile": k, "from": LABELS[i], "target": LABELS[t]}))
    elif ability == "airstrike":
        for c in _CENTRES[bool(opts["airstrike_water_counts"])]:
            out.append(("airstrike", {"tile": k, "centre": LABELS[c]}))
    elif ability == "wave":
        out.extend(("wave", {"tile": k, "line": n}) for n in range(len(WAVE_LINES)))
    return out
