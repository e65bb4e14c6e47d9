"""The public board image: the 19 standard hexes and the 12 Water spaces (labelled in their
clockwise ring order), every tile as printed and turned, wounds and nets; a side panel with
both HQs' toughness, the piles, the hands (public in this game), whose turn it is and the
last battle. ``draw_preview`` is the private picture of a move being composed in the panel."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.neuroshima.board import BY_LABEL, LABELS, is_water
from render import palette as pal
from render.draw import canvas, pen, to_png
from render.fonts import font
from render.neuroshima.common import (
    ARMY_NAME,
    LAND_FILL,
    SQ3,
    WATER_FILL,
    WOUND,
    R,
    army_of,
    centre,
    names_of,
    say,
)
from render.neuroshima.tiles import PIECE_H, PIECE_W, hex_points, tile_piece
from render.text import ellipsize, wrap

BOARD_W = int(11 * R) + 20
BOARD_H = int(6 * SQ3 * R) + 30
PANEL_W = 420
W, H = BOARD_W + PANEL_W, max(BOARD_H, 660)
OX, OY = BOARD_W / 2, BOARD_H / 2


@lru_cache(maxsize=2)
def background() -> Image.Image:
    img = canvas(W, H)
    d = ImageDraw.Draw(img)
    for i, lab in enumerate(LABELS):
        cx, cy = centre(lab, OX, OY)
        fill = WATER_FILL if is_water(i) else LAND_FILL
        d.polygon(hex_points(cx, cy, R - 1), fill=fill, outline=pal.WOOD_DARK, width=2)
    d.rectangle((BOARD_W, 0, W, H), fill=pal.PARCHMENT)
    d.line((BOARD_W, 0, BOARD_W, H), fill=pal.PARCHMENT_EDGE, width=3)
    return img


@lru_cache(maxsize=1)
def net_overlay() -> Image.Image:
    img = Image.new("RGBA", (PIECE_W, PIECE_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    mask = Image.new("L", (PIECE_W, PIECE_H), 0)
    ImageDraw.Draw(mask).polygon(hex_points(PIECE_W / 2, PIECE_H / 2, R - 4), fill=255)
    for k in range(-PIECE_H, PIECE_W, 12):
        d.line((k, 0, k + PIECE_H, PIECE_H), fill=(10, 10, 10, 150), width=2)
        d.line((k + PIECE_H, 0, k, PIECE_H), fill=(10, 10, 10, 150), width=2)
    out = Image.new("RGBA", (PIECE_W, PIECE_H), (0, 0, 0, 0))
    out.paste(img, (0, 0), mask)
    return out


def _units(img: Image.Image, view: Mapping[str, Any]) -> None:
    d = pen(img)
    small = font(14, bold=True)
    for u in view["board"]:
        cx, cy = centre(u["space"], OX, OY)
        x, y = int(cx - PIECE_W / 2), int(cy - PIECE_H / 2)
        piece = tile_piece(u["tile"], army_of(view, u["owner"]), u["rot"])
        img.paste(piece, (x, y), piece)
        if u["netted"]:
            net = net_overlay()
            img.paste(net, (x, y), net)
        if u["kind"] == "hq":
            left = max(0, u["toughness"] - u["wounds"])
            d.text((cx, cy - 17), str(left), font=font(16, bold=True),
                   fill=pal.GOLD_LIGHT if u["owner"] != view["pirates"] else pal.WOOD_DARK,
                   anchor="mm")
        elif u["wounds"]:
            d.ellipse((cx + 18, cy - 30, cx + 40, cy - 8), fill=WOUND, outline=pal.WHITE)
            d.text((cx + 29, cy - 19), str(u["wounds"]), font=small, fill=pal.WHITE,
                   anchor="mm")
    dark = {u["space"] for u in view["board"] if army_of(view, u["owner"]) == "moloch"}
    for lab in LABELS:
        cx, cy = centre(lab, OX, OY)
        d.text((cx - 13, cy + 36), lab, font=small,
               fill=pal.WHITE if lab in dark else pal.INK, anchor="mm")


def _panel(img: Image.Image, view: Mapping[str, Any], status: str | None = None) -> None:
    d = pen(img)
    names = names_of(view)
    x, y = BOARD_W + 16, 14
    width = PANEL_W - 32
    title = font(20, bold=True)
    body = font(15)
    bold = font(15, bold=True)
    d.text((x, y), "Neuroshima Hex!", font=title, fill=pal.INK)
    y += 30
    to_act = set(view.get("to_act") or [])
    for seat in (0, 1):
        army = army_of(view, seat)
        mark = "▶ " if seat in to_act else ""
        head = ellipsize(f"{mark}{names[seat]} · {ARMY_NAME[army]}", bold, width)
        d.text((x, y), head, font=bold, fill=pal.INK)
        y += 22
        hq = view["hq"][seat]
        d.rectangle((x, y, x + 200, y + 14), outline=pal.INK, fill=pal.PARCHMENT_DARK)
        d.rectangle((x, y, x + 10 * hq, y + 14), fill=pal.GOOD if hq > 6 else pal.BAD)
        d.text((x + 210, y - 2), f"HQ {hq}/20", font=body, fill=pal.INK)
        y += 22
        d.text((x, y), f"Pile {view['piles'][seat]} · used {view['discards'][seat]} · "
                       f"lost {view['lost'][seat]}", font=body, fill=pal.INK_SOFT)
        y += 20
        hand = ", ".join(_name(k) for k in view["hands"][seat]) or "no tiles"
        for line in wrap(f"Hand: {hand}", body, width)[:2]:
            d.text((x, y), line, font=body, fill=pal.INK)
            y += 20
        y += 8
    status = _status(view, names) if status is None else status
    for line in wrap(status, bold, width)[:3]:
        d.text((x, y), line, font=bold, fill=pal.CALM)
        y += 21
    y += 6
    battle = view.get("last_battle")
    if battle:
        d.text((x, y), f"Battle {battle['n']}", font=bold, fill=pal.INK)
        y += 21
        for line in battle_lines(battle)[:8]:
            for part in wrap(line, body, width)[:2]:
                if y > H - 60:
                    break
                d.text((x, y), part, font=body, fill=pal.INK)
                y += 19
    y = max(y + 6, H - 50)
    d.text((x, y), "W1→W12: Water ring, clockwise", font=body, fill=pal.INK_SOFT)


def _name(key: str) -> str:
    from engine.neuroshima.tiles import TILES

    return str(TILES[key]["name"])


def _status(view: Mapping[str, Any], names: list[str]) -> str:
    result = view.get("result")
    if result:
        return say(result["reason"], names)
    if view.get("pending"):
        return say(view["pending"], names, view.get("pending_seat"))
    seat = view["turn"]
    phase = view["phase"]
    what = {"hq": "places the HQ", "discard": "discards a tile",
            "play": "plays"}.get(phase, "plays")
    extra = ""
    if view.get("tiebreak"):
        extra = " (tie-break turn)"
    elif view.get("last_draw") is not None:
        extra = " (last turns before the Final Battle)"
    return f"{names[seat]} {what}{extra}."


def battle_lines(battle: Mapping[str, Any]) -> list[str]:
    """One line per initiative phase and one for the Drift (shared with the text twin)."""
    out = []
    for rec in battle["phases"]:
        hits = [a for a in rec["attacks"] if not a["saved"]]
        wounds = sum(a["wounds"] for a in hits)
        gone = ", ".join(f"{r['tile']} {r['space']}" for r in rec["removed"]) or "nothing"
        boom = " Clown explodes." if rec.get("exploded") else ""
        out.append(f"Initiative {rec['phase']}: {len(hits)} hits, {wounds} wounds;{boom} "
                   f"removed {gone}.")
        for c in rec.get("charges") or []:
            out.append(f"Crocodile charges {c['from']} → {c['to']}.")
    drift = battle.get("drift") or {}
    if drift.get("moved"):
        lost = "".join(f" {a} loses {n} to a net." for a, n in drift.get("lost") or [])
        n = len(drift["moved"])
        out.append(f"Drift: {n} unit{'s' if n != 1 else ''} one Water space on.{lost}")
    return out


def draw_board(view: Mapping[str, Any]) -> bytes:
    img = background().copy()
    _units(img, view)
    _panel(img, view)
    return to_png(img)


#: the ring around a space a move is being composed on (a thick line as well as a colour)
MARK = pal.GOLD_LIGHT
MARK_EDGE = pal.WOOD_DARK
#: the frame of a tile on a marked space (blue: apart from both armies' tiles)
FRAME = pal.CALM
#: a ringed space's inside, a little lighter than the land or the Water it is
MARK_FILL = {False: (178, 166, 140), True: (128, 172, 210)}


def _ring(img: Image.Image, marks: Sequence[str], occupied: set[str]) -> None:
    """Ring the marked spaces: an empty one is lit inside its edge (drawn before the tiles
    and labels); a tile on a marked space gets a thick frame over its edge."""
    d = ImageDraw.Draw(img)
    for lab in marks:
        cx, cy = centre(lab, OX, OY)
        if lab in occupied:
            d.polygon(hex_points(cx, cy, R + 2), outline=MARK_EDGE, width=10)
            d.polygon(hex_points(cx, cy, R), outline=FRAME, width=5)
            continue
        d.polygon(hex_points(cx, cy, R - 1), fill=MARK_EDGE)
        d.polygon(hex_points(cx, cy, R - 4), fill=MARK)
        d.polygon(hex_points(cx, cy, R - 9), fill=MARK_FILL[is_water(BY_LABEL[lab.lower()])])


def draw_preview(before: Mapping[str, Any], after: Mapping[str, Any] | None,
                 marks: Sequence[str] = (), caption: str = "") -> bytes:
    """The private picture of a move being composed in the panel (issue 14).

    The board of ``after``, the seat's view after the move computed on a copy of the state
    (never stored), or of ``before`` while the move is still being picked, with the spaces
    in ``marks`` ringed (the spaces on offer, or the one picked). The side panel is drawn
    from ``before`` with ``caption`` as its status line: the hands and piles as they are
    now, so a tile the move would draw (the HQ of the second player starts the first
    turn; a battle may end the turn) is never shown before it is drawn, the pile order
    being hidden.
    """
    img = background().copy()
    shown_board = (after if after is not None else before)["board"]
    occupied = {u["space"] for u in shown_board}
    _ring(img, [m for m in marks if m not in occupied], occupied)  # under tiles and labels
    _units(img, after if after is not None else before)
    _ring(img, [m for m in marks if m in occupied], occupied)  # a frame over the tile
    shown = dict(before)
    if after is not None:
        # what the move changes on the table: the HQs' toughness and losses after a battle
        shown.update(hq=after["hq"], lost=after["lost"], last_battle=after["last_battle"])
    _panel(img, shown, status=caption or None)
    return to_png(img)
