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

HAND_W = 1000
LABEL_W = 130
ROW_H = 132
INFO_SIZE, INFO_LH = 17, 24


def playable_now(view: Mapping[str, Any]) -> list[str]:
    """The cards this player may play now (empty unless it is his turn in a trick)."""
    seat = my_seat(view)
    if view.get("phase") != "play" or seat not in (view.get("to_act") or []):
        return []
    trick = view.get("trick") or {}
    return playable(list(view["hand"]), trick.get("led"))


def info_lines(view: Mapping[str, Any], names: Sequence[str]) -> list[tuple[str, str]]:
    """(style, sentence) lines about the player's situation, for the image and the text."""
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
                               "sealed (/tricks bid)."))
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
        out.append(("act", "You won the tie-break: choose who takes the row (/tricks give)."))
    elif phase == "ditch":
        done = len(view.get("my_ditched") or [])
        if to_act:
            out.append(("act", f"Ditch two cards, face down, out of play this round "
                               f"({done} of 2 done)."))
    elif phase == "predict" and to_act:
        out.append(("act", "Predict how many of the 10 tricks you will take (/tricks predict)."))
    elif phase == "play" and to_act:
        out.append(("act", "Your turn: play one of the raised cards (/tricks play)."))
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


def draw_hand(view: Mapping[str, Any]) -> bytes:
    """PNG of the player's own hand; refuses a view that is not his."""
    seat = my_seat(view)
    names = names_of(view)
    hand = sort_cards(view["hand"])
    raised = set(playable_now(view))
    pick = view.get("my_reveal")
    rows = [(c, [x for x in hand if x[0] == c]) for c in COLOURS]
    lines = info_lines(view, names)
    f = font(INFO_SIZE)
    wrapped: list[tuple[str, str]] = []
    for style, text in lines:
        fnt = font(INFO_SIZE, style in ("bold", "act", "head"))
        for line in wrap(text, fnt, HAND_W - 2 * 20 - 32):
            wrapped.append((style, line))
    info_h = 28 + len(wrapped) * INFO_LH if wrapped else 0
    cards_top = HEADER_H + 18
    height = cards_top + len(rows) * ROW_H + 10 + (info_h + 18 if info_h else 0)
    img = dr.canvas(HAND_W, height)
    loon = view.get("loon")
    header(img, f"{names[seat]}'s hand", f"Your loon: {loon}",
           f"{round_words(view)} · {PHASE_LABEL.get(str(view.get('phase')), '')}"
           " · only you see this")
    d = dr.pen(img)
    mw, mh = SIZES["M"]
    y = cards_top
    for colour, cards in rows:
        dr.paste(img, shape(colour, 22, COLOUR[colour]), 22, y + 28)
        d.text((52, y + 39), f"{colour_name(colour)}", font=font(18, True), fill=pal.PARCHMENT,
               anchor="lm")
        d.text((22, y + 70), FACTIONS[colour], font=font(15), fill=pal.PARCHMENT_DARK,
               anchor="lm")
        d.text((22, y + 94), f"{len(cards)} card{'' if len(cards) == 1 else 's'}",
               font=font(15), fill=pal.PARCHMENT_DARK, anchor="lm")
        room = HAND_W - LABEL_W - 24
        step = mw + 8 if len(cards) <= 1 else min(mw + 8, (room - mw) // (len(cards) - 1))
        x = LABEL_W
        for c in cards:
            lift = 12 if c in raised or c == pick else 0
            dim = bool(raised) and c not in raised
            if lift:
                dr.paste(img, dr.rounded(mw + 8, mh + 8, 11, pal.GOLD, None, 0), x - 4,
                         y + 14 - lift - 4)
            put(img, c, "M", x, y + 14 - lift, dim=dim)
            x += step
        if not cards:
            d.text((LABEL_W, y + 60), "none", font=f, fill=pal.PARCHMENT_DARK, anchor="lm")
        y += ROW_H
    if info_h:
        top = y + 10
        dr.panel(img, (20, top, HAND_W - 20, top + info_h))
        ty = top + 14
        for style, line in wrapped:
            colour = {"act": pal.BAD, "head": pal.INK_SOFT}.get(style, pal.INK)
            d.text((36, ty), line, font=font(INFO_SIZE, style in ("bold", "act", "head")),
                   fill=colour)
            ty += INFO_LH
    return dr.to_png(img)


def colour_name(colour: str) -> str:
    return {"R": "Red", "G": "Green", "B": "Blue"}[colour]
