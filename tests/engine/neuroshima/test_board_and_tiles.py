"""The tile table and the board geometry (rules/neuroshima.md sections 1, 3, 4.3)."""

from __future__ import annotations

from engine.neuroshima import board as B
from engine.neuroshima.tiles import ROTATIONS, TILES, army_tiles, canonical_rotation, describe


def test_each_army_has_35_tiles_with_the_printed_counts() -> None:
    for army in ("pirates", "moloch"):
        assert sum(r["n"] for r in TILES.values() if r["army"] == army) == 35
        assert len(army_tiles(army)) == 34  # the HQ is set aside


def test_pirates_counts_match_the_rulebook() -> None:
    counts = {r["name"]: r["n"] for r in TILES.values() if r["army"] == "pirates"}
    assert counts == {
        "Pirates HQ": 1, "Motorboat": 2, "Fisherman": 1, "Harpoon": 2, "Crocodile": 2,
        "Helmsman": 3, "Smuggler": 3, "Bossman": 1, "Water Gun": 1, "Mother": 2,
        "Officer I": 2, "Saboteur": 3, "Medic": 2, "Tavern": 1, "Battle": 5, "Move": 3,
        "Wave": 1,
    }


def test_drift_units_are_the_hq_motorboat_fisherman_and_harpoon() -> None:
    drift = {r["name"] for r in TILES.values() if r["drift"]}
    assert drift == {"Pirates HQ", "Motorboat", "Fisherman", "Harpoon"}


def test_every_tile_carries_its_source_marks_and_lists_them() -> None:
    for key, row in TILES.items():
        assert row["status"], key
        assert set(row["status"].values()) <= {"TXT", "CODE+ART", "ART", "GUESS"}
        assert "[" in describe(key)
    assert TILES["p_motorboat"]["status"]["stats"] == "ART"
    assert TILES["p_tavern"]["status"]["toughness"] == "GUESS"


def test_hqs_have_20_toughness_and_initiative_0() -> None:
    for key in ("p_hq", "m_hq"):
        assert TILES[key]["t"] == 20 and TILES[key]["init"] == [0]


def test_rotations_skip_identical_facings() -> None:
    assert ROTATIONS["p_tavern"] == (0,)
    assert ROTATIONS["m_hq"] == (0,)
    assert ROTATIONS["p_smuggler"] == (0, 1, 2, 3, 4, 5)
    assert canonical_rotation("p_tavern", 3) == 0 and canonical_rotation("m_hq", 5) == 0
    assert canonical_rotation("p_smuggler", 4) == 4


def test_the_board_has_19_standard_and_12_water_spaces() -> None:
    assert len(B.STANDARD) == 19 and len(B.WATER) == 12
    assert all(B.ring(*B.COORDS[i]) <= 2 for i in B.STANDARD)
    assert all(B.ring(*B.COORDS[i]) == 3 for i in B.WATER)


def test_each_water_space_touches_two_outer_ring_spaces_and_one_water_space() -> None:
    for w in B.WATER:
        standard = [n for n in B.ADJACENT[w] if not B.is_water(n)]
        water = [n for n in B.ADJACENT[w] if B.is_water(n)]
        assert len(standard) == 2 and all(B.ring(*B.COORDS[n]) == 2 for n in standard)
        assert len(water) == 1


def test_drift_order_is_a_cycle_of_twelve_clockwise() -> None:
    w = B.BY_LABEL["w1"]
    seen = []
    for _ in range(12):
        seen.append(B.LABELS[w])
        w = B.drift_next(w)
    assert seen == [f"W{i}" for i in range(1, 13)] and B.LABELS[w] == "W1"
    # true neighbours alternate with the Water Adjacency links across the corner gaps
    assert B.distance(B.BY_LABEL["w1"], B.BY_LABEL["w2"]) == 1
    assert B.distance(B.BY_LABEL["w2"], B.BY_LABEL["w3"]) == 2


def test_lines_of_fire_cross_the_board_into_water_and_stop_at_corner_gaps() -> None:
    c5 = B.BY_LABEL["c5"]
    north = [B.LABELS[i] for i in B.LINE[c5][0]]
    assert north == ["c4", "c3", "c2", "c1"]  # (0,-3) is a corner gap: not a space
    w1 = B.BY_LABEL["w1"]
    assert [B.LABELS[i] for i in B.LINE[w1][3]] == ["d1", "d2", "d3", "d4", "W6"]


def test_wave_has_six_lines_of_three_outer_spaces() -> None:
    assert len(B.WAVE_LINES) == 6
    for line in B.WAVE_LINES:
        assert len(line) == 3 and all(B.ring(*B.COORDS[i]) == 2 for i in line)


def test_air_strike_centres_13_with_water_7_without() -> None:
    assert len(B.airstrike_centres(True)) == 13
    assert len(B.airstrike_centres(False)) == 7
