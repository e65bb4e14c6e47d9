"""The Crew Member Auction variant (rulebook p. 5): the bar, minimum bids, the card under
the front figure, raising or passing clockwise, paying, the last player taking the rest for
free, the last hirer going first with his leftover cards."""

from __future__ import annotations

from collections import Counter

from engine.sewer_pirats import GAME
from engine.sewer_pirats.data import SHIPS, TRIBES
from engine.sewer_pirats.state import AUCTION, PLAY, State

from .helpers import act, cards, legal, refused, texts


def auction(n: int, bar: list[str], hands: dict[int, str], deck: list[str] | None = None
            ) -> State:
    s = GAME.setup(n, {"variant": "auction"}, "bar")
    assert s.phase == AUCTION
    s.auction["bar"] = list(bar)
    s.hands = [cards(hands.get(t, "")) for t in range(n)]
    s.deck = [0] * 5 + [SHIPS.index(c) for c in reversed(deck or [])]
    s.memo = None
    return s


def test_the_bar_holds_four_figures_per_player_and_everyone_gets_eight_cards() -> None:
    s = GAME.setup(4, {"variant": "auction"}, "bar-4")
    bar = s.auction["bar"]
    assert len(bar) == 16  # the rulebook's example: 16 figures for four players
    assert [sum(h) for h in s.hands] == [8, 8, 8, 8]
    # each player revealed four different tribe cards; the first sits at the rear end
    for k in range(4):
        block = bar[::-1][4 * k: 4 * k + 4]
        assert len(set(block)) == 4 and set(block) <= set(TRIBES)
    assert s.tribes == [[], [], [], []] and GAME.to_act(s) == {0}
    assert len(s.row) == 0  # laid out when the auction ends


def test_the_minimum_bid_is_the_figures_place_from_the_front_of_the_bar() -> None:
    s = auction(2, ["rat", "toad", "snail", "weasel", "rat", "cockroach", "raccoon", "toad"],
                {0: "cat cat bird", 1: "fish"})
    starts = {(a.args["figure"], a.args["bid"]) for a in legal(s, 0, "start_bid")}
    assert starts == {(i, b) for i in range(4) for b in range(i, 4)}  # 3 cards: up to 3
    reason = refused(s, 0, "start_bid", figure=2, bid=1)
    assert "You may now: pick a figure at the bar and bid." in reason


def test_starting_on_another_figure_puts_a_card_under_the_front_figure() -> None:
    s = auction(2, ["rat", "toad", "snail", "weasel", "rat", "cockroach", "raccoon", "toad"],
                {0: "cat cat bird", 1: "fish"}, deck=["bird"])
    events = act(s, 0, "start_bid", figure=1, bid=1)
    assert s.auction["under"] == [1]
    assert "goes face down under the rat at the front" in texts(events)
    # seat 1 has one card: it cannot raise to 2, so it passes; seat 0 hires the toad
    assert "{p1} cannot raise and passes." in texts(events)
    assert s.tribes[0] == ["toad"] and s.auction["bar"][0] == "rat"


def test_whoever_hires_the_front_figure_takes_the_cards_under_it() -> None:
    s = auction(2, ["rat", "toad", "snail", "weasel", "rat", "cockroach", "raccoon", "toad"],
                {0: "cat cat bird", 1: "fish fish"}, deck=["bird"])
    act(s, 0, "start_bid", figure=1, bid=1)
    act(s, 1, "pass")
    act(s, 0, "pay", card="bird")
    assert s.auction["under"] == [1]
    assert GAME.to_act(s) == {1}  # the player to the hirer's left starts the next lot
    act(s, 1, "start_bid", figure=0, bid=0)
    events = act(s, 0, "pass")
    assert s.tribes[1] == ["rat"] and s.hands[1] == [0, 1, 2]
    assert s.auction["under"] == []
    assert "{p1} also takes the 1 face-down card(s) under the front figure." in texts(events)
    private = [e.text for e in events if e.to == {1}]
    assert private == ["Under the front figure you find: a bird card."]


def test_the_others_raise_or_pass_clockwise_and_the_highest_bidder_hires() -> None:
    s = auction(3, ["rat"] * 3 + ["toad"] * 3 + ["snail"] * 3 + ["weasel"] * 3,
                {0: "cat cat cat cat cat", 1: "fish fish fish fish", 2: "bird bird bird bird"})
    act(s, 0, "start_bid", figure=0, bid=0)
    assert GAME.to_act(s) == {1}
    assert [a.args.get("bid") for a in legal(s, 1)] == [1, 2, 3, 4, None]
    act(s, 1, "raise", bid=2)
    assert GAME.to_act(s) == {2}
    act(s, 2, "raise", bid=3)
    assert GAME.to_act(s) == {0}
    act(s, 0, "pass")  # out of this auction
    events = act(s, 1, "raise", bid=4)
    assert "{p2} cannot raise and passes." in texts(events)  # 4 cards: not 5
    assert s.tribes[1] == ["rat"]
    assert sum(s.hands[1]) == 0  # paid all four (no choice: done for him)
    assert GAME.to_act(s) == {2}


def test_a_player_cannot_bid_more_cards_than_he_has_and_must_pass_if_he_cannot_raise() -> None:
    s = auction(2, ["rat", "toad", "snail", "weasel", "rat", "cockroach", "raccoon", "toad"],
                {0: "cat cat", 1: "fish"})
    assert max(a.args["bid"] for a in legal(s, 0, "start_bid")) == 2
    events = act(s, 0, "start_bid", figure=0, bid=1)
    assert "{p1} cannot raise and passes." in texts(events)
    assert s.tribes[0] == ["rat"]


def test_the_hirer_discards_as_many_cards_as_he_bid_choosing_which() -> None:
    s = auction(2, ["rat", "toad", "snail", "weasel", "rat", "cockroach", "raccoon", "toad"],
                {0: "cat cat bird fish", 1: ""})
    act(s, 0, "start_bid", figure=0, bid=2)
    assert GAME.to_act(s) == {0}
    assert {a.args["card"] for a in legal(s, 0)} == {"cat", "bird", "fish"}
    act(s, 0, "pay", card="cat")
    act(s, 0, "pay", card="fish")
    assert s.hands[0] == [1, 1, 0] and s.discard == [1, 0, 1]
    assert GAME.to_act(s) == {1}


def test_a_player_with_four_crew_members_takes_no_part_any_more() -> None:
    bar = ["rat", "toad", "snail", "weasel", "rat", "cockroach", "raccoon", "toad", "snail",
           "weasel", "rat", "toad"]
    s = auction(3, bar, {0: "cat " * 8, 1: "fish " * 8, 2: "bird " * 8})
    while s.phase == AUCTION:
        seat = min(GAME.to_act(s))
        assert len(s.tribes[seat]) < 4
        kinds = {a.kind for a in legal(s, seat)}
        if "start_bid" in kinds:
            act(s, seat, "start_bid", figure=0, bid=0)
        else:
            act(s, seat, "pass")
    assert s.phase == PLAY
    assert Counter(s.tribes[0]) + Counter(s.tribes[1]) + Counter(s.tribes[2]) == Counter(bar)
    assert [len(t) for t in s.tribes] == [4, 4, 4]


def test_the_last_player_with_room_takes_every_figure_left_for_free() -> None:
    bar = ["rat", "toad", "snail", "weasel", "rat", "cockroach", "raccoon", "toad"]
    s = auction(2, bar, {0: "cat cat cat cat cat cat cat cat", 1: "fish fish"})
    s.tribes[0] = ["rat", "toad", "snail"]
    s.home[0] = list(s.tribes[0])
    s.auction["bar"] = ["weasel", "rat", "cockroach", "raccoon", "toad"]
    s.memo = None
    act(s, 0, "start_bid", figure=0, bid=0)
    events = act(s, 1, "pass")
    assert "takes the rest of the bar for free" in texts(events)
    assert s.tribes[1] == ["rat", "cockroach", "raccoon", "toad"]
    assert s.hands[1] == [0, 0, 2]
    assert s.first == 1 and s.turn == 1 and s.phase == PLAY
    assert len(s.row) == 4


def test_the_last_hirer_goes_first_and_everyone_keeps_his_cards_as_starting_hand() -> None:
    s = GAME.setup(3, {"variant": "auction"}, "whole-auction")
    import random

    rng = random.Random(5)
    while s.phase == AUCTION:
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    assert all(len(t) == 4 for t in s.tribes)
    assert s.first == s.turn
    assert sum(map(sum, s.hands)) + sum(s.discard) + len(s.deck) + len(s.row) == 54
    assert all(sum(h) <= 8 + 12 for h in s.hands)  # kept as they are, even above six


def _last_lot() -> State:
    """Two players with three crew members each and two figures at the bar: seat 1 spends
    its only card on the front figure, then seat 0 alone has room and takes the other."""
    s = auction(2, ["rat", "toad"], {0: "cat " * 9, 1: "fish"})
    s.tribes = [["snail", "weasel", "raccoon"], ["rat", "cockroach", "weasel"]]
    s.home = [list(t) for t in s.tribes]
    act(s, 0, "start_bid", figure=0, bid=0)
    act(s, 1, "raise", bid=1)
    act(s, 0, "pass")
    assert s.phase == PLAY and s.tribes[0][-1] == "toad" and s.tribes[1][-1] == "rat"
    return s


def test_a_player_who_spends_all_his_cards_in_the_auction_begins_with_zero_cards() -> None:
    s = _last_lot()
    assert s.hands[1] == [0, 0, 0]


def test_more_than_six_cards_left_after_the_auction_are_kept_as_the_starting_hand() -> None:
    """"If a player has more than six cards left, he keeps them" (discarding down to six
    happens only in "Draw Two Cards")."""
    s = _last_lot()
    assert s.hands[0] == [9, 0, 0] and s.pending is None
    assert s.first == 0 and GAME.to_act(s) == {0}  # the last hirer goes first
    assert "discard" not in {a.kind for a in legal(s, 0)}


def test_auction_figures_keep_their_abilities() -> None:
    s = GAME.setup(2, {"variant": "auction"}, "abilities")
    assert s.abilities
    s = GAME.setup(2, {"variant": "landlubber"}, "abilities")
    assert not s.abilities
