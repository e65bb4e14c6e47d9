"""All Hands on Deck! as a Game of the Parley contract (engine/core.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core import JSON, Action, Event, IllegalAction, Option, resolve_options

from . import ai as _ai
from . import legal as _legal
from . import play, rules
from .actions import (
    CARD_KINDS,
    MISSING,
    SETTING_KINDS,
    arg_of,
    args_of,
)
from .cards import ACTION_TEXT, ACTIONS, NAMES, list_names
from .common import P, bid_value
from .decisions import DECISIONS
from .state import BID, DISCARD, OVER, TIE, State
from .state import clone as _clone
from .state import dump as _dump
from .state import load as _load
from .view import determinize as _determinize
from .view import view as _view

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


def label(s: State, seat: int, kind: str, arg: Any) -> str:
    """A sentence a player understands; captains appear as "{pN}" placeholders."""
    if kind == "bid_add":
        where = "your tie bid" if s.phase == TIE else "your bid"
        return f"Add {NAMES[arg]} to {where}"
    if kind == "bid_remove":
        return f"Take {NAMES[arg]} back out of your bid"
    if kind == "bid_confirm":
        cards = s.picks[seat]
        more = " more" if s.phase == TIE else ""
        value = bid_value(cards, s.auction)
        return f"Bid {list_names(cards)}{more} face down (value {value})"
    if kind == "pass":
        return f"Pass on {NAMES[s.auction]}" if s.auction else "Pass"
    if kind == "forfeit":
        return "Forfeit your bid"
    if kind == "discard":
        return f"Discard {NAMES[arg]}"
    if kind == "discard_done":
        return "Keep all my cards"
    if kind == "auto_keep_on":
        return "Keep all my cards, and skip my discard steps from now on"
    if kind == "auto_keep_off":
        if rules.skipped(s, seat):
            return "Ask me at every discard step again, starting with this one"
        return "Ask me at every discard step again"
    if kind == "open_discard":
        if s.phase == DISCARD:
            return "Open my discard step after all"
        return "Open my discard step this round"
    if kind == "call_cheat":
        return f"Call {P(arg)} a Pirate Cheat (holding 13 or more cards)"
    if kind == "cheat_keep":
        return f"Keep {NAMES[arg]}, discard the other pulled cards"
    if kind == "cheat_keep_none":
        return "Keep none of the pulled cards"
    if kind == "honor_keep":
        return f"Keep {NAMES[arg]}, discard the other"
    return _card_label(s, seat, kind, arg)


def _card_label(s: State, seat: int, kind: str, arg: Any) -> str:
    """The label of a choice an action card asks for while the cards resolve."""
    if kind == "resolve":
        return f"Resolve your {NAMES[arg]} next"
    if kind == "cutpurse":
        return f"Cutpurse: send {_whose(seat, arg[0])} {NAMES[arg[1]]} to the discard pile"
    if kind == "cutpurse_none":
        return "Cutpurse: take nothing"
    if kind == "plunder":
        return f"Take {NAMES[arg]} from the discard pile"
    if kind == "mermaid_keep":
        return f"Keep {NAMES[arg]} from the Mermaid's catch"
    if kind == "eight":
        return f"Pieces of Eight: select {_whose(seat, arg[0])} {NAMES[arg[1]]}"
    if kind == "give":
        return f"Give {NAMES[arg]} to {P(s.pending['to'])} for the Shady Deal"
    if kind == "brawl":
        return f"Start a Tavern Brawl with {P(arg)}"
    if kind == "tribute":
        return f"Pay {NAMES[arg]} in tribute to {P(s.pending['seat'])}"
    if kind == "king_keep":
        return f"Keep {NAMES[arg]} from the tribute"
    if kind == "king_done":
        return "Keep no more of the tribute; discard the rest"
    return kind


def _waiting_for(s: State) -> str:
    """Why a seat the game is not waiting for cannot move, without names or hidden facts."""
    if s.pending is not None:
        return "Another captain is making a choice first"
    if s.phase == BID:
        return "Another captain must bid first"
    if s.phase == TIE:
        return "Only the tied captains bid now"
    if s.phase == DISCARD:
        return "You are done discarding this round"
    return "The game is waiting for other captains"


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


class AllHandsOnDeck:
    """All Hands on Deck! (Salamander Games, 2014): 2-6 captains bid for pirate crew."""

    id = "all-hands"
    title = "All Hands on Deck!"
    min_players = 2
    max_players = 6
    options: Mapping[str, Option] = {
        "longer": Option(
            (False, True),
            False,
            "The longer game: score every hand, first to 250 points or best after 5 hands.",
        ),
        "round_limit": Option(
            (50, 100, 200),
            100,
            "Rounds in a hand before the best-scoring hand wins it (so every game ends).",
        ),
    }
    #: A hand lasts at most round_limit (<= 200) rounds and the game at most 5 hands; random
    #: play makes about 25 moves a round with 6 captains (measured: ~25,000 moves for the
    #: longest game), so this bound leaves a sixteen-fold margin.
    max_actions = 400_000
    #: The private keys whose change is worth a DM: the hand, and a choice waiting on you
    #: (cards picked for a bid change click by click; the panel shows those).
    dm_keys = ("hand", "choice")

    # -- the contract ------------------------------------------------------------------------

    def setup(self, n_players: int, options: Mapping[str, JSON], seed: str) -> State:
        opts = resolve_options(self.options, options)
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players} to {self.max_players} "
                             f"captains, not {n_players}.")
        return rules.setup(n_players, bool(opts["longer"]), int(opts["round_limit"]), seed)

    def to_act(self, state: State) -> frozenset[int]:
        return _legal.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if not 0 <= seat < state.n:
            return []
        return [
            Action(kind, args_of(kind, arg), label(state, seat, kind, arg))
            for kind, arg in _legal.options(state, seat)
        ]

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        arg = arg_of(action)
        if (
            arg is MISSING
            or type(seat) is not int
            or not 0 <= seat < state.n
            or (action.kind, arg) not in _legal.options(state, seat)
        ):
            raise IllegalAction(refusal(state, seat, action))
        return play.apply(state, seat, action.kind, arg)

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def determinize(self, state: State, seat: int | None, rng: random.Random) -> State:
        return _determinize(state, seat, rng)

    def result(self, state: State) -> dict | None:
        if state.result is None:
            return None
        return {
            "winners": list(state.result["winners"]),
            "scores": list(state.result["scores"]),
            "reason": state.result["reason"],
            "crew": state.result.get("crew"),
        }

    def dump(self, state: State) -> dict:
        return _dump(state)

    def load(self, data: Mapping[str, JSON]) -> State:
        return _load(data)

    def rules_text(self, options: Mapping[str, JSON]) -> str:
        opts = resolve_options(self.options, options)
        return rules_markdown(bool(opts["longer"]), int(opts["round_limit"]))

    # -- optional hooks (engine/ai.py) ---------------------------------------------------------

    def clone(self, state: State) -> State:
        return _clone(state)

    def ai_action(
        self, state: State, seat: int, rng: random.Random, level: str = "easy"
    ) -> Action | None:
        return _ai.ai_action(state, seat, rng, level)

    def evaluate(self, state: State, seat: int) -> float:
        return _ai.evaluate(state, seat)


def rules_markdown(longer: bool, round_limit: int) -> str:
    """The rules summary for ``/game rules``, with every decision of ours listed."""
    lines = [
        "# All Hands on Deck!",
        "",
        "Be the first captain to muster a seaworthy crew: **seven consecutive crew cards of "
        "one crew**, or **three consecutive in each of the three crews** (Stormsail, Sea "
        "Sabre, Black Viper). A Pirate Monkey is wild in a run.",
        "",
        "## A round",
        "1. **Deal**: a card to each captain from the dealer's left (not in the first round; "
        "everyone starts with five).",
        "2. **Auction card**: the top card of the deck is turned up.",
        "3. **Bid or pass**, in turn from the dealer's left: one or more cards face down. Crew "
        "values add up; **Brothers Before the Mast**: crew of the auction card's suit count "
        "double. Action cards are worth nothing but take effect.",
        "4. **Reveal** all bids together.",
        "5. **Resolve action cards** in player order from the dealer's left; each captain "
        "orders their own.",
        "6. **Winner**: Rum wins outright; else the highest bid. Only action cards and no "
        "Rum, or no bids: the card is discarded. A tie: the tied captains bid one or more "
        "further cards face down or forfeit; if all forfeit, the card is discarded. Bid cards "
        "go to the discard pile.",
        "7. **Discard** any cards you like, all captains at once, or keep them all (one "
        "move, which can also skip your later discard steps unless you open one). The deal "
        "passes left.",
        "",
        "The moment a captain holds a winning crew, the hand ends (unresolved action cards "
        "are discarded).",
        "",
        "## Rules Ain't for Pirates!",
        "The hand limit is 12, but you may hold more. From the deal until the bids are "
        "revealed, anyone may call a captain a **Pirate Cheat**: they count their cards openly. "
        "With 13 or more, the caller pulls cards at random until 12 remain, may keep one and "
        "discards the rest. With fewer, the accused pulls two at random from the caller, keeps "
        "one, discards the other, and is immune until their next dealt card.",
        "",
        "## Action cards",
    ]
    for code, (name, copies) in ACTIONS.items():
        lines.append(f"- **{name}** ({copies}): {ACTION_TEXT[code]}")
    lines += ["", "## This table"]
    if longer:
        lines.append(
            "**Longer game**: after each hand every captain scores, per crew, their highest run "
            "of three and their highest run of seven (sum of the crew values, monkeys 0); the "
            "hand's winner adds 20. First to 250 points, or the best total after 5 hands, "
            "wins; an exact tie shares the win."
        )
    else:
        lines.append("**Short game**: the first winning crew wins the game.")
    lines.append(
        f"**Round limit**: {round_limit} rounds per hand; then the best-scoring hand wins "
        "the hand."
    )
    lines += ["", "## Our decisions where the rulebook is silent"]
    lines += [f"- {d}" for d in DECISIONS]
    return "\n".join(lines) + "\n"
