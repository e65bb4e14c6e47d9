"""Signed links to a table's web page (issue 25, "Links"). A leaf: no discord, no store.

A link is ``/t/<token>/``. The token names one table (the store's key), one seat or the
public view, when it was issued and when it expires, and carries an HMAC-SHA256 of all of
that under the bot's secret, so a table id alone opens nothing and no link can be made up
or altered. Our decisions:

- The public link of a table never expires: it shows only what the channel shows.
- A private (seat) link expires ``PRIVATE_DAYS`` days after it was issued; the bot gives a
  fresh one with every hand DM, so a player who keeps playing always has a live one.
- Revoking (``/me web-reset``) records, per table and seat, a moment; a private link issued
  before it is refused (:func:`verify` takes that moment).
- A private link also names who held the seat, by a short hash of their player id
  (:func:`holder_tag`, not the id itself): when a seat passes to someone else, the links
  of the one before stop opening it.
- The secret is ``PARLEY_WEB_SECRET`` when set (several processes must share it), else
  generated once and kept in a file beside the database (:func:`load_secret`).

A token is never logged: the server's access log writes ``/t/…`` instead (web/server.py).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

#: days a private link stays good after it is issued
PRIVATE_DAYS = 30
#: the longest token accepted: anything longer is refused before any decoding
TOKEN_MAX = 120
#: bytes of the HMAC kept in a token: 128 bits, beyond guessing
SIGNATURE_BYTES = 16
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{8,120}\.[A-Za-z0-9_-]{22}$")
_PAYLOAD = re.compile(
    r"^t(\d{1,18})\.(?:p|s(\d{1,2})-([0-9a-f]{12}))\.i(\d{1,12})\.e(\d{1,12})$")


class BadLink(Exception):
    """A token that is not one of ours, altered, expired or revoked; ``reason`` is what the
    page says (never which check failed in detail beyond that)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


#: what a refused link's page says (web/pages.py): the three cases a person can act on
UNKNOWN, EXPIRED, REVOKED = "unknown", "expired", "revoked"


@dataclass(frozen=True)
class Link:
    """What a token names: the table's key, the seat (None: the public view), when it was
    issued and when it expires (epoch seconds; 0: never), and the seat's holder
    (:func:`holder_tag`; empty for the public view)."""

    table: int
    seat: int | None
    issued: int
    expires: int = 0
    holder: str = ""

    @property
    def private(self) -> bool:
        return self.seat is not None


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _sign(secret: bytes, payload: str) -> str:
    return _b64(hmac.new(secret, payload.encode("ascii"), hashlib.sha256)
                .digest()[:SIGNATURE_BYTES])


def make_token(secret: bytes, link: Link) -> str:
    """The signed token of ``link``."""
    who = "p" if link.seat is None else f"s{link.seat}-{link.holder}"
    payload = f"t{link.table}.{who}.i{link.issued}.e{link.expires}"
    return f"{_b64(payload.encode('ascii'))}.{_sign(secret, payload)}"


def public_token(secret: bytes, table: int) -> str:
    """The table's public link token: the same token every time (issued at 0, no expiry),
    so every post of the table links the same page."""
    return make_token(secret, Link(table, None, 0, 0))


def holder_tag(player: str) -> str:
    """12 hex digits standing for the person who holds a seat in a private link."""
    return hashlib.sha256(b"parley-web-seat:" + player.encode("utf-8")).hexdigest()[:12]


def seat_token(secret: bytes, table: int, seat: int, player: str, now: float) -> str:
    """A private link token for ``seat`` of ``table`` held by ``player``, good for
    PRIVATE_DAYS days."""
    issued = int(now)
    return make_token(secret, Link(table, seat, issued, issued + PRIVATE_DAYS * 86400,
                                   holder_tag(player)))


def read_token(secret: bytes, token: str) -> Link:
    """The link a token names if its signature is ours (BadLink(UNKNOWN) otherwise);
    expiry and revocation are :func:`verify`'s."""
    if len(token) > TOKEN_MAX or not _TOKEN.match(token):
        raise BadLink(UNKNOWN)
    body, signature = token.split(".")
    try:
        payload = _unb64(body).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        raise BadLink(UNKNOWN) from None
    if not hmac.compare_digest(_sign(secret, payload), signature):
        raise BadLink(UNKNOWN)
    found = _PAYLOAD.match(payload)
    if found is None:  # signed by us but not a shape we write: refuse all the same
        raise BadLink(UNKNOWN)
    key, seat, holder, issued, expires = found.groups()
    return Link(int(key), None if seat is None else int(seat), int(issued), int(expires),
                holder or "")


def verify(secret: bytes, token: str, now: float, revoked_before: float = 0.0) -> Link:
    """The link if ``token`` is good now: ours, not expired, and (a private one) issued at
    or after ``revoked_before``, the seat's last revocation (0: none)."""
    link = read_token(secret, token)
    if link.expires and now >= link.expires:
        raise BadLink(EXPIRED)
    if link.private and link.issued < revoked_before:
        raise BadLink(REVOKED)
    return link


def load_secret(configured: str | None, path: Path) -> bytes:
    """The signing secret: ``configured`` (PARLEY_WEB_SECRET) if given, else the one kept in
    ``path``, made there (32 random bytes, readable by the owner alone) the first time."""
    if configured:
        return configured.encode("utf-8")
    try:
        return bytes.fromhex(path.read_text(encoding="ascii").strip())
    except FileNotFoundError:
        pass
    made = secrets.token_bytes(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(made.hex() + "\n")
    return made
