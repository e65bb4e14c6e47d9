"""Rulebook "Place Your Bids": sealed bids, clear winners, card-reveal ties, zero ties, the
second pass and the last row."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import Action, IllegalAction
from engine.pirate_tricks import GAME

from .helpers import act, bids, position, reveal, texts

ROWS3 = {0: ["R20", "R19", "R18", "G20", "B20"], 1: ["R9", "G9", "B9", "G10", "B10"],
         2: ["R10", "R11", "G11", "B11", "B12"]}
HANDS3 = {0: ["R12", "G12", "B13", "G13", "B14"], 1: ["R13", "G14", "B15", "G15", "B16"],
          2: ["R14", "G16", "B17", "G17", "B18"]}


def three(**kw) -> object:
    return position(3, hands=HANDS3, rows=ROWS3, **kw)


def test_every_player_without_a_row_bids_at_once() -> None:
    s = three()
    assert GAME.to_act(s) == {0, 1, 2}
    act(s, 1, "bid", amount=2)
    assert GAME.to_act(s) == {0, 2}
    assert GAME.legal_actions(s, 1) == []


def test_a_bid_stays_sealed_until_every_bid_is_in() -> None:
    s = three()
    events = act(s, 0, "bid", amount=7) + act(s, 1, "bid", amount=3)
    public = texts(events, public=True)
    assert public and not any("7" in t or "3 loon" in t for t in public)
    assert [e.text for e in events if not e.public and e.to == {0}] == [
        "You bid 7 loon on row 1, sealed until every bid is in."]
    for seat in (None, 1, 2):
        dumped = json.dumps(GAME.view(s, seat))
        assert "7" not in dumped.replace("R17", "").replace("G17", "").replace("B17", "")
    assert GAME.view(s, 0)["my_bid"] == 7 and GAME.view(s, 1)["my_bid"] == 3
    assert GAME.view(s, None)["bidding"]["placed"] == [0, 1]


def test_the_clear_winner_pays_his_loon_and_takes_the_seven_cards() -> None:
    s = three()
    events = bids(s, {0: 0, 1: 4, 2: 2})
    assert s.loon == [12, 8, 12]  # the others keep their loon
    assert set(ROWS3[0]) <= set(s.hands[1]) and len(s.hands[1]) == 12
    assert s.owner[0] == 1
    assert "Bids on row 1: {p0} 0, {p1} 4, {p2} 2." in texts(events, public=True)
    down = [e.text for e in events if e.to == {1}]
    assert any("face-down cards of row 1" in t for t in down)


def test_the_winner_of_the_top_row_takes_the_go_first_marker() -> None:
    s = three()
    bids(s, {0: 0, 1: 4, 2: 2})
    assert s.marker == 1 and GAME.view(s, None)["marker"] == 1


def test_the_remaining_players_bid_on_the_next_row_down() -> None:
    s = three()
    bids(s, {0: 0, 1: 4, 2: 2})
    assert s.row == 1 and GAME.to_act(s) == {0, 2}
    assert GAME.legal_actions(s, 1) == []


def test_a_tie_above_zero_goes_to_the_card_reveal_and_the_highest_number_wins() -> None:
    s = three()
    bids(s, {0: 3, 1: 3, 2: 1})
    assert s.phase == "reveal" and GAME.to_act(s) == {0, 1}
    events = reveal(s, {0: "B14", 1: "B16"})
    assert s.owner[0] == 1
    assert "Tie-break cards: {p0} blue 14, {p1} blue 16. {p1} has the highest." in \
        texts(events, public=True)


def test_tie_break_equal_numbers_red_beats_green_and_blue() -> None:
    s = position(3, hands={0: ["G12", "B13"], 1: ["R12", "B14"]}, rows=ROWS3)
    bids(s, {0: 2, 1: 2, 2: 0})
    reveal(s, {0: "G12", 1: "R12"})
    assert s.owner[0] == 1


def test_tie_break_equal_numbers_green_beats_blue() -> None:
    s = position(3, hands={0: ["B13", "R13"], 1: ["G13", "R14"]}, rows=ROWS3)
    bids(s, {0: 2, 1: 2, 2: 0})
    reveal(s, {0: "B13", 1: "G13"})
    assert s.owner[0] == 1


def test_the_tie_break_cards_stay_face_down_until_all_are_chosen_then_go_back() -> None:
    s = three()
    bids(s, {0: 3, 1: 3, 2: 1})
    events = act(s, 0, "reveal", card="B14")
    assert not any("14" in t for t in texts(events, public=True))
    assert GAME.view(s, 0)["my_reveal"] == "B14"
    assert "B14" not in json.dumps(GAME.view(s, None))
    reveal(s, {1: "B16"})
    assert "B14" in s.hands[0] and "B16" in s.hands[1]


def test_the_winner_of_a_tie_pays_his_tied_bid() -> None:
    """Decision: the tie-break winner pays the tied amount, like a clear winner."""
    s = three()
    bids(s, {0: 3, 1: 3, 2: 1})
    reveal(s, {0: "B14", 1: "B16"})
    assert s.loon == [12, 9, 12]


def test_a_zero_tie_puts_two_loon_from_the_bank_on_the_row_and_moves_on() -> None:
    s = three()
    events = bids(s, {0: 0, 1: 0, 2: 0})
    assert s.row_loon[0] == 2 and s.owner[0] is None
    assert s.row == 1 and s.phase == "bid" and GAME.to_act(s) == {0, 1, 2}
    assert any("2 loon from the bank go on row 1" in t for t in texts(events))
    assert GAME.view(s, None)["rows"][0]["loon"] == 2


def test_the_last_player_takes_the_last_row_for_free() -> None:
    s = three()
    bids(s, {0: 0, 1: 4, 2: 2})
    bids(s, {0: 1, 2: 0})
    assert s.owner == [1, 0, 2] and s.loon == [11, 8, 12]
    assert s.phase == "ditch"


def test_a_rows_loon_goes_with_the_row() -> None:
    """Row 1 is left with 2 loon; rows 2 and 3 are won; the last player takes row 1 free,
    with its 2 loon and the Go First marker."""
    s = three()
    bids(s, {0: 0, 1: 0, 2: 0})
    bids(s, {0: 1, 1: 0, 2: 0})
    bids(s, {1: 2, 2: 0})
    assert s.owner == [2, 0, 1]
    assert s.loon == [11, 10, 14] and s.marker == 2


def test_the_second_pass_bids_again_on_the_rows_with_two_loon_from_the_top() -> None:
    s = three()
    bids(s, {0: 0, 1: 0, 2: 0})  # row 1: zero tie
    bids(s, {0: 1, 1: 0, 2: 0})  # row 2 to seat 0
    events = bids(s, {1: 0, 2: 0})  # row 3: zero tie, first pass over
    assert s.row_loon == [2, 0, 2]
    assert s.pass_no == 2 and s.row == 0 and GAME.to_act(s) == {1, 2}
    assert any("second pass" in t for t in texts(events))
    bids(s, {1: 1, 2: 0})  # row 1 in the second pass: a clear winner
    assert s.owner == [1, 0, 2] and s.marker == 1
    assert s.loon == [11, 13, 14]


def test_second_pass_zero_tie_the_reveal_winner_chooses_who_takes_the_row() -> None:
    s = three()
    bids(s, {0: 0, 1: 0, 2: 0})
    bids(s, {0: 1, 1: 0, 2: 0})
    bids(s, {1: 0, 2: 0})
    bids(s, {1: 0, 2: 0})  # second pass, row 1: zero tie again
    assert s.phase == "reveal" and s.zero_tie
    reveal(s, {1: "B16", 2: "B18"})
    assert s.phase == "choose" and GAME.to_act(s) == {2}
    labels = [a.label for a in GAME.legal_actions(s, 2)]
    assert labels == ["Give row 1 to {p1}", "Take row 1 yourself"]
    act(s, 2, "give", seat=1)
    assert s.owner == [1, 0, 2] and s.marker == 1
    assert s.loon == [11, 14, 14]  # each took a row with 2 loon on it, for free


def test_second_pass_tie_above_zero_goes_to_the_highest_card() -> None:
    s = three()
    bids(s, {0: 0, 1: 0, 2: 0})
    bids(s, {0: 1, 1: 0, 2: 0})
    bids(s, {1: 0, 2: 0})
    bids(s, {1: 2, 2: 2})
    reveal(s, {1: "B16", 2: "B17"})
    assert s.phase == "ditch" and s.owner == [2, 0, 1]
    assert s.loon == [11, 14, 12]


def test_nobody_bids_more_than_twice_on_one_row() -> None:
    """Every row zero-tied in the first pass, and again in the second."""
    s = three()
    bids(s, {0: 0, 1: 0, 2: 0})
    bids(s, {0: 0, 1: 0, 2: 0})
    bids(s, {0: 0, 1: 0, 2: 0})
    assert s.pass_no == 2
    bids(s, {0: 0, 1: 0, 2: 0})
    reveal(s, {0: "B14", 1: "B16", 2: "B18"})
    act(s, 2, "give", seat=2)
    bids(s, {0: 0, 1: 0})
    reveal(s, {0: "B14", 1: "B16"})
    act(s, 1, "give", seat=0)
    assert s.phase == "ditch"
    assert max(max(row) for row in s.row_bids) == 2


def test_bid_counts_never_exceed_two_in_random_games() -> None:
    rng = random.Random(4)
    for k in range(40):
        n = 3 + k % 3
        s = GAME.setup(n, {}, f"bid-count-{k}")
        while s.round == 1:
            seat = rng.choice(sorted(GAME.to_act(s)))
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            assert max(max(row) for row in s.row_bids) <= 2


def test_a_bid_is_at_most_the_loon_you_have() -> None:
    s = three(loon=[3, 12, 12])
    assert [a.args["amount"] for a in GAME.legal_actions(s, 0)] == [0, 1, 2, 3]
    with pytest.raises(IllegalAction, match="from 0 to the 3 loon you have"):
        act(s, 0, "bid", amount=4)


def test_a_placed_bid_is_final() -> None:
    s = three()
    act(s, 0, "bid", amount=2)
    with pytest.raises(IllegalAction, match="sealed until every bid is in"):
        act(s, 0, "bid", amount=5)


def test_a_player_with_a_row_bids_no_more() -> None:
    s = three()
    bids(s, {0: 0, 1: 4, 2: 2})
    with pytest.raises(IllegalAction, match="You have your row already"):
        GAME.apply(s, 1, Action("bid", {"amount": 0}))
