"""Markdown twins of the board and hand images: the same facts, for the message text and
for screen readers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.all_hands.cards import (
    ACTIONS,
    HAND_LIMIT,
    RANK_NAMES,
    RANK_OF,
    SUIT_NAMES,
    SUIT_OF,
    card_name,
    sort_cards,
)
from render.all_hands.common import (
    PHASE_LABEL,
    actions_explained,
    bid_value,
    face_down_count,
    list_words,
    my_seat,
    names_of,
    round_words,
    say,
    status_words,
)
from render.all_hands.hand import hand_info, hand_rows, hand_sort
from render.all_hands.runs import near_runs, run_lines, winning_cards


def _bid_text(bid: Mapping[str, Any], auction_card: str | None) -> str:
    cards = list(bid.get("cards") or [])
    suit = SUIT_OF.get(auction_card or "")
    parts = []
    for c in cards:
        name = card_name(c)
        if suit and SUIT_OF.get(c) == suit:
            name += f" (×2 = {2 * RANK_OF[c]})"
        parts.append(name)
    return f"{', '.join(parts) if parts else 'no cards left'}: value **{bid.get('value', 0)}**"


def text_board(view: Mapping[str, Any]) -> str:
    """The board in Markdown: the same facts as :func:`draw_board`, nothing more."""
    names = names_of(view)
    phase = str(view.get("phase"))
    lines = [f"**All Hands on Deck!** · {round_words(view)} · {PHASE_LABEL.get(phase, phase)}"]
    if view.get("longer_game") and view.get("target"):
        lines.append(f"Longer game: first to {view['target']} points.")
    card = view.get("auction_card")
    lines.append(f"Up for auction: **{card_name(card)}**" if card else "Up for auction: no card")
    pile = list(view.get("discard") or [])
    top = f" (top: {card_name(pile[-1])})" if pile else ""
    lines.append(f"Deck: {view.get('deck', 0)} cards · Discard: {len(pile)} cards{top}")
    lines.append("")
    to_act = set(view.get("to_act") or [])
    bids = {int(b["seat"]): b for b in (view.get("bids") or [])}
    for seat, p in enumerate(view["players"]):
        status = str(p.get("status", "waiting"))
        over = view.get("phase") == "over"
        bits = [] if over else [status_words(status, int(p.get("bid_cards") or 0))]
        if view.get("dealer") == seat:
            bits.insert(0, "dealer")
        if view.get("longer_game") and seat < len(view.get("scores") or []):
            bits.append(f"{view['scores'][seat]} points")
        if p.get("immune"):
            bits.append("immune to cheat calls")
        if p.get("skip_deal"):
            bits.append("no deal and no bid next round (Tavern Brawl)")
        if seat in to_act:
            bits.append("**to act**")
        line = f"- {'▶ ' if seat in to_act else ''}**{names[seat]}**: {', '.join(bits)}"
        if seat in bids:
            line += f"\n  - bid: {_bid_text(bids[seat], card)}"
            hidden = face_down_count(view, seat)
            if hidden:
                line += f"; {hidden} more card{'s' if hidden > 1 else ''} face down"
        lines.append(line)
    if view.get("pending"):
        lines += [
            "",
            "Waiting: " + say(view["pending"], names, view.get("pending_seat")),
        ]
    resolved = list(view.get("resolved") or [])
    if resolved:
        lines += ["", "Resolved this round:"] + [f"- {say(r, names)}" for r in resolved]
    last = view.get("last_auction")
    if last:
        lines += ["", "Last auction: " + say(last.get("text") or card_name(last["card"]), names)]
    result = view.get("result")
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        lines += [
            "",
            f"**Game over: {list_words(winners)} win{'s' if len(winners) == 1 else ''}!** {say(result.get('reason') or '', names)}".rstrip(),
        ]
        scores = result.get("scores") or []
        if scores and (view.get("longer_game") or any(scores)):
            lines.append(
                "Final scores: " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(scores))
            )
        crew = result.get("crew")
        if crew and crew.get("cards"):
            cards = sort_cards(list(crew["cards"]))
            run = winning_cards(cards)
            lines.append(
                f"{names[int(crew['seat'])]}'s winning crew: "
                + ", ".join(card_name(c) + (" ★" if i in run else "") for i, c in enumerate(cards))
            )
    return "\n".join(lines)


def text_hand(view: Mapping[str, Any]) -> str:
    """The hand in Markdown: the same facts as :func:`draw_hand`."""
    seat = my_seat(view)
    names = names_of(view)
    hand = hand_sort(list(view["hand"]))
    size = int(view.get("hand_size", len(hand)))
    lines = [f"**{names[seat]}'s hand**: {size} / {HAND_LIMIT} cards"]
    for text, _, _ in hand_info(view, seat, names, size):
        lines.append(text)
    lines.append("")
    for key, idx in hand_rows(hand):
        label = "Actions" if key == "ACT" else f"{SUIT_NAMES[key]} ({key})"
        if key == "ACT":
            cards = ", ".join(ACTIONS[hand[i]][0] for i in idx)
        else:
            cards = ", ".join(f"{RANK_OF[hand[i]]} {RANK_NAMES[RANK_OF[hand[i]]]}" for i in idx)
        lines.append(f"- {label}: {cards or 'none'}")
    lines.append("")
    lines += run_lines(near_runs(hand))
    actions = actions_explained(hand)
    if actions:
        lines += ["", "What your action cards do:"]
        lines += [f"- **{name}**: {text}" for name, text in actions]
    mine = list(view.get("my_bid") or [])
    if mine:
        on_table = face_down_count(view, seat) > 0
        what = (
            "Your bid (face down on the table)"
            if on_table
            else "Picked for your bid (not confirmed yet)"
        )
        lines += [
            "",
            f"{what}: {', '.join(card_name(c) for c in mine)}; value {bid_value(mine, view.get('auction_card'))}",
        ]
    choice = view.get("choice")
    if choice:
        lines += ["", f"**{say(choice.get('prompt') or 'Your choice', names)}**"]
        if choice.get("cards"):
            lines.append("Cards: " + ", ".join(card_name(c) for c in choice["cards"]))
    return "\n".join(lines)
