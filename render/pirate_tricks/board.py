"""The public board of Pirate Tricks. It reads only the keys every view has, so a player's
own view draws exactly the spectator's picture: nobody's loon (it is behind the screens),
no hand, no sealed bid.

Landscape, for Discord's inline box (render/headline.py): the header band says who acts
and what is asked, and every captain's standing (the row he took, his tricks and
prediction, the final loon) in letters that stay readable when the board is shown 400 px
wide. Under it, on the left, the part of the table in play (the rows, or the trick and the
last trick, or the final loon) over the four score cards; on the right the captains, then
what happened (the last reveal, the last round's scoring as a table, the log) and the key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import draw as dr
from render import headline as hl
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

Box = tuple[int, int, int, int]

#: the board's width and the tallest it gets (five captains bidding, every line long)
BOARD_W = 1280
MAX_H = 960
KEY = hl.key_size(BOARD_W, MAX_H)
#: the hand's header band (the hand keeps its own narrow layout)
HEADER_H = 68
MARGIN = 12
COL_GAP = 12
LEFT_W = 650
RIGHT_X = MARGIN + LEFT_W + COL_GAP
RIGHT_W = BOARD_W - MARGIN - RIGHT_X
ROW_H, GAP = 80, 6
PLAYER_H = 58
#: where a captain's status starts, right of his name
STATUS_X = 250
#: the score cards, two a line, under the table
SCORE_COLS, SCORE_GAP = 2, 14
SCORE_CARD_W = (LEFT_W - (SCORE_COLS - 1) * SCORE_GAP) // SCORE_COLS
TEXT_SIZE, TEXT_LH = 15, 20
#: the log's lines: the smallest size, to keep all six sentences
LOG_SIZE, LOG_LH = 14, 18
KEY_SIZE = 15


def header(img: Image.Image, title: str, right_top: str, right_bottom: str,
           subtitle: str = "") -> None:
    """The hand's dark band on top: the title on the left (with a ``subtitle`` under it,
    the hand's "only you see this", the title then taking the room the right side
    leaves), and two lines on the right."""
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


# -- the header band ------------------------------------------------------------------------


def header_of(view: Mapping[str, Any], names: Sequence[str]) -> hl.Header:
    """The band's lines: who acts and what is asked (the winners at the end), and each
    captain's standing: the final loon, his tricks and prediction, or the row he took."""
    phase = str(view.get("phase"))
    info = f"{PHASE_LABEL.get(phase, phase)} · {round_words(view)}"
    n = int(view["n"])
    result = view.get("result")
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        verb = "wins" if len(winners) == 1 else "win"
        scores = list(result.get("scores") or [])
        units = tuple(hl.player_unit(None, names[t], str(scores[t])) for t in range(len(scores)))
        return hl.Header("PIRATE TRICKS", info, f"☠ {list_words(winners)} {verb}!", units,
                         "Final loon:")
    if view.get("pending"):
        turn = "▶ " + say(view["pending"], names, view.get("pending_seat"))
    else:
        turn = _waiting(view, names)
    tricks = list(view.get("tricks") or [0] * n)
    preds = list(view.get("predictions") or [None] * n)
    if phase in ("play", "predict") or any(tricks):
        def standing(t: int) -> str:
            p = preds[t] if t < len(preds) else None
            return f"{tricks[t]}" + (f" ({p})" if p is not None else "")

        label = "Tricks (predicted):" if any(p is not None for p in preds) else "Tricks:"
        units = tuple(hl.player_unit(None, names[t], standing(t)) for t in range(n))
        return hl.Header("PIRATE TRICKS", info, turn, units, label)
    owned = sorted((int(row["owner"]), r) for r, row in enumerate(view.get("rows") or [])
                   if row.get("owner") is not None)
    units = tuple(hl.player_unit(None, names[t], f"row {r + 1}") for t, r in owned)
    return hl.Header("PIRATE TRICKS", info, turn, units,
                     "Rows taken:" if units else "Rows taken: none yet")


def _waiting(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """What the table waits for when several captains act at once (no one "pending")."""
    phase = str(view.get("phase"))
    waiting = sorted(view.get("to_act") or [])
    if not waiting:
        return ""
    if len(waiting) == int(view["n"]):
        who = "Every captain"
    elif len(waiting) <= 2:
        who = list_words([names[t] for t in waiting])
    else:
        who = f"{len(waiting)} captains"
    one = len(waiting) == 1 or who == "Every captain"
    if phase == "bid":
        row = int((view.get("bidding") or {}).get("row", 0)) + 1
        return f"▶ {who} {'bids' if one else 'bid'} on row {row}, sealed"
    if phase == "reveal":
        row = int((view.get("tie") or {}).get("row", 0)) + 1
        return f"▶ Tie for row {row}: {who} {'picks' if one else 'pick'} a tie-break card"
    if phase == "ditch":
        return f"▶ {who} {'ditches' if one else 'ditch'} two cards"
    if phase == "predict":
        return f"▶ {who} {'predicts' if one else 'predict'} a number of tricks"
    return f"▶ {who} {'plays' if one else 'play'}"


# -- the score cards -----------------------------------------------------------------------


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
        box = (MARGIN + 10, y, MARGIN + LEFT_W, y + ROW_H)
        if r == current:
            dr.panel(img, box, outline=pal.GOLD, outline_width=4)
            dr.glyph(d, (MARGIN + 2, y + ROW_H / 2), "▶", 20, pal.GOLD)
        else:
            dr.panel(img, box, fill=pal.PARCHMENT_DARK if owner is not None else pal.PARCHMENT)
        x0 = box[0]
        d.text((x0 + 14, y + 12), f"Row {r + 1}", font=font(19, True), fill=pal.INK)
        if r == 0 and view.get("marker") is None:
            dr.paste(img, marker(24), x0 + 14, y + 38)
            d.text((x0 + 42, y + 50), "Go First", font=font(14, True), fill=pal.INK_SOFT,
                   anchor="lm")
        x = x0 + 118
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
                dr.paste(img, coin(loon, 34), right - 34, y + 14)
                d.text((right - 17, y + 62), "loon", font=font(15, True), fill=pal.INK_SOFT,
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


SLOT = 130


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


def _players_height(n: int) -> int:
    return 30 + n * (PLAYER_H + GAP) - GAP


def _players(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    d = dr.pen(img)
    d.text((RIGHT_X + 4, top), "THE CAPTAINS", font=font(17, True), fill=pal.GOLD_LIGHT)
    y = top + 30
    to_act = set(view.get("to_act") or [])
    result = view.get("result") or {}
    winners = set(result.get("winners") or [])
    scores = result.get("scores") or []
    x0 = RIGHT_X + 12
    for t in range(int(view["n"])):
        box = (x0, y, RIGHT_X + RIGHT_W, y + PLAYER_H)
        if t in to_act:
            dr.panel(img, box, outline=pal.GOLD, outline_width=4)
            dr.glyph(d, (RIGHT_X + 4, y + PLAYER_H / 2), "▶", 18, pal.GOLD)
        else:
            dr.panel(img, box)
        x = x0 + 12
        if view.get("marker") == t:
            dr.paste(img, marker(24), x, y + 7)
            x += 30
        right = RIGHT_X + RIGHT_W - 12
        if scores:
            d.text((right, y + 19), f"{scores[t]} loon", font=font(18, True), fill=pal.INK,
                   anchor="rm")
        else:
            d.text((right, y + 19), "loon hidden", font=font(15), fill=pal.INK_SOFT, anchor="rm")
        f, who = fit(names[t], x0 + STATUS_X - x - 12, 19, True, 14)
        d.text((x, y + 19), who, font=f, fill=pal.INK, anchor="lm")
        words = status(view, t)
        if t in winners:
            words = "★ winner"
        if words:
            colour = pal.GOOD if t in winners else (pal.WARN if t in to_act else pal.INK_SOFT)
            f, words = fit(words, right - x0 - STATUS_X - 110, 15, True, 14)
            d.text((x0 + STATUS_X, y + 19), words, font=f, fill=colour, anchor="lm")
        px = x0 + 12
        sizes = view.get("hand_sizes") or []
        if t < len(sizes) and sizes[t]:  # beside the pills, which keep to the panel's left
            d.text((right, y + 45), f"{sizes[t]} card{'' if sizes[t] == 1 else 's'} in hand",
                   font=font(15), fill=pal.INK_SOFT, anchor="rm")
        for text in captain_pills(view, t):
            px += dr.pill(img, px, y + 33, text, pal.PARCHMENT, pal.CALM if text.startswith(
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


# -- what happened ---------------------------------------------------------------------------------


#: the columns of the last round's scoring: (heading, right edge from the panel's left)
SCORING_COLUMNS = (("tricks", 286), ("predicted", 372), ("recruit", 430), ("capture", 494),
                   ("treasure", 560))


def _footer_lines(view: Mapping[str, Any], names: Sequence[str], width: int) -> list[tuple]:
    """The panel of what happened, as (kind, data) lines: the result's reason, the last
    reveal, the last round's scoring (a "table" line per captain), the log, the key."""
    f = font(TEXT_SIZE)
    fb = font(TEXT_SIZE, True)
    out: list[tuple] = []
    result = view.get("result")
    if result:
        for line in wrap(say(result.get("reason") or "", names), fb, width):
            out.append(("bold", line))
    reveal = view.get("last_reveal")
    if reveal and view.get("phase") in ("bid", "reveal", "choose", "ditch"):
        for line in wrap("Last reveal: " + say(reveal.get("text") or "", names), f, width):
            out.append(("text", line))
    last = view.get("last_round")
    if last and view.get("phase") in ("bid", "reveal", "choose", "over"):
        title = (f"Round {last.get('round')} scoring ({score_name(last['treasure'])}, "
                 f"{score_name(last['capture'])})")
        out += [("head", line) for line in wrap(title, font(TEXT_SIZE, True), width)]
        out.append(("columns", None))
        preds = last.get("predictions") or []
        for t in range(int(view["n"])):
            k = last["tricks"][t]
            cells = [f"{k} trick{'' if k == 1 else 's'}",
                     str(preds[t]) if t < len(preds) and preds[t] is not None else "–",
                     f"+{last['recruitment'][t]}", f"{last['capture_loon'][t]:+d}",
                     f"{last['treasure_loon'][t]:+d}"]
            out.append(("table", (names[t], cells)))
    log = list(view.get("log") or [])[-6:]
    if log:
        out.append(("head", "What happened"))
        for sentence in log:
            for i, line in enumerate(wrap(say(sentence, names), font(LOG_SIZE), width - 16)):
                out.append(("log", ("• " if i == 0 else "   ") + line))
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


_LH = {"bold": TEXT_LH, "text": TEXT_LH, "head": 24, "columns": 19, "table": TEXT_LH,
       "log": LOG_LH, "key": TEXT_LH}


def _footer_height(lines: list[tuple]) -> int:
    if not lines:
        return 0
    extra = 0
    if lines[0][0] != "key" and any(k == "key" for k, _ in lines):
        extra += 8  # the rule above the key
    return 24 + sum(_LH[k] for k, _ in lines) + extra


def _footer(img: Image.Image, lines: list[tuple], box: Box) -> None:
    if not lines:
        return
    x0, top, x1, _ = box
    dr.panel(img, box)
    d = dr.pen(img)
    y = top + 12
    x = x0 + 16
    for i, (kind, data) in enumerate(lines):
        if kind == "head":
            d.text((x, y + 4), data, font=font(TEXT_SIZE, True), fill=pal.INK_SOFT)
        elif kind == "key":
            if i and lines[i - 1][0] != "key":
                y += 8
                d.line((x, y - 5, x1 - 16, y - 5), fill=pal.PARCHMENT_EDGE, width=1)
            d.text((x, y), data, font=font(KEY_SIZE), fill=pal.INK_SOFT)
        elif kind == "bold":
            d.text((x, y), data, font=font(TEXT_SIZE, True), fill=pal.INK)
        elif kind == "columns":
            for word, right in SCORING_COLUMNS:
                d.text((x + right, y), word, font=font(14), fill=pal.INK_SOFT, anchor="ra")
        elif kind == "table":
            name, cells = data
            f, who = fit(name, SCORING_COLUMNS[0][1] - 90, TEXT_SIZE, True, 14)
            d.text((x, y), who, font=f, fill=pal.INK)
            for cell, (_, right) in zip(cells, SCORING_COLUMNS, strict=True):
                d.text((x + right, y), cell, font=font(TEXT_SIZE), fill=pal.INK, anchor="ra")
        elif kind == "log":
            d.text((x, y), data, font=font(LOG_SIZE), fill=pal.INK)
        else:
            d.text((x, y), data, font=font(TEXT_SIZE), fill=pal.INK)
        y += _LH[kind]


# -- the layout ------------------------------------------------------------------------------------


def _header(view: Mapping[str, Any]) -> tuple[hl.Header, hl.HeaderLayout]:
    head = header_of(view, names_of(view))
    return head, hl.layout_header(head, BOARD_W, KEY)


def _shows_rows(view: Mapping[str, Any]) -> bool:
    return str(view.get("phase")) in ("bid", "reveal", "choose", "ditch", "predict")


def layout(view: Mapping[str, Any], lines: list[tuple] | None = None) -> dict[str, Box]:
    """Where the parts go, as (x0, y0, x1, y1) boxes: "header" (the band) with its key
    lines "turn" and "score"; on the left "table" (the rows or the trick) over
    "score_cards"; on the right "captains" over "footer" (what happened and the key);
    the whole picture is "image"."""
    n = int(view["n"])
    _, lay = _header(view)
    boxes: dict[str, Box] = {"header": (0, 0, BOARD_W, lay.height), **lay.boxes}
    top = lay.height + 12
    left_h = _rows_height(n) if _shows_rows(view) else _trick_height(view)
    boxes["table"] = (MARGIN, top, MARGIN + LEFT_W, top + left_h)
    cards_top = top + left_h + 16
    boxes["score_cards"] = (MARGIN, cards_top, MARGIN + LEFT_W, cards_top + _score_height(view))
    boxes["captains"] = (RIGHT_X, top, RIGHT_X + RIGHT_W, top + _players_height(n))
    foot_top = boxes["captains"][3] + 12
    if lines is None:
        lines = _footer_lines(view, names_of(view), RIGHT_W - 32)
    foot_h = _footer_height(lines)
    # the footer reaches down to the score cards' bottom at least
    foot_h = max(foot_h, boxes["score_cards"][3] - foot_top)
    boxes["footer"] = (RIGHT_X, foot_top, RIGHT_X + RIGHT_W, foot_top + foot_h)
    boxes["image"] = (0, 0, BOARD_W, max(boxes["footer"][3], boxes["score_cards"][3]) + 12)
    return boxes


def draw_board(view: Mapping[str, Any]) -> bytes:
    """The public table as PNG (reads only the keys every view has)."""
    names = names_of(view)
    head, lay = _header(view)
    lines = _footer_lines(view, names, RIGHT_W - 32)
    boxes = layout(view, lines)
    img = dr.canvas(BOARD_W, boxes["image"][3])
    hl.draw_header(img, head, lay)
    if _shows_rows(view):
        _rows(img, view, names, boxes["table"][1])
    else:
        _trick(img, view, names, boxes["table"][1])
    _score_strip(img, view, boxes["score_cards"][1])
    _players(img, view, names, boxes["captains"][1])
    _footer(img, lines, boxes["footer"])
    return dr.to_png(img)


__all__ = ["BOARD_W", "card_words", "draw_board", "header"]
