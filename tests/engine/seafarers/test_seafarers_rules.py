"""The Seafarers rules (seafarers.txt) and New Shores' special rules, one test per rule;
the pirate's start (seafarers.txt, "The Sea-thief").
"""

from __future__ import annotations

import pytest

from engine.seafarers import GAME
from engine.seafarers import rules as R
from engine.seafarers.board import distance, place_name
from engine.seafarers.scenarios import layout
from engine.seafarers.state import Phase

from .helpers import (
    act,
    build,
    coastal_corner,
    far_end,
    give,
    hand,
    island_hexes,
    kinds,
    lay,
    main_hexes,
    main_state,
    moves,
    sea_edges_at,
)


def _ship_chain(s, seat: int, start: int, length: int) -> tuple[list[int], int]:
    """Lay ``length`` ships from corner ``start``, out to sea first, then over any sea edges
    through corners of three edges (not the frame's rim); returns (edges, end corner)."""
    b = s.board

    def search(c: int, path: list[int], seen: set[int]) -> list[int] | None:
        if len(path) == length:
            return path
        for e in b.corner_edges[c]:
            d = far_end(s, e, c)
            first = not path
            if (first and b.edge_land[e]) or not b.edge_sea[e] or d in seen:
                continue
            if len(b.corner_edges[d]) != 3 or s.buildings[d] is not None:
                continue
            found = search(d, [*path, e], seen | {d})
            if found:
                return found
        return None

    path = search(start, [], {start})
    assert path, "no sea path"
    c = start
    for e in path:
        lay(s, seat, e, "ship")
        c = far_end(s, e, c)
    return path, c


def test_a_ship_costs_wood_and_wool_and_stands_only_where_a_sea_hex_touches() -> None:
    s = main_state()
    b = s.board
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    give(s, 0, wood=1, wool=1)
    places = [a["e"] for a in moves(s, 0, "ship")]
    assert places and all(b.edge_sea[e] for e in places)
    act(s, 0, "ship", e=places[0])
    assert s.routes[places[0]] == [0, "ship"] and sum(s.hands[0]) == 0


def test_a_ship_must_join_an_own_settlement_or_ship_never_only_a_road() -> None:
    s = main_state()
    b = s.board
    c = coastal_corner(s, main_hexes(s))
    road = next(e for e in b.corner_edges[c] if b.edge_land[e])
    lay(s, 0, road)  # a road reaching the coast, no settlement
    give(s, 0, wood=1, wool=1)
    assert "ship" not in kinds(s, 0)
    build(s, 0, c)
    assert "ship" in kinds(s, 0)


def test_road_and_ship_meet_only_at_a_settlement() -> None:
    s = main_state()
    b = s.board
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    ships, end = _ship_chain(s, 0, c, 3)
    give(s, 0, wood=1, brick=1)
    roads = {a["e"] for a in moves(s, 0, "road")}
    assert not roads & set(b.corner_edges[end])  # no road straight off a ship
    # and the trade route counts road + ship only through the settlement
    land = next(e for e in b.corner_edges[c] if b.edge_land[e] and s.routes[e] is None)
    lay(s, 0, land)
    assert R.route_length(s, b, 0) == 4
    s.buildings[c] = None
    assert R.route_length(s, b, 0) == 3


def test_a_coast_edge_holds_a_road_or_a_ship_never_both() -> None:
    s = main_state()
    b = s.board
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    coast = next(e for e in b.corner_edges[c] if b.edge_land[e] and b.edge_sea[e])
    lay(s, 0, coast, "road")
    give(s, 0, wood=2, wool=1, brick=1)
    assert {"e": coast} not in moves(s, 0, "ship")
    assert {"e": coast} not in moves(s, 0, "road")


def _coastal_corners(s, hexes: list[int]) -> list[int]:
    """Every corner of ``hexes`` between one of them and two sea hexes, in order."""
    b = s.board
    out: list[int] = []
    for h in hexes:
        for c in b.hex_corners[h]:
            sea = sum(s.terrain[x] == "sea" for x in b.corner_hexes[c])
            if len(b.corner_edges[c]) == 3 and sea == 2 and c not in out:
                out.append(c)
    return out


def _two_open_lines(s) -> tuple[int, int]:
    """Seat 0's settlements at two coasts far apart, each with one ship out to sea (laid
    before this turn): two open lines, their foremost ships returned."""
    b = s.board

    def out_to_sea(c: int) -> int | None:
        """A sea edge from ``c`` (no coast) to a corner of three edges, or None."""
        return next((e for e in b.corner_edges[c] if not b.edge_land[e] and b.edge_sea[e]
                     and len(b.corner_edges[far_end(s, e, c)]) == 3), None)

    corners = [c for c in _coastal_corners(s, main_hexes(s)) if out_to_sea(c) is not None]
    first = corners[0]
    near = {first, *b.corner_neighbours[first]}
    near |= {d for c in list(near) for d in b.corner_neighbours[c]}
    near |= {d for c in list(near) for d in b.corner_neighbours[c]}
    second = next(c for c in reversed(corners) if c not in near)
    ends = []
    for c in (first, second):
        build(s, 0, c)
        e = out_to_sea(c)
        lay(s, 0, e, "ship")
        ends.append(e)
    assert not set(b.edges[ends[0]]) & set(b.edges[ends[1]]), "two separate lines"
    return ends[0], ends[1]


def test_only_the_foremost_ship_of_an_open_line_may_move() -> None:
    """seafarers.txt, "Moving ships": "A line of ships which does not connect 2
    villages/cities, forms an open line. The foremost ship in such a line can be removed
    and placed elsewhere." Only the last ship of a chain of three may move."""
    s = main_state()
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    ships, _ = _ship_chain(s, 0, c, 3)
    assert R.movable_ships(s, 0) == [ships[-1]]
    assert {a["e"] for a in moves(s, 0, "move_ship")} == {ships[-1]}


def test_only_one_ship_each_round() -> None:
    """seafarers.txt, "Moving ships": "Only 1 ship can be moved each round." (a round of
    that translation is a player's turn): once a ship has moved, no other may this turn,
    though another line's foremost ship is still free to move; next turn one may again."""
    s = main_state()
    first, second = _two_open_lines(s)
    assert R.movable_ships(s, 0) == sorted([first, second])
    target = next(a for a in moves(s, 0, "move_ship") if a["e"] == first)
    act(s, 0, "move_ship", **target)
    assert second in R.open_ships(s, 0), "the other line is still open"
    assert not R.may_move_ship(s, second)
    assert R.movable_ships(s, 0) == []
    assert "move_ship" not in kinds(s, 0)
    act(s, 0, "end")
    assert R.may_move_ship(s, second) and R.may_move_ship(s, target["to"])


def test_a_ship_is_not_built_and_moved_in_the_same_round() -> None:
    """seafarers.txt, "Moving ships": "A ship cannot be built and moved in the same round
    however.": a ship built this turn at the open end of a line stays where it is, while a
    ship laid before this turn may still move; next turn the new ship may move too."""
    s = main_state()
    first, second = _two_open_lines(s)
    b = s.board
    c = next(x for x in b.edges[first] if s.buildings[x] is not None)
    give(s, 0, wood=1, wool=1)
    new = next(a["e"] for a in moves(s, 0, "ship") if c in b.edges[a["e"]])
    act(s, 0, "ship", e=new)
    assert new in R.open_ships(s, 0), "the new ship is the foremost of an open line"
    assert not R.may_move_ship(s, new)
    assert new not in R.movable_ships(s, 0)
    assert {a["e"] for a in moves(s, 0, "move_ship")} == {first, second}
    act(s, 0, "end")
    s.turn, s.phase = 0, Phase.MAIN  # seat 0's next turn
    assert new in R.movable_ships(s, 0)


def test_a_closed_line_between_two_settlements_may_not_move() -> None:
    """seafarers.txt, "Moving ships": "Ships in a line, unbroken between 2 villages/cities,
    form a closed line of ships, and no ships can be removed from such a line." """
    s = main_state()
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    ships, end = _ship_chain(s, 0, c, 3)
    # close the line: a settlement of ours at the far end (where land would be)
    build(s, 0, end)
    assert R.movable_ships(s, 0) == []
    assert "move_ship" not in kinds(s, 0)


def test_the_pirate_blocks_building_and_moving_ships_on_its_hex() -> None:
    s = main_state()
    b = s.board
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    ships, _ = _ship_chain(s, 0, c, 2)
    end = ships[-1]
    sea = next(h for h in b.edge_hexes[end] if s.terrain[h] == "sea")
    s.pirate = sea
    give(s, 0, wood=1, wool=1)
    assert all(sea not in b.edge_hexes[a["e"]] for a in moves(s, 0, "ship"))
    assert end not in R.movable_ships(s, 0)
    assert all(sea not in b.edge_hexes[a["to"]] for a in moves(s, 0, "move_ship"))


def test_the_pirate_steals_from_a_ship_owner_on_its_hex() -> None:
    s = main_state()
    b = s.board
    c = coastal_corner(s, main_hexes(s))
    build(s, 1, c)
    ships, _ = _ship_chain(s, 1, c, 1)
    sea = next(h for h in b.edge_hexes[ships[0]] if s.terrain[h] == "sea")
    give(s, 1, ore=1)
    s.phase, s.ret = Phase.ROBBER, Phase.MAIN
    act(s, 0, "pirate", hex=sea)
    assert s.pirate == sea and hand(s, 0)["ore"] == 1 and s.phase == Phase.MAIN


def test_a_seven_or_a_knight_may_move_the_robber_or_the_pirate() -> None:
    s = main_state()
    s.phase = Phase.ROLL
    s.devs[0] = ["knight"]
    act(s, 0, "play", card="knight")
    assert s.phase == Phase.ROBBER
    assert {"robber", "pirate"} <= kinds(s, 0)


def test_a_gold_field_gives_a_resource_of_choice_per_card() -> None:
    s = main_state()
    b = s.board
    gold = next(h for h in range(len(s.terrain)) if s.terrain[h] == "gold")
    c = b.hex_corners[gold][0]
    build(s, 1, c, level=2)
    s.phase = Phase.ROLL
    R.produce(s, s.chips[gold])
    s.phase, s.ret = Phase.GOLD, Phase.MAIN
    assert GAME.to_act(s) == frozenset({1}) and s.owed[1] == 2
    act(s, 1, "gold", res="ore")
    act(s, 1, "gold", res="brick")
    assert hand(s, 1)["ore"] == 1 and hand(s, 1)["brick"] == 1 and s.phase == Phase.MAIN


def test_road_building_may_place_ships() -> None:
    s = main_state()
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    s.devs[0] = ["road_building"]
    act(s, 0, "play", card="road_building")
    first = moves(s, 0, "ship")[0]["e"]
    act(s, 0, "ship", e=first)
    second = moves(s, 0, "ship")[0]["e"]
    act(s, 0, "ship", e=second)
    assert s.routes[first] == [0, "ship"] and s.routes[second] == [0, "ship"]
    assert s.phase == Phase.MAIN and sum(s.hands[0]) == 0


def test_a_coastal_start_settlement_may_take_a_ship_instead_of_a_road() -> None:
    s = GAME.setup(3, {}, "coastal")
    c = coastal_corner(s, main_hexes(s))
    act(s, 0, "settlement", c=c)
    assert "ship" in kinds(s, 0) and "road" in kinds(s, 0)
    e = moves(s, 0, "ship")[0]["e"]
    act(s, 0, "ship", e=e)
    assert s.routes[e] == [0, "ship"]


def test_new_shores_first_settlement_on_a_small_island_earns_one_special_vp_once() -> None:
    s = main_state()
    b = s.board
    islands = island_hexes(s)
    spots = [c for h in islands for c in b.hex_corners[h]]
    first = spots[0]
    second = next(c for c in spots if R.distance_ok(s, b, c) and c not in
                  b.corner_neighbours[first] and c != first)
    for c in (first, second):
        e = sea_edges_at(s, c)[0]
        lay(s, 0, e, "ship")
        give(s, 0, wood=1, brick=1, wool=1, grain=1)
        act(s, 0, "settlement", c=c)
    assert s.special[0] == 1 and R.public_vp(s, 0) == 3


def test_new_shores_is_won_at_13_victory_points() -> None:
    s = main_state()
    assert s.target == 13


def test_the_steal_choice_names_only_players_with_cards() -> None:
    s = main_state()
    b = s.board
    h = next(h for h in main_hexes(s) if h != s.robber)
    build(s, 1, b.hex_corners[h][0])
    build(s, 2, b.hex_corners[h][3])
    give(s, 2, wool=1)
    s.phase, s.ret = Phase.ROBBER, Phase.MAIN
    act(s, 0, "robber", hex=h)
    assert s.phase != Phase.STEAL and hand(s, 0)["wool"] == 1


@pytest.mark.parametrize(("sid", "n"), [("new_shores", 3), ("new_shores", 4),
                                        ("four_islands", 3), ("four_islands", 4)])
def test_the_pirate_ship_starts_on_any_sea_hex_in_the_middle_of_that_hex(sid: str, n: int) -> None:
    """seafarers.txt, "The Sea-thief (Pirate ship)": "The pirate ship starts on any sea hex,
    in the middle of that hex." Our decision: the sea hex inside the frame farthest from
    the start area (then farthest from any land), the same in every game of a scenario."""
    s = GAME.setup(n, {"scenario": sid}, "pirate-a")
    other = GAME.setup(n, {"scenario": sid}, "pirate-b")
    h = s.pirate
    assert h is not None and h == other.pirate
    frame = layout(s.layout).frame
    assert s.terrain[h] == "sea" and not frame[h]
    assert GAME.view(s, None)["pirate"] == h
    pos = s.board.hexes
    start = [pos[x] for x, ok in enumerate(R.hex_info(s)[0]) if ok]

    def far(x: int) -> int:
        return min(distance(pos[x], y) for y in start)

    inner_sea = [x for x, t in enumerate(s.terrain) if t == "sea" and not frame[x]]
    assert far(h) == max(far(x) for x in inner_sea)
    # it is the pirate from the first move: no ship beside it, and a 7 may move it away
    assert all(h not in s.board.edge_hexes[e] or s.routes[e] is None
               for e in range(len(s.routes)))
    s.phase, s.ret, s.turn = Phase.ROBBER, Phase.MAIN, 0
    assert h not in {a["hex"] for a in moves(s, 0, "pirate")}
    assert place_name(*pos[h]) in GAME.rules_text({"scenario": sid})


def test_a_start_ship_is_never_placed_beside_the_pirate() -> None:
    """"A ship can neither be placed at nor removed from an intersection adjacent to the
    pirate ship", from the founding phase on."""
    s = GAME.setup(3, {"scenario": "four_islands"}, "pirate-start")
    b = s.board
    c = next(c for c in b.hex_corners[s.pirate]
             if any(s.terrain[x] != "sea" for x in b.corner_hexes[c]))
    act(s, 0, "settlement", c=c)
    assert all(s.pirate not in b.edge_hexes[a["e"]] for a in moves(s, 0, "ship"))
    assert moves(s, 0, "ship") or moves(s, 0, "road")  # never no route at all
