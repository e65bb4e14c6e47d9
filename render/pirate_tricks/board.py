"""The public board of Pirate Tricks. It reads only the keys every view has, so a player's
own view draws exactly the spectator's picture: nobody's loon (it is behind the screens),
no hand, no sealed bid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import draw as dr
from render import palette as pal
from render.fonts import font
from render.pirate_tricks.cards import SCORE_H, coin, marker, put_card, score_card
from render.pirate_tricks.common import (
    PHASE_LABEL,
    SIZES,
    card_words,
    list_words,
    names_of,
    recruit_total,
    round_words,
    say,
    score_name,
    status,
)
from render.text import fit, wrap

#: Discord shows a board 550 px wide: at 740 px the smallest text (14 px) stays 10 px there,
#: so the parts stack in one column (score cards, rows or trick, captains, footer)
BOARD_W = 740
HEADER_H = 68
MARGIN = 20
LEFT_W = BOARD_W - 2 * MARGIN
RIGHT_X = MARGIN
RIGHT_W = LEFT_W
ROW_H, GAP = 96, 8
PLAYER_H = 70
#: where a captain's status starts, right of his name
STATUS_X = RIGHT_X + 300
#: the score cards, two a line
SCORE_COLS, SCORE_GAP = 2, 14
SCORE_CARD_W = (LEFT_W - (SCORE_COLS - 1) * SCORE_GAP) // SCORE_COLS
FOOT_SIZE, FOOT_LH = 16, 22
KEY_SIZE = 15


def header(img: Image.Image, title: str, right_top: str, right_bottom: str,
           subtitle: str = "") -> None:
    """The dark band on top: the title on the left (with a ``subtitle`` under it, the
    hand's "only you see this", the title then taking the room the right side leaves), and
    two lines on the right."""
    d = dr.pen(img)
    d.rectangle((0, 0, img.width, HEADER_H), fill=pal.WOOD_DARK)
    d.line((0, HEADER_H, img.width, HEADER_H), fill=pal.GOLD_DARK, width=3)
    f_top, f_bottom = font(20, True), font(16)
    if subtitle:
        room = img.width - 2 * 22 - 24 - max(f_top.getlength(right_top),
                                             f_bottom.getlength(right_bottom))
        f, t = fit(title, room, 26, True)
        d.text((22, 36), t, font=f, fill=pal.GOLD, anchor="ls")
        d.text((22, 44), subtitle, font=font(15), fill=pal.PARCHMENT_DARK)
    else:
        f, t = fit(title, img.width * 0.5, 28, True)
        d.text((22, HEADER_H / 2), t, font=f, fill=pal.GOLD, anchor="lm")
    d.text((img.width - 22, 14), right_top, font=f_top, fill=pal.PARCHMENT, anchor="ra")
    if right_bottom:
        d.text((img.width - 22, 42), right_bottom, font=f_bottom, fill=pal.PARCHMENT_DARK,
               anchor="ra")


def _score_codes(view: Mapping[str, Any]) -> list[str]:
    cards = view.get("score_cards") or {}
    codes = [*list(cards.get("recruitment") or []), cards.get("treasure"), cards.get("capture")]
    return [c for c in codes if c]


def _score_height(view: Mapping[str, Any]) -> int:
    lines = -(-len(_score_codes(view)) // SCORE_COLS)
    return lines * SCORE_H + max(0, lines - 1) * SCORE_GAP


def _score_strip(img: Image.Image, view: Mapping[str, Any], top: int) -> int:
    for i, code in enumerate(_score_codes(view)):
        x = MARGIN + (i % SCORE_COLS) * (SCORE_CARD_W + SCORE_GAP)
        y = top + (i // SCORE_COLS) * (SCORE_H + SCORE_GAP)
        dr.paste_with_shadow(img, score_card(code, SCORE_CARD_W), x, y, 10)
    return top + _score_height(view)


# -- the rows --------------------------------------------------------------------------------------


def _rows_height(n: int) -> int:
    return 30 + n * ROW_H + (n - 1) * GAP


def _rows(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> None:
    d = dr.pen(img)
    bidding = view.get("bidding") or view.get("tie") or {}
    current = bidding.get("row") if view.get("phase") in ("bid", "reveal", "choose") else None
    title = "THE ROWS"
    if int((view.get("bidding") or view.get("tie") or {}).get("pass") or 1) == 2:
        title += " · second pass"
    d.text((MARGIN + 4, top), title, font=font(17, True), fill=pal.GOLD_LIGHT)
    y = top + 30
    sw, sh = SIZES["S"]
    for r, row in enumerate(view.get("rows") or []):
        owner = row.get("owner")
        box = (MARGIN, y, MARGIN + LEFT_W, y + ROW_H)
        if r == current:
            dr.panel(img, box, outline=pal.GOLD, outline_width=4)
            dr.glyph(d, (MARGIN - 8, y + ROW_H / 2), "▶", 20, pal.GOLD)
        else:
            dr.panel(img, box, fill=pal.PARCHMENT_DARK if owner is not None else pal.PARCHMENT)
        d.text((MARGIN + 14, y + 14), f"Row {r + 1}", font=font(19, True), fill=pal.INK)
        if r == 0 and view.get("marker") is None:
            dr.paste(img, marker(26), MARGIN + 14, y + 42)
            d.text((MARGIN + 14, y + 80), "Go First", font=font(15, True), fill=pal.INK_SOFT,
                   anchor="lm")
        x = MARGIN + 112
        cy = y + (ROW_H - sh) // 2
        for c in row.get("up") or []:
            put_card(img, c, "S", x, cy, dim=owner is not None)
            x += sw + 6
        down = int(row.get("down") or 0)
        x += 6
        for _ in range(down):
            put_card(img, None, "S", x, cy)
            x += 34
        if down:
            x += sw - 34 + 10
        right = MARGIN + LEFT_W - 14
        if owner is not None:
            f, who = fit(names[owner], right - x - 10, 17, True, 14)
            d.text((right, y + ROW_H / 2 - 11), who, font=f, fill=pal.INK, anchor="ra")
            d.text((right, y + ROW_H / 2 + 12), "took this row", font=font(15),
                   fill=pal.INK_SOFT, anchor="ra")
        else:
            loon = int(row.get("loon") or 0)
            if loon:
                dr.paste(img, coin(loon, 34), right - 34, y + 18)
                d.text((right - 17, y + 66), "loon", font=font(15, True), fill=pal.INK_SOFT,
                       anchor="mm")
        y += ROW_H + GAP


# -- the trick ------------------------------------------------------------------------------------


def _trick_height(view: Mapping[str, Any]) -> int:
    if view.get("phase") == "over":
        h = 30 + int(view["n"]) * 40 + 10
    else:
        h = 30 + SIZES["L"][1] + 30
    if view.get("last_trick"):
        h += 16 + 30 + SIZES["S"][1] + 26
    return h


SLOT = 122


def _slots_x(n: int, card_w: int) -> list[int]:
    first = MARGIN + (LEFT_W - n * SLOT) // 2
    return [first + i * SLOT + (SLOT - card_w) // 2 for i in range(n)]


def _standings(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    d = dr.pen(img)
    result = view.get("result") or {}
    scores = list(result.get("scores") or [])
    winners = set(result.get("winners") or [])
    d.text((MARGIN + 4, top), "FINAL LOON", font=font(17, True), fill=pal.GOLD_LIGHT)
    y = top + 30
    order = sorted(range(len(scores)), key=lambda t: (-scores[t], t))
    for place, t in enumerate(order, 1):
        colour = pal.GOLD if t in winners else pal.PARCHMENT
        mark = "★ " if t in winners else f"{place}. "
        f, who = fit(mark + names[t], LEFT_W - 160, 22, True, 15)
        d.text((MARGIN + 8, y + 16), who, font=f, fill=colour, anchor="lm")
        d.text((MARGIN + LEFT_W - 12, y + 16), f"{scores[t]} loon", font=font(22, True),
               fill=colour, anchor="rm")
        y += 40
    return y + 10


def _trick(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> None:
    d = dr.pen(img)
    trick = view.get("trick")
    n = int(view["n"])
    lw, lh = SIZES["L"]
    to_act = set(view.get("to_act") or [])
    y_end = top + 30 + lh + 30
    if view.get("phase") == "over":
        y_end = _standings(img, view, names, top)
    elif trick:
        led = trick.get("led")
        head = f"TRICK {trick.get('no')} OF 10"
        if led:
            head += f" · {('red', 'green', 'blue')['RGB'.index(led)]} led"
        d.text((MARGIN + 4, top), head, font=font(17, True), fill=pal.GOLD_LIGHT)
        leader = int(trick["leader"])
        order = [(leader + i) % n for i in range(n)]
        played = {int(t): c for t, c in trick.get("plays") or []}
        for x, t in zip(_slots_x(n, lw), order, strict=True):
            y = top + 30
            if t in played:
                put_card(img, played[t], "L", x, y)
            else:
                dr.paste(img, dr.rounded(lw, lh, 10, pal.WOOD_DARK, pal.GOLD_DARK, 2), x, y)
                if t in to_act:
                    dr.glyph(d, (x + lw / 2, y + lh / 2), "?", 40, pal.GOLD)
            f, who = fit(names[t], SLOT - 6, 16, True, 14)
            colour = pal.GOLD if t in to_act else pal.PARCHMENT
            d.text((x + lw / 2, y + lh + 14), who, font=f, fill=colour, anchor="mm")
    else:
        d.text((MARGIN + 4, top), "THE TRICKS", font=font(17, True), fill=pal.GOLD_LIGHT)
        msg = "The tricks start once the predictions are made." \
            if view.get("phase") == "predict" else "No trick on the table."
        d.text((MARGIN + 4, top + 40), msg, font=font(17), fill=pal.PARCHMENT)
    last = view.get("last_trick")
    if last:
        y = y_end + 16
        winner = int(last["winner"])
        f, head = fit(f"LAST TRICK ({last.get('no')}): {names[winner].upper()} TOOK IT",
                      LEFT_W - 8, 15, True, 14)
        d.text((MARGIN + 4, y), head, font=f, fill=pal.PARCHMENT_DARK)
        sw, sh = SIZES["S"]
        plays = list(last.get("plays") or [])
        for x, (t, c) in zip(_slots_x(n, sw), plays, strict=False):
            put_card(img, c, "S", x, y + 30, dim=int(t) != winner)
            f, who = fit(names[int(t)], SLOT - 6, 14, int(t) == winner, 14)
            colour = pal.GOLD if int(t) == winner else pal.PARCHMENT_DARK
            d.text((x + sw / 2, y + 30 + sh + 12), who, font=f, fill=colour, anchor="mm")


# -- the players -----------------------------------------------------------------------------------


def _players(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    d = dr.pen(img)
    d.text((RIGHT_X + 4, top), "THE CAPTAINS", font=font(17, True), fill=pal.GOLD_LIGHT)
    y = top + 30
    to_act = set(view.get("to_act") or [])
    result = view.get("result") or {}
    winners = set(result.get("winners") or [])
    scores = result.get("scores") or []
    for t in range(int(view["n"])):
        box = (RIGHT_X, y, RIGHT_X + RIGHT_W, y + PLAYER_H)
        if t in to_act:
            dr.panel(img, box, outline=pal.GOLD, outline_width=4)
            dr.glyph(d, (RIGHT_X - 8, y + PLAYER_H / 2), "▶", 20, pal.GOLD)
        else:
            dr.panel(img, box)
        x = RIGHT_X + 12
        if view.get("marker") == t:
            dr.paste(img, marker(26), x, y + 9)
            x += 32
        right = RIGHT_X + RIGHT_W - 12
        if scores:
            loon_text = f"{scores[t]} loon"
            d.text((right, y + 22), loon_text, font=font(19, True), fill=pal.INK, anchor="rm")
        else:
            d.text((right, y + 22), "loon hidden", font=font(15), fill=pal.INK_SOFT, anchor="rm")
        f, who = fit(names[t], STATUS_X - x - 12, 20, True, 14)
        d.text((x, y + 22), who, font=f, fill=pal.INK, anchor="lm")
        words = status(view, t)
        if t in winners:
            words = "★ winner"
        if words:
            colour = pal.GOOD if t in winners else (pal.WARN if t in to_act else pal.INK_SOFT)
            f, words = fit(words, right - STATUS_X - 110, 15, True, 14)
            d.text((STATUS_X, y + 22), words, font=f, fill=colour, anchor="lm")
        px = RIGHT_X + 12
        sizes = view.get("hand_sizes") or []
        if t < len(sizes) and sizes[t]:  # beside the pills, which keep to the panel's left
            d.text((right, y + 51), f"{sizes[t]} card{'' if sizes[t] == 1 else 's'} in hand",
                   font=font(15), fill=pal.INK_SOFT, anchor="rm")
        for text in captain_pills(view, t):
            px += dr.pill(img, px, y + 39, text, pal.PARCHMENT, pal.CALM if text.startswith(
                "Tricks") else pal.INK_SOFT) + 6
        y += PLAYER_H + GAP
    return y


def captain_pills(view: Mapping[str, Any], t: int) -> list[str]:
    """The pills under a captain's name: tricks won, prediction, recruitment loon."""
    pills: list[str] = []
    tricks = view.get("tricks") or []
    if view.get("phase") in ("play", "over") or any(tricks):
        pills.append(f"Tricks {tricks[t]}")
    preds = view.get("predictions") or []
    if view.get("predicting") and t < len(preds) and preds[t] is not None:
        pills.append(f"Predicted {preds[t]}")
    rec = recruit_total(view, t)
    if rec is not None:
        pills.append(f"Recruited +{rec}")
    return pills


# -- the footer ------------------------------------------------------------------------------------


def _footer_lines(view: Mapping[str, Any], names: Sequence[str], width: int) -> list[tuple]:
    f = font(FOOT_SIZE)
    fb = font(FOOT_SIZE, True)
    out: list[tuple] = []
    result = view.get("result")
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        verb = "wins" if len(winners) == 1 else "win"
        out.append(("big", f"☠ {list_words(winners)} {verb}!"))
        for line in wrap(say(result.get("reason") or "", names), fb, width):
            out.append(("bold", line))
    if view.get("pending"):
        for line in wrap("▶ " + say(view["pending"], names, view.get("pending_seat")), fb,
                         width - 20):
            out.append(("pending", line))
    reveal = view.get("last_reveal")
    if reveal and view.get("phase") in ("bid", "reveal", "choose", "ditch"):
        for line in wrap("Last reveal: " + say(reveal.get("text") or "", names), f, width):
            out.append(("text", line))
    last = view.get("last_round")
    if last and view.get("phase") in ("bid", "reveal", "choose", "over"):
        out.append(("bold", f"Round {last.get('round')} scoring ({score_name(last['treasure'])}, "
                            f"{score_name(last['capture'])}):"))
        for t in range(int(view["n"])):
            k = last["tricks"][t]
            bits = [f"{k} trick{'' if k == 1 else 's'}"]
            preds = last.get("predictions") or []
            if t < len(preds) and preds[t] is not None:
                bits.append(f"predicted {preds[t]}")
            bits.append(f"recruitment +{last['recruitment'][t]}")
            bits.append(f"capture {last['capture_loon'][t]:+d}")
            bits.append(f"treasure {last['treasure_loon'][t]:+d}")
            for i, line in enumerate(wrap(f"{names[t]}: {', '.join(bits)}", f, width - 16)):
                out.append(("text", ("• " if i == 0 else "   ") + line))
    log = list(view.get("log") or [])[-6:]
    if log:
        out.append(("head", "What happened"))
        for sentence in log:
            for i, line in enumerate(wrap(say(sentence, names), f, width - 16)):
                out.append(("text", ("• " if i == 0 else "   ") + line))
    out += [("key", line) for line in key_lines(width)]
    return out


#: the key to the marks on the cards and the table (rulebook: red is trump; the holder of
#: the Go First marker bids on its row first, predicts first and leads the first trick)
KEY_ITEMS = ("◆ R red (Vulper), the trump colour", "● G green (Beringa)", "■ B blue (Mustel)",
             "➤ the Go First marker: its holder leads the first trick")


def key_lines(width: int) -> list[str]:
    nbsp = "\u00a0"
    items = [item if len(item) > 40 else item.replace(" ", nbsp) for item in KEY_ITEMS]
    return wrap("Key: " + " · ".join(items), font(KEY_SIZE), width)


_LH = {"big": 34, "bold": FOOT_LH, "pending": FOOT_LH, "text": FOOT_LH, "head": 26,
       "key": 21}


def _footer_height(lines: list[tuple]) -> int:
    if not lines:
        return 0
    extra = 14 if any(k == "pending" for k, _ in lines) else 0
    if lines[0][0] != "key" and any(k == "key" for k, _ in lines):
        extra += 6  # the rule above the key
    return 28 + sum(_LH[k] for k, _ in lines) + extra


def _footer(img: Image.Image, lines: list[tuple], top: int) -> None:
    if not lines:
        return
    x0, x1 = MARGIN, BOARD_W - MARGIN
    dr.panel(img, (x0, top, x1, top + _footer_height(lines)))
    d = dr.pen(img)
    y = top + 14
    x = x0 + 16
    pend = [i for i, (k, _) in enumerate(lines) if k == "pending"]
    for i, (kind, text) in enumerate(lines):
        if pend and i == pend[0]:
            h = len(pend) * FOOT_LH + 10
            dr.paste(img, dr.rounded(x1 - x0 - 24, h, 8, pal.GOLD_LIGHT, pal.GOLD_DARK, 2),
                     x - 6, y - 2)
            y += 4
        if kind == "big":
            d.text((x, y), text, font=font(26, True), fill=pal.BAD)
        elif kind == "head":
            d.text((x, y + 4), text, font=font(15, True), fill=pal.INK_SOFT)
        elif kind == "key":
            if i and lines[i - 1][0] != "key":
                y += 6
                d.line((x, y - 4, x1 - 16, y - 4), fill=pal.PARCHMENT_EDGE, width=1)
            d.text((x, y), text, font=font(KEY_SIZE), fill=pal.INK_SOFT)
        elif kind in ("bold", "pending"):
            d.text((x + (6 if kind == "pending" else 0), y), text, font=font(FOOT_SIZE, True),
                   fill=pal.INK)
        else:
            d.text((x, y), text, font=font(FOOT_SIZE), fill=pal.INK)
        y += _LH[kind]
        if pend and i == pend[-1]:
            y += 10


def draw_board(view: Mapping[str, Any]) -> bytes:
    """The public table as PNG (reads only the keys every view has)."""
    n = int(view["n"])
    names = names_of(view)
    phase = str(view.get("phase"))
    show_rows = phase in ("bid", "reveal", "choose", "ditch", "predict")
    lines = _footer_lines(view, names, BOARD_W - 2 * MARGIN - 32)
    strip_top = HEADER_H + 16
    body_top = strip_top + _score_height(view) + 20
    left_h = _rows_height(n) if show_rows else _trick_height(view)
    players_top = body_top + left_h + 12
    right_h = 30 + n * (PLAYER_H + GAP)
    foot_top = players_top + right_h + 4
    height = foot_top + _footer_height(lines) + (18 if lines else 0)
    img = dr.canvas(BOARD_W, height)
    header(img, "PIRATE TRICKS", PHASE_LABEL.get(phase, phase), round_words(view))
    _score_strip(img, view, strip_top)
    if show_rows:
        _rows(img, view, names, body_top)
    else:
        _trick(img, view, names, body_top)
    _players(img, view, names, players_top)
    _footer(img, lines, foot_top)
    return dr.to_png(img)


__all__ = ["BOARD_W", "card_words", "draw_board", "header"]
