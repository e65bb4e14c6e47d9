"""The fixture game keeps the Game contract, so platform tests built on it mean something."""

from __future__ import annotations

import random

import pytest

from engine.core import Action, IllegalAction
from tests.contract import canon, check_no_leak, play_random, replay
from tests.fixtures.cutlass import GAME

LAY = Action("lay", {})


def _turn(state, seat: int, card: int) -> None:
    GAME.apply(state, seat, Action("pick", {"card": card}))
    GAME.apply(state, seat, LAY)


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("rounds", [3, 5, 9])
def test_random_playouts_end_and_keep_the_contract(n: int, rounds: int) -> None:
    for k in range(3):
        seed = f"cut-{n}-{rounds}-{k}"
        state, log = play_random(GAME, n, seed, {"rounds": rounds}, check_every=1, leak_every=1)
        assert len(log) == n * rounds * 2  # a pick and a lay per captain and round
        again = replay(GAME, n, seed, {"rounds": rounds}, log)
        assert canon(GAME.dump(again)) == canon(GAME.dump(state))


def test_picks_and_sealed_cards_are_private_until_the_reveal() -> None:
    state = GAME.setup(3, {}, "sealed")
    card = state.hands[0][0]
    GAME.apply(state, 0, Action("pick", {"card": card}))
    assert GAME.view(state, 0)["my_pick"] == card
    assert GAME.view(state, None)["laid"] == [False, False, False]
    check_no_leak(GAME, state, 3, random.Random(1))
    GAME.apply(state, 0, LAY)
    assert GAME.view(state, 0)["my_card"] == card
    assert "my_card" not in GAME.view(state, None)
    assert GAME.view(state, 1)["my_card"] is None
    assert GAME.view(state, None)["laid"] == [True, False, False]
    check_no_leak(GAME, state, 3, random.Random(2))


def test_highest_unmatched_card_wins_the_doubloon() -> None:
    state = GAME.setup(3, {}, "reveal")
    state.hands = [[9, 2, 3], [9, 4, 5], [7, 6, 1]]
    for seat, card in enumerate([9, 9, 7]):
        _turn(state, seat, card)
    assert state.scores == [0, 0, 1]
    assert state.last_reveal == {"cards": [9, 9, 7], "winner": 2}
    assert [len(h) for h in state.hands] == [3, 3, 3]  # everyone drew after the round


def test_a_seat_picks_once_lays_its_pick_and_only_once_a_round() -> None:
    state = GAME.setup(2, {}, "once")
    with pytest.raises(IllegalAction, match="Pick a card first"):
        GAME.apply(state, 0, LAY)
    missing = next(c for c in range(1, 11) if c not in state.hands[0])
    with pytest.raises(IllegalAction, match="from your hand"):
        GAME.apply(state, 0, Action("pick", {"card": missing}))
    GAME.apply(state, 0, Action("pick", {"card": state.hands[0][0]}))
    with pytest.raises(IllegalAction, match="picked a card already"):
        GAME.apply(state, 0, Action("pick", {"card": state.hands[0][1]}))
    GAME.apply(state, 0, LAY)
    with pytest.raises(IllegalAction, match="already laid"):
        GAME.apply(state, 0, Action("pick", {"card": state.hands[0][0]}))
    assert GAME.to_act(state) == frozenset({1})


def test_unknown_option_or_player_count_is_refused() -> None:
    with pytest.raises(ValueError, match="options are"):
        GAME.setup(2, {"speed": 1}, "s")
    with pytest.raises(ValueError, match="allowed"):
        GAME.setup(2, {"rounds": 4}, "s")
    with pytest.raises(ValueError):
        GAME.setup(4, {}, "s")
