"""The heuristic captain: legal, sensible, and clearly better than random play."""

from __future__ import annotations

import random

from engine.all_hands import GAME
from engine.all_hands.ai import ai_action, ai_plans, evaluate, gain_of, potential
from engine.core import Action

from .helpers import act, bid, pass_, position

BIG = ["ST1", "ST2", "ST4", "ST5", "ST7", "ST8", "ST10",
       "SS1", "SS2", "SS4", "SS5", "SS7", "SS8", "SS10"]


def _ai_vs_random(games: int, n: int = 2) -> float:
    wins = 0.0
    for k in range(games):
        s = GAME.setup(n, {}, f"ai-vs-random-{n}-{k}")
        rng = random.Random(k)
        ai_seat = k % n
        while GAME.result(s) is None:
            seat = rng.choice(sorted(GAME.to_act(s)))
            if seat == ai_seat:
                action = ai_action(s, seat, rng, "easy")
            else:
                action = rng.choice(GAME.legal_actions(s, seat))
            GAME.apply(s, seat, action)
        winners = GAME.result(s)["winners"]
        if ai_seat in winners:
            wins += 1 / len(winners)
    return wins / games


def test_the_heuristic_captain_beats_random_captains_clearly() -> None:
    rate = _ai_vs_random(200, 2)
    print(f"heuristic captain vs a random captain: {rate:.1%} of 200 two-player games won")
    assert rate > 0.65
    rate4 = _ai_vs_random(40, 4)
    print(f"heuristic captain vs three random captains: {rate4:.1%} of 40 games won")
    assert rate4 > 0.5


def test_potential_grows_as_a_run_nears_completion() -> None:
    assert potential(["ST2", "ST3", "ST4"]) > potential(["ST2", "ST3", "SS9"])
    assert gain_of(["ST2", "ST3", "ST4", "ST6"], "ST5") > gain_of(["ST2", "ST3", "ST4", "ST6"],
                                                                 "BV9")
    assert gain_of(["ST2"], "ST2") == 0.0


def test_the_captain_bids_on_a_card_it_needs_and_passes_on_one_it_does_not() -> None:
    crew = ["ST2", "ST3", "ST4", "ST6", "ST7", "ST8"]
    s = position(2, {1: crew + ["SS9", "BV10", "SS8"], 0: ["BV1"]}, auction="ST5")
    rng = random.Random(1)
    moves = []
    while GAME.to_act(s) == {1}:
        a = ai_action(s, 1, rng)
        moves.append(a)
        GAME.apply(s, 1, a)
    assert moves[-1].kind == "bid_confirm"
    assert not any(c in crew for c in s.bids[1])
    # a second Stormsail 3 adds nothing to a hand that holds one
    s = position(2, {1: ["ST2", "ST3", "ST4", "SS9"], 0: ["BV1"]}, auction="ST3")
    assert ai_action(s, 1, random.Random(1)) == Action("pass", {})


def test_the_search_weighs_whole_bids_bigger_and_smaller_than_the_captains_own() -> None:
    crew = ["ST2", "ST3", "ST4", "ST6", "ST7", "ST8"]
    s = position(2, {1: crew + ["SS9", "BV10", "SS8", "BV3", "SS1"], 0: ["BV1"]},
                 auction="ST5")
    rng = random.Random(1)
    plans = ai_plans(s, 1, rng)
    own = plans[0]
    assert own[0] == ai_action(s, 1, rng) and own[-1] == Action("bid_confirm", {})
    assert any(len(p) > len(own) for p in plans)  # more cards than the captain would bid
    assert [Action("pass", {})] in plans
    # a bid under way is finished as it was begun: no card taken back, no other bid
    bigger = max(plans, key=len)
    GAME.apply(s, 1, bigger[0])
    assert ai_plans(s, 1, rng) == [bigger[1:]]
    assert ai_plans(s, 0, rng) is None  # not seat 0's turn to bid
    s = position(2, {1: crew + ["SS9", "BV10", "RUM"], 0: ["BV1"]}, auction="BV6")
    assert [Action("bid_add", {"card": "RUM"}), Action("bid_confirm", {})] in ai_plans(s, 1, rng)


def test_the_captain_pours_rum_for_a_card_that_completes_its_crew() -> None:
    crew = ["ST2", "ST3", "ST4", "ST6", "ST7", "ST8"]
    s = position(2, {1: crew + ["RUM", "SS1"], 0: ["BV1"]}, auction="ST5")
    rng = random.Random(2)
    assert ai_action(s, 1, rng) == Action("bid_add", {"card": "RUM"})


def test_the_captain_calls_a_cheat_on_a_captain_holding_13_or_more() -> None:
    s = position(3, {1: ["BV1", "BV5"], 2: BIG, 0: ["BV2", "BV3"]})
    assert ai_action(s, 1, random.Random(0)) == Action("call_cheat", {"target": 2})


def test_the_captain_keeps_the_most_useful_card_of_a_mermaids_catch() -> None:
    s = position(3, {1: ["MERMAID", "ST3", "ST4"], 2: ["ST5"], 0: ["BV9"]})
    bid(s, 1, "MERMAID")
    pass_(s, 2)
    pass_(s, 0)
    assert ai_action(s, 1, random.Random(0)) == Action("mermaid_keep", {"card": "ST5"})


def test_the_captain_gives_away_its_least_useful_card() -> None:
    s = position(3, {1: ["SHADY", "SS9"], 2: ["BV2", "ST3", "ST4", "ST5", "SS10"],
                     0: ["ST1"]})
    bid(s, 1, "SHADY", "SS9")
    bid(s, 2, "BV2")
    pass_(s, 0)
    assert ai_action(s, 2, random.Random(0)) == Action("give", {"card": "SS10"})


def test_the_captain_discards_down_to_the_hand_limit() -> None:
    s = position(2, {1: BIG[:13], 0: ["BV1"]})
    pass_(s, 1)
    pass_(s, 0)
    rng = random.Random(0)
    while 1 in GAME.to_act(s):
        act(s, 1, ai_action(s, 1, rng).kind, **ai_action(s, 1, rng).args)
    assert len(s.hands[1]) <= 12


def test_evaluate_is_between_0_and_1_and_1_for_the_winner() -> None:
    s = GAME.setup(3, {}, "eval")
    assert 0.0 <= evaluate(s, 0) <= 1.0
    crew = ["ST2", "ST3", "ST4", "ST6", "ST7", "ST8"]
    s = position(2, {1: crew + ["SS9"], 0: ["BV1"]}, auction="ST5")
    near, far = evaluate(s, 1), evaluate(s, 0)
    assert near > 0.5 > far
    bid(s, 1, "SS9")
    pass_(s, 0)
    assert evaluate(s, 1) == 1.0 and evaluate(s, 0) == 0.0


def test_the_captain_plays_every_seat_of_whole_games_legally() -> None:
    for n in range(2, 7):
        s = GAME.setup(n, {"longer": n % 2 == 0}, f"ai-self-{n}")
        rng = random.Random(n)
        while GAME.result(s) is None:
            seat = rng.choice(sorted(GAME.to_act(s)))
            action = ai_action(s, seat, rng)
            assert action in GAME.legal_actions(s, seat)
            GAME.apply(s, seat, action)
        assert GAME.result(s)["winners"]
