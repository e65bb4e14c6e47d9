"""The shipped fonts (DejaVu Sans, see fonts/README), loaded once per size.

Every text on every image goes through :func:`font`, which refuses sizes under
:data:`MIN_SIZE`: the images are read on phones, and 14 px is the smallest size that stays
legible there once Discord scales the picture down.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

#: smallest text size in pixels at the final image size
MIN_SIZE = 14


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (or Sans Bold) at ``size`` pixels; sizes under MIN_SIZE are refused."""
    if size < MIN_SIZE:
        raise ValueError(f"Text of {size} px is too small to read; the minimum is {MIN_SIZE} px.")
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


@lru_cache(maxsize=16)
def symbol_font(size: int) -> ImageFont.FreeTypeFont:
    """DejaVu Sans Bold for symbol glyphs drawn inside shapes (any size: not body text)."""
    return ImageFont.truetype(str(BOLD), size)
