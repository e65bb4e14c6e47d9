"""The Four Islands (seafarers.txt scenarios 2-3): start on any islands, a ship instead of
the road at coasts facing other islands, special victory points for foreign islands, 12 VP.
"""

from __future__ import annotations

import math
import random

import pytest

from engine.core import Action
from engine.seafarers import GAME
from engine.seafarers import ai as AI
from engine.seafarers import rules as R
from engine.seafarers.scenario_rules import island_at
from engine.seafarers.scenarios import layout
from engine.seafarers.state import Phase

from .helpers import act, give, kinds, lay, moves, sea_edges_at


def _new(n: int = 3, seed: str = "four"):
    return GAME.setup(n, {"scenario": "four_islands"}, seed)


def _islands(s) -> dict[str, int]:
    """The four islands by where they lie on the board ("top left", ...), and "big": the
    island with the most hexes."""
    sc = layout(s.layout)
    cells: dict[int, list[tuple[float, float]]] = {}
    for (q, r), isl in zip(sc.positions, sc.islands, strict=True):
        if isl is not None:
            cells.setdefault(isl, []).append((math.sqrt(3) * (q + r / 2), 1.5 * r))
    mid = {i: (sum(x for x, _ in xy) / len(xy), sum(y for _, y in xy) / len(xy))
           for i, xy in cells.items()}
    cx = sum(x for x, _ in mid.values()) / 4
    cy = sum(y for _, y in mid.values()) / 4
    out = {}
    for i, (x, y) in mid.items():
        out[("top " if y < cy else "bottom ") + ("left" if x < cx else "right")] = i
    out["big"] = max(cells, key=lambda i: len(cells[i]))
    return out


def _corners(s, island: int) -> list[int]:
    return [c for c in range(len(s.board.corners)) if island_at(s, c) == island]


def _free_spot(s, island: int, coast: bool | None = None) -> int:
    """A corner of ``island`` where the distance rule allows a settlement (``coast``: one
    touching sea, or not)."""
    b = s.board
    for c in _corners(s, island):
        if not R.distance_ok(s, b, c):
            continue
        at_sea = any(s.terrain[h] == "sea" for h in b.corner_hexes[c])
        if coast is None or coast == at_sea:
            return c
    raise AssertionError("no free spot")


def _found(s, seat: int, c: int) -> None:
    act(s, seat, "settlement", c=c)
    kind, args = R.legal(s, seat)[0]
    act(s, seat, kind, **args)


def _example_start():
    """Three players founded: seat 0 both start settlements on the big bottom-left island,
    seat 1 on the bottom-right island, seat 2 on the top-right island. Seat 0 to build."""
    s = _new(3, "example")
    where = _islands(s)
    assert where["big"] == where["bottom left"]  # the rulebook's picture for 3 players
    plan = [(0, where["bottom left"]), (1, where["bottom right"]), (2, where["top right"]),
            (2, where["top right"]), (1, where["bottom right"]), (0, where["bottom left"])]
    for seat, island in plan:
        assert s.turn == seat
        _found(s, seat, _free_spot(s, island))
    assert s.phase == Phase.ROLL
    s.phase, s.turn = Phase.MAIN, 0
    return s, where


def _settle_by_ship(s, seat: int, island: int) -> list:
    """``seat`` founds a settlement on a coast of ``island`` that its ship reaches."""
    b = s.board
    c = next(c for c in _corners(s, island) if R.distance_ok(s, b, c)
             and any(s.routes[e] is None for e in sea_edges_at(s, c)))
    lay(s, seat, next(e for e in sea_edges_at(s, c) if s.routes[e] is None), "ship")
    give(s, seat, wood=1, brick=1, wool=1, grain=1)
    return act(s, seat, "settlement", c=c)


def test_start_settlements_on_any_islands_make_one_or_two_home_islands() -> None:
    """"Each player can found his initial 2 villages on any islands. Each player therefore
    has 1 or 2 homes at the start. Other islands are considered foreign territory.\""""
    s, where = _example_start()
    assert s.homes == [[where["bottom left"]], [where["bottom right"]], [where["top right"]]]
    t = _new(3, "two-homes")
    _found(t, 0, _free_spot(t, where["top left"]))
    for seat in (1, 2, 2, 1):
        _found(t, seat, _free_spot(t, where["bottom right"] if seat == 1 else where["big"]))
    _found(t, 0, _free_spot(t, where["top right"]))
    assert t.homes[0] == [where["top left"], where["top right"]]
    # every island takes start settlements
    for island in where.values():
        spots = {a["c"] for a in moves(_new(3, "any"), 0, "settlement")}
        assert spots & set(_corners(t, island))


def test_a_start_settlement_at_a_coast_facing_other_islands_must_take_a_ship() -> None:
    """"Whoever in this phase founds a village at a coast, must place a ship with it
    instead of a road. This applies only to coasts facing towards other islands\"."""
    s = _new(3)
    b = s.board
    frame = layout(s.layout).frame
    c = next(c for c in range(len(b.corners)) if island_at(s, c) is not None
             and R.distance_ok(s, b, c)
             and any(s.terrain[h] == "sea" and not frame[h] for h in b.corner_hexes[c])
             and any(b.edge_land[e] for e in b.corner_edges[c]))
    act(s, 0, "settlement", c=c)
    assert s.phase == Phase.SETUP_ROUTE and kinds(s, 0) == {"ship"}


def test_a_start_settlement_at_a_coast_formed_by_edge_tiles_may_take_a_road_or_a_ship() -> None:
    """"... not those formed by edge tiles": there the founding rule of every scenario
    holds, a road, or a ship instead ("can place with it a ship instead of a road")."""
    s = _new(3)
    b = s.board
    frame = layout(s.layout).frame
    c = next(c for c in range(len(b.corners)) if island_at(s, c) is not None
             and all(s.terrain[h] != "sea" or frame[h] for h in b.corner_hexes[c])
             and any(s.terrain[h] == "sea" for h in b.corner_hexes[c])
             and any(b.edge_land[e] for e in b.corner_edges[c]))
    act(s, 0, "settlement", c=c)
    assert kinds(s, 0) == {"road", "ship"}


def test_an_inland_start_settlement_takes_a_road() -> None:
    s = _new(4)
    b = s.board
    c = next(c for c in range(len(b.corners))
             if all(s.terrain[h] != "sea" for h in b.corner_hexes[c]))
    act(s, 0, "settlement", c=c)
    assert kinds(s, 0) == {"road"}


def test_rulebook_example_1_vp_on_the_first_foreign_island_then_2_on_the_next() -> None:
    """seafarers.txt, scenario 2, "Example: A player has founded both his start villages on
    the big, bottom left island. He reaches the top left island with his ships. He founds
    his first village on this island and receives 1 special VP which he places under the
    village. From here he reaches the top right village, founds his first village there
    and receives 2 special VPs." Seat 0: 2 settlements (2 VP) + 1 + (1 + 1) + (1 + 2)."""
    s, where = _example_start()
    assert R.public_vp(s, 0) == 2 and s.special[0] == 0
    events = _settle_by_ship(s, 0, where["top left"])
    assert s.special[0] == 1 and R.public_vp(s, 0) == 2 + 1 + 1
    assert any("earns a special victory point" in e.text for e in events)
    _settle_by_ship(s, 0, where["top right"])  # seat 2 lives there: it does not matter
    assert s.special[0] == 1 + 2 and R.public_vp(s, 0) == 2 + (1 + 1) + (1 + 2)
    assert s.reached[0] == [where["top left"], where["top right"]]


def test_only_the_first_settlement_on_a_foreign_island_earns_special_vp() -> None:
    s, where = _example_start()
    _settle_by_ship(s, 0, where["top left"])
    _settle_by_ship(s, 0, where["top left"])
    assert s.special[0] == 1
    _settle_by_ship(s, 0, where["bottom right"])
    assert s.special[0] == 1 + 2


def test_a_home_island_never_earns_special_vp() -> None:
    s, where = _example_start()
    give(s, 0, wood=1, brick=1, wool=1, grain=1)
    c = _free_spot(s, where["bottom left"])
    lay(s, 0, next(e for e in s.board.corner_edges[c] if s.routes[e] is None), "road")
    act(s, 0, "settlement", c=c)
    assert s.special[0] == 0
    assert R.public_vp(s, 0) == 3


def test_four_players_play_the_4_player_board_with_the_same_special_vp() -> None:
    """Scenario 3, "Special rules as for 3 players"."""
    s = _new(4, "four-players")
    assert s.layout == "four_islands_4p" and s.target == 12
    where = _islands(s)
    order = [0, 1, 2, 3, 3, 2, 1, 0]
    homes = {0: where["bottom left"], 1: where["top left"], 2: where["top right"],
             3: where["bottom right"]}
    for seat in order:
        _found(s, seat, _free_spot(s, homes[seat]))
    s.phase, s.turn = Phase.MAIN, 0
    _settle_by_ship(s, 0, where["top right"])
    _settle_by_ship(s, 0, where["bottom right"])
    assert s.special[0] == 3 and s.homes[0] == [where["bottom left"]]


def test_the_four_islands_is_won_at_12_victory_points() -> None:
    """"The game ends as soon as a player has reached 12 VPs\"."""
    s, where = _example_start()
    s.special[0] = 9  # 2 settlements + 9 chips = 11
    _settle_by_ship(s, 0, where["top left"])  # + 1 settlement + 1 chip = 13
    assert GAME.result(s) is not None and GAME.result(s)["winners"] == [0]


def test_ai_heads_for_a_foreign_island_where_it_scores() -> None:
    """With its home island's places taken, the AI's plan sails to a foreign island, and
    a foreign place beats an equal place at home by its special victory points."""
    s, where = _example_start()
    p = AI.plan(s, 0)
    assert p is not None
    b = s.board
    home = where["bottom left"]
    foreign = next(c for island in (where["top left"], where["bottom right"])
                   for c in _corners(s, island) if R.distance_ok(s, b, c))
    base = AI.corner_value(s, foreign)
    assert AI.corner_value(s, foreign, 0) == base + AI.VP_WORTH * 1
    assert all(AI.corner_value(s, c, 0) == AI.corner_value(s, c) for c in _corners(s, home))


@pytest.mark.parametrize("n", [3, 4])
def test_ai_players_settle_foreign_islands_and_win_at_12(n: int) -> None:
    s = _new(n, f"ai-four-{n}")
    rnd = random.Random(n)
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        a = GAME.ai_action(s, seat, rnd)
        assert a in GAME.legal_actions(s, seat)
        GAME.apply(s, seat, a)
    res = GAME.result(s)
    assert max(res["scores"]) >= 12 and s.round <= 50
    assert sum(s.special) >= 1 and any(s.reached)
    assert any(r is not None and r[1] == "ship" for r in s.routes)


def test_ai_start_route_at_a_coast_facing_other_islands_is_a_ship() -> None:
    s = _new(3, "ai-start")
    rnd = random.Random(1)
    while s.phase != Phase.ROLL:
        seat = min(GAME.to_act(s))
        a = GAME.ai_action(s, seat, rnd)
        assert a in GAME.legal_actions(s, seat)
        GAME.apply(s, seat, a)
    assert GAME.ai_action(s, 0, rnd) == Action("roll", {})
