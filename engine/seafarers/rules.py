"""The rules of base Catan with Seafarers (catan-base.md, seafarers.txt), on a State.

``play(s, seat, kind, args)`` applies a legal move (game.py checks that first, with
moves.py, which lists the moves); the board facts (places, counts, ratios) are in facts.py.
Texts name players "{pN}".
"""

from __future__ import annotations

import random
from _random import Random as _CRandom
from hashlib import sha512
from typing import Any

from . import offers
from .board import RESOURCE_OF, RESOURCES, TERRAIN_WORDS, Board, place_name
from .facts import (  # noqa: F401  (the board facts, named here for rules' users too)
    all_pieces,
    count_pieces,
    distance_ok,
    facts,
    harbour_ratio,
    hex_info,
    movable_ships,
    near_edges,
    open_ships,
    pieces_left,
    public_vp,
    put_building,
    put_pirate,
    put_route,
    route_length,
    route_ok,
    settle_ok,
    ship_targets,
    total_vp,
)
from .facts import other_end as _other_edge  # noqa: F401
from .offers import (  # noqa: F401  (named here for rules' users too)
    OFFER_MAX,
    OFFERS_PER_TURN,
    add_card,
    in_order,
    offer_text,
)
from .scenario_rules import rules_of, scenario_rules
from .scenarios import layout
from .state import (
    BANK_EACH,
    COMPOSE,
    DEV_DECK,
    DISCARD,
    FREE_ROUTES,
    GOLD,
    HARBOURS,
    MAIN,
    OVER,
    PLENTY,
    ROBBER,
    ROLL,
    SETUP_ROUTE,
    SETUP_SETTLE,
    STEAL,
    State,
)

COST: dict[str, tuple[int, int, int, int, int]] = {
    # wood, brick, wool, grain, ore
    "road": (1, 1, 0, 0, 0),
    "ship": (1, 0, 1, 0, 0),
    "settlement": (1, 1, 1, 1, 0),
    "city": (0, 0, 0, 2, 3),
    "dev": (0, 0, 1, 1, 1),
}
RI = {r: i for i, r in enumerate(RESOURCES)}

Move = tuple[str, dict[str, Any]]


def P(seat: int) -> str:
    return f"{{p{seat}}}"


# -- setup -----------------------------------------------------------------------------------


def new_state(n: int, seed: str, sid: str = "new_shores", round_limit: int = 100) -> State:
    """A new game of scenario ``sid`` (scenario_rules.SCENARIOS) for ``n`` players: the
    scenario's layout for that count dealt, the pirate on its start hex, the development
    cards shuffled. SetupRefused for a count the scenario does not play."""
    sr = scenario_rules(sid)
    lid = sr.layout_for(n)
    s = State(seed=seed, n=n, scenario=sid, target=sr.target, round_limit=round_limit,
              layout=lid)
    dealt = sr.deal(lid, draw(s))
    s.terrain, s.chips, s.harbours, s.robber = (dealt.terrain, dealt.chips, dealt.harbours,
                                                dealt.robber)
    s.pirate = sr.pirate_start(lid)  # "The pirate ship starts on any sea hex"
    b = s.board
    s.buildings = [None] * len(b.corners)
    s.routes = [None] * len(b.edges)
    s.hands = [[0] * 5 for _ in range(n)]
    s.bank = [BANK_EACH] * 5
    deck = sorted(k for k, c in DEV_DECK.items() for _ in range(c))
    draw(s).shuffle(deck)
    s.deck = deck
    s.devs = [[] for _ in range(n)]
    s.new_devs = [[] for _ in range(n)]
    s.knights = [0] * n
    s.road_len = [0] * n
    s.special = [0] * n
    s.homes = [[] for _ in range(n)]
    s.reached = [[] for _ in range(n)]
    s.owed = [0] * n
    s.house_rule = [False] * n
    sr.prepare(s, lambda: draw(s))  # the scenario's own things (Oceans' face-down stacks)
    return s


def draw(s: State) -> random.Random:
    """The game's next random stream, ``engine.core.rng(s.seed, s.counter)`` after one more
    draw: the same numbers, made without random.Random's checks in Python (a roll's
    largest cost). random.Random seeds a string as the int of its bytes followed by their
    SHA-512 digest (its ``seed``, version 2): that int seeds the generator here directly;
    tests/engine/seafarers/test_speed_paths.py checks the two streams are one."""
    s.counter += 1
    key = f"{s.seed}#{s.counter}".encode()
    r = _NEW_RANDOM(random.Random)
    _SEED(r, int.from_bytes(key + sha512(key).digest(), "big"))
    r.gauss_next = None  # as random.Random.seed leaves it
    return r


_NEW_RANDOM = random.Random.__new__
_SEED = _CRandom.seed


def die(getrandbits: Any) -> int:
    """``randint(1, 6)`` of the generator whose ``getrandbits`` this is: the same number,
    drawn as random.Random draws it (3 random bits until they are below 6)."""
    r = getrandbits(3)
    while r >= 6:
        r = getrandbits(3)
    return r + 1


def snake(n: int) -> list[int]:
    return [*range(n), *reversed(range(n))]


def update_longest(
    s: State, b: Board, seats: list[int] | None = None
) -> list[tuple[str, Any]]:
    """Longest road card: 5 or more; taken only by a strictly longer route; if the holder's
    route is broken, it goes to the single longest (5+) or is set aside on a tie.
    ``seats``: whose routes may have changed (all when None)."""
    for p in range(s.n) if seats is None else seats:
        s.road_len[p] = route_length(s, b, p)
    top = max(s.road_len)
    old = s.road_holder
    if old is not None and s.road_len[old] == top and top >= 5:
        return []
    leaders = [p for p in range(s.n) if s.road_len[p] == top]
    new = leaders[0] if top >= 5 and len(leaders) == 1 else None
    if new == old:
        return []
    s.road_holder = new
    if new is None:
        return [("The Longest Trade Route card is set aside: nobody holds it now.", None)]
    return [(f"{P(new)} holds the Longest Trade Route ({top}).", None)]


def can_pay(s: State, seat: int, cost: tuple[int, ...]) -> bool:
    return all(h >= c for h, c in zip(s.hands[seat], cost, strict=True))


def pay(s: State, seat: int, cost: tuple[int, ...]) -> None:
    for i, c in enumerate(cost):
        s.hands[seat][i] -= c
        s.bank[i] += c


def n_cards(s: State, seat: int) -> int:
    return sum(s.hands[seat])


def buildable(s: State, seat: int) -> list[str]:
    """What the seat could build now, at its turn: paid for, a piece left, and a legal
    place on the board (a development card: one left in the deck)."""
    sf = facts(s).seat(s, seat)
    places = {"road": sf.roads, "ship": sf.ships, "settlement": sf.spots, "city": sf.cities}
    out: list[str] = []
    for kind in ("road", "ship", "settlement", "city", "dev"):
        if not can_pay(s, seat, COST[kind]):
            continue
        if kind == "dev":
            if s.deck:
                out.append(kind)
        elif pieces_left(s, seat, kind) and places[kind](s):
            out.append(kind)
    return out


def free_route_possible(s: State, seat: int) -> bool:
    """May the seat place a free road or ship anywhere (Road Building)?"""
    sf = facts(s).seat(s, seat)
    return bool((pieces_left(s, seat, "road") and sf.roads(s))
                or (pieces_left(s, seat, "ship") and sf.ships(s)))


# -- legal moves -----------------------------------------------------------------------------


#: the one seat to act, as the frozensets to_act returns (built once)
_ONE = tuple(frozenset({p}) for p in range(8))
_NOBODY: frozenset[int] = frozenset()


def to_act(s: State) -> frozenset[int]:
    """The seats the game waits for: the player on turn, but on a 7 those who discard and
    after a roll on a gold field those who pick. A trade offer waits for its maker alone:
    answering it is optional (offers.py)."""
    if s.phase in (ROLL, MAIN):
        return _ONE[s.turn]
    if s.phase == OVER:
        return _NOBODY
    if s.phase in (DISCARD, GOLD):
        return frozenset(p for p in range(s.n) if s.owed[p] > 0)
    return _ONE[s.turn]


def legal(s: State, seat: int, only: str | None = None) -> list[Move]:
    """The seat's legal moves as (kind, args) pairs (moves.legal gives them as Actions)."""
    from .moves import legal as legal_actions  # moves.py builds on this module

    return [(a.kind, dict(a.args)) for a in legal_actions(s, seat, only)]



# -- applying moves --------------------------------------------------------------------------


def play(s: State, seat: int, kind: str, args: dict[str, Any]) -> list[tuple[str, Any]]:
    """Apply a legal move; returns events as (text, to) with to None for public."""
    ph = s.phase
    if ph == MAIN or ph == ROLL:  # the most frequent moves
        if s.offer is None:
            return _turn_move(s, seat, kind, args)
        return _with_offer_open(s, seat, kind, args)
    if ph == COMPOSE:
        return offers.play(s, seat, kind, args)
    ev: list[tuple[str, Any]] = []
    b = s.board
    if ph == HARBOURS:
        return rules_of(s).place_harbour(s, seat, args["e"])
    if ph == SETUP_SETTLE:
        c = args["c"]
        put_building(s, c, [seat, 1])
        s.last_settlement = c
        ev.append((f"{P(seat)} founds a settlement at {c + 1}.", None))
        ev.extend(rules_of(s).after_settlement(s, seat, c, True))
        if s.setup_step >= s.n:  # the second settlement yields its resources
            got = [0] * 5
            for h in b.corner_hexes[c]:
                t = s.terrain[h]
                if t in RESOURCE_OF and s.bank[RI[RESOURCE_OF[t]]] > 0:
                    i = RI[RESOURCE_OF[t]]
                    s.hands[seat][i] += 1
                    s.bank[i] -= 1
                    got[i] += 1
                elif t == "gold":
                    s.owed[seat] += 1
            if any(got):
                ev.append((f"{P(seat)} takes {cards_text(got)}.", None))
        s.phase = SETUP_ROUTE
        return ev
    if ph == SETUP_ROUTE:
        e = args["e"]
        put_route(s, e, [seat, kind])
        ev.append((f"{P(seat)} places a {kind} on {edge_name(b, e)}.", None))
        ev.extend(rules_of(s).after_route(s, seat, e))
        s.road_len[seat] = route_length(s, b, seat)
        s.setup_step += 1
        order = snake(s.n)
        if s.setup_step < len(order):
            s.turn = order[s.setup_step]
            s.phase = SETUP_SETTLE
        else:
            s.turn = 0
            s.phase = ROLL
        if any(s.owed):
            s.ret, s.phase = s.phase, GOLD
        return ev
    if ph == DISCARD:
        i = RI[args["res"]]
        s.hands[seat][i] -= 1
        s.bank[i] += 1
        s.owed[seat] -= 1
        if s.owed[seat] == 0:
            ev.append((f"{P(seat)} has discarded.", None))
        if not any(s.owed):
            s.phase = ROBBER
        return ev
    if ph == GOLD:
        i = RI[args["res"]]
        s.hands[seat][i] += 1
        s.bank[i] -= 1
        s.owed[seat] -= 1
        ev.append((f"{P(seat)} takes 1 {RESOURCES[i]} from the gold field.", None))
        if not any(s.bank):
            s.owed = [0] * s.n
        if not any(s.owed):
            s.phase = s.ret
        return ev
    if ph == ROBBER:
        h = args["hex"]
        if kind == "robber":
            s.robber = h
            ev.append((f"{P(seat)} moves the robber to {hex_name(s, h)}.", None))
            owners = {s.buildings[c][0] for c in b.hex_corners[h] if s.buildings[c] is not None}
        else:
            put_pirate(s, h)
            ev.append((f"{P(seat)} moves the pirate to {hex_name(s, h)}.", None))
            owners = {s.routes[e][0] for e in b.hex_edges[h]
                      if s.routes[e] is not None and s.routes[e][1] == "ship"}
        s.victims = sorted(p for p in owners if p != seat and n_cards(s, p) > 0)
        if len(s.victims) == 1:
            ev.extend(_steal(s, seat, s.victims[0]))
            s.phase = s.ret
        elif s.victims:
            s.phase = STEAL
        else:
            s.phase = s.ret
        return ev
    if ph == STEAL:
        ev.extend(_steal(s, seat, args["seat"]))
        s.phase = s.ret
        return ev
    if ph == PLENTY:
        i = RI[args["res"]]
        s.hands[seat][i] += 1
        s.bank[i] -= 1
        s.free -= 1
        ev.append((f"{P(seat)} takes 1 {RESOURCES[i]} (Year of Plenty).", None))
        if s.free == 0 or not any(s.bank):
            s.free = 0
            s.phase = s.ret
        return ev
    if ph == FREE_ROUTES:
        if kind == "stop":
            s.free = 0
        else:
            ev.extend(_place_route(s, b, seat, kind, args["e"]))
            s.free -= 1
        if s.free > 0 and not free_route_possible(s, seat):
            s.free = 0
        if s.free == 0:
            s.phase = s.ret
        return ev
    return rules_of(s).play_phase(s, seat, kind, args)  # a phase of the scenario's own


def _with_offer_open(s: State, seat: int, kind: str,
                     args: dict[str, Any]) -> list[tuple[str, Any]]:
    """A move while an offer is open (offers.py): another player's answer; the offerer's
    trade or withdrawal; or any other move of his, which ends the offer first."""
    if seat != s.turn or kind in ("trade", "withdraw"):
        return offers.play(s, seat, kind, args)
    ev = offers.close(s)
    ev.extend(_turn_move(s, seat, kind, args))
    return ev


def _turn_move(s: State, seat: int, kind: str, args: dict[str, Any]) -> list[tuple[str, Any]]:
    """A move of the ROLL or MAIN phase, the kinds tested in the order random play meets
    them most."""
    if kind == "roll":
        return _roll(s, seat)
    if kind == "end" or kind == "end_auto":
        return _end_turn(s, seat, kind == "end_auto")
    if kind == "offer":
        return offers.play(s, seat, kind, args)
    if kind == "bank":
        i, j = RI[args["give"]], RI[args["get"]]
        ratio = harbour_ratio(s, seat, i)
        s.hands[seat][i] -= ratio
        s.bank[i] += ratio
        s.hands[seat][j] += 1
        s.bank[j] -= 1
        where = ("the bank" if ratio == 4 else "a 3:1 harbour" if ratio == 3
                 else f"a 2:1 {args['give']} harbour")
        return [(f"{P(seat)} trades {ratio} {args['give']} for 1 {args['get']} "
                 f"with {where}.", None)]
    if kind == "play":
        return _play_dev(s, seat, args)
    b = s.board
    if kind in ("road", "ship"):
        pay(s, seat, COST[kind])
        return _place_route(s, b, seat, kind, args["e"])
    if kind == "settlement":
        pay(s, seat, COST["settlement"])
        return _settle(s, b, seat, args["c"])
    if kind == "city":
        pay(s, seat, COST["city"])
        put_building(s, args["c"], [seat, 2])
        return [(f"{P(seat)} builds a city at {args['c'] + 1}.", None)]
    if kind == "buy":
        pay(s, seat, COST["dev"])
        card = s.deck.pop()
        s.devs[seat].append(card)
        s.devs[seat].sort()
        s.new_devs[seat].append(card)
        return [
            (f"{P(seat)} buys a development card.", None),
            (f"You bought: {DEV_NAMES[card]}.", frozenset({seat})),
        ]
    if kind == "move_ship":
        e, f = args["e"], args["to"]
        put_route(s, e, None)
        put_route(s, f, [seat, "ship"])
        s.ship_moved = True
        ev = [(f"{P(seat)} moves a ship from {edge_name(b, e)} to {edge_name(b, f)}.", None)]
        ev.extend(rules_of(s).after_route(s, seat, f))
        ev.extend(update_longest(s, b, [seat]))
        return ev
    raise AssertionError(kind)


DEV_NAMES = {
    "knight": "Knight",
    "victory_point": "Victory Point",
    "road_building": "Road Building",
    "plenty": "Year of Plenty",
    "monopoly": "Monopoly",
}


def cards_text(counts: list[int]) -> str:
    parts = [f"{k} {RESOURCES[i]}" for i, k in enumerate(counts) if k]
    return ", ".join(parts) if parts else "nothing"


def edge_name(b: Board, e: int) -> str:
    a, c = b.edges[e]
    return f"{a + 1}-{c + 1}"


def hex_name(s: Any, h: int) -> str:
    """A hex's name and words ("C5 (ore 6)"); ``s``: a State, or the deal a label reads
    (moves._Deal: its layout, terrains and chips)."""
    q, r = layout(s.layout).positions[h]
    return f"{place_name(q, r)} ({hex_words(s, h)})"


def hex_words(s: Any, h: int) -> str:
    """A hex as the board image shows it: its terrain's word and its number ("ore 6",
    "desert", "sea"; an empty space of Oceans "? (face down)"). ``s`` as in hex_name."""
    if s.terrain[h] == "hidden":
        return f"{TERRAIN_WORDS['hidden']} (face down)"
    word = TERRAIN_WORDS.get(s.terrain[h], s.terrain[h])
    return f"{word} {s.chips[h]}" if s.chips[h] else word


def _steal(s: State, seat: int, victim: int) -> list[tuple[str, Any]]:
    pool = [i for i in range(5) for _ in range(s.hands[victim][i])]
    i = pool[draw(s).randrange(len(pool))]
    s.hands[victim][i] -= 1
    s.hands[seat][i] += 1
    return [
        (f"{P(seat)} steals a card from {P(victim)}.", None),
        (f"{P(seat)} stole 1 {RESOURCES[i]} from {P(victim)}.", frozenset({seat, victim})),
    ]


def _place_route(s: State, b: Board, seat: int, kind: str, e: int) -> list[tuple[str, Any]]:
    put_route(s, e, [seat, kind])
    if kind == "ship":
        s.new_ships.append(e)
    ev: list[tuple[str, Any]] = [(f"{P(seat)} builds a {kind} on {edge_name(b, e)}.", None)]
    ev.extend(rules_of(s).after_route(s, seat, e))
    ev.extend(update_longest(s, b, [seat]))
    return ev


def _settle(s: State, b: Board, seat: int, c: int) -> list[tuple[str, Any]]:
    put_building(s, c, [seat, 1])
    ev: list[tuple[str, Any]] = [(f"{P(seat)} builds a settlement at {c + 1}.", None)]
    ev.extend(rules_of(s).after_settlement(s, seat, c, False))
    # a settlement breaks other players' routes through this corner, and joins the
    # owner's roads and ships here
    through = sorted({s.routes[e][0] for e in b.corner_edges[c] if s.routes[e] is not None})
    ev.extend(update_longest(s, b, through))
    return ev


#: the text of a roll, by seat and dice: [seat][6 * (d1 - 1) + d2 - 1]
_ROLLS = tuple(tuple(f"{{p{p}}} rolls {d1} + {d2} = {d1 + d2}." for d1 in range(1, 7)
                     for d2 in range(1, 7)) for p in range(8))


def _roll(s: State, seat: int) -> list[tuple[str, Any]]:
    bits = draw(s).getrandbits
    d1 = die(bits)
    d2 = die(bits)
    s.dice = [d1, d2]
    total = d1 + d2
    ev: list[tuple[str, Any]] = [(_ROLLS[seat][6 * d1 + d2 - 7], None)]
    if total == 7:
        for p in range(s.n):
            k = n_cards(s, p)
            s.owed[p] = k // 2 if k > 7 else 0
        s.ret = MAIN
        s.phase = DISCARD if any(s.owed) else ROBBER
        return ev
    ev.extend(produce(s, total))
    if not any(s.bank):
        s.owed = [0] * s.n
    s.phase = GOLD if any(s.owed) else MAIN
    s.ret = MAIN
    return ev


def _producers(s: State) -> dict[int, list[tuple[int, int, tuple[int, ...]]]]:
    """Per number: the hexes that produce on it, (hex, resource index or -1 for gold,
    corners); worked out once per board and chips."""
    memo = s.board.memo
    key = ("producers", tuple(s.chips))
    got = memo.get(key)
    if got is None:
        got = {}
        b = s.board
        for h, chip in enumerate(s.chips):
            t = s.terrain[h]
            if chip and (t == "gold" or t in RESOURCE_OF):
                i = -1 if t == "gold" else RI[RESOURCE_OF[t]]
                got.setdefault(chip, []).append((h, i, b.hex_corners[h]))
        memo[key] = got
    return got


def produce(s: State, total: int) -> list[tuple[str, Any]]:
    """Production with the bank-shortage rule (catan-base.md "A turn" 2): if the bank cannot
    pay everyone a resource, nobody gets it, unless only one player is owed it (he gets
    what is left). Gold fields owe a free choice per card (picked in the gold phase).

    What a number yields follows from the buildings, the robber and the producing hexes:
    worked out once per arrangement (kept with the facts), and paid out as it is when the
    bank holds enough of every resource and no gold pick is owed yet."""
    f = facts(s)
    producers = _producers(s)
    key: Any = total
    robber = s.robber
    for h, _, _ in producers.get(total, ()):
        if h == robber:  # the robber matters only on a hex of this number
            key = (total, robber)
    entry = f.production.get(key)
    if entry is None or entry[0] is not producers:
        entry = f.production[key] = _production(s, producers, total)
    _, pays, gold, plain = entry
    bank = s.bank
    owed = s.owed
    for i, _, need in pays:
        if need > bank[i]:
            return _produce_short(s, pays, gold)
    if any(owed):
        return _produce_short(s, pays, gold)
    hands = s.hands
    for i, per, need in pays:
        bank[i] -= need
        for p, k in per:
            hands[p][i] += k
    for p, k in gold:
        owed[p] += k
    return list(plain)


def _production(s: State, producers: dict, total: int) -> tuple:
    """(producers, pays, gold, plain): per resource in order, who is owed how many cards of
    it and their sum; the gold picks owed per seat; the events when all is paid."""
    owed: dict[int, dict[int, int]] = {}  # resource -> seat -> cards
    gold: dict[int, int] = {}
    buildings = s.buildings
    for h, i, corners in producers.get(total, ()):
        if h == s.robber:
            continue
        for c in corners:
            bl = buildings[c]
            if bl is None:
                continue
            per = gold if i < 0 else owed.setdefault(i, {})
            per[bl[0]] = per.get(bl[0], 0) + bl[1]
    pays = tuple((i, tuple(owed[i].items()), sum(owed[i].values())) for i in sorted(owed))
    got = [[0] * 5 for _ in range(s.n)]
    for i, per, _ in pays:
        for p, k in per:
            got[p][i] = k
    plain: list[tuple[str, Any]] = []
    for p in range(s.n):
        if any(got[p]):
            plain.append((_receives(p, got[p]), None))
        if gold.get(p):
            plain.append((f"{P(p)} may pick {gold[p]} from the gold field.", None))
    return producers, pays, tuple(gold.items()), tuple(plain)


def _produce_short(s: State, pays: tuple, gold: tuple) -> list[tuple[str, Any]]:
    """Production when the bank runs short of a resource (or gold picks are owed already):
    the rule's every case."""
    ev: list[tuple[str, Any]] = []
    got: dict[int, list[int]] = {}  # seat -> cards received per resource
    bank, hands = s.bank, s.hands
    for p, k in gold:
        s.owed[p] += k
    for i, per, need in pays:
        if need <= bank[i]:
            pay = per
        elif len(per) == 1:
            p = per[0][0]
            pay = ((p, bank[i]),)
            ev.append((f"The bank is short of {RESOURCES[i]}: {P(p)} gets what "
                       f"is left.", None))
        else:
            ev.append((f"The bank is short of {RESOURCES[i]}: nobody gets any.", None))
            continue
        for p, k in pay:
            hands[p][i] += k
            bank[i] -= k
            mine = got.get(p)
            if mine is None:
                mine = got[p] = [0] * 5
            mine[i] = k
    for p in range(s.n):
        mine = got.get(p)
        if mine is not None and any(mine):
            ev.append((_receives(p, mine), None))
        if s.owed[p]:
            ev.append((f"{P(p)} may pick {s.owed[p]} from the gold field.", None))
    return ev


_RECEIVES: dict[tuple[int, ...], str] = {}
#: seats times the handfuls a roll brings (a few hundred met); emptied when full
_RECEIVES_BOUND = 4096


def _receives(p: int, cards: list[int]) -> str:
    """"{p1} receives 1 wood, 2 ore.", made once per seat and cards."""
    key = (p, *cards)
    text = _RECEIVES.get(key)
    if text is None:
        if len(_RECEIVES) >= _RECEIVES_BOUND:
            _RECEIVES.clear()
        text = _RECEIVES[key] = f"{P(p)} receives {cards_text(cards)}."
    return text


def _play_dev(s: State, seat: int, args: dict[str, Any]) -> list[tuple[str, Any]]:
    card = args["card"]
    s.devs[seat].remove(card)
    s.dev_played = True
    ev: list[tuple[str, Any]] = [(f"{P(seat)} plays {DEV_NAMES[card]}.", None)]
    back = s.phase
    if card == "knight":
        s.knights[seat] += 1
        k = s.knights[seat]
        holder = s.army
        if k >= 3 and (holder is None or k > s.knights[holder]) and holder != seat:
            s.army = seat
            ev.append((f"{P(seat)} takes the Largest Army ({k} knights).", None))
        s.ret, s.phase = back, ROBBER
    elif card == "road_building":
        s.free = 2
        s.ret, s.phase = back, FREE_ROUTES
        if not free_route_possible(s, seat):
            s.free = 0
            s.phase = back
    elif card == "plenty":
        s.free = 2
        s.ret, s.phase = back, PLENTY
        if not any(s.bank):
            s.free, s.phase = 0, back
    elif card == "monopoly":
        i = RI[args["res"]]
        took = 0
        for p in range(s.n):
            if p != seat:
                took += s.hands[p][i]
                s.hands[seat][i] += s.hands[p][i]
                s.hands[p][i] = 0
        ev.append((f"{P(seat)} takes all {RESOURCES[i]}: {took} card(s).", None))
    return ev


#: "{p1} ends the turn.", by seat
_ENDS = tuple(f"{P(p)} ends the turn." for p in range(8))


def _end_turn(s: State, seat: int, house_rule: bool = False) -> list[tuple[str, Any]]:
    """The turn passes on. ``house_rule``: the player ends it letting the house rule
    answer trade offers for him until he ends a turn again (offers.py); said when that
    changes."""
    ev: list[tuple[str, Any]] = [(_ENDS[seat], None)]
    if s.house_rule[seat] != house_rule:
        s.house_rule[seat] = house_rule
        ev.append((f"The house rule answers trade offers for {P(seat)} until {P(seat)} ends "
                   "a turn again." if house_rule
                   else f"{P(seat)} answers trade offers again.", None))
    s.new_ships = []
    s.new_devs[seat] = []
    s.ship_moved = False
    s.dev_played = False
    s.offers_made = 0
    s.dice = None
    s.turn = (seat + 1) % s.n
    s.phase = ROLL
    if s.turn == 0 and s.round < s.round_limit:
        s.round += 1
    elif s.turn == 0:
        vps = [total_vp(s, p) for p in range(s.n)]
        top = max(vps)
        s.result = {
            "winners": [p for p in range(s.n) if vps[p] == top],
            "scores": vps,
            "reason": f"The round limit ({s.round_limit}) is reached: the most victory "
                      f"points win ({top}).",
        }
        s.phase = OVER
        ev.append((s.result["reason"], None))
    return ev


#: the moves after which the player on turn may hold more victory points than before
#: (a building, the special VP, the longest route, a knight, a VP card bought, or the
#: turn passing to a player who holds them); check_win after any other move finds nothing
VP_MOVES = frozenset({"settlement", "city", "road", "ship", "move_ship", "play", "buy",
                      "end", "end_auto"})


def check_win(s: State) -> list[tuple[str, Any]]:
    """Victory at the scenario's target, on one's own turn (catan-base.md "The end")."""
    if s.phase in (SETUP_SETTLE, SETUP_ROUTE, OVER):
        return []
    p = s.turn
    if total_vp(s, p) >= s.target:
        vps = [total_vp(s, x) for x in range(s.n)]
        s.result = {
            "winners": [p],
            "scores": vps,
            "reason": f"{P(p)} reaches {vps[p]} victory points (target {s.target}).",
        }
        s.phase = OVER
        s.offer = None
        return [(s.result["reason"], None)]
    return []
