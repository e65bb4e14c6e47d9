"""Drawing helpers shared by every game's renderer.

Shapes with curved edges are drawn once at :data:`SUPERSAMPLE` times their size and
scaled down (anti-aliasing Pillow's own shape drawing lacks), then cached: an image is
mostly pasting of cached pieces. :func:`to_png` quantizes to a palette before saving, which
keeps a board to a few dozen kilobytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from render import palette as pal
from render.fonts import font, symbol_font
from render.palette import RGB

SUPERSAMPLE = 3
Box = tuple[int, int, int, int]


@lru_cache(maxsize=2048)
def text_mask(s: str, fnt: ImageFont.FreeTypeFont, anchor: str) -> tuple[Image.Image, int, int]:
    """The coverage mask of ``s`` in ``fnt`` and its offset from the anchor point."""
    x0, y0, x1, y1 = fnt.getbbox(s, anchor=anchor)
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), s, font=fnt, fill=255, anchor=anchor)
    return mask, x0, y0


class Pen(ImageDraw.ImageDraw):
    """ImageDraw for the RGB canvases whose ``text`` pastes cached text masks: Pillow
    rasterizes every glyph again at every call (about half a millisecond a line), while the
    same names, statuses and labels come back on image after image."""

    def text(  # type: ignore[override]
        self,
        xy: tuple[float, float],
        text: str,
        fill: RGB | None = None,
        font: ImageFont.FreeTypeFont | None = None,
        anchor: str | None = None,
        **kwargs: object,
    ) -> None:
        if kwargs or font is None or fill is None or "\n" in text:
            super().text(xy, text, fill, font, anchor, **kwargs)
            return
        mask, ox, oy = text_mask(text, font, anchor or "la")
        x, y = round(xy[0]) + ox, round(xy[1]) + oy
        self._image.paste(fill, (x, y, x + mask.width, y + mask.height), mask)


def pen(img: Image.Image) -> Pen:
    """A drawing context on an RGB canvas (text through the mask cache)."""
    return Pen(img)


def supersampled(w: int, h: int, paint: Callable[[ImageDraw.ImageDraw, int], None]) -> Image.Image:
    """An RGBA image of ``w`` x ``h`` painted at SUPERSAMPLE times the size and scaled down;
    ``paint(draw, scale)`` draws on the large transparent canvas."""
    s = SUPERSAMPLE
    big = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), s)
    return big.resize((w, h), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def rounded(
    w: int,
    h: int,
    radius: int,
    fill: RGB,
    outline: RGB | None = None,
    outline_width: int = 0,
) -> Image.Image:
    """An anti-aliased rounded rectangle (RGBA), cached."""

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle(
            (0, 0, w * s - 1, h * s - 1),
            radius * s,
            fill=fill,
            outline=outline,
            width=outline_width * s if outline else 0,
        )

    return supersampled(w, h, paint)


@lru_cache(maxsize=64)
def shadow(w: int, h: int, radius: int, blur: int = 4, alpha: int = 110) -> Image.Image:
    """A soft drop shadow for a ``w`` x ``h`` rounded shape, ``blur`` px wider on each side."""
    m = blur * 2
    img = Image.new("RGBA", (w + 2 * m, h + 2 * m), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle(
        (m, m, m + w - 1, m + h - 1), radius, fill=(0, 0, 0, alpha)
    )
    return img.filter(ImageFilter.GaussianBlur(blur))


@lru_cache(maxsize=64)
def circle(d: int, fill: RGB, outline: RGB | None = None, outline_width: int = 0) -> Image.Image:
    def paint(dr: ImageDraw.ImageDraw, s: int) -> None:
        dr.ellipse(
            (0, 0, d * s - 1, d * s - 1),
            fill=fill,
            outline=outline,
            width=outline_width * s if outline else 0,
        )

    return supersampled(d, d, paint)


def paste(dst: Image.Image, piece: Image.Image, x: int, y: int) -> None:
    """Paste an RGBA ``piece`` onto ``dst`` at (x, y) through its own alpha."""
    dst.paste(piece, (int(x), int(y)), piece)


def paste_with_shadow(dst: Image.Image, piece: Image.Image, x: int, y: int, radius: int) -> None:
    sh = shadow(piece.width, piece.height, radius)
    m = (sh.width - piece.width) // 2
    paste(dst, sh, x - m + 2, y - m + 3)
    paste(dst, piece, x, y)


def panel(
    dst: Image.Image,
    box: Box,
    fill: RGB = pal.PARCHMENT,
    outline: RGB | None = pal.PARCHMENT_EDGE,
    outline_width: int = 2,
    radius: int = 12,
    drop_shadow: bool = True,
) -> None:
    """A rounded panel filling ``box`` (x0, y0, x1, y1 exclusive)."""
    x0, y0, x1, y1 = box
    shape = rounded(x1 - x0, y1 - y0, radius, fill, outline, outline_width)
    if drop_shadow:
        paste_with_shadow(dst, shape, x0, y0, radius)
    else:
        paste(dst, shape, x0, y0)


def pill(
    dst: Image.Image,
    x: int,
    y: int,
    text: str,
    fg: RGB,
    bg: RGB,
    size: int = 14,
    outline: RGB | None = None,
) -> int:
    """A rounded label with bold ``text`` pasted at (x, y); returns its width."""
    piece = pill_image(text, fg, bg, size, outline)
    paste(dst, piece, x, y)
    return piece.width


@lru_cache(maxsize=128)
def pill_image(
    text: str, fg: RGB, bg: RGB, size: int = 14, outline: RGB | None = None
) -> Image.Image:
    f = font(size, bold=True)
    w = int(math.ceil(f.getlength(text))) + 16
    h = size + 10
    img = rounded(w, h, h // 2, bg, outline, 1 if outline else 0).copy()
    ImageDraw.Draw(img).text((w / 2, h / 2), text, font=f, fill=fg, anchor="mm")
    return img


def wood(w: int, h: int) -> Image.Image:
    """A dark wooden table top: planks with a soft grain (deterministic, no randomness).
    Drawn afresh: ``canvas`` cuts every canvas from one top kept in ``_TOP``."""
    img = Image.new("RGB", (w, h), pal.WOOD)
    d = ImageDraw.Draw(img)
    plank = 86
    for top in range(0, h, plank):
        shade = 6 * ((top // plank) % 3) - 6
        base = tuple(max(0, c + shade) for c in pal.WOOD)
        d.rectangle((0, top, w, top + plank - 1), fill=base)
        for k in range(5):
            yy = top + 12 + k * 15
            amp = 3 + (k * 7 + top) % 4
            pts = [
                (x, yy + amp * math.sin((x + top * 3 + k * 40) / (70 + k * 11)))
                for x in range(0, w + 20, 20)
            ]
            d.line(pts, fill=pal.WOOD_LINE, width=1)
        d.line((0, top, w, top), fill=pal.WOOD_DARK, width=2)
    return img


#: the one table top every canvas is cut from (``canvas``): the planks and their grain
#: depend only on the position, so a top cut to size is the very image drawn at that size.
#: It grows, in steps of ``_TOP_STEP`` pixels, to the largest canvas asked for (boards and
#: hands of every game fit in 1,280 x 1,280, about 6 MB); a canvas wider or taller than
#: ``_TOP_MOST`` is drawn afresh and not kept, so the top never passes 16 MB. (An
#: lru_cache of one top per size held 32 tops, 87 MB, after 100 games of
#: bench/bench_memory.py, and still missed a third of the time: hands and boards come in
#: many sizes.)
_TOP: list[Image.Image] = []
_TOP_STEP = 256
_TOP_MOST = 2048


def _top_side(n: int) -> int:
    return min(_TOP_MOST, -(-n // _TOP_STEP) * _TOP_STEP)


def canvas(w: int, h: int) -> Image.Image:
    """A fresh RGB wooden canvas (the cached table top, cut to size)."""
    if w > _TOP_MOST or h > _TOP_MOST:
        return wood(w, h)
    top = _TOP[0] if _TOP else None
    if top is None or top.width < w or top.height < h:
        old_w, old_h = (0, 0) if top is None else top.size
        top = wood(_top_side(max(w, old_w)), _top_side(max(h, old_h)))
        _TOP[:] = [top]
    return top.crop((0, 0, w, h))


def glyph(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    ch: str,
    size: int,
    fill: RGB,
    anchor: str = "mm",
) -> None:
    """Draw a symbol glyph (any size; symbols are not body text)."""
    d.text(xy, ch, font=symbol_font(size), fill=fill, anchor=anchor)


def text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: RGB = pal.INK,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    d.text(xy, s, font=font(size, bold), fill=fill, anchor=anchor)


def multiline(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    lines: list[str],
    fnt: ImageFont.FreeTypeFont,
    fill: RGB,
    line_height: int,
) -> float:
    """Draw ``lines`` from (x, y) downwards; returns the y under the last line."""
    for line in lines:
        d.text((x, y), line, font=fnt, fill=fill)
        y += line_height
    return y


def to_png(img: Image.Image, colors: int = 128) -> bytes:
    """Quantize ``img`` to a ``colors`` palette (no dithering, so flat areas stay flat and the
    file small) and encode it as PNG. Deterministic: the same image gives the same bytes."""
    q = img.convert("RGB").quantize(
        colors=colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    out = io.BytesIO()
    q.save(out, "PNG", compress_level=3)  # 6 and up: a few KB smaller, twice the time
    return out.getvalue()
