"""A New World (seafarers.txt scenarios 8-9): the board dealt at random in the frame, red
chips apart, the harbours placed by the players before the founding phase, start
anywhere, 1 VP for each first settlement on a foreign island, 12 VP."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import render
from engine.core import Action
from engine.seafarers import GAME
from engine.seafarers import ai as AI
from engine.seafarers import rules as R
from engine.seafarers.board import DIRS, LAND, distance
from engine.seafarers.scenario_rules import island_at, islands_of, red_chips_apart
from engine.seafarers.scenarios import layout
from engine.seafarers.state import Phase
from tests.contract import check_no_leak

from .helpers import act, give, kinds, moves

MATERIAL = {  # seafarers.txt "Materials", scenarios 8 and 9
    3: (Counter(sea=19, wheat=4, brick=4, mountain=4, meadow=4, wood=4),
        Counter({2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 3, 10: 3, 11: 2, 12: 1}), 9),
    4: (Counter(sea=23, wheat=5, brick=4, mountain=4, meadow=5, wood=5),
        Counter({2: 1, 3: 3, 4: 3, 5: 3, 6: 2, 8: 2, 9: 3, 10: 3, 11: 2, 12: 1}), 10),
}


def _new(n: int = 3, seed: str = "world"):
    return GAME.setup(n, {"scenario": "new_world"}, seed)


def _place_harbours(s) -> None:
    """Every seat places its harbours on the first coast offered."""
    while s.phase == Phase.HARBOURS:
        act(s, s.turn, "harbour", e=moves(s, s.turn, "harbour")[0]["e"])


def _islands(s) -> Counter:
    return Counter(i for i in islands_of(s) if i is not None)


def _world(n: int = 3, islands: int = 3):
    """A board of at least ``islands`` islands, its harbours placed, in the founding
    phase (the first seed that deals one)."""
    for k in range(100):
        s = _new(n, f"islands-{k}")
        if len(_islands(s)) >= islands and all(
                any(R.distance_ok(s, s.board, c) for c in _corners(s, i)) for i in _islands(s)):
            _place_harbours(s)
            return s
    raise AssertionError("no such deal")


def _corners(s, island: int) -> list[int]:
    return [c for c in range(len(s.board.corners)) if island_at(s, c) == island]


def _found(s, seat: int, c: int) -> None:
    act(s, seat, "settlement", c=c)
    kind, args = R.legal(s, seat)[0]
    act(s, seat, kind, **args)


def _free(s, island: int) -> int:
    return next(c for c in _corners(s, island) if R.distance_ok(s, s.board, c))


def _settle_on(s, seat: int, island: int) -> list:
    """``seat`` builds a settlement on ``island``, reached by a road or ship of its own
    laid straight on an edge there."""
    b = s.board
    c = _free(s, island)
    e = next(e for e in b.corner_edges[c] if s.routes[e] is None)
    s.routes[e] = [seat, "road" if b.edge_land[e] else "ship"]
    give(s, seat, wood=1, brick=1, wool=1, grain=1)
    return act(s, seat, "settlement", c=c)


@pytest.mark.parametrize("n", [3, 4])
def test_the_board_is_dealt_at_random_inside_the_frame(n: int) -> None:
    """"Shuffle all the tiles face down and then lay them out within the frame in random
    order, face up. Do the same with the number chips\": every land and sea tile of the
    material table inside the frame, every chip on a land tile, the frame all sea; another
    seed, another board."""
    tiles, chips, _ = MATERIAL[n]
    boards = set()
    for seed in range(4):
        s = _new(n, f"deal-{seed}")
        sc = layout(s.layout)
        inside = [h for h in range(len(s.terrain)) if not sc.frame[h]]
        assert Counter(s.terrain[h] for h in inside) == tiles
        assert all(s.terrain[h] == "sea" for h in range(len(s.terrain)) if sc.frame[h])
        assert Counter(c for c in s.chips if c) == chips
        assert all((s.chips[h] > 0) == (s.terrain[h] in LAND) for h in range(len(s.terrain)))
        boards.add(tuple(s.terrain))
    assert len(boards) == 4


def test_red_chips_are_never_next_to_each_other_nor_on_gold() -> None:
    """"Red chips must not be next to each other or on gold tiles\": over many deals; and
    the check itself refuses a 6 beside an 8, and an 8 on gold."""
    for seed in range(30):
        s = _new(4, f"red-{seed}")
        pos = {s.board.hexes[h]: c for h, c in enumerate(s.chips) if c in (6, 8)}
        for (q, r) in pos:
            assert all((q + dq, r + dr) not in pos for dq, dr in DIRS.values())
    pos = ((0, 0), (1, 0), (3, 0))
    assert red_chips_apart(pos, ["wood", "brick", "gold"], [6, 5, 4]) is True
    assert red_chips_apart(pos, ["wood", "brick", "gold"], [6, 8, 5]) is False
    assert red_chips_apart(pos, ["wood", "brick", "gold"], [5, 4, 8]) is False


@pytest.mark.parametrize("n", [3, 4])
def test_the_players_place_the_harbours_one_at_a_time_from_the_first_seat_first(n) -> None:
    """"Shuffle the harbour tiles and place them as a face down pile. Beginning with the
    oldest player, place them one at a time\": a phase of its own before the founding
    phase; seat 0, 1, ... in turn, one harbour each (9 with 3 players, 10 with 4: 5
    special and 4 or 5 x 3:1)."""
    s = _new(n)
    assert s.phase == Phase.HARBOURS
    placed = []
    seats = []
    while s.phase == Phase.HARBOURS:
        seat = s.turn
        seats.append(seat)
        assert GAME.to_act(s) == {seat}
        assert all(not GAME.legal_actions(s, p) for p in range(n) if p != seat)
        assert kinds(s, seat) == {"harbour"}
        placed.append(GAME.view(s, None)["harbour_next"])
        act(s, seat, "harbour", e=moves(s, seat, "harbour")[-1]["e"])
    total = MATERIAL[n][2]
    assert seats == [k % n for k in range(total)]
    assert Counter(placed) == Counter({"any": total - 5, "wood": 1, "brick": 1, "wool": 1,
                                       "grain": 1, "ore": 1})
    assert [k for _, k, _, _ in s.harbours] == placed
    assert s.phase == Phase.SETUP_SETTLE and s.turn == 0
    assert "founding phase begins" in s.log[-1]


def test_a_harbour_goes_on_a_coast_one_per_sea_hex_and_no_corner_in_two() -> None:
    """Our decisions: a harbour serves a coast edge (land on one side, sea, the frame's
    included, on the other); one harbour per sea hex; no corner in two harbours."""
    s = _new(4, "coast")
    b = s.board
    _place_harbours(s)
    corners = [c for _, _, a, d in s.harbours for c in (a, d)]
    assert len(corners) == len(set(corners))
    assert len({h for h, _, _, _ in s.harbours}) == len(s.harbours)
    for h, _, a, d in s.harbours:
        e = b.edge_index[(a, d)]
        assert s.terrain[h] == "sea" and h in b.edge_hexes[e]
        assert any(s.terrain[x] in LAND for x in b.edge_hexes[e])


def test_a_harbour_place_taken_is_offered_no_more() -> None:
    s = _new(3, "taken")
    first = moves(s, 0, "harbour")[0]["e"]
    act(s, 0, "harbour", e=first)
    a, d = s.board.edges[first]
    left = {m["e"] for m in moves(s, 1, "harbour")}
    assert first not in left
    assert not any(set(s.board.edges[e]) & {a, d} for e in left)


def test_the_harbour_being_placed_is_shown_to_all_and_the_pile_under_it_is_hidden() -> None:
    """Our decision: the top harbour is turned face up for everyone while it is placed;
    the order of the pile under it is known to nobody (determinize shuffles it, keeping
    the top), and every view and the public image are the same in every such world."""
    s = _new(4, "pile")
    top = s.extra["harbours"][-1]
    v = GAME.view(s, None)
    assert v["harbour_next"] == top and v["harbours_left"] == 10
    assert "harbour" in v["pending"] and R.P(0) not in v["pending"]
    label = GAME.legal_actions(s, 0)[0].label
    assert label.startswith(f"Place the {'3:1' if top == 'any' else '2:1 ' + top} harbour on ")
    rnd = random.Random(3)
    worlds = [GAME.determinize(s, seat, rnd).extra["harbours"] for seat in (None, 0, 1, 2)]
    assert all(w[-1] == top and Counter(w) == Counter(s.extra["harbours"]) for w in worlds)
    assert len({tuple(w) for w in worlds}) > 1

    def draw(view):
        return render.draw_board("seafarers", {**view, "names": ["A", "B", "C", "D"]})

    check_no_leak(GAME, s, 4, rnd, draw)


def test_a_placed_harbour_serves_the_settlements_at_its_corners() -> None:
    s = _world(3)
    h, kind, a, d = next(x for x in s.harbours if x[1] != "any")
    act(s, 0, "settlement", c=a)
    ratio = R.harbour_ratio(s, 0, R.RI[kind])
    assert ratio == 2


def test_start_settlements_anywhere_on_land() -> None:
    """"Each player can found his start villages in any positions of his choice": every
    corner touching land that the distance rule allows, and none at open sea."""
    s = _world(3)
    b = s.board
    spots = {a["c"] for a in moves(s, 0, "settlement")}
    assert spots == {c for c in range(len(b.corners))
                     if b.corner_land[c] and R.distance_ok(s, b, c)}


def test_the_islands_of_the_start_settlements_are_home_the_others_foreign() -> None:
    """"At game start each player will have 1 or 2 home islands. Other islands are
    considered foreign territories.\""""
    s = _world(3)
    one, two, *_ = [i for i, _ in _islands(s).most_common()]
    for seat in (0, 1, 2, 2, 1):
        _found(s, seat, _free(s, one))
    _found(s, 0, _free(s, two))
    assert s.homes == [[one, two], [one], [one]]
    assert s.phase == Phase.ROLL


def test_one_vp_for_each_first_settlement_on_a_foreign_island() -> None:
    """"You receive one extra VP for each of your first villages founded on foreign
    islands": 1 for the first settlement on each foreign island, nothing for a second one
    there, nothing at home, whoever settled there before."""
    s = _world(3, islands=3)
    home, a, b = [i for i, _ in _islands(s).most_common()][:3]
    for seat in (0, 1, 2, 2, 1, 0):
        _found(s, seat, _free(s, home))
    s.phase, s.turn = Phase.MAIN, 1
    _settle_on(s, 1, a)  # seat 1 settles there first: it does not matter
    s.turn = 0
    events = _settle_on(s, 0, a)
    assert s.special[0] == 1
    assert any("reaches a foreign island and earns a special victory point" in e.text
               for e in events)
    _settle_on(s, 0, b)
    assert s.special[0] == 2 and s.reached[0] == [a, b]
    _settle_on(s, 0, home)
    assert s.special[0] == 2
    assert R.public_vp(s, 0) == 5 + 2  # five settlements and two special VP


def test_a_coastal_start_settlement_may_take_a_ship() -> None:
    s = _world(3)
    b = s.board
    c = next(a["c"] for a in moves(s, 0, "settlement")
             if any(b.edge_land[e] for e in b.corner_edges[a["c"]])
             and any(b.edge_sea[e] and not b.edge_land[e] for e in b.corner_edges[a["c"]]))
    act(s, 0, "settlement", c=c)
    assert s.phase == Phase.SETUP_ROUTE and kinds(s, 0) == {"road", "ship"}


def test_no_robber_on_the_board_and_the_pirate_on_the_sea_farthest_from_land() -> None:
    for seed in range(5):
        s = _new(4, f"pirate-{seed}")
        assert s.robber is None
        sc = layout(s.layout)
        p = s.pirate
        assert s.terrain[p] == "sea" and not sc.frame[p]
        pos = sc.positions
        land = [pos[h] for h, t in enumerate(s.terrain) if t in LAND]

        far = {h: min(distance(pos[h], x) for x in land)
               for h, t in enumerate(s.terrain) if t == "sea" and not sc.frame[h]}
        assert far[p] == max(far.values())


def test_a_new_world_is_won_at_12_victory_points() -> None:
    s = _world(3, islands=2)
    isl = [i for i, _ in _islands(s).most_common()]
    for seat in (0, 1, 2, 2, 1, 0):
        _found(s, seat, _free(s, isl[0]))
    s.phase, s.turn = Phase.MAIN, 0
    s.special[0] = 8  # 2 settlements + 8 = 10
    _settle_on(s, 0, isl[1])  # + 1 + 1 = 12
    assert GAME.result(s)["winners"] == [0]


def test_ai_places_a_harbour_at_a_good_place_for_its_kind() -> None:
    s = _new(3, "ai-harbour")
    rnd = random.Random(1)
    a = GAME.ai_action(s, 0, rnd)
    assert a.kind == "harbour" and a in GAME.legal_actions(s, 0)
    best = max(AI._harbour_worth(s, m["e"])[0] for m in moves(s, 0, "harbour"))
    assert AI._harbour_worth(s, a.args["e"])[0] == best > 0


@pytest.mark.parametrize("n", [3, 4])
def test_ai_players_place_harbours_found_and_win_at_12(n: int) -> None:
    s = _new(n, f"ai-world-{n}")
    rnd = random.Random(n)
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        a = GAME.ai_action(s, seat, rnd)
        GAME.apply(s, seat, a)
    assert len(s.harbours) == MATERIAL[n][2]
    assert max(GAME.result(s)["scores"]) >= 12 and s.round <= 60
    assert all(s.homes)


def test_game_rules_explain_the_deal_and_the_harbours() -> None:
    text = GAME.rules_text({"scenario": "new_world"})
    assert "A New World" in text and "first to 12 victory points" in text
    assert "place the harbours, one at a time" in text
    assert "1 for your first settlement on each foreign island" in text
    assert "farthest from any land" in text


def test_the_console_and_discord_name_the_harbour_move() -> None:
    s = _new(3, "label")
    a = GAME.legal_actions(s, 0)[0]
    assert a.kind == "harbour" and " on " in a.label and "between" in a.label
    assert Action.from_dict(a.to_dict()) == a
