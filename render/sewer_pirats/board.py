"""The public board of Sewer Pirats. It reads only the keys every view has, so a player's
own view draws exactly the spectator's picture: treasure shows as counts of face-down
squares and circles, hands as card counts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.sewer_pirats.data import SHIPS, TRIBES
from render import draw as dr
from render import palette as pal
from render.fonts import font
from render.palette import RGB
from render.sewer_pirats.common import (
    PHASE_LABEL,
    SYMBOL_RGB,
    TRIBE_LETTER,
    VARIANT_LABEL,
    colour_of,
    names_of,
    say,
    shape_of,
)
from render.sewer_pirats.pieces import (
    CARD_H,
    CARD_W,
    FIGURE,
    TOKEN,
    animal,
    card_back,
    counter_icon,
    figure,
    shape,
    talisman,
    token,
    token_radius,
)
from render.text import fit, wrap

#: Discord shows a board 550 px wide: at 740 px the smallest text (14 px) stays 10 px there,
#: so each ship carries its flotsam under its hull and the panels stack under the ships
BOARD_W = 740
HEADER_H = 68
MARGIN = 20
HULL_H = 182
SHIP_GAP = 12
SPACE_W, SPACE_H = 92, 128
HULL_X = 134
GROUP_GAP = 22
TOK_GAP = 6
SHIP_H = 12 + HULL_H + 10 + 22 + 2 * TOKEN + TOK_GAP + 12
#: the flotsam's two groups, right-aligned under the bow
FLOTSAM_X = BOARD_W - MARGIN - 16 - 2 * (2 * TOKEN + TOK_GAP) - GROUP_GAP
WATER: RGB = (58, 74, 54)
WATER_EDGE: RGB = (96, 118, 80)
HULL: RGB = (112, 72, 40)
HULL_DARK: RGB = (72, 44, 22)
DECK: RGB = (206, 170, 118)
TALISMAN_H = 176
PLAYER_ROW = 58
KEY_SIZE, KEY_LH = 15, 21
BAR_H = 190


def _static_header(img: Image.Image) -> None:
    d = dr.pen(img)
    d.rectangle((0, 0, img.width, HEADER_H), fill=pal.WOOD_DARK)
    d.line((0, HEADER_H, img.width, HEADER_H), fill=pal.GOLD_DARK, width=3)
    d.text((22, HEADER_H / 2), "SEWER PIRATS", font=font(28, True), fill=pal.GOLD, anchor="lm")


def header(img: Image.Image, view: Mapping[str, Any], names: Sequence[str]) -> None:
    d = dr.pen(img)
    phase = str(view.get("phase"))
    top = PHASE_LABEL.get(phase) or f"Round {view.get('round', 1)}"
    turn = view.get("turn")
    if phase == "play" and turn is not None:
        top += f" · {names[int(turn)]}'s turn"
    f, t = fit(top, img.width * 0.55, 20, True)
    d.text((img.width - 22, 18), t, font=f, fill=pal.PARCHMENT, anchor="ra")
    crew = list(view.get("crew") or [])
    bottom = VARIANT_LABEL.get(str(view.get("variant")), "")
    if crew:
        bottom += ": " + ", ".join(c.capitalize() for c in crew)
    f, t = fit(bottom, img.width * 0.6, 16)
    d.text((img.width - 22, 44), t, font=f, fill=pal.PARCHMENT_DARK, anchor="ra")


def _static_space(img: Image.Image, x: int, y: int, i: int) -> None:
    captain = i == 3
    box = dr.rounded(SPACE_W - 8, SPACE_H, 10, DECK, pal.GOLD if captain else HULL_DARK,
                     3 if captain else 2)
    dr.paste(img, box, x, y)
    label = "C" if captain else str(i + 1)
    dr.pen(img).text((x + 10, y + 6), label, font=font(18, True),
                     fill=pal.GOLD_DARK if captain else pal.INK_SOFT)


def _space(img: Image.Image, x: int, y: int, fig: Mapping[str, Any] | None,
           names: Sequence[str]) -> None:
    if fig is None:
        return
    d = dr.pen(img)
    seat = int(fig["seat"])
    tribe = str(fig["tribe"])
    piece = figure(colour_of(seat), shape_of(seat), tribe, FIGURE)
    cx = x + (SPACE_W - 8) // 2
    dr.paste(img, piece, cx - FIGURE // 2, y + 28)
    f, t = fit(tribe, SPACE_W - 12, 14)
    lines = name_lines(names[seat], SPACE_W - 12)
    d.text((cx, y + (88 if len(lines) == 1 else 85)), t, font=f, fill=pal.INK, anchor="mm")
    for k, line in enumerate(lines):
        d.text((cx, y + (106 if len(lines) == 1 else 100 + 15 * k)), line, font=font(14),
               fill=pal.INK_SOFT, anchor="mm")


def name_lines(name: str, width: int) -> list[str]:
    """A player's name under his figure: one line, or two lines of whole words, or (a name
    too long for that) one line cut with an ellipsis."""
    f = font(14)
    if f.getlength(name) <= width:
        return [name]
    words = name.split(" ")
    for cut in range(len(words) - 1, 0, -1):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        if f.getlength(first) <= width and f.getlength(second) <= width:
            return [first, second]
    return [fit(name, width, 14)[1]]


def _group(img: Image.Image, x: int, y: int, tokens: Sequence[str] | None, label: str,
           highlight: bool = False) -> None:
    d = dr.pen(img)
    w = 2 * TOKEN + TOK_GAP
    d.text((x + w / 2, y), label, font=font(15, True),
           fill=pal.GOLD_LIGHT if highlight else pal.PARCHMENT, anchor="ma")
    top = y + 22
    if highlight:
        dr.paste(img, dr.rounded(w + 12, w + 12, 12, WATER, pal.GOLD, 3), x - 6, top - 6)
    if not tokens:
        box = dr.rounded(w, w, 12, WATER, WATER_EDGE, 2)
        dr.paste(img, box, x, top)
        d.text((x + w / 2, top + w / 2), "none", font=font(16), fill=WATER_EDGE, anchor="mm")
        return
    for k, code in enumerate(tokens[:4]):
        tx = x + (k % 2) * (TOKEN + TOK_GAP)
        ty = top + (k // 2) * (TOKEN + TOK_GAP)
        dr.paste_with_shadow(img, token(code), tx, ty, token_radius(code))


def _hull(y: int) -> tuple[int, int, int, int]:
    return HULL_X, y + 12, HULL_X + 4 * SPACE_W + 8, y + 12 + HULL_H


def _static_ship(img: Image.Image, name: str, y: int) -> None:
    dr.panel(img, (MARGIN, y, BOARD_W - MARGIN, y + SHIP_H), fill=WATER, outline=WATER_EDGE)
    d = dr.pen(img)
    badge = dr.circle(84, pal.CARD_FACE, SYMBOL_RGB[name], 3)
    bx = MARGIN + 16
    dr.paste(img, badge, bx, y + 20)
    a = animal(name, 60, SYMBOL_RGB[name], pal.CARD_FACE)
    dr.paste(img, a, bx + 12, y + 32)
    d.text((bx + 42, y + 124), f"{name.upper()}", font=font(20, True), fill=pal.PARCHMENT,
           anchor="mm")
    d.text((bx + 42, y + 148), "ship", font=font(15), fill=pal.PARCHMENT_DARK, anchor="mm")
    # the hull, bow to the right
    hx0, hy0, hx1, hy1 = _hull(y)
    d.rounded_rectangle((hx0, hy0, hx1, hy1), 14, fill=HULL, outline=HULL_DARK, width=3)
    d.polygon([(hx1 - 10, hy0), (hx1 + 44, (hy0 + hy1) / 2), (hx1 - 10, hy1)], fill=HULL,
              outline=HULL_DARK, width=3)
    d.line((hx1 - 10, hy0 + 3, hx1 - 10, hy1 - 3), fill=HULL, width=4)
    for i in range(4):
        _static_space(img, hx0 + 10 + i * SPACE_W, hy0 + (hy1 - hy0 - SPACE_H) // 2, i)


def _ship(img: Image.Image, view: Mapping[str, Any], x_index: int, y: int,
          names: Sequence[str]) -> None:
    ship = view["ships"][x_index]
    name = str(ship["ship"])
    hx0, hy0, _, hy1 = _hull(y)
    spaces = list(ship.get("spaces") or [None] * 4)
    for i in range(4):
        _space(img, hx0 + 10 + i * SPACE_W, hy0 + (hy1 - hy0 - SPACE_H) // 2, spaces[i], names)
    # flotsam, nearest the bow first
    groups = [list(g) for g in ship.get("flotsam") or []]
    sailing = view.get("sailing")
    gy = _hull(y)[3] + 10
    w = 2 * TOKEN + TOK_GAP
    if sailing and sailing.get("ship") == name:
        _group(img, FLOTSAM_X, gy, list(sailing.get("booty") or []), "SAILING", True)
        nxt = groups[:1]
        _group(img, FLOTSAM_X + w + GROUP_GAP, gy, nxt[0] if nxt else None, "next")
        return
    _group(img, FLOTSAM_X, gy, groups[0] if groups else None, "at the bow")
    _group(img, FLOTSAM_X + w + GROUP_GAP, gy, groups[1] if len(groups) > 1 else None, "next")


def _talisman_panel(img: Image.Image, view: Mapping[str, Any], box: tuple[int, int, int, int]
                    ) -> None:
    x0, y0, x1, y1 = box
    d = dr.pen(img)
    row = list(view.get("row") or [])
    y = y0 + 42
    for k in range(4):
        cx = x0 + 16 + k * (CARD_W + 10)
        if k < len(row):
            dr.paste_with_shadow(img, talisman(str(row[k])), cx, y, 8)
        else:
            dr.paste(img, dr.rounded(CARD_W, CARD_H, 8, pal.PARCHMENT_DARK, pal.PARCHMENT_EDGE,
                                     2), cx, y)
    dx = x0 + 16 + 4 * (CARD_W + 10) + 16
    deck = int(view.get("deck") or 0)
    if deck:
        dr.paste_with_shadow(img, card_back(), dx, y, 8)
    else:
        dr.paste(img, dr.rounded(CARD_W, CARD_H, 8, pal.PARCHMENT_DARK, pal.PARCHMENT_EDGE, 2),
                 dx, y)
    fb = font(16, True)
    d.text((dx + CARD_W / 2, y + CARD_H + 8), f"Deck {deck}", font=fb, fill=pal.INK,
           anchor="ma")
    row_word = "face up" if row else "laid out after the auction"
    d.text((x0 + 16 + 2 * (CARD_W + 10) - 5, y + CARD_H + 8), row_word, font=font(15),
           fill=pal.INK_SOFT, anchor="ma")
    tx, ty = dx + CARD_W + 30, y + 14  # beside the deck: the panel is the board's width
    pile = int(view.get("discard") or 0)
    d.text((tx, ty), f"Discard pile: {pile} card" + ("" if pile == 1 else "s"),
           font=font(16), fill=pal.INK)
    pool = int(view.get("pool") or 0)
    d.text((tx, ty + 24), f"Face-down flotsam: {pool} group" + ("" if pool == 1 else "s"),
           font=font(16), fill=pal.INK)
    box_n = int(view.get("box") or 0)
    d.text((tx, ty + 48), f"Back in the box: {box_n} booty", font=font(16), fill=pal.INK)


def _players_panel(img: Image.Image, view: Mapping[str, Any], names: Sequence[str],
                   box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    d = dr.pen(img)
    to_act = set(view.get("to_act") or [])
    result = view.get("result") or {}
    winners = set(result.get("winners") or [])
    auction = view.get("auction")
    y = y0 + 40
    for seat, p in enumerate(view["players"]):
        row_box = (x0 + 8, y, x1 - 8, y + PLAYER_ROW - 6)
        if seat in to_act or seat in winners:
            dr.paste(img, dr.rounded(row_box[2] - row_box[0], row_box[3] - row_box[1], 8,
                                     pal.GOLD_LIGHT, pal.GOLD_DARK, 2), row_box[0], row_box[1])
        if seat in to_act:
            d.text((x0 - 4, y + (PLAYER_ROW - 6) / 2), "▶", font=font(20, True), fill=pal.GOLD,
                   anchor="rm")
        cy = y + (PLAYER_ROW - 6) // 2
        dr.paste(img, shape(shape_of(seat), 30, _rgb(colour_of(seat)), pal.INK), x0 + 16,
                 cy - 15)
        marks = ""
        if view.get("first") == seat and view.get("phase") != "auction":
            marks = " ①"  # explained in the key under the panels
        f, t = fit(names[seat] + marks, 210, 18, True)
        d.text((x0 + 54, cy - 10), t, font=f, fill=pal.INK, anchor="lm")
        cards = int(p.get("hand") or 0)
        sub = f"{cards} card" + ("" if cards == 1 else "s")
        if seat in winners:
            sub = "☠ winner · " + sub
        if p.get("captain"):
            sub += f" · captain: {p['captain']}"
        elif auction is not None:
            if auction.get("high") == seat and auction.get("lot") is not None:
                sub += f" · high bid {auction.get('bid')}"
            elif seat in (auction.get("out") or []):
                sub += " · passed"
        f, t = fit(sub, 216, 15, seat in winners)
        d.text((x0 + 54, cy + 12), t, font=f, fill=pal.BAD if seat in winners else pal.INK_SOFT,
               anchor="lm")
        # treasure: face-down squares and circles, counted
        tx = x0 + 286
        for k, kind in enumerate(("booty", "bonus")):
            ky = cy - 12 + k * 24
            dr.paste(img, counter_icon(kind, 18), tx, ky - 9)
            d.text((tx + 24, ky), str(p.get(kind) or 0), font=font(17, True), fill=pal.INK,
                   anchor="lm")
        # figures in the play area (or hired so far, in the auction): four at most
        home = list(p.get("tribes") if auction is not None else p.get("home") or [])
        fx = x0 + 338
        for tribe in home:
            dr.paste(img, figure(colour_of(seat), shape_of(seat), str(tribe), FIGURE), fx,
                     cy - FIGURE // 2)
            fx += FIGURE + 3
        y += PLAYER_ROW


def key_lines(view: Mapping[str, Any], width: int) -> list[str]:
    """The key under the panels: the marks the board uses and the tribes' letters."""
    nbsp = "\u00a0"
    tribes = list(view.get("crew") or []) or list(TRIBES)
    items = [
        "① first player",
        "★ a value that counts only with a parrot (teddy bears, soft dolls) or a can "
        "opener (tin cans)",
        *(f"{TRIBE_LETTER[t]} {t}".replace(" ", nbsp) for t in tribes if t in TRIBE_LETTER),
    ]
    return wrap("Key: " + " · ".join(items), font(KEY_SIZE), width)


def _key_height(lines: list[str]) -> int:
    return 14 + len(lines) * KEY_LH + 10


def _key(img: Image.Image, lines: list[str], top: int) -> None:
    dr.panel(img, (MARGIN, top, BOARD_W - MARGIN, top + _key_height(lines)))
    dr.multiline(dr.pen(img), MARGIN + 16, top + 12, lines, font(KEY_SIZE), pal.INK, KEY_LH)


def _static_panels(img: Image.Image, left: tuple[int, int, int, int],
                   right: tuple[int, int, int, int]) -> None:
    dr.panel(img, left)
    d = dr.pen(img)
    d.text((left[0] + 16, left[1] + 12), "TALISMAN CARDS", font=font(17, True),
           fill=pal.INK_SOFT)
    dr.panel(img, right)
    x0, y0, x1, _ = right
    d.text((x0 + 16, y0 + 12), "PIRATS", font=font(17, True), fill=pal.INK_SOFT)
    lx = x1 - 16
    for kind, word in (("bonus", "bonus"), ("booty", "booty")):
        w = font(15).getlength(word)
        d.text((lx, y0 + 14), word, font=font(15), fill=pal.INK_SOFT, anchor="ra")
        dr.paste(img, counter_icon(kind, 16), int(lx - w - 22), y0 + 14)
        lx = int(lx - w - 36)
    d.text((lx, y0 + 14), "treasure face down:", font=font(15), fill=pal.INK_SOFT, anchor="ra")


@lru_cache(maxsize=32)
def _base(n: int, bar: bool, height: int) -> Image.Image:
    """Everything that does not change during a game: the table, the ships and their
    spaces, the panels' frames and titles (drawn once per layout, then copied)."""
    img = dr.canvas(BOARD_W, height)
    _static_header(img)
    top, bottom_top, players_h = _layout(n, bar)
    for k, name in enumerate(SHIPS):
        _static_ship(img, name, top + k * (SHIP_H + SHIP_GAP))
    left, right = _bottom_boxes(bottom_top, players_h)
    _static_panels(img, left, right)
    return img


def _layout(n: int, bar: bool) -> tuple[int, int, int]:
    """(top of the ships, top of the panels under them, the players' panel's height)."""
    y = HEADER_H + 16
    ships_top = y + (BAR_H + 16 if bar else 0)
    bottom_top = ships_top + 3 * (SHIP_H + SHIP_GAP) + 4
    return ships_top, bottom_top, 40 + n * PLAYER_ROW + 8


def _bottom_boxes(top: int, players_h: int) -> tuple[tuple[int, int, int, int],
                                                     tuple[int, int, int, int]]:
    """The talisman panel, and the players' panel under it, each the board's width."""
    talisman = (MARGIN, top, BOARD_W - MARGIN, top + TALISMAN_H)
    ptop = top + TALISMAN_H + 16
    return talisman, (MARGIN, ptop, BOARD_W - MARGIN, ptop + players_h)


def _rgb(colour: str) -> RGB:
    from render.sewer_pirats.common import PLAYER_RGB

    return PLAYER_RGB[colour]


def _bar(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], y: int) -> None:
    a = view["auction"]
    dr.panel(img, (MARGIN, y, BOARD_W - MARGIN, y + BAR_H))
    d = dr.pen(img)
    bar = list(a.get("bar") or [])
    d.text((MARGIN + 16, y + 10), "THE BAR", font=font(17, True), fill=pal.INK_SOFT)
    d.text((MARGIN + 110, y + 11), "front → rear · the number is the minimum bid",
           font=font(15), fill=pal.INK_SOFT)
    step = min(46, (BOARD_W - 2 * MARGIN - 40) // max(1, len(bar)))
    x = MARGIN + 20
    lot = a.get("lot")
    for i, tribe in enumerate(bar):
        fy = y + 40
        if i == lot:
            dr.paste(img, dr.rounded(step, 76, 8, pal.GOLD_LIGHT, pal.GOLD_DARK, 2), x - 2,
                     fy - 4)
        piece = figure("black", "circle", str(tribe), min(40, step - 4))
        dr.paste(img, piece, x + (step - piece.width) // 2 - 2, fy)
        d.text((x + step / 2 - 2, fy + 56), str(i), font=font(16, True), fill=pal.INK,
               anchor="mm")
        x += step
    legend = " · ".join(f"{TRIBE_LETTER[t]} {t}" for t in TRIBES)
    d.text((MARGIN + 20, y + 124), legend, font=font(15), fill=pal.INK_SOFT, anchor="lm")
    under = int(a.get("under") or 0)
    if under:
        d.text((MARGIN + 20, y + BAR_H - 40), f"{under} card{'s' if under > 1 else ''} face "
               "down under the front figure", font=font(15, True), fill=pal.WARN, anchor="lm")
    if lot is not None and a.get("high") is not None:
        text = f"Bidding for the {bar[lot]}: {a.get('bid')} card(s) by {names[int(a['high'])]}"
        f, t = fit(text, BOARD_W - 2 * MARGIN - 32, 16, True)
        d.text((BOARD_W - MARGIN - 16, y + BAR_H - 14), t, font=f, fill=pal.INK, anchor="rm")


def _footer_lines(view: Mapping[str, Any], names: Sequence[str], width: int
                  ) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    result = view.get("result")
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        head = "☠ " + " and ".join(winners) + (" win!" if len(winners) > 1 else " wins!")
        lines = wrap(say(result.get("reason") or "", names), font(17), width)
        scores = result.get("scores") or []
        ties = result.get("tiebreak") or [0] * len(scores)
        nbsp = "\u00a0"
        pairs = " · ".join(f"{names[i]} {sc}".replace(" ", nbsp) +
                           (f"{nbsp}({ties[i]})" if ties and scores.count(sc) > 1 else "")
                           for i, sc in enumerate(scores))
        lines += wrap(f"Final scores: {pairs}", font(17, True), width)
        out.append(("result", [head, *lines]))
    pending = view.get("pending")
    if pending:
        out.append(("pending", wrap("▶ " + say(pending, names, view.get("pending_seat")),
                                    font(17, True), width - 24)))
    final = list(view.get("final") or [])
    if view.get("ending") and not result:
        text = "The game has ended: " + (
            "last sailings still to come: " + ", ".join(final) if final else "last sailings")
        out.append(("note", wrap(text, font(17), width)))
    return out


def _footer_height(blocks: list[tuple[str, list[str]]]) -> int:
    h = 0
    for kind, lines in blocks:
        if kind == "result":
            h += 38 + (len(lines) - 1) * 25 + 10
        elif kind == "pending":
            h += len(lines) * 25 + 22
        else:
            h += len(lines) * 25 + 8
    return h + 20 if blocks else 0


def _footer(img: Image.Image, blocks: list[tuple[str, list[str]]], top: int) -> None:
    if not blocks:
        return
    x0, x1 = MARGIN, BOARD_W - MARGIN
    dr.panel(img, (x0, top, x1, top + _footer_height(blocks)))
    d = dr.pen(img)
    x, y = x0 + 16, top + 12
    for kind, lines in blocks:
        if kind == "result":
            d.text((x, y), lines[0], font=font(26, True), fill=pal.BAD)
            y += 38
            y = int(dr.multiline(d, x, y, lines[1:], font(17), pal.INK, 25)) + 10
        elif kind == "pending":
            h = len(lines) * 25 + 12
            dr.paste(img, dr.rounded(x1 - x0 - 24, h, 8, pal.GOLD_LIGHT, pal.GOLD_DARK, 2),
                     x - 4, y - 2)
            y = int(dr.multiline(d, x + 8, y + 4, lines, font(17, True), pal.INK, 25)) + 18
        else:
            y = int(dr.multiline(d, x, y, lines, font(17), pal.INK, 25)) + 8


def layout(view: Mapping[str, Any]) -> dict[str, tuple[int, int, int, int]]:
    """Where the parts below the ships go: "talisman" and "players" (the two panels),
    "key" (the key to the marks) and, when there is something to say, "footer"; the
    whole picture is "image"."""
    n = int(view["n"])
    _, bottom_top, players_h = _layout(n, view.get("auction") is not None)
    left, right = _bottom_boxes(bottom_top, players_h)
    key_top = right[3] + 16
    key_h = _key_height(key_lines(view, BOARD_W - 2 * MARGIN - 32))
    boxes = {"talisman": left, "players": right,
             "key": (MARGIN, key_top, BOARD_W - MARGIN, key_top + key_h)}
    foot_top = key_top + key_h + 16
    foot_h = _footer_height(_footer_lines(view, names_of(view), BOARD_W - 2 * MARGIN - 32))
    if foot_h:
        boxes["footer"] = (MARGIN, foot_top, BOARD_W - MARGIN, foot_top + foot_h)
    boxes["image"] = (0, 0, BOARD_W, foot_top + foot_h + (16 if foot_h else 0))
    return boxes


def draw_board(view: Mapping[str, Any]) -> bytes:
    """The public table as PNG (reads only the keys every view has)."""
    names = names_of(view)
    n = int(view["n"])
    bar = view.get("auction") is not None
    ships_top, _, _ = _layout(n, bar)
    boxes = layout(view)
    img = _base(n, bar, boxes["image"][3]).copy()
    header(img, view, names)
    if bar:
        _bar(img, view, names, HEADER_H + 16)
    for k in range(3):
        _ship(img, view, k, ships_top + k * (SHIP_H + SHIP_GAP), names)
    _talisman_panel(img, view, boxes["talisman"])
    _players_panel(img, view, names, boxes["players"])
    _key(img, key_lines(view, BOARD_W - 2 * MARGIN - 32), boxes["key"][1])
    if "footer" in boxes:
        _footer(img, _footer_lines(view, names, BOARD_W - 2 * MARGIN - 32),
                boxes["footer"][1])
    return dr.to_png(img)
