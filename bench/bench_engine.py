"""Random actions per second for every game, and AI move times. Prints figures.

    .venv/bin/python bench/bench_engine.py [seconds-per-game]

Target (All Hands on Deck!): at least 20,000 random actions per second on one core, where
one action is choosing among `legal_actions` and `apply`. AI: a move in at most 2 s.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import GAMES  # noqa: E402
from engine.ai import choose  # noqa: E402


def random_actions_per_second(game, n: int, seconds: float) -> tuple[float, float, int]:
    rng = random.Random(n)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.setup(n, {}, f"bench-{games}")
        while game.result(state) is None:
            seat = rng.choice(sorted(game.to_act(state)))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed, games


def ai_move_times(game, level: str, samples: int = 5) -> list[float]:
    rng = random.Random(7)
    times = []
    state = game.setup(game.max_players, {}, "bench-ai")
    while len(times) < samples and game.result(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        start = time.perf_counter()
        action = choose(game, state, seat, rng, level)
        times.append(time.perf_counter() - start)
        game.apply(state, seat, action)
    return times


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for gid, game in sorted(GAMES.items()):
        print(f"== {game.title} ({gid})")
        for n in range(game.min_players, game.max_players + 1):
            aps, gps, played = random_actions_per_second(game, n, seconds)
            print(f"  {n} players: {aps:>9,.0f} random actions/s  {gps:7.1f} games/s  ({played} games)")
        for level in ("easy", "normal", "hard"):
            t = ai_move_times(game, level)
            print(f"  AI {level:<6}: median {statistics.median(t) * 1000:7.1f} ms, max {max(t) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
