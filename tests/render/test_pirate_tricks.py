"""The Pirate Tricks images and text twins, drawn from views of real positions at every
phase of the game."""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

import pytest
from PIL import Image, ImageDraw

import render
from engine.core import Action
from engine.pirate_tricks import GAME
from engine.pirate_tricks.scorecards import CARDS
from render import draw as dr
from render import headline as hl
from render import palette as pal
from render import pirate_tricks as pt
from render.draw import pill_image
from render.fonts import font
from render.pirate_tricks import board as ptb
from render.pirate_tricks import cards as ptc
from render.pirate_tricks import hand as pth

GID = "pirate-tricks"
MAX_BYTES = 300 * 1024
NAMES = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read", "Ching Shih"]


def _bid_all(s, amount: int = 0) -> None:
    for t in sorted(GAME.to_act(s)):
        GAME.apply(s, t, Action("bid", {"amount": amount}))


def states(n: int) -> dict[str, object]:
    """Positions at every phase: bids, a tie-break, the second pass and its choice, the
    ditch, predictions, a trick under way, the next round, and the end."""
    out: dict[str, object] = {}
    s = GAME.setup(n, {}, f"render-{n}")
    s.treasure = "tempt"
    GAME.apply(s, 0, Action("bid", {"amount": 3}))
    out["bid"] = copy.deepcopy(s)
    GAME.apply(s, 1, Action("bid", {"amount": 3}))
    for t in range(2, n):
        GAME.apply(s, t, Action("bid", {"amount": 1}))
    out["reveal"] = copy.deepcopy(s)
    for t in (0, 1):
        GAME.apply(s, t, Action("reveal", {"card": s.hands[t][-1]}))
    while s.pass_no == 1 and s.phase == "bid":
        _bid_all(s)
    out["second-pass"] = copy.deepcopy(s)
    _bid_all(s)
    if s.phase == "reveal":
        for t in sorted(GAME.to_act(s)):
            GAME.apply(s, t, Action("reveal", {"card": s.hands[t][0]}))
        out["choose"] = copy.deepcopy(s)
    rng = random.Random(n)
    while s.phase != "ditch":
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    GAME.apply(s, 0, Action("ditch", {"card": s.hands[0][0]}))
    out["ditch"] = copy.deepcopy(s)
    while s.phase != "predict":
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    out["predict"] = copy.deepcopy(s)
    while not (s.phase == "play" and len(s.winners) == 4 and len(s.trick) == 2):
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    out["play"] = copy.deepcopy(s)
    while s.round == 1:
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    out["next-round"] = copy.deepcopy(s)
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    out["over"] = s
    return out


STATES = {n: states(n) for n in (3, 4, 5)}
CASES = [(n, phase) for n in (3, 4, 5) for phase in STATES[n]]


def view(state, seat: int | None, names=NAMES) -> dict:
    v = GAME.view(state, seat)
    v["names"] = names[: state.n]
    return v


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize(("n", "phase"), CASES)
def test_the_board_is_a_small_palette_png_at_every_phase(n: int, phase: str) -> None:
    data = render.draw_board(GID, view(STATES[n][phase], None))
    img = png(data)
    assert img.format == "PNG" and img.mode == "P"
    assert img.width == pt.BOARD_W and img.height < img.width  # landscape (issue 22)
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize(("n", "phase"), CASES)
def test_the_key_lines_are_set_to_read_in_discords_inline_box(n: int, phase: str) -> None:
    """Issue 22 replaced "the smallest text stays 10 px at 550 px wide" (a portrait board
    740 px wide): Discord fits the board into about 400 x 300, so the board is landscape
    and its key lines are set so that their capitals stay 7 px tall there (measured on
    the pixels for real games in test_inline_box.py); the rest is read full size."""
    img = png(render.draw_board(GID, view(STATES[n][phase], None)))
    assert img.height <= ptb.MAX_H
    assert hl.cap_height(ptb.KEY) * hl.inline_scale(*img.size) >= hl.KEY_CAP


@pytest.mark.parametrize(("n", "phase"), CASES)
def test_the_hand_is_a_small_palette_png_at_every_phase(n: int, phase: str) -> None:
    s = STATES[n][phase]
    for seat in range(n):
        data = render.draw_hand(GID, view(s, seat))
        img = png(data)
        assert img.format == "PNG" and img.mode == "P" and len(data) < MAX_BYTES


@pytest.mark.parametrize("phase", list(STATES[4]))
def test_a_players_own_view_draws_the_spectators_board(phase: str) -> None:
    s = STATES[4][phase]
    public = render.draw_board(GID, view(s, None))
    for seat in range(4):
        assert render.draw_board(GID, view(s, seat)) == public
        assert render.text_board(GID, view(s, seat)) == render.text_board(GID, view(s, None))


def test_loon_is_behind_the_screen_on_the_board_until_the_end() -> None:
    s = copy.deepcopy(STATES[4]["play"])
    before = render.draw_board(GID, view(s, None))
    s.loon = [99, 98, 97, 96]
    assert render.draw_board(GID, view(s, None)) == before
    text = render.text_board(GID, view(s, None))
    assert "loon hidden" in text and "99" not in text
    hand = render.text_hand(GID, view(s, 2))
    assert "your loon: **97**" in hand and "99" not in hand
    final = render.text_board(GID, view(STATES[4]["over"], None))
    scores = GAME.result(STATES[4]["over"])["scores"]
    assert all(f"**{k} loon**" in final for k in scores)


def test_a_sealed_bid_is_on_its_owners_hand_only() -> None:
    s = STATES[4]["bid"]
    assert "Your sealed bid on row 1: 3 loon" in render.text_hand(GID, view(s, 0))
    for seat in (1, 2, None):
        text = render.text_board(GID, view(s, seat)) if seat is None else \
            render.text_hand(GID, view(s, seat))
        assert "3 loon" not in text
    assert "sealed bid placed" in render.text_board(GID, view(s, None))


def test_the_hand_refuses_a_spectator_view() -> None:
    with pytest.raises(ValueError, match="own view"):
        render.draw_hand(GID, view(STATES[3]["bid"], None))
    with pytest.raises(ValueError, match="own view"):
        render.text_hand(GID, view(STATES[3]["bid"], None))


def test_the_board_text_shows_the_score_cards_rows_marker_and_bids() -> None:
    s = STATES[4]["bid"]
    text = render.text_board(GID, view(s, None))
    for code in [*s.recruit, s.treasure, s.capture]:
        assert CARDS[code].name in text and CARDS[code].text in text
    assert "▶ Row 1:" in text and "Go First marker" in text and "2 face down" in text
    assert "**Anne Bonny**: sealed bid placed" in text


def test_the_board_text_shows_the_trick_with_who_played_what() -> None:
    s = STATES[4]["play"]
    text = render.text_board(GID, view(s, None))
    plays = ", ".join(f"{NAMES[t]} {pt.common.card_words(c)}" for t, c in s.trick)
    assert f"Trick 5 of 10: {plays}" in text
    assert "Last trick (4):" in text
    assert all(f"predicted {s.predictions[t]}" in text or f"predicts {s.predictions[t]}"
               in text for t in range(4))


def test_the_second_pass_and_the_loon_on_rows_are_shown() -> None:
    s = STATES[4]["second-pass"]
    text = render.text_board(GID, view(s, None))
    assert "Rows (second pass):" in text and "2 loon on it" in text


def test_the_hand_text_lists_cards_by_colour_loon_and_recruitment_now() -> None:
    s = STATES[3]["ditch"]
    v = view(s, 1)
    text = render.text_hand(GID, v)
    assert text.startswith(f"**Blackbeard's hand** · Round 1 of 3 · your loon: **{s.loon[1]}**")
    reds = ", ".join(c[1:] for c in v["hand"] if c[0] == "R")
    assert f"- Red: {reds or 'none'}" in text
    assert "Your hand on the recruitment cards now" in text
    for item in v["recruit_now"]:
        assert f"{pt.common.score_name(item['card'])}: {item['loon']} loon" in text


def test_the_cards_a_player_may_play_are_raised_on_his_turn() -> None:
    s = STATES[4]["play"]
    seat = s.turn
    v = view(s, seat)
    raised = pt.playable_now(v)
    assert raised == [a.args["card"] for a in GAME.legal_actions(s, seat)]
    assert "You may play: " in render.text_hand(GID, v)
    other = (seat + 1) % 4
    assert pt.playable_now(view(s, other)) == []


def test_names_the_font_cannot_draw_are_cleaned_and_long_names_fit() -> None:
    odd = ["\U0001f99c\U0001f99c", "A" * 80, "Ünïcødé Ørsted", "x", "Ching Shih"]
    for phase in ("bid", "play", "over"):
        data = render.draw_board(GID, view(STATES[5][phase], None, odd))
        assert png(data).width == pt.BOARD_W
    assert "Player 1" in render.text_board(GID, view(STATES[5]["bid"], None, odd))


def test_the_same_view_draws_the_same_bytes() -> None:
    for phase in ("bid", "play"):
        v = view(STATES[4][phase], None)
        assert render.draw_board(GID, v) == render.draw_board(GID, json.loads(json.dumps(v)))


# -- defects of the kinds issue 14 found in the other games ----------------------------------


@pytest.mark.parametrize("code", sorted(CARDS))
def test_every_score_cards_text_fits_on_its_card(code: str) -> None:
    lines = ptc.score_text(code)
    assert " ".join(lines) == CARDS[code].text and len(lines) <= ptc.SCORE_LINES
    last = font(ptc.SCORE_TEXT).getbbox(lines[-1])[3]
    assert 64 + (len(lines) - 1) * 19 + last <= ptc.SCORE_H - 6  # above the card's rim


@pytest.mark.parametrize(("n", "phase"), CASES)
def test_a_captains_pills_stay_inside_his_panel(n: int, phase: str) -> None:
    v = view(STATES[n][phase], None)
    for t in range(n):
        pills = ptb.captain_pills(v, t)
        width = sum(pill_image(p, pal.PARCHMENT, pal.CALM).width + 6 for p in pills)
        assert width <= ptb.RIGHT_W - 12 - 24, (t, pills)


def test_the_widest_pills_a_game_can_show_fit() -> None:
    """Ten tricks, a prediction of ten and a big recruitment, all at once."""
    v = view(STATES[5]["play"], None)
    v.update(tricks=[10] * 5, predictions=[10] * 5, predicting=True)
    v["recruitment"] = [[{"loon": 25}]] * 5
    pills = ptb.captain_pills(v, 0)
    assert pills == ["Tricks 10", "Predicted 10", "Recruited +25"]
    assert sum(pill_image(p, pal.PARCHMENT, pal.CALM).width + 6 for p in pills) <= \
        ptb.RIGHT_W - 12 - 24


def test_the_board_has_a_key_to_the_marks_on_cards_and_table() -> None:
    key = " ".join(ptb.key_lines(2000)).replace("\u00a0", " ")
    assert key == ("Key: ◆ R red (Vulper), the trump colour · ● G green (Beringa) · "
                   "■ B blue (Mustel) · ➤ the Go First marker: its holder leads the first trick")
    for phase in STATES[4]:
        v = view(STATES[4][phase], None)
        lines = ptb._footer_lines(v, NAMES[:4], ptb.BOARD_W - 72)
        assert [t for k, t in lines if k == "key"] == ptb.key_lines(ptb.BOARD_W - 72)


# -- the hand at Discord's width ---------------------------------------------------------------


@pytest.mark.parametrize(("n", "phase"), CASES)
def test_the_hand_is_narrow_enough_to_read_at_discords_550_px(n: int, phase: str) -> None:
    for seat in range(n):
        img = png(render.draw_hand(GID, view(STATES[n][phase], seat)))
        # Discord shows it 550 px wide: the smallest text (14 px) must stay 10 px or more there
        assert img.width == pth.HAND_W <= 760
        assert 14 * 550 / img.width >= 10


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string drawn from now on (through the canvases' pen and Pillow's own)."""
    drawn: list[str] = []
    for cls in (dr.Pen, ImageDraw.ImageDraw):
        original = cls.text

        def spy(self: object, xy: object, text: object, *args: object,
                _original: Any = original, **kwargs: object) -> object:
            drawn.append(str(text))
            return _original(self, xy, text, *args, **kwargs)

        monkeypatch.setattr(cls, "text", spy)
    return drawn


def test_the_hand_image_sends_nobody_to_a_slash_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """Players act by clicking **My hand / act**: the image says what to do, not what to type.
    The text twin is the panel's message text, where /tricks works too, so it keeps the hint
    (the console strips it)."""
    drawn = drawn_texts(monkeypatch)
    for n, phase in CASES:
        for seat in range(n):
            render.draw_hand(GID, view(STATES[n][phase], seat))
    assert not [t for t in drawn if "/tricks" in t]
    s = STATES[4]["play"]
    assert "Your turn: play one of the raised cards." in drawn
    assert "Your turn: play one of the raised cards (/tricks play)." in \
        render.text_hand(GID, view(s, s.turn))


def test_a_colour_too_long_for_one_line_keeps_every_number_whole() -> None:
    """Nine cards of one colour or more go on two lines, so no card hides the next one's
    number (the widest, "18", needs MIN_STEP px); the image stays Discord's width."""
    assert pth.card_lines(8) == [8] and pth.card_step(8) >= pth.MIN_STEP
    for count in range(9, 13):
        lines = pth.card_lines(count)
        assert len(lines) == 2 and sum(lines) == count
        assert all(pth.card_step(k) >= pth.MIN_STEP for k in lines)
    # the number is centred on the card, drawn at 90% of 42 px when it has two digits
    mw = pt.common.SIZES["M"][0]
    assert mw / 2 + font(int(42 * 0.9), True).getlength("18") / 2 <= pth.MIN_STEP
    v = view(STATES[4]["bid"], 1)
    v["hand"] = [f"R{k}" for k in range(9, 21)]
    one_line = png(render.draw_hand(GID, view(STATES[4]["bid"], 1)))
    img = png(render.draw_hand(GID, v))
    assert img.width == pth.HAND_W and img.height > one_line.height
