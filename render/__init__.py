"""Images and their text twins, drawn from views (dicts) only. Pure: a view in, bytes out.

``draw_board`` draws the public table (pass the spectator view, seat None, so it cannot
hold anything hidden), ``draw_hand`` one seat's private view; ``text_board`` and
``text_hand`` say the same in Markdown, for the message text and for screen readers.
Each game has a module here with ``draw_board``, ``draw_hand``, ``text_board`` and
``text_hand``; :data:`RENDERERS` maps game ids to them. The boards are landscape, for the
box Discord fits an inline image into; ``render.headline`` draws their header band, whose
key lines (who acts and what is asked, the score line) stay legible in that box.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import ModuleType
from typing import Any

#: game id -> module under render/ drawing that game (imported on first use)
RENDERERS: dict[str, str] = {
    "all-hands": "render.all_hands",
    "seafarers": "render.seafarers",
    "neuroshima": "render.neuroshima",
    "pirate-tricks": "render.pirate_tricks",
    "sewer-pirats": "render.sewer_pirats",
}


def renderer(game_id: str) -> ModuleType:
    try:
        name = RENDERERS[game_id]
    except KeyError:
        raise ValueError(
            f"No renderer for game {game_id!r}; there are renderers for: "
            f"{', '.join(sorted(RENDERERS))}."
        ) from None
    return import_module(name)


def draw_board(game_id: str, view: Mapping[str, Any]) -> bytes:
    """PNG of the public table from ``view`` (draws only public keys of the view)."""
    return renderer(game_id).draw_board(view)


def draw_hand(game_id: str, view: Mapping[str, Any]) -> bytes:
    """PNG of a seat's own hand; ``view`` must be that seat's view (ValueError otherwise)."""
    return renderer(game_id).draw_hand(view)


def text_board(game_id: str, view: Mapping[str, Any]) -> str:
    """Markdown twin of :func:`draw_board`."""
    return renderer(game_id).text_board(view)


def text_hand(game_id: str, view: Mapping[str, Any]) -> str:
    """Markdown twin of :func:`draw_hand`."""
    return renderer(game_id).text_hand(view)
