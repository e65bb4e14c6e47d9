"""``classic``: the base game alone, the 19-hex island in its sea frame (catan-base.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.seafarers import GAME
from engine.seafarers import rules as R
from engine.seafarers.board import DIRS, LAND, distance
from engine.seafarers.scenarios import deal, layout
from engine.seafarers.state import Phase

from .helpers import act, coastal_corner, give, kinds, main_hexes, moves


def _classic(n: int = 4, seed: str = "classic"):
    return GAME.setup(n, {"scenario": "classic"}, seed)


@pytest.mark.parametrize("seed", range(6))
def test_the_standard_island_19_hexes_its_chips_and_the_robber_on_the_desert(seed: int) -> None:
    """catan-base.md "Standard main island": 4 forest, 4 pasture, 4 fields, 3 hills,
    3 mountains, 1 desert; chips 2, 3,3, 4,4, 5,5, 6,6, 8,8, 9,9, 10,10, 11,11, 12; the 6s
    and 8s must not touch; the robber starts on the desert."""
    s = _classic(seed=f"deal-{seed}")
    land = [h for h, t in enumerate(s.terrain) if t in LAND]
    assert Counter(s.terrain[h] for h in land) == Counter(
        wood=4, meadow=4, wheat=4, brick=3, mountain=3, desert=1)
    assert Counter(s.chips[h] for h in land if s.chips[h]) == Counter(
        {2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 1})
    assert s.robber == s.terrain.index("desert") and s.chips[s.robber] == 0
    pos = {s.board.hexes[h]: s.chips[h] for h in land}
    for (q, r), v in pos.items():
        if v in (6, 8):
            assert all(pos.get((q + dq, r + dr)) not in (6, 8) for dq, dr in DIRS.values())


def test_the_island_sits_in_a_frame_of_18_sea_hexes() -> None:
    s = _classic()
    sea = [h for h, t in enumerate(s.terrain) if t == "sea"]
    land = [h for h, t in enumerate(s.terrain) if t in LAND]
    assert len(sea) == 18 and len(land) == 19 and len(s.terrain) == 37
    for h in sea:  # every frame hex touches the island
        assert min(distance(s.board.hexes[h], s.board.hexes[x]) for x in land) == 1


def test_the_9_base_harbours_4_generic_and_the_5_special_on_every_other_frame_hex() -> None:
    """catan-base.md "Harbours": 3:1 generic, and 2:1 for one named resource, one of each
    (the 9 harbours of the base game: 4 generic, 5 special)."""
    for seed in range(4):
        dealt = deal("classic", random.Random(seed))
        kinds_ = Counter(k for _, k, _, _ in dealt.harbours)
        assert len(dealt.harbours) == 9 and kinds_["any"] == 4
        assert {k for k in kinds_ if k != "any"} == {"wood", "brick", "wool", "grain", "ore"}
    s = _classic()
    b = s.board
    places = {h for h, _, _, _ in s.harbours}
    assert len(places) == 9
    for h, _, c1, c2 in s.harbours:  # a harbour serves a coast edge of the island
        e = b.edge_index[(min(c1, c2), max(c1, c2))]
        assert b.edge_land[e] and b.edge_sea[e] and h in b.edge_hexes[e]
    # no two harbours side by side: every other hex of the frame
    for h in places:
        q, r = b.hexes[h]
        assert not any(b.hex_index.get((q + dq, r + dr)) in places for dq, dr in DIRS.values())
    assert len(layout("classic").hexes) == 37


def test_no_ships_and_no_pirate_in_the_classic_game() -> None:
    """Our decision: the base game has neither; the frame has nowhere to sail to."""
    s = _classic(3)
    c = coastal_corner(s, main_hexes(s))
    act(s, 0, "settlement", c=c)
    assert kinds(s, 0) == {"road"}  # a coastal start settlement takes a road
    assert s.pirate is None
    s.phase, s.ret = Phase.ROBBER, Phase.MAIN
    assert kinds(s, 0) == {"robber"}  # a 7 moves the robber only, onto land
    assert all(s.terrain[a["hex"]] != "sea" for a in moves(s, 0, "robber"))


def test_road_building_gives_roads_only_in_the_classic_game() -> None:
    s = _classic(3)
    c = coastal_corner(s, main_hexes(s))
    act(s, 0, "settlement", c=c)
    act(s, 0, "road", e=moves(s, 0, "road")[0]["e"])
    s.phase, s.turn = Phase.MAIN, 0
    s.devs[0] = ["road_building"]
    act(s, 0, "play", card="road_building")
    assert s.phase == Phase.FREE_ROUTES and kinds(s, 0) == {"road", "stop"}
    give(s, 0, wood=1, wool=1)
    assert R.pieces_left(s, 0, "ship") == 0


def test_the_classic_game_is_won_at_10_victory_points() -> None:
    s = _classic()
    assert s.target == 10
    assert "first to 10 victory points" in GAME.rules_text({"scenario": "classic"})


@pytest.mark.parametrize("n", [3, 4])
def test_ai_players_win_the_classic_game_at_10_points_well_before_the_round_limit(n: int) -> None:
    s = _classic(n, f"ai-classic-{n}")
    rnd = random.Random(n)
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rnd))
    res = GAME.result(s)
    assert max(res["scores"]) >= 10 and s.round <= 60
    assert not any(r is not None and r[1] == "ship" for r in s.routes)
