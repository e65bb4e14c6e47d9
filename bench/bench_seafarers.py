"""Seafarers figures: random New Shores games per second, AI games per second, and the
board render time.

    .venv/bin/python bench/bench_seafarers.py [seconds-per-measure]

Random games: every seat picks uniformly among ``GAME.legal_actions`` (player offers
included) until the game ends, 4 players, one core, no contract checks (the anchor:
Catanatron, a pure-Python engine of the base game only, runs about 22 random 4-player games
per second here; the target is 50). The second figure leaves out the one move that starts
a player offer ("offer"), the closer comparison with Catanatron's random players, which
make no player trades. Render: the median and the slowest milliseconds of
``render.draw_board`` over views from an AI game, with the terrain layer warm as in the
running bot (target: under 80 ms).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import render  # noqa: E402
from engine import get_game  # noqa: E402

GAME = get_game("seafarers")
NAMES = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read"]


def random_game(seed: str, n: int = 4) -> int:
    state = GAME.setup(n, {}, seed)
    rng = random.Random(seed)
    steps = 0
    while GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        steps += 1
    return steps


def random_game_no_offers(seed: str, n: int = 4) -> int:
    """Random play that never starts a player offer (Catanatron's random players make no
    player trades either, so this is the closer comparison)."""
    state = GAME.setup(n, {}, seed)
    rng = random.Random(seed)
    steps = 0
    while GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = [a for a in GAME.legal_actions(state, seat)
                 if a.kind != "offer"]
        GAME.apply(state, seat, rng.choice(legal))
        steps += 1
    return steps


def ai_game(seed: str, n: int = 4, keep: list | None = None) -> int:
    state = GAME.setup(n, {}, seed)
    rng = random.Random(seed)
    steps = 0
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.ai_action(state, seat, rng))
        steps += 1
        if keep is not None and steps % 10 == 0:
            view = GAME.view(state, None)
            view["names"] = NAMES[:n]
            keep.append(view)
    return steps


def per_second(fn, seconds: float) -> tuple[float, float, int, float]:
    t0, c0 = time.perf_counter(), time.process_time()
    games = actions = 0
    while time.perf_counter() - t0 < seconds:
        actions += fn(f"bench-{games}")
        games += 1
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return games / wall, games / cpu, actions // max(1, games), cpu / max(1, actions) * 1e6


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    rate, cpu_rate, mean, each = per_second(random_game, seconds)
    print(f"random 4-player New Shores games: {rate:.1f}/s wall, {cpu_rate:.1f}/s CPU "
          f"({mean} moves per game, {each:.0f} µs CPU per move)")
    rate, cpu_rate, mean, each = per_second(random_game_no_offers, seconds)
    print(f"random games without player offers: {rate:.1f}/s wall, {cpu_rate:.1f}/s CPU "
          f"({mean} moves per game, {each:.0f} µs CPU per move)")
    rate, cpu_rate, mean, each = per_second(ai_game, seconds)
    print(f"heuristic-AI 4-player games: {rate:.1f}/s wall, {cpu_rate:.1f}/s CPU "
          f"({mean} moves per game, {each:.0f} µs CPU per move)")
    views: list = []
    ai_game("bench-render", keep=views)
    render.draw_board("seafarers", views[0])  # the terrain layer, as in a running table
    times, sizes = [], []
    for v in views[:60]:
        t = time.perf_counter()
        png = render.draw_board("seafarers", v)
        times.append((time.perf_counter() - t) * 1000)
        sizes.append(len(png) // 1024)
    print(f"board render: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms "
          f"over {len(times)} views; PNG {min(sizes)}-{max(sizes)} KB")


if __name__ == "__main__":
    main()
