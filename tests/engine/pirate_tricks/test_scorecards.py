"""The 26 score cards, one test each, and the rulebook's scoring examples."""

from __future__ import annotations

from engine.pirate_tricks.scorecards import CARDS, DECKS, capture, recruitment, treasure

# -- the rulebook's examples -------------------------------------------------------------------


def test_example_gang_of_three_four_in_a_row_pays_one_run() -> None:
    """"You can collect only 3 loon for one run of 3. You cannot use the 16 red and the
    17 red twice to make two runs of three.\""""
    assert recruitment("gang_of_three", ["R15", "R16", "R17", "R18"]) == (
        3, ["R15", "R16", "R17"])


def test_example_gang_of_two_four_in_a_row_pays_two_runs() -> None:
    """"You can collect 2 loon since each card is used only once to make two different
    2-card runs.\""""
    assert recruitment("gang_of_two", ["R15", "R16", "R17", "R18"])[0] == 2


def test_example_partners_in_crime_three_of_a_kind_pays_once() -> None:
    """"You can collect only 2 loon. You cannot use any card twice to make an additional
    two of a kind.\""""
    assert recruitment("partners", ["R13", "G13", "B13"])[0] == 2


def test_example_one_card_counts_for_both_recruitment_cards() -> None:
    """Gang of Three and Partners in Crime with 13, 14, 15 red and 13 green: the red 13
    counts for both cards."""
    hand = ["R13", "R14", "R15", "G13"]
    assert recruitment("gang_of_three", hand) == (3, ["R13", "R14", "R15"])
    assert recruitment("partners", hand) == (2, ["R13", "G13"])


def test_example_bountiful_booty_with_3_3_2_2_tricks_pays_6_6_4_4() -> None:
    """Troy and Luke took 3 tricks, Faith and Drake 2: 6, 6, 4, 4; nobody is third."""
    assert treasure("bountiful", [3, 3, 2, 2], [None] * 4) == [6, 6, 4, 4]


def test_there_are_10_recruitment_9_capture_and_7_treasure_cards() -> None:
    assert [len(DECKS[k]) for k in ("recruitment", "capture", "treasure")] == [10, 9, 7]
    assert len(CARDS) == 26


# -- recruitment ---------------------------------------------------------------------------------


def test_recruitment_gang_of_two_one_loon_per_run_of_two_in_one_colour() -> None:
    hand = ["R3", "R4", "R5", "G7", "G8", "B8", "B10"]
    assert recruitment("gang_of_two", hand) == (2, ["R3", "R4", "G7", "G8"])


def test_recruitment_gang_of_three_three_loon_per_run_of_three() -> None:
    hand = ["B1", "B2", "B3", "B4", "B5", "B6", "G9", "G10"]
    assert recruitment("gang_of_three", hand)[0] == 6


def test_recruitment_partners_in_crime_two_loon_per_two_of_a_kind() -> None:
    hand = ["R4", "G4", "B4", "R9", "B9", "G11"]
    assert recruitment("partners", hand) == (4, ["R4", "R9", "G4", "B9"])


def test_recruitment_gang_of_four_five_loon_per_run_of_four() -> None:
    hand = ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "R1", "R2", "R3"]
    assert recruitment("gang_of_four", hand) == (5, ["G1", "G2", "G3", "G4"])


def test_recruitment_trio_of_thieves_five_loon_per_number_in_all_three_colours() -> None:
    hand = ["R7", "G7", "B7", "R8", "G8", "R12", "G12", "B12"]
    assert recruitment("trio", hand) == (10, ["R7", "R12", "G7", "G12", "B7", "B12"])


def test_recruitment_motley_crew_one_loon_per_red_green_blue_set() -> None:
    hand = ["R1", "R2", "R3", "G5", "G6", "B9", "B10", "B11", "B12"]
    assert recruitment("motley", hand)[0] == 2


def test_recruitment_beringa_muster_one_loon_per_two_green_cards() -> None:
    assert recruitment("beringa", ["G1", "G5", "G9", "G20", "G13", "R2"])[0] == 2


def test_recruitment_mustel_muster_one_loon_per_two_blue_cards() -> None:
    assert recruitment("mustel", ["B1", "B5", "B9", "R20", "G13"])[0] == 1


def test_recruitment_old_salts_one_loon_per_card_numbered_17_or_higher() -> None:
    assert recruitment("old_salts", ["R16", "R17", "G18", "B20", "B3"]) == (
        3, ["R17", "G18", "B20"])


def test_recruitment_admirals_favour_three_loon_per_card_numbered_20() -> None:
    assert recruitment("admiral_favour", ["R20", "G20", "B19"]) == (6, ["R20", "G20"])


# -- capture -------------------------------------------------------------------------------------

WON = ["R20", "R3", "G15", "G2", "B17", "B9", "B1"]


def test_capture_red_ransom_one_loon_per_red_card_captured() -> None:
    assert capture("red_ransom", WON, 2, False, False) == 2


def test_capture_green_ransom_one_loon_per_green_card_captured() -> None:
    assert capture("green_ransom", WON, 2, False, False) == 2


def test_capture_blue_ransom_one_loon_per_blue_card_captured() -> None:
    assert capture("blue_ransom", WON, 2, False, False) == 3


def test_capture_high_prisoners_one_loon_per_captured_card_15_or_higher() -> None:
    assert capture("high_prisoners", WON, 2, False, False) == 3


def test_capture_admiral_hunt_five_loon_for_the_red_20() -> None:
    assert capture("admiral_hunt", WON, 2, False, False) == 5
    assert capture("admiral_hunt", ["R19", "G20"], 1, False, False) == 0


def test_capture_cursed_cargo_costs_one_loon_per_red_card() -> None:
    assert capture("cursed_cargo", WON, 2, False, False) == -2


def test_capture_first_strike_three_loon_for_the_first_trick() -> None:
    assert capture("first_strike", WON, 2, True, False) == 3
    assert capture("first_strike", WON, 2, False, True) == 0


def test_capture_last_stand_four_loon_for_the_last_trick() -> None:
    assert capture("last_stand", WON, 2, False, True) == 4
    assert capture("last_stand", WON, 2, True, False) == 0


def test_capture_mutiny_costs_two_loon_per_trick_beyond_the_fifth() -> None:
    assert capture("mutiny", [], 5, False, False) == 0
    assert capture("mutiny", [], 8, False, False) == -6


# -- treasure ------------------------------------------------------------------------------------


def test_treasure_bountiful_booty_most_tricks_6_second_4_third_2() -> None:
    assert treasure("bountiful", [5, 3, 2, 0], [None] * 4) == [6, 4, 2, 0]


def test_treasure_tempt_fortune_exact_10_else_pay_2_per_trick_off() -> None:
    assert treasure("tempt", [3, 4, 3], [3, 1, 5]) == [10, -6, -4]


def test_treasure_extra_loot_one_per_trick_and_4_more_if_exact() -> None:
    assert treasure("extra_loot", [3, 4, 3], [3, 1, 0]) == [7, 4, 3]


def test_treasure_plunder_one_loon_per_trick() -> None:
    assert treasure("plunder", [6, 4, 0], [None] * 3) == [6, 4, 0]


def test_treasure_meagre_rations_fewest_6_second_fewest_4_third_fewest_2() -> None:
    assert treasure("meagre", [0, 1, 1, 3, 5], [None] * 5) == [6, 4, 4, 2, 0]


def test_treasure_winner_takes_all_ten_loon_to_most_tricks_ties_collect() -> None:
    assert treasure("winner_takes_all", [4, 4, 2], [None] * 3) == [10, 10, 0]
    assert treasure("winner_takes_all", [5, 3, 2], [None] * 3) == [10, 0, 0]


def test_treasure_sharing_the_spoils_two_per_trick_for_at_most_three() -> None:
    assert treasure("sharing", [0, 2, 3, 5], [None] * 4) == [0, 4, 6, 6]


def test_ties_on_a_score_card_all_tied_players_collect() -> None:
    assert treasure("bountiful", [4, 4, 2], [None] * 3) == [6, 6, 4]
    assert treasure("meagre", [2, 2, 6], [None] * 3) == [6, 6, 4]
