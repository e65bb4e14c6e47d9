"""Rulebook "Scoring Treasures" (page 8), with the token data of components.md."""

from __future__ import annotations

from engine.sewer_pirats import breakdown, score
from engine.sewer_pirats.data import bonus_tokens, booty_tokens


def test_scoring_example_fries_2_and_3_with_one_ketchup_score_15() -> None:
    assert score(["fries-2", "fries-3", "ketchup"]) == (2 + 5) + (3 + 5) == 15


def test_fries_count_their_printed_value_and_both_ketchups_add_10_each() -> None:
    assert score(["fries-2", "fries-3"]) == 5
    assert score(["fries-2", "fries-3", "ketchup", "ketchup"]) == 12 + 13
    assert score(["ketchup"]) == 0


def test_chinese_noodles_with_chili_pepper_add_4_each_and_8_with_both() -> None:
    assert score(["noodles-5", "noodles-1"]) == 6
    assert score(["noodles-5", "noodles-1", "chili"]) == 6 + 8
    assert score(["noodles-5", "noodles-1", "chili", "chili"]) == 6 + 16


def test_hamburgers_with_a_king_sized_milkshake_add_3_each() -> None:
    assert score(["burger-6", "burger-2", "milkshake"]) == 8 + 6
    assert score(["burger-6", "milkshake", "milkshake"]) == 6 + 6


def test_teddy_bears_and_soft_dolls_are_worth_nothing_without_a_parrot() -> None:
    assert score(["teddy-7", "doll-6"]) == 0
    assert breakdown(["teddy-7", "doll-6"])["locked"] == [7, 6]


def test_each_parrot_is_worth_one_point_by_itself() -> None:
    assert score(["parrot"]) == 1
    assert score(["parrot", "parrot", "parrot"]) == 3


def test_one_parrot_counts_all_teddy_bears_or_all_soft_dolls_the_better() -> None:
    tokens = ["teddy-7", "teddy-4", "doll-6", "doll-6", "parrot"]
    assert score(tokens) == 1 + 12  # dolls 12 beat teddies 11
    assert breakdown(tokens)["locked"] == [7, 4]


def test_two_parrots_count_both_teddy_bears_and_soft_dolls() -> None:
    assert score(["teddy-7", "teddy-4", "doll-6", "parrot", "parrot"]) == 2 + 17


def test_tin_cans_need_a_can_opener_each_best_cans_first() -> None:
    assert score(["can-9", "can-5"]) == 0
    assert score(["can-9", "can-5", "can-7", "opener"]) == 9
    assert score(["can-9", "can-5", "can-7", "opener", "opener"]) == 16
    assert score(["can-5", "opener", "opener"]) == 5
    assert breakdown(["can-9", "can-5", "can-7", "opener"])["locked"] == [7, 5]


def test_a_whole_treasure_scores_every_kind_together() -> None:
    tokens = ["fries-4", "ketchup", "noodles-3", "burger-5", "milkshake", "teddy-6", "parrot",
              "can-8", "opener", "doll-5"]
    b = breakdown(tokens)
    assert (b["fries"], b["noodles"], b["burger"], b["toys"], b["parrots"], b["cans"]) == \
        (9, 3, 8, 6, 1, 8)
    assert b["total"] == score(tokens) == 35


def test_every_token_of_the_game_is_known_to_the_scoring() -> None:
    everything = booty_tokens() + bonus_tokens()
    assert len(everything) == 56
    assert score(everything) > 0
