"""The public board image: the 19 standard hexes and the 12 Water spaces (labelled in their
clockwise ring order), every tile as printed and turned, wounds and nets.

Landscape, for Discord's inline box (render/headline.py): the header band says what
happens now (whose turn and what he does, or how the game ended) and both HQs' toughness,
in letters that stay readable when the board is shown 400 px wide; under it the board on
the left and, on the right, a game-over banner once the game has ended and a panel with
both players' piles and hands (public in this game), the last battle and a key to the
marks. ``draw_preview`` is the private picture of a move being composed in the panel.
Every label and badge on the board goes where the tile keeps room for it
(``tiles.text_layout``), never over a mark.

The battle's frames (battle.py) keep the board over a caption: ``new_canvas``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.neuroshima.board import BY_LABEL, LABELS, is_water
from engine.neuroshima.tiles import TILES
from render import headline as hl
from render import palette as pal
from render.draw import Box, canvas, pen, to_png
from render.fonts import font
from render.neuroshima.common import (
    ARMY_NAME,
    ARMY_SOFT,
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
from render.neuroshima.tiles import (
    BADGE_GAP,
    PIECE_H,
    PIECE_W,
    WOUND_BADGE,
    hex_points,
    label_box,
    slot,
    text_layout,
    tile_piece,
)
from render.text import ellipsize, wrap

BOARD_W = int(11 * R) + 20
BOARD_H = int(6 * SQ3 * R) + 30
OX, OY = BOARD_W / 2, BOARD_H / 2
#: the battle frames' caption under the board: its margin and width
PAD = 18
TEXT_W = BOARD_W - 2 * PAD
#: the landscape board: the hexes on the left, the panel on the right
MARGIN = 12
SIDE_X = MARGIN + BOARD_W + 12
SIDE_W = 440
SIDE_TEXT_W = SIDE_W - 28
W = SIDE_X + SIDE_W + MARGIN
#: the tallest the board gets (two-line status): the key lines' size is chosen for it
MAX_H = 940
KEY = hl.key_size(W, MAX_H)
BODY, BODY_LH = 15, 20
BANNER_FILL = (120, 30, 24)
KEY_TEXT = ("Marks on a tile: red chevron melee, long red wedge ranged (one per point of "
            "strength); black band armour; white bar module link; grid net; purple beam "
            "Gauss; blue drops Water Gun. Top number: initiative; ≈ Drift. "
            "W1→W12: the Water ring, clockwise.")


@lru_cache(maxsize=2)
def spaces() -> Image.Image:
    """The board's spaces, BOARD_W x BOARD_H, transparent between them."""
    img = Image.new("RGBA", (BOARD_W, BOARD_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for i, lab in enumerate(LABELS):
        cx, cy = centre(lab, OX, OY)
        fill = WATER_FILL if is_water(i) else LAND_FILL
        d.polygon(hex_points(cx, cy, R - 1), fill=fill, outline=pal.WOOD_DARK, width=2)
    return img


@lru_cache(maxsize=2)
def background() -> Image.Image:
    """The board's spaces on the table, BOARD_W x BOARD_H."""
    img = canvas(BOARD_W, BOARD_H)
    img.paste(spaces(), (0, 0), spaces())
    return img


def new_canvas(height: int) -> Image.Image:
    """The board on top, parchment under it down to ``height`` (a battle frame)."""
    img = canvas(BOARD_W, height)
    img.paste(background(), (0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle((0, BOARD_H, BOARD_W, height), fill=pal.PARCHMENT)
    d.line((0, BOARD_H, BOARD_W, BOARD_H), fill=pal.PARCHMENT_EDGE, width=3)
    return img


@lru_cache(maxsize=64)
def net_overlay(key: str) -> Image.Image:
    """The hatching over a netted tile, leaving its written middle clear."""
    img = Image.new("RGBA", (PIECE_W, PIECE_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for k in range(-PIECE_H, PIECE_W, 12):
        d.line((k, 0, k + PIECE_H, PIECE_H), fill=(10, 10, 10, 150), width=2)
        d.line((k + PIECE_H, 0, k, PIECE_H), fill=(10, 10, 10, 150), width=2)
    mask = Image.new("L", (PIECE_W, PIECE_H), 0)
    md = ImageDraw.Draw(mask)
    md.polygon(hex_points(PIECE_W / 2, PIECE_H / 2, R - 4), fill=255)
    for line in text_layout(key)[0]:
        x0, y0, x1, y1 = (label_box(line, "W12", True) if line.role == "label"
                          else line.box("20" if line.role == "hq" else None))
        md.rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), fill=0)
    out = Image.new("RGBA", (PIECE_W, PIECE_H), (0, 0, 0, 0))
    out.paste(img, (0, 0), mask)
    return out


def _badge(d: ImageDraw.ImageDraw, x: float, y: float, n: int) -> None:
    r = WOUND_BADGE / 2
    d.ellipse((x, y - r, x + WOUND_BADGE, y + r), fill=WOUND, outline=pal.WHITE)
    d.text((x + r, y), str(n), font=font(14, True), fill=pal.WHITE, anchor="mm")


def _units(img: Image.Image, view: Mapping[str, Any]) -> None:
    """The tiles, their labels, wounds and nets, and the labels of the empty spaces."""
    d = pen(img)
    occupied = set()
    for u in view["board"]:
        occupied.add(u["space"])
        cx, cy = centre(u["space"], OX, OY)
        x, y = int(cx - PIECE_W / 2), int(cy - PIECE_H / 2)
        army = army_of(view, u["owner"])
        piece = tile_piece(u["tile"], army, u["rot"])
        img.paste(piece, (x, y), piece)
        if u["netted"]:
            net = net_overlay(u["tile"])
            img.paste(net, (x, y), net)
        hq = slot(u["tile"], "hq")
        if hq is not None:
            left = max(0, u["toughness"] - u["wounds"])
            d.text((cx, y + hq.y), str(left), font=hq.font,
                   fill=pal.GOLD_LIGHT if army == "moloch" else pal.WOOD_DARK, anchor="mm")
        label = slot(u["tile"], "label")
        if label is None:
            continue
        wounded = u["kind"] != "hq" and u["wounds"] > 0
        x0, _, x1, _ = label_box(label, u["space"], wounded)
        if wounded:
            lw = label.font.getlength(u["space"])
            d.text((x + x0, y + label.y), u["space"], font=label.font, fill=ARMY_SOFT[army],
                   anchor="lm")
            _badge(d, x + x0 + lw + BADGE_GAP, y + label.y, u["wounds"])
        else:
            d.text((x + (x0 + x1) / 2, y + label.y), u["space"], font=label.font,
                   fill=ARMY_SOFT[army], anchor="mm")
    for i, lab in enumerate(LABELS):
        if lab in occupied:
            continue
        cx, cy = centre(lab, OX, OY)
        d.text((cx, cy), lab, font=font(16, True),
               fill=pal.WHITE if is_water(i) else pal.INK, anchor="mm")


# -- the panel under the board --------------------------------------------------------------


def _name(key: str) -> str:
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


def banner_lines(view: Mapping[str, Any], names: list[str]) -> tuple[str, list[str]] | None:
    """The game-over banner's title and wrapped reason (None while the game goes on)."""
    result = view.get("result")
    if not result:
        return None
    winners = [names[w] for w in result.get("winners") or []]
    if len(winners) == 1:
        title = f"☠ Game over: {winners[0]} wins!"
    else:
        title = "☠ Game over: a draw"
    reason = wrap(say(result.get("reason") or "", names), font(16), SIDE_TEXT_W)
    return title, reason


def _banner_height(banner: tuple[str, list[str]] | None) -> int:
    if banner is None:
        return 0
    return 12 + len(banner[1]) * 22 + 12


# -- the landscape board: the header band, the hexes on the left, the panel on the right ---


def turn_words(view: Mapping[str, Any]) -> str:
    """What the header says of the turn: "Placing the HQs" while the HQs go down, then
    "Turn 1", "Turn 2"... The engine numbers the HQ placements -2 and the first turn 0
    (the first draws depend on it: rules/neuroshima.md 2.2); a player counts from 1, and
    never shows a turn number below it."""
    n = int(view.get("turn_no") or 0)
    if view.get("phase") == "hq" or n < 0:
        return "Placing the HQs"
    return f"Turn {n + 1}"


def header_of(view: Mapping[str, Any], status: str | None = None) -> hl.Header:
    """The band's lines: what happens now (the status, or the caption of a preview; the
    winner at the end), and both HQs' toughness, the score of this game."""
    names = names_of(view)
    info = turn_words(view)
    if view.get("result"):
        info += " · game over"
    elif not view.get("pending"):
        pass  # the status line says it: "… plays (tie-break turn)."
    elif view.get("tiebreak"):
        info += " · tie-break turn"
    elif view.get("last_draw") is not None:
        info += " · last turns before the Final Battle"
    banner = banner_lines(view, names)
    if banner is not None:
        turn = banner[0]
    else:
        turn = "▶ " + (status or _status(view, names))
    units = tuple(
        hl.player_unit(None, f"{names[seat]} ({ARMY_NAME[army_of(view, seat)]})",
                       f"{view['hq'][seat]}/20")
        for seat in (0, 1))
    return hl.Header("NEUROSHIMA HEX!", info, turn, units, "HQ:")


def _header(view: Mapping[str, Any], status: str | None) -> tuple[hl.Header, hl.HeaderLayout]:
    head = header_of(view, status)
    return head, hl.layout_header(head, W, KEY)


def _seat_lines(view: Mapping[str, Any], seat: int, names: list[str]) -> list[str]:
    hand = ", ".join(_name(k) for k in view["hands"][seat]) or "no tiles"
    return wrap(f"Hand: {hand}", font(BODY), SIDE_TEXT_W)[:3]


def _panel_parts(view: Mapping[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """The panel's wrapped battle and key lines, and the names."""
    names = names_of(view)
    battle = view.get("last_battle")
    battle_part: list[str] = []
    if battle:
        for line in battle_lines(battle)[:8]:
            battle_part += wrap(line, font(BODY), SIDE_TEXT_W)[:2]
    key = wrap(KEY_TEXT, font(14), SIDE_TEXT_W)
    return names, battle_part, key


SEAT_HEAD = 24 + 24 + 22


def panel_height(view: Mapping[str, Any]) -> int:
    names, battle_part, key = _panel_parts(view)
    h = 14
    for seat in (0, 1):
        h += SEAT_HEAD + len(_seat_lines(view, seat, names)) * BODY_LH + 12
    if battle_part:
        h += 22 + len(battle_part) * BODY_LH + 12
    return h + len(key) * 18 + 12


def layout(view: Mapping[str, Any], status: str | None = None) -> dict[str, Box]:
    """Where the parts of the board image go, as (x0, y0, x1, y1) boxes: "header" (the
    band) with its key lines "turn" and "score"; "board" (the hexes, on the left); on the
    right the "banner" (only once the game is over: how it ended) and the "panel" (both
    players' piles and hands, the last battle, the key); the image is "image"."""
    _, lay = _header(view, status)
    boxes: dict[str, Box] = {"header": (0, 0, W, lay.height), **lay.boxes}
    top = lay.height + 8
    boxes["board"] = (MARGIN, top, MARGIN + BOARD_W, top + BOARD_H)
    y = top + 8
    banner = banner_lines(view, names_of(view))
    if banner is not None:
        h = _banner_height(banner)
        boxes["banner"] = (SIDE_X, y, W - MARGIN, y + h)
        y += h + 10
    boxes["panel"] = (SIDE_X, y, W - MARGIN, y + panel_height(view))
    boxes["image"] = (0, 0, W, max(boxes["board"][3], boxes["panel"][3] + 12))
    return boxes


def _draw_banner(img: Image.Image, view: Mapping[str, Any], box: Box) -> None:
    banner = banner_lines(view, names_of(view))
    assert banner is not None
    _, reason = banner
    d = pen(img)
    x0, y0, _, _ = box
    d.rounded_rectangle(box, 10, fill=BANNER_FILL, outline=pal.GOLD, width=3)
    y = y0 + 12
    for line in reason:
        d.text((x0 + 12, y), line, font=font(16), fill=pal.WHITE)
        y += 22


def _panel(img: Image.Image, view: Mapping[str, Any], box: Box) -> None:
    x0, top, x1, y1 = box
    d = pen(img)
    d.rounded_rectangle((x0, top, x1 - 1, y1 - 1), 10, fill=pal.PARCHMENT,
                        outline=pal.PARCHMENT_EDGE, width=2)
    names, battle_part, key = _panel_parts(view)
    body, bold = font(BODY), font(BODY, True)
    to_act = set(view.get("to_act") or [])
    x = x0 + 14
    y = top + 14
    for seat in (0, 1):
        army = army_of(view, seat)
        mark = "▶ " if seat in to_act else ""
        head = ellipsize(f"{mark}{names[seat]} · {ARMY_NAME[army]}", bold, SIDE_TEXT_W)
        d.text((x, y), head, font=bold, fill=pal.INK)
        y += 24
        hq = view["hq"][seat]
        bar = SIDE_TEXT_W - 100
        d.rectangle((x, y, x + bar, y + 14), outline=pal.INK, fill=pal.PARCHMENT_DARK)
        d.rectangle((x, y, x + bar * max(0, hq) // 20, y + 14),
                    fill=pal.GOOD if hq > 6 else pal.BAD)
        d.text((x + bar + 10, y - 2), f"HQ {hq}/20", font=bold, fill=pal.INK)
        y += 24
        d.text((x, y), f"Pile {view['piles'][seat]} · used {view['discards'][seat]} · "
                       f"lost {view['lost'][seat]}", font=body, fill=pal.INK_SOFT)
        y += 22
        for line in _seat_lines(view, seat, names):
            d.text((x, y), line, font=body, fill=pal.INK)
            y += BODY_LH
        y += 12
    battle = view.get("last_battle")
    if battle_part and battle:
        d.text((x, y), f"Battle {battle['n']}", font=bold, fill=pal.INK)
        y += 22
        for line in battle_part:
            d.text((x, y), line, font=body, fill=pal.INK)
            y += BODY_LH
        y += 12
    for line in key:
        d.text((x, y), line, font=font(14), fill=pal.INK_SOFT)
        y += 18


def _board_picture(img: Image.Image, shown: Mapping[str, Any], under: Sequence[str],
                   over: Sequence[str]) -> Image.Image:
    """The hexes with the tiles, and the rings of a move being composed, on ``img`` (the
    table under the board)."""
    img.paste(spaces(), (0, 0), spaces())
    occupied = {u["space"] for u in shown["board"]}
    if under:
        _ring(img, under, occupied)
    _units(img, shown)
    if over:
        _ring(img, over, occupied)
    return img


def _draw(view: Mapping[str, Any], status: str | None = None,
          under: Sequence[str] = (), over: Sequence[str] = (),
          board_view: Mapping[str, Any] | None = None) -> Image.Image:
    head, lay = _header(view, status)
    boxes = layout(view, status)
    img = canvas(W, boxes["image"][3])
    hl.draw_header(img, head, lay)
    shown = board_view if board_view is not None else view
    box = boxes["board"]
    img.paste(_board_picture(img.crop(box), shown, under, over), box[:2])
    if "banner" in boxes:
        _draw_banner(img, view, boxes["banner"])
    _panel(img, view, boxes["panel"])
    return img


def draw_board(view: Mapping[str, Any]) -> bytes:
    return to_png(_draw(view))


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
    in ``marks`` ringed (the spaces on offer, or the one picked). The panel is drawn from
    ``before`` with ``caption`` as its status line: the hands and piles as they are now, so
    a tile the move would draw (the HQ of the second player starts the first turn; a battle
    may end the turn) is never shown before it is drawn, the pile order being hidden.
    """
    board = after if after is not None else before
    occupied = {u["space"] for u in board["board"]}
    shown = dict(before)
    if after is not None:
        # what the move changes on the table: the HQs' toughness and losses after a battle
        shown.update(hq=after["hq"], lost=after["lost"], last_battle=after["last_battle"])
    shown["result"] = None  # a preview is never the end of the game
    img = _draw(shown, caption or None,
                under=[m for m in marks if m not in occupied],
                over=[m for m in marks if m in occupied], board_view=board)
    return to_png(img)
