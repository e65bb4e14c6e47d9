"""bench/bench_seafarers_heuristic.py: a second copy of the Seafarers heuristic, built from
its modules' text (as the bench builds an earlier revision's from ``git show``), plays
beside the package's own without taking its modules' places."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from bench import bench_seafarers_heuristic as bench
from engine import get_game
from engine.seafarers import ai, planner

ROOT = Path(__file__).resolve().parents[2]


def _copy():
    sources = {name: (ROOT / "engine/seafarers" / f"{name}.py").read_text()
               for name in bench.PLAYER_MODULES}
    return bench.player_from(sources, "copy")


def test_a_copy_brings_its_own_planner_and_leaves_the_packages_in_place() -> None:
    copy = _copy()
    assert copy is not ai and copy.planner is not planner
    assert copy.planner.__name__ == "engine.seafarers.planner_at_copy"
    assert sys.modules["engine.seafarers.planner"] is planner
    assert ai.planner is planner and sys.modules["engine.seafarers.ai"] is ai


def test_a_copy_of_the_same_text_plays_the_same_moves() -> None:
    copy = _copy()
    game = get_game("seafarers")
    s = game.setup(4, {"scenario": "classic"}, "copy")
    for step in range(600):
        if game.result(s) is not None:
            break
        seat = min(game.to_act(s))
        mine = ai.ai_action(s, seat, random.Random(step), "easy")
        theirs = copy.ai_action(s, seat, random.Random(step), "easy")
        assert (theirs.kind, theirs.args) == (mine.kind, mine.args)
        game.apply(s, seat, mine)
    assert 0.0 <= bench.play("classic", 3, 1, copy) <= 1.0
