"""Pirate Tricks: random games per second, board and hand render times. Prints figures.

    .venv/bin/python bench/bench_pirate_tricks.py [seconds-per-count] [--samples DIR]

Targets (issue "Pirate Tricks"): at least 300 random games per second on one core (one
game: setup, then random legal moves of the waiting seats to the end, three rounds), and a
board under 50 ms. For comparison, OpenSpiel's compiled Oh Hell runs about 5,000 random
games per second on the same machine. ``--samples DIR`` also writes a board, a hand and
their text twins at every phase of a game into DIR (pirate_tricks_<phase>_*.png).
"""

from __future__ import annotations

import copy
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import render  # noqa: E402
from engine.core import Action  # noqa: E402
from engine.pirate_tricks import GAME  # noqa: E402

GID = "pirate-tricks"
NAMES = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read", "Ching Shih"]


def random_games(n: int, seconds: float) -> tuple[float, float, int, float]:
    """Games per second (wall and CPU), games played, moves per game."""
    rng = random.Random(n)
    games = moves = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        state = GAME.setup(n, {}, f"bench-{n}-{games}")
        while state.result is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            moves += 1
        games += 1
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    return games / wall, games / cpu, games, moves / games


def sample_views(n: int, count: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Spectator views and players' own views from every phase of games with the AI."""
    rng = random.Random(n)
    boards: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    k = 0
    while len(boards) < count:
        s = GAME.setup(n, {}, f"bench-render-{n}-{k}")
        k += 1
        step = 0
        while s.result is None and len(boards) < count:
            if step % 7 == 0:
                v = GAME.view(s, None)
                v["names"] = NAMES[:n]
                boards.append(v)
                mine = GAME.view(s, rng.randrange(n))
                mine["names"] = NAMES[:n]
                hands.append(mine)
            seat = rng.choice(sorted(GAME.to_act(s)))
            GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
            step += 1
    return boards, hands


def timed(draw, views: list[dict[str, Any]]) -> tuple[float, float, int]:
    for v in views[:3]:
        draw(GID, v)  # warm the piece caches, as in the running bot
    times, sizes = [], []
    for v in views:
        start = time.perf_counter()
        data = draw(GID, v)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
    return statistics.median(times), max(times), max(sizes) // 1024


def write_samples(folder: Path) -> list[Path]:
    """A board, a hand and the text twins at every phase of a four-player game."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(4)
    s = GAME.setup(4, {}, "samples-4")
    s.treasure = "tempt"
    written: list[Path] = []
    seen: set[str] = set()

    def save(tag: str, state: Any, seat: int) -> None:
        v = GAME.view(state, None)
        v["names"] = NAMES[:4]
        h = GAME.view(state, seat)
        h["names"] = NAMES[:4]
        for name, data in ((f"pirate_tricks_{tag}_board.png", render.draw_board(GID, v)),
                           (f"pirate_tricks_{tag}_hand.png", render.draw_hand(GID, h))):
            (folder / name).write_bytes(data)
            written.append(folder / name)
        text = render.text_board(GID, v) + "\n\n----\n\n" + render.text_hand(GID, h)
        (folder / f"pirate_tricks_{tag}.md").write_text(text)

    # a tie-break and the second pass in the first round
    for t, amount in enumerate((2, 2, 0, 0)):
        GAME.apply(s, t, Action("bid", {"amount": amount}))
    save("reveal", s, 0)
    for t in (0, 1):
        GAME.apply(s, t, Action("reveal", {"card": s.hands[t][-1]}))
    while s.phase == "bid" and s.pass_no == 1:
        if s.row == 1:
            save("bid", copy.deepcopy(s), min(GAME.to_act(s)))
        for t in sorted(GAME.to_act(s)):
            GAME.apply(s, t, Action("bid", {"amount": 0}))
    save("second_pass", s, min(GAME.to_act(s)))
    for t in sorted(GAME.to_act(s)):
        GAME.apply(s, t, Action("bid", {"amount": 0}))
    for t in sorted(GAME.to_act(s)):
        GAME.apply(s, t, Action("reveal", {"card": s.hands[t][0]}))
    save("choose", s, s.chooser)
    while s.result is None:
        tag = {"ditch": "ditch", "predict": "predict"}.get(s.phase)
        if s.phase == "play" and len(s.winners) == 3 and len(s.trick) == 2:
            tag = "play"
        if s.round == 2 and s.phase == "bid" and "next_round" not in seen:
            tag = "next_round"
        if tag and tag not in seen:
            seen.add(tag)
            save(tag, s, min(GAME.to_act(s)))
        seat = rng.choice(sorted(GAME.to_act(s)))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    save("over", s, 0)
    return written


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seconds = float(args[0]) if args else 3.0
    print("== Pirate Tricks: random games (3 rounds, one core)")
    for n in (3, 4, 5):
        wall, cpu, games, moves = random_games(n, seconds)
        print(f"  {n} players: {wall:6.0f} games/s ({cpu:6.0f} per CPU second), "
              f"{moves:5.0f} moves a game, {games} games")
    print("== render (median / max ms, largest PNG)")
    for n in (3, 5):
        boards, hands = sample_views(n, 60)
        med, worst, kb = timed(render.draw_board, boards)
        print(f"  {n} players board: {med:5.1f} ms median, {worst:5.1f} ms max, {kb} KB max")
        med, worst, kb = timed(render.draw_hand, hands)
        print(f"  {n} players hand:  {med:5.1f} ms median, {worst:5.1f} ms max, {kb} KB max")
    if "--samples" in sys.argv:
        folder = Path(sys.argv[sys.argv.index("--samples") + 1])
        paths = write_samples(folder)
        print(f"== {len(paths)} sample images in {folder}")


if __name__ == "__main__":
    main()
