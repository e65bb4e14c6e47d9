"""Seafarers: a player's private hand image, drawn from that seat's own view, to be read at
the size Discord shows it (550 px wide: the image is drawn at that width, no text under
14 px).

Top to bottom:

- the player: the seat's colour and number, the name, the victory points of the target
  (with those of the Victory Point cards, which only this player knows), and what the game
  waits for from this player, if anything;
- the resource cards: one card per resource in the one fixed order (wood, brick, wool,
  grain, ore), each with its terrain's colour, a picture (a tree, bricks, a sheep, an ear
  of grain, rocks: the shape tells the resource without the colour), its word, the count
  (a card of which the player holds none is greyed) and, in its bottom strip, the rate at
  which the bank takes it ("trade 4:1"; a harbour's better rate is highlighted);
- the development cards, one card per kind with its count, those bought this turn marked
  NEW (they can be played from the next turn on);
- the building costs, one row per piece (road, ship, settlement, city, development card):
  the piece in the player's colour, the pieces left, the cost as resource tokens (the
  tokens the hand holds filled, the missing ones hollow) and whether it can be built now,
  else why not. The rows come from ``text.build_rows``, which the text twin says in words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import palette as pal
from render.draw import canvas, pen, rounded, supersampled, to_png
from render.fonts import font, symbol_font
from render.seafarers.hexmap import (
    OUTLINE,
    PLAYER,
    PLAYER_INK,
    RES,
    TERRAIN,
    building,
    names_of,
    seat_disc,
    ship_piece,
    with_colour,
)
from render.seafarers.text import (
    BuildRow,
    build_rows,
    dev_counts,
    hidden_vp,
    left_words,
    move_words,
    my_seat,
)
from render.text import ellipsize, wrap

W = 550  # Discord's width in the chat: drawn 1:1
M = 10  # margin of the panels
PAD = 10  # inside a panel
GAP = 8  # between cards
CARD_W = (W - 2 * M - 2 * PAD - 4 * GAP) // 5
CARD_H = 128
DEV_H = 92
ROW_H = 46
TOKEN = 26
DEV_FACE = (52, 84, 140)  # the development cards' back
READY = (214, 240, 214)  # a row that can be built now
#: the terrain each resource comes from (the board's colours)
RES_TERRAIN = {"wood": "wood", "brick": "brick", "wool": "meadow", "grain": "wheat",
               "ore": "mountain"}
#: a symbol per development card (DejaVu Sans has them all)
DEV_GLYPH = {"Knight": "♞", "Victory Point": "★", "Road Building": "⇉",
             "Year of Plenty": "✦", "Monopoly": "♛"}


def res_colour(r: str) -> tuple[int, int, int]:
    return TERRAIN[RES_TERRAIN[r]][0]


# -- the pictures ------------------------------------------------------------------------


def _paint_icon(d: ImageDraw.ImageDraw, r: str, size: float, line: int, ink: Any) -> None:
    """A resource's picture in a ``size`` box: white shapes outlined in ``ink``."""
    def P(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * size, y * size) for x, y in pts]

    def B(x0: float, y0: float, x1: float, y1: float) -> tuple[float, ...]:
        return (x0 * size, y0 * size, x1 * size, y1 * size)

    white = pal.WHITE
    if r == "wood":  # a fir tree
        d.rectangle(B(0.43, 0.68, 0.57, 0.95), fill=white, outline=ink, width=line)
        d.polygon(P([(0.5, 0.24), (0.12, 0.76), (0.88, 0.76)]), fill=white, outline=ink,
                  width=line)
        d.polygon(P([(0.5, 0.05), (0.22, 0.46), (0.78, 0.46)]), fill=white, outline=ink,
                  width=line)
    elif r == "brick":  # a wall of bricks, each row offset
        rows = [(0.14, [(0.06, 0.48), (0.52, 0.94)]),
                (0.4, [(0.06, 0.26), (0.3, 0.7), (0.74, 0.94)]),
                (0.66, [(0.06, 0.48), (0.52, 0.94)])]
        for y, bricks in rows:
            for x0, x1 in bricks:
                d.rectangle(B(x0, y, x1, y + 0.22), fill=white, outline=ink, width=line)
    elif r == "wool":  # a sheep: a fleece of round tufts, a dark head, four legs
        for x in (0.3, 0.45, 0.6):
            d.line(P([(x, 0.62), (x, 0.9)]), fill=ink, width=line * 2)
        tufts = [(0.28, 0.4), (0.44, 0.34), (0.6, 0.4), (0.24, 0.56), (0.42, 0.6),
                 (0.6, 0.56)]
        rad = 0.15 * size
        for cx, cy in tufts:  # the outline of the union, then its inside
            x, y = cx * size, cy * size
            d.ellipse((x - rad - line, y - rad - line, x + rad + line, y + rad + line),
                      fill=ink)
        for cx, cy in tufts:
            x, y = cx * size, cy * size
            d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=white)
        d.ellipse(B(0.68, 0.3, 0.94, 0.56), fill=ink)
    elif r == "grain":  # an ear of grain: a stalk with kernels both sides
        d.line(P([(0.5, 0.12), (0.5, 0.96)]), fill=ink, width=line * 2)
        for y in (0.24, 0.42, 0.6):
            for side in (-1, 1):
                d.polygon(P([(0.5, y + 0.1), (0.5 + side * 0.26, y - 0.02),
                             (0.5 + side * 0.3, y - 0.12), (0.5 + side * 0.04, y - 0.02)]),
                          fill=white, outline=ink, width=line)
        d.ellipse(B(0.4, 0.02, 0.6, 0.24), fill=white, outline=ink, width=line)
    else:  # ore: two rocks
        d.polygon(P([(0.06, 0.88), (0.16, 0.48), (0.4, 0.26), (0.62, 0.46), (0.64, 0.88)]),
                  fill=white, outline=ink, width=line)
        d.polygon(P([(0.5, 0.88), (0.6, 0.58), (0.8, 0.5), (0.95, 0.7), (0.94, 0.88)]),
                  fill=white, outline=ink, width=line)
        d.line(P([(0.4, 0.26), (0.34, 0.6), (0.06, 0.88)]), fill=ink, width=line)


@lru_cache(maxsize=16)
def icon(r: str, size: int) -> Image.Image:
    """The resource's picture, ``size`` px square."""
    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        _paint_icon(d, r, size * s, max(1, round(size * s / 16)), OUTLINE)

    return supersampled(size, size, paint)


@lru_cache(maxsize=16)
def token(r: str, held: bool) -> Image.Image:
    """A cost token: the resource's colour and picture when the hand holds that card; a
    hollow dashed ring with the picture in grey when it does not (told apart by shape, not
    colour alone)."""
    n = TOKEN

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        if held:
            d.rounded_rectangle((0, 0, n * s - 1, n * s - 1), 6 * s, fill=res_colour(r),
                                outline=OUTLINE, width=2 * s)
        else:
            d.rounded_rectangle((s, s, n * s - 1 - s, n * s - 1 - s), 6 * s,
                                fill=(236, 230, 214), outline=(150, 140, 120), width=2 * s)

    img = supersampled(n, n, paint)
    pic = icon(r, n - 8)
    if not held:  # the picture faded into the hollow token
        faded = pic.copy()
        faded.putalpha(faded.getchannel("A").point(lambda a: a * 45 // 100))
        pic = faded
    img.paste(pic, (4, 4), pic)
    return img


@lru_cache(maxsize=8)
def _road_piece(seat: int) -> Image.Image:
    """A road: a bar of the player's colour with its seat number."""
    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle((s, 4 * s, 37 * s, 16 * s), 3 * s, fill=PLAYER[seat],
                            outline=OUTLINE, width=2 * s)
        d.text((19 * s, 10.5 * s), str(seat + 1), font=symbol_font(11 * s),
               fill=PLAYER_INK[seat], anchor="mm")

    return supersampled(38, 20, paint)


@lru_cache(maxsize=2)
def _dev_piece() -> Image.Image:
    """A development card face down: a small blue card with a question mark."""
    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle((s, s, 23 * s, 31 * s), 4 * s, fill=DEV_FACE, outline=OUTLINE,
                            width=2 * s)
        d.text((12 * s, 16.5 * s), "?", font=symbol_font(18 * s), fill=pal.WHITE,
               anchor="mm")

    return supersampled(24, 32, paint)


def _piece(kind: str, seat: int) -> Image.Image:
    if kind == "road":
        return _road_piece(seat)
    if kind == "ship":
        return ship_piece(seat)
    if kind == "settlement":
        return building(seat, 1)
    if kind == "city":
        return building(seat, 2)
    return _dev_piece()


# -- the image -----------------------------------------------------------------------------


def draw_hand(view: Mapping[str, Any]) -> bytes:
    """PNG of the seat's own hand (ValueError from a view that is not a seat's own)."""
    return to_png(hand_image(view))


def hand_image(view: Mapping[str, Any]) -> Image.Image:
    seat = my_seat(view)
    devs = dev_counts(view)
    rows = build_rows(view)
    words = move_words(view)
    move_lines = wrap(words, font(15, True), W - 2 * M - 24) if words else []
    dev_rows = max(1, -(-len(devs) // 5))
    heights = [
        58 + (12 + 20 * len(move_lines) + 8 if move_lines else 0),  # the player
        34 + CARD_H + PAD,  # resources
        34 + (dev_rows * (DEV_H + GAP) - GAP if devs else 22) + PAD,  # development cards
        34 + ROW_H * len(rows) + PAD - 4,  # building costs
    ]
    img = canvas(W, sum(heights) + 3 * GAP + M)
    d = pen(img)
    y = _header(img, d, view, seat, move_lines)
    y = _resources(img, d, view, y + GAP)
    y = _developments(img, d, devs, y + GAP, heights[2])
    _costs(img, d, rows, seat, y + GAP, heights[3])
    return img


def _section(img: Image.Image, d: ImageDraw.ImageDraw, y: int, h: int, title: str,
             note: str = "") -> None:
    """A parchment panel from ``y``, ``h`` high, its title in capitals at the top left and
    a note at the right."""
    box = rounded(W - 2 * M, h, 10, pal.PARCHMENT, pal.PARCHMENT_EDGE, 2)
    img.paste(box, (M, y), box)
    d.text((M + PAD, y + 8), title, font=font(15, True), fill=pal.INK)
    if note:
        f = font(14)
        d.text((W - M - PAD, y + 9), ellipsize(note, f, W - 2 * M - 3 * PAD
                                                - font(15, True).getlength(title)),
               font=f, fill=pal.INK_SOFT, anchor="ra")


def _header(img: Image.Image, d: ImageDraw.ImageDraw, view: Mapping[str, Any], seat: int,
            move_lines: list[str]) -> int:
    names = names_of(view)
    disc = seat_disc(seat, 34, 20)
    img.paste(disc, (M + 2, 10), disc)
    vp = f"{view['my_vp']} VP of {view['target']}"
    fv = font(20, True)
    vw = round(fv.getlength(vp)) + 24
    name = with_colour(names[seat], seat)
    fn = font(20, True)
    d.text((M + 46, 12), ellipsize(name, fn, W - 2 * M - 56 - vw), font=fn,
           fill=pal.PARCHMENT)
    secret = hidden_vp(view)
    sub = (f"incl. {secret} from your secret VP cards" if secret
           else "your hand: only you see this")
    d.text((M + 46, 36), ellipsize(sub, font(14), W - 2 * M - 56 - vw), font=font(14),
           fill=pal.GOLD_LIGHT if secret else pal.PARCHMENT_DARK)
    pill = rounded(vw, 34, 17, pal.GOLD_LIGHT, pal.INK, 2)
    img.paste(pill, (W - M - vw, 10), pill)
    d.text((W - M - vw / 2, 27), vp, font=fv, fill=pal.INK, anchor="mm")
    y = 54
    if move_lines:
        h = 12 + 20 * len(move_lines)
        box = rounded(W - 2 * M, h, 10, pal.GOLD_LIGHT, pal.INK, 2)
        img.paste(box, (M, y + 4), box)
        for i, line in enumerate(move_lines):
            d.text((M + 12, y + 10 + 20 * i), line, font=font(15, True), fill=pal.INK)
        y += h + 8
    return y + 4


def _resources(img: Image.Image, d: ImageDraw.ImageDraw, view: Mapping[str, Any],
               y: int) -> int:
    hand = view["hand"]
    ratios = view.get("ratios") or {}
    total = sum(hand[r] for r in RES)
    h = 34 + CARD_H + PAD
    _section(img, d, y, h, f"RESOURCES · {total} card{'s' if total != 1 else ''}",
             "under each: the bank's rate")
    x = M + PAD
    for r in RES:
        _resource_card(img, d, x, y + 34, r, hand[r], int(ratios.get(r, 4)))
        x += CARD_W + GAP
    return y + h


def _resource_card(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, r: str,
                   count: int, ratio: int) -> None:
    """One resource: its colour band with the picture, the count, the word, the rate."""
    none = count == 0
    face = (226, 220, 206) if none else pal.CARD_FACE
    card = rounded(CARD_W, CARD_H, 8, face, OUTLINE if not none else (150, 140, 120), 2)
    img.paste(card, (x, y), card)
    band = rounded(CARD_W - 6, 46, 6, res_colour(r))
    img.paste(band, (x + 3, y + 3), band)
    pic = icon(r, 40)
    img.paste(pic, (x + (CARD_W - 40) // 2, y + 6), pic)
    cx = x + CARD_W / 2
    d.text((cx, y + 70), str(count), font=font(30, True),
           fill=(150, 140, 120) if none else pal.INK, anchor="mm")
    d.text((cx, y + 93), r, font=font(15, True), fill=pal.INK_SOFT if none else pal.INK,
           anchor="mm")
    harbour = ratio < 4
    strip = rounded(CARD_W - 6, 22, 5, pal.GOLD_LIGHT if harbour else pal.PARCHMENT_DARK,
                    pal.INK if harbour else None, 1 if harbour else 0)
    img.paste(strip, (x + 3, y + CARD_H - 25), strip)
    d.text((cx, y + CARD_H - 14), f"trade {ratio}:1", font=font(14, harbour),
           fill=pal.INK, anchor="mm")


def _developments(img: Image.Image, d: ImageDraw.ImageDraw,
                  devs: list[tuple[str, int, bool]], y: int, h: int) -> int:
    n = sum(k for _, k, _ in devs)
    note = "NEW: play from your next turn" if any(new for *_, new in devs) else ""
    _section(img, d, y, h, f"DEVELOPMENT CARDS · {n}", note)
    if not devs:
        d.text((M + PAD, y + 34), "None yet: one costs wool + grain + ore.", font=font(15),
               fill=pal.INK_SOFT)
        return y + h
    for i, (name, k, new) in enumerate(devs):
        x = M + PAD + (i % 5) * (CARD_W + GAP)
        yy = y + 34 + (i // 5) * (DEV_H + GAP)
        _dev_card(img, d, x, yy, name, k, new)
    return y + h


def _dev_card(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, name: str, k: int,
              new: bool) -> None:
    """One kind of development card: its symbol and count on the band, its name, and NEW
    under it when bought this turn (not playable before the next turn)."""
    card = rounded(CARD_W, DEV_H, 8, pal.CARD_FACE, OUTLINE, 2)
    img.paste(card, (x, y), card)
    band = rounded(CARD_W - 6, 28, 6, DEV_FACE)
    img.paste(band, (x + 3, y + 3), band)
    d.text((x + 17, y + 17), DEV_GLYPH.get(name, "?"), font=symbol_font(20),
           fill=pal.WHITE, anchor="mm")
    d.text((x + CARD_W - 10, y + 17), f"×{k}", font=font(16, True), fill=pal.WHITE,
           anchor="rm")
    f = font(14, True)
    lines = wrap(name, f, CARD_W - 8)[:2]
    top = y + 44 + (9 if len(lines) == 1 else 0)
    for i, line in enumerate(lines):
        d.text((x + CARD_W / 2, top + 18 * i), line, font=f, fill=pal.INK, anchor="mm")
    if new:
        tag = rounded(CARD_W - 30, 18, 9, pal.GOLD_LIGHT, pal.INK, 1)
        img.paste(tag, (x + 15, y + DEV_H - 22), tag)
        d.text((x + CARD_W / 2, y + DEV_H - 13), "NEW", font=f, fill=pal.INK, anchor="mm")


def _costs(img: Image.Image, d: ImageDraw.ImageDraw, rows: list[BuildRow], seat: int,
           y: int, h: int) -> None:
    _section(img, d, y, h, "BUILD", "filled: cards you hold · hollow: cards missing")
    yy = y + 30
    for row in rows:
        _cost_row(img, d, row, seat, yy)
        yy += ROW_H


def _cost_row(img: Image.Image, d: ImageDraw.ImageDraw, row: BuildRow, seat: int,
              y: int) -> None:
    """The piece, its name and the pieces left, the cost tokens, and the answer."""
    x0 = M + PAD
    if row.ready:
        band = rounded(W - 2 * M - 2 * PAD + 8, ROW_H - 4, 8, READY, pal.GOOD, 2)
        img.paste(band, (x0 - 4, y + 2), band)
    piece = _piece(row.kind, seat)
    img.paste(piece, (x0 + 20 - piece.width // 2, y + ROW_H // 2 - piece.height // 2), piece)
    name = "dev. card" if row.kind == "dev" else row.name
    d.text((x0 + 46, y + 6), name, font=font(16, True), fill=pal.INK)
    sub = left_words(row)
    d.text((x0 + 46, y + 25), sub, font=font(14), fill=pal.INK_SOFT)
    tx = x0 + 164
    for r, held in zip(row.cost, row.held, strict=True):
        t = token(r, held)
        img.paste(t, (tx, y + (ROW_H - TOKEN) // 2), t)
        tx += TOKEN + 3
    sx = x0 + 164 + 5 * (TOKEN + 3) + 8
    width = W - M - PAD - sx
    if row.ready:
        d.text((sx, y + ROW_H / 2), "✓ can build now", font=font(15, True), fill=pal.GOOD,
               anchor="lm")
        return
    if row.later:
        d.text((sx, y + ROW_H / 2), f"✓ {row.status}", font=font(15, True), fill=pal.GOOD,
               anchor="lm")
        return
    f = font(14, True)
    # "1 ore" stays on one line (a no-break space)
    lines = wrap(re.sub(r"(\d) ", "\\1\u00a0", row.status), f, width)[:2]
    top = y + ROW_H / 2 - 9 * len(lines) + 1
    for i, line in enumerate(lines):
        d.text((sx, top + 18 * i), line, font=f, fill=pal.BAD if row.status.startswith(
            "needs") else pal.INK_SOFT)
