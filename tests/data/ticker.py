"""Child process of the clock test: one bot process's turn clock on a shared database.

``python -m tests.data.ticker DB OWNER LEASE`` reads one line per pass of the clock from
stdin, the time of the pass (``now``), and answers with one JSON line: the events its
``TableService.tick(now)`` fired, as ``[table key, kind, seats, timed out]``. A pass line
ending in ``die`` makes it stop dead right after its first successful claim: it prints
``{"claimed": key}`` and waits for the test to kill it (SIGKILL), with the claim made and
the event not fired.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from data.store import Store
from data.tables import TableService
from tests.fixtures import register_fixture_games


async def main(db: str, owner: str, lease: float) -> None:
    register_fixture_games()
    store = await Store.open(db)
    svc = TableService(store, owner=owner, claim_lease=lease)
    claim = store.claim_clock
    dying = False

    async def claim_then_stop(*args: Any, **kwargs: Any) -> bool:
        won = await claim(*args, **kwargs)
        if won and dying:
            print(json.dumps({"claimed": args[0]}), flush=True)
            await asyncio.sleep(3600)  # killed here
        return won

    store.claim_clock = claim_then_stop  # type: ignore[method-assign]
    while True:
        line = await asyncio.to_thread(sys.stdin.readline)
        if not line:
            break
        words = line.split()
        dying = words[1:] == ["die"]
        events = await svc.tick(float(words[0]))
        print(json.dumps({"events": [[e.table.key, e.kind, e.seats, e.timed_out]
                                     for e in events]}), flush=True)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
