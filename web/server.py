"""The web server (issue 25): aiohttp's own, an app made by :func:`make_app` over the store.

Routes, all under one table's token (web/links.py) but the static files; there is no
listing of tables and nothing answers a table id alone:

    /t/<token>/                 the table's page (public, or one seat's private page)
    /t/<token>/live             the part of the page a move changes (web.js swaps it in)
    /t/<token>/events           Server-Sent Events: a digest of the live part, at each
                                change the viewer may see
    /t/<token>/board/<d>.png    the board, named by the digest of its view (web/sight.py,
                                ``digest``; the renderer's size, about twice the box
                                Discord shows it in)
    /t/<token>/hand/<d>.png     the seat's hand (private links only), likewise
    /t/<token>/replay?step=N    the replay scrubber at move N; &part=1 its changing part
    /t/<token>/step/<n>.png     the board after move n
    /static/web.css, web.js

Every answer carries strict headers (:data:`HEADERS`: no referrer, a Content-Security-
Policy with no inline script and no other origin); a refused link, an unknown path, too
many requests or a failure get a plain page (web/pages.py), never a traceback. What is
drawn or written is cached per table version (:class:`Lru`), so a page viewed again costs
a version lookup. Tokens are never logged: the access log writes ``/t/…``
(:class:`AccessLog`), and a failure is logged by its type and route alone.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

import engine
import render
from data.rows import LogEntry
from data.store import Store
from data.watch import head, revoked_before
from engine.table import Table
from web import pages
from web.hub import Hub
from web.links import UNKNOWN, BadLink, Link, holder_tag, read_token, verify
from web.sight import board_view, digest, hand_view, sight, view_at

log = logging.getLogger("web")

STATIC = Path(__file__).with_name("static")
STATIC_TYPES = {"web.css": "text/css", "web.js": "text/javascript",
                "favicon.svg": "image/svg+xml"}
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; base-uri 'none'; form-action 'self'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex, nofollow",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
#: requests one address may make per RATE_WINDOW seconds (a page is about four)
RATE = 240
RATE_WINDOW = 60.0
#: event streams one address may hold open at once (a viewer needs one per open page)
STREAMS = 20
#: seconds between two keep-alive comments of an idle event stream
KEEPALIVE = 15.0
#: the whole log is read for a page: its last moves and its replay are replayed from it
WHOLE_LOG = 10_000_000
_TOKEN_PATH = re.compile(r"/t/[^/]+")


class Lru:
    """A small least-recently-used cache of drawn images and written pages. A value being
    made is made once: two hundred viewers told of a move at the same moment wait for one
    page, not two hundred."""

    def __init__(self, size: int = 256) -> None:
        self._size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._making: dict[Hashable, asyncio.Future[Any]] = {}

    async def get(self, key: Hashable, make: Callable[[], Awaitable[Any]]) -> Any:
        if key in self._items:
            self._items.move_to_end(key)
            return self._items[key]
        if key in self._making:
            return await asyncio.shield(self._making[key])
        making = self._making[key] = asyncio.ensure_future(make())
        try:
            value = await asyncio.shield(making)
        finally:
            self._making.pop(key, None)
        self._items[key] = value
        while len(self._items) > self._size:
            self._items.popitem(last=False)
        return value


class Limiter:
    """At most ``rate`` requests per ``window`` seconds from one address (fixed windows)."""

    def __init__(self, rate: int, window: float, now: Callable[[], float]) -> None:
        self.rate, self.window, self._now = rate, window, now
        self._seen: dict[str, tuple[float, int]] = {}

    def allow(self, address: str) -> bool:
        now = self._now()
        start, count = self._seen.get(address, (now, 0))
        if now - start >= self.window:
            start, count = now, 0
        self._seen[address] = (start, count + 1)
        if len(self._seen) > 50_000:  # forget the addresses whose window is over
            self._seen = {a: v for a, v in self._seen.items() if now - v[0] < self.window}
        return count < self.rate


class AccessLog(AbstractAccessLogger):
    """The access log without tokens: ``/t/<token>/board/4.png`` is written ``/t/…/board/4.png``."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        path = _TOKEN_PATH.sub("/t/…", request.path)[:200]
        self.logger.info("%s %s %s %s %.0f ms", request.remote, request.method, path,
                         response.status, time * 1000)


class Redact(logging.Filter):
    """Takes tokens out of whatever the access log is given, whichever logger class the
    runner was made with (aiohttp's own writes the request line whole)."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "/t/" in text:
            record.msg, record.args = _TOKEN_PATH.sub("/t/…", text), ()
        return True


def _redact_access_log() -> None:
    access = logging.getLogger("aiohttp.access")
    if not any(isinstance(f, Redact) for f in access.filters):
        access.addFilter(Redact())


@dataclass
class Access:
    """What a request's token opened: the link, and the table's head (no state)."""

    link: Link
    table: Table


def _html(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store"})


def _png(data: bytes) -> web.Response:
    return web.Response(body=data, content_type="image/png",
                        headers={"Cache-Control": "private, max-age=86400"})


def _number(text: str | None, default: int) -> int:  # a step asked for, bounded
    if text is None or not text.isdigit() or len(text) > 9:
        return default
    return int(text)


class Site:
    """The server's state: the store, the secret, the caches, the live hub, the limiter."""

    def __init__(self, store: Store, secret: bytes, *, now: Callable[[], float] = time.time,
                 rate: int = RATE, interval: float | None = None, streams: int = STREAMS
                 ) -> None:
        self.store = store
        self.secret = secret
        self.now = now
        self.cache = Lru()
        self.hub = Hub(store) if interval is None else Hub(store, interval)
        self.limiter = Limiter(rate, RATE_WINDOW, now)
        self.streams = streams
        self._open: Counter[str] = Counter()  # event streams open, by address

    # -- who may see what --------------------------------------------------------------

    async def access(self, request: web.Request) -> Access:
        """The token's link and table if the link is good now; BadLink otherwise."""
        link = read_token(self.secret, request.match_info["token"])
        table = await head(self.store, link.table)
        if table is None:
            raise BadLink(UNKNOWN)
        revoked = 0.0
        if link.seat is not None:
            seats = table.seats
            if link.seat >= len(seats) or not seats[link.seat].is_person or \
                    holder_tag(str(seats[link.seat].player)) != link.holder:
                raise BadLink(UNKNOWN)
            revoked = await revoked_before(self.store, link.table, link.seat)
        verify(self.secret, request.match_info["token"], self.now(), revoked)
        return Access(link, table)

    async def whole(self, key: int) -> tuple[Table, list[LogEntry]]:
        """The table with its state, then its whole log (two reads: a move made between
        them shows in full at the next version, which the page is cached under anew)."""
        table = await self.store.get(key)
        if table is None:
            raise BadLink(UNKNOWN)
        entries = await self.store.history(key, limit=WHOLE_LOG)
        return table, entries

    # -- pages -------------------------------------------------------------------------

    async def _sight_html(self, a: Access, part: bool, version: int | None = None) -> str:
        """The page (or with ``part`` its live part) for the link's viewer, at the table's
        ``version`` (by default the one its head was read at)."""
        seat = a.link.seat

        async def make() -> str:
            table, entries = await self.whole(a.table.key or 0)
            s = await asyncio.to_thread(sight, table, entries, seat)
            return pages.live_fragment(s) if part else pages.table_page(s)

        at = a.table.version if version is None else version
        return await self.cache.get(("page", a.table.key, at, seat, part), make)

    async def page(self, request: web.Request) -> web.Response:
        return _html(await self._sight_html(await self.access(request), False))

    async def live(self, request: web.Request) -> web.Response:
        return _html(await self._sight_html(await self.access(request), True))

    async def slash(self, request: web.Request) -> web.Response:
        raise web.HTTPFound(location=f"{request.match_info['token']}/")

    async def replay(self, request: web.Request) -> web.Response:
        a = await self.access(request)
        seat, part = a.link.seat, request.query.get("part") == "1"
        wanted = _number(request.query.get("step"), -1)

        async def make() -> str:
            table, entries = await self.whole(a.table.key or 0)
            if table.state is None:
                raise BadLink(UNKNOWN)
            at = len(entries) if wanted < 0 else wanted  # past the end: the last step
            step, total, _, lines = await asyncio.to_thread(view_at, table, entries, at, seat)
            if part:
                return pages.replay_part(step, total, lines)
            title = table.game.title + (f": {table.title}" if table.title else "")
            return pages.replay_page(title, step, total, lines)

        key = ("replay", a.table.key, a.table.version, seat, wanted, part)
        return _html(await self.cache.get(key, make))

    # -- images ------------------------------------------------------------------------

    async def _view(self, a: Access, seat: int | None) -> tuple[str, dict]:
        """(digest, view) of the table now as ``seat`` sees it (None: the public board)."""

        async def make() -> tuple[str, dict]:
            table, _ = await self.whole(a.table.key or 0)
            view = board_view(table) if seat is None else hand_view(table, seat)
            if view is None:
                raise web.HTTPNotFound()
            return digest(view), view

        return await self.cache.get(("view", a.table.key, a.table.version, seat), make)

    async def _image(self, request: web.Request, seat: int | None) -> web.Response:
        """The board (``seat`` None) or that seat's hand, at the address its digest names;
        an older address leads to the current picture."""
        a = await self.access(request)
        now, view = await self._view(a, seat)
        if request.match_info["digest"] != now:
            raise web.HTTPFound(location=f"{now}.png")
        draw = render.draw_board if seat is None else render.draw_hand

        async def make() -> bytes:
            return await asyncio.to_thread(draw, a.table.game_id, view)

        return _png(await self.cache.get(("png", a.table.key, seat, now), make))

    async def board(self, request: web.Request) -> web.Response:
        return await self._image(request, None)

    async def hand(self, request: web.Request) -> web.Response:
        seat = (await self.access(request)).link.seat
        if seat is None:
            raise web.HTTPNotFound()
        return await self._image(request, seat)

    async def step_image(self, request: web.Request) -> web.Response:
        a = await self.access(request)
        step, seat = _number(request.match_info["step"], 0), a.link.seat

        async def make() -> bytes:
            table, entries = await self.whole(a.table.key or 0)
            if table.state is None:
                raise web.HTTPNotFound()
            _, _, view, _ = await asyncio.to_thread(view_at, table, entries, step, seat)
            return await asyncio.to_thread(render.draw_board, table.game_id, view)

        key = ("step", a.table.key, a.table.version, seat, step)
        return _png(await self.cache.get(key, make))

    # -- live --------------------------------------------------------------------------

    async def events(self, request: web.Request) -> web.StreamResponse:
        """The tag of the viewer's live part now (web/pages.py, ``tag``), then each new one:
        a move that changes nothing this viewer may see (a step of someone's private
        choice) sends nothing. A comment every KEEPALIVE s keeps the stream open."""
        a = await self.access(request)
        key, address = a.table.key or 0, request.remote or "?"
        if self._open[address] >= self.streams:
            raise web.HTTPTooManyRequests(headers={"Retry-After": str(int(RATE_WINDOW))})
        self._open[address] += 1
        try:
            return await self._stream(request, a, key)
        finally:
            self._open[address] -= 1
            if not self._open[address]:
                del self._open[address]

    async def _stream(self, request: web.Request, a: Access, key: int) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                               "Cache-Control": "no-store",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        queue = self.hub.watch(key, a.table.version)
        try:
            last = pages.tag(await self._sight_html(a, True))
            await response.write(f"retry: 2000\nevent: change\ndata: {last}\n\n".encode())
            while True:
                try:
                    version = await asyncio.wait_for(queue.get(), KEEPALIVE)
                except TimeoutError:
                    await response.write(b": waiting\n\n")
                    continue
                now = pages.tag(await self._sight_html(a, True, version))
                if now != last:
                    last = now
                    await response.write(f"event: change\ndata: {now}\n\n".encode())
        except (ConnectionResetError, ConnectionError):
            pass
        finally:
            self.hub.leave(key, queue)
        return response

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC_TYPES:
            raise web.HTTPNotFound()
        return web.Response(body=(STATIC / name).read_bytes(), content_type=STATIC_TYPES[name],
                            headers={"Cache-Control": "public, max-age=3600"})

    async def nothing(self, request: web.Request) -> web.Response:
        raise web.HTTPNotFound()


@web.middleware
async def _errors(request: web.Request, handler: Callable[..., Awaitable[Any]]) -> Any:
    """A plain page for whatever goes wrong; a failure logged by type and route alone."""
    try:
        return await handler(request)
    except BadLink as bad:
        return _html(pages.error_page(404, bad.reason), 404)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        page = _html(pages.error_page(exc.status), exc.status)
        if exc.status == 429:
            page.headers["Retry-After"] = exc.headers.get("Retry-After", "60")
        return page
    except Exception as exc:  # noqa: BLE001 - the visitor gets a plain page, never a trace
        route = request.match_info.route.name or "?"
        log.error("web: %s while answering %s", type(exc).__name__, route)
        return _html(pages.error_page(500), 500)


def _limit(site: Site) -> Callable[..., Awaitable[Any]]:
    @web.middleware
    async def limit(request: web.Request, handler: Callable[..., Awaitable[Any]]) -> Any:
        if not site.limiter.allow(request.remote or "?"):
            raise web.HTTPTooManyRequests(headers={"Retry-After": str(int(RATE_WINDOW))})
        return await handler(request)

    return limit


async def _secure(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in HEADERS.items():
        response.headers[name] = value


SITE = web.AppKey("site", Site)


def make_app(store: Store, secret: bytes, **options: Any) -> web.Application:
    """The web app over ``store``, its links signed with ``secret``; ``options`` go to
    :class:`Site` (``now``, ``rate``, ``interval``: the tests' clock, rate and polling)."""
    site = Site(store, secret, **options)
    _redact_access_log()
    app = web.Application(middlewares=[_errors, _limit(site)], client_max_size=4096)
    app[SITE] = site
    app.on_response_prepare.append(_secure)

    async def close_hub(_: web.Application) -> None:
        await site.hub.close()

    app.on_cleanup.append(close_hub)
    r = app.router
    r.add_get("/static/{name}", site.static, name="static")
    r.add_get("/t/{token}", site.slash, name="slash")
    r.add_get("/t/{token}/", site.page, name="page")
    r.add_get("/t/{token}/live", site.live, name="live")
    r.add_get("/t/{token}/events", site.events, name="events")
    r.add_get("/t/{token}/replay", site.replay, name="replay")
    r.add_get("/t/{token}/board/{digest}.png", site.board, name="board")
    r.add_get("/t/{token}/hand/{digest}.png", site.hand, name="hand")
    r.add_get("/t/{token}/step/{step}.png", site.step_image, name="step")
    r.add_get("/", site.nothing, name="root")
    return app


def _draw_each_game() -> None:
    for game_id in sorted(engine.GAMES):
        game = engine.get_game(game_id)
        view = game.view(game.setup(game.min_players, {}, "warm-up"), None)
        view["names"] = [f"Seat {i + 1}" for i in range(game.min_players)]
        render.draw_board(game_id, view)


async def warm_up() -> None:
    """Draw each game's board once, off the event loop: the fonts and the static layers
    load now rather than at the first visitor's page (about 150 ms of a first render)."""
    await asyncio.to_thread(_draw_each_game)


async def serve(app: web.Application, host: str, port: int) -> web.AppRunner:
    """Start ``app`` on ``host``:``port`` with the token-free access log; the runner to
    clean up at the end. A handler is cancelled when its visitor goes (every handler only
    reads): an event stream closed by the browser frees its place at once."""
    runner = web.AppRunner(app, access_log_class=AccessLog, shutdown_timeout=2.0,
                           handler_cancellation=True)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner
