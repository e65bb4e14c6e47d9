"""The Neuroshima images and their text twins, drawn from views only."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine.core import Action
from engine.neuroshima import GAME
from engine.neuroshima.board import BY_LABEL
from render import draw_board, draw_hand, text_board, text_hand
from render.neuroshima import draw_preview, text_preview
from tests.engine.neuroshima.helpers import MOLOCH, PIRATES, act, playing, put

NAMES = ["Anne Bonny", "Iron Moloch"]


def view_of(s: dict, seat: int | None) -> dict:
    return {**GAME.view(s, seat), "names": NAMES}


def midgame() -> dict:
    s = GAME.setup(2, {}, "render-mid")
    rng = random.Random(5)
    for _ in range(120):
        if GAME.result(s):
            break
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    return s


def test_board_is_a_png_of_board_and_panel() -> None:
    png = draw_board("neuroshima", view_of(midgame(), None))
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.width > 900 and len(png) < 500_000


def test_board_image_depends_only_on_the_public_view() -> None:
    s = midgame()
    world = GAME.determinize(s, None, random.Random(9))
    assert draw_board("neuroshima", view_of(s, None)) == draw_board("neuroshima",
                                                                    view_of(world, None))


def test_a_wound_or_a_net_changes_the_picture() -> None:
    s = playing(hands=[[], []])
    put(s["board"], "c2", "p_smuggler", PIRATES, 0)
    plain = draw_board("neuroshima", view_of(s, None))
    s["board"][BY_LABEL["c2"]][3] = 1
    wounded = draw_board("neuroshima", view_of(s, None))
    put(s["board"], "c1", "m_net_fighter", MOLOCH, 3)  # nets c2 (south)
    netted = draw_board("neuroshima", view_of(s, None))
    assert len({plain, wounded, netted}) == 3


def test_text_board_names_every_tile_the_hqs_and_the_last_battle() -> None:
    s = playing(hands=[["p_battle", "p_smuggler"], []])
    put(s["board"], "c2", "p_smuggler", PIRATES, 3)
    act(s, PIRATES, "battle", tile="p_battle")
    text = text_board("neuroshima", view_of(s, None))
    assert "Anne Bonny" in text and "Iron Moloch" in text
    assert "`c3` Moloch HQ" in text and "toughness 18" in text
    assert "HQ **20**/20" in text and "HQ **18**/20" in text
    assert "Battle 1" in text and "Initiative 0: 1 hits, 1 wounds; removed Smuggler c2" in text


def test_hand_image_and_text_show_the_seats_tiles() -> None:
    s = playing(hands=[["p_smuggler", "p_wave"], []])
    png = draw_hand("neuroshima", view_of(s, PIRATES))
    assert Image.open(io.BytesIO(png)).format == "PNG"
    assert text_hand("neuroshima", view_of(s, PIRATES)) == "Your hand: Smuggler, Wave."
    with pytest.raises(ValueError):
        draw_hand("neuroshima", view_of(s, None))


def test_the_last_battle_is_drawn_phase_by_phase_and_as_a_gif() -> None:
    from render.neuroshima import draw_battle_frames, draw_battle_gif

    s = playing(hands=[["p_battle"], []])
    put(s["board"], "c2", "p_smuggler", PIRATES, 3)  # hits the HQ at 2, the HQ hits back at 0
    assert draw_battle_gif(view_of(s, None)) == b""
    act(s, PIRATES, "battle", tile="p_battle")
    frames = draw_battle_frames(view_of(s, None))
    assert len(frames) == 3  # initiative 2, initiative 0, the board after the Drift
    assert len(set(frames)) == 3
    gif = Image.open(io.BytesIO(draw_battle_gif(view_of(s, None))))
    assert gif.format == "GIF" and gif.n_frames == 3


# -- the private preview of a placement (issue 14) ---------------------------------------------


def _after(s: dict, seat: int, action: Action) -> dict:
    """The seat's view after ``action``, played on a copy as the panel does."""
    copy = GAME.clone(s)
    GAME.apply(copy, seat, action)
    return view_of(copy, seat)


def test_a_preview_shows_the_tile_placed_and_framed_and_says_it_is_not_played() -> None:
    s = playing(hands=[["p_smuggler", "p_harpoon"], []])
    move = Action("place", {"tile": "p_smuggler", "space": "c4", "rot": 3})
    before, after = view_of(s, PIRATES), _after(s, PIRATES, move)
    caption = "Preview, not played yet: Place Smuggler on c4, top edge S."
    png = draw_preview(before, after, ["c4"], caption)
    assert Image.open(io.BytesIO(png)).format == "PNG"
    assert png != draw_preview(before, after, [], caption)  # the frame shows
    assert png != draw_preview(before, None, ["c4"], caption)  # the tile shows
    text = text_preview(before, after, ["c4"], caption)
    assert text.startswith(caption)
    assert "`c4` Smuggler (Anne Bonny): top edge S" in text
    assert s["board"][BY_LABEL["c4"]] is None  # the real game is untouched


def test_a_preview_never_shows_a_tile_the_move_would_draw() -> None:
    """The second HQ starts the first turn, which draws a tile from a hidden pile: the
    preview is the same whatever the pile's order."""
    s = GAME.setup(2, {}, "preview-draw")
    GAME.apply(s, PIRATES, Action("hq", {"space": "W1", "rot": 0}))
    move = Action("hq", {"space": "c3", "rot": 0})
    pictures, twins = set(), set()
    for k in range(4):
        world = GAME.determinize(s, MOLOCH, random.Random(k))
        before, after = view_of(world, MOLOCH), _after(world, MOLOCH, move)
        pictures.add(draw_preview(before, after, ["c3"], "Preview"))
        twins.add(text_preview(before, after, ["c3"], "Preview"))
    assert len(pictures) == 1 and len(twins) == 1
