"""Seafarers: the hex map of the public board (render/seafarers/board.py puts it beside the
players' column, under the header band), drawn from the view only.

What makes the island legible (our choices):

- The map is as large as its box on the board allows (``geometry``): the frame's sea is
  cut to the half of each frame hex nearest the island (harbours sit at the frame hexes'
  centres, which stay on the map).
- Few, large labels. Each hex: its terrain's word at the top (WOOD, BRICK, WOOL, GRAIN,
  ORE, GOLD, DESERT, fitted to the hex; colour never carries meaning alone), its number
  chip in the middle with the pips under the number (6 and 8 in red), its name at the
  bottom ("D4", as the robber and pirate moves call it). Corner numbers only where the
  player on turn could put a piece now (the view's ``places``: the numbers the move
  labels use), on a light box.
- Player colours from the Okabe-Ito palette (safe for the common colour blindnesses),
  told apart by lightness too, and the seat number on every piece: settlements, cities,
  roads and ships.
- Oceans' face-down spaces are grey, hatched, with a large "?": unknown.
- The robber stands at the left of its hex's chip and the pirate on the sea hex's side
  away from any harbour label, never on the pips; harbour labels are small, two lines,
  at the sea hex's centre, clear of the ships on its edges.

The terrain layer (hexes, chips, harbours) is cached per board.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import palette as pal
from render.draw import pen, rounded, supersampled
from render.fonts import MIN_SIZE, font, symbol_font

SQ3 = math.sqrt(3)
#: the map's box on the landscape board. The height is what the header band and Discord's
#: 400 x 300 box leave (nine rows of hexes, as most scenarios have, get a radius of 41 px);
#: the width lets Greater Catan's eleven hexes across keep a radius of 40 px, since a
#: wider board only trades a little height in the inline box for larger hexes on a click
MAP_W, MAP_H = 760, 556
#: the largest hex radius (centre to corner), for the small maps (Classic Catan: 52 px)
R = 52

TERRAIN: dict[str, tuple[tuple[int, int, int], str]] = {
    "wood": ((52, 116, 58), "WOOD"),
    "brick": ((158, 84, 66), "BRICK"),
    "meadow": ((163, 206, 110), "WOOL"),
    "wheat": ((236, 204, 96), "GRAIN"),
    "mountain": ((140, 140, 150), "ORE"),
    "gold": ((255, 222, 40), "GOLD"),
    "desert": ((222, 206, 160), "DESERT"),
    "sea": ((104, 158, 206), ""),
    "land": ((180, 170, 140), "LAND"),
    "hidden": ((96, 96, 100), "?"),
}
SEA_FRAME = (88, 140, 190)
#: player colours: Okabe-Ito vermillion, blue, bluish green, reddish purple; named as they
#: read (issue 22: vermillion called "red" reads as orange, which is also Catan's own colour)
PLAYER = [(213, 94, 0), (0, 114, 178), (0, 158, 115), (204, 121, 167)]
PLAYER_NAME = ["orange", "blue", "green", "pink"]
#: the seat number's colour on each player's pieces (the stronger contrast)
PLAYER_INK = [pal.WHITE, pal.WHITE, pal.INK, pal.INK]
#: the resources in the one order every list of cards is drawn in
RES = ("wood", "brick", "wool", "grain", "ore")
RED_CHIP = (190, 20, 20)
#: the pale disc where a number chip will come (Greater Catan)
NO_CHIP = (226, 222, 206)
PLACE_BOX = (255, 249, 214)
OUTLINE = (24, 30, 40)


def names_of(view: Mapping[str, Any]) -> list[str]:
    names = view.get("names") or []
    return [str(names[i]) if i < len(names) else f"Player {i + 1}" for i in range(view["n"])]


@dataclass(frozen=True)
class Geometry:
    """Where things stand on the map: the hex radius ``r``, the map's size, and the centre
    of hex (0, 0) (on the map's own picture, or on the board's once ``at`` its place)."""

    r: float
    width: int
    height: int
    origin: tuple[float, float]

    @property
    def hex_w(self) -> float:
        return SQ3 * self.r

    @property
    def word_y(self) -> float:
        """Where a hex's word stands, from its centre (in the hex's full width)."""
        return -0.36 * self.r

    @property
    def chip_y(self) -> float:
        return 0.2 * self.r

    @property
    def name_y(self) -> float:
        """Where a hex's name stands (in the narrowing bottom)."""
        return 0.74 * self.r

    def at(self, x: float, y: float) -> Geometry:
        """The same map with its top left corner at (x, y) of a larger picture."""
        return replace(self, origin=(self.origin[0] + x, self.origin[1] + y))

    def hex_centre(self, h: list) -> tuple[float, float]:
        """Centre of hex [q, r, ...] (view "hexes" rows: q, r, terrain, chip)."""
        x, y = _centre_xy(h[0], h[1], self.r)
        return self.origin[0] + x, self.origin[1] + y

    def corner_xy(self, c: list[int]) -> tuple[float, float]:
        q, r, tip = c
        x, y = self.hex_centre([q, r])
        return x, y - self.r if tip == 0 else y + self.r


def _centre_xy(q: float, r: float, radius: float) -> tuple[float, float]:
    return SQ3 * radius * (q + r / 2), 1.5 * radius * r


def geometry(hexes: list) -> Geometry:
    """The map's geometry: the largest whole radius (R at most) at which it fits MAP_W x
    MAP_H. The frame's sea shows to 0.36 of a hex beyond the frame hexes' centres at the
    sides, 0.62 of a radius above the top row's centres and 0.9 below the bottom row's
    (its hex names stay on the map)."""
    return _geometry(tuple((h[0], h[1]) for h in hexes))


@lru_cache(maxsize=16)
def _geometry(positions: tuple[tuple[int, int], ...]) -> Geometry:
    units = [q + r / 2 for q, r in positions]
    rows = [r for _, r in positions]
    across = SQ3 * (max(units) - min(units) + 0.72)  # the width in radii
    down = 1.5 * (max(rows) - min(rows)) + 0.62 + 0.9  # the height in radii
    r = float(min(R, math.floor(MAP_W / across), math.floor(MAP_H / down)))
    xs = [_centre_xy(q, rr, r)[0] for q, rr in positions]
    ys = [_centre_xy(q, rr, r)[1] for q, rr in positions]
    pad_x = round(0.36 * SQ3 * r)
    pad_y, pad_bottom = round(0.62 * r), round(0.9 * r)
    return Geometry(r, int(max(xs) - min(xs) + 2 * pad_x),
                    int(max(ys) - min(ys) + pad_y + pad_bottom),
                    (pad_x - min(xs), pad_y - min(ys)))


def hex_name(q: int, r: int) -> str:
    """Row letter (A at the top) and column number (1 at the left), as the engine names
    hexes in its move labels."""
    return f"{chr(ord('A') + r)}{q + (r + (r & 1)) // 2 + 1}"


def _pips(n: int) -> int:
    return 6 - abs(7 - n)


def _hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(90 - 60 * k)),
             cy - r * math.sin(math.radians(90 - 60 * k))) for k in range(6)]


def _fitted(word: str, width: float, size: int) -> Any:
    """The bold font of ``word`` at ``size``, smaller if it would not fit ``width`` (never
    under the smallest legible size, render/fonts.py)."""
    f = font(size, bold=True)
    while size > MIN_SIZE and f.getlength(word) > width:
        size -= 1
        f = font(size, bold=True)
    return f


@lru_cache(maxsize=16)
def _terrain_layer(key: str) -> Image.Image:
    data = json.loads(key)
    hexes, corners, harbours, frame = (data["hexes"], data["corners"], data["harbours"],
                                       data["frame"])
    g = geometry(hexes)
    to_come = set(data["chips_to_come"])
    img = Image.new("RGB", (g.width, g.height), SEA_FRAME)
    d = ImageDraw.Draw(img)
    name_font = font(14)
    for i, hx in enumerate(hexes):
        cx, cy = g.hex_centre(hx)
        terrain, chip = hx[2], hx[3]
        colour, label = TERRAIN.get(terrain, ((128, 128, 128), "?"))
        if terrain == "sea" and i in frame:
            colour = SEA_FRAME
        d.polygon(_hex_points(cx, cy, g.r), fill=colour, outline=OUTLINE)
        dark = terrain in ("wood", "brick", "sea", "hidden")
        fg = pal.WHITE if dark else pal.INK
        if terrain == "hidden":  # face down: hatched, a large question mark
            for k in range(-2, 3):  # inside the hex: at |y| <= 18 it is 80 px wide
                x = cx + k * 12
                d.line((x - 10, cy + 18, x + 10, cy - 18), fill=(80, 80, 84), width=3)
            d.polygon(_hex_points(cx, cy, g.r), outline=OUTLINE)
            d.text((cx, cy - 2), "?", font=font(34, bold=True), fill=pal.WHITE, anchor="mm")
        elif label:
            d.text((cx, cy + g.word_y), label, font=_fitted(label, 0.8 * g.hex_w, 14),
                   fill=fg, anchor="mm")
        # the hex's name, as the robber and pirate commands call it ("D4")
        d.text((cx, cy + g.name_y), hex_name(hx[0], hx[1]), font=name_font, fill=fg,
               anchor="mm")
        disc = _chip(chip) if chip else _no_chip() if i in to_come else None
        if disc is not None:
            img.paste(disc, (round(cx - disc.width / 2),
                             round(cy + g.chip_y - disc.height / 2)), disc)
    for hexi, _, a, b in harbours:
        cx, cy = g.hex_centre(hexes[hexi])
        for c in (a, b):
            x, y = g.corner_xy(corners[c])
            d.line((cx, cy, x, y), fill=pal.PARCHMENT, width=4)
    for hexi, kind, _, _ in harbours:
        cx, cy = g.hex_centre(hexes[hexi])
        tag = _harbour_tag(kind)
        img.paste(tag, (round(cx - tag.width / 2), round(cy - tag.height / 2)), tag)
    return img


@lru_cache(maxsize=1)
def _no_chip() -> Image.Image:
    """Where a chip will lie once a ship or road reaches the hex (Greater Catan's small
    islands): a pale disc the size of a chip, its rim dashed, a grey question mark in it,
    clear on dark and light hexes alike."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.ellipse((s, s, 31 * s - 1, 31 * s - 1), fill=NO_CHIP)
        for k in range(12):  # a dashed rim: 12 arcs with gaps
            d.arc((s, s, 31 * s - 1, 31 * s - 1), k * 30, k * 30 + 18, fill=pal.INK,
                  width=2 * s)
        d.text((16 * s, 16.5 * s), "?", font=font(17 * s, bold=True), fill=(96, 96, 96),
               anchor="mm")

    return supersampled(32, 32, paint)


@lru_cache(maxsize=16)
def _chip(n: int) -> Image.Image:
    """A number chip: the number, its pips under it (6 and 8 in red)."""
    red = n in (6, 8)
    ink = RED_CHIP if red else pal.INK

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.ellipse((0, 0, 32 * s - 1, 32 * s - 1), fill=pal.CARD_FACE, outline=pal.INK,
                  width=s)
        d.text((16 * s, 13 * s), str(n), font=font(17 * s, bold=True), fill=ink, anchor="mm")
        k = _pips(n)
        for i in range(k):
            px = 16 + (i - (k - 1) / 2) * 4.2
            d.ellipse(((px - 1.6) * s, 23.5 * s, (px + 1.6) * s, 26.7 * s), fill=ink)

    return supersampled(32, 32, paint)


@lru_cache(maxsize=16)
def _harbour_tag(kind: str) -> Image.Image:
    """A harbour's label: its rate over its resource ("2:1" over "ore"), or "3:1"."""
    top = "3:1" if kind == "any" else "2:1"
    lines = [top] if kind == "any" else [top, kind]
    f = font(14, bold=True)
    w = round(max(f.getlength(x) for x in lines)) + 8
    h = 16 * len(lines) + 2
    tag = rounded(w, h, 6, pal.PARCHMENT, pal.INK, 1).copy()
    d = ImageDraw.Draw(tag)
    for i, line in enumerate(lines):
        d.text((w / 2, 9 + 16 * i), line, font=f, fill=pal.INK, anchor="mm")
    return tag


def _key(view: Mapping[str, Any]) -> str:
    sea = [i for i, h in enumerate(view["hexes"]) if h[2] == "sea"]
    return json.dumps(
        {"hexes": view["hexes"], "corners": view["corners"], "harbours": view["harbours"],
         "frame": _frame(view["hexes"], sea),
         "chips_to_come": view.get("chips_to_come") or []},
        sort_keys=True, separators=(",", ":"),
    )


def _frame(hexes: list, sea: list[int]) -> list[int]:
    """The frame: the sea hexes of the outer ring (the first and last rows, and the first
    and last hex of every row)."""
    rows: dict[int, list[int]] = {}
    for i, h in enumerate(hexes):
        rows.setdefault(h[1], []).append(i)
    top, bottom = min(rows), max(rows)
    ring = set()
    for r, idx in rows.items():
        idx = sorted(idx, key=lambda i: hexes[i][0])
        ring.update(idx if r in (top, bottom) else (idx[0], idx[-1]))
    return sorted(ring & set(sea))



def map_image(view: Mapping[str, Any]) -> Image.Image:
    """The map as the view has it: the cached terrain layer, then the trade lines, roads and
    ships, buildings, trade line chips, the corner numbers, the robber and the pirate (a
    picture of the map's own size, so that a piece at its edge is cut there, as the sea
    is)."""
    hexes = view["hexes"]
    g = geometry(hexes)
    img = _terrain_layer(_key(view)).copy()
    d = pen(img)
    corners, edges = view["corners"], view["edges"]
    if view.get("chip_for") is not None:  # the hex a chip is being taken for
        cx, cy = g.hex_centre(hexes[view["chip_for"]])
        d.polygon(_hex_points(cx, cy, g.r - 3), outline=pal.GOLD_LIGHT, width=5)
    lines = view.get("trade_lines") or []
    for line in lines:  # under the pieces: the ships and roads stand on them
        _trade_line(d, g, view, line)
    for e, seat, kind in view["routes"]:
        a, b = edges[e]
        x1, y1 = g.corner_xy(corners[a])
        x2, y2 = g.corner_xy(corners[b])
        if kind == "road":
            _road(img, d, (x1, y1), (x2, y2), seat)
        else:
            _ship(img, (x1 + x2) / 2, (y1 + y2) / 2, seat)
    taken = set()
    for c, seat, level in view["buildings"]:
        taken.add(c)
        x, y = g.corner_xy(corners[c])
        piece = building(seat, level)
        img.paste(piece, (round(x - piece.width / 2), round(y - piece.height / 2)), piece)
    _line_chips(img, g, view, lines)
    # while a chip is taken from the main island the move names hexes: no corner numbers
    places = [] if view.get("chip_for") is not None else view.get("places")
    for c in range(len(corners)) if places is None else places:
        if c in taken:
            continue
        x, y = g.corner_xy(corners[c])
        sprite = _corner_label(c + 1)
        img.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)))
    _robber_and_pirate(img, view, g)
    return img


def _trade_line(d: ImageDraw.ImageDraw, g: Geometry, view: Mapping[str, Any],
                line: Mapping[str, Any]) -> None:
    """A trade line (The Great Crossing): a band along its way from corner to corner, gold
    when someone holds its chip, grey when nobody does (a tie), under the ships and roads
    (no player's colour is gold or grey, so it is never taken for a road)."""
    corners, edges = view["corners"], view["edges"]
    held = line.get("holder") is not None
    colour = pal.GOLD_LIGHT if held else (160, 160, 160)
    ends = [(g.corner_xy(corners[edges[e][0]]), g.corner_xy(corners[edges[e][1]]))
            for e in line["edges"]]
    for width, fill in ((12, OUTLINE), (7, colour)):
        for (x1, y1), (x2, y2) in ends:
            d.line((x1, y1, x2, y2), fill=fill, width=width)
        for (x1, y1), (x2, y2) in ends:  # round joints
            for x, y in ((x1, y1), (x2, y2)):
                d.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2),
                          fill=fill)


def line_chips(view: Mapping[str, Any]) -> list[tuple[int, int | None, int, int]]:
    """The trade line chips as the image shows them: (holder, corner or None, count, first
    edge of a line whose chip lies beside it), one per corner holding chips (or per line
    whose holder owns neither end)."""
    at: dict[tuple[int, int | None, int], int] = {}
    for line in view.get("trade_lines") or []:
        p = line.get("holder")
        if p is None:
            continue
        c = line.get("chip")
        edges = line["edges"]
        key = (p, c, -1 if c is not None else edges[len(edges) // 2])
        at[key] = at.get(key, 0) + 1
    return [(p, c, k, e) for (p, c, e), k in sorted(at.items(), key=lambda kv: (
        kv[0][0], -1 if kv[0][1] is None else kv[0][1], kv[0][2]))]


def _line_chips(img: Image.Image, g: Geometry, view: Mapping[str, Any],
                lines: list) -> None:
    """Each trade line chip: a gold "+1" (or "+2" for two chips) under its holder's
    settlement ("placed under his exit village"), or beside the line with the holder's
    seat disc when the holder owns neither end."""
    corners, edges = view["corners"], view["edges"]
    for p, c, k, e in line_chips(view):
        badge = _chip_badge(k)
        if c is not None:
            x, y = g.corner_xy(corners[c])
            img.paste(badge, (round(x - badge.width / 2), round(y + 9)), badge)
            continue
        a, b = edges[e]
        (x1, y1), (x2, y2) = g.corner_xy(corners[a]), g.corner_xy(corners[b])
        x, y = (x1 + x2) / 2, (y1 + y2) / 2 + 12
        img.paste(badge, (round(x - badge.width), round(y)), badge)
        disc = seat_disc(p)
        img.paste(disc, (round(x + 1), round(y + (badge.height - disc.height) / 2)), disc)


@lru_cache(maxsize=8)
def _chip_badge(k: int) -> Image.Image:
    """A trade line's special victory point chip: a gold disc with "+1" ("+k" for k
    chips at one place)."""
    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.ellipse((s, s, 25 * s, 25 * s), fill=pal.GOLD, outline=OUTLINE, width=2 * s)
        d.text((13 * s, 13.5 * s), f"+{k}", font=font(14 * s, bold=True), fill=pal.INK,
               anchor="mm")

    return supersampled(26, 26, paint)


def _road(img: Image.Image, d: ImageDraw.ImageDraw, a: tuple[float, float],
          b: tuple[float, float], seat: int) -> None:
    """A road: a thick bar of the player's colour along the edge, its seat number on a
    disc at the middle."""
    (x1, y1), (x2, y2) = a, b
    # shortened a little so that the buildings at its ends stay clear
    k = 0.14
    x1, y1, x2, y2 = (x1 + (x2 - x1) * k, y1 + (y2 - y1) * k,
                      x2 - (x2 - x1) * k, y2 - (y2 - y1) * k)
    d.line((x1, y1, x2, y2), fill=OUTLINE, width=10)
    d.line((x1, y1, x2, y2), fill=PLAYER[seat], width=6)
    disc = seat_disc(seat)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    img.paste(disc, (round(mx - disc.width / 2), round(my - disc.height / 2)), disc)


@lru_cache(maxsize=32)
def seat_disc(seat: int, size: int = 18, text: int = 12) -> Image.Image:
    """A disc in the seat's colour with its number (``size`` px, number ``text`` px): on
    every road of the map, before the name on the board's score line and on the hand."""
    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.ellipse((s, s, (size - 1) * s, (size - 1) * s), fill=PLAYER[seat], outline=OUTLINE,
                  width=2 * s)
        d.text((size / 2 * s, (size + 1) / 2 * s), str(seat + 1), font=symbol_font(text * s),
               fill=PLAYER_INK[seat], anchor="mm")

    return supersampled(size, size, paint)


def _ship(img: Image.Image, x: float, y: float, seat: int) -> None:
    piece = ship_piece(seat)
    img.paste(piece, (round(x - piece.width / 2), round(y - 14)), piece)


@lru_cache(maxsize=8)
def ship_piece(seat: int) -> Image.Image:
    """A ship: a hull of the player's colour with the seat number on it and a white sail,
    clearly not a road. 28 x 22 px, the hull's middle 14 px from the top."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.polygon([(14 * s, 1 * s), (14 * s, 9 * s), (22 * s, 9 * s)], fill=pal.WHITE,
                  outline=OUTLINE, width=s)
        d.line((14 * s, 1 * s, 14 * s, 10 * s), fill=OUTLINE, width=s)
        d.polygon([(1 * s, 9 * s), (27 * s, 9 * s), (22 * s, 21 * s), (6 * s, 21 * s)],
                  fill=PLAYER[seat], outline=OUTLINE, width=2 * s)
        d.text((14 * s, 15 * s), str(seat + 1), font=symbol_font(12 * s),
               fill=PLAYER_INK[seat], anchor="mm")

    return supersampled(28, 22, paint)


@lru_cache(maxsize=8)
def building(seat: int, level: int) -> Image.Image:
    """A settlement (a house) or a city (a house with a tower), the seat number on it."""
    w, h = (26, 26) if level == 1 else (36, 30)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        if level == 1:
            pts = [(1, 11), (13, 1), (25, 11), (25, 25), (1, 25)]
        else:
            pts = [(1, 14), (11, 6), (18, 12), (18, 1), (35, 1), (35, 29), (1, 29)]
        d.polygon([(x * s, y * s) for x, y in pts], fill=PLAYER[seat], outline=OUTLINE,
                  width=2 * s)
        cx, cy = (13, 17) if level == 1 else (18, 20)
        d.text((cx * s, cy * s), str(seat + 1), font=symbol_font((13 if level == 1 else 15) * s),
               fill=PLAYER_INK[seat], anchor="mm")

    return supersampled(w, h, paint)


@lru_cache(maxsize=512)
def _corner_label(n: int) -> Image.Image:
    """A corner's number on its light box, drawn once."""
    f = font(14, bold=True)
    s = str(n)
    w = round(f.getlength(s)) + 6
    sprite = Image.new("RGB", (w, 17), PLACE_BOX)
    d = ImageDraw.Draw(sprite)
    d.rectangle((0, 0, w - 1, 16), outline=pal.INK)
    d.text((w / 2, 8.5), s, font=f, fill=pal.INK, anchor="mm")
    return sprite


def _robber_and_pirate(img: Image.Image, view: Mapping[str, Any], g: Geometry) -> None:
    """The robber at the left of its hex's chip; the pirate on its sea hex, away from the
    harbour label there if any (the side opposite the harbour's coast)."""
    hexes, corners = view["hexes"], view["corners"]
    hi = view.get("robber")
    if hi is not None:
        cx, cy = g.hex_centre(hexes[hi])
        token = _token("R", (60, 60, 60))
        img.paste(token, (round(cx - 0.6 * g.r - token.width / 2),
                          round(cy + g.chip_y - token.height / 2)), token)
    hi = view.get("pirate")
    if hi is not None:
        cx, cy = g.hex_centre(hexes[hi])
        x, y = cx, cy - 0.5 * g.r
        for h, _, a, b in view["harbours"]:
            if h == hi:
                (ax, ay), (bx, by) = g.corner_xy(corners[a]), g.corner_xy(corners[b])
                mx, my = (ax + bx) / 2 - cx, (ay + by) / 2 - cy
                x, y = cx - 0.55 * mx, cy - 0.55 * my
        token = _token("P", (10, 10, 10))
        img.paste(token, (round(x - token.width / 2), round(y - token.height / 2)), token)


@lru_cache(maxsize=4)
def _token(letter: str, fill: tuple[int, int, int]) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.ellipse((s, s, 23 * s, 23 * s), fill=fill, outline=pal.WHITE, width=2 * s)
        d.text((12 * s, 12.5 * s), letter, font=symbol_font(14 * s), fill=pal.WHITE,
               anchor="mm")

    return supersampled(24, 24, paint)


def with_colour(name: str, seat: int) -> str:
    """A player's name with their colour in words, "Anne (orange)"; a name that ends in
    brackets of its own ("AI 1 (normal)") takes the colour inside them: "AI 1 (normal,
    pink)", not two pairs of brackets."""
    colour = PLAYER_NAME[seat]
    if name.endswith(")") and "(" in name:
        return f"{name[:-1]}, {colour})"
    return f"{name} ({colour})"
