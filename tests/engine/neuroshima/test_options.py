"""The open questions Q1-Q28 of rules/neuroshima.md section 6 as table options: for each, the
recommended default and the other value on the same position, and how they differ. (Q1, Q8,
Q11 and Q13 have both values tested in test_battle.py and test_rules.py.) Seat 0 is the
Pirates, seat 1 Moloch."""

from __future__ import annotations

import pytest

from engine.neuroshima import GAME
from engine.neuroshima.battle import nets, resolve
from engine.neuroshima.board import LABELS, STANDARD
from engine.neuroshima.decisions import OPTIONS

from .helpers import MOLOCH, PIRATES, act, at, empty_board, kinds, legal, playing, put, sp

P, M = PIRATES, MOLOCH


def fight(board: list, **opts) -> list[dict]:
    return resolve(board, opts)


def finish_drift(s: dict) -> None:
    while s["phase"] == "drift":
        act(s, P, "drift_keep")


def test_every_open_question_is_a_named_option_with_the_recommended_default_first() -> None:
    named = {int(spec.help.split(":")[0][1:]) for name, spec in OPTIONS.items()
             if spec.help.startswith("Q")}
    assert named == set(range(1, 29))
    for spec in OPTIONS.values():
        assert spec.default == spec.values[0]
    assert GAME.setup(2, {}, "s")["opts"]["drift_rotation"] == "optional"


@pytest.mark.parametrize("name", ["drift_only_on_water", "bossman_boarding", "water_gun",
                                  "wave_airstrike_spare_hq", "hq_start"])
def test_q3_q20_q21_q27_q28_settled_by_the_rulebook_have_one_value(name: str) -> None:
    spec = OPTIONS[name]
    assert spec.values == (spec.default,) and "Settled by" in spec.help
    with pytest.raises(ValueError, match="allowed"):
        GAME.setup(2, {name: "other"}, "s")


def test_q3_drift_units_only_on_water() -> None:
    s = playing(hands=[["p_motorboat", "p_smuggler"], []])
    places = legal(s, P, "place")
    assert all(a["space"].startswith("W") for a in places if a["tile"] == "p_motorboat")
    assert not any(a["space"].startswith("W") for a in places if a["tile"] == "p_smuggler")


def test_q2_hq_shot_stops_at_the_enemy_hq_or_flies_past_it() -> None:
    for stops, behind in ((True, 0), (False, 1)):
        b = empty_board()
        put(b, "W1", "p_hq", P, 2)  # ranged edge 1 turned south: d1, d2, d3, d4
        put(b, "d2", "m_hq", M, 0)
        put(b, "d3", "m_blocker", M, 3)  # armour turned away from the shot
        fight(b, hq_shot_stops_at_hq=stops)
        assert at(b, "d2")[3] == 0 and at(b, "d3")[3] == behind


def test_q4_a_netted_drift_unit_may_be_turned_by_option() -> None:
    for turn_netted, phase in ((False, "play"), (True, "drift")):
        s = playing(hands=[["p_battle"], []], drift_turn_netted=turn_netted)
        put(s["board"], "d1", "m_net_fighter", M, 0)  # nets the Pirates HQ on W1
        act(s, P, "battle", tile="p_battle")
        assert s["hq_t"][P] == 19 and s["phase"] == phase


def test_q5_drift_units_are_turned_or_keep_their_facing() -> None:
    for rotation, phase in (("optional", "drift"), ("none", "play")):
        s = playing(hands=[["p_battle", "p_motorboat"], []], drift_rotation=rotation)
        act(s, P, "place", tile="p_motorboat", space="W5", rot=2)
        act(s, P, "battle", tile="p_battle")
        assert at(s["board"], "W6")[0] == "p_motorboat" and s["phase"] == phase
        finish_drift(s)
        assert at(s["board"], "W6")[2] == 2 and s["turn"] == M


def test_q6_water_links_give_only_the_drift_order_or_work_as_edges() -> None:
    for links, wounds in (("drift_only", 0), ("edges", 2)):
        b = empty_board()
        put(b, "W2", "p_harpoon", P, 0)  # melee edge 2 faces south-east: the missing corner
        put(b, "W3", "m_blocker", M, 0)  # the far side of the Water Adjacency link
        fight(b, water_links=links)
        assert at(b, "W3")[3] == wounds
    b = empty_board()
    put(b, "W2", "p_fisherman", P, 2)  # net edge 0 turned south-east, across the link
    put(b, "W3", "m_ripper", M, 0)
    assert nets(b) == {} and nets(b, {"water_links": "edges"}) == {sp("W3"): 1}


def test_q7_lines_of_fire_enter_water_or_end_before_it() -> None:
    for enter, wounds in ((True, 1), (False, 0)):
        b = empty_board()
        put(b, "d3", "m_cyborg", M, 0)  # shoots north: d2, d1, W1
        put(b, "W1", "p_hq", P, 0)
        fight(b, lines_enter_water=enter)
        assert at(b, "W1")[3] == wounds
    b = empty_board()
    put(b, "W1", "p_hq", P, 2)  # a shot from Water still crosses the board
    put(b, "d4", "m_blocker", M, 3)
    fight(b, lines_enter_water=False)
    assert at(b, "d4")[3] == 1


def test_q9_an_exploding_clown_is_removed_or_stays() -> None:
    for removed in (True, False):
        b = empty_board()
        put(b, "c3", "m_clown", M, 0)
        for x in ("c2", "d2", "d3"):
            put(b, x, "p_smuggler", P, 0)
        records = fight(b, clown_removed=removed)
        assert records[0]["exploded"] == ["c3"]
        assert all(at(b, x) is None for x in ("c2", "d2", "d3"))
        if removed:
            assert at(b, "c3") is None
        else:
            assert at(b, "c3")[0] == "m_clown" and at(b, "c3")[3] == 1  # its own wound


def test_q9_the_clown_explodes_anywhere_or_only_where_an_air_strike_could() -> None:
    for anywhere in (True, False):
        b = empty_board()
        put(b, "c1", "m_clown", M, 3)  # an edge space: its north neighbour does not exist
        put(b, "b1", "p_smuggler", P, 0)
        put(b, "d1", "p_smuggler", P, 0)
        put(b, "c2", "p_smuggler", P, 0)
        records = fight(b, clown_anywhere=anywhere)
        assert records[0]["exploded"] == (["c1"] if anywhere else [])
        assert (at(b, "b1") is None) is anywhere  # a normal Clown attack misses b1


def test_q10_a_full_board_battle_goes_on_with_the_turn_or_ends_it() -> None:
    for ends, turn in ((False, P), (True, M)):
        s = playing(hands=[["p_helmsman"], []], full_board_ends_turn=ends)
        for i in STANDARD:
            if s["board"][i] is None and LABELS[i] != "e3":
                put(s["board"], LABELS[i], "m_blocker", M, 0)
        act(s, P, "place", tile="p_helmsman", space="e3", rot=0)
        assert s["battles"] == 1
        finish_drift(s)
        assert s["turn"] == turn


def test_q12_the_last_draw_of_any_player_or_only_ones_own_stops_battle_tiles() -> None:
    s = playing(hands=[["p_battle"], []])
    s["last_draw"] = M
    assert "battle" not in kinds(s, P)
    s = playing(hands=[["p_battle"], []], last_draw_blocks="own")
    s["last_draw"] = M
    s["piles"][M] = []
    assert "battle" in kinds(s, P)
    s["piles"][P] = []
    assert "battle" not in kinds(s, P)


def test_q12_own_last_draw_never_allows_battles_in_the_tie_break() -> None:
    s = playing(hands=[["p_battle"], []], last_draw_blocks="own")
    s["tiebreak"] = True
    assert "battle" not in kinds(s, P)


def test_q14_a_medic_is_mandatory_or_kept_for_a_deadly_attack() -> None:
    for mandatory in (True, False):
        b = empty_board()
        put(b, "c3", "m_blocker", M, 0)  # toughness 3: a 2-wound attack is not deadly
        put(b, "c4", "m_medic", M, 0)  # connector north faces c3
        put(b, "c2", "p_smuggler", P, 3)  # melee 2 south into c3
        fight(b, medic_mandatory=mandatory)
        if mandatory:
            assert at(b, "c3")[3] == 0 and at(b, "c4") is None
        else:
            assert at(b, "c3")[3] == 2 and at(b, "c4")[0] == "m_medic"
    b = empty_board()
    put(b, "c3", "m_net_fighter", M, 3)  # toughness 1: the attack would destroy it
    put(b, "c4", "m_medic", M, 0)
    put(b, "c2", "p_smuggler", P, 3)
    fight(b, medic_mandatory=False)
    assert at(b, "c3")[3] == 0 and at(b, "c4") is None


def test_q14_a_medic_kept_for_deadly_attacks_also_outside_battle() -> None:
    s = playing(hands=[["p_wave"], []], medic_mandatory=False)
    put(s["board"], "d1", "m_blocker", M, 0)
    put(s["board"], "d2", "m_medic", M, 0)  # connector north faces d1
    act(s, P, "wave", tile="p_wave", line=0)
    assert at(s["board"], "d1")[3] == 1 and at(s["board"], "d2")[0] == "m_medic"


def test_q15_a_netted_unit_pushes_only_by_option() -> None:
    for can_push in (False, True):
        s = playing(hq_p="W12", hq_m="d1", hands=[["p_fisherman"], ["m_push"]],
                    netted_can_push=can_push)
        act(s, P, "place", tile="p_fisherman", space="W1", rot=3)  # net south: the HQ on d1
        put(s["board"], "d2", "p_smuggler", P, 0)
        s["turn"] = M
        assert sp("d1") in nets(s["board"])
        expected = [{"tile": "m_push", "from": "d1", "target": "d2"}] if can_push else []
        assert legal(s, M, "push") == expected


def test_q16_a_netted_unit_keeps_its_armour_or_loses_it() -> None:
    for keeps, alive in ((True, True), (False, False)):
        b = empty_board()
        put(b, "c2", "p_helmsman", P, 0)  # armour north
        put(b, "c3", "m_net_fighter", M, 0)  # nets north: c2
        put(b, "c1", "m_cyborg", M, 3)  # shoots south into c2's armoured edge
        fight(b, netted_keeps_armour=keeps)
        assert (at(b, "c2") is not None) is alive


def test_q17_units_netting_each_other_are_all_netted_or_their_nets_cancel() -> None:
    b = empty_board()
    put(b, "W1", "p_fisherman", P, 3)  # net faces south: d1
    put(b, "d1", "m_net_fighter", M, 0)  # nets north (W1) and north-west (c1)
    put(b, "c1", "p_smuggler", P, 0)
    assert nets(b) == {sp("W1"): 1, sp("d1"): 1, sp("c1"): 1}
    assert nets(b, {"net_cycles": "cancel"}) == {sp("c1"): 1}


def test_q18_a_harpoon_may_grab_an_hq_or_not() -> None:
    for grab_hq in (True, False):
        s = playing(hq_p="W12", hq_m="d2", hands=[["p_harpoon"], []], grab_hq=grab_hq)
        act(s, P, "place", tile="p_harpoon", space="W1", rot=0)
        assert ({"from": "W1", "target": "d2"} in legal(s, P, "grab")) is grab_hq


def test_q19_a_charging_crocodile_turns_to_an_enemy_or_keeps_its_facing() -> None:
    for facing, rot, wounds in (("face_enemy", 4, 1), ("keep", 3, 0)):
        b = empty_board()
        put(b, "c2", "p_crocodile", P, 3)  # melee edge 5 faces south-east: d2
        put(b, "d2", "m_ripper", M, 3)
        put(b, "d3", "m_blocker", M, 0)  # south of d2
        fight(b, charge_facing=facing)
        assert at(b, "d2")[0] == "p_crocodile" and at(b, "d2")[2] == rot
        assert at(b, "d3")[3] == wounds  # its initiative-0 attack after the charge


def test_q22_two_mothers_give_one_extra_slot_or_two() -> None:
    for stack, wounds in ((False, 4), (True, 6)):
        b = empty_board()
        put(b, "c3", "p_smuggler", P, 0)  # initiative 2, melee 2 north: c2
        put(b, "c2", "m_hq", M, 0)
        put(b, "c4", "p_mother", P, 0)
        put(b, "b3", "p_mother", P, 1)  # connector edge 0 turned north-east: faces c3
        fight(b, mothers_stack=stack)
        assert at(b, "c2")[3] == wounds  # attacks at 2 and 1, or at 2, 1 and 0


def test_q23_a_saboteur_lowers_an_hqs_initiative_or_not() -> None:
    for on_hq, phase in ((True, 0), (False, 1)):
        b = empty_board()
        put(b, "c3", "m_hq", M, 0)
        put(b, "c4", "m_scout", M, 0)  # +1: the HQ at initiative 1
        put(b, "c2", "p_saboteur", P, 3)  # connector edge 0 turned south: the HQ
        records = fight(b, saboteur_hq=on_hq)
        assert [r["phase"] for r in records] == [phase] and at(b, "c2") is None


def test_q24_initiative_is_recomputed_each_phase_or_fixed_at_the_start() -> None:
    for each_phase, ripper_struck in ((True, True), (False, False)):
        b = empty_board()
        put(b, "c3", "m_ripper", M, 0)  # initiative 2, melee 2 north: c2
        put(b, "c2", "p_smuggler", P, 3)  # initiative 2, melee 2 south: c3
        put(b, "c4", "p_saboteur", P, 0)  # -1 to the Ripper while it stands
        put(b, "c5", "m_cyborg", M, 0)  # initiative 3: destroys the Saboteur first
        fight(b, initiative_each_phase=each_phase)
        assert at(b, "c4") is None and at(b, "c3") is None
        assert (at(b, "c2") is None) is ripper_struck


def test_q25_modules_reach_units_on_water_or_not() -> None:
    for reach, destroyed in ((True, True), (False, False)):
        b = empty_board()
        put(b, "W1", "p_harpoon", P, 1)  # melee 2, edge 2 turned south: d1
        put(b, "d1", "m_blocker", M, 0)  # toughness 3
        put(b, "c1", "p_officer1", P, 0)  # connector edge 1 faces north-east: W1
        fight(b, modules_reach_water=reach)
        assert (at(b, "d1") is None) is destroyed


def test_q26_move_may_move_an_hq_or_not() -> None:
    for movable in (True, False):
        s = playing(hands=[[], ["m_move"]], hq_movable=movable)
        s["turn"] = M
        assert any(m["from"] == "c3" for m in legal(s, M, "move")) is movable
