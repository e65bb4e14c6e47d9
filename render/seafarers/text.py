"""Seafarers: the private hand image and the Markdown twins of both images."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import ImageDraw

from engine.core import fill_names
from render import palette as pal
from render.draw import canvas, text, to_png
from render.seafarers.board import PLAYER_NAME, names_of

RES = ("wood", "brick", "wool", "grain", "ore")
BUILD_NAMES = {"road": "road", "ship": "ship", "settlement": "settlement", "city": "city",
               "dev": "development card"}


def _my_seat(view: Mapping[str, Any]) -> int:
    seat = view.get("seat")
    if seat is None or "hand" not in view:
        raise ValueError("A hand is drawn from that player's own view only.")
    return int(seat)


def hand_lines(view: Mapping[str, Any]) -> list[str]:
    seat = _my_seat(view)
    names = names_of(view)
    hand = view["hand"]
    lines = [f"**{names[seat]}** ({PLAYER_NAME[seat]}): {view['my_vp']} victory points"]
    lines.append("Resources: " + ", ".join(f"{hand[r]} {r}" for r in RES))
    devs = list(view.get("dev_cards") or [])
    new = list(view.get("dev_new") or [])
    lines.append("Development cards: " + (", ".join(devs) if devs else "none")
                 + (f" (bought this turn: {', '.join(new)})" if new else ""))
    can = [BUILD_NAMES[k] for k in view.get("can_build") or []]
    lines.append("You can build now: " + (", ".join(can) if can else "nothing yet"))
    ratios = view.get("ratios") or {}
    better = [f"{r} {k}:1" for r, k in ratios.items() if k < 4]
    lines.append("Your trade ratios: " + (", ".join(better) if better else "4:1 for all"))
    lines.extend(COSTS)
    return lines


#: what each piece costs (catan-base.md "A turn" 4; seafarers.txt "Boat building")
COSTS = (
    "Costs: road = wood + brick · ship = wood + wool",
    "settlement = wood + brick + wool + grain · city = 2 grain + 3 ore",
    "development card = wool + grain + ore",
)


def text_hand(view: Mapping[str, Any]) -> str:
    return "\n".join(hand_lines(view))


def draw_hand(view: Mapping[str, Any]) -> bytes:
    lines = [ln.replace("**", "") for ln in hand_lines(view)]
    img = canvas(760, 30 + 26 * len(lines))
    d = ImageDraw.Draw(img)
    for i, ln in enumerate(lines):
        text(d, (16, 14 + 26 * i), ln, 16, pal.PARCHMENT, bold=i == 0)
    return to_png(img)


def text_board(view: Mapping[str, Any]) -> str:
    names = names_of(view)
    lines = [f"**Seafarers: {view.get('scenario_name', '')}** · round {view['round']} · "
             f"{view['target']} VP wins"]
    if view.get("dice"):
        a, b = view["dice"]
        lines.append(f"Dice: {a} + {b} = {a + b}")
    for p in range(view["n"]):
        info = view["players"][p]
        extra = []
        if view.get("longest") == p:
            extra.append("Longest Trade Route")
        if view.get("army") == p:
            extra.append("Largest Army")
        if info.get("special"):
            extra.append(f"{info['special']} special VP")
        lines.append(
            f"- {names[p]} ({PLAYER_NAME[p]}): {info['vp']} VP, {info['cards']} cards, "
            f"{info['devs']} development cards, {info['knights']} knights, route "
            f"{info['route']}" + (f" · {', '.join(extra)}" if extra else "")
        )
    if view.get("face_down"):
        tiles, chips = view["face_down"]
        lines.append(f"Face down: {tiles} tiles, {chips} number chips")
    if view.get("harbour_next"):
        kind = view["harbour_next"]
        tag = "3:1" if kind == "any" else f"2:1 {kind}"
        lines.append(f"Harbour to place: {tag} ({view.get('harbours_left', 0)} still to "
                     "place)")
    if view.get("result"):
        lines.append(fill_names(view["result"]["reason"], names))
    elif view.get("pending"):
        lines.append(fill_names(view["pending"], names, view.get("pending_seat"), "someone"))
    return "\n".join(lines)
