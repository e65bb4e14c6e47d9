"""Every action card of the rulebook's ACTION CARD LIST, in several situations.

Positions have three captains with seat 0 dealing, so seats bid and resolve in the order
1, 2, 0 (from the dealer's left) unless a test says otherwise.
"""

from __future__ import annotations

from engine.all_hands import GAME
from engine.all_hands.state import DISCARD, RESOLVE, TIE

from .helpers import act, bid, kinds, legal, pass_, position, private, public


def resolved(s) -> str:
    return " | ".join(s.resolved)


# -- Cutpurse ----------------------------------------------------------------------------------

def test_cutpurse_removes_a_rivals_bid_card_and_turns_the_auction() -> None:
    s = position(3, {1: ["CUTPURSE", "SS4", "BV1"], 2: ["SS9", "BV2"], 0: ["BV3"]})
    bid(s, 1, "CUTPURSE", "SS4")
    bid(s, 2, "SS9")
    pass_(s, 0)
    assert s.phase == RESOLVE and GAME.to_act(s) == {1}
    assert GAME.view(s, None)["pending"] == "{name} chooses a bid card for the Cutpurse to take"
    assert legal(s, 1, "cutpurse", seat=2, card="SS9")
    assert not legal(s, 1, "cutpurse", seat=1, card="CUTPURSE")  # not itself
    act(s, 1, "cutpurse", seat=2, card="SS9")
    assert "Cutpurse: {p1} sends {p2}'s Sea Sabre 9 Quartermaster to the discard pile." in (
        s.resolved)
    assert s.last_auction["winner"] == 1 and "ST5" in s.hands[1]
    assert s.discard[0] == "SS9"


def test_cutpurse_may_take_the_captains_own_card_or_nothing() -> None:
    s = position(3, {1: ["CUTPURSE", "SS4"], 2: ["SS9"], 0: ["BV3"]})
    bid(s, 1, "CUTPURSE", "SS4")
    bid(s, 2, "SS9")
    pass_(s, 0)
    labels = {a.label for a in GAME.legal_actions(s, 1)}
    assert "Cutpurse: send your own Sea Sabre 4 Carpenter to the discard pile" in labels
    assert "Cutpurse: take nothing" in labels
    act(s, 1, "cutpurse_none")
    assert s.last_auction["winner"] == 2


def test_an_action_card_cut_before_it_resolves_never_resolves() -> None:
    s = position(3, {1: ["CUTPURSE", "SS4"], 2: ["MERMAID", "SS2"], 0: ["BV3", "BV4"]})
    bid(s, 1, "CUTPURSE", "SS4")
    bid(s, 2, "MERMAID", "SS2")
    pass_(s, 0)
    act(s, 1, "cutpurse", seat=2, card="MERMAID")
    assert "before it could take effect" in resolved(s)
    assert "Mermaid:" not in resolved(s) and s.hands[0] == ["BV3", "BV4"]
    assert s.last_auction["winner"] == 1


def test_cutting_a_resolved_rum_cancels_its_win() -> None:
    s = position(3, {1: ["RUM", "SS2"], 2: ["CUTPURSE", "SS3"], 0: ["BV3"]})
    bid(s, 1, "RUM", "SS2")
    bid(s, 2, "CUTPURSE", "SS3")
    pass_(s, 0)
    assert "Rum: {p1} will win Stormsail 5 Gunner outright." in s.resolved
    act(s, 2, "cutpurse", seat=1, card="RUM")
    assert s.last_auction["winner"] == 2  # 3 against 2


def test_a_cutpurse_with_nothing_else_on_the_table_finds_nothing() -> None:
    s = position(3, {1: ["CUTPURSE"], 2: ["SS3"], 0: ["BV3"]})
    bid(s, 1, "CUTPURSE")
    pass_(s, 2)
    pass_(s, 0)
    assert "Cutpurse: {p1} finds no other bid card to take." in s.resolved
    assert s.phase == DISCARD and "ST5" in s.discard


# -- Fall off the Dock ----------------------------------------------------------------------

def test_fall_off_the_dock_discards_the_auction_card_and_every_bid() -> None:
    s = position(3, {1: ["PLUNDER", "SS2"], 2: ["DOCK", "SS9"], 0: ["MERMAID", "ST1"]},
                 discard=["BV7", "BV8"])
    bid(s, 1, "PLUNDER", "SS2")
    bid(s, 2, "DOCK", "SS9")
    bid(s, 0, "MERMAID", "ST1")
    act(s, 1, "plunder", card="BV7")  # resolved before the Dock: it stays done
    assert s.phase == DISCARD
    assert s.hands[1] == ["BV7"]
    assert "Mermaid" not in resolved(s)  # unresolved: discarded without effect
    assert s.hands[2] == [] and s.hands[0] == []
    assert sorted(s.discard) == sorted(["BV8", "ST5", "PLUNDER", "SS2", "DOCK", "SS9",
                                        "MERMAID", "ST1"])
    assert s.last_auction["winner"] is None and "fell off the dock" in s.last_auction["text"]


def test_fall_off_the_dock_loses_a_pieces_of_eight_selection() -> None:
    s = position(3, {1: ["EIGHT", "SS9"], 2: ["DOCK", "SS1"], 0: ["BV3"]})
    bid(s, 1, "EIGHT", "SS9")
    bid(s, 2, "DOCK", "SS1")
    pass_(s, 0)
    act(s, 1, "eight", seat=1, card="SS9")
    assert "SS9" in s.discard and s.hands[1] == []


def test_fall_off_the_dock_beats_a_rum() -> None:
    s = position(3, {1: ["RUM"], 2: ["DOCK"], 0: ["BV3"]})
    bid(s, 1, "RUM")
    bid(s, 2, "DOCK")
    pass_(s, 0)
    assert s.last_auction["winner"] is None and "ST5" in s.discard


# -- Hidden Plunder --------------------------------------------------------------------------

def test_hidden_plunder_takes_a_card_of_choice_from_the_discard_pile() -> None:
    s = position(3, {1: ["PLUNDER", "SS2"], 2: ["SS9"], 0: ["BV3"]},
                 discard=["BV7", "RUM", "BV8"])
    bid(s, 1, "PLUNDER")
    pass_(s, 2)
    pass_(s, 0)
    assert {a.args["card"] for a in GAME.legal_actions(s, 1)} == {"BV7", "RUM", "BV8"}
    assert GAME.view(s, 1)["choice"]["cards"] == ["BV7", "BV8", "RUM"]
    events = act(s, 1, "plunder", card="RUM")
    assert "Hidden Plunder: {p1} takes Rum from the discard pile." in public(events)
    assert "RUM" in s.hands[1] and s.discard[:2] == ["BV7", "BV8"]


def test_hidden_plunder_with_an_empty_discard_pile_does_nothing() -> None:
    s = position(3, {1: ["PLUNDER", "SS2"], 2: ["SS9"], 0: ["BV3"]})
    bid(s, 1, "PLUNDER", "SS2")
    pass_(s, 2)
    pass_(s, 0)
    assert "Hidden Plunder: the discard pile is empty; {p1} finds nothing." in s.resolved
    assert s.last_auction["winner"] == 1


# -- Mermaid ---------------------------------------------------------------------------------

def test_mermaid_draws_from_every_other_captain_keeps_one_discards_the_rest() -> None:
    s = position(3, {1: ["MERMAID", "SS2"], 2: ["BV7"], 0: ["SS3"]})
    bid(s, 1, "MERMAID")
    pass_(s, 2)
    events = pass_(s, 0)
    assert private(events, 2) == ["The Mermaid of {p1} draws Black Viper 7 Navigator from your "
                                  "hand."]
    assert private(events, 1) == ["Your Mermaid draws Black Viper 7 Navigator and Sea Sabre 3 "
                                  "Cook."]
    assert "The Mermaid of {p1} draws a card from {p2}, {p0}." in public(events)
    assert all("Black Viper 7" not in t for t in public(events))
    assert GAME.view(s, 1)["choice"]["cards"] == ["BV7", "SS3"]
    assert GAME.view(s, 2)["choice"] is None
    act(s, 1, "mermaid_keep", card="BV7")
    assert "Mermaid: {p1} keeps one card and discards Sea Sabre 3 Cook." in s.resolved
    assert sorted(s.hands[1]) == ["BV7", "SS2"] and s.hands[2] == [] and s.hands[0] == []


def test_mermaid_draws_nothing_from_a_captain_with_no_cards() -> None:
    s = position(3, {1: ["MERMAID", "SS2"], 2: ["BV7"], 0: []})
    bid(s, 1, "MERMAID")
    pass_(s, 2)
    pass_(s, 0)
    # one card drawn: kept without a choice
    assert "BV7" in s.hands[1] and s.phase == DISCARD


def test_mermaid_draws_at_random() -> None:
    drawn = set()
    for k in range(12):
        s = position(2, {1: ["MERMAID"], 0: ["BV7", "SS3", "ST9"]}, seed=f"m{k}")
        bid(s, 1, "MERMAID")
        pass_(s, 0)
        (card,) = [c for c in s.hands[1]]
        drawn.add(card)
    assert len(drawn) > 1


# -- Pieces of Eight -------------------------------------------------------------------------

def test_pieces_of_eight_takes_the_selected_bid_card_after_the_auction() -> None:
    s = position(3, {1: ["EIGHT", "SS4"], 2: ["SS9"], 0: ["BV3"]})
    bid(s, 1, "EIGHT", "SS4")
    bid(s, 2, "SS9")
    pass_(s, 0)
    act(s, 1, "eight", seat=2, card="SS9")
    # the selected card still counts in its bid: seat 2 wins with 9
    assert s.last_auction["winner"] == 2 and s.hands[2] == ["ST5"]
    assert s.hands[1] == ["SS9"]
    assert "SS9" not in s.discard and "SS4" in s.discard


def test_pieces_of_eight_cannot_select_a_card_already_selected() -> None:
    s = position(3, {1: ["EIGHT", "SS4"], 2: ["EIGHT", "SS9"], 0: ["BV3"]})
    bid(s, 1, "EIGHT", "SS4")
    bid(s, 2, "EIGHT", "SS9")
    pass_(s, 0)
    act(s, 1, "eight", seat=2, card="SS9")
    assert not legal(s, 2, "eight", seat=2, card="SS9")
    assert legal(s, 2, "eight", seat=1, card="SS4")
    act(s, 2, "eight", seat=1, card="SS4")
    assert s.hands[1] == ["SS9"] and sorted(s.hands[2]) == ["SS4", "ST5"]


def test_a_cutpurse_taking_the_selected_card_cancels_the_selection() -> None:
    s = position(3, {1: ["EIGHT", "SS4"], 2: ["SS9"], 0: ["CUTPURSE", "BV1"]})
    bid(s, 1, "EIGHT", "SS4")
    bid(s, 2, "SS9")
    bid(s, 0, "CUTPURSE")
    act(s, 1, "eight", seat=2, card="SS9")
    act(s, 0, "cutpurse", seat=2, card="SS9")
    assert "the Pieces of Eight of {p1} loses its pick" in resolved(s)
    assert "SS9" in s.discard and "SS9" not in s.hands[1]
    assert s.last_auction["winner"] == 1 and s.hands[1] == ["ST5"]


# -- Pirate Monkey ---------------------------------------------------------------------------

def test_a_pirate_monkey_bid_has_no_value_and_no_effect() -> None:
    s = position(3, {1: ["MONKEY", "RUM"], 2: ["SS9"], 0: ["BV3"]})
    bid(s, 1, "MONKEY", "RUM")
    bid(s, 2, "SS9")
    pass_(s, 0)
    # no "order" choice: the monkey does nothing; the Rum wins
    assert s.last_auction["winner"] == 1 and len(s.resolved) == 1


# -- Rum ---------------------------------------------------------------------------------------

def test_rum_wins_the_auction_card_outright() -> None:
    s = position(3, {1: ["RUM"], 2: ["SS9", "SS10"], 0: ["BV3"]}, auction="SS1")
    bid(s, 1, "RUM")
    bid(s, 2, "SS9", "SS10")
    pass_(s, 0)
    assert s.last_auction == {"card": "SS1", "winner": 1, "text": "{p1} won Sea Sabre 1 Cabin "
                              "Boy with Rum."}


def test_the_first_rum_in_resolution_order_wins() -> None:
    s = position(3, {1: ["RUM"], 2: ["RUM"], 0: ["RUM"]}, dealer=1)
    bid(s, 2, "RUM")
    bid(s, 0, "RUM")
    bid(s, 1, "RUM")
    assert s.last_auction["winner"] == 2  # dealer 1: seat 2 resolves first
    assert "an earlier Rum already claims the card" in resolved(s)


def test_a_rum_in_a_tie_bid_wins_the_tie() -> None:
    s = position(2, {1: ["SS5", "RUM"], 0: ["BV5", "SS9"]}, auction="ST1")
    bid(s, 1, "SS5")
    bid(s, 0, "BV5")
    assert s.phase == TIE
    bid(s, 1, "RUM")
    bid(s, 0, "SS9")
    assert s.last_auction["winner"] == 1


# -- Shady Deal --------------------------------------------------------------------------------

def test_shady_deal_the_lowest_crew_bidder_gives_a_card_of_his_choice() -> None:
    s = position(3, {1: ["SHADY", "SS9"], 2: ["BV2", "BV8", "RUM"], 0: ["ST5", "ST6"]},
                 auction="SS1")
    bid(s, 1, "SHADY", "SS9")
    bid(s, 2, "BV2")
    bid(s, 0, "ST6")
    assert GAME.to_act(s) == {2}
    assert GAME.view(s, None)["pending"] == "{name} chooses a card to give for the Shady Deal"
    assert kinds(s, 2) == {"give"}
    events = act(s, 2, "give", card="BV8")
    assert private(events, 2) == ["You give Black Viper 8 Boatswain to {p1}."]
    assert private(events, 1) == ["{p2} gives you Black Viper 8 Boatswain."]
    assert all("Boatswain" not in t for t in public(events))
    assert "BV8" in s.hands[1] and s.hands[2] == ["RUM"]


def test_shady_deal_with_no_crew_bid_has_no_effect() -> None:
    s = position(3, {1: ["SHADY"], 2: ["BRAWL", "BV1"], 0: ["ST5"]})
    bid(s, 1, "SHADY")
    pass_(s, 2)
    pass_(s, 0)
    assert "Shady Deal: nobody bid a crew card; the deal of {p1} has no effect." in s.resolved


def test_shady_deal_is_wasted_when_you_bid_the_lowest_crew_card() -> None:
    s = position(3, {1: ["SHADY", "SS1"], 2: ["BV5", "BV1"], 0: ["ST5"]})
    bid(s, 1, "SHADY", "SS1")
    bid(s, 2, "BV5")
    pass_(s, 0)
    assert any("the deal is wasted" in r for r in s.resolved)
    assert sorted(s.hands[2]) == ["BV1", "ST5"]  # he won the auction and gave nothing


def test_shady_deal_counts_printed_values_not_doubled_ones() -> None:
    # Stormsail 2 bids 4 on a Stormsail card, but its printed value 2 is the lowest
    s = position(3, {1: ["SHADY", "SS9"], 2: ["ST2", "BV8", "BV9"], 0: ["SS3"]}, auction="ST9")
    bid(s, 1, "SHADY", "SS9")
    bid(s, 2, "ST2")
    bid(s, 0, "SS3")
    assert GAME.to_act(s) == {2}


def test_shady_deal_tie_for_lowest_the_first_to_the_players_left_gives() -> None:
    s = position(3, {1: ["SS2", "BV9", "BV10"], 2: ["BV2", "BV8", "BV7"],
                     0: ["SHADY", "ST9", "SS8"]})
    bid(s, 1, "SS2")
    bid(s, 2, "BV2")
    bid(s, 0, "SHADY", "ST9")
    assert GAME.to_act(s) == {1}  # seat 0's left is seat 1


def test_shady_deal_a_giver_with_one_kind_of_card_gives_it() -> None:
    s = position(3, {1: ["SHADY", "SS9"], 2: ["BV2", "BV8"], 0: ["ST5"]})
    bid(s, 1, "SHADY", "SS9")
    bid(s, 2, "BV2")
    pass_(s, 0)
    assert "BV8" in s.hands[1] and s.hands[2] == []


def test_shady_deal_a_giver_with_no_card_gives_nothing() -> None:
    s = position(3, {1: ["SHADY", "SS9"], 2: ["BV2"], 0: ["ST5"]})
    bid(s, 1, "SHADY", "SS9")
    bid(s, 2, "BV2")
    pass_(s, 0)
    assert "Shady Deal: {p2} bid the lowest crew card but has no card to give." in s.resolved


# -- Tavern Brawl ------------------------------------------------------------------------------

def _next_round(s) -> None:
    for t in sorted(GAME.to_act(s)):
        act(s, t, "discard_done")


def test_tavern_brawl_target_gets_no_card_and_may_not_bid_next_round() -> None:
    s = position(3, {1: ["BRAWL", "SS2"], 2: ["BV2"], 0: ["ST1", "ST2"]})
    bid(s, 1, "BRAWL", "SS2")
    pass_(s, 2)
    pass_(s, 0)
    assert GAME.to_act(s) == {1}
    assert {a.args["target"] for a in GAME.legal_actions(s, 1)} == {2, 0}
    act(s, 1, "brawl", target=0)
    assert GAME.view(s, None)["players"][0]["skip_deal"] is True
    _next_round(s)
    # round 2, dealer 1: seat 0 is dealt nothing and is skipped in the bidding
    assert s.round == 2 and len(s.hands[0]) == 2 and len(s.hands[2]) == 2
    v = GAME.view(s, None)
    assert v["players"][0]["status"] == "brawled" and v["players"][0]["skip_deal"] is False
    assert "except {p0} (Tavern Brawl)" in " ".join(v["log"])
    assert GAME.to_act(s) == {2}
    pass_(s, 2)
    assert GAME.to_act(s) == {1}  # seat 0 skipped
    assert "bid_add" not in kinds(s, 0)
    pass_(s, 1)
    _next_round(s)
    assert s.round == 3 and len(s.hands[0]) == 3 and s.status[0] == "waiting"


def test_tavern_brawl_between_two_captains_needs_no_choice() -> None:
    s = position(2, {1: ["BRAWL", "SS2"], 0: ["ST1"]})
    bid(s, 1, "BRAWL")
    pass_(s, 0)
    assert s.skip_deal == [True, False]


def test_tavern_brawl_hits_a_captain_immune_to_cheat_calls() -> None:
    s = position(3, {1: ["BRAWL", "SS2", "SS3"], 2: ["BV2"], 0: ["ST1"]})
    act(s, 1, "call_cheat", target=0)  # seat 0 has 1 card: he is immune now
    assert s.immune[0]
    if GAME.to_act(s) == {0}:
        act(s, 0, "honor_keep", card=GAME.view(s, 0)["choice"]["cards"][0])
    bid(s, 1, "BRAWL")
    pass_(s, 2)
    pass_(s, 0)
    act(s, 1, "brawl", target=0)
    assert s.skip_deal[0]


def test_a_brawl_when_the_target_is_already_brawled_does_not_add_up() -> None:
    s = position(3, {1: ["BRAWL", "SS2"], 2: ["BRAWL", "BV2"], 0: ["ST1"]})
    bid(s, 1, "BRAWL")
    bid(s, 2, "BRAWL")
    pass_(s, 0)
    act(s, 1, "brawl", target=0)
    act(s, 2, "brawl", target=0)
    _next_round(s)
    pass_(s, 2)
    pass_(s, 1)
    _next_round(s)
    assert s.round == 3 and s.status[0] == "waiting" and len(s.hands[0]) == 2


# -- The Pirate King -------------------------------------------------------------------------

def test_pirate_king_every_other_captain_pays_tribute_and_he_keeps_two() -> None:
    s = position(4, {1: ["KING"], 2: ["BV2", "BV8"], 3: ["SS1", "SS7"], 0: ["ST1", "ST9"]})
    bid(s, 1, "KING")
    pass_(s, 2)
    pass_(s, 3)
    pass_(s, 0)
    assert GAME.to_act(s) == {2, 3, 0}
    assert GAME.view(s, None)["pending"] == (
        "Every other captain chooses a card to pay in tribute to {name}")
    assert GAME.view(s, None)["pending_seat"] == 1
    act(s, 3, "tribute", card="SS7")
    assert GAME.to_act(s) == {2, 0}
    act(s, 2, "tribute", card="BV8")
    events = act(s, 0, "tribute", card="ST1")
    assert private(events, 1)[-1] == ("Your tribute: {p3}: Sea Sabre 7 Navigator; {p2}: Black "
                                      "Viper 8 Boatswain; {p0}: Stormsail 1 Cabin Boy.")
    assert GAME.view(s, 1)["choice"]["cards"] == ["SS7", "BV8", "ST1"]
    assert GAME.view(s, 2)["choice"] is None
    act(s, 1, "king_keep", card="SS7")
    act(s, 1, "king_keep", card="BV8")
    assert sorted(s.hands[1]) == ["BV8", "SS7"]
    assert "ST1" in s.discard
    assert "The Pirate King: {p1} keeps 2 of the tribute and discards Stormsail 1 Cabin Boy." in (
        s.resolved)


def test_pirate_king_may_keep_fewer_than_two() -> None:
    s = position(3, {1: ["KING"], 2: ["BV2", "BV8"], 0: ["ST1", "ST9"]})
    bid(s, 1, "KING")
    pass_(s, 2)
    pass_(s, 0)
    act(s, 2, "tribute", card="BV2")
    act(s, 0, "tribute", card="ST9")
    act(s, 1, "king_keep", card="ST9")
    act(s, 1, "king_done")
    assert s.hands[1] == ["ST9"] and "BV2" in s.discard


def test_pirate_king_no_tribute_from_empty_hands_and_single_kinds_pay_at_once() -> None:
    s = position(3, {1: ["KING"], 2: [], 0: ["ST1", "ST1"]})
    bid(s, 1, "KING")
    pass_(s, 2)
    pass_(s, 0)
    # seat 2 has nothing, seat 0 only Stormsail 1s: the King chooses straight away
    assert GAME.to_act(s) == {1}
    assert GAME.view(s, 1)["choice"]["cards"] == ["ST1"]


# -- order of resolution -----------------------------------------------------------------------

def test_a_captain_chooses_the_order_of_his_own_action_cards() -> None:
    s = position(3, {1: ["PLUNDER", "MERMAID", "SS2"], 2: ["BV7"], 0: ["SS3"]},
                 discard=["ST9"])
    bid(s, 1, "PLUNDER", "MERMAID")
    pass_(s, 2)
    pass_(s, 0)
    assert GAME.view(s, None)["pending"] == "{name} chooses the order of their action cards"
    assert {a.args["card"] for a in GAME.legal_actions(s, 1)} == {"PLUNDER", "MERMAID"}
    act(s, 1, "resolve", card="MERMAID")
    act(s, 1, "mermaid_keep", card="BV7")
    # the Mermaid's discard (Sea Sabre 3) is now there for the Hidden Plunder
    act(s, 1, "plunder", card="SS3")
    assert sorted(s.hands[1]) == ["BV7", "SS2", "SS3"]


def test_action_cards_resolve_in_player_order_from_the_dealers_left() -> None:
    s = position(3, {1: ["RUM"], 2: ["SHADY"], 0: ["PLUNDER"]}, dealer=2, discard=["BV1"])
    bid(s, 0, "PLUNDER")
    bid(s, 1, "RUM")
    bid(s, 2, "SHADY")
    assert [r.split(":")[0] for r in s.resolved] == ["Hidden Plunder", "Rum", "Shady Deal"]
