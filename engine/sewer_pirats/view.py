"""What a seat may see, and worlds re-dealt for a seat.

Public: the ships and their figures, the face-up flotsam groups, the face-up row, how many
cards are in the deck, the discard pile and each hand, how many booty and bonus tokens each
player holds (treasure lies face down: never which), the crew, the auction's bar and bids.
Private (the seat's own view only): its cards, its tokens and what they score now, and the
choice it is making. Hidden from all: the deck's order, the face-down token pools, the
box, the cards under the front figure at the bar.
"""

from __future__ import annotations

import random
from typing import Any

from .common import captain_ship, sort_tokens
from .data import CAPTAIN, SHIPS, TRIBES, is_bonus
from .rules import pending_seat, to_act
from .sailing import stay_outcome
from .scoring import breakdown
from .state import AUCTION, OVER, PLAY, TRIBE, State, clone

GAME_ID = "sewer-pirats"


def _figure(f: list | None) -> dict[str, Any] | None:
    return None if f is None else {"seat": f[0], "tribe": f[1]}


def _sailing(s: State) -> dict[str, Any] | None:
    p = s.pending
    if p is None or p["kind"] != "sail" or not p["line"]:
        return None
    seat, tribe, space = p["line"][0]
    return {"ship": SHIPS[p["ship"]], "booty": sort_tokens(p["booty"]), "seat": seat,
            "tribe": tribe, "space": space + 1, "took": p["took"]}


def _pending(s: State) -> tuple[str | None, int | None]:
    """The public sentence of what the game waits for ("{name}" is that player)."""
    if s.phase == OVER:
        return None, None
    if s.phase == TRIBE:
        return "{name} chooses a tribe to lead", s.turn
    if s.phase == AUCTION:
        a = s.auction
        assert a is not None
        if a["pay"] > 0:
            return f"{{name}} discards {a['pay']} more card(s) to pay for the hired pirat", a["to"]
        if a["lot"] is None:
            return "{name} picks a figure at the bar and starts the bidding", a["to"]
        tribe = a["bar"][a["lot"]]
        return f"{{name}} raises the bid for the {tribe} (now {a['bid']}) or passes", a["to"]
    p = s.pending
    if p is None:
        x = captain_ship(s, s.turn)
        if x >= 0:
            return f"{{name}} must set sail with the {SHIPS[x]} ship", s.turn
        return "{name} draws two cards, moves a figure or becomes captain", s.turn
    seat = pending_seat(s)
    kind = p["kind"]
    if kind == "sail":
        _, tribe, space = p["line"][0]
        who = "captain" if space == CAPTAIN else f"{tribe} on space {space + 1}"
        if p["took"]:
            return f"{{name}}'s rat may seize a second token from the {SHIPS[p['ship']]} " \
                   "ship's flotsam", seat
        extra = " or stays aboard" if tribe == "toad" and space != CAPTAIN else ""
        return f"{{name}}'s {who} seizes a booty token{extra}", seat
    if kind == "discard":
        return "{name} discards down to six cards", seat
    if kind == "snail":
        return "{name} may reveal the top Talisman card for the snail", seat
    return "{name} may take a second action with the weasel", seat


def _choice(s: State, seat: int) -> dict[str, Any] | None:
    """The private context of a choice the seat is making now."""
    if seat not in to_act(s):
        return None
    p = s.pending
    if s.phase == AUCTION:
        a = s.auction
        assert a is not None
        if a["pay"] > 0:
            return {"kind": "pay", "prompt": f"Choose the cards to pay: {a['pay']} more."}
        return None
    if p is None:
        return None
    kind = p["kind"]
    if kind == "sail":
        _, tribe, space = p["line"][0]
        prompt = "Choose a booty token to seize."
        if p["took"]:
            prompt = "Your rat may seize a second booty token."
        elif tribe == "toad" and space != CAPTAIN:
            prompt = f"Seize a booty token, or keep your toad aboard ({stay_outcome(s)})."
        return {"kind": "sail", "prompt": prompt}
    if kind == "discard":
        over = sum(s.hands[seat]) - 6
        return {"kind": "discard", "prompt": f"Discard {over} card(s) down to six."}
    if kind == "snail":
        return {"kind": "snail", "prompt": f"Reveal the top card? On a {SHIPS[p['ship']]} "
                "your snail moves one more space."}
    return {"kind": "weasel", "prompt": "Your weasel may take a second action, or end your "
            "turn."}


def _player(s: State, p: int) -> dict[str, Any]:
    """What everyone sees of a player: tribes, figures at home, how many cards and tokens
    (never which), and the ship he captains."""
    return {
        "tribes": [t for t in TRIBES for _ in range(s.tribes[p].count(t))],
        "home": [t for t in TRIBES for _ in range(s.home[p].count(t))],
        "hand": sum(s.hands[p]),
        "booty": sum(1 for t in s.treasure[p] if not is_bonus(t)),
        "bonus": sum(1 for t in s.treasure[p] if is_bonus(t)),
        "captain": None if (x := captain_ship(s, p)) < 0 else SHIPS[x],
    }


def _auction(s: State) -> dict[str, Any] | None:
    """The bar and the bidding (the cards under the front figure only counted)."""
    a = s.auction
    return None if a is None else {
        "bar": list(a["bar"]),
        "under": len(a["under"]),
        "lot": a["lot"],
        "bid": a["bid"],
        "high": None if a["high"] < 0 else a["high"],
        "out": sorted(a["out"]),
        "paying": a["pay"],
    }


def view(s: State, seat: int | None) -> dict[str, Any]:
    pending, pending_seat_ = _pending(s)
    v: dict[str, Any] = {
        "game": GAME_ID,
        "seat": seat,
        "n": s.n,
        "variant": s.variant,
        "phase": s.phase,
        "to_act": sorted(to_act(s)),
        "turn": s.turn if s.phase == PLAY else None,
        "first": s.first,
        "round": s.round,
        "crew": list(s.crew),
        "ships": [
            {
                "ship": SHIPS[x],
                "spaces": [_figure(f) for f in s.ships[x]],
                "flotsam": [list(g) for g in s.groups[x]],
            }
            for x in range(3)
        ],
        "row": [SHIPS[c] for c in s.row],
        "deck": len(s.deck),
        "discard": sum(s.discard),
        "pool": len(s.pool_bonus),
        "box": len(s.box),
        "players": [_player(s, p) for p in range(s.n)],
        "sailing": _sailing(s),
        "ending": s.ending,
        "final": [SHIPS[x] for x in s.final],
        "sailings": s.sailings,
        "auction": _auction(s),
        "pending": pending,
        "pending_seat": pending_seat_,
        "result": None if s.result is None else {
            "winners": list(s.result["winners"]), "scores": list(s.result["scores"]),
            "tiebreak": list(s.result["tiebreak"]), "reason": s.result["reason"],
        },
    }
    if seat is not None and 0 <= seat < s.n:
        hand = s.hands[seat]
        v["hand"] = [SHIPS[c] for c in range(3) for _ in range(hand[c])]
        v["treasure"] = sort_tokens(s.treasure[seat])
        v["score"] = breakdown(s.treasure[seat])
        v["choice"] = _choice(s, seat)
    return v


def determinize(s: State, seat: int | None, r: random.Random) -> State:
    """A copy where everything ``seat`` cannot see is dealt again at random, sizes kept:
    the other players' cards, the deck, the discard pile's make-up (only its size shows),
    the cards under the front figure at the bar; the other players' face-down treasure
    (booty and bonus counts kept), the face-down pools and the box. The copy gets a fresh
    seed, so the AI cannot foresee the real game's shuffles.

    Worlds are drawn from the seat's present view, not its memory (a token seen seized
    from a face-up group is dealt again too).
    """
    w = clone(s)
    w.seed = f"{s.seed}/w{r.getrandbits(48):012x}"
    w.counter = 0
    others = [t for t in range(s.n) if t != seat]
    _deal_cards(w, others, r)
    _deal_tokens(w, others, r)
    return w


def _deal_cards(w: State, others: list[int], r: random.Random) -> None:
    """The cards of ``others``, the deck, the discard pile and the bar's, shuffled together
    and dealt again, each place keeping its size."""
    cards: list[int] = []
    for t in others:
        for c in range(3):
            cards += [c] * w.hands[t][c]
    cards += w.deck
    for c in range(3):
        cards += [c] * w.discard[c]
    under = w.auction["under"] if w.auction is not None else []
    cards += under
    cards.sort()
    r.shuffle(cards)
    i = 0
    for t in others:
        k = sum(w.hands[t])
        h = [0, 0, 0]
        for c in cards[i:i + k]:
            h[c] += 1
        w.hands[t] = h
        i += k
    k = len(w.deck)
    w.deck = cards[i:i + k]
    i += k
    k = sum(w.discard)
    d = [0, 0, 0]
    for c in cards[i:i + k]:
        d[c] += 1
    w.discard = d
    i += k
    if w.auction is not None:
        w.auction["under"] = cards[i:i + len(under)]


def _deal_tokens(w: State, others: list[int], r: random.Random) -> None:
    """The face-down tokens of ``others``, the pools and the box, booty and bonus apart,
    shuffled and dealt again, each player keeping his counts of both."""
    booty: list[str] = []
    bonus: list[str] = []
    for t in others:
        for tok in w.treasure[t]:
            (bonus if is_bonus(tok) else booty).append(tok)
    booty += w.pool + w.box
    bonus += w.pool_bonus
    booty.sort()
    bonus.sort()
    r.shuffle(booty)
    r.shuffle(bonus)
    for t in others:
        kb = sum(1 for tok in w.treasure[t] if not is_bonus(tok))
        kn = len(w.treasure[t]) - kb
        w.treasure[t] = [booty.pop() for _ in range(kb)] + [bonus.pop() for _ in range(kn)]
    w.pool = [booty.pop() for _ in range(len(w.pool))]
    w.box = booty
    w.pool_bonus = bonus
