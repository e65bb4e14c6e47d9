"""A player's private view: his Talisman cards by symbol, his face-down treasure with what
it scores now, his figures, and the choice he is making."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.sewer_pirats.data import HAND_LIMIT, SHIPS
from render import draw as dr
from render import palette as pal
from render.fonts import font
from render.sewer_pirats.common import (
    colour_of,
    my_seat,
    names_of,
    player_word,
    say,
    shape_of,
)
from render.sewer_pirats.pieces import (
    CARD_H,
    CARD_W,
    FIGURE,
    TOKEN,
    figure,
    talisman,
    token,
    token_radius,
)
from render.text import fit, wrap

#: landscape (issue 22): the cards and the treasure on the left, six tokens a line; the
#: scoring, the crew and the choice on the right
HAND_W = 1040
PAD = 20
LEFT_W = 6 * (TOKEN + 8) - 8
LEFT_X1 = PAD + LEFT_W
RIGHT_X = LEFT_X1 + 32
RIGHT_W = HAND_W - PAD - RIGHT_X


def score_lines(score: Mapping[str, Any]) -> list[str]:
    """The scoring of the player's own treasure, line by line (shared with the text)."""
    lines = []
    names = (("fries", "French fries"), ("noodles", "Chinese noodles"),
             ("burger", "Hamburgers"), ("toys", "Teddy bears and soft dolls"),
             ("parrots", "Parrots"), ("cans", "Tin cans"))
    for key, name in names:
        if score.get(key):
            lines.append(f"{name}: {score[key]}")
    locked = list(score.get("locked") or [])
    if locked:
        lines.append("Not counting yet (a parrot or a can opener would unlock them): "
                     + ", ".join(str(v) for v in locked))
    return lines


def crew_lines(view: Mapping[str, Any], seat: int) -> list[str]:
    aboard = []
    for ship in view.get("ships") or []:
        for i, f in enumerate(ship.get("spaces") or []):
            if f is not None and int(f["seat"]) == seat:
                where = "captain" if i == 3 else f"space {i + 1}"
                aboard.append(f"{f['tribe']} on the {ship['ship']} ship ({where})")
    home = list(view["players"][seat].get("home") or [])
    out = []
    out.append("In your play area: " + (", ".join(home) if home else "nobody"))
    if aboard:
        out.append("Aboard: " + "; ".join(aboard))
    return out


def _section(img: Image.Image, y: int, title: str, right: str = "", x0: int = PAD,
             x1: int = HAND_W - PAD) -> int:
    d = dr.pen(img)
    d.text((x0, y), title, font=font(18, True), fill=pal.GOLD_LIGHT)
    if right:
        d.text((x1, y + 2), right, font=font(16, True), fill=pal.PARCHMENT, anchor="ra")
    d.line((x0, y + 28, x1, y + 28), fill=pal.GOLD_DARK, width=2)
    return y + 38


def _cards_height(hand: Sequence[str]) -> int:
    return CARD_H + 34


def draw_hand(view: Mapping[str, Any]) -> bytes:
    """The player's private view as PNG; ValueError for a view without a hand. Landscape
    (issue 22): his cards and treasure on the left; what the treasure scores, his crew
    and the choice he is making on the right."""
    seat = my_seat(view)
    names = names_of(view)
    hand = list(view.get("hand") or [])
    treasure = list(view.get("treasure") or [])
    score = dict(view.get("score") or {})
    per_row = (LEFT_W + 8) // (TOKEN + 8)
    token_rows = max(1, -(-len(treasure) // per_row))
    slines = score_lines(score)
    wrapped = [w for line in slines for w in wrap(line, font(16), RIGHT_W)]
    clines = [w for line in crew_lines(view, seat) for w in wrap(line, font(16), RIGHT_W)]
    choice = view.get("choice")
    prompt = wrap(say(choice.get("prompt") or "", names), font(18, True), RIGHT_W - 24
                  ) if choice else []
    left_h = 76 + 38 + _cards_height(hand) + 16 + 38 + token_rows * (TOKEN + 8) + 10
    right_h = 76 + 38 + max(1, len(wrapped)) * 23 + 16 + 38 + FIGURE + 6 + \
        len(clines) * 23 + 16 + (len(prompt) * 26 + 30 if prompt else 0)
    img = dr.canvas(HAND_W, max(left_h, right_h) + 8)
    d = dr.pen(img)
    d.rectangle((0, 0, HAND_W, 62), fill=pal.WOOD_DARK)
    d.line((0, 62, HAND_W, 62), fill=pal.GOLD_DARK, width=3)
    dr.paste(img, figure(colour_of(seat), shape_of(seat), "", 40), PAD, 11)
    f, t = fit(f"{names[seat]}: your hand", HAND_W - 300, 24, True)
    d.text((PAD + 52, 31), t, font=f, fill=pal.GOLD, anchor="lm")
    d.text((HAND_W - PAD, 31), f"you play {player_word(seat)}", font=font(16),
           fill=pal.PARCHMENT, anchor="rm")
    # the left column: the Talisman cards, the treasure
    y = 76
    y = _section(img, y, "TALISMAN CARDS", f"{len(hand)} / {HAND_LIMIT} cards", x1=LEFT_X1)
    x = PAD
    if not hand:
        d.text((PAD, y + 30), "No cards: draw two on your turn.", font=font(17), fill=pal.PARCHMENT)
    for sym in SHIPS:
        k = hand.count(sym)
        if not k:
            continue
        for i in range(k):
            dr.paste_with_shadow(img, talisman(sym), x + i * 26, y, 8)
        gx = x + (k - 1) * 26 + CARD_W // 2
        d.text((gx - (k - 1) * 13, y + CARD_H + 8), f"{sym} ×{k}", font=font(16, True),
               fill=pal.PARCHMENT, anchor="ma")
        x += (k - 1) * 26 + CARD_W + 28
    y += _cards_height(hand) + 16
    total = int(score.get("total") or 0)
    y = _section(img, y, "YOUR TREASURE (face down)", f"{total} points now", x1=LEFT_X1)
    if not treasure:
        d.text((PAD, y + 24), "No treasure yet.", font=font(17), fill=pal.PARCHMENT)
    for k, code in enumerate(treasure):
        tx = PAD + (k % per_row) * (TOKEN + 8)
        ty = y + (k // per_row) * (TOKEN + 8)
        dr.paste_with_shadow(img, token(code), tx, ty, token_radius(code))
    # the right column: what the treasure scores, the crew, the choice
    y = 76
    y = _section(img, y, "WHAT IT SCORES", f"{total} points", x0=RIGHT_X)
    if not wrapped:
        d.text((RIGHT_X, y), "Nothing yet.", font=font(16), fill=pal.PARCHMENT)
    y = int(dr.multiline(d, RIGHT_X, y, wrapped or [""], font(16), pal.PARCHMENT, 23)) + 16
    y = _section(img, y, "YOUR CREW", x0=RIGHT_X)
    fx = RIGHT_X
    for tribe in view["players"][seat].get("tribes") or []:
        dr.paste(img, figure(colour_of(seat), shape_of(seat), str(tribe), FIGURE), fx, y)
        fx += FIGURE + 6
    y += FIGURE + 6
    y = int(dr.multiline(d, RIGHT_X, y, clines, font(16), pal.PARCHMENT, 23)) + 16
    if prompt:
        h = len(prompt) * 26 + 14
        dr.paste(img, dr.rounded(RIGHT_W, h, 8, pal.GOLD_LIGHT, pal.GOLD_DARK, 2), RIGHT_X, y)
        dr.multiline(d, RIGHT_X + 12, y + 7, prompt, font(18, True), pal.INK, 26)
    return dr.to_png(img)
