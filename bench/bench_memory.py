"""Memory of one bot process over many games (not a test): does it level off?

Plays ``--games`` games (1,000 by default) one after another in one process, the way the
bot plays them: through ``data.tables.TableService`` on a real SQLite file in a temporary
folder (``Store.open``). Each table is opened by a person (seat 0) in one of 100 channels,
filled with AI seats at the ``random`` level (``add_bot``) and started; then, under the
bot's per-table lock (``ParleyBot.table_lock``, as ``cogs.table_actions.play_on`` takes it),
the person's moves go through ``TableService.move`` (a random legal move, as a click would
send it) and the AI's through ``TableService.run_ai``, one move and one store transaction
(load, apply, save, log, commit) at a time. The five games take turns (``engine.GAMES``),
each cycling through its player counts, and every game is played to its end. Every
``--render-every`` moves, and at the end, the public board is drawn as the bot posts it
(``render.draw_board`` and ``render.text_board`` of the spectator view with the seats'
names), and the person's hand likewise (``draw_hand``, ``text_hand``).

Long games are cut short in the store, not in the engine: a move through the service costs
2 to 3 ms, and All Hands and Seafarers games run to 750 and 3,000 moves (2.8 s and 9.5 s a
game, measured), so 1,000 games played one transaction a move would take 40 minutes. The
first ``--service-moves`` moves of
a table (200 by default) go through the service one by one; the rest of a longer game is
played in one transaction (``Store.mutate`` applying random legal moves with the pure
table's ``Table.apply`` to the end), so the engine still meets every stage of every game
and the store saves the finished table. Those moves are missing from the action log.

Every ``--games-per-line`` games it prints: games played, seconds, the process's resident
memory (VmRSS from /proc/self/status) and its change since the first line, with
``--tracemalloc`` the memory Python has allocated (tracemalloc's current figure; tracing
slows the run about threefold, and Pillow's image memory is not traced), the objects the
garbage collector tracks, the size of the bot's per-table lock registry, and the entries
of the engine caches named in the reliability issue ("gone" once a cache was removed).
``--trim`` hands the C allocator's free memory back first (glibc ``malloc_trim``), to tell
memory in use from memory the allocator keeps. At the end it lists every module-level
cache (a dict, list, set or tuple of dicts of a module under engine/, render/, data/ or
cogs/, or an ``lru_cache``) whose size changed between the first line and the last, with
the bound its module declares (``maxsize``, or a ``<NAME>_BOUND`` beside it), and with
``--tracemalloc`` the 15 lines of code whose memory grew most over the same span.

Target: flat. The caches fill during the first few hundred games (the render caches, the
boards of the last 64 Seafarers layouts, the Sewer Pirats move tables); after that RSS
should grow by no more than a few MiB per hundred games. Measured when this bench was
written: from game 100 to game 1,000, +180 MiB (0.2 MiB a game, never levelling off).

Time: about a minute per 100 games on the development machine (10 minutes for 1,000;
``--no-render`` saves a fifth). ``--game`` plays one game only.

    .venv/bin/python bench/bench_memory.py [--games 1000] [--games-per-line 100]
        [--game sewer-pirats] [--service-moves 200] [--render-every 50] [--no-render]
        [--tracemalloc] [--trim]
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import gc
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
import render  # noqa: E402
from cogs.base.bot import ParleyBot  # noqa: E402
from cogs.base.config import Config  # noqa: E402
from data.store import Store  # noqa: E402
from data.tables import TableService  # noqa: E402
from engine.table import PLAYING, Table  # noqa: E402

NOW = 1_700_000_000.0
#: tables take turns in this many channels (a channel hosts one live table at a time)
CHANNELS = 100
HOST = "1000"
#: the caches the reliability issue names, printed on every line: (label, module, name)
NAMED = [
    ("_ONCE", "engine.sewer_pirats.rules", "_ONCE"),
    ("_CACHE", "engine.sewer_pirats.rules", "_CACHE"),
    ("_FIGURE", "engine.sewer_pirats.rules", "_FIGURE_CACHE"),
    ("_OFFER", "engine.seafarers.moves", "_OFFER_ACTIONS"),
]
PACKAGES = ("engine", "render", "data", "cogs")


def rss_mib() -> float:
    """The process's resident set size (VmRSS), MiB."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _size(obj: Any) -> int | None:
    """Entries of a cache: a container's length, an lru_cache's current size."""
    info = getattr(obj, "cache_info", None)
    if callable(info):
        return int(info().currsize)
    if isinstance(obj, dict | list | set):
        return len(obj)
    if isinstance(obj, tuple) and obj and all(isinstance(x, dict) for x in obj):
        return sum(len(x) for x in obj)  # a tuple of caches (one per variant, per seat...)
    return None


def caches() -> dict[str, int]:
    """Every module-level container and lru_cache of our packages, by ``module.name``."""
    out: dict[str, int] = {}
    for name, module in list(sys.modules.items()):
        if not isinstance(module, ModuleType) or name.split(".")[0] not in PACKAGES:
            continue
        for attr, obj in list(vars(module).items()):
            if attr.startswith("__") or isinstance(obj, ModuleType | type):
                continue
            if getattr(obj, "__module__", name) != name and callable(obj):
                continue  # a function imported from another module: counted there
            size = _size(obj)
            if size is not None:
                out[f"{name}.{attr}"] = size
    return out


def _bound(qualified: str) -> str:
    """The bound a module declares for a cache: an lru_cache's maxsize, else a constant
    named ``<NAME>_BOUND`` (or ``<NAME>_SIZE``) beside it."""
    module, _, attr = qualified.rpartition(".")
    mod = sys.modules[module]
    obj = getattr(mod, attr)
    params = getattr(obj, "cache_parameters", None)
    if callable(params):
        return str(params()["maxsize"])
    base = attr.strip("_")
    each = " a dict" if isinstance(obj, tuple) else ""
    for suffix in ("_BOUND", "_SIZE"):
        for name in (f"_{base}{suffix}", f"{base}{suffix}"):
            if isinstance(getattr(mod, name, None), int):
                return f"{getattr(mod, name):,}{each}"
    return "-"


async def play_table(
    svc: TableService,
    bot: ParleyBot,
    game_id: str,
    n: int,
    index: int,
    rng: random.Random,
    render_every: int,
    service_moves: int,
) -> tuple[int, int]:
    """One game from lobby to result; returns the moves made through the service, one
    transaction each, and those made in the one transaction that finishes a long game."""
    game = engine.get_game(game_id)
    channel = f"{2000 + index % CHANNELS}"
    table = await svc.new(game_id, channel, HOST, "Host", {}, seed=f"memory-{index}", now=NOW)
    for _ in range(n - 1):
        await svc.add_bot(channel, HOST, "random", NOW)
    table = (await svc.start(channel, HOST, NOW)).table
    assert table.key is not None
    key = table.key
    moves = 0
    while table.status == PLAYING and moves < service_moves:
        async with bot.table_lock(key):
            if 0 in table.to_act(game):
                action = rng.choice(game.legal_actions(table.state, 0))
                outcome = await svc.move(channel, HOST, action, NOW, table.seat_moves[0])
            else:
                outcome = await svc.run_ai(key, NOW, max_moves=1)
        table = outcome.table
        moves += 1
        if render_every and moves % render_every == 0 and table.status == PLAYING:
            _draw(table, game)
    rest = 0
    if table.status == PLAYING:
        def finish(t: Table) -> None:
            nonlocal rest
            while t.status == PLAYING:
                seat = rng.choice(sorted(t.to_act(game)))
                t.apply(game, seat, rng.choice(game.legal_actions(t.state, seat)), NOW)
                rest += 1

        async with bot.table_lock(key):
            table = await svc.store.mutate(key, finish, NOW)
    if render_every:
        _draw(table, game)
    return moves, rest


def _draw(table: Table, game: Any) -> None:
    """The board and the person's hand, drawn and written as the bot posts them."""
    public = table.view(game, None)
    render.draw_board(table.game_id, public)
    render.text_board(table.game_id, public)
    own = table.view(game, 0)
    render.draw_hand(table.game_id, own)
    render.text_hand(table.game_id, own)


def schedule(game_ids: list[str], i: int) -> tuple[str, int]:
    """The game and player count of the ``i``-th table: the games take turns, and each
    cycles through its player counts."""
    game = engine.get_game(game_ids[i % len(game_ids)])
    counts = range(game.min_players, game.max_players + 1)
    return game.id, counts[i // len(game_ids) % len(counts)]


def _count(n: int | None) -> str:
    return "gone" if n is None else f"{n:,}"


def trim() -> None:
    """Hands the C allocator's free memory back to the system (glibc's malloc_trim), so
    that RSS shows the memory in use rather than what the allocator keeps for later."""
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass  # not glibc: RSS then includes the allocator's free memory


def line(games: int, first: dict[str, Any] | None, bot: ParleyBot, traced: bool,
         started: float, trimmed: bool) -> dict[str, Any]:
    gc.collect()
    if trimmed:
        trim()
    rss = rss_mib()
    now = {"rss": rss, "caches": caches()}
    delta = "" if first is None else f" ({rss - first['rss']:+6.1f})"
    trace = f"  traced {tracemalloc.get_traced_memory()[0] / 2**20:7.1f} MiB" if traced else ""
    named = "  ".join(f"{label} {_count(now['caches'].get(f'{m}.{a}'))}" for label, m, a in NAMED)
    print(f"{games:6,} games  {time.perf_counter() - started:6.0f} s  RSS {rss:7.1f} MiB{delta}"
          f"{trace}  gc objects {len(gc.get_objects()):,}  locks {len(bot._table_locks)}  "
          f"{named}", flush=True)
    if traced:
        now["snapshot"] = tracemalloc.take_snapshot()
    return now


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--games-per-line", type=int, default=100)
    parser.add_argument("--game", choices=sorted(engine.GAMES), help="play this game only")
    parser.add_argument("--service-moves", type=int, default=200,
                        help="moves of a table made one transaction each; the rest of a "
                             "longer game is played in one transaction")
    parser.add_argument("--render-every", type=int, default=50,
                        help="draw the board and the hand every this many moves (and at the end)")
    parser.add_argument("--no-render", action="store_true", help="draw nothing")
    parser.add_argument("--tracemalloc", action="store_true",
                        help="trace Python's allocations (slower)")
    parser.add_argument("--trim", action="store_true",
                        help="return the allocator's free memory to the system (glibc "
                             "malloc_trim) before each RSS reading")
    parser.add_argument("--seed", default="memory")
    args = parser.parse_args()

    game_ids = [args.game] if args.game else list(engine.GAMES)
    render_every = 0 if args.no_render else args.render_every
    if args.tracemalloc:
        tracemalloc.start()
    rng = random.Random(args.seed)
    bot = ParleyBot(Config(token=None, db_path=":memory:"))
    print(f"{args.games:,} games of {', '.join(game_ids)} in one process; boards drawn "
          f"{'never' if not render_every else f'every {render_every} moves'}; "
          f"Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "memory.db")
        svc = TableService(store)
        started = time.perf_counter()
        first: dict[str, Any] | None = None
        last: dict[str, Any] | None = None
        moves = [0, 0]
        try:
            for i in range(args.games):
                game_id, n = schedule(game_ids, i)
                done = await play_table(svc, bot, game_id, n, i, rng, render_every,
                                        args.service_moves)
                moves = [moves[0] + done[0], moves[1] + done[1]]
                if (i + 1) % args.games_per_line == 0:
                    last = line(i + 1, first, bot, args.tracemalloc, started, args.trim)
                    first = first or last
        finally:
            await store.close()
    print(f"{sum(moves):,} moves in {time.perf_counter() - started:.0f} s: {moves[0]:,} "
          f"through the service one by one, {moves[1]:,} finishing long games")
    if first is None or last is None or first is last:
        return
    grew = {k: (first["caches"].get(k, 0), v) for k, v in last["caches"].items()
            if v != first["caches"].get(k, 0)}
    print("caches whose size changed from the first line to the last (entries; bound):")
    for k, (a, b) in sorted(grew.items(), key=lambda kv: kv[1][0] - kv[1][1]):
        print(f"  {k:<48} {a:>9,} -> {b:>9,}   bound {_bound(k)}")
    if args.tracemalloc:
        print("lines whose allocations grew most from the first line to the last:")
        for stat in last["snapshot"].compare_to(first["snapshot"], "lineno")[:15]:
            print(f"  {stat}")


if __name__ == "__main__":
    asyncio.run(main())
