"""The pirate palette shared by every game's images: dark wood, parchment, ink and gold.

Colour never carries meaning alone on our images (a letter, symbol or word goes with it),
but the hues are still picked apart in lightness so they stay distinct for colour-blind
players and on a phone in sunlight.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

WOOD_DARK: RGB = (46, 30, 19)
WOOD: RGB = (74, 48, 29)
WOOD_LIGHT: RGB = (104, 69, 41)
WOOD_LINE: RGB = (62, 40, 24)

PARCHMENT: RGB = (241, 228, 196)
PARCHMENT_DARK: RGB = (222, 203, 160)
PARCHMENT_EDGE: RGB = (170, 140, 92)
CARD_FACE: RGB = (252, 247, 234)

INK: RGB = (40, 27, 17)
INK_SOFT: RGB = (102, 82, 60)
WHITE: RGB = (255, 255, 255)

GOLD: RGB = (232, 184, 64)
GOLD_LIGHT: RGB = (250, 218, 120)
GOLD_DARK: RGB = (150, 108, 28)

#: status colours (always printed with a word and a symbol as well)
GOOD: RGB = (34, 110, 60)
BAD: RGB = (168, 40, 32)
WARN: RGB = (196, 92, 0)
CALM: RGB = (52, 84, 140)
