"""Neuroshima Hex! figures (issue 6). Prints; asserts nothing.

    .venv/bin/python bench/bench_neuroshima.py [seconds]

Targets: at least 100 random games per second on one core (random legal actions, labels
included); a battle on a full board in under 5 ms; a board image in under 50 ms. Also the
AI: move times of both levels and their record against random play and each other.
Times are CPU time of this process (``time.process_time``), so that other work on the machine
does not count.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.neuroshima import GAME, battle  # noqa: E402
from engine.neuroshima.board import N_SPACES, STANDARD, WATER  # noqa: E402
from engine.neuroshima.tiles import TILES, army_tiles  # noqa: E402
from render.neuroshima import draw_board  # noqa: E402


def random_games(seconds: float) -> tuple[float, float, int]:
    rng = random.Random(1)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        s = GAME.setup(2, {}, f"bench-{games}")
        while GAME.result(s) is None:
            seat = min(GAME.to_act(s))
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            actions += 1
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, actions / elapsed, games


def full_board(seed: int) -> list:
    """Every standard space and half the Water taken by random units of both armies."""
    rng = random.Random(seed)
    board: list = [None] * N_SPACES
    units = {army: [k for k in army_tiles(army) if TILES[k]["kind"] != "instant"]
             for army in ("pirates", "moloch")}
    board[STANDARD[rng.randrange(19)]] = ["m_hq", 1, 0, 0, 1]
    board[WATER[0]] = ["p_hq", 0, 0, 0, 2]
    uid = 3
    for i in list(STANDARD) + list(WATER[1::2]):
        if board[i] is not None:
            continue
        if i in WATER:
            pool = [k for k in units["pirates"] if TILES[k]["drift"]]
            owner = 0
        else:
            owner = rng.randrange(2)
            army = "pirates" if owner == 0 else "moloch"
            pool = [k for k in units[army] if not TILES[k]["drift"]]
        board[i] = [rng.choice(pool), owner, rng.randrange(6), 0, uid]
        uid += 1
    return board


def battle_times(n: int) -> list[float]:
    times = []
    for k in range(n):
        board = full_board(k)
        start = time.process_time()
        battle.resolve(board, {}, log=True)
        battle.drift(board, 0, {})
        times.append(time.process_time() - start)
    return times


def render_times(n: int) -> tuple[list[float], int]:
    s = GAME.setup(2, {}, "bench-render")
    rng = random.Random(3)
    for _ in range(150):
        if GAME.result(s):
            break
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    s["board"] = full_board(9)
    view = {**GAME.view(s, None), "names": ["Anne Bonny", "Iron Moloch"]}
    draw_board(view)  # warm the caches of tile pieces
    times, size = [], 0
    for _ in range(n):
        start = time.process_time()
        size = len(draw_board(view))
        times.append(time.process_time() - start)
    return times, size


def ai_games(level_a: str, level_b: str | None, games: int) -> tuple[float, list[float]]:
    """Score of ``level_a`` (wins, draws count half) against ``level_b`` (None: random)."""
    score, times = 0.0, []
    for g in range(games):
        a_seat = g % 2
        opts = {} if g % 4 < 2 else {"armies": "moloch-pirates"}
        s = GAME.setup(2, opts, f"bench-ai-{g}")
        rng = random.Random(g)
        while GAME.result(s) is None:
            seat = min(GAME.to_act(s))
            if seat == a_seat:
                start = time.process_time()
                action = GAME.ai_action(s, seat, rng, level_a)
                times.append(time.process_time() - start)
            elif level_b is None:
                action = rng.choice(GAME.legal_actions(s, seat))
            else:
                action = GAME.ai_action(s, seat, rng, level_b)
            GAME.apply(s, seat, action)
        winners = GAME.result(s)["winners"]
        if a_seat in winners:
            score += 1 / len(winners)
    return score / games, times


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    gps, aps, played = random_games(seconds)
    print(f"random play: {gps:6.1f} games/s, {aps:8,.0f} actions/s ({played} games)  "
          "target >= 100 games/s")
    t = battle_times(300)
    print(f"full-board battle + drift: median {statistics.median(t) * 1000:.2f} ms, "
          f"max {max(t) * 1000:.2f} ms (300 boards)  target < 5 ms")
    t, size = render_times(30)
    print(f"board image: median {statistics.median(t) * 1000:.1f} ms, max "
          f"{max(t) * 1000:.1f} ms, {size // 1024} KB  target < 50 ms")
    for level, games in (("easy", 40), ("normal", 20)):
        score, times = ai_games(level, None, games)
        print(f"AI {level:<6} vs random: {score:5.0%} of {games} games; move median "
              f"{statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms")
    score, _ = ai_games("normal", "easy", 20)
    print(f"AI normal vs easy: {score:5.0%} of 20 games")


if __name__ == "__main__":
    main()
