"""A real browser on the web pages (issue 25, "Tested as a person would"): Debian's
Chromium, headless, driven by Selenium through Debian's chromium-driver (both installed
by .ci/run when missing; nothing is downloaded by a test tool), and the web server on a
free port of 127.0.0.1 in a thread of its own, over a real SQLite file, so the blocking
browser calls never hold up the server."""

from __future__ import annotations

import asyncio
import tempfile
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from data.store import Store
from data.tables import TableService
from tests.web.helpers import SECRET, free_port
from web.server import make_app, serve

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")
#: the screenshots the browser tests take, for a person to look at (git ignores them)
ARTIFACTS = Path(__file__).with_name("artifacts")

T = TypeVar("T")


class LiveSite:
    """The store, the table service and the web server, on an event loop in a thread."""

    def __init__(self, db: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self.store: Store = self.run(Store.open(db))
        self.svc = TableService(self.store)
        self._runner: web.AppRunner = self.run(self._start())

    async def _start(self) -> web.AppRunner:
        return await serve(make_app(self.store, SECRET, interval=0.2), "127.0.0.1", self.port)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 60) -> T:
        """Run ``coro`` on the site's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def close(self) -> None:
        self.run(self._runner.cleanup())
        self.run(self.store.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()


def chromium(javascript: bool = True) -> Any:
    """A headless Chromium with a fresh profile, its console log kept (CSP refusals show
    there); ``javascript`` False: the pages' scripts do not run."""
    options = webdriver.ChromeOptions()
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tempfile.mkdtemp(prefix='parley-chromium-')}")
    options.add_argument("--window-size=1280,900")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)),
                            options=options)
