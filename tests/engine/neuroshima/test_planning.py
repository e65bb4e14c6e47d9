"""What the engine tells the panel about a turn planned before it is played (issue 22): the
placements after the forced discard or after tiles planned, read from a view as from the
state; the facing suggested for a tile and what it would reach; the picture of the tiles
planned, nets worked out."""

from __future__ import annotations

import random

from engine.core import Action
from engine.neuroshima import GAME
from engine.neuroshima.board import LABELS, STANDARD
from engine.neuroshima.hints import best_facing, reach
from engine.neuroshima.rules import PLACEABLE, battles_allowed, free_placements
from engine.neuroshima.tiles import TILES
from engine.neuroshima.view import board_of, with_placed

from .helpers import MOLOCH, PIRATES, empty_board, playing, put, sp


def _occupied(s: dict) -> set[int]:
    return {i for i, u in enumerate(s["board"]) if u is not None}


def test_free_placements_are_the_placements_the_engine_lists_in_random_games() -> None:
    """Section 2.3: an empty space of the tile's kind, any facing; the Bossman's Boarding
    only while a battle may start and not on the last standard space."""
    checked = 0
    for game in range(6):
        s = GAME.setup(2, {}, f"plan-{game}")
        rng = random.Random(game)
        while GAME.result(s) is None:
            seat = min(GAME.to_act(s))
            actions = GAME.legal_actions(s, seat)
            if s["phase"] == "play":
                view = GAME.view(s, seat)
                assert battles_allowed(view, seat) == battles_allowed(s, seat)
                for key in set(s["hands"][seat]):
                    if TILES[key]["kind"] not in PLACEABLE:
                        continue
                    listed = [dict(a.args) for a in actions
                              if a.kind == "place" and a.args["tile"] == key]
                    free = [dict(args) for _, args in
                            free_placements(key, _occupied(s), battles_allowed(s, seat))]
                    assert sorted(map(str, free)) == sorted(map(str, listed))
                    checked += 1
            GAME.apply(s, seat, rng.choice(actions))
    assert checked > 100


def test_after_the_forced_discard_the_others_go_where_the_play_phase_lists() -> None:
    """Holding 3, the discard comes first (section 2.2); the planner lists the placements
    that follow it without playing it."""
    s = playing(hands=[["p_smuggler", "p_motorboat", "p_bossman"], []])
    s["phase"], s["turn_no"] = "discard", 4
    assert {a.kind for a in GAME.legal_actions(s, PIRATES)} == {"discard"}
    planned = {str(args) for k in ("p_smuggler", "p_bossman")
               for _, args in free_placements(k, _occupied(s), battles_allowed(s, PIRATES))}
    GAME.apply(s, PIRATES, Action("discard", {"tile": "p_motorboat"}))
    listed = {str(dict(a.args)) for a in GAME.legal_actions(s, PIRATES) if a.kind == "place"}
    assert planned == listed


def test_the_last_standard_space_takes_a_tile_but_no_boarding() -> None:
    """Q20 (settled by the rulebook): no Boarding when the Bossman fills the board."""
    board = empty_board()
    for i in STANDARD[:-1]:
        put(board, LABELS[i], "m_blocker", MOLOCH)
    last = STANDARD[-1]
    taken = _occupied({"board": board})
    spaces = {args["space"] for _, args in free_placements("p_bossman", taken, True)}
    assert spaces == {LABELS[last]}
    assert not any(args.get("boarding") for _, args in free_placements("p_bossman", taken, True))
    assert free_placements("p_bossman", taken | {last}, True) == []
    assert free_placements("p_battle", set(), True) == []  # an instant is never placed


def test_the_view_holds_the_tables_options() -> None:
    s = playing(grab_hq=False)
    assert GAME.view(s, None)["opts"]["grab_hq"] is False


def test_a_tile_is_turned_to_hit_what_it_can_reach() -> None:
    """The Bossman's one melee edge is front-left (edge 5): below the Moloch HQ on c3, he
    is turned NE so that edge points N, at the HQ."""
    s = playing()  # the Moloch HQ on c3
    rot = best_facing(s["board"], PIRATES, "p_bossman", sp("c4"))
    assert rot == 1
    assert reach(s["board"], sp("c4"), ["p_bossman", PIRATES, rot, 0, 0]) == [sp("c3")]


def test_with_nothing_in_reach_a_tile_points_its_weapons_at_the_enemy_hq() -> None:
    """A Ripper (melee front) on a2, the Pirates HQ on W1 to the north-east: turned NE."""
    s = playing(hq_p="W1")
    assert reach(s["board"], sp("a2"), ["m_ripper", MOLOCH, 1, 0, 0]) == []
    assert best_facing(s["board"], MOLOCH, "m_ripper", sp("a2")) == 1


def test_an_hq_never_reaches_the_enemy_hq() -> None:
    """rules/neuroshima.md 2.7, HQ vs HQ: an HQ never wounds the enemy HQ."""
    board = empty_board()
    put(board, "a1", "m_hq", MOLOCH)
    put(board, "W11", "p_hq", PIRATES)
    put(board, "W10", "p_motorboat", PIRATES)
    assert reach(board, sp("a1"), board[sp("a1")]) == [sp("W10")]


def test_the_picture_of_a_plan_puts_the_tiles_down_and_works_out_the_nets() -> None:
    """A Fisherman planned on W11 turned S nets the Guard on a1 (section 2.9)."""
    s = playing(hq_p="W1")
    put(s["board"], "a1", "m_guard", MOLOCH)
    view = GAME.view(s, PIRATES)
    assert board_of(view)[sp("a1")][:4] == ["m_guard", MOLOCH, 0, 0]
    planned = with_placed(view, PIRATES, [("p_fisherman", "W11", 3)])
    units = {u["space"]: u for u in planned["board"]}
    assert units["W11"]["tile"] == "p_fisherman" and units["W11"]["rot"] == 3
    assert units["a1"]["netted"] and not {u["space"]: u for u in view["board"]}["a1"]["netted"]
