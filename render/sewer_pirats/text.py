"""Markdown twins of the board and hand images: the same facts, for the message text and
for screen readers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.sewer_pirats.data import HAND_LIMIT, SHIPS
from render.sewer_pirats.common import (
    PHASE_LABEL,
    VARIANT_LABEL,
    list_words,
    my_seat,
    names_of,
    player_word,
    say,
    token_words,
)
from render.sewer_pirats.hand import crew_lines, score_lines


def _space_word(i: int) -> str:
    return "C" if i == 3 else str(i + 1)


def text_board(view: Mapping[str, Any]) -> str:
    """The board in Markdown: the same facts as :func:`draw_board`, nothing more."""
    names = names_of(view)
    phase = str(view.get("phase"))
    head = f"**Sewer Pirats** · {VARIANT_LABEL.get(str(view.get('variant')), '')}"
    if phase == "play":
        head += f" · round {view.get('round', 1)}"
        if view.get("turn") is not None:
            head += f" · **{names[int(view['turn'])]}**'s turn"
    elif PHASE_LABEL.get(phase):
        head += f" · {PHASE_LABEL[phase]}"
    lines = [head]
    crew = list(view.get("crew") or [])
    if crew:
        lines.append("Crew of every pirat: " + ", ".join(crew) + ".")
    auction = view.get("auction")
    if auction is not None:
        bar = list(auction.get("bar") or [])
        lines.append("The bar, front first (minimum bid): " +
                     ", ".join(f"{t} ({i})" for i, t in enumerate(bar)) + ".")
        if auction.get("under"):
            lines.append(f"{auction['under']} card(s) face down under the front figure.")
        if auction.get("lot") is not None and auction.get("high") is not None:
            lines.append(f"Bidding for the {bar[auction['lot']]}: {auction['bid']} card(s) by "
                         f"{names[int(auction['high'])]}.")
    sailing = view.get("sailing")
    for ship in view.get("ships") or []:
        name = ship["ship"]
        figs = []
        for i, f in enumerate(ship.get("spaces") or []):
            if f is not None:
                figs.append(f"{_space_word(i)}: {names[int(f['seat'])]}'s {f['tribe']}")
        crew_text = "; ".join(figs) if figs else "no figures"
        groups = [list(g) for g in ship.get("flotsam") or []]
        parts = []
        if sailing and sailing.get("ship") == name:
            parts.append("sailing, left to seize: " +
                         list_words([token_words(t) for t in sailing.get("booty") or []]))
        for k, g in enumerate(groups):
            label = "at the bow" if k == 0 and not (sailing and sailing.get("ship") == name) \
                else "next"
            parts.append(f"{label}: " + list_words([token_words(t) for t in g]))
        flotsam = " · ".join(parts) if parts else "no flotsam left"
        lines.append(f"- **{name.capitalize()} ship** ({crew_text}). Flotsam {flotsam}.")
    row = list(view.get("row") or [])
    lines.append(f"Face-up Talisman cards: {', '.join(row) if row else 'none'} · deck "
                 f"{view.get('deck', 0)} · discard pile {view.get('discard', 0)} · face-down "
                 f"flotsam {view.get('pool', 0)} group(s) · box {view.get('box', 0)} booty.")
    to_act = set(view.get("to_act") or [])
    result = view.get("result") or {}
    for seat, p in enumerate(view["players"]):
        bits = [player_word(seat), f"{p.get('hand', 0)} card(s)",
                f"{p.get('booty', 0)} booty and {p.get('bonus', 0)} bonus token(s) face down"]
        if auction is not None:
            bits.append("crew: " + (", ".join(p.get("tribes") or []) or "nobody yet"))
        else:
            home = list(p.get("home") or [])
            bits.append("in the play area: " + (", ".join(home) if home else "nobody"))
        if p.get("captain"):
            bits.append(f"captain of the {p['captain']} ship")
        if view.get("first") == seat and phase != "auction":
            bits.append("first player")
        if seat in (result.get("winners") or []):
            bits.append("**winner**")
        mark = "▶ " if seat in to_act else ""
        lines.append(f"- {mark}**{names[seat]}**: {', '.join(bits)}")
    if view.get("ending") and not result:
        final = list(view.get("final") or [])
        lines.append("The game has ended" + (": last sailings of the " + ", ".join(final) +
                                             " ship(s) to come." if final else "."))
    if view.get("pending"):
        lines.append("Waiting: " + say(view["pending"], names, view.get("pending_seat")) + ".")
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        lines.append(f"**Game over: {list_words(winners)} "
                     f"win{'s' if len(winners) == 1 else ''}!** "
                     f"{say(result.get('reason') or '', names)}")
        scores = result.get("scores") or []
        lines.append("Final scores: " + ", ".join(f"{names[i]} {s}" for i, s in
                                                  enumerate(scores)))
    return "\n".join(lines)


def text_hand(view: Mapping[str, Any]) -> str:
    """The hand in Markdown: the same facts as :func:`draw_hand`."""
    seat = my_seat(view)
    names = names_of(view)
    hand = list(view.get("hand") or [])
    counts = [f"{hand.count(s)} {s}" for s in SHIPS if hand.count(s)]
    lines = [f"**{names[seat]}'s hand** ({player_word(seat)}): {len(hand)} / {HAND_LIMIT} "
             f"Talisman cards: {', '.join(counts) if counts else 'none'}."]
    treasure = list(view.get("treasure") or [])
    score = dict(view.get("score") or {})
    lines.append(f"Your treasure (face down): {list_words([token_words(t) for t in treasure])}"
                 f" · **{score.get('total', 0)} points now**.")
    lines += [f"- {line}" for line in score_lines(score)]
    lines += crew_lines(view, seat)
    choice = view.get("choice")
    if choice:
        lines.append(f"**{say(choice.get('prompt') or '', names)}**")
    return "\n".join(lines)
