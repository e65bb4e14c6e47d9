"""Sewer Pirats: random games per second and board / hand render times. Prints figures.

    .venv/bin/python bench/bench_sewer_pirats.py [seconds-per-run] [runs]

Targets (issue "Sewer Pirats"): at least 300 random games per second on one core (one game:
setup, then random legal moves of the waiting seats to the end), and a board under 50 ms.

Each variant and player count is measured in several runs (new seeds each run) and both the
best and the median run are printed: on a shared machine another job only ever slows a run
down, so the best run is the closest to the code's own speed (as ``timeit`` advises), and
the median says what a busy machine gives. The interpreter is printed too, as builds differ:
the official Docker image the bot ships in (python:3.11-slim) and Debian's python3.11 are
built with profile-guided and link-time optimisation, and run this code 20-35% faster than
a CPython compiled without them (as pyenv builds by default).
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import render  # noqa: E402
from engine import get_game  # noqa: E402

GID = "sewer-pirats"
GAME = get_game(GID)
NAMES = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read", "Ching Shih"]


def random_games(n: int, variant: str, seconds: float, run: int = 0) -> tuple[float, int]:
    """Games per second (CPU time of this process) and games played; ``run`` picks the seeds."""
    rng = random.Random(f"{n}-{run}")
    games = 0
    cpu = time.process_time()
    while time.process_time() - cpu < seconds:
        state = GAME.setup(n, {"variant": variant}, f"bench-{n}-{run}-{games}")
        while GAME.result(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        games += 1
    return games / (time.process_time() - cpu), games


def views(n: int, count: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Spectator views and a player's own views from games the heuristic AI plays."""
    rng = random.Random(n)
    boards: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    k = 0
    while len(boards) < count:
        s = GAME.setup(n, {}, f"bench-render-{n}-{k}")
        k += 1
        step = 0
        while GAME.result(s) is None and len(boards) < count:
            if step % 5 == 0:
                boards.append({**GAME.view(s, None), "names": NAMES[:n]})
                hands.append({**GAME.view(s, rng.randrange(n)), "names": NAMES[:n]})
            seat = rng.choice(sorted(GAME.to_act(s)))
            action = GAME.ai_action(s, seat, rng, "easy") or rng.choice(GAME.legal_actions(s, seat))
            GAME.apply(s, seat, action)
            step += 1
    return boards, hands


def timed(draw, vs: list[dict[str, Any]]) -> tuple[float, float]:
    """Median CPU milliseconds and median size in KB (caches warmed first, as in the bot)."""
    for v in vs[:3]:
        draw(GID, v)
    ms, kb = [], []
    for v in vs:
        start = time.process_time()
        data = draw(GID, v)
        ms.append((time.process_time() - start) * 1000)
        kb.append(len(data) / 1024)
    return statistics.median(ms), statistics.median(kb)


def interpreter() -> str:
    """Which CPython runs the bench: builds differ in speed (see the module docstring)."""
    return f"Python {platform.python_version()} at {sys.executable}"


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    print(f"Sewer Pirats, one core (CPU time); {interpreter()}")
    print(f"  random games per second, best and median of {runs} runs of {seconds:g} s:")
    for variant in GAME.options["variant"].values:
        for n in range(GAME.min_players, GAME.max_players + 1):
            rates = [random_games(n, variant, seconds, run)[0] for run in range(runs)]
            print(f"  {variant:<10} {n} players: best {max(rates):6.1f}, "
                  f"median {statistics.median(rates):6.1f}")
    for n in (2, 5):
        boards, hands = views(n, 40)
        b_ms, b_kb = timed(render.draw_board, boards)
        h_ms, h_kb = timed(render.draw_hand, hands)
        print(f"  {n} players: board {b_ms:5.1f} ms ({b_kb:.0f} KB), hand {h_ms:5.1f} ms "
              f"({h_kb:.0f} KB)  [targets: 300 games/s, board < 50 ms]")


if __name__ == "__main__":
    main()
