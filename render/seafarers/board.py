"""Seafarers: the public board image, drawn from the view only.

Hexes carry their terrain's colour and its word (WOOD, BRICK, WOOL, GRAIN, ORE, GOLD,
DESERT), so colour never carries meaning alone; number chips show pips, 6 and 8 in red.
Every corner has its number (the names commands use; an edge is named by its two corners).
The terrain layer (hexes, chips, harbours, corner numbers) is cached per layout.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core import fill_names
from render import palette as pal
from render.draw import canvas, pill, text, to_png
from render.fonts import font

R = 50  # hex radius (centre to corner) in pixels
MARGIN = 24
PANEL_W = 380
SQ3 = math.sqrt(3)

TERRAIN: dict[str, tuple[tuple[int, int, int], str]] = {
    "wood": ((46, 110, 52), "WOOD"),
    "brick": ((176, 84, 44), "BRICK"),
    "meadow": ((150, 200, 90), "WOOL"),
    "wheat": ((232, 200, 80), "GRAIN"),
    "mountain": ((130, 130, 140), "ORE"),
    "gold": ((250, 215, 0), "GOLD"),
    "desert": ((220, 200, 150), "DESERT"),
    "sea": ((60, 120, 190), ""),
    "land": ((180, 170, 140), "LAND"),
    "hidden": ((90, 90, 90), "?"),
}
#: player colours, told apart by lightness too; the seat number is printed on buildings
PLAYER = [(200, 40, 40), (40, 80, 200), (245, 245, 245), (240, 140, 20)]
PLAYER_NAME = ["red", "blue", "white", "orange"]
#: the resources in the one order every list of cards is drawn in
RES = ("wood", "brick", "wool", "grain", "ore")
RED_CHIP = (190, 20, 20)


def names_of(view: Mapping[str, Any]) -> list[str]:
    names = view.get("names") or []
    return [str(names[i]) if i < len(names) else f"Player {i + 1}" for i in range(view["n"])]


def _bounds(hexes: list[dict]) -> tuple[float, float, float, float]:
    xs = [SQ3 * R * (h[0] + h[1] / 2) for h in hexes]
    ys = [1.5 * R * h[1] for h in hexes]
    return min(xs), min(ys), max(xs), max(ys)


def hex_centre(h: list, origin: tuple[float, float]) -> tuple[float, float]:
    """Centre of hex [q, r, ...] (view "hexes" rows: q, r, terrain, chip)."""
    return origin[0] + SQ3 * R * (h[0] + h[1] / 2), origin[1] + 1.5 * R * h[1]


def corner_xy(c: list[int], origin: tuple[float, float]) -> tuple[float, float]:
    q, r, tip = c
    x, y = hex_centre([q, r], origin)
    return x, y - R if tip == 0 else y + R


def layout_size(hexes: list[dict]) -> tuple[int, int, tuple[float, float]]:
    x0, y0, x1, y1 = _bounds(hexes)
    w = int(x1 - x0 + SQ3 * R + 2 * MARGIN)
    h = int(y1 - y0 + 2 * R + 2 * MARGIN)
    origin = (MARGIN + SQ3 * R / 2 - x0, MARGIN + R - y0)
    return w + PANEL_W, max(h, 640), origin


def hex_name(q: int, r: int) -> str:
    """Row letter (A at the top) and column number (1 at the left), as the engine names
    hexes in its move labels."""
    return f"{chr(ord('A') + r)}{q + (r + (r & 1)) // 2 + 1}"


def _pips(n: int) -> int:
    return 6 - abs(7 - n)


@lru_cache(maxsize=16)
def _terrain_layer(key: str) -> Image.Image:
    import json

    data = json.loads(key)
    hexes, corners, harbours = data["hexes"], data["corners"], data["harbours"]
    w, h, origin = layout_size(hexes)
    img = canvas(w, h)
    d = ImageDraw.Draw(img)
    word = font(14, bold=True)
    for hx in hexes:
        cx, cy = hex_centre(hx, origin)
        pts = [(cx + R * math.cos(math.radians(90 - 60 * k)),
                cy - R * math.sin(math.radians(90 - 60 * k))) for k in range(6)]
        terrain, chip = hx[2], hx[3]
        colour, label = TERRAIN.get(terrain, ((128, 128, 128), "?"))
        d.polygon(pts, fill=colour, outline=(30, 40, 60))
        fg = pal.WHITE if terrain in ("wood", "brick", "sea") else pal.INK
        if label:
            d.text((cx, cy - R * 0.55), label, font=word, fill=fg, anchor="mm")
        # the hex's name, as the robber and pirate commands call it ("D4")
        d.text((cx, cy + R * 0.6), hex_name(hx[0], hx[1]), font=font(14), fill=fg,
               anchor="mm")
        if chip:
            d.ellipse((cx - 17, cy - 13, cx + 17, cy + 21), fill=pal.CARD_FACE, outline=pal.INK)
            red = chip in (6, 8)
            d.text((cx, cy + 2), str(chip), font=font(16, bold=True),
                   fill=RED_CHIP if red else pal.INK, anchor="mm")
            k = _pips(chip)
            for i in range(k):
                px = cx + (i - (k - 1) / 2) * 5
                d.ellipse((px - 1.5, cy + 13, px + 1.5, cy + 16),
                          fill=RED_CHIP if red else pal.INK)
    for hexi, kind, a, b in harbours:
        hx = hexes[hexi]
        cx, cy = hex_centre(hx, origin)
        for c in (a, b):
            x, y = corner_xy(corners[c], origin)
            d.line((cx, cy, x, y), fill=pal.PARCHMENT, width=3)
        label = "3:1" if kind == "any" else f"2:1 {kind}"
        f = font(14, bold=True)
        tw = f.getlength(label)
        d.rounded_rectangle((cx - tw / 2 - 5, cy - 11, cx + tw / 2 + 5, cy + 11), 8,
                            fill=pal.PARCHMENT, outline=pal.INK)
        d.text((cx, cy), label, font=f, fill=pal.INK, anchor="mm")
    return img


def _label_corners(img: Image.Image, view: Mapping[str, Any], origin, taken: set) -> None:
    """Each free corner's number, pasted from a label drawn once (drawing 150 texts per
    image took a third of the render time)."""
    for i, c in enumerate(view["corners"]):
        if i in taken:
            continue
        x, y = corner_xy(c, origin)
        sprite = _corner_label(i + 1)
        img.paste(sprite, (round(x - sprite.width / 2), round(y - 8)))


@lru_cache(maxsize=512)
def _corner_label(n: int) -> Image.Image:
    """A corner's number on its light box, drawn once."""
    f = font(14)
    s = str(n)
    w = round(f.getlength(s)) + 5
    sprite = Image.new("RGB", (w, 17), (255, 255, 240))
    ImageDraw.Draw(sprite).text((w / 2, 8.5), s, font=f, fill=pal.INK, anchor="mm")
    return sprite


def _key(view: Mapping[str, Any]) -> str:
    import json

    return json.dumps(
        {"hexes": view["hexes"], "corners": view["corners"], "harbours": view["harbours"]},
        sort_keys=True, separators=(",", ":"),
    )


def draw_board(view: Mapping[str, Any]) -> bytes:
    """The public table: board, pieces, robber and pirate, and the players' public facts."""
    return to_png(board_image(view))


def board_image(view: Mapping[str, Any]) -> Image.Image:
    hexes = view["hexes"]
    w, h, origin = layout_size(hexes)
    img = _terrain_layer(_key(view)).copy()
    d = ImageDraw.Draw(img)
    corners, edges = view["corners"], view["edges"]
    for e, seat, kind in view["routes"]:
        a, b = edges[e]
        x1, y1 = corner_xy(corners[a], origin)
        x2, y2 = corner_xy(corners[b], origin)
        col = PLAYER[seat]
        if kind == "road":
            d.line((x1, y1, x2, y2), fill=pal.INK, width=10)
            d.line((x1, y1, x2, y2), fill=col, width=6)
        else:  # a ship: a hull with a mast, clearly not a road
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            d.line((x1, y1, x2, y2), fill=col, width=3)
            d.polygon([(mx - 11, my - 2), (mx + 11, my - 2), (mx + 7, my + 6), (mx - 7, my + 6)],
                      fill=col, outline=pal.INK)
            d.polygon([(mx, my - 14), (mx, my - 3), (mx + 8, my - 5)], fill=pal.WHITE,
                      outline=pal.INK)
    taken = set()
    for c, seat, level in view["buildings"]:
        taken.add(c)
        x, y = corner_xy(corners[c], origin)
        s = 9 if level == 1 else 13
        d.rectangle((x - s, y - s, x + s, y + s), fill=PLAYER[seat], outline=pal.INK, width=2)
        if level == 2:
            d.rectangle((x - s + 4, y - s + 4, x + s - 4, y + s - 4), outline=pal.INK, width=2)
        fg = pal.INK if seat in (2, 3) else pal.WHITE
        d.text((x, y), str(seat + 1), font=font(14, bold=True), fill=fg, anchor="mm")
    _label_corners(img, view, origin, taken)
    for key, letter, fill in (("robber", "R", (60, 60, 60)), ("pirate", "P", (10, 10, 10))):
        hi = view.get(key)
        if hi is None:
            continue
        cx, cy = hex_centre(hexes[hi], origin)
        cx += R * 0.45
        d.ellipse((cx - 14, cy - 14, cx + 14, cy + 14), fill=fill, outline=pal.WHITE, width=2)
        d.text((cx, cy), letter, font=font(16, bold=True), fill=pal.WHITE, anchor="mm")
    _panel(img, d, view, w - PANEL_W)
    return img


def _panel(img: Image.Image, d: ImageDraw.ImageDraw, view: Mapping[str, Any], x0: int) -> None:
    names = names_of(view)
    y = 16
    text(d, (x0, y), f"Seafarers: {view.get('scenario_name', '')}", 18, pal.PARCHMENT, True)
    y += 28
    text(d, (x0, y), f"Round {view['round']} (limit {view['round_limit']}) · "
                     f"{view['target']} VP wins", 14, pal.PARCHMENT)
    y += 22
    if view.get("dice"):
        a, b = view["dice"]
        text(d, (x0, y), f"Dice: {a} + {b} = {a + b}", 14, pal.GOLD_LIGHT, True)
        y += 22
    for p in range(view["n"]):
        info = view["players"][p]
        y += 8
        d.rectangle((x0, y, x0 + 22, y + 22), fill=PLAYER[p], outline=pal.INK)
        d.text((x0 + 11, y + 11), str(p + 1), font=font(14, bold=True),
               fill=pal.INK if p in (2, 3) else pal.WHITE, anchor="mm")
        turn = " (turn)" if view.get("turn") == p and view.get("phase") != "over" else ""
        text(d, (x0 + 30, y + 2), f"{names[p][:18]} ({PLAYER_NAME[p]}){turn}", 14,
             pal.PARCHMENT, True)
        y += 26
        text(d, (x0 + 30, y), f"{info['vp']} VP · {info['cards']} cards · "
                              f"{info['devs']} dev · {info['knights']} knights", 14, pal.PARCHMENT)
        y += 20
        badges = []
        if view.get("longest") == p:
            badges.append("Longest Route")
        if view.get("army") == p:
            badges.append("Largest Army")
        if info.get("special"):
            badges.append(f"+{info['special']} island")
        line = f"route {info['route']}" + (" · " + ", ".join(badges) if badges else "")
        text(d, (x0 + 30, y), line, 14, pal.GOLD_LIGHT)
        y += 22
    y += 8
    bank = view["bank"]
    # whole words: "wo" would be wood or wool
    text(d, (x0, y), "Bank: " + "  ".join(f"{r} {k}" for r, k in zip(RES, bank, strict=True)),
         14, pal.PARCHMENT)
    y += 20
    text(d, (x0, y), f"Development cards left: {view['deck']}", 14, pal.PARCHMENT)
    y += 26
    offer = view.get("offer")
    if offer:
        # in one fixed order, never the view's key order (the order of picking is hidden)
        give = ", ".join(f"{offer['give'][r]} {r}" for r in RES if r in offer["give"]) or "-"
        get = ", ".join(f"{offer['get'][r]} {r}" for r in RES if r in offer["get"]) or "-"
        text(d, (x0, y), f"Offer: {give} for {get}", 14, pal.GOLD_LIGHT, True)
        y += 22
    res = view.get("result")
    pending = view.get("pending")
    if res:
        msg = fill_names(res["reason"], names)
    elif pending:
        msg = fill_names(pending, names, view.get("pending_seat"), "someone")
    else:
        msg = ""
    for line in _wrap(msg, 38):
        pill(img, x0, y, line, pal.INK, pal.PARCHMENT)
        y += 28


def _wrap(s: str, width: int) -> list[str]:
    words, lines, cur = s.split(), [], ""
    for wd in words:
        if len(cur) + len(wd) + 1 > width and cur:
            lines.append(cur)
            cur = wd
        else:
            cur = f"{cur} {wd}".strip()
    if cur:
        lines.append(cur)
    return lines
