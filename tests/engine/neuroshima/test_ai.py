"""The Neuroshima computer player: legal moves, sensible choices on hand-built boards, and
wins against random play (the issue asks for more than 90%)."""

from __future__ import annotations

import random

from engine.ai import choose
from engine.neuroshima import GAME
from engine.neuroshima.ai import ai_plans, battle_outcome, evaluate, threat
from engine.neuroshima.battle import resolve
from engine.neuroshima.board import LINE, is_water

from .helpers import MOLOCH, PIRATES, act, empty_board, playing, put, sp


def play_vs_random(level: str, games: int) -> int:
    wins = 0
    for g in range(games):
        ai_seat = g % 2
        s = GAME.setup(2, {} if g % 4 < 2 else {"armies": "moloch-pirates"}, f"ai-{level}-{g}")
        rng = random.Random(g)
        while GAME.result(s) is None:
            seat = min(GAME.to_act(s))
            if seat == ai_seat:
                action = GAME.ai_action(s, seat, rng, level)
            else:
                action = rng.choice(GAME.legal_actions(s, seat))
            GAME.apply(s, seat, action)
        wins += GAME.result(s)["winners"] == [ai_seat]
    return wins


def test_the_quick_player_beats_random_play_with_both_armies() -> None:
    assert play_vs_random("easy", 12) >= 11


def test_the_simulating_player_beats_random_play_with_both_armies() -> None:
    assert play_vs_random("normal", 6) >= 6


def test_moloch_builds_on_the_centre_hex() -> None:
    s = GAME.setup(2, {}, "ai-hq")
    act(s, PIRATES, "hq", space="W1", rot=0)
    assert GAME.ai_action(s, MOLOCH, random.Random(1), "easy").args["space"] == "c3"


def test_the_pirates_hq_is_turned_to_fire_into_the_board() -> None:
    s = GAME.setup(2, {}, "ai-hq-p")
    a = GAME.ai_action(s, PIRATES, random.Random(1), "easy")
    d = (1 + a.args["rot"]) % 6  # the direction of its ranged edge
    assert len([n for n in LINE[sp(a.args["space"])][d] if not is_water(n)]) >= 4


def test_a_unit_facing_the_enemy_hq_is_worth_more_than_one_facing_nothing() -> None:
    b = empty_board()
    put(b, "c3", "m_hq", MOLOCH, 0)
    facing = [["p_smuggler", PIRATES, 3, 0, 1]]  # melee edge 0 faces south: c3 from c2
    away = [["p_smuggler", PIRATES, 0, 0, 1]]
    assert threat(b, sp("c2"), facing[0]) > threat(b, sp("c2"), away[0])


def test_both_levels_place_the_tile_that_hits_the_hq() -> None:
    for level in ("easy", "normal"):
        s = playing(hands=[["p_smuggler"], []])
        a = GAME.ai_action(s, PIRATES, random.Random(2), level)
        assert a.kind == "place"
        b = [None if u is None else list(u) for u in s["board"]]
        put(b, a.args["space"], "p_smuggler", PIRATES, a.args["rot"])
        battle_b = [None if u is None else list(u) for u in b]
        resolve(battle_b, {})
        assert battle_b[sp("c3")][3] >= 1, level  # its attack reaches the Moloch HQ


def test_the_simulating_player_plays_a_battle_that_wins() -> None:
    s = playing(hands=[["p_battle"], []])
    s["board"][sp("c3")][3] = 19
    put(s["board"], "c2", "p_smuggler", PIRATES, 3)
    assert GAME.ai_action(s, PIRATES, random.Random(1), "normal").kind == "battle"
    assert battle_outcome(s["board"], {}, PIRATES, PIRATES) == 100.0


def test_evaluate_is_between_zero_and_one_and_favours_the_stronger_hq() -> None:
    s = playing(hands=[[], []])
    s["board"][sp("c3")][3] = 10
    assert 0.5 < evaluate(s, PIRATES) <= 1.0 and 0.0 <= evaluate(s, MOLOCH) < 0.5


def test_the_platform_search_levels_give_legal_moves() -> None:
    s = playing(hands=[["p_smuggler", "p_battle"], ["m_cyborg"]])
    for level in ("random", "easy", "normal"):
        a = choose(GAME, s, PIRATES, random.Random(3), level)
        assert a in GAME.legal_actions(s, PIRATES)


def test_the_search_weighs_the_simulating_players_move_first_then_its_best_others() -> None:
    s = playing(hands=[["p_smuggler", "p_battle"], []])
    plans = ai_plans(s, PIRATES, random.Random(4))
    firsts = [p[0] for p in plans]
    assert firsts[0] == GAME.ai_action(s, PIRATES, random.Random(4), "normal")
    assert {"battle", "end"} <= {a.kind for a in firsts}
    assert len(set(firsts)) == len(firsts)
    assert all(a in GAME.legal_actions(s, PIRATES) for a in firsts)
    # the placements offered are the ones whose battle hits the Moloch HQ hardest
    hq_after = []
    for a in (a for a in firsts if a.kind == "place"):
        b = [None if u is None else list(u) for u in s["board"]]
        put(b, a.args["space"], a.args["tile"], PIRATES, a.args["rot"])
        resolve(b, {})
        hq_after.append(b[sp("c3")][3])
    assert hq_after and min(hq_after) >= 1


def test_the_search_compares_single_moves_outside_the_play_phase() -> None:
    s = GAME.setup(2, {}, "ai-plans-hq")
    assert ai_plans(s, PIRATES, random.Random(1)) is None
