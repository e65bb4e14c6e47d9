"""Data and small helpers shared by the Sewer Pirats images and texts: player colours and
shapes, symbol and token colours, names, phase words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import fill_names
from engine.sewer_pirats.data import (
    BONUS_NAME,
    BOOTY_NAME,
    COLOURS,
    SHIPS,
    kind_of,
    value_of,
)
from render.palette import RGB
from render.text import printable

#: player colours of the box (seat order), each with its own shape for colour-blind
#: players; the letter colour readable on it
PLAYER_RGB: dict[str, RGB] = {
    "red": (198, 40, 40),
    "green": (46, 140, 60),
    "yellow": (240, 196, 40),
    "blue": (40, 92, 196),
    "black": (34, 34, 38),
}
PLAYER_INK: dict[str, RGB] = {
    "red": (255, 255, 255), "green": (255, 255, 255), "yellow": (30, 24, 10),
    "blue": (255, 255, 255), "black": (255, 255, 255),
}
SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "hexagon")
SHAPE_WORD: dict[str, str] = {
    "circle": "circle", "square": "square", "triangle": "triangle", "diamond": "diamond",
    "hexagon": "hexagon",
}

#: the Talisman symbols: colour (told apart by their drawn animal and name as well)
SYMBOL_RGB: dict[str, RGB] = {
    "cat": (142, 68, 160),
    "bird": (32, 120, 196),
    "fish": (18, 140, 118),
}

#: token colours, after the rulebook's corner colours
TOKEN_RGB: dict[str, RGB] = {
    "fries": (246, 204, 60),
    "noodles": (236, 132, 40),
    "burger": (150, 92, 52),
    "teddy": (236, 140, 176),
    "doll": (236, 140, 176),
    "can": (160, 166, 174),
    "ketchup": (246, 204, 60),
    "chili": (236, 132, 40),
    "milkshake": (150, 92, 52),
    "parrot": (236, 140, 176),
    "opener": (160, 166, 174),
}
TOKEN_INK: dict[str, RGB] = {
    "fries": (40, 28, 10), "noodles": (40, 20, 6), "burger": (255, 255, 255),
    "teddy": (50, 14, 30), "doll": (50, 14, 30), "can": (24, 26, 30),
    "ketchup": (40, 28, 10), "chili": (40, 20, 6), "milkshake": (255, 255, 255),
    "parrot": (50, 14, 30), "opener": (24, 26, 30),
}
#: short names on the tokens
TOKEN_SHORT: dict[str, str] = {
    "fries": "Fries", "noodles": "Noodles", "burger": "Burger", "teddy": "Teddy",
    "doll": "Doll", "can": "Can", "ketchup": "Ketchup", "chili": "Chili",
    "milkshake": "Shake", "parrot": "Parrot", "opener": "Opener",
}
#: what a bonus token boosts, in a word
BONUS_HINT: dict[str, str] = {
    "ketchup": "+5 fries", "chili": "+4 noodle", "milkshake": "+3 burger",
    "parrot": "1 + toys", "opener": "opens 1",
}
STAR_KINDS = frozenset({"teddy", "doll", "can"})

#: the letter on a figure (its tribe's name is written beside it)
TRIBE_LETTER: dict[str, str] = {
    "rat": "R", "raccoon": "Rc", "cockroach": "C", "weasel": "W", "snail": "S", "toad": "T",
}

PHASE_LABEL: dict[str, str] = {
    "tribe": "Choosing tribes",
    "auction": "Hiring the crew at the bar",
    "play": "",
    "over": "Game over",
}
VARIANT_LABEL: dict[str, str] = {
    "standard": "Standard game",
    "landlubber": "Landlubber variant",
    "auction": "Crew Member Auction",
}


def names_of(view: Mapping[str, Any]) -> list[str]:
    """Display names per seat, cleaned of characters the font cannot draw."""
    n = int(view["n"])
    given = list(view.get("names") or [])
    return [printable(str(given[i]), f"Pirat {i + 1}") if i < len(given) else f"Pirat {i + 1}"
            for i in range(n)]


def say(text: object, names: Sequence[str], seat: int | None = None) -> str:
    return fill_names(str(text), names, seat, unknown="A pirat")


def colour_of(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def shape_of(seat: int) -> str:
    return SHAPES[seat % len(SHAPES)]


def player_word(seat: int) -> str:
    """ "red circle": the colour and shape a player's figures wear."""
    return f"{colour_of(seat)} {SHAPE_WORD[shape_of(seat)]}"


def token_words(token: str) -> str:
    """ "French fries 3", "ketchup" """
    kind = kind_of(token)
    if kind in BONUS_NAME:
        return BONUS_NAME[kind]
    return f"{BOOTY_NAME[kind]} {value_of(token)}"


def list_words(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return "none"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def my_seat(view: Mapping[str, Any]) -> int:
    if "hand" not in view or view.get("seat") is None:
        raise ValueError(
            "A hand image needs a pirat's own view (with his 'hand'); this view has none, so "
            "it is a spectator's or another player's."
        )
    return int(view["seat"])


def ship_index(name: str) -> int:
    return SHIPS.index(name)

