"""The Sewer Pirats images and their text twins, from views of real positions."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine.sewer_pirats import GAME
from engine.sewer_pirats.ai import ai_action
from render import sewer_pirats as sp
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
    assert img.width == sp.BOARD_W and 900 < img.height < 1500
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize("name", STATES)
def test_a_players_own_view_draws_exactly_the_public_board(name: str) -> None:
    s = STATES[name]()
    public = sp.draw_board(view(s))
    for seat in range(s.n):
        assert sp.draw_board(view(s, seat)) == public


def test_hand_image_needs_the_players_own_view() -> None:
    s = sailing_state()
    img = png(sp.draw_hand(view(s, 1)))
    assert img.mode == "P" and img.width == 820
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
