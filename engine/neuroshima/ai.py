"""The Neuroshima computer player.

- ``easy``: a greedy player on a quick reading of the board: it places the tile whose
  attacks (or module links, or nets) reach the most enemy value, the enemy HQ counting
  triple; it plays a Battle tile, the Tavern, Air Strike or Wave when a quick count or one
  simulated battle says it gains; else it ends the turn.
- ``normal`` and ``hard``: the same turn plan, but every candidate placement, Move, Push
  Back and Grab is judged by simulating the battle that would follow (the real battle
  engine on a copy of the board) and comparing both HQs and the units left standing.

``evaluate`` scores a state for a seat in [0, 1] from the same simulated battle, for the
Monte Carlo search of engine/ai.py.
"""

from __future__ import annotations

import math
import random

from engine.core import Action

from . import battle
from .actions import labelled_actions
from .board import BY_LABEL, LINE, NEIGHBOUR, STANDARD, WAVE_LINES, area, is_water
from .rules import grab_destinations, hq_toughness, pirates_seat, push_destinations, to_act
from .tiles import TILES

_INSTANT_VALUE = {"battle": 2.0, "move": 1.5, "push": 2.0, "airstrike": 3.0, "wave": 2.0}


def _tile_value(key: str) -> float:
    row = TILES[key]
    if row["kind"] == "instant":
        return _INSTANT_VALUE[row["ability"]]
    if row["kind"] in ("module", "implant"):
        return 2.5
    power = (sum(row["melee"].values()) + sum(row["ranged"].values()) + 2 * len(row["gauss"])
             + 3 * len(row["water_gun"]) + 2 * len(row["net"]))
    init = max(row["init"], default=0)
    return power * (1 + 0.2 * init) * max(1, len(row["init"])) ** 0.5 + (row["t"] - 1) \
        + 0.5 * len(row["armor"])


VALUE: dict[str, float] = {k: _tile_value(k) for k in TILES}
HQ_WEIGHT = 3.0


def _foe_value(v: list) -> float:
    return HQ_WEIGHT if TILES[v[0]]["kind"] == "hq" else 1.0


def threat(board: list, space: int, unit: list) -> float:
    """How much enemy value the unit's attacks, nets or links reach from ``space`` now."""
    row = TILES[unit[0]]
    seat, rot = unit[1], unit[2]
    hq = row["kind"] == "hq"
    score = 0.0
    for e, st in row["melee"].items():
        n = NEIGHBOUR[space][(e + rot) % 6]
        if n >= 0 and board[n] is not None and board[n][1] != seat and not (
                hq and battle.is_hq(board[n])):
            score += st * _foe_value(board[n])
    for e, st in row["ranged"].items():
        d = (e + rot) % 6
        for n in LINE[space][d]:
            v = board[n]
            if v is not None and v[1] != seat:
                if not (hq and battle.is_hq(v)):
                    score += (st - battle.armoured(v, d)) * _foe_value(v)
                break
    for e in row["gauss"]:
        d = (e + rot) % 6
        score += sum(_foe_value(board[n]) for n in LINE[space][d]
                     if board[n] is not None and board[n][1] != seat)
    for e in row["water_gun"]:
        for dist, n in enumerate(LINE[space][(e + rot) % 6][:3], start=1):
            v = board[n]
            if v is not None and v[1] != seat:
                score += (4 - dist) * _foe_value(v)
    for e in row["net"]:
        n = NEIGHBOUR[space][(e + rot) % 6]
        if n >= 0 and board[n] is not None and board[n][1] != seat:
            score += VALUE[board[n][0]] * (2 if battle.is_hq(board[n]) else 1)
    if row["conn"]:
        enemy = row["effect"] == "init-1_enemy"
        for e in row["conn"]:
            n = NEIGHBOUR[space][(e + rot) % 6]
            if n >= 0 and board[n] is not None and (board[n][1] != seat) == enemy \
                    and TILES[board[n][0]]["init"]:
                score += 0.6 * VALUE[board[n][0]] / 3 + 0.5
    if row["init"]:
        score *= 1 + 0.15 * max(row["init"])
    return score


def _material(board: list, seat: int) -> float:
    return sum(VALUE[u[0]] for u in board
               if u is not None and u[1] == seat and TILES[u[0]]["kind"] != "hq")


def battle_outcome(board: list, opts: dict, seat: int, pirates: int) -> float:
    """Simulate a battle (and the Drift) on a copy of ``board``: how well ``seat`` stands
    after it (HQ toughness difference, plus a share of the units left)."""
    b = [None if u is None else list(u) for u in board]
    battle.resolve(b, opts, log=False)
    battle.drift(b, pirates, opts, log=False)
    mine, theirs = hq_toughness(b, seat), hq_toughness(b, 1 - seat)
    if theirs == 0 and mine > 0:
        return 100.0
    if mine == 0:
        return -100.0 if theirs > 0 else 0.0
    return (mine - theirs) + 0.3 * (_material(b, seat) - _material(b, 1 - seat))


def standing(board: list, seat: int) -> float:
    """The same measure without a battle (the board as it is)."""
    return (hq_toughness(board, seat) - hq_toughness(board, 1 - seat)) \
        + 0.3 * (_material(board, seat) - _material(board, 1 - seat))


def evaluate(s: dict, seat: int) -> float:
    r = s["result"]
    if r is not None:
        return 1.0 / len(r["winners"]) if seat in r["winners"] else 0.0
    value = battle_outcome(s["board"], s["opts"], seat, pirates_seat(s))
    return 1.0 / (1.0 + math.exp(-value / 6.0))


# -- choosing a move -------------------------------------------------------------------------


def _placed(s: dict, a: Action, seat: int) -> tuple[list, int]:
    """The board after a placement (copied), and the space."""
    b = [None if u is None else list(u) for u in s["board"]]
    i = _space(a.args["space"])
    b[i] = [a.args["tile"], seat, a.args["rot"], 0, -1]
    return b, i


def _space(label: str) -> int:
    return BY_LABEL[label.lower()]


def _area_gain(board: list, spaces, seat: int) -> float:
    gain = 0.0
    for i in spaces:
        v = board[i]
        if v is None or battle.is_hq(v):
            continue
        kill = v[3] + 1 >= battle.toughness(v)
        worth = VALUE[v[0]] * (1.0 if kill else 0.3)
        gain += worth if v[1] != seat else -worth
    return gain


def _after(s: dict, seat: int, a: Action) -> list:
    """The board after a Move, Push Back (enemy's first choice) or Grab, copied."""
    b = [None if u is None else list(u) for u in s["board"]]
    if a.kind == "move":
        f, t = _space(a.args["from"]), _space(a.args["to"])
        u = b[f]
        b[f] = None
        u[2] = a.args["rot"]
        b[t] = u
        return b
    f, t = _space(a.args["from"]), _space(a.args["target"])
    dests = push_destinations(s, f, t) if a.kind == "push" else grab_destinations(s, f, t)
    u = b[t]
    b[t] = None
    b[dests[0]] = u
    return b


def ai_action(s: dict, seat: int, rng: random.Random, level: str = "easy") -> Action | None:
    actions = labelled_actions(s, seat)
    if not actions:
        return None
    if len(actions) == 1:
        return actions[0]
    strong = level in ("normal", "hard")
    phase = s["phase"]
    board = s["board"]
    if phase == "hq":
        return _hq(s, seat, actions)
    if phase == "discard":
        return min(actions, key=lambda a: (VALUE[a.args["tile"]], a.args["tile"]))
    if phase == "drift":
        turns = [a for a in actions if a.kind == "drift_turn"]
        space = _space(turns[0].args["space"])
        unit = board[space]
        return max(turns, key=lambda a: threat(board, space, [unit[0], seat, a.args["rot"]]))
    if phase == "choose":
        def own_threat(a: Action) -> float:
            u = board[_space(s["pending"]["space"])]
            return threat(board, _space(a.args["to"]), [u[0], seat, a.args["rot"]])
        return max(actions, key=own_threat)
    return _play(s, seat, actions, rng, strong)


def _hq(s: dict, seat: int, actions: list[Action]) -> Action:
    if s["armies"][seat] == "moloch":
        # the rulebook's advice against the Pirates: build up on the centre hex
        for a in actions:
            if a.args["space"] == "c3":
                return a
        return actions[0]

    def reach(a: Action) -> int:
        i = _space(a.args["space"])
        d = (1 + a.args["rot"]) % 6  # the HQ's ranged edge
        return sum(1 for n in LINE[i][d] if not is_water(n))

    return max(actions, key=lambda a: (reach(a), -_space(a.args["space"])))


def _play(s: dict, seat: int, actions: list[Action], rng: random.Random,
          strong: bool) -> Action:
    return _pick(s, seat, actions, _scored(s, seat, actions, strong), strong)


def _scored(s: dict, seat: int, actions: list[Action], strong: bool) -> list[tuple[float, Action]]:
    """Each play-phase move the player judges, with its gain: a placement by the battle that
    would follow (``strong``) or by what its attacks reach, a Move, Push Back or Grab by
    the battle after it (``strong``), an Air Strike or Wave by what it would destroy."""
    board = s["board"]
    pirates = pirates_seat(s)
    opts = s["opts"]
    base = battle_outcome(board, opts, seat, pirates) if strong else 0.0
    out = []
    for a in actions:
        score = None
        if a.kind == "place":
            b, i = _placed(s, a, seat)
            if strong:
                score = battle_outcome(b, opts, seat, pirates) - base + 0.05 * VALUE[a.args["tile"]]
            else:
                score = threat(b, i, b[i]) + 0.1 * VALUE[a.args["tile"]]
                if a.args.get("boarding"):
                    score = -1.0  # the quick player never boards; the battle check decides
            if not is_water(_space(a.args["space"])) and board_full_after(s, a):
                gain = battle_outcome(b, opts, seat, pirates) - standing(b, seat)
                score = min(score, gain) if not strong else score
        elif a.kind in ("move", "push", "grab") and strong:
            score = battle_outcome(_after(s, seat, a), opts, seat, pirates) - base - 0.5
        elif a.kind == "airstrike":
            score = _area_gain(board, area(_space(a.args["centre"])), seat) - 2.0
        elif a.kind == "wave":
            score = _area_gain(board, WAVE_LINES[a.args["line"]], seat) - 1.5
        if score is not None:
            out.append((score, a))
    return out


def _pick(s: dict, seat: int, actions: list[Action], scored: list[tuple[float, Action]],
          strong: bool) -> Action:
    """The first move of the highest gain above 0; with none, a Battle or the Tavern when
    a battle now helps more than waiting, else the end of the turn."""
    best, best_score = None, 0.0
    for score, a in scored:
        if score > best_score:
            best, best_score = a, score
    if best is not None:
        return best
    board = s["board"]
    fights = [a for a in actions if a.kind in ("battle", "tavern")]
    if fights:
        gain = battle_outcome(board, s["opts"], seat, pirates_seat(s)) - standing(board, seat)
        if gain > 0.5:
            return fights[0]
    return next(a for a in actions if a.kind == "end")


def board_full_after(s: dict, a: Action) -> bool:
    board = s["board"]
    empty = [i for i in STANDARD if board[i] is None]
    return len(empty) == 1 and empty[0] == _space(a.args["space"])


#: how many moves ``ai_plans`` offers the search at most (the search takes its own count)
PLAN_LIMIT = 8


def ai_plans(s: dict, seat: int, rng: random.Random) -> list[list[Action]] | None:
    """The play-phase moves worth searching, each a plan of one move: the simulating
    player's own choice first, then the others it judged best (by the gain ``_scored``
    gives), then a Battle or the Tavern and the end of the turn. None outside the play
    phase (the search then compares the legal moves at random, few there).

    Decision: a turn offers a few hundred placements, nearly all of them poor; compared at
    random, the search met a better move than the simulating player's own too rarely to
    change its play (docs/developing.md, "The AI ladder")."""
    if s["phase"] != "play" or seat not in to_act(s):
        return None
    actions = labelled_actions(s, seat)
    scored = _scored(s, seat, actions, True)
    own = _pick(s, seat, actions, scored, True)
    ranked = [a for _, a in sorted(scored, key=lambda sa: -sa[0]) if a != own]
    rest: list[Action] = []
    for kind in ("battle", "tavern", "end"):  # one of each: two Battle tiles are one move
        a = next((a for a in actions if a.kind == kind), None)
        if a is not None and a != own:
            rest.append(a)
    plans = [own, *rest, *ranked]
    return [[a] for a in plans[:PLAN_LIMIT]]
