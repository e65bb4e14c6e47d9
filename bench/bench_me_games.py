"""``/me games``'s lookup, SQLite and PostgreSQL side by side (not a test; issue 24: "a
bench: /me games for a person at 50 tables among 10,000 answers under 50 ms at p95").

Builds one database per backend with ``--tables`` playing tables of All Hands on Deck!
(dealt, their states saved, 2-6 seats each drawn from ``--people`` people, and each with
its turn message remembered), the measured person seated at ``--mine`` of them, and times
``data.people.tables_of`` (the one query over ``live_seats``, its rows decoded without
their states, sorted) ``--calls`` times. Prints p50/p95/p99 in ms and whether the target
is met; checks that every call found exactly the person's tables.

The rows are written through ``Store.load_rows`` (one transaction), so ``live_seats`` is
filled by the database's own triggers, as for any table the bot writes. SQLite is a file in
a temporary folder; PostgreSQL is ``--postgresql URL`` or a throwaway server started the
way the tests start theirs (tests/pg.py, fsync off: reads are what is measured here).

    .venv/bin/python bench/bench_me_games.py [--tables 10000] [--mine 50] [--calls 500]
        [--backends sqlite,postgresql] [--postgresql URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import aclosing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from bench.bench_store import _Postgres  # noqa: E402
from data.people import tables_of  # noqa: E402
from data.store import Store  # noqa: E402
from engine.table import Table  # noqa: E402

NOW = 1_700_000_000.0
ME = "424242424242424242"
TARGET_MS = 50.0


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _rows(count: int, mine: int, people: int, seed: str) -> dict[str, list[tuple]]:
    """``count`` dealt tables (keys 1..count), ``ME`` at ``mine`` of them, and a turn
    message remembered for each."""
    game = engine.get_game("all-hands")
    rng = random.Random(seed)
    my_keys = set(rng.sample(range(1, count + 1), mine))
    tables, messages = [], []
    for key in range(1, count + 1):
        seated = rng.sample(range(people), rng.randint(game.min_players, game.max_players))
        ids = [f"{500000000000000000 + p}" for p in seated]
        if key in my_keys:
            ids[rng.randrange(len(ids))] = ME
        table = Table.new(game, f"{600000000000000000 + key}", ids[0], "Host", {},
                          seed=f"bench-{key}", guild=f"{700000000000000000 + key % 40}")
        for i, pid in enumerate(ids[1:], 1):
            table.join(game, pid, f"Player {i}")
        table.start(game, NOW)
        at = NOW + rng.uniform(0, 7 * 86400)
        tables.append((key, table.id, table.guild, None, "all-hands", _dumps(table.options),
                       table.host, table.seed, table.status, _dumps(game.dump(table.state)),
                       _dumps(table.dump_meta()), table.version, "", NOW, at))
        messages.append((key, "turn", table.id, str(800000000000000000 + key)))
    return {"tables": tables, "messages": messages}


def _percentile(sorted_ms: list[float], p: float) -> float:
    i = min(len(sorted_ms) - 1, max(0, round(p / 100 * len(sorted_ms)) - 1))
    return sorted_ms[i]


async def _measure(target: str, rows: dict[str, list[tuple]], calls: int, mine: int) -> dict:
    async with await Store.open(target) as store:
        await store.load_rows(rows)
        for _ in range(20):  # warm the caches and the connection pool
            await tables_of(store, ME, "turn", "lobby")
        times, right = [], True
        for _ in range(calls):
            t0 = time.perf_counter()
            found = await tables_of(store, ME, "turn", "lobby")
            times.append((time.perf_counter() - t0) * 1000)
            right = right and len(found) == mine and all(s.post is not None for s in found)
    times.sort()
    return {"p50": _percentile(times, 50), "p95": _percentile(times, 95),
            "p99": _percentile(times, 99), "right": right}


async def main(args: argparse.Namespace) -> None:
    rows = _rows(args.tables, args.mine, args.people, args.seed)
    print(f"/me games lookup (data.people.tables_of): one person at {args.mine} of "
          f"{args.tables} playing tables, {args.calls} calls; ms")
    print(f"{'backend':<11}{'p50':>7}{'p95':>7}{'p99':>7}  found")
    async with aclosing(databases(args.backends, args.postgresql, "me.db")) as found:
        async for backend, target in found:
            r = await _measure(target, rows, args.calls, args.mine)
            met = "met" if r["p95"] < TARGET_MS else "MISSED"
            print(f"{backend:<11}{r['p50']:>7.2f}{r['p95']:>7.2f}{r['p99']:>7.2f}  "
                  f"{'all ' + str(args.mine) if r['right'] else 'WRONG'}   "
                  f"target p95 < {TARGET_MS:.0f} ms: {met}", flush=True)


async def databases(backends: str, postgresql: str | None, name: str
                    ) -> AsyncIterator[tuple[str, str]]:
    """(backend, a new empty database) for each of ``backends`` ("sqlite,postgresql"): a
    file ``name`` in a folder removed afterwards, a database on a throwaway PostgreSQL
    server (or on ``postgresql``) dropped afterwards; used with ``contextlib.aclosing``."""
    with tempfile.TemporaryDirectory() as folder, _Postgres(postgresql) as postgres:
        try:
            for backend in backends.split(","):
                yield backend, (str(Path(folder) / name) if backend == "sqlite"
                                else await postgres.new())
        finally:
            await postgres.drop_all()


def lookup_arguments(description: str, calls: int) -> argparse.ArgumentParser:
    """The options of a bench that times one lookup among many tables on both backends
    (this one and bench_record.py)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--people", type=int, default=3_000)
    parser.add_argument("--calls", type=int, default=calls)
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--postgresql", default=None, help="a server to make databases on")
    parser.add_argument("--seed", default="bench")
    return parser


def _parse() -> argparse.Namespace:
    parser = lookup_arguments(__doc__.splitlines()[0], 500)
    parser.add_argument("--mine", type=int, default=50)
    return parser.parse_args()


if __name__ == "__main__":
    asyncio.run(main(_parse()))
