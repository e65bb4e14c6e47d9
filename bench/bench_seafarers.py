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
offer, and heuristic-AI games per second.

    .venv/bin/python bench/bench_seafarers.py --vs-catanatron[=PYTHON] [seconds] [rounds]

times the speed target of the Seafarers issue, part 3: random 4-player ``classic`` games,
by random players that never start a player offer (Catanatron's random players make no
player trades), at least twice as many a second as Catanatron (3.2.1, a pure-Python engine
of the base game only) plays random 4-player base games, both timed in this one run, since
the shared machine's speed drifts from one hour to the next. Catanatron runs in a child
process of PYTHON, an interpreter that has it installed (default: $CATANATRON_PYTHON, else
/tmp/catan-venv/bin/python; docs/games/seafarers.md says how to make one); this bench installs nothing.
The two take turns, ``seconds`` each (default 10), ``rounds`` times (default 3), so both
see the same machine; the figures are CPU time, each side's games over its own CPU
seconds. The same run then prints New Shores random games with and without player offers,
and, where valgrind is installed, the instructions per random 4-player ``classic`` game
without offers (bench_instructions.py: a figure that does not drift with the machine).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
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


#: Catanatron's side of the side-by-side timing, run by an interpreter that has it: for each
#: line "seconds" read, random 4-player base games (its RandomPlayer: a uniform choice
#: among the playable actions) for that long; prints games, actions, CPU and wall seconds
CATANATRON_CHILD = """
import sys, time
from importlib.metadata import version
from catanatron import Color, Game, RandomPlayer
colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
print(version("catanatron"), flush=True)
k = 0
for line in sys.stdin:
    seconds = float(line)
    t0, c0 = time.perf_counter(), time.process_time()
    games = actions = 0
    while time.perf_counter() - t0 < seconds or games == 0:
        game = Game([RandomPlayer(c) for c in colors], seed=k)
        game.play()
        actions += len(game.state.actions)
        games += 1
        k += 1
    print(games, actions, time.process_time() - c0, time.perf_counter() - t0, flush=True)
"""


def catanatron_python(arg: str) -> str:
    """The interpreter that runs Catanatron: ``--vs-catanatron=PATH``, $CATANATRON_PYTHON,
    or /tmp/catan-venv/bin/python."""
    if "=" in arg:
        return arg.split("=", 1)[1]
    return os.environ.get("CATANATRON_PYTHON", "/tmp/catan-venv/bin/python")


def vs_catanatron(python: str, seconds: float, rounds: int) -> None:
    """The side-by-side timing of the speed target (see the module's docstring)."""
    try:
        child = subprocess.Popen([python, "-c", CATANATRON_CHILD], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True)
    except OSError as e:
        sys.exit(f"bench_seafarers: cannot run {python} ({e}); install Catanatron into a "
                 "venv (see docs/games/seafarers.md) and name its python with --vs-catanatron=PATH.")
    assert child.stdin is not None and child.stdout is not None
    version = child.stdout.readline().strip()
    if not version:
        sys.exit(f"bench_seafarers: {python} could not import catanatron (see docs/games/seafarers.md).")
    theirs = [0, 0, 0.0, 0.0]  # games, actions, CPU s, wall s
    ours = [0, 0, 0.0, 0.0]
    for r in range(rounds):
        child.stdin.write(f"{seconds}\n")
        child.stdin.flush()
        got = child.stdout.readline().split()
        for i, x in enumerate((int(got[0]), int(got[1]), float(got[2]), float(got[3]))):
            theirs[i] += x
        t0, c0 = time.perf_counter(), time.process_time()
        games = moves = 0
        while time.perf_counter() - t0 < seconds or games == 0:
            moves += random_game(f"vs-{r}-{games}", 4, "classic", skip={"offer"})
            games += 1
        for i, x in enumerate((games, moves, time.process_time() - c0,
                               time.perf_counter() - t0)):
            ours[i] += x
    child.stdin.close()
    child.wait()
    their_rate, our_rate = theirs[0] / theirs[2], ours[0] / ours[2]
    print(f"Side by side, {rounds} turns of {seconds:g} s each (games per CPU second):")
    print(f"  Catanatron {version}, random 4-player base games: {their_rate:.1f}/s "
          f"({theirs[0] / theirs[3]:.1f}/s wall; {theirs[1] // theirs[0]} actions a game, "
          f"{theirs[2] / theirs[1] * 1e6:.0f} µs each)")
    print(f"  classic, random 4-player games without player offers: {our_rate:.1f}/s "
          f"({ours[0] / ours[3]:.1f}/s wall; {ours[1] // ours[0]} moves a game, "
          f"{ours[2] / ours[1] * 1e6:.1f} µs each)")
    print(f"  ratio: {our_rate / their_rate:.2f} times Catanatron's games per second "
          f"(target: at least 2)")
    for label, skip in (("with", ()), ("without", {"offer"})):
        rate, cpu_rate, mean, each = per_second(
            lambda seed, skip=skip: random_game(seed, skip=skip), seconds)
        print(f"New Shores, random 4-player games {label} player offers: {cpu_rate:.1f}/s "
              f"CPU, {rate:.1f}/s wall ({mean} moves a game, {each:.1f} µs CPU each)")
    instructions_classic()


def instructions_classic(games: int = 5) -> None:
    """bench_instructions' count for random 4-player classic games without offers."""
    import bench_instructions as bi

    if bi.shutil.which("valgrind") is None:
        print("Instructions: valgrind is not installed (apt install valgrind); skipped.")
        return
    for skip, label in (("offer", "without"),):
        ins, moves = bi.counted("seafarers", 4, None, games, {"scenario": "classic"}, skip)
        per_game = ins / games
        print(f"Instructions (valgrind, {games} seeded games after 2 warm-up games): classic, "
              f"random 4-player games {label} player offers: {per_game / 1e6:.1f} M a game "
              f"({moves / games:.0f} moves, {ins / max(1, moves) / 1e3:.1f} k a move); "
              f"{bi.ANCHOR_RATE / per_game:.1f} games/s at the issues' anchor speed "
              f"(Catanatron 314 M a game: 22/s)")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1].startswith("--vs-catanatron"):
        rest = sys.argv[2:]
        vs_catanatron(catanatron_python(sys.argv[1]), float(rest[0]) if rest else 10.0,
                      int(rest[1]) if len(rest) > 1 else 3)
        return
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
