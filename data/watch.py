"""What the web pages (web/) read of the store beside a whole table: a table's head and
the versions of the tables being watched (one light query per poll, however many viewers),
and the revocation of private links (issue 25, "Links"), kept as table flags
(``web-revoke:<seat>:<epoch>``) so no migration is needed and every process sharing the
database sees it."""

from __future__ import annotations

from collections.abc import Iterable

from data.core import Core
from data.posts import flag_once, flags
from data.rows import HEAD_COLUMNS, DamagedTable, row_head
from engine.table import Table

REVOKE = "web-revoke:"


async def head(core: Core, key: int) -> Table | None:
    """Table ``key`` without its game state (None when there is none, or it is damaged)."""
    async with core.reading() as db:
        rows = await db.fetch(f"SELECT {HEAD_COLUMNS} FROM tables WHERE key = ?", (key,))
    if not rows:
        return None
    try:
        return row_head(rows[0])
    except DamagedTable:
        return None


async def versions(core: Core, keys: Iterable[int]) -> dict[int, int]:
    """The version of each of ``keys`` that exists."""
    wanted = sorted(set(keys))
    if not wanted:
        return {}
    async with core.reading() as db:
        rows = await db.fetch(f"SELECT key, version FROM tables WHERE key IN "
                              f"({', '.join('?' * len(wanted))})", wanted)
    return {int(r["key"]): int(r["version"]) for r in rows}


async def revoked_before(core: Core, key: int, seat: int) -> float:
    """The last moment the private links of ``seat`` at table ``key`` were revoked (0:
    never): a link issued before it is refused."""
    found = await flags(core, key, f"{REVOKE}{seat}:")
    return max((float(name.rsplit(":", 1)[1]) for name in found), default=0.0)


async def revoke_seat(core: Core, key: int, seat: int, now: float) -> None:
    """Refuse every private link of that seat issued up to ``now`` (the whole second of
    ``now`` counts as before: a link's issue time is kept to the second)."""
    await flag_once(core, key, f"{REVOKE}{seat}:{int(now) + 1}")


async def revoke_player(core: Core, tables: Iterable[Table], player: str, now: float
                        ) -> int:
    """Revoke the private links of every seat ``player`` holds at ``tables``; how many."""
    count = 0
    for table in tables:
        for seat, s in enumerate(table.seats):
            if s.player == player and table.key is not None:
                await revoke_seat(core, table.key, seat, now)
                count += 1
    return count
