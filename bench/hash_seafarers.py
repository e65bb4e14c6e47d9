"""A fingerprint of seeded Seafarers games, to show that a pure speed change plays every
scenario exactly as before. Prints one SHA-256 per scenario and player count, and one over
everything.

    .venv/bin/python bench/hash_seafarers.py [--moves-only] [games-per-count] [scenario ...]

Run it before and after a change: the hashes must be equal. ``--moves-only`` leaves the
labels out (for a change meant to correct a label: the games must still play the same). Per scenario and count it
plays ``games`` random games (each waiting seat in turn picks uniformly among its legal
moves, player offers included, as bench_seafarers.py does), one game of the same seeds
without player offers, and one heuristic-AI game, and hashes, move by move: the legal
moves of the seat that moves (kind, args, label, in order), the move, its events (kind,
text, addressees), and every 20 moves the public view, the mover's view and the dump; at
the end the result and the dump. The random player picks by position in the list, so the
order of the legal moves is part of the fingerprint too. An illegal move tried every 50
moves must be refused and leave the dump as it was (the contract's check, done here so
that a fast path for the moves legal_actions listed cannot hide a change in the slow one).
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import hash_games  # noqa: E402

from engine import get_game  # noqa: E402
from engine.seafarers.scenario_rules import SCENARIOS  # noqa: E402

GAME = get_game("seafarers")
#: hash the labels of the moves too (--moves-only: not)
LABELS = True


def play(scenario: str, n: int, seed: str, h: Any, mode: str) -> int:
    """One game into ``h``; ``mode``: "random", "no-offers" or "ai". Returns its moves."""
    return hash_games.play(GAME, n, {"scenario": scenario}, seed, h, mode == "ai",
                           labels=LABELS, worlds=False,
                           never="offer" if mode == "no-offers" else None)


def main() -> None:
    global LABELS
    LABELS, games, only = hash_games.arguments(3)
    total = hashlib.sha256()
    for sid, rules in SCENARIOS.items():
        if only and sid not in only:
            continue
        for n in rules.players:
            h = hashlib.sha256()
            moves = 0
            for k in range(games):
                moves += play(sid, n, f"hash-{sid}-{n}-{k}", h, "random")
            moves += play(sid, n, f"hash-{sid}-{n}-0", h, "no-offers")
            moves += play(sid, n, f"hash-{sid}-{n}-ai", h, "ai")
            total.update(h.digest())
            print(f"{sid:20} {n} players: {h.hexdigest()} ({moves} moves)", flush=True)
    print(f"all: {total.hexdigest()}")


if __name__ == "__main__":
    main()
