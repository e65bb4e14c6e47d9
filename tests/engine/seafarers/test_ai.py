"""The Seafarers heuristic player: builds to victory, trades with the bank, answers offers."""

from __future__ import annotations

import random

import pytest

from engine.core import Action
from engine.seafarers import GAME
from engine.seafarers import ai as AI
from engine.seafarers.state import ANSWER

from .helpers import act, build, coastal_corner, give, main_hexes, main_state


def _play(n: int, seed: str, ai_seats: set[int]) -> object:
    s = GAME.setup(n, {}, seed)
    rnd = random.Random(seed)
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        a = GAME.ai_action(s, seat, rnd) if seat in ai_seats else None
        if a is None:
            a = rnd.choice(GAME.legal_actions(s, seat))
        assert a in GAME.legal_actions(s, seat)
        GAME.apply(s, seat, a)
    return s


@pytest.mark.parametrize("n", [3, 4])
def test_ai_players_build_to_13_points_well_before_the_round_limit(n: int) -> None:
    s = _play(n, f"ai-win-{n}", set(range(n)))
    res = GAME.result(s)
    assert max(res["scores"]) >= 13 and s.round <= 50


def test_ai_outscores_random_players() -> None:
    s = _play(4, "ai-vs-random", {0})
    scores = GAME.result(s)["scores"]
    assert scores[0] > max(scores[1:])


def test_ai_trades_with_the_bank_for_what_it_lacks() -> None:
    s = main_state()
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    give(s, 0, grain=2, ore=2, wood=4)  # a city lacks 1 ore; 4 wood spare
    a = GAME.ai_action(s, 0, random.Random(1))
    assert a == Action("bank", {"give": "wood", "get": "ore"})


def test_ai_accepts_a_useful_offer_and_declines_a_useless_one() -> None:
    s = main_state()
    c = coastal_corner(s, main_hexes(s))
    build(s, 1, c)
    give(s, 0, ore=1, wool=3)
    give(s, 1, grain=2, ore=2, wool=2)  # seat 1 wants ore for a city, has wool to spare
    act(s, 0, "offer")
    act(s, 0, "offer_give", res="ore")
    act(s, 0, "offer_get", res="wool")
    act(s, 0, "offer_send")
    assert s.phase == ANSWER
    assert GAME.ai_action(s, 1, random.Random(1)) == Action("accept", {})
    give(s, 2, wool=1)
    s.hands[2][2] = 1
    assert GAME.ai_action(s, 2, random.Random(1)) == Action("decline", {})


def test_evaluate_is_a_share_between_zero_and_one() -> None:
    s = _play(3, "ai-eval", {0, 1, 2})
    for p in range(3):
        v = AI.evaluate(s, p)
        assert 0.0 <= v <= 1.0
    assert AI.evaluate(s, GAME.result(s)["winners"][0]) == 1.0
