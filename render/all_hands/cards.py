"""All Hands on Deck! card pieces, drawn once at 3x, scaled down and cached: faces at three
sizes (L auction card, M hand, S bids and piles), the back, crew symbols and badges."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.all_hands.cards import (
    ACTION_TEXT,
    ACTIONS,
    RANK_NAMES,
    RANK_OF,
    SUIT_NAMES,
)
from render import draw as dr
from render import palette as pal
from render.all_hands.common import (
    ACTION_FACE,
    BACK_FACE,
    CREW_COLOUR,
    CREW_SYMBOL,
    RADIUS,
    SIZES,
    suit_of,
)
from render.fonts import font
from render.palette import RGB
from render.text import fit, wrap


@lru_cache(maxsize=64)
def crew_symbol(suit: str, size: int, colour: RGB) -> Image.Image:
    """The crew's symbol as an anti-aliased RGBA square of ``size`` px."""
    kind = CREW_SYMBOL[suit]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        z = size * s
        if kind == "bolt":
            pts = [
                (0.60, 0.02),
                (0.16, 0.56),
                (0.44, 0.56),
                (0.30, 0.98),
                (0.84, 0.40),
                (0.56, 0.40),
                (0.74, 0.02),
            ]
            d.polygon([(x * z, y * z) for x, y in pts], fill=colour)
        elif kind == "sabres":
            w = max(2, round(z * 0.12))
            for flip in (False, True):
                pts = []
                for k in range(13):
                    t = k / 12
                    x = 0.14 + 0.74 * t
                    y = 0.88 - 0.78 * t - 0.08 * math.sin(t * math.pi)
                    pts.append(((1 - x) * z if flip else x * z, y * z))
                d.line(pts, fill=colour, width=w, joint="curve")
                gx, gy = pts[2]
                g = z * 0.13
                d.line(
                    [(gx - g, gy - g), (gx + g, gy + g)]
                    if not flip
                    else [(gx + g, gy - g), (gx - g, gy + g)],
                    fill=colour,
                    width=w,
                )
                hx, hy = pts[0]
                r = w * 0.75
                d.ellipse((hx - r, hy - r, hx + r, hy + r), fill=colour)
        else:
            w = max(2, round(z * 0.17))
            pts = [
                (z * (0.10 + 0.64 * t / 40), z * (0.52 + 0.26 * math.sin(t / 40 * 2.0 * math.pi)))
                for t in range(41)
            ]
            d.line(pts, fill=colour, width=w, joint="curve")
            x0, y0 = pts[0]
            d.polygon(
                [
                    (x0 + w * 0.1, y0 - w * 0.5),
                    (x0 + w * 0.1, y0 + w * 0.5),
                    (x0 - w * 0.9, y0 + w * 0.2),
                ],
                fill=colour,
            )
            hx, hy = pts[-1]
            hr = z * 0.14
            d.ellipse((hx - hr * 0.5, hy - hr * 1.1, hx + hr * 1.6, hy + hr * 0.9), fill=colour)
            d.line(
                [(hx + hr * 1.5, hy - hr * 0.1), (z * 0.99, hy - z * 0.02)],
                fill=colour,
                width=max(1, w // 3),
            )

    return dr.supersampled(size, size, paint)


def _frame(size: str, face: RGB, edge: RGB, band: RGB, band_h: int, edge_w: int) -> Image.Image:
    w, h = SIZES[size]
    r = RADIUS[size]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), r * s, fill=edge)
        e = edge_w * s
        d.rounded_rectangle(
            (e, e, w * s - 1 - e, h * s - 1 - e), max(1, (r - edge_w)) * s, fill=face
        )
        d.rounded_rectangle(
            (e, e, w * s - 1 - e, (band_h + edge_w) * s), max(1, (r - edge_w)) * s, fill=band
        )
        d.rectangle((e, (band_h // 2) * s, w * s - 1 - e, (band_h + edge_w) * s), fill=band)

    return dr.supersampled(w, h, paint)


#: pixels between a card's name and the card's coloured edge, on each side
NAME_MARGIN = 3
EDGE_W: dict[str, int] = {"L": 3, "M": 3, "S": 2}


def name_room(size: str) -> int:
    """How wide a name line may be on a card of ``size``."""
    return SIZES[size][0] - 2 * (EDGE_W[size] + NAME_MARGIN)


def name_lines(name: str, max_w: float, sizes: tuple[int, ...] = (15, 14),
               bold: bool = False) -> tuple[list[str], int]:
    """A card's name in whole words: on one line in the largest of ``sizes`` that fits,
    else on as few lines as whole words allow at the smallest. A word is never cut (no
    "Merma-id"); the card sizes leave room for the longest word (tests hold every card to
    that)."""
    for size in sizes:
        if font(size, bold).getlength(name) <= max_w:
            return [name], size
    size = sizes[-1]
    f = font(size, bold)
    lines: list[str] = []
    for word in name.split(" "):
        if lines and f.getlength(f"{lines[-1]} {word}") <= max_w:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines, size


@lru_cache(maxsize=256)
def card_face(code: str, size: str) -> Image.Image:
    """The face of a card at size L, M or S, as RGBA."""
    suit = suit_of(code)
    if suit is None:
        return _action_face(code, size)
    w, h = SIZES[size]
    colour = CREW_COLOUR[suit]
    rank = RANK_OF[code]
    band_h = {"L": 40, "M": 26, "S": 22}[size]
    img = _frame(size, pal.CARD_FACE, colour, colour, band_h, EDGE_W[size])
    d = ImageDraw.Draw(img)
    if size == "L":
        d.text((14, 6 + band_h / 2), suit, font=font(22, True), fill=pal.WHITE, anchor="lm")
        dr.paste(img, crew_symbol(suit, 28, pal.WHITE), w - 42, 8)
        d.text((w / 2, 112), str(rank), font=font(96, True), fill=colour, anchor="mm")
        f, name = fit(RANK_NAMES[rank], w - 24, 24, True)
        d.text((w / 2, 182), name, font=f, fill=pal.INK, anchor="mm")
        d.text((w / 2, 210), SUIT_NAMES[suit], font=font(17), fill=pal.INK_SOFT, anchor="mm")
        dr.paste(img, crew_symbol(suit, 30, colour), w // 2 - 15, h - 44)
    elif size == "M":
        d.text((8, 4 + band_h / 2), suit, font=font(16, True), fill=pal.WHITE, anchor="lm")
        dr.paste(img, crew_symbol(suit, 18, pal.WHITE), w - 25, 6)
        d.text((8, band_h + 10), str(rank), font=font(38 if rank < 10 else 34, True), fill=colour)
        dr.paste(img, crew_symbol(suit, 26, colour), w - 33, band_h + 14)
        lines, fs = name_lines(RANK_NAMES[rank], name_room("M"))
        y = h - 10 - len(lines) * (fs + 3)
        for line in lines:
            d.text((w / 2, y), line, font=font(fs), fill=pal.INK, anchor="ma")
            y += fs + 3
    else:
        d.text((6, 3 + band_h / 2), suit, font=font(15, True), fill=pal.WHITE, anchor="lm")
        dr.paste(img, crew_symbol(suit, 15, pal.WHITE), w - 20, 5)
        d.text((w / 2, band_h + 26), str(rank), font=font(32, True), fill=colour, anchor="mm")
        dr.paste(img, crew_symbol(suit, 20, colour), w // 2 - 10, h - 28)
    return img


def _action_face(code: str, size: str) -> Image.Image:
    w, h = SIZES[size]
    band_h = {"L": 40, "M": 26, "S": 22}[size]
    img = _frame(size, ACTION_FACE, pal.GOLD_DARK, pal.GOLD, band_h, EDGE_W[size])
    d = ImageDraw.Draw(img)
    name = ACTIONS[code][0]
    if size == "L":
        d.text((14, 6 + band_h / 2), "ACTION", font=font(18, True), fill=pal.INK, anchor="lm")
        dr.glyph(d, (w - 26, 6 + band_h / 2), "☠", 26, pal.INK)
        lines, fs = name_lines(name, w - 24, (22, 20, 18), bold=True)
        f = font(fs, True)
        y = band_h + 22
        for line in lines:
            d.text((w / 2, y), line, font=f, fill=pal.GOLD_LIGHT, anchor="ma")
            y += 28
        y += 8
        effect = ACTION_TEXT[code]
        effect = effect[0].upper() + effect[1:]
        f = font(15)
        for line in wrap(effect, f, w - 26):
            d.text((w / 2, y), line, font=f, fill=pal.PARCHMENT, anchor="ma")
            y += 20
        if y < h - 60:
            dr.glyph(d, (w / 2, h - 34), "☠", 40, pal.GOLD_DARK)
    else:
        small = size == "S"
        dr.glyph(d, (w / 2, 3 + band_h / 2), "☠", 17 if small else 20, pal.INK)
        lines, fs = name_lines(name, name_room(size), (14,), bold=not small)
        f = font(fs, not small)
        lh = 17 if small else 19
        y = band_h + (h - band_h - len(lines) * lh) / 2
        for line in lines:
            d.text((w / 2, y), line, font=f, fill=pal.GOLD_LIGHT, anchor="ma")
            y += lh
    return img


@lru_cache(maxsize=8)
def card_back(size: str) -> Image.Image:
    """A face-down card: dark red with a gold frame and a skull (no crew, no rank)."""
    w, h = SIZES[size]
    r = RADIUS[size]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), r * s, fill=pal.GOLD_DARK)
        e = 2 * s
        d.rounded_rectangle((e, e, w * s - 1 - e, h * s - 1 - e), (r - 2) * s, fill=BACK_FACE)
        i = 6 * s
        d.rounded_rectangle(
            (i, i, w * s - 1 - i, h * s - 1 - i), max(1, r - 5) * s, outline=pal.GOLD, width=s
        )

    img = dr.supersampled(w, h, paint)
    dr.glyph(ImageDraw.Draw(img), (w / 2, h / 2), "☠", int(w * 0.5), pal.GOLD)
    return img


@lru_cache(maxsize=16)
def badge(text: str, d: int, fill: RGB, fg: RGB) -> Image.Image:
    """A round badge with bold text (the ×2 of Brothers Before the Mast, run stars)."""
    img = dr.circle(d, fill, pal.INK, 1).copy()
    ImageDraw.Draw(img).text(
        (d / 2, d / 2 + 1), text, font=dr.symbol_font(int(d * 0.55)), fill=fg, anchor="mm"
    )
    return img


@lru_cache(maxsize=8)
def empty_slot(size: str, label: str) -> Image.Image:
    """An empty place on the table (no card up for auction, an empty deck or pile)."""
    w, h = SIZES[size]
    img = dr.rounded(w, h, RADIUS[size], pal.WOOD_DARK, pal.GOLD_DARK, 2).copy()
    f = font(17, True)
    d = ImageDraw.Draw(img)
    y = h / 2 - 12 * len(wrap(label, f, w - 20))
    for line in wrap(label, f, w - 20):
        d.text((w / 2, y), line, font=f, fill=pal.PARCHMENT_DARK, anchor="ma")
        y += 24
    return img


def put_card(dst: Image.Image, code: str, size: str, x: int, y: int, doubled: bool = False) -> None:
    dr.paste_with_shadow(dst, card_face(code, size), x, y, RADIUS[size])
    if doubled:
        w, h = SIZES[size]
        b = badge("×2", 30, pal.GOLD, pal.INK)
        dr.paste(dst, b, x + w - 24, y + h - 24)


def fan_step(count: int, card_w: int, room: int, gap: int) -> int:
    """Distance between card left edges so ``count`` cards fit ``room`` px (overlapping
    when they must)."""
    if count <= 1:
        return card_w + gap
    return max(14, min(card_w + gap, (room - card_w) // (count - 1)))
