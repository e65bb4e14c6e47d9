"""The battle engine (rules/neuroshima.md section 2.6-2.11, the Pirates rulebook for the
Water Gun, Charge and Drift). Pure functions over a board: a list of 31 entries, each None
or a unit ``[key, owner seat, rotation, wounds, uid]``.

A battle runs initiative phases from the highest down to 0. At the start of each phase the
nets, module bonuses and initiative slots are recomputed from the board (decision Q24); every
non-netted unit with an unused slot worth this phase makes all its attacks; the attacks of a
phase are simultaneous; wounds are added, then the destroyed units are removed together.

Choices the rules give a player inside a battle are made by a fixed rule, so that a battle
resolves in one step (our decisions, listed in ``/game rules``): a Medic absorbs the
heaviest attack it can (Q14, the ``medic_mandatory`` option); the Clown explodes when that
wounds at least two enemy units and more enemy than friendly units; a Crocodile always
charges, turning to face an enemy with its melee edge if it can (Q19, ``charge_facing``).

Every function takes the table options (``opts``, possibly partial: missing ones take their
default) for the open questions of decisions.py that touch a battle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from .board import (
    GEOMETRIES,
    LABELS,
    N_SPACES,
    Geometry,
    airstrike_centres,
    area,
    drift_next,
    is_water,
)
from .decisions import opt
from .tiles import TILES

Unit = list  # [key, owner, rot, wounds, uid]
Board = list  # list[Unit | None], length 31


class Cfg(NamedTuple):
    """The options a battle reads, looked up once per call."""

    g: Geometry
    hq_melee: bool
    hq_stops: bool
    clown_removed: bool
    clown_spaces: frozenset[int] | None  # where a Clown may explode; None: anywhere
    medic_mandatory: bool
    keeps_armour: bool
    net_cycles_hold: bool
    charge_face: bool
    mothers_stack: bool
    saboteur_hq: bool
    each_phase: bool
    modules_water: bool


_CENTRES = {w: frozenset(airstrike_centres(w)) for w in (True, False)}
#: the battle options of the tables, by their values. Bound: a table's options pick one of
#: 2**15 = 32,768 rule sets, but a bot meets few (most tables keep the defaults): 256 hold
#: the rule sets of every table a busy bot plays, at about 1 KB each; past that the cache
#: is emptied and refills with the tables still playing
_CFG: dict[tuple, Cfg] = {}
_CFG_BOUND = 256
_CFG_KEYS = ("water_links", "lines_enter_water", "pirates_hq_melee", "hq_shot_stops_at_hq",
             "clown_removed", "clown_anywhere", "airstrike_water_counts", "medic_mandatory",
             "netted_keeps_armour", "net_cycles", "charge_facing", "mothers_stack",
             "saboteur_hq", "initiative_each_phase", "modules_reach_water")


def config(opts: Mapping[str, Any]) -> Cfg:
    """The battle's options (cached: a battle and every legal-move list look them up)."""
    raw = tuple(map(opts.get, _CFG_KEYS))
    c = _CFG.get(raw)
    if c is None:
        v = {k: opt(opts, k) for k in _CFG_KEYS}
        if len(_CFG) >= _CFG_BOUND:
            _CFG.clear()
        c = _CFG[raw] = Cfg(
            g=GEOMETRIES[v["water_links"] == "edges", bool(v["lines_enter_water"])],
            hq_melee=bool(v["pirates_hq_melee"]), hq_stops=bool(v["hq_shot_stops_at_hq"]),
            clown_removed=bool(v["clown_removed"]),
            clown_spaces=None if v["clown_anywhere"]
            else _CENTRES[bool(v["airstrike_water_counts"])],
            medic_mandatory=bool(v["medic_mandatory"]),
            keeps_armour=bool(v["netted_keeps_armour"]),
            net_cycles_hold=v["net_cycles"] == "all_netted",
            charge_face=v["charge_facing"] == "face_enemy",
            mothers_stack=bool(v["mothers_stack"]), saboteur_hq=bool(v["saboteur_hq"]),
            each_phase=bool(v["initiative_each_phase"]),
            modules_water=bool(v["modules_reach_water"]),
        )
    return c


def _cfg(opts: Mapping[str, Any] | Cfg | None) -> Cfg:
    return opts if isinstance(opts, Cfg) else config(opts or {})


def facing(unit: Unit, edge: int) -> int:
    """The board direction a printed edge of a placed unit faces."""
    return (edge + unit[2]) % 6


def armoured(unit: Unit, travel: int) -> bool:
    """Whether a shot travelling in board direction ``travel`` enters through armour."""
    entry = ((travel + 3) - unit[2]) % 6
    return entry in TILES[unit[0]]["armor"]


def is_hq(unit: Unit) -> bool:
    return TILES[unit[0]]["kind"] == "hq"


def toughness(unit: Unit) -> int:
    return TILES[unit[0]]["t"]


# -- nets (section 2.9, decision Q17) -------------------------------------------------------


def net_targets(board: Board, space: int, g: Geometry) -> list[int]:
    u = board[space]
    out = []
    for e in TILES[u[0]]["net"]:
        n = g.neighbour[space][facing(u, e)]
        if n >= 0 and board[n] is not None and board[n][1] != u[1]:
            out.append(n)
    return out


def nets(board: Board, opts: Mapping[str, Any] | Cfg | None = None) -> dict[int, int]:
    """Netted spaces -> how many active nets hold them.

    A net is active unless its netter is held by an active net; netters in a cycle of nets
    all hold (and are held): the strongly connected rule of section 2.9 (Q17; the option
    ``net_cycles=cancel``: the nets between the netters of a cycle cancel, so none of them
    is held by the others, and their other nets hold).
    """
    c = _cfg(opts)
    graph: dict[int, list[int]] = {}
    for s in range(N_SPACES):
        u = board[s]
        if u is not None and TILES[u[0]]["net"]:
            targets = net_targets(board, s, c.g)
            if targets:
                graph[s] = targets
    if not graph:
        return {}
    in_cycle = set()
    for start in graph:
        seen, stack = set(), [t for t in graph[start] if t in graph]
        while stack:
            x = stack.pop()
            if x == start:
                in_cycle.add(start)
                break
            if x in seen:
                continue
            seen.add(x)
            stack.extend(t for t in graph[x] if t in graph)
    if in_cycle and not c.net_cycles_hold:
        graph = {s: [t for t in ts if not (s in in_cycle and t in in_cycle)]
                 for s, ts in graph.items()}
        in_cycle = set()
    incoming: dict[int, list[int]] = {s: [] for s in graph}
    for s, targets in graph.items():
        for t in targets:
            if t in incoming:
                incoming[t].append(s)
    active = dict.fromkeys(in_cycle, True)
    changed = True
    while changed:
        changed = False
        for s in graph:
            if s not in active and all(i in active for i in incoming[s]):
                active[s] = not any(active[i] for i in incoming[s])
                changed = True
    held: dict[int, int] = {}
    for s, targets in graph.items():
        if active.get(s):
            for t in targets:
                held[t] = held.get(t, 0) + 1
    return held


# -- modules and HQ bonuses (sections 2.10, 2.11) --------------------------------------------


class Boosts:
    """What every space receives from modules and HQs at the start of a phase."""

    __slots__ = ("melee", "ranged", "init", "extra", "medics")

    def __init__(self) -> None:
        self.melee = [0] * N_SPACES
        self.ranged = [0] * N_SPACES
        self.init = [0] * N_SPACES
        self.extra = [0] * N_SPACES  # extra slots from Mothers
        self.medics: dict[int, list[int]] = {}


def boosts(board: Board, held: dict[int, int],
           opts: Mapping[str, Any] | Cfg | None = None) -> Boosts:
    c = _cfg(opts)
    nb = c.g.neighbour
    b = Boosts()
    for s in range(N_SPACES):
        u = board[s]
        if u is None or s in held:
            continue
        row = TILES[u[0]]
        effect = row["effect"]
        if effect is None:
            continue
        if row["kind"] == "hq":
            # the HQ bonus reaches every adjacent friendly unit, not the HQ itself (S6)
            dirs: Any = range(6)
        else:
            dirs = [facing(u, e) for e in row["conn"]]
        enemy = effect == "init-1_enemy"
        for d in dirs:
            n = nb[s][d]
            if n < 0 or board[n] is None or (board[n][1] != u[1]) != enemy:
                continue
            if not c.modules_water and is_water(n):
                continue  # Q25 off: nothing reaches a unit on Water
            if enemy and not c.saboteur_hq and is_hq(board[n]):
                continue  # Q23 off: HQs ignore the Saboteur
            if effect == "ranged+1":
                b.ranged[n] += 1
            elif effect == "melee+1":
                b.melee[n] += 1
            elif effect == "both+1":
                b.melee[n] += 1
                b.ranged[n] += 1
            elif effect == "init+1":
                b.init[n] += 1
            elif effect == "init-1_enemy":
                b.init[n] -= 1
            elif effect == "extra_slot":
                # two Mothers give one extra slot (Q22) unless the option stacks them
                b.extra[n] = b.extra[n] + 1 if c.mothers_stack else 1
            elif effect == "medic":
                b.medics.setdefault(n, []).append(s)
    return b


def slots(board: Board, space: int, b: Boosts) -> list[int]:
    """Current slot values: printed initiatives plus bonuses, never below 0; a Mother adds
    one slot one below the lowest, if that is not below 0 (section 2.6.1, the rulebook's
    Mother text)."""
    u = board[space]
    vals = [max(0, i + b.init[space]) for i in TILES[u[0]]["init"]]
    for _ in range(b.extra[space] if vals else 0):
        low = min(vals) - 1
        if low < 0:
            break
        vals.append(low)
    return vals


# -- attacks (section 2.7) --------------------------------------------------------------------


def _melee(board: Board, space: int, u: Unit, b: Boosts, c: Cfg) -> list[tuple]:
    row = TILES[u[0]]
    melee = row["melee"]
    if u[0] == "p_hq" and c.hq_melee:
        melee = dict.fromkeys(range(6), 1)
    out = []
    hq = row["kind"] == "hq"
    for e, st in melee.items():
        n = c.g.neighbour[space][facing(u, e)]
        if n < 0:
            continue
        v = board[n]
        if v is None or v[1] == u[1] or (hq and is_hq(v)):
            continue
        out.append((n, st + b.melee[space], space, "melee"))
    return out


def _ranged(board: Board, space: int, u: Unit, b: Boosts, c: Cfg,
            held: dict[int, int]) -> list[tuple]:
    row = TILES[u[0]]
    out = []
    hq = row["kind"] == "hq"
    line = c.g.line[space]
    # Q16: a netted unit's armour counts unless the option says otherwise
    bare = () if c.keeps_armour else held

    for e, st in row["ranged"].items():
        d = facing(u, e)
        for n in line[d]:
            v = board[n]
            if v is None or v[1] == u[1]:
                continue
            if hq and is_hq(v):
                # an HQ never wounds an HQ: the shot stops there (Q2) or flies on past it
                if c.hq_stops:
                    break
                continue
            w = st + b.ranged[space] - (n not in bare and armoured(v, d))
            if w > 0:
                out.append((n, w, space, "ranged"))
            break
    for e in row["gauss"]:
        d = facing(u, e)
        for n in line[d]:
            v = board[n]
            if v is not None and v[1] != u[1] and (n in bare or not armoured(v, d)):
                out.append((n, 1, space, "gauss"))
    for e in row["water_gun"]:
        d = facing(u, e)
        for dist, n in enumerate(line[d][:3], start=1):
            v = board[n]
            if v is not None and v[1] != u[1]:
                w = 4 - dist - (n not in bare and armoured(v, d))
                if w > 0:
                    out.append((n, w, space, "water gun"))
    return out


def explosion(board: Board, centre: int, kind: str = "explosion") -> list[tuple]:
    """1 wound to every unit in the area but HQs, friend or foe (Air Strike, Clown, Q9)."""
    return [(n, 1, centre, kind) for n in area(centre)
            if board[n] is not None and not is_hq(board[n])]


def _clown_explodes(board: Board, space: int) -> bool:
    own = board[space][1]
    foes = friends = 0
    for n in area(space):
        v = board[n]
        if n == space or v is None or is_hq(v):
            continue
        if v[1] == own:
            friends += 1
        else:
            foes += 1
    return foes >= 2 and foes > friends


def absorb(hits: list[tuple], medics: dict[int, list[int]], board: Board,
           mandatory: bool = True) -> tuple[set, set]:
    """Medics cancel whole attacks on connected friendly units (section 2.8, Q14): each Medic
    absorbs one attack, the heaviest first. Not ``mandatory`` (the option off), a Medic is
    spent only on a unit these hits would destroy. Returns (indexes of cancelled hits, used
    Medics)."""
    saved: set[int] = set()
    used: set[int] = set()
    if not medics:
        return saved, used
    doomed: set[int] | None = None
    if not mandatory:
        total: dict[int, int] = {}
        for t, w, *_ in hits:
            total[t] = total.get(t, 0) + w
        doomed = {t for t, w in total.items() if board[t][3] + w >= toughness(board[t])}
    order = sorted(range(len(hits)), key=lambda i: -hits[i][1])
    for i in order:
        target = hits[i][0]
        if doomed is not None and target not in doomed:
            continue
        for m in medics.get(target, ()):
            if m not in used and m != target:
                used.add(m)
                saved.add(i)
                break
    return saved, used


def damage(board: Board, hits: list[tuple], medics: dict[int, list[int]],
           mandatory: bool = True) -> tuple[set, set]:
    """Apply hits outside a battle (instants): Medics first, then wounds; remove the dead at
    once. Returns (cancelled hit indexes, removed spaces)."""
    saved, used = absorb(hits, medics, board, mandatory)
    for i, (t, w, _src, _k) in enumerate(hits):
        if i not in saved and board[t] is not None:
            board[t][3] += w
    dead = {s for s in range(N_SPACES)
            if board[s] is not None and board[s][3] >= toughness(board[s])}
    dead |= used
    for s in dead:
        board[s] = None
    return saved, dead


# -- the battle ------------------------------------------------------------------------------


def _charge_facing(board: Board, space: int, unit: Unit, c: Cfg) -> int:
    """A charging Crocodile turns to put its melee edge on an enemy if one is adjacent (Q19;
    ``charge_facing=keep``: it keeps its facing)."""
    if not c.charge_face:
        return unit[2]
    edges = list(TILES[unit[0]]["melee"])
    for rot in [unit[2], *[r for r in range(6) if r != unit[2]]]:
        for e in edges:
            n = c.g.neighbour[space][(e + rot) % 6]
            if n >= 0 and board[n] is not None and board[n][1] != unit[1]:
                return rot
    return unit[2]


def _name(board: Board, s: int) -> str:
    return TILES[board[s][0]]["name"]


def resolve(board: Board, opts: Mapping[str, Any], log: bool = True) -> list[dict]:
    """Fight a battle on ``board`` (changed in place). Returns one record per phase in which
    anything happened: {"phase", "attacks", "exploded", "medics", "removed", "charges",
    "units"} with labels and names; "units" is the board as the phase started, each
    [space, tile, owner, rotation, wounds, netted]."""
    c = config(opts)
    records: list[dict] = []
    used: dict[int, set] = {}
    held = nets(board, c)
    b = boosts(board, held, c)
    top = 0
    fixed: dict[int, list[int]] = {}  # Q24 off: every unit's slots as the battle starts
    for s in range(N_SPACES):
        if board[s] is not None and TILES[board[s][0]]["init"]:
            vals = slots(board, s, b)
            fixed[board[s][4]] = vals
            top = max(top, *vals)
    for phase in range(top, -1, -1):
        if phase != top:
            held = nets(board, c)
            b = boosts(board, held, c)
        if log:  # the board as the phase starts, for the step-by-step pictures
            start = [[LABELS[i], v[0], v[1], v[2], v[3], i in held]
                     for i, v in enumerate(board) if v is not None]
        hits, exploded = _phase_attacks(board, phase, c, b, held, used, fixed)
        if not hits and not exploded:
            continue
        saved, used_medics = absorb(hits, b.medics, board, c.medic_mandatory)
        for i, (t, w, _src, _k) in enumerate(hits):
            if i not in saved:
                board[t][3] += w
        dead = {s for s in range(N_SPACES)
                if board[s] is not None and board[s][3] >= toughness(board[s])}
        dead |= used_medics
        if c.clown_removed:
            dead |= set(exploded)
        record: dict[str, Any] = {}
        if log:
            record = _record(board, phase, hits, saved, exploded, used_medics, dead, start)
        charges = _charges(board, hits, saved, dead)
        for s in dead:
            board[s] = None
        for src, t in charges:
            unit = board[src]
            board[src] = None
            unit[2] = _charge_facing(board, t, unit, c)
            board[t] = unit
            if log:
                record["charges"].append({"from": LABELS[src], "to": LABELS[t]})
        if log:
            records.append(record)
    return records


def _phase_attacks(board: Board, phase: int, c: Cfg, b: Boosts, held: dict[int, int],
                   used: dict[int, set], fixed: dict[int, list[int]]) -> tuple[list, list]:
    """Section 2.6, 2.2: every non-netted unit with an unused slot worth ``phase`` makes
    all its attacks (a Clown explodes instead, when that is worth it). Returns the hits,
    (target, wounds, source, kind) each, and the spaces of the Clowns that exploded."""
    hits: list[tuple] = []
    exploded: list[int] = []
    for s in range(N_SPACES):
        u = board[s]
        if u is None or s in held or not TILES[u[0]]["init"]:
            continue
        vals = slots(board, s, b) if c.each_phase else fixed.get(u[4], [])
        done = used.setdefault(u[4], set())
        fire = next((i for i, v in enumerate(vals) if v == phase and i not in done), None)
        if fire is None:
            continue
        done.add(fire)
        if (TILES[u[0]]["ability"] == "explosion"
                and (c.clown_spaces is None or s in c.clown_spaces)
                and _clown_explodes(board, s)):
            exploded.append(s)
            hits.extend(explosion(board, s))
            continue
        hits.extend(_melee(board, s, u, b, c))
        hits.extend(_ranged(board, s, u, b, c, held))
    return hits, exploded


def _record(board: Board, phase: int, hits: list[tuple], saved: set[int],
            exploded: list[int], used_medics: set[int], dead: set[int],
            start: list[list]) -> dict[str, Any]:
    """A phase's record (see ``resolve``), written before the dead are removed."""
    return {
        "phase": phase,
        "attacks": [
            {"from": LABELS[src], "tile": _name(board, src), "to": LABELS[t],
             "target": _name(board, t), "kind": k, "wounds": w,
             "saved": i in saved}
            for i, (t, w, src, k) in enumerate(hits)
        ],
        "exploded": [LABELS[s] for s in exploded],
        "medics": [LABELS[s] for s in sorted(used_medics)],
        "removed": [{"space": LABELS[s], "tile": _name(board, s), "owner": board[s][1]}
                    for s in sorted(dead)],
        "charges": [],
        "units": start,
    }


def _charges(board: Board, hits: list[tuple], saved: set[int],
             dead: set[int]) -> list[tuple[int, int]]:
    """The Crocodiles' Charges of a phase (the Pirates rulebook, Crocodile): a Crocodile
    whose melee attack wounded a unit removed at the end of the phase moves onto its space,
    unless that space is Water; one Charge per Crocodile and per space."""
    charges: list[tuple[int, int]] = []
    taken: set[int] = set()
    for i, (t, _w, src, k) in enumerate(hits):
        if (k == "melee" and i not in saved and t in dead and src not in dead
                and TILES[board[src][0]]["ability"] == "charge"
                and not is_water(t) and t not in taken
                and board[src][1] != board[t][1] and src not in {c[0] for c in charges}):
            charges.append((src, t))
            taken.add(t)
    return charges


def drift(board: Board, pirates: int, opts: Mapping[str, Any] | None = None,
          log: bool = True) -> dict:
    """After a battle every Drift unit moves one Water space clockwise, all at once; a netted
    one loses 1 toughness per net on it (the Pirates rulebook, Special rules: Drift).
    Returns {"moved": [[from, to]...], "lost": [[space, n]...], "removed": [...]}, spaces as
    indexes after the move."""
    held = nets(board, opts)
    movers = [s for s in range(N_SPACES)
              if board[s] is not None and TILES[board[s][0]]["drift"] and board[s][1] == pirates]
    units = {s: board[s] for s in movers}
    for s in movers:
        board[s] = None
    moved, lost, removed, netted_after = [], [], [], []
    for s, unit in units.items():
        to = drift_next(s)
        board[to] = unit
        moved.append([s, to])
        if s in held:
            unit[3] += held[s]
            lost.append([to, held[s]])
            netted_after.append(to)
    for to in netted_after:
        if board[to][3] >= toughness(board[to]):
            removed.append([to, board[to][0]])
            board[to] = None
    return {"moved": moved, "lost": lost, "removed": removed, "netted": sorted(netted_after)}
