"""The view's ``places``: the corners the board image numbers, those where the player on
turn could put a piece now (render/seafarers/hexmap.py draws no other corner number)."""

from __future__ import annotations

import random

import pytest

from engine.seafarers import GAME
from engine.seafarers.scenario_rules import SCENARIOS

from .helpers import give


def _corners_of(s, actions) -> set[int]:
    b = s.board
    out: set[int] = set()
    for a in actions:
        if "c" in a.args:
            out.add(a.args["c"])
        for key in ("e", "to"):
            if key in a.args:
                out.update(b.edges[a.args[key]])
    return out


def test_while_founding_the_numbers_are_the_start_spots_then_the_routes_ends() -> None:
    s = GAME.setup(4, {}, "places-start")
    assert GAME.view(s, None)["places"] == sorted(_corners_of(s, GAME.legal_actions(s, 0)))
    GAME.apply(s, 0, GAME.legal_actions(s, 0)[0])
    assert set(GAME.view(s, None)["places"]) == _corners_of(s, GAME.legal_actions(s, 0))


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_every_place_a_move_names_is_numbered_whatever_the_hand(sid: str) -> None:
    """Later in a game, with a hand that pays for anything, every corner a build or ship
    move names is in ``places``; and ``places`` is the same with an empty hand (it tells
    nothing of the hand)."""
    s = GAME.setup(4, {"scenario": sid}, f"places-{sid}")
    rnd = random.Random(2)
    while s.round < 8 and GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rnd))
    while s.phase != "main":
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rnd))
    p = s.turn
    empty = GAME.view(s, None)["places"]
    give(s, p, wood=3, brick=2, wool=2, grain=3, ore=3)
    numbered = set(GAME.view(s, None)["places"])
    assert numbered == set(empty)
    moves = [a for a in GAME.legal_actions(s, p)
             if a.kind in ("road", "ship", "settlement", "move_ship")]
    assert moves and _corners_of(s, moves) <= numbered


def test_nothing_is_numbered_once_the_game_is_over() -> None:
    s = GAME.setup(3, {}, "over")
    s.phase = "over"
    assert GAME.view(s, None)["places"] == []
