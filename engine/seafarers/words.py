"""How events and labels name things: a player ("{p1}", filled in by the cogs and the
renderers), an edge by its two corners ("12-13") and a hex as the board image shows it
("C5 (ore 6)")."""

from __future__ import annotations

from typing import Any

from .board import TERRAIN_WORDS, Board, place_name
from .scenarios import layout


def P(seat: int) -> str:
    """The placeholder for a player's name in texts."""
    return f"{{p{seat}}}"


def edge_name(b: Board, e: int) -> str:
    a, c = b.edges[e]
    return f"{a + 1}-{c + 1}"


def hex_name(s: Any, h: int) -> str:
    """A hex's name and words ("C5 (ore 6)"); ``s``: a State, or the deal a label reads
    (labels.Deal: its layout, terrains and chips)."""
    q, r = layout(s.layout).positions[h]
    return f"{place_name(q, r)} ({hex_words(s, h)})"


def hex_words(s: Any, h: int) -> str:
    """A hex as the board image shows it: its terrain's word and its number ("ore 6",
    "desert", "sea"; an empty space of Oceans "? (face down)"). ``s`` as in hex_name."""
    if s.terrain[h] == "hidden":
        return f"{TERRAIN_WORDS['hidden']} (face down)"
    word = TERRAIN_WORDS.get(s.terrain[h], s.terrain[h])
    return f"{word} {s.chips[h]}" if s.chips[h] else word
