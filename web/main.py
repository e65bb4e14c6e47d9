"""Running the web server (issue 25): its settings read from the environment, and the
server itself until it is stopped (``python bot.py web``; ``make run`` starts it beside
the bot when ``PARLEY_WEB_URL`` is set).

    PARLEY_WEB_URL     the public base URL of the pages, e.g. https://parley.example.org;
                       unset, the web pages are off and the bot posts no links
    PARLEY_WEB_PORT    the port to listen on (default 8080)
    PARLEY_WEB_HOST    the address to listen on (default 0.0.0.0; 127.0.0.1 behind a
                       reverse proxy on the same machine)
    PARLEY_WEB_SECRET  the secret the links are signed with; unset, one is generated once
                       and kept beside the SQLite file (``<PARLEY_DB>.web-secret``). On
                       PostgreSQL it must be set, the same in the bot and the web server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from data.db import is_postgresql
from data.store import Store
from web.links import load_secret
from web.server import make_app, serve, warm_up

log = logging.getLogger("web")

DEFAULT_PORT = 8080
OFF_LINE = ("The tables' web pages are off: set PARLEY_WEB_URL (e.g. "
            "https://parley.example.org) to serve them on PARLEY_WEB_PORT (8080); see "
            "docs/operating.md, \"The tables on the web\".")


@dataclass(frozen=True)
class WebSettings:
    url: str
    port: int
    host: str
    secret: bytes


def secret_file(db: str) -> Path:
    """Where a generated secret is kept: beside the SQLite file."""
    return Path(f"{db}.web-secret")


def web_settings(conf: Mapping[str, str], db: str) -> WebSettings | None:
    """The web settings, None when PARLEY_WEB_URL is unset; ValueError with a sentence for
    a bad value."""
    url = (conf.get("PARLEY_WEB_URL") or "").strip().rstrip("/")
    if not url:
        return None
    if not url.startswith(("https://", "http://")) or any(c.isspace() for c in url):
        raise ValueError("PARLEY_WEB_URL must be the pages' public address, starting with "
                         "https:// (or http://), e.g. https://parley.example.org.")
    port_text = (conf.get("PARLEY_WEB_PORT") or str(DEFAULT_PORT)).strip()
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError("PARLEY_WEB_PORT must be a port number (1 to 65535).")
    configured = conf.get("PARLEY_WEB_SECRET") or None
    if configured is None and is_postgresql(db):
        raise ValueError("On PostgreSQL set PARLEY_WEB_SECRET (any long random text), the "
                         "same for every bot process and the web server: it signs the links.")
    secret = shared_secret(configured, secret_file(db))
    return WebSettings(url, int(port_text), (conf.get("PARLEY_WEB_HOST") or "0.0.0.0").strip(),
                       secret)


def local_secret(conf: Mapping[str, str], db: str) -> bytes:
    """The secret of ``python console.py --web``: PARLEY_WEB_SECRET, else the one kept
    beside the SQLite file (the bot's links open there too), else (PostgreSQL) one for this
    run alone."""
    configured = conf.get("PARLEY_WEB_SECRET") or None
    if configured is None and is_postgresql(db):
        return secrets.token_bytes(32)
    return shared_secret(configured, secret_file(db))


def shared_secret(configured: str | None, path: Path) -> bytes:
    """:func:`~web.links.load_secret`, allowing for the bot and the web server making the
    file at once."""
    for _ in range(20):
        try:
            return load_secret(configured, path)
        except FileExistsError:  # the other process is writing it: read it in a moment
            time.sleep(0.05)
        except ValueError:  # seen before the other process finished writing it
            time.sleep(0.05)
    return load_secret(configured, path)


async def run(db: str, web: WebSettings) -> None:
    """Serve the pages over the store at ``db`` until stopped: Ctrl-C, or SIGTERM (what
    ``docker stop`` and ``make run``'s end send), after which it closes cleanly."""
    store = await Store.open(db)
    runner = await serve(make_app(store, web.secret), web.host, web.port)
    log.info("web pages served on %s:%d for %s", web.host, web.port, web.url)
    stop = asyncio.Event()
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    warming = asyncio.create_task(warm_up())  # beside the first visitors, not before them
    try:
        await stop.wait()
        log.info("web pages stopped")
    finally:
        warming.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await warming
        await runner.cleanup()
        await store.close()
