"""Random play ends: the round limit bounds a game and max_actions states the bound."""

from __future__ import annotations

import pytest

from engine.seafarers import GAME
from engine.seafarers.game import ROUND_LIMIT, TURN_BOUND
from tests.contract import play_random


def test_max_actions_is_the_round_limit_times_seats_times_the_turn_bound() -> None:
    assert GAME.max_actions == 16 + ROUND_LIMIT * 4 * TURN_BOUND


@pytest.mark.parametrize("n", [3, 4])
def test_random_new_shores_games_end_by_victory_or_round_limit(n: int) -> None:
    state, log = play_random(GAME, n, f"bound-{n}", {}, check_every=500)
    res = GAME.result(state)
    assert len(log) < GAME.max_actions
    assert state.round <= ROUND_LIMIT
    assert res["winners"] and max(res["scores"]) == res["scores"][res["winners"][0]]
