"""Through the Desert (seafarers.txt scenarios 6-7, "Through the Wasteland"): start on the
larger southern and western part of the main island, the wasteland strip cutting off the
land beyond it, one special victory point for the first settlement on a little island or
beyond the wasteland, 12 VP. The rulebook prints no worked example for these scenarios:
each sentence of its special rules has its test here."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.seafarers import GAME
from engine.seafarers import ai as AI
from engine.seafarers import rules as R
from engine.seafarers.scenario_rules import island_at
from engine.seafarers.scenarios import layout
from engine.seafarers.state import Phase

from .helpers import act, give, kinds, lay, moves, sea_edges_at

HOME = 1  # the data's id of the larger southern and western part


def _new(n: int = 3, seed: str = "desert"):
    return GAME.setup(n, {"scenario": "through_the_desert"}, seed)


def _parts(s) -> dict[str, set[int]]:
    """The board's parts by what the rulebook calls them: "home" (the larger southern and
    western part), "beyond" (the land on the far side of the wasteland: the land hexes
    touching a wasteland hex that are not home), "little" (the other islands) and
    "wasteland" (the desert hexes)."""
    sc = layout(s.layout)
    b = s.board
    desert = {h for h, t in enumerate(s.terrain) if t == "desert"}
    near_desert = {x for h in desert for c in b.hex_corners[h] for x in b.corner_hexes[c]}
    isl = sc.islands
    beyond = {isl[h] for h in near_desert if isl[h] is not None and isl[h] != HOME}
    little = {i for i in isl if i is not None and i != HOME} - beyond
    return {"home": {HOME}, "beyond": beyond, "little": little, "wasteland": desert}


def _corners(s, islands: set[int]) -> list[int]:
    return [c for c in range(len(s.board.corners)) if island_at(s, c) in islands]


def _start(s, spots: list[int] | None = None) -> None:
    """Found every start settlement, each on the first free spot offered, with its first
    road or ship; then seat 0 is to build."""
    while s.phase != Phase.ROLL:
        seat = s.turn
        c = moves(s, seat, "settlement")[0]["c"]
        act(s, seat, "settlement", c=c)
        kind, args = R.legal(s, seat)[0]
        act(s, seat, kind, **args)
    s.phase, s.turn = Phase.MAIN, 0


def _settle_at(s, seat: int, c: int) -> list:
    """``seat`` builds a settlement at ``c``, reached by a road or ship of its own laid
    straight on an edge there."""
    b = s.board
    e = next(e for e in b.corner_edges[c] if s.routes[e] is None)
    lay(s, seat, e, "road" if b.edge_land[e] else "ship")
    give(s, seat, wood=1, brick=1, wool=1, grain=1)
    return act(s, seat, "settlement", c=c)


def _free(s, corners: list[int]) -> int:
    return next(c for c in corners if R.distance_ok(s, s.board, c))


@pytest.mark.parametrize(("n", "board"), [(3, "through_the_desert_3p"),
                                          (4, "through_the_desert_4p")])
def test_the_rulebooks_board_for_3_or_4_players(n: int, board: str) -> None:
    """seafarers.txt "Materials": scenario 6, tiles "12 4 1 4 5 4 5 4 39" (sea, wasteland,
    gold, wheat, brick, mountain, meadow, wood) and 23 chips; scenario 7, "16 4 2 5 5 4 5 5
    46" and 26 chips; 9 harbours (5 special and 4 x 3:1); 12 VP to win."""
    s = _new(n)
    assert s.layout == board and s.target == 12
    sc = layout(board)
    inside = [h for h in range(len(s.terrain)) if not sc.frame[h]]
    count = Counter(s.terrain[h] for h in inside)
    land = Counter({t: k for t, k in count.items() if t != "sea"})
    want = ({"desert": 4, "gold": 1, "wheat": 4, "brick": 5, "mountain": 4, "meadow": 5,
             "wood": 4} if n == 3 else
            {"desert": 4, "gold": 2, "wheat": 5, "brick": 5, "mountain": 4, "meadow": 5,
             "wood": 5})
    assert land == Counter(want)
    assert sum(1 for c in s.chips if c) == (23 if n == 3 else 26)
    assert len(s.harbours) == 9
    assert Counter(k for _, k, _, _ in s.harbours)["any"] == 4


@pytest.mark.parametrize("n", [3, 4])
def test_start_settlements_only_on_the_larger_southern_and_western_part(n: int) -> None:
    """"You must found both your start villages on the larger southern and western part of
    the island": every start spot offered is a corner of that part, and each of its
    corners free by the distance rule is offered."""
    s = _new(n)
    spots = {a["c"] for a in moves(s, 0, "settlement")}
    assert spots == {c for c in _corners(s, {HOME}) if R.distance_ok(s, s.board, c)}
    parts = _parts(s)
    assert not spots & set(_corners(s, parts["beyond"] | parts["little"]))


def test_the_wasteland_strip_separates_the_land_beyond_it() -> None:
    """"The main island is divided into 2 parts by the wasteland tiles ... The other part
    of the island and the small islands are considered to be foreign territories": the
    land beyond the wasteland is an island of its own (never home), reached over the
    wasteland by road; a road may be built across it."""
    s = _new()
    parts = _parts(s)
    assert len(parts["wasteland"]) == 4 and parts["beyond"] and parts["little"]
    assert HOME not in parts["beyond"]
    b = s.board
    # a road path from home over the wasteland to the land beyond
    home = set(_corners(s, {HOME}))
    beyond = set(_corners(s, parts["beyond"]))
    seen, todo = set(home), list(home)
    while todo:
        c = todo.pop()
        for e in b.corner_edges[c]:
            if b.edge_land[e]:
                d = next(x for x in b.edges[e] if x != c)
                if d not in seen:
                    seen.add(d)
                    todo.append(d)
    assert beyond <= seen


def test_a_first_settlement_beyond_the_wasteland_earns_a_special_victory_point() -> None:
    s = _new(3, "beyond")
    _start(s)
    c = _free(s, _corners(s, _parts(s)["beyond"]))
    events = _settle_at(s, 0, c)
    assert s.special[0] == 1 and R.public_vp(s, 0) == 2 + 1 + 1
    assert any("the land beyond the wasteland and earns a special victory point" in e.text
               for e in events)


def test_a_first_settlement_on_a_little_island_earns_a_special_victory_point() -> None:
    """"You receive a special VP for the first village you found on one of the little
    islands. Place it under the village.\""""
    s = _new(3, "little")
    _start(s)
    c = _free(s, _corners(s, _parts(s)["little"]))
    events = _settle_at(s, 0, c)
    assert s.special[0] == 1
    assert any("a little island and earns a special victory point" in e.text for e in events)


def test_only_the_first_settlement_on_foreign_land_earns_the_point() -> None:
    """One special VP per player (shared README: "one special VP for a player's first
    village on a little island or the land beyond the wasteland (once)"): a second
    settlement beyond the wasteland, or on another little island, earns nothing."""
    s = _new(4, "once")
    _start(s)
    parts = _parts(s)
    _settle_at(s, 0, _free(s, _corners(s, parts["beyond"])))
    _settle_at(s, 0, _free(s, _corners(s, parts["beyond"])))
    _settle_at(s, 0, _free(s, _corners(s, parts["little"])))  # the fifth settlement
    assert s.special[0] == 1 and len(s.reached[0]) == 2


def test_it_does_not_matter_if_other_players_are_already_there() -> None:
    """"As before, it doesn't matter if other players are already there.\""""
    s = _new(3, "there")
    _start(s)
    corners = _corners(s, _parts(s)["beyond"])
    s.turn = 1
    _settle_at(s, 1, _free(s, corners))
    s.turn = 0
    _settle_at(s, 0, _free(s, corners))
    assert s.special[:2] == [1, 1]


def test_a_settlement_at_home_earns_nothing() -> None:
    s = _new(3, "home")
    _start(s)
    _settle_at(s, 0, _free(s, _corners(s, {HOME})))
    assert s.special[0] == 0


def test_a_settlement_on_the_wasteland_alone_earns_nothing() -> None:
    """Our decision: a corner touching only wasteland and sea is on no island (the
    wasteland belongs to neither part), so it earns no special victory point, and the
    player may still earn it later beyond the wasteland."""
    s = _new(3, "waste")
    _start(s)
    b = s.board
    lone = [c for h in _parts(s)["wasteland"] for c in b.hex_corners[h]
            if island_at(s, c) is None]
    assert lone
    _settle_at(s, 0, _free(s, lone))
    assert s.special[0] == 0
    _settle_at(s, 0, _free(s, _corners(s, _parts(s)["beyond"])))
    assert s.special[0] == 1


def test_a_coastal_start_settlement_may_take_a_ship_or_a_road() -> None:
    """"If you found a village at a coast, place a ship with it instead of a road" (read
    as New Shores' "should": a road stays allowed)."""
    s = _new()
    b = s.board
    c = next(a["c"] for a in moves(s, 0, "settlement")
             if any(b.edge_land[e] for e in b.corner_edges[a["c"]])
             and sea_edges_at(s, a["c"], only_sea=True))
    act(s, 0, "settlement", c=c)
    assert kinds(s, 0) == {"road", "ship"}


def test_the_robber_starts_on_the_wasteland() -> None:
    for n in (3, 4):
        s = _new(n)
        assert s.terrain[s.robber] == "desert"
        assert R.hex_name(s, s.robber).startswith("B3 ")


def test_through_the_desert_is_won_at_12_victory_points() -> None:
    """"The game ends as soon as a player has reached 12 VPs\"."""
    s = _new(3, "win")
    _start(s)
    s.special[0] = 8  # 2 settlements + 8 = 10
    _settle_at(s, 0, _free(s, _corners(s, _parts(s)["little"])))  # + 1 + 1 = 12
    assert GAME.result(s) is not None and GAME.result(s)["winners"] == [0]


def test_ai_values_foreign_land_by_its_special_point_until_it_has_it() -> None:
    s = _new(3, "ai-value")
    _start(s)
    parts = _parts(s)
    foreign = _free(s, _corners(s, parts["beyond"] | parts["little"]))
    assert AI.corner_value(s, foreign, 0) == AI.corner_value(s, foreign) + AI.VP_WORTH
    _settle_at(s, 0, _free(s, _corners(s, parts["beyond"])))
    assert AI.corner_value(s, foreign, 0) == AI.corner_value(s, foreign)


@pytest.mark.parametrize("n", [3, 4])
def test_ai_players_head_beyond_the_wasteland_or_to_the_little_islands(n: int) -> None:
    s = _new(n, f"ai-desert-{n}")
    rnd = random.Random(n)
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        a = GAME.ai_action(s, seat, rnd)
        GAME.apply(s, seat, a)
    res = GAME.result(s)
    assert max(res["scores"]) >= 12 and s.round <= 60
    assert sum(1 for p in range(n) if s.special[p]) >= 2
    parts = _parts(s)
    assert all(set(r) <= parts["beyond"] | parts["little"] for r in s.reached)


def test_game_rules_names_the_special_point_and_what_we_decided() -> None:
    text = GAME.rules_text({"scenario": "through_the_desert"})
    assert "Through the Desert" in text and "first to 12 victory points" in text
    assert "little island or on the land beyond the wasteland" in text
    assert "wasteland and sea is on no island" in text
