"""Pirate Tricks as a Game of the Parley contract (engine/core.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.core import JSON, Action, Event, IllegalAction, Option, resolve_options

from . import ai as _ai
from . import rules
from .actions import ARG, BIDS, CARD_ACTIONS, MISSING, action_of, arg_of, bid_action
from .cards import COLOUR_NAMES, NAMES, TRICKS, card_name
from .decisions import DECISIONS
from .rules import led_colour, row_name
from .scorecards import CARDS, DECKS, RECRUITMENT, TREASURE
from .state import BID, CHOOSE, DITCH, OVER, PLAY, PREDICT, REVEAL, State
from .state import clone as _clone
from .state import dump as _dump
from .state import load as _load
from .view import determinize as _determinize
from .view import view as _view

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


class PirateTricks:
    """Pirate Tricks (Soaring Rhino, 2018): 3-5 space pirates bid for rows of crew, then
    play ten tricks a round for loon."""

    id = "pirate-tricks"
    title = "Pirate Tricks"
    min_players = 3
    max_players = 5
    options: Mapping[str, Option] = {
        "rounds": Option((3, 4, 5), 3, "Rounds of play (the rulebook: 3, or 4 or 5 for a "
                         "longer game)."),
    }
    #: A round takes at most: 2 bids per row per player (2n^2), as many tie-break cards
    #: (2n^2), n choices, 2n ditches, n predictions and 10n cards played: 4n^2 + 14n = 170
    #: moves with 5 players, 850 in five rounds; the bound leaves a margin over that.
    max_actions = 2_000

    def setup(self, n_players: int, options: Mapping[str, JSON], seed: str) -> State:
        opts = resolve_options(self.options, options)
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players} to {self.max_players} "
                             f"players, not {n_players}.")
        return rules.setup(n_players, int(opts["rounds"]), seed)

    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        s = state
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

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        arg = arg_of(action)
        if (
            arg is MISSING
            or type(seat) is not int
            or not 0 <= seat < state.n
            or not rules.is_legal(state, seat, action.kind, arg)
        ):
            raise IllegalAction(refusal(state, seat, action))
        return rules.apply(state, seat, action.kind, arg)

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
        }

    def dump(self, state: State) -> dict:
        return _dump(state)

    def load(self, data: Mapping[str, JSON]) -> State:
        return _load(data)

    def rules_text(self, options: Mapping[str, JSON]) -> str:
        opts = resolve_options(self.options, options)
        return rules_markdown(int(opts["rounds"]))

    # -- optional hooks (engine/ai.py) ---------------------------------------------------------

    def clone(self, state: State) -> State:
        return _clone(state)

    def ai_action(
        self, state: State, seat: int, rng: random.Random, level: str = "easy"
    ) -> Action | None:
        return _ai.ai_action(state, seat, rng, level)

    def evaluate(self, state: State, seat: int) -> float:
        return _ai.evaluate(state, seat)


def rules_markdown(rounds: int) -> str:
    """The rules summary for ``/game rules``, with the score cards and every decision of
    ours listed."""
    lines = [
        "# Pirate Tricks",
        "",
        f"Have the most **loon** after **{rounds} rounds**. Crew cards are numbered 1-20 in "
        "three colours: **red** (Vulper, always trump), **green** (Beringa), **blue** "
        "(Mustel). With 4 players the 1-4 of each colour are out, with 3 players the 1-8. "
        "Everyone starts with 12 loon, kept behind a screen: only you see yours.",
        "",
        "## A round",
        "1. **Score cards**: two recruitment, one treasure and one capture card are turned up.",
        "2. **Deal**: five cards to each player, and one row per player of five cards face "
        "up and two face down. The Go First marker lies by the top row.",
        "3. **Row bidding** (`/tricks bid`), from the top row down: every player without a row "
        "bids loon in secret; the bids are revealed together. A clear winner pays and takes the "
        "row (the top row brings the Go First marker). A tie above zero: each tied player "
        "reveals a card from their hand (`/tricks reveal`): highest number wins, then red, "
        "green, blue; the cards go back. A zero tie puts 2 loon from the bank on the row and "
        "the bidding moves on. Rows left after the first pass are bid on again from the top; "
        "then a zero tie goes to the card reveal and its winner chooses who takes the row "
        "(`/tricks give`). Nobody bids more than twice on one row; the last player takes the "
        "last row free. A row's loon goes with it.",
        "4. **Ditch two** of your twelve cards (`/tricks ditch`), face down, out of play.",
        "5. **Predictions** (`/tricks predict`) when Tempt Fortune or Extra Loot is in play, "
        "in turn from the Go First marker.",
        "6. **Recruitment**: every player collects on both recruitment cards; a card counts "
        "once per recruitment card, but may count for both.",
        "7. **Ten tricks** (`/tricks play`): the Go First marker leads the first. Follow the "
        "colour led if you can, else play anything. Red trumps; red may be led. The highest "
        "red, else the highest card of the colour led, takes the trick and leads the next.",
        "8. **Scoring**: the capture and treasure cards pay (or cost) loon. Tied players all "
        "collect. Whoever owes more than they have pays all they have.",
        "",
        "At the start of a round, a player with fewer than 5 loon tops up to 5. After the "
        "last round the most loon wins; a tie shares the victory.",
        "",
        "## Score cards",
    ]
    for kind in (RECRUITMENT, TREASURE, "capture"):
        lines.append(f"**{kind.capitalize()}**:")
        for code in DECKS[kind]:
            card = CARDS[code]
            mark = "" if card.source == "rulebook" else " *(our design)*"
            lines.append(f"- **{card.name}**: {card.text}{mark}")
    lines += ["", "## Our decisions where the rulebook is silent"]
    lines += [f"- {d}" for d in DECISIONS]
    return "\n".join(lines) + "\n"

