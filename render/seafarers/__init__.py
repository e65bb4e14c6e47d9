"""Catan: Seafarers: the hex board, a player's hand, and their Markdown twins (views only)."""

from __future__ import annotations

from render.seafarers.board import board_image, draw_board
from render.seafarers.hand import draw_hand
from render.seafarers.text import text_board, text_hand

__all__ = ["board_image", "draw_board", "draw_hand", "text_board", "text_hand"]
