"""Seafarers' moves for the runner of engine/core.py: the legal moves (kept for the
legality check), the check itself, the rules' move turned into events, and refusals."""

from __future__ import annotations

from engine.core import Action, Event

from . import moves, offers, rules
from .scenario_rules import rules_of
from .state import State
from .victory import VP_MOVES, check_win

#: Events made once and shared (an Event is frozen), by kind, text and addressees: most
#: events recur ("{p1} ends the turn.", a roll, a bank trade)
_EVENTS: dict[tuple, Event] = {}
#: a bot process meets a few thousand texts a game; emptied when full (reliability item 8)
_EVENTS_BOUND = 20_000


def legal_actions(state: State, seat: int) -> list[Action]:
    """The legal moves, kept on the state for :func:`find` (``state.cached_legal``)."""
    out = moves.legal(state, seat)
    state.cached_legal = (seat, tuple(out))
    return out


def find(state: State, seat: int, action: Action) -> Action | None:
    """The legal move equal to ``action``: the very object legal_actions just listed for
    this seat and this state (by identity), else ``moves.allowed``, which tests the one move
    asked about (types compared) without listing every move."""
    listed = state.cached_legal
    found = None
    if listed is not None and listed[0] == seat:
        for a in listed[1]:
            if a is action:
                found = a
                break
    if found is None:
        args = action.args if type(action.args) is dict else dict(action.args)
        found = moves.allowed(state, seat, action.kind, args)
        if found is None:
            return None
    state.cached_legal = None
    return found


def play(state: State, seat: int, found: Action) -> list[Event]:
    """The rules' move, with the engine's own args (equal to the caller's, and of the
    engine's types, which the rules only read), then a win and the scenario's own things."""
    kind = found.kind
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


def refusal(s: State, seat: int, action: Action) -> str:
    legal = moves.legal(s, seat)
    if s.phase == "over":
        return "The game is over."
    kind = action.kind
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
