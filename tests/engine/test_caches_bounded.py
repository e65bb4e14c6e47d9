"""Every cache of the engines is bounded (the reliability issue, item 8: the bot's memory grew
with every game it hosted, through engine caches that were never emptied).

A cache is a module-level dict, list, set or tuple of dicts, or a ``functools.lru_cache``,
of a module under ``engine/`` that playing games makes grow. Each declares its bound: an
``lru_cache`` its ``maxsize``; a container a constant named after it with ``_BOUND``
(``_ONCE`` and ``_ONCE_BOUND``; for a tuple of dicts, the bound of each dict).
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import engine
from engine.core import Action

#: random games played per game id, cycling through its player counts (and variants)
GAMES = {"sewer-pirats": 48, "all-hands": 5, "pirate-tricks": 9, "neuroshima": 6,
         "seafarers": 4}


def engine_modules() -> list[ModuleType]:
    """Every module of the engine package, imported."""
    names = [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")]
    return [importlib.import_module(name) for name in names]


def entries(obj: Any) -> list[int] | None:
    """The entries of a cache (one figure per dict of a tuple of dicts); None: not one."""
    if callable(getattr(obj, "cache_info", None)):
        return [obj.cache_info().currsize]
    if isinstance(obj, dict | list | set):
        return [len(obj)]
    if isinstance(obj, tuple) and obj and all(isinstance(d, dict) for d in obj):
        return [len(d) for d in obj]
    return None


def containers(modules: list[ModuleType]) -> Iterator[tuple[str, Any, int | None]]:
    """(``module.name``, the object, its declared bound or None) for every module-level
    container and lru_cache of ``modules``."""
    for module in modules:
        for name, obj in vars(module).items():
            if name.startswith("__") or isinstance(obj, ModuleType | type):
                continue
            if callable(obj) and getattr(obj, "__module__", None) != module.__name__:
                continue  # a function imported from another module is checked there
            if entries(obj) is None:
                continue
            params = getattr(obj, "cache_parameters", None)
            if callable(params):
                bound = params()["maxsize"]
            else:
                declared = getattr(module, f"{name}_BOUND", None)
                bound = declared if isinstance(declared, int) else None
            yield f"{module.__name__}.{name}", obj, bound


def sizes(modules: list[ModuleType]) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for name, obj, _ in containers(modules):
        size = entries(obj)
        assert size is not None
        found[name] = size
    return found


def play(game_id: str, games: int, seed: str, check: Any = None) -> list[Any]:
    """Random games to the end, seeded; a transcript of every legal move (kind, arguments,
    label), event and result. Every third move is applied as a copy made from its dict
    (the path of a typed move or one read back from the log); every fifth, the public view
    is drawn up, as the bot does after moves. ``check`` runs after every move."""
    game = engine.get_game(game_id)
    variants = list(game.options["variant"].values) if "variant" in game.options else [None]
    counts = range(game.min_players, game.max_players + 1)
    said: list[Any] = []
    moves = 0
    for k in range(games):
        n = counts[k % len(counts)]
        variant = variants[k // len(counts) % len(variants)]
        options = {} if variant is None else {"variant": variant}
        rng = random.Random(f"{seed}-{k}")
        state = game.setup(n, options, f"{seed}-{k}")
        while game.result(state) is None:
            seat = rng.choice(sorted(game.to_act(state)))
            legal = game.legal_actions(state, seat)
            said.append([(a.kind, dict(a.args), a.label) for a in legal])
            action = rng.choice(legal)
            if moves % 3 == 0:
                action = Action.from_dict(action.to_dict())
            said.append([e.to_dict() for e in game.apply(state, seat, action)])
            if moves % 5 == 0:
                game.view(state, None)
            moves += 1
            if check is not None:
                check()
        said.append(game.result(state))
    return said


@pytest.mark.parametrize("game_id", [
    "sewer-pirats", "all-hands", "pirate-tricks", "neuroshima",
    "seafarers",
])
def test_every_cache_a_game_fills_declares_a_bound_and_keeps_to_it(game_id: str) -> None:
    modules = engine_modules()
    before = sizes(modules)
    play(game_id, GAMES[game_id], "bounded")
    bounds = {name: bound for name, _, bound in containers(modules)}
    after = sizes(modules)
    grown = sorted(name for name, size in after.items() if size != before.get(name))
    assert [name for name in grown if bounds[name] is None] == []
    assert [(name, after[name], bounds[name]) for name in after
            if bounds[name] is not None and max(after[name], default=0) > bounds[name]] == []


def empty(obj: Any) -> None:
    if callable(getattr(obj, "cache_clear", None)):
        obj.cache_clear()
    else:
        for part in obj if isinstance(obj, tuple) else (obj,):
            part.clear()


def test_sewer_pirats_plays_the_same_with_its_caches_emptied_all_the_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the caches emptied to begin with and every bound at 2, so that they are emptied
    again many times a move, the games must not change (a move listed before its cache was
    emptied still applies), and no cache may ever hold more than its bound."""
    modules = [m for m in engine_modules() if m.__name__.startswith("engine.sewer_pirats")]
    unplayed = sizes(modules)
    play("sewer-pirats", 8, "warm-up")
    caches = [(name, obj) for name, obj, _ in containers(modules)
              if entries(obj) != unplayed[name]]
    assert caches, "random play fills the rules' caches"
    reference = play("sewer-pirats", 24, "emptied")
    for module in modules:
        for name in list(vars(module)):
            if name.endswith("_BOUND"):
                monkeypatch.setattr(module, name, 2)
    for _, obj in caches:
        empty(obj)
    emptied = sizes(modules)

    def within_bounds() -> None:
        for name, obj, bound in containers(modules):
            size = entries(obj)
            assert size is not None
            if size != emptied[name]:  # a cache (constant tables never change)
                assert bound is not None and max(size) <= bound, (name, size, bound)

    assert play("sewer-pirats", 24, "emptied", check=within_bounds) == reference
