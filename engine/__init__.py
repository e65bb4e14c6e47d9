"""The rules of every game, pure. ``GAMES[id]`` is the registry of the Game contract."""

from __future__ import annotations

from importlib import import_module

from engine.core import Game

#: game id -> module under engine/ that defines ``GAME`` (one package per game)
_PACKAGES: dict[str, str] = {
    "all-hands": "engine.all_hands",
}

GAMES: dict[str, Game] = {}
for _gid, _mod in _PACKAGES.items():
    GAMES[_gid] = import_module(_mod).GAME


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(
            f"Unknown game {game_id!r}; the games are: {', '.join(sorted(GAMES))}."
        ) from None
