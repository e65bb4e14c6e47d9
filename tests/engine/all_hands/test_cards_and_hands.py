"""Card data and crew runs: the rulebook's winning-hand and scoring examples."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.all_hands.cards import ACTIONS, DECK_SIZE, build_deck, card_name, sort_cards
from engine.all_hands.hands import cards_missing, hand_score, is_winning


def test_the_deck_has_108_cards_90_crew_and_18_actions() -> None:
    deck = Counter(build_deck())
    assert sum(deck.values()) == DECK_SIZE == 108
    crew = {c: k for c, k in deck.items() if c not in ACTIONS}
    assert len(crew) == 30 and set(crew.values()) == {3}
    assert {c: deck[c] for c in ACTIONS} == {
        "CUTPURSE": 2, "DOCK": 2, "PLUNDER": 1, "MERMAID": 2, "EIGHT": 2,
        "MONKEY": 2, "RUM": 3, "SHADY": 1, "BRAWL": 2, "KING": 1,
    }


def test_card_names_read_like_the_cards() -> None:
    assert card_name("ST5") == "Stormsail 5 Gunner"
    assert card_name("SS10") == "Sea Sabre 10 First Mate"
    assert card_name("BV1") == "Black Viper 1 Cabin Boy"
    assert card_name("RUM") == "Rum"
    assert card_name("KING") == "The Pirate King"
    with pytest.raises(ValueError):
        card_name("ST11")


def test_hands_sort_by_crew_then_rank_then_actions() -> None:
    assert sort_cards(["RUM", "BV2", "ST10", "SS1", "ST2", "CUTPURSE"]) == [
        "ST2", "ST10", "SS1", "BV2", "CUTPURSE", "RUM"]


# -- winning hands (rulebook "Example of a Winning Hand") -------------------------------------

def test_winning_hand_stormsail_2_through_8() -> None:
    assert is_winning(["ST2", "ST3", "ST4", "ST5", "ST6", "ST7", "ST8"])


def test_not_winning_when_the_4_does_not_match_the_rest_of_the_crew() -> None:
    assert not is_winning(["ST2", "ST3", "SS4", "ST5", "ST6", "ST7", "ST8"])


def test_not_winning_when_the_seven_are_not_all_consecutive() -> None:
    assert not is_winning(["ST1", "ST2", "ST3", "ST5", "ST6", "ST7", "ST9"])


def test_winning_hand_three_consecutive_in_all_three_crews() -> None:
    assert is_winning(["ST1", "ST2", "ST3", "SS4", "SS5", "SS6", "BV8", "BV9", "BV10"])


def test_three_runs_must_be_one_in_each_crew() -> None:
    assert not is_winning(["ST1", "ST2", "ST3", "ST5", "ST6", "ST7", "BV8", "BV9", "BV10"])


def test_extra_cards_do_not_spoil_a_winning_hand() -> None:
    assert is_winning(["SS4", "SS5", "SS6", "SS7", "SS8", "SS9", "SS10", "RUM", "BV1", "ST1"])


def test_pirate_monkey_is_wild_in_a_run_of_seven() -> None:
    assert is_winning(["ST2", "ST3", "ST4", "MONKEY", "ST6", "ST7", "ST8"])
    assert is_winning(["BV4", "BV5", "BV6", "BV7", "BV8", "BV9", "MONKEY"])


def test_two_monkeys_fill_two_gaps_in_the_three_runs() -> None:
    assert is_winning(["ST1", "ST2", "SS5", "SS6", "BV9", "BV10", "BV8", "MONKEY", "MONKEY"])


def test_a_monkey_fills_only_one_gap() -> None:
    assert not is_winning(["ST1", "ST2", "SS1", "SS2", "BV1", "BV2", "BV3", "MONKEY"])
    assert cards_missing(["ST1", "ST2", "SS1", "SS2", "BV1", "BV2", "BV3", "MONKEY"]) == 1


def test_duplicate_cards_do_not_extend_a_run() -> None:
    assert not is_winning(["ST2", "ST2", "ST3", "ST4", "ST5", "ST6", "ST7"])


# -- scoring (rulebook "PLAYING A LONGER GAME") -----------------------------------------------

def test_scoring_example_33_points_only_the_three_highest_consecutive_count() -> None:
    # Stormsail 2-5 scores 3+4+5 = 12, Black Viper 6-8 scores 21
    assert hand_score(["ST2", "ST3", "ST4", "ST5", "BV6", "BV7", "BV8", "SS1", "RUM"]) == 33


def test_scoring_example_surgeon_navigator_and_monkey_score_13() -> None:
    assert hand_score(["ST6", "ST7", "MONKEY"]) == 13


def test_a_monkey_scores_zero_but_may_stand_at_the_top_of_a_run() -> None:
    # 9 + 10 + monkey as the 8: 19; monkey as 11 does not exist
    assert hand_score(["SS9", "SS10", "MONKEY"]) == 19


def test_each_crew_scores_its_run_of_three_and_its_run_of_seven() -> None:
    # Stormsail 2-8: run of three 6+7+8 = 21 and run of seven 2+..+8 = 35
    assert hand_score(["ST2", "ST3", "ST4", "ST5", "ST6", "ST7", "ST8"]) == 56


def test_runs_in_all_three_crews_add_up() -> None:
    hand = ["ST1", "ST2", "ST3", "SS4", "SS5", "SS6", "BV8", "BV9", "BV10"]
    assert hand_score(hand) == 6 + 15 + 27


def test_no_run_scores_nothing() -> None:
    assert hand_score(["ST1", "ST3", "SS5", "BV7", "RUM"]) == 0
    # a monkey in the gap makes 1-2-3 of Stormsail: 1 + 3
    assert hand_score(["ST1", "ST3", "SS5", "BV7", "RUM", "MONKEY"]) == 4


def test_the_monkey_goes_where_it_scores_most() -> None:
    # with ST9 ST10 and BV1 BV2: the monkey completes 8-9-10 (19), not 1-2-3 (3)
    assert hand_score(["ST9", "ST10", "BV1", "BV2", "MONKEY"]) == 19


