"""The README and docs/ (issue 23, "Docs"): each game's rules decisions and table options in
its page are the ones its code makes now (``docs/generate.py``), every relative link leads
to a file, the README stays short and keeps the two commands the Makefile and .ci/run name.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import engine
from docs import generate
from engine import guide
from engine.core import Option

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
#: the README is for a newcomer: what Parley is, the games, the two commands, links
README_MAX_LINES = 160
REGENERATE = "run .venv/bin/python -m docs.generate"

_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _pages() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


def _links(text: str) -> list[str]:
    """The targets of the Markdown links and images of ``text``, code left out."""
    return _LINK.findall(_CODE.sub("", _FENCE.sub("", text)))


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_a_games_page_holds_the_decisions_and_options_its_code_makes_now(game_id: str) -> None:
    path = generate.page_path(game_id)
    assert path.exists(), f"{path.relative_to(ROOT)} is missing: {REGENERATE}"
    assert path.read_text(encoding="utf-8") == generate.expected(game_id), (
        f"{path.relative_to(ROOT)} differs from its game's code: {REGENERATE}")


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_every_decision_the_guide_lists_is_on_the_games_page(game_id: str) -> None:
    """Against the guide itself, not the generator: at the defaults and with every other
    value of each option, each decision ``/game rules`` lists is on the page, and so is
    every option."""
    game = engine.get_game(game_id)
    text = generate.page_path(game_id).read_text(encoding="utf-8")
    tables: list[dict] = [{}]
    tables += [{name: value} for name, spec in game.options.items() for value in spec.values]
    for options in tables:
        for page in guide.pages(game_id, options):
            if page.key.startswith("decisions"):
                for line in page.body.splitlines():
                    if line.startswith("- "):
                        assert line in text, f"{options}: {line[:80]}... {REGENERATE}"
    for name in game.options:
        assert guide.name_words(name) in text


def test_a_decision_of_some_option_values_is_listed_under_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Decisions that hold at every table come first; one that holds only with some values,
    or with every value but some, is listed under a heading naming them in words."""
    game = SimpleNamespace(options={
        "scenario": Option(("home", "far_isles", "deep_sea"), "home"),
        "longer": Option((False, True), False),
    })

    def decisions(game_id: str, options: dict | None = None) -> list[str]:
        scenario = (options or {}).get("scenario", "home")
        longer = (options or {}).get("longer", False)
        out = ["Always."]
        out += ["Not in the deep sea."] if scenario != "deep_sea" else []
        out += ["Only at home."] if scenario == "home" else []
        out += ["Only on far isles."] if scenario == "far_isles" else []
        out += ["Only in the longer game."] if longer else []
        return out

    monkeypatch.setattr(generate.engine, "get_game", lambda game_id: game)
    monkeypatch.setattr(generate, "decisions", decisions)
    assert generate.decision_groups("stand-in") == [
        ("", ["Always."]),
        ('Not with Scenario "deep sea"', ["Not in the deep sea."]),
        ('Only with Scenario "home"', ["Only at home."]),
        ('Only with Scenario "far isles"', ["Only on far isles."]),
        ('Only with Longer "yes"', ["Only in the longer game."]),
    ]


def test_the_generator_finds_nothing_out_of_date() -> None:
    assert generate.main(["--check"]) == 0


def test_every_relative_link_leads_to_a_file() -> None:
    broken = []
    for page in _pages():
        for target in _links(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):  # https:, mailto:
                continue
            if "#" in target:  # a heading's anchor changes with its words: link the page
                broken.append(f"{page.relative_to(ROOT)}: {target} (an anchor)")
                continue
            if not (page.parent / target).resolve().is_file():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, "links to no file:\n" + "\n".join(broken)


def test_the_links_are_found() -> None:
    """The link check reads links, not code: a sanity check of ``_links``."""
    text = "[a](x.md) `[b](y.md)` ![c](boards/z.png)\n```\n[d](w.md)\n```\n"
    assert _links(text) == ["x.md", "boards/z.png"]


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, (
        f"README.md has {lines} lines (at most {README_MAX_LINES}): move detail to docs/")


def test_the_readme_links_every_games_page_and_every_doc() -> None:
    links = {(ROOT / t).resolve() for t in _links(README.read_text(encoding="utf-8"))}
    for game_id in engine.GAMES:
        assert generate.page_path(game_id).resolve() in links, game_id
    for page in DOCS.glob("*.md"):
        assert page.resolve() in links, page.name


def test_the_readme_keeps_the_two_commands() -> None:
    """The Makefile ("The two commands of the README") and .ci/run ("the README's test
    command") rely on these lines."""
    blocks = _FENCE.findall(README.read_text(encoding="utf-8"))
    commands = [line.split("#")[0].strip() for b in blocks for line in b.splitlines()]
    assert "make run" in commands
    assert "make test" in commands
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
