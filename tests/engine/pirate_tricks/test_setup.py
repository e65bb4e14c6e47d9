"""Rulebook "Set up" and "Setting Up for a Round of Play", and the table options."""

from __future__ import annotations

import pytest

from engine.pirate_tricks import GAME
from engine.pirate_tricks.cards import NUMBER, deck_for
from engine.pirate_tricks.scorecards import CARDS, DECKS
from engine.pirate_tricks.state import round_cards


def test_example_crew_card_layout_for_a_three_player_game() -> None:
    """Rulebook figure: three players, cards 9-20, five in each hand and three rows of
    five face up with two face down."""
    s = GAME.setup(3, {}, "layout")
    assert all(len(h) == 5 for h in s.hands)
    assert len(s.ups) == 3 and all(len(u) == 5 for u in s.ups)
    assert all(len(d) == 2 for d in s.downs)
    assert sorted(NUMBER[c] for c in round_cards(s)) == sorted(list(range(9, 21)) * 3)


@pytest.mark.parametrize(("n", "low"), [(3, 9), (4, 5), (5, 1)])
def test_crew_cards_by_player_count_and_the_whole_deck_is_dealt(n: int, low: int) -> None:
    """5 players: no card removed; 4: the 1-4 of each colour; 3: the 1-8."""
    s = GAME.setup(n, {}, f"deck-{n}")
    cards = round_cards(s)
    assert sorted(cards) == sorted(deck_for(n))
    assert min(NUMBER[c] for c in cards) == low and len(cards) == 3 * (21 - low)
    assert len(cards) == n * 12


def test_each_player_starts_with_twelve_loon() -> None:
    s = GAME.setup(4, {}, "loon")
    assert s.loon == [12, 12, 12, 12]


def test_a_round_turns_up_two_recruitment_one_treasure_and_one_capture_card() -> None:
    s = GAME.setup(3, {}, "score-cards")
    assert len(s.recruit) == 2 and all(CARDS[c].kind == "recruitment" for c in s.recruit)
    assert CARDS[s.treasure].kind == "treasure" and CARDS[s.capture].kind == "capture"
    v = GAME.view(s, None)
    assert v["score_cards"] == {"recruitment": s.recruit, "treasure": s.treasure,
                                "capture": s.capture}


def test_the_go_first_marker_starts_by_the_top_row_and_bidding_starts_there() -> None:
    s = GAME.setup(3, {}, "marker")
    v = GAME.view(s, None)
    assert v["marker"] is None and v["bidding"]["row"] == 0
    assert v["to_act"] == [0, 1, 2]


@pytest.mark.parametrize("rounds", [3, 4, 5])
def test_the_rounds_option_sets_the_length_of_the_game(rounds: int) -> None:
    s = GAME.setup(3, {"rounds": rounds}, f"rounds-{rounds}")
    assert GAME.view(s, None)["rounds"] == rounds


def test_three_rounds_by_default_and_other_lengths_are_refused() -> None:
    assert GAME.setup(3, {}, "default").rounds == 3
    with pytest.raises(ValueError, match="allowed: 3, 4, 5"):
        GAME.setup(3, {"rounds": 6}, "x")


@pytest.mark.parametrize("n", [2, 6])
def test_three_to_five_players(n: int) -> None:
    with pytest.raises(ValueError, match="3 to 5 players"):
        GAME.setup(n, {}, "x")


def test_a_score_card_drawn_once_never_comes_back_in_five_rounds() -> None:
    """Decision: the decks are not reshuffled; five rounds use all ten recruitment cards."""
    from tests.contract import play_random

    state, _ = play_random(GAME, 3, "five-rounds", {"rounds": 5}, check_every=10_000)
    assert state.decks["recruitment"] == []
    assert len(state.decks["treasure"]) == len(DECKS["treasure"]) - 5
    assert len(state.decks["capture"]) == len(DECKS["capture"]) - 5
