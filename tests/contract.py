"""Checks every game of the registry must pass (shared DESIGN.md, "The Game contract").

``play_random`` drives a game with random legal actions to its end and checks at each step
what the contract promises: legal actions apply, anything else raises IllegalAction and
leaves the state as it was, views and dumps are JSON, dump/load round-trips, the action log
replays to the same state, and a seat's view is the same in any world determinized for it
(so nothing it cannot know reaches its view, nor the public board image).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from engine.core import Action, Game, IllegalAction, is_over


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def seats_and_spectator(n: int) -> list[int | None]:
    return [*range(n), None]


def option_sets(game: Game, n: int) -> list[dict]:
    """The default options, then each option's other values one at a time; those a table
    of ``n`` players can start (a Seafarers scenario for 4 players refuses 3 at start, with
    a sentence: tests/engine/seafarers/test_scenarios.py)."""
    sets: list[dict] = [{}]
    for name, spec in game.options.items():
        for value in spec.values:
            if value != spec.default:
                sets.append({name: value})
    return [options for options in sets if _starts(game, n, options)]


def _starts(game: Game, n: int, options: dict) -> bool:
    try:
        game.setup(n, options, "starts")
    except IllegalAction:
        return False
    return True


def illegal_candidates(game: Game, state: Any, n: int, seat: int) -> list[Action]:
    """Actions that are surely not legal for ``seat`` now (checked against the legal list)."""
    legal = set(game.legal_actions(state, seat))
    found: list[Action] = [Action("no-such-move", {}), Action("no-such-move", {"x": 1})]
    for other in range(n):
        if other != seat:
            found.extend(game.legal_actions(state, other)[:5])
    for action in list(game.legal_actions(state, seat))[:5]:
        args = dict(action.args)
        for key in args:
            found.append(Action(action.kind, {**args, key: "not-a-value"}))
    return [a for a in found if a not in legal]


def check_illegal_leaves_state(game: Game, state: Any, n: int, seat: int) -> None:
    before = canon(game.dump(state))
    for action in illegal_candidates(game, state, n, seat)[:8]:
        try:
            game.apply(state, seat, action)
        except IllegalAction as exc:
            assert exc.reason and isinstance(exc.reason, str)
        else:
            raise AssertionError(f"{action} applied though not in legal_actions for seat {seat}")
        assert canon(game.dump(state)) == before, f"{action} changed the state before refusing"


def check_round_trip(game: Game, state: Any, n: int) -> None:
    dumped = game.dump(state)
    text = canon(dumped)
    again = game.load(json.loads(text))
    assert canon(game.dump(again)) == text
    for seat in seats_and_spectator(n):
        assert canon(game.view(again, seat)) == canon(game.view(state, seat))


def check_no_leak(
    game: Game,
    state: Any,
    n: int,
    rng: random.Random,
    draw_public: Callable[[dict], bytes] | None = None,
) -> None:
    before = canon(game.dump(state))
    for seat in seats_and_spectator(n):
        world = game.determinize(state, seat, rng)
        assert canon(game.view(world, seat)) == canon(game.view(state, seat)), (
            f"the view of seat {seat} depends on something it cannot know"
        )
        if seat is None and draw_public is not None:
            assert draw_public(game.view(world, None)) == draw_public(game.view(state, None))
        check_worlds_come_from_what_the_seat_knows(game, state, world, seat)
    assert canon(game.dump(state)) == before, "determinize changed the live state"


def check_worlds_come_from_what_the_seat_knows(
    game: Game, state: Any, twin: Any, seat: int | None
) -> None:
    """``state`` and ``twin`` look the same to ``seat``: a world drawn for it from either
    with the same rng must be the same world, or the AI's choice (which searches such
    worlds) would depend on what it cannot see -- the order of a hidden deck or hand
    included. A world's own seed is drawn after its parent's, so that prefix is set aside."""
    worlds = [(game.determinize(parent, seat, random.Random(4)), parent) for parent in (state, twin)]
    texts = []
    for world, parent in worlds:
        text = canon(game.dump(world))
        seed = getattr(parent, "seed", None)
        if isinstance(seed, str):
            text = text.replace(json.dumps(seed)[1:-1] + "/w", "<parent>/w")
        texts.append(text)
    assert texts[0] == texts[1], (
        f"the worlds drawn for seat {seat} depend on something it cannot know")


def play_random(
    game: Game,
    n_players: int,
    seed: str,
    options: dict | None = None,
    check_every: int = 25,
    draw_public: Callable[[dict], bytes] | None = None,
    leak_every: int = 0,
) -> tuple[Any, list[tuple[int, Action]]]:
    """Play one random game to its end with the contract checked on the way.

    Returns the final state and the action log (seat, action).
    """
    options = options or {}
    state = game.setup(n_players, options, seed)
    rng = random.Random(seed)
    log: list[tuple[int, Action]] = []
    steps = 0
    while not is_over(game, state):
        waiting = sorted(game.to_act(state))
        assert waiting, "the game is not over but waits for nobody"
        seat = rng.choice(waiting)
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} is waited for but has no legal action"
        for action in legal:
            assert action.label, f"{action} has no label"
            assert Action.from_dict(json.loads(canon(action.to_dict()))) == action
        if steps % check_every == 0:
            check_illegal_leaves_state(game, state, n_players, seat)
            check_round_trip(game, state, n_players)
            for s in seats_and_spectator(n_players):
                json.dumps(game.view(state, s))
        if leak_every and steps % leak_every == 0:
            check_no_leak(game, state, n_players, rng, draw_public)
        action = rng.choice(legal)
        events = game.apply(state, seat, action)
        for event in events:
            json.dumps(event.to_dict())
        log.append((seat, action))
        steps += 1
        assert steps <= game.max_actions, f"no end after {game.max_actions} actions"
    result = game.result(state)
    assert result is not None and result.get("winners") is not None
    json.dumps(result)
    assert game.to_act(state) == frozenset()
    check_round_trip(game, state, n_players)
    return state, log


def replay(game: Game, n_players: int, seed: str, options: dict, log: list[tuple[int, Action]]):
    state = game.setup(n_players, options, seed)
    for seat, action in log:
        game.apply(state, seat, Action.from_dict(json.loads(canon(action.to_dict()))))
    return state
