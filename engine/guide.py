"""A short guide per game, in pages a newcomer can read one at a time (issue 14: "Rules a
newcomer can learn from"): Overview, A turn, the game's cards / tiles / costs, Scoring and
the end, Our decisions, Table options.

The first four pages are each game's own text, kept as data in ``engine/<game>/guide.py``
(``PIECES_TITLE`` and ``pages(options)``); the last two are made here, the same way for
every game, from what the engine already holds: the game's ``DECISIONS`` (the decisions
``/game rules`` has always listed; a game may give ``decisions(options)`` instead) and its
``Option`` specs with the table's values in words.

Why a module here rather than in ``cogs/``: the Discord guide (``cogs/guide.py``) and the
local console show the same pages, and ``engine`` is the one layer both may import. The
pages are Markdown of the light kind Discord shows (bold, bullets); ``guide_text`` gives
them as plain text. Nothing here reads a table's state: a guide depends on the game and its
options only, so it can never show hidden information.

A page longer than ``PAGE_BUDGET`` characters is cut at line boundaries into parts ("Our
decisions (1/2)"), each within one Discord embed (``EMBED_LIMIT``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import engine
from engine.core import JSON, Option, companion, resolve_options

#: the pages of every guide, in order, with their titles (the third is the game's own)
PAGE_KEYS: tuple[str, ...] = ("overview", "turn", "pieces", "scoring", "decisions", "options")
TITLES: dict[str, str] = {
    "overview": "Overview",
    "turn": "A turn",
    "pieces": "Cards",
    "scoring": "Scoring and the end",
    "decisions": "Our decisions",
    "options": "Table options",
}
#: what one embed's description holds (Discord)
EMBED_LIMIT = 4096
#: a page longer than this is cut into parts: a page is read on a phone, in one screen or two
PAGE_BUDGET = 3000


@dataclass(frozen=True)
class Page:
    """One page of a guide: ``key`` names it in a button ("decisions", or "decisions2" for
    the second part of a long page), ``title`` is what its button says, ``body`` its text."""

    key: str
    title: str
    body: str


def value_words(value: JSON) -> str:
    """An option value in words when the game gives none: yes or no, a number, or the value
    with spaces for its underscores ("drift_only" is "drift only")."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


#: words of option names that are written in capitals
_CAPITALS = {"hq": "HQ", "hqs": "HQs", "ai": "AI", "vp": "VP"}


def name_words(name: str) -> str:
    """An option's name in words: "round_limit" is "Round limit", "grab_hq" "Grab HQ"."""
    words = name.replace("_", " ").capitalize().split()
    return " ".join(_CAPITALS.get(w.casefold(), w) for w in words)


def _words(module: ModuleType | None, name: str, value: JSON) -> str:
    own = getattr(module, "value_words", None)
    found = own(name, value) if own is not None else None
    return found if found is not None else value_words(value)


def game_value_words(game: Any, name: str, value: JSON) -> str | None:
    """The words the game's own guide gives an option value ("first seat Pirates, second
    Moloch" for Neuroshima's ``armies`` value "pirates-moloch"), or None when it gives
    none: what every place that names an option value asks first (issue 22: no internal
    id in a sentence)."""
    own = getattr(companion(game, "guide"), "value_words", None)
    return own(name, value) if own is not None else None


def options_page(game: Any, options: Mapping[str, JSON] | None,
                 module: ModuleType | None = None) -> str:
    """Every option of the game: what it does, its values, the default, and for a table
    (``options`` given) the value it plays with now, all in words."""
    specs: Mapping[str, Option] = game.options
    if not specs:
        return "This game has no options: every table plays the same game."
    now = None if options is None else resolve_options(specs, options)
    head = ("The host chooses these when opening the table; this table plays with the "
            "values marked **now**." if now is not None else
            "The host chooses these when opening a table; a table left alone plays the "
            "defaults.")
    lines = [head]
    advanced = [n for n, s in specs.items() if s.advanced]
    if advanced:
        lines.append("The rules questions below are set by name in the options text, "
                     "for example `" + f"{advanced[0]}={_raw(specs[advanced[0]].values[-1])}`.")
    for name, spec in specs.items():
        values = ", ".join(_words(module, name, v) for v in spec.values)
        default = _words(module, name, spec.default)
        if now is not None:
            state = f"now **{_words(module, name, now[name])}** (default {default})"
        else:
            state = f"default **{default}**"
        choice = f"; one of: {values}" if len(spec.values) > 1 else " (the only value)"
        label = name_words(name) + (f" (`{name}`)" if spec.advanced else "")
        lines.append(f"- **{label}**: {state}{choice}. {spec.help}".rstrip())
    return "\n".join(lines)


def _raw(value: JSON) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def decisions_page(decisions: Sequence[str]) -> str:
    """The decisions of ours where the rulebook is silent, as ``/game rules`` listed them."""
    head = "Where the rulebook leaves a question open, Parley plays it this way:"
    return "\n".join([head, *(f"- {d}" for d in decisions)])


def split_page(body: str, budget: int = PAGE_BUDGET) -> list[str]:
    """``body`` cut at line boundaries into parts of at most ``budget`` characters (a
    single line longer than that is cut at a space)."""
    parts: list[str] = []
    current = ""
    for line in body.split("\n"):
        while len(line) > budget:
            cut = line.rfind(" ", 0, budget)
            cut = cut if cut > 0 else budget
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:cut])
            line = line[cut:].lstrip()
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > budget and current:
            parts.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        parts.append(current)
    return [p.strip("\n") for p in parts if p.strip()]


def pages(game_id: str, options: Mapping[str, JSON] | None = None) -> list[Page]:
    """The guide of ``game_id``: its pages in order, long ones in parts. ``options``: a
    table's options (None: no table, the defaults shown as such). An unknown game or option
    raises ValueError with what is allowed."""
    game = engine.get_game(game_id)
    module = companion(game, "guide")
    resolved = resolve_options(game.options, options)
    if module is not None:
        own = dict(module.pages(resolved))
        decisions = (module.decisions(resolved) if hasattr(module, "decisions")
                     else module.DECISIONS)
        titles = dict(TITLES, pieces=getattr(module, "PIECES_TITLE", TITLES["pieces"]))
    else:  # a game without a guide: its rules text, then the generic pages
        own = {"overview": game.rules_text(resolved)}
        decisions = ()
        titles = dict(TITLES, overview="Rules")
    if decisions:
        own["decisions"] = decisions_page(decisions)
    own["options"] = options_page(game, options, module)
    out: list[Page] = []
    for key in PAGE_KEYS:
        body = own.get(key)
        if not body:
            continue
        # a game may cut a long page where it reads best (a list of parts)
        given = [body] if isinstance(body, str) else list(body)
        parts = [part for text in given for part in split_page(text.strip())]
        for i, part in enumerate(parts):
            suffix = f" ({i + 1}/{len(parts)})" if len(parts) > 1 else ""
            out.append(Page(key if i == 0 else f"{key}{i + 1}", titles[key] + suffix, part))
    return out


_MARKUP = re.compile(r"\*\*|`|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)")


def plain(text: str) -> str:
    """A page's text without Markdown's marks (bold, italics, code): for a terminal."""
    return _MARKUP.sub("", text)


def guide_text(game_id: str, options: Mapping[str, JSON] | None = None) -> str:
    """Every page of the guide as plain text, each under its title: the console's guide."""
    game = engine.get_game(game_id)
    blocks = [game.title.upper()]
    for page in pages(game_id, options):
        blocks.append(f"{page.title}\n{'-' * len(page.title)}\n{plain(page.body)}")
    return "\n\n".join(blocks) + "\n"
