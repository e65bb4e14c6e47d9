"""Pirate Tricks pieces, drawn once at 3x, scaled down and cached: crew card faces at three
sizes, the card back, loon coins, the Go First marker and the score cards."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.pirate_tricks.cards import FACTIONS, NUMBER
from engine.pirate_tricks.scorecards import CARDS
from render import draw as dr
from render import palette as pal
from render.fonts import font
from render.palette import RGB
from render.pirate_tricks.common import BACK, COIN, COLOUR, KIND_COLOUR, RADIUS, SHAPE, SIZES
from render.text import fit, wrap


@lru_cache(maxsize=32)
def shape(colour: str, size: int, fill: RGB) -> Image.Image:
    """The colour's shape (diamond, circle, square) as an anti-aliased RGBA square."""
    kind = SHAPE[colour]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        z = size * s
        if kind == "diamond":
            d.polygon([(z / 2, 0), (z, z / 2), (z / 2, z), (0, z / 2)], fill=fill)
        elif kind == "circle":
            m = z * 0.06
            d.ellipse((m, m, z - m, z - m), fill=fill)
        else:
            m = z * 0.12
            d.rectangle((m, m, z - m, z - m), fill=fill)

    return dr.supersampled(size, size, paint)


@lru_cache(maxsize=256)
def card_face(code: str, size: str) -> Image.Image:
    """The face of a crew card: the number large, the colour's letter and shape in a band."""
    w, h = SIZES[size]
    colour = code[0]
    ink = COLOUR[colour]
    r = RADIUS[size]
    band = {"L": 28, "M": 24, "S": 20}[size]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), r * s, fill=ink)
        e = 3 * s if size != "S" else 2 * s
        d.rounded_rectangle((e, band * s, w * s - 1 - e, h * s - 1 - e), max(1, r - 3) * s,
                            fill=pal.CARD_FACE)

    img = dr.supersampled(w, h, paint)
    d = ImageDraw.Draw(img)
    f_band = font(16 if size != "S" else 14, True)
    d.text((7, band / 2 + 1), colour, font=f_band, fill=pal.WHITE, anchor="lm")
    sh = band - 10
    dr.paste(img, shape(colour, sh, pal.WHITE), w - sh - 6, 5)
    number = str(NUMBER[code])
    big = {"L": 50, "M": 42, "S": 30}[size]
    if len(number) == 2:
        big = int(big * 0.9)
    body_mid = band + (h - band) / 2
    if size == "S":
        d.text((w / 2, body_mid), number, font=font(big, True), fill=ink, anchor="mm")
    else:
        d.text((w / 2, body_mid - 10), number, font=font(big, True), fill=ink, anchor="mm")
        f, name = fit(FACTIONS[colour], w - 10, 15, False, 14)
        d.text((w / 2, h - 14), name, font=f, fill=pal.INK_SOFT, anchor="mm")
    return img


@lru_cache(maxsize=8)
def card_back(size: str) -> Image.Image:
    """A face-down crew card: deep indigo with a gold frame and a star (no colour, no number)."""
    w, h = SIZES[size]
    r = RADIUS[size]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), r * s, fill=pal.GOLD_DARK)
        e = 2 * s
        d.rounded_rectangle((e, e, w * s - 1 - e, h * s - 1 - e), (r - 2) * s, fill=BACK)
        i = 6 * s
        d.rounded_rectangle((i, i, w * s - 1 - i, h * s - 1 - i), max(1, r - 5) * s,
                            outline=pal.GOLD, width=s)
        cx, cy, z = w * s / 2, h * s / 2, min(w, h) * s * 0.26
        pts = []
        for k in range(8):
            rad = z if k % 2 == 0 else z * 0.38
            a = math.pi / 2 + k * math.pi / 4
            pts.append((cx + rad * math.cos(a), cy - rad * math.sin(a)))
        d.polygon(pts, fill=pal.GOLD)

    return dr.supersampled(w, h, paint)


def put_card(dst: Image.Image, code: str | None, size: str, x: int, y: int,
             dim: bool = False) -> None:
    """A card face (or back, for None) with its shadow; ``dim`` greys it out."""
    piece = card_back(size) if code is None else card_face(code, size)
    if dim:
        piece = _dimmed(code, size)
    dr.paste_with_shadow(dst, piece, x, y, RADIUS[size])


@lru_cache(maxsize=128)
def _dimmed(code: str | None, size: str) -> Image.Image:
    piece = card_back(size) if code is None else card_face(code, size)
    out = Image.alpha_composite(piece, Image.new("RGBA", piece.size, (70, 60, 50, 140)))
    out.putalpha(piece.getchannel("A"))
    return out


@lru_cache(maxsize=32)
def coin(value: int, d: int = 30) -> Image.Image:
    """A loon coin with its value."""
    img = dr.circle(d, COIN, pal.GOLD_DARK, 2).copy()
    ImageDraw.Draw(img).text((d / 2, d / 2 + 1), str(value), font=dr.symbol_font(int(d * 0.5)),
                             fill=pal.INK, anchor="mm")
    return img


@lru_cache(maxsize=4)
def marker(d: int = 30) -> Image.Image:
    """The Go First marker: a gold disc with an arrow."""
    img = dr.circle(d, pal.GOLD_LIGHT, pal.INK, 2).copy()
    dr.glyph(ImageDraw.Draw(img), (d / 2, d / 2 + 1), "➤", int(d * 0.55), pal.INK)
    return img


SCORE_W, SCORE_H = 252, 132
#: a score card's text: its size and the lines that fit under the name
SCORE_TEXT, SCORE_LINES = 15, 3


def score_text(code: str, w: int = SCORE_W) -> list[str]:
    """A score card's text in lines (the tests hold every card to SCORE_LINES)."""
    return wrap(CARDS[code].text, font(SCORE_TEXT), w - 24)


@lru_cache(maxsize=64)
def score_card(code: str, w: int = SCORE_W, h: int = SCORE_H) -> Image.Image:
    """A score card: its kind in the band, the name, the text."""
    card = CARDS[code]
    band = KIND_COLOUR[card.kind]
    img = dr.rounded(w, h, 10, pal.PARCHMENT, band, 3).copy()
    d = dr.pen(img)
    d.rounded_rectangle((3, 3, w - 4, 30), 8, fill=band)
    d.rectangle((3, 18, w - 4, 30), fill=band)
    d.text((12, 17), card.kind.upper(), font=font(14, True), fill=pal.WHITE, anchor="lm")
    f, name = fit(card.name, w - 24, 19, True, 15)
    d.text((12, 40), name, font=f, fill=pal.INK)
    ft = font(SCORE_TEXT)
    y = 64
    for line in score_text(code, w):
        d.text((12, y), line, font=ft, fill=pal.INK)
        y += 19
    return img
