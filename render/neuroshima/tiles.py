"""One tile drawn as the game prints it, cached per tile, army and facing: melee chevrons and
ranged wedges per edge (one per point of strength), armour bands, nets, module connectors,
the Gauss beam and the Water Gun; in the middle the initiative and the tile's whole name.

The text never covers a printed mark: :func:`text_layout` picks, per tile, the largest font
(14 px or more) and one or two lines (whole words) whose letters stay clear of every mark
the tile shows in any of its six facings, and keeps a slot under the name for the space
label the board writes there (:data:`LABEL_SLOT`). The marks themselves leave the middle
free: a ranged wedge starts at :data:`RANGED_FROM` of the way out, as the long thin wedges
of the printed tiles reach in further than the short melee chevrons but not to the centre.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageFont

from engine.neuroshima.tiles import TILES
from render.draw import SUPERSAMPLE
from render.fonts import font
from render.neuroshima.common import ARMY_EDGE, ARMY_FILL, ARMY_INK, SQ3, R

PIECE_W = 2 * R
PIECE_H = int(SQ3 * R) + 1
#: where a ranged wedge, the Gauss beam and the Water Gun's drops start, as a fraction of
#: the distance from the centre to the edge
RANGED_FROM = 0.62
#: the widest things the board writes in a tile's label slot: a Water label, and a standard
#: label with a wound badge beside it (units on Water are never wounded: all of them have
#: toughness 1 but the HQ, whose toughness is written above its name)
LABEL_SAMPLES = ("W12", "e3")
WOUND_BADGE = 18
BADGE_GAP = 3
#: pixels kept free around every letter
MARGIN = 2
MARK_RED = (200, 40, 32)
GAUSS = (120, 40, 160)
WATER_GUN = (40, 110, 200)


def hex_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [(cx + radius * math.cos(math.radians(60 * i)),
             cy + radius * math.sin(math.radians(60 * i))) for i in range(6)]


def _frame(d: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Unit vector towards board direction ``d`` (0 = north, clockwise) and its normal."""
    a = math.radians(-90 + 60 * d)
    return (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))


def _paint_marks(d: ImageDraw.ImageDraw, key: str, rot: int, s: int, ink: object,
                 solid: object | None = None) -> None:
    """The printed marks of ``key`` turned by ``rot``, at scale ``s`` on a piece-sized
    canvas; ``solid`` paints every mark in one colour (the mask of what the text avoids)."""
    w, h = PIECE_W * s, PIECE_H * s
    cx, cy, rad = w / 2, h / 2, R * s
    ap = rad * SQ3 / 2
    row = TILES[key]

    def at(u: tuple[float, float], v: tuple[float, float], a: float, b: float):
        return (cx + u[0] * a + v[0] * b, cy + u[1] * a + v[1] * b)

    def c(colour: object) -> object:
        return solid if solid is not None else colour

    for e in row["armor"]:
        u, v = _frame((e + rot) % 6)
        half = rad / 2 - 3 * s
        d.polygon([at(u, v, ap - 3 * s, -half), at(u, v, ap - 3 * s, half),
                   at(u, v, ap - 10 * s, half - 4 * s), at(u, v, ap - 10 * s, -half + 4 * s)],
                  fill=c((20, 20, 20)))
    for e in row["conn"]:
        u, v = _frame((e + rot) % 6)
        bw = 9 * s
        d.polygon([at(u, v, ap - 4 * s, -bw), at(u, v, ap - 4 * s, bw),
                   at(u, v, ap - 10 * s, bw), at(u, v, ap - 10 * s, -bw)],
                  fill=c((255, 255, 255)), outline=c((20, 20, 20)), width=s)
    for e, strength in row["melee"].items():
        u, v = _frame((e + rot) % 6)
        tw = 7 * s
        for k in range(strength):
            off = (k - (strength - 1) / 2) * 2.2 * tw
            d.polygon([at(u, v, ap - 16 * s, off - tw), at(u, v, ap - 16 * s, off + tw),
                       at(u, v, ap - 4 * s, off)], fill=c(MARK_RED), outline=c(ink), width=s)
    start = ap * RANGED_FROM
    for e, strength in row["ranged"].items():
        u, v = _frame((e + rot) % 6)
        tw = 3 * s
        for k in range(strength):
            off = (k - (strength - 1) / 2) * 3 * tw
            d.polygon([at(u, v, start, off - tw), at(u, v, start, off + tw),
                       at(u, v, ap - 3 * s, off)], fill=c(MARK_RED), outline=c(ink), width=s)
    for e in row["gauss"]:
        u, v = _frame((e + rot) % 6)
        d.line([at(u, v, start, 0), at(u, v, ap - 3 * s, 0)], fill=c(GAUSS), width=7 * s)
    for e in row["water_gun"]:
        u, v = _frame((e + rot) % 6)
        for k, frac in enumerate((RANGED_FROM + 0.05, 0.78, 0.9)):
            r0 = (5 - k) * s
            x, y = at(u, v, ap * frac, 0)
            d.ellipse((x - r0, y - r0, x + r0, y + r0), fill=c(WATER_GUN), outline=c(ink))
    for e in row["net"]:
        u, v = _frame((e + rot) % 6)
        x, y = at(u, v, ap - 11 * s, 0)
        r0 = 7 * s
        if solid is not None:
            d.rectangle((x - r0, y - r0, x + r0, y + r0), fill=solid)
            continue
        d.rectangle((x - r0, y - r0, x + r0, y + r0), outline=ink, width=s)
        for t in (-r0 / 2, 0, r0 / 2):
            d.line([(x - r0, y + t), (x + r0, y + t)], fill=ink, width=s)
            d.line([(x + t, y - r0), (x + t, y + r0)], fill=ink, width=s)


@lru_cache(maxsize=512)
def marks_mask(key: str, rot: int) -> Image.Image:
    """Where the marks of ``key`` turned by ``rot`` are (255), at SUPERSAMPLE times the
    piece's size."""
    s = SUPERSAMPLE
    img = Image.new("L", (PIECE_W * s, PIECE_H * s), 0)
    _paint_marks(ImageDraw.Draw(img), key, rot, s, 255, solid=255)
    return img


@lru_cache(maxsize=64)
def _all_facings(key: str) -> Image.Image:
    out = marks_mask(key, 0)
    for rot in range(1, 6):
        out = ImageChops.lighter(out, marks_mask(key, rot))
    return out


class Line(NamedTuple):
    """One line of a tile's middle, in piece pixels: ``role`` is "init" (initiative and the
    Drift sign), "hq" (the toughness left, written by the board), "name" or "label" (the
    space, written by the board); ``y`` is the line's centre."""

    role: str
    text: str
    size: int
    bold: bool
    y: float

    @property
    def font(self) -> ImageFont.FreeTypeFont:
        return font(self.size, self.bold)

    def box(self, text: str | None = None) -> tuple[float, float, float, float]:
        """The ink box of the line's text (or of ``text`` in its font), centred on the
        piece."""
        x0, y0, x1, y1 = self.font.getbbox(self.text if text is None else text, anchor="mm")
        return PIECE_W / 2 + x0, self.y + y0, PIECE_W / 2 + x1, self.y + y1


def label_box(line: Line, label: str, wounded: bool) -> tuple[float, float, float, float]:
    """The box of a space label in the label slot, with the wound badge after it when the
    unit is wounded; the pair is centred on the tile."""
    x0, y0, x1, y1 = line.font.getbbox(label, anchor="mm")
    if not wounded:
        return PIECE_W / 2 + x0, line.y + y0, PIECE_W / 2 + x1, line.y + y1
    w = (x1 - x0) + BADGE_GAP + WOUND_BADGE
    return (PIECE_W / 2 - w / 2, line.y - WOUND_BADGE / 2, PIECE_W / 2 + w / 2,
            line.y + WOUND_BADGE / 2)


def _clear(mask: Image.Image, box: tuple[float, float, float, float]) -> bool:
    s = SUPERSAMPLE
    x0, y0, x1, y1 = box
    inside = (math.floor((x0 - MARGIN) * s), math.floor((y0 - MARGIN) * s),
              math.ceil((x1 + MARGIN) * s), math.ceil((y1 + MARGIN) * s))
    if inside[0] < 0 or inside[1] < 0 or inside[2] > mask.width or inside[3] > mask.height:
        return False
    return mask.crop(inside).getbbox() is None


def _splits(name: str) -> list[list[str]]:
    """The name on one line, then on two lines broken between whole words (or after a
    hyphen the name itself has), the most even break first."""
    out = [[name]]
    cuts = [i for i, ch in enumerate(name) if ch == " "] + \
        [i + 1 for i, ch in enumerate(name) if ch == "-"]
    two = [[name[:i].strip(), name[i:].strip()] for i in cuts]
    two.sort(key=lambda pair: max(len(p) for p in pair))
    return out + two


def _stack(parts: list[tuple[str, str, int, bool]], shift: float, lead: int = 2
           ) -> tuple[Line, ...]:
    """Lines centred as a block on the piece's middle (moved by ``shift``), ``lead`` pixels
    between them."""
    pitch = [size + lead for _, _, size, _ in parts]
    y = PIECE_H / 2 + shift - sum(pitch) / 2
    out = []
    for (role, text, size, bold), p in zip(parts, pitch, strict=True):
        out.append(Line(role, text, size, bold, y + p / 2))
        y += p
    return tuple(out)


def _fits(mask: Image.Image, lines: tuple[Line, ...]) -> bool:
    for line in lines:
        if line.role == "label":
            boxes = [line.box(LABEL_SAMPLES[0]), label_box(line, LABEL_SAMPLES[1], True)]
        elif line.role == "hq":
            boxes = [line.box("20")]
        else:
            boxes = [line.box()]
        if not all(_clear(mask, b) for b in boxes):
            return False
    return True


def display_name(key: str) -> str:
    """The name written on the tile: the HQs are "HQ" (the army's colour tells whose)."""
    row = TILES[key]
    return "HQ" if row["kind"] == "hq" else str(row["name"])


@lru_cache(maxsize=64)
def text_layout(key: str) -> tuple[tuple[Line, ...], bool]:
    """The lines written in the middle of ``key`` and whether they keep clear of its marks
    in every facing (the tests hold every tile to that)."""
    row = TILES[key]
    mask = _all_facings(key)
    top: list[tuple[str, str, int, bool]] = []
    if row["kind"] == "hq":
        top.append(("hq", "20", 18, True))
    else:
        sign = "·".join(str(i) for i in row["init"])
        if row["drift"]:
            sign = f"{sign} ≈".strip()
        if sign:
            top.append(("init", sign, 14, True))
    name = display_name(key)
    if row["kind"] == "hq" and row["drift"]:
        name = "HQ ≈"
    label = [("label", LABEL_SAMPLES[0], 14, True)]
    tried: tuple[Line, ...] = ()
    for lines in _splits(name):
        for size, bold in ((15, True), (14, True), (14, False)):
            parts = top + [("name", t, size, bold) for t in lines] + label
            for lead in (2, 0):
                for shift in (0, -3, 3, -6, 6):
                    tried = _stack(parts, shift, lead)
                    if _fits(mask, tried):
                        return tried, True
    return tried, False


def name_lines(key: str) -> list[str]:
    return [line.text for line in text_layout(key)[0] if line.role == "name"]


def slot(key: str, role: str) -> Line | None:
    """The line of ``role`` in the tile's layout (None when the tile has none)."""
    return next((line for line in text_layout(key)[0] if line.role == role), None)


@lru_cache(maxsize=1024)
def tile_piece(key: str, army: str, rot: int) -> Image.Image:
    """The tile as an RGBA hexagon of PIECE_W x PIECE_H pixels."""
    s = SUPERSAMPLE
    w, h = PIECE_W * s, PIECE_H * s
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill, ink, edge = ARMY_FILL[army], ARMY_INK[army], ARMY_EDGE[army]
    d.polygon(hex_points(w / 2, h / 2, R * s - 2 * s), fill=fill, outline=edge, width=3 * s)
    _paint_marks(d, key, rot, s, ink)
    img = img.resize((PIECE_W, PIECE_H), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(img)
    for line in text_layout(key)[0]:
        if line.role in ("init", "name"):
            d.text((PIECE_W / 2, line.y), line.text, font=line.font, fill=ink, anchor="mm")
    return img
