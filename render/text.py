"""Text helpers: width, fitting a text to a width, word wrapping, glyph coverage.

Display names come from Discord and may hold characters DejaVu cannot draw; those would
print as empty boxes, so :func:`printable` drops them before drawing.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

from render.fonts import MIN_SIZE, font


def width(fnt: ImageFont.FreeTypeFont, text: str) -> float:
    return fnt.getlength(text)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """True when DejaVu Sans draws ``ch`` (anything but the empty 'missing glyph' box)."""
    if ch.isspace() or ord(ch) < 0x250:  # Latin: always in DejaVu
        return True
    f = font(20)
    mask = f.getmask(ch)
    missing = f.getmask("\uffff")
    return (mask.size, bytes(mask)) != (missing.size, bytes(missing))


def printable(text: str, fallback: str = "?") -> str:
    """``text`` without the characters the font cannot draw (``fallback`` if none is left)."""
    kept = "".join(ch for ch in text if ch.isprintable() and has_glyph(ch)).strip()
    return " ".join(kept.split()) or fallback


def ellipsize(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` cut with an ellipsis so that it fits ``max_width``."""
    if fnt.getlength(text) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.getlength(text[:mid].rstrip() + "…") <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def fit(
    text: str, max_width: float, size: int, bold: bool = False, min_size: int = MIN_SIZE
) -> tuple[ImageFont.FreeTypeFont, str]:
    """The largest font from ``size`` down to ``min_size`` in which ``text`` fits, and the
    text (ellipsized when even ``min_size`` is too wide)."""
    for s in range(size, min_size - 1, -1):
        f = font(s, bold)
        if f.getlength(text) <= max_width:
            return f, text
    f = font(min_size, bold)
    return f, ellipsize(text, f, max_width)


def wrap(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> list[str]:
    """Word-wrap ``text`` to ``max_width`` at plain spaces (a no-break space keeps its words
    together); a word longer than a line is cut with a hyphen."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in (w for w in para.split(" ") if w):
            candidate = f"{line} {word}" if line else word
            if fnt.getlength(candidate) <= max_width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while fnt.getlength(word) > max_width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and fnt.getlength(word[:cut] + "-") > max_width:
                    cut -= 1
                lines.append(word[:cut] + "-")
                word = word[cut:]
            line = word
        lines.append(line)
    return lines
