"""The public board of All Hands on Deck!. It reads only the keys every view has, so a
captain's own view draws exactly the spectator's picture."""

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

#: Discord shows a board 550 px wide: at 740 px the smallest text (14 px) stays 10 px there,
#: so the auction card, deck and discard sit above the captains' rows, not beside them
BOARD_W = 740
HEADER_H = 68
LEFT_X = 20
ROWS_X, ROWS_R = 34, BOARD_W - 20
#: the deck and the discard pile, right of the card up for auction
STACK_X = LEFT_X + 190 + 36
ROW_H, ROW_GAP = 116, 8
NAME_W = 228
VALUE_W = 96
FOOT_SIZE, FOOT_LH = 17, 25
CREW_TITLE = 30
#: the star on each card of the winning run
STAR_D = 24


def header(img: Image.Image, title: str, right_top: str, right_bottom: str) -> None:
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


def _footer_blocks(
    view: Mapping[str, Any], names: Sequence[str], width: int
) -> list[tuple[str, Any]]:
    """The footer's content as (kind, data) blocks with text already wrapped."""
    blocks: list[tuple[str, Any]] = []
    f = font(FOOT_SIZE)
    fb = font(FOOT_SIZE, True)
    result = view.get("result")
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        head = (
            f"☠ {list_words(winners)} win{'s' if len(winners) == 1 else ''}!"
            if winners
            else "☠ Nobody wins"
        )
        lines = wrap(say(result["reason"], names), f, width) if result.get("reason") else []
        scores = result.get("scores") or []
        if scores and (view.get("longer_game") or any(scores)):
            nbsp = "\u00a0"  # keeps each name with its score on one line
            pairs = " · ".join(f"{names[i]} {sc}".replace(" ", nbsp) for i, sc in enumerate(scores))
            lines += wrap(f"Final scores: {pairs}", fb, width)
        blocks.append(("result", (wrap(head, font(26, True), width), lines)))
        crew = result.get("crew")
        if crew and crew.get("cards"):
            cards = sort_cards(list(crew["cards"]))
            title = f"{names[int(crew['seat'])]}'s winning crew (★ the cards of the run)"
            blocks.append(("crew", (title, cards, winning_cards(cards))))
    if view.get("pending"):
        text = "▶ " + say(view["pending"], names, view.get("pending_seat"))
        blocks.append(("pending", wrap(text, fb, width - 24)))
    resolved = list(view.get("resolved") or [])
    if resolved:
        lines: list[str] = []
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
            h += len(data[0]) * 36 + 4 + len(data[1]) * FOOT_LH + 10
        elif kind == "pending":
            h += len(data) * FOOT_LH + 22
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


def _draw_footer(img: Image.Image, blocks: list[tuple[str, Any]], top: int) -> None:
    if not blocks:
        return
    x0, x1 = LEFT_X, BOARD_W - 20
    dr.panel(img, (x0, top, x1, top + _footer_height(blocks)))
    d = dr.pen(img)
    f = font(FOOT_SIZE)
    fb = font(FOOT_SIZE, True)
    x = x0 + 16
    y = top + 14
    for kind, data in blocks:
        if kind == "result":
            head, lines = data
            y = dr.multiline(d, x, y, head, font(26, True), pal.BAD, 36) + 4
            y = dr.multiline(d, x, y, lines, f, pal.INK, FOOT_LH) + 10
        elif kind == "pending":
            h = len(data) * FOOT_LH + 12
            dr.paste(
                img, dr.rounded(x1 - x0 - 24, h, 8, pal.GOLD_LIGHT, pal.GOLD_DARK, 2), x - 4, y - 2
            )
            y = dr.multiline(d, x + 8, y + 4, data, fb, pal.INK, FOOT_LH) + 20 - 4
        elif kind == "resolved":
            d.text((x, y), "Resolved this round", font=font(16, True), fill=pal.INK_SOFT)
            y += 26
            y = dr.multiline(d, x, y, data, f, pal.INK, FOOT_LH) + 8
        elif kind == "crew":
            title, cards, marked = data
            d.text((x, y), title, font=font(18, True), fill=pal.INK)
            y += CREW_TITLE
            step = fan_step(len(cards), SIZES["S"][0], x1 - x0 - 32, 6)
            for i, c in enumerate(cards):  # the cards of the winning shape raised...
                put_card(img, c, "S", x + i * step, y + (0 if i in marked else 8))
            for i in sorted(marked):  # ...and starred once every card lies on the table
                sx, sy, size = star_spot(x + i * step, y, step)
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


#: the top of the first captain's row, under the card up for auction
ROWS_TOP = HEADER_H + 18 + 28 + SIZES["L"][1] + 18


def _left_column(img: Image.Image, view: Mapping[str, Any], top: int) -> int:
    d = dr.pen(img)
    lw, lh = SIZES["L"]
    cx = LEFT_X + lw // 2
    d.text((cx, top), "UP FOR AUCTION", font=font(17, True), fill=pal.GOLD_LIGHT, anchor="ma")
    y = top + 28
    card = view.get("auction_card")
    if card:
        put_card(img, card, "L", cx - lw // 2, y)
    else:
        dr.paste(img, empty_slot("L", "No card up for auction"), cx - lw // 2, y)
    sw, sh = SIZES["S"]
    y += (lh - sh - 8 - 22) // 2  # the stacks beside the card, level with its middle
    deck_x, pile_x = STACK_X, STACK_X + sw + 36
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


def _captain_row(
    img: Image.Image,
    view: Mapping[str, Any],
    seat: int,
    name: str,
    y: int,
    bid: Mapping[str, Any] | None,
) -> None:
    d = dr.pen(img)
    p = view["players"][seat]
    status = str(p.get("status", "waiting"))
    to_act = seat in (view.get("to_act") or [])
    won = seat in ((view.get("result") or {}).get("winners") or [])
    x0, x1 = ROWS_X, ROWS_R
    fill = pal.PARCHMENT_DARK if status in INACTIVE and not to_act else pal.PARCHMENT
    if won:
        dr.panel(img, (x0, y, x1, y + ROW_H), fill=pal.GOLD_LIGHT, outline=pal.GOLD_DARK,
                 outline_width=4)
    elif to_act:
        dr.panel(img, (x0, y, x1, y + ROW_H), fill=fill, outline=pal.GOLD, outline_width=4)
        dr.glyph(d, (x0 - 10, y + ROW_H / 2), "▶", 22, pal.GOLD)
    else:
        dr.panel(img, (x0, y, x1, y + ROW_H), fill=fill)
    x = x0 + 16
    # line 1: dealer coin, name, score
    nx = x
    if view.get("dealer") == seat:
        dr.paste(img, badge("D", 28, pal.GOLD, pal.INK), x, y + 10)
        nx += 34
    if view.get("longer_game"):
        scores = view.get("scores") or []
        if seat < len(scores):
            d.text(
                (x1 - 16, y + 12),
                f"{scores[seat]} pts",
                font=font(17, True),
                fill=pal.INK_SOFT,
                anchor="ra",
            )
    f, shown = fit(name, x + NAME_W - nx, 22, True, 16)
    d.text((nx, y + 24), shown, font=f, fill=pal.INK, anchor="lm")
    # line 2: status (none once the game is over: nobody is waiting any more)
    if view.get("phase") != "over":
        sym, colour = STATUS_LOOK.get(status, ("●", pal.INK_SOFT))
        d.text(
            (x, y + 53),
            f"{sym} {status_words(status, int(p.get('bid_cards') or 0))}",
            font=font(18, True),
            fill=colour,
            anchor="lm",
        )
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
        if hidden and cx - step + sw + 110 < area_r:
            label = "face down" if not cards else f"+{hidden} face down"
            d.text(
                (cx - step + sw + 12, y + ROW_H / 2),
                label,
                font=font(16),
                fill=pal.INK_SOFT,
                anchor="lm",
            )
    elif bid is not None:
        d.text(
            (area_x, y + ROW_H / 2), "no cards left", font=font(16), fill=pal.INK_SOFT, anchor="lm"
        )
    if bid is not None:
        vx = x1 - VALUE_W / 2 - 6
        vy = y + 56 if view.get("longer_game") else y + 42
        d.text((vx, vy), str(bid.get("value", 0)), font=font(34, True), fill=pal.INK, anchor="mm")
        d.text((vx, vy + 30), "value", font=font(15), fill=pal.INK_SOFT, anchor="mm")


def draw_board(view: Mapping[str, Any]) -> bytes:
    """The public table as PNG (reads only the keys every view has)."""
    n = int(view["n"])
    names = names_of(view)
    bids = {int(b["seat"]): b for b in (view.get("bids") or [])}
    blocks = _footer_blocks(view, names, BOARD_W - 40 - 32)
    rows_h = n * ROW_H + (n - 1) * ROW_GAP
    rows_top = ROWS_TOP
    foot_top = rows_top + rows_h + 18
    height = foot_top + _footer_height(blocks) + (18 if blocks else 0)
    img = dr.canvas(BOARD_W, height)
    right = [PHASE_LABEL.get(str(view.get("phase")), str(view.get("phase"))), round_words(view)]
    if view.get("longer_game") and view.get("target"):
        right[1] += f" · first to {view['target']}"
    header(img, "ALL HANDS ON DECK!", right[0], right[1])
    _left_column(img, view, HEADER_H + 18)
    for seat in range(n):
        _captain_row(
            img, view, seat, names[seat], rows_top + seat * (ROW_H + ROW_GAP), bids.get(seat)
        )
    _draw_footer(img, blocks, foot_top)
    return dr.to_png(img)
