"""A fingerprint of seeded games of every game, to show that a change meant to move code
around (or to make it faster) plays every game exactly as before. Prints one SHA-256 per
game, player count and option set, one per game, and one over everything.

    .venv/bin/python bench/hash_games.py [--moves-only] [games-per-count] [game-id ...]

Run it before and after a change: the hashes must be equal. ``--moves-only`` leaves the
labels out (for a change meant to correct a label: the games must still play the same).
Per game and player count it plays ``games`` random games with the standard options (each
waiting seat in turn, picked at random, picks uniformly among its legal moves), one random
game for each other value of each option (the other options at their defaults), and one
game of the game's heuristic AI (``ai_action``), and hashes, move by move: the legal moves
of the seat that moves (kind, args, label, in order), the move, its events (kind, text,
addressees, data), and every 20 moves the public view, the mover's view, the dump, a world
``determinize`` deals for the mover (its dump and the mover's view of it, from a fixed
seed) and the AI's ``evaluate`` for the mover; at the end the result and the dump. An
illegal move tried every 50 moves must be refused and leave the dump as it was. Seafarers
plays its default scenario here; bench/hash_seafarers.py plays every scenario. A game whose
package does not import (a change under way) is named and skipped: the others still print.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import _PACKAGES  # noqa: E402
from engine.core import Action, IllegalAction  # noqa: E402

#: hash the labels of the moves too (--moves-only: not)
LABELS = True


def canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, default=sorted)


def option_sets(game: Any) -> list[dict]:
    """The standard options, then each other value of each option on its own."""
    sets: list[dict] = [{}]
    for name, spec in game.options.items():
        sets += [{name: v} for v in spec.values if v != spec.default]
    return sets


def hash_move(h: Any, game: Any, state: Any, seat: int, legal: list, action: Action,
              steps: int, labels: bool, world_seed: str | None = None) -> None:
    """One move into ``h`` and played: the seat's legal moves, an illegal move refused every
    50 moves (the dump unchanged), the move and its events, and every 20 moves the views and
    the dump. ``world_seed``: also the events' data and, every 20 moves, a world
    ``determinize`` deals from that seed and the AI's ``evaluate`` (bench/hash_seafarers.py
    plays without them, as its fingerprints always did)."""
    h.update(canonical([seat, [[a.kind, a.args, a.label if labels else ""]
                           for a in legal]]).encode())
    if steps % 50 == 25:
        before = canonical(game.dump(state))
        try:
            game.apply(state, seat, Action("no such move", {"x": 1}))
        except IllegalAction as refused:
            h.update(str(refused).encode())
        else:
            raise AssertionError("an illegal move was accepted")
        if canonical(game.dump(state)) != before:
            raise AssertionError("a refused move changed the state")
    events = game.apply(state, seat, action)
    h.update(canonical([action.kind, action.args, action.label if labels else ""]).encode())
    for e in events:
        said = [e.kind, e.text, None if e.to is None else sorted(e.to)]
        h.update(canonical(said + [e.data] if world_seed is not None else said).encode())
    if steps % 20 == 0:
        h.update(canonical([game.view(state, None), game.view(state, seat),
                        game.dump(state)]).encode())
        if world_seed is not None:
            world = game.determinize(state, seat, random.Random(world_seed))
            h.update(canonical([game.dump(world), game.view(world, seat)]).encode())
            if hasattr(game, "evaluate"):
                h.update(repr(game.evaluate(state, seat)).encode())


def play(game: Any, n: int, options: dict, seed: str, h: Any, ai: bool, *,
         labels: bool | None = None, worlds: bool = True, never: str | None = None) -> int:
    """One game into ``h``, random or by the heuristic AI. Returns its moves (0 when the
    options refuse this player count: a Seafarers scenario for 4 players only).
    ``labels``: hash the moves' labels (None: as ``--moves-only`` says); ``worlds``: hash a
    world ``determinize`` deals at each move; ``never``: a kind of move random play never
    chooses (hash_seafarers.py's "no-offers")."""
    labels = LABELS if labels is None else labels
    try:
        state = game.setup(n, options, seed)
    except ValueError as refused:
        h.update(str(refused).encode())
        return 0
    rng = random.Random(seed)
    steps = 0
    while game.result(state) is None:
        if ai:
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            action = game.ai_action(state, seat, rng) or rng.choice(legal)
        else:
            seat = rng.choice(sorted(game.to_act(state)))
            legal = [a for a in game.legal_actions(state, seat) if a.kind != never]
            action = rng.choice(legal)
        hash_move(h, game, state, seat, legal, action, steps, labels,
                  world_seed=f"{seed}/{steps}" if worlds else None)
        steps += 1
    h.update(canonical([game.result(state), game.dump(state)]).encode())
    return steps


def arguments(default_games: int) -> tuple[bool, int, set[str]]:
    """The command line, ``[--moves-only] [games] [id ...]``: whether labels are hashed,
    the games per count, and the ids asked for (none: all)."""
    args = sys.argv[1:]
    labels = not (args and args[0] == "--moves-only")
    if not labels:
        args.pop(0)
    games = int(args.pop(0)) if args and args[0].isdigit() else default_games
    return labels, games, set(args)


def main() -> None:
    global LABELS
    LABELS, games, only = arguments(5)
    total = hashlib.sha256()
    for gid, module in sorted(_PACKAGES.items()):
        if only and gid not in only:
            continue
        try:
            game = import_module(module).GAME
        except Exception as failed:  # noqa: BLE001 (named and skipped, see the docstring)
            print(f"{gid:14} not loaded: {failed!r}", flush=True)
            continue
        per_game = hashlib.sha256()
        for n in range(game.min_players, game.max_players + 1):
            for options in option_sets(game):
                h = hashlib.sha256()
                name = ",".join(f"{k}={v}" for k, v in options.items()) or "standard"
                moves = 0
                for k in range(games if not options else 1):
                    moves += play(game, n, options, f"hash-{gid}-{n}-{name}-{k}", h, False)
                if not options and hasattr(game, "ai_action"):
                    moves += play(game, n, options, f"hash-{gid}-{n}-ai", h, True)
                per_game.update(h.digest())
                print(f"{gid:14} {n} {name:32} {h.hexdigest()} ({moves} moves)", flush=True)
        total.update(per_game.digest())
        print(f"{gid:14} all: {per_game.hexdigest()}", flush=True)
    print(f"all: {total.hexdigest()}")


if __name__ == "__main__":
    main()
