"""A heuristic Seafarers player: settles on rich corners, builds toward victory, trades with
the bank or a harbour for what it lacks, offers the other players trades and answers theirs
by what it needs.

Where to build and what to save for is planner.py's (``plan``, ``goal``): the places
worth most, over land and across the sea, special victory points and Oceans' empty spaces
included.

Development cards: it buys one whenever it can pay and is not a card short of a city,
plays a knight before every roll it may (the Largest Army comes only to those who play
them), Road Building and Year of Plenty at once, and a Monopoly once the others hold three
cards or more of one resource (public: what neither the bank nor its own hand holds).

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
it, and the house rule is its own answer (house_rule.py, ``house_answer``): it accepts what
helps its goal, and counters an offer that asks for cards it can spare but brings nothing
it needs by asking for a needed card instead.

It reads only what its seat knows (its own hand, public pieces and counts), so the same
move comes out of any world determinized for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache, partial
from typing import Any

from engine.core import Action

from . import house_rule, planner
from .board import RESOURCE_OF, RESOURCES
from .building import COST
from .facts import harbour_ratio
from .hands import RI, n_cards
from .house_rule import house_answer
from .moves import legal_pairs
from .offers import OFFERS_PER_TURN
from .planner import (
    EXPLORE_WORTH,
    PIPS,
    VP_WORTH,
    corner_value,
    explore_value,
    plan,
)
from .scenario_rules import rules_of
from .state import BANK_EACH, Phase, State
from .victory import public_vp, total_vp

#: offers the AI makes in one turn at most (the rules allow OFFERS_PER_TURN). Measured
#: (bench/bench_seafarers_offers.py): a second offer of two spare cards for the missing
#: one, after the first was declined, was taken in 4% of cases and left the AI no
#: stronger, while it added a third more offers for everyone to answer.
OWN_OFFERS = 1


def _act(kind: str, args: dict[str, Any]) -> Action:
    return Action(kind, args)


def _best(options: list, key) -> Any:
    return max(options, key=key) if options else None


def ai_action(
    s: State, seat: int, rnd: random.Random, level: str = "easy", propose: bool = True
) -> Action | None:
    """The heuristic's move for ``seat``. ``propose=False`` makes no offers of its own
    (the player before those were added, kept for the bench); its answers are the house
    rule's all the same."""
    moves = legal_pairs(s, seat)
    if not moves:
        return None
    by: dict[str, list[dict[str, Any]]] = {}
    for k, a in moves:
        by.setdefault(k, []).append(a)
    ph = s.phase
    hand = s.hands[seat]
    if ph == Phase.HARBOURS:
        value = cache(partial(corner_value, s))  # an edge's corners are its neighbours'
        return _act("harbour", _best(by["harbour"], lambda a: _harbour_worth(s, a["e"], value)))
    if ph == Phase.SETUP_SETTLE:
        have = _founded_terrains(s, seat)
        a = _best(by["settlement"], lambda a: (_founding_value(s, a["c"], have), -a["c"]))
        return _act("settlement", a)
    if ph == Phase.SETUP_ROUTE or ph == Phase.FREE_ROUTES:
        routes = [(k, a) for k, a in moves if k in ("road", "ship")]
        if not routes:
            return _act("stop", {})
        origin = s.last_settlement if ph == Phase.SETUP_ROUTE else None
        k, a = planner.route_move(s, seat, routes, origin)
        return _act(k, a)
    if ph == Phase.DISCARD:
        i = max(range(5), key=lambda i: (hand[i], -i))
        return _act("discard", {"res": RESOURCES[i]})
    if ph in (Phase.GOLD, Phase.PLENTY):
        goal = planner.goal(s, seat)
        need = planner.need(s, seat, goal)
        opts = [a["res"] for a in by[ph == Phase.GOLD and "gold" or "plenty"]]
        res = max(opts, key=lambda r: (need[RI[r]], -hand[RI[r]], -RI[r]))
        return _act("gold" if ph == Phase.GOLD else "plenty", {"res": res})
    if ph == Phase.ROBBER:
        return _robber(s, seat, by)
    if ph == Phase.STEAL:
        v = max(by["steal"], key=lambda a: (public_vp(s, a["seat"]), -a["seat"]))
        return _act("steal", v)
    if ph == Phase.COMPOSE:
        plan = _proposal(s, seat, s.offers_made - 1) if propose else None
        o = s.offer
        return _compose_step(by, "offer", o["give"], o["get"], plan)
    if ph == Phase.ROLL:
        knight = _knight(s, seat, by)
        return knight if knight is not None else _act("roll", {})
    if ph == Phase.MAIN:
        if seat != s.turn:  # only answers to an open offer: optional (offers.py)
            return _answer(s, seat, by)
        if s.offer is not None:
            return _confirm(s, seat, by)
        return _main(s, seat, by, propose)
    return rules_of(s).ai_move(s, seat, moves)  # a phase of the scenario's own


#: founding: what each pip of a resource adds to a corner's worth beyond corner_value's
#: one a pip (wool, wanted only for development cards, ships and settlements, less)
FOUNDING_PIP_BONUS = {"wool": -0.5}
#: founding: what a resource the seat's other settlement does not touch adds
FOUNDING_NEW_KIND = 1.5


def _founded_terrains(s: State, seat: int) -> set[str]:
    """The terrains around the seat's settlements (while founding: its first one)."""
    b = s.board
    return {s.terrain[h] for d, bl in enumerate(s.buildings)
            if bl is not None and bl[0] == seat for h in b.corner_hexes[d]}


def _founding_value(s: State, c: int, have: set[str]) -> float:
    """A start corner's worth: corner_value, wool's pips worth half, and FOUNDING_NEW_KIND
    for each resource there not among ``have``, the terrains around the seat's first
    settlement (``_founded_terrains``), so the second settlement widens what the seat can
    build. Measured (docs/developing.md, "The Seafarers heuristic plays its development
    cards"): one seat founding so among three of the old heuristic won 43% of 1,200
    four-player classic games, 33% founding by corner_value alone."""
    b = s.board
    v = corner_value(s, c)
    kinds = set()
    for h in b.corner_hexes[c]:
        t = s.terrain[h]
        if t in RESOURCE_OF and s.chips[h]:
            v += PIPS.get(s.chips[h], 0) * FOUNDING_PIP_BONUS.get(RESOURCE_OF[t], 0.0)
            kinds.add(t)
    return v + FOUNDING_NEW_KIND * len(kinds - have)


def _harbour_worth(s: State, e: int,
                   value: Callable[[int], float] | None = None) -> tuple[float, int]:
    """New World: where to place the face-up harbour (its type is public): at the better
    of the edge's two corners for a settlement, a 2:1 harbour counting the pips of its own
    resource there once more (a place to settle and trade what it yields). ``value`` is
    corner_value on this state, kept over the edges of one choice."""
    b = s.board
    kind = s.extra["harbours"][-1]
    best = 0.0
    for c in b.edges[e]:
        v = value(c) if value is not None else corner_value(s, c)
        if kind != "any":
            v += sum(PIPS.get(s.chips[h], 0) for h in b.corner_hexes[c]
                     if RESOURCE_OF.get(s.terrain[h]) == kind)
        best = max(best, v)
    return best, -e


def _knight(s: State, seat: int, by: dict) -> Action | None:
    """A knight before the roll, whenever one may be played (one development card a turn,
    never one bought this turn: moves.py): it moves the robber off the seat's own hex or
    onto a rival's, steals a card, and counts toward the Largest Army (catan-base.md,
    "Largest army: the first to play 3 knights"), which a knight held back never does."""
    for a in by.get("play", []):
        if a["card"] == "knight":
            return _act("play", a)
    return None


#: the fewest cards a Monopoly should bring in before the AI plays it
MONOPOLY_TAKE = 3


def _monopoly(s: State, seat: int, by: dict) -> Action | None:
    """A Monopoly naming the resource the other players hold most of, once that is
    MONOPOLY_TAKE cards or more, the goal's missing cards first among equals. What they
    hold of each is public: the cards not in the bank (whose counts everyone sees) nor in
    the seat's own hand, so no world the search samples changes the choice."""
    plays = [a for a in by.get("play", []) if a["card"] == "monopoly"]
    if not plays:
        return None
    need = planner.need(s, seat, planner.goal(s, seat))
    hand = s.hands[seat]

    def take(a: dict) -> tuple[int, int, int]:
        i = RI[a["res"]]
        return BANK_EACH - s.bank[i] - hand[i], need[i], -i

    best = max(plays, key=take)
    return _act("play", best) if take(best)[0] >= MONOPOLY_TAKE else None


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
                theirs += w * (1 + public_vp(s, bl[0]) / 10)
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
        plan = house_rule.counter_plan(s, seat)
        return _compose_step(by, "counter", c["give"], c["get"], plan)
    answer = house_rule.house_answer(s, seat)
    if answer is None:
        return _act("decline", {})
    if answer == (o["get"], o["give"]):
        return _act("accept", {})
    return _act("counter", {})





def _wins_with(s: State, seat: int, goal: str, gives: dict, gets: dict) -> bool:
    """Whether after this trade the seat can build a settlement or city that reaches the
    target (its own victory point cards count: the seat knows them)."""
    if goal not in ("settlement", "city") or total_vp(s, seat) + 1 < s.target:
        return False
    after = list(s.hands[seat])
    for r, k in gives.items():
        after[RI[r]] -= k
    for r, k in gets.items():
        after[RI[r]] += k
    return all(h >= c for h, c in zip(after, COST[goal], strict=True))


def _proposal(s: State, seat: int, nth: int) -> tuple[dict, dict] | None:
    """The seat's offer as (give, get) if it makes its ``nth`` offer of the turn (counted
    from 0), or None: one spare card for the missing card the goal lacks most. Only when
    the goal lacks one or two cards and another seat could take the offer
    (``_takers``), one of them a player to trade with."""
    if not 0 <= nth < min(OWN_OFFERS, OFFERS_PER_TURN):
        return None
    goal = planner.goal(s, seat)
    need = planner.need(s, seat, goal)
    if not 1 <= sum(need) <= 2:
        return None
    cost = COST[goal]
    hand = s.hands[seat]
    spare = [h - c for h, c in zip(hand, cost, strict=True)]
    i = max(range(5), key=lambda i: (spare[i], -i))
    if spare[i] <= 0:
        return None
    want = max(range(5), key=lambda i: (need[i], -i))
    give, get = {RESOURCES[i]: 1}, {RESOURCES[want]: 1}
    takers = _takers(s, seat, get)
    if not takers or all(house_rule.near_win(s, p) for p in takers) and not _wins_with(
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
        i = RI[r]
        if BANK_EACH - s.bank[i] - hand[i] < k:
            return []
    asked = sum(get.values())
    return [p for p in range(s.n)
            if p != seat and s.house_rule[p] and n_cards(s, p) >= asked]



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
    goal = planner.goal(s, seat)
    cost = COST.get(goal, (0, 0, 0, 0, 0))
    hand = s.hands[seat]
    before = sum(planner.need(s, seat, goal))
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
        if not house_rule.spare(s, seat, goal, gives) or n_give > n_get + 1:
            continue
        if house_rule.near_win(s, p) and not _wins_with(s, seat, goal, gives, gets):
            continue
        after = 0
        for i in range(5):
            r = RESOURCES[i]
            after += max(0, cost[i] - (hand[i] - gives.get(r, 0) + gets.get(r, 0)))
        if after >= before:
            continue
        key = (before - after, n_get - n_give, accepted, -public_vp(s, p), -p)
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
    monopoly = _monopoly(s, seat, by)
    if monopoly is not None:
        return monopoly
    goal = planner.goal(s, seat)
    if goal in ("road", "ship") and goal in by:
        k, a = planner.route_move(s, seat, [(goal, a) for a in by[goal]])
        return _act(k, a)
    if "buy" in by and (goal != "city" or sum(planner.need(s, seat, "city")) > 1):
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
    need = planner.need(s, seat, goal)
    if not any(need):
        return None
    cost = COST.get(goal, (0, 0, 0, 0, 0))
    best = None
    for a in trades:
        i, j = RI[a["give"]], RI[a["get"]]
        ratio = harbour_ratio(s, seat, i)
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
    vps = [public_vp(s, p) for p in range(s.n)]
    vps[seat] = total_vp(s, seat)
    prod = [0.0] * s.n
    b = s.board
    for c, bl in enumerate(s.buildings):
        if bl is not None:
            for h in b.corner_hexes[c]:
                prod[bl[0]] += PIPS.get(s.chips[h], 0) * bl[1]
    mine = vps[seat] / s.target + prod[seat] / 200
    rest = max((vps[p] / s.target + prod[p] / 200) for p in range(s.n) if p != seat)
    return max(0.0, min(1.0, 0.5 + (mine - rest) / 2))


__all__ = ["EXPLORE_WORTH", "OWN_OFFERS", "PIPS", "VP_WORTH", "ai_action", "corner_value",
           "evaluate", "explore_value", "house_answer", "plan"]
