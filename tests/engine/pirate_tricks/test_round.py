"""A round from the ditch to the scoring, the next round, and the end of the game."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.pirate_tricks import GAME
from engine.pirate_tricks.state import State
from tests.contract import play_random

from .helpers import act, ditch_first_two, position, texts, to_tricks


def after_bidding(**kw) -> State:
    s = position(3, **kw)
    to_tricks(s)
    return s


def play_out_round(s: State) -> None:
    """Play the round's tricks with the first legal card each time."""
    r = s.round
    while s.round == r and s.phase != "over":
        seat = next(iter(GAME.to_act(s)))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])


def test_every_player_ditches_two_cards_at_once_face_down() -> None:
    s = after_bidding()
    assert s.phase == "ditch" and GAME.to_act(s) == {0, 1, 2}
    card = s.hands[1][3]
    events = act(s, 1, "ditch", card=card)
    assert card not in s.hands[1] and s.ditched[1] == [card]
    assert not any(card in t or "ditch" in t.lower() for t in texts(events, public=True))
    assert GAME.view(s, None)["ditched"] == [0, 1, 0]
    assert card not in str(GAME.view(s, None)) and GAME.view(s, 1)["my_ditched"] == [card]
    act(s, 1, "ditch", card=s.hands[1][0])
    assert GAME.to_act(s) == {0, 2} and len(s.hands[1]) == 10
    with pytest.raises(IllegalAction, match="ditched your two cards"):
        act(s, 1, "ditch", card=s.hands[1][0])


def test_ditched_cards_are_out_of_play_for_recruitment() -> None:
    s = after_bidding(hands={0: ["R9", "R10", "R11", "G12", "B13"]},
                      rows={0: ["G9", "B10", "G14", "B16", "G18"]}, downs={0: ["G10", "B11"]},
                      recruit=("gang_of_three", "old_salts"))
    act(s, 0, "ditch", card="R10")
    act(s, 0, "ditch", card="G12")
    for t in (1, 2):
        act(s, t, "ditch", card=s.hands[t][0])
        act(s, t, "ditch", card=s.hands[t][0])
    assert s.phase == "play"
    assert s.recruited[0] == [[0, []], [1, ["G18"]]]  # the ditch broke the run 9-10-11
    assert "R10" not in s.hands[0]


def test_recruitment_pays_both_cards_before_the_tricks_and_the_cards_are_shown() -> None:
    s = after_bidding(hands={0: ["R13", "R14", "R15", "G13", "B9"]},
                      recruit=("gang_of_three", "partners"))
    before = list(s.loon)
    act(s, 1, "ditch", card=s.hands[1][0])
    act(s, 1, "ditch", card=s.hands[1][0])
    act(s, 2, "ditch", card=s.hands[2][0])
    act(s, 2, "ditch", card=s.hands[2][0])
    act(s, 0, "ditch", card=s.hands[0][-1])
    events = act(s, 0, "ditch", card=s.hands[0][-1])
    assert s.phase == "play"
    mine = GAME.view(s, None)["recruitment"][0]
    assert mine[0]["loon"] >= 3 and mine[1]["loon"] >= 2
    assert s.loon[0] - before[0] == mine[0]["loon"] + mine[1]["loon"]
    assert any(t.startswith("{p0} shows") and "Gang of Three" in t for t in texts(events))
    assert {"R13", "R14", "R15"} <= set(mine[0]["cards"])


def test_without_tempt_fortune_or_extra_loot_nobody_predicts() -> None:
    s = after_bidding(treasure="plunder")
    ditch_first_two(s)
    assert s.phase == "play" and s.predictions == [None, None, None]
    assert GAME.view(s, None)["predicting"] is False


@pytest.mark.parametrize("card", ["tempt", "extra_loot"])
def test_predictions_go_in_turn_from_the_go_first_marker(card: str) -> None:
    s = position(3, treasure=card)
    to_tricks(s, {0: 1, 1: 2, 2: 0})  # seat 2 takes the top row and the marker
    ditch_first_two(s)
    assert s.phase == "predict" and GAME.to_act(s) == {2}
    events = act(s, 2, "predict", tricks=4)
    assert "{p2} predicts 4 tricks." in texts(events, public=True)
    assert GAME.to_act(s) == {0}
    act(s, 0, "predict", tricks=0)
    assert GAME.to_act(s) == {1}
    act(s, 1, "predict", tricks=10)
    assert s.phase == "play" and GAME.to_act(s) == {2}
    assert GAME.view(s, None)["predictions"] == [0, 10, 4]
    with pytest.raises(IllegalAction):
        act(s, 2, "predict", tricks=3)


def test_a_prediction_is_0_to_10_tricks() -> None:
    s = after_bidding(treasure="tempt")
    ditch_first_two(s)
    assert [a.args["tricks"] for a in GAME.legal_actions(s, s.turn)] == list(range(11))
    with pytest.raises(IllegalAction, match="from 0 to 10"):
        act(s, s.turn, "predict", tricks=11)


def test_capture_and_treasure_are_paid_after_the_last_trick() -> None:
    s = after_bidding(treasure="plunder", capture="red_ransom")
    ditch_first_two(s)
    loon = list(s.loon)
    play_out_round(s)
    last = s.last_round
    for t in range(3):
        assert last["treasure_loon"][t] == last["tricks"][t]
        assert last["paid"][t] == last["capture_loon"][t] + last["treasure_loon"][t]
        assert s.loon[t] == loon[t] + last["paid"][t]


def test_who_owes_more_than_he_has_pays_all_his_loon() -> None:
    """Tempt Fortune missed by five tricks costs 10 loon; with 3 loon, he pays 3."""
    s = position(3, treasure="tempt", capture="cursed_cargo", loon=[12, 12, 12])
    to_tricks(s)
    ditch_first_two(s)
    for _ in range(3):
        act(s, s.turn, "predict", tricks=10)
    s.loon[1] = 3
    play_out_round(s)
    last = s.last_round
    assert last["treasure_loon"][1] <= -3 * 2  # 10 predicted, far fewer taken
    assert last["paid"][1] == -3
    assert s.loon[1] >= 5  # then topped up at the start of round 2


def test_a_player_below_five_loon_tops_up_to_five_at_the_start_of_a_round() -> None:
    s = after_bidding(treasure="plunder", capture="mutiny")
    ditch_first_two(s)
    s.loon = [2, 0, 30]
    play_out_round(s)
    assert s.round == 2
    paid = s.last_round["paid"]
    assert s.loon[0] == max(5, 2 + paid[0]) and s.loon[1] == max(5, paid[1])
    assert s.loon[2] == 30 + paid[2]
    assert any("tops up to 5" in t for t in s.log)


def test_the_most_loon_after_the_last_round_wins() -> None:
    state, _ = play_random(GAME, 4, "most-loon", {}, check_every=10_000)
    result = GAME.result(state)
    top = max(result["scores"])
    assert result["winners"] == [t for t in range(4) if result["scores"][t] == top]
    assert result["scores"] == state.loon and state.round == 3


def test_tied_players_share_the_victory() -> None:
    s = after_bidding()
    ditch_first_two(s)
    s.round = s.rounds
    play_out_round(s)
    s2 = s  # force a tie on the final totals and end again through the rules
    from engine.pirate_tricks import rules

    s2.phase = "play"
    s2.result = None
    s2.loon = [20, 20, 7]
    rules._end_game(s2, [])
    assert GAME.result(s2)["winners"] == [0, 1]
    assert "share the victory" in GAME.result(s2)["reason"]


@pytest.mark.parametrize("rounds", [4, 5])
def test_a_longer_game_lasts_four_or_five_rounds(rounds: int) -> None:
    state, _ = play_random(GAME, 3, f"longer-{rounds}", {"rounds": rounds}, check_every=10_000)
    assert state.round == rounds and GAME.result(state) is not None
