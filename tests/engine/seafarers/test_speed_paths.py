"""The engine's fast paths give what the plain code they replace gives: the random stream of
a draw, the dice, and the moves a seat may make."""

from __future__ import annotations

import random

from engine.core import rng
from engine.seafarers import GAME
from engine.seafarers.rules import die, draw


def test_a_draw_is_the_tables_random_stream_of_engine_core() -> None:
    s = GAME.setup(4, {"scenario": "classic"}, "a table's seed ü")
    for _ in range(50):
        fast = draw(s)
        assert fast.getstate() == rng(s.seed, s.counter).getstate()
        assert type(fast) is random.Random


def test_a_die_is_randint_from_one_to_six_of_the_same_stream() -> None:
    for k in range(30):
        plain, fast = rng("dice", k), rng("dice", k)
        assert [die(fast.getrandbits) for _ in range(40)] == [
            plain.randint(1, 6) for _ in range(40)]
        assert fast.getstate() == plain.getstate()
