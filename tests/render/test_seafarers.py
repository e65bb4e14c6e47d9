"""Seafarers images and their text twins, drawn from views only."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import render
from engine.seafarers import GAME

NAMES = ["Anne", "Bart", "Cora", "Dirk"]


def _game(seed: str = "render", moves: int = 400):
    s = GAME.setup(4, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.result(s) is not None:
            break
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    return s


def _view(s, seat):
    v = GAME.view(s, seat)
    v["names"] = NAMES
    return v


def test_the_board_is_a_png_and_the_same_from_any_seat() -> None:
    s = _game()
    public = render.draw_board("seafarers", _view(s, None))
    assert public.startswith(b"\x89PNG")
    for seat in range(4):
        assert render.draw_board("seafarers", _view(s, seat)) == public
    img = Image.open(io.BytesIO(public))
    assert img.width >= 1000 and img.height >= 600


def test_pieces_change_the_board_image() -> None:
    s = GAME.setup(3, {}, "pieces")
    before = render.draw_board("seafarers", _view(s, None))
    a = GAME.legal_actions(s, 0)[0]
    GAME.apply(s, 0, a)
    after = render.draw_board("seafarers", _view(s, None))
    assert before != after


def test_the_text_board_names_players_points_cards_and_holders() -> None:
    s = _game("text", 900)
    text = render.text_board("seafarers", _view(s, None))
    for name in NAMES:
        assert name in text
    assert "VP" in text and "development cards" in text
    if s.road_holder is not None:
        assert "Longest Trade Route" in text
    assert "{p" not in text and "{name}" not in text


def test_the_hand_shows_resources_cards_what_to_build_and_harbours() -> None:
    s = _game("hand", 300)
    v = _view(s, 1)
    text = render.text_hand("seafarers", v)
    assert "Resources:" in text and "Development cards:" in text
    assert "You can build now:" in text and "trade ratios" in text
    assert render.draw_hand("seafarers", v).startswith(b"\x89PNG")


def test_a_hand_is_never_drawn_from_a_public_view() -> None:
    s = _game("nohand", 50)
    with pytest.raises(ValueError):
        render.draw_hand("seafarers", _view(s, None))


def test_hex_names_on_the_image_are_those_of_the_robber_moves() -> None:
    from engine.seafarers.rules import hex_name as engine_name
    from render.seafarers.board import hex_name

    s = GAME.setup(3, {}, "names")
    for i, (q, r) in enumerate(s.board.hexes):
        assert engine_name(s, i).split(" ")[0] == hex_name(q, r)


def test_terrain_words_on_the_image_are_those_of_the_move_labels() -> None:
    """A label's "ore 6" is the hex the image marks ORE with a 6 (the sea, blue, carries its
    hex name only)."""
    from engine.seafarers.board import TERRAIN_WORDS
    from render.seafarers.board import TERRAIN

    assert set(TERRAIN) == set(TERRAIN_WORDS)
    for terrain, (_, word) in TERRAIN.items():
        if terrain == "sea":
            assert word == ""
        else:
            assert word.casefold() == TERRAIN_WORDS[terrain].casefold(), terrain


@pytest.mark.parametrize(("sid", "n"), [("classic", 3), ("four_islands", 3),
                                        ("four_islands", 4)])
def test_every_scenario_draws_its_board(sid: str, n: int) -> None:
    s = GAME.setup(n, {"scenario": sid}, "draw")
    png = render.draw_board("seafarers", _view(s, None))
    img = Image.open(io.BytesIO(png))
    assert png.startswith(b"\x89PNG") and img.width >= 900 and len(png) < 500_000
    assert sid.split("_")[0].title() in render.text_board("seafarers", _view(s, None))
