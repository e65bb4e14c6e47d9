"""A heuristic Seafarers player: settles on rich corners, builds toward victory, trades with
the bank or a harbour for what it lacks, offers the other players trades and answers theirs
by what it needs.

Where to build: ``plan`` looks up to PLAN_DEPTH roads or ships ahead, over land and across
the sea, for the free place whose value is highest once each piece still to build is paid
for (STEP_COST), a place's value being its production plus what the scenario's special
victory points there are worth (VP_WORTH a point: a foreign island of The Four Islands, a
small island of New Shores). So it sails for another island when that is where it scores,
and builds roads at home when home is better. In Oceans a corner beside an empty space is a
place too, worth the chance that the tile turned there is land (counted from the tiles
every player knows are still face down) times EXPLORE_WORTH: it explores when nothing
nearer is worth more.

Player trades (offers.py says who acts when): when its goal lacks one or two cards, it
offers one spare card (one not needed for the goal) for the missing card it lacks most, at
most once a turn (OWN_OFFERS), before any bank or harbour trade, and only when another seat
could take it: one that answers by the house rule (the computer player moves again at once,
so a person would never have the time to answer) and holds a card, the card asked for being
held by someone (the bank's counts are public). It trades with the partner whose answer
brings it closest to the goal without giving goal cards away (an acceptance before an equal
counter-offer), else it withdraws and trades with the bank as before. It neither trades
with a player within two points of the target nor accepts such a player's offer, unless
the trade wins the game for it. It ends every turn letting the house rule answer offers for
it, and the house rule is its own answer (``house_answer``): it accepts what helps its
goal, and counters an offer that asks for cards it can spare but brings nothing it needs by
asking for a needed card instead.

It reads only what its seat knows (its own hand, public pieces and counts), so the same
move comes out of any world determinized for it.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Action

from . import rules as R
from .board import RESOURCE_OF, RESOURCES
from .rules import OFFERS_PER_TURN
from .scenario_rules import face_down_left, rules_of
from .state import (
    BANK_EACH,
    COMPOSE,
    DISCARD,
    FREE_ROUTES,
    GOLD,
    HARBOURS,
    MAIN,
    PLENTY,
    ROBBER,
    ROLL,
    SETUP_ROUTE,
    SETUP_SETTLE,
    STEAL,
    State,
)

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
#: offers the AI makes in one turn at most (the rules allow OFFERS_PER_TURN). Measured
#: (bench/bench_seafarers_offers.py): a second offer of two spare cards for the missing
#: one, after the first was declined, was taken in 4% of cases and left the AI no
#: stronger, while it added a third more offers for everyone to answer.
OWN_OFFERS = 1


def corner_value(s: State, c: int, seat: int | None = None) -> float:
    """Pips of the producing hexes at a corner, a little more for new resources, and, for
    ``seat``, what the scenario's special victory points for a settlement there are worth
    to it now (VP_WORTH a point: a foreign island in The Four Islands, a small island in
    New Shores; nothing while founding, when an island becomes a home)."""
    b = s.board
    v = 0.0
    kinds = set()
    for h in b.corner_hexes[c]:
        t = s.terrain[h]
        if (t in RESOURCE_OF or t == "gold") and s.chips[h] and h != s.robber:
            v += PIPS.get(s.chips[h], 0) * (1.3 if t == "gold" else 1.0)
            kinds.add(t)
        elif t in RESOURCE_OF and not s.chips[h]:
            hope = rules_of(s).unknown_chip_pips(s)  # Greater Catan: its chip comes later
            if hope:
                v += hope
                kinds.add(t)
    if seat is not None and s.phase not in (SETUP_SETTLE, SETUP_ROUTE):
        v += VP_WORTH * rules_of(s).settle_bonus(s, seat, c)
    return v + len(kinds)


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


def plan(s: State, seat: int, origin: int | None = None) -> tuple[float, int, str] | None:
    """Where the seat's roads and ships should head: the free place for a settlement, on
    land or across the sea, whose value (corner_value, special victory points included)
    less STEP_COST per piece still to build is highest; as (that worth, the first edge to
    build, "road" or "ship"), or None when no place within PLAN_DEPTH pieces is worth it.
    ``origin``: plan from that corner only (a start settlement's road or ship).

    A road goes on from the seat's roads and buildings over land edges, a ship from its
    ships and buildings over sea edges (a coast edge takes either); neither passes another
    player's building, a piece already laid, or (a ship) the pirate. Kept with the seat's
    facts: the same pieces, robber and phase give the same plan."""
    sf = R.facts(s).seat(s, seat)
    key = ("plan", origin, s.robber, s.phase in (SETUP_SETTLE, SETUP_ROUTE))
    if key in sf.memo:
        return sf.memo[key]
    b = s.board
    buildings, routes = s.buildings, s.routes
    blocked = set(b.hex_edges[s.pirate]) if s.pirate is not None else set()
    media = [m for m in ("road", "ship") if R.pieces_left(s, seat, m)]
    seen: dict[tuple[int, str], tuple[int, tuple[int, str] | None]] = {}
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
    best: tuple[float, int, str] | None = None
    terrain = s.terrain
    explore = explore_value(s) if origin is None else 0.0
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
                if bl is None and b.corner_land[d] and R.distance_ok(s, b, d):
                    worth = corner_value(s, d, seat) - STEP_COST * depth
                    if best is None or worth > best[0]:
                        best = (worth, step[0], step[1])
                if explore:
                    unknown = sum(terrain[h] == "hidden" for h in b.corner_hexes[d])
                    if unknown:
                        worth = explore * unknown - STEP_COST * depth
                        if best is None or worth > best[0]:
                            best = (worth, step[0], step[1])
        frontier = nxt
    if best is not None and best[0] <= 0:
        best = None
    sf.memo[key] = best
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


def _act(kind: str, args: dict[str, Any]) -> Action:
    return Action(kind, args)


def _need(s: State, seat: int, goal: str) -> list[int]:
    cost = R.COST.get(goal, (0, 0, 0, 0, 0))
    return [max(0, c - h) for c, h in zip(cost, s.hands[seat], strict=True)]


def _goal(s: State, seat: int, moves: list) -> str:
    """What to save for: a city when nearly affordable, else a settlement on a reachable
    spot, else a road or ship toward one, else a city, else a development card."""
    upgradable = R.pieces_left(s, seat, "city") and any(
        bl is not None and bl[0] == seat and bl[1] == 1 for bl in s.buildings
    )
    if upgradable and sum(_need(s, seat, "city")) <= 1:
        return "city"
    if R.pieces_left(s, seat, "settlement"):
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
    return bool(R.facts(s).seat(s, seat).spots(s))


def _route_score(s: State, seat: int, e: int) -> float:
    """The best place next to a road or ship on ``e`` (for a route the plan does not
    name)."""
    b = s.board
    best = 0.0
    for c in b.edges[e]:
        for d in (c, *b.corner_neighbours[c]):
            if b.corner_land[d] and R.distance_ok(s, b, d):
                best = max(best, corner_value(s, d, seat) - (0.5 if d != c else 0))
    return best


def _route_move(s: State, seat: int, routes: list[tuple[str, dict]],
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


def _best(options: list, key) -> Any:
    return max(options, key=key) if options else None


def ai_action(
    s: State, seat: int, rnd: random.Random, level: str = "easy", propose: bool = True
) -> Action | None:
    """The heuristic's move for ``seat``. ``propose=False`` makes no offers of its own
    (the player before those were added, kept for the bench); its answers are the house
    rule's all the same."""
    moves = R.legal(s, seat)
    if not moves:
        return None
    by: dict[str, list[dict[str, Any]]] = {}
    for k, a in moves:
        by.setdefault(k, []).append(a)
    ph = s.phase
    hand = s.hands[seat]
    if ph == HARBOURS:
        return _act("harbour", _best(by["harbour"], lambda a: _harbour_worth(s, a["e"])))
    if ph == SETUP_SETTLE:
        a = _best(by["settlement"], lambda a: (corner_value(s, a["c"]), -a["c"]))
        return _act("settlement", a)
    if ph == SETUP_ROUTE or ph == FREE_ROUTES:
        routes = [(k, a) for k, a in moves if k in ("road", "ship")]
        if not routes:
            return _act("stop", {})
        origin = s.last_settlement if ph == SETUP_ROUTE else None
        k, a = _route_move(s, seat, routes, origin)
        return _act(k, a)
    if ph == DISCARD:
        i = max(range(5), key=lambda i: (hand[i], -i))
        return _act("discard", {"res": RESOURCES[i]})
    if ph in (GOLD, PLENTY):
        goal = _goal(s, seat, [])
        need = _need(s, seat, goal)
        opts = [a["res"] for a in by[ph == GOLD and "gold" or "plenty"]]
        res = max(opts, key=lambda r: (need[R.RI[r]], -hand[R.RI[r]], -R.RI[r]))
        return _act("gold" if ph == GOLD else "plenty", {"res": res})
    if ph == ROBBER:
        return _robber(s, seat, by)
    if ph == STEAL:
        v = max(by["steal"], key=lambda a: (R.public_vp(s, a["seat"]), -a["seat"]))
        return _act("steal", v)
    if ph == COMPOSE:
        plan = _proposal(s, seat, s.offers_made - 1) if propose else None
        o = s.offer
        return _compose_step(by, "offer", o["give"], o["get"], plan)
    if ph == ROLL:
        if "play" in by and s.robber is not None and _robber_on_me(s, seat):
            for a in by["play"]:
                if a["card"] == "knight":
                    return _act("play", a)
        return _act("roll", {})
    if ph == MAIN:
        if seat != s.turn:  # only answers to an open offer: optional (offers.py)
            return _answer(s, seat, by)
        if s.offer is not None:
            return _confirm(s, seat, by)
        return _main(s, seat, by, propose)
    return rules_of(s).ai_move(s, seat, moves)  # a phase of the scenario's own


def _harbour_worth(s: State, e: int) -> tuple[float, int]:
    """New World: where to place the face-up harbour (its type is public): at the better
    of the edge's two corners for a settlement, a 2:1 harbour counting the pips of its own
    resource there once more (a place to settle and trade what it yields)."""
    b = s.board
    kind = s.extra["harbours"][-1]
    best = 0.0
    for c in b.edges[e]:
        v = corner_value(s, c)
        if kind != "any":
            v += sum(PIPS.get(s.chips[h], 0) for h in b.corner_hexes[c]
                     if RESOURCE_OF.get(s.terrain[h]) == kind)
        best = max(best, v)
    return best, -e


def _robber_on_me(s: State, seat: int) -> bool:
    b = s.board
    return any(
        s.buildings[c] is not None and s.buildings[c][0] == seat
        for c in b.hex_corners[s.robber]
    )


def _robber(s: State, seat: int, by: dict) -> Action:
    b = s.board

    def harm(h: int) -> tuple[float, int]:
        mine = theirs = 0.0
        for c in b.hex_corners[h]:
            bl = s.buildings[c]
            if bl is None:
                continue
            w = PIPS.get(s.chips[h], 0) * bl[1]
            if bl[0] == seat:
                mine += w
            else:
                theirs += w * (1 + R.public_vp(s, bl[0]) / 10)
        return (theirs - 3 * mine, -h)

    h = max((a["hex"] for a in by.get("robber", [])), key=harm, default=None)
    if h is None:
        return _act("pirate", by["pirate"][0])
    return _act("robber", {"hex": h})


def _answer(s: State, seat: int, by: dict) -> Action:
    """Its answer to the open offer when asked for one (the table never asks: the house
    rule answers for it when the offer is sent, offers.py): the house rule's, a
    counter-offer put together card by card."""
    o = s.offer
    if o["answers"][seat] == "composing":
        c = o["counters"][str(seat)]
        return _compose_step(by, "counter", c["give"], c["get"], _counter_plan(s, seat))
    answer = house_answer(s, seat)
    if answer is None:
        return _act("decline", {})
    if answer == (o["get"], o["give"]):
        return _act("accept", {})
    return _act("counter", {})


def house_answer(s: State, seat: int) -> tuple[dict[str, int], dict[str, int]] | None:
    """The house rule (offers.py): ``seat``'s answer to the open offer, as the cards it
    would give and get: the offer's own terms (it accepts), other terms (a
    counter-offer), or None (it declines). It accepts when the offer brings something its
    current goal needs and takes only cards beyond it, at most one card more than it
    brings, and the offerer is not close to winning; it counters an offer that asks for
    cards it can spare but brings nothing it needs (``_counter_plan``); else it declines.
    Read from its own hand and what everyone sees, like every move of this player."""
    o = s.offer
    if _near_win(s, s.turn):
        return None
    goal = _goal(s, seat, [])
    need = _need(s, seat, goal)
    gets, gives = o["give"], o["get"]
    useful = any(need[R.RI[r]] > 0 for r in gets)
    if useful and _spare(s, seat, goal, gives) and (
            sum(gives.values()) <= sum(gets.values()) + 1):
        return dict(gives), dict(gets)
    return _counter_plan(s, seat)


def _near_win(s: State, p: int) -> bool:
    """Within two public points of the target: not a player to trade with."""
    return R.public_vp(s, p) >= s.target - 2


def _spare(s: State, seat: int, goal: str, gives: dict[str, int]) -> bool:
    """Whether the seat can give these cards and still hold all the goal needs of them."""
    cost = R.COST.get(goal, (0, 0, 0, 0, 0))
    hand = s.hands[seat]
    return all(hand[R.RI[r]] - k >= cost[R.RI[r]] for r, k in gives.items())


def _wins_with(s: State, seat: int, goal: str, gives: dict, gets: dict) -> bool:
    """Whether after this trade the seat can build a settlement or city that reaches the
    target (its own victory point cards count: the seat knows them)."""
    if goal not in ("settlement", "city") or R.total_vp(s, seat) + 1 < s.target:
        return False
    after = list(s.hands[seat])
    for r, k in gives.items():
        after[R.RI[r]] -= k
    for r, k in gets.items():
        after[R.RI[r]] += k
    return all(h >= c for h, c in zip(after, R.COST[goal], strict=True))


def _proposal(s: State, seat: int, nth: int) -> tuple[dict, dict] | None:
    """The seat's offer as (give, get) if it makes its ``nth`` offer of the turn (counted
    from 0), or None: one spare card for the missing card the goal lacks most. Only when
    the goal lacks one or two cards and another seat could take the offer
    (``_takers``), one of them a player to trade with."""
    if not 0 <= nth < min(OWN_OFFERS, OFFERS_PER_TURN):
        return None
    goal = _goal(s, seat, [])
    need = _need(s, seat, goal)
    if not 1 <= sum(need) <= 2:
        return None
    cost = R.COST[goal]
    hand = s.hands[seat]
    spare = [h - c for h, c in zip(hand, cost, strict=True)]
    i = max(range(5), key=lambda i: (spare[i], -i))
    if spare[i] <= 0:
        return None
    want = max(range(5), key=lambda i: (need[i], -i))
    give, get = {RESOURCES[i]: 1}, {RESOURCES[want]: 1}
    takers = _takers(s, seat, get)
    if not takers or all(_near_win(s, p) for p in takers) and not _wins_with(
            s, seat, goal, give, get):
        return None
    return give, get


def _takers(s: State, seat: int, get: dict[str, int]) -> list[int]:
    """The other seats that could take an offer of ``seat`` asking for ``get``, as far as
    ``seat`` can know: those the house rule answers for (the others would not answer before
    it moves on) holding as many cards as asked, when the cards asked are held by other
    players at all (every card not in the bank, whose counts everyone sees, nor in its own
    hand). Empty when nobody could: then no offer is made."""
    hand = s.hands[seat]
    for r, k in get.items():
        i = R.RI[r]
        if BANK_EACH - s.bank[i] - hand[i] < k:
            return []
    asked = sum(get.values())
    return [p for p in range(s.n)
            if p != seat and s.house_rule[p] and R.n_cards(s, p) >= asked]


def _counter_plan(s: State, seat: int) -> tuple[dict, dict] | None:
    """A counter-offer (give, get) to the offer on the table, or None: when the offer asks
    for at most two cards the seat can spare but brings nothing its goal needs, give what
    was asked for one card the goal lacks (one the offer does not ask for)."""
    o = s.offer
    if _near_win(s, s.turn):
        return None
    goal = _goal(s, seat, [])
    need = _need(s, seat, goal)
    asked, brought = o["get"], o["give"]
    if any(need[R.RI[r]] > 0 for r in brought) or sum(asked.values()) > 2:
        return None
    if not _spare(s, seat, goal, asked):
        return None
    wanted = [i for i in range(5) if need[i] > 0 and RESOURCES[i] not in asked]
    if not wanted:
        return None
    want = max(wanted, key=lambda i: (need[i], -i))
    return dict(asked), {RESOURCES[want]: 1}


def _compose_step(
    by: dict, prefix: str, give: dict, get: dict, plan: tuple[dict, dict] | None
) -> Action:
    """The next card of a planned offer or counter-offer, then its sending; anything that
    strays from the plan (or no plan) cancels it."""
    cancel = _act("offer_cancel" if prefix == "offer" else "decline", {})
    if plan is None:
        return cancel
    want_give, want_get = plan
    for side, want, kind in ((give, want_give, "_give"), (get, want_get, "_get")):
        for r, k in want.items():
            if side.get(r, 0) < k:
                if {"res": r} in by.get(prefix + kind, []):
                    return _act(prefix + kind, {"res": r})
                return cancel
    if give == want_give and get == want_get and prefix + "_send" in by:
        return _act(prefix + "_send", {})
    return cancel


def _confirm(s: State, seat: int, by: dict) -> Action:
    """Trade with the partner whose acceptance or counter-offer brings the goal the most
    cards nearer for the fewest cards given, never giving goal cards away and never with a
    player close to winning (unless the trade wins); an acceptance before an equal
    counter-offer, then the partner with fewer points. No such partner: withdraw."""
    o = s.offer
    goal = _goal(s, seat, [])
    cost = R.COST.get(goal, (0, 0, 0, 0, 0))
    hand = s.hands[seat]
    before = sum(_need(s, seat, goal))
    best = None
    for a in by.get("trade", []):
        p = a["seat"]
        accepted = o["answers"][p] == "accept"
        if accepted:
            gives, gets = o["give"], o["get"]
        else:
            c = o["counters"][str(p)]
            gives, gets = c["get"], c["give"]
        n_give, n_get = sum(gives.values()), sum(gets.values())
        if not _spare(s, seat, goal, gives) or n_give > n_get + 1:
            continue
        if _near_win(s, p) and not _wins_with(s, seat, goal, gives, gets):
            continue
        after = 0
        for i in range(5):
            r = RESOURCES[i]
            after += max(0, cost[i] - (hand[i] - gives.get(r, 0) + gets.get(r, 0)))
        if after >= before:
            continue
        key = (before - after, n_get - n_give, accepted, -R.public_vp(s, p), -p)
        if best is None or key > best[0]:
            best = (key, a)
    if best is not None:
        return _act("trade", best[1])
    return _act("withdraw", {})


def _main(s: State, seat: int, by: dict, propose: bool) -> Action:
    if "city" in by:
        a = _best(by["city"], lambda a: (corner_value(s, a["c"]), -a["c"]))
        return _act("city", a)
    if "settlement" in by:
        a = _best(by["settlement"], lambda a: (corner_value(s, a["c"], seat), -a["c"]))
        return _act("settlement", a)
    for a in by.get("play", []):
        if a["card"] in ("road_building", "plenty"):
            return _act("play", a)
    goal = _goal(s, seat, [])
    if goal in ("road", "ship") and goal in by:
        k, a = _route_move(s, seat, [(goal, a) for a in by[goal]])
        return _act(k, a)
    if "buy" in by and goal in ("dev", "city", "end"):
        if goal != "city" or sum(_need(s, seat, "city")) > 1:
            return _act("buy", {})
    if propose and "offer" in by and _proposal(s, seat, s.offers_made) is not None:
        return _act("offer", {})
    trade = _bank_trade(s, seat, goal, by.get("bank", []))
    if trade is not None:
        return trade
    # it lets the house rule answer offers for it until its next turn: its answers, made
    # at once (offers.py)
    return _act("end_auto", {})


def _bank_trade(s: State, seat: int, goal: str, trades: list) -> Action | None:
    need = _need(s, seat, goal)
    if not any(need):
        return None
    cost = R.COST.get(goal, (0, 0, 0, 0, 0))
    best = None
    for a in trades:
        i, j = R.RI[a["give"]], R.RI[a["get"]]
        ratio = R.harbour_ratio(s, seat, i)
        if need[j] > 0 and s.hands[seat][i] - ratio >= cost[i]:
            key = (s.hands[seat][i] - cost[i] - ratio, -ratio, -i, -j)
            if best is None or key > best[0]:
                best = (key, a)
    return _act("bank", best[1]) if best else None


def evaluate(s: State, seat: int) -> float:
    """How well the seat stands, in [0, 1]: its share of the victory points toward the
    target, with a little for production."""
    if s.result is not None:
        return 1.0 if seat in s.result["winners"] else 0.0
    vps = [R.public_vp(s, p) for p in range(s.n)]
    vps[seat] = R.total_vp(s, seat)
    prod = [0.0] * s.n
    b = s.board
    for c, bl in enumerate(s.buildings):
        if bl is not None:
            for h in b.corner_hexes[c]:
                prod[bl[0]] += PIPS.get(s.chips[h], 0) * bl[1]
    mine = vps[seat] / s.target + prod[seat] / 200
    rest = max((vps[p] / s.target + prod[p] / 200) for p in range(s.n) if p != seat)
    return max(0.0, min(1.0, 0.5 + (mine - rest) / 2))
