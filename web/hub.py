"""Live updates (issue 25, "Live"): one watcher per process learns that a watched table
moved and tells every viewer of it.

On SQLite the watcher polls the watched tables' versions in one light query every
``interval`` seconds, whether one person or two hundred watch: a move is seen within that
interval. On PostgreSQL the store also NOTIFYs each saved table's key (data/db_postgres.py,
``changed``; any process's save), and the watcher LISTENs: a notice of a watched table
wakes it at once, the poll staying as the fallback (a lost connection, a missed notice).
A viewer's queue receives the new version; the event stream (web/server.py) turns it into
what that viewer may know, a digest of their page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable

from data.core import Core
from data.watch import versions

log = logging.getLogger("web.hub")

#: seconds between two polls of the watched tables' versions
INTERVAL = 0.5


class Hub:
    """Viewers by table; :meth:`watch` gives a queue that receives each new version."""

    def __init__(self, store: Core, interval: float = INTERVAL) -> None:
        self._store = store
        self._interval = interval
        self._viewers: dict[int, set[asyncio.Queue[int]]] = defaultdict(set)
        self._known: dict[int, int] = {}
        self._task: asyncio.Task[None] | None = None
        self._woken = asyncio.Event()
        self._stop_listening: Callable[[], Awaitable[None]] | None = None

    @property
    def viewers(self) -> int:
        return sum(len(v) for v in self._viewers.values())

    def watch(self, key: int, version: int) -> asyncio.Queue[int]:
        """A queue for one viewer of table ``key``, who has seen ``version``."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._viewers[key].add(queue)
        self._known.setdefault(key, version)
        if self._known[key] != version:  # moved between the page and this stream
            queue.put_nowait(self._known[key])
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="web-hub")
        return queue

    def leave(self, key: int, queue: asyncio.Queue[int]) -> None:
        viewers = self._viewers.get(key)
        if viewers is not None:
            viewers.discard(queue)
            if not viewers:
                del self._viewers[key]
                self._known.pop(key, None)

    async def poll(self) -> None:
        """One look at the watched tables: each that moved tells its viewers."""
        found = await versions(self._store, list(self._viewers))
        for key, version in found.items():
            if self._known.get(key) == version:
                continue
            self._known[key] = version
            for queue in list(self._viewers.get(key, ())):
                if queue.full():  # a viewer behind needs only the newest version
                    queue.get_nowait()
                queue.put_nowait(version)

    def _heard(self, key: int) -> None:
        if key in self._viewers:
            self._woken.set()

    async def _listen(self) -> None:
        if self._stop_listening is None:
            try:
                self._stop_listening = await self._store.database.listen(self._heard)
            except Exception as exc:  # noqa: BLE001 - polling alone still works
                log.warning("web: listening for saved tables failed (%s); polling only",
                            type(exc).__name__)

    async def _run(self) -> None:
        await self._listen()
        while self._viewers:
            self._woken.clear()
            try:
                await self.poll()
            except Exception as exc:  # noqa: BLE001 - a busy or lost database: try again
                log.warning("web: polling the tables' versions failed (%s)",
                            type(exc).__name__)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), self._interval)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._stop_listening is not None:
            with contextlib.suppress(Exception):
                await self._stop_listening()
            self._stop_listening = None
