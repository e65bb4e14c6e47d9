"""Database size per 1,000 finished games, before and after archiving (not a test; issue
15, "a bench prints the database size per 1,000 finished games").

For each game (``--games``, default all five), ``--count`` games (default 200) are played
to their end with random legal moves (in memory, from seeds ``bench-<n>``) and written to a
fresh SQLite file as finished, rated tables with their whole action log. The bench then prints, scaled
to 1,000 games:

- ``kept``: the bytes the database uses with every state kept (pages in use);
- ``archived``: the bytes in use after ``archive_old_tables`` dropped the states (the
  file itself does not shrink: SQLite reuses the freed pages for the next games);
- ``vacuumed``: the file after ``VACUUM``, what a compacted file (or a fresh backup) takes;
- the archiving pass's time, and how long reading back one archived table takes (its
  replay from the log, the price of archiving).

Random play makes longer games than people play (a random Seafarers game runs to the
100-round limit), so the logs, and the ``archived`` figure, are upper bounds. Target: archiving leaves a fraction of ``kept`` for the
games whose state is large (Seafarers, Neuroshima), and reading an archived game back
stays well under a second.

    .venv/bin/python bench/bench_archive.py [--count 200] [--games all-hands,seafarers]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from data.archive import DAY, archive_old_tables  # noqa: E402
from data.store import Store  # noqa: E402
from engine.table import PLAYING, Table  # noqa: E402

NOW = 1_700_000_000.0
KEEP_DAYS = 90


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def finished_rows(game_id: str, count: int) -> dict[str, list[tuple]]:
    """``count`` finished tables of ``game_id`` with their logs, as ``Store.load_rows``
    takes them (one transaction: setting up is not measured), marked rated."""
    game = engine.get_game(game_id)
    rows: dict[str, list[tuple]] = {"tables": [], "actions": [], "closed_tables": []}
    for key in range(1, count + 1):
        rng = random.Random(key)
        table = Table.new(game, f"chan-{key}", "p0", "Player 0", {}, seed=f"bench-{key}")
        for i in range(1, rng.randint(game.min_players, game.max_players)):
            table.join(game, f"p{i}", f"Player {i}")
        table.start(game, NOW)
        seq = 0
        while table.status == PLAYING:
            seat = rng.choice(sorted(table.to_act(game)))
            action = rng.choice(game.legal_actions(table.state, seat))
            table.apply(game, seat, action, NOW)
            seq += 1
            rows["actions"].append((key, seq, seat, _dumps(action.to_dict()), NOW + seq))
        rows["tables"].append((key, table.id, "guild", None, game_id, _dumps(table.options),
                               table.host, table.seed, table.status,
                               _dumps(game.dump(table.state)), _dumps(table.dump_meta()),
                               table.version, game.title, NOW, NOW))
        rows["closed_tables"].append((key, NOW, None, None))
    return rows


def used_bytes(path: Path) -> int:
    """Bytes of the database's pages in use (the file minus its free pages), the WAL
    checkpointed first."""
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = con.execute("PRAGMA page_size").fetchone()[0]
        pages = con.execute("PRAGMA page_count").fetchone()[0]
        free = con.execute("PRAGMA freelist_count").fetchone()[0]
    finally:
        con.close()
    return (pages - free) * size


def vacuumed_bytes(path: Path) -> int:
    con = sqlite3.connect(path)
    try:
        con.execute("VACUUM")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        con.close()
    return path.stat().st_size


def mb(n: float) -> str:
    return f"{n / 1e6:8.1f} MB"


async def measure(game_id: str, count: int, folder: Path) -> None:
    made = time.perf_counter()
    rows = finished_rows(game_id, count)
    made = time.perf_counter() - made
    moves = len(rows["actions"]) / count
    path = folder / f"{game_id}.db"
    async with await Store.open(path) as store:
        await store.load_rows(rows)
        kept = used_bytes(path)
        began = time.perf_counter()
        archived_n = await archive_old_tables(store, KEEP_DAYS, NOW + (KEEP_DAYS + 1) * DAY)
        pass_s = time.perf_counter() - began
        assert archived_n == count, (archived_n, count)
        archived = used_bytes(path)
        began = time.perf_counter()
        table = await store.get(count // 2 + 1)
        read_ms = (time.perf_counter() - began) * 1000
        assert table is not None and table.state is not None
    vacuumed = vacuumed_bytes(path)
    scale = 1000 / count
    print(f"{game_id:14} {moves:7.0f} {mb(kept * scale)} {mb(archived * scale)} "
          f"{mb(vacuumed * scale)} {archived / kept:6.0%} {pass_s * scale:8.2f} s "
          f"{read_ms:8.1f} ms   (games made in {made:.1f} s)")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200,
                        help="finished games per game (figures are scaled to 1,000)")
    parser.add_argument("--games", default=",".join(sorted(engine.GAMES)),
                        help="comma-separated game ids")
    args = parser.parse_args()
    print(f"{args.count} random finished games per game, figures per 1,000 games")
    print(f"{'game':14} {'moves':>7} {'kept':>11} {'archived':>11} {'vacuumed':>11} "
          f"{'left':>6} {'archiving':>10} {'read one':>11}")
    with tempfile.TemporaryDirectory(prefix="parley-bench-archive-") as tmp:
        for game_id in args.games.split(","):
            await measure(game_id.strip(), args.count, Path(tmp))


if __name__ == "__main__":
    asyncio.run(main())
