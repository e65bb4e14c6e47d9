"""What each seat may see (the view, a JSON dict), and worlds determinized for a seat.

Public: the board (hexes, corners, edges, harbours, pieces, robber, pirate), the bank's
counts, each player's card and development card counts, played knights, public victory
points, the offer on the table once sent, how many tiles and chips lie face down
(Oceans), the harbour being placed (New World), the trade lines (The Great Crossing), the
chips in the bag (Greater Catan). Hidden from everyone: the order of those face-down
stacks, of the harbour pile under its top and of Greater Catan's chip bag. Private (own
view only): the hand, the development cards, the harbour ratios, what can be built now,
and one's own offer or counter-offer while it is being put together.

Keys: "game", "seat", "n", "scenario", "scenario_name", "target", "round", "round_limit",
"turn", "phase", "to_act", "dice"; the board: "hexes" ([q, r, terrain, chip] per hex),
"corners" ([q, r, tip] per corner number, tip 0 = north, 1 = south), "edges" ([corner,
corner] per edge number), "harbours" ([hex, type, corner, corner]), "buildings" ([corner,
seat, 1|2]), "routes" ([edge, seat, "road"|"ship"]), "robber", "pirate" (hex or None),
"places" (the corners the image numbers: see ``places``);
"bank", "deck", "army", "longest", "players" (per seat: vp, cards, devs, knights, route,
special, left, owed, and house_rule: whether the house rule answers its trade offers,
offers.py), "offer", "victims", "pending" (while an offer is open: the offer in words,
``offer_words``), "pending_seat", "log", "result", "vp_total" (at the end), "face_down" (Oceans: [tiles, chips] still face down, else
None), "harbour_next" (New World's harbour phase: the type of the face-up harbour being
placed, else None) and "harbours_left" (the harbours still to place, that one included);
the scenario's own public keys (``ScenarioRules.view_keys``: The Great Crossing's
"trade_lines", Greater Catan's "chip_bag" (sorted, never in its order), "chips_to_come"
and "chip_for"). Own view only: "hand", "dev_cards", "dev_new", "my_vp", "ratios",
"can_build", "my_counter".
"""

from __future__ import annotations

import random
from typing import Any

from .board import RESOURCES
from .building import buildable
from .development_cards import DEV_NAMES
from .facts import all_pieces, facts, harbour_ratio, pieces_left
from .hands import RI, n_cards
from .moves import start_spots
from .offers import in_order, is_open, offer_text
from .scenario_rules import harbour_words, rules_of
from .state import Phase, State, clone
from .turn import to_act
from .victory import public_vp, total_vp
from .words import P

#: what the game waits for in each phase, in words ({name}: the player on turn); the phases
#: that wait for every player who must act name nobody
WAITING_WORDS = {
    Phase.SETUP_SETTLE: "{name} founds a start settlement",
    Phase.SETUP_ROUTE: "{name} places a road or ship beside the new settlement",
    Phase.ROLL: "{name} rolls the dice (or plays a development card first)",
    Phase.MAIN: "{name} trades and builds, then ends the turn",
    Phase.DISCARD: "Players with more than 7 cards discard half of them",
    Phase.GOLD: "Players pick their resources from the gold field",
    Phase.ROBBER: "{name} moves the robber or the pirate",
    Phase.STEAL: "{name} picks whom to steal from",
    Phase.FREE_ROUTES: "{name} places free roads or ships (Road Building)",
    Phase.PLENTY: "{name} takes resources from the bank (Year of Plenty)",
    Phase.COMPOSE: "{name} is making a trade offer",
}


def pending(s: State) -> tuple[str | None, int | None]:
    """What the game waits for, in words, and the seat it waits for (None: every player
    who must act, or nobody)."""
    if s.phase == Phase.HARBOURS:
        return (f"{{name}} places the {harbour_words(s.extra['harbours'][-1])} harbour on "
                "a coast"), s.turn
    if s.phase == Phase.MAIN and s.offer is not None:
        return offer_words(s), s.turn
    words = WAITING_WORDS.get(s.phase)
    if words is None:
        return rules_of(s).pending_words(s)  # a phase of the scenario's own
    return words, s.turn if "{name}" in words else None


def offer_words(s: State) -> str:
    """The open offer in words, for the line that says what the game waits for (the turn
    message, the private panel, the board): what is given and asked, by whom, the answers
    so far, and who may do what ("{name} offers 1 wool for 1 brick ({p2} accepts). Anyone
    holding 1 brick may accept, ..."). Answering is optional (offers.py)."""
    o = s.offer
    words = {"accept": "accepts", "decline": "declines", "counter": "counters"}
    said = []
    for p in range(s.n):
        a = o["answers"][p]
        if a in words:
            text = f"{P(p)} {words[a]}"
            if a == "counter":
                c = o["counters"][str(p)]
                text += f" with {offer_text(c['give'])} for {offer_text(c['get'])}"
            said.append(text)
    answers = f" ({'; '.join(said)})" if said else ""
    return (f"{{name}} offers {offer_text(o['give'])} for {offer_text(o['get'])}{answers}. "
            f"Anyone holding {offer_text(o['get'])} may accept, decline or counter, if they "
            "wish; {name} then trades with one who accepted, withdraws or goes on")


def _offer_view(s: State, seat: int | None) -> dict[str, Any] | None:
    """The offer on the table. While the player on turn is still picking its cards, only he
    sees them: the cards he puts up show what he holds, and he may yet cancel. A decision:
    catan-base.md ("A turn" 3) says nothing of preparing an offer; at a table an offer is
    heard only once it is spoken."""
    if s.offer is None or (s.phase == Phase.COMPOSE and seat != s.turn):
        return None
    answers = [a if a != "composing" else None for a in s.offer["answers"]]
    counters = {
        k: _sides(c) for k, c in sorted(s.offer["counters"].items(), key=lambda kc: int(kc[0]))
        if s.offer["answers"][int(k)] == "counter"
    }
    return {"from": s.turn, "give": in_order(s.offer["give"]),
            "get": in_order(s.offer["get"]), "answers": answers, "counters": counters}


def _sides(offer: dict[str, Any]) -> dict[str, Any]:
    """An offer's two sides, each in the order of RESOURCES (never the order of picking:
    offers.in_order)."""
    return {"give": in_order(offer["give"]), "get": in_order(offer["get"])}


def _static(s: State) -> dict[str, Any]:
    """The parts of the view fixed once the board is dealt, built once per board and chips
    and kept in the board's own memo, so they go when its game goes (a module-wide table
    of them kept up to 256 boards alive: the reliability issue's memory item)."""
    b = s.board
    key = ("static view", tuple(s.chips))
    got = b.memo.get(key)
    if got is None:
        got = b.memo[key] = {
            "hexes": [[q, r, s.terrain[i], s.chips[i]] for i, (q, r) in enumerate(b.hexes)],
            "corners": [list(c) for c in b.corners],
            "edges": [list(e) for e in b.edges],
        }
    return {
        "hexes": [list(h) for h in got["hexes"]],
        "corners": [list(c) for c in got["corners"]],
        "edges": [list(e) for e in got["edges"]],
    }


def places(s: State) -> list[int]:
    """The corners the board image numbers: where the player on turn could put a piece on
    the board as the pieces stand, whatever its hand holds (a start settlement and its
    road or ship, a settlement, the two ends of each edge a road or ship may go on or a
    ship may move from; New World: the ends of each coast a harbour may go on). These are
    the numbers the move labels use; the rest stay off the image so that it can be read
    at Discord's size. Public: it follows from the pieces, the pirate and whose turn it
    is, never from a hand."""
    ph = s.phase
    if ph == Phase.OVER:
        return []
    sr = rules_of(s)
    b = s.board
    seat = s.turn
    if ph == Phase.HARBOURS:
        return sorted({c for e in sr.harbour_places(s) for c in b.edges[e]})
    if ph == Phase.SETUP_SETTLE:
        return [a.args["c"] for a in start_spots(s, seat)]
    if ph == Phase.SETUP_ROUTE:
        return sorted({c for _, e in sr.start_routes(s, seat, s.last_settlement)
                       for c in b.edges[e]})
    sf = facts(s).seat(s, seat)
    out = set(sf.spots(s)) if pieces_left(s, seat, "settlement") else set()
    moving = list(sf.open(s))  # a ship may move from there to a ship's place
    edges = list(moving)
    if pieces_left(s, seat, "road"):
        edges += sf.roads(s)
    if pieces_left(s, seat, "ship") or moving:
        edges += sf.ships(s)
    out.update(c for e in edges for c in b.edges[e])
    return sorted(out)


def view(s: State, seat: int | None) -> dict[str, Any]:
    sr = rules_of(s)
    text, pseat = pending(s)
    v: dict[str, Any] = {
        "game": "seafarers",
        "seat": seat,
        "n": s.n,
        "scenario": s.scenario,
        "scenario_name": sr.name,
        "target": s.target,
        "round": s.round,
        "round_limit": s.round_limit,
        "turn": s.turn,
        "phase": s.phase,
        "to_act": sorted(to_act(s)),
        "dice": s.dice,
        **_static(s),
        "harbours": [list(h) for h in s.harbours],
        "buildings": [[c, bl[0], bl[1]] for c, bl in enumerate(s.buildings) if bl is not None],
        "routes": [[e, r[0], r[1]] for e, r in enumerate(s.routes) if r is not None],
        "robber": s.robber,
        "pirate": s.pirate,
        "places": places(s),
        "face_down": ([len(s.extra["tiles"]), len(s.extra["chips"])]
                      if "tiles" in s.extra else None),
        "harbour_next": s.extra["harbours"][-1] if s.extra.get("harbours") else None,
        "harbours_left": len(s.extra.get("harbours", ())),
        "bank": list(s.bank),
        "deck": len(s.deck),
        "army": s.army,
        "longest": s.road_holder,
        "players": _players(s, sr.pieces(s.layout)),
        "offer": _offer_view(s, seat),
        "victims": list(s.victims) if s.phase == "steal" else [],
        "pending": text,
        "pending_seat": pseat,
        "log": list(s.log[-10:]),
        "result": s.result,
        **sr.view_keys(s),  # the scenario's own public things (trade lines, chip bag)
    }
    if s.phase == Phase.OVER:
        v["vp_total"] = [total_vp(s, p) for p in range(s.n)]
    if seat is not None:
        v.update(_own(s, seat))
    return v


def _players(s: State, limit: dict[str, int]) -> list[dict[str, Any]]:
    """What everyone sees of each player: points, card counts, knights, route, special
    victory points, pieces left, cards owed, and whether the house rule answers for him."""
    pieces = all_pieces(s)
    return [
        {
            "vp": public_vp(s, p),
            "cards": n_cards(s, p),
            "devs": len(s.devs[p]),
            "knights": s.knights[p],
            "route": s.road_len[p],
            "special": s.special[p],
            "left": {k: limit[k] - m for k, m in pieces[p].items()},
            "owed": s.owed[p],
            "house_rule": s.house_rule[p],
        }
        for p in range(s.n)
    ]


def _own(s: State, seat: int) -> dict[str, Any]:
    """The seat's own keys: its hand, development cards, points with its hidden Victory
    Point cards, harbour ratios, what it could build, its counter-offer being put together."""
    hand = s.hands[seat]
    own: dict[str, Any] = {
        "hand": {r: hand[i] for i, r in enumerate(RESOURCES)},
        "dev_cards": [DEV_NAMES[c] for c in s.devs[seat]],
        "dev_new": [DEV_NAMES[c] for c in s.new_devs[seat]],
        "my_vp": total_vp(s, seat),
        "ratios": {r: harbour_ratio(s, seat, i) for i, r in enumerate(RESOURCES)},
        "can_build": buildable(s, seat),
    }
    if s.offer is not None and str(seat) in s.offer["counters"]:
        own["my_counter"] = _sides(s.offer["counters"][str(seat)])
    return own


def determinize(s: State, seat: int | None, rnd: random.Random) -> State:
    """A world consistent with what ``seat`` knows: the other players' resource cards are
    dealt again from their pooled cards (per-resource totals are public through the bank),
    and the unseen development cards (deck and others' hands) are shuffled and dealt again.
    A player who accepted the open offer or sent a counter-offer keeps the cards he promised
    (everyone saw them promised, and the trade must stay possible in every world). Then
    the scenario's own hidden things (scenario_rules: Oceans' face-down stacks)."""
    w = clone(s)
    others = [p for p in range(s.n) if p != seat]
    pool = sorted(i for p in others for i in range(5) for _ in range(s.hands[p][i]))
    promised = {p: _promised(s, p) for p in others}
    for cards in promised.values():
        for i in cards:
            pool.remove(i)
    rnd.shuffle(pool)
    for p in others:
        kept = promised[p]
        k = n_cards(s, p) - len(kept)
        w.hands[p] = [0] * 5
        for i in (*kept, *pool[:k]):
            w.hands[p][i] += 1
        pool = pool[k:]
    devs = sorted([*s.deck, *(c for p in others for c in s.devs[p])])
    rnd.shuffle(devs)
    for p in others:
        k = len(s.devs[p])
        w.devs[p] = sorted(devs[:k])
        w.new_devs[p] = devs[:len(s.new_devs[p])]
        devs = devs[k:]
    w.deck = devs
    rules_of(s).determinize(s, w, seat, rnd)  # the scenario's own hidden things
    return w


def _promised(s: State, p: int) -> list[int]:
    """The resource cards ``p`` has promised in the open offer (accepted or countered),
    one entry per card."""
    o = s.offer
    if not is_open(s):
        return []
    answer = o["answers"][p]
    if answer == "accept":
        side = o["get"]
    elif answer == "counter":
        side = o["counters"][str(p)]["give"]
    else:
        return []
    return [RI[r] for r, k in side.items() for _ in range(k)]


__all__ = ["P", "determinize", "pending", "view"]
