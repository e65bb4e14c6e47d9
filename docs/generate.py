"""The generated part of each game's page in docs/games/: its rules decisions and its table
options, made from the game's own code, so the page cannot drift from the game (issue 23).

The text is what ``/game rules`` shows on its **Our decisions** and **Table options** pages
(``engine.guide.pages``): the game's ``decisions`` and its option specs, read through the
guide, whatever module the game keeps them in. A decision that holds only with some option
values (a Seafarers scenario, say) is listed under those values: the guide is read once with
the defaults and once for every other value of each option, one option at a time.

Each page keeps the generated text between two markers, ``BEGIN`` and ``END``; everything
outside them is written by hand. One command rewrites every page (a page missing is
created with its title, a page without the markers gets them at its end)::

    .venv/bin/python -m docs.generate           # rewrite the generated parts
    .venv/bin/python -m docs.generate --check   # only say which pages are out of date

``tests/app/test_docs.py`` fails when a committed page differs from what this makes now.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path

import engine
from engine import guide
from engine.core import JSON

DOCS = Path(__file__).resolve().parent
GAMES_DIR = DOCS / "games"
BEGIN = "<!-- generated: decisions -->"
END = "<!-- end generated: decisions -->"
#: said inside the markers, where only someone editing the file reads it
NOTE = ("<!-- Made by `.venv/bin/python -m docs.generate` from the game's code: change the "
        "game's decisions or options, then run it again. -->")


def page_path(game_id: str) -> Path:
    """The game's page: docs/games/<game id>.md."""
    return GAMES_DIR / f"{game_id}.md"


def _page_text(game_id: str, options: Mapping[str, JSON] | None, key: str) -> str:
    """The guide's page ``key`` for these options, its parts ("Our decisions (1/2)") put
    back together."""
    bodies = [p.body for p in guide.pages(game_id, options)
              if p.key == key or (p.key.startswith(key) and p.key[len(key):].isdigit())]
    return "\n".join(bodies)


def decisions(game_id: str, options: Mapping[str, JSON] | None = None) -> list[str]:
    """The decisions the guide lists for a table of these options, one string each (the
    page's heading left out; a line the page cut in two joined again)."""
    items: list[str] = []
    for line in _page_text(game_id, options, "decisions").split("\n"):
        if line.startswith("- "):
            items.append(line[2:].strip())
        elif line.strip() and items:
            items[-1] = f"{items[-1]} {line.strip()}"
    return items


def _value_words(game: object, name: str, value: JSON) -> str:
    found = guide.game_value_words(game, name, value)
    return found if found is not None else guide.value_words(value)


def _variants_words(game: object, variants: tuple[tuple[str, JSON], ...]) -> str:
    """Option values in words, grouped by option: 'Scenario "Oceans" or "A New World"'."""
    by_option: dict[str, list[str]] = {}
    for name, value in variants:
        by_option.setdefault(name, []).append(f'"{_value_words(game, name, value)}"')
    return " or ".join(f"{guide.name_words(name)} " + " or ".join(values)
                       for name, values in by_option.items())


def decision_groups(game_id: str) -> list[tuple[str, list[str]]]:
    """The game's decisions in groups: first those of every table (heading ""), then each
    set that holds only with some option values, or at every table but those, under a
    heading saying which."""
    game = engine.get_game(game_id)
    default = decisions(game_id, {})
    variants = [(name, value) for name, spec in game.options.items()
                for value in spec.values if value != spec.default]
    per = {v: decisions(game_id, {v[0]: v[1]}) for v in variants}
    groups: dict[tuple[bool, tuple[tuple[str, JSON], ...]], list[str]] = {(True, ()): []}
    for item in default:
        without = tuple(v for v in variants if item not in per[v])
        groups.setdefault((True, without), []).append(item)
    for v in variants:
        for item in per[v]:
            if item in default:
                continue
            key = (False, tuple(w for w in variants if item in per[w]))
            if item not in groups.setdefault(key, []):
                groups[key].append(item)
    out: list[tuple[str, list[str]]] = []
    for (in_default, which), items in groups.items():
        names = {name for name, _ in which}
        if not which:
            out.append(("", items))
        elif in_default and len(names) == 1 and set(which) == {
                v for v in variants if v[0] in names}:
            # absent with every other value of one option: only with its default
            name = names.pop()
            default_value = ((name, game.options[name].default),)
            out.append((f"Only with {_variants_words(game, default_value)}", items))
        elif in_default:
            out.append((f"Not with {_variants_words(game, which)}", items))
        else:
            out.append((f"Only with {_variants_words(game, which)}", items))
    return out


def block(game_id: str) -> str:
    """The generated text of the game's page, markers included."""
    lines = [BEGIN, NOTE, "", "## Rules decisions", "",
             "Where the rulebook leaves a question open, Parley plays it this way. This is "
             "the **Our decisions** page of `/game rules`, made from the same code.", ""]
    for heading, items in decision_groups(game_id):
        if not items:
            continue
        if heading:
            lines += [f"### {heading}", ""]
        lines += [f"- {item}" for item in items]
        lines.append("")
    lines += ["## Table options", "",
              "The **Table options** page of `/game rules`, made from the same code:", ""]
    previous = ""
    for line in _page_text(game_id, None, "options").split("\n"):
        if line.startswith("- ") and previous and not previous.startswith("- "):
            lines.append("")  # a list after a paragraph: Markdown wants a blank line
        lines.append(line.rstrip())
        previous = line
    lines += ["", END]
    return "\n".join(lines)


def updated(text: str, game_id: str) -> str:
    """``text`` (a page) with its generated part made anew: between the markers, or at the
    end when it has none."""
    new = block(game_id)
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        return text.rstrip("\n") + "\n\n" + new + "\n"
    return text[:start] + new + text[end + len(END):]


def expected(game_id: str) -> str:
    """What the game's page holds once generated: the page on disk with its generated part
    made anew (a page that does not exist yet: its title, then the generated part)."""
    path = page_path(game_id)
    if path.exists():
        text = path.read_text(encoding="utf-8")
    else:
        text = f"# {engine.get_game(game_id).title}\n"
    return updated(text, game_id)


def stale() -> list[Path]:
    """The game pages whose generated part differs from what the code makes now."""
    out = []
    for game_id in engine.GAMES:
        path = page_path(game_id)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != expected(game_id):
            out.append(path)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m docs.generate",
        description="Write each game's rules decisions and table options into its page in "
                    "docs/games/, from the game's code.")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a page is out of date")
    args = parser.parse_args(argv)
    root = DOCS.parent
    if args.check:
        out_of_date = stale()
        for path in out_of_date:
            print(f"{path.relative_to(root)} is out of date: run "
                  ".venv/bin/python -m docs.generate")
        return 1 if out_of_date else 0
    GAMES_DIR.mkdir(exist_ok=True)
    for game_id in engine.GAMES:
        path = page_path(game_id)
        text = expected(game_id)
        before = path.read_text(encoding="utf-8") if path.exists() else None
        if text != before:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(root)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
