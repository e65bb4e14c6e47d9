"""Seafarers figures: random games per second and the board render time, per scenario and
player count, then the New Shores figures of the engine's speed work.

    .venv/bin/python bench/bench_seafarers.py [seconds-per-measure] [scenario ...]

Per scenario of the ``scenario`` option and per player count it plays (scenario ids after
the seconds measure only those):

- random games: every seat picks uniformly among ``GAME.legal_actions`` (player offers
  included) until the game ends, one core, no contract checks; games per second (wall and
  CPU), the mean moves per game and the CPU microseconds per move;
- the board: the median and the slowest milliseconds of ``render.draw_board`` over
  spectator views taken every 10 moves of a heuristic-AI game of that scenario, from the
  founding phase to the end, with the terrain layer warm as in the running bot (the first
  render of a table draws it), the image's size in pixels and the PNG sizes in KB
  (target: median under 80 ms at the largest board, every PNG under 500 KB);
- the hand: the same for ``render.draw_hand`` over the views of the seat on turn.

Then, for New Shores at 4 players: random games without the move that starts a player
offer (Catanatron's random players make no player trades, so this is the closer
comparison: Catanatron, a pure-Python engine of the base game only, runs about 22 random
4-player games per second here; the target is 50), and heuristic-AI games per second.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Container
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import render  # noqa: E402
from engine import get_game  # noqa: E402
from engine.seafarers.scenario_rules import SCENARIOS  # noqa: E402

GAME = get_game("seafarers")
NAMES = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read"]


def random_game(seed: str, n: int = 4, scenario: str = "new_shores",
                skip: Container[str] = ()) -> int:
    """One game of random legal moves (leaving out the kinds in ``skip``) to the end; the
    number of moves."""
    state = GAME.setup(n, {"scenario": scenario}, seed)
    rng = random.Random(seed)
    steps = 0
    while GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        if skip:
            legal = [a for a in legal if a.kind not in skip]
        GAME.apply(state, seat, rng.choice(legal))
        steps += 1
    return steps


def ai_game(seed: str, n: int = 4, scenario: str = "new_shores",
            keep: list[tuple[dict, dict]] | None = None) -> int:
    """One game of heuristic-AI seats; ``keep`` collects (spectator view, on-turn seat's
    view) every 10 moves and at the end."""
    state = GAME.setup(n, {"scenario": scenario}, seed)
    rng = random.Random(seed)
    steps = 0
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        if keep is not None and steps % 10 == 0:
            keep.append(_views(state, seat, n))
        GAME.apply(state, seat, GAME.ai_action(state, seat, rng))
        steps += 1
    if keep is not None:
        keep.append(_views(state, 0, n))
    return steps


def _views(state: Any, seat: int, n: int) -> tuple[dict, dict]:
    public, mine = GAME.view(state, None), GAME.view(state, seat)
    public["names"] = mine["names"] = NAMES[:n]
    return public, mine


def per_second(fn: Callable[[str], int], seconds: float) -> tuple[float, float, int, float]:
    """Games per second (wall, CPU), mean moves per game, CPU µs per move, playing
    ``fn(seed)`` for ``seconds``."""
    t0, c0 = time.perf_counter(), time.process_time()
    games = actions = 0
    while time.perf_counter() - t0 < seconds or games == 0:
        actions += fn(f"bench-{games}")
        games += 1
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return games / wall, games / cpu, actions // games, cpu / max(1, actions) * 1e6


def render_times(draw: Callable[[dict], bytes], views: list[dict]) -> tuple[float, float, int,
                                                                           int, bytes]:
    """Median and max ms, smallest and largest PNG in KB, and the largest PNG itself."""
    draw(views[0])  # the cached layers, as in a running table
    times, pngs = [], []
    for v in views:
        t = time.perf_counter()
        png = draw(v)
        times.append((time.perf_counter() - t) * 1000)
        pngs.append(png)
    sizes = [len(p) for p in pngs]
    return (statistics.median(times), max(times), min(sizes) // 1024, max(sizes) // 1024,
            max(pngs, key=len))


def _pixels(png: bytes) -> str:
    w, h = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    return f"{w}x{h}"


def scenario_table(seconds: float, only: set[str]) -> None:
    print(f"{'scenario':18} {'n':>2} {'games/s':>8} {'CPU/s':>6} {'moves':>6} {'µs/move':>8} "
          f"| {'board ms med':>12} {'max':>4} {'pixels':>8} {'KB':>8} "
          f"| {'hand ms med':>11} {'max':>4} {'KB':>6}")
    for sid, rules in SCENARIOS.items():
        if only and sid not in only:
            continue
        for n in rules.players:
            rate, cpu_rate, mean, each = per_second(
                lambda seed, n=n, sid=sid: random_game(seed, n, sid), seconds)
            views: list[tuple[dict, dict]] = []
            ai_game(f"bench-render-{sid}-{n}", n, sid, keep=views)
            views = views[:: max(1, len(views) // 60)] + views[-1:]  # ~60, the end included
            b_med, b_max, b_lo, b_hi, big = render_times(
                lambda v: render.draw_board("seafarers", v), [p for p, _ in views])
            h_med, h_max, _, h_hi, _ = render_times(
                lambda v: render.draw_hand("seafarers", v), [m for _, m in views])
            print(f"{sid:18} {n:>2} {rate:>8.1f} {cpu_rate:>6.1f} {mean:>6} {each:>8.0f} "
                  f"| {b_med:>12.0f} {b_max:>4.0f} {_pixels(big):>8} {f'{b_lo}-{b_hi}':>8} "
                  f"| {h_med:>11.0f} {h_max:>4.0f} {h_hi:>6}")


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    only = set(sys.argv[2:])
    scenario_table(seconds, only)
    if only and "new_shores" not in only:
        return
    rate, cpu_rate, mean, each = per_second(
        lambda seed: random_game(seed, skip={"offer"}), seconds)
    print(f"\nNew Shores, 4 players, random games without player offers: {rate:.1f}/s wall, "
          f"{cpu_rate:.1f}/s CPU ({mean} moves per game, {each:.0f} µs CPU per move)")
    rate, cpu_rate, mean, each = per_second(ai_game, seconds)
    print(f"New Shores, 4 players, heuristic-AI games: {rate:.1f}/s wall, {cpu_rate:.1f}/s "
          f"CPU ({mean} moves per game, {each:.0f} µs CPU per move)")


if __name__ == "__main__":
    main()
