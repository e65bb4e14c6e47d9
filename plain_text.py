"""Discord's words made plain for the terminal (console.py): Markdown, mentions, time
stamps and slash-command hints turned into plain text a person reads at a prompt."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

# a slash command as a hint names it: "/game hand", "/tricks bid", "/game new game:neuroshima"
_COMMAND = r"(?<![\w/.:])/[a-z][a-z-]*(?: [a-z][a-z-]*)?(?: [a-z_]+:\S+)*"
_COMMAND_RE = re.compile(_COMMAND)
_HINT_IN_BRACKETS = re.compile(r"\s*\([^()]*" + _COMMAND + r"[^()]*\)")
_CLAUSE_END = re.compile(r"(?<=[.!?;])\s+")
_MARKUP = [
    (re.compile(r"```[a-z]*\n?(.*?)```", re.S), r"\1"),  # code blocks
    (re.compile(r"`([^`\n]+)`"), r"\1"),
    (re.compile(r"\*\*(.+?)\*\*"), r"\1"),
    (re.compile(r"__(.+?)__"), r"\1"),
    (re.compile(r"~~(.+?)~~"), r"\1"),
    (re.compile(r"\|\|(.+?)\|\|"), r"\1"),
    (re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])"), r"\1"),
    (re.compile(r"\[([^\]\n]+)\]\(<?(https?://[^)>\s]+)>?\)"), r"\1 (\2)"),  # masked links
    (re.compile(r"<a?(:\w+:)\d+>"), r"\1"),  # custom emoji
    (re.compile(r"<@[!&]?\d+>"), "a player"),  # mentions: there is no Discord here
    (re.compile(r"<#\d+>"), "a channel"),
    (re.compile(r"^(?:(?:#{1,3}|-#|>>>|>) )+", re.M), ""),  # headings, subtext, quotes
    (re.compile(r"\\([*_`~|>#-])"), r"\1"),  # escaped markdown characters
]
_TIMESTAMP = re.compile(r"<t:(\d+)(?::[tTdDfFR])?>")


def terminal(text: str, names: Sequence[str] = ()) -> str:
    """``text`` (Discord Markdown) as plain terminal text: no bold, code or quote marks, no
    mentions, a time stamp as a local time, and no slash-command hints (a hint in brackets
    goes, and so does a sentence or clause that sends the reader to a command).

    The players' ``names`` in the text stay as they are: a name is whatever someone typed
    (a player called "/game" or "*Bob*" keeps the name, and the line that holds it)."""
    kept = sorted((n for n in set(names) if n), key=len, reverse=True)
    if kept:  # one pass, so a name such as "1" never matches inside another's stand-in
        index = {name: i for i, name in enumerate(kept)}
        text = re.sub("|".join(map(re.escape, kept)), lambda m: f"\0{index[m.group(0)]}\0",
                      text)
    text = _TIMESTAMP.sub(
        lambda m: datetime.fromtimestamp(int(m.group(1))).strftime("%Y-%m-%d %H:%M"), text)
    for pattern, plain in _MARKUP:
        text = pattern.sub(plain, text)
    text = "\n".join(_without_commands(line) for line in text.split("\n"))
    return re.sub("\0(\\d+)\0", lambda m: kept[int(m.group(1))], text)


def _without_commands(line: str) -> str:
    if not _COMMAND_RE.search(line):
        return line
    line = _HINT_IN_BRACKETS.sub("", line)
    clauses = [c for c in _CLAUSE_END.split(line) if not _COMMAND_RE.search(c)]
    if clauses and clauses[-1].endswith(";"):
        clauses[-1] = clauses[-1][:-1] + "."
    return " ".join(clauses)


def say(text: str = "", names: Sequence[str] = ()) -> None:
    """Print a text of the engine, the renderers or the guide, made plain for the terminal
    (``names``: the players' names in it, kept as they are)."""
    print(terminal(text, names), flush=True)
