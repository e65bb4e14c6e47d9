"""The Neuroshima images and their text twins, drawn from views only."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.core import Action
from engine.neuroshima import GAME
from engine.neuroshima.board import BY_LABEL
from engine.neuroshima.tiles import TILES
from render import draw_board, draw_hand, text_board, text_hand
from render import headline as hl
from render.neuroshima import battle_frames, draw_preview, text_preview
from render.neuroshima import tiles as T
from render.neuroshima.battle import _as_board
from render.neuroshima.board import (
    BANNER_FILL,
    KEY,
    MAX_H,
    OX,
    OY,
    _units,
    header_of,
    new_canvas,
)
from render.neuroshima.board import layout as board_layout
from render.neuroshima.common import centre
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
    assert img.format == "PNG" and len(png) < 500_000
    # issue 22 replaced "the smallest text stays 10 px at 550 px wide" (a portrait board
    # 746 px wide): Discord fits the board into about 400 x 300, so the board is landscape
    # and its key lines keep capitals 7 px tall there (test_inline_box.py measures them)
    assert img.height < img.width and img.height <= MAX_H
    assert hl.cap_height(KEY) * hl.inline_scale(*img.size) >= hl.KEY_CAP


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
    text = text_hand("neuroshima", view_of(s, PIRATES))
    assert text.startswith("Your hand: Smuggler, Wave.")
    assert "- **Smuggler** (unit): Initiative 2; melee 2 front and back-right; ranged 1 " \
        "front-right." in text
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


# -- the images' known defects (issue 14) --------------------------------------------------


def finished() -> dict:
    """A random game played to its end."""
    s = GAME.setup(2, {}, "render-end")
    rng = random.Random(11)
    while not GAME.result(s):
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    return s


def _written(key: str) -> Image.Image:
    """Every letter the board may write on a tile (its lines, the widest labels, a wound
    badge) as a mask the size of the tile."""
    mask = Image.new("L", (T.PIECE_W, T.PIECE_H), 0)
    d = ImageDraw.Draw(mask)
    for line in T.text_layout(key)[0]:
        samples = {"label": list(T.LABEL_SAMPLES), "hq": ["20"]}.get(line.role, [line.text])
        for text in samples:
            d.text((T.PIECE_W / 2, line.y), text, font=line.font, fill=255, anchor="mm")
        if line.role == "label":
            d.rectangle(T.label_box(line, "e3", True), outline=255)  # the wound badge
    return mask


def _marks(key: str, rot: int) -> Image.Image:
    big = T.marks_mask(key, rot)
    return big.resize((T.PIECE_W, T.PIECE_H), Image.Resampling.BOX).point(
        lambda v: 255 if v else 0)


@pytest.mark.parametrize("key", sorted(TILES))
def test_every_tile_is_named_in_full_inside_its_hex(key: str) -> None:
    lines, clear = T.text_layout(key)
    names = [line for line in lines if line.role == "name"]
    written = " ".join(line.text for line in names).replace("- ", "-").replace(" ≈", "")
    assert written == T.display_name(key)
    assert all(line.size >= 14 for line in lines) and clear
    for line in lines:  # inside the hex's width at its height
        x0, _, x1, _ = line.box(T.LABEL_SAMPLES[0] if line.role == "label" else None)
        assert 0 < x0 and x1 < T.PIECE_W


@pytest.mark.parametrize("key", sorted(k for k in TILES if TILES[k]["kind"] != "instant"))
def test_no_name_label_or_wound_badge_covers_a_printed_mark(key: str) -> None:
    written = _written(key)
    for rot in range(6):
        overlap = ImageChops.multiply(written, _marks(key, rot))
        assert overlap.getbbox() is None, (key, rot, overlap.getbbox())


def test_the_old_cut_names_are_gone_from_the_board() -> None:
    s = playing(hands=[[], []])
    put(s["board"], "b1", "p_smuggler", PIRATES, 0)
    put(s["board"], "d1", "m_armored_hunter", MOLOCH, 0)
    lines = T.name_lines("m_armored_hunter") + T.name_lines("p_smuggler")
    assert lines == ["Armored", "Hunter", "Smuggler"]
    assert "A.Hunter" not in text_board("neuroshima", view_of(s, None))


def test_a_finished_game_has_a_game_over_banner_and_a_running_one_none() -> None:
    over = view_of(finished(), None)
    running = view_of(playing(hands=[["p_battle"], []]), None)
    assert GAME.result(finished()) and "banner" not in board_layout(running)
    box = board_layout(over)["banner"]
    img = Image.open(io.BytesIO(draw_board("neuroshima", over))).convert("RGB")
    x0, y0, x1, y1 = box
    inside = img.crop((x0 + 6, y0 + 6, x1 - 6, y1 - 6))
    red = sum(n for n, c in inside.getcolors(1 << 16)
              if max(abs(a - b) for a, b in zip(c, BANNER_FILL, strict=True)) < 16)
    # mostly the banner's red (as the palette quantizes it), with the gold title on it
    assert red > inside.width * inside.height // 2
    assert text_board("neuroshima", over).splitlines()[1].startswith("**☠ Game over:")


def test_the_panel_beside_the_board_has_no_empty_half() -> None:
    """Every band of the panel holds writing: the panel is as tall as what it says (it
    stands beside the board since issue 22, so the picture may reach lower)."""
    view = view_of(midgame(), None)
    img = Image.open(io.BytesIO(draw_board("neuroshima", view))).convert("L")
    x0, y0, x1, y1 = board_layout(view)["panel"]
    assert y1 <= img.height and x0 >= board_layout(view)["board"][2]
    for top in range(y0 + 10, y1 - 60, 60):
        band = img.crop((x0, top, x1, top + 60))
        assert band.point(lambda v: 255 if v < 120 else 0).getbbox() is not None, top


def test_battle_arrows_tags_and_crosses_leave_every_name_readable() -> None:
    """Each phase picture, with its arrows, wound tags and crosses, has the same pixels
    inside every tile's written middle as the same board without them."""
    s = finished()
    view = view_of(s, None)
    battle = view["last_battle"]
    frames = battle_frames(view)
    for rec, frame in zip(battle["phases"], frames, strict=False):
        plain = new_canvas(frame.height)
        units = _as_board(rec["units"])
        _units(plain, {**view, "board": units})
        for u in units:
            cx, cy = centre(u["space"], OX, OY)
            x, y = cx - T.PIECE_W / 2, cy - T.PIECE_H / 2
            for line in T.text_layout(u["tile"])[0]:
                if line.role != "name":
                    continue
                bx0, by0, bx1, by1 = line.box()
                crop = (int(x + bx0), int(y + by0), int(x + bx1) + 1, int(y + by1) + 1)
                assert frame.crop(crop).tobytes() == plain.crop(crop).tobytes(), u
    assert len({f.size for f in frames}) == 1  # one size, for the GIF


def test_the_hand_says_what_each_tile_does_in_the_guides_words() -> None:
    s = playing(hands=[["p_saboteur", "p_harpoon", "p_wave"], []])
    text = text_hand("neuroshima", view_of(s, PIRATES))
    assert "- **Saboteur** (module): -1 initiative to connected enemies." in text
    assert "- **Harpoon** (unit): Initiative 2; melee 2 back-right; ranged 1 back-left; " \
        "Drift; Grab: " in text
    assert "- **Wave** (instant action): 1 wound to every unit in 3 outer-ring spaces" in text


def test_the_hand_image_grows_a_row_per_tile() -> None:
    one = playing(hands=[["p_saboteur"], []])
    three = playing(hands=[["p_saboteur", "p_harpoon", "p_wave"], []])
    small = Image.open(io.BytesIO(draw_hand("neuroshima", view_of(one, PIRATES))))
    big = Image.open(io.BytesIO(draw_hand("neuroshima", view_of(three, PIRATES))))
    assert big.height - small.height >= 2 * T.PIECE_H and small.width == big.width <= 760


def test_the_header_never_numbers_a_turn_below_1_while_the_hqs_go_down() -> None:
    """The engine numbers both HQ placements -2 and the first turn 0 (its draws depend on
    it); the board says "Placing the HQs", then "Turn 1", "Turn 2"..."""
    s = GAME.setup(2, {}, "render-turns")
    said = [header_of(view_of(s, None)).info]
    act(s, PIRATES, "hq", space="W1", rot=0)
    said.append(header_of(view_of(s, None)).info)
    before = view_of(s, MOLOCH)
    act(s, MOLOCH, "hq", space="c3", rot=0)
    # the preview of the second HQ still says the HQs are going down
    said.append(header_of(before).info)
    said.append(header_of(view_of(s, None)).info)
    act(s, PIRATES, "end")
    said.append(header_of(view_of(s, None)).info)
    assert said == ["Placing the HQs"] * 3 + ["Turn 1", "Turn 2"]
