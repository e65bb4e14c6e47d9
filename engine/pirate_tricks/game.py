"""Pirate Tricks (Soaring Rhino, 2018), declared for the runner of engine/core.py: 3-5 space
pirates bid for rows of crew, then play ten tricks a round for loon."""

from __future__ import annotations

from operator import attrgetter

from engine.core import Declaration, GameRunner, Option

from . import ai, rules, rules_page
from .moves import find, legal_actions, next_up, refusal
from .state import SAVED, clone
from .view import determinize, view

DECLARATION = Declaration(
    id="pirate-tricks", title="Pirate Tricks", min_players=3, max_players=5,
    options={
        "rounds": Option((3, 4, 5), 3, "Rounds of play (the rulebook: 3, or 4 or 5 for a "
                         "longer game)."),
    },
    # A round takes at most: 2 bids per row per player (2n^2), as many tie-break cards
    # (2n^2), n choices, 2n ditches, n predictions and 10n cards played: 4n^2 + 14n = 170
    # moves with 5 players, 850 in five rounds; the bound leaves a margin over that.
    max_actions=2_000,
    setup=lambda n, o, seed: rules.setup(n, int(o["rounds"]), seed), to_act=rules.to_act,
    legal=legal_actions, find=find, play_takes_pair=True,
    play=rules.apply, refusal=refusal,
    result=attrgetter("result"), result_keys=("winners", "scores", "reason"),
    view=view, determinize=determinize, dump=SAVED.dump, load=SAVED.load, clone=clone,
    rules_markdown=lambda o: rules_page.rules_markdown(int(o["rounds"])),
    ai_action=ai.ai_action, evaluate=ai.evaluate, next_up=next_up,
)

PirateTricks = GameRunner.named("PirateTricks", DECLARATION, __name__)
