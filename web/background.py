"""The web pages served from a thread of their own (``python console.py --web``): their own
event loop and their own connection to the store, so that a program whose loop waits on
something else (the console waits for the keyboard) still answers the browser at once."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from aiohttp import web

from data.store import Store
from web.server import make_app, serve

T = TypeVar("T")


class Background:
    """Start with :meth:`start` (the base URL), stop with :meth:`stop`."""

    def __init__(self, db: str, secret: bytes, host: str = "127.0.0.1", port: int = 8080
                 ) -> None:
        self._db, self._secret, self._host, self._port = db, secret, host, port
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="parley-web",
                                        daemon=True)
        self._store: Store | None = None
        self._runner: web.AppRunner | None = None

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(30)

    async def _start(self) -> int:
        self._store = await Store.open(self._db)
        app = make_app(self._store, self._secret)
        try:
            self._runner = await serve(app, self._host, self._port)
        except OSError:  # the port is taken (the bot's own web server?): any free one
            self._runner = await serve(app, self._host, 0)
        return int(self._runner.addresses[0][1])

    def start(self) -> str:
        """Serve, and return the base URL (``http://127.0.0.1:8080``)."""
        self._thread.start()
        port = self._run(self._start())
        return f"http://{self._host}:{port}"

    async def _stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._store is not None:
            await self._store.close()

    def stop(self) -> None:
        self._run(self._stop())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()
