"""What a seat may see (the view of the shared brief) and worlds re-dealt for a seat.

Hidden: the other captains' hands (not even their sizes: the table does not display them),
the deck's order, face-down bids before their reveal, cards held in someone else's pending
choice (a Mermaid's catch, cheat pulls, tribute), and the other captains' discard settings
(the standing choice "skip my discard steps unless I open one" and an opened step: see
``legal._setting_options``; who still discards shows once a discard step starts).
Everything discarded is public.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import NAMES, list_names, sort_cards
from .common import bid_value, distinct, left_order, table_choices
from .legal import pending_seats, to_act
from .state import BID, DISCARD, OVER, TIE, State, clone

_PENDING_TEXT = {
    "order": "{name} chooses the order of their action cards",
    "cutpurse": "{name} chooses a bid card for the Cutpurse to take",
    "plunder": "{name} picks a card from the discard pile with Hidden Plunder",
    "mermaid": "{name} keeps one card of the Mermaid's catch",
    "eight": "{name} selects a bid card with Pieces of Eight",
    "shady": "{name} chooses a card to give for the Shady Deal",
    "brawl": "{name} chooses a captain to brawl with",
    "tribute": "Every other captain chooses a card to pay in tribute to {name}",
    "king": "{name} keeps up to two cards of the tribute",
    "cheat": "{name} may keep one of the cards pulled from the Pirate Cheat",
    "honor": "{name} keeps one of the two cards pulled to restore their pirate honor",
}


def _pending_public(s: State) -> tuple[str | None, int | None]:
    p = s.pending
    if p is not None:
        return _PENDING_TEXT[p["kind"]], p["seat"]
    if s.phase == BID and s.turn >= 0:
        return f"{{name}} bids or passes on {NAMES[s.auction]}", s.turn
    if s.phase == TIE:
        return "The tied captains bid one or more further cards or forfeit", None
    if s.phase == DISCARD:
        return "Every captain may discard cards from their hand", None
    return None, None


def _choice(s: State, seat: int) -> dict[str, Any] | None:
    """The private context of a choice ``seat`` is making now."""
    p = s.pending
    if p is None or seat not in pending_seats(p):
        return None
    kind = p["kind"]
    if kind == "order":
        cards = distinct(s.unres[seat])
        prompt = "Choose which of your action cards resolves next."
    elif kind == "cutpurse":
        cards = [c for _, c in table_choices(s, seat, False)]
        prompt = "Choose a bid card your Cutpurse sends to the discard pile, or none."
    elif kind == "plunder":
        cards = sort_cards(distinct(s.discard))
        prompt = "Choose a card to take from the discard pile."
    elif kind == "mermaid":
        cards = list(p["cards"])
        prompt = f"Your Mermaid drew {list_names(cards)}: keep one, the rest is discarded."
    elif kind == "eight":
        cards = [c for _, c in table_choices(s, seat, True)]
        prompt = "Select a bid card to take into your hand after the auction."
    elif kind == "shady":
        cards = sort_cards(distinct(s.hands[seat]))
        prompt = "You bid the lowest crew card: choose a card to give for the Shady Deal."
    elif kind == "brawl":
        cards = []
        prompt = "Choose the captain your Tavern Brawl keeps busy next round."
    elif kind == "tribute":
        cards = sort_cards(distinct(s.hands[seat]))
        prompt = "Choose a card to pay in tribute to the Pirate King."
    elif kind == "king":
        cards = list(p["cards"])
        prompt = (f"Your tribute: {list_names(cards)}. Keep up to {2 - p['kept']} more; "
                  "the rest is discarded.")
    elif kind == "cheat":
        cards = list(p["cards"])
        prompt = f"You pulled {list_names(cards)}: keep one (or none), discard the rest."
    else:  # honor
        cards = list(p["cards"])
        prompt = f"You pulled {list_names(cards)}: keep one, discard the other."
    return {"kind": kind, "prompt": prompt, "cards": cards}


def view(s: State, seat: int | None) -> dict[str, Any]:
    pending, pending_seat = _pending_public(s)
    bids = None
    if s.revealed and any(s.bids):
        bids = []
        for t in left_order(s):
            if s.bids[t]:
                shown = s.bids[t][: s.shown[t]]
                bids.append({"seat": t, "cards": shown, "value": bid_value(shown, s.auction)})
    v: dict[str, Any] = {
        "game": "all-hands",
        "seat": seat,
        "n": s.n,
        "hand_no": s.hand_no,
        "hands_total": 5 if s.longer else 1,
        "round": s.round,
        "round_limit": s.round_limit,
        "longer_game": s.longer,
        "scores": list(s.scores),
        "target": 250 if s.longer else None,
        "dealer": s.dealer,
        "phase": s.phase,
        "to_act": sorted(to_act(s)),
        "auction_card": s.auction,
        "deck": len(s.deck),
        "discard": list(s.discard),
        "players": [
            {
                "status": s.status[t],
                "bid_cards": len(s.bids[t]),
                "immune": s.immune[t],
                "skip_deal": s.skip_deal[t],
            }
            for t in range(s.n)
        ],
        "bids": bids,
        "resolved": list(s.resolved),
        "pending": pending,
        "pending_seat": pending_seat,
        "last_auction": None if s.last_auction is None else dict(s.last_auction),
        "log": list(s.log),
        "result": None if s.result is None else {
            "winners": list(s.result["winners"]),
            "scores": list(s.result["scores"]),
            "reason": s.result["reason"],
            "crew": s.result.get("crew"),
        },
    }
    if seat is not None and 0 <= seat < s.n:
        hand = s.hands[seat]
        v["hand"] = sort_cards(hand)
        v["my_bid"] = list(s.picks[seat]) if s.picks[seat] else list(s.bids[seat][s.shown[seat]:])
        v["choice"] = None if s.phase == OVER else _choice(s, seat)
        v["hand_size"] = len(hand)
        v["auto_keep"] = s.auto_keep[seat]
        v["discard_opened"] = s.opened[seat]
    return v


def _unseen(w: State, others: list[int], hide_cards: bool) -> list[str]:
    """The cards a world deals again, sorted: the real deal's order is hidden too, so a world
    shuffles them from an order the seat could know. The other captains' hands and face-down
    bid cards less what the table saw come to them, the deck, the cards of a choice another
    captain is making (``hide_cards``) and cards paid face down."""
    pool: list[str] = []
    for t in others:
        pool.extend(w.hands[t])
        pool.extend(w.bids[t][w.shown[t]:])
    for t in others:
        for c in w.seen[t]:
            pool.remove(c)
    pool.extend(w.deck)
    p = w.pending
    if hide_cards:
        pool.extend(p["cards"])
    if p is not None and "paid" in p:
        pool.extend(c for _, c in p["paid"])
    return sorted(pool)


def determinize(s: State, seat: int | None, r: random.Random) -> State:
    """A copy where every card ``seat`` cannot see is re-dealt at random: the other
    captains' hands (sizes kept), their face-down bid cards, the deck, and cards held in a
    choice somebody else is making. Cards picked for a bid by another captain are picked
    again from his new hand. The other captains' discard settings, which ``seat`` cannot
    see either, are set to the rules' default (asked at every discard step); a discard step
    already running keeps who is done in it. The copy also gets a fresh seed, so the AI
    cannot foresee the real game's future shuffles and random pulls.

    The cards every captain saw come into another's hand face up and not leave it
    (``State.seen``) stay with him, in his hand or among his face-down bid cards as the
    shuffle falls. What only this seat saw (a card it gave away) is re-dealt: worlds keep
    the table's public memory, not the seat's own.
    """
    w = clone(s)
    w.seed = f"{s.seed}/w{r.getrandbits(48):012x}"
    w.counter = 0
    others = [t for t in range(s.n) if t != seat]
    p = w.pending
    hide_cards = p is not None and "cards" in p and p["seat"] != seat
    pool = _unseen(w, others, hide_cards)
    r.shuffle(pool)
    i = 0
    for t in others:
        w.auto_keep[t] = False
        w.opened[t] = False
        k = len(w.hands[t])
        m = max(0, len(w.bids[t]) - w.shown[t])
        known = w.seen[t]
        cards = known + pool[i:i + k + m - len(known)]
        i += k + m - len(known)
        if m and known:
            r.shuffle(cards)
        w.hands[t] = cards[:k]
        w.bids[t][w.shown[t]:] = cards[k:]
        if w.picks[t]:
            w.picks[t] = w.hands[t][: len(w.picks[t])]
    k = len(w.deck)
    w.deck = pool[i:i + k]
    i += k
    if hide_cards:
        k = len(p["cards"])
        p["cards"] = pool[i:i + k]
        i += k
    if p is not None and "paid" in p:
        for pair in p["paid"]:
            pair[1] = pool[i]
            i += 1
    return w
