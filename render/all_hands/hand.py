"""A captain's own hand: a row per crew, the action cards apart, close runs starred, the
cards picked for the bid raised, the pending private choice.

Landscape (issue 22: Discord fits an image into a box limited in height): the auction
card and the rows of cards on the left, the runs, what the action cards do, the bid and
the choice in a column on the right."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.all_hands.cards import (
    ACTIONS,
    HAND_LIMIT,
    RANK_OF,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    card_name,
)
from render import draw as dr
from render import palette as pal
from render.all_hands.board import HEADER_H, header
from render.all_hands.cards import badge, crew_symbol, empty_slot, fan_step, put_card
from render.all_hands.common import (
    ACTION_FACE,
    CREW_COLOUR,
    INACTIVE,
    PHASE_LABEL,
    SIZES,
    actions_explained,
    bid_value,
    face_down_count,
    my_seat,
    names_of,
    round_words,
    say,
    status_words,
    suit_of,
)
from render.all_hands.runs import near_runs, run_cards, run_lines
from render.fonts import font
from render.palette import RGB
from render.text import fit, wrap

#: the left column (the rows of cards) is as wide as its longest row needs, within bounds
HAND_W_MIN, HAND_W_MAX = 760, 1000
#: the right column: runs, action cards, the bid and the choice
SIDE_W = 540
CARDS_X = 132
ROW_HAND = SIZES["M"][1] + 28
ACT_SIZE, ACT_LH = 16, 22


def picks_in_hand(view: Mapping[str, Any]) -> list[str]:
    """The cards picked for a bid that are still in the hand. "my_bid" holds the picks until
    the bid is confirmed, then the cards lying face down on the table (another copy left in
    the hand is not part of the bid)."""
    seat = my_seat(view)
    mine = list(view.get("my_bid") or [])
    if not mine or face_down_count(view, seat):
        return []
    left = Counter(view["hand"])
    picked = []
    for c in mine:
        if left[c]:
            left[c] -= 1
            picked.append(c)
    return picked


def hand_width(view: Mapping[str, Any], rows: Sequence[tuple[str, list[int]]]) -> int:
    """The left column's width: as wide as the longest row of cards needs, within bounds
    (a narrow picture of a small hand is shown larger on a phone)."""
    longest = max(len(idx) for _, idx in rows)
    mw = SIZES["M"][0]
    need = CARDS_X + mw + (longest - 1) * (mw + 8) + 24
    return max(HAND_W_MIN, min(HAND_W_MAX, need))


def hand_rows(hand: Sequence[str]) -> list[tuple[str, list[int]]]:
    """(row key, indexes into hand) per crew, then the action cards."""
    rows: list[tuple[str, list[int]]] = [(s, []) for s in SUITS] + [("ACT", [])]
    index = {k: i for i, (k, _) in enumerate(rows)}
    for i, c in enumerate(hand):
        rows[index[suit_of(c) or "ACT"]][1].append(i)
    return rows


def hand_sort(hand: Sequence[str]) -> list[str]:
    order = {s: i for i, s in enumerate(SUITS)}
    action_order = {c: i for i, c in enumerate(ACTIONS)}

    def key(c: str) -> tuple[int, int]:
        s = suit_of(c)
        return (order[s], RANK_OF[c]) if s else (len(SUITS), action_order[c])

    return sorted(hand, key=key)


def _row_label(img: Image.Image, key: str, x: int, y: int, h: int) -> None:
    d = dr.pen(img)
    cx = x + 48
    if key == "ACT":
        dr.paste(img, dr.circle(44, ACTION_FACE, pal.GOLD, 2), cx - 22, y + h // 2 - 40)
        dr.glyph(d, (cx, y + h // 2 - 18), "☠", 26, pal.GOLD)
        d.text(
            (cx, y + h // 2 + 12), "Actions", font=font(16, True), fill=pal.PARCHMENT, anchor="ma"
        )
        return
    colour = CREW_COLOUR[key]
    dr.paste(img, dr.circle(44, colour, pal.WHITE, 2), cx - 22, y + h // 2 - 44)
    dr.paste(img, crew_symbol(key, 26, pal.WHITE), cx - 13, y + h // 2 - 35)
    d.text((cx, y + h // 2 + 6), key, font=font(18, True), fill=pal.PARCHMENT, anchor="ma")
    d.text(
        (cx, y + h // 2 + 28), SUIT_NAMES[key], font=font(14), fill=pal.PARCHMENT_DARK, anchor="ma"
    )


def draw_hand(view: Mapping[str, Any]) -> bytes:
    """A captain's own hand as PNG: the cards in a row per crew and the action cards apart,
    close runs starred, the cards picked for the bid raised, any private choice."""
    seat = my_seat(view)
    names = names_of(view)
    hand = hand_sort(list(view["hand"]))
    size = int(view.get("hand_size", len(hand)))
    hints = near_runs(hand)
    starred = run_cards(hand, hints)
    picked = Counter(picks_in_hand(view))
    raised: set[int] = set()
    for i, c in enumerate(hand):
        if picked[c]:
            picked[c] -= 1
            raised.add(i)
    rows = hand_rows(hand)
    w = hand_width(view, rows)
    sx0, sx1 = w, w + SIDE_W - 20  # the right column's panels
    info = hand_info(view, seat, names, size)
    fi = font(17)
    info_lines = [(wrap(t, font(17, bold), w - 40 - 32 - 80), bold, c) for t, bold, c in info]
    info_h = max(SIZES["S"][1] + 20, 20 + sum(len(ls) for ls, _, _ in info_lines) * 24)
    runs = _run_rows(run_lines(hints), sx1 - sx0 + 40)  # text 16 px in from the panel
    runs_h = 20 + 28 + sum(len(r) for _, r in runs) * 24 + 8
    actions = action_lines(hand, sx1 - sx0 - 32)
    actions_h = 12 + 20 + 28 + sum(len(ls) for _, ls in actions) * ACT_LH + 8 if actions else 0
    extra = _hand_extras(view, seat, names, sx0, sx1)
    extras_h = actions_h + sum(h for h, _ in extra)
    rows_h = sum(ROW_HAND if idx else 52 for _, idx in rows)
    left_h = HEADER_H + 14 + info_h + 12 + rows_h + 18
    right_h = HEADER_H + 14 + runs_h + extras_h + 18
    img = dr.canvas(w + SIDE_W, max(left_h, right_h))
    over = size > HAND_LIMIT
    header(
        img,
        f"{names[seat]}'s hand",
        f"{size} / {HAND_LIMIT} cards",
        "⚠ OVER THE LIMIT" if over else "",
    )
    d = dr.pen(img)
    # info panel: the auction card and what it means for this captain
    y = HEADER_H + 14
    dr.panel(img, (20, y, w - 20, y + info_h))
    card = view.get("auction_card")
    if card:
        put_card(img, card, "S", 36, y + 10)
    else:
        dr.paste(img, empty_slot("S", ""), 36, y + 10)
    ty = y + 12
    for lines, bold, colour in info_lines:
        ty = dr.multiline(d, 116, ty, lines, font(17, bold), colour, 24)
    y += info_h + 12
    # the rows
    mw, mh = SIZES["M"]
    for key, idx in rows:
        if not idx:
            label = "No action cards" if key == "ACT" else f"No {SUIT_NAMES[key]} cards"
            d.text((CARDS_X, y + 26), label, font=font(17), fill=pal.PARCHMENT_DARK, anchor="lm")
            d.text(
                (36, y + 26),
                key if key != "ACT" else "☠",
                font=font(17, True),
                fill=pal.PARCHMENT_DARK,
                anchor="lm",
            )
            y += 52
            continue
        _row_label(img, key, 20, y, ROW_HAND)
        step = fan_step(len(idx), mw, w - 24 - CARDS_X, 8)
        for k, i in enumerate(idx):
            cx = CARDS_X + k * step
            cy = y + 18 - (14 if i in raised else 0)
            put_card(img, hand[i], "M", cx, cy)
            if i in starred:
                dr.paste(img, badge("★", 26, pal.GOLD, pal.INK), cx + 8, cy + mh // 2 + 10)
            if i in raised:
                dr.pill(img, cx + 4, cy + mh + 2, "BID", pal.INK, pal.GOLD_LIGHT, 14, pal.INK)
        y += ROW_HAND
    # the right column: close runs
    y = HEADER_H + 14
    tx = sx0 + 16
    dr.panel(img, (sx0, y, sx1, y + runs_h))
    d.text((tx, y + 14), "★ Runs", font=font(18, True), fill=pal.INK)
    ry = y + 14 + 28
    for label, lines in runs:
        if label:
            d.text((tx, ry), label, font=font(17, True), fill=pal.INK_SOFT)
        ry = dr.multiline(
            d, tx + (RUN_LABEL_W if label is not None else 0), ry, lines, fi, pal.INK, 24
        )
    y += runs_h
    if actions:
        y += 12
        dr.panel(img, (sx0, y, sx1, y + actions_h - 12))
        d.text((tx, y + 14), "☠ What your action cards do", font=font(18, True), fill=pal.INK)
        ay = y + 14 + 30
        for name, lines in actions:
            nw = font(ACT_SIZE, True).getlength(name + ": ")
            d.text((tx, ay), name + ":", font=font(ACT_SIZE, True), fill=pal.INK)
            for k, line in enumerate(lines):
                d.text((tx + (nw if k == 0 else 0), ay), line, font=font(ACT_SIZE),
                       fill=pal.INK)
                ay += ACT_LH
        y += actions_h - 12
    for h, paint in extra:
        paint(img, y)
        y += h
    return dr.to_png(img, colors=160)


def action_lines(hand: Sequence[str], width: int) -> list[tuple[str, list[str]]]:
    """What each action card in the hand does, wrapped after its name: (name, lines)."""
    out = []
    for name, text in actions_explained(hand):
        words = wrap(text, font(ACT_SIZE), width - font(ACT_SIZE, True).getlength(name + ": "))
        rest = " ".join(words[1:])
        out.append((name, words[:1] + (wrap(rest, font(ACT_SIZE), width) if rest else [])))
    return out


RUN_LABEL_W = 196
RUN_LABELS = ("Seven of one crew: ", "Three of each crew: ")


def _run_rows(lines: Sequence[str], w: int) -> list[tuple[str | None, list[str]]]:
    """The run sentences as (label shown once, wrapped text) rows: a label column and a
    text column, so "Three of each crew" reads as a heading over one line per crew."""
    rows: list[tuple[str | None, list[str]]] = []
    last = None
    fi = font(17)
    for line in lines:
        label = next((lab for lab in RUN_LABELS if line.startswith(lab)), None)
        if label is None:
            rows.append((None, wrap(line, fi, w - 72)))
            continue
        rows.append(
            (
                "" if label == last else label.strip(),
                wrap(line[len(label) :], fi, w - 72 - RUN_LABEL_W),
            )
        )
        last = label
    return rows


def hand_info(
    view: Mapping[str, Any], seat: int, names: Sequence[str], size: int
) -> list[tuple[str, bool, RGB]]:
    """Sentences for the hand's info panel: (text, bold, colour)."""
    out: list[tuple[str, bool, RGB]] = []
    card = view.get("auction_card")
    phase = str(view.get("phase"))
    if card:
        line = f"Up for auction: {card_name(card)}"
        if SUIT_OF.get(card):
            line += f" ({SUIT_NAMES[SUIT_OF[card]]} cards bid count double)"
        out.append((line, True, pal.INK))
    else:
        out.append(("No card up for auction.", True, pal.INK))
    act = seat in (view.get("to_act") or [])
    status = str(view["players"][seat].get("status"))
    where = f"{PHASE_LABEL.get(phase, phase)} · {round_words(view)}"
    out.append(
        ((f"▶ Your move. {where}" if act else where), act, pal.GOLD_DARK if act else pal.INK_SOFT)
    )
    if status in INACTIVE or status == "tied":
        out.append((f"You: {status_words(status, 0).lower()}.", False, pal.INK))
    if view.get("pending") and view.get("pending_seat") == seat:
        out.append(("▶ " + say(view["pending"], names, seat), True, pal.INK))
    if size > HAND_LIMIT:
        lose = size - HAND_LIMIT
        if view["players"][seat].get("immune"):
            out.append(
                (
                    f"⚠ {size} cards, over the {HAND_LIMIT}-card limit; you are immune to Pirate Cheat calls this round.",
                    True,
                    pal.WARN,
                )
            )
        else:
            out.append(
                (
                    f"⚠ {size} cards, over the {HAND_LIMIT}-card limit: a Pirate Cheat call would cost you {lose} card{'s' if lose > 1 else ''}.",
                    True,
                    pal.BAD,
                )
            )
    elif view["players"][seat].get("immune"):
        out.append(("You are immune to Pirate Cheat calls this round.", False, pal.CALM))
    return out


def _hand_extras(
    view: Mapping[str, Any], seat: int, names: Sequence[str], x0: int, x1: int
) -> list[tuple[int, Any]]:
    """Panels under the runs, between ``x0`` and ``x1``: the bid being made or lying face
    down, a private choice. Each is (height, paint(img, top))."""
    room = x1 - x0 - 32
    out: list[tuple[int, Any]] = []
    mine = list(view.get("my_bid") or [])
    sw, sh = SIZES["S"]
    if mine:
        on_table = face_down_count(view, seat) > 0
        title = (
            "Your bid, face down on the table"
            if on_table
            else "Picked for your bid (not confirmed yet)"
        )
        value = bid_value(mine, view.get("auction_card"))
        title += f": value {value}"
        h = 12 + 30 + sh + 14

        def paint_bid(
            img: Image.Image, top: int, cards: list[str] = mine, title: str = title, h: int = h
        ) -> None:
            dr.panel(img, (x0, top + 12, x1, top + h))
            d = dr.pen(img)
            f, shown = fit(title, room, 18, True)
            d.text((x0 + 16, top + 24), shown, font=f, fill=pal.INK)
            suit = SUIT_OF.get(view.get("auction_card") or "")
            step = fan_step(len(cards), sw, room, 8)
            for i, c in enumerate(cards):
                put_card(
                    img,
                    c,
                    "S",
                    x0 + 16 + i * step,
                    top + 52,
                    doubled=suit is not None and SUIT_OF.get(c) == suit,
                )

        out.append((h, paint_bid))
    choice = view.get("choice")
    if choice:
        lines = wrap(say(choice.get("prompt") or "Your choice", names), font(18, True), room)
        cards = list(choice.get("cards") or [])
        h = 12 + 16 + len(lines) * 26 + (SIZES["S"][1] + 12 if cards else 0) + 8

        def paint_choice(
            img: Image.Image,
            top: int,
            lines: list[str] = lines,
            cards: list[str] = cards,
            h: int = h,
        ) -> None:
            dr.panel(
                img,
                (x0, top + 12, x1, top + h),
                fill=pal.GOLD_LIGHT,
                outline=pal.GOLD_DARK,
                outline_width=3,
            )
            d = dr.pen(img)
            y = dr.multiline(d, x0 + 16, top + 26, lines, font(18, True), pal.INK, 26)
            step = fan_step(len(cards), SIZES["S"][0], room, 8)
            for i, c in enumerate(cards):
                put_card(img, c, "S", x0 + 16 + i * step, int(y) + 4)

        out.append((h, paint_choice))
    return out
