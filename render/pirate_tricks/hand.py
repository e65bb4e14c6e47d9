"""A player's own hand: a row per colour, the cards he may play raised when it is his
turn, his loon (behind his screen: only this image and its text show it), what the hand
scores on the recruitment cards now, and his sealed bid or tie-break card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.pirate_tricks.cards import COLOURS, FACTIONS, playable, sort_cards
from render import draw as dr
from render import palette as pal
from render.fonts import font
from render.pirate_tricks.board import HEADER_H, header
from render.pirate_tricks.cards import put_card as put
from render.pirate_tricks.cards import shape
from render.pirate_tricks.common import (
    COLOUR,
    PHASE_LABEL,
    SIZES,
    card_words,
    my_seat,
    names_of,
    round_words,
    score_name,
)
from render.text import wrap

#: Discord shows the hand 550 px wide, like the board: at 740 px its smallest text (14 px)
#: stays 10 px there (it was 1000 px wide, and 15 px text read at 8 px)
HAND_W = 740
MARGIN = 20
#: the cards' left edge, right of the colour's name, crew and count
LABEL_W = 124
#: the room for a line of cards, and the least distance between two of them that leaves the
#: widest number ("18") whole under the next card
CARDS_ROOM = HAND_W - MARGIN - LABEL_W
MIN_STEP = 66
ROW_H = 132
#: a colour's second line of cards (when more than fit one line), under the first
LINE_H = SIZES["M"][1] + 18
INFO_SIZE, INFO_LH = 17, 24


def playable_now(view: Mapping[str, Any]) -> list[str]:
    """The cards this player may play now (empty unless it is his turn in a trick)."""
    seat = my_seat(view)
    if view.get("phase") != "play" or seat not in (view.get("to_act") or []):
        return []
    trick = view.get("trick") or {}
    return playable(list(view["hand"]), trick.get("led"))


def info_lines(
    view: Mapping[str, Any], names: Sequence[str], commands: bool = True
) -> list[tuple[str, str]]:
    """(style, sentence) lines about the player's situation, for the image and the text.
    ``commands``: name the slash command of a move, for the message text; the image names
    none, as players act by clicking **My hand / act** (a replay shows it without either)."""

    def cmd(name: str) -> str:
        return f" (/tricks {name})" if commands else ""

    seat = my_seat(view)
    phase = view.get("phase")
    to_act = seat in (view.get("to_act") or [])
    out: list[tuple[str, str]] = []
    if phase == "bid":
        bidding = view.get("bidding") or {}
        row = int(bidding.get("row", 0)) + 1
        if view.get("my_bid") is not None:
            out.append(("bold", f"Your sealed bid on row {row}: {view['my_bid']} loon. Nobody "
                                "sees it before every bid is in."))
        elif to_act:
            out.append(("act", f"Bid on row {row}: any amount from 0 to {view.get('loon')} loon, "
                               f"sealed{cmd('bid')}."))
    elif phase == "reveal":
        if view.get("my_reveal"):
            out.append(("bold", f"Your tie-break card, face down: {card_words(view['my_reveal'])}."))
        elif to_act:
            tie = view.get("tie") or {}
            what = "the choice of who takes" if tie.get("zero") else "the tie for"
            out.append(("act", f"Tie-break for {what} row {int(tie.get('row', 0)) + 1} "
                               f"(tied at {tie.get('bid', 0)} loon): pick a card to reveal; the "
                               "highest number wins (then red, green, blue). It comes back to "
                               "your hand."))
    elif phase == "choose" and to_act:
        out.append(("act", f"You won the tie-break: choose who takes the row{cmd('give')}."))
    elif phase == "ditch":
        done = len(view.get("my_ditched") or [])
        if to_act:
            out.append(("act", f"Ditch two cards, face down, out of play this round "
                               f"({done} of 2 done)."))
    elif phase == "predict" and to_act:
        out.append(("act", f"Predict how many of the 10 tricks you will take{cmd('predict')}."))
    elif phase == "play" and to_act:
        out.append(("act", f"Your turn: play one of the raised cards{cmd('play')}."))
    trick = view.get("trick") or {}
    if phase == "play" and trick.get("plays"):
        plays = ", ".join(f"{names[int(t)]} {card_words(c)}" for t, c in trick["plays"])
        out.append(("text", f"On the table, trick {trick.get('no')}: {plays}."))
    ditched = list(view.get("my_ditched") or [])
    if ditched:
        out.append(("text", "Ditched this round: " + ", ".join(card_words(c) for c in
                                                               sort_cards(ditched)) + "."))
    preds = view.get("predictions") or []
    tricks = view.get("tricks") or []
    if view.get("predicting") and seat < len(preds) and preds[seat] is not None:
        out.append(("text", f"You predicted {preds[seat]}; tricks taken: {tricks[seat]}."))
    elif phase == "play":
        out.append(("text", f"Tricks taken: {tricks[seat]}."))
    recruit = list(view.get("recruit_now") or [])
    if recruit and view.get("recruitment") is None:
        out.append(("head", "Your hand on the recruitment cards now"))
        for item in recruit:
            cards = ", ".join(card_words(c) for c in item.get("cards") or [])
            out.append(("text", f"{score_name(item['card'])}: {item['loon']} loon"
                                + (f" ({cards})" if cards else "")))
    elif view.get("recruitment") is not None:
        mine = view["recruitment"][seat]
        got = sum(int(x.get("loon") or 0) for x in mine)
        out.append(("text", f"Recruitment this round: you collected {got} loon."))
    return out


def card_lines(count: int) -> list[int]:
    """How many cards of one colour go on each line: one line while every card keeps its
    number whole under the next one (at least MIN_STEP apart), else as few even lines as
    keep them so."""
    if count <= 1:
        return [count]
    per_line = 1 + (CARDS_ROOM - SIZES["M"][0]) // MIN_STEP
    lines = -(-count // per_line)
    return [count // lines + (1 if i < count % lines else 0) for i in range(lines)]


def card_step(count: int) -> int:
    """Distance between the left edges of ``count`` cards on one line."""
    mw = SIZES["M"][0]
    return mw + 8 if count <= 1 else min(mw + 8, (CARDS_ROOM - mw) // (count - 1))


def _row_height(count: int) -> int:
    return ROW_H + (len(card_lines(count)) - 1) * LINE_H


def draw_hand(view: Mapping[str, Any]) -> bytes:
    """PNG of the player's own hand; refuses a view that is not his."""
    seat = my_seat(view)
    names = names_of(view)
    hand = sort_cards(view["hand"])
    raised = set(playable_now(view))
    pick = view.get("my_reveal")
    rows = [(c, [x for x in hand if x[0] == c]) for c in COLOURS]
    lines = info_lines(view, names, commands=False)
    f = font(INFO_SIZE)
    wrapped: list[tuple[str, str]] = []
    for style, text in lines:
        fnt = font(INFO_SIZE, style in ("bold", "act", "head"))
        for line in wrap(text, fnt, HAND_W - 2 * MARGIN - 32):
            wrapped.append((style, line))
    info_h = 28 + len(wrapped) * INFO_LH if wrapped else 0
    cards_top = HEADER_H + 18
    rows_h = sum(_row_height(len(cards)) for _, cards in rows)
    height = cards_top + rows_h + 10 + (info_h + 18 if info_h else 0)
    img = dr.canvas(HAND_W, height)
    header(img, f"{names[seat]}'s hand", f"Your loon: {view.get('loon')}",
           f"{round_words(view)} · {PHASE_LABEL.get(str(view.get('phase')), '')}",
           subtitle="only you see this")
    d = dr.pen(img)
    mw, mh = SIZES["M"]
    y = cards_top
    for colour, cards in rows:
        dr.paste(img, shape(colour, 22, COLOUR[colour]), MARGIN, y + 28)
        d.text((MARGIN + 30, y + 39), f"{colour_name(colour)}", font=font(18, True),
               fill=pal.PARCHMENT, anchor="lm")
        d.text((MARGIN, y + 70), FACTIONS[colour], font=font(15), fill=pal.PARCHMENT_DARK,
               anchor="lm")
        d.text((MARGIN, y + 94), f"{len(cards)} card{'' if len(cards) == 1 else 's'}",
               font=font(15), fill=pal.PARCHMENT_DARK, anchor="lm")
        first = 0
        for j, count in enumerate(card_lines(len(cards))):
            step = card_step(count)
            x, top = LABEL_W, y + 14 + j * LINE_H
            for c in cards[first:first + count]:
                lift = 12 if c in raised or c == pick else 0
                dim = bool(raised) and c not in raised
                if lift:
                    dr.paste(img, dr.rounded(mw + 8, mh + 8, 11, pal.GOLD, None, 0), x - 4,
                             top - lift - 4)
                put(img, c, "M", x, top - lift, dim=dim)
                x += step
            first += count
        if not cards:
            d.text((LABEL_W, y + 60), "none", font=f, fill=pal.PARCHMENT_DARK, anchor="lm")
        y += _row_height(len(cards))
    if info_h:
        top = y + 10
        dr.panel(img, (MARGIN, top, HAND_W - MARGIN, top + info_h))
        ty = top + 14
        for style, line in wrapped:
            colour = {"act": pal.BAD, "head": pal.INK_SOFT}.get(style, pal.INK)
            d.text((MARGIN + 16, ty), line, font=font(INFO_SIZE, style in ("bold", "act", "head")),
                   fill=colour)
            ty += INFO_LH
    return dr.to_png(img)


def colour_name(colour: str) -> str:
    return {"R": "Red", "G": "Green", "B": "Blue"}[colour]
