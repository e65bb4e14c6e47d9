"""A real table on a real SQLite file, seated and started through the table service the
bot uses, and moves made the same way, for the web tests."""

from __future__ import annotations

import random
import socket

from data.tables import TableService
from engine.table import Table

T0 = 1_800_000_000.0
SECRET = b"web-test-secret-" * 2
PEOPLE = [("u100", "Anne <b>&amp;</b>"), ("u101", "Bo"), ("u102", "Cy"), ("u103", "Di"),
          ("u104", "Ed")]


def free_port() -> int:
    """A port of 127.0.0.1 free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def playing(svc: TableService, game_id: str, players: int, channel: str = "c1",
                  seed: str = "web-seed", options: dict | None = None) -> Table:
    """A started table of ``players`` people (PEOPLE, in order) in ``channel``."""
    host, name = PEOPLE[0]
    await svc.new(game_id, channel, host, name, options or {}, guild="g1", seed=seed, now=T0)
    for user, name in PEOPLE[1:players]:
        await svc.join(channel, user, name, T0)
    return (await svc.start(channel, host, T0)).table


async def random_moves(svc: TableService, channel: str, count: int, seed: int = 1,
                       now: float = T0) -> Table:
    """``count`` random legal moves at the live table of ``channel``, each by the person
    of the seat the game waits for, through the service's move (the bot's path)."""
    rng = random.Random(seed)
    table = await svc.store.live(channel)
    assert table is not None
    for _ in range(count):
        waiting = sorted(table.game.to_act(table.state))
        if not waiting:
            break
        seat = rng.choice(waiting)
        action = rng.choice(table.game.legal_actions(table.state, seat))
        table = (await svc.move(channel, table.seats[seat].player, action, now)).table
    return table
