"""Move latency of the store with many tables in one database file (not a test).

Creates ``--tables`` playing tables of a game (All Hands on Deck! by default) in one SQLite
file in a temporary folder, then applies random legal moves to random tables and prints
moves per second and the latency of ``Store.apply_move`` (load, apply, save, log, commit;
no rendering) at p50/p95/p99. A finished game is replaced by a new table, so the file keeps
``--tables`` games in play. ``--concurrency`` runs that many move loops at once on the one
Store, to show the wait for its transaction lock. Target: p95 under 20 ms.

    .venv/bin/python bench/bench_store.py [--tables 1000] [--moves 5000] [--concurrency 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from data.store import Store  # noqa: E402
from engine.core import IllegalAction  # noqa: E402
from engine.table import PLAYING, Table  # noqa: E402

NOW = 1_700_000_000.0


def _percentile(sorted_ms: list[float], p: float) -> float:
    if not sorted_ms:
        return float("nan")
    i = min(len(sorted_ms) - 1, max(0, round(p / 100 * len(sorted_ms)) - 1))
    return sorted_ms[i]


async def _new_table(store: Store, game_id: str, channel: str, rng: random.Random) -> int:
    game = engine.get_game(game_id)
    table = Table.new(game, channel, "host", "Host", {}, seed=f"bench-{channel}")
    for i in range(1, rng.randint(game.min_players, game.max_players)):
        table.join(game, f"p{i}", f"Player {i}")
    table.start(game, NOW)
    await store.create(table, NOW)
    assert table.key is not None
    return table.key


async def _mover(
    store: Store,
    game_id: str,
    keys: list[int],
    moves: int,
    rng: random.Random,
    latencies: list[float],
    counters: dict[str, int],
) -> None:
    game = engine.get_game(game_id)
    for _ in range(moves):
        slot = rng.randrange(len(keys))
        table = await store.get(keys[slot])
        assert table is not None
        if table.status != PLAYING:
            counters["opened"] += 1
            keys[slot] = await _new_table(store, game_id, f"extra-{counters['opened']}", rng)
            table = await store.get(keys[slot])
            assert table is not None
        seat = rng.choice(sorted(table.to_act(game)))
        action = rng.choice(game.legal_actions(table.state, seat))
        start = time.perf_counter()
        try:
            await store.apply_move(table.key, seat, action, NOW, table.seat_moves[seat])
        except IllegalAction:
            counters["refused"] += 1  # another loop moved this seat first
        latencies.append((time.perf_counter() - start) * 1000)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all-hands")
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=5000)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()

    game = engine.get_game(args.game)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        store = await Store.open(path)
        try:
            t0 = time.perf_counter()
            keys = [await _new_table(store, args.game, f"chan-{i}", rng) for i in range(args.tables)]
            created = time.perf_counter() - t0
            print(f"{game.title}: {args.tables} playing tables created in {created:.1f} s "
                  f"({args.tables / created:.0f} tables/s)")

            latencies: list[float] = []
            counters = {"opened": 0, "refused": 0}
            per_loop = args.moves // args.concurrency
            t0 = time.perf_counter()
            await asyncio.gather(*(
                _mover(store, args.game, keys, per_loop, random.Random(f"{args.seed}-{i}"),
                       latencies, counters)
                for i in range(args.concurrency)
            ))
            wall = time.perf_counter() - t0
        finally:
            await store.close()
        size_mb = sum(p.stat().st_size for p in Path(folder).iterdir()) / 1e6

    ms = sorted(latencies)
    applied = len(ms) - counters["refused"]
    print(f"{len(ms)} apply_move calls, {args.concurrency} at a time: {applied} applied, "
          f"{counters['refused']} refused as stale, {counters['opened']} finished games "
          f"replaced")
    alone = (f"{len(ms) / (sum(ms) / 1000):.0f} counting apply_move time only, "
             if args.concurrency == 1 else "")
    print(f"  moves per second: {alone}{len(ms) / wall:.0f} wall-clock (with the read that "
          f"picks each move)")
    print(f"  apply_move latency ms: p50 {_percentile(ms, 50):.2f}  p95 {_percentile(ms, 95):.2f}"
          f"  p99 {_percentile(ms, 99):.2f}  max {ms[-1]:.2f}  mean {statistics.fmean(ms):.2f}")
    print(f"  database file with WAL: {size_mb:.1f} MB")
    target = _percentile(ms, 95) < 20
    print(f"  target p95 < 20 ms: {'met' if target else 'MISSED'}")


if __name__ == "__main__":
    asyncio.run(main())
