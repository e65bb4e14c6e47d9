"""The turn flow, instants, implants and the end (rules/neuroshima.md section 2 and the
Pirates rulebook). Seat 0 is the Pirates, seat 1 Moloch (the default "armies" option)."""

from __future__ import annotations

import random

import pytest

from engine.core import Action, IllegalAction
from engine.neuroshima import GAME
from engine.neuroshima.board import LABELS, STANDARD, WATER

from .helpers import MOLOCH, PIRATES, act, at, kinds, legal, playing, put

P, M = PIRATES, MOLOCH


def fill_standard(s: dict, leave: tuple[str, ...] = ()) -> None:
    """Fill the empty standard spaces (but ``leave``) with Moloch Blockers facing north."""
    for i in STANDARD:
        if s["board"][i] is None and LABELS[i] not in leave:
            put(s["board"], LABELS[i], "m_blocker", M, 0)


def finish_drift(s: dict) -> None:
    while s["phase"] == "drift":
        act(s, P, "drift_keep")


# -- setup and drawing -------------------------------------------------------------------------


def test_hqs_are_placed_first_pirates_on_water_moloch_on_standard() -> None:
    s = GAME.setup(2, {}, "hq")
    assert s["phase"] == "hq" and GAME.to_act(s) == {0}
    assert {a["space"] for a in legal(s, P, "hq")} == {LABELS[i] for i in WATER}
    act(s, P, "hq", space="W3", rot=0)
    assert {a["space"] for a in legal(s, M, "hq")} == {LABELS[i] for i in STANDARD}
    assert [len(p) for p in s["piles"]] == [34, 34]


def test_first_turns_draw_one_then_two_then_up_to_three_with_a_discard() -> None:
    s = GAME.setup(2, {}, "draws")
    act(s, P, "hq", space="W1", rot=0)
    act(s, M, "hq", space="c3", rot=0)
    assert len(s["hands"][P]) == 1 and s["phase"] == "play"
    act(s, P, "end")
    assert len(s["hands"][M]) == 2 and s["phase"] == "play"
    act(s, M, "end")
    assert len(s["hands"][P]) == 3 and s["phase"] == "discard"
    assert kinds(s, P) == {"discard"}
    act(s, P, "discard", tile=s["hands"][P][0])
    assert s["phase"] == "play" and len(s["hands"][P]) == 2
    act(s, P, "end")  # kept tiles count towards the next draw
    assert len(s["hands"][M]) == 3 and s["phase"] == "discard"


def test_drift_units_go_only_on_water_and_others_only_on_standard() -> None:
    s = playing(hands=[["p_motorboat", "p_smuggler"], []])
    spaces = {a["tile"]: set() for a in legal(s, P, "place")}
    for a in legal(s, P, "place"):
        spaces[a["tile"]].add(a["space"])
    assert spaces["p_motorboat"] <= {LABELS[i] for i in WATER}
    assert spaces["p_smuggler"] <= {LABELS[i] for i in STANDARD}
    assert "W1" not in spaces["p_motorboat"]  # the HQ is there


def test_a_tile_never_goes_on_an_occupied_space() -> None:
    s = playing(hands=[["p_smuggler"], []])
    with pytest.raises(IllegalAction):
        act(s, P, "place", tile="p_smuggler", space="c3", rot=0)


# -- what starts a battle ----------------------------------------------------------------------


def test_a_full_board_counts_only_standard_spaces_and_the_turn_goes_on() -> None:
    s = playing(hands=[["p_motorboat", "p_helmsman"], []])
    fill_standard(s, leave=("e3",))
    act(s, P, "place", tile="p_motorboat", space="W5", rot=0)
    assert s["battles"] == 0  # Water spaces stay empty: no battle
    act(s, P, "place", tile="p_helmsman", space="e3", rot=0)
    assert s["battles"] == 1
    finish_drift(s)
    assert s["phase"] == "play" and s["turn"] == P


def test_battle_tile_starts_a_battle_and_ends_the_turn() -> None:
    s = playing(hands=[["p_battle", "p_smuggler"], []])
    act(s, P, "battle", tile="p_battle")
    assert s["battles"] == 1
    finish_drift(s)
    assert s["turn"] == M and s["hands"][P] == ["p_smuggler"]


def test_no_battle_tile_once_any_player_drew_the_last_tile_q12() -> None:
    s = playing(hands=[["p_battle"], []])
    assert "battle" in kinds(s, P)
    s["last_draw"] = M
    assert "battle" not in kinds(s, P)


def test_boarding_may_start_a_battle_when_the_bossman_is_placed() -> None:
    s = playing(hands=[["p_bossman"], []])
    assert {"tile": "p_bossman", "space": "c1", "rot": 0, "boarding": True} in legal(
        s, P, "place")
    act(s, P, "place", tile="p_bossman", space="c1", rot=0, boarding=True)
    assert s["battles"] == 1
    finish_drift(s)
    assert s["turn"] == M


def test_boarding_not_when_the_bossman_fills_the_board() -> None:
    s = playing(hands=[["p_bossman"], []])
    fill_standard(s, leave=("e3",))
    places = legal(s, P, "place")
    assert not any(a.get("boarding") for a in places if a["space"] == "e3")


def test_boarding_not_after_a_last_draw() -> None:
    s = playing(hands=[["p_bossman"], []])
    s["last_draw"] = P
    assert not any(a.get("boarding") for a in legal(s, P, "place"))


def test_tavern_starts_a_battle_once_per_turn_and_ends_the_turn_q11() -> None:
    s = playing(hands=[["p_tavern"], []])
    act(s, P, "place", tile="p_tavern", space="c1", rot=0)
    assert legal(s, P, "tavern") == [{"space": "c1"}]
    act(s, P, "tavern", space="c1")
    finish_drift(s)
    assert s["battles"] == 1 and s["turn"] == M


def test_tavern_battle_may_leave_the_turn_going_by_option() -> None:
    s = playing(hands=[["p_tavern"], []], tavern_ends_turn=False)
    act(s, P, "place", tile="p_tavern", space="c1", rot=0)
    act(s, P, "tavern", space="c1")
    finish_drift(s)
    assert s["turn"] == P and "tavern" not in kinds(s, P)  # one implant per turn


def test_a_netted_tavern_cannot_be_activated() -> None:
    s = playing(hands=[["p_tavern"], []])
    act(s, P, "place", tile="p_tavern", space="c1", rot=0)
    put(s["board"], "c2", "m_net_fighter", M, 0)  # nets north: c1
    assert "tavern" not in kinds(s, P)


# -- instants ----------------------------------------------------------------------------------


def test_move_never_moves_a_drift_unit_nor_onto_water() -> None:
    s = playing(hands=[["p_move", "p_motorboat"], []])
    act(s, P, "place", tile="p_motorboat", space="W5", rot=0)
    put(s["board"], "d1", "p_smuggler", P, 0)
    moves = legal(s, P, "move")
    assert {m["from"] for m in moves} == {"d1"}
    assert not any(m["to"].startswith("W") for m in moves)
    act(s, P, "move", tile="p_move", **{"from": "d1"}, to="d2", rot=3)
    assert at(s["board"], "d2")[0] == "p_smuggler" and at(s["board"], "d2")[2] == 3


def test_moloch_may_move_its_hq() -> None:
    s = playing(hands=[[], ["m_move"]])
    s["turn"] = M
    assert any(m["from"] == "c3" and m["to"] == "c2" for m in legal(s, M, "move"))


def test_push_back_moves_the_enemy_away_and_its_owner_chooses() -> None:
    s = playing(hands=[[], ["m_push"]])
    s["turn"] = M
    put(s["board"], "c2", "p_smuggler", P, 0)
    act(s, M, "push", tile="m_push", **{"from": "c3", "target": "c2"})
    assert s["phase"] == "choose" and GAME.to_act(s) == {P}
    assert {a["to"] for a in legal(s, P, "choose")} == {"c1", "b1", "d1"}
    act(s, P, "choose", to="b1", rot=0)
    assert at(s["board"], "b1")[0] == "p_smuggler" and s["phase"] == "play"
    assert GAME.to_act(s) == {M}


def test_push_back_never_pushes_drift_units_nor_netted_ones() -> None:
    s = playing(hq_m="d1", hands=[[], ["m_push"]])
    s["turn"] = M
    assert legal(s, M, "push") == []  # the Pirates HQ on W1 is next to the Moloch HQ
    put(s["board"], "c1", "p_smuggler", P, 0)
    assert legal(s, M, "push") == [{"tile": "m_push", "from": "d1", "target": "c1"}]
    put(s["board"], "c2", "m_net_fighter", M, 0)  # nets c1 (north): a netted unit stays
    assert legal(s, M, "push") == []


def test_air_strike_wounds_every_unit_in_seven_hexes_but_hqs() -> None:
    s = playing(hands=[[], ["m_airstrike"]])
    s["turn"] = M
    put(s["board"], "c2", "p_smuggler", P, 0)
    put(s["board"], "d3", "m_blocker", M, 0)
    act(s, M, "airstrike", tile="m_airstrike", centre="c3")
    assert at(s["board"], "c2") is None and at(s["board"], "d3")[3] == 1
    assert at(s["board"], "c3")[3] == 0  # the Moloch HQ


def test_air_strike_centres_follow_the_water_option_q8() -> None:
    s = playing(hands=[[], ["m_airstrike"]])
    s["turn"] = M
    assert len(legal(s, M, "airstrike")) == 13
    s = playing(hands=[[], ["m_airstrike"]], airstrike_water_counts=False)
    s["turn"] = M
    assert len(legal(s, M, "airstrike")) == 7


def test_wave_wounds_three_outer_spaces_in_line_but_not_hqs() -> None:
    s = playing(hq_m="c1", hands=[["p_wave"], []])
    put(s["board"], "d1", "m_blocker", M, 0)
    put(s["board"], "e1", "p_smuggler", P, 0)
    act(s, P, "wave", tile="p_wave", line=0)  # c1, d1, e1
    assert at(s["board"], "c1")[3] == 0 and at(s["board"], "d1")[3] == 1
    assert at(s["board"], "e1") is None


def test_a_medic_cancels_instant_damage() -> None:
    s = playing(hands=[["p_wave"], []])
    put(s["board"], "d1", "m_blocker", M, 0)
    put(s["board"], "d2", "m_medic", M, 0)  # connector north faces d1
    act(s, P, "wave", tile="p_wave", line=0)
    assert at(s["board"], "d1")[3] == 0 and at(s["board"], "d2") is None


# -- Grab --------------------------------------------------------------------------------------


def test_harpoon_grabs_an_enemy_one_space_away_and_the_enemy_chooses_where() -> None:
    s = playing(hq_p="W12", hands=[["p_harpoon"], []])
    act(s, P, "place", tile="p_harpoon", space="W1", rot=0)
    put(s["board"], "d2", "m_blocker", M, 0)
    assert {"from": "W1", "target": "d2"} in legal(s, P, "grab")
    act(s, P, "grab", **{"from": "W1", "target": "d2"})
    assert s["phase"] == "choose" and GAME.to_act(s) == {M}
    assert {a["to"] for a in legal(s, M, "choose")} == {"d1"}
    act(s, M, "choose", to="d1", rot=2)  # the owner may turn it
    assert at(s["board"], "d1")[0] == "m_blocker" and at(s["board"], "d1")[2] == 2
    assert legal(s, P, "grab") == []  # once each turn


def test_a_netted_harpoon_cannot_grab() -> None:
    s = playing(hq_p="W12", hands=[["p_harpoon"], []])
    act(s, P, "place", tile="p_harpoon", space="W1", rot=0)
    put(s["board"], "d2", "m_blocker", M, 0)
    put(s["board"], "c1", "m_net_fighter", M, 1)  # nets edges turned to NE (W1) and N
    assert legal(s, P, "grab") == []


def test_a_netted_enemy_cannot_be_grabbed() -> None:
    s = playing(hq_p="W12", hands=[["p_harpoon", "p_fisherman"], []])
    act(s, P, "place", tile="p_harpoon", space="W1", rot=0)
    put(s["board"], "e1", "m_blocker", M, 0)
    assert legal(s, P, "grab") == [{"from": "W1", "target": "e1"}]
    act(s, P, "place", tile="p_fisherman", space="W2", rot=3)  # net faces south: e1
    assert legal(s, P, "grab") == []


def test_drift_units_are_never_grabbed_or_moved() -> None:
    s = playing(hands=[["p_move"], []])
    assert legal(s, P, "move") == []  # only the Pirates HQ is on the board


# -- Drift after a battle ----------------------------------------------------------------------


def test_after_a_battle_the_pirates_player_turns_each_drifted_unit_q5() -> None:
    s = playing(hands=[["p_battle", "p_motorboat"], []])
    act(s, P, "place", tile="p_motorboat", space="W5", rot=0)
    act(s, P, "battle", tile="p_battle")
    assert s["phase"] == "drift" and GAME.to_act(s) == {P}
    assert at(s["board"], "W2")[0] == "p_hq" and at(s["board"], "W6")[0] == "p_motorboat"
    first = legal(s, P, "drift_turn")[0]["space"]
    act(s, P, "drift_turn", space=first, rot=4)
    assert at(s["board"], first)[2] == 4
    act(s, P, "drift_keep")
    assert s["turn"] == M


def test_a_netted_drift_unit_is_not_turned_q4() -> None:
    s = playing(hands=[["p_battle"], []])
    put(s["board"], "d1", "m_net_fighter", M, 0)  # nets the Pirates HQ on W1
    act(s, P, "battle", tile="p_battle")
    assert s["hq_t"][P] == 19  # drifted netted: 1 toughness lost
    assert s["phase"] == "play" and s["turn"] == M  # nothing to turn


# -- the end -----------------------------------------------------------------------------------


def test_destroying_the_enemy_hq_wins() -> None:
    s = playing(hands=[["p_battle"], []])
    at(s["board"], "c3")[3] = 19
    put(s["board"], "c2", "p_smuggler", P, 3)  # melee 2 into the Moloch HQ
    act(s, P, "battle", tile="p_battle")
    assert GAME.result(s)["winners"] == [P] and GAME.to_act(s) == frozenset()


def test_both_hqs_destroyed_in_one_battle_is_a_draw() -> None:
    s = playing(hands=[["p_battle"], []])
    at(s["board"], "c3")[3] = 19
    at(s["board"], "W1")[3] = 19
    put(s["board"], "c2", "p_smuggler", P, 3)
    put(s["board"], "d1", "m_cyborg", M, 0)  # shoots north into W1
    act(s, P, "battle", tile="p_battle")
    r = GAME.result(s)
    assert r["winners"] == [P, M] and "draw" in r["reason"]


def test_the_last_draw_gives_the_opponent_one_turn_then_the_final_battle() -> None:
    s = playing(hands=[[], []])
    s["piles"][P] = s["piles"][P][:3]
    s["turn_no"] = 5
    act(s, P, "end")  # Moloch's turn
    act(s, M, "discard", tile=s["hands"][M][0])
    act(s, M, "end")  # Pirates draw their last 3 tiles
    assert s["last_draw"] == P and s["piles"][P] == []
    act(s, P, "discard", tile=s["hands"][P][0])
    act(s, P, "end")
    assert s["battles"] == 0 and s["turn"] == M
    act(s, M, "discard", tile=s["hands"][M][0])
    at(s["board"], "c3")[3] = 1  # the Moloch HQ is weaker
    act(s, M, "end")
    assert s["battles"] == 1
    r = GAME.result(s)
    assert r["winners"] == [P] and r["scores"] == [20, 19]


def test_a_tie_after_the_final_battle_gives_a_turn_each_and_one_more_battle_q13() -> None:
    s = playing(hands=[["p_smuggler"], []])
    s["piles"][P] = []
    s["last_draw"] = P
    s["turns_left"] = 1
    act(s, P, "end")  # the Final Battle: 20 to 20
    finish_drift(s)
    assert GAME.result(s) is None and s["tiebreak"]
    assert s["turn"] == M and kinds(s, M) <= {"end", "discard", "place", "move", "push",
                                              "airstrike"}
    hand_before = list(s["hands"][M])
    act(s, M, "end")
    assert s["hands"][P] == ["p_smuggler"] and hand_before == s["hands"][M]  # no draws
    act(s, P, "end")
    assert GAME.result(s)["winners"] == [P, M]


def test_a_tie_is_a_draw_at_once_by_option() -> None:
    s = playing(hands=[[], []], tiebreak_extra_battle=False)
    s["last_draw"] = P
    s["turns_left"] = 1
    act(s, P, "end")
    assert "draw" in GAME.result(s)["reason"]


# -- views -------------------------------------------------------------------------------------


def test_hands_are_public_and_the_pile_order_is_not() -> None:
    s = playing(hands=[["p_smuggler"], ["m_blocker"]])
    v = GAME.view(s, None)
    assert v["hands"] == [["p_smuggler"], ["m_blocker"]] and v["piles"] == [33, 33]
    world = GAME.determinize(s, None, random.Random(3))
    assert world["piles"] != s["piles"] and GAME.view(world, None) == v


def test_a_refused_move_says_what_is_allowed() -> None:
    s = playing(hands=[["p_smuggler"], []])
    with pytest.raises(IllegalAction, match="You may now: end your turn"):
        GAME.apply(s, P, Action("place", {"tile": "p_smuggler", "space": "W3", "rot": 0}))
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(s, M, Action("end", {}))


def test_rules_text_lists_tiles_with_their_marks_and_the_decisions() -> None:
    text = GAME.rules_text({})
    assert "Motorboat" in text and "ART" in text and "GUESS" in text
    assert "Q13" in text and "Q2:" in text
