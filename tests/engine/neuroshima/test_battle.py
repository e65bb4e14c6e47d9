"""The battle engine on hand-built positions (rules/neuroshima.md sections 2.6-2.11, the
Pirates rulebook for the Pirates tiles). Seat 0 is the Pirates, seat 1 Moloch."""

from __future__ import annotations

import pytest

from engine.neuroshima.battle import drift, nets, resolve
from engine.neuroshima.board import LABELS, NEIGHBOUR
from engine.neuroshima.tiles import TILES

from .helpers import MOLOCH, PIRATES, at, empty_board, put, sp

P, M = PIRATES, MOLOCH


def fight(board: list, **opts) -> list[dict]:
    return resolve(board, opts)


# -- melee, ranged, initiative ----------------------------------------------------------------


def test_melee_hits_the_adjacent_enemy_its_edge_faces() -> None:
    b = empty_board()
    put(b, "c3", "m_ripper", M, 0)
    put(b, "c2", "p_helmsman", P, 0)
    fight(b)
    assert at(b, "c2") is None and at(b, "c3")[3] == 0


def test_melee_never_hits_a_friendly_unit() -> None:
    b = empty_board()
    put(b, "c3", "m_ripper", M, 0)
    put(b, "c2", "m_blocker", M, 0)
    fight(b)
    assert at(b, "c2")[3] == 0


def test_ranged_flies_over_friends_and_stops_at_the_first_enemy() -> None:
    b = empty_board()
    put(b, "c5", "m_cyborg", M, 0)
    put(b, "c4", "m_blocker", M, 0)
    put(b, "c3", "p_smuggler", P, 0)
    put(b, "c2", "p_smuggler", P, 0)
    fight(b)
    assert at(b, "c4")[3] == 0 and at(b, "c3") is None and at(b, "c2")[3] == 0


def test_armour_takes_one_from_a_ranged_attack_through_its_edge() -> None:
    b = empty_board()
    put(b, "c5", "m_cyborg", M, 0)
    put(b, "c3", "p_helmsman", P, 3)  # armour (printed top) turned to face the Cyborg
    fight(b)
    assert at(b, "c3")[3] == 0
    b = empty_board()
    put(b, "c5", "m_cyborg", M, 0)
    put(b, "c3", "p_helmsman", P, 0)  # armour facing away
    fight(b)
    assert at(b, "c3") is None


def test_armour_does_not_stop_melee() -> None:
    b = empty_board()
    put(b, "c4", "m_ripper", M, 0)
    put(b, "c3", "p_helmsman", P, 3)
    fight(b)
    assert at(b, "c3") is None


def test_attacks_of_one_phase_are_simultaneous() -> None:
    b = empty_board()
    put(b, "c2", "p_smuggler", P, 3)
    put(b, "c3", "m_ripper", M, 0)
    fight(b)
    assert at(b, "c2") is None and at(b, "c3") is None


def test_higher_initiative_destroys_before_a_lower_one_attacks() -> None:
    b = empty_board()
    put(b, "c5", "m_cyborg", M, 0)  # initiative 3
    put(b, "c4", "p_smuggler", P, 3)  # initiative 2, melee towards the Cyborg
    fight(b)
    assert at(b, "c4") is None and at(b, "c5")[3] == 0


def test_wounds_stay_after_the_battle() -> None:
    b = empty_board()
    put(b, "c3", "m_blocker", M, 0)  # toughness 3
    put(b, "c2", "p_smuggler", P, 3)  # melee 2
    fight(b)
    assert at(b, "c3")[3] == 2


def test_a_unit_with_two_initiatives_attacks_twice() -> None:
    b = empty_board()
    put(b, "c3", "m_stormtrooper", M, 0)  # initiative 2 and 1, ranged 1 north
    put(b, "c1", "m_blocker", P, 0)  # a toughness-3 target (a Blocker lent to the Pirates)
    records = fight(b)
    assert [r["phase"] for r in records] == [2, 1]
    assert at(b, "c1")[3] == 2


# -- nets --------------------------------------------------------------------------------------


def test_a_netted_unit_does_not_attack() -> None:
    b = empty_board()
    put(b, "c3", "m_net_fighter", M, 0)  # nets north and north-west
    put(b, "c2", "p_smuggler", P, 3)  # would hit c3 for 2
    fight(b)
    assert at(b, "c3")[3] == 0
    assert nets(b) == {sp("c2"): 1}


def test_units_netting_each_other_are_both_netted() -> None:
    b = empty_board()
    put(b, "W1", "p_fisherman", P, 3)  # net edge faces south: d1
    put(b, "d1", "m_net_fighter", M, 0)  # nets north (W1) and north-west (c1)
    assert nets(b) == {sp("W1"): 1, sp("d1"): 1}


def test_a_netted_netter_holds_nothing() -> None:
    b = empty_board()
    put(b, "W1", "p_fisherman", P, 3)
    put(b, "d1", "m_net_fighter", M, 3)  # nets south (d2) and south-east (e1)
    put(b, "d2", "p_smuggler", P, 0)
    assert nets(b) == {sp("d1"): 1}


# -- HQs ---------------------------------------------------------------------------------------


def test_moloch_hq_hits_every_adjacent_enemy_and_adds_one_to_adjacent_ranged() -> None:
    b = empty_board()
    put(b, "c3", "m_hq", M, 0)
    put(b, "c2", "p_smuggler", P, 0)  # adjacent to the HQ
    put(b, "d3", "m_cyborg", M, 0)  # next to the HQ, shoots north: d2, d1, W1
    put(b, "W1", "p_hq", P, 0)
    fight(b)
    assert at(b, "c2") is None
    assert at(b, "W1")[3] == 2  # Cyborg 1 + HQ bonus 1


def test_an_hq_never_wounds_the_other_hq_in_melee() -> None:
    for hq_melee in (False, True):
        b = empty_board()
        put(b, "d1", "m_hq", M, 0)
        put(b, "W1", "p_hq", P, 0)
        fight(b, pirates_hq_melee=hq_melee)
        assert at(b, "d1")[3] == 0 and at(b, "W1")[3] == 0


def test_pirates_hq_shot_stops_at_the_moloch_hq_without_wounding_q2() -> None:
    b = empty_board()
    put(b, "W1", "p_hq", P, 2)  # ranged edge 1 turned to face south: d1, d2, d3, ...
    put(b, "d2", "m_hq", M, 0)
    put(b, "d3", "m_blocker", M, 3)  # armour turned away from the shot
    fight(b)
    assert at(b, "d2")[3] == 0 and at(b, "d3")[3] == 0
    b = empty_board()
    put(b, "W1", "p_hq", P, 2)
    put(b, "d3", "m_blocker", M, 3)
    fight(b)
    assert at(b, "d3")[3] == 1


def test_pirates_hq_has_no_melee_by_default_q1() -> None:
    b = empty_board()
    put(b, "W1", "p_hq", P, 0)
    put(b, "d1", "m_blocker", M, 0)
    fight(b)
    assert at(b, "d1")[3] == 0
    b = empty_board()
    put(b, "W1", "p_hq", P, 0)
    put(b, "d1", "m_blocker", M, 0)
    fight(b, pirates_hq_melee=True)
    assert at(b, "d1")[3] == 1


# -- special attacks ---------------------------------------------------------------------------


def test_gauss_hits_every_enemy_in_line_and_armour_saves_only_its_unit() -> None:
    b = empty_board()
    put(b, "c5", "m_gauss", M, 2)  # Gauss edge 4 turned to face north
    put(b, "c4", "p_smuggler", P, 0)
    put(b, "c3", "p_helmsman", P, 3)  # armour facing the beam
    put(b, "c2", "p_smuggler", P, 3)
    put(b, "c1", "m_blocker", M, 0)
    fight(b)
    assert at(b, "c4") is None and at(b, "c3")[3] == 0 and at(b, "c2") is None
    assert at(b, "c1")[3] == 0


def test_gauss_gets_no_bonus_from_the_moloch_hq() -> None:
    b = empty_board()
    put(b, "c5", "m_gauss", M, 2)
    put(b, "b4", "m_hq", M, 0)  # adjacent to c5
    put(b, "c3", "m_blocker", P, 0)
    fight(b)
    assert at(b, "c3")[3] == 1


def test_water_gun_wounds_three_two_one_by_distance_and_armour_protects() -> None:
    b = empty_board()
    put(b, "c5", "p_water_gun", P, 0)
    put(b, "c4", "m_blocker", M, 0)  # adjacent: 3
    put(b, "c3", "m_blocker", M, 3)  # one space between: 2, armour facing the gun: 1
    put(b, "c2", "m_blocker", M, 0)  # two spaces between: 1
    put(b, "c1", "m_blocker", M, 0)  # three spaces between: none
    fight(b)
    assert at(b, "c4") is None
    assert [at(b, x)[3] for x in ("c3", "c2", "c1")] == [1, 1, 0]


def test_water_gun_passes_friends_and_ignores_firepower_bonus() -> None:
    b = empty_board()
    put(b, "c5", "p_water_gun", P, 0)
    put(b, "c4", "p_helmsman", P, 3)  # no melee edge towards c3
    put(b, "c3", "m_blocker", M, 0)
    put(b, "b4", "p_officer1", P, 1)  # connectors 0, 1, 5 turned: one faces c5
    fight(b)
    assert at(b, "c3")[3] == 2 and at(b, "c4")[3] == 0


def test_clown_explodes_when_it_catches_several_enemies_q9() -> None:
    b = empty_board()
    put(b, "c3", "m_clown", M, 0)
    put(b, "c2", "p_smuggler", P, 0)
    put(b, "d2", "p_smuggler", P, 0)
    put(b, "d3", "p_smuggler", P, 0)
    put(b, "b2", "p_hq", P, 0)  # HQs are not wounded by the explosion (not on Water here)
    records = fight(b)
    assert all(at(b, x) is None for x in ("c3", "c2", "d2", "d3"))
    assert at(b, "b2")[3] == 0
    assert records[0]["exploded"] == ["c3"]


def test_clown_attacks_normally_against_a_single_enemy() -> None:
    b = empty_board()
    put(b, "c3", "m_clown", M, 0)
    put(b, "c2", "p_smuggler", P, 0)
    fight(b)
    assert at(b, "c2") is None and at(b, "c3") is not None


# -- modules -----------------------------------------------------------------------------------


def test_officer_i_adds_one_to_melee() -> None:
    b = empty_board()
    put(b, "c3", "p_smuggler", P, 0)
    put(b, "c2", "m_blocker", M, 0)
    put(b, "c4", "p_officer1", P, 0)  # connector north faces c3
    fight(b)
    assert at(b, "c2") is None


def test_moloch_officer_adds_one_to_ranged() -> None:
    b = empty_board()
    put(b, "c5", "m_cyborg", M, 0)
    put(b, "b4", "m_officer", M, 1)  # connector edge 1 turned south-east: faces c5
    put(b, "c3", "m_blocker", P, 0)
    fight(b)
    assert at(b, "c3")[3] == 2


def test_brain_adds_one_to_melee_and_ranged() -> None:
    b = empty_board()
    put(b, "c3", "m_ripper", M, 0)
    put(b, "c4", "m_brain", M, 0)  # connector north faces c3
    put(b, "c2", "m_blocker", P, 0)
    fight(b)
    assert at(b, "c2") is None  # 2 + 1


def test_scout_adds_one_to_initiative() -> None:
    b = empty_board()
    put(b, "c3", "m_ripper", M, 0)
    put(b, "c2", "p_smuggler", P, 3)
    put(b, "c4", "m_scout", M, 0)
    fight(b)
    assert at(b, "c2") is None and at(b, "c3")[3] == 0


def test_saboteur_takes_one_from_connected_enemy_initiative() -> None:
    b = empty_board()
    put(b, "c3", "m_ripper", M, 0)
    put(b, "c2", "p_smuggler", P, 3)
    put(b, "c4", "p_saboteur", P, 0)  # connector north faces the enemy Ripper
    fight(b)
    assert at(b, "c3") is None and at(b, "c2")[3] == 0


def test_saboteur_never_takes_initiative_below_zero_q23() -> None:
    b = empty_board()
    put(b, "c3", "m_hq", M, 0)
    put(b, "c4", "p_saboteur", P, 0)
    fight(b)
    assert at(b, "c4") is None  # the HQ still attacks at 0


def test_mother_gives_an_extra_attack_one_phase_after_the_last() -> None:
    b = empty_board()
    put(b, "c3", "p_smuggler", P, 0)
    put(b, "c2", "m_blocker", M, 0)
    put(b, "c4", "p_mother", P, 0)
    records = fight(b)
    assert at(b, "c2") is None and [r["phase"] for r in records] == [2, 1]


def test_mother_gives_nothing_to_a_unit_attacking_at_zero() -> None:
    b = empty_board()
    put(b, "c3", "p_bossman", P, 1)  # melee edge 5 turned to face north
    put(b, "c2", "m_blocker", M, 0)
    put(b, "c4", "p_mother", P, 0)
    fight(b)
    assert at(b, "c2")[3] == 1


def test_two_mothers_give_one_extra_slot_q22() -> None:
    b = empty_board()
    put(b, "c3", "p_smuggler", P, 0)
    put(b, "c2", "m_blocker", M, 0)
    put(b, "c4", "p_mother", P, 0)
    put(b, "b3", "p_mother", P, 1)  # connector edge 0 turned north-east: faces c3
    records = fight(b)
    assert [r["phase"] for r in records] == [2, 1]


def test_medic_cancels_a_whole_attack_and_is_discarded() -> None:
    b = empty_board()
    put(b, "c3", "m_net_fighter", M, 3)
    put(b, "c4", "m_medic", M, 0)  # connector north faces c3
    put(b, "c2", "p_smuggler", P, 3)
    records = fight(b)
    assert at(b, "c3")[3] == 0 and at(b, "c4") is None
    assert records[0]["attacks"][0]["saved"] is True


def test_medic_never_saves_itself() -> None:
    b = empty_board()
    put(b, "c3", "m_medic", M, 0)
    put(b, "c2", "p_smuggler", P, 3)
    fight(b)
    assert at(b, "c3") is None


# -- Pirates specials --------------------------------------------------------------------------


def test_crocodile_charges_into_the_space_of_the_unit_it_destroyed() -> None:
    b = empty_board()
    put(b, "c2", "p_crocodile", P, 3)  # melee edge 5 faces south-east: d2
    put(b, "d2", "m_ripper", M, 3)
    records = fight(b)
    assert at(b, "c2") is None and at(b, "d2")[0] == "p_crocodile"
    assert records[0]["charges"] == [{"from": "c2", "to": "d2"}]


def test_crocodile_charge_is_not_used_against_a_unit_on_water() -> None:
    # Moloch has no Drift units, so only a hand-built board has an enemy on Water
    b = empty_board()
    put(b, "d1", "p_crocodile", P, 1)  # melee edge 5 faces north: W1
    put(b, "W1", "m_ripper", M, 0)
    fight(b)
    assert at(b, "W1") is None and at(b, "d1")[0] == "p_crocodile"


def test_drift_moves_every_drift_unit_one_water_space_clockwise() -> None:
    b = empty_board()
    put(b, "W12", "p_hq", P, 0)
    put(b, "W1", "p_motorboat", P, 0)
    put(b, "d3", "p_smuggler", P, 0)
    d = drift(b, P)
    assert at(b, "W1")[0] == "p_hq" and at(b, "W2")[0] == "p_motorboat"
    assert at(b, "d3")[0] == "p_smuggler" and len(d["moved"]) == 2


def test_netted_drift_units_still_drift_but_lose_one_toughness_per_net() -> None:
    b = empty_board()
    put(b, "d1", "m_net_fighter", M, 0)  # nets W1 (north) and c1
    put(b, "W1", "p_harpoon", P, 0)
    put(b, "e1", "m_net_fighter", M, 0)  # nets W2 (north) and d1
    put(b, "W2", "p_hq", P, 0)
    drift(b, P)
    assert at(b, "W2") is None  # the Harpoon lost its only point of toughness
    assert at(b, "W3")[0] == "p_hq" and at(b, "W3")[3] == 1


def test_battle_records_each_phase_with_attacks_and_removals() -> None:
    b = empty_board()
    put(b, "c3", "m_ripper", M, 0)
    put(b, "c2", "p_helmsman", P, 0)
    records = fight(b)
    assert records == [{
        "phase": 2,
        "attacks": [{"from": "c3", "tile": "Ripper", "to": "c2", "target": "Helmsman",
                     "kind": "melee", "wounds": 2, "saved": False}],
        "exploded": [], "medics": [],
        "removed": [{"space": "c2", "tile": "Helmsman", "owner": P}],
        "charges": [],
        "units": [["c2", "p_helmsman", P, 0, 0, False], ["c3", "m_ripper", M, 0, 0, False]],
    }]


# -- every unit's printed attacks and armour, from the tile table -----------------------------

ATTACKERS = sorted(k for k, r in TILES.items()
                   if (r["melee"] or r["ranged"]) and r["kind"] == "unit"
                   and r["ability"] != "explosion")


@pytest.mark.parametrize("key", ATTACKERS)
def test_every_printed_attack_hits_its_edge_with_its_strength_once_per_slot(key: str) -> None:
    row = TILES[key]
    owner, foe = (P, M) if row["army"] == "pirates" else (M, P)
    for rot in (0, 2):
        b = empty_board()
        put(b, "c3", key, owner, rot)
        for d in range(6):  # a toughness-3 target on every side, its armour turned away
            put(b, LABELS[NEIGHBOUR[sp("c3")][d]], "m_blocker", foe, d)
        fight(b)
        expected = [0] * 6
        for e, st in row["melee"].items():
            expected[(e + rot) % 6] += st
        for e, st in row["ranged"].items():
            expected[(e + rot) % 6] += st
        slots = len(row["init"])
        got = [at(b, LABELS[NEIGHBOUR[sp("c3")][d]])[3] for d in range(6)]
        assert got == [w * slots for w in expected], (key, rot)


ARMOURED = sorted(k for k, r in TILES.items() if r["armor"])


@pytest.mark.parametrize("key", ARMOURED)
def test_every_printed_armour_edge_takes_one_from_a_shot_through_it(key: str) -> None:
    row = TILES[key]
    owner, foe = (P, M) if row["army"] == "pirates" else (M, P)
    # a shooter two spaces away that fires no later than the target: Cyborg (initiative 3,
    # ranged edge 0) against the Pirates, Smuggler (initiative 2, ranged edge 1) against Moloch
    shooter, edge = ("m_cyborg", 0) if foe == M else ("p_smuggler", 1)
    for d in range(6):
        b = empty_board()
        put(b, "c3", key, owner, 0)
        src = NEIGHBOUR[NEIGHBOUR[sp("c3")][d]][d]
        put(b, LABELS[src], shooter, foe, ((d + 3) - edge) % 6)  # aimed back at c3
        fight(b)
        unit = at(b, "c3")
        taken = unit[3] if unit is not None else row["t"]
        assert taken == (0 if d in row["armor"] else 1), (key, d)
