"""A player's hand image (hands are public in this game; the image shows the tiles of the
view's own seat, drawn as on the board, with their names)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.neuroshima.tiles import TILES
from render import palette as pal
from render.draw import canvas, pen, to_png
from render.fonts import font
from render.neuroshima.common import ARMY_NAME, army_of, names_of
from render.neuroshima.tiles import PIECE_H, PIECE_W, tile_piece
from render.text import ellipsize

SLOT = 150


def draw_hand(view: Mapping[str, Any]) -> bytes:
    seat = view.get("seat")
    if seat is None:
        raise ValueError("A hand is drawn from a player's own view, not the spectator view.")
    hand = list(view["hands"][seat])
    army = army_of(view, seat)
    w, h = max(3, len(hand)) * SLOT + 20, PIECE_H + 90
    img = canvas(w, h)
    d = pen(img)
    d.text((12, 8), ellipsize(f"{names_of(view)[seat]} · {ARMY_NAME[army]} · hand",
                              font(16, bold=True), w - 24),
           font=font(16, bold=True), fill=pal.PARCHMENT)
    if not hand:
        d.text((12, 50), "No tiles in hand.", font=font(15), fill=pal.PARCHMENT)
    for i, key in enumerate(hand):
        x = 10 + i * SLOT + (SLOT - PIECE_W) // 2
        piece = tile_piece(key, army, 0)
        img.paste(piece, (x, 36), piece)
        d.text((10 + i * SLOT + SLOT // 2, 36 + PIECE_H + 14),
               ellipsize(TILES[key]["name"], font(14), SLOT - 6), font=font(14),
               fill=pal.PARCHMENT, anchor="mm")
    return to_png(img)
