"""The game round (rulebook "THE PIRATE AUCTION", steps 1-7) and the end of a hand."""

from __future__ import annotations

import pytest

from engine.all_hands import GAME
from engine.all_hands.state import BID, DISCARD, OVER, TIE

from .helpers import (
    act,
    assert_conserved,
    bid,
    done_discarding,
    hand,
    kinds,
    pass_,
    position,
    public,
    refused,
)


@pytest.mark.parametrize("n", range(2, 7))
def test_setup_deals_five_cards_each_and_the_dealer_flips_the_auction_card(n: int) -> None:
    s = GAME.setup(n, {}, f"setup-{n}")
    assert [len(h) for h in s.hands] == [5] * n
    assert s.auction is not None
    assert len(s.deck) == 108 - 5 * n - 1
    assert s.dealer == 0 and s.round == 1 and s.phase == BID
    assert GAME.to_act(s) == {1 % n}
    assert_conserved(s)


def test_setup_refuses_unknown_options_and_player_counts() -> None:
    with pytest.raises(ValueError, match="options are"):
        GAME.setup(3, {"sails": 2}, "x")
    with pytest.raises(ValueError, match="allowed"):
        GAME.setup(3, {"round_limit": 7}, "x")
    with pytest.raises(ValueError, match="2 to 6"):
        GAME.setup(7, {}, "x")


def test_bidding_goes_in_turn_from_the_dealers_left_with_the_dealer_last() -> None:
    s = position(4, {t: [f"ST{t + 1}", f"SS{t + 1}"] for t in range(4)}, dealer=2)
    order = []
    while s.phase == BID:
        (seat,) = GAME.to_act(s)
        order.append(seat)
        pass_(s, seat)
    assert order == [3, 0, 1, 2]


def test_only_the_captain_whose_turn_it_is_may_bid() -> None:
    s = position(3, {0: ["ST1"], 1: ["ST2"], 2: ["ST3"]})
    reason = refused(s, 2, "bid_add", card="ST3")
    assert reason == "Another captain must bid first. You may now: call a captain a Pirate Cheat."
    assert refused(s, 2, "pass") == reason


def test_a_bid_is_built_card_by_card_and_can_be_taken_back() -> None:
    s = position(2, {1: ["ST1", "SS9", "RUM"], 0: ["BV2"]}, auction="SS3")
    act(s, 1, "bid_add", card="SS9")
    act(s, 1, "bid_add", card="ST1")
    assert GAME.view(s, 1)["my_bid"] == ["SS9", "ST1"]
    assert GAME.view(s, 0).get("my_bid") == []
    act(s, 1, "bid_remove", card="ST1")
    labels = {a.kind: a.label for a in GAME.legal_actions(s, 1)}
    assert labels["bid_confirm"] == "Bid Sea Sabre 9 Quartermaster face down (value 18)"
    refused(s, 1, "bid_add", card="SS9")  # only one Sea Sabre 9 in the hand
    act(s, 1, "bid_confirm")
    assert s.hands[1] == ["ST1", "RUM"] and s.bids[1] == ["SS9"]
    assert GAME.view(s, 0)["players"][1] == {
        "status": "bid", "bid_cards": 1, "immune": False, "skip_deal": False}
    assert GAME.view(s, 0)["bids"] is None
    assert GAME.view(s, 1)["my_bid"] == ["SS9"]


def test_passing_takes_back_the_picked_cards() -> None:
    s = position(2, {1: ["ST1", "SS9"], 0: ["BV2"]})
    act(s, 1, "bid_add", card="SS9")
    pass_(s, 1)
    assert hand(s, 1) == {"ST1": 1, "SS9": 1} and s.status[1] == "passed"


def test_a_captain_with_no_cards_can_only_pass() -> None:
    s = position(2, {1: [], 0: ["BV2"]})
    assert kinds(s, 1) == {"pass", "call_cheat"}


def test_highest_bid_wins_the_auction_card_and_bid_cards_are_discarded() -> None:
    s = position(3, {1: ["SS9", "BV1"], 2: ["BV4", "BV3"], 0: ["SS2"]}, auction="ST5")
    bid(s, 1, "SS9")
    bid(s, 2, "BV4", "BV3")
    events = bid(s, 0, "SS2")
    assert any(t.startswith("The bids are revealed") for t in public(events))
    assert s.hands[1] == ["BV1", "ST5"]
    assert s.discard == ["SS9", "BV4", "BV3", "SS2"]  # from the dealer's left
    assert s.phase == DISCARD
    assert s.last_auction["winner"] == 1
    assert s.last_auction["text"] == "{p1} won Stormsail 5 Gunner with a bid worth 9."


def test_crew_values_add_and_action_cards_are_worth_nothing() -> None:
    s = position(2, {1: ["SS3", "BV4", "CUTPURSE"], 0: ["SS8"]}, auction="ST5")
    bid(s, 1, "SS3", "BV4")
    bid(s, 0, "SS8")
    assert s.last_auction["winner"] is None or s.last_auction["winner"] == 0
    assert "tie" not in " ".join(s.log).lower()
    s = position(2, {1: ["SS3", "BV4", "MONKEY", "ST1"], 0: ["SS7", "ST2"]}, auction="ST5")
    bid(s, 1, "SS3", "BV4", "MONKEY")
    bid(s, 0, "SS7")
    assert s.phase == TIE  # 3 + 4 + 0 = 7 against 7


def test_brothers_before_the_mast_doubles_crew_of_the_auction_cards_suit() -> None:
    s = position(2, {1: ["ST3"], 0: ["SS5"]}, auction="ST9")
    bid(s, 1, "ST3")
    events = bid(s, 0, "SS5")
    assert "{p1} Stormsail 3 Cook (value 6)" in " ".join(public(events))
    assert s.last_auction["winner"] == 1


def test_revealed_bids_show_cards_and_values_in_the_view() -> None:
    s = position(3, {1: ["ST3", "CUTPURSE"], 2: ["SS5", "SS6"], 0: ["BV1"]}, auction="SS9")
    bid(s, 1, "ST3", "CUTPURSE")
    bid(s, 2, "SS5", "SS6")
    pass_(s, 0)
    v = GAME.view(s, None)
    assert v["phase"] == "resolve" and v["pending_seat"] == 1
    assert v["bids"] == [{"seat": 1, "cards": ["ST3", "CUTPURSE"], "value": 3},
                         {"seat": 2, "cards": ["SS5", "SS6"], "value": 22}]
    assert [p["status"] for p in v["players"]] == ["passed", "bid", "bid"]


def test_no_bids_sends_the_auction_card_to_the_discard_pile() -> None:
    s = position(2, {1: ["ST1"], 0: ["ST2"]}, auction="BV10")
    pass_(s, 1)
    events = pass_(s, 0)
    assert "Nobody bid: Black Viper 10 First Mate goes to the discard pile." in public(events)
    assert s.discard == ["BV10"] and s.phase == DISCARD


def test_only_action_cards_bid_and_no_rum_discards_the_auction_card() -> None:
    s = position(2, {1: ["BRAWL", "ST1"], 0: ["MONKEY"]}, auction="BV10")
    bid(s, 1, "BRAWL")
    bid(s, 0, "MONKEY")
    assert s.discard[:1] == ["BV10"] and sorted(s.discard[1:]) == ["BRAWL", "MONKEY"]
    assert s.last_auction["winner"] is None
    assert "Only action cards" in s.last_auction["text"]


def test_tied_captains_bid_again_and_the_higher_rebid_wins() -> None:
    s = position(3, {1: ["SS5", "BV1"], 2: ["BV5", "ST1"], 0: ["ST9", "SS1"]}, auction="ST5")
    bid(s, 1, "SS5")
    bid(s, 2, "BV5")
    bid(s, 0, "SS1")
    assert s.phase == TIE and GAME.to_act(s) == {1, 2}
    v = GAME.view(s, None)
    assert [p["status"] for p in v["players"]] == ["bid", "tied", "tied"]
    assert kinds(s, 0) == set()
    assert "call_cheat" not in kinds(s, 1)  # the bids are revealed: no more cheat calls
    bid(s, 2, "ST1")  # worth 2 (Stormsail doubled)
    assert GAME.view(s, None)["bids"][1] == {"seat": 2, "cards": ["BV5"], "value": 5}
    assert GAME.view(s, 2)["my_bid"] == ["ST1"]
    bid(s, 1, "BV1")
    assert s.last_auction["winner"] == 2 and "ST5" in s.hands[2]
    assert sorted(s.discard) == sorted(["SS5", "BV5", "SS1", "ST1", "BV1"])


def test_a_tie_again_sends_the_tied_captains_to_bid_once_more() -> None:
    s = position(2, {1: ["SS5", "BV2", "SS9"], 0: ["BV5", "SS2", "ST9"]}, auction="ST1")
    bid(s, 1, "SS5")
    bid(s, 0, "BV5")
    bid(s, 1, "BV2")
    bid(s, 0, "SS2")
    assert s.phase == TIE and GAME.to_act(s) == {0, 1}
    bid(s, 1, "SS9")
    act(s, 0, "forfeit")
    assert s.last_auction["winner"] == 1


def test_a_tied_captain_who_forfeits_leaves_the_card_to_the_other() -> None:
    s = position(3, {1: ["SS5", "SS8"], 2: ["ST5", "ST1"], 0: ["SS1"]}, auction="BV9")
    bid(s, 1, "SS5")
    bid(s, 2, "ST5")
    pass_(s, 0)
    events = act(s, 2, "forfeit")
    assert "{p2} forfeits their bid." in public(events)
    assert GAME.to_act(s) == {1}
    bid(s, 1, "SS8")
    assert s.last_auction["winner"] == 1 and s.status[2] == "forfeit"


def test_when_every_tied_captain_forfeits_the_auction_card_is_discarded() -> None:
    s = position(2, {1: ["SS5", "SS8"], 0: ["ST5", "ST1"]}, auction="BV9")
    bid(s, 1, "SS5")
    bid(s, 0, "ST5")
    act(s, 1, "forfeit")
    events = act(s, 0, "forfeit")
    assert any("Every tied captain forfeits" in t for t in public(events))
    assert s.last_auction["winner"] is None and "BV9" in s.discard


def test_a_tied_captain_with_no_card_left_forfeits() -> None:
    s = position(2, {1: ["SS5"], 0: ["ST5", "ST1"]}, auction="BV9")
    bid(s, 1, "SS5")
    events = bid(s, 0, "ST5")
    assert "{p1} has no card left and forfeits." in public(events)
    assert GAME.to_act(s) == {0}
    bid(s, 0, "ST1")
    assert s.last_auction["winner"] == 0


def test_discarding_is_for_every_captain_at_once_and_any_number_of_cards() -> None:
    s = position(3, {1: ["SS5", "SS6", "SS7"], 2: ["BV1"], 0: []}, auction="BV9")
    for t in (1, 2, 0):
        pass_(s, t)
    assert s.phase == DISCARD and GAME.to_act(s) == {1, 2}  # seat 0 has nothing to discard
    act(s, 1, "discard", card="SS5")
    act(s, 1, "discard", card="SS7")
    assert GAME.to_act(s) == {1, 2}
    act(s, 2, "discard", card="BV1")  # his last card: done by itself
    assert GAME.to_act(s) == {1}
    act(s, 1, "discard_done")
    assert s.phase == BID and s.round == 2
    assert s.discard[-3:] == ["SS5", "SS7", "BV1"] or s.discard[:4] == ["BV9", "SS5", "SS7", "BV1"]


def test_the_first_round_has_no_deal_and_later_rounds_deal_from_the_dealers_left() -> None:
    s = GAME.setup(3, {}, "deal")
    assert [len(h) for h in s.hands] == [5, 5, 5]
    top = s.deck[-3:]  # the next three cards, drawn from the end
    for t in (1, 2, 0):
        pass_(s, t)
    events = done_discarding(s)
    # the dealer passed to seat 1, who deals from his left: seats 2, 0, 1
    assert s.dealer == 1 and s.round == 2
    assert [len(h) for h in s.hands] == [6, 6, 6]
    dealt = [e for e in events if e.kind == "dealt"]
    assert [sorted(e.to) for e in dealt] == [[2], [0], [1]]
    assert [e.data["card"] for e in dealt] == [top[-1], top[-2], top[-3]][:3]
    assert "Round 2: {p1} deals a card to each captain." in public(events)


def test_the_deal_passes_to_the_left_each_round() -> None:
    s = GAME.setup(3, {}, "dealer")
    dealers = []
    for _ in range(4):
        dealers.append(s.dealer)
        while s.phase == BID:
            (seat,) = GAME.to_act(s)
            pass_(s, seat)
        done_discarding(s)
    assert dealers == [0, 1, 2, 0]
    assert s.dealer == 1 and GAME.to_act(s) == {2}  # seat 2 is left of dealer 1


def test_the_deck_running_out_shuffles_the_discard_pile_into_a_new_deck() -> None:
    s = position(2, {1: ["ST1"], 0: ["ST2"]}, auction="BV9", deck=[], rest="discard")
    assert s.deck == []
    pass_(s, 1)
    pass_(s, 0)
    events = done_discarding(s)
    assert "The deck ran out: the discard pile is shuffled into a new deck." in public(events)
    assert len(s.hands[0]) == 2 and len(s.hands[1]) == 2 and s.auction is not None
    assert len(s.deck) == 108 - 4 - 1 and s.discard == []


def test_with_no_deck_and_no_discard_nothing_is_dealt_or_auctioned() -> None:
    from engine.all_hands.cards import ACTIONS, build_deck

    # three hands holding all 108 cards without a winning crew: no three in a row anywhere
    low = ("1", "2", "4", "5", "7", "8", "10")
    a = [c for c in build_deck() if c[:2] in ("ST", "SS") and c[2:] in low]
    b = [c for c in build_deck() if c[:2] == "BV" and c[2:] in low]
    b.remove("BV10")
    b += [c for c in build_deck() if c[:2] == "ST" and c[2:] in ("3", "6", "9")]
    c = [x for x in build_deck() if x[:2] in ("SS", "BV") and x[2:] in ("3", "6", "9")]
    c += [x for x in build_deck() if x in ACTIONS]
    s = position(3, {0: a, 1: b, 2: c}, auction="BV10", deck=[], rest="discard")
    assert s.deck == [] and s.discard == []
    for t in (1, 2, 0):
        pass_(s, t)
    act(s, 0, "discard", card="ST1")
    done_discarding(s)
    # round 2, dealer 1: the discard pile (BV10, ST1) becomes the deck; seats 2 and 0 are
    # dealt a card, seat 1 none; no card is left for the auction
    assert s.round == 2 and s.auction is None and s.phase == DISCARD
    assert [len(h) for h in s.hands] == [len(a), len(b), len(c) + 1]
    assert "The deck and the discard pile are empty: no more cards to deal." in s.log
    assert "No card is left to put up for auction this round." in s.log
    assert_conserved(s)


def test_the_round_limit_ends_the_hand_and_the_best_scoring_hand_wins() -> None:
    s = position(2, {1: ["ST1", "ST2", "ST3"], 0: ["BV8", "BV9", "BV10"]}, auction="SS1",
                 round_no=50, round_limit=50)
    pass_(s, 1)
    pass_(s, 0)
    events = done_discarding(s)
    assert s.phase == OVER and GAME.to_act(s) == frozenset()
    result = GAME.result(s)
    assert result["winners"] == [0]
    assert result["scores"] == [27 + 20, 6]
    assert "After 50 rounds" in result["reason"]
    assert any(e.kind == "game_over" for e in events)


def test_the_round_limit_shares_the_win_between_equal_hands() -> None:
    s = position(2, {1: ["ST1", "ST2", "ST3"], 0: ["BV1", "BV2", "BV3"]}, auction="SS1",
                 round_no=100)
    pass_(s, 1)
    pass_(s, 0)
    done_discarding(s)
    assert GAME.result(s)["winners"] == [0, 1]
    assert GAME.result(s)["scores"] == [26, 26]


def test_winning_the_auction_card_that_completes_a_crew_ends_the_game_at_once() -> None:
    crew = ["ST2", "ST3", "ST4", "ST6", "ST7", "ST8"]
    s = position(3, {1: crew + ["SS9"], 2: ["BV1"], 0: ["RUM"]}, auction="ST5")
    bid(s, 1, "SS9")
    pass_(s, 2)
    events = pass_(s, 0)
    assert s.phase == OVER
    assert GAME.result(s)["winners"] == [1]
    assert "ALL HANDS ON DECK! {p1} musters a winning crew: seven Stormsail crew in a row." in (
        public(events))
    assert GAME.to_act(s) == frozenset()
    assert all(GAME.legal_actions(s, t) == [] for t in range(3))
    assert refused(s, 0, "discard_done") == "The game is over."


def test_a_winning_hand_on_the_dealt_card_ends_the_hand() -> None:
    crew = ["BV2", "BV3", "BV4", "BV5", "BV6", "BV7"]
    s = position(2, {1: crew, 0: ["SS1"]}, auction="ST1", deck=["SS2", "BV8"])
    pass_(s, 1)
    pass_(s, 0)
    done_discarding(s)
    # the new dealer (seat 1) deals seat 0 first (SS2), then himself (BV8)
    assert s.phase == OVER and GAME.result(s)["winners"] == [1]
    assert "SS2" in s.hands[0]


def test_an_unknown_or_malformed_move_is_refused_with_what_is_allowed() -> None:
    s = position(2, {1: ["ST1"], 0: ["ST2"]})
    assert "no move called" in refused(s, 1, "fly")
    assert "malformed" in refused(s, 1, "bid_add", cards="ST1")
    assert "You have no" in refused(s, 1, "bid_add", card="SS1")
    assert "There is no card" in refused(s, 1, "bid_add", card="XX")
    assert "You may now: add a card to your bid, pass" in refused(s, 1, "bid_add", card="SS1")
    assert refused(s, 1, "discard", card="ST1") == (
        "That is not possible now. You may now: add a card to your bid, pass, call a captain "
        "a Pirate Cheat.")
