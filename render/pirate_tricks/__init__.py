"""Pirate Tricks: the public board, a player's hand, and their Markdown twins.

Everything is drawn from the view (engine/pirate_tricks/view.py): the board reads only the
keys every view has, so nobody's loon appears on it (loon sits behind the screens) until the
final scores; the hand reads the player's own keys ("hand", "loon", "my_bid", "my_reveal",
"my_ditched", "recruit_now") and refuses a view without them.

Colours are told apart by hue, by letter (R, G, B) and by shape (a red diamond, a green
circle, a blue square), so a colour-blind player reads them as easily.
"""

from __future__ import annotations

from render.pirate_tricks.board import BOARD_W, draw_board
from render.pirate_tricks.hand import draw_hand, playable_now
from render.pirate_tricks.text import text_board, text_hand

__all__ = ["BOARD_W", "draw_board", "draw_hand", "playable_now", "text_board", "text_hand"]
