"""The turn flow of Neuroshima Hex! for two armies (rules/neuroshima.md section 2, the Pirates
rulebook for Water, Drift, Implants and the Pirates' tiles). The state is a JSON dict (see
``new_state``); ``options`` lists a seat's legal moves as (kind, args) pairs and ``apply``
carries one out, both without labels (game.py adds them).

Phases: "hq" (each player places the HQ), "discard" (holding 3 after the draw: discard one),
"play" (place tiles, use instants, the implant, Grabs; end the turn), "choose" (the enemy of
a Push Back or a Grab picks where its unit goes), "drift" (after a battle the Pirates player
turns each Drift unit that moved), "over".
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from engine.core import Event, counted, rng

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
LOG_KEEP = 12

PLACEABLE = ("unit", "module", "implant")
_CENTRES = {True: airstrike_centres(True), False: airstrike_centres(False)}


def P(seat: int) -> str:
    return f"{{p{seat}}}"


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


def _log(s: dict, events: list[Event], text: str, kind: str = "info", **data: Any) -> None:
    events.append(Event(kind, text, None, data))
    s["log"].append(text)
    del s["log"][:-LOG_KEEP]


# -- legal moves -------------------------------------------------------------------------------


def _pair(kind: str, args: dict) -> tuple[str, dict]:
    return kind, args


def options(s: dict, seat: int, only: str | None = None,
            make: Callable[[str, dict], Any] = _pair, places: Mapping | None = None) -> list:
    """Every legal (kind, args) for ``seat`` now (``only``: just the moves of that kind).

    game.py lists labelled actions with the same walk: ``make`` turns (kind, args) into the
    list's entries, and ``places``, a table shaped like ``PLACES``, holds the placements'
    entries ready made (they are most of the list)."""
    if places is None:
        places = PLACES
    if seat not in to_act(s):
        return []
    phase = s["phase"]
    board = s["board"]
    if phase == "hq":
        key = HQ[s["armies"][seat]]
        water = TILES[key]["drift"]
        return [make("hq", {"space": LABELS[i], "rot": r})
                for i in _empty(s, water) for r in ROTATIONS[key]]
    hand = s["hands"][seat]
    kinds = sorted(set(hand))
    if phase == "discard":
        return [make("discard", {"tile": k}) for k in kinds]
    if phase == "choose":
        p = s["pending"]
        return [make("choose", {"to": to, "rot": r}) for to, r in p["options"]]
    if phase == "drift":
        p = s["pending"]
        space = BY_LABEL[p["spaces"][0].lower()]
        key = board[space][0]
        out = [make("drift_turn", {"space": p["spaces"][0], "rot": r})
               for r in ROTATIONS[key]]
        out.append(make("drift_keep", {}))
        return out
    # play
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
    return out


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


# -- carrying out a move -----------------------------------------------------------------------


def _space(label: str) -> int:
    return BY_LABEL[label.lower()]


def _use(s: dict, seat: int, key: str) -> None:
    s["hands"][seat].remove(key)


def apply(s: dict, seat: int, kind: str, args: dict) -> list[Event]:
    """Carry out a legal move (the caller checked it against ``options``)."""
    events: list[Event] = []
    board = s["board"]
    if kind == "hq":
        key = HQ[s["armies"][seat]]
        i = _space(args["space"])
        board[i] = [key, seat, args["rot"], 0, _uid(s)]
        _log(s, events, f"{P(seat)} places the {tile_name(key)} on {LABELS[i]}.")
        if seat == 0:
            s["turn"] = 1
        else:
            s["turn_no"] = 0
            _start_turn(s, 0, events)
        return events
    if kind == "discard":
        _use(s, seat, args["tile"])
        s["discards"][seat].append(args["tile"])
        _log(s, events, f"{P(seat)} discards {tile_name(args['tile'])}.")
        if s["phase"] == "discard":
            s["phase"] = "play"
        return events
    if kind == "end":
        _log(s, events, f"{P(seat)} ends the turn.")
        _end_turn(s, events)
        return events
    if kind == "place":
        key, i = args["tile"], _space(args["space"])
        _use(s, seat, key)
        board[i] = [key, seat, args["rot"], 0, _uid(s)]
        _log(s, events, f"{P(seat)} places {tile_name(key)} on {LABELS[i]}, "
                        f"{facing_text(args['rot'])}.")
        if not is_water(i) and board_full(s):
            ends = s["opts"]["full_board_ends_turn"]
            _log(s, events, "The board is full: a battle starts"
                            + ("; the turn then ends." if ends else "."))
            _fight(s, "end" if ends else "continue", events)
        elif args.get("boarding"):
            _log(s, events, "Boarding! The Bossman starts a battle; the turn then ends.")
            _fight(s, "end", events)
        return events
    if kind == "battle":
        _use(s, seat, args["tile"])
        s["discards"][seat].append(args["tile"])
        _log(s, events, f"{P(seat)} plays a Battle tile: a battle starts; the turn then ends.")
        _fight(s, "end", events)
        return events
    if kind == "tavern":
        s["implant_used"] = True
        then = "end" if s["opts"]["tavern_ends_turn"] else "continue"
        _log(s, events, f"{P(seat)} activates the Tavern: a battle starts.")
        _fight(s, then, events)
        return events
    if kind == "move":
        _use(s, seat, args["tile"])
        s["discards"][seat].append(args["tile"])
        a, b = _space(args["from"]), _space(args["to"])
        unit = board[a]
        board[a] = None
        unit[2] = args["rot"]
        board[b] = unit
        _log(s, events, f"{P(seat)} plays Move: {tile_name(unit[0])} from {LABELS[a]} to "
                        f"{LABELS[b]}, {facing_text(args['rot'])}.")
        return events
    if kind == "push":
        _use(s, seat, args["tile"])
        s["discards"][seat].append(args["tile"])
        a, t = _space(args["from"]), _space(args["target"])
        dests = push_destinations(s, a, t)
        _log(s, events, f"{P(seat)} plays Push Back: {tile_name(board[a][0])} on {LABELS[a]} "
                        f"pushes {tile_name(board[t][0])} on {LABELS[t]}.")
        _relocate(s, seat, t, [[LABELS[d], board[t][2]] for d in dests], "push", events)
        return events
    if kind == "grab":
        h, t = _space(args["from"]), _space(args["target"])
        s["grabbed"].append(board[h][4])
        dests = grab_destinations(s, h, t)
        key = board[t][0]
        _log(s, events, f"{P(seat)}'s Harpoon on {LABELS[h]} grabs {tile_name(key)} on "
                        f"{LABELS[t]}.")
        opts = [[LABELS[d], r] for d in dests for r in ROTATIONS[key]]
        _relocate(s, seat, t, opts, "grab", events)
        return events
    if kind == "choose":
        p = s["pending"]
        s["pending"] = None
        s["phase"] = "play"
        _move_unit(s, _space(p["space"]), _space(args["to"]), args["rot"], events)
        return events
    if kind == "airstrike":
        _use(s, seat, args["tile"])
        s["discards"][seat].append(args["tile"])
        c = _space(args["centre"])
        _log(s, events, f"{P(seat)} plays Air Strike on {LABELS[c]}.")
        _instant_damage(s, battle.explosion(board, c, "air strike"), events)
        return events
    if kind == "wave":
        _use(s, seat, args["tile"])
        s["discards"][seat].append(args["tile"])
        line = WAVE_LINES[args["line"]]
        _log(s, events, f"{P(seat)} plays Wave on {', '.join(LABELS[i] for i in line)}.")
        hits = [(i, 1, i, "wave") for i in line
                if board[i] is not None and not battle.is_hq(board[i])]
        _instant_damage(s, hits, events)
        return events
    if kind in ("drift_turn", "drift_keep"):
        p = s["pending"]
        if kind == "drift_turn":
            i = _space(args["space"])
            board[i][2] = args["rot"]
            p["spaces"].pop(0)
        else:
            p["spaces"] = []
        if not p["spaces"]:
            s["pending"] = None
            _after_battle(s, p["then"], events)
        return events
    raise ValueError(f"unknown move {kind}")  # options() never offers one


def _uid(s: dict) -> int:
    s["uid"] += 1
    return s["uid"]


def _relocate(s: dict, seat: int, t: int, opts: list, why: str, events: list[Event]) -> None:
    """The enemy picks where its pushed or grabbed unit goes when there is a choice."""
    if len(opts) == 1:
        to, rot = opts[0]
        _move_unit(s, t, _space(to), rot, events)
        return
    owner = s["board"][t][1]
    s["pending"] = {"kind": why, "seat": owner, "space": LABELS[t], "options": opts,
                    "by": seat}
    s["phase"] = "choose"


def _move_unit(s: dict, a: int, b: int, rot: int, events: list[Event]) -> None:
    board = s["board"]
    unit = board[a]
    board[a] = None
    unit[2] = rot
    board[b] = unit
    _log(s, events, f"{tile_name(unit[0])} goes from {LABELS[a]} to {LABELS[b]}.")


def _units(board: list) -> list[int]:
    out = [0, 0]
    for u in board:
        if u is not None:
            out[u[1]] += 1
    return out


def _count_lost(s: dict, before: list[int]) -> None:
    after = _units(s["board"])
    for seat in (0, 1):
        s["lost"][seat] += before[seat] - after[seat]


def _instant_damage(s: dict, hits: list[tuple], events: list[Event]) -> None:
    """Instant damage: no armour; a Medic may cancel (section 2.4); the dead go at once."""
    board = s["board"]
    before = _units(board)
    held = battle.nets(board, s["opts"])
    medics = battle.boosts(board, held, s["opts"]).medics
    names = {i: tile_name(board[i][0]) for i, *_ in hits}
    saved, dead = battle.damage(board, hits, medics, s["opts"]["medic_mandatory"])
    for n, (i, *_rest) in enumerate(hits):
        what = "saved by a Medic" if n in saved else "1 wound"
        _log(s, events, f"{names[i]} on {LABELS[i]}: {what}.")
    _count_lost(s, before)
    if dead:
        _log(s, events, "Removed: " + ", ".join(LABELS[i] for i in sorted(dead)) + ".")


# -- turns -------------------------------------------------------------------------------------


def _start_turn(s: dict, seat: int, events: list[Event]) -> None:
    s["turn"] = seat
    s["implant_used"] = False
    s["grabbed"] = []
    hand, pile = s["hands"][seat], s["piles"][seat]
    if not s["tiebreak"]:
        want = 1 if s["turn_no"] == 0 else 2 if s["turn_no"] == 1 else 3 - len(hand)
        drawn = [pile.pop() for _ in range(min(want, len(pile)))]
        hand.extend(drawn)
        if drawn:
            _log(s, events, f"{P(seat)} draws " + ", ".join(tile_name(k) for k in drawn) + ".")
        if drawn and not pile and s["last_draw"] is None:
            s["last_draw"] = seat
            s["turns_left"] = 2
            _log(s, events, f"{P(seat)} has drawn the last tile: after this turn and one more "
                            "turn of the opponent, the Final Battle.")
    s["phase"] = "discard" if s["turn_no"] >= 2 and len(hand) == 3 and not s["tiebreak"] \
        else "play"


def _end_turn(s: dict, events: list[Event]) -> None:
    if s["turns_left"] is not None:
        s["turns_left"] -= 1
        if s["turns_left"] == 0:
            if s["tiebreak"]:
                _log(s, events, "The tie-break battle starts.")
                _fight(s, "tiebreak", events)
            else:
                _log(s, events, "The Final Battle starts.")
                _fight(s, "final", events)
            return
    s["turn_no"] += 1
    _start_turn(s, 1 - s["turn"], events)


def hq_toughness(board: list, seat: int) -> int:
    for u in board:
        if u is not None and u[1] == seat and TILES[u[0]]["kind"] == "hq":
            return max(0, HQ_TOUGHNESS - u[3])
    return 0


def _fight(s: dict, then: str, events: list[Event]) -> None:
    """A battle, Drift, the HQ check, then the Drift turns and what comes next (``then``:
    "continue" the turn, "end" it, the "final" battle or the "tiebreak" battle)."""
    board = s["board"]
    before = _units(board)
    phases = battle.resolve(board, s["opts"])
    pirates = pirates_seat(s)
    d = battle.drift(board, pirates, s["opts"])
    _count_lost(s, before)
    s["battles"] += 1
    s["hq_t"] = [hq_toughness(board, 0), hq_toughness(board, 1)]
    drift_rec = {
        "moved": [[LABELS[a], LABELS[b]] for a, b in d["moved"]],
        "lost": [[LABELS[a], n] for a, n in d["lost"]],
        "removed": [[LABELS[a], tile_name(k)] for a, k in d["removed"]],
    }
    s["last_battle"] = {"n": s["battles"], "why": then, "phases": phases, "drift": drift_rec,
                        "hq": list(s["hq_t"])}
    for rec in phases:
        wounds = sum(a["wounds"] for a in rec["attacks"] if not a["saved"])
        gone = ", ".join(f"{r['tile']} ({r['space']})" for r in rec["removed"]) or "none"
        boom = "".join(f" The Clown on {sp} explodes." for sp in rec["exploded"])
        charge = "".join(f" A Crocodile charges from {c['from']} to {c['to']}."
                         for c in rec["charges"])
        _log(s, events, f"Initiative {rec['phase']}: {counted(len(rec['attacks']), 'attack')}, "
                        f"{counted(wounds, 'wound')};{boom} removed: {gone}.{charge}", "battle",
             phase=rec)
    if d["moved"]:
        n = len(d["moved"])
        what = "the Pirates unit on Water moves" if n == 1 else \
            f"the {n} Pirates units on Water move"
        _log(s, events, f"Drift: {what} one Water space clockwise.", "drift", drift=drift_rec)
    t = s["hq_t"]
    _log(s, events, f"After the battle the HQs stand at {P(0)} {t[0]}, {P(1)} {t[1]}.")
    if t[0] == 0 or t[1] == 0:
        if t[0] == t[1]:
            _finish(s, [0, 1], "Both HQs were destroyed in the same battle: a draw.", events)
        else:
            w = 0 if t[0] else 1
            _finish(s, [w], f"{P(1 - w)}'s HQ was destroyed; {P(w)} wins.", events)
        return
    if then == "final" or then == "tiebreak":
        if t[0] != t[1]:
            w = 0 if t[0] > t[1] else 1
            _finish(s, [w], f"After the {'Final' if then == 'final' else 'tie-break'} Battle "
                            f"{P(w)}'s HQ is the stronger, {t[w]} to {t[1 - w]}.", events)
            return
        if then == "tiebreak" or not s["opts"]["tiebreak_extra_battle"]:
            _finish(s, [0, 1], f"The HQs are tied at {t[0]}: a draw.", events)
            return
        s["tiebreak"] = True
        s["turns_left"] = 2
        _log(s, events, f"The HQs are tied at {t[0]}: one more turn each, then one more battle.")
        then = "tiebreak-start"
    turnable = [b for a, b in d["moved"] if board[b] is not None
                and s["opts"]["drift_rotation"] == "optional"
                and (b not in d["netted"] or s["opts"]["drift_turn_netted"])]
    if turnable:
        s["phase"] = "drift"
        s["pending"] = {"kind": "drift", "seat": pirates, "then": then,
                        "spaces": [LABELS[b] for b in turnable]}
        return
    _after_battle(s, then, events)


def _after_battle(s: dict, then: str, events: list[Event]) -> None:
    if then == "continue":
        s["phase"] = "play"
    elif then == "end":
        _end_turn(s, events)
    else:  # tiebreak-start: the next player begins the extra turns
        s["turn_no"] += 1
        _start_turn(s, 1 - s["turn"], events)


def _finish(s: dict, winners: list[int], reason: str, events: list[Event]) -> None:
    s["phase"] = "over"
    s["pending"] = None
    s["result"] = {"winners": winners, "scores": list(s["hq_t"]), "reason": reason}
    _log(s, events, reason, "over")
