"""Instructions per random game, counted by valgrind: a speed figure that does not depend on
how fast or how busy the machine is. Prints figures.

    .venv/bin/python bench/bench_instructions.py [games-per-count] [game-id ...]

Why: the development machine is a shared virtual machine whose speed drifts by half within
an hour (Catanatron, the pure-Python Catan engine the Seafarers issue names as its anchor,
ran 10 to 18 random 4-player games per second here on 2026-11-23, where the issue measured
about 22), so games per second from the timing benches move with it. Instruction counts do
not: the same code and seeds give the same count on any day.

How: for each game, variant and player count, a child process under ``valgrind
--tool=cachegrind --cache-sim=no`` plays a few warm-up games (so the engine's caches are as
warm as in a running bot), then the measured games; the same child with the warm-up games
only is subtracted. One game: setup, then every waiting seat picks uniformly among its
legal moves until the game ends, as in the timing benches (same seeds). ``counted`` also
takes a game's options and a kind of move never chosen: ``bench_seafarers.py
--vs-catanatron`` counts random ``classic`` Seafarers games that way, without the move that
starts a player offer.

At anchor speed: Catanatron 3.2.1 counted the same way took 10,519 million instructions for
32,496 actions of 30 random 4-player games (324,000 per action), and its random games take
about 970 actions (mean over 1,205 games timed here): about 314 million instructions a game.
At the issue's 22 games per second that is 6.9 billion CPython instructions per second,
the machine's speed when the targets were set; the last column divides it by our count.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import get_game  # noqa: E402

#: CPython instructions per second when the issues' anchor was measured (see above)
ANCHOR_RATE = 314e6 * 22
#: the games measured by default, with the games per count (Seafarers games are long)
DEFAULT = {"sewer-pirats": 30, "seafarers": 6, "pirate-tricks": 30, "neuroshima": 20}
#: warm-up games before the measured ones (a Seafarers game warms the caches of its board)
WARM = {"seafarers": 2}


def play(game_id: str, n: int, options: dict, first: int, count: int,
         skip: str = "") -> int:
    """Play random games ``first`` .. ``first + count - 1``, never choosing a move of kind
    ``skip`` (Seafarers: "offer", as Catanatron's random players make no player trades);
    returns the moves made."""
    game = get_game(game_id)
    moves = 0
    for k in range(first, first + count):
        rng = random.Random(f"{game_id}-{n}-{k}")
        state = game.setup(n, options, f"instructions-{n}-{k}")
        while game.result(state) is None:
            seat = rng.choice(sorted(game.to_act(state)))
            legal = game.legal_actions(state, seat)
            if skip:
                legal = [a for a in legal if a.kind != skip]
            game.apply(state, seat, rng.choice(legal))
            moves += 1
    return moves


def counted(game_id: str, n: int, variant: str | None, games: int,
            options: dict | None = None, skip: str = "") -> tuple[int, int]:
    """Instructions of ``games`` measured games (after the warm-up) and their moves;
    ``options`` (instead of the variant) and ``skip`` as in :func:`play`."""
    if options is None:
        options = {"variant": variant} if variant else {}
    totals = []
    for measured in (0, games):
        out = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no",
             "--cachegrind-out-file=/dev/null", sys.executable, __file__, "--child",
             game_id, str(n), json.dumps(options), skip, str(measured)],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
        moves = re.search(r"^moves (\d+)$", out.stdout, re.M)
        if refs is None or moves is None:
            raise RuntimeError(f"valgrind said: {out.stderr[-500:]}")
        totals.append((int(refs.group(1).replace(",", "")), int(moves.group(1))))
    return totals[1][0] - totals[0][0], totals[1][1]


def child(game_id: str, n: int, options: str, skip: str, measured: int) -> None:
    warm = WARM.get(game_id, 10)
    play(game_id, n, json.loads(options), 0, warm, skip)
    print("moves", play(game_id, n, json.loads(options), warm, measured, skip))


def main() -> None:
    if shutil.which("valgrind") is None:
        print("bench_instructions: valgrind is not installed (apt install valgrind); skipped.")
        return
    args = sys.argv[1:]
    per_count = int(args.pop(0)) if args and args[0].isdigit() else None
    ids = args or list(DEFAULT)
    print(f"instructions per random game (valgrind), after warm-up games; games/s at "
          f"anchor speed = {ANCHOR_RATE / 1e9:.1f} G instructions/s / that")
    for game_id in ids:
        game = get_game(game_id)
        games = per_count or DEFAULT.get(game_id, 20)
        variant_option = game.options.get("variant")
        variants = list(variant_option.values) if variant_option else [None]
        for variant in variants:
            for n in range(game.min_players, game.max_players + 1):
                ins, moves = counted(game_id, n, variant, games)
                per_game = ins / games
                name = f"{game_id} {variant or ''}".strip()
                print(f"  {name:<24} {n} players: {per_game / 1e6:8.2f} M per game "
                      f"({moves / games:6.0f} moves, {ins / max(1, moves) / 1e3:5.1f} k per "
                      f"move; {games} games) -> {ANCHOR_RATE / per_game:7.1f} games/s")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], int(sys.argv[6]))
    else:
        main()
