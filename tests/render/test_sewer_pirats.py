"""The Sewer Pirats images and their text twins, from views of real positions."""

from __future__ import annotations

import io
import math
import random

import pytest
from PIL import Image, ImageDraw

from engine.sewer_pirats import GAME
from engine.sewer_pirats.ai import ai_action
from render import headline as hl
from render import sewer_pirats as sp
from render.sewer_pirats import board as spb
from render.sewer_pirats import pieces
from render.sewer_pirats.common import BONUS_HINT, SHAPES, TOKEN_SHORT, TRIBE_LETTER
from tests.engine.sewer_pirats.helpers import act, position

NAMES = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read", "Ching Shih"]
MAX_BYTES = 300 * 1024


def played(n: int, variant: str, steps: int, seed: str = "render") -> object:
    s = GAME.setup(n, {"variant": variant}, seed)
    rng = random.Random(3)
    for _ in range(steps):
        if GAME.result(s) is not None:
            break
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, ai_action(s, seat, rng))
    return s


def view(s: object, seat: int | None = None) -> dict:
    v = GAME.view(s, seat)
    v["names"] = NAMES[: v["n"]]
    return v


def sailing_state() -> object:
    s = position(4, ships={"fish": [None, (0, "cockroach"), (1, "rat"), (2, "cockroach")]},
                 groups={"fish": [["fries-3", "doll-4", "can-8", "milkshake"],
                                  ["fries-1", "can-6", "burger-4", "ketchup"]],
                         "cat": [["noodles-1", "noodles-2", "burger-2", "chili"]] * 2,
                         "bird": [["fries-2", "fries-2", "teddy-5", "ketchup"]]},
                 treasure={1: ["can-9", "opener", "parrot"]}, turn=2, hands={1: "cat bird"})
    act(s, 2, "sail", ship="fish")
    act(s, 2, "seize", token="can-8")
    return s


STATES = {
    "start-4": lambda: played(4, "standard", 0),
    "middle-5": lambda: played(5, "standard", 70),
    "over-3": lambda: played(3, "standard", 5000),
    "auction-3": lambda: played(3, "auction", 6),
    "tribes-2": lambda: played(2, "landlubber", 1),
    "landlubber-2": lambda: played(2, "landlubber", 40),
    "sailing-4": sailing_state,
}


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize("name", STATES)
def test_board_is_a_small_palette_png_at_every_phase(name: str) -> None:
    data = sp.draw_board(view(STATES[name]()))
    img = png(data)
    assert img.format == "PNG" and img.mode == "P"
    assert img.width == sp.BOARD_W and img.height < img.width  # landscape (issue 22)
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize("name", STATES)
def test_the_key_lines_are_set_to_read_in_discords_inline_box(name: str) -> None:
    """Issue 22 replaced "the smallest text stays 10 px at 550 px wide" (a portrait board
    740 px wide): Discord fits the board into about 400 x 300, so the board is landscape
    and its key lines are set so that their capitals stay 7 px tall there (measured on
    the pixels for real games in test_inline_box.py); the rest is read full size."""
    img = png(sp.draw_board(view(STATES[name]())))
    assert img.height <= spb.MAX_H
    assert hl.cap_height(spb.KEY) * hl.inline_scale(*img.size) >= hl.KEY_CAP


@pytest.mark.parametrize("name", STATES)
def test_a_players_own_view_draws_exactly_the_public_board(name: str) -> None:
    s = STATES[name]()
    public = sp.draw_board(view(s))
    for seat in range(s.n):
        assert sp.draw_board(view(s, seat)) == public


def test_hand_image_needs_the_players_own_view() -> None:
    s = sailing_state()
    img = png(sp.draw_hand(view(s, 1)))
    # landscape since issue 22 (it was 820 px wide and up to 900 tall)
    assert img.mode == "P" and img.width == sp.hand.HAND_W > img.height
    with pytest.raises(ValueError, match="own view"):
        sp.draw_hand(view(s))


def test_board_text_names_every_figure_token_count_and_whose_turn() -> None:
    s = sailing_state()
    text = sp.text_board(view(s))
    assert "**Calico Jack**'s turn" in text
    assert "**Fish ship** (2: Anne Bonny's cockroach; 3: Blackbeard's rat; C: Calico Jack's " \
        "cockroach)" in text
    assert "sailing, left to seize: French fries 3 and soft doll 4" in text
    assert "next: French fries 1, tin can 6, hamburger 4 and ketchup" in text
    assert "**Blackbeard**: green square, 2 card(s), 1 booty and 2 bonus token(s) face down" \
        in text
    assert "Waiting: Blackbeard's rat on space 3 seizes a booty token." in text


def test_treasure_stays_face_down_on_the_board_and_its_twin() -> None:
    s = sailing_state()
    text = sp.text_board(view(s))
    assert "tin can 9" not in text and "can opener" not in text and "parrot" not in text
    own = sp.text_hand(view(s, 1))
    assert "Your treasure (face down): tin can 9, can opener and parrot" in own
    assert "**10 points now**" in own  # can 9 opened, parrot 1


def test_hand_text_lists_the_cards_by_symbol_and_what_the_treasure_scores() -> None:
    s = sailing_state()
    text = sp.text_hand(view(s, 1))
    assert text.startswith("**Blackbeard's hand** (green square): 2 / 6 Talisman cards: 1 cat, "
                           "1 bird.")
    assert "- Tin cans: 9" in text and "- Parrots: 1" in text
    assert "Aboard: rat on the fish ship (space 3)" in text
    assert "**Choose a booty token to seize.**" in text


def test_the_auction_board_shows_the_bar_with_minimum_bids() -> None:
    s = played(3, "auction", 2)
    text = sp.text_board(view(s))
    assert "The bar, front first (minimum bid): " in text
    bar = s.auction["bar"]
    assert f"{bar[0]} (0), {bar[1]} (1)" in text


def test_final_board_announces_the_winner_and_scores() -> None:
    s = played(3, "standard", 5000)
    text = sp.text_board(view(s))
    winners = [NAMES[w] for w in GAME.result(s)["winners"]]
    assert "**Game over:" in text and all(w in text for w in winners)
    assert "Final scores: " in text


def test_names_the_font_cannot_draw_do_not_break_the_board() -> None:
    s = played(2, "standard", 10)
    v = GAME.view(s, None)
    v["names"] = ["\U0001f99c\U0001f99c", "Ölaf the 🐀 Rat-King of the Deep Sewers"]
    assert png(sp.draw_board(v)).width == sp.BOARD_W
    assert "Pirat 1" in sp.text_board(v) or "Ölaf" in sp.text_board(v)


# -- the images' known defects (issue 14) --------------------------------------------------


def _lit(mask: Image.Image) -> list[tuple[int, int]]:
    px = mask.load()
    return [(x, y) for y in range(mask.height) for x in range(mask.width) if px[x, y] > 96]


@pytest.mark.parametrize("kind", sorted(BONUS_HINT))
def test_a_bonus_tokens_words_stay_inside_its_circle(kind: str) -> None:
    """ "+4 noodle" overflowed the chili token: every letter lies inside the rim now."""
    size = pieces.TOKEN
    mask = Image.new("L", (size, size), 0)
    d = ImageDraw.Draw(mask)
    words = pieces.bonus_words(kind)
    for w in words:
        d.text((w.x, w.y), w.text, font=w.font, fill=255, anchor="mm")
        assert w.font.size >= 14
    assert [w.text for w in words] == [TOKEN_SHORT[kind], BONUS_HINT[kind]]
    rim = size / 2 - 3  # the outline is 3 px wide
    assert all(math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) < rim for x, y in _lit(mask))


@pytest.mark.parametrize("kind", SHAPES)
def test_every_tribe_letter_sits_inside_every_figure_shape(kind: str) -> None:
    """ "Rc" overflowed the diamonds: on every figure the letter covers only the face of
    the shape, never its white outline or the table around it."""
    fill = (200, 0, 0)
    for tribe in TRIBE_LETTER:
        size = pieces.FIGURE
        letter = pieces.figure_letter(kind, tribe, size)
        assert letter is not None and letter.font.size >= 14, (kind, tribe)
        face = pieces.shape(kind, size, fill, (0, 0, 255)).convert("RGBA")
        mask = Image.new("L", (size, size), 0)
        ImageDraw.Draw(mask).text((letter.x, letter.y), letter.text, font=letter.font,
                                  fill=255, anchor="mm")
        px = face.load()
        for x, y in _lit(mask):
            r, g, b, a = px[x, y]
            assert a == 255 and r > 150 and b < 60, (kind, tribe, (x, y), px[x, y])


def test_the_board_has_a_key_to_its_marks_and_the_crews_letters() -> None:
    v = view(played(4, "standard", 30))
    key = " ".join(spb.key_lines(v, 900)).replace("\u00a0", " ")
    assert "① first player" in key
    assert "★ a value that counts only with a parrot (teddy bears, soft dolls) or a can " \
        "opener (tin cans)" in key
    for tribe in v["crew"]:
        assert f"{TRIBE_LETTER[tribe]} {tribe}" in key
    # the key is drawn in its box beside the pirats, under the Talisman cards: dark
    # letters on parchment
    boxes = spb.layout(v)
    x0, y0, x1, y1 = boxes["key"]
    assert x0 > boxes["players"][2] and y0 > boxes["talisman"][3]
    inside = png(sp.draw_board(v)).convert("L").crop((x0 + 8, y0 + 8, x1 - 8, y1 - 8))
    assert inside.point(lambda p: 255 if p < 90 else 0).getbbox() is not None


def test_a_name_under_a_figure_breaks_between_whole_words() -> None:
    width = spb.NAME_ROOM
    assert spb.name_lines("Anne Bonny", 60) == ["Anne", "Bonny"]
    assert spb.name_lines("Calico Jack", width) == ["Calico Jack"]
    long = spb.name_lines("Bartholomew Roberts", width)
    assert all("-" not in line for line in long)
    assert " ".join(long).replace("…", "") in "Bartholomew Roberts"
