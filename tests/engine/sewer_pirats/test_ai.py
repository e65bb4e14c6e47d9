"""The heuristic pirat: legal in every variant and phase, blind to what it cannot see, and
clearly better than random players."""

from __future__ import annotations

import random

import pytest

from engine.ai import choose
from engine.sewer_pirats import GAME
from engine.sewer_pirats.ai import ai_action, evaluate, marginal, soft_value

from .helpers import legal, position

VARIANTS = ("standard", "landlubber", "auction")


def _ai_vs_random(games: int, n: int, variant: str) -> float:
    wins = 0.0
    for k in range(games):
        s = GAME.setup(n, {"variant": variant}, f"ai-vs-random-{variant}-{n}-{k}")
        rng = random.Random(k)
        ai_seat = k % n
        while GAME.result(s) is None:
            seat = min(GAME.to_act(s))
            if seat == ai_seat:
                action = ai_action(s, seat, rng, "easy")
            else:
                action = rng.choice(GAME.legal_actions(s, seat))
            GAME.apply(s, seat, action)
        winners = GAME.result(s)["winners"]
        if ai_seat in winners:
            wins += 1 / len(winners)
    return wins / games


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_heuristic_pirat_beats_random_players_clearly(variant: str) -> None:
    rate2 = _ai_vs_random(40, 2, variant)
    rate4 = _ai_vs_random(24, 4, variant)
    print(f"{variant}: heuristic pirat vs one random player {rate2:.0%} of 40 games won, "
          f"vs three random players {rate4:.0%} of 24")
    assert rate2 > 0.8
    assert rate4 > 0.6


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_ai_level_plays_legal_moves_in_every_phase(variant: str) -> None:
    s = GAME.setup(3, {"variant": variant}, f"ai-legal-{variant}")
    rng = random.Random(1)
    kinds = set()
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        action = ai_action(s, seat, rng, "easy")
        assert action in GAME.legal_actions(s, seat)
        kinds.add(action.kind)
        GAME.apply(s, seat, action)
    assert {"draw", "move", "captain", "sail", "seize"} <= kinds
    s = GAME.setup(3, {"variant": variant}, f"ai-mc-{variant}")
    for _ in range(3):
        seat = min(GAME.to_act(s))
        action = choose(GAME, s, seat, random.Random(2), "normal")
        assert action in GAME.legal_actions(s, seat)
        GAME.apply(s, seat, action)


def test_the_pirat_decides_the_same_in_any_world_it_cannot_tell_apart() -> None:
    s = GAME.setup(4, {}, "blind")
    rng = random.Random(4)
    for step in range(120):
        if GAME.result(s) is not None:
            break
        seat = min(GAME.to_act(s))
        world = GAME.determinize(s, seat, random.Random(step))
        a = ai_action(s, seat, random.Random(step), "easy")
        b = ai_action(world, seat, random.Random(step), "easy")
        assert a == b
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))


def test_the_pirat_seizes_the_token_worth_most_to_it() -> None:
    s = position(2, ships={"cat": [None, None, None, (0, "cockroach")]},
                 groups={"cat": [["fries-4", "teddy-7", "can-9", "ketchup"]]},
                 treasure={0: ["opener"]})
    GAME.apply(s, 0, legal(s, 0, "sail")[0])
    assert ai_action(s, 0, random.Random(0)).args == {"token": "can-9"}
    assert marginal(["opener"], "can-9") > marginal(["opener"], "teddy-7") > 0
    assert soft_value(["fries-4", "ketchup"]) == 9


def test_the_pirat_becomes_captain_of_a_rich_ship_when_it_can() -> None:
    s = position(2, ships={"fish": [(1, "rat"), (1, "weasel"), (0, "rat"), None]},
                 groups={"fish": [["can-9", "noodles-5", "burger-6", "opener"]]},
                 hands={0: "fish bird"})
    assert ai_action(s, 0, random.Random(0)).kind == "captain"


def test_evaluate_is_a_share_of_the_chances() -> None:
    s = GAME.setup(3, {}, "eval")
    values = [evaluate(s, t) for t in range(3)]
    assert all(0 <= v <= 1 for v in values) and abs(sum(values) - 1) < 1e-9
    s.treasure[2] = ["can-9", "opener", "can-8", "opener"]
    assert evaluate(s, 2) > max(evaluate(s, 0), evaluate(s, 1))
