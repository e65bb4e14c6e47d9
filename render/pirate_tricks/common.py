"""Data and small helpers shared by the Pirate Tricks images and texts: colours and their
shapes, phase words, names, the players' public lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import fill_names
from engine.pirate_tricks.cards import COLOUR_NAMES, FACTIONS, NAMES
from engine.pirate_tricks.scorecards import CARDS
from render import palette as pal
from render.palette import RGB
from render.text import printable

#: colour letter -> card colour; each colour also has a letter and a shape on the cards
#: (red diamond, green circle, blue square), so nobody needs to tell the hues apart
COLOUR: dict[str, RGB] = {"R": (184, 36, 34), "G": (16, 122, 64), "B": (36, 86, 176)}
SHAPE: dict[str, str] = {"R": "diamond", "G": "circle", "B": "square"}
KIND_COLOUR: dict[str, RGB] = {
    "recruitment": (52, 84, 140),
    "treasure": (150, 108, 28),
    "capture": (140, 40, 34),
}
BACK: RGB = (44, 38, 72)
COIN: RGB = pal.GOLD

PHASE_LABEL: dict[str, str] = {
    "bid": "Row bidding",
    "reveal": "Tie-break",
    "choose": "Tie-break: choosing",
    "ditch": "Ditch two",
    "predict": "Predictions",
    "play": "Tricks",
    "over": "Game over",
}

SIZES: dict[str, tuple[int, int]] = {"L": (92, 128), "M": (76, 106), "S": (54, 76)}
RADIUS: dict[str, int] = {"L": 10, "M": 9, "S": 7}


def names_of(view: Mapping[str, Any]) -> list[str]:
    """Display names per seat, cleaned of characters the font cannot draw."""
    n = int(view["n"])
    given = list(view.get("names") or [])
    return [
        printable(str(given[i]), f"Player {i + 1}") if i < len(given) else f"Player {i + 1}"
        for i in range(n)
    ]


def say(text: object, names: Sequence[str], seat: int | None = None) -> str:
    """An engine sentence with names filled in ("{p2}", "{name}")."""
    return fill_names(str(text), names, seat, unknown="A player")


def card_words(code: str) -> str:
    """ "red 13" """
    return NAMES[code]


def colour_words(colour: str) -> str:
    return f"{COLOUR_NAMES[colour]} ({FACTIONS[colour]})"


def score_name(code: str) -> str:
    return CARDS[code].name


def round_words(view: Mapping[str, Any]) -> str:
    return f"Round {view.get('round')} of {view.get('rounds')}"


def my_seat(view: Mapping[str, Any]) -> int:
    if "hand" not in view or view.get("seat") is None:
        raise ValueError(
            "A hand image needs a player's own view (with his 'hand'); this view has none, "
            "so it is a spectator's or another player's."
        )
    return int(view["seat"])


def row_words(r: int) -> str:
    return f"Row {r + 1}"


def status(view: Mapping[str, Any], seat: int) -> str:
    """What a player is doing now, in a few public words."""
    phase = view.get("phase")
    to_act = seat in (view.get("to_act") or [])
    rows = view.get("rows") or []
    owned = [r for r, row in enumerate(rows) if row.get("owner") == seat]
    if phase == "bid":
        bidding = view.get("bidding") or {}
        if seat in (bidding.get("placed") or []):
            return "sealed bid placed"
        if to_act:
            return "bidding…"
        return f"took row {owned[0] + 1}" if owned else "waiting"
    if phase in ("reveal", "choose"):
        tie = view.get("tie") or {}
        if phase == "choose" and tie.get("chooser") == seat:
            return "chooses who takes the row"
        if seat in (tie.get("placed") or []):
            return "tie-break card placed"
        if to_act:
            return "picking a tie-break card…"
        if seat in (tie.get("seats") or []):
            return "in the tie"
        return f"took row {owned[0] + 1}" if owned else "waiting"
    if phase == "ditch":
        k = int((view.get("ditched") or [0] * (seat + 1))[seat])
        return "ditched two" if k >= 2 else f"ditching… ({k}/2)"
    if phase == "predict":
        p = (view.get("predictions") or [None] * (seat + 1))[seat]
        if p is not None:
            return f"predicts {p}"
        return "predicting…" if to_act else "to predict"
    if phase == "play":
        return "to play" if to_act else ""
    return ""


def recruit_total(view: Mapping[str, Any], seat: int) -> int | None:
    rec = view.get("recruitment")
    if not rec:
        return None
    return sum(int(x.get("loon") or 0) for x in rec[seat])


def list_words(items: Sequence[str]) -> str:
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]
