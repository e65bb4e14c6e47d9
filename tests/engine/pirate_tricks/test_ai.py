"""The heuristic captain: legal, sensible, and clearly better than random play."""

from __future__ import annotations

import random

from engine import ai
from engine.pirate_tricks import GAME
from engine.pirate_tricks.ai import (
    Outstanding,
    best_ditch,
    choose_bid,
    choose_card,
    evaluate,
    expected_tricks,
)
from engine.pirate_tricks.cards import deck_for

from .helpers import bids, ditch_first_two, position, to_tricks


def _ai_vs_random(games: int, n: int) -> float:
    wins = 0.0
    for k in range(games):
        s = GAME.setup(n, {}, f"ai-vs-random-{n}-{k}")
        rng = random.Random(k)
        me = k % n
        while GAME.result(s) is None:
            seat = rng.choice(sorted(GAME.to_act(s)))
            if seat == me:
                action = GAME.ai_action(s, seat, rng, "easy")
                assert action in GAME.legal_actions(s, seat)
            else:
                action = rng.choice(GAME.legal_actions(s, seat))
            GAME.apply(s, seat, action)
        winners = GAME.result(s)["winners"]
        if me in winners:
            wins += 1 / len(winners)
    return wins / games


def test_the_heuristic_captain_beats_random_players_clearly() -> None:
    for n, games in ((3, 60), (4, 40), (5, 40)):
        rate = _ai_vs_random(games, n)
        print(f"heuristic captain vs {n - 1} random players: {rate:.0%} of {games} games won "
              f"(chance: {1 / n:.0%})")
        assert rate > 0.75


def test_heuristic_captains_finish_games_against_each_other() -> None:
    rng = random.Random(1)
    for k in range(6):
        s = GAME.setup(3 + k % 3, {"rounds": 3}, f"ai-all-{k}")
        while GAME.result(s) is None:
            seat = rng.choice(sorted(GAME.to_act(s)))
            GAME.apply(s, seat, GAME.ai_action(s, seat, rng, "easy"))


def test_the_captain_bids_more_for_a_row_that_completes_its_runs() -> None:
    s = position(3, hands={0: ["R9", "R10", "R12", "G9", "G10"]},
                 rows={0: ["R11", "R13", "G11", "G12", "R14"], 1: ["B9", "B12", "G15", "B16",
                                                                  "G19"]},
                 recruit=("gang_of_three", "gang_of_two"), treasure="plunder")
    assert choose_bid(s, 0) >= 2
    s2 = position(3, hands={0: ["R9", "R10", "R12", "G9", "G10"]},
                  rows={1: ["R11", "R13", "G11", "G12", "R14"], 0: ["B9", "B12", "G15", "B16",
                                                                   "G19"]},
                  recruit=("gang_of_three", "gang_of_two"), treasure="plunder")
    assert choose_bid(s2, 0) == 0


def test_the_captain_ditches_cards_that_neither_score_nor_win() -> None:
    s = position(3, hands={0: ["R18", "R19", "R20", "G9", "B9"]},
                 rows={0: ["G10", "G11", "G12", "B10", "R17"]}, downs={0: ["B11", "B12"]},
                 recruit=("gang_of_three", "old_salts"), treasure="plunder")
    to_tricks(s)
    drop = best_ditch(s, 0)
    assert not set(drop) & {"R17", "R18", "R19", "R20"}


def test_the_captain_takes_a_trick_it_wants_with_its_lowest_winning_card() -> None:
    """Seat 1 plays last to a blue trick under Plunder: any of its blues wins, the 18 is
    enough, the 19 and 20 stay for later."""
    s = position(3, treasure="plunder", capture="red_ransom")
    to_tricks(s)
    ditch_first_two(s)
    s.trick = [[2, "B15"], [0, "B17"]]
    s.leader, s.turn = 2, 1
    s.hands[1] = ["B18", "B19", "B20", "G9"]
    assert choose_card(s, 1) == "B18"


def test_the_captain_dodges_tricks_under_meagre_rations() -> None:
    s = position(3, treasure="meagre", capture="mutiny")
    to_tricks(s)
    ditch_first_two(s)
    s.trick = [[2, "G15"]]
    s.turn = 0
    s.hands[0] = ["G10", "G18", "B20"]
    assert choose_card(s, 0) == "G10"


def test_predictions_follow_the_strength_of_the_hand() -> None:
    strong = ["R20", "R19", "R18", "R17", "G20", "B20", "R16", "G19", "B19", "R15"]
    weak = ["G9", "G10", "B9", "B10", "G11", "B11", "G12", "B12", "G13", "B13"]
    deck = set(deck_for(3))
    assert expected_tricks(strong, deck - set(strong), 3) > 8
    assert expected_tricks(weak, deck - set(weak), 3) < 1


def test_a_card_is_priced_for_the_hand_it_sits_in_when_a_ditch_prices_many_hands() -> None:
    # a ditch prices every pair it may drop against one count of the cards out there: the
    # same card must weigh what it weighs in each hand, as if each were priced alone
    deck = set(deck_for(3))
    hands = [
        ["B18", "B9", "B10", "B11", "B12", "G20", "R9", "R10", "G9", "G10"],  # long in blue
        ["B18", "G20", "R9", "R10", "G9", "G10", "G11", "G12", "G13", "G14"],  # short in blue
        ["R9", "R10", "G20", "G9", "G10", "G11", "G12", "G13", "G14", "G15"],  # void in blue
    ]
    out = deck - {c for hand in hands for c in hand}
    shared = Outstanding.of(out)
    priced = [expected_tricks(hand, shared, 3) for hand in hands + hands[::-1]]
    alone = [expected_tricks(hand, Outstanding.of(out), 3) for hand in hands + hands[::-1]]
    assert priced == alone
    # and the shapes matter: a lone blue 18 fears fewer trumps than one in a long colour,
    # a low red trumps more in a hand void in blue
    assert len(set(alone[:3])) == 3

def test_evaluate_is_a_share_that_favours_more_loon() -> None:
    s = position(3, loon=[30, 10, 10])
    values = [evaluate(s, t) for t in range(3)]
    assert abs(sum(values) - 1) < 1e-9 and values[0] > values[1]


def test_the_search_levels_choose_legal_moves() -> None:
    s = position(4)
    rng = random.Random(3)
    bids(s, {0: 1})
    for level in ("easy", "normal"):
        action = ai.choose(GAME, s, 2, rng, level)
        assert action in GAME.legal_actions(s, 2)
