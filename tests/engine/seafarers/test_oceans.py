"""Oceans (seafarers.txt scenarios 4-5): start on the main island; empty spaces discovered
when a ship (or later a road) leads next to them, the tile and chip stacks face down and
hidden from everyone; no special victory points; 12 VP."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import render
from engine.seafarers import GAME
from engine.seafarers import ai as AI
from engine.seafarers import rules as R
from engine.seafarers.board import LAND, RESOURCES
from engine.seafarers.moves import edge_words
from engine.seafarers.scenario_rules import face_down_left
from engine.seafarers.scenarios import layout
from engine.seafarers.state import Phase
from tests.contract import canon, check_no_leak

from .helpers import act, give, hand, kinds, lay, moves


def _new(n: int = 3, seed: str = "oceans"):
    return GAME.setup(n, {"scenario": "oceans"}, seed)


def _main(n: int = 3, seed: str = "oceans"):
    s = _new(n, seed)
    s.phase, s.turn, s.setup_step = Phase.MAIN, 0, 2 * n
    return s


def _spaces(s) -> list[int]:
    return [h for h, t in enumerate(s.terrain) if t == "hidden"]


def _touching(s, c: int) -> list[int]:
    return [h for h in s.board.corner_hexes[c] if s.terrain[h] == "hidden"]


def _approach(s, kind: str = "ship", unknown: int = 1) -> tuple[int, int]:
    """An edge ``e`` a ``kind`` may be built on that leads from a corner touching no empty
    space to a corner ``d`` touching ``unknown`` of them, with a piece of seat 0 of that
    kind laid at the near end (straight on the board: laying turns nothing). Returns
    (e, d)."""
    b = s.board
    fits = b.edge_sea if kind == "ship" else b.edge_land
    pirate = () if s.pirate is None else b.hex_edges[s.pirate]
    for e in range(len(b.edges)):
        if not fits[e] or e in pirate or s.routes[e] is not None:
            continue
        for a, d in (b.edges[e], b.edges[e][::-1]):
            if _touching(s, a) or len(_touching(s, d)) != unknown:
                continue
            near = [f for f in b.corner_edges[a] if f != e and fits[f] and f not in pirate
                    and s.routes[f] is None
                    and not any(_touching(s, x) for x in b.edges[f])]
            if near:
                lay(s, 0, near[0], kind)
                return e, d
    raise AssertionError("no such edge")


def _top(s, tile: str, chip: int | None = None) -> None:
    """Put ``tile`` (and ``chip``) on top of the face-down stacks, as a test's deal."""
    tiles, chips = s.extra["tiles"], s.extra["chips"]
    tiles.remove(tile)
    tiles.append(tile)
    if chip is not None:
        chips.remove(chip)
        chips.append(chip)


@pytest.mark.parametrize("n", [3, 4])
def test_the_rulebooks_board_with_its_face_up_and_face_down_tiles(n: int) -> None:
    """seafarers.txt "Materials" (top row face up, bottom row the face-down pile):
    3 players, face up "6 0 1 2 2 2 2 3 18", face down "8 0 0 1 1 2 1 1 14", chips 12 face
    up and 6 face down; 4 players, face up "7 0 2 3 3 3 3 3 24", face down "14 1 0 2 1 1 2 1
    22", chips 17 and 7 (sea, wasteland, gold, wheat, brick, mountain, meadow, wood)."""
    s = _new(n)
    assert s.layout == f"oceans_{n}p" and s.target == 12
    up = Counter(t for t in s.terrain if t in LAND)
    assert up == (Counter(gold=1, wheat=2, brick=2, mountain=2, meadow=2, wood=3) if n == 3
                  else Counter(gold=2, wheat=3, brick=3, mountain=3, meadow=3, wood=3))
    assert sum(1 for c in s.chips if c) == (12 if n == 3 else 17)
    down = Counter(s.extra["tiles"])
    assert down == (Counter(sea=8, wheat=1, brick=1, mountain=2, meadow=1, wood=1) if n == 3
                    else Counter(sea=14, desert=1, wheat=2, brick=1, mountain=1, meadow=2,
                                 wood=1))
    assert len(s.extra["chips"]) == (6 if n == 3 else 7)
    assert len(_spaces(s)) == sum(down.values())  # one tile for every empty space


@pytest.mark.parametrize("n", [3, 4])
def test_all_players_found_their_start_settlements_on_the_main_island(n: int) -> None:
    """"Founding phase - all players found their two start villages on the main
    island\"."""
    s = _new(n)
    sc = layout(s.layout)
    main = {i for i, h in enumerate(sc.hexes) if h.get("starting_area")}
    assert main and all(s.terrain[h] not in ("gold", "hidden") for h in main)
    b = s.board
    spots = {a["c"] for a in moves(s, 0, "settlement")}
    assert spots == {c for c in range(len(b.corners))
                     if set(b.corner_hexes[c]) & main and R.distance_ok(s, b, c)}


def test_a_coastal_start_settlement_may_take_a_ship_instead_of_a_road() -> None:
    """"If you found a village at a coast you should place a ship with it instead of a
    road\" (a road stays allowed, as in New Shores)."""
    s = _new()
    b = s.board
    c = next(a["c"] for a in moves(s, 0, "settlement")
             if any(b.edge_land[e] for e in b.corner_edges[a["c"]])
             and any(b.edge_sea[e] and not b.edge_land[e] for e in b.corner_edges[a["c"]]))
    act(s, 0, "settlement", c=c)
    assert kinds(s, 0) == {"road", "ship"}


def test_a_ship_leading_next_to_an_empty_space_turns_the_top_tile_with_its_chip_and_a_card(
) -> None:
    """"As soon as a player places a ship ... and at the intersection to which it leads
    there is a space, he should take the top card from the face-down deck and place it in
    the gap. If it is a land tile he also places the top most number chip on it, and
    receives at once and for free an appropriate resource card.\""""
    s = _main()
    e, d = _approach(s, "ship")
    (h,) = _touching(s, d)
    _top(s, "mountain", 8)
    tiles, chips = len(s.extra["tiles"]), len(s.extra["chips"])
    give(s, 0, wood=1, wool=1)
    bank_ore = s.bank[RESOURCES.index("ore")]
    events = act(s, 0, "ship", e=e)
    assert s.terrain[h] == "mountain" and s.chips[h] == 8
    assert hand(s, 0) == {"wood": 0, "brick": 0, "wool": 0, "grain": 0, "ore": 1}
    assert s.bank[RESOURCES.index("ore")] == bank_ore - 1
    assert (len(s.extra["tiles"]), len(s.extra["chips"])) == (tiles - 1, chips - 1)
    name = R.hex_name(s, h).split(" ")[0]
    assert any(f"discovers ore 8 at {name} and takes 1 ore" in ev.text for ev in events)
    assert GAME.view(s, None)["face_down"] == [tiles - 1, chips - 1]


def test_a_sea_tile_turned_is_just_placed() -> None:
    """"If it is a sea tile, only the tile itself is placed\": no chip, no card."""
    s = _main()
    e, d = _approach(s, "ship")
    (h,) = _touching(s, d)
    _top(s, "sea")
    chips = list(s.extra["chips"])
    give(s, 0, wood=1, wool=1)
    events = act(s, 0, "ship", e=e)
    assert s.terrain[h] == "sea" and s.chips[h] == 0 and s.extra["chips"] == chips
    assert sum(s.hands[0]) == 0
    assert any("discovers sea" in ev.text for ev in events)


def test_a_ship_that_leads_to_no_empty_space_turns_nothing() -> None:
    s = _main()
    e, d = _approach(s, "ship", unknown=0)
    before = list(s.terrain), list(s.extra["tiles"])
    give(s, 0, wood=1, wool=1)
    act(s, 0, "ship", e=e)
    assert (s.terrain, s.extra["tiles"]) == before


def test_later_a_road_discovers_too() -> None:
    """"As soon as a player places a ship, or later a road ...": a road on newly found land
    leading next to another empty space turns the next tile."""
    s = _main(3, "road")
    # a land tile turned first, then a road along it toward a further space
    e, d = _approach(s, "ship")
    (h,) = _touching(s, d)
    _top(s, "wood", 5)
    give(s, 0, wood=1, wool=1)
    act(s, 0, "ship", e=e)
    assert s.terrain[h] == "wood"
    b = s.board
    road = next(f for f in b.hex_edges[h] if b.edge_land[f] and s.routes[f] is None
                and any(_touching(s, x) for x in b.edges[f])
                and any(not _touching(s, x) for x in b.edges[f]))
    start = next(x for x in b.edges[road] if not _touching(s, x))
    s.buildings[start] = [0, 1]
    far = next(x for x in b.edges[road] if x != start)
    spaces = _touching(s, far)
    _top(s, "sea")
    give(s, 0, wood=1, brick=1)
    act(s, 0, "road", e=road)
    assert all(s.terrain[x] != "hidden" for x in spaces)


def test_every_space_at_the_corners_of_the_piece_is_turned_in_reading_order() -> None:
    """Our reading: each empty space at the corners of the new piece is turned, the one
    first in reading order taking the top tile. (In play a piece meets one new space at a
    time: every space at the corner it comes from was turned when that corner was
    reached; this board is laid by hand.)"""
    s = _main()
    b = s.board
    e = next(e for e in range(len(b.edges)) if b.edge_sea[e] and s.routes[e] is None
             and e not in b.hex_edges[s.pirate]
             and len({h for c in b.edges[e] for h in _touching(s, c)}) == 2
             and any(s.terrain[h] == "sea" for h in b.edge_hexes[e]))
    first, second = sorted({h for c in b.edges[e] for h in _touching(s, c)})
    a = b.edges[e][0]
    lay(s, 0, next(f for f in b.corner_edges[a] if f != e and b.edge_sea[f]), "ship")
    _top(s, "sea")  # the second tile from the top
    _top(s, "brick", 3)  # the top tile
    give(s, 0, wood=1, wool=1)
    act(s, 0, "ship", e=e)
    assert (s.terrain[first], s.chips[first]) == ("brick", 3)
    assert s.terrain[second] == "sea"
    assert hand(s, 0)["brick"] == 1


def test_a_moved_ship_discovers() -> None:
    """A ship moved is placed anew (our reading of "places a ship"): seat 0's line runs
    from its settlement over two ships; the ship at the open end of a branch moves to
    where it leads next to an empty space."""
    s = _main(3, "move")
    b = s.board
    pirate = b.hex_edges[s.pirate]
    pairs = [(x, y) for x in range(len(b.edges)) if b.edge_sea[x] and x not in pirate
             for y in b.edges[x] if len(_touching(s, y)) == 1]
    for e, d in pairs:
        a = next(x for x in b.edges[e] if x != d)
        if _touching(s, a) or not b.corner_land[a]:
            continue
        spare = [f for f in b.corner_edges[a] if f != e and b.edge_sea[f] and f not in pirate
                 and not any(_touching(s, x) for x in b.edges[f])]
        if spare:
            break
    else:
        raise AssertionError("no place for the test")
    (h,) = _touching(s, d)
    s.buildings[a] = [0, 1]
    lay(s, 0, spare[0], "ship")  # an open line of one ship from the settlement
    _top(s, "meadow", 9)
    assert {"e": spare[0], "to": e} in moves(s, 0, "move_ship")
    act(s, 0, "move_ship", e=spare[0], to=e)
    assert s.terrain[h] == "meadow" and hand(s, 0)["wool"] == 1


def test_a_start_ship_discovers() -> None:
    """The founding phase's ship is placed like any other."""
    s = _new(3, "start-ship")
    b = s.board
    for a in moves(s, 0, "settlement"):
        c = a["c"]
        for e in b.corner_edges[c]:
            far = next(x for x in b.edges[e] if x != c)
            if b.edge_sea[e] and _touching(s, far) and e not in b.hex_edges[s.pirate]:
                act(s, 0, "settlement", c=c)
                hexes = _touching(s, far)
                act(s, 0, "ship", e=e)
                assert all(s.terrain[x] != "hidden" for x in hexes)
                return
    raise AssertionError("no start ship reaches an empty space")


def test_a_desert_turned_takes_no_chip_and_gives_nothing() -> None:
    """The 4-player pile holds one wasteland: as in the base game it has no number."""
    s = _main(4, "desert")
    e, d = _approach(s, "ship")
    (h,) = _touching(s, d)
    _top(s, "desert")
    chips = list(s.extra["chips"])
    give(s, 0, wood=1, wool=1)
    act(s, 0, "ship", e=e)
    assert s.terrain[h] == "desert" and s.chips[h] == 0 and s.extra["chips"] == chips
    assert sum(s.hands[0]) == 0


def test_the_free_card_comes_from_the_bank_and_none_if_it_has_none() -> None:
    s = _main(3, "bank")
    e, d = _approach(s, "ship")
    _top(s, "wheat", 11)
    give(s, 0, wood=1, wool=1)
    give(s, 1, grain=19)  # the bank's every grain
    events = act(s, 0, "ship", e=e)
    assert hand(s, 0)["grain"] == 0
    assert any("the bank has no grain" in ev.text for ev in events)


def test_new_land_found_can_be_settled() -> None:
    s = _main(3, "settle")
    e, d = _approach(s, "ship")
    (h,) = _touching(s, d)
    _top(s, "brick", 5)
    give(s, 0, wood=2, wool=2, brick=1, grain=1)
    act(s, 0, "ship", e=e)
    assert d in {a["c"] for a in moves(s, 0, "settlement")}
    act(s, 0, "settlement", c=d)
    assert h in s.board.corner_hexes[d]


def test_no_special_victory_points_are_awarded() -> None:
    """"No special VPs are awarded in this scenario.\""""
    s = _main(3, "novp")
    e, d = _approach(s, "ship")
    _top(s, "brick", 5)
    give(s, 0, wood=2, wool=2, brick=1, grain=1)
    act(s, 0, "ship", e=e)
    act(s, 0, "settlement", c=d)
    gold = s.terrain.index("gold")
    c = next(c for c in s.board.hex_corners[gold] if R.distance_ok(s, s.board, c))
    lay(s, 0, next(f for f in s.board.corner_edges[c] if s.board.edge_sea[f]), "ship")
    give(s, 0, wood=1, brick=1, wool=1, grain=1)
    act(s, 0, "settlement", c=c)
    assert s.special == [0, 0, 0]


def test_the_robber_and_the_pirate_never_go_onto_an_empty_space() -> None:
    s = _main()
    s.phase = "robber"
    spaces = set(_spaces(s))
    hexes = {a["hex"] for k in ("robber", "pirate") for a in moves(s, 0, k)}
    assert hexes and not hexes & spaces
    assert s.robber is None  # no desert face up: off the board until the first 7


def test_the_face_down_stacks_are_hidden_from_everyone() -> None:
    """Nobody sees the order of the face-down tiles and chips: every seat's view and the
    public image are the same in every world determinize draws, while those worlds deal
    the stacks in other orders; the view shows each empty space as unknown and how many
    tiles and chips are left."""
    s = _main(4, "hidden")
    v = GAME.view(s, None)
    assert v["face_down"] == [22, 7]
    assert all(v["hexes"][h][2:] == ["hidden", 0] for h in _spaces(s))
    assert "tiles" not in canon(v) and "extra" not in v
    rnd = random.Random(5)
    orders = {tuple(GAME.determinize(s, seat, rnd).extra["tiles"])
              for seat in (None, 0, 1) for _ in range(4)}
    assert len(orders) > 1

    def draw(view):
        return render.draw_board("seafarers", {**view, "names": ["A", "B", "C", "D"]})

    check_no_leak(GAME, s, 4, rnd, draw)


def test_what_is_still_face_down_is_counted_from_public_facts() -> None:
    s = _main(3, "count")
    e, d = _approach(s, "ship")
    _top(s, "mountain", 12)
    give(s, 0, wood=1, wool=1)
    act(s, 0, "ship", e=e)
    assert face_down_left(s) == Counter(s.extra["tiles"])
    w = GAME.determinize(s, None, random.Random(1))
    assert face_down_left(w) == face_down_left(s)


def test_oceans_is_won_at_12_victory_points() -> None:
    """"The game ends as soon as a player reaches 12 VP points.\""""
    s = _main(3, "win")
    e, d = _approach(s, "ship")
    _top(s, "brick", 5)
    s.special[0] = 11  # as if; no special VP exist here, the test only counts to 12
    give(s, 0, wood=2, wool=2, brick=1, grain=1)
    act(s, 0, "ship", e=e)
    act(s, 0, "settlement", c=d)
    assert GAME.result(s)["winners"] == [0]


def test_ai_plans_toward_an_empty_space_when_home_has_no_place_left() -> None:
    """With every free place of the main island taken, the AI's plan sails toward an empty
    space: the chance of land there (counted from the tiles known to be face down) is worth
    the ships."""
    s = _main(3, "ai-plan")
    b = s.board
    pirate = b.hex_edges[s.pirate]
    # a main-island corner two ships from an empty space
    a = next(a for h in range(len(b.hexes)) if layout(s.layout).hexes[h].get("starting_area")
             for a in b.hex_corners[h]
             if any(_touching(s, y) for e in b.corner_edges[a] if b.edge_sea[e]
                    and e not in pirate for x in b.edges[e] for f in b.corner_edges[x]
                    if b.edge_sea[f] and f not in pirate for y in b.edges[f]))
    s.buildings[a] = [0, 1]
    for c in range(len(b.corners)):
        if b.corner_land[c] and not _touching(s, c) and R.distance_ok(s, b, c):
            s.buildings[c] = [1, 1]
    assert AI.explore_value(s) == AI.EXPLORE_WORTH * 6 / 14  # 6 land tiles of 14
    p = AI.plan(s, 0)
    assert p is not None and p[2] == "ship"
    s.extra["tiles"] = ["sea"] * len(s.extra["tiles"])  # hidden: the plan cannot know
    assert AI.plan(GAME.clone(s), 0) == p


@pytest.mark.parametrize("n", [3, 4])
def test_ai_players_explore_and_win_at_12(n: int) -> None:
    s = _new(n, f"ai-oceans-{n}")
    spaces = len(_spaces(s))
    rnd = random.Random(n)
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rnd))
    assert max(GAME.result(s)["scores"]) >= 12 and s.round <= 60
    assert len(_spaces(s)) <= spaces - 3


def test_game_rules_explain_discovery() -> None:
    text = GAME.rules_text({"scenario": "oceans"})
    assert "Oceans" in text and "first to 12 victory points" in text
    assert "top tile is turned" in text and "No special victory points" in text


def test_a_place_beside_an_empty_space_names_it_as_the_image_shows_it() -> None:
    """The board image marks an empty space "?"; move labels call it "? (face down)"."""
    s = _main(3, "label")
    b = s.board
    h = _spaces(s)[0]
    assert R.hex_name(s, h).endswith("(? (face down))")
    f = next(f for f in b.hex_edges[h] if b.edge_sea[f] and len(b.edge_hexes[f]) == 2)
    assert edge_words(s, f) == "between ? (face down) and sea"
