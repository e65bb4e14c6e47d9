"""The generic AI: every level returns a legal move, on time, without peeking."""

from __future__ import annotations

import math
import random
import time

import pytest

from engine import GAMES, get_game
from engine.ai import (
    LEVELS,
    SearchBudget,
    _paired_score,
    budget_for,
    choose,
    outcome_value,
    slips_for,
    untimed,
)
from tests.contract import option_sets

#: a small search with no time limit: its choice depends only on the state and the rng
UNTIMED = SearchBudget(samples_per_action=3, rollout_depth=10, seconds=3600.0,
                       max_candidates=4, margin=0.1)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_action(level: str) -> None:
    moves = 12 if level in ("random", "easy") else 3  # a search move takes up to 2 s
    for game in GAMES.values():
        state = game.setup(game.min_players, {}, f"ai-{level}")
        rng = random.Random(1)
        for _ in range(moves):
            if game.result(state) is not None:
                break
            seat = min(game.to_act(state))
            action = choose(game, state, seat, rng, level)
            assert action in game.legal_actions(state, seat)
            game.apply(state, seat, action)


def test_hard_ai_moves_at_the_largest_table_with_the_bots_time_limit() -> None:
    """The bot's own hard search (its time limit on) at the largest table of every game
    returns a legal move; the time is printed for the record, not asserted on the clock of
    a loaded CI machine (bench/bench_ai_ladder.py prints the slowest move)."""
    for game in GAMES.values():
        state = game.setup(game.max_players, {}, "ai-time")
        seat = min(game.to_act(state))
        start = time.perf_counter()
        action = choose(game, state, seat, random.Random(2), "hard")
        print(f"{game.id}: hard move in {time.perf_counter() - start:.2f} s")
        assert action in game.legal_actions(state, seat), game.id


#: where along a seeded random game the blind test looks (moves played before it)
BLIND_POINTS = (0, 15, 40, 90)

#: every game at its smallest and largest table, with each option (every Seafarers scenario)
BLIND_TABLES = [
    (gid, n, options)
    for gid, game in sorted(GAMES.items())
    for n in sorted({game.min_players, game.max_players})
    for options in option_sets(game, n)
]


@pytest.mark.parametrize("level", LEVELS)
def test_ai_does_not_look_at_hidden_cards(level: str) -> None:
    """Two states the seat cannot tell apart get the same decision from the same rng, at
    every level, on every table of ``BLIND_TABLES``, from the deal to late in a game (the
    hands, decks and face-down tiles are then only known to have been dealt)."""
    budget = UNTIMED if level in ("normal", "hard") else None
    for gid, n, options in BLIND_TABLES:
        game = GAMES[gid]
        state = game.setup(n, options, f"ai-blind-{n}")
        walk, played = random.Random(n), 0
        for point in BLIND_POINTS:
            while played < point and game.result(state) is None:
                seat = walk.choice(sorted(game.to_act(state)))
                game.apply(state, seat, walk.choice(game.legal_actions(state, seat)))
                played += 1
            if game.result(state) is not None:
                break
            seat = min(game.to_act(state))
            for world_seed in (9, 10):
                other = game.determinize(state, seat, random.Random(world_seed))
                mine = choose(game, state, seat, random.Random(3), level, budget)
                theirs = choose(game, other, seat, random.Random(3), level, budget)
                assert mine == theirs, (gid, n, options, point, level)


def test_unknown_level_is_refused() -> None:
    game = next(iter(GAMES.values()))
    state = game.setup(game.min_players, {}, "x")
    with pytest.raises(ValueError, match="levels are"):
        choose(game, state, min(game.to_act(state)), random.Random(), "godlike")


def test_outcome_value_shares_a_tie() -> None:
    assert outcome_value({"winners": [0, 2]}, 2) == 0.5
    assert outcome_value({"winners": [1]}, 0) == 0.0


def test_the_bench_search_has_the_levels_counts_and_no_time_limit() -> None:
    game = get_game("all-hands")
    for level in ("normal", "hard"):
        free = untimed(game, level)
        assert free is not None and free.seconds == math.inf
        assert free.samples_per_action == budget_for(game, level).samples_per_action
    assert untimed(game, "easy") is None


def test_an_untimed_search_chooses_the_same_move_again() -> None:
    """What makes bench/bench_ai_ladder.py's figures reproducible."""
    game = get_game("all-hands")
    state = game.setup(2, {}, "ai-again")
    seat = min(game.to_act(state))
    budget = untimed(game, "normal")
    assert choose(game, state, seat, random.Random(4), "normal", budget) == choose(
        game, state, seat, random.Random(4), "normal", budget)


def test_a_move_ahead_of_the_heuristic_by_noise_alone_is_not_taken() -> None:
    noisy = [1.0, -1.0] * 10 + [1.0]  # mean gain 0.05, standard error about 0.22
    assert _paired_score(noisy, 0.05, 1.5) <= 0
    steady = [0.3] * 20 + [0.1]
    assert _paired_score(steady, 0.05, 1.5) > 0


#: a search that can only confirm the heuristic (one candidate): what is left of normal and
#: hard is the heuristic and their slips
CONFIRMING = SearchBudget(1, 1, math.inf, 1, 0.0)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_slips_in_its_own_share_of_decisions(level: str) -> None:
    """Easy plays the game's own move in most decisions and, like a beginner, a random legal
    one in about its share of them (``slips_for``); normal in a smaller share; hard never (the
    ladder's easy < normal < hard)."""
    for game in GAMES.values():
        share = slips_for(game, level)
        state = game.setup(game.min_players, {}, "ai-slips")
        rng, same, decisions = random.Random(5), 0, 0
        for _ in range(400):
            if game.result(state) is not None:
                break
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            budget = None if level == "easy" else CONFIRMING
            action = choose(game, state, seat, rng, level, budget)
            assert action in legal
            if len(legal) > 1:
                heuristic = game.ai_action(state, seat, random.Random(0), level)
                decisions += 1
                same += action == heuristic
            game.apply(state, seat, action)
        assert decisions >= 20, game.id
        if share:
            assert 1 - share - 0.15 <= same / decisions < 1, (game.id, same, decisions)
        else:  # the heuristic breaks some ties at random, so a rare move differs
            assert same / decisions >= 0.95, (game.id, same, decisions)
