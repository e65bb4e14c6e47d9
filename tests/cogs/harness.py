"""Drive the real bot offline: discord.py's own Client, ConnectionState, CommandTree and
ViewStore run, fed with interaction payloads shaped like the gateway's; only Discord's side
of the wire is replaced, by a recorder that answers with realistic JSON (the recipe of
shared/discord-testing.md).

- ``Recorder`` stands in for Discord's HTTP API under discord.py's real HTTP client
  (``aiohttp.ClientSession.request``; tests/cogs/discord_http.py): bot calls (messages, DMs,
  threads, command sync) and interaction callbacks and followups alike go through
  discord.py's own request code, its retries and its errors. It keeps every message the bot
  posted, as Discord would, so a test can click a button on a message posted long before
  (even by an earlier bot on the same database). An unknown route fails the test.
- It refuses what Discord refuses (issue 21): every body is checked against Discord's
  documented limits (tests/cogs/discord_limits.py) and answered, when it breaks one, with
  Discord's 400 (50035 and the field path); an interaction answered twice gets 40060, one
  answered after 3 seconds 10062. Every test fails on a refusal it did not expect
  (``refused``, checked by the ``h`` fixture).
- It fails as Discord fails, when a test asks (``fail``): 429 with ``retry_after`` or
  Cloudflare's, 5xx, 403 (50013, 50001), 404 (10008, 10003); ``gone_channels``,
  ``bot_permissions`` and ``left_guild`` are a channel deleted, a permission taken away and
  the bot removed from the server.
- ``Harness`` starts a bot with ``create_bot`` exactly as production does (``login`` runs
  ``setup_hook``), feeds slash commands, autocompletes, clicks and menu picks, and waits for
  every task the feed spawned. ``restart()`` builds a brand-new bot on the same database.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import discord
import discord.http
import discord.webhook.async_

from cogs.base.config import Config
from cogs.bot import create_bot
from tests.cogs.discord_http import (
    ALREADY_ACKNOWLEDGED,
    CANNOT_DM,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_CHANNEL,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    Answer,
    FakeResponse,
    FastSleep,
    Fault,
    Faults,
    Request,
    parse_request,
)
from tests.cogs.discord_limits import (
    Violation,
    check_autocomplete,
    check_commands,
    check_message,
    check_modal,
    error_body,
)

GUILD_ID = 700000000000000001
CHANNEL_ID = 700000000000000010
OTHER_CHANNEL_ID = 700000000000000011
APP_ID = 700000000000000100
BOT_ID = 700000000000000101

MANAGE_MESSAGES = 1 << 13
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_HISTORY = 1 << 16
SEND_IN_THREADS = 1 << 38
#: what the bot may do where nobody took anything from it: everything but Administrator
BOT_PERMISSIONS = (1 << 53) - 1 & ~(1 << 3)
#: Discord's clock for an interaction: an answer within 3 s, then its token for 15 minutes
RESPONSE_SECONDS = 3.0
TOKEN_SECONDS = 15 * 60.0
# What an ordinary member may do in a channel: view, send, read history, use app commands.
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31)
TIMESTAMP = "2025-01-01T12:00:00.000000+00:00"
MENTION = re.compile(r"<@!?(\d+)>")

CALLBACK_ROUTE = "/interactions/{webhook_id}/{webhook_token}/callback"
FOLLOWUP_ROUTE = "/webhooks/{webhook_id}/{webhook_token}"
WEBHOOK_MESSAGE_ROUTES = (
    "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
    "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
)


class Crash(BaseException):
    """The bot's process dying at this point (a ``BaseException``: nothing catches it)."""


class OfflineError(AssertionError):
    """Something tried to reach the network, or called a route the recorder does not know."""


@dataclass(frozen=True)
class FakeUser:
    id: int
    name: str

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name.capitalize(),
            "discriminator": "0",
            "avatar": None,
            "bot": False,
        }

    def member(self, permissions: int = MEMBER_PERMISSIONS) -> dict[str, Any]:
        return {
            "user": self.payload(),
            "roles": [],
            "flags": 0,
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "permissions": str(permissions),
        }


@dataclass
class Msg:
    """A message as Discord holds it: the JSON the recorder answered, updated on edits."""

    payload: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    allowed_mentions: dict[str, Any] | None = None

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel_id"])

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.payload.get("embeds") or []

    @property
    def text(self) -> str:
        """Content and embed text together: what a reader of the message sees in words."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            parts += [f"{f.get('name')}\n{f.get('value')}" for f in e.get("fields") or []]
            parts.append((e.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.payload.get("flags") or 0) & 64)

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.payload.get("components") or []

    def items(self) -> list[dict[str, Any]]:
        """Every button and select of the message, flattened."""
        out = []
        for row in self.components:
            out += row.get("components") or [] if row.get("type") == 1 else [row]
        return out

    def item(self, label_or_prefix: str) -> dict[str, Any]:
        """The button whose label is that text, or the item whose custom id starts so."""
        for it in self.items():
            if it.get("label") == label_or_prefix:
                return it
        for it in self.items():
            if str(it.get("custom_id", "")).startswith(label_or_prefix):
                return it
        raise AssertionError(f"no item {label_or_prefix!r} in {[self._name(i) for i in self.items()]}")

    def has_item(self, label_or_prefix: str) -> bool:
        try:
            self.item(label_or_prefix)
        except AssertionError:
            return False
        return True

    def selects(self) -> list[dict[str, Any]]:
        return [i for i in self.items() if i.get("type") == 3]

    def options(self) -> list[dict[str, Any]]:
        """Every option of every select menu of the message."""
        return [o for s in self.selects() for o in s.get("options") or []]

    @property
    def mentions(self) -> set[int]:
        return {int(m) for m in MENTION.findall(self.content)}

    @property
    def pinged(self) -> set[int]:
        """The users this message notifies: mentioned in the content and allowed to ping."""
        am = self.allowed_mentions
        if am is None:
            return self.mentions
        parse = am.get("parse") or []
        if "users" in parse:
            return self.mentions
        allowed = {int(u) for u in am.get("users") or []}
        return self.mentions & allowed

    @property
    def has_hand(self) -> bool:
        """The message holds a picture of a private hand (named after its view)."""
        return any(n.startswith("hand") and n.endswith(".png") for n in self.files)

    @property
    def images(self) -> list[bytes]:
        return [b for name, b in self.files.items() if name.endswith(".png")]

    @staticmethod
    def _name(item: dict[str, Any]) -> str:
        return str(item.get("label") or item.get("custom_id"))


@dataclass
class Reply:
    """Everything one interaction got: the callback, its message(s) and followups."""

    type: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    messages: list[Msg] = field(default_factory=list)
    original: Msg | None = None  # the response message (after a defer: its edit)
    posts: list[Msg] = field(default_factory=list)  # channel and DM messages sent meanwhile

    @property
    def choices(self) -> list[dict[str, Any]]:
        return self.data.get("choices") or []

    @property
    def text(self) -> str:
        return "\n".join(m.text for m in self.messages)

    @property
    def ephemeral(self) -> bool:
        return bool(self.messages) and all(m.ephemeral for m in self.messages)

    @property
    def message(self) -> Msg:
        assert self.messages, f"the interaction got no message (callback type {self.type})"
        return self.messages[-1]


@dataclass
class Call:
    method: str
    path: str
    ids: dict[str, Any]
    body: dict[str, Any] | None
    files: dict[str, bytes]
    params: dict[str, Any] | None


class Recorder:
    """Discord's REST API, offline: answers every call with realistic JSON and records it."""

    def __init__(self) -> None:
        self._ids = itertools.count(800000000000000000)
        self.calls: list[Call] = []
        self.unknown: list[str] = []
        self.users: dict[int, FakeUser] = {}
        self.messages: dict[int, Msg] = {}
        self.channel_of: dict[int, int] = {}  # message id -> channel id
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.dm_owner: dict[int, int] = {}  # DM channel id -> user id
        self.closed_dms: set[int] = set()
        self.threads: dict[int, dict[str, Any]] = {}
        self.replies: dict[str, Reply] = {}  # interaction token -> reply
        self.context: dict[str, dict[str, Any]] = {}  # token -> channel, type, source message
        self.sent: list[Msg] = []  # every channel or DM message posted, in order
        self.nonces: dict[tuple[int, str], Msg] = {}  # (channel, nonce) -> the message
        #: injected failures (``fail``), and the requests they answered
        self.faults = Faults()
        self.faulted: list[tuple[Request, Answer]] = []
        self.crashes: list[Fault] = []
        #: requests Discord would refuse (400): a test fails on any it did not expect
        self.refused: list[tuple[Request, Answer]] = []
        #: interactions answered after Discord's 3 seconds (refused with 10062)
        self.late: list[str] = []
        #: the command tree as last synced
        self.synced: list[dict[str, Any]] = []
        #: channels deleted (Unknown Channel), the bot's permissions per channel, and
        #: whether the bot was removed from the server (Missing Access everywhere there)
        self.gone_channels: set[int] = set()
        self.bot_permissions: dict[int, int] = {}
        self.left_guild = False
        self.bot_user = {
            "id": str(BOT_ID),
            "username": "Parley",
            "discriminator": "0",
            "avatar": None,
            "bot": True,
            "global_name": None,
            "flags": 0,
            "verified": True,
            "mfa_enabled": False,
        }

    def snowflake(self) -> int:
        return next(self._ids)

    def fail(self, method: str, path: str, answer: Answer | Callable[[], Answer], *,
             times: int = 1, when: Callable[[Request], bool] | None = None) -> Fault:
        """Answer the next ``times`` requests to ``method path`` (a route template, "*"
        for any) for which ``when`` holds with ``answer`` (an ``Answer``, or a function
        making one) instead: a fault of a real server."""
        make = answer if callable(answer) else (lambda: answer)
        return self.faults.add(Fault(method, path, make, times, when or (lambda _r: True)))

    def crash_after(self, method: str, path: str, *,
                    when: Callable[[Request], bool] | None = None) -> Fault:
        """The bot's process dies right after Discord carried out the next such request,
        before the bot hears the answer."""
        crash = Fault(method, path, lambda: Answer(200), 1, when or (lambda _r: True))
        self.crashes.append(crash)
        return crash

    def refusals(self) -> list[str]:
        """The refused requests, each as Discord's error text names it."""
        return [f"{r.method} {r.path}: {json.dumps(a.body)}" for r, a in self.refused]

    # -- message helpers ----------------------------------------------------------------

    def _attachments(self, body: dict[str, Any], files: dict[str, bytes], old: list | None) -> list:
        kept = {str(a["id"]): a for a in old or []}
        out = []
        names = list(files)
        for a in body.get("attachments") or []:
            if str(a.get("id")) in kept:
                out.append(kept[str(a["id"])])
            elif "filename" in a:
                data = files.get(a["filename"], b"")
                aid = self.snowflake()
                out.append({
                    "id": str(aid),
                    "filename": a["filename"],
                    "size": len(data),
                    "url": f"https://cdn.discordapp.com/attachments/{aid}/{a['filename']}",
                    "proxy_url": f"https://media.discordapp.net/attachments/{aid}/{a['filename']}",
                    "content_type": "image/png" if a["filename"].endswith(".png") else "text/plain",
                })
        if not body.get("attachments") and names and old is None:
            for name in names:
                aid = self.snowflake()
                out.append({"id": str(aid), "filename": name, "size": len(files[name]),
                            "url": f"https://cdn.discordapp.com/attachments/{aid}/{name}",
                            "proxy_url": f"https://media.discordapp.net/attachments/{aid}/{name}"})
        return out

    def _message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: dict[str, bytes],
        *,
        flags: int = 0,
        interaction: dict[str, Any] | None = None,
    ) -> Msg:
        mid = self.snowflake()
        payload = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "type": 0 if interaction is None else 20,
            "content": body.get("content") or "",
            "author": dict(self.bot_user),
            "attachments": self._attachments(body, files, None),
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "flags": int(body.get("flags") or 0) | flags,
        }
        if channel_id not in self.dm_owner:
            payload["guild_id"] = str(GUILD_ID)
        if interaction is not None:
            payload["interaction_metadata"] = interaction
            payload["webhook_id"] = str(APP_ID)
            payload["application_id"] = str(APP_ID)
        msg = Msg(payload, dict(files), body.get("allowed_mentions"))
        self.messages[mid] = msg
        self.channel_of[mid] = channel_id
        return msg

    def _edit(self, msg: Msg, body: dict[str, Any], files: dict[str, bytes]) -> Msg:
        p = msg.payload
        for key in ("content", "embeds", "components"):
            if key in body:
                p[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "attachments" in body:
            p["attachments"] = self._attachments(body, files, p.get("attachments"))
            keep = {a["filename"] for a in p["attachments"]}
            msg.files = {k: v for k, v in msg.files.items() if k in keep}
            msg.files.update(files)
        elif files:
            p["attachments"] = p.get("attachments", []) + self._attachments(body, files, None)
            msg.files.update(files)
        if "allowed_mentions" in body:
            msg.allowed_mentions = body["allowed_mentions"]
        p["edited_timestamp"] = TIMESTAMP
        return msg

    def channel_posts(self, channel_id: int) -> list[Msg]:
        return [m for m in self.sent if m.channel_id == channel_id]

    def dms(self, user: FakeUser) -> list[Msg]:
        cid = self.dm_channels.get(user.id)
        return [] if cid is None else self.channel_posts(cid)

    # -- the HTTP entry point ---------------------------------------------------------------

    def session_request(self, method: str, url: str, **kw: Any) -> Any:
        """``aiohttp.ClientSession.request`` as discord.py calls it (``async with``)."""
        return _Pending(self._answer(method, url, kw))

    async def _answer(self, method: str, url: str, kw: dict[str, Any]) -> FakeResponse:
        req = parse_request(method, url, kw.get("data"), kw.get("params"))
        if req is None:
            self.unknown.append(f"{method} {url}")
            raise OfflineError(f"the recorder does not know {method} {url}")
        self.calls.append(Call(req.method, req.path, req.ids, req.body, req.files, req.params))
        fault = self.faults.match(req)
        if fault is not None:
            self.faulted.append((req, fault))
            return FakeResponse(fault)
        crash = next((c for c in self.crashes if c.matches(req)), None)
        try:
            data = await self._handle(req)
            if crash is not None:  # Discord did it; the bot dies before it hears so
                crash.times -= 1
                raise Crash(f"the bot died after {req.method} {req.path}")
        except Answer as answer:
            if answer.status == 400:
                self.refused.append((req, answer))
            return FakeResponse(answer)
        return FakeResponse(Answer(204 if data is None else 200, data))

    async def _handle(self, req: Request) -> Any:
        if req.path.startswith(("/interactions/", "/webhooks/")):
            return self._webhook(req)
        return self._bot(req)

    # -- the bot's REST side -------------------------------------------------------------

    def _channel_access(self, cid: int, *, send: bool = False, files: bool = False) -> None:
        """What Discord answers a bot for a channel that is gone, out of reach, or where it
        lacks a permission (issue 21: "Discord refusing or failing a call")."""
        if cid in self.dm_owner:
            return
        if cid in self.gone_channels or (cid in self.threads and self.gone_channels
                                         & {int(self.threads[cid]["parent_id"])}):
            raise Answer.error(*UNKNOWN_CHANNEL)
        if self.left_guild:
            raise Answer.error(*MISSING_ACCESS)
        perms = self.permissions_in(cid)
        if not perms & VIEW_CHANNEL:
            raise Answer.error(*MISSING_ACCESS)
        if send:
            needed = SEND_IN_THREADS if cid in self.threads else SEND_MESSAGES
            if not perms & needed:
                raise Answer.error(*MISSING_PERMISSIONS)
        if files and not perms & ATTACH_FILES:
            raise Answer.error(*MISSING_PERMISSIONS)

    def permissions_in(self, cid: int) -> int:
        """The bot's permissions in a channel (a thread has its parent's)."""
        if cid in self.threads:
            cid = int(self.threads[cid]["parent_id"])
        return self.bot_permissions.get(cid, BOT_PERMISSIONS)

    def _bot(self, req: Request) -> Any:
        body, fdata, ids = req.body, req.files, req.ids
        key = (req.method, req.path)
        if key == ("GET", "/users/@me"):
            return dict(self.bot_user)
        if key == ("GET", "/oauth2/applications/@me"):
            return {
                "id": str(APP_ID), "name": "Parley", "icon": None, "description": "",
                "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
                "owner": {"id": "1", "username": "owner", "discriminator": "0", "avatar": None},
                "summary": "", "verify_key": "0" * 64, "flags": 0,
            }
        if key in (
            ("PUT", "/applications/{application_id}/commands"),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
        ):
            self._refuse(check_commands(body or []))
            out = []
            for cmd in body or []:
                c = dict(cmd, id=str(self.snowflake()), application_id=str(APP_ID), version="1")
                if ids.get("guild_id") is not None:
                    c["guild_id"] = str(ids["guild_id"])
                out.append(c)
            self.synced = out
            return out
        if key == ("POST", "/users/@me/channels"):
            uid = int(body["recipient_id"])
            cid = self.dm_channels.get(uid)
            if cid is None:
                cid = self.dm_channels[uid] = self.snowflake()
                self.dm_owner[cid] = uid
            user = self.users.get(uid) or FakeUser(uid, f"user{uid}")
            return {"id": str(cid), "type": 1, "last_message_id": None,
                    "recipients": [user.payload()]}
        if key == ("POST", "/channels/{channel_id}/messages"):
            cid = int(ids["channel_id"])
            self._channel_access(cid, send=True, files=bool(fdata))
            owner = self.dm_owner.get(cid)
            if owner is not None and owner in self.closed_dms:
                raise Answer.error(*CANNOT_DM)
            self._refuse(check_message(body or {}, fdata))
            nonce = (body or {}).get("nonce")
            if nonce is not None and (body or {}).get("enforce_nonce"):
                earlier = self.nonces.get((cid, str(nonce)))
                if earlier is not None:  # Discord's answer to a repeated send: the first one
                    return earlier.payload
            msg = self._message(cid, body or {}, fdata)
            if nonce is not None:
                self.nonces[(cid, str(nonce))] = msg
            self.sent.append(msg)
            return msg.payload
        if key == ("PATCH", "/channels/{channel_id}/messages/{message_id}"):
            self._channel_access(int(ids["channel_id"]), files=bool(fdata))
            msg = self._in_channel(ids)
            if msg is None:
                raise Answer.error(*UNKNOWN_MESSAGE)
            self._refuse(check_message(body or {}, fdata))
            return self._edit(msg, body or {}, fdata).payload
        if key == ("GET", "/channels/{channel_id}/messages/{message_id}"):
            self._channel_access(int(ids["channel_id"]))
            msg = self._in_channel(ids)
            if msg is None:
                raise Answer.error(*UNKNOWN_MESSAGE)
            return msg.payload
        if key == ("DELETE", "/channels/{channel_id}/messages/{message_id}"):
            self._channel_access(int(ids["channel_id"]))
            msg = self._in_channel(ids)
            if msg is None:
                raise Answer.error(*UNKNOWN_MESSAGE)
            self.messages.pop(msg.id, None)
            return None
        if key == ("POST", "/channels/{channel_id}/threads"):
            self._channel_access(int(ids["channel_id"]), send=True)
            tid = self.snowflake()
            thread = {
                "id": str(tid), "type": int((body or {}).get("type", 11)),
                "guild_id": str(GUILD_ID), "parent_id": str(ids["channel_id"]),
                "owner_id": str(BOT_ID), "name": (body or {}).get("name", "thread"),
                "last_message_id": None, "rate_limit_per_user": 0, "message_count": 0,
                "member_count": 1, "flags": 0,
                "thread_metadata": {
                    "archived": False, "locked": False, "archive_timestamp": TIMESTAMP,
                    "auto_archive_duration": int((body or {}).get("auto_archive_duration", 1440)),
                },
            }
            self.threads[tid] = thread
            return thread
        if key == ("GET", "/channels/{channel_id}"):
            cid = int(ids["channel_id"])
            self._channel_access(cid)
            if cid in self.threads:
                return self.threads[cid]
            return _text_channel(cid)
        self.unknown.append(f"{req.method} {req.path}")
        raise OfflineError(f"the recorder does not know {req.method} {req.path}")

    def _refuse(self, violations: list[Violation]) -> None:
        """Discord's 400 (50035, Invalid Form Body) for a body that breaks its limits."""
        if violations:
            raise Answer(400, error_body(violations))

    def _in_channel(self, ids: dict[str, str]) -> Msg | None:
        """The message a route names, if it is in the route's channel: Discord answers
        10008 (Unknown Message) for a message that is gone or lives in another channel (a
        DM message edited through a guild channel's id, say)."""
        msg = self.messages.get(int(ids["message_id"]))
        if msg is None or str(msg.channel_id) != str(ids.get("channel_id")):
            return None
        return msg

    # -- interaction callbacks and followups --------------------------------------------

    def _webhook(self, req: Request) -> Any:
        body, fdata, method, path = req.body, req.files, req.method, req.path
        token = str(req.ids["webhook_token"])
        ctx = self.context.get(token)
        if ctx is None:
            raise Answer.error(*UNKNOWN_WEBHOOK)
        reply = self.replies.setdefault(token, Reply())
        age = asyncio.get_running_loop().time() - ctx["fed_at"]
        if (method, path) == ("POST", CALLBACK_ROUTE):
            if age > RESPONSE_SECONDS and reply.type is None:
                self.late.append(token)
                raise Answer.error(*UNKNOWN_INTERACTION)
            return self._callback(req, reply, body or {}, fdata)
        if age > TOKEN_SECONDS:
            raise Answer.error(*UNKNOWN_WEBHOOK)
        if reply.type is None:
            raise Answer.error(*UNKNOWN_WEBHOOK)  # no response yet: the webhook does not exist
        if (method, path) == ("POST", FOLLOWUP_ROUTE):
            data = body or {}
            self._refuse(check_message(data, fdata, attachment_limit=ctx["attachment_limit"]))
            msg = self._message(ctx["channel_id"], data, fdata, interaction=ctx["meta"])
            reply.messages.append(msg)
            return msg.payload
        if path in WEBHOOK_MESSAGE_ROUTES:
            if path.endswith("@original"):
                target = reply.original
                if target is None and reply.type == 6 and ctx.get("message_id"):
                    target = self.messages.get(ctx["message_id"])
            else:
                target = self.messages.get(int(req.ids["message_id"]))
            if method == "GET":
                if target is None:
                    raise Answer.error(*UNKNOWN_MESSAGE)
                return target.payload
            if method == "DELETE":
                if target is not None and target in reply.messages:
                    reply.messages.remove(target)
                if target is reply.original:
                    reply.original = None
                return None
            if method == "PATCH":
                self._refuse(check_message(body or {}, fdata,
                                           attachment_limit=ctx["attachment_limit"]))
                if target is None:
                    target = self._message(ctx["channel_id"], {}, {}, interaction=ctx["meta"])
                    if reply.type == 5 and reply.data.get("flags"):
                        target.payload["flags"] = reply.data["flags"]
                if path.endswith("@original"):
                    reply.original = target
                if target not in reply.messages:
                    reply.messages.append(target)
                return self._edit(target, body or {}, fdata).payload
        self.unknown.append(f"{method} {path}")
        raise OfflineError(f"the recorder does not know webhook {method} {path}")

    def _callback(self, req: Request, reply: Reply, body: dict[str, Any], files: dict) -> dict:
        rtype = int(body.get("type", 0))
        data = body.get("data") or {}
        if reply.type is not None:
            raise Answer.error(*ALREADY_ACKNOWLEDGED)
        ctx = self.context[str(req.ids["webhook_token"])]
        if rtype in (4, 7):
            self._refuse(check_message(data, files, attachment_limit=ctx["attachment_limit"],
                                       prefix="data"))
        elif rtype == 8:
            self._refuse(check_autocomplete(data))
        elif rtype == 9:
            self._refuse(check_modal(data))
        reply.type = rtype
        reply.data.update(data)
        out: dict[str, Any] = {"interaction": {
            "id": str(req.ids["webhook_id"]), "type": ctx["type"],
            "response_message_loading": rtype == 5,
            "response_message_ephemeral": bool(int(data.get("flags") or 0) & 64),
        }}
        channel_id = ctx["channel_id"]
        if rtype == 4:
            msg = self._message(channel_id, data, files, interaction=ctx["meta"])
            reply.messages.append(msg)
            reply.original = msg
            out["interaction"]["response_message_id"] = str(msg.id)
            out["resource"] = {"type": 4, "message": msg.payload}
        elif rtype == 7:
            source = ctx.get("message_id")
            msg = self.messages.get(source) if source else None
            if msg is None:
                raise OfflineError("an update callback without a message to update")
            self._edit(msg, data, files)
            reply.messages.append(msg)
            reply.original = msg
            out["interaction"]["response_message_id"] = str(msg.id)
            out["resource"] = {"type": 7, "message": msg.payload}
        elif rtype == 5:
            out["resource"] = {"type": 5}
        return out


class _Pending:
    """An answer being prepared, entered with ``async with`` as aiohttp's request is."""

    def __init__(self, answer: Any) -> None:
        self._answer = answer

    async def __aenter__(self) -> FakeResponse:
        return await self._answer

    async def __aexit__(self, *exc: object) -> None:
        return None


def _text_channel(cid: int, name: str = "general") -> dict[str, Any]:
    return {"id": str(cid), "type": 0, "name": name, "position": 0, "guild_id": str(GUILD_ID),
            "permission_overwrites": [], "nsfw": False, "parent_id": None,
            "rate_limit_per_user": 0, "flags": 0, "topic": None, "last_message_id": None}


class Harness:
    """One offline Discord server with the bot in it."""

    def __init__(self, db_path: Path, monkeypatch: Any) -> None:
        self.db_path = db_path
        self.monkeypatch = monkeypatch
        self.rec = Recorder()
        self.bot: Any = None
        self._iids = itertools.count(900000000000000000)
        self.channels: dict[int, dict[str, Any]] = {
            CHANNEL_ID: _text_channel(CHANNEL_ID),
            OTHER_CHANNEL_ID: _text_channel(OTHER_CHANNEL_ID, "tavern"),
        }
        self.tree_errors: list[BaseException] = []
        self.sleep = FastSleep()
        rec = self.rec

        def request(session: Any, method: str, url: str, **kw: Any) -> Any:
            return rec.session_request(method, url, **kw)

        monkeypatch.setattr(aiohttp.ClientSession, "request", request)
        monkeypatch.setattr(aiohttp.ClientSession, "_request", _offline)
        monkeypatch.setattr(aiohttp.ClientSession, "ws_connect", _offline)
        # discord.py's waits between retries pass at once (and are kept in sleep.waits)
        monkeypatch.setattr(discord.http, "asyncio", self.sleep)
        monkeypatch.setattr(discord.webhook.async_, "asyncio", self.sleep)

    # -- lifecycle -----------------------------------------------------------------------

    def config(self) -> Config:
        # fixed seeds: a test sees the same deals on every run, never a lucky or unlucky one
        return Config(token=None, db_path=str(self.db_path), dev_guild=GUILD_ID, seed="harness")

    async def start(self) -> Any:
        bot = create_bot(self.config())
        original = bot.tree.on_error

        async def spy(interaction: discord.Interaction, error: BaseException) -> None:
            self.tree_errors.append(error)
            await original(interaction, error)

        bot.tree.on_error = spy  # type: ignore[method-assign]
        await bot.login("offline")
        self.bot = bot
        return bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
            self.bot = None

    async def restart(self) -> Any:
        """Close the bot and start a brand-new one on the same database (a process restart)."""
        await self.stop()
        return await self.start()

    # -- people and places ---------------------------------------------------------------

    def user(self, name: str, uid: int | None = None) -> FakeUser:
        u = FakeUser(uid or 710000000000000000 + len(self.rec.users) + 1, name)
        self.rec.users[u.id] = u
        return u

    def channel_payload(self, channel_id: int) -> dict[str, Any]:
        if channel_id in self.rec.dm_owner:
            return {"id": str(channel_id), "type": 1, "last_message_id": None}
        if channel_id in self.rec.threads:
            return dict(self.rec.threads[channel_id])
        return dict(self.channels[channel_id])

    # -- feeding events ------------------------------------------------------------------

    def _envelope(
        self, itype: int, user: FakeUser, channel_id: int, data: dict[str, Any], permissions: int
    ) -> dict[str, Any]:
        iid = next(self._iids)
        return {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": itype,
            "token": f"tok{iid}",
            "version": 1,
            "attachment_size_limit": 10485760,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel_id),
            "channel": self.channel_payload(channel_id),
            "member": user.member(permissions),
            "locale": "en-US",
            "guild_locale": "en-US",
            "app_permissions": str(self.rec.permissions_in(channel_id)),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "data": data,
        }

    async def feed(self, payload: dict[str, Any], *, message_id: int | None = None) -> Reply:
        """Deliver one interaction as the gateway does and wait until the bot is done."""
        (reply,) = await self.feed_together([(payload, message_id)])
        return reply

    async def feed_together(
        self, items: list[tuple[dict[str, Any], int | None]]
    ) -> list[Reply]:
        """Deliver several interactions before the bot handles any (a double click)."""
        replies = []
        for payload, message_id in items:
            replies.append(self.rec.replies.setdefault(payload["token"], Reply()))
            self.rec.context[payload["token"]] = {
                "channel_id": int(payload["channel_id"]),
                "type": payload["type"],
                "message_id": message_id,
                "fed_at": asyncio.get_running_loop().time(),
                "attachment_limit": int(payload.get("attachment_size_limit") or 10485760),
                "meta": {"id": payload["id"], "type": payload["type"],
                         "user": (payload.get("member") or payload)["user"],
                         "authorizing_integration_owners": {"0": str(GUILD_ID)}},
            }
        sent_before = len(self.rec.sent)
        before = set(asyncio.all_tasks())
        for payload, _ in items:
            self.bot._connection.parsers["INTERACTION_CREATE"](payload)
        await self.settle(before)
        for reply in replies:
            reply.posts = self.rec.sent[sent_before:]
        return replies

    async def settle(self, before: set[asyncio.Task]) -> None:
        """Await every task spawned since ``before`` (and what they spawn), re-raising errors."""
        me = asyncio.current_task()
        seen: set[asyncio.Task] = set()
        while True:
            fresh = [
                t for t in asyncio.all_tasks()
                if t not in before and t is not me and t not in seen
                and not t.get_name().startswith("discord-ui-view-timeout")
            ]
            if not fresh:
                break
            seen.update(fresh)
            await asyncio.gather(*fresh, return_exceptions=True)
        for t in seen:
            if not t.cancelled() and t.exception() is not None:
                raise t.exception()  # type: ignore[misc]

    async def slash(
        self,
        user: FakeUser,
        command: str,
        *,
        channel: int = CHANNEL_ID,
        permissions: int = MEMBER_PERMISSIONS,
        **options: Any,
    ) -> Reply:
        """``/game new all-hands longer:True`` is ``slash(u, "game new all-hands",
        longer=True)``, or ``slash(u, "game new", game="all-hands", longer=True)``."""
        data = self._command_data(command, options, focused=None)
        return await self.feed(self._envelope(2, user, channel, data, permissions))

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        focused: str,
        value: str = "",
        *,
        channel: int = CHANNEL_ID,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while ``user`` types ``value`` into option ``focused``."""
        options = dict(options, **{focused: value})
        data = self._command_data(command, options, focused=focused)
        reply = await self.feed(self._envelope(4, user, channel, data, MEMBER_PERMISSIONS))
        assert reply.type == 8, f"autocomplete answered with callback type {reply.type}"
        return reply.choices

    def _command_data(
        self, command: str, options: dict[str, Any], focused: str | None
    ) -> dict[str, Any]:
        names = command.split()
        if names == ["game", "new"] and "game" in options:
            # ``/game new`` is a group of one command per game (issue 14): ``slash(u,
            # "game new", game="all-hands")`` sends what Discord sends for
            # ``/game new all-hands``, the shorthand the tests were written with.
            options = dict(options)
            names.append(str(options.pop("game")))
        resolved: dict[str, Any] = {}
        opts = []
        for name, value in options.items():
            if value is None:
                continue
            opt: dict[str, Any] = {"name": name}
            if isinstance(value, FakeUser):
                opt.update(type=6, value=str(value.id))
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                member = value.member()
                member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
            elif isinstance(value, bool):
                opt.update(type=5, value=value)
            elif isinstance(value, int):
                opt.update(type=4, value=value)
            else:
                opt.update(type=3, value=str(value))
            if name == focused:
                opt["focused"] = True
            opts.append(opt)
        for sub in reversed(names[1:]):
            opts = [{"name": sub, "type": 1 if not opts or opts[0].get("type") != 1 else 2,
                     "options": opts}]
        data: dict[str, Any] = {
            "id": str(APP_ID + 1), "name": names[0], "type": 1, "options": opts,
            "guild_id": str(GUILD_ID),
        }
        if resolved:
            data["resolved"] = resolved
        return data

    async def click(
        self,
        user: FakeUser,
        msg: Msg,
        label_or_id: str,
        *,
        permissions: int = MEMBER_PERMISSIONS,
    ) -> Reply:
        """Press a button of a message the bot sent (by label or custom id prefix)."""
        item = msg.item(label_or_id)
        assert item.get("type") == 2, f"{label_or_id!r} is not a button"
        data = {"custom_id": item["custom_id"], "component_type": 2}
        return await self._component(user, msg, data, permissions)

    async def select(
        self,
        user: FakeUser,
        msg: Msg,
        values: list[str],
        *,
        custom_id: str | None = None,
        permissions: int = MEMBER_PERMISSIONS,
    ) -> Reply:
        """Pick ``values`` in a select menu of a message (the one holding them if no id)."""
        if custom_id is None:
            for s in msg.selects():
                vals = {o["value"] for o in s.get("options") or []}
                if set(values) <= vals:
                    custom_id = s["custom_id"]
                    break
        assert custom_id is not None, f"no select offers {values}"
        data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return await self._component(user, msg, data, permissions)

    def component_payload(
        self, user: FakeUser, msg: Msg, data: dict[str, Any],
        permissions: int = MEMBER_PERMISSIONS,
    ) -> dict[str, Any]:
        """A click or pick on ``msg`` as the gateway delivers it (with the message as is);
        on a DM, as Discord sends a click in the bot's DMs (the user, no server)."""
        if msg.channel_id in self.rec.dm_owner:
            assert self.rec.dm_owner[msg.channel_id] == user.id, "only its owner sees a DM"
            payload = self._envelope(3, user, msg.channel_id, data, permissions)
            for key in ("guild_id", "member", "guild_locale"):
                payload.pop(key)
            payload["user"] = user.payload()
            payload["channel"] = {"id": str(msg.channel_id), "type": 1, "last_message_id": None,
                                  "recipients": [user.payload()]}
            payload["context"] = 1  # the bot's DMs
        else:
            payload = self._envelope(3, user, msg.channel_id, data, permissions)
        payload["message"] = json.loads(json.dumps(msg.payload))
        return payload

    async def _component(
        self, user: FakeUser, msg: Msg, data: dict[str, Any], permissions: int
    ) -> Reply:
        return await self.feed(self.component_payload(user, msg, data, permissions),
                               message_id=msg.id)

    async def double_click(self, user: FakeUser, msg: Msg, data: dict[str, Any]) -> list[Reply]:
        """The same component used twice before the bot answers the first."""
        items = [(self.component_payload(user, msg, data), msg.id) for _ in range(2)]
        return await self.feed_together(items)

    # -- reading what happened -----------------------------------------------------------

    def posts(self, channel: int = CHANNEL_ID) -> list[Msg]:
        return self.rec.channel_posts(channel)

    def dms(self, user: FakeUser) -> list[Msg]:
        return self.rec.dms(user)


async def _offline(*args: Any, **kwargs: Any) -> Any:
    raise OfflineError("a test tried to reach the network")


class ErrorLogCatcher(logging.Handler):
    """Collects ERROR records of discord.py and of the cogs: they mean a swallowed failure."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
