"""The rules of every game, pure. ``GAMES[id]`` is the registry of the Game contract.

The registry is filled on first use, so ``import engine.core`` never pulls every game in.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

#: game id -> module under engine/ that defines ``GAME`` (one package per game)
_PACKAGES: dict[str, str] = {
    "all-hands": "engine.all_hands",
    "seafarers": "engine.seafarers",
    "neuroshima": "engine.neuroshima",
    "pirate-tricks": "engine.pirate_tricks",
    "sewer-pirats": "engine.sewer_pirats",
}

_games: dict[str, Any] = {}


def _registry() -> dict[str, Any]:
    if not _games:
        for gid, mod in _PACKAGES.items():
            _games[gid] = import_module(mod).GAME
    return _games


def get_game(game_id: str) -> Any:
    games = _registry()
    try:
        return games[game_id]
    except KeyError:
        raise ValueError(
            f"Unknown game {game_id!r}; the games are: {', '.join(sorted(games))}."
        ) from None


def __getattr__(name: str) -> Any:
    if name == "GAMES":
        return _registry()
    raise AttributeError(name)


def register(game: Any) -> None:
    """Add a game object to the registry (the test suite registers small fixture games)."""
    _registry()[game.id] = game
