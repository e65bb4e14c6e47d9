"""The engine's fast paths give what the plain code they replace gives: the random stream of
a draw, the dice, and the labels of moves kept per board (made when first read)."""

from __future__ import annotations

import random

import pytest

from engine.core import rng
from engine.seafarers import GAME
from engine.seafarers.moves import label
from engine.seafarers.rules import die, draw
from engine.seafarers.scenario_rules import SCENARIOS


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


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_every_listed_moves_label_is_the_label_of_the_state_it_is_listed_in(sid: str) -> None:
    """A move kept per board makes its label when first read; it must read as ``label``
    words it from the state: here every move listed in a random game, read at once, and
    the moves met again later in the game, read then."""
    state = GAME.setup(4, {"scenario": sid}, f"labels-{sid}")
    rnd = random.Random(sid)
    for _ in range(1500):
        if GAME.result(state) is not None:
            break
        seat = rnd.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        for a in legal:
            assert a.label == label(state, seat, a.kind, a.args), a
        GAME.apply(state, seat, rnd.choice(legal))
