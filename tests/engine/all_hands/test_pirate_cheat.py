"""Rules Ain't for Pirates!: the hand limit of 12 and calling a captain a Pirate Cheat."""

from __future__ import annotations

from collections import Counter

from engine.all_hands import GAME
from engine.all_hands.state import DISCARD, RESOLVE

from .helpers import (
    act,
    bid,
    done_discarding,
    kinds,
    legal,
    pass_,
    position,
    private,
    public,
    refused,
)

#: fourteen cards without three in a row anywhere
BIG = ["ST1", "ST2", "ST4", "ST5", "ST7", "ST8", "ST10",
       "SS1", "SS2", "SS4", "SS5", "SS7", "SS8", "SS10"]


def test_any_captain_may_call_during_the_bidding_even_when_not_his_turn() -> None:
    s = position(3, {1: ["BV1"], 2: BIG, 0: ["BV2", "BV3"]})
    assert GAME.to_act(s) == {1}
    assert legal(s, 0, "call_cheat", target=2)
    assert legal(s, 2, "call_cheat", target=0)
    assert not legal(s, 0, "call_cheat", target=0)
    assert kinds(s, 0) == {"call_cheat"}


def test_a_captain_with_13_or_more_cards_loses_cards_until_12_remain() -> None:
    s = position(3, {1: ["BV1"], 2: BIG, 0: ["BV2", "BV3"]})
    events = act(s, 0, "call_cheat", target=2)
    assert "{p0} calls {p2} a Pirate Cheat! {p2} counts 14 cards openly." in public(events)
    assert "{p0} pulls 2 cards at random from {p2}'s hand." in public(events)
    assert len(s.hands[2]) == 12
    assert GAME.to_act(s) == {0}
    pulled = GAME.view(s, 0)["choice"]["cards"]
    assert len(pulled) == 2 and Counter(s.hands[2]) + Counter(pulled) == Counter(BIG)
    assert private(events, 0)[0].startswith("You pull ")
    assert private(events, 2)[0].startswith("{p0} pulls ")
    assert GAME.view(s, 1)["choice"] is None
    assert kinds(s, 1) == set()  # the bidder waits for the choice
    events = act(s, 0, "cheat_keep", card=pulled[0])
    assert sorted(s.hands[0]) == sorted(["BV2", "BV3", pulled[0]])
    assert s.discard == [pulled[1]]
    assert GAME.to_act(s) == {1}
    assert not s.immune[2]


def test_the_caller_may_keep_none_of_the_pulled_cards() -> None:
    s = position(3, {1: ["BV1"], 2: BIG, 0: ["BV2"]})
    act(s, 0, "call_cheat", target=2)
    pulled = list(s.pending["cards"])
    act(s, 0, "cheat_keep_none")
    assert s.hands[0] == ["BV2"] and sorted(s.discard) == sorted(pulled)


def test_a_captain_called_with_fewer_than_13_pulls_two_from_the_accuser_and_is_immune() -> None:
    s = position(3, {1: ["BV1"], 2: ["SS3"], 0: ["BV2", "BV3", "BV9"]})
    events = act(s, 0, "call_cheat", target=2)
    assert "{p0} calls {p2} a Pirate Cheat! {p2} counts 1 card openly." in public(events)
    assert ("{p2} is no cheat: they pull 2 cards at random from {p0}'s hand and is immune for "
            "the rest of the round.") in public(events)
    assert GAME.to_act(s) == {2} and s.immune[2]
    pulled = GAME.view(s, 2)["choice"]["cards"]
    assert len(pulled) == 2 and len(s.hands[0]) == 1
    act(s, 2, "honor_keep", card=pulled[1])
    assert sorted(s.hands[2]) == sorted(["SS3", pulled[1]]) and s.discard == [pulled[0]]
    assert GAME.view(s, None)["players"][2]["immune"] is True
    assert not legal(s, 1, "call_cheat", target=2)
    assert "immune" in refused(s, 1, "call_cheat", target=2)


def test_immunity_is_lost_with_the_next_dealt_card() -> None:
    s = position(3, {1: ["BV1"], 2: ["SS3"], 0: ["BV2"]})
    act(s, 0, "call_cheat", target=2)  # one card to pull: kept at once
    assert s.hands[2] == ["SS3", "BV2"] or sorted(s.hands[2]) == ["BV2", "SS3"]
    assert s.immune[2]
    for t in (1, 2, 0):
        pass_(s, t)
    assert s.immune[2]  # the whole round
    done_discarding(s)
    assert s.round == 2 and not s.immune[2]
    assert legal(s, 0, "call_cheat", target=2)


def test_an_accuser_with_no_cards_gives_nothing_but_the_accused_is_still_immune() -> None:
    s = position(3, {1: ["BV1"], 2: ["SS3"], 0: []})
    events = act(s, 0, "call_cheat", target=2)
    assert "{p2} is no cheat: they pull 0 cards" in " ".join(public(events))
    assert s.immune[2] and s.hands[2] == ["SS3"] and GAME.to_act(s) == {1}


def test_no_cheat_calls_once_the_bids_are_revealed() -> None:
    s = position(3, {1: ["CUTPURSE", "SS2"], 2: BIG, 0: ["BV2", "BV3"]})
    bid(s, 1, "CUTPURSE", "SS2")
    pass_(s, 2)
    pass_(s, 0)
    assert s.phase == RESOLVE
    assert all("call_cheat" not in kinds(s, t) for t in range(3))
    assert "only be called while the bids are being made" in refused(s, 0, "call_cheat", target=2)
    act(s, 1, "cutpurse_none")
    assert s.phase == DISCARD
    assert all("call_cheat" not in kinds(s, t) for t in range(3))


def test_no_cheat_call_while_another_choice_is_pending() -> None:
    s = position(3, {1: ["BV1"], 2: BIG, 0: ["BV2", "BV3"]})
    act(s, 0, "call_cheat", target=2)
    assert "call_cheat" not in kinds(s, 1)
    assert "call_cheat" not in kinds(s, 0)


def test_the_bidder_called_while_building_his_bid_keeps_only_cards_he_still_holds() -> None:
    s = position(3, {1: BIG, 2: ["SS3"], 0: ["BV2", "BV3"]})
    for c in BIG:
        act(s, 1, "bid_add", card=c)
    act(s, 0, "call_cheat", target=1)
    act(s, 0, "cheat_keep_none")
    assert sorted(GAME.view(s, 1)["my_bid"]) == sorted(s.hands[1])
    act(s, 1, "bid_confirm")
    assert len(s.bids[1]) == 12 and s.hands[1] == []


def test_a_brawled_captain_may_be_called_and_may_call() -> None:
    s = position(3, {1: ["BV1"], 2: BIG, 0: ["BV2", "BV3"]})
    s.brawled[2] = True
    s.status[2] = "brawled"
    assert legal(s, 2, "call_cheat", target=0)
    assert legal(s, 0, "call_cheat", target=2)


def test_hand_sizes_are_never_in_another_captains_view() -> None:
    s = position(3, {1: ["BV1"], 2: BIG, 0: ["BV2", "BV3"]})
    for seat in (None, 0, 1):
        v = GAME.view(s, seat)
        assert "14" not in str(v["players"])
        if seat is not None:
            assert v["hand_size"] == len(s.hands[seat])
    assert "hand" not in GAME.view(s, None) and "hand_size" not in GAME.view(s, None)
