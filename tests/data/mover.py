"""Child process of the kill test: apply random legal moves to a few tables, forever.

``python -m tests.data.mover DB PREFIX`` prints the count of moves applied after each
``apply_move`` returns (so every printed number is an acknowledged move) and keeps three
tables playing, opening a new one when a game ends. The test kills it with SIGKILL.
"""

from __future__ import annotations

import asyncio
import random
import sys

import engine
from data.store import Store
from data.tables import TableService
from tests.fixtures import register_fixture_games


async def main(db: str, prefix: str) -> None:
    register_fixture_games()
    game = engine.get_game("cutlass")
    store = await Store.open(db)
    svc = TableService(store)
    rng = random.Random(prefix)
    opened = applied = 0
    now = 1_700_000_000.0
    while True:
        tables = await store.playing()
        if len(tables) < 3:
            channel = f"{prefix}-{opened}"
            opened += 1
            await svc.new("cutlass", channel, "h", "Host", {"rounds": 9}, seed=channel, now=now)
            await svc.join(channel, "p", "Player", now)
            await svc.start(channel, "h", now)
            continue
        table = await store.get(rng.choice(tables).key)  # listings leave the state out
        assert table is not None
        seat = rng.choice(sorted(table.to_act(game)))
        action = rng.choice(game.legal_actions(table.state, seat))
        now += 1
        await store.apply_move(table.key, seat, action, now)
        applied += 1
        print(applied, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
