"""Generic computer players for any game of the Game contract.

``choose(game, state, seat, rng, level)`` picks one legal action:

- ``random``: uniformly among the legal actions.
- ``easy``: the game's own heuristic (``game.ai_action``) when it has one, else random.
- ``normal`` and ``hard``: flat Monte Carlo over ``determinize``. Each candidate action is
  tried in sampled worlds consistent with what the seat knows (so the AI never peeks at
  hidden cards), then played on by a rollout policy, and scored by the result or, for
  rollouts cut short, by ``game.evaluate``. ``hard`` runs more samples and deeper rollouts.
  Both stop at a time budget well under two seconds a move on one core.

Timing only bounds the search; the chosen action is logged, so replays never re-run the AI.
"""

from __future__ import annotations

import copy
import random
import time
from dataclasses import dataclass
from typing import Any

from engine.core import Action, Game

LEVELS = ("random", "easy", "normal", "hard")


@dataclass(frozen=True)
class SearchBudget:
    samples_per_action: int
    rollout_depth: int
    seconds: float
    max_candidates: int


BUDGETS: dict[str, SearchBudget] = {
    "normal": SearchBudget(samples_per_action=6, rollout_depth=60, seconds=0.5, max_candidates=24),
    "hard": SearchBudget(samples_per_action=16, rollout_depth=150, seconds=1.6, max_candidates=40),
}


def clone(game: Game, state: Any) -> Any:
    fast = getattr(game, "clone", None)
    return fast(state) if fast is not None else copy.deepcopy(state)


def choose(game: Game, state: Any, seat: int, rng: random.Random, level: str = "normal") -> Action:
    """One legal action for ``seat``; ValueError when the seat has none."""
    if level not in LEVELS:
        raise ValueError(f"Unknown AI level {level!r}; the levels are: {', '.join(LEVELS)}.")
    actions = game.legal_actions(state, seat)
    if not actions:
        raise ValueError(f"Seat {seat} has no legal action now.")
    if len(actions) == 1 or level == "random":
        return rng.choice(actions)
    heuristic = _heuristic(game, state, seat, rng, level)
    if level == "easy":
        return heuristic if heuristic is not None else rng.choice(actions)
    return _monte_carlo(game, state, seat, rng, actions, heuristic, BUDGETS[level])


def _heuristic(game: Game, state: Any, seat: int, rng: random.Random, level: str) -> Action | None:
    hook = getattr(game, "ai_action", None)
    if hook is None:
        return None
    action = hook(state, seat, rng, level)
    return action


def _candidates(
    actions: list[Action], heuristic: Action | None, rng: random.Random, limit: int
) -> list[Action]:
    if len(actions) <= limit:
        return list(actions)
    picked = rng.sample(actions, limit)
    if heuristic is not None and heuristic not in picked:
        picked[0] = heuristic
    return picked


def _monte_carlo(
    game: Game,
    state: Any,
    seat: int,
    rng: random.Random,
    actions: list[Action],
    heuristic: Action | None,
    budget: SearchBudget,
) -> Action:
    candidates = _candidates(actions, heuristic, rng, budget.max_candidates)
    totals = {i: 0.0 for i in range(len(candidates))}
    counts = {i: 0 for i in range(len(candidates))}
    deadline = time.perf_counter() + budget.seconds
    for _ in range(budget.samples_per_action):
        for i, action in enumerate(candidates):
            if time.perf_counter() > deadline and all(counts.values()):
                break
            world = game.determinize(state, seat, rng)
            try:
                game.apply(world, seat, action)
            except Exception:  # noqa: BLE001 - an action illegal in this sampled world
                continue
            totals[i] += _rollout(game, world, seat, rng, budget.rollout_depth)
            counts[i] += 1
        if time.perf_counter() > deadline:
            break

    def score(i: int) -> float:
        bonus = 0.02 if candidates[i] == heuristic else 0.0  # break near-ties the game's way
        return (totals[i] / counts[i] if counts[i] else -1.0) + bonus

    best = max(range(len(candidates)), key=score)
    return candidates[best]


def _rollout(game: Game, state: Any, seat: int, rng: random.Random, depth: int) -> float:
    for _ in range(depth):
        result = game.result(state)
        if result is not None:
            return outcome_value(result, seat)
        waiting = sorted(game.to_act(state))
        if not waiting:
            break
        actor = rng.choice(waiting)
        legal = game.legal_actions(state, actor)
        if not legal:
            break
        game.apply(state, actor, rng.choice(legal))
    result = game.result(state)
    if result is not None:
        return outcome_value(result, seat)
    evaluate = getattr(game, "evaluate", None)
    return float(evaluate(state, seat)) if evaluate is not None else 0.5


def outcome_value(result: dict, seat: int) -> float:
    """1 for a sole win, 1/k for a win shared by k, 0 for a loss."""
    winners = list(result.get("winners", []))
    if seat in winners:
        return 1.0 / len(winners)
    return 0.0
