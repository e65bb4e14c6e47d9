"""The public board of All Hands on Deck!. It reads only the keys every view has, so a
captain's own view draws exactly the spectator's picture.

Landscape, for Discord's inline box (render/headline.py): the header band says who acts
and what is asked, and the score line (the scores in the longer game and at the end; in a
single hand, where each captain's bid stands), in letters that stay readable when the
board is shown 400 px wide. Under it, on the left, the card up for auction over the deck
and the discard pile; on the right the captains (one column for up to three, two columns
for more) and under them what was resolved, the last auction and, at the end, the winning
crew.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.all_hands.cards import (
    SUIT_OF,
    card_name,
    sort_cards,
)
from render import draw as dr
from render import headline as hl
from render import palette as pal
from render.all_hands.cards import badge, card_back, empty_slot, fan_step, put_card
from render.all_hands.common import (
    INACTIVE,
    PHASE_LABEL,
    RADIUS,
    SIZES,
    STATUS_LOOK,
    face_down_count,
    list_words,
    names_of,
    round_words,
    say,
    status_words,
)
from render.all_hands.runs import winning_cards
from render.fonts import font
from render.palette import RGB
from render.text import fit, wrap

Box = tuple[int, int, int, int]

#: the board's width (two columns of captains for four or more, one for up to three, on a
#: narrower board) and the tallest it gets (4:3); the key lines' size is chosen for them
BOARD_W, NARROW_W = 1280, 1040
#: the hand's header band (the hand keeps its own layout)
HEADER_H = 68
MARGIN = 12
#: the card up for auction and the piles, on the left
LEFT_W = SIZES["L"][0] + 24
#: the captains and the footer, on the right
RIGHT_X = MARGIN + LEFT_W + 12
ROW_H, ROW_GAP = 116, 8
COL_GAP = 12
NAME_W = 210
VALUE_W = 84
FOOT_SIZE, FOOT_LH = 17, 25
CREW_TITLE = 30
#: the star on each card of the winning run
STAR_D = 24


def header(img: Image.Image, title: str, right_top: str, right_bottom: str) -> None:
    """The hand's dark band on top: the title on the left, two lines on the right."""
    d = dr.pen(img)
    d.rectangle((0, 0, img.width, HEADER_H), fill=pal.WOOD_DARK)
    d.line((0, HEADER_H, img.width, HEADER_H), fill=pal.GOLD_DARK, width=3)
    f, t = fit(title, img.width * 0.55, 28, True)
    d.text((22, HEADER_H / 2), t, font=f, fill=pal.GOLD, anchor="lm")
    d.text((img.width - 22, 18), right_top, font=font(20, True), fill=pal.PARCHMENT, anchor="ra")
    if right_bottom:
        d.text(
            (img.width - 22, 44), right_bottom, font=font(16), fill=pal.PARCHMENT_DARK, anchor="ra"
        )


# -- the header band ------------------------------------------------------------------------


def _bid_word(view: Mapping[str, Any], seat: int, bids: Mapping[int, Mapping[str, Any]]) -> str:
    """Where a captain's bid stands, in a word or two: its value once revealed, the number
    of cards face down before, or his status."""
    p = view["players"][seat]
    status = str(p.get("status", "waiting"))
    hidden = face_down_count(view, seat)
    if seat in bids:
        value = str(bids[seat].get("value", 0))
        return value + (f" +{hidden} face down" if hidden else "")
    if status == "bid" and int(p.get("bid_cards") or 0):
        k = int(p["bid_cards"])
        return f"{k} card{'s' if k != 1 else ''} bid"
    return {"waiting": "waiting", "passed": "passed", "brawled": "brawled",
            "forfeit": "forfeited", "tied": "tied"}.get(status, status)


def header_of(view: Mapping[str, Any], names: Sequence[str]) -> hl.Header:
    """The band's lines: who acts and what is asked (the winners at the end), and the
    score line: the scores (longer game, end), or where each captain's bid stands."""
    phase = str(view.get("phase"))
    info = f"{PHASE_LABEL.get(phase, phase)} · {round_words(view)}"
    if view.get("longer_game") and view.get("target"):
        info += f" · first to {view['target']}"
    n = int(view["n"])
    result = view.get("result")
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        turn = (f"☠ {list_words(winners)} win{'s' if len(winners) == 1 else ''}!"
                if winners else "☠ Nobody wins")
        scores = list(result.get("scores") or [])
        units = tuple(hl.player_unit(None, names[t], str(sc)) for t, sc in enumerate(scores))
        return hl.Header("ALL HANDS ON DECK!", info, turn, units, "Final scores:")
    turn = PHASE_LABEL.get(phase, phase)
    if view.get("pending"):
        turn = "▶ " + say(view["pending"], names, view.get("pending_seat"))
    if view.get("longer_game"):
        scores = list(view.get("scores") or [0] * n)
        units = tuple(hl.player_unit(None, names[t], str(scores[t])) for t in range(n))
        return hl.Header("ALL HANDS ON DECK!", info, turn, units, "Scores:")
    bids = {int(b["seat"]): b for b in (view.get("bids") or [])}
    units = tuple(hl.player_unit(None, names[t], _bid_word(view, t, bids)) for t in range(n))
    return hl.Header("ALL HANDS ON DECK!", info, turn, units, "Bids:")


# -- the footer ------------------------------------------------------------------------------


def _footer_blocks(
    view: Mapping[str, Any], names: Sequence[str], width: int
) -> list[tuple[str, Any]]:
    """The footer's content as (kind, data) blocks with text already wrapped: how the game
    was won and the winning crew, what was resolved, the last auction. (The pending
    sentence and the final scores are in the header band.)"""
    blocks: list[tuple[str, Any]] = []
    f = font(FOOT_SIZE)
    result = view.get("result")
    if result:
        reason = say(result["reason"], names) if result.get("reason") else ""
        lines = wrap(reason, font(FOOT_SIZE, True), width) if reason else []
        if lines:
            blocks.append(("result", lines))
        crew = result.get("crew")
        if crew and crew.get("cards"):
            cards = sort_cards(list(crew["cards"]))
            title = f"{names[int(crew['seat'])]}'s winning crew (★ the cards of the run)"
            blocks.append(("crew", (title, cards, winning_cards(cards))))
    resolved = list(view.get("resolved") or [])
    if resolved:
        lines = []
        for sentence in (say(r, names) for r in resolved):
            for i, line in enumerate(wrap(str(sentence), f, width - 22)):
                lines.append(("• " if i == 0 else "  ") + line)
        blocks.append(("resolved", lines))
    last = view.get("last_auction")
    if last:
        text = "Last auction: " + say(last.get("text") or card_name(last["card"]), names)
        blocks.append(("last", (last.get("card"), wrap(text, f, width - SIZES["S"][0] - 20))))
    return blocks


def _footer_height(blocks: list[tuple[str, Any]]) -> int:
    h = 0
    for kind, data in blocks:
        if kind == "result":
            h += len(data) * FOOT_LH + 10
        elif kind == "resolved":
            h += 26 + len(data) * FOOT_LH + 8
        elif kind == "last":
            h += max(SIZES["S"][1], len(data[1]) * FOOT_LH) + 12
        elif kind == "crew":
            h += CREW_TITLE + SIZES["S"][1] + 18
    return h + 16 if blocks else 0


def star_spot(card_x: int, card_y: int, step: int) -> tuple[int, int, int]:
    """Where the star of a raised card of the winning crew goes: (x, y, diameter). It sits
    at the bottom right of the part of the card the next card in the fan leaves visible
    (the whole card when they do not overlap), overhanging it by a few pixels as a seal
    does; it is pasted after every card, so no card covers it."""
    sw, sh = SIZES["S"]
    size = max(16, min(STAR_D, step - 2))
    return card_x + min(step, sw) - size + 4, card_y + sh - size + 4, size


def crew_fan(box: Box, count: int) -> tuple[int, int]:
    """The left edge of the winning crew's first card and the step between cards, in the
    footer ``box``."""
    return box[0] + 16, fan_step(count, SIZES["S"][0], box[2] - box[0] - 32, 6)


def _draw_footer(img: Image.Image, blocks: list[tuple[str, Any]], box: Box) -> None:
    if not blocks:
        return
    x0, top, x1, _ = box
    dr.panel(img, box)
    d = dr.pen(img)
    f = font(FOOT_SIZE)
    x = x0 + 16
    y = top + 14
    for kind, data in blocks:
        if kind == "result":
            y = dr.multiline(d, x, y, data, font(FOOT_SIZE, True), pal.BAD, FOOT_LH) + 10
        elif kind == "resolved":
            d.text((x, y), "Resolved this round", font=font(16, True), fill=pal.INK_SOFT)
            y += 26
            y = dr.multiline(d, x, y, data, f, pal.INK, FOOT_LH) + 8
        elif kind == "crew":
            title, cards, marked = data
            d.text((x, y), title, font=font(18, True), fill=pal.INK)
            y += CREW_TITLE
            cx, step = crew_fan(box, len(cards))
            for i, c in enumerate(cards):  # the cards of the winning shape raised...
                put_card(img, c, "S", cx + i * step, y + (0 if i in marked else 8))
            for i in sorted(marked):  # ...and starred once every card lies on the table
                sx, sy, size = star_spot(cx + i * step, y, step)
                dr.paste(img, badge("★", size, pal.GOLD, pal.INK), sx, sy)
            y += SIZES["S"][1] + 18
        elif kind == "last":
            card, lines = data
            h = max(SIZES["S"][1], len(lines) * FOOT_LH)
            if card:
                put_card(img, card, "S", x, y)
            ty = y + (h - len(lines) * FOOT_LH) / 2
            dr.multiline(d, x + SIZES["S"][0] + 14, ty, lines, f, pal.INK, FOOT_LH)
            y += h + 12


# -- the card up for auction and the piles ---------------------------------------------------


def _left_column(img: Image.Image, view: Mapping[str, Any], top: int) -> int:
    d = dr.pen(img)
    lw, lh = SIZES["L"]
    cx = MARGIN + LEFT_W // 2
    d.text((cx, top), "UP FOR AUCTION", font=font(17, True), fill=pal.GOLD_LIGHT, anchor="ma")
    y = top + 28
    card = view.get("auction_card")
    if card:
        put_card(img, card, "L", cx - lw // 2, y)
    else:
        dr.paste(img, empty_slot("L", "No card up for auction"), cx - lw // 2, y)
    sw, sh = SIZES["S"]
    y += lh + 18
    deck_x, pile_x = cx - sw - 12, cx + 12
    if int(view.get("deck") or 0) > 0:
        dr.paste_with_shadow(img, card_back("S"), deck_x, y, RADIUS["S"])
    else:
        dr.paste(img, empty_slot("S", ""), deck_x, y)
    pile = list(view.get("discard") or [])
    if pile:
        put_card(img, pile[-1], "S", pile_x, y)
    else:
        dr.paste(img, empty_slot("S", ""), pile_x, y)
    y += sh + 8
    f = font(16, True)
    d.text(
        (deck_x + sw / 2, y), f"Deck {view.get('deck', 0)}", font=f, fill=pal.PARCHMENT, anchor="ma"
    )
    d.text((pile_x + sw / 2, y), f"Discard {len(pile)}", font=f, fill=pal.PARCHMENT, anchor="ma")
    return y + 22


def _left_height() -> int:
    return 28 + SIZES["L"][1] + 18 + SIZES["S"][1] + 8 + 22


# -- the captains ----------------------------------------------------------------------------


def _captain_row(
    img: Image.Image,
    view: Mapping[str, Any],
    seat: int,
    name: str,
    box: Box,
    bid: Mapping[str, Any] | None,
) -> None:
    d = dr.pen(img)
    p = view["players"][seat]
    status = str(p.get("status", "waiting"))
    to_act = seat in (view.get("to_act") or [])
    won = seat in ((view.get("result") or {}).get("winners") or [])
    x0, y, x1, _ = box
    fill = pal.PARCHMENT_DARK if status in INACTIVE and not to_act else pal.PARCHMENT
    if won:
        dr.panel(img, box, fill=pal.GOLD_LIGHT, outline=pal.GOLD_DARK, outline_width=4)
    elif to_act:
        dr.panel(img, box, fill=fill, outline=pal.GOLD, outline_width=4)
        dr.glyph(d, (x0 - 8, y + ROW_H / 2), "▶", 20, pal.GOLD)
    else:
        dr.panel(img, box, fill=fill)
    x = x0 + 16
    # line 1: dealer coin, name, score
    nx = x
    if view.get("dealer") == seat:
        dr.paste(img, badge("D", 28, pal.GOLD, pal.INK), x, y + 10)
        nx += 34
    if view.get("longer_game"):
        scores = view.get("scores") or []
        if seat < len(scores):
            d.text((x1 - 16, y + 12), f"{scores[seat]} pts", font=font(17, True),
                   fill=pal.INK_SOFT, anchor="ra")
    f, shown = fit(name, x + NAME_W - nx, 22, True, 16)
    d.text((nx, y + 24), shown, font=f, fill=pal.INK, anchor="lm")
    # line 2: status (none once the game is over: nobody is waiting any more)
    if view.get("phase") != "over":
        sym, colour = STATUS_LOOK.get(status, ("●", pal.INK_SOFT))
        d.text((x, y + 53), f"{sym} {status_words(status, int(p.get('bid_cards') or 0))}",
               font=font(18, True), fill=colour, anchor="lm")
    # line 3: marks
    px = x
    marks: list[tuple[str, RGB, RGB]] = []
    if to_act:
        marks.append(("▶ TO ACT", pal.INK, pal.GOLD))
    result = view.get("result") or {}
    if seat in (result.get("winners") or []):
        marks.append(("★ WINNER", pal.INK, pal.GOLD))
    if p.get("immune"):
        marks.append(("IMMUNE", pal.WHITE, pal.CALM))
    if p.get("skip_deal"):
        marks.append(("NO DEAL NEXT ROUND", pal.WHITE, pal.BAD))
    for label, fg, bg in marks:
        px += dr.pill(img, px, y + 70, label, fg, bg) + 6
    # bid area
    area_x = max(x0 + 16 + NAME_W + 14, px + 8)
    area_r = x1 - VALUE_W - 8
    sw, sh = SIZES["S"]
    cy = y + (ROW_H - sh) // 2
    cards = list(bid.get("cards") or []) if bid is not None else []
    hidden = face_down_count(view, seat)
    auction_suit = SUIT_OF.get(view.get("auction_card") or "")
    if cards or hidden:
        step = fan_step(len(cards) + hidden, sw, area_r - area_x, 6)
        if not cards:  # a face-down stack reads as a stack: keep it tight
            step = min(step, 24)
        cx = area_x
        for c in cards:
            doubled = auction_suit is not None and SUIT_OF.get(c) == auction_suit
            put_card(img, c, "S", cx, cy, doubled=doubled)
            cx += step
        for _ in range(hidden):
            dr.paste_with_shadow(img, card_back("S"), cx, cy, RADIUS["S"])
            cx += step
        if hidden and cx - step + sw + 110 < x1 - 8:
            label = "face down" if not cards else f"+{hidden} face down"
            d.text((cx - step + sw + 12, y + ROW_H / 2), label, font=font(16),
                   fill=pal.INK_SOFT, anchor="lm")
    elif bid is not None:
        d.text((area_x, y + ROW_H / 2), "no cards left", font=font(16), fill=pal.INK_SOFT,
               anchor="lm")
    if bid is not None:
        vx = x1 - VALUE_W / 2 - 6
        vy = y + 56 if view.get("longer_game") else y + 42
        d.text((vx, vy), str(bid.get("value", 0)), font=font(34, True), fill=pal.INK, anchor="mm")
        d.text((vx, vy + 30), "value", font=font(15), fill=pal.INK_SOFT, anchor="mm")


def captain_columns(n: int) -> int:
    """Captains side by side: one column up to three, two columns for more."""
    return 1 if n <= 3 else 2


def board_width(n: int) -> int:
    return BOARD_W if captain_columns(n) == 2 else NARROW_W


def key_size(n: int) -> int:
    """The key lines' size on the board of ``n`` captains (render/headline.py)."""
    w = board_width(n)
    return hl.key_size(w, w * 3 // 4)


# -- the layout ------------------------------------------------------------------------------


def _header(view: Mapping[str, Any]) -> tuple[hl.Header, hl.HeaderLayout]:
    head = header_of(view, names_of(view))
    n = int(view["n"])
    return head, hl.layout_header(head, board_width(n), key_size(n))


def layout(view: Mapping[str, Any]) -> dict[str, Box]:
    """Where the parts go, as (x0, y0, x1, y1) boxes: "header" (the band) with its key
    lines "turn" and "score"; "auction" (the card up for auction and the piles, on the
    left); "captain 0", "captain 1"... (on the right); "footer" under the captains (when
    it has something to say); the whole picture is "image"."""
    n = int(view["n"])
    _, lay = _header(view)
    width = board_width(n)
    right_w = width - MARGIN - RIGHT_X
    boxes: dict[str, Box] = {"header": (0, 0, width, lay.height), **lay.boxes}
    top = lay.height + 16
    boxes["auction"] = (MARGIN, top, MARGIN + LEFT_W, top + _left_height())
    cols = captain_columns(n)
    w = (right_w - (cols - 1) * COL_GAP) // cols
    for seat in range(n):
        r, c = divmod(seat, cols)
        x = RIGHT_X + c * (w + COL_GAP)
        y = top + r * (ROW_H + ROW_GAP)
        boxes[f"captain {seat}"] = (x, y, x + w, y + ROW_H)
    rows = -(-n // cols)
    bottom = top + rows * ROW_H + (rows - 1) * ROW_GAP
    blocks = _footer_blocks(view, names_of(view), right_w - 32)
    if blocks:
        ft = bottom + 14
        boxes["footer"] = (RIGHT_X, ft, width - MARGIN, ft + _footer_height(blocks))
        bottom = boxes["footer"][3]
    boxes["image"] = (0, 0, width, max(bottom, boxes["auction"][3]) + 16)
    return boxes


def draw_board(view: Mapping[str, Any]) -> bytes:
    """The public table as PNG (reads only the keys every view has)."""
    n = int(view["n"])
    names = names_of(view)
    bids = {int(b["seat"]): b for b in (view.get("bids") or [])}
    head, lay = _header(view)
    boxes = layout(view)
    img = dr.canvas(boxes["image"][2], boxes["image"][3])
    hl.draw_header(img, head, lay)
    _left_column(img, view, boxes["auction"][1])
    for seat in range(n):
        _captain_row(img, view, seat, names[seat], boxes[f"captain {seat}"], bids.get(seat))
    if "footer" in boxes:
        box = boxes["footer"]
        _draw_footer(img, _footer_blocks(view, names, box[2] - box[0] - 32), box)
    return dr.to_png(img)
