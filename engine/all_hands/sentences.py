"""All Hands on Deck!'s sentences: the label of every move and why a move is refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Action

from . import legal as _legal
from . import rules
from .actions import CARD_KINDS, MISSING, SETTING_KINDS, arg_of
from .cards import NAMES, list_names
from .common import P, bid_value
from .state import BID, DISCARD, OVER, TIE, State

#: what each kind of move does, for refusals ("You may now: ...")
HINTS: dict[str, str] = {
    "bid_add": "add a card to your bid",
    "bid_remove": "take a card back out of your bid",
    "bid_confirm": "place your bid face down",
    "pass": "pass",
    "forfeit": "forfeit",
    "discard": "discard a card",
    "discard_done": "keep all your cards",
    "call_cheat": "call a captain a Pirate Cheat",
    "cheat_keep": "keep one of the pulled cards",
    "cheat_keep_none": "keep none of them",
    "honor_keep": "keep one of the pulled cards",
    "resolve": "choose which action card resolves next",
    "cutpurse": "pick a bid card for your Cutpurse",
    "cutpurse_none": "let it take nothing",
    "plunder": "take a card from the discard pile",
    "mermaid_keep": "keep a card of the Mermaid's catch",
    "eight": "select a bid card with Pieces of Eight",
    "give": "give a card for the Shady Deal",
    "brawl": "choose a captain to brawl with",
    "tribute": "pay a card in tribute",
    "king_keep": "keep a card of the tribute",
    "king_done": "discard the rest of the tribute",
    "auto_keep_on": "keep all your cards and skip your discard steps from now on",
    "auto_keep_off": "be asked at every discard step again",
    "open_discard": "open your discard step this round",
}

def _whose(seat: int, target: int) -> str:
    return "your own" if seat == target else f"{P(target)}'s"


def _bid_add(s: State, seat: int, card: str) -> str:
    return f"Add {NAMES[card]} to {'your tie bid' if s.phase == TIE else 'your bid'}"


def _bid_confirm(s: State, seat: int, _: Any) -> str:
    cards = s.picks[seat]
    more = " more" if s.phase == TIE else ""
    return f"Bid {list_names(cards)}{more} face down (value {bid_value(cards, s.auction)})"


def _auto_keep_off(s: State, seat: int, _: Any) -> str:
    if rules.skipped(s, seat):
        return "Ask me at every discard step again, starting with this one"
    return "Ask me at every discard step again"


def _open_discard(s: State, seat: int, _: Any) -> str:
    if s.phase == DISCARD:
        return "Open my discard step after all"
    return "Open my discard step this round"


#: the label of each kind of move, from the state, the seat and the move's argument (a
#: card, a captain, or a seat's bid card as the pair seat, card); captains appear as
#: "{pN}" placeholders
LABELS: dict[str, Callable[[State, int, Any], str]] = {
    "bid_add": _bid_add,
    "bid_remove": lambda s, seat, card: f"Take {NAMES[card]} back out of your bid",
    "bid_confirm": _bid_confirm,
    "pass": lambda s, seat, _: f"Pass on {NAMES[s.auction]}" if s.auction else "Pass",
    "forfeit": lambda s, seat, _: "Forfeit your bid",
    "discard": lambda s, seat, card: f"Discard {NAMES[card]}",
    "discard_done": lambda s, seat, _: "Keep all my cards",
    "auto_keep_on": lambda s, seat, _: "Keep all my cards, and skip my discard steps from now on",
    "auto_keep_off": _auto_keep_off,
    "open_discard": _open_discard,
    "call_cheat": lambda s, seat, p: f"Call {P(p)} a Pirate Cheat (holding 13 or more cards)",
    "cheat_keep": lambda s, seat, card: f"Keep {NAMES[card]}, discard the other pulled cards",
    "cheat_keep_none": lambda s, seat, _: "Keep none of the pulled cards",
    "honor_keep": lambda s, seat, card: f"Keep {NAMES[card]}, discard the other",
    "resolve": lambda s, seat, card: f"Resolve your {NAMES[card]} next",
    "cutpurse": lambda s, seat, sc: (f"Cutpurse: send {_whose(seat, sc[0])} {NAMES[sc[1]]} to "
                                     "the discard pile"),
    "cutpurse_none": lambda s, seat, _: "Cutpurse: take nothing",
    "plunder": lambda s, seat, card: f"Take {NAMES[card]} from the discard pile",
    "mermaid_keep": lambda s, seat, card: f"Keep {NAMES[card]} from the Mermaid's catch",
    "eight": lambda s, seat, sc: f"Pieces of Eight: select {_whose(seat, sc[0])} {NAMES[sc[1]]}",
    "give": lambda s, seat, card: (f"Give {NAMES[card]} to {P(s.pending['to'])} for the "
                                   "Shady Deal"),
    "brawl": lambda s, seat, p: f"Start a Tavern Brawl with {P(p)}",
    "tribute": lambda s, seat, card: (f"Pay {NAMES[card]} in tribute to "
                                      f"{P(s.pending['seat'])}"),
    "king_keep": lambda s, seat, card: f"Keep {NAMES[card]} from the tribute",
    "king_done": lambda s, seat, _: "Keep no more of the tribute; discard the rest",
}


def label(s: State, seat: int, kind: str, arg: Any) -> str:
    """A sentence a player understands; captains appear as "{pN}" placeholders."""
    words = LABELS.get(kind)
    return kind if words is None else words(s, seat, arg)


#: why a seat the game is not waiting for cannot move, by phase
WAITING_WORDS: dict[str, str] = {
    BID: "Another captain must bid first",
    TIE: "Only the tied captains bid now",
    DISCARD: "You are done discarding this round",
}


def _waiting_for(s: State) -> str:
    """Why a seat the game is not waiting for cannot move, without names or hidden facts."""
    if s.pending is not None:
        return "Another captain is making a choice first"
    return WAITING_WORDS.get(s.phase, "The game is waiting for other captains")


def _setting_refusal(s: State, seat: int, kind: str) -> str:
    """Why a discard setting cannot be changed now (``legal._setting_options``)."""
    if kind == "auto_keep_on" and s.auto_keep[seat]:
        return "Your discard steps are already skipped unless you open one"
    if kind != "auto_keep_on" and not s.auto_keep[seat]:
        return "You are asked at every discard step already"
    if kind == "open_discard" and s.opened[seat]:
        return "You have opened your discard step this round already"
    if s.phase == DISCARD and not s.hands[seat]:
        return "You have no card left to discard this round"
    if s.phase == DISCARD and s.done[seat]:
        return "You have finished discarding this round"
    if kind == "auto_keep_on":
        return "You can choose to skip your discard steps in a discard step you are in"
    return "You can change how you discard on your turn to bid"


def refusal(s: State, seat: int, action: Action) -> str:
    """Why a move is refused and what the seat may do instead (a sentence)."""
    if s.phase == OVER:
        return "The game is over."
    if type(seat) is not int or not 0 <= seat < s.n:
        return "That seat is not in this game."
    legal = _legal.options(s, seat)
    kinds = list(dict.fromkeys(k for k, _ in legal))
    arg = arg_of(action)
    kind = action.kind
    if kind not in HINTS:
        why = f"There is no move called {kind!r}"
    elif arg is MISSING:
        why = f"That {kind!r} move is malformed"
    elif kind in CARD_KINDS and arg not in NAMES:
        why = f"There is no card {arg!r}"
    elif kind == "call_cheat":
        if s.phase != BID or s.turn < 0 or s.pending is not None:
            why = "A Pirate Cheat can only be called while the bids are being made"
        elif arg == seat:
            why = "You cannot call yourself a Pirate Cheat"
        elif not 0 <= arg < s.n:
            why = "There is no such captain"
        else:
            why = "That captain is immune to cheat calls for the rest of this round"
    elif kind in SETTING_KINDS:
        why = _setting_refusal(s, seat, kind)
    elif seat not in _legal.to_act(s):
        why = _waiting_for(s)
    elif kind in kinds:
        if kind in ("bid_add", "discard", "give", "tribute"):
            why = f"You have no {NAMES[arg]} left for that"
        else:
            why = "That is not one of your choices"
    else:
        why = "That is not possible now"
    if not kinds:
        return f"{why}; you have nothing to do now."
    hints = ", ".join(HINTS[k] for k in kinds)
    return f"{why}. You may now: {hints}."


