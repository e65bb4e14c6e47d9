"""Neuroshima Hex!: the board image (tiles as printed, Water ring, HQs, piles, hands, the last
battle), a player's hand, and their Markdown twins. Drawn from views only."""

from __future__ import annotations

from render.neuroshima.battle import battle_frames, draw_battle_frames, draw_battle_gif
from render.neuroshima.board import battle_lines, draw_board, draw_preview
from render.neuroshima.hand import draw_hand
from render.neuroshima.text import text_board, text_hand, text_preview

__all__ = [
    "battle_frames",
    "battle_lines",
    "draw_battle_frames",
    "draw_battle_gif",
    "draw_board",
    "draw_hand",
    "draw_preview",
    "text_board",
    "text_hand",
    "text_preview",
]
