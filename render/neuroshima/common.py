"""Shared data of the Neuroshima images: hex geometry in pixels, army colours, names."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import fill_names
from engine.neuroshima.board import BY_LABEL, COORDS
from render.text import printable

#: centre-to-corner radius of a board hex, pixels: large enough that every tile's whole name
#: fits between its printed marks at 14 px or more (tests/render/test_neuroshima.py)
R = 66
SQ3 = math.sqrt(3)

ARMY_NAME = {"pirates": "Pirates", "moloch": "Moloch"}
#: light sand for the Pirates, dark steel for Moloch: apart in lightness as well as hue
ARMY_FILL = {"pirates": (226, 196, 128), "moloch": (78, 84, 96)}
ARMY_INK = {"pirates": (40, 27, 17), "moloch": (245, 245, 245)}
ARMY_SOFT = {"pirates": (102, 76, 40), "moloch": (196, 200, 208)}
ARMY_EDGE = {"pirates": (150, 108, 28), "moloch": (30, 32, 38)}
WATER_FILL = (92, 142, 186)
LAND_FILL = (150, 138, 112)
WOUND = (168, 40, 32)


def centre(label: str, ox: float, oy: float) -> tuple[float, float]:
    """Pixel centre of a space (flat-top hexes, axial coordinates)."""
    q, r = COORDS[BY_LABEL[label.lower()]]
    return ox + 1.5 * R * q, oy + SQ3 * R * (r + q / 2)


def names_of(view: Mapping[str, Any]) -> list[str]:
    given = list(view.get("names") or [])
    return [printable(str(given[i]), f"Player {i + 1}") if i < len(given) else f"Player {i + 1}"
            for i in range(2)]


def say(text: object, names: Sequence[str], seat: int | None = None) -> str:
    return fill_names(str(text), names, seat, unknown="A player")


def army_of(view: Mapping[str, Any], seat: int) -> str:
    return str(view["armies"][seat])
