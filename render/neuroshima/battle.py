"""The last battle step by step: one picture per initiative phase (the board as the phase
starts, an arrow per attack with its wounds, a cross on every unit removed at its end), then
the board after the Drift; as PNG frames or one animated GIF. Drawn from the view only."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.neuroshima.tiles import TILES
from render import palette as pal
from render.draw import pen, to_png
from render.fonts import font
from render.neuroshima.board import BOARD_W, OX, OY, H, _panel, _units, background
from render.neuroshima.common import WOUND, centre
from render.text import wrap


def _as_board(units: list) -> list[dict[str, Any]]:
    return [{"space": sp, "tile": key, "owner": owner, "rot": rot, "wounds": wounds,
             "netted": netted, "kind": TILES[key]["kind"], "toughness": TILES[key]["t"],
             "name": TILES[key]["name"]}
            for sp, key, owner, rot, wounds, netted in units]


def _arrows(img: Image.Image, rec: Mapping[str, Any]) -> None:
    d = ImageDraw.Draw(img)
    for a in rec["attacks"]:
        x0, y0 = centre(a["from"], OX, OY)
        x1, y1 = centre(a["to"], OX, OY)
        colour = pal.CALM if a["saved"] else WOUND
        d.line((x0, y0, x1, y1), fill=colour, width=4)
        d.ellipse((x1 - 6, y1 - 6, x1 + 6, y1 + 6), fill=colour)
    p = pen(img)
    for a in rec["attacks"]:
        x1, y1 = centre(a["to"], OX, OY)
        tag = "0" if a["saved"] else f"-{a['wounds']}"
        colour = pal.CALM if a["saved"] else WOUND
        p.ellipse((x1 + 8, y1 - 4, x1 + 38, y1 + 22), fill=colour, outline=pal.WHITE,
                  width=2)
        p.text((x1 + 23, y1 + 9), tag, font=font(15, bold=True), fill=pal.WHITE,
               anchor="mm")
    for r in rec["removed"]:
        x, y = centre(r["space"], OX, OY)
        d.line((x - 26, y - 26, x + 26, y + 26), fill=(0, 0, 0), width=7)
        d.line((x - 26, y + 26, x + 26, y - 26), fill=(0, 0, 0), width=7)


def _caption(img: Image.Image, title: str, lines: list[str]) -> None:
    d = pen(img)
    d.rectangle((BOARD_W, 0, img.width, H), fill=pal.PARCHMENT)
    x, y = BOARD_W + 16, 14
    d.text((x, y), title, font=font(20, bold=True), fill=pal.INK)
    y += 32
    body = font(15)
    for line in lines:
        for part in wrap(line, body, img.width - BOARD_W - 32):
            if y > H - 30:
                return
            d.text((x, y), part, font=body, fill=pal.INK)
            y += 19


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


def battle_frames(view: Mapping[str, Any]) -> list[Image.Image]:
    """The pictures of the last battle (empty list when there was none)."""
    battle = view.get("last_battle")
    if not battle:
        return []
    frames = []
    for rec in battle["phases"]:
        img = background().copy()
        _units(img, {**view, "board": _as_board(rec["units"])})
        _arrows(img, rec)
        _caption(img, f"Battle {battle['n']} · initiative {rec['phase']}", _phase_lines(rec))
        frames.append(img)
    img = background().copy()
    _units(img, view)
    _panel(img, view)
    frames.append(img)
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
