"""Sewer Pirats pieces, drawn once at 3x, scaled down and cached: the symbol animals (cat,
bird, fish), Talisman cards, booty squares and bonus circles with their faces, and the
figures (the player's colour and shape, the tribe's letter)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from engine.sewer_pirats.data import kind_of, value_of
from render import draw as dr
from render import palette as pal
from render.fonts import font
from render.palette import RGB
from render.sewer_pirats.common import (
    BONUS_HINT,
    PLAYER_INK,
    PLAYER_RGB,
    STAR_KINDS,
    SYMBOL_RGB,
    TOKEN_INK,
    TOKEN_RGB,
    TOKEN_SHORT,
    TRIBE_LETTER,
)
from render.text import fit

Point = tuple[float, float]


def _poly(d: ImageDraw.ImageDraw, pts: list[Point], z: float, fill: RGB) -> None:
    d.polygon([(x * z, y * z) for x, y in pts], fill=fill)


def _ell(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], z: float,
         fill: RGB) -> None:
    x0, y0, x1, y1 = box
    d.ellipse((x0 * z, y0 * z, x1 * z, y1 * z), fill=fill)


@lru_cache(maxsize=32)
def animal(kind: str, size: int, colour: RGB, eye: RGB = pal.CARD_FACE) -> Image.Image:
    """The ship's animal (cat head, bird, fish) as an RGBA square of ``size`` px."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        z = size * s
        if kind == "cat":
            _poly(d, [(0.14, 0.42), (0.20, 0.06), (0.44, 0.30)], z, colour)
            _poly(d, [(0.86, 0.42), (0.80, 0.06), (0.56, 0.30)], z, colour)
            _ell(d, (0.12, 0.22, 0.88, 0.94), z, colour)
            _ell(d, (0.30, 0.46, 0.42, 0.60), z, eye)
            _ell(d, (0.58, 0.46, 0.70, 0.60), z, eye)
            _poly(d, [(0.44, 0.68), (0.56, 0.68), (0.50, 0.76)], z, eye)
        elif kind == "bird":
            _ell(d, (0.10, 0.36, 0.74, 0.86), z, colour)  # body
            _ell(d, (0.50, 0.14, 0.86, 0.50), z, colour)  # head
            _poly(d, [(0.84, 0.26), (0.99, 0.34), (0.84, 0.40)], z, colour)  # beak
            _poly(d, [(0.16, 0.52), (0.01, 0.40), (0.04, 0.70)], z, colour)  # tail
            _ell(d, (0.66, 0.24, 0.76, 0.34), z, eye)
            _poly(d, [(0.24, 0.56), (0.52, 0.50), (0.44, 0.70)], z, eye)  # wing
        else:  # fish
            _ell(d, (0.06, 0.24, 0.78, 0.76), z, colour)
            _poly(d, [(0.70, 0.50), (0.98, 0.20), (0.98, 0.80)], z, colour)
            _ell(d, (0.18, 0.38, 0.30, 0.50), z, eye)
            w = max(2, round(z * 0.04))
            d.arc((0.28 * z, 0.30 * z, 0.52 * z, 0.70 * z), -60, 60, fill=eye, width=w)

    return dr.supersampled(size, size, paint)


CARD_W, CARD_H = 64, 88


@lru_cache(maxsize=16)
def talisman(symbol: str, w: int = CARD_W, h: int = CARD_H) -> Image.Image:
    """A face-up Talisman card: the animal in the symbol's colour and its name."""
    colour = SYMBOL_RGB[symbol]
    img = dr.rounded(w, h, 8, pal.CARD_FACE, colour, 3).copy()
    a = animal(symbol, int(w * 0.72), colour)
    dr.paste(img, a, (w - a.width) // 2, int(h * 0.10))
    f, t = fit(symbol.upper(), w - 8, 14, True)
    dr.pen(img).text((w / 2, h - 14), t, font=f, fill=colour, anchor="mm")
    return img


@lru_cache(maxsize=4)
def card_back(w: int = CARD_W, h: int = CARD_H) -> Image.Image:
    """The back of a Talisman card: murky green with three small animals."""
    img = dr.rounded(w, h, 8, (52, 74, 52), (150, 170, 120), 3).copy()
    d = dr.pen(img)
    d.rounded_rectangle((6, 6, w - 7, h - 7), 5, outline=(120, 140, 96), width=1)
    for i, kind in enumerate(("cat", "bird", "fish")):
        a = animal(kind, w // 3, (170, 190, 140), (52, 74, 52))
        dr.paste(img, a, (w - a.width) // 2, 8 + i * (h - 16) // 3)
    return img


TOKEN = 90
#: the size of a figure with its tribe's letter (ships, players panel, hand): every letter
#: fits inside every shape at this size (tests/render/test_sewer_pirats.py)
FIGURE = 48
#: pixels kept between a token's letters and its rim
TOKEN_MARGIN = 1


class Written(NamedTuple):
    """One line written on a token or a figure: its text, font and centre."""

    text: str
    font: ImageFont.FreeTypeFont
    x: float
    y: float

    def box(self) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.font.getbbox(self.text, anchor="mm")
        return self.x + x0, self.y + y0, self.x + x1, self.y + y1


def _in_circle(box: tuple[float, float, float, float], c: float, r: float) -> bool:
    x0, y0, x1, y1 = box
    return all(math.hypot(x - c, y - c) <= r for x in (x0, x1) for y in (y0, y1))


def token_radius(code: str, size: int = TOKEN) -> int:
    """The corner radius of a token's drop shadow: round for a bonus circle."""
    return size // 2 if "-" not in code else 10


@lru_cache(maxsize=32)
def bonus_words(kind: str, size: int = TOKEN) -> tuple[Written, ...]:
    """The name and the hint written on a bonus circle, each line inside the circle's rim:
    the largest sizes (14 px or more) and the heights at which both fit."""
    inner = size / 2 - 3 - TOKEN_MARGIN
    name, hint = TOKEN_SHORT[kind], BONUS_HINT[kind]
    tried: tuple[Written, ...] = ()
    for name_size in (16, 15, 14):
        for hint_size in (15, 14):
            for yn, yh in ((0.38, 0.64), (0.36, 0.62), (0.40, 0.66), (0.34, 0.60)):
                tried = (Written(name, font(name_size, True), size / 2, size * yn),
                         Written(hint, font(hint_size), size / 2, size * yh))
                if all(_in_circle(w.box(), size / 2, inner) for w in tried):
                    return tried
    return tried


@lru_cache(maxsize=128)
def token(code: str, size: int = TOKEN) -> Image.Image:
    """A treasure token face up: a booty square (name and value; a star for values that
    count only with a bonus token) or a bonus circle (name and what it boosts)."""
    kind = kind_of(code)
    fill, ink = TOKEN_RGB[kind], TOKEN_INK[kind]
    edge = tuple(max(0, c - 70) for c in fill)
    if "-" in code:
        img = dr.rounded(size, size, 10, fill, edge, 3).copy()  # type: ignore[arg-type]
        d = dr.pen(img)
        f, t = fit(TOKEN_SHORT[kind], size - 12, 16, True)
        d.text((size / 2, 15), t, font=f, fill=ink, anchor="mm")
        value = str(value_of(code))
        vf = font(34, True)
        if kind in STAR_KINDS:
            # a star value counts only with its bonus token (rulebook p. 8)
            star = _star(24, ink)
            w = star.width + 2 + vf.getlength(value)
            x0 = (size - w) / 2
            dr.paste(img, star, int(x0), int(size * 0.63 - 12))
            d.text((x0 + star.width + 2, size * 0.63), value, font=vf, fill=ink, anchor="lm")
        else:
            d.text((size / 2, size * 0.63), value, font=vf, fill=ink, anchor="mm")
        return img
    img = dr.circle(size, fill, edge, 3).copy()  # type: ignore[arg-type]
    d = dr.pen(img)
    for w in bonus_words(kind, size):
        d.text((w.x, w.y), w.text, font=w.font, fill=ink, anchor="mm")
    return img


@lru_cache(maxsize=16)
def _star(d: int, colour: RGB) -> Image.Image:
    def paint(dd: ImageDraw.ImageDraw, s: int) -> None:
        z = d * s
        pts = []
        for k in range(10):
            r = z / 2 if k % 2 == 0 else z / 4.6
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((z / 2 + r * math.cos(a), z / 2 + r * math.sin(a)))
        dd.polygon(pts, fill=colour)

    return dr.supersampled(d, d, paint)


def _outline(kind: str, z: float) -> tuple[float, list[tuple[float, float]]]:
    """(outline width, corner points) of a player's shape in a square of side ``z``; no
    points for the circle."""
    w = max(2, round(z * 0.07))
    m = w / 2
    if kind == "circle":
        return w, []
    if kind == "square":
        a, b = m + z * 0.05, z - m - z * 0.05
        return w, [(a, a), (b, a), (b, b), (a, b)]
    if kind == "triangle":
        return w, [(z / 2, m), (z - m, z - m), (m, z - m)]
    if kind == "diamond":
        return w, [(z / 2, m), (z - m, z / 2), (z / 2, z - m), (m, z / 2)]
    r = z / 2 - m
    return w, [(z / 2 + r * math.cos(math.pi / 6 + k * math.pi / 3),
                z / 2 + r * math.sin(math.pi / 6 + k * math.pi / 3)) for k in range(6)]


@lru_cache(maxsize=64)
def shape(kind: str, size: int, fill: RGB, outline: RGB = pal.WHITE) -> Image.Image:
    """A player's shape (circle, square, triangle, diamond, hexagon), outlined."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        z = size * s
        w, pts = _outline(kind, z)
        m = w / 2
        if kind == "circle":
            d.ellipse((m, m, z - m, z - m), fill=fill, outline=outline, width=w)
        elif kind == "square":
            (a, _), (b, _) = pts[0], pts[1]
            d.rounded_rectangle((a, a, b, b), z * 0.12, fill=fill, outline=outline, width=w)
        else:
            d.polygon(pts, fill=fill, outline=outline, width=w)

    return dr.supersampled(size, size, paint)


def inside_shape(kind: str, size: int, box: tuple[float, float, float, float]) -> bool:
    """Whether ``box`` lies inside the shape's coloured face, clear of its outline."""
    w, pts = _outline(kind, size)
    keep = w + TOKEN_MARGIN
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if kind == "circle":
        return all(math.hypot(x - size / 2, y - size / 2) <= size / 2 - keep for x, y in corners)
    if kind == "square":  # the rounded corners are far from any letter
        lo, hi = pts[0][0] + keep, pts[2][0] - keep
        return all(lo <= x <= hi and lo <= y <= hi for x, y in corners)
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1], strict=True):
        length = math.hypot(bx - ax, by - ay)
        for x, y in corners:  # inward side of a clockwise outline (screen y down)
            if ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / length < keep:
                return False
    return True


@lru_cache(maxsize=256)
def figure_letter(kind: str, tribe: str, size: int) -> Written | None:
    """The tribe's letter on a figure of ``size``: the largest bold size (14 px or more,
    about 0.4 of the figure) and the height at which it stays inside the shape; None
    when it does not fit, which the tests forbid for every size the images use."""
    letter = TRIBE_LETTER.get(tribe, tribe[:1].upper())
    if not letter:
        return None
    top = max(14, int(size * (0.40 if len(letter) == 1 else 0.34)))
    best = 0.66 if kind == "triangle" else 0.52  # a triangle is widest near its base
    heights = sorted((k / 100 for k in range(44, 82, 2)), key=lambda f: abs(f - best))
    for fs in range(top, 13, -1):
        f = font(fs, True)
        for frac in heights:
            w = Written(letter, f, size / 2, size * frac)
            if inside_shape(kind, size, w.box()):
                return w
    return None


@lru_cache(maxsize=256)
def figure(colour: str, kind: str, tribe: str, size: int = 48) -> Image.Image:
    """A figure: the player's shape in his colour with the tribe's letter."""
    img = shape(kind, size, PLAYER_RGB[colour]).copy()
    w = figure_letter(kind, tribe, size) if tribe else None
    if w is not None:
        dr.pen(img).text((w.x, w.y), w.text, font=w.font, fill=PLAYER_INK[colour], anchor="mm")
    return img


@lru_cache(maxsize=8)
def counter_icon(kind: str, size: int = 18) -> Image.Image:
    """A small face-down token: a square (booty) or a circle (bonus)."""
    back: RGB = (92, 70, 44)
    if kind == "booty":
        return dr.rounded(size, size, 3, back, pal.PARCHMENT, 2)
    return dr.circle(size, back, pal.PARCHMENT, 2)


@lru_cache(maxsize=8)
def facedown_token(size: int = TOKEN, bonus: bool = False) -> Image.Image:
    """A face-down token (the pools)."""
    back: RGB = (92, 70, 44)
    edge: RGB = (60, 44, 26)
    if bonus:
        return dr.circle(size, back, edge, 3)
    return dr.rounded(size, size, 10, back, edge, 3)
