"""Move latency of the store, SQLite and PostgreSQL side by side (not a test; issue 16,
"Measured").

For each backend and each table count (``--tables``, default 1,000 and 10,000 playing tables
of All Hands on Deck! in one database), and for one and for three processes applying moves
at once (``--processes``), prints moves per second in total and the latency of
``Store.apply_move`` (load, apply, save, log, commit; no rendering) at p50/p95/p99. Each
process is a real process with its own store, applying random legal moves to random
tables; a move refused because another process moved that seat first counts as refused.
Every run then counts the action log: the rows it gained must equal the moves the
processes were told were applied (none lost, none doubled), and every table a move touched
must have as many log entries as moves counted in its row.

Target on the development machine: p95 under 20 ms per move at 10,000 tables on PostgreSQL
with three processes, and no lost or doubled move in any run.

SQLite is a file in a temporary folder. PostgreSQL is ``--postgresql URL`` (the bench makes
and drops its own databases there, so the user needs CREATEDB), or else a throwaway server
started the way the tests start theirs (tests/pg.py: initdb in a temporary folder, so
fsync is off there; a real server's figures include its fsync).

    .venv/bin/python bench/bench_store.py [--tables 1000,10000] [--processes 1,3]
        [--moves 3000] [--backends sqlite,postgresql] [--postgresql URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

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


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _table_rows(game_id: str, count: int, seed: str) -> list[tuple]:
    """``count`` started tables as rows of the ``tables`` table (keys 1..count), for
    ``Store.load_rows``: one transaction instead of ``count`` (setting up is not measured)."""
    game = engine.get_game(game_id)
    rng = random.Random(seed)
    rows = []
    for key in range(1, count + 1):
        table = Table.new(game, f"chan-{key}", "host", "Host", {}, seed=f"bench-{key}")
        for i in range(1, rng.randint(game.min_players, game.max_players)):
            table.join(game, f"p{i}", f"Player {i}")
        table.start(game, NOW)
        rows.append((key, table.id, "guild", None, game_id, _dumps(table.options),
                     table.host, table.seed, table.status, _dumps(game.dump(table.state)),
                     _dumps(table.dump_meta()), table.version, "", NOW, NOW))
    return rows


# -- one mover process -------------------------------------------------------------------


async def _child(target: str, game_id: str, tables: int, moves: int, seed: str) -> dict:
    """Apply ``moves`` random legal moves to random tables; what happened, as JSON."""
    game = engine.get_game(game_id)
    rng = random.Random(seed)
    latencies: list[float] = []
    applied = refused = skipped = 0
    touched: set[int] = set()
    async with await Store.open(target) as store:
        start = time.perf_counter()
        for _ in range(moves):
            table = await store.get(rng.randint(1, tables))
            if table is None or table.status != PLAYING:
                skipped += 1  # a game that ended: the bench does not refill
                continue
            seat = rng.choice(sorted(table.to_act(game)))
            action = rng.choice(game.legal_actions(table.state, seat))
            t0 = time.perf_counter()
            try:
                await store.apply_move(table.key, seat, action, NOW, table.seat_moves[seat])
            except IllegalAction:
                refused += 1  # another process moved this seat first
            else:
                applied += 1
                touched.add(table.key)  # type: ignore[arg-type]
            latencies.append((time.perf_counter() - t0) * 1000)
        wall = time.perf_counter() - start
    return {"latencies": latencies, "applied": applied, "refused": refused,
            "skipped": skipped, "wall": wall, "touched": sorted(touched)}


# -- the runs ----------------------------------------------------------------------------


async def _run(target: str, args: argparse.Namespace, tables: int, processes: int) -> dict:
    per_process = args.moves // processes
    async with await Store.open(target) as store:
        before = (await store.row_counts())["actions"]
    children = [
        subprocess.Popen(
            [sys.executable, __file__, "--child", target, "--game", args.game,
             "--tables", str(tables), "--moves", str(per_process), "--seed", f"{args.seed}-{i}"],
            stdout=subprocess.PIPE, text=True)
        for i in range(processes)
    ]
    t0 = time.perf_counter()
    results = [json.loads(c.communicate()[0]) for c in children]
    wall = time.perf_counter() - t0
    if any(c.returncode for c in children):
        raise SystemExit("a mover process failed")
    applied = sum(r["applied"] for r in results)
    async with await Store.open(target) as store:
        logged = (await store.row_counts())["actions"] - before
        mismatched = 0
        for key in sorted({k for r in results for k in r["touched"]}):
            table = await store.get(key)
            entries = await store.history(key, limit=1_000_000)
            if table is None or len(entries) != sum(table.seat_moves):
                mismatched += 1
    ms = sorted(x for r in results for x in r["latencies"])
    return {
        "calls": len(ms), "applied": applied, "refused": sum(r["refused"] for r in results),
        "per_second": applied / max(r["wall"] for r in results), "wall": wall,
        "p50": _percentile(ms, 50), "p95": _percentile(ms, 95), "p99": _percentile(ms, 99),
        "mean": statistics.fmean(ms) if ms else float("nan"),
        "log_ok": logged == applied and mismatched == 0, "logged": logged,
    }


async def _fill(target: str, rows: list[tuple]) -> None:
    async with await Store.open(target) as store:
        await store.load_rows({"tables": rows})


class _Postgres:
    """Fresh databases on ``--postgresql`` or on a throwaway server (tests/pg.py)."""

    def __init__(self, url: str | None) -> None:
        self.url = url
        self.server: Any = None
        self.made: list[str] = []

    def __enter__(self) -> _Postgres:
        if self.url is None:
            from tests import pg

            self.server = pg.PgServer.start()
            self.url = self.server.url()
        return self

    async def new(self) -> str:
        import asyncpg

        assert self.url is not None
        name = f"parley_bench_{len(self.made) + 1}"
        con = await asyncpg.connect(self.url)
        try:
            await con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            await con.execute(f'CREATE DATABASE "{name}"')
        finally:
            await con.close()
        self.made.append(name)
        return self.url.rsplit("/", 1)[0] + "/" + name

    async def drop_all(self) -> None:
        import asyncpg

        if not self.made or self.url is None:
            return
        con = await asyncpg.connect(self.url)
        try:
            for name in self.made:
                await con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await con.close()

    def __exit__(self, *exc: object) -> None:
        if self.server is not None:
            self.server.stop()


async def main(args: argparse.Namespace) -> None:
    game = engine.get_game(args.game)
    table_counts = [int(n) for n in args.tables.split(",")]
    process_counts = [int(n) for n in args.processes.split(",")]
    backends = args.backends.split(",")
    print(f"{game.title}: {args.moves} apply_move calls per run, random legal moves to "
          f"random tables; latency in ms")
    print(f"{'backend':<11}{'tables':>7}{'procs':>6}{'calls':>7}{'applied':>8}{'refused':>8}"
          f"{'moves/s':>9}{'p50':>7}{'p95':>7}{'p99':>7}  log")
    results: dict[tuple[str, int, int], dict] = {}
    with tempfile.TemporaryDirectory() as folder, _Postgres(args.postgresql) as postgres:
        try:
            for tables in table_counts:
                rows = _table_rows(args.game, tables, args.seed)
                for backend in backends:
                    for processes in process_counts:
                        if backend == "sqlite":
                            target = str(Path(folder) / f"bench-{tables}-{processes}.db")
                        else:
                            target = await postgres.new()
                        await _fill(target, rows)
                        r = await _run(target, args, tables, processes)
                        results[(backend, tables, processes)] = r
                        print(f"{backend:<11}{tables:>7}{processes:>6}{r['calls']:>7}"
                              f"{r['applied']:>8}{r['refused']:>8}{r['per_second']:>9.0f}"
                              f"{r['p50']:>7.2f}{r['p95']:>7.2f}{r['p99']:>7.2f}  "
                              f"{'ok' if r['log_ok'] else 'LOST OR DOUBLED'}", flush=True)
        finally:
            await postgres.drop_all()
    goal = results.get(("postgresql", max(table_counts), max(process_counts)))
    if goal is not None:
        met = goal["p95"] < 20
        print(f"target p95 < 20 ms on PostgreSQL at {max(table_counts)} tables with "
              f"{max(process_counts)} processes: {'met' if met else 'MISSED'} "
              f"({goal['p95']:.2f} ms)")
    every = all(r["log_ok"] for r in results.values())
    print(f"no lost or doubled move (action log counted after every run): "
          f"{'met' if every else 'MISSED'}")


def _parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all-hands")
    parser.add_argument("--tables", default="1000,10000")
    parser.add_argument("--processes", default="1,3")
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--postgresql", default=None, help="a server to make databases on")
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    return parser.parse_args()


if __name__ == "__main__":
    options = _parse()
    if options.child is not None:
        out = asyncio.run(_child(options.child, options.game, int(options.tables),
                                 options.moves, options.seed))
        print(json.dumps(out))
    else:
        asyncio.run(main(options))
