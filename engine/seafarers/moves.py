"""The legal moves of a seat as Actions with their labels (the Game contract's
``legal_actions``), and the check of one move (``allowed``) that ``apply`` makes first.

Speed: an Action whose label never changes (a road on an edge, a robber move) is made once
per board and kept in ``Board.memo``, its label worded when first read (``_Kept``: a random
or AI player never reads it), from its key and the board's deal; the places come from
facts.py, rebuilt only when the pieces change. A choice of several cards (a trade offer, a counter-offer) is entered by one
move and then made card by card (shared DESIGN.md, legal_actions), so the main menu lists
one "offer" among the other moves rather than a step per resource.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from engine.core import Action

from . import offers
from .board import RESOURCES
from .facts import KIND_INDEX, distance_closed, facts
from .founding import best_first, dots, dots_words, land_best_first
from .rules import (
    COST,
    DEV_NAMES,
    OFFER_MAX,
    OFFERS_PER_TURN,
    RI,
    P,
    edge_name,
    hex_name,
    hex_words,
    in_order,
    n_cards,
    offer_text,
    to_act,
)
from .scenario_rules import harbour_words, rules_of
from .state import (
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


def _cost_text(kind: str) -> str:
    return ", ".join(f"{k} {RESOURCES[i]}" for i, k in enumerate(COST[kind]) if k)


_COST_TEXT = {k: _cost_text(k) for k in COST}

#: labels of the moves whose words depend on nothing but the kind
_FIXED = {
    "buy": f"Buy a development card ({_COST_TEXT['dev']})",
    "roll": "Roll the dice",
    "end": "End your turn",
    "end_auto": "End your turn and let the house rule answer offers for you",
    "stop": "Place no more free roads or ships",
    "offer": "Start a trade offer to the other players",
    "offer_cancel": "Cancel this offer",
    "counter": "Make a counter-offer",
    "decline": "Decline the offer",
    "withdraw": "Withdraw the offer",
}


def label(s: State, seat: int, kind: str, args: Mapping[str, Any]) -> str:
    """The sentence a player reads for a move, in the state it is offered in."""
    fixed = _FIXED.get(kind)
    if fixed is not None:
        return fixed
    text = _plain_label(kind, args)
    if text is not None:
        return text
    if kind in _PLACED:
        return _label_of(s, _words_key(s, seat, kind, args))
    if kind == "bank":
        return _bank_label(args["give"], args["get"],
                           facts(s).seat(s, seat).ratios(s)[RI[args["give"]]])
    if kind == "offer_send":
        o = s.offer
        return f"Offer {offer_text(o['give'])} for {offer_text(o['get'])}"
    if kind == "counter_send":
        c = s.offer["counters"][str(seat)]
        return f"Counter: {offer_text(c['give'])} for {offer_text(c['get'])}"
    if kind == "accept":
        o = s.offer
        return f"Accept: give {offer_text(o['get'])} for {offer_text(o['give'])}"
    return rules_of(s).move_label(s, seat, kind, args)  # a move of the scenario's own


#: the moves that place something on the board (a piece, a harbour, the robber or the
#: pirate): their labels name places, and the move lists keep them per board (_kept)
_PLACED = frozenset({"settlement", "road", "ship", "city", "harbour", "move_ship", "robber",
                     "pirate"})


def _words_key(s: State, seat: int, kind: str, args: Mapping[str, Any]) -> tuple:
    """The key a move lists keep a placing move under (``_kept``): the move's place, and
    what else its label says (founding or free, the harbour placed, whom it lets you rob)."""
    if kind in ("settlement", "city"):
        c = args["c"]
        if kind == "settlement" and s.phase in (SETUP_SETTLE, SETUP_ROUTE):
            return ("settlement", c, "start")
        return (kind, c)
    if kind in ("road", "ship"):
        e = args["e"]
        if s.phase in (SETUP_SETTLE, SETUP_ROUTE, FREE_ROUTES):
            return (kind, e, "free")
        return (kind, e)
    if kind == "harbour":
        return ("harbour", args["e"], s.extra["harbours"][-1])
    if kind == "move_ship":
        return ("move_ship", args["e"], args["to"])
    h = args["hex"]  # the robber or the pirate
    return (kind, h, s.chips[h], victims_at(s, seat, kind, h))


def _label_of(d: Any, key: tuple) -> str:
    """The label of the placing move kept under ``key`` (``_words_key``), in the words of
    ``d``: the state it is listed in, or the _Deal of the board it was listed on."""
    kind = key[0]
    b = d.board
    if kind == "settlement":
        c = key[1]
        if len(key) > 2:
            return start_words(d, c)
        return _fit(f"Build a settlement at {c + 1}: {corner_words(d, c)}",
                    f" ({_COST_TEXT['settlement']})")
    if kind in ("road", "ship"):
        e = key[1]
        cost = "free" if len(key) > 2 else _COST_TEXT[kind]
        return _fit(f"Build a {kind} on {edge_name(b, e)}, {edge_words(d, e)}", f" ({cost})")
    if kind == "city":
        c = key[1]
        return _fit(f"Upgrade the settlement at {c + 1} to a city: {corner_words(d, c)}",
                    f" ({_COST_TEXT['city']})")
    if kind == "harbour":
        e, top = key[1], key[2]
        return _fit(f"Place the {harbour_words(top)} harbour on {edge_name(b, e)}, "
                    f"{edge_words(d, e)}")
    if kind == "move_ship":
        e, to = key[1], key[2]
        return _fit(f"Move the ship on {edge_name(b, e)} to {edge_name(b, to)}, "
                    f"{edge_words(d, to)}")
    return _hex_label(d, kind, key[1], key[3])


def _hex_label(d: Any, kind: str, h: int, victims: tuple[int, ...]) -> str:
    """Moving the robber or the pirate to hex ``h``, naming whom it lets the mover rob."""
    text = f"Move the {kind} to {hex_name(d, h)}"
    if victims:
        text += ", rob " + " or ".join(P(p) for p in victims)
    return text


class _Deal:
    """One dealt board as a label reads it: the board's places, its terrains, chips and
    harbours, and its layout (the names a State gives them, so that the word functions
    read either). Taken from the state when the board's first kept move is made: a board
    stands for one deal (board_for), so they are the state's for as long as the board is
    its board."""

    __slots__ = ("board", "terrain", "chips", "harbours", "layout")

    def __init__(self, s: State) -> None:
        board = copy.copy(s.board)
        board.memo = {}  # its places only: no kept move refers back to its deal
        self.board = board
        self.terrain = tuple(s.terrain)
        self.chips = tuple(s.chips)
        self.harbours = tuple(tuple(h) for h in s.harbours)
        self.layout = s.layout


class _Kept(Action):
    """A placing move kept per board (``_kept``), its label made when first read (a random
    or AI player never reads it): from its key and the deal of the board it was listed on,
    which fix every word of it, so it reads as it would have when listed."""

    @property
    def label(self) -> str:  # type: ignore[override]
        d = self.__dict__
        text = d.get("_text")
        if text is None:
            text = d["_text"] = _label_of(d["_deal"], d["_words"])
        return text


_NEW_KEPT = object.__new__


def _kept_action(s: State, key: tuple, kind: str, args: dict[str, Any]) -> Action:
    """A _Kept move (an Action: frozen, so its fields are set as dataclass __init__ sets
    them, straight into the instance)."""
    memo = s.board.memo
    deal = memo.get("deal")
    if deal is None:
        deal = memo["deal"] = _Deal(s)
    a = _NEW_KEPT(_Kept)
    d = a.__dict__
    d["kind"], d["args"], d["_deal"], d["_words"] = kind, args, deal, key
    return a


#: a label longer than this is clipped by Discord's menus (cogs/texts.py, LABEL_LIMIT)
LABEL_LIMIT = 100


def _fit(text: str, tail: str = "") -> str:
    """``text`` and ``tail`` (a cost), the tail left out if both would not fit a menu."""
    return text + tail if len(text) + len(tail) <= LABEL_LIMIT else text


def start_words(s: Any, c: int) -> str:
    """A founding place as the founding menu lists it (issue 22, "Fewer clicks"): its land
    hexes, those with more dots first, "sea" if the sea touches it, its harbour, then its
    dots (founding.py) and its number on the board image: "ore 6, wool 10, brick 3 (11
    dots, at 37)", "grain 9, sea + 3:1 harbour (4 dots, at 12)". ``s``: a State or a
    _Deal."""
    b = s.board
    text = ", ".join(hex_words(s, h) for h in land_best_first(s, c))
    if any(s.terrain[h] == "sea" for h in b.corner_hexes[c]) or len(b.corner_hexes[c]) < 3:
        text += ", sea" if text else "sea"
    for _, kind, c1, c2 in s.harbours:
        if c in (c1, c2):
            text += " + " + ("3:1 harbour" if kind == "any" else f"2:1 {kind} harbour")
    return f"{text} ({dots_words(dots(s, c))}, at {c + 1})"


def corner_words(s: Any, c: int) -> str:
    """The hexes at corner ``c`` as a player reads them off the board image: each land
    hex by its word and number in reading order, "sea" once if the sea touches it, and
    its harbour ("ore 6, wool 10, brick 3"; "grain 9, sea, 3:1 harbour"). ``s``: a State
    or a _Deal."""
    b = s.board
    parts = [hex_words(s, h) for h in sorted(b.corner_hexes[c]) if s.terrain[h] != "sea"]
    if any(s.terrain[h] == "sea" for h in b.corner_hexes[c]) or len(b.corner_hexes[c]) < 3:
        parts.append("sea")
    for _, kind, c1, c2 in s.harbours:
        if c in (c1, c2):
            parts.append("3:1 harbour" if kind == "any" else f"2:1 {kind} harbour")
    return ", ".join(parts)


def edge_words(s: Any, e: int) -> str:
    """The two hexes of edge ``e`` as the board image shows them: "between ore 6 and wool
    10", "between grain 9 and sea", or "at sea". ``s``: a State or a _Deal."""
    hexes = [hex_words(s, h) for h in sorted(s.board.edge_hexes[e], key=lambda h: (
        s.terrain[h] == "sea", h))]
    if all(w == "sea" for w in hexes):
        return "at sea"
    return "between " + " and ".join(hexes)


def _plain_label(kind: str, args: Mapping[str, Any]) -> str | None:
    """The label of a move whose words need no state, or None."""
    if kind in ("offer_give", "counter_give"):
        return f"Offer 1 {args['res']}"
    if kind in ("offer_get", "counter_get"):
        return f"Ask for 1 {args['res']}"
    if kind == "gold":
        return f"Take 1 {args['res']} from the gold field"
    if kind == "plenty":
        return f"Take 1 {args['res']} (Year of Plenty)"
    if kind == "discard":
        return f"Discard 1 {args['res']}"
    if kind == "play":
        name = DEV_NAMES[args["card"]]
        return f"Play {name} on {args['res']}" if "res" in args else f"Play {name}"
    if kind == "steal":
        return f"Steal a card from {P(args['seat'])}"
    if kind == "trade":
        return f"Trade with {P(args['seat'])}"
    return None


def _bank_label(give: str, get: str, ratio: int) -> str:
    where = "the bank" if ratio == 4 else "your harbour"
    return f"Trade {ratio} {give} for 1 {get} with {where}"


# -- the Actions whose labels depend on no board, made once -----------------------------------

#: moves without args, by kind
_BARE = {kind: Action(kind, {}, text) for kind, text in _FIXED.items()}
_ROLL, _OFFER, _END, _END_AUTO = (_BARE["roll"], _BARE["offer"], _BARE["end"],
                                  _BARE["end_auto"])
#: moves naming one resource, by kind, in the order of RESOURCES
_BY_RES = {
    kind: tuple(Action(kind, {"res": r}, _plain_label(kind, {"res": r})) for r in RESOURCES)
    for kind in ("offer_give", "offer_get", "counter_give", "counter_get", "gold", "plenty",
                 "discard")
}
#: bank trades: [ratio][give][get] (None where give == get)
_BANK = {
    ratio: tuple(
        tuple(None if i == j else Action("bank", {"give": g, "get": r},
                                         _bank_label(g, r, ratio))
              for j, r in enumerate(RESOURCES))
        for i, g in enumerate(RESOURCES)
    )
    for ratio in (2, 3, 4)
}
_PLAY = {
    card: tuple(Action("play", {"card": card, "res": r},
                       _plain_label("play", {"card": card, "res": r})) for r in RESOURCES)
    if card == "monopoly" else Action("play", {"card": card}, _plain_label("play", {"card": card}))
    for card in DEV_NAMES
}
#: steal from / trade with a seat, by seat
_SEAT = {kind: tuple(Action(kind, {"seat": p}, _plain_label(kind, {"seat": p}))
                     for p in range(8)) for kind in ("steal", "trade")}
#: the Actions one board keeps for its moves (its ``memo``); the board lives as long as its
#: game, and a long game meets a few thousand; emptied when full
MEMO_BOUND = 50_000


def _kept(s: State, seat: int, key: tuple, kind: str, args: dict[str, Any]) -> Action:
    """The Action of a placing move on this board whose label is fixed by ``key``
    (``_words_key``), made once."""
    memo = s.board.memo
    a = memo.get(key)
    if a is None:
        if len(memo) > MEMO_BOUND:
            memo.clear()
        a = memo[key] = _kept_action(s, key, kind, args)
    return a


def legal(s: State, seat: int, only: str | None = None) -> list[Action]:
    """The seat's legal moves; with ``only``, just the moves of that kind (for the check of
    one move: the main phase then skips the other kinds' work)."""
    ph = s.phase
    if ph == MAIN:
        if seat != s.turn:
            return _answer_moves(s, seat, only) if s.offer is not None else []
        if s.offer is None:
            return _main_moves(s, seat, only)
        return _offer_moves(s, only) + _main_moves(s, seat, only)
    if ph == ROLL:
        if seat != s.turn:
            return []
        if s.dev_played or not s.devs[seat]:
            return [_ROLL]
        out = _dev_moves(s, seat)
        out.append(_ROLL)
        return out
    if ph == COMPOSE:
        if seat != s.turn:
            return []
        o = s.offer
        return _compose_moves(s, seat, o["give"], o["get"], "offer", only)
    if ph == DISCARD:  # the seats that owe cards act (to_act)
        owed = s.owed[seat] if 0 <= seat < s.n else 0
        if owed <= 0:
            return []
        hand = s.hands[seat]
        res = _BY_RES["discard"]
        return [res[i] for i in range(5) if hand[i] > 0]
    if seat not in to_act(s):
        return []
    if ph == GOLD or ph == PLENTY:  # a resource of choice, from what the bank holds
        res = _BY_RES["gold" if ph == GOLD else "plenty"]
        return [res[i] for i in range(5) if s.bank[i] > 0]
    if ph == ROBBER:
        return _robber_moves(s, seat)
    if ph == STEAL:
        return [_SEAT["steal"][v] for v in s.victims]
    if ph == FREE_ROUTES:
        f = facts(s)
        sf = f.seat(s, seat)
        count = f.counts[seat]
        limit = rules_of(s).pieces(s.layout)
        out = []
        for kind, places in (("road", sf.roads), ("ship", sf.ships)):
            if count[KIND_INDEX[kind]] < limit[kind]:
                out.extend(_kept(s, seat, (kind, e, "free"), kind, {"e": e})
                           for e in places(s))
        out.append(_BARE["stop"])
        return out
    if ph == SETUP_SETTLE:
        return founding_moves(s, seat)
    if ph == HARBOURS:
        top = s.extra["harbours"][-1]
        return [_kept(s, seat, ("harbour", e, top), "harbour", {"e": e})
                for e in rules_of(s).harbour_places(s)]
    if ph == SETUP_ROUTE:
        return [_kept(s, seat, (kind, e, "free"), kind, {"e": e})
                for kind, e in rules_of(s).start_routes(s, seat, s.last_settlement)]
    return rules_of(s).phase_moves(s, seat)  # a phase of the scenario's own


def allowed(s: State, seat: int, kind: str, args: Mapping[str, Any]) -> Action | None:
    """The legal move of that kind with those args (the engine's own Action), or None."""
    for a in legal(s, seat, kind):
        if a.kind == kind and a.args == args:
            return a
    return None


def start_spots(s: State, seat: int) -> list[Action]:
    """Where a start settlement may stand: a corner touching the scenario's start area
    (scenario_rules.py), with the distance rule; in the order of the corners."""
    b = s.board
    start = tuple(rules_of(s).start_spots(s, seat))
    memo = b.memo
    key = ("start spots", start)
    spots = memo.get(key)
    if spots is None:  # the corners of land touching the start area, with their moves
        spots = memo[key] = [
            (c, _kept(s, seat, ("settlement", c, "start"), "settlement", {"c": c}))
            for c in range(len(b.corners))
            if b.corner_land[c] and any(start[h] for h in b.corner_hexes[c])]
    closed = distance_closed(s, b)
    return [a for c, a in spots if c not in closed]


def founding_moves(s: State, seat: int) -> list[Action]:
    """The start settlements the seat may found (``start_spots``), the best places first
    (founding.py: more dots, then more variety), so that the first menu of the panel holds
    the best 25 of them (issue 22, "Fewer clicks")."""
    memo = s.board.memo
    rank = memo.get(("founding rank",))
    if rank is None:
        rank = memo[("founding rank",)] = {
            c: i for i, c in enumerate(best_first(s, range(len(s.board.corners))))}
    return sorted(start_spots(s, seat), key=lambda a: rank[a.args["c"]])


def _robber_moves(s: State, seat: int) -> list[Action]:
    """Every land hex but the robber's, every sea hex but the pirate's; never an empty
    space (Oceans' face-down hexes)."""
    memo = s.board.memo
    at_sea = rules_of(s).pirate  # the base game has no pirate: the sea is nobody's
    chips = tuple(s.chips)
    key = ("hex moves", chips, at_sea)
    got = memo.get(key)
    if got is None:
        acts = [_hex_move(s, kind, h, ())
                for h, kind in enumerate("pirate" if t == "sea" else "robber"
                                         for t in s.terrain)
                if (at_sea or kind == "robber") and s.terrain[h] != "hidden"]
        got = memo[key] = (acts, {a.args["hex"]: i for i, a in enumerate(acts)})
    acts, at = got
    out = list(acts)  # in the order of the hexes
    # whom a move lets the seat rob (victims_at), for every hex at once: each other
    # player with a card, at the hexes of its buildings (robber) or its ships (pirate);
    # the label of such a move names them. The robber's follow from the buildings and
    # who holds a card: kept with the facts, carried over while only routes change.
    f = facts(s)
    hands = s.hands
    holders_list = []
    for p in range(s.n):
        if p != seat and any(hands[p]):
            holders_list.append(p)
    holders = tuple(holders_list)
    robbed = f.robbed
    patches = robbed.get(holders)
    if patches is None or patches[0] is not acts:
        patches = robbed[holders] = (acts, _victim_moves(s, f, "robber", holders, at, out))
    for i, a in patches[1]:
        out[i] = a
    if at_sea:
        for i, a in _victim_moves(s, f, "pirate", holders, at, out):
            out[i] = a
    # the hexes the robber and the pirate stand on are no move
    i, j = at.get(s.robber, -1), at.get(s.pirate, -1)
    if i < j:
        i, j = j, i
    if i >= 0:
        del out[i]
    if j >= 0:
        del out[j]
    return out


def _victim_moves(s: State, f: Any, kind: str, holders: tuple[int, ...], at: dict[int, int],
                  out: list[Action]) -> list[tuple[int, Action]]:
    """(position in ``out``, move) for each hex of ``kind`` (robber: land, pirate: sea)
    where one of ``holders`` has a building (robber) or a ship (pirate): the move naming
    them, in seat order."""
    b = s.board
    found: dict[int, list[int]] = {}
    for p in holders:
        if kind == "robber":
            hexes = [h for c, _ in f.seats[p].buildings for h in b.corner_hexes[c]]
        else:
            hexes = [h for e, k in f.seats[p].routes if k == "ship" for h in b.edge_hexes[e]]
        for h in hexes:
            owners = found.get(h)
            if owners is None:
                found[h] = [p]
            elif owners[-1] != p:
                owners.append(p)
    patches = []
    for h, owners in found.items():
        i = at.get(h)
        if i is not None and out[i].kind == kind:
            patches.append((i, _hex_move(s, kind, h, tuple(owners))))
    return patches


def _hex_move(s: State, kind: str, h: int, victims: tuple[int, ...]) -> Action:
    """The robber's or the pirate's move to ``h`` letting the mover rob ``victims`` (none:
    nobody), made once per board."""
    return _kept(s, -1, (kind, h, s.chips[h], victims), kind, {"hex": h})


def victims_at(s: State, seat: int, kind: str, h: int) -> tuple[int, ...]:
    """Whom moving the robber (or the pirate) to hex ``h`` lets ``seat`` rob: the other
    players with a building at its corners (a ship on its edges) and a card in hand, as
    rules.py picks them."""
    b = s.board
    if kind == "robber":
        owners = {s.buildings[c][0] for c in b.hex_corners[h] if s.buildings[c] is not None}
    else:
        owners = {s.routes[e][0] for e in b.hex_edges[h]
                  if s.routes[e] is not None and s.routes[e][1] == "ship"}
    return tuple(sorted(p for p in owners if p != seat and n_cards(s, p) > 0))


def _dev_moves(s: State, seat: int) -> list[Action]:
    """One development card per turn, never one bought this turn (catan-base.md)."""
    devs = s.devs[seat]
    if s.dev_played or not devs:
        return []
    new = s.new_devs[seat]
    if new:
        devs = list(devs)
        for card in new:
            devs.remove(card)
    out: list[Action] = []
    for card in sorted(set(devs)):
        if card == "monopoly":
            out.extend(_PLAY[card])
        elif card != "victory_point":
            out.append(_PLAY[card])
    return out


def _placements(s: State, sf: Any, kind: str, places: Any, arg: str) -> list[Action]:
    """The paid build moves on the seat's places, kept with the places (facts.py)."""
    got = sf.memo.get(kind)
    if got is None:
        got = sf.memo[kind] = [_kept(s, sf.seat, (kind, x), kind, {arg: x})
                               for x in places(s)]
    return got


def _main_moves(s: State, seat: int, only: str | None) -> list[Action]:
    """The main phase: build, buy, play, move a ship, trade with the bank, start an offer,
    end; ``only``: just those of one kind."""
    if only is not None:
        if only == "end" or only == "end_auto":
            return [_BARE[only]]
        if only == "play":
            return _dev_moves(s, seat)
    out = [] if only is not None or s.dev_played or not s.devs[seat] else _dev_moves(s, seat)
    f = facts(s)
    sf = f.seats[seat]
    count = f.counts[seat]
    limit = f.limits(s)  # in the order of count
    hand = s.hands[seat]
    wood, brick, wool, grain, ore = hand
    if wood and brick and count[2] < limit[2] and (only is None or only == "road"):
        out += _placements(s, sf, "road", sf.roads, "e")
    if wood and wool and count[3] < limit[3] and (only is None or only == "ship"):
        out += _placements(s, sf, "ship", sf.ships, "e")
    if wood and brick and wool and grain and count[0] < limit[0] and (
            only is None or only == "settlement"):
        out += _placements(s, sf, "settlement", sf.spots, "c")
    if grain >= 2 and ore >= 3 and count[1] < limit[1] and (only is None or only == "city"):
        out += _placements(s, sf, "city", sf.cities, "c")
    if wool and grain and ore and s.deck and (only is None or only == "buy"):
        out.append(_BARE["buy"])
    if count[3] and not s.ship_moved and (only is None or only == "move_ship"):
        for e in sf.open(s):
            if e in s.new_ships:
                continue
            moves = sf.memo.get(e)
            if moves is None:
                moves = sf.memo[e] = [
                    _kept(s, seat, ("move_ship", e, t), "move_ship", {"e": e, "to": t})
                    for t in sf.ship_targets(s, e)]
            out += moves
    if max(hand) >= sf.lowest_ratio(s) and (only is None or only == "bank"):
        ratios = sf.ratios(s)
        bank = s.bank
        for i in range(5):
            ratio = ratios[i]
            if hand[i] >= ratio:
                row = _BANK[ratio][i]
                for j in range(5):
                    if j != i and bank[j] > 0:
                        out.append(row[j])
    if s.offers_made < OFFERS_PER_TURN and (only is None or only == "offer") and any(hand):
        out.append(_OFFER)
    if only is None:
        out.append(_END)
        out.append(_END_AUTO)
    return out


def _compose_moves(
    s: State, seat: int, give: dict[str, int], get: dict[str, int], prefix: str,
    only: str | None = None,
) -> list[Action]:
    """Building an offer card by card: add a card to give (one you hold), add a card to ask
    for (not of a kind you give: no like for like), send once both sides hold a card; an
    offer may be cancelled (a counter-offer: declined) at any step. ``only``: just the
    moves of that kind."""
    out: list[Action] = []
    kind = prefix + "_give"
    if (only is None or only == kind) and sum(give.values()) < OFFER_MAX:
        hand = s.hands[seat]
        res = _BY_RES[kind]
        for i in range(5):
            r = RESOURCES[i]
            if hand[i] > give.get(r, 0) and r not in get:
                out.append(res[i])
    kind = prefix + "_get"
    if (only is None or only == kind) and sum(get.values()) < OFFER_MAX:
        res = _BY_RES[kind]
        out.extend(res[i] for i in range(5) if RESOURCES[i] not in give)
    if give and get and (only is None or only == prefix + "_send"):
        out.append(_offer_action(prefix + "_send", give, get))
    out.append(_BARE["offer_cancel" if prefix == "offer" else "decline"])
    return out


_OFFER_ACTIONS: dict[tuple, Action] = {}
#: offers of at most OFFER_MAX cards a side, three kinds: 12,758 keys were met in 1,000 games
#: of a bot process, still rising slowly; emptied when full (reliability issue, item 8)
_OFFER_ACTIONS_BOUND = 20_000


def _offer_action(kind: str, give: dict[str, int], get: dict[str, int]) -> Action:
    """Send an offer, send a counter-offer, or accept one: the label names the cards
    (made once per kind and cards)."""
    key = (kind, tuple(in_order(give).items()), tuple(in_order(get).items()))
    a = _OFFER_ACTIONS.get(key)
    if a is None:
        g, w = offer_text(give), offer_text(get)
        text = {"offer_send": f"Offer {g} for {w}", "counter_send": f"Counter: {g} for {w}",
                "accept": f"Accept: give {w} for {g}"}[kind]
        if len(_OFFER_ACTIONS) >= _OFFER_ACTIONS_BOUND:
            _OFFER_ACTIONS.clear()
        a = _OFFER_ACTIONS[key] = Action(kind, {}, text)
    return a


def _answer_moves(s: State, seat: int, only: str | None = None) -> list[Action]:
    """An open offer's answers for a player not on turn (offers.py): accept, decline or
    counter, only for one who holds what is asked and has not answered yet (nothing at
    all for one who could never take it); the steps of his counter-offer while he puts one
    together."""
    o = s.offer
    if not offers.is_open(s) or not 0 <= seat < s.n:
        return []
    if o["answers"][seat] == "composing":
        c = o["counters"][str(seat)]
        return _compose_moves(s, seat, c["give"], c["get"], "counter", only)
    if not offers.may_answer(s, seat):
        return []
    return [_offer_action("accept", o["give"], o["get"]), _BARE["decline"], _BARE["counter"]]


def _offer_moves(s: State, only: str | None = None) -> list[Action]:
    """The offerer's moves while his offer is open: trade with each who accepted or
    countered, or withdraw it (any other move of his ends it too: rules.py)."""
    if only is not None and only not in ("trade", "withdraw"):
        return []
    if s.phase != MAIN:
        return []
    out = [_SEAT["trade"][p] for p in offers.partners(s)]
    out.append(_BARE["withdraw"])
    return out
