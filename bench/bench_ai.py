"""AI levels against each other: win rates and move times. Prints figures.

    .venv/bin/python bench/bench_ai.py [game-id] [games] [level-a] [level-b]

Seats alternate between the two levels (two players), so neither has the first seat's edge.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_game  # noqa: E402
from engine.ai import choose, outcome_value  # noqa: E402


def play(game, levels: list[str], seed: str) -> tuple[list[float], dict[str, list[float]]]:
    state = game.setup(len(levels), {}, seed)
    rng = random.Random(seed)
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    while game.result(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        start = time.perf_counter()
        action = choose(game, state, seat, rng, levels[seat])
        times[levels[seat]].append(time.perf_counter() - start)
        game.apply(state, seat, action)
    result = game.result(state)
    return [outcome_value(result, s) for s in range(len(levels))], times


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "all-hands"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    a = sys.argv[3] if len(sys.argv) > 3 else "normal"
    b = sys.argv[4] if len(sys.argv) > 4 else "easy"
    game = get_game(game_id)
    score = {a: 0.0, b: 0.0}
    times: dict[str, list[float]] = {a: [], b: []}
    for g in range(games):
        levels = [a, b] if g % 2 == 0 else [b, a]
        values, t = play(game, levels, f"ai-bench-{g}")
        for seat, lv in enumerate(levels):
            score[lv] += values[seat]
            times[lv].extend(t[lv])
    print(f"{game.title}: {games} two-player games, {a} vs {b}")
    for lv in (a, b):
        ts = times[lv] or [0.0]
        print(f"  {lv:<7} wins {score[lv]:5.1f} ({100 * score[lv] / games:5.1f}%), "
              f"move median {statistics.median(ts) * 1000:6.1f} ms, max {max(ts) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
