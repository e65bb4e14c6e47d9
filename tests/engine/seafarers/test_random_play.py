"""Random play ends in every scenario at every player count: the round limit bounds a game
and max_actions states the bound; the contract (tests/contract.py) is checked on the way,
leaks and the public image included."""

from __future__ import annotations

import pytest

import render
from engine.seafarers import GAME
from engine.seafarers.game import ROUND_LIMIT, TURN_BOUND
from engine.seafarers.scenario_rules import SCENARIOS
from tests.contract import canon, play_random, replay

CASES = [(sid, n) for sid, rules in SCENARIOS.items() for n in rules.players]


def _draw(view: dict) -> bytes:
    return render.draw_board("seafarers", {**view, "names": ["A", "B", "C", "D"]})


def test_max_actions_is_the_round_limit_times_seats_times_the_turn_bound() -> None:
    assert GAME.max_actions == 16 + ROUND_LIMIT * 4 * TURN_BOUND


@pytest.mark.parametrize(("sid", "n"), CASES)
def test_random_games_of_every_scenario_end_by_victory_or_round_limit(sid: str, n: int) -> None:
    options = {"scenario": sid}
    seed = f"bound-{sid}-{n}"
    state, log = play_random(GAME, n, seed, options, check_every=400, leak_every=60,
                             draw_public=None)
    res = GAME.result(state)
    assert len(log) < GAME.max_actions
    assert state.round <= ROUND_LIMIT
    assert res["winners"] and max(res["scores"]) == res["scores"][res["winners"][0]]
    assert canon(GAME.dump(replay(GAME, n, seed, options, log))) == canon(GAME.dump(state))


@pytest.mark.parametrize(("sid", "n"), CASES)
def test_the_public_image_of_every_scenario_shows_nothing_hidden(sid: str, n: int) -> None:
    play_random(GAME, n, f"png-{sid}-{n}", {"scenario": sid}, check_every=10_000,
                leak_every=400, draw_public=_draw)
