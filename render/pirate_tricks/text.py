"""Markdown twins of the board and hand images: the same facts, for the message text and
for screen readers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.pirate_tricks.cards import COLOURS, sort_cards
from engine.pirate_tricks.scorecards import CARDS
from render.pirate_tricks.common import (
    PHASE_LABEL,
    card_words,
    list_words,
    my_seat,
    names_of,
    recruit_total,
    round_words,
    say,
    score_name,
    status,
)
from render.pirate_tricks.hand import colour_name, info_lines, playable_now


def _score_cards(view: Mapping[str, Any]) -> list[str]:
    cards = view.get("score_cards") or {}
    codes = [*list(cards.get("recruitment") or []), cards.get("treasure"), cards.get("capture")]
    return [f"- {CARDS[c].kind.capitalize()}: **{CARDS[c].name}**: {CARDS[c].text}"
            for c in codes if c]


def text_board(view: Mapping[str, Any]) -> str:
    """The board in Markdown: the same facts as :func:`draw_board`, nothing more."""
    names = names_of(view)
    phase = str(view.get("phase"))
    n = int(view["n"])
    lines = [f"**Pirate Tricks** · {round_words(view)} · {PHASE_LABEL.get(phase, phase)}"]
    lines += _score_cards(view)
    if phase in ("bid", "reveal", "choose", "ditch", "predict"):
        bidding = view.get("bidding") or view.get("tie") or {}
        current = bidding.get("row") if phase in ("bid", "reveal", "choose") else None
        second = bidding.get("pass") == 2
        lines.append("")
        lines.append("Rows" + (" (second pass)" if second else "") + ":")
        for r, row in enumerate(view.get("rows") or []):
            up = ", ".join(card_words(c) for c in row.get("up") or [])
            bits = [up]
            if row.get("down"):
                bits.append(f"{row['down']} face down")
            if row.get("loon"):
                bits.append(f"{row['loon']} loon on it")
            if r == 0 and view.get("marker") is None:
                bits.append("Go First marker")
            if row.get("owner") is not None:
                bits.append(f"taken by {names[int(row['owner'])]}")
            mark = "▶ " if r == current else ""
            lines.append(f"- {mark}Row {r + 1}: " + "; ".join(bits))
    trick = view.get("trick")
    if trick:
        plays = ", ".join(f"{names[int(t)]} {card_words(c)}" for t, c in trick.get("plays") or [])
        lines.append("")
        lines.append(f"Trick {trick.get('no')} of 10: {plays or 'no card yet'} "
                     f"(led by {names[int(trick['leader'])]})")
    last = view.get("last_trick")
    if last and phase in ("play", "over"):
        plays = ", ".join(f"{names[int(t)]} {card_words(c)}" for t, c in last.get("plays") or [])
        lines.append(f"Last trick ({last.get('no')}): {plays}; "
                     f"**{names[int(last['winner'])]}** took it.")
    lines.append("")
    result = view.get("result") or {}
    scores = result.get("scores") or []
    to_act = set(view.get("to_act") or [])
    for t in range(n):
        bits: list[str] = []
        if view.get("marker") == t:
            bits.append("Go First marker")
        words = status(view, t)
        if words:
            bits.append(words)
        tricks = view.get("tricks") or []
        if phase in ("play", "over") or any(tricks):
            bits.append(f"{tricks[t]} tricks")
        preds = view.get("predictions") or []
        if view.get("predicting") and preds[t] is not None and "predicts" not in words:
            bits.append(f"predicted {preds[t]}")
        rec = recruit_total(view, t)
        if rec is not None:
            bits.append(f"recruited +{rec}")
        sizes = view.get("hand_sizes") or []
        if t < len(sizes):
            bits.append(f"{sizes[t]} cards")
        bits.append(f"**{scores[t]} loon**" if scores else "loon hidden")
        mark = "▶ " if t in to_act else ""
        lines.append(f"- {mark}**{names[t]}**: " + ", ".join(bits))
    if view.get("pending"):
        lines += ["", "Waiting: " + say(view["pending"], names, view.get("pending_seat"))]
    reveal = view.get("last_reveal")
    if reveal and phase in ("bid", "reveal", "choose", "ditch"):
        lines += ["", "Last reveal: " + say(reveal.get("text") or "", names)]
    last_round = view.get("last_round")
    if last_round and phase in ("bid", "reveal", "choose", "over"):
        lines += ["", f"Round {last_round['round']} scoring:"]
        for t in range(n):
            lines.append(f"- {names[t]}: {last_round['tricks'][t]} tricks, recruitment "
                         f"+{last_round['recruitment'][t]}, "
                         f"{score_name(last_round['capture'])} "
                         f"{last_round['capture_loon'][t]:+d}, "
                         f"{score_name(last_round['treasure'])} "
                         f"{last_round['treasure_loon'][t]:+d}")
    log = list(view.get("log") or [])[-6:]
    if log:
        lines += ["", "What happened:"] + [f"- {say(x, names)}" for x in log]
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        verb = "wins" if len(winners) == 1 else "win"
        lines += ["", f"**Game over: {list_words(winners)} {verb}!** "
                      f"{say(result.get('reason') or '', names)}"]
    return "\n".join(lines)


def text_hand(view: Mapping[str, Any]) -> str:
    """The hand in Markdown: the same facts as :func:`draw_hand`."""
    seat = my_seat(view)
    names = names_of(view)
    hand = sort_cards(view["hand"])
    raised = playable_now(view)
    lines = [f"**{names[seat]}'s hand** · {round_words(view)} · your loon: **{view.get('loon')}** "
             "(behind your screen)"]
    for colour in COLOURS:
        cards = [c for c in hand if c[0] == colour]
        numbers = ", ".join(c[1:] for c in cards) or "none"
        lines.append(f"- {colour_name(colour)}: {numbers}")
    if raised:
        lines.append("You may play: " + ", ".join(card_words(c) for c in raised) + ".")
    lines.append("")
    for style, text in info_lines(view, names, commands=True):  # the panel's message text
        lines.append(f"**{text}**" if style in ("act", "head") else text)
    return "\n".join(lines).rstrip()
