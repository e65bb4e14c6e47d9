"""The header band of every landscape board, and the sizes that keep its key lines legible
where Discord shows the board.

Discord fits an inline image into a box: about 400 x 300 px inside an embed, about
550 x 350 for a plain attachment (client versions differ). Both limit the height, so a
portrait board shrinks to a strip. A board is therefore laid out landscape for the
smaller box, :data:`INLINE_BOX`, and its two key lines, who acts and what is asked (the
*turn* line) and the *score* line, are set so large that their capitals stay
:data:`KEY_CAP` px tall once the board is scaled into that box (:func:`key_size`).
Everything else may be smaller: a click opens the board at full size.

The band is flat :data:`BAND` wood under the title, the turn line(s) and the score
line(s); :func:`layout_header` says where each line goes, and
tests/render/test_inline_box.py measures the capitals on the pixels there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image

from render import draw as dr
from render import palette as pal
from render.fonts import font
from render.palette import RGB
from render.text import ellipsize, fit, wrap

Box = tuple[int, int, int, int]
#: one piece of a line: a text in one colour, or a picture as tall as a capital (a
#: player's shape) whose colour is unused
Run = tuple["str | Image.Image", RGB]


@dataclass(frozen=True)
class Score:
    """An item of the score line: a player's ``mark`` (his shape in his colour, or
    None), his ``name`` and his ``value``, kept together on one line."""

    name: str
    value: str
    mark: Image.Image | None = None


#: the box an image shown inside an embed is scaled to fit (width, height)
INLINE_BOX = (400, 300)
#: the least cap height, in pixels once the board is scaled into INLINE_BOX, of a key line
KEY_CAP = 7.0
#: the cap height the key lines are set for: a little over KEY_CAP, for the rounding
KEY_CAP_SET = 7.4

BAND: RGB = pal.WOOD_DARK
PAD_X = 24
TITLE_SIZE, INFO_SIZE = 20, 17
TOP, STRIP_H, GAP, BOTTOM = 8, 26, 4, 10
#: the items of the score line are joined by this, in SEP_COLOUR
SEP = " · "
SEP_COLOUR: RGB = pal.PARCHMENT_DARK


def inline_scale(width: int, height: int, box: tuple[int, int] = INLINE_BOX) -> float:
    """How much Discord shrinks a ``width`` x ``height`` image to fit ``box`` (1: not)."""
    return min(box[0] / width, box[1] / height, 1.0)


@lru_cache(maxsize=64)
def cap_height(size: int, bold: bool = True) -> int:
    """The height of a capital letter of DejaVu Sans at ``size`` px."""
    _, top, _, bottom = font(size, bold).getbbox("H")
    return bottom - top


@lru_cache(maxsize=64)
def key_size(width: int, height: int) -> int:
    """The bold size of the key lines on a board of ``width`` x ``height`` (the tallest the
    board gets): the smallest whose capitals stay KEY_CAP_SET px tall in INLINE_BOX."""
    scale = inline_scale(width, height)
    size = 14
    while cap_height(size) * scale < KEY_CAP_SET:
        size += 1
    return size


def line_height(size: int) -> int:
    """The height of one key line at ``size`` px in the band."""
    return size + 9


def band_height(size: int, lines: int) -> int:
    """The height of a band of ``lines`` key lines (turn and score) at ``size`` px, as
    :func:`layout_header` lays it out."""
    return TOP + STRIP_H + GAP + lines * line_height(size) + BOTTOM


@lru_cache(maxsize=64)
def key_size_above(width: int, body: int, lines: int) -> int:
    """The key size of a board ``width`` px wide whose band of at most ``lines`` key lines
    stands above ``body`` px of the rest: :func:`key_size` of the whole board, whose band
    grows with the size (a board that is not a fixed size; each step adds a few pixels
    of band, so the search ends)."""
    size = 14
    while (need := key_size(width, band_height(size, lines) + body)) > size:
        size = need
    return size


@dataclass(frozen=True)
class Header:
    """What the band says: the game's ``title`` with ``info`` after it (phase, round;
    small), then the ``turn`` line (who acts and what is asked) and the ``score`` line
    (``score_label`` then the items, joined by SEP), both at the key size."""

    title: str
    info: str
    turn: str
    score: tuple[Score, ...] = ()
    score_label: str = ""
    turn_colour: RGB = pal.GOLD_LIGHT


@dataclass(frozen=True)
class HeaderLayout:
    """Where the band's lines go: ``height`` of the band, the wrapped lines, and the boxes
    "turn" and "score" (full width, one line of ``line_h`` px each)."""

    size: int
    line_h: int
    height: int
    turn_lines: list[str]
    score_lines: list[list[Run]]
    boxes: dict[str, Box] = field(default_factory=dict)


def _run_width(run: Run, size: int) -> float:
    text = run[0]
    if isinstance(text, Image.Image):
        return text.width + size * 0.3
    return font(size, True).getlength(text)


def _runs(item: Score, size: int, name_room: float | None, label: str = "") -> list[Run]:
    """The pieces of ``item`` after ``label``, its name cut to ``name_room`` px (None:
    whole)."""
    name = item.name
    if name_room is not None:
        name = ellipsize(name, font(size, True), name_room)
    runs: list[Run] = [(label, pal.PARCHMENT)] if label else []
    if item.mark is not None:
        runs.append((item.mark, pal.PARCHMENT))
    return [*runs, (name + "\u00a0", pal.PARCHMENT), (item.value, pal.GOLD_LIGHT)]


#: the widths names are cut to, in turn, until the score line fits its lines
NAME_ROOMS = (None, 360, 300, 250, 210, 170, 130)


def score_lines(header: Header, size: int, width: int, most: int = 2) -> list[list[Run]]:
    """The score line wrapped between its items (an item never breaks), on ``most`` lines
    at the most: when the whole names do not fit, every name is cut to the same width,
    the least cut that fits (an item too wide for a line alone is cut to the line)."""
    if not header.score:
        return [[(header.score_label, pal.PARCHMENT)]] if header.score_label else []
    sep = font(size, True).getlength(SEP)
    lines: list[list[Run]] = []
    for room in NAME_ROOMS:
        lines, line, used = [], [], 0.0
        for k, item in enumerate(header.score):
            label = header.score_label + " " if k == 0 and header.score_label else ""
            runs = _runs(item, size, room, label)
            w = sum(_run_width(r, size) for r in runs)
            if w > width:  # alone on its line, and still too wide: cut the name to fit
                name_w = _run_width(runs[-2], size)
                runs = _runs(item, size, max(40.0, width - (w - name_w)), label)
                w = width
            if line and used + sep + w > width:
                lines.append(line)
                line, used = [], 0.0
            if line:
                line.append((SEP, SEP_COLOUR))
                used += sep
            line += runs
            used += w
        lines.append(line)
        if len(lines) <= most:
            return lines
    return lines[:most]


def layout_header(header: Header, width: int, size: int, turn_most: int = 2,
                  score_most: int = 2) -> HeaderLayout:
    """The band for ``header`` on a board ``width`` px wide, key lines at ``size`` px."""
    room = width - 2 * PAD_X
    f = font(size, True)
    turn = wrap(header.turn, f, room) if header.turn else []
    if len(turn) > turn_most:
        turn = turn[: turn_most - 1] + [ellipsize(" ".join(turn[turn_most - 1:]), f, room)]
    scores = score_lines(header, size, room, score_most)
    line_h = line_height(size)
    y = TOP + STRIP_H + GAP
    boxes: dict[str, Box] = {}
    if turn:
        boxes["turn"] = (0, y, width, y + len(turn) * line_h)
        y += len(turn) * line_h
    if scores:
        boxes["score"] = (0, y, width, y + len(scores) * line_h)
        y += len(scores) * line_h
    return HeaderLayout(size, line_h, y + BOTTOM, turn, scores, boxes)


def draw_header(img: Image.Image, header: Header, lay: HeaderLayout) -> None:
    """Paint the band on top of ``img``: title and info, turn lines, score lines."""
    d = dr.pen(img)
    w = img.width
    d.rectangle((0, 0, w, lay.height - 1), fill=BAND)
    d.line((0, lay.height - 2, w, lay.height - 2), fill=pal.GOLD_DARK, width=3)
    ft = font(TITLE_SIZE, True)
    d.text((PAD_X, TOP + STRIP_H / 2), header.title, font=ft, fill=pal.GOLD, anchor="lm")
    if header.info:
        x = PAD_X + ft.getlength(header.title) + 16
        f, t = fit(header.info, w - PAD_X - x, INFO_SIZE)
        d.text((x, TOP + STRIP_H / 2), t, font=f, fill=pal.PARCHMENT_DARK, anchor="lm")
    f = font(lay.size, True)
    if "turn" in lay.boxes:
        y = lay.boxes["turn"][1]
        for line in lay.turn_lines:
            d.text((PAD_X, y + 2), line, font=f, fill=header.turn_colour)
            y += lay.line_h
    if "score" in lay.boxes:
        y = lay.boxes["score"][1]
        for runs in lay.score_lines:
            x = float(PAD_X)
            for text, colour in runs:
                if isinstance(text, Image.Image):
                    top = y + 2 + f.getbbox("H")[1]
                    dr.paste(img, text, round(x), top + (cap_height(lay.size) - text.height) // 2)
                else:
                    d.text((x, y + 2), text, font=f, fill=colour)
                x += _run_width((text, colour), lay.size)
            y += lay.line_h


def player_unit(mark: Image.Image | None, name: str, value: str) -> Score:
    """A score item: a player's mark (his shape in his colour, as tall as a capital, or
    None), his name and his value."""
    return Score(name, value, mark)
