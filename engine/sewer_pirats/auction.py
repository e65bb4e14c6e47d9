"""The Crew Member Auction variant (rulebook p. 5): the crew is hired at the bar.

Setup: for each player in turn (decision: from the first seat on), the six tribe cards are
shuffled and four revealed one at a time, each putting a figure on the rearmost empty stool;
every player is dealt eight Talisman cards. ``bar`` lists the figures from the front end.

A lot: the starter picks a figure and a starting bid of at least its place from the front
(0 for the front figure, 1 for the next...); picking any other than the front figure puts a
Talisman card face down under the front figure. The others, clockwise, raise or pass (a
player who cannot raise must pass: done for him). The highest bidder takes the figure and
the cards under it, then discards as many cards as he bid, choosing them one by one. The
player to his left starts the next lot. A player with four crew members takes no part; when
one player alone still has room, he takes every figure left, for free. The last hirer is
the first player; everybody keeps his cards as his starting hand.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event

from .common import Events, P, draw_card, priv, pub, pub_shared, refill_row, shuffled
from .data import AUCTION_CARDS, CREW_SIZE, SHIPS, TRIBES, card_word
from .state import PLAY, State


def setup(s: State, ev: Events) -> None:
    placed: list[str] = []
    for _ in range(s.n):
        placed += shuffled(s, list(TRIBES))[:CREW_SIZE]
    s.auction = {
        "bar": placed[::-1],  # the first figure placed sits at the rear end
        "under": [],
        "lot": None,
        "bid": 0,
        "high": -1,
        "out": [],
        "to": 0,
        "pay": 0,
        "last": -1,
    }
    for seat in range(s.n):
        for _ in range(AUCTION_CARDS):
            c = s.deck.pop()
            s.hands[seat][c] += 1
    next_lot(s, 0, ev)


def _room(s: State) -> list[int]:
    return [t for t in range(s.n) if len(s.tribes[t]) < CREW_SIZE]


def next_lot(s: State, starter: int, ev: Events) -> None:
    """The next lot, started by ``starter`` or the first player to his left with room."""
    a = s.auction
    assert a is not None
    room = _room(s)
    if len(room) == 1 and a["bar"]:
        seat = room[0]
        taken = a["bar"]
        a["bar"] = []
        _hire(s, seat, taken, ev, free=True)
        _take_under(s, seat, ev)
    if not a["bar"]:
        _end(s, ev)
        return
    while starter not in room:
        starter = (starter + 1) % s.n
    a.update(lot=None, bid=0, high=-1, out=[], to=starter, pay=0)


def _hire(s: State, seat: int, tribes: list[str], ev: Events, free: bool = False) -> None:
    a = s.auction
    assert a is not None
    s.tribes[seat] += tribes
    s.home[seat] += tribes
    a["last"] = seat
    names = ", ".join(tribes)
    if free:
        pub(ev, "hire", f"{P(seat)} is the only one with room in his crew and takes the rest "
                        f"of the bar for free: {names}.", seat=seat)


def _take_under(s: State, seat: int, ev: Events) -> None:
    a = s.auction
    assert a is not None
    if not a["under"]:
        return
    for c in a["under"]:
        s.hands[seat][c] += 1
    k = len(a["under"])
    pub(ev, "under", f"{P(seat)} also takes the {k} face-down card(s) under the front figure.",
        seat=seat)
    priv(ev, seat, "under", "Under the front figure you find: "
         + ", ".join(card_word(c) for c in a["under"]) + ".")
    a["under"] = []


def situation(s: State, seat: int) -> tuple:
    """Everything the seat's choices depend on (``options`` of it lists them): paying a
    bid (what is left to pay, which symbols he holds), starting a lot (the bar, his
    cards) or raising (the figure, the bid, his cards)."""
    a = s.auction
    assert a is not None
    h = s.hands[seat]
    if a["pay"] > 0:
        return ("pay", a["pay"], h[0] > 0, h[1] > 0, h[2] > 0)
    have = h[0] + h[1] + h[2]
    if a["lot"] is None:
        return ("start", tuple(a["bar"]), have)
    return ("raise", a["bar"][a["lot"]], a["bid"], have)


def options(situation: tuple) -> list[tuple[tuple, str, dict[str, Any], str]]:
    """(key, kind, args, label) in a ``situation`` of the auction."""
    out: list[tuple[tuple, str, dict[str, Any], str]] = []
    if situation[0] == "pay":
        left = situation[1]
        for c in range(3):
            if situation[2 + c]:
                out.append((("pay", SHIPS[c]), "pay", {"card": SHIPS[c]},
                            f"Pay with {card_word(c)} ({left} left to pay)"))
        return out
    if situation[0] == "start":
        _, bar, have = situation
        return [start_option(i, tribe, b) for i, tribe in enumerate(bar)
                for b in range(i, have + 1)]
    _, tribe, bid, have = situation
    for b in range(bid + 1, have + 1):
        out.append((("raise", b), "raise", {"bid": b}, f"Raise to {b} for the {tribe}"))
    out.append((("pass",), "pass", {}, f"Pass on the {tribe}"))
    return out


def start_option(i: int, tribe: str, b: int) -> tuple[tuple, str, dict[str, Any], str]:
    """Starting a lot: the figure on stool ``i`` from the front, at ``b`` cards."""
    extra = "" if i == 0 else "; a card goes under the front figure"
    return (("start_bid", i, b), "start_bid", {"figure": i, "bid": b},
            f"Bid {b} for the {tribe} on stool {i + 1} from the front (minimum {i}{extra})")


def start_bid(s: State, seat: int, i: int, b: int, ev: Events) -> None:
    a = s.auction
    assert a is not None
    tribe = a["bar"][i]
    a.update(lot=i, bid=b, high=seat, out=[])
    pub_shared(ev, ("bid", seat, tribe, i, b), lambda: Event(
        "bid", f"{P(seat)} starts the bidding for the {tribe} on stool {i + 1} at {b}.", None,
        {"seat": seat, "bid": b}))
    if i != 0:
        c = draw_card(s, ev)
        if c is not None:
            a["under"].append(c)
            front = a["bar"][0]
            pub_shared(ev, ("under", front), lambda: Event(
                "under", f"A Talisman card goes face down under the {front} at the front of "
                "the bar.", None, {}))
    _next_bidder(s, seat, ev)


def raise_bid(s: State, seat: int, b: int, ev: Events) -> None:
    a = s.auction
    assert a is not None
    a.update(bid=b, high=seat)
    pub_shared(ev, ("raise", seat, b), lambda: Event(
        "bid", f"{P(seat)} raises to {b}.", None, {"seat": seat, "bid": b}))
    _next_bidder(s, seat, ev)


def pass_bid(s: State, seat: int, ev: Events) -> None:
    a = s.auction
    assert a is not None
    a["out"].append(seat)
    pub_shared(ev, ("pass", seat), lambda: Event(
        "pass", f"{P(seat)} passes.", None, {"seat": seat}))
    _next_bidder(s, seat, ev)


def _next_bidder(s: State, after: int, ev: Events) -> None:
    """The next player clockwise who may still raise; players without enough cards pass
    ("If a player cannot raise the bid ... he must pass"). Nobody left: the lot is won."""
    a = s.auction
    assert a is not None
    n, high, out, bid, tribes, hands = s.n, a["high"], a["out"], a["bid"], s.tribes, s.hands
    for k in range(1, n + 1):
        seat = (after + k) % n
        if seat == high or seat in out or len(tribes[seat]) >= CREW_SIZE:
            continue
        h = hands[seat]
        if h[0] + h[1] + h[2] <= bid:
            out.append(seat)
            ev.append(_CANNOT_RAISE[seat])
            continue
        a["to"] = seat
        return
    _award(s, ev)


#: "... cannot raise and passes", by seat
_CANNOT_RAISE: tuple[Event, ...] = tuple(
    Event("pass", f"{P(seat)} cannot raise and passes.", None, {"seat": seat})
    for seat in range(5))


def _award(s: State, ev: Events) -> None:
    """Decision: the hirer takes the figure and the cards under it, then pays his bid from
    his whole hand (the rulebook names both and no order)."""
    a = s.auction
    assert a is not None
    seat, i, b = a["high"], a["lot"], a["bid"]
    tribe = a["bar"].pop(i)
    pub_shared(ev, ("hire", seat, tribe, b), lambda: Event(
        "hire", f"{P(seat)} hires the {tribe} for {b} card(s).", None,
        {"seat": seat, "tribe": tribe}))
    _hire(s, seat, [tribe], ev)
    if i == 0:
        _take_under(s, seat, ev)
    a.update(lot=None, pay=b, to=seat)
    _auto_pay(s, ev)


def _auto_pay(s: State, ev: Events) -> None:
    """Pays for the hirer when there is nothing to choose (one symbol left, or all cards)."""
    a = s.auction
    assert a is not None
    seat = a["to"]
    hand = s.hands[seat]
    while a["pay"] > 0 and ((hand[0] > 0) + (hand[1] > 0) + (hand[2] > 0) == 1
                            or hand[0] + hand[1] + hand[2] == a["pay"]):
        pay(s, seat, 0 if hand[0] else 1 if hand[1] else 2, ev, auto=True)
    if a["pay"] == 0:
        next_lot(s, (seat + 1) % s.n, ev)


def pay(s: State, seat: int, c: int, ev: Events, auto: bool = False) -> None:
    a = s.auction
    assert a is not None
    s.hands[seat][c] -= 1
    s.discard[c] += 1
    a["pay"] -= 1
    ev.append(_PAID[seat][c])
    if not auto:
        _auto_pay(s, ev)


#: "... discards ... to pay", by seat and card (an Event is frozen: one object serves all)
_PAID: tuple[tuple[Event, ...], ...] = tuple(tuple(
    Event("pay", f"{P(seat)} discards {card_word(c)} to pay.", None, {"seat": seat})
    for c in range(3)) for seat in range(5))


def _end(s: State, ev: Events) -> None:
    """Decision: the face-up row of four is laid out when the auction ends (the deck was
    shuffled for the auction's deal)."""
    a = s.auction
    assert a is not None
    s.first = s.turn = max(0, a["last"])
    s.auction = None
    s.phase = PLAY
    refill_row(s, ev)
    pub(ev, "auction_end", f"The bar is empty. {P(s.first)} hired the last pirat and is the "
                           "first player.")
