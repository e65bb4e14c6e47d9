"""Catan: Seafarers as a Game of the Parley contract (engine/core.py).

The ``scenario`` option names one of scenario_rules.SCENARIOS (classic, new_shores,
four_islands, oceans, through_the_desert, new_world, great_crossing, greater_catan); the
player count picks its layout, and ``rules_markdown`` writes its ``/game rules`` from the
scenario's own lines and our decisions (decisions.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.core import JSON, Action, Event, IllegalAction, Option, resolve_options

from . import ai as _ai
from . import decisions, moves, offers, rules
from .scenario_rules import (
    DEFAULT,
    SCENARIOS,
    SetupRefused,
    rules_of,
    scenario_rules,
)
from .setup import new_state
from .state import State
from .state import clone as _clone
from .state import dump as _dump
from .state import load as _load
from .turn import ROUND_LIMIT, to_act
from .victory import VP_MOVES, check_win
from .view import determinize as _determinize
from .view import view as _view

#: moves one turn can hold at most: roll and end 2; discards, gold picks and bank trades
#: each at most the 95 resource cards (+ what trades bring in), 120 each; 39 pieces and 25
#: development cards bought; a card played with its 2 free steps, robber, steal, a ship
#: moved: 8; 2 offers of at most 1 + 4 + 4 + 1 steps (start, cards, send), each of 3 other
#: players answering in at most 1 + 4 + 4 + 1 steps (a counter-offer, optional: the game
#: never waits for it), and a trade or withdrawal: 2 * 41. Total < 600.
TURN_BOUND = 600
#: Events made once and shared (an Event is frozen), by kind, text and addressees: most
#: events recur ("{p1} ends the turn.", a roll, a bank trade)
_EVENTS: dict[tuple, Event] = {}
#: a bot process meets a few thousand texts a game; emptied when full (reliability item 8)
_EVENTS_BOUND = 20_000


class Seafarers:
    id = "seafarers"
    title = "Catan: Seafarers"
    min_players = 3
    max_players = 4
    options: Mapping[str, Option] = {
        "scenario": Option(
            tuple(SCENARIOS), DEFAULT,
            "Which scenario of the box to play; the player count picks its board"),
    }
    #: random play ends within the round limit: (setup) + rounds * seats * moves per turn
    max_actions = 16 + ROUND_LIMIT * 4 * TURN_BOUND
    dm_keys = ("hand", "dev_cards")

    def setup(self, n_players: int, options: Mapping[str, JSON], seed: str) -> State:
        """A new game; an unknown option is a ValueError, a player count the scenario does
        not play a SetupRefused (an IllegalAction and a ValueError) whose sentence names the
        counts it plays, which ``/game start`` shows as it is."""
        opts = resolve_options(self.options, options)
        if not self.min_players <= n_players <= self.max_players:
            raise SetupRefused("Seafarers is played by 3 or 4 players.")
        return new_state(n_players, seed, opts["scenario"], ROUND_LIMIT)

    #: the rules' own function (a call less on every move)
    to_act = staticmethod(to_act)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        out = moves.legal(state, seat)
        state.cached_legal = (seat, tuple(out))
        return out

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        listed = state.cached_legal
        found = None
        if listed is not None and listed[0] == seat:
            # the very object legal_actions just listed for this seat and this state
            for a in listed[1]:
                if a is action:
                    found = a
                    break
        if found is None:
            args = action.args if type(action.args) is dict else dict(action.args)
            found = moves.allowed(state, seat, kind, args)
            if found is None:
                raise IllegalAction(self._refusal(state, seat, moves.legal(state, seat),
                                                  kind))
        state.cached_legal = None
        # the engine's own args (equal to the caller's, and of the engine's types), which
        # the rules only read
        out = rules.play(state, seat, kind, found.args)
        if kind in VP_MOVES:
            out.extend(check_win(state))
        if state.extra:  # the scenario's own things after a move (scenario_rules.after_move)
            out.extend(rules_of(state).after_move(state, seat))
        events = []
        log = state.log
        for text, to in out:
            key = (kind, text, to)
            event = _EVENTS.get(key)
            if event is None:
                if len(_EVENTS) >= _EVENTS_BOUND:
                    _EVENTS.clear()
                event = _EVENTS[key] = Event(kind, text, to)
            events.append(event)
            if to is None:
                log.append(text)
        if len(log) > 10:
            del log[:-10]
        return events

    def _refusal(self, s: State, seat: int, legal: list[Action], kind: str = "") -> str:
        if s.phase == "over":
            return "The game is over."
        if kind in offers.ANSWER_KINDS and seat != s.turn and not legal:
            if not offers.is_open(s):
                return "There is no trade offer open to answer now."
            if 0 <= seat < s.n and s.offer["answers"][seat] is not None:
                return "You have answered this offer already."
            return ("You do not hold what this offer asks for "
                    f"({offers.offer_text(s.offer['get'])}), so you cannot take it.")
        if not legal:
            return "It is not your move now; please wait."
        kinds = sorted({a.kind for a in legal})
        return "That move is not allowed now. You may: " + ", ".join(kinds) + "."

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def determinize(self, state: State, seat: int | None, rng: random.Random) -> State:
        return _determinize(state, seat, rng)

    def result(self, state: State) -> dict | None:
        if state.result is None:
            return None
        return {k: (list(v) if isinstance(v, list) else v) for k, v in state.result.items()}

    def dump(self, state: State) -> dict:
        return _dump(state)

    def load(self, data: Mapping[str, JSON]) -> State:
        return _load(data)

    def rules_text(self, options: Mapping[str, JSON]) -> str:
        opts = resolve_options(self.options, options)
        return rules_markdown(opts["scenario"])

    def clone(self, state: State) -> State:
        return _clone(state)

    def ai_action(
        self, state: State, seat: int, rng: random.Random, level: str = "easy"
    ) -> Action | None:
        action = _ai.ai_action(state, seat, rng, level)
        if action is None:
            return None
        return Action(action.kind, action.args,
                      moves.label(state, seat, action.kind, action.args))

    def evaluate(self, state: State, seat: int) -> float:
        return _ai.evaluate(state, seat)


def rules_markdown(sid: str) -> str:
    """``/game rules`` for a table of scenario ``sid``: its players, its target, its own
    rules, then the decisions of ours that hold in it (decisions.py)."""
    sr = scenario_rules(sid)
    lines = [
        f"**Catan: Seafarers, {sr.name}** ({sr.counts_text()} players; {sr.source}): "
        f"first to {sr.target} victory points on their own turn wins.",
        "Base Catan rules (catan-base.md)" + (
            "." if not sr.ships else " with ships, gold fields and the pirate (seafarers.txt)."),
        "",
        f"**{sr.name}:**",
        *(f"- {line}" for line in sr.lines),
    ]
    if sr.pirate:
        lines.append(f"- The pirate starts on {sr.pirate_words()} (a sea hex; see below).")
    lines += ["", "**Decisions of ours where the rulebook leaves a choice:**"]
    lines += [f"- {d}" for d in decisions.for_scenario(sr.ships)]
    return "\n".join(lines)
