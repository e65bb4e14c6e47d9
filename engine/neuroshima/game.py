"""Neuroshima Hex! 3.0 (Portal Games), the Pirates army against Moloch, two players: declared
for the runner of engine/core.py."""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from engine.core import JSON, Action, Declaration, GameRunner, same_args

from . import ai, play, rules
from .actions import labelled_actions
from .decisions import DEFAULTS, OPTIONS
from .rules import SCHEMA
from .rules_page import rules_markdown
from .sentences import refusal
from .view import clone, determinize, view


def find(s: dict, seat: int, action: Action) -> tuple | None:
    """The legal move equal to ``action`` (types compared), as (kind, args): only the moves
    of its kind are listed, and for a tile placed only those of that tile and space."""
    if type(seat) is not int or seat not in (0, 1):
        return None
    kind, given = action.kind, action.args
    if kind == "place":
        legal = rules.placements(s, seat, given.get("tile"), given.get("space"))
    else:
        legal = rules.options(s, seat, only=kind)
    for k, args in legal:
        # plain equality first (True == 1, so same_args then checks the types)
        if k == kind and args == given and same_args(given, args):
            return k, args
    return None


def load(data: Mapping[str, JSON]) -> dict[str, Any]:
    state = clone(dict(data))
    if state.get("v") != SCHEMA:
        raise ValueError(f"Unknown Neuroshima save version {state.get('v')!r}.")
    # a table saved before an option existed plays it at its default
    state["opts"] = {**DEFAULTS, **state["opts"]}
    return state


DECLARATION = Declaration(
    id="neuroshima", title="Neuroshima Hex! (Pirates vs Moloch)", min_players=2,
    max_players=2, options=OPTIONS,
    # every turn draws at least one tile, so each player has at most 36 turns; a turn holds
    # at most 3 tile uses, 2 discards, a Tavern, 2 Grabs (each with a choice), the end, and
    # per battle at most 6 Drift turns (a few dozen moves); random play measured at most
    # 116 moves in 300 games (101 on average).
    max_actions=6_000, dm_keys=(),
    setup=lambda n, opts, seed: rules.new_state(seed, opts), to_act=rules.to_act,
    legal=labelled_actions, find=find, play_takes_pair=True,
    play=play.apply, refusal=refusal,
    result=itemgetter("result"), result_keys=("winners", "scores", "reason"),
    view=view, determinize=determinize, dump=clone, load=load, clone=clone,
    rules_markdown=rules_markdown, ai_action=ai.ai_action, evaluate=ai.evaluate,
    ai_plans=ai.ai_plans,
    next_up=rules.next_up,
)

NeuroshimaHex = GameRunner.named("NeuroshimaHex", DECLARATION, __name__)
