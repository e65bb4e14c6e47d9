"""Where the computer player builds, and what it saves for (ai.py plays the moves; the
house rule, house_rule.py, answers trade offers by the same goal).

Where to build: ``plan`` looks up to PLAN_DEPTH roads or ships ahead, over land and across
the sea, for the free place whose value is highest once each piece still to build is paid
for (STEP_COST), a place's value being its production plus what the scenario's special
victory points there are worth (VP_WORTH a point: a foreign island of The Four Islands, a
small island of New Shores). So it sails for another island when that is where it scores,
and builds roads at home when home is better. In Oceans a corner beside an empty space is a
place too, worth the chance that the tile turned there is land (counted from the tiles
every player knows are still face down) times EXPLORE_WORTH: it explores when nothing
nearer is worth more.

What to save for (``goal``): a city when nearly affordable, else a settlement on a
reachable spot, else a road or ship toward one, else a city, else a development card.

It reads only what its seat knows (its own hand, public pieces and counts).
"""

from __future__ import annotations

from typing import Any

from .board import RESOURCE_OF, Board
from .building import COST
from .facts import distance_ok, facts, pieces_left
from .founding import DOTS
from .scenario_rules import face_down_left, rules_of
from .state import Phase, State

#: a number's pips: the ways two dice roll it (the dots under its number, founding.py's)
PIPS = DOTS
#: what one special victory point adds to a corner's value (a settlement's production is
#: worth 5 to 12 of these pips-and-kinds points; a point toward the target about 4)
VP_WORTH = 4.0
#: what one more road or ship on the way takes off a place's value
STEP_COST = 1.5
#: the planner looks this many roads or ships ahead (a strait of The Four Islands is 3-5)
PLAN_DEPTH = 7
#: what turning a face-down tile that proves land is worth (Oceans): a card at once and a
#: coast to settle. Measured (one explorer among easy players who never explore, 60 games
#: per count): 6 won 47% / 32% of 3- / 4-player games, 10 won 57% / 37%, 14 won 42% / 32%
#: (a fair share is 33% / 25%).
EXPLORE_WORTH = 10.0

#: a planned first piece: (worth, edge, "road" or "ship")
Plan = tuple[float, int, str]


def corner_value(s: State, c: int, seat: int | None = None) -> float:
    """Pips of the producing hexes at a corner, a little more for new resources, and, for
    ``seat``, what the scenario's special victory points for a settlement there are worth
    to it now (VP_WORTH a point: a foreign island in The Four Islands, a small island in
    New Shores; nothing while founding, when an island becomes a home)."""
    terrain, chips, robber = s.terrain, s.chips, s.robber
    v = 0.0
    kinds = set()
    for h in s.board.corner_hexes[c]:
        t = terrain[h]
        chip = chips[h]
        if (t in RESOURCE_OF or t == "gold") and chip and h != robber:
            v += PIPS.get(chip, 0) * (1.3 if t == "gold" else 1.0)
            kinds.add(t)
        elif t in RESOURCE_OF and not chip:
            hope = rules_of(s).unknown_chip_pips(s)  # Greater Catan: its chip comes later
            if hope:
                v += hope
                kinds.add(t)
    if seat is not None and s.phase not in (Phase.SETUP_SETTLE, Phase.SETUP_ROUTE):
        v += VP_WORTH * rules_of(s).settle_bonus(s, seat, c)
    return v + len(kinds)


def plan(s: State, seat: int, origin: int | None = None) -> Plan | None:
    """Where the seat's roads and ships should head: the free place for a settlement, on
    land or across the sea, whose value (corner_value, special victory points included)
    less STEP_COST per piece still to build is highest; as (that worth, the first edge to
    build, "road" or "ship"), or None when no place within PLAN_DEPTH pieces is worth it.
    ``origin``: plan from that corner only (a start settlement's road or ship).

    A road goes on from the seat's roads and buildings over land edges, a ship from its
    ships and buildings over sea edges (a coast edge takes either); neither passes another
    player's building, a piece already laid, or (a ship) the pirate. Kept with the seat's
    facts: the same pieces, robber and phase give the same plan."""
    sf = facts(s).seat(s, seat)
    key = ("plan", origin, s.robber, s.phase in (Phase.SETUP_SETTLE, Phase.SETUP_ROUTE))
    if key in sf.memo:
        return sf.memo[key]
    seen, frontier = _plan_starts(s, sf, seat, origin)
    explore = explore_value(s) if origin is None else 0.0
    best = _search(s, seat, seen, frontier, explore)
    if best is not None and best[0] <= 0:
        best = None
    sf.memo[key] = best
    return best


def _plan_starts(s: State, sf: Any, seat: int, origin: int | None
                 ) -> tuple[dict[tuple[int, str], tuple[int, Any]], list[tuple[int, str]]]:
    """Where the search starts, as (corner, "road" or "ship") with the pieces the seat
    has left: ``origin``, or every corner of its buildings and at the free ends of its
    roads and ships."""
    b = s.board
    buildings = s.buildings
    media = [m for m in ("road", "ship") if pieces_left(s, seat, m)]
    seen: dict[tuple[int, str], tuple[int, Any]] = {}
    frontier: list[tuple[int, str]] = []
    if origin is not None:
        starts = [(origin, m) for m in media]
    else:
        starts = [(c, m) for c, _ in sf.buildings for m in media]
        starts += [(c, k) for e, k in sf.routes if k in media for c in b.edges[e]
                   if buildings[c] is None]
    for node in starts:
        if node not in seen:
            seen[node] = (0, None)
            frontier.append(node)
    return seen, frontier


def _search(s: State, seat: int, seen: dict, frontier: list[tuple[int, str]],
            explore: float) -> Plan | None:
    """The breadth-first search of ``plan``, one piece deeper a step, keeping for each
    corner reached the first piece of the way there."""
    b = s.board
    buildings, routes = s.buildings, s.routes
    blocked = set(b.hex_edges[s.pirate]) if s.pirate is not None else set()
    best: Plan | None = None
    depth = 0
    while frontier and depth < PLAN_DEPTH:
        depth += 1
        nxt = []
        for c, m in frontier:
            first = seen[(c, m)][1]
            for e in b.corner_edges[c]:
                if routes[e] is not None:
                    continue
                if m == "road" and not b.edge_land[e]:
                    continue
                if m == "ship" and (not b.edge_sea[e] or e in blocked):
                    continue
                a, d = b.edges[e]
                d = a if d == c else d
                bl = buildings[d]
                if bl is not None and bl[0] != seat or (d, m) in seen:
                    continue
                step = first or (e, m)
                seen[(d, m)] = (depth, step)
                nxt.append((d, m))
                best = _consider(s, b, seat, d, bl, explore, depth, step, best)
        frontier = nxt
    return best


def _consider(s: State, b: Board, seat: int, d: int, bl: Any, explore: float, depth: int,
              step: tuple[int, str], best: Plan | None) -> Plan | None:
    """``best``, or corner ``d`` reached ``depth`` pieces away if it is worth more: as a
    place for a settlement, or (Oceans) for the empty spaces beside it."""
    if bl is None and b.corner_land[d] and distance_ok(s, b, d):
        worth = corner_value(s, d, seat) - STEP_COST * depth
        if best is None or worth > best[0]:
            best = (worth, step[0], step[1])
    if explore:
        unknown = sum(s.terrain[h] == "hidden" for h in b.corner_hexes[d])
        if unknown:
            worth = explore * unknown - STEP_COST * depth
            if best is None or worth > best[0]:
                best = (worth, step[0], step[1])
    return best


def explore_value(s: State) -> float:
    """What reaching one empty space of Oceans is worth (0 without any): the chance that
    the tile turned there is land, counted from what every player knows (the face-down
    material less the tiles turned: scenario_rules.face_down_left, never the hidden
    stack), times EXPLORE_WORTH (a free card now and new land to settle later)."""
    if "hidden" not in s.terrain:
        return 0.0
    left = face_down_left(s)
    total = sum(left.values())
    if not total:
        return 0.0
    land = total - left["sea"]
    return EXPLORE_WORTH * land / total


def need(s: State, seat: int, goal: str) -> list[int]:
    """The cards the seat lacks for ``goal``, per resource."""
    cost = COST.get(goal, (0, 0, 0, 0, 0))
    return [max(0, c - h) for c, h in zip(cost, s.hands[seat], strict=True)]


def goal(s: State, seat: int) -> str:
    """What to save for: a city when nearly affordable, else a settlement on a reachable
    spot, else a road or ship toward one, else a city, else a development card."""
    upgradable = pieces_left(s, seat, "city") and any(
        bl is not None and bl[0] == seat and bl[1] == 1 for bl in s.buildings
    )
    if upgradable and sum(need(s, seat, "city")) <= 1:
        return "city"
    if pieces_left(s, seat, "settlement"):
        if _spot_reachable(s, seat):
            return "settlement"
        kind = _route_kind(s, seat)
        if kind is not None:
            return kind
    if upgradable:
        return "city"
    return "dev" if s.deck else "end"


def _route_kind(s: State, seat: int) -> str | None:
    """Road or ship: whichever the plan builds first (None if no place is worth it)."""
    p = plan(s, seat)
    return p[2] if p is not None else None


def _spot_reachable(s: State, seat: int) -> bool:
    return bool(facts(s).seat(s, seat).spots(s))


def _route_score(s: State, seat: int, e: int) -> float:
    """The best place next to a road or ship on ``e`` (for a route the plan does not
    name)."""
    b = s.board
    best = 0.0
    for c in b.edges[e]:
        for d in (c, *b.corner_neighbours[c]):
            if b.corner_land[d] and distance_ok(s, b, d):
                best = max(best, corner_value(s, d, seat) - (0.5 if d != c else 0))
    return best


def route_move(s: State, seat: int, routes: list[tuple[str, dict]],
               origin: int | None = None) -> tuple[str, dict]:
    """Of these (kind, args) routes, the plan's first piece if it is one of them, else the
    one next to the best place."""
    p = plan(s, seat, origin)
    if p is not None:
        for k, a in routes:
            if k == p[2] and a["e"] == p[1]:
                return k, a
    return max(routes, key=lambda ka: (_route_score(s, seat, ka[1]["e"]), ka[0] == "road",
                                       -ka[1]["e"]))
