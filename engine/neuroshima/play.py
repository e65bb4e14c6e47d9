"""Carrying out a move of Neuroshima Hex!, then the turns and battles it sets off
(rules/neuroshima.md section 2, the Pirates rulebook for Water, Drift, Implants and the
Pirates' tiles). ``apply`` sends each kind of move to one short function named after the
rules' step (``MOVES``); ``rules.options`` lists the legal moves, and the caller checks a
move against them first.

A turn draws (section 2.2), lets its player use tiles until he ends it, and passes; a battle
(2.5-2.11) is fought with the battle engine (battle.py), then the Drift, the HQ check and
the Drift turns (the Pirates rulebook), then whatever the battle's cause says comes next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, counted

from . import battle
from .board import BY_LABEL, LABELS, WAVE_LINES, is_water
from .rules import (
    board_full,
    facing_text,
    grab_destinations,
    hq_toughness,
    pirates_seat,
    push_destinations,
    tile_name,
)
from .tiles import HQ, ROTATIONS

LOG_KEEP = 12


def P(seat: int) -> str:
    return f"{{p{seat}}}"


def _log(s: dict, events: list[Event], text: str, kind: str = "info", **data: Any) -> None:
    events.append(Event(kind, text, None, data))
    s["log"].append(text)
    del s["log"][:-LOG_KEEP]


# -- carrying out a move -----------------------------------------------------------------------


def apply(s: dict, seat: int, kind: str, args: dict) -> list[Event]:
    """Carry out a legal move (the caller checked it against ``options``)."""
    events: list[Event] = []
    do = MOVES.get(kind)
    if do is None:
        raise ValueError(f"unknown move {kind}")  # options() never offers one
    do(s, seat, args, events)
    return events


def _space(label: str) -> int:
    return BY_LABEL[label.lower()]


def _use(s: dict, seat: int, key: str) -> None:
    s["hands"][seat].remove(key)


def _spend(s: dict, seat: int, key: str) -> None:
    """A tile leaves the hand for the discard pile: discarded, or an instant used (section
    2.4: instants "resolve immediately and are then discarded")."""
    _use(s, seat, key)
    s["discards"][seat].append(key)


def _place_hq(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """Section 2.1: the starting player places the HQ, then the other; that is the whole of
    each player's opening action. The first draw turn follows (2.2)."""
    key = HQ[s["armies"][seat]]
    i = _space(args["space"])
    s["board"][i] = [key, seat, args["rot"], 0, _uid(s)]
    _log(s, events, f"{P(seat)} places the {tile_name(key)} on {LABELS[i]}.")
    if seat == 0:
        s["turn"] = 1
    else:
        s["turn_no"] = 0
        _start_turn(s, 0, events)


def _discard(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """Section 2.2: holding 3, discard one before anything else; any tile may be discarded
    later in the turn too."""
    _spend(s, seat, args["tile"])
    _log(s, events, f"{P(seat)} discards {tile_name(args['tile'])}.")
    if s["phase"] == "discard":
        s["phase"] = "play"


def _end(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """Section 2.2, 5: "A turn ends when the player declares it"."""
    _log(s, events, f"{P(seat)} ends the turn.")
    _end_turn(s, events)


def _place(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """Section 2.3, placing a unit tile; filling the last standard space starts a battle
    (2.5, 2: the turn goes on, Q10), and the Bossman's Boarding starts one that ends it."""
    board = s["board"]
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


def _battle(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """Section 2.4, Battle: "A battle starts now. Afterwards your turn ends immediately"."""
    _spend(s, seat, args["tile"])
    _log(s, events, f"{P(seat)} plays a Battle tile: a battle starts; the turn then ends.")
    _fight(s, "end", events)


def _tavern(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """The Pirates' Tavern (implant, once a turn): a battle at once; the turn then ends
    (Q11, the ``tavern_ends_turn`` option)."""
    s["implant_used"] = True
    then = "end" if s["opts"]["tavern_ends_turn"] else "continue"
    _log(s, events, f"{P(seat)} activates the Tavern: a battle starts.")
    _fight(s, then, events)


def _move(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """Section 2.4, Move: one of your units to an adjacent empty space and/or turned."""
    board = s["board"]
    _spend(s, seat, args["tile"])
    a, b = _space(args["from"]), _space(args["to"])
    unit = board[a]
    board[a] = None
    unit[2] = args["rot"]
    board[b] = unit
    _log(s, events, f"{P(seat)} plays Move: {tile_name(unit[0])} from {LABELS[a]} to "
                    f"{LABELS[b]}, {facing_text(args['rot'])}.")


def _push(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """Section 2.4, Push Back: "The pushed unit's owner picks" among the spaces away."""
    board = s["board"]
    _spend(s, seat, args["tile"])
    a, t = _space(args["from"]), _space(args["target"])
    dests = push_destinations(s, a, t)
    _log(s, events, f"{P(seat)} plays Push Back: {tile_name(board[a][0])} on {LABELS[a]} "
                    f"pushes {tile_name(board[t][0])} on {LABELS[t]}.")
    _relocate(s, seat, t, [[LABELS[d], board[t][2]] for d in dests], "push", events)


def _grab(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """The Harpoon's Grab (once a turn each): "the enemy chooses" where its unit goes, and
    may turn it."""
    board = s["board"]
    h, t = _space(args["from"]), _space(args["target"])
    s["grabbed"].append(board[h][4])
    dests = grab_destinations(s, h, t)
    key = board[t][0]
    _log(s, events, f"{P(seat)}'s Harpoon on {LABELS[h]} grabs {tile_name(key)} on "
                    f"{LABELS[t]}.")
    opts = [[LABELS[d], r] for d in dests for r in ROTATIONS[key]]
    _relocate(s, seat, t, opts, "grab", events)


def _choose(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """The enemy's pick for its pushed or grabbed unit."""
    p = s["pending"]
    s["pending"] = None
    s["phase"] = "play"
    _move_unit(s, _space(p["space"]), _space(args["to"]), args["rot"], events)


def _airstrike(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """Section 2.4, Air Strike: every unit on the 7 hexes, HQs excepted, takes 1 wound."""
    _spend(s, seat, args["tile"])
    c = _space(args["centre"])
    _log(s, events, f"{P(seat)} plays Air Strike on {LABELS[c]}.")
    _instant_damage(s, battle.explosion(s["board"], c, "air strike"), events)


def _wave(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """The Pirates' Wave: every unit on the 3 spaces of a line, HQs excepted, takes 1
    wound."""
    board = s["board"]
    _spend(s, seat, args["tile"])
    line = WAVE_LINES[args["line"]]
    _log(s, events, f"{P(seat)} plays Wave on {', '.join(LABELS[i] for i in line)}.")
    hits = [(i, 1, i, "wave") for i in line
            if board[i] is not None and not battle.is_hq(board[i])]
    _instant_damage(s, hits, events)


def _drift_turn(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """Drift: the Pirates player may turn a Drift unit that moved (Q5)."""
    p = s["pending"]
    i = _space(args["space"])
    s["board"][i][2] = args["rot"]
    p["spaces"].pop(0)
    _drift_turned(s, p, events)


def _drift_keep(s: dict, seat: int, args: dict, events: list[Event]) -> None:
    """Drift: the Drift units still to turn keep their facing."""
    p = s["pending"]
    p["spaces"] = []
    _drift_turned(s, p, events)


def _drift_turned(s: dict, p: dict, events: list[Event]) -> None:
    if not p["spaces"]:
        s["pending"] = None
        _after_battle(s, p["then"], events)


#: the kinds of move and what each does
MOVES: dict[str, Callable[[dict, int, dict, list[Event]], None]] = {
    "hq": _place_hq, "discard": _discard, "end": _end, "place": _place, "battle": _battle,
    "tavern": _tavern, "move": _move, "push": _push, "grab": _grab, "choose": _choose,
    "airstrike": _airstrike, "wave": _wave, "drift_turn": _drift_turn,
    "drift_keep": _drift_keep,
}


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


# -- battles -----------------------------------------------------------------------------------


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
    _report_battle(s, then, phases, d, events)
    after = _hq_check(s, then, events)
    if after is None:
        return
    turnable = [b for a, b in d["moved"] if board[b] is not None
                and s["opts"]["drift_rotation"] == "optional"
                and (b not in d["netted"] or s["opts"]["drift_turn_netted"])]
    if turnable:
        s["phase"] = "drift"
        s["pending"] = {"kind": "drift", "seat": pirates, "then": after,
                        "spaces": [LABELS[b] for b in turnable]}
        return
    _after_battle(s, after, events)


def _report_battle(s: dict, then: str, phases: list[dict], d: dict,
                   events: list[Event]) -> None:
    """The battle's record (``last_battle``, for the step-by-step pictures) and its lines in
    the log: each initiative phase, the Drift, the HQs after it."""
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


def _hq_check(s: dict, then: str, events: list[Event]) -> str | None:
    """Section 2.12: an HQ at 0 loses (both at once: a draw); after the Final Battle the
    stronger HQ wins, and a tie gets one more turn each and a tie-break battle (Q13, the
    ``tiebreak_extra_battle`` option), then a draw. Returns what comes next after the Drift
    turns (``then``, or "tiebreak-start"), or None once the game is over."""
    t = s["hq_t"]
    if t[0] == 0 or t[1] == 0:
        if t[0] == t[1]:
            _finish(s, [0, 1], "Both HQs were destroyed in the same battle: a draw.", events)
        else:
            w = 0 if t[0] else 1
            _finish(s, [w], f"{P(1 - w)}'s HQ was destroyed; {P(w)} wins.", events)
        return None
    if then == "final" or then == "tiebreak":
        if t[0] != t[1]:
            w = 0 if t[0] > t[1] else 1
            _finish(s, [w], f"After the {'Final' if then == 'final' else 'tie-break'} Battle "
                            f"{P(w)}'s HQ is the stronger, {t[w]} to {t[1 - w]}.", events)
            return None
        if then == "tiebreak" or not s["opts"]["tiebreak_extra_battle"]:
            _finish(s, [0, 1], f"The HQs are tied at {t[0]}: a draw.", events)
            return None
        s["tiebreak"] = True
        s["turns_left"] = 2
        _log(s, events, f"The HQs are tied at {t[0]}: one more turn each, then one more battle.")
        then = "tiebreak-start"
    return then


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
