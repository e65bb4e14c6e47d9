"""Playing a longer game: scoring each hand, 250 points or the best after 5 hands."""

from __future__ import annotations

from engine.all_hands import GAME
from engine.all_hands.cards import sort_cards
from engine.all_hands.state import BID, OVER

from .helpers import assert_conserved, bid, pass_, position, public

CREW = ["ST2", "ST3", "ST4", "ST6", "ST7", "ST8"]


def _win_a_hand(scores: list[int] | None = None, hand_no: int = 1, n: int = 3):
    """Seat 1 wins the auction card Stormsail 5 and musters Stormsail 2-8; seat 2 holds
    Black Viper 6-8; seat 0 holds nothing that scores."""
    s = position(n, {1: CREW + ["SS9"], 2: ["BV6", "BV7", "BV8"], 0: ["SS1", "SS3"]},
                 auction="ST5", longer=True)
    s.hand_no = hand_no
    if scores is not None:
        s.scores = list(scores)
    bid(s, 1, "SS9")
    pass_(s, 2)
    events = pass_(s, 0)
    return s, events


def test_each_hand_is_scored_and_the_winner_adds_20() -> None:
    s, events = _win_a_hand()
    # seat 1: Stormsail 2-8 = run of three 21 + run of seven 35, +20; seat 2: 21
    assert s.scores == [0, 76, 21]
    assert "Hand 1 scored; totals: {p0} 0, {p1} 76, {p2} 21." in public(events)
    assert GAME.view(s, None)["scores"] == [0, 76, 21]


def test_a_new_hand_reshuffles_all_cards_deals_five_and_the_deal_passes_left() -> None:
    s, _ = _win_a_hand()
    assert s.phase == BID and s.hand_no == 2 and s.round == 1
    assert [len(h) for h in s.hands] == [5, 5, 5]
    assert len(s.deck) == 108 - 15 - 1 and s.discard == [] and s.auction is not None
    assert s.dealer == 1 and GAME.to_act(s) == {2}
    v = GAME.view(s, None)
    assert v["hand_no"] == 2 and v["hands_total"] == 5 and v["target"] == 250
    assert v["last_auction"] is None
    assert_conserved(s)


def test_the_first_captain_to_reach_250_wins() -> None:
    s, _ = _win_a_hand([200, 180, 100])
    assert s.phase == OVER
    result = GAME.result(s)
    crew = result.pop("crew")
    assert result == {"winners": [1], "scores": [200, 256, 121], "reason":
                      "{p1} wins the longer game with 256 points after 1 hand."}
    # the crew that ended it is shown at the end: the winner's hand, in hand order
    assert crew == {"seat": 1, "cards": sort_cards(s.hands[1])}


def test_when_two_reach_250_on_the_same_hand_the_highest_total_wins() -> None:
    s, _ = _win_a_hand([0, 180, 240])
    assert s.phase == OVER
    assert GAME.result(s)["winners"] == [2]  # 261 against 256
    assert GAME.result(s)["scores"] == [0, 256, 261]


def test_after_five_hands_the_best_total_wins() -> None:
    s, _ = _win_a_hand([150, 10, 20], hand_no=5)
    assert s.phase == OVER and GAME.result(s)["winners"] == [0]
    assert "after 5 hands" in GAME.result(s)["reason"]


def test_an_exact_tie_after_five_hands_shares_the_win() -> None:
    s, _ = _win_a_hand([0, 100, 155], hand_no=5)
    assert GAME.result(s)["winners"] == [1, 2]
    assert GAME.result(s)["reason"] == (
        "{p1}, {p2} share the win of the longer game with 176 points after 5 hands.")


def test_the_short_game_ends_with_the_first_winning_crew() -> None:
    s = position(3, {1: CREW + ["SS9"], 2: ["BV6", "BV7", "BV8"], 0: ["SS1"]}, auction="ST5")
    bid(s, 1, "SS9")
    pass_(s, 2)
    pass_(s, 0)
    r = GAME.result(s)
    assert r["winners"] == [1] and r["scores"] == [0, 76, 21]
    assert GAME.view(s, None)["scores"] == [0, 0, 0]  # no running score in the short game
    assert GAME.view(s, None)["result"] == r


def test_a_hand_ended_by_the_round_limit_scores_the_20_bonus_for_the_best_hand() -> None:
    s = position(2, {1: ["ST1", "ST2", "ST3"], 0: ["BV8", "BV9", "BV10"]}, auction="SS1",
                 round_no=100, longer=True)
    pass_(s, 1)
    pass_(s, 0)
    for t in sorted(GAME.to_act(s)):
        GAME.apply(s, t, GAME.legal_actions(s, t)[-1])  # discard_done is listed last
    assert s.scores == [47, 6] and s.hand_no == 2
    # the round's dealer (seat 0) passed the deal at the round's end: seat 1 deals hand 2
    assert s.dealer == 1
