"""What a seat of All Hands on Deck! may do: whose move it is (``to_act``) and every legal
move (``options``), as (kind, argument) pairs that ``game`` turns into Actions and
``play.apply`` carries out. The phases and pending choices are set by ``rules``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .common import distinct, left_order, table_choices
from .rules import skipped
from .state import BID, DISCARD, OVER, TIE, State


def pending_seats(p: Mapping[str, Any]) -> list[int]:
    if p["kind"] == "tribute":
        return list(p["waiting"])
    return [p["seat"]]


def to_act(s: State) -> frozenset[int]:
    if s.phase == OVER:
        return frozenset()
    if s.pending is not None:
        return frozenset(pending_seats(s.pending))
    if s.phase == BID:
        return frozenset((s.turn,)) if s.turn >= 0 else frozenset()
    if s.phase == TIE:
        return frozenset(t for t in s.contenders if not s.done[t])
    if s.phase == DISCARD:
        return frozenset(t for t in range(s.n) if not s.done[t])
    return frozenset()


def _pick_options(s: State, seat: int, opts: list) -> None:
    hand = s.hands[seat]
    picks = s.picks[seat]
    if picks:
        for c in distinct(hand):
            if hand.count(c) > picks.count(c):
                opts.append(("bid_add", c))
        for c in distinct(picks):
            opts.append(("bid_remove", c))
        opts.append(("bid_confirm", None))
    else:
        for c in distinct(hand):
            opts.append(("bid_add", c))


def options(s: State, seat: int) -> list[tuple[str, Any]]:
    """Every legal move of ``seat`` as (kind, argument): the argument is a card code, a seat,
    a (seat, card) pair, or None. ``game.py`` turns them into Actions. The discard settings
    come last (``_setting_options``)."""
    opts: list[tuple[str, Any]] = []
    if s.phase == OVER:
        return opts
    _move_options(s, seat, opts)
    _setting_options(s, seat, opts)
    return opts


def _setting_options(s: State, seat: int, opts: list) -> None:
    """The captain's discard settings (``skips_discard``). He turns the standing choice on
    in a discard step he is in (keeping all his cards there too), where it is a click beside
    "Keep all my cards"; with it on, he turns it off or opens this round's step on his turn
    to bid, or while a discard step it skipped is still running. So each change is made
    among his other moves and shows the others nothing, and a captain who never uses it
    sees no more moves than before. (Not among the answers to an action card's choice or a
    tie bid, which stay what the card or the tie asks.)

    Decision: the settings are his alone (the others' views never show them): changing
    them in the middle of a round would say he means to discard, that is, perhaps that he
    holds more than twelve cards, which a Pirate Cheat call is about. The others learn who
    still discards when the step starts, as at the table.
    """
    if s.pending is not None:
        return
    if s.phase == DISCARD and not s.done[seat]:  # in the step
        opts.append(("auto_keep_off" if s.auto_keep[seat] else "auto_keep_on", None))
    elif s.auto_keep[seat] and ((s.phase == BID and seat == s.turn) or skipped(s, seat)):
        opts.append(("auto_keep_off", None))
        if not s.opened[seat]:
            opts.append(("open_discard", None))


def _move_options(s: State, seat: int, opts: list) -> None:
    phase = s.phase
    p = s.pending
    if p is not None:
        if seat in pending_seats(p):
            _pending_options(s, seat, p, opts)
        return
    if phase == BID:
        if seat == s.turn:
            _pick_options(s, seat, opts)
            opts.append(("pass", None))
        if s.turn >= 0:
            for t in range(s.n):
                if t != seat and not s.immune[t]:
                    opts.append(("call_cheat", t))
    elif phase == TIE:
        if seat in s.contenders and not s.done[seat]:
            _pick_options(s, seat, opts)
            opts.append(("forfeit", None))
    elif phase == DISCARD:
        if not s.done[seat]:
            for c in distinct(s.hands[seat]):
                opts.append(("discard", c))
            opts.append(("discard_done", None))


def _pending_options(s: State, seat: int, p: Mapping[str, Any], opts: list) -> None:
    kind = p["kind"]
    if kind == "order":
        for c in distinct(s.unres[seat]):
            opts.append(("resolve", c))
    elif kind == "cutpurse":
        for t, c in table_choices(s, seat, False):
            opts.append(("cutpurse", (t, c)))
        opts.append(("cutpurse_none", None))
    elif kind == "plunder":
        for c in distinct(s.discard):
            opts.append(("plunder", c))
    elif kind == "mermaid":
        for c in distinct(p["cards"]):
            opts.append(("mermaid_keep", c))
    elif kind == "eight":
        for t, c in table_choices(s, seat, True):
            opts.append(("eight", (t, c)))
    elif kind == "shady":
        for c in distinct(s.hands[seat]):
            opts.append(("give", c))
    elif kind == "brawl":
        for t in left_order(s, seat)[:-1]:
            opts.append(("brawl", t))
    elif kind == "tribute":
        for c in distinct(s.hands[seat]):
            opts.append(("tribute", c))
    elif kind == "king":
        for c in distinct(p["cards"]):
            opts.append(("king_keep", c))
        opts.append(("king_done", None))
    elif kind == "cheat":
        for c in distinct(p["cards"]):
            opts.append(("cheat_keep", c))
        opts.append(("cheat_keep_none", None))
    elif kind == "honor":
        for c in distinct(p["cards"]):
            opts.append(("honor_keep", c))


def next_up(s: State) -> int | None:
    """Who bids after the captain bidding now: rulebook step 3, "Starting with the Captain
    to the dealer's left, every Captain in turn decides if they want to bid or pass" (a
    brawled captain is skipped, as ``rules._next_bidder`` does). None outside that round
    of bids (a tie bid, a discard step or an action card's choice waits for several
    captains or for a choice), and after the dealer, the last to bid: the bids are then
    revealed and resolved (steps 4-6) before anyone is asked again."""
    if s.phase != BID or s.pending is not None or s.turn < 0:
        return None
    order = left_order(s)
    for seat in order[order.index(s.turn) + 1:]:
        if not s.brawled[seat]:
            return seat
    return None
