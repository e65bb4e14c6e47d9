"""Pirate Tricks' moves for the runner of engine/core.py: the legal moves as Actions (with a
fast path for the two commonest phases), why a move is refused, and who plays next."""

from __future__ import annotations

from engine.core import Action

from . import rules
from .actions import ARG, BIDS, CARD_ACTIONS, MISSING, action_of, arg_of, bid_action
from .cards import COLOUR_NAMES, NAMES, TRICKS, card_name
from .rules import led_colour, row_name
from .state import BID, CHOOSE, DITCH, OVER, PLAY, PREDICT, REVEAL, State

HINTS: dict[str, str] = {
    "bid": "place a sealed bid",
    "reveal": "pick a card to reveal for the tie-break",
    "give": "choose who takes the row",
    "ditch": "ditch a card",
    "predict": "predict your tricks",
    "play": "play a card",
}


def _waiting_for(s: State, seat: int) -> str:
    """Why the game is not waiting for ``seat``, without names or hidden facts."""
    if s.phase == BID:
        if seat not in s.bidders:
            return "You have your row already; the others are still bidding"
        return f"You have placed your bid on {row_name(s.row)}; it stays sealed until every " \
            "bid is in"
    if s.phase == REVEAL:
        if seat not in s.tied:
            return "Only the tied players reveal a card now"
        return "Your tie-break card is placed; the others are still choosing theirs"
    if s.phase == CHOOSE:
        return "The winner of the tie-break chooses who takes the row"
    if s.phase == DITCH:
        return "You have ditched your two cards; the others are still choosing"
    if s.phase == PREDICT:
        return "It is another player's turn to predict"
    return "It is another player's turn to play"


def refusal(s: State, seat: int, action: Action) -> str:
    """Why a move is refused and what the seat may do instead. It only speaks of public
    facts and of the seat's own cards and loon (the answer goes to that player alone)."""
    if s.phase == OVER:
        return "The game is over."
    if type(seat) is not int or not 0 <= seat < s.n:
        return "That seat is not in this game."
    kinds = list(dict.fromkeys(k for k, _ in rules.options(s, seat)))
    kind = action.kind
    arg = arg_of(action)
    if kind not in ARG:
        why = f"There is no move called {kind!r}"
    elif arg is MISSING:
        key, typ = ARG[kind]
        why = f"A {kind!r} move needs one {typ.__name__} called {key!r}"
    elif ARG[kind][1] is str and arg not in NAMES:
        why = f"There is no card {arg!r}; cards are written R13, G5, B20"
    elif seat not in rules.to_act(s):
        why = _waiting_for(s, seat)
    elif kind not in kinds:
        why = "That is not possible now"
    elif kind == "bid":
        why = (f"A bid is a number of loon from 0 to the {s.loon[seat]} loon you have"
               if arg >= 0 else "A bid cannot be negative")
    elif kind == "predict":
        why = f"A prediction is a number of tricks from 0 to {TRICKS}"
    elif kind == "give":
        why = "The row goes to one of the tied players"
    elif kind == "play" and arg in s.hands[seat]:
        led = led_colour(s)
        colour = COLOUR_NAMES[led] if led else ""
        why = f"You must follow {colour}: you hold {colour} cards"
    else:
        why = f"You do not hold {card_name(arg)}"
    if not kinds:
        return f"{why}; you have nothing to do now."
    return f"{why}. You may now: {', '.join(HINTS[k] for k in kinds)}."



def legal_actions(s: State, seat: int) -> list[Action]:
    if type(seat) is not int or not 0 <= seat < s.n:
        return []
    ph = s.phase
    if ph == PLAY:
        if seat != s.turn:
            return []
        table = CARD_ACTIONS["play"]
        hand = s.hands[seat]
        if s.trick:
            led = s.trick[0][1][0]
            follow = [table[c] for c in hand if c[0] == led]
            if follow:
                return follow
        return [table[c] for c in hand]
    if ph == BID:
        if seat in s.bidders and s.bids[seat] is None:
            limit = s.loon[seat] + 1
            if limit <= len(BIDS):
                return BIDS[:limit]
            return [bid_action(k) for k in range(limit)]
        return []
    return [action_of(s, seat, k, a) for k, a in rules.options(s, seat)]


def find(s: State, seat: int, action: Action) -> tuple | None:
    """The legality check: the move as the rules take it, (kind, card or number), if it is legal,
    tested directly (rules.is_legal) rather than looked up in the listed moves."""
    arg = arg_of(action)
    if (arg is MISSING or type(seat) is not int or not 0 <= seat < s.n
            or not rules.is_legal(s, seat, action.kind, arg)):
        return None
    return action.kind, arg


def next_up(s: State) -> int | None:
    """Who plays after the player on turn now. Predictions: "the player to his or her left
    makes a prediction, and so on", and after the last one "the player with the Go First
    marker leads the first card". A trick: "Play continues to the left ... until all
    players have played one card"; the last card of a trick has no known successor (the
    trick's winner leads the next, or the round is scored). None in the phases every
    remaining player acts in at once (sealed bids, the tie reveal, ditching) and for the
    winner's choice of a tied row."""
    if s.phase == PREDICT and s.turn is not None:
        nxt = (s.turn + 1) % s.n
        return nxt if s.predictions[nxt] is None else s.marker
    if s.phase == PLAY and s.turn is not None and len(s.trick) < s.n - 1:
        return (s.turn + 1) % s.n
    return None
