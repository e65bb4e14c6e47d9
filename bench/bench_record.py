"""The record's lookups, SQLite and PostgreSQL side by side (not a test; issue 24): the
lobby's expected length (``data.lengths.expected_length``) and a lobby's people's time to
move and games finished (``data.reliability.reliabilities``), with thousands of finished
tables in the database.

Builds one database per backend with ``--tables`` finished tables spread over a few games,
player counts and clocks (so the kind looked up holds about a quarter of them), each with
its length, ``--turns`` timed turns of its people and a row of games finished per person,
among ``--people`` people on ``--servers`` servers; then times ``--calls`` lookups of the
most common kind's length, and of the records of a lobby of five of the busiest people.
Prints p50/p95/p99 in ms and whether the target is met (p95 under 10 ms: the lobby reads
both each time it is redrawn); checks what was found.

The rows are written through ``Store.load_rows`` (one transaction), the tables the way
migration 9 made them. SQLite is a file in a temporary folder; PostgreSQL is
``--postgresql URL`` or a throwaway server started the way the tests start theirs
(tests/pg.py).

    .venv/bin/python bench/bench_record.py [--tables 10000] [--turns 40] [--calls 300]
        [--backends sqlite,postgresql] [--postgresql URL]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections import Counter
from contextlib import aclosing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_me_games import _percentile, databases, lookup_arguments  # noqa: E402
from data.lengths import RECENT, expected_length  # noqa: E402
from data.records import clock_kind  # noqa: E402
from data.reliability import reliabilities  # noqa: E402
from data.store import Store  # noqa: E402
from engine.turn_clock import Settings  # noqa: E402

NOW = 1_700_000_000.0
TARGET_MS = 10.0
#: the kinds of game the tables are drawn from: (game, players, clock); the first is the
#: one looked up, drawn a quarter of the time
KINDS = [("all-hands", 4, Settings()), ("all-hands", 3, Settings()),
         ("seafarers", 4, Settings(bank_minutes=2880, increment_minutes=720)),
         ("pirate-tricks", 4, Settings(limit_minutes=60)), ("sewer-pirats", 3, Settings())]


def _rows(count: int, turns: int, people: int, servers: int,
          seed: str) -> tuple[dict[str, list[tuple]], list[str], str]:
    """The finished tables and their record; the five people with the most turns on the
    server where one person has the most, and that server."""
    rng = random.Random(seed)
    tables, lengths, times, records = [], [], [], []
    busy: Counter[tuple[str, str]] = Counter()
    for key in range(1, count + 1):
        game, players, settings = KINDS[0] if rng.random() < 0.25 else rng.choice(KINDS[1:])
        guild = f"{700000000000000000 + key % servers}"
        seated = [f"{500000000000000000 + p}" for p in rng.sample(range(people), players)]
        end = NOW + key * 600.0
        start = end - rng.uniform(3600, 14 * 86400)
        tables.append((key, f"{600000000000000000 + key}", guild, None, game, "{}", seated[0],
                       f"bench-{key}", "finished", None, '{"seats":[]}', 1, "", start, end))
        lengths.append((key, game, players, clock_kind(settings), start, end))
        for i in range(turns):
            who = seated[i % players]
            busy[(who, guild)] += 1
            times.append((who, guild, start + i * 60.0 + rng.random(), key,
                          rng.uniform(60, 86400)))
        records += [(p, guild, key, int(rng.random() < 0.9), end) for p in seated]
    rows = {"tables": tables, "game_lengths": lengths, "turn_times": times,
            "game_records": records}
    guild = busy.most_common(1)[0][0][1]
    return rows, [p for (p, g), _ in busy.most_common() if g == guild][:5], guild


async def _timed(calls: int, fn) -> list[float]:  # noqa: ANN001 - an async callable
    out = []
    for _ in range(calls):
        t0 = time.perf_counter()
        await fn()
        out.append((time.perf_counter() - t0) * 1000)
    return sorted(out)


async def _measure(target: str, rows: dict[str, list[tuple]], lobby: list[str], guild: str,
                   calls: int) -> dict[str, list[float] | bool]:
    game, players, settings = KINDS[0]
    async with await Store.open(target) as store:
        await store.load_rows(rows)
        found = await expected_length(store, game, players, settings)
        people = await reliabilities(store, lobby, guild)
        kind = (game, players, clock_kind(settings))
        alike = sum(1 for row in rows["game_lengths"] if (row[1], row[2], row[3]) == kind)
        right = found is not None and found.games == min(RECENT, alike) and all(
            r.turns for r in people.values())
        for _ in range(20):  # warm the caches and the connection pool
            await expected_length(store, game, players, settings)
            await reliabilities(store, lobby, guild)
        length = await _timed(calls, lambda: expected_length(store, game, players, settings))
        records = await _timed(calls, lambda: reliabilities(store, lobby, guild))
    return {"length": length, "records": records, "right": right}


async def main(args: argparse.Namespace) -> None:
    rows, lobby, guild = _rows(args.tables, args.turns, args.people, args.servers, args.seed)
    print(f"record lookups: {args.tables} finished tables, {len(rows['turn_times'])} timed "
          f"turns, {len(rows['game_records'])} games finished rows; {args.calls} calls; ms")
    print(f"{'backend':<11}{'lookup':<22}{'p50':>7}{'p95':>7}{'p99':>7}")
    async with aclosing(databases(args.backends, args.postgresql, "record.db")) as found:
        async for backend, target in found:
            r = await _measure(target, rows, lobby, guild, args.calls)
            for name, label in (("length", "expected length"),
                                ("records", "5 people's records")):
                ms = r[name]
                assert isinstance(ms, list)
                p95 = _percentile(ms, 95)
                met = "met" if p95 < TARGET_MS else "MISSED"
                print(f"{backend:<11}{label:<22}{_percentile(ms, 50):>7.2f}{p95:>7.2f}"
                      f"{_percentile(ms, 99):>7.2f}  target p95 < {TARGET_MS:.0f} ms: "
                      f"{met}{'' if r['right'] else '  WRONG ANSWER'}", flush=True)


def _parse() -> argparse.Namespace:
    parser = lookup_arguments(__doc__.splitlines()[0], 300)
    parser.add_argument("--turns", type=int, default=40, help="timed turns per table")
    parser.add_argument("--servers", type=int, default=40)
    return parser.parse_args()


if __name__ == "__main__":
    asyncio.run(main(_parse()))
