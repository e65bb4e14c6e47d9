"""The legal moves of a seat as Actions (the Game contract's ``legal_actions``), and the
check of one move (``allowed``) that ``apply`` makes first. Each move's label is
labels.py's; what each move does is the chapter modules' (rules.py sends each there).

Speed: an Action whose label never changes (a road on an edge, a robber move) is made once
per board and kept in ``Board.memo``, its label worded when first read (labels.py,
``Kept``: a random or AI player never reads it); the places come from facts.py, rebuilt
only when the pieces change. A choice of several cards (a trade offer, a counter-offer) is
entered by one move and then made card by card (shared DESIGN.md, legal_actions), so the
main menu lists one "offer" among the other moves rather than a step per resource.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action

from . import offers
from .board import RESOURCES
from .development_cards import DEV_NAMES
from .facts import KIND_INDEX, distance_closed, facts
from .founding import best_first
from .labels import (  # noqa: F401  (label and the words: imported from here too)
    FIXED,
    LABEL_LIMIT,
    bank_label,
    corner_words,
    edge_words,
    kept_action,
    label,
    plain_label,
    start_words,
)
from .offers import OFFER_MAX, OFFERS_PER_TURN, in_order, offer_text
from .robber_and_pirate import victims_at  # noqa: F401  (imported from here too)
from .scenario_rules import rules_of
from .ships import movable_ships_of
from .state import Phase, State
from .turn import to_act

# -- the Actions whose labels depend on no board, made once -----------------------------------

#: moves without args, by kind
_BARE = {kind: Action(kind, {}, text) for kind, text in FIXED.items()}
_ROLL, _OFFER, _END, _END_AUTO = (_BARE["roll"], _BARE["offer"], _BARE["end"],
                                  _BARE["end_auto"])
#: moves naming one resource, by kind, in the order of RESOURCES
_BY_RES = {
    kind: tuple(Action(kind, {"res": r}, plain_label(kind, {"res": r})) for r in RESOURCES)
    for kind in ("offer_give", "offer_get", "counter_give", "counter_get", "gold", "plenty",
                 "discard")
}
#: bank trades: [ratio][give][get] (None where give == get)
_BANK = {
    ratio: tuple(
        tuple(None if i == j else Action("bank", {"give": g, "get": r},
                                         bank_label(g, r, ratio))
              for j, r in enumerate(RESOURCES))
        for i, g in enumerate(RESOURCES)
    )
    for ratio in (2, 3, 4)
}
_PLAY = {
    card: tuple(Action("play", {"card": card, "res": r},
                       plain_label("play", {"card": card, "res": r})) for r in RESOURCES)
    if card == "monopoly" else Action("play", {"card": card}, plain_label("play", {"card": card}))
    for card in DEV_NAMES
}
#: steal from / trade with a seat, by seat
_SEAT = {kind: tuple(Action(kind, {"seat": p}, plain_label(kind, {"seat": p}))
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
        a = memo[key] = kept_action(s, key, kind, args)
    return a


def legal(s: State, seat: int, only: str | None = None) -> list[Action]:
    """The seat's legal moves; with ``only``, just the moves of that kind (for the check of
    one move: the main phase then skips the other kinds' work)."""
    ph = s.phase
    if ph == Phase.MAIN:
        if seat != s.turn:
            return _answer_moves(s, seat, only) if s.offer is not None else []
        if s.offer is None:
            return _main_moves(s, seat, only)
        return _offer_moves(s, only) + _main_moves(s, seat, only)
    if ph == Phase.ROLL:
        if seat != s.turn:
            return []
        if s.dev_played or not s.devs[seat]:
            return [_ROLL]
        out = _dev_moves(s, seat)
        out.append(_ROLL)
        return out
    if ph == Phase.COMPOSE:
        if seat != s.turn:
            return []
        o = s.offer
        return _compose_moves(s, seat, o["give"], o["get"], "offer", only)
    if ph == Phase.DISCARD:  # the seats that owe cards act (to_act)
        owed = s.owed[seat] if 0 <= seat < s.n else 0
        if owed <= 0:
            return []
        hand = s.hands[seat]
        res = _BY_RES["discard"]
        return [res[i] for i in range(5) if hand[i] > 0]
    if seat not in to_act(s):
        return []
    return _step_moves(s, seat, ph)


def legal_pairs(s: State, seat: int, only: str | None = None) -> list[tuple[str, dict]]:
    """The seat's legal moves as (kind, args) pairs (the form the AI reasons over)."""
    return [(a.kind, dict(a.args)) for a in legal(s, seat, only)]


def _step_moves(s: State, seat: int, ph: str) -> list[Action]:
    """The moves of a step the game waits for the seat in: a gold pick or Year of Plenty, the
    robber, whom to rob, Road Building, the founding phase, New World's harbours, or a
    phase of the scenario's own."""
    if ph == Phase.GOLD or ph == Phase.PLENTY:  # a resource of choice, from what the bank holds
        res = _BY_RES["gold" if ph == Phase.GOLD else "plenty"]
        return [res[i] for i in range(5) if s.bank[i] > 0]
    if ph == Phase.ROBBER:
        return _robber_moves(s, seat)
    if ph == Phase.STEAL:
        return [_SEAT["steal"][v] for v in s.victims]
    if ph == Phase.FREE_ROUTES:
        return _free_route_moves(s, seat)
    if ph == Phase.SETUP_SETTLE:
        return founding_moves(s, seat)
    if ph == Phase.HARBOURS:
        top = s.extra["harbours"][-1]
        return [_kept(s, seat, ("harbour", e, top), "harbour", {"e": e})
                for e in rules_of(s).harbour_places(s)]
    if ph == Phase.SETUP_ROUTE:
        return [_kept(s, seat, (kind, e, "free"), kind, {"e": e})
                for kind, e in rules_of(s).start_routes(s, seat, s.last_settlement)]
    return rules_of(s).phase_moves(s, seat)  # a phase of the scenario's own


def _free_route_moves(s: State, seat: int) -> list[Action]:
    """Road Building: a free road or ship wherever one of the seat's pieces left may go,
    or no more (decisions.py)."""
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


def allowed(s: State, seat: int, kind: str, args: Mapping[str, Any]) -> Action | None:
    """The legal move of that kind with those args (the engine's own Action), or None."""
    for a in legal(s, seat, kind):
        if a.kind == kind and a.args == args:
            return a
    return None


def start_spots(s: State, seat: int) -> list[Action]:
    """Where a start settlement may stand: a corner touching the scenario's start area
    (scenario_rules/), with the distance rule; in the order of the corners."""
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
    if count[3] and (only is None or only == "move_ship"):
        out += _ship_moves(s, seat, sf)
    if max(hand) >= sf.lowest_ratio(s) and (only is None or only == "bank"):
        out += _bank_moves(s, sf, hand)
    if s.offers_made < OFFERS_PER_TURN and (only is None or only == "offer") and any(hand):
        out.append(_OFFER)
    if only is None:
        out.append(_END)
        out.append(_END_AUTO)
    return out


def _ship_moves(s: State, seat: int, sf: Any) -> list[Action]:
    """Moving a ship: each ship the seat may move now (ships.py, ``movable_ships``: the
    foremost ship of an open line, and ``may_move_ship``: "Only 1 ship can be moved each
    round. A ship cannot be built and moved in the same round however") to each place it
    may go, kept with the seat's places."""
    out: list[Action] = []
    for e in movable_ships_of(s, sf):
        moves = sf.memo.get(e)
        if moves is None:
            moves = sf.memo[e] = [
                _kept(s, seat, ("move_ship", e, t), "move_ship", {"e": e, "to": t})
                for t in sf.ship_targets(s, e)]
        out += moves
    return out


def _bank_moves(s: State, sf: Any, hand: list[int]) -> list[Action]:
    """Trades with the bank at the seat's ratios (bank_trade.py), for a resource the bank
    still holds."""
    out = []
    ratios = sf.ratios(s)
    bank = s.bank
    for i in range(5):
        ratio = ratios[i]
        if hand[i] >= ratio:
            row = _BANK[ratio][i]
            for j in range(5):
                if j != i and bank[j] > 0:
                    out.append(row[j])
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
    if s.phase != Phase.MAIN:
        return []
    out = [_SEAT["trade"][p] for p in offers.partners(s)]
    out.append(_BARE["withdraw"])
    return out
