"""Sewer Pirats (Andreas Pelikan, Heidelberger Spieleverlag), declared for the runner of
engine/core.py: 2-5 players crew three ships for treasure."""

from __future__ import annotations

from operator import attrgetter

from engine.core import Action, Declaration, GameRunner, Option

from . import ai, play, rules, rules_page
from .actions import key_of
from .sentences import refusal
from .state import VARIANTS, State, clone, dump, load
from .view import determinize, view


def legal_actions(s: State, seat: int) -> list[Action]:
    if type(seat) is not int or not 0 <= seat < s.n:
        return []
    return rules.options(s, seat)[:]


def find(s: State, seat: int, action: Action) -> object:
    """The legal move's payload: the very object legal_actions just listed (``s.memo``, by
    identity), else the legal move of the same key (kind and args, types compared)."""
    if type(seat) is not int or not 0 <= seat < s.n:
        return None
    memo = s.memo
    opts = memo[2] if memo is not None and memo[0] == s.moves and memo[1] == seat else \
        rules.options(s, seat)
    for a in opts:
        if a is action:
            return a.payload
    key = key_of(action)
    if key is not None:
        for a in opts:
            if a.key == key:
                return a.payload
    return None


DECLARATION = Declaration(
    id="sewer-pirats", title="Sewer Pirats", min_players=2, max_players=5,
    options={"variant": Option(VARIANTS, "standard", "standard: four random tribes with "
                               "abilities; landlubber: one tribe each, no abilities; auction: "
                               "hire your crew at the bar.")},
    # Random play is measured in bench/bench_sewer_pirats.py (longest of 2,000 random games
    # of every size and variant: under 1,500 actions); every turn can end the game only
    # through sailings, which random play reaches with probability near one per few turns,
    # so this bound leaves a wide margin.
    max_actions=20_000,
    setup=lambda n, o, seed: rules.setup(n, str(o["variant"]), seed)[0], to_act=rules.to_act,
    legal=legal_actions, find=find, play=play.apply, refusal=refusal,
    result=attrgetter("result"), result_keys=("winners", "scores", "tiebreak", "reason"),
    view=view, determinize=determinize, dump=dump, load=load, clone=clone,
    rules_markdown=lambda o: rules_page.rules_markdown(str(o["variant"])),
    ai_action=ai.ai_action, evaluate=ai.evaluate, next_up=rules.next_up,
)

SewerPirats = GameRunner.named("SewerPirats", DECLARATION, __name__)
