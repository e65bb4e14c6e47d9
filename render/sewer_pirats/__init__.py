"""Sewer Pirats: the public board, a player's hand, and their Markdown twins.

Everything is drawn from the view: the board reads only the keys every view has (treasure
as counts of face-down squares and circles), so a player's own view draws the spectator's
picture; the hand reads that player's private keys ("hand", "treasure", "score", "choice")
and refuses a view without them.

Players are told apart by colour and by shape (red circle, green square, yellow triangle,
blue diamond, black hexagon); figures carry their tribe's letter and name. The three
Talisman symbols have their own colour, animal and name.
"""

from __future__ import annotations

from render.sewer_pirats.board import BOARD_W, draw_board
from render.sewer_pirats.hand import draw_hand
from render.sewer_pirats.text import text_board, text_hand

__all__ = ["BOARD_W", "draw_board", "draw_hand", "text_board", "text_hand"]
