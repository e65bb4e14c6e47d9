"""The public board of Sewer Pirats. It reads only the keys every view has, so a player's
own view draws exactly the spectator's picture: treasure shows as counts of face-down
squares and circles, hands as card counts.

Landscape, for Discord's inline box (render/headline.py): the header band says who acts
and what is asked, and the treasure each pirat holds (the final scores at the end), in
letters that stay readable when the board is shown 400 px wide; under it the three ships
side by side, each with its flotsam under its hull; under them the pirats' panel on the
left and, on the right, the Talisman cards (or the bar, in the auction), what happens now
and the key to the marks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.sewer_pirats.data import SHIPS, TRIBES
from render import draw as dr
from render import headline as hl
from render import palette as pal
from render.fonts import font
from render.palette import RGB
from render.sewer_pirats.common import (
    PHASE_LABEL,
    PLAYER_RGB,
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

Box = tuple[int, int, int, int]

#: the board's width, and the tallest it gets (five pirats, long lines): the key lines'
#: size is chosen for it (render/headline.py)
BOARD_W = 1280
MAX_H = 960
KEY = hl.key_size(BOARD_W, MAX_H)
MARGIN = 12
#: three ships side by side
SHIP_GAP = 8
SHIP_W = (BOARD_W - 2 * MARGIN - 2 * SHIP_GAP) // 3
SHIP_TITLE_H = 46
SPACE_W, SPACE_H = 92, 124
#: the room for a player's name under his figure
NAME_ROOM = SPACE_W - 12
HULL_PAD = 8
HULL_H = SPACE_H + 2 * HULL_PAD
BOW = 22
TOK_GAP = 4
GROUP_W = 2 * TOKEN + TOK_GAP
GROUP_GAP = SHIP_W - 16 - 2 * GROUP_W
LABEL_H = 20
SHIP_H = SHIP_TITLE_H + HULL_H + 8 + LABEL_H + GROUP_W + 8
WATER: RGB = (58, 74, 54)
WATER_EDGE: RGB = (96, 118, 80)
HULL: RGB = (112, 72, 40)
HULL_DARK: RGB = (72, 44, 22)
DECK: RGB = (206, 170, 118)
#: the panels under the ships: the pirats on the left, the rest on the right
PANEL_GAP = 10
LEFT_W = (BOARD_W - 2 * MARGIN - PANEL_GAP) // 2
RIGHT_X = MARGIN + LEFT_W + PANEL_GAP
RIGHT_W = BOARD_W - MARGIN - RIGHT_X
PLAYER_ROW = 52
TALISMAN_H = 12 + CARD_H + 30
KEY_SIZE, KEY_LH = 15, 21
NOTE_SIZE, NOTE_LH = 17, 24


# -- the header ---------------------------------------------------------------------------


def header_of(view: Mapping[str, Any], names: Sequence[str]) -> hl.Header:
    """The band's lines: who acts and what is asked (the winners at the end), and the
    treasure of every pirat (the final scores at the end)."""
    phase = str(view.get("phase"))
    info = [f"Round {view.get('round', 1)}"] if phase == "play" else []
    if PHASE_LABEL.get(phase):
        info.insert(0, PHASE_LABEL[phase])
    crew = list(view.get("crew") or [])
    variant = VARIANT_LABEL.get(str(view.get("variant")), "")
    if variant:
        info.append(variant + (": " + ", ".join(c.capitalize() for c in crew) if crew else ""))
    result = view.get("result")
    marks = [shape(shape_of(s), hl.cap_height(KEY), _rgb(colour_of(s)), pal.WHITE)
             for s in range(len(names))]
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        turn = "☠ " + " and ".join(winners) + (" win!" if len(winners) > 1 else " wins!")
        scores = list(result.get("scores") or [])
        ties = list(result.get("tiebreak") or [0] * len(scores))
        units = tuple(hl.player_unit(marks[s], names[s], str(sc) + (
            f" ({ties[s]})" if ties and scores.count(sc) > 1 else ""))
            for s, sc in enumerate(scores))
        return hl.Header("SEWER PIRATS", " · ".join(info), turn, units, "Final scores:")
    pending = view.get("pending")
    if pending:
        turn = "▶ " + say(pending, names, view.get("pending_seat"))
    else:
        turn = PHASE_LABEL.get(phase) or f"Round {view.get('round', 1)}"
    units = tuple(
        hl.player_unit(marks[s], names[s], str(int(p.get("booty") or 0) + int(p.get("bonus") or 0)))
        for s, p in enumerate(view["players"]))
    return hl.Header("SEWER PIRATS", " · ".join(info), turn, units, "Treasure tokens:")


# -- the ships ----------------------------------------------------------------------------


def _ship_x(k: int) -> int:
    return MARGIN + k * (SHIP_W + SHIP_GAP)


def _hull(x: int, y: int) -> Box:
    """The hull of the ship whose panel's top left is (x, y)."""
    hx = x + (SHIP_W - (4 * SPACE_W + 2 * HULL_PAD - 8 + BOW)) // 2
    return hx, y + SHIP_TITLE_H, hx + 4 * SPACE_W + 2 * HULL_PAD - 8, y + SHIP_TITLE_H + HULL_H


def _space_xy(x: int, y: int, i: int) -> tuple[int, int]:
    hx0, hy0, _, _ = _hull(x, y)
    return hx0 + HULL_PAD + i * SPACE_W, hy0 + HULL_PAD


def _static_space(img: Image.Image, x: int, y: int, i: int) -> None:
    captain = i == 3
    box = dr.rounded(SPACE_W - 8, SPACE_H, 10, DECK, pal.GOLD if captain else HULL_DARK,
                     3 if captain else 2)
    dr.paste(img, box, x, y)
    label = "C" if captain else str(i + 1)
    dr.pen(img).text((x + 9, y + 5), label, font=font(18, True),
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
    dr.paste(img, piece, cx - FIGURE // 2, y + 24)
    f, t = fit(tribe, SPACE_W - 12, 14)
    lines = name_lines(names[seat], NAME_ROOM)
    d.text((cx, y + (84 if len(lines) == 1 else 81)), t, font=f, fill=pal.INK, anchor="mm")
    for k, line in enumerate(lines):
        d.text((cx, y + (102 if len(lines) == 1 else 97 + 15 * k)), line, font=font(14),
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
    d.text((x + GROUP_W / 2, y), label, font=font(15, True),
           fill=pal.GOLD_LIGHT if highlight else pal.PARCHMENT, anchor="ma")
    top = y + LABEL_H
    if highlight:
        dr.paste(img, dr.rounded(GROUP_W + 10, GROUP_W + 10, 12, WATER, pal.GOLD, 3), x - 5,
                 top - 5)
    if not tokens:
        box = dr.rounded(GROUP_W, GROUP_W, 12, WATER, WATER_EDGE, 2)
        dr.paste(img, box, x, top)
        d.text((x + GROUP_W / 2, top + GROUP_W / 2), "none", font=font(16), fill=WATER_EDGE,
               anchor="mm")
        return
    for k, code in enumerate(tokens[:4]):
        tx = x + (k % 2) * (TOKEN + TOK_GAP)
        ty = top + (k // 2) * (TOKEN + TOK_GAP)
        dr.paste_with_shadow(img, token(code), tx, ty, token_radius(code))


def _static_ship(img: Image.Image, name: str, x: int, y: int) -> None:
    dr.panel(img, (x, y, x + SHIP_W, y + SHIP_H), fill=WATER, outline=WATER_EDGE)
    d = dr.pen(img)
    badge = dr.circle(40, pal.CARD_FACE, SYMBOL_RGB[name], 3)
    dr.paste(img, badge, x + 12, y + 4)
    dr.paste(img, animal(name, 28, SYMBOL_RGB[name], pal.CARD_FACE), x + 18, y + 10)
    d.text((x + 62, y + 24), f"{name.upper()} SHIP", font=font(20, True), fill=pal.PARCHMENT,
           anchor="lm")
    hx0, hy0, hx1, hy1 = _hull(x, y)
    d.rounded_rectangle((hx0, hy0, hx1, hy1), 14, fill=HULL, outline=HULL_DARK, width=3)
    d.polygon([(hx1 - 10, hy0), (hx1 + BOW, (hy0 + hy1) / 2), (hx1 - 10, hy1)], fill=HULL,
              outline=HULL_DARK, width=3)
    d.line((hx1 - 10, hy0 + 3, hx1 - 10, hy1 - 3), fill=HULL, width=4)
    for i in range(4):
        _static_space(img, *_space_xy(x, y, i), i)


def _groups_x(x: int) -> tuple[int, int]:
    return x + 8, x + 8 + GROUP_W + GROUP_GAP


def _ship(img: Image.Image, view: Mapping[str, Any], k: int, y: int,
          names: Sequence[str]) -> None:
    ship = view["ships"][k]
    name = str(ship["ship"])
    x = _ship_x(k)
    spaces = list(ship.get("spaces") or [None] * 4)
    for i in range(4):
        _space(img, *_space_xy(x, y, i), spaces[i], names)
    # flotsam, nearest the bow first
    groups = [list(g) for g in ship.get("flotsam") or []]
    sailing = view.get("sailing")
    gy = _hull(x, y)[3] + 8
    ax, bx = _groups_x(x)
    if sailing and sailing.get("ship") == name:
        _group(img, ax, gy, list(sailing.get("booty") or []), "SAILING", True)
        nxt = groups[:1]
        _group(img, bx, gy, nxt[0] if nxt else None, "next")
        return
    _group(img, ax, gy, groups[0] if groups else None, "at the bow")
    _group(img, bx, gy, groups[1] if len(groups) > 1 else None, "next")


# -- the panels under the ships -----------------------------------------------------------


def _talisman_panel(img: Image.Image, view: Mapping[str, Any], box: Box) -> None:
    x0, y0, x1, _ = box
    d = dr.pen(img)
    row = list(view.get("row") or [])
    y = y0 + 12
    for k in range(4):
        cx = x0 + 14 + k * (CARD_W + 8)
        if k < len(row):
            dr.paste_with_shadow(img, talisman(str(row[k])), cx, y, 8)
        else:
            dr.paste(img, dr.rounded(CARD_W, CARD_H, 8, pal.PARCHMENT_DARK, pal.PARCHMENT_EDGE,
                                     2), cx, y)
    dx = x0 + 14 + 4 * (CARD_W + 8) + 12
    deck = int(view.get("deck") or 0)
    if deck:
        dr.paste_with_shadow(img, card_back(), dx, y, 8)
    else:
        dr.paste(img, dr.rounded(CARD_W, CARD_H, 8, pal.PARCHMENT_DARK, pal.PARCHMENT_EDGE, 2),
                 dx, y)
    d.text((dx + CARD_W / 2, y + CARD_H + 6), f"Deck {deck}", font=font(16, True),
           fill=pal.INK, anchor="ma")
    row_word = "face up" if row else "laid out after the auction"
    d.text((x0 + 14 + 2 * (CARD_W + 8) - 4, y + CARD_H + 6), row_word, font=font(15),
           fill=pal.INK_SOFT, anchor="ma")
    tx = dx + CARD_W + 22
    d.text((tx, y0 + 12), "TALISMAN CARDS", font=font(17, True), fill=pal.INK_SOFT)
    for k, line in enumerate(_table_facts(view)):
        f, t = fit(line, x1 - 12 - tx, 16)
        d.text((tx, y0 + 44 + 24 * k), t, font=f, fill=pal.INK)


def _table_facts(view: Mapping[str, Any]) -> list[str]:
    pile = int(view.get("discard") or 0)
    pool = int(view.get("pool") or 0)
    box_n = int(view.get("box") or 0)
    return [f"Discard pile: {pile} card" + ("" if pile == 1 else "s"),
            f"Face-down flotsam: {pool} group" + ("" if pool == 1 else "s"),
            f"Back in the box: {box_n} booty"]


def _players_panel(img: Image.Image, view: Mapping[str, Any], names: Sequence[str],
                   box: Box) -> None:
    x0, y0, x1, _ = box
    d = dr.pen(img)
    to_act = set(view.get("to_act") or [])
    result = view.get("result") or {}
    winners = set(result.get("winners") or [])
    auction = view.get("auction")
    y = y0 + 40
    for seat, p in enumerate(view["players"]):
        row_box = (x0 + 8, y, x1 - 8, y + PLAYER_ROW - 4)
        if seat in to_act or seat in winners:
            dr.paste(img, dr.rounded(row_box[2] - row_box[0], row_box[3] - row_box[1], 8,
                                     pal.GOLD_LIGHT, pal.GOLD_DARK, 2), row_box[0], row_box[1])
        cy = y + (PLAYER_ROW - 4) // 2
        if seat in to_act:
            d.text((x0 + 4, cy), "▶", font=font(16, True), fill=pal.GOLD_DARK, anchor="lm")
        dr.paste(img, shape(shape_of(seat), 28, _rgb(colour_of(seat)), pal.INK), x0 + 20,
                 cy - 14)
        marks = ""
        if view.get("first") == seat and view.get("phase") != "auction":
            marks = " ①"  # explained in the key
        f, t = fit(names[seat] + marks, 226, 18, True)
        d.text((x0 + 56, cy - 10), t, font=f, fill=pal.INK, anchor="lm")
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
        f, t = fit(sub, 226, 15, seat in winners)
        d.text((x0 + 56, cy + 12), t, font=f, fill=pal.BAD if seat in winners else pal.INK_SOFT,
               anchor="lm")
        # treasure: face-down squares and circles, counted
        tx = x0 + 292
        for k, kind in enumerate(("booty", "bonus")):
            ky = cy - 12 + k * 24
            dr.paste(img, counter_icon(kind, 18), tx, ky - 9)
            d.text((tx + 24, ky), str(p.get(kind) or 0), font=font(17, True), fill=pal.INK,
                   anchor="lm")
        # figures in the play area (or hired so far, in the auction): four at most
        home = list(p.get("tribes") if auction is not None else p.get("home") or [])
        fx = x0 + 344
        for tribe in home:
            dr.paste(img, figure(colour_of(seat), shape_of(seat), str(tribe), FIGURE), fx,
                     cy - FIGURE // 2)
            fx += FIGURE + 3
        y += PLAYER_ROW


def _static_players(img: Image.Image, box: Box) -> None:
    dr.panel(img, box)
    x0, y0, x1, _ = box
    d = dr.pen(img)
    d.text((x0 + 16, y0 + 12), "PIRATS", font=font(17, True), fill=pal.INK_SOFT)
    lx = x1 - 16
    for kind, word in (("bonus", "bonus"), ("booty", "booty")):
        w = font(15).getlength(word)
        d.text((lx, y0 + 14), word, font=font(15), fill=pal.INK_SOFT, anchor="ra")
        dr.paste(img, counter_icon(kind, 16), int(lx - w - 22), y0 + 14)
        lx = int(lx - w - 36)
    d.text((lx, y0 + 14), "treasure face down:", font=font(15), fill=pal.INK_SOFT, anchor="ra")


def key_lines(view: Mapping[str, Any], width: int) -> list[str]:
    """The key: the marks the board uses and the tribes' letters."""
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
    return 12 + len(lines) * KEY_LH + 8


def _key(img: Image.Image, lines: list[str], box: Box) -> None:
    dr.panel(img, box)
    dr.multiline(dr.pen(img), box[0] + 16, box[1] + 11, lines, font(KEY_SIZE), pal.INK, KEY_LH)


BAR_STEP, BAR_FIG, BAR_ROW = 46, 40, 64


def _bar_per_row() -> int:
    return (RIGHT_W - 40) // BAR_STEP


def _bar_lines(view: Mapping[str, Any], names: Sequence[str]) -> list[tuple[str, RGB, bool]]:
    """The bar's lines under its figures: (text, colour, bold)."""
    a = view["auction"]
    bar = list(a.get("bar") or [])
    out: list[tuple[str, RGB, bool]] = []  # the tribes' letters are in the key
    under = int(a.get("under") or 0)
    if under:
        out.append((f"{under} card{'s' if under > 1 else ''} face down under the front figure",
                    pal.WARN, True))
    lot = a.get("lot")
    if lot is not None and a.get("high") is not None:
        out.append((f"Bidding for the {bar[lot]}: {a.get('bid')} card(s) by "
                    f"{names[int(a['high'])]}", pal.INK, True))
    deck = int(view.get("deck") or 0)
    facts = _table_facts(view)
    out.append((f"Talisman deck {deck}, face-up row laid out after the auction · {facts[0]}",
                pal.INK, False))
    out.append((" · ".join(facts[1:]), pal.INK, False))
    return out


def _bar_height(view: Mapping[str, Any]) -> int:
    rows = max(1, -(-len(view["auction"].get("bar") or []) // _bar_per_row()))
    return 36 + rows * BAR_ROW + len(_bar_lines(view, names_of(view))) * 22 + 12


def _bar(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], box: Box) -> None:
    """The bar of the Crew Member Auction: the figures front to rear with their minimum
    bids (as many lines as they need), the cards under the front figure, the bid going
    on; the Talisman facts in a line (the face-up row is laid out after the auction)."""
    a = view["auction"]
    x0, y, x1, _ = box
    dr.panel(img, box)
    d = dr.pen(img)
    bar = list(a.get("bar") or [])
    d.text((x0 + 16, y + 10), "THE BAR", font=font(17, True), fill=pal.INK_SOFT)
    d.text((x0 + 110, y + 11), "front → rear · the number is the minimum bid",
           font=font(15), fill=pal.INK_SOFT)
    lot = a.get("lot")
    per_row = _bar_per_row()
    for i, tribe in enumerate(bar):
        x = x0 + 20 + (i % per_row) * BAR_STEP
        fy = y + 36 + (i // per_row) * BAR_ROW
        if i == lot:
            dr.paste(img, dr.rounded(BAR_STEP, BAR_ROW - 4, 8, pal.GOLD_LIGHT, pal.GOLD_DARK, 2),
                     x - 2, fy - 4)
        piece = figure("black", "circle", str(tribe), BAR_FIG)
        dr.paste(img, piece, x + (BAR_STEP - piece.width) // 2 - 2, fy)
        d.text((x + BAR_STEP / 2 - 2, fy + 50), str(i), font=font(16, True), fill=pal.INK,
               anchor="mm")
    rows = max(1, -(-len(bar) // per_row))
    ty = y + 36 + rows * BAR_ROW + 2
    for text, colour, bold in _bar_lines(view, names):
        f, t = fit(text, x1 - x0 - 36, 15, bold)
        d.text((x0 + 20, ty), t, font=f, fill=colour)
        ty += 22


def _note_lines(view: Mapping[str, Any], names: Sequence[str], width: int) -> list[str]:
    """What the header has no room for: how the game was won, or the last sailings."""
    result = view.get("result")
    if result:
        return wrap(say(result.get("reason") or "", names), font(NOTE_SIZE), width)
    final = list(view.get("final") or [])
    if view.get("ending"):
        text = "The game has ended: " + (
            "last sailings still to come: " + ", ".join(final) if final else "last sailings")
        return wrap(text, font(NOTE_SIZE), width)
    return []


def _note(img: Image.Image, lines: list[str], box: Box) -> None:
    dr.panel(img, box, fill=pal.GOLD_LIGHT, outline=pal.GOLD_DARK)
    dr.multiline(dr.pen(img), box[0] + 16, box[1] + 10, lines, font(NOTE_SIZE), pal.INK,
                 NOTE_LH)


# -- the layout ---------------------------------------------------------------------------


def _rgb(colour: str) -> RGB:
    return PLAYER_RGB[colour]


def _header(view: Mapping[str, Any]) -> tuple[hl.Header, hl.HeaderLayout]:
    head = header_of(view, names_of(view))
    return head, hl.layout_header(head, BOARD_W, KEY)


def layout(view: Mapping[str, Any]) -> dict[str, Box]:
    """Where the parts go, as (x0, y0, x1, y1) boxes: "header" (the band) with its key
    lines "turn" and "score"; "ships" (the three, side by side); under them "players" on
    the left and on the right "talisman" (or "bar", in the auction), "note" (how the game
    was won, or the last sailings, when there is one) and "key"; the whole picture is
    "image"."""
    n = int(view["n"])
    _, lay = _header(view)
    boxes: dict[str, Box] = {"header": (0, 0, BOARD_W, lay.height), **lay.boxes}
    top = lay.height + 8
    boxes["ships"] = (MARGIN, top, BOARD_W - MARGIN, top + SHIP_H)
    top += SHIP_H + 8
    boxes["players"] = (MARGIN, top, MARGIN + LEFT_W, top + 40 + n * PLAYER_ROW + 6)
    y = top
    if view.get("auction") is not None:
        boxes["bar"] = (RIGHT_X, y, RIGHT_X + RIGHT_W, y + _bar_height(view))
        y = boxes["bar"][3] + 10
    else:
        boxes["talisman"] = (RIGHT_X, y, RIGHT_X + RIGHT_W, y + TALISMAN_H)
        y += TALISMAN_H + 10
    note = _note_lines(view, names_of(view), RIGHT_W - 32)
    if note:
        boxes["note"] = (RIGHT_X, y, RIGHT_X + RIGHT_W, y + 18 + len(note) * NOTE_LH)
        y = boxes["note"][3] + 10
    key = key_lines(view, RIGHT_W - 32)
    boxes["key"] = (RIGHT_X, y, RIGHT_X + RIGHT_W, y + _key_height(key))
    bottom = max(boxes["players"][3], boxes["key"][3]) + 12
    boxes["image"] = (0, 0, BOARD_W, bottom)
    return boxes


#: the height of the cached table under the ships, cut to each board's height
BASE_H = 1100


@lru_cache(maxsize=4)
def _base(ships_top: int) -> Image.Image:
    """Everything that does not change during a game: the table and the ships with their
    spaces, drawn once per height of the header band (a few), then cut to size."""
    img = dr.canvas(BOARD_W, BASE_H)
    for k, name in enumerate(SHIPS):
        _static_ship(img, name, _ship_x(k), ships_top)
    return img


def _table(ships_top: int, height: int) -> Image.Image:
    if height <= BASE_H:
        return _base(ships_top).crop((0, 0, BOARD_W, height))
    img = dr.canvas(BOARD_W, height)
    for k, name in enumerate(SHIPS):
        _static_ship(img, name, _ship_x(k), ships_top)
    return img


def draw_board(view: Mapping[str, Any]) -> bytes:
    """The public table as PNG (reads only the keys every view has)."""
    names = names_of(view)
    head, lay = _header(view)
    boxes = layout(view)
    ships_top = boxes["ships"][1]
    img = _table(ships_top, boxes["image"][3])
    _static_players(img, boxes["players"])
    hl.draw_header(img, head, lay)
    for k in range(3):
        _ship(img, view, k, ships_top, names)
    _players_panel(img, view, names, boxes["players"])
    if "bar" in boxes:
        _bar(img, view, names, boxes["bar"])
    else:
        dr.panel(img, boxes["talisman"])
        _talisman_panel(img, view, boxes["talisman"])
    if "note" in boxes:
        _note(img, _note_lines(view, names, RIGHT_W - 32), boxes["note"])
    _key(img, key_lines(view, RIGHT_W - 32), boxes["key"])
    return dr.to_png(img)
