"""Neuroshima Hex!: the board image (tiles as printed, Water ring, HQs, piles, hands, the last
battle), a player's hand, and their Markdown twins. Drawn from views only."""

from __future__ import annotations

from render.neuroshima.board import battle_lines, draw_board
from render.neuroshima.hand import draw_hand
from render.neuroshima.text import text_board, text_hand

__all__ = ["battle_lines", "draw_board", "draw_hand", "text_board", "text_hand"]
