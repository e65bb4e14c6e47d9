"""Render times and PNG sizes of a game's images, from views of real games.

    .venv/bin/python bench/bench_render.py [renders-per-table-size] [--game GAME]

GAME is ``all-hands`` (the default) or ``seafarers`` (its default scenario, New Shores).
Plays random legal moves at the smallest and the largest table (4 and 6 captains; 3 and 4
Seafarers players), keeps views from every phase, then prints the median milliseconds per
board and per hand (over ~50 renders each, on one core, with the card caches warm as they
are in the running bot) and the PNG sizes in KB.
Targets: a board under 50 ms, every PNG under 300 KB (Seafarers: DESIGN.md, well under
100 ms and 500 KB; bench/bench_seafarers.py times every scenario).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import render  # noqa: E402
from engine import get_game  # noqa: E402

#: game id -> (table sizes, a view kept every so many moves: a random Seafarers game runs
#: about 2,400 moves, an All Hands game a few hundred)
GAMES: dict[str, tuple[tuple[int, ...], int]] = {"all-hands": ((4, 6), 9),
                                                 "seafarers": ((3, 4), 40)}
GAME_ID = "all-hands"
NAMES = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read", "Ching Shih", "Henry Morgan"]


def sample_views(n: int, count: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """About ``count`` spectator views and as many captains' own views, spread over the
    phases of random games at ``n`` captains."""
    game = get_game(GAME_ID)
    rng = random.Random(n)
    boards: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    seed = 0
    while len(boards) < count:
        state = game.setup(n, {}, f"bench-render-{n}-{seed}")
        seed += 1
        step = 0
        while game.result(state) is None and len(boards) < count:
            if step % GAMES[GAME_ID][1] == 0:
                view = game.view(state, None)
                view["names"] = NAMES[:n]
                boards.append(view)
                seat = rng.randrange(n)
                mine = game.view(state, seat)
                mine["names"] = NAMES[:n]
                hands.append(mine)
            seat = rng.choice(sorted(game.to_act(state)))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            step += 1
        if game.result(state) is not None and len(boards) < count:
            view = game.view(state, None)
            view["names"] = NAMES[:n]
            boards.append(view)
    return boards, hands


def timed(fn, views: list[dict[str, Any]]) -> tuple[float, float, list[int]]:
    """(median wall ms, median CPU ms, PNG sizes): CPU time too, as other processes on a
    shared machine stretch the wall clock."""
    walls, cpus, sizes = [], [], []
    for view in views:
        start, cpu = time.perf_counter(), time.process_time()
        data = fn(GAME_ID, view)
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
    return statistics.median(walls), statistics.median(cpus), sizes


def kb(sizes: list[int]) -> str:
    return f"median {statistics.median(sizes) / 1024:.0f} KB, max {max(sizes) / 1024:.0f} KB"


def main() -> None:
    global GAME_ID
    args = sys.argv[1:]
    if "--game" in args:
        at = args.index("--game")
        GAME_ID = args[at + 1]
        del args[at:at + 2]
    if GAME_ID not in GAMES:
        sys.exit(f"bench_render: no game {GAME_ID!r}; pick one of {', '.join(GAMES)}")
    count = int(args[0]) if args else 50
    sizes, _ = GAMES[GAME_ID]
    # warm the card and font caches, as a running bot has them
    warm_boards, warm_hands = sample_views(sizes[-1], 5)
    timed(render.draw_board, warm_boards)
    timed(render.draw_hand, warm_hands)
    print(f"{GAME_ID} render, {count} views per table size (one core)")
    for n in sizes:
        boards, hands = sample_views(n, count)
        board_ms, board_cpu, board_sizes = timed(render.draw_board, boards)
        hand_ms, hand_cpu, hand_sizes = timed(render.draw_hand, hands)
        start = time.perf_counter()
        for view in boards:
            render.text_board(GAME_ID, view)
        text_ms = (time.perf_counter() - start) * 1000 / len(boards)
        print(
            f"  {n} players: board {board_ms:5.1f} ms (CPU {board_cpu:.1f} ms; "
            f"{kb(board_sizes)}); hand {hand_ms:5.1f} ms (CPU {hand_cpu:.1f} ms; "
            f"{kb(hand_sizes)}); text twin {text_ms:.2f} ms"
        )


if __name__ == "__main__":
    main()
