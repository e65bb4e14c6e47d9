"""All Hands on Deck!: the public board, a captain's hand, and their Markdown twins.

Everything is drawn from the view (the brief's "All Hands on Deck!: the view"): the board
reads only the keys every view has, so a board drawn from a captain's own view is the same
picture as one drawn from the spectator view; the hand reads that captain's private keys
("hand", "my_bid", "choice", "hand_size") and refuses a view without them.

Crews are told apart by colour (Stormsail red, Sea Sabre blue, Black Viper green), by their
letters (ST, SS, BV) and by a symbol (a lightning bolt, crossed sabres, a snake), so a
colour-blind player reads them as easily (components.md, "crew colours on images").

The package: ``common`` (data and small helpers), ``runs`` (close runs in a hand),
``cards`` (card pieces, cached), ``board`` and ``hand`` (the images), ``text`` (the twins).
"""

from __future__ import annotations

from render.all_hands.board import BOARD_W, draw_board
from render.all_hands.cards import SIZES, card_face
from render.all_hands.common import bid_value, face_down_count, names_of, say
from render.all_hands.hand import draw_hand, picks_in_hand
from render.all_hands.runs import RunHint, near_runs, run_cards, run_lines, winning_cards
from render.all_hands.text import text_board, text_hand

__all__ = [
    "BOARD_W",
    "SIZES",
    "RunHint",
    "bid_value",
    "card_face",
    "draw_board",
    "draw_hand",
    "face_down_count",
    "names_of",
    "near_runs",
    "picks_in_hand",
    "run_cards",
    "run_lines",
    "say",
    "text_board",
    "text_hand",
    "winning_cards",
]
