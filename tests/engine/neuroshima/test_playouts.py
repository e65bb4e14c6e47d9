"""Random games to the end with the contract checked on the way (tests/contract.py), and the
tiles of each army always 35: piles, hands, discards, board, destroyed and the HQ."""

from __future__ import annotations

import random

import pytest

from engine.neuroshima import GAME
from engine.neuroshima.tiles import TILES
from tests.contract import canon, check_no_leak, play_random, replay

OPTION_SETS = [{}] + [
    {name: value} for name, spec in GAME.options.items() for value in spec.values
    if value != spec.default
]


def tiles_accounted(s: dict) -> list[int]:
    out = []
    for seat in (0, 1):
        used_instants = sum(1 for k in s["discards"][seat])
        on_board = sum(1 for u in s["board"] if u is not None and u[1] == seat)
        out.append(len(s["piles"][seat]) + len(s["hands"][seat]) + used_instants + on_board
                   + s["lost"][seat])
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: canon(o))
def test_random_games_end_and_keep_the_contract(options: dict) -> None:
    play_random(GAME, 2, f"nh-{canon(options)}", options, check_every=5)


def test_every_tile_is_somewhere_at_every_step() -> None:
    for k in range(4):
        s = GAME.setup(2, {}, f"count-{k}")
        rng = random.Random(k)
        while GAME.result(s) is None:
            seat = min(GAME.to_act(s))
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            hqs = sum(1 for u in s["board"] if u and TILES[u[0]]["kind"] == "hq")
            if hqs == 2 or s["lost"] != [0, 0]:
                assert tiles_accounted(s) == [35, 35]


def test_replay_of_the_action_log_rebuilds_the_state() -> None:
    state, log = play_random(GAME, 2, "nh-replay", {}, check_every=10_000)
    assert canon(GAME.dump(replay(GAME, 2, "nh-replay", {}, log))) == canon(GAME.dump(state))


def test_views_reveal_nothing_hidden() -> None:
    play_random(GAME, 2, "nh-leak", {}, check_every=10_000, leak_every=5)
    s = GAME.setup(2, {}, "nh-leak-2")
    check_no_leak(GAME, s, 2, random.Random(1))
