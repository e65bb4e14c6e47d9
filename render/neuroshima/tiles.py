"""One tile drawn as the game prints it, cached per tile, army and facing: melee chevrons and
ranged wedges per edge (one per point of strength), armour bands, nets, module connectors,
the Gauss beam and the Water Gun, initiative and name."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.neuroshima.tiles import TILES
from render.draw import SUPERSAMPLE
from render.fonts import symbol_font
from render.neuroshima.common import ARMY_EDGE, ARMY_FILL, ARMY_INK, SHORT, SQ3, R

PIECE_W = 2 * R
PIECE_H = int(SQ3 * R) + 1


def hex_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    return [(cx + radius * math.cos(math.radians(60 * i)),
             cy + radius * math.sin(math.radians(60 * i))) for i in range(6)]


def _frame(d: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Unit vector towards board direction ``d`` (0 = north, clockwise) and its normal."""
    a = math.radians(-90 + 60 * d)
    return (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))


@lru_cache(maxsize=1024)
def tile_piece(key: str, army: str, rot: int) -> Image.Image:
    """The tile as an RGBA hexagon of PIECE_W x PIECE_H pixels."""
    s = SUPERSAMPLE
    w, h = PIECE_W * s, PIECE_H * s
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cx, cy, rad = w / 2, h / 2, R * s
    ap = rad * SQ3 / 2
    fill, ink, edge = ARMY_FILL[army], ARMY_INK[army], ARMY_EDGE[army]
    d.polygon(hex_points(cx, cy, rad - 2 * s), fill=fill, outline=edge, width=3 * s)
    row = TILES[key]

    def at(u: tuple[float, float], v: tuple[float, float], a: float, b: float):
        return (cx + u[0] * a + v[0] * b, cy + u[1] * a + v[1] * b)

    for e in row["armor"]:
        u, v = _frame((e + rot) % 6)
        half = rad / 2 - 3 * s
        d.polygon([at(u, v, ap - 3 * s, -half), at(u, v, ap - 3 * s, half),
                   at(u, v, ap - 10 * s, half - 4 * s), at(u, v, ap - 10 * s, -half + 4 * s)],
                  fill=(20, 20, 20))
    for e in row["conn"]:
        u, v = _frame((e + rot) % 6)
        bw = 9 * s
        d.polygon([at(u, v, ap - 4 * s, -bw), at(u, v, ap - 4 * s, bw),
                   at(u, v, ap - 10 * s, bw), at(u, v, ap - 10 * s, -bw)],
                  fill=(255, 255, 255), outline=(20, 20, 20), width=s)
    for e, strength in row["melee"].items():
        u, v = _frame((e + rot) % 6)
        tw = 7 * s
        for k in range(strength):
            off = (k - (strength - 1) / 2) * 2.2 * tw
            d.polygon([at(u, v, ap - 16 * s, off - tw), at(u, v, ap - 16 * s, off + tw),
                       at(u, v, ap - 4 * s, off)], fill=(200, 40, 32), outline=ink, width=s)
    for e, strength in row["ranged"].items():
        u, v = _frame((e + rot) % 6)
        tw = 3 * s
        for k in range(strength):
            off = (k - (strength - 1) / 2) * 3 * tw
            d.polygon([at(u, v, ap * 0.45, off - tw), at(u, v, ap * 0.45, off + tw),
                       at(u, v, ap - 3 * s, off)], fill=(200, 40, 32), outline=ink, width=s)
    for e in row["gauss"]:
        u, v = _frame((e + rot) % 6)
        d.line([at(u, v, ap * 0.4, 0), at(u, v, ap - 3 * s, 0)], fill=(120, 40, 160),
               width=7 * s)
    for e in row["water_gun"]:
        u, v = _frame((e + rot) % 6)
        for k, frac in enumerate((0.55, 0.72, 0.88)):
            r0 = (5 - k) * s
            x, y = at(u, v, ap * frac, 0)
            d.ellipse((x - r0, y - r0, x + r0, y + r0), fill=(40, 110, 200), outline=ink)
    for e in row["net"]:
        u, v = _frame((e + rot) % 6)
        x, y = at(u, v, ap - 11 * s, 0)
        r0 = 7 * s
        d.rectangle((x - r0, y - r0, x + r0, y + r0), outline=ink, width=s)
        for t in (-r0 / 2, 0, r0 / 2):
            d.line([(x - r0, y + t), (x + r0, y + t)], fill=ink, width=s)
            d.line([(x + t, y - r0), (x + t, y + r0)], fill=ink, width=s)
    big = symbol_font(15 * s)
    d.text((cx, cy + 2 * s), SHORT[key], font=big, fill=ink, anchor="mm")
    if row["init"] and row["kind"] != "hq":
        d.text((cx, cy - 16 * s), "·".join(str(i) for i in row["init"]),
               font=symbol_font(15 * s), fill=ink, anchor="mm")
    if row["drift"]:
        d.text((cx, cy + 17 * s), "≈", font=symbol_font(15 * s), fill=ink, anchor="mm")
    return img.resize((PIECE_W, PIECE_H), Image.Resampling.LANCZOS)
