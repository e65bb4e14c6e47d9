"""The hex geometry and the scenario layouts (data/scenarios.json)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.seafarers.board import DIRS, LAND, corner_hexes, hex_corners, hex_edges
from engine.seafarers.scenarios import deal, scenario, scenarios, template


def test_a_corner_is_shared_by_three_hexes_and_names_the_same_point_from_each() -> None:
    for c in hex_corners(3, 4):
        assert len(set(corner_hexes(c))) == 3
        for h in corner_hexes(c):
            assert c in hex_corners(*h)


def test_an_edge_is_shared_by_exactly_the_two_neighbouring_hexes() -> None:
    for dq, dr in DIRS.values():
        common = set(hex_edges(0, 0)) & set(hex_edges(dq, dr))
        assert len(common) == 1


def test_all_eleven_layouts_load_with_one_numbering_of_corners_and_edges() -> None:
    assert len(scenarios()) == 11
    for sid, sc in scenarios().items():
        b = template(sid)
        assert len(b.hexes) == len(sc.hexes)
        for e, (a, c) in enumerate(b.edges):
            assert c in b.corner_neighbours[a]
            assert len(b.edge_hexes[e]) == 2  # pieces stand only between two hexes
        for c, hs in enumerate(b.corner_hexes):
            assert 1 <= len(hs) <= 3 and 1 <= len(b.corner_edges[c]) <= 3


def test_every_harbour_of_every_layout_serves_a_coast_edge_of_a_land_hex() -> None:
    for sid, sc in scenarios().items():
        b = template(sid)
        for i, h in enumerate(sc.hexes):
            if h["kind"] != "harbour":
                continue
            served = b.hex_index[tuple(h["serves"])]
            assert b.terrain[i] == "sea" and b.terrain[served] in LAND | {"hidden"}, sid
            e = b.edge_between(b.hexes[i], b.hexes[served])
            assert b.edge_land[e] and b.edge_sea[e]


def test_layouts_of_every_scenario_match_the_rulebook_targets_and_players() -> None:
    got = {sid: (sc.players, sc.victory_points) for sid, sc in scenarios().items()}
    assert got["new_shores"] == ((3, 4), 13)
    assert got["four_islands_3p"][1] == 12 and got["greater_catan_4p"][1] == 18
    assert got["great_crossing_4p"][1] == 13  # no target in the text: 13 (README)


def test_new_shores_material_counts_match_the_rulebook_table_but_the_sea() -> None:
    """seafarers.txt scenario 1 "Materials": 18 further tiles (10 sea, 2 gold, 1 wheat,
    1 brick, 2 mountain, 1 meadow, 1 wood), 8 chips, 9 harbours (5 special, 4 generic).
    The layout has 8 sea hexes outside the main island's ring (README: keep it)."""
    sc = scenario("new_shores")
    main = {(h["q"], h["r"]) for h in sc.hexes if h.get("pool") == "main_island"}
    ring = {(q + dq, r + dr) for q, r in main for dq, dr in DIRS.values()} - main
    tiles: Counter[str] = Counter()
    chips: Counter[int] = Counter()
    for h in sc.hexes:
        pos = (h["q"], h["r"])
        if h.get("frame") or pos in main:
            continue
        if h["kind"] in ("sea", "harbour"):
            if pos not in ring:
                tiles["sea"] += 1
        else:
            tiles[h["terrain"]] += 1
            chips[h["chip"]] += 1
    assert len(main) == 19
    assert tiles == Counter(sea=8, gold=2, wheat=1, brick=1, mountain=2, meadow=1, wood=1)
    assert chips == Counter({2: 1, 3: 1, 4: 1, 5: 1, 8: 1, 9: 1, 10: 1, 11: 1})
    layout = deal("new_shores", random.Random(1))
    kinds = Counter(k for _, k, _, _ in layout.harbours)
    assert len(layout.harbours) == 9 and kinds["any"] == 4
    assert {k for k in kinds if k != "any"} == {"wood", "brick", "wool", "grain", "ore"}


@pytest.mark.parametrize("seed", range(8))
def test_main_island_is_the_base_game_island_with_red_chips_apart(seed: int) -> None:
    sc = scenario("new_shores")
    layout = deal("new_shores", random.Random(seed))
    main = [i for i, h in enumerate(sc.hexes) if h.get("pool") == "main_island"]
    assert Counter(layout.terrain[i] for i in main) == Counter(
        wood=4, meadow=4, wheat=4, brick=3, mountain=3, desert=1
    )
    assert Counter(layout.chips[i] for i in main) == Counter(
        {2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 1, 0: 1}
    )
    desert = next(i for i in main if layout.terrain[i] == "desert")
    assert layout.chips[desert] == 0 and layout.robber == desert
    pos = {sc.positions[i]: layout.chips[i] for i in range(len(sc.hexes))}
    for (q, r), v in pos.items():
        if v in (6, 8):
            assert all(pos.get((q + dq, r + dr)) not in (6, 8) for dq, dr in DIRS.values())


def test_piece_counts_come_from_each_scenarios_data() -> None:
    """The base game's 5 settlements, 4 cities and 15 roads, with Seafarers' 15 ships, unless
    the scenario says otherwise: Greater Catan gives each player 8 cities."""
    base = {"settlement": 5, "city": 4, "road": 15, "ship": 15}
    for sid, sc in scenarios().items():
        expected = {**base, "city": 8} if sid == "greater_catan_4p" else base
        assert sc.pieces == expected, sid
