"""The last battle step by step: one picture per initiative phase (the board as the phase
starts, an arrow per attack with its wounds, a cross on every unit removed at its end), then
the board after the Drift; as PNG frames or one animated GIF. Drawn from the view only.

Arrows, wound tags and crosses keep off the middle of the tiles, where their names are: an
arrow runs between the tiles' edges, its tag sits on the target's edge facing the attacker,
and a removed unit is crossed out at its corners.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.neuroshima.tiles import TILES
from render import palette as pal
from render.draw import pen, to_png
from render.fonts import font
from render.neuroshima.board import (
    BOARD_H,
    BODY,
    BODY_LH,
    OX,
    OY,
    PAD,
    TEXT_W,
    _units,
    battle_lines,
    new_canvas,
)
from render.neuroshima.common import SQ3, WOUND, R, centre, names_of
from render.text import wrap

#: how far from a tile's centre arrows start and end, and where the wound tag sits: outside
#: the tile's written middle
ARROW_FROM = 0.62 * R
TAG_AT = 0.74 * R
TAG_R = 13


def _as_board(units: list) -> list[dict[str, Any]]:
    return [{"space": sp, "tile": key, "owner": owner, "rot": rot, "wounds": wounds,
             "netted": netted, "kind": TILES[key]["kind"], "toughness": TILES[key]["t"],
             "name": TILES[key]["name"]}
            for sp, key, owner, rot, wounds, netted in units]


def _towards(x0: float, y0: float, x1: float, y1: float, dist: float) -> tuple[float, float]:
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    return x0 + (x1 - x0) * dist / length, y0 + (y1 - y0) * dist / length


def _arrow(d: ImageDraw.ImageDraw, a: Mapping[str, Any], colour: tuple[int, int, int]) -> None:
    """The line of one attack, broken around the middle of every space it crosses."""
    x0, y0 = centre(a["from"], OX, OY)
    x1, y1 = centre(a["to"], OX, OY)
    steps = max(1, round(math.hypot(x1 - x0, y1 - y0) / (SQ3 * R)))
    for k in range(steps):
        ax, ay = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
        bx, by = x0 + (x1 - x0) * (k + 1) / steps, y0 + (y1 - y0) * (k + 1) / steps
        start = _towards(ax, ay, bx, by, ARROW_FROM)
        end = _towards(bx, by, ax, ay, TAG_AT if k == steps - 1 else ARROW_FROM)
        d.line((*start, *end), fill=colour, width=4)
        if k == 0:
            d.ellipse((start[0] - 5, start[1] - 5, start[0] + 5, start[1] + 5), fill=colour)


def _arrows(img: Image.Image, rec: Mapping[str, Any]) -> None:
    d = ImageDraw.Draw(img)
    for a in rec["attacks"]:
        _arrow(d, a, pal.CALM if a["saved"] else WOUND)
    p = pen(img)
    taken: list[tuple[float, float]] = []
    for a in rec["attacks"]:
        x0, y0 = centre(a["from"], OX, OY)
        x1, y1 = centre(a["to"], OX, OY)
        tx, ty = _towards(x1, y1, x0, y0, TAG_AT)
        while any(math.hypot(tx - u, ty - v) < 2 * TAG_R for u, v in taken):
            tx, ty = _towards(tx, ty, x0, y0, 2 * TAG_R + 2)  # a second hit from that side
        taken.append((tx, ty))
        tag = "0" if a["saved"] else f"-{a['wounds']}"
        colour = pal.CALM if a["saved"] else WOUND
        p.ellipse((tx - TAG_R, ty - TAG_R, tx + TAG_R, ty + TAG_R), fill=colour,
                  outline=pal.WHITE, width=2)
        p.text((tx, ty), tag, font=font(14, bold=True), fill=pal.WHITE, anchor="mm")
    for r in rec["removed"]:
        _cross(d, *centre(r["space"], OX, OY))


def _cross(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A removed unit: an X at its four slanted corners, the middle left readable."""
    for angle in (60, 120, 240, 300):
        ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        inner = (x + ux * 0.62 * R, y + uy * 0.62 * R)
        outer = (x + ux * (R - 6), y + uy * (R - 6))
        d.line((*inner, *outer), fill=pal.WHITE, width=11)
        d.line((*inner, *outer), fill=(0, 0, 0), width=7)


def _phase_lines(rec: Mapping[str, Any]) -> list[str]:
    out = []
    for a in rec["attacks"]:
        what = "saved by a Medic" if a["saved"] else f"{a['wounds']} wound" + \
            ("s" if a["wounds"] != 1 else "")
        out.append(f"{a['tile']} {a['from']} → {a['target']} {a['to']} ({a['kind']}): {what}")
    for sp in rec.get("exploded") or []:
        out.append(f"The Clown on {sp} explodes.")
    gone = ", ".join(f"{r['tile']} {r['space']}" for r in rec["removed"])
    if gone:
        out.append(f"Removed: {gone}.")
    for c in rec.get("charges") or []:
        out.append(f"Crocodile charges {c['from']} → {c['to']}.")
    return out


def _caption_lines(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        out += wrap(line, font(BODY), TEXT_W)
    return out


def _caption_height(lines: list[str]) -> int:
    return 14 + 32 + len(_caption_lines(lines)) * BODY_LH + 14


def _caption(img: Image.Image, top: int, title: str, lines: list[str]) -> None:
    d = pen(img)
    y = top + 14
    d.text((PAD, y), title, font=font(20, bold=True), fill=pal.INK)
    y += 32
    for part in _caption_lines(lines):
        d.text((PAD, y), part, font=font(BODY), fill=pal.INK)
        y += BODY_LH


def battle_frames(view: Mapping[str, Any]) -> list[Image.Image]:
    """The pictures of the last battle (empty list when there was none), all of one size:
    the board with its arrows and, under it, what happened in the phase; the last one is
    the board after the battle with the battle's summary and the HQs' toughness."""
    battle = view.get("last_battle")
    if not battle:
        return []
    names = names_of(view)
    captions = [(f"Battle {battle['n']} · initiative {rec['phase']}", _phase_lines(rec))
                for rec in battle["phases"]]
    hqs = " · ".join(f"{names[seat]} HQ {view['hq'][seat]}/20" for seat in (0, 1))
    after = (f"Battle {battle['n']} · after the battle", [*battle_lines(battle), hqs])
    height = BOARD_H + max(_caption_height(lines) for _, lines in [*captions, after])
    frames = []
    for rec, (title, lines) in zip(battle["phases"], captions, strict=True):
        img = new_canvas(height)
        _units(img, {**view, "board": _as_board(rec["units"])})
        _arrows(img, rec)
        _caption(img, BOARD_H, title, lines)
        frames.append(img)
    end = new_canvas(height)
    _units(end, view)
    _caption(end, BOARD_H, *after)
    frames.append(end)
    return frames


def draw_battle_frames(view: Mapping[str, Any]) -> list[bytes]:
    """One PNG per phase of the last battle, then the board after it."""
    return [to_png(f) for f in battle_frames(view)]


def draw_battle_gif(view: Mapping[str, Any], ms_per_frame: int = 1800) -> bytes:
    """The last battle as one animated GIF (b"" when there was no battle)."""
    frames = battle_frames(view)
    if not frames:
        return b""
    small = [f.convert("RGB").quantize(colors=96, method=Image.Quantize.FASTOCTREE,
                                       dither=Image.Dither.NONE) for f in frames]
    out = io.BytesIO()
    small[0].save(out, "GIF", save_all=True, append_images=small[1:], duration=ms_per_frame,
                  loop=0, optimize=False)
    return out.getvalue()
