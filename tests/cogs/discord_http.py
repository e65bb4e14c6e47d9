"""Discord's HTTP side, offline, under discord.py's real HTTP client (issue 21).

The harness used to replace ``HTTPClient.request`` and ``AsyncWebhookAdapter.request``
whole, so discord.py's own handling of Discord's answers never ran: its retries of 429 and
of 500/502/504, its giving up after five tries, its ``Forbidden`` and ``NotFound``. Here
only ``aiohttp.ClientSession.request`` is replaced (both choke points reach Discord through
it), so every request goes through discord.py exactly as in production, and what Discord
answers (an error included) comes back as an HTTP response:

- :func:`parse_request` turns what discord.py hands aiohttp (method, URL, JSON text or
  multipart form) back into the route template Discord's documentation names, the ids in
  it, the JSON body and the files.
- :class:`Answer` is an HTTP answer; ``Answer.error`` builds Discord's error bodies
  (``{"code": 50013, "message": "Missing Permissions"}``), ``Answer.rate_limited`` its 429
  (``retry_after``, with the ``Via`` header Discord's answers carry; Cloudflare's own 429
  has neither, and discord.py does not retry it).
- :class:`Fault` is one injected failure: the next ``times`` requests matching a route
  (and a test of the call) are answered with it instead (:meth:`Faults.match`).
- :class:`FastSleep` stands in for ``asyncio`` inside discord.py's HTTP modules: a retry's
  wait (``1 + tries * 2`` seconds, or ``retry_after``) is recorded and passes at once, so a
  test of five 500s in a row takes milliseconds, not sixteen seconds.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import aiohttp

API_PREFIX = re.compile(r"^/api/v\d+")

#: Every route the offline server answers, as Discord's documentation writes it. Literal
#: segments (``@me``, ``@original``) are tried before the parameters they would match.
ROUTES: tuple[tuple[str, str], ...] = (
    ("GET", "/users/@me"),
    ("GET", "/oauth2/applications/@me"),
    ("PUT", "/applications/{application_id}/commands"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("POST", "/users/@me/channels"),
    ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("GET", "/channels/{channel_id}/messages/{message_id}"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"),
    ("POST", "/channels/{channel_id}/threads"),
    ("GET", "/channels/{channel_id}"),
    ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
)


def _pattern(template: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template)) + "$")


_COMPILED = [(m, t, _pattern(t)) for m, t in ROUTES]


@dataclass
class Request:
    """One request as Discord receives it."""

    method: str
    path: str  # the route template, e.g. /channels/{channel_id}/messages
    ids: dict[str, str]
    body: Any
    files: dict[str, bytes]
    params: dict[str, str]


def route_of(method: str, url: str) -> tuple[str, dict[str, str]] | None:
    """The route template of a URL and the ids in it; None for a route Discord has not
    been taught here."""
    path = API_PREFIX.sub("", urlsplit(url).path)
    for m, template, pattern in _COMPILED:
        if m != method:
            continue
        found = pattern.match(path)
        if found is not None:
            return template, dict(found.groupdict())
    return None


def parse_request(method: str, url: str, data: Any, params: Any) -> Request | None:
    """What discord.py sent, read back: None for an unknown route."""
    found = route_of(method, url)
    if found is None:
        return None
    template, ids = found
    body: Any = None
    files: dict[str, bytes] = {}
    if isinstance(data, aiohttp.FormData):
        for options, _headers, value in data._fields:
            name = options.get("name")
            if name == "payload_json":
                body = json.loads(value)
            elif "filename" in options:
                value.seek(0)
                files[options["filename"]] = value.read()
                value.seek(0)
    elif isinstance(data, (str, bytes)) and data:
        body = json.loads(data)
    query = dict(parse_qsl(urlsplit(url).query))
    query.update({k: str(v) for k, v in (params or {}).items()})
    return Request(method, template, ids, body, files, query)


# -- answers --------------------------------------------------------------------------------


@dataclass
class Answer(Exception):
    """An HTTP answer of the offline Discord; raised by a handler to answer with an error."""

    status: int
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)

    @classmethod
    def error(cls, status: int, code: int, message: str, **extra: Any) -> Answer:
        return cls(status, {"code": code, "message": message, **extra})

    @classmethod
    def rate_limited(cls, retry_after: float = 0.5, *, is_global: bool = False,
                     cloudflare: bool = False) -> Answer:
        if cloudflare:  # Cloudflare's own ban page: HTML, no Via header
            return cls(429, "<html>error code: 1015</html>", {"Content-Type": "text/html"})
        return cls(429, {"message": "You are being rate limited.", "retry_after": retry_after,
                         "global": is_global, "code": 0}, {"Via": "1.1 google"})


UNKNOWN_MESSAGE = (404, 10008, "Unknown Message")
UNKNOWN_CHANNEL = (404, 10003, "Unknown Channel")
UNKNOWN_INTERACTION = (404, 10062, "Unknown interaction")
UNKNOWN_WEBHOOK = (404, 10015, "Unknown Webhook")
MISSING_ACCESS = (403, 50001, "Missing Access")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")
CANNOT_DM = (403, 50007, "Cannot send messages to this user")
ALREADY_ACKNOWLEDGED = (400, 40060, "Interaction has already been acknowledged.")
SERVER_ERRORS = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
                 504: "Gateway Timeout"}


class FakeResponse:
    """What discord.py reads of an aiohttp response: status, reason, headers, text."""

    def __init__(self, answer: Answer) -> None:
        self.status = answer.status
        self.reason = SERVER_ERRORS.get(answer.status) or {
            200: "OK", 204: "No Content", 400: "Bad Request", 403: "Forbidden",
            404: "Not Found", 429: "Too Many Requests"}.get(answer.status, "")
        self.headers: dict[str, str] = {}
        if answer.body is None:
            self._text = ""
        elif isinstance(answer.body, str):
            self._text = answer.body
            self.headers["content-type"] = "text/html"
        else:
            self._text = json.dumps(answer.body)
            self.headers["content-type"] = "application/json"
        self.headers.update({k: v for k, v in answer.headers.items() if k != "Content-Type"})

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def __aenter__(self) -> FakeResponse:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


# -- faults -----------------------------------------------------------------------------------


@dataclass
class Fault:
    """The next ``times`` requests to ``method path`` (a route template; "*" for any) for
    which ``when(request)`` holds are answered with ``answer`` instead."""

    method: str
    path: str
    answer: Callable[[], Answer]
    times: int = 1
    when: Callable[[Request], bool] = lambda _r: True
    hits: int = 0

    def matches(self, request: Request) -> bool:
        return (self.times > 0 and self.method in ("*", request.method)
                and self.path in ("*", request.path) and self.when(request))


class Faults:
    """The failures a test has asked the offline Discord for, used up in order."""

    def __init__(self) -> None:
        self.pending: list[Fault] = []

    def add(self, fault: Fault) -> Fault:
        self.pending.append(fault)
        return fault

    def match(self, request: Request) -> Answer | None:
        for fault in self.pending:
            if fault.matches(request):
                fault.times -= 1
                fault.hits += 1
                return fault.answer()
        return None

    def clear(self) -> None:
        self.pending.clear()


# -- time ---------------------------------------------------------------------------------


class FastSleep:
    """``asyncio`` as discord.py's HTTP modules see it, with a ``sleep`` that passes at
    once and remembers how long it was asked to wait."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        self.waits.append(float(delay))
        await asyncio.sleep(0)
        return result
