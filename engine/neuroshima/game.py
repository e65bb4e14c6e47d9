"""Neuroshima Hex! 3.0, the Pirates army against Moloch, as a Game of the Parley contract."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core import JSON, Action, Event, IllegalAction, Option, resolve_options

from . import ai as _ai
from . import play, rules
from .actions import labelled_actions
from .decisions import DECISIONS, DEFAULTS, OPTIONS
from .rules import SCHEMA
from .tiles import TILES, describe
from .view import clone as _clone
from .view import determinize as _determinize
from .view import view as _view

HINTS: dict[str, str] = {
    "hq": "place your HQ", "discard": "discard a tile", "end": "end your turn",
    "place": "place a tile", "battle": "play a Battle tile", "move": "play Move",
    "push": "play Push Back", "airstrike": "play Air Strike", "wave": "play Wave",
    "tavern": "activate the Tavern", "grab": "grab with a Harpoon",
    "choose": "choose where your unit goes", "drift_turn": "turn a Drift unit",
    "drift_keep": "keep the facing of the Drift units",
}


def _same(given: Mapping[str, Any], legal: Mapping[str, Any]) -> bool:
    """Equal arguments, type for type (so True is not taken for the rotation 1)."""
    return len(given) == len(legal) and all(
        k in given and type(given[k]) is type(v) and given[k] == v for k, v in legal.items()
    )


def refusal(s: dict, seat: Any, action: Action) -> str:
    if s["phase"] == "over":
        return "The game is over."
    if type(seat) is not int or seat not in (0, 1):
        return "That seat is not in this game."
    if seat not in rules.to_act(s):
        return "It is not your turn; the other player is to move."
    kinds = list(dict.fromkeys(k for k, _ in rules.options(s, seat)))
    if action.kind not in HINTS:
        why = f"There is no move called {action.kind!r}"
    elif action.kind not in kinds:
        why = "That kind of move is not possible now"
    else:
        why = "That move is not possible here (check the tile, the space and the facing)"
    return f"{why}. You may now: {', '.join(HINTS[k] for k in kinds)}."


class NeuroshimaHex:
    """Neuroshima Hex! 3.0 (Portal Games): the Pirates against Moloch, two players."""

    id = "neuroshima"
    title = "Neuroshima Hex! (Pirates vs Moloch)"
    min_players = 2
    max_players = 2
    options: Mapping[str, Option] = OPTIONS
    #: every turn draws at least one tile, so each player has at most 36 turns; a turn holds
    #: at most 3 tile uses, 2 discards, a Tavern, 2 Grabs (each with a choice), the end, and
    #: per battle at most 6 Drift turns (a few dozen moves); random play measured at most
    #: 116 moves in 300 games (101 on average).
    max_actions = 6_000
    dm_keys = ()

    def setup(self, n_players: int, options: Mapping[str, JSON], seed: str) -> dict:
        opts = resolve_options(self.options, options)
        if n_players != 2:
            raise ValueError(f"{self.title} is for 2 players, not {n_players}.")
        return rules.new_state(seed, opts)

    def to_act(self, state: dict) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: dict, seat: int) -> list[Action]:
        return labelled_actions(state, seat)

    def apply(self, state: dict, seat: int, action: Action) -> list[Event]:
        if type(seat) is not int or seat not in (0, 1):
            raise IllegalAction(refusal(state, seat, action))
        if action.kind == "place":
            legal = rules.placements(state, seat, action.args.get("tile"),
                                     action.args.get("space"))
        else:
            legal = rules.options(state, seat, only=action.kind)
        given = action.args
        for kind, args in legal:
            # plain equality first (True == 1, so _same then checks the types)
            if kind == action.kind and args == given and _same(given, args):
                return play.apply(state, seat, kind, args)
        raise IllegalAction(refusal(state, seat, action))

    def view(self, state: dict, seat: int | None) -> dict:
        return _view(state, seat)

    def determinize(self, state: dict, seat: int | None, rng: random.Random) -> dict:
        return _determinize(state, seat, rng)

    def result(self, state: dict) -> dict | None:
        r = state["result"]
        if r is None:
            return None
        return {"winners": list(r["winners"]), "scores": list(r["scores"]),
                "reason": r["reason"]}

    def dump(self, state: dict) -> dict:
        return _clone(state)

    def load(self, data: Mapping[str, JSON]) -> dict:
        state = _clone(dict(data))
        if state.get("v") != SCHEMA:
            raise ValueError(f"Unknown Neuroshima save version {state.get('v')!r}.")
        # a table saved before an option existed plays it at its default
        state["opts"] = {**DEFAULTS, **state["opts"]}
        return state

    def rules_text(self, options: Mapping[str, JSON]) -> str:
        return rules_markdown(resolve_options(self.options, options))

    def clone(self, state: dict) -> dict:
        return _clone(state)

    def ai_action(self, state: dict, seat: int, rng: random.Random,
                  level: str = "easy") -> Action | None:
        return _ai.ai_action(state, seat, rng, level)

    def evaluate(self, state: dict, seat: int) -> float:
        return _ai.evaluate(state, seat)


def rules_markdown(opts: dict[str, Any]) -> str:
    lines = [
        "# Neuroshima Hex! 3.0: the Pirates against Moloch",
        "",
        "Two armies fight on 19 standard hexes and the Pirates' 12 Water spaces around them. "
        "Destroy the enemy HQ (20 toughness), or have the stronger HQ after the Final Battle.",
        "",
        "## A turn",
        "1. First turns: the first player places the HQ, then the second; the first player then "
        "draws 1 tile, the second 2. Later turns draw up to 3 tiles; holding 3, discard one.",
        "2. Place tiles on empty spaces in any of six facings, play instants, activate one "
        "implant, Grab with Harpoons, discard; tiles you keep count towards the next draw.",
        "3. A battle starts when the 19 standard spaces are full (Water does not count; the "
        "turn goes on), with a Battle tile, the Tavern or Boarding (the turn then ends).",
        "4. Drawing your last tile: finish the turn, the opponent plays one more, then the "
        "Final Battle. No Battle tile, Tavern or Boarding after anyone's last draw.",
        "",
        "## Battles",
        "Initiative phases from the highest down to 0; the attacks of a phase are "
        "simultaneous and the destroyed go at its end. Melee hits the adjacent enemy; ranged "
        "flies over friends to the first enemy; armour takes 1 from ranged attacks through its "
        "edge; nets stop a unit's attacks and abilities; wounds stay. After every battle each "
        "Drift unit moves one Water space clockwise (a netted one loses 1 toughness per net).",
        "",
        "## Tiles (marks: TXT printed or stated, CODE+ART confirmed, ART read from the art "
        "and provisional, GUESS ours)",
        "Edges are numbered 0 (top) to 5 clockwise on the printed tile.",
    ]
    lines += [f"- {describe(k)}" for k in TILES]
    lines += ["", "## This table",
              "Each open question of the rules sheet is an option (`name`: its help, the "
              "value now); set them when opening the table, e.g. `/game new game:neuroshima "
              "options:drift_rotation=none grab_hq=false`."]
    for name, spec in OPTIONS.items():
        other = [str(v) for v in spec.values if v != opts[name]]
        alt = f" (else {', '.join(other)})" if other else ""
        lines.append(f"- `{name}`: {spec.help} Now: **{opts[name]}**{alt}.")
    lines += ["", "## Our decisions where the rules are silent"]
    lines += [f"- {d}" for d in DECISIONS]
    return "\n".join(lines) + "\n"
