"""The Great Crossing (seafarers.txt scenario 10): two islands, start settlements on one of
them, and special victory points for trade lines between them (engine/seafarers/
trade_lines.py). One test per case of the rulebook's "Trade lines" (the pictures are drawn
here with pieces across the strait between the two islands), per sentence of "Special VPs",
and per decision of ours where the text leaves a case open."""

from __future__ import annotations

import json
from collections import Counter, deque

import pytest

from engine.core import IllegalAction
from engine.seafarers import GAME
from engine.seafarers import rules as R
from engine.seafarers import trade_lines as TL
from engine.seafarers.board import LAND
from engine.seafarers.scenarios import layout
from engine.seafarers.state import Phase
from tests.contract import canon

from .helpers import act, build, give, kinds, lay, moves

WEST, EAST = 1, 2  # the data's island ids: Catan and Transcatan


def _main(seed: str = "crossing"):
    """A Great Crossing board after the founding phase with no pieces: seats 0 and 2 at
    home in the west, 1 and 3 in the east; seat 0 to build; the pirate off the strait."""
    s = GAME.setup(4, {"scenario": "great_crossing"}, seed)
    s.phase, s.turn, s.setup_step = Phase.MAIN, 0, 8
    s.homes = [[WEST], [EAST], [WEST], [EAST]]
    s.pirate = None
    return s


def _island(s, c: int) -> int | None:
    return TL.island_of_corner(s, c)


def _sea_way(s, start: int, ends, avoid=frozenset(), first: int | None = None,
             coast: bool = False):
    """The shortest way of sea-only edges from corner ``start`` to a corner for which
    ``ends(c)`` holds, through open-sea corners only, avoiding the corners ``avoid`` (and
    beginning with edge ``first`` if given): (end corner, edges from ``start``), or None.
    ``coast``: along the coasts too (any edge a ship may take, through any corner)."""
    b = s.board
    came: dict[int, tuple[int, int] | None] = {start: None}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        if c != start and ends(c):
            end, way = c, []
            while came[c] is not None:
                e, c = came[c]
                way.append(e)
            return end, way[::-1]
        if c != start and b.corner_land[c] and not coast:
            continue
        for e in b.corner_edges[c]:
            if not b.edge_sea[e] or (b.edge_land[e] and not coast) or (
                    c == start and first is not None and e != first):
                continue
            a, d = b.edges[e]
            nxt = d if a == c else a
            if nxt not in came and nxt not in avoid:
                came[nxt] = (e, c)
                todo.append(nxt)
    return None


def _crossings(s) -> list[tuple[int, int, list[int]]]:
    """For each corner ``x`` of the west coast, the nearest corner ``y`` of the east coast
    by sea and the shortest way of sea edges from ``x`` to it."""
    b = s.board
    out = []
    for x in range(len(b.corners)):
        if not (b.corner_land[x] and _island(s, x) == WEST
                and any(s.terrain[h] == "sea" for h in b.corner_hexes[x])):
            continue
        got = _sea_way(s, x, lambda c: b.corner_land[c] and _island(s, c) == EAST)
        if got is not None:
            out.append((x, got[0], got[1]))
    return out


def _crossing(s, length: int) -> tuple[int, int, list[int]]:
    """A corner ``x`` of the west coast, a corner ``y`` of the east coast and the shortest
    way of sea edges from one to the other, ``length`` ships long: (x, y, edges from x)."""
    return min((x, y, way) for x, y, way in _crossings(s) if len(way) == length)


def _corners(s, way: list[int], start: int) -> list[int]:
    """The corners along a way from ``start``."""
    b = s.board
    out = [start]
    for e in way:
        a, d = b.edges[e]
        out.append(d if a == out[-1] else a)
    return out


def _ships(s, seat: int, edges) -> None:
    for e in edges:
        lay(s, seat, e, "ship")


def _ship(s, seat: int, e: int) -> list:
    """``seat`` builds a ship on ``e`` on its turn (paid for), as a player would."""
    s.turn = seat
    give(s, seat, wood=1, wool=1)
    return act(s, seat, "ship", e=e)


def _texts(events) -> str:
    return " | ".join(e.text for e in events)


def _lines(s) -> list[dict]:
    return GAME.view(s, None)["trade_lines"]


# -- the six cases of "Trade lines" -------------------------------------------------------


def test_case_1_a_direct_line_of_ones_ships_to_an_opponents_settlement_earns_a_chip() -> None:
    """"A player forms a direct line with his ships between his village/city and an
    opponent's village/city on the other island": "For each direct line extending from a
    home village/city a player receives 1 special VP chip which should be placed under his
    exit village"."""
    s = _main()
    x, y, way = _crossing(s, 3)
    build(s, 0, x)  # red, at home in the west
    build(s, 1, y)  # blue, at home in the east
    _ships(s, 0, way[:-1])
    assert s.special == [0, 0, 0, 0]
    events = _ship(s, 0, way[-1])
    assert s.special == [1, 0, 0, 0]
    assert R.public_vp(s, 0) == 1 + 1  # the settlement and the chip
    assert _lines(s) == [{"ends": sorted([x, y]), "edges": sorted(way), "holder": 0,
                          "chip": x}]
    assert "completes a trade line" in _texts(events) and "{p0} takes its chip" in _texts(
        events)


def test_case_2_ones_ships_to_an_opponents_road_make_an_indirect_line() -> None:
    """"A player forms an indirect line with his ships between his village/city and an
    opponent's road on the other island": red's 3 ships against blue's 1 road, so red
    ("more boats than an opponent has ... ships + roads") holds the chip."""
    s = _main()
    x, k, way = _crossing(s, 3)  # k: a corner of the east coast, left free
    b = s.board
    road, y = next((e, c) for e in b.corner_edges[k] if b.edge_land[e]
                   for c in b.edges[e] if c != k and R.distance_ok(s, b, c))
    build(s, 0, x)
    build(s, 1, y)
    lay(s, 1, road, "road")
    _ships(s, 0, way[:-1])
    _ship(s, 0, way[-1])
    (line,) = _lines(s)
    assert line["ends"] == sorted([x, y]) and road in line["edges"]
    assert line["holder"] == 0 and line["chip"] == x and s.special == [1, 0, 0, 0]


def test_case_3_ships_reach_the_other_island_and_a_settlement_there_makes_a_direct_line(
) -> None:
    """"A player reaches the other island with his ships, founds a village there and so
    creates a direct line between the islands, joining two friendly villages/cities": the
    chip lies under the home settlement, the exit."""
    s = _main()
    x, y, way = _crossing(s, 3)
    build(s, 0, x)
    _ships(s, 0, way)
    assert s.special == [0, 0, 0, 0]  # ships alone reach nothing
    give(s, 0, wood=1, brick=1, wool=1, grain=1)
    events = act(s, 0, "settlement", c=y)
    assert s.special == [1, 0, 0, 0]
    assert _lines(s) == [{"ends": sorted([x, y]), "edges": sorted(way), "holder": 0,
                          "chip": x}]
    assert "completes a trade line" in _texts(events)


def test_case_4_ones_ships_joining_an_opponents_ships_make_an_indirect_line() -> None:
    """"A player's line of ships joins an opponent's line of ships to form an indirect line
    ... In the example for point 4, Red receives 1 VP chip": red (4 ships) joins blue's
    line (2 ships) from blue's settlement on the other island."""
    s = _main()
    x, y, way = _crossing(s, 6)
    build(s, 0, x)
    build(s, 1, y)
    _ships(s, 1, way[-2:])  # blue's line from the east
    _ships(s, 0, way[:3])
    events = _ship(s, 0, way[3])  # red's fourth ship joins them
    assert s.special == [1, 0, 0, 0]
    (line,) = _lines(s)
    assert line["holder"] == 0 and line["chip"] == x
    assert "{p0} completes a trade line" in _texts(events)


def _branch(s):
    """Case 5's picture: a corner ``j`` at sea with three sea edges, a way from it to the
    west coast and two to the east coast, apart: (j, (x, way), (y1, way1), (y2, way2)),
    each way from ``j``."""
    b = s.board
    for j in range(len(b.corners)):
        edges = b.corner_edges[j]
        if b.corner_land[j] or len(edges) != 3 or any(b.edge_land[e] for e in edges):
            continue
        for order in ((0, 1, 2), (1, 2, 0), (2, 0, 1)):
            f0, f1, f2 = (edges[i] for i in order)
            west = _sea_way(s, j, lambda c: b.corner_land[c] and _island(s, c) == WEST,
                            first=f0)
            if west is None:
                continue
            used = set(_corners(s, west[1], j))
            east1 = _sea_way(s, j, lambda c: b.corner_land[c] and _island(s, c) == EAST,
                             avoid=used - {j}, first=f1)
            if east1 is None:
                continue
            used |= set(_corners(s, east1[1], j))
            apart = set(b.corner_neighbours[east1[0]])  # the distance rule
            east2 = _sea_way(
                s, j, lambda c, apart=apart: (b.corner_land[c] and _island(s, c) == EAST
                                              and c not in apart),
                avoid=used - {j}, first=f2)
            if east2 is not None and len(west[1]) >= max(len(east1[1]), len(east2[1])):
                return j, west, east1, east2
    raise AssertionError("no branching place")


def test_case_5_branching_two_coloured_lines_make_two_indirect_lines_red_receives_2_chips(
) -> None:
    """"Branching off is allowed: a chain is formed by joining two different coloured lines
    of ships which create 2 indirect lines leading to 2 villages/cities on the other
    island ... In example 5, Red receives 2 chips as he has completed (and won) 2 indirect
    lines": blue's and pink's lines from the east meet at sea; red's ships join them
    there."""
    s = _main()
    j, (x, west), (y1, east1), (y2, east2) = _branch(s)
    assert j not in (x, y1, y2)
    build(s, 0, x)
    build(s, 1, y1)
    build(s, 3, y2)
    _ships(s, 1, east1[:1])  # one blue and one pink ship at the branching point
    _ships(s, 3, east2[:1])
    _ships(s, 1, east1[1:])
    _ships(s, 3, east2[1:])
    # red's line from the west, as long as each of theirs or longer, its last ship at the
    # branching point: red has the most ships in each line, or ties and completed it
    red = list(reversed(west))
    _ships(s, 0, red[:-1])
    events = _ship(s, 0, red[-1])
    lines = _lines(s)
    assert sorted(tuple(line["ends"]) for line in lines) == sorted(
        [tuple(sorted([x, y1])), tuple(sorted([x, y2]))])
    for line in lines:
        count = Counter(s.routes[e][0] for e in line["edges"])
        assert count[0] == len(west) and count[0] >= max(count.values())
        assert line["holder"] == 0 and line["chip"] == x
    assert s.special == [2, 0, 0, 0]
    assert _texts(events).count("{p0} completes a trade line") == 2


def test_case_6_a_trade_line_never_extends_beyond_a_settlement() -> None:
    """"A trade line cannot extend beyond a village/city. In the example, a trade line does
    not exist between the red settlement and the second white settlement": red's ships
    reach white's settlement on the other island; white's road goes on from it to a second
    white settlement."""
    s = _main()
    x, y, way = _crossing(s, 3)
    b = s.board
    build(s, 0, x)
    build(s, 1, y)
    on = [(e, c) for e in b.corner_edges[y] if b.edge_land[e] for c in b.edges[e] if c != y]
    road1, k = on[0]
    road2, y2 = next((f, c) for f in b.corner_edges[k] if f != road1 and b.edge_land[f]
                     for c in b.edges[f] if c != k and R.distance_ok(s, b, c)
                     and _island(s, c) == EAST)
    lay(s, 1, road1, "road")
    lay(s, 1, road2, "road")
    build(s, 1, y2)
    _ships(s, 0, way[:-1])
    _ship(s, 0, way[-1])
    assert [line["ends"] for line in _lines(s)] == [sorted([x, y])]
    assert TL.find_lines(s) == [TL.Line(tuple(sorted([x, y])), tuple(sorted(way)), True)]


# -- "Special VPs" --------------------------------------------------------------------------


def test_a_tie_in_an_indirect_line_goes_to_the_player_who_completed_it() -> None:
    """"If there is a tie, the chip goes to the player who completed the line": red and
    blue have two ships each; blue's ship closes the gap, so blue holds the chip."""
    s = _main()
    x, y, way = _crossing(s, 4)
    build(s, 0, x)
    build(s, 1, y)
    _ships(s, 0, way[:2])
    _ships(s, 1, way[3:])
    _ship(s, 1, way[2])
    (line,) = _lines(s)
    assert line["holder"] == 1 and line["chip"] == y and s.special == [0, 1, 0, 0]


def test_chips_are_lost_when_a_ship_is_moved_from_two_open_lines_meeting() -> None:
    """"Important: Chips are lost if ships are removed from what are in effect two open
    lines meeting each other": blue moves the end ship of its line away from red's, and
    red's chip goes at once."""
    s = _main()
    x, y, way = _crossing(s, 6)
    build(s, 0, x)
    build(s, 1, y)
    _ships(s, 1, way[-2:])
    _ships(s, 0, way[:3])
    _ship(s, 0, way[3])
    assert s.special == [1, 0, 0, 0]
    s.turn, s.new_ships = 1, []
    end = way[-2]  # blue's ship at the meeting point: the open end of blue's line
    targets = [a["to"] for a in moves(s, 1, "move_ship") if a["e"] == end]
    assert targets
    events = act(s, 1, "move_ship", e=end, to=targets[0])
    assert s.special == [0, 0, 0, 0] and _lines(s) == []
    assert "is broken: {p0} loses its chip" in _texts(events)


def _red_chip_lost_to_a_gap():
    """Red's 4 ships meet blue's 2 from blue's settlement (red holds the chip), then blue
    sails his end ship away, out of the line: (the state, the edge of the gap)."""
    s = _main()
    x, y, way = _crossing(s, 6)
    build(s, 0, x)
    build(s, 1, y)
    _ships(s, 1, way[-2:])
    _ships(s, 0, way[:3])
    _ship(s, 0, way[3])
    assert s.special == [1, 0, 0, 0]
    s.turn, s.new_ships = 1, []
    end = way[-2]
    to = next(a["to"] for a in moves(s, 1, "move_ship") if a["e"] == end
              and a["to"] not in way)
    act(s, 1, "move_ship", e=end, to=to)
    assert s.special == [0, 0, 0, 0]
    return s, end


def test_a_chip_is_reclaimed_by_filling_the_gap_with_ones_own_ships() -> None:
    """"To reclaim a chip, a player must fill any gaps with his own ships": after blue
    took its ship away, red's ship in the gap makes the line again, and red completes
    it."""
    s, end = _red_chip_lost_to_a_gap()
    events = _ship(s, 0, end)
    assert s.special == [1, 0, 0, 0]
    assert "{p0} completes a trade line" in _texts(events)


def test_a_chip_counts_toward_the_13_victory_points() -> None:
    """The chips are special victory points ("These are always placed beneath the
    village/city via which the point was won"): the chip that brings its holder to 13 on
    his own turn wins the game."""
    s = _main()
    x, y, way = _crossing(s, 3)
    b = s.board
    build(s, 0, x, 2)
    build(s, 1, y)
    _ships(s, 0, way[:-1])
    for c in range(len(b.corners)):  # four more cities at home
        if R.facts(s).counts[0][1] < 5 and b.corner_land[c] and _island(s, c) == WEST \
                and R.distance_ok(s, b, c):
            build(s, 0, c, 2)
    s.devs[0] = ["victory_point"] * 2
    assert R.total_vp(s, 0) == 12 and s.phase == Phase.MAIN
    events = _ship(s, 0, way[-1])
    assert s.phase == "over" and GAME.result(s)["winners"] == [0]
    assert "reaches 13 victory points" in _texts(events)


def _land_way(s, k: int, length: int, avoid=frozenset()):
    """A way of ``length`` land edges from the coast corner ``k`` into the east island,
    through corners away from ``avoid``, ending at a corner where the distance rule
    allows a settlement: (end corner, edges from ``k``)."""
    b = s.board

    def walk(c: int, way: list[int], seen: set[int]):
        if len(way) == length:
            ok = R.distance_ok(s, b, c) and _island(s, c) == EAST and c not in avoid
            return (c, way) if ok else None
        for e in b.corner_edges[c]:
            if not b.edge_land[e] or e in way:
                continue
            nxt = next(d for d in b.edges[e] if d != c)
            if nxt in seen or nxt in avoid or not b.corner_land[nxt]:
                continue
            found = walk(nxt, [*way, e], seen | {nxt})
            if found:
                return found
        return None

    found = walk(k, [], {k})
    assert found, f"no way of {length} roads from {k}"
    return found


@pytest.mark.parametrize("ships, roads", [(3, 4), (4, 5)])
def test_roads_alone_never_win_a_chip_more_boats_than_ships_and_roads_do(
    ships: int, roads: int
) -> None:
    """"For each indirect line in which a player has more boats than an opponent has ships,
    or ships + roads": red's ships reach blue's road on the east coast; red has fewer
    ships than blue has roads, and blue has no boat at all, so nobody holds the chip.
    One ship more than blue's roads, and red would."""
    s = _main()
    x, k, way = _crossing(s, ships)
    y, road = _land_way(s, k, roads, avoid=set(_corners(s, way, x)) - {k})
    build(s, 0, x)
    build(s, 1, y)
    for e in road:
        lay(s, 1, e, "road")
    _ships(s, 0, way[:-1])
    events = _ship(s, 0, way[-1])
    (line,) = _lines(s)
    assert line["ends"] == sorted([x, y]) and set(road) <= set(line["edges"])
    assert line["holder"] is None and s.special == [0, 0, 0, 0]
    assert "nobody holds its chip" in _texts(events)


def test_a_tie_of_ships_against_ships_and_roads_goes_to_whoever_completed_the_line() -> None:
    """Red's 3 ships against blue's 3 roads is a tie ("If there is a tie, the chip goes to
    the player who completed the line"): red's last ship completes it, so red holds it;
    the same line completed by blue's last road is blue's."""
    for last in (0, 1):
        s = _main()
        x, k, way = _crossing(s, 3)
        y, road = _land_way(s, k, 3, avoid=set(_corners(s, way, x)) - {k})
        build(s, 0, x)
        build(s, 1, y)
        _ships(s, 0, way if last == 1 else way[:-1])
        for e in road if last == 0 else road[:-1]:
            lay(s, 1, e, "road")
        if last == 0:
            _ship(s, 0, way[-1])
        else:
            lay(s, 1, road[-1], "road")
            TL.update(s, 1)  # as after blue's road
        (line,) = _lines(s)
        assert line["holder"] == last, f"completed by seat {last}"
        assert s.special == [int(last == 0), int(last == 1), 0, 0]


def test_a_lost_chip_is_not_reclaimed_when_another_player_fills_the_gap() -> None:
    """"To reclaim a chip, a player must fill any gaps with his own ships": blue moves his
    end ship away (red loses the chip), then sails a ship back into the gap. Red did not
    fill it, so red does not get the chip back; blue's 2 ships against red's 4 win nothing
    either (trade_lines.DECISIONS)."""
    s, end = _red_chip_lost_to_a_gap()
    events = _ship(s, 1, end)
    assert "{p1} completes a trade line" in _texts(events)
    (line,) = _lines(s)
    assert line["holder"] is None and s.special == [0, 0, 0, 0]
    again = GAME.load(json.loads(json.dumps(GAME.dump(s))))
    TL.update(again, 2)  # another player's move elsewhere: red stays out of the count
    assert again.special == [0, 0, 0, 0]


# -- our decisions where the text leaves a case open -----------------------------------------


def test_a_direct_line_from_a_settlement_off_the_home_island_earns_no_chip() -> None:
    """"For each direct line extending from a home village/city": red's ships between red's
    settlement on the east island (not red's home) and blue's on the west island make a
    line, but no chip (trade_lines.DECISIONS)."""
    s = _main()
    x, y, way = _crossing(s, 3)
    build(s, 1, x)  # blue's settlement in the west: blue's home is the east
    build(s, 0, y)  # red's settlement in the east: red's home is the west
    _ships(s, 0, list(reversed(way))[:-1])
    events = _ship(s, 0, way[0])
    (line,) = _lines(s)
    assert line["holder"] is None and line["chip"] is None and s.special == [0, 0, 0, 0]
    assert "nobody holds its chip" in _texts(events)


def test_a_tie_the_completer_is_not_part_of_leaves_the_chip_with_nobody() -> None:
    """Red 2 ships, green 1, blue 2, and pink's one ship completes the line: red and blue
    tie for the most, pink completed it, so nobody holds the chip until the tie is broken
    (trade_lines.DECISIONS)."""
    s = _main()
    x, y, way = _crossing(s, 6)
    build(s, 0, x)
    build(s, 1, y)
    _ships(s, 0, way[:2])
    _ships(s, 2, way[2:3])
    _ships(s, 1, way[3:5])
    lay(s, 3, way[5], "ship")
    events = TL.update(s, 3)  # as after pink's move
    assert "{p3} completes a trade line" in " | ".join(t for t, _ in events)
    (line,) = _lines(s)
    assert line["holder"] is None and s.special == [0, 0, 0, 0]


def test_two_ways_between_the_same_two_settlements_are_one_line() -> None:
    """Two separate chains of red's ships between the same two settlements (one across the
    strait, one along the coasts round it) make one line, along the shorter way
    (trade_lines.DECISIONS)."""
    s = _main()
    x, y, way = _crossing(s, 3)
    build(s, 0, x)
    build(s, 1, y)
    _ships(s, 0, way)
    other = _sea_way(s, x, lambda c: c == y, avoid=set(_corners(s, way, x)) - {x, y},
                     coast=True)
    assert other is not None and len(other[1]) > len(way)
    _ships(s, 0, other[1])
    TL.update(s, 0)
    (line,) = _lines(s)
    assert line["edges"] == sorted(way)
    assert s.special == [1, 0, 0, 0]


def test_a_crossing_touching_two_home_settlements_makes_two_lines() -> None:
    """One chain of red's ships touching two red settlements on the west coast and blue's
    on the east makes two lines, two chips (trade_lines.DECISIONS)."""
    s = _main()
    b = s.board
    x, y, way, e2, x2 = next(
        (x, y, way, e, d) for x, y, way in _crossings(s)
        for c in _corners(s, way, x)[1:-1] for e in b.corner_edges[c] if e not in way
        for d in b.edges[e] if d != c and b.corner_land[d] and _island(s, d) == WEST
        and d not in b.corner_neighbours[x])
    build(s, 0, x)
    build(s, 0, x2)
    build(s, 1, y)
    _ships(s, 0, [*way[:-1], e2])
    _ship(s, 0, way[-1])
    assert sorted(tuple(line["ends"]) for line in _lines(s)) == sorted(
        [tuple(sorted([x, y])), tuple(sorted([x2, y]))])
    assert s.special == [2, 0, 0, 0]
    assert {line["chip"] for line in _lines(s)} == {x, x2}


def test_ones_own_road_and_ship_join_a_line_at_a_corner_without_a_settlement() -> None:
    """Pieces join at any corner without a settlement or city, whoever owns them and road
    or ship alike: red's ships to the east coast and red's road from there to red's
    settlement make a line of red's pieces only, an indirect one (a road is in it) that
    red holds (trade_lines.DECISIONS)."""
    s = _main()
    x, k, way = _crossing(s, 3)
    b = s.board
    road, y = next((e, c) for e in b.corner_edges[k] if b.edge_land[e]
                   for c in b.edges[e] if c != k and R.distance_ok(s, b, c))
    build(s, 0, x)
    build(s, 0, y)
    lay(s, 0, road, "road")
    _ships(s, 0, way[:-1])
    _ship(s, 0, way[-1])
    (line,) = _lines(s)
    assert road in line["edges"] and line["holder"] == 0 and line["chip"] == x


def test_a_settlement_built_in_the_way_of_a_line_cuts_it() -> None:
    """A line stops at any settlement (case 6), one founded later too: red's ships reach
    the east coast at ``k``, where blue's two roads lead on to blue's settlement; red then
    founds a settlement at ``k``: the line to blue's settlement is broken, and red's own
    settlement ends a line of red's ships instead (case 3)."""
    s = _main()
    x, k, way = _crossing(s, 3)
    b = s.board
    road1, m = next((e, c) for e in b.corner_edges[k] if b.edge_land[e]
                    for c in b.edges[e] if c != k)
    road2, y = next((f, c) for f in b.corner_edges[m] if f != road1 and b.edge_land[f]
                    for c in b.edges[f] if c != m and _island(s, c) == EAST)
    build(s, 0, x)
    build(s, 1, y)
    lay(s, 1, road1, "road")
    lay(s, 1, road2, "road")
    _ships(s, 0, way[:-1])
    _ship(s, 0, way[-1])
    assert [line["ends"] for line in _lines(s)] == [sorted([x, y])]
    assert s.special == [1, 0, 0, 0]  # 3 ships against 2 roads
    give(s, 0, wood=1, brick=1, wool=1, grain=1)
    events = act(s, 0, "settlement", c=k)
    assert [line["ends"] for line in _lines(s)] == [sorted([x, k])]
    assert _lines(s)[0]["holder"] == 0 and s.special == [1, 0, 0, 0]
    assert "is broken" in _texts(events) and "completes a trade line" in _texts(events)


def test_a_city_keeps_the_chips_of_its_settlement() -> None:
    s = _main()
    x, y, way = _crossing(s, 3)
    build(s, 0, x)
    build(s, 1, y)
    _ships(s, 0, way[:-1])
    _ship(s, 0, way[-1])
    give(s, 0, grain=2, ore=3)
    act(s, 0, "city", c=x)
    assert s.special == [1, 0, 0, 0] and _lines(s)[0]["chip"] == x
    assert R.public_vp(s, 0) == 3


# -- founding, board, target, refusals -------------------------------------------------------


def _found(s, seat: int, c: int) -> None:
    """``seat`` founds a start settlement at ``c`` and places its first road or ship."""
    act(s, seat, "settlement", c=c)
    kind, args = R.legal(s, seat)[0]
    act(s, seat, kind, **args)


def test_both_start_settlements_on_one_island_which_becomes_the_home_island() -> None:
    """"Both of a player's start villages must be founded on only one (either one) of the
    islands. A player's chosen island is his home island"."""
    s = GAME.setup(4, {"scenario": "great_crossing"}, "founding")
    first = {_island(s, a["c"]) for a in moves(s, 0, "settlement")}
    assert first == {WEST, EAST}  # either island at first
    _found(s, 0, next(a["c"] for a in moves(s, 0, "settlement")
                      if _island(s, a["c"]) == EAST))
    assert s.homes[0] == [EAST]
    while s.turn != 0:  # the others found theirs, then seat 0 again (snake order)
        _found(s, s.turn, moves(s, s.turn, "settlement")[0]["c"])
    second = {_island(s, a["c"]) for a in moves(s, 0, "settlement")}
    assert second == {EAST}
    west = next(c for c in range(len(s.board.corners)) if _island(s, c) == WEST
                and R.distance_ok(s, s.board, c))
    before = canon(GAME.dump(s))
    with pytest.raises(IllegalAction):
        act(s, 0, "settlement", c=west)
    assert canon(GAME.dump(s)) == before


def test_a_start_settlement_at_a_coast_facing_the_other_island_takes_a_ship() -> None:
    """"If founding a village at a coast facing the other island, you should place a ship
    with it instead of a road" (played as The Four Islands' "must"; a coast facing only
    the frame: a road or a ship)."""
    s = GAME.setup(4, {"scenario": "great_crossing"}, "coast")
    b = s.board
    frame = layout(s.layout).frame
    facing = [a["c"] for a in moves(s, 0, "settlement")
              if any(s.terrain[h] == "sea" and not frame[h] for h in b.corner_hexes[a["c"]])
              and any(b.edge_land[e] for e in b.corner_edges[a["c"]])]
    assert facing
    act(s, 0, "settlement", c=facing[0])
    assert kinds(s, 0) == {"ship"}


def test_the_board_has_the_rulebooks_tiles_and_ten_harbours_without_a1() -> None:
    """Materials: "Sea 17 ... Wheat 5, Brick 4, Mountain 4, Meadow 5, Wood 4 = 39"; chips
    "2 2 2 3 2 2 3 2 2 2" (2 to 12); "Harbours 10 (5 special and 5 x 3:1)": the data's
    harbour place A1 is sea (scenarios.DROPPED_HARBOURS), each island keeps five."""
    s = GAME.setup(4, {"scenario": "great_crossing"}, "board")
    sc = layout(s.layout)
    land = Counter(t for t in s.terrain if t in LAND)
    assert land == Counter(wheat=5, brick=4, mountain=4, meadow=5, wood=4)
    inner_sea = sum(1 for i, t in enumerate(s.terrain) if t == "sea" and not sc.frame[i])
    assert inner_sea == 17
    assert Counter(c for c in s.chips if c) == Counter(
        {2: 2, 3: 2, 4: 2, 5: 3, 6: 2, 8: 2, 9: 3, 10: 2, 11: 2, 12: 2})
    kinds_ = Counter(kind for _, kind, _, _ in s.harbours)
    assert len(s.harbours) == 10 and kinds_["any"] == 5
    assert {k for k in kinds_ if k != "any"} == {"wood", "brick", "wool", "grain", "ore"}
    assert 0 not in {h for h, _, _, _ in s.harbours}  # A1, hex (0, 0)
    assert sc.hexes[0]["kind"] == "sea" and sc.positions[0] == (0, 0)
    per_island = Counter(_island(s, c) for _, _, c, _ in s.harbours)
    assert per_island == {WEST: 5, EAST: 5}


def test_the_rulebook_gives_no_target_so_13_and_game_rules_say_so() -> None:
    s = GAME.setup(4, {"scenario": "great_crossing"}, "target")
    assert s.target == 13
    text = GAME.rules_text({"scenario": "great_crossing"})
    assert "no target: first to 13 victory points" in text
    assert "A1 is plain sea" in text
    for decision in TL.DECISIONS:
        assert decision in text


def test_three_players_are_refused_at_start() -> None:
    with pytest.raises(IllegalAction, match="The Great Crossing is played by 4 players"):
        GAME.setup(3, {"scenario": "great_crossing"}, "three")


def test_the_lines_survive_a_save_and_the_view_names_them() -> None:
    s = _main()
    x, y, way = _crossing(s, 3)
    build(s, 0, x)
    build(s, 1, y)
    _ships(s, 0, way[:-1])
    _ship(s, 0, way[-1])
    again = GAME.load(json.loads(canon(GAME.dump(s))))
    assert GAME.view(again, None)["trade_lines"] == GAME.view(s, None)["trade_lines"]
    assert again.special == s.special
    assert GAME.view(s, None)["players"][0]["special"] == 1
