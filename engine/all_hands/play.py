"""Carrying out a move of All Hands on Deck!: ``apply`` sends each kind of move to one
short function (``perform``) and scores the hand the moment a captain holds a winning crew
(``HandWon``). Bids and passes move the round on through ``rules``; the action cards' choices
go to ``effects``, the Pirate Cheat's to ``cheat``; the discard settings (issue 22,
``rules.skips_discard``) are here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, IllegalAction

from . import cheat, effects
from .cards import NAMES, list_names
from .common import HandWon, P, priv, pub, seen_out
from .rules import (
    _next_bidder,
    continue_resolution,
    end_hand,
    end_round,
    reveal_tie,
    skipped,
)
from .state import BID, BIDDING, DISCARD, FORFEIT, PASSED, State


def apply(s: State, seat: int, kind: str, arg: Any) -> list[Event]:
    """Apply a legal move (``game.AllHandsOnDeck.apply`` checks legality first)."""
    out: list[Event] = []
    try:
        perform(s, seat, kind, arg, out)
    except HandWon as won:
        end_hand(s, out, [won.seat], move_dealer=True)
    return out


def perform(s: State, seat: int, kind: str, arg: Any, out: list[Event]) -> None:
    """Carry out a move already checked legal: a move of its own in ``MOVES``, else a
    choice an action card asks for (``_choose``), after which the cards resolve on."""
    move = MOVES.get(kind)
    if move is not None:
        move(s, seat, arg, out)
    else:
        _choose(s, seat, kind, arg, out)
        continue_resolution(s, out)


def _bid_confirm(s: State, seat: int, out: list[Event]) -> None:
    cards = s.picks[seat]
    s.picks[seat] = []
    hand = s.hands[seat]
    for c in cards:
        hand.remove(c)
    s.bids[seat].extend(cards)
    k = len(cards)
    plural = "s" if k > 1 else ""
    priv(out, seat, "my_bid", f"You bid {list_names(cards)} face down.", cards=cards)
    if s.phase == BID:
        s.status[seat] = BIDDING
        pub(s, out, "bid", f"{P(seat)} bids {k} card{plural} face down.", seat=seat, count=k)
        _next_bidder(s, out)
    else:
        s.done[seat] = True
        pub(s, out, "bid", f"{P(seat)} bids {k} more card{plural} face down.", seat=seat,
             count=k)
        _tie_progress(s, out)


def _tie_progress(s: State, out: list[Event]) -> None:
    if all(s.done[t] for t in s.contenders):
        reveal_tie(s, out)


def _pass(s: State, seat: int, out: list[Event]) -> None:
    """Step 3, "BID OR PASS": "If a Captain passes, he waits for the next round"; the next
    captain bids."""
    s.picks[seat] = []
    s.status[seat] = PASSED
    pub(s, out, "pass", f"{P(seat)} passes.", seat=seat)
    _next_bidder(s, out)


def _forfeit(s: State, seat: int, out: list[Event]) -> None:
    """"Tie Bids": "each Captain involved in the tie must bid another one or more cards face
    down or forfeit his bid" (``rules._start_tie``)."""
    s.picks[seat] = []
    s.status[seat] = FORFEIT
    s.done[seat] = True
    pub(s, out, "forfeit", f"{P(seat)} forfeits their bid.", seat=seat)
    _tie_progress(s, out)


def _discard(s: State, seat: int, card: str, out: list[Event]) -> None:
    """Step 7: a card discarded; a captain left with no card has nothing more to discard."""
    s.hands[seat].remove(card)
    seen_out(s, seat, [card])
    s.discard.append(card)
    pub(s, out, "discard", f"{P(seat)} discards {NAMES[card]}.", seat=seat, card=card)
    if not s.hands[seat]:
        _discard_done(s, seat, out)


def _choose(s: State, seat: int, kind: str, arg: Any, out: list[Event]) -> None:
    """A choice made while action cards resolve."""
    if kind == "resolve":
        s.pending = None
        effects.resolve_card(s, seat, arg, out)
    elif kind == "cutpurse":
        effects.cut(s, seat, arg[0], arg[1], out)
    elif kind == "cutpurse_none":
        effects.cut_nothing(s, seat, out)
    elif kind == "plunder":
        effects.take_plunder(s, seat, arg, out)
    elif kind == "mermaid_keep":
        effects.mermaid_keep(s, seat, arg, out)
    elif kind == "eight":
        effects.select_eight(s, seat, arg[0], arg[1], out)
    elif kind == "give":
        effects.shady_give(s, seat, arg, out)
    elif kind == "brawl":
        effects.brawl(s, seat, arg, out)
    elif kind == "tribute":
        effects.pay_tribute(s, seat, arg, out)
    elif kind == "king_keep":
        effects.king_keep(s, arg, out)
    elif kind == "king_done":
        effects.king_done(s, out)
    else:  # options() never offers anything else
        raise IllegalAction(f"Unknown move {kind!r}.")


def _discard_done(s: State, seat: int, out: list[Event]) -> None:
    """The captain keeps the cards he holds: his discard step is over ("Keep all my
    cards", one move, whether he discarded some first or none)."""
    s.done[seat] = True
    if all(s.done):
        end_round(s, out)


# -- the discard settings (``rules.skips_discard``) ------------------------------------------


def auto_keep_on(s: State, seat: int, out: list[Event]) -> None:
    """"Skip my discard steps unless I open one". Decision: it takes effect at once, so in
    a discard step he is making it also keeps all his cards now."""
    s.auto_keep[seat] = True
    s.opened[seat] = False
    priv(out, seat, "discard_setting", "From now on you keep all your cards at the discard "
         "step without being asked, unless you open that round's step.", auto_keep=True)
    if s.phase == DISCARD and not s.done[seat]:
        _discard_done(s, seat, out)


def auto_keep_off(s: State, seat: int, out: list[Event]) -> None:
    """Back to being asked at every discard step; at once, so a step his choice skipped
    and still running is open to him again."""
    reopen = skipped(s, seat)
    s.auto_keep[seat] = False
    s.opened[seat] = False
    priv(out, seat, "discard_setting", "From now on you are asked at every discard step.",
         auto_keep=False)
    if reopen:
        s.done[seat] = False


def open_discard(s: State, seat: int, out: list[Event]) -> None:
    """Open this round's discard step despite the standing choice (which stays on for the
    next rounds): ahead of the step, or while it runs."""
    reopen = skipped(s, seat)
    s.opened[seat] = True
    text = ("You open your discard step: discard what you like, then keep the rest."
            if reopen else "You will be asked at this round's discard step.")
    priv(out, seat, "discard_setting", text, opened=True)
    if reopen:
        s.done[seat] = False


Move = Callable[[State, int, Any, list[Event]], None]
#: each kind of move and the one function that carries it out (``arg``: the move's card or
#: seat, unused by the moves that have none)
MOVES: dict[str, Move] = {
    "bid_add": lambda s, seat, card, out: s.picks[seat].append(card),
    "bid_remove": lambda s, seat, card, out: s.picks[seat].remove(card),
    "bid_confirm": lambda s, seat, _, out: _bid_confirm(s, seat, out),
    "pass": lambda s, seat, _, out: _pass(s, seat, out),
    "forfeit": lambda s, seat, _, out: _forfeit(s, seat, out),
    "discard": _discard,
    "discard_done": lambda s, seat, _, out: _discard_done(s, seat, out),
    "auto_keep_on": lambda s, seat, _, out: auto_keep_on(s, seat, out),
    "auto_keep_off": lambda s, seat, _, out: auto_keep_off(s, seat, out),
    "open_discard": lambda s, seat, _, out: open_discard(s, seat, out),
    "call_cheat": cheat.call_cheat,
    "cheat_keep": cheat.cheat_keep,
    "cheat_keep_none": lambda s, seat, _, out: cheat.cheat_keep(s, seat, None, out),
    "honor_keep": cheat.honor_keep,
}
