"""Markdown twins of the board and hand images."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.neuroshima.board import DIR_NAMES
from engine.neuroshima.tiles import TILES
from render.neuroshima.board import _status, banner_lines, battle_lines
from render.neuroshima.common import ARMY_NAME, army_of, names_of
from render.neuroshima.hand import does, kind_words


def _unit_line(u: Mapping[str, Any], names: list[str]) -> str:
    bits = [f"top edge {DIR_NAMES[u['rot']]}"]
    if u["kind"] == "hq":
        bits.append(f"toughness {max(0, u['toughness'] - u['wounds'])}")
    elif u["wounds"]:
        bits.append(f"{u['wounds']} wound{'s' if u['wounds'] != 1 else ''}")
    if u["netted"]:
        bits.append("netted")
    return f"`{u['space']}` {u['name']} ({names[u['owner']]}): {', '.join(bits)}"


def text_board(view: Mapping[str, Any]) -> str:
    names = names_of(view)
    lines = ["**Neuroshima Hex!** · Pirates vs Moloch"]
    banner = banner_lines(view, names)
    if banner is not None:
        lines.append(f"**{banner[0]}**")
    for seat in (0, 1):
        hand = ", ".join(TILES[k]["name"] for k in view["hands"][seat]) or "no tiles"
        lines.append(f"**{names[seat]}** ({ARMY_NAME[army_of(view, seat)]}): HQ "
                     f"**{view['hq'][seat]}**/20 · pile {view['piles'][seat]} · hand: {hand}")
    lines.append(_status(view, names))
    lines.append("")
    lines.append("**Board**" if view["board"] else "**Board**: empty")
    lines += [f"- {_unit_line(u, names)}" for u in view["board"]]
    battle = view.get("last_battle")
    if battle:
        lines += ["", f"**Battle {battle['n']}**"]
        lines += [f"- {line}" for line in battle_lines(battle)]
    return "\n".join(lines)


def text_hand(view: Mapping[str, Any]) -> str:
    """The seat's tiles, each with what it does (the hand image's words)."""
    seat = view.get("seat")
    if seat is None:
        raise ValueError("A hand is read from a player's own view, not the spectator view.")
    hand = view["hands"][seat]
    if not hand:
        return "Your hand is empty."
    lines = ["Your hand: " + ", ".join(TILES[k]["name"] for k in hand) + "."]
    for k in hand:
        lines.append(f"- **{TILES[k]['name']}** ({kind_words(k).lower()}): {does(k)}")
    return "\n".join(lines)


def text_preview(before: Mapping[str, Any], after: Mapping[str, Any] | None,
                 marks: Sequence[str] = (), caption: str = "") -> str:
    """Markdown twin of ``draw_preview``: the caption, then the board of ``after`` (or of
    ``before``) with the ringed spaces named. Hands and piles are left out (a tile the move
    would draw stays hidden)."""
    names = names_of(before)
    shown = after if after is not None else before
    lines = [caption] if caption else []
    if marks:
        lines.append("Ringed: " + ", ".join(f"`{m}`" for m in marks) + ".")
    lines.append("")
    lines.append("**Board**" if shown["board"] else "**Board**: empty")
    lines += [f"- {_unit_line(u, names)}" for u in shown["board"]]
    battle = shown.get("last_battle")
    if after is not None and battle and battle != before.get("last_battle"):
        lines += ["", f"**Battle {battle['n']}** (it would start at once)"]
        lines += [f"- {line}" for line in battle_lines(battle)]
    return "\n".join(lines)
