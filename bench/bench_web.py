"""The tables' web pages (issue 25, "A bench"; not a test): a 4-player Seafarers table's
page and its board, first render and cached, and 200 live viewers of one table.

- first render: a fresh server (empty caches, after the warm-up ``python bot.py web`` does
  at its start: each game's board drawn once; ``--cold`` skips it) answers the table's
  page, then its board
  image (the page's words, the last moves replayed from the log, the board drawn), timed
  as the browser would ask, through aiohttp's client over a real socket; median and max
  of ``--runs`` fresh servers. Target: under 150 ms.
- cached: the same page and board asked again ``--requests`` times each; p50 and p95.
  Target: under 10 ms at p95.
- live: ``--viewers`` (200) event streams of one table on one server process; a move that
  changes the public board is made through the table service (the bot's path) and the
  time until each viewer is told the page changed is taken; p50, p95 and max. Target: every viewer within 1 s (the server
  polls the versions every 0.5 s, web/hub.py).

The table is played ``--moves`` random legal moves first (the page replays its whole log
for the last moves, so a longer game costs more at the first render).

    .venv/bin/python bench/bench_web.py [--moves 300] [--runs 10] [--requests 200]
        [--viewers 200]
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aiohttp import ClientSession, ClientTimeout, TCPConnector  # noqa: E402
from aiohttp.test_utils import TestServer  # noqa: E402

from data.store import Store  # noqa: E402
from data.tables import TableService  # noqa: E402
from web.links import public_token  # noqa: E402
from web.server import make_app, warm_up  # noqa: E402

SECRET = b"bench-web-secret" * 2
PEOPLE = [("u1", "Anne"), ("u2", "Bo"), ("u3", "Cy"), ("u4", "Di")]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


async def seafarers_table(svc: TableService, moves: int) -> int:
    await svc.new("seafarers", "c1", *PEOPLE[0], {}, seed="bench-web", now=time.time())
    for user, name in PEOPLE[1:]:
        await svc.join("c1", user, name, time.time())
    table = (await svc.start("c1", PEOPLE[0][0], time.time())).table
    rng = random.Random(1)
    for _ in range(moves):
        waiting = sorted(table.game.to_act(table.state))
        if not waiting:
            break
        seat = rng.choice(waiting)
        action = rng.choice(table.game.legal_actions(table.state, seat))
        table = (await svc.move("c1", table.seats[seat].player, action, time.time())).table
    assert table.key is not None
    return table.key


async def get(session: ClientSession, url: str) -> float:
    start = time.perf_counter()
    async with session.get(url) as answer:
        await answer.read()
        assert answer.status == 200, (answer.status, url)
    return time.perf_counter() - start


async def renders(store: Store, key: int, version: int, runs: int, requests: int) -> None:
    token = public_token(SECRET, key)
    page, board = f"/t/{token}/", f"/t/{token}/board/{version}.png"
    firsts: list[float] = []
    cached: dict[str, list[float]] = {"page": [], "board": []}
    for _ in range(runs):
        async with TestServer(make_app(store, SECRET, rate=10**9)) as server, \
                ClientSession() as session:
            first = await get(session, str(server.make_url(page)))
            first += await get(session, str(server.make_url(board)))
            firsts.append(first)
            for _ in range(requests // runs):
                cached["page"].append(await get(session, str(server.make_url(page))))
                cached["board"].append(await get(session, str(server.make_url(board))))
    print(f"first render, page + board (fresh server, {runs} runs): median "
          f"{ms(statistics.median(firsts))}, max {ms(max(firsts))}   target < 150 ms")
    for what, times in cached.items():
        print(f"cached {what} ({len(times)} requests): p50 {ms(statistics.median(times))}, "
              f"p95 {ms(p95(times))}   target p95 < 10 ms")


async def viewer(session: ClientSession, url: str, ready: asyncio.Event, count: list[int],
                 total: int) -> float:
    async with session.get(url) as stream:
        first = b""
        while not first.startswith(b"data: "):
            first = await stream.content.readline()
        count[0] += 1
        if count[0] == total:
            ready.set()
        while True:
            line = await stream.content.readline()
            if line.startswith(b"data: ") and line != first:  # the page changed
                return time.perf_counter()


def public_move(table: Any) -> tuple[int, Any]:
    """A legal move that changes the public view (a step of a private choice would change
    nothing the viewers see, and the server would rightly tell them nothing)."""
    game = table.game
    before = game.view(table.state, None)
    for seat in sorted(game.to_act(table.state)):
        for action in game.legal_actions(table.state, seat):
            state = game.load(game.dump(table.state))
            game.apply(state, seat, action)
            if game.view(state, None) != before:
                return seat, action
    raise RuntimeError("no move changes the public view")


async def live(store: Store, svc: TableService, key: int, viewers: int) -> None:
    token = public_token(SECRET, key)
    # the viewers all come from 127.0.0.1 here: the limits per address are lifted
    app = make_app(store, SECRET, rate=10**9, streams=10**6)
    async with TestServer(app) as server, ClientSession(timeout=ClientTimeout(total=60),
                          connector=TCPConnector(limit=0)) as session:
        table = await store.get(key)
        assert table is not None
        ready, count = asyncio.Event(), [0]
        url = str(server.make_url(f"/t/{token}/events"))
        tasks = [asyncio.create_task(viewer(session, url, ready, count, viewers))
                 for _ in range(viewers)]
        await asyncio.wait_for(ready.wait(), 60)
        seat, action = public_move(table)
        moved = time.perf_counter()
        await svc.move("c1", table.seats[seat].player, action, time.time())
        arrivals = [t - moved for t in await asyncio.gather(*tasks)]
    print(f"live: {viewers} viewers of one table told of a move: p50 "
          f"{ms(statistics.median(arrivals))}, p95 {ms(p95(arrivals))}, max "
          f"{ms(max(arrivals))}   target: all within 1 s")


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with await Store.open(Path(folder) / "bench.db") as store:
            svc = TableService(store)
            key = await seafarers_table(svc, args.moves)
            table = await store.get(key)
            assert table is not None
            entries = await store.history(key, limit=10**7)
            print(f"4-player Seafarers table, {len(entries)} moves logged, SQLite")
            if args.cold:
                print("(no warm-up: the first run loads the fonts and the static layers)")
            else:
                await warm_up()  # as `python bot.py web` does at its start
            await renders(store, key, table.version, args.runs, args.requests)
            await live(store, svc, key, args.viewers)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--cold", action="store_true",
                        help="skip the warm-up the server does at its start")
    asyncio.run(main(parser.parse_args()))
