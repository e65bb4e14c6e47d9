"""Catan: Seafarers (Klaus Teuber, 1997), declared for the runner of engine/core.py.

The ``scenario`` option names one of scenario_rules.SCENARIOS (classic, new_shores,
four_islands, oceans, through_the_desert, new_world, great_crossing, greater_catan); the
player count picks its layout, and ``rules_markdown`` (rules_page.py) writes its ``/game
rules`` from the scenario's own lines and our decisions (decisions.py).
"""

from __future__ import annotations

import random
from operator import attrgetter

from engine.core import Action, Declaration, GameRunner, Option

from . import ai, moves
from .applied import find, legal_actions, play, refusal
from .rules_page import rules_markdown
from .scenario_rules import DEFAULT, SCENARIOS, SetupRefused
from .setup import new_state
from .state import SAVED, State, clone
from .turn import ROUND_LIMIT, next_up, to_act
from .view import determinize, view

#: moves one turn can hold at most: roll and end 2; discards, gold picks and bank trades
#: each at most the 95 resource cards (+ what trades bring in), 120 each; 39 pieces and 25
#: development cards bought; a card played with its 2 free steps, robber, steal, a ship
#: moved: 8; 2 offers of at most 1 + 4 + 4 + 1 steps (start, cards, send), each of 3 other
#: players answering in at most 1 + 4 + 4 + 1 steps (a counter-offer, optional: the game
#: never waits for it), and a trade or withdrawal: 2 * 41. Total < 600.
TURN_BOUND = 600


def ai_action(state: State, seat: int, rng: random.Random, level: str = "easy"
              ) -> Action | None:
    """The AI's move, labelled as legal_actions labels it."""
    action = ai.ai_action(state, seat, rng, level)
    if action is None:
        return None
    return Action(action.kind, action.args, moves.label(state, seat, action.kind, action.args))


DECLARATION = Declaration(
    id="seafarers", title="Catan: Seafarers", min_players=3, max_players=4,
    options={"scenario": Option(tuple(SCENARIOS), DEFAULT, "Which scenario of the box to "
                                "play; the player count picks its board")},
    # random play ends within the round limit: (setup) + rounds * seats * moves per turn
    max_actions=16 + ROUND_LIMIT * 4 * TURN_BOUND, dm_keys=("hand", "dev_cards"),
    # a count the scenario does not play is a SetupRefused (an IllegalAction and a
    # ValueError) whose sentence ``/game start`` shows as it is
    count_refusal=lambda n: SetupRefused("Seafarers is played by 3 or 4 players."),
    setup=lambda n, o, seed: new_state(n, seed, o["scenario"], ROUND_LIMIT), to_act=to_act,
    legal=legal_actions, find=find, play=play, refusal=refusal, result=attrgetter("result"),
    view=view, determinize=determinize, dump=SAVED.dump, load=SAVED.load, clone=clone,
    rules_markdown=lambda o: rules_markdown(o["scenario"]),
    ai_action=ai_action, evaluate=ai.evaluate, next_up=next_up,
)

Seafarers = GameRunner.named("Seafarers", DECLARATION, __name__)

__all__ = ["DECLARATION", "Seafarers", "rules_markdown"]
