"""An animated GIF of a whole game (issue 15, "an animated GIF of the whole game on request,
under Discord's 10 MiB"). Pure: board images in, GIF bytes out.

The frames are the game's own public board images (``render.draw_board``), each under a
caption strip saying where in the game it is ("Round 4 · move 57 of 310"). What must fit is
the upload limit: the GIF is encoded at full size first and measured; when it is too big,
the boards are scaled down by the square root of the excess (a GIF's size follows its
area), but never below :data:`MIN_WIDTH`; at that width, every other frame is dropped
instead (the first and the last stay), until it fits. The caption is drawn
after the scaling, so its text keeps its size.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image

from render import draw
from render import palette as pal

#: Discord's upload limit for a bot's message in a server without boosts: 10 MiB
GIF_LIMIT = 10 * 1024 * 1024
#: how long each frame shows, and the last one (the end of the game)
FRAME_MS = 900
LAST_MS = 4000
#: boards are not scaled narrower than this: a smaller picture could not be read
MIN_WIDTH = 480
CAPTION_SIZE = 18
CAPTION_HEIGHT = 30
#: the scale is aimed this far under the limit, so the second try usually fits
_MARGIN = 0.92


def animate(frames: Sequence[tuple[bytes, str]], limit: int = GIF_LIMIT) -> bytes:
    """A looping GIF of ``frames`` (a board's PNG bytes and its caption), in order, of at
    most ``limit`` bytes (see the module docstring). ValueError for no frames, or when
    even two frames at the smallest width do not fit."""
    if not frames:
        raise ValueError("An animation needs at least one frame.")
    boards = [(Image.open(io.BytesIO(png)).convert("RGB"), caption) for png, caption in frames]
    width = max(img.width for img, _ in boards)
    scale = 1.0
    while True:
        data = _encode(boards, scale, width)
        if len(data) <= limit:
            return data
        smallest = MIN_WIDTH / width
        if scale > smallest:
            scale = max(smallest, scale * math.sqrt(limit / len(data)) * _MARGIN)
            continue
        if len(boards) <= 2:
            raise ValueError(f"Even two frames of {MIN_WIDTH} px do not fit in {limit} bytes.")
        boards = boards[:-1:2] + [boards[-1]]  # every other frame; the end stays


def _encode(boards: list[tuple[Image.Image, str]], scale: float, width: int) -> bytes:
    w = max(1, round(width * scale))
    h = max(max(1, round(img.height * scale)) for img, _ in boards)
    frames = [_frame(img, caption, scale, (w, h)) for img, caption in boards]
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_MS]
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=durations,
                   loop=0, optimize=True, disposal=1)
    return out.getvalue()


def _frame(img: Image.Image, caption: str, scale: float, size: tuple[int, int]) -> Image.Image:
    """One frame: the board scaled and centred on a canvas of ``size`` (every frame of a
    GIF has one size), under its caption, in an adaptive palette (no dithering: flat areas
    stay flat and small)."""
    width, height = size
    board = img if scale == 1.0 else img.resize(
        (max(1, round(img.width * scale)), max(1, round(img.height * scale))),
        Image.Resampling.LANCZOS)
    frame = Image.new("RGB", (width, height + CAPTION_HEIGHT), pal.WOOD_DARK)
    frame.paste(board, ((width - board.width) // 2, CAPTION_HEIGHT))
    d = draw.pen(frame)
    draw.text(d, (width // 2, CAPTION_HEIGHT // 2), caption, CAPTION_SIZE, pal.PARCHMENT,
              bold=True, anchor="mm")
    return frame.quantize(colors=128, method=Image.Quantize.FASTOCTREE,
                          dither=Image.Dither.NONE)
