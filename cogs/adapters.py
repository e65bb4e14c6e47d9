"""How a game looks on Discord beyond what every game shares.

The generic table commands work for any game of the engine contract: the turn message, the
private panel of legal actions and the DMs. A game may say more through an adapter: which of
its actions deserve a button, which steps a multi-pick menu can send as one batch (a bid of
several cards), what the waiting players are asked, and when a new round begins (a new
board is posted then, instead of the last one being edited).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from engine.core import Action

#: game id -> module under cogs/ that defines ``ADAPTER`` and its command cog ``COG``
_MODULES: dict[str, str] = {
    "all-hands": "cogs.all_hands",
    "neuroshima": "cogs.neuroshima",
    "pirate-tricks": "cogs.pirate_tricks",
    "seafarers": "cogs.seafarers",
    "sewer-pirats": "cogs.sewer_pirats",
}


@dataclass
class Batch:
    """A multi-pick menu: the picked ``steps`` are applied in order, then ``finish``.

    ``most`` is how many picks are still allowed (None: as many as there are steps); the
    menu offers no more (issue 14: the Pirate Tricks ditch menu let a player pick two cards
    when one ditch was left, and the engine refused the second)."""

    placeholder: str
    steps: list[Action]
    finish: Action | None = None
    most: int | None = None


@dataclass
class Panel:
    """A seat's private menu: buttons, multi-pick menus, and single-pick menus."""

    buttons: list[Action] = field(default_factory=list)
    #: rows of five buttons at most; buttons that do not fit go to the menu
    button_rows: int = 1
    batches: list[Batch] = field(default_factory=list)
    menu: list[Action] = field(default_factory=list)
    menu_placeholder: str = "Choose your move…"


class GameAdapter:
    """The defaults: every legal action in a menu, a plain prompt, no rounds."""

    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        return Panel(menu=list(actions))

    def prompt(self, view: Mapping[str, Any]) -> str:
        """What the waiting players are asked to do (names filled, no mentions)."""
        return "Your move."

    def extra_files(
        self, before: Mapping[str, Any] | None, after: Mapping[str, Any]
    ) -> list[tuple[str, bytes, str]]:
        """Pictures to post with a fresh board besides it: (file name, bytes, description).
        Called off the event loop with the public views before and after the change."""
        return []

    def epoch(self, view: Mapping[str, Any]) -> Hashable:
        """A value that changes when a new round begins (a fresh board is posted then)."""
        return view.get("round")

    def headline(self, view: Mapping[str, Any], title: str) -> str:
        rnd = view.get("round")
        return f"{title}, round {rnd}" if rnd is not None else title


DEFAULT = GameAdapter()


def game_cog_classes() -> list[type]:
    """The command cog of every game that has one (its module's ``COG``)."""
    return [import_module(name).COG for name in _MODULES.values()]


def move_command(game_id: str) -> str:
    """The command that reaches every legal move of the game, e.g. "/ahod move"."""
    name = _MODULES.get(game_id)
    group = import_module(name).COG.__cog_group_name__ if name else None
    return f"/{group} move" if group else "/game hand"


def adapter(game_id: str) -> GameAdapter:
    name = _MODULES.get(game_id)
    if name is None:
        return DEFAULT
    return import_module(name).ADAPTER
