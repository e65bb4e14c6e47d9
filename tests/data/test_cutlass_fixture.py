"""The fixture game keeps the Game contract, so platform tests built on it mean something."""

from __future__ import annotations

import random

import pytest

from engine.core import Action, IllegalAction
from tests.contract import canon, check_no_leak, play_random, replay
from tests.fixtures.cutlass import GAME


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("rounds", [3, 5, 9])
def test_random_playouts_end_and_keep_the_contract(n: int, rounds: int) -> None:
    for k in range(3):
        state, log = play_random(GAME, n, f"cut-{n}-{rounds}-{k}", {"rounds": rounds},
                                 check_every=1, leak_every=1)
        assert len(log) == n * rounds
        again = replay(GAME, n, f"cut-{n}-{rounds}-{k}", {"rounds": rounds}, log)
        assert canon(GAME.dump(again)) == canon(GAME.dump(state))


def test_sealed_cards_are_private_until_the_reveal() -> None:
    state = GAME.setup(3, {}, "sealed")
    card = state.hands[0][0]
    GAME.apply(state, 0, Action("lay", {"card": card}))
    assert GAME.view(state, 0)["my_card"] == card
    assert "my_card" not in GAME.view(state, None)
    assert GAME.view(state, 1)["my_card"] is None
    assert GAME.view(state, None)["laid"] == [True, False, False]
    check_no_leak(GAME, state, 3, random.Random(1))


def test_highest_unmatched_card_wins_the_doubloon() -> None:
    state = GAME.setup(3, {}, "reveal")
    state.hands = [[9, 2, 3], [9, 4, 5], [7, 6, 1]]
    for seat, card in enumerate([9, 9, 7]):
        GAME.apply(state, seat, Action("lay", {"card": card}))
    assert state.scores == [0, 0, 1]
    assert state.last_reveal == {"cards": [9, 9, 7], "winner": 2}
    assert [len(h) for h in state.hands] == [3, 3, 3]  # everyone drew after the round


def test_a_seat_lays_only_once_a_round_and_only_from_its_hand() -> None:
    state = GAME.setup(2, {}, "once")
    first = state.hands[0][0]
    GAME.apply(state, 0, Action("lay", {"card": first}))
    with pytest.raises(IllegalAction, match="already laid"):
        GAME.apply(state, 0, Action("lay", {"card": state.hands[0][0]}))
    missing = next(c for c in range(1, 11) if c not in state.hands[1])
    with pytest.raises(IllegalAction, match="from your hand"):
        GAME.apply(state, 1, Action("lay", {"card": missing}))
    assert GAME.to_act(state) == frozenset({1})


def test_unknown_option_or_player_count_is_refused() -> None:
    with pytest.raises(ValueError, match="options are"):
        GAME.setup(2, {"speed": 1}, "s")
    with pytest.raises(ValueError, match="allowed"):
        GAME.setup(2, {"rounds": 4}, "s")
    with pytest.raises(ValueError):
        GAME.setup(4, {}, "s")
