"""Greater Catan (seafarers.txt scenario 11): the base game's island and small islands of a
second set without number chips; a chip drawn from the bag when a ship or road reaches one
of their tiles; once the bag is empty, a chip taken from the main island under the rules
a, b and c, set aside one at a time (engine/seafarers/chip_bag.py). One test per sentence,
per rule and per fallback."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import render
from engine.core import IllegalAction
from engine.seafarers import GAME
from engine.seafarers import chip_bag as CB
from engine.seafarers import rules as R
from engine.seafarers.moves import LABEL_LIMIT
from engine.seafarers.scenarios import layout
from engine.seafarers.state import Phase
from tests.contract import canon, check_no_leak

from .helpers import act, build, give, lay, moves

NAMES = ["Anne", "Bart", "Cora", "Dirk"]


def _main(seed: str = "greater"):
    """Greater Catan after the founding phase with no pieces: seat 0 to build; the pirate
    away (nothing here is about it)."""
    s = GAME.setup(4, {"scenario": "greater_catan"}, seed)
    s.phase, s.turn, s.setup_step = Phase.MAIN, 0, 8
    s.pirate = None
    return s


def _chipless(s, keep: list[int]) -> None:
    """Every small-island hex but ``keep`` gets a chip (a 10: not red), as after earlier
    draws: only ``keep`` is left without one."""
    for h in CB.small_island_hexes(s):
        if h not in keep:
            s.chips[h] = 10
    s.cached_board = s.cached_facts = None


def _approach(s, seat: int, target: int, kind: str = "ship") -> int:
    """An edge a ``kind`` of ``seat`` may be built on that leads to a corner of ``target``
    from a corner touching no hex without a chip, with the seat's piece of that kind laid
    at the near end (straight on the board: laying draws nothing)."""
    b = s.board
    fits = b.edge_sea if kind == "ship" else b.edge_land
    bare = {h for h in CB.small_island_hexes(s) if not s.chips[h]}
    for e in range(len(b.edges)):
        if not fits[e] or s.routes[e] is not None:
            continue
        for a, d in (b.edges[e], b.edges[e][::-1]):
            if set(b.corner_hexes[a]) & bare or target not in b.corner_hexes[d]:
                continue
            if set(b.corner_hexes[d]) & bare != {target}:
                continue
            near = [f for f in b.corner_edges[a] if f != e and fits[f]
                    and s.routes[f] is None
                    and not any(set(b.corner_hexes[x]) & bare for x in b.edges[f])]
            if near:
                lay(s, seat, near[0], kind)
                return e
    raise AssertionError("no such edge")


def _build(s, seat: int, kind: str, e: int) -> list:
    give(s, seat, **({"wood": 1, "wool": 1} if kind == "ship" else {"wood": 1, "brick": 1}))
    s.turn = seat
    return act(s, seat, kind, e=e)


def _texts(events) -> str:
    return " | ".join(e.text for e in events)


def _small(s, which: int = 0) -> int:
    return CB.small_island_hexes(s)[which]


def _inner_corner(s, seat: int, chips: tuple[int, int, int]) -> tuple[int, list[int]]:
    """A corner of the main island between three land hexes, none the desert nor beside a
    building yet, with a settlement of ``seat`` on it and the three hexes' chips set to
    ``chips``: (corner, its hexes)."""
    b = s.board
    main = set(CB.main_island_hexes(s))
    for c in range(len(b.corners)):
        hexes = sorted(b.corner_hexes[c])
        if len(hexes) == 3 and set(hexes) <= main and all(
                s.terrain[h] != "desert" and not any(s.buildings[x] for x in b.hex_corners[h])
                for h in hexes):
            build(s, seat, c)
            for h, chip in zip(hexes, chips, strict=True):
                s.chips[h] = chip
            s.cached_board = s.cached_facts = None
            return c, hexes
    raise AssertionError("no inner corner")


def _empty_bag_reach(s, seat: int = 0) -> tuple[int, list]:
    """The bag empty, one small-island hex left without a chip, and ``seat``'s ship built
    to it: (that hex, the events)."""
    target = _small(s)
    _chipless(s, [target])
    s.extra["bag"] = []
    e = _approach(s, seat, target)
    return target, _build(s, seat, "ship", e)


def _offered(s, seat: int = 0) -> set[int]:
    return {a["hex"] for a in moves(s, seat, CB.CHIP)}


# -- the board ------------------------------------------------------------------------------


def test_two_sets_the_main_island_as_the_base_game_and_small_islands_without_chips() -> None:
    """"Set out the main island in the middle as described in the basic game rules. From
    the second set you will need all land tiles except the wasteland. ... place them
    randomly face up in the spaces shown in the diagram. Do not yet place any number chips
    on the little islands. Fill in the gaps with 23 sea tiles." Harbours "9 (5 special and
    4 x 3:1)"."""
    s = GAME.setup(4, {"scenario": "greater_catan"}, "board")
    sc = layout(s.layout)
    main, small = CB.main_island_hexes(s), CB.small_island_hexes(s)
    assert Counter(s.terrain[h] for h in main) == Counter(
        wood=4, brick=3, wheat=4, meadow=4, mountain=3, desert=1)
    assert sorted(s.chips[h] for h in main if s.chips[h]) == [
        2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert s.robber == next(h for h in main if s.terrain[h] == "desert")
    assert Counter(s.terrain[h] for h in small) == Counter(
        wood=4, brick=3, wheat=4, meadow=4, mountain=3)
    assert all(s.chips[h] == 0 for h in small)
    assert sum(1 for i, t in enumerate(s.terrain) if t == "sea" and not sc.frame[i]) == 23
    assert len(s.harbours) == 9 and Counter(k for _, k, _, _ in s.harbours)["any"] == 4
    # placed at random: another seed deals the small islands otherwise
    other = GAME.setup(4, {"scenario": "greater_catan"}, "board-2")
    assert [other.terrain[h] for h in small] != [s.terrain[h] for h in small]


def test_the_bag_holds_the_second_sets_2_3_4_5_9_10_11() -> None:
    """"You need the following number chips from the second set: 2,3,4,5,9,10,11. Place
    them in one of the linen bags"; the view tells what is in it, never in which order."""
    s = GAME.setup(4, {"scenario": "greater_catan"}, "bag")
    assert sorted(s.extra["bag"]) == [2, 3, 4, 5, 9, 10, 11]
    assert GAME.view(s, None)["chip_bag"] == [2, 3, 4, 5, 9, 10, 11]


def test_start_settlements_on_the_main_island_only() -> None:
    """"Founding phase: each player founds his start villages on the main island"."""
    s = GAME.setup(4, {"scenario": "greater_catan"}, "start")
    main = set(CB.main_island_hexes(s))
    spots = [a["c"] for a in moves(s, 0, "settlement")]
    assert spots and all(set(s.board.corner_hexes[c]) & main for c in spots)


def test_eight_cities_each() -> None:
    """"Each player takes 5 villages, 8 cities, 15 roads and 15 ships": a fifth city may
    be built."""
    s = _main()
    c, _ = _inner_corner(s, 0, (4, 5, 9))
    s.buildings[c] = None
    b = s.board
    done = 0
    for x in range(len(b.corners)):
        if done < 4 and b.corner_land[x] and R.distance_ok(s, b, x):
            build(s, 0, x, 2)
            done += 1
    build(s, 0, c)
    give(s, 0, grain=2, ore=3)
    act(s, 0, "city", c=c)
    assert R.facts(s).counts[0][1] == 5


def test_18_victory_points_win() -> None:
    """"The game ends as soon as a player has reached 18 VPs"."""
    s = GAME.setup(4, {"scenario": "greater_catan"}, "vp")
    assert s.target == 18 and GAME.view(s, None)["target"] == 18


# -- the chip bag ------------------------------------------------------------------------------


def test_a_ship_leading_to_a_tile_without_a_chip_draws_one_from_the_bag() -> None:
    """"As soon as a player places a ship ... which leads to a tile without a number chip,
    the player draws a chip from the bag and places it on the tile"."""
    s = _main()
    target = _small(s)
    _chipless(s, [target])
    s.extra["bag"] = [2, 11, 4]  # the 4 is drawn next
    e = _approach(s, 0, target)
    events = _build(s, 0, "ship", e)
    assert s.chips[target] == 4 and s.extra["bag"] == [2, 11]
    assert "{p0} draws a 4 from the bag" in _texts(events)
    assert s.phase == Phase.MAIN
    assert GAME.view(s, None)["hexes"][target][3] == 4


def test_later_a_road_leading_to_a_tile_without_a_chip_draws_one_too() -> None:
    """"... a ship (or later, a road) which leads to a tile without a number chip"."""
    s = _main()
    target = _small(s, 5)
    _chipless(s, [target])
    s.extra["bag"] = [9]
    e = _approach(s, 0, target, "road")
    _build(s, 0, "road", e)
    assert s.chips[target] == 9 and s.extra["bag"] == []


def test_a_piece_beside_two_tiles_without_chips_draws_one_for_each_in_reading_order() -> None:
    """Our reading of "leads to": every small-island hex without a chip at the corners of
    the new piece gets one, in reading order (chip_bag.DECISIONS)."""
    s = _main()
    b = s.board
    small = set(CB.small_island_hexes(s))
    e = next(e for e in range(len(b.edges)) if b.edge_sea[e] and b.edge_land[e]
             and len(set(b.edge_hexes[e]) & small) == 1
             and len({h for c in b.edges[e] for h in b.corner_hexes[c]} & small) == 2)
    pair = sorted({h for c in b.edges[e] for h in b.corner_hexes[c]} & small)
    _chipless(s, pair)
    s.extra["bag"] = [3, 5, 10]
    near = next(f for c in b.edges[e] for f in b.corner_edges[c]
                if f != e and b.edge_sea[f] and not (set(
                    h for x in b.edges[f] for h in b.corner_hexes[x]) - set(
                    h for x in b.edges[e] for h in b.corner_hexes[x])) & set(pair))
    lay(s, 0, near, "ship")
    _build(s, 0, "ship", e)
    assert [s.chips[h] for h in pair] == [10, 5]


# -- once the bag is empty ------------------------------------------------------------------------


def test_when_the_bag_is_empty_the_player_takes_a_chip_from_the_main_island() -> None:
    """"When the bag is empty, chips must be taken from the main island and placed on the
    small island tiles": the player who reached the tile picks, then plays on."""
    s = _main()
    c, hexes = _inner_corner(s, 0, (4, 5, 9))
    target, events = _empty_bag_reach(s)
    assert s.phase == CB.CHIP and GAME.to_act(s) == {0}
    assert "The bag is empty: {p0} takes a number chip" in _texts(events)
    assert _offered(s) == set(hexes)
    labels = [a.label for a in GAME.legal_actions(s, 0)]
    assert any(label.startswith("Take the 9 from") for label in labels)
    h = next(x for x in hexes if s.chips[x] == 9)
    events = act(s, 0, CB.CHIP, hex=h)
    assert s.chips[h] == 0 and s.chips[target] == 9
    assert s.phase == Phase.MAIN and s.turn == 0 and "picks" in s.extra and not s.extra["picks"]
    assert "{p0} takes the 9 from" in _texts(events)


def test_rule_a_only_from_a_tile_beside_ones_own_settlement_or_city() -> None:
    """"a) The player can only remove a chip from a tile at the edge of which he himself has
    at least one village or city": blue's settlement's hexes are not offered to red."""
    s = _main()
    _, mine = _inner_corner(s, 0, (4, 5, 9))
    _, theirs = _inner_corner(s, 1, (3, 10, 11))
    _empty_bag_reach(s)
    assert _offered(s) == set(mine) and not _offered(s) & set(theirs)


def test_rule_b_every_settlement_keeps_a_tile_with_a_number() -> None:
    """"b) Each village or city on the main island must be left bordering at least one tile
    still containing a number": the one numbered hex of blue's settlement beside red's is
    not offered."""
    s = _main()
    c, hexes = _inner_corner(s, 0, (4, 5, 9))
    b = s.board
    # blue's settlement on a corner of the first hex, its other hexes without numbers
    h1 = hexes[0]
    c1 = next(x for x in b.hex_corners[h1] if R.distance_ok(s, b, x))
    build(s, 1, c1)
    for h in b.corner_hexes[c1]:
        if h != h1:
            s.chips[h] = 0
    s.cached_board = s.cached_facts = None
    _empty_bag_reach(s)
    kept = {h for h in hexes if s.chips[h]} - {h1}
    assert _offered(s) == kept and h1 not in _offered(s)


def test_rule_c_no_two_red_chips_side_by_side_on_the_small_islands() -> None:
    """"c) Red chips must not lie next to each other on small islands": with a 6 beside the
    tile reached, red's 8 is not offered."""
    s = _main()
    _, hexes = _inner_corner(s, 0, (8, 5, 4))
    target = _small(s)
    b = s.board
    beside = next(h for h in CB.small_island_hexes(s) if h != target
                  and set(b.hex_corners[h]) & set(b.hex_corners[target]))
    _chipless(s, [target])
    s.chips[beside] = 6
    s.extra["bag"] = []
    _build(s, 0, "ship", _approach(s, 0, target))
    eight = next(h for h in hexes if s.chips[h] == 8)
    assert _offered(s) == set(hexes) - {eight}


def test_fallback_rule_a_is_set_aside_first() -> None:
    """"BUT if a player cannot remove a chip from the main island because of these rules,
    he is allowed to break these rules one at a time in order, (a,b,c)": red has no
    settlement beside a numbered hex, so any hex that keeps b and c is offered, and the
    move says rule a is set aside."""
    s = _main()
    _, hexes = _inner_corner(s, 0, (4, 5, 9))
    for h in hexes:
        s.chips[h] = 0  # red's settlement is beside no number at all
    s.cached_board = s.cached_facts = None
    _empty_bag_reach(s)
    numbered = {h for h in CB.main_island_hexes(s) if s.chips[h]}
    assert _offered(s) == numbered
    assert all(a.label.endswith("(rule a set aside)")
               for a in GAME.legal_actions(s, 0))


def _one_numbered_hex(s, chip: int) -> int:
    """The main island down to one numbered hex (``chip``), the last number of a blue
    settlement; red's settlement is nowhere near it."""
    b = s.board
    main = CB.main_island_hexes(s)
    for h in main:
        s.chips[h] = 0
    h = next(h for h in main if s.terrain[h] != "desert")
    s.chips[h] = chip
    build(s, 1, b.hex_corners[h][0])
    red = next(c for c in range(len(b.corners)) if b.corner_land[c]
               and set(b.corner_hexes[c]) <= set(main) and R.distance_ok(s, b, c)
               and h not in b.corner_hexes[c])
    build(s, 0, red)
    s.cached_board = s.cached_facts = None
    return h


def test_fallback_rules_a_and_b_are_set_aside_next() -> None:
    """No chip keeps b and c either (the only number left is blue's settlement's last):
    rule b is set aside too."""
    s = _main()
    h = _one_numbered_hex(s, 5)
    _empty_bag_reach(s)
    assert _offered(s) == {h}
    (a,) = GAME.legal_actions(s, 0)
    assert a.label.endswith("(rules a and b set aside)")


def test_fallback_all_three_rules_are_set_aside_last() -> None:
    """The only number left is an 8, the last of blue's settlement, and the tile reached
    lies beside a 6: rule c goes too, and the 8 is taken."""
    s = _main()
    h = _one_numbered_hex(s, 8)
    target = _small(s)
    b = s.board
    beside = next(x for x in CB.small_island_hexes(s) if x != target
                  and set(b.hex_corners[x]) & set(b.hex_corners[target]))
    _chipless(s, [target])
    s.chips[beside] = 6
    s.extra["bag"] = []
    _build(s, 0, "ship", _approach(s, 0, target))
    assert _offered(s) == {h}
    (a,) = GAME.legal_actions(s, 0)
    assert a.label.endswith("(rules a, b and c set aside)")
    assert len(a.label) <= LABEL_LIMIT  # it fits a Discord menu
    act(s, 0, CB.CHIP, hex=h)
    assert s.chips[target] == 8


def test_a_chip_may_be_taken_from_under_the_robber() -> None:
    """Our decision: the robber's hex is no exception; the robber stays where it is."""
    s = _main()
    _, hexes = _inner_corner(s, 0, (4, 5, 9))
    s.robber = hexes[1]
    _empty_bag_reach(s)
    assert hexes[1] in _offered(s)
    act(s, 0, CB.CHIP, hex=hexes[1])
    assert s.robber == hexes[1] and s.chips[hexes[1]] == 0


def test_after_a_free_ship_of_road_building_the_chip_is_taken_and_the_free_ship_follows(
) -> None:
    """The move that reached the tile is done first; the chip is taken; the game goes on
    where it was: here the second free ship of Road Building (chip_bag.DECISIONS)."""
    s = _main()
    _inner_corner(s, 0, (4, 5, 9))
    target = _small(s)
    _chipless(s, [target])
    s.extra["bag"] = []
    e = _approach(s, 0, target)
    s.devs[0] = ["road_building"]
    act(s, 0, "play", card="road_building")
    assert s.phase == Phase.FREE_ROUTES
    act(s, 0, "ship", e=e)
    assert s.phase == CB.CHIP
    act(s, 0, CB.CHIP, hex=next(iter(_offered(s))))
    assert s.phase == Phase.FREE_ROUTES and s.free == 1 and s.turn == 0


def test_a_start_ship_reaching_a_tile_once_the_bag_is_empty_and_the_founding_goes_on() -> None:
    """A start ship places a ship too: with the bag empty, its player takes a chip, then
    the next player founds (the pick is made by the player who placed the ship, out of the
    founding order, and the order goes on)."""
    s = GAME.setup(4, {"scenario": "greater_catan"}, "found")
    b = s.board
    small = set(CB.small_island_hexes(s))
    c, e = next((a["c"], e) for a in moves(s, 0, "settlement")
                for e in b.corner_edges[a["c"]] if b.edge_sea[e]
                and {h for x in b.edges[e] for h in b.corner_hexes[x]} & small)
    s.extra["bag"] = []
    act(s, 0, "settlement", c=c)
    act(s, 0, "ship", e=e)
    assert s.phase == CB.CHIP and GAME.to_act(s) == {0}
    while s.phase == CB.CHIP:
        act(s, 0, CB.CHIP, hex=sorted(_offered(s))[0])
    assert s.phase == Phase.SETUP_SETTLE and s.turn == 1


# -- hidden order, refusals --------------------------------------------------------------------


def test_determinize_reshuffles_the_bag_and_keeps_its_chips() -> None:
    """The bag's order is hidden from everyone: every world has the same chips in the bag
    in an order of its own, and every view is the same (the contract's leak check, with
    the public image)."""
    s = _main()
    rnd = random.Random(3)
    orders = set()
    for seat in (None, 0, 1, 2, 3):
        for _ in range(4):
            w = GAME.determinize(s, seat, rnd)
            assert sorted(w.extra["bag"]) == sorted(s.extra["bag"])
            orders.add(tuple(w.extra["bag"]))
    assert len(orders) > 1
    check_no_leak(GAME, s, 4, rnd, lambda v: render.draw_board(
        "seafarers", {**v, "names": NAMES}))


def test_no_view_or_image_shows_the_order_of_the_bag() -> None:
    a = _main()
    b = _main()
    b.extra["bag"] = list(reversed(a.extra["bag"]))
    for seat in (None, 0, 1):
        assert json.dumps(GAME.view(a, seat)) == json.dumps(GAME.view(b, seat))
    assert render.draw_board("seafarers", {**GAME.view(a, None), "names": NAMES}) == \
        render.draw_board("seafarers", {**GAME.view(b, None), "names": NAMES})


def test_a_chip_the_rules_do_not_allow_is_refused_and_changes_nothing() -> None:
    s = _main()
    _inner_corner(s, 0, (4, 5, 9))
    _, theirs = _inner_corner(s, 1, (3, 10, 11))
    _empty_bag_reach(s)
    before = canon(GAME.dump(s))
    with pytest.raises(IllegalAction):
        act(s, 0, CB.CHIP, hex=theirs[0])  # rule a: not beside red's settlement
    with pytest.raises(IllegalAction):
        act(s, 1, CB.CHIP, hex=theirs[0])  # blue did not reach the tile
    with pytest.raises(IllegalAction):
        act(s, 0, "end")  # the chip first
    assert canon(GAME.dump(s)) == before


def test_game_rules_give_the_bag_the_three_rules_and_our_decisions() -> None:
    text = GAME.rules_text({"scenario": "greater_catan"})
    assert "first to 18 victory points" in text
    for words in CB.RULE_WORDS.values():
        assert words in text
    for decision in CB.DECISIONS:
        assert decision in text
