"""A player's hand image: one row per tile of the view's own seat, the tile drawn as on the
board (printed top edge up, the "front" of the words) beside its name, its kind and what it
does in one short line: the guide's words for the tile (``engine.neuroshima.guide``,
``tile_words``), so the picture and ``/game rules`` say the same. Hands are public in this
game; the image is the seat's own reading aid."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.neuroshima.guide import tile_words
from engine.neuroshima.tiles import TILES
from render import palette as pal
from render.draw import canvas, panel, pen, to_png
from render.fonts import font
from render.neuroshima.common import ARMY_NAME, army_of, names_of
from render.neuroshima.tiles import PIECE_H, PIECE_W, tile_piece
from render.text import ellipsize, wrap

HAND_W = 700
PAD = 16
HEAD_H = 46
TEXT_X = PAD + 12 + PIECE_W + 16
TEXT_W = HAND_W - TEXT_X - PAD - 12
LINE_H = 20
KIND: dict[str, str] = {"hq": "HQ", "unit": "Unit", "module": "Module", "implant": "Implant",
                        "instant": "Instant action"}


def does(key: str) -> str:
    """What ``key`` does, as a sentence."""
    words = tile_words(key)
    return words[0].upper() + words[1:] + "."


def kind_words(key: str) -> str:
    return KIND[str(TILES[key]["kind"])]


def _row(key: str) -> tuple[list[str], int]:
    lines = wrap(does(key), font(15), TEXT_W)
    height = max(PIECE_H + 20, 12 + 26 + len(lines) * LINE_H + 12)
    return lines, height


def draw_hand(view: Mapping[str, Any]) -> bytes:
    seat = view.get("seat")
    if seat is None:
        raise ValueError("A hand is drawn from a player's own view, not the spectator view.")
    hand = list(view["hands"][seat])
    army = army_of(view, seat)
    rows = [(key, *_row(key)) for key in hand]
    height = HEAD_H + sum(h + 10 for _, _, h in rows) + (46 if not hand else 0) + 8
    img = canvas(HAND_W, height)
    d = pen(img)
    title = f"{names_of(view)[seat]} · {ARMY_NAME[army]} · your tiles"
    d.text((PAD, 12), ellipsize(title, font(18, bold=True), HAND_W - 2 * PAD),
           font=font(18, bold=True), fill=pal.PARCHMENT)
    y = HEAD_H
    if not hand:
        d.text((PAD, y + 8), "No tiles in hand.", font=font(16), fill=pal.PARCHMENT)
    for key, lines, h in rows:
        panel(img, (PAD, y, HAND_W - PAD, y + h), radius=10)
        piece = tile_piece(key, army, 0)
        img.paste(piece, (PAD + 12, y + (h - PIECE_H) // 2), piece)
        d.text((TEXT_X, y + 12), str(TILES[key]["name"]), font=font(18, bold=True),
               fill=pal.INK)
        name_w = font(18, bold=True).getlength(str(TILES[key]["name"]))
        d.text((TEXT_X + name_w + 10, y + 15), kind_words(key), font=font(15),
               fill=pal.INK_SOFT)
        ty = y + 12 + 28
        for line in lines:
            d.text((TEXT_X, ty), line, font=font(15), fill=pal.INK)
            ty += LINE_H
        y += h + 10
    return to_png(img)
