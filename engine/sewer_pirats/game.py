"""Sewer Pirats as a Game of the Parley contract (engine/core.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.core import JSON, Action, Event, IllegalAction, Option, resolve_options

from . import ai as _ai
from . import play, rules
from .actions import HINTS, key_of
from .data import TRIBE_ABILITY, TRIBES
from .decisions import DECISIONS
from .state import OVER, VARIANTS, State
from .state import clone as _clone
from .state import dump as _dump
from .state import load as _load
from .view import determinize as _determinize
from .view import view as _view


def refusal(s: State, seat: int, action: Action) -> str:
    """Why a move is refused and what the seat may do instead (a sentence, nothing hidden)."""
    if s.phase == OVER:
        return "The game is over."
    if type(seat) is not int or not 0 <= seat < s.n:
        return "That seat is not in this game."
    kinds = list(dict.fromkeys(a.kind for a in rules.options(s, seat)))
    if action.kind not in HINTS:
        why = f"There is no move called {action.kind!r}"
    elif key_of(action) is None:
        why = f"That {action.kind!r} move is malformed"
    elif seat not in rules.to_act(s):
        why = "It is another player's turn"
    elif action.kind in kinds:
        why = "That is not one of your choices (too few matching cards, or the space is " \
              "not free)"
    else:
        why = "That is not possible now"
    if not kinds:
        return f"{why}; you have nothing to do now."
    return f"{why}. You may now: {', '.join(HINTS[k] for k in kinds)}."


class SewerPirats:
    """Sewer Pirats (Heidelberger Spieleverlag): 2-5 players crew three ships for treasure."""

    id = "sewer-pirats"
    title = "Sewer Pirats"
    min_players = 2
    max_players = 5
    options: Mapping[str, Option] = {
        "variant": Option(
            VARIANTS,
            "standard",
            "standard: four random tribes with abilities; landlubber: one tribe each, no "
            "abilities; auction: hire your crew at the bar.",
        ),
    }
    #: Random play is measured in bench/bench_sewer_pirats.py (longest of 2,000 random
    #: games of every size and variant: under 1,500 actions); every turn can end the game
    #: only through sailings, which random play reaches with probability near one per few
    #: turns, so this bound leaves a wide margin.
    max_actions = 20_000

    # -- the contract ------------------------------------------------------------------------

    def setup(self, n_players: int, options: Mapping[str, JSON], seed: str) -> State:
        opts = resolve_options(self.options, options)
        if type(n_players) is not int or not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players} to {self.max_players} "
                             f"players, not {n_players}.")
        state, _ = rules.setup(n_players, str(opts["variant"]), seed)
        return state

    #: the rules' own function rather than a method calling it: random play and the AI ask
    #: whose move it is at every step, and a Python call is dear next to the lookup itself
    to_act = staticmethod(rules.to_act)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if type(seat) is not int or not 0 <= seat < state.n:
            return []
        return rules.options(state, seat)[:]

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        if type(seat) is int and 0 <= seat < state.n:
            memo = state.memo  # the moves legal_actions just listed, if it was asked
            if memo is not None and memo[0] == state.moves and memo[1] == seat:
                opts = memo[2]
            else:
                opts = rules.options(state, seat)
            for a in opts:
                if a is action:  # one of the legal moves just listed, as given
                    return play.apply(state, seat, a.payload)
            key = key_of(action)
            if key is not None:
                for a in opts:
                    if a.key == key:
                        return play.apply(state, seat, a.payload)
        raise IllegalAction(refusal(state, seat, action))

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
            "tiebreak": list(state.result["tiebreak"]),
            "reason": state.result["reason"],
        }

    def dump(self, state: State) -> dict:
        return _dump(state)

    def load(self, data: Mapping[str, JSON]) -> State:
        return _load(data)

    def rules_text(self, options: Mapping[str, JSON]) -> str:
        opts = resolve_options(self.options, options)
        return rules_markdown(str(opts["variant"]))

    # -- optional hooks (engine/ai.py) ---------------------------------------------------------

    def clone(self, state: State) -> State:
        return _clone(state)

    def ai_action(
        self, state: State, seat: int, rng: random.Random, level: str = "easy"
    ) -> Action | None:
        return _ai.ai_action(state, seat, rng, level)

    def evaluate(self, state: State, seat: int) -> float:
        return _ai.evaluate(state, seat)


def rules_markdown(variant: str) -> str:
    """The rules summary for ``/game rules``, with every decision of ours listed."""
    lines = [
        "# Sewer Pirats",
        "",
        "Crew the **cat**, **bird** and **fish** ships and seize the best treasure. Each ship "
        "has crew spaces 1, 2, 3 and the captain's space C; before its bow lie two face-up "
        "flotsam groups (3 booty tokens + 1 bonus token). The game ends when a ship has no "
        "flotsam left; the other ships with a captain sail a last time; most points wins.",
        "",
        "## Your turn: one action",
        "- **Draw two cards** from the deck or the face-up row (any mix); the row is refilled; "
        "then discard down to **six**.",
        "- **Move a figure** onto a ship or along it: one space towards the bow per card of "
        "the ship's symbol, occupied spaces skipped for free; never onto C.",
        "- **Become captain** when every crew space between your figure and C is occupied: 3 "
        "cards from your play area, 1 from the ship. Never two captains at once.",
        "- **Set sail**: compulsory when you have a captain. The captain takes the bonus and a "
        "booty token of his choice, then the figures nearest the bow take one each; leftover "
        "booty goes to the box. Figures that took treasure go home, the others move one space "
        "towards the bow; the second group moves up and a new one is laid out.",
        "",
        "## Scoring",
        "- French fries, Chinese noodles, hamburgers: printed value; each ketchup / chili / "
        "milkshake adds 5 / 4 / 3 to every fries / noodles / hamburger token.",
        "- Parrots: 1 point each; one counts all your teddy bears or all your soft dolls, two "
        "count both.",
        "- Tin cans: each can opener opens one can (the best first).",
        "- Tie: the sum of the crew-space numbers your figures occupy; still tied: shared.",
        "",
        "## This table",
    ]
    if variant == "landlubber":
        lines.append("**Landlubber variant**: each player leads four figures of one tribe, "
                     "with no special abilities.")
    else:
        if variant == "auction":
            lines.append("**Crew Member Auction**: hire your crew at the bar with eight "
                         "Talisman cards. The front figure's minimum bid is 0, the next 1, "
                         "and so on; starting on any other figure puts a card under the "
                         "front one. Raise or pass clockwise; the winner discards his bid. "
                         "The last hirer goes first; leftover cards are your starting hand.")
        else:
            lines.append("**Standard game**: four tribe cards are drawn; every player leads "
                         "one figure of each of those tribes.")
        lines += ["", "## Tribe abilities"]
        lines += [f"- **{t.capitalize()}**: {TRIBE_ABILITY[t]}" for t in TRIBES]
    lines += ["", "## Our decisions where the rulebook is silent"]
    lines += [f"- {d}" for d in DECISIONS]
    return "\n".join(lines) + "\n"
