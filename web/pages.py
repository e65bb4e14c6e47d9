"""The web pages as HTML strings (issue 25). Every word from a table (names, the text twins,
the moves) goes through :func:`html.escape`; the pages carry no inline script or style
(the Content-Security-Policy forbids both): the stylesheet and the script are files under
web/static/. Every URL is relative, so the pages work under any base URL and, later,
inside an iframe.

A page is complete without JavaScript: the board links to its own PNG (the browser zooms
it), the replay's slider is a form with a Show button and First/Back/Next/Last are links.
web/static/web.js adds the live updates (it swaps ``<main id="live">`` for the fragment
:func:`live_fragment` writes) and moves the replay without a reload.
"""

from __future__ import annotations

import hashlib
import re
from html import escape

from web.links import EXPIRED, REVOKED
from web.sight import Sight

#: from a table's page (/t/<token>/) to the static files (/static/)
STATIC = "../../static/"
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])")


def _inline(line: str) -> str:
    """One line of a text twin (Discord Markdown) as HTML: escaped, bold and italic kept."""
    text = escape(line.replace("\\", ""))
    text = _BOLD.sub(r"<strong>\1</strong>", text)
    return _ITALIC.sub(r"<em>\1</em>", text)


def markdown(text: str) -> str:
    """A text twin as HTML: "- " lines become a list, other lines paragraphs."""
    out: list[str] = []
    items: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("- "):
            items.append(f"<li>{_inline(line[2:])}</li>")
            continue
        if items:
            out.append("<ul>" + "".join(items) + "</ul>")
            items = []
        if line:
            out.append(f"<p>{_inline(line)}</p>")
    if items:
        out.append("<ul>" + "".join(items) + "</ul>")
    return "\n".join(out)


def _document(title: str, body: str, *, live: str | None = None) -> str:
    data = "" if live is None else f' data-tag="{live}"'
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<meta name=\"referrer\" content=\"no-referrer\">"
        "<meta name=\"robots\" content=\"noindex, nofollow\">"
        f"<title>{escape(title)}</title>"
        f"<link rel=\"icon\" href=\"{STATIC}favicon.svg\" type=\"image/svg+xml\">"
        f"<link rel=\"stylesheet\" href=\"{STATIC}web.css\">"
        f"<script src=\"{STATIC}web.js\" defer></script>"
        f"</head>\n<body{data}>\n{body}\n</body></html>\n")


def _turn(s: Sight) -> str:
    if s.waiting:
        who = ", ".join(escape(n) for n in s.waiting)
        since = f" since <time>{escape(s.since)}</time>" if s.since else ""
        line = f"<p>Waiting for <strong>{who}</strong>{since}.</p>"
    else:
        line = f"<p>{escape(s.status)}.</p>"
    clock = f"<p class=\"clock\">Turn clock: {escape(s.clock)}</p>" if s.clock else ""
    return f"<section id=\"turn\"><h2>Turn</h2>{line}{clock}</section>"


def _moves(s: Sight) -> str:
    if not s.moves:
        return ""
    items = "".join("<li>" + "<br>".join(escape(x) for x in lines) + "</li>"
                    for lines in reversed(s.moves))
    return f"<section id=\"moves\"><h2>Last moves, newest first</h2><ul>{items}</ul></section>"


def tag(fragment: str) -> str:
    """What the live updates compare: a digest of the page's changing part, so a change
    that shows nothing new to this viewer sends nothing (web/server.py, events)."""
    return hashlib.sha256(fragment.encode("utf-8")).hexdigest()[:16]


def live_fragment(s: Sight) -> str:
    """The part of the table's page that changes with a move (what web.js swaps in)."""
    board = hand = ""
    if s.board_text:
        board = ("<section class=\"board\"><a class=\"zoom\" href=\"board/"
                 f"{s.board}.png\"><img src=\"board/{s.board}.png\" "
                 "alt=\"The board; the same in words under The table.\"></a>"
                 "<p class=\"hint\">Open the image to zoom.</p></section>")
    if s.seat is not None and s.hand_text:
        hand = ("<section id=\"hand\"><h2>Your hand</h2>"
                f"<a class=\"zoom\" href=\"hand/{s.hand}.png\"><img src=\"hand/{s.hand}"
                ".png\" alt=\"Your hand; the same in words below.\"></a>"
                f"<div class=\"twin\">{markdown(s.hand_text)}</div></section>")
    if s.board_text:
        table = ("<section id=\"table\"><h2>The table</h2>"
                 f"<div class=\"twin\">{markdown(s.board_text)}</div></section>")
    else:  # a lobby: who has sat down so far
        names = "".join(f"<li>{escape(n)}</li>" for n in s.names)
        table = f"<section id=\"table\"><h2>Seats</h2><ul>{names}</ul></section>"
    head = f"<p class=\"status\">{escape(s.status)}</p>"
    return (f"<div class=\"grid\">{board}<div class=\"side\">{head}{_turn(s)}{hand}"
            f"{table}{_moves(s)}</div></div>")


def table_page(s: Sight) -> str:
    """The table's page: the live fragment, with its title and the way to the replay."""
    whose = "" if s.seat is None else (
        f"<p class=\"private\">Private page of <strong>{escape(s.names[s.seat])}</strong>"
        ": do not share this link.</p>")
    nav = "<nav><a href=\"replay\">Replay the game</a></nav>" if s.board_text else ""
    live = live_fragment(s)
    body = (f"<header><h1>{escape(s.title)}</h1>{whose}</header>\n"
            f"<main id=\"live\">{live}</main>\n{nav}")
    return _document(s.title, body, live=tag(live))


def replay_part(step: int, total: int, lines: list[str]) -> str:
    """The replay's changing part: the board at ``step``, the move in words, the controls."""
    words = ("<p>The game as dealt.</p>" if step == 0 else
             "<ul>" + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>" if lines
             else "<p>A move whose details are hidden until the game is over.</p>")
    link = "<a href=\"replay?step={n}\" {rel}>{label}</a>"
    steps = [("First", 0, ""), ("Back", max(0, step - 1), "rel=\"prev\""),
             ("Next", min(total, step + 1), "rel=\"next\""), ("Last", total, "")]
    nav = " ".join(link.format(n=n, rel=rel, label=label) for label, n, rel in steps)
    return (
        f"<section class=\"board\"><a class=\"zoom\" href=\"step/{step}.png\">"
        f"<img src=\"step/{step}.png\" alt=\"The board after move {step}.\"></a></section>"
        f"<div class=\"side\"><h2>Move {step} of {total}</h2>{words}"
        f"<form class=\"scrub\" method=\"get\" action=\"replay\">"
        f"<label for=\"step\">Move</label> "
        f"<input type=\"range\" id=\"step\" name=\"step\" min=\"0\" max=\"{total}\" "
        f"value=\"{step}\"> <button type=\"submit\">Show</button></form>"
        f"<p class=\"steps\">{nav}</p></div>")


def replay_page(title: str, step: int, total: int, lines: list[str]) -> str:
    """The replay scrubber's page at ``step``; its URL (``replay?step=N``) can be shared."""
    body = (f"<header><h1>{escape(title)}: replay</h1><p><a href=\"./\">Back to the "
            f"table</a></p></header>\n<main id=\"replay\" class=\"grid\">"
            f"{replay_part(step, total, lines)}</main>")
    return _document(f"{title}: replay, move {step}", body)


REFUSALS = {
    EXPIRED: "This private link has expired.",
    REVOKED: "This private link was withdrawn by its owner.",
}
ASK = ("Ask the bot for a new link: your hand message has a fresh private link, and the "
       "table's message in Discord has the public one.")


def error_page(status: int, reason: str = "") -> str:
    """A plain page for a refused request: what happened and what to do, nothing more."""
    if status == 404 or reason:
        said = REFUSALS.get(reason, "This link does not open any table.")
        return _document("Parley: link not valid", f"<main><h1>{said}</h1><p>{ASK}</p></main>")
    if status == 429:
        return _document("Parley: slow down", "<main><h1>Too many requests</h1><p>Wait a "
                         "minute, then reload the page.</p></main>")
    return _document("Parley: error", "<main><h1>Something went wrong</h1><p>Reload the "
                     f"page in a moment. ({status})</p></main>")
