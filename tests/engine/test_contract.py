"""The Game contract, checked for every registered game at every player count."""

from __future__ import annotations

import pytest

import render
from engine import GAMES
from tests.contract import canon, check_no_leak, option_sets, play_random, replay

CASES = [
    (gid, n)
    for gid, game in sorted(GAMES.items())
    for n in range(game.min_players, game.max_players + 1)
]


@pytest.mark.parametrize(("game_id", "n"), CASES)
def test_random_playouts_end_and_keep_the_contract(game_id: str, n: int) -> None:
    game = GAMES[game_id]
    for i, options in enumerate(option_sets(game, n)):
        for k in range(2):
            play_random(game, n, f"contract-{game_id}-{n}-{i}-{k}", options)


@pytest.mark.parametrize(("game_id", "n"), CASES)
def test_replay_of_the_action_log_equals_the_live_state(game_id: str, n: int) -> None:
    game = GAMES[game_id]
    seed = f"replay-{game_id}-{n}"
    state, log = play_random(game, n, seed, {}, check_every=10_000)
    assert canon(game.dump(replay(game, n, seed, {}, log))) == canon(game.dump(state))


@pytest.mark.parametrize(("game_id", "n"), CASES)
def test_views_reveal_nothing_hidden_and_public_png_is_the_same(game_id: str, n: int) -> None:
    game = GAMES[game_id]

    def draw(view: dict) -> bytes:
        return render.draw_board(game_id, {**view, "names": [f"Captain {i}" for i in range(n)]})

    play_random(game, n, f"leak-{game_id}-{n}", {}, check_every=10_000, leak_every=7)
    # and the public image, at a few points of another game
    play_random(game, n, f"leak-png-{game_id}-{n}", {}, check_every=10_000, leak_every=97,
                draw_public=draw)


def test_unknown_option_is_refused_with_what_is_allowed() -> None:
    for game in GAMES.values():
        with pytest.raises(ValueError, match="options are"):
            game.setup(game.min_players, {"no-such-option": 1}, "s")


def test_setup_with_no_options_starts_the_standard_game() -> None:
    for game in GAMES.values():
        a = game.setup(game.min_players, {}, "same-seed")
        b = game.setup(game.min_players, {}, "same-seed")
        assert canon(game.dump(a)) == canon(game.dump(b))


def test_check_no_leak_is_a_real_check() -> None:
    """The leak check fails for a view that shows what the seat cannot know."""
    game = GAMES["all-hands"]
    state = game.setup(3, {}, "leaky")

    class Leaky:
        def __getattr__(self, name):
            return getattr(game, name)

        def view(self, s, seat):
            v = game.view(s, seat)
            v["peek"] = game.dump(s)  # everything, hands of others included
            return v

    import random

    with pytest.raises(AssertionError):
        check_no_leak(Leaky(), state, 3, random.Random(1))
