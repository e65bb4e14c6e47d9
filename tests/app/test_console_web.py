"""``python console.py --web`` (issue 25, "Console tables too"): the console serves its
table's page on 127.0.0.1 and prints the link; the page answers while the console waits
for the keyboard, and follows the moves made at the keyboard."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import pytest

import console
from tests.app.test_console import Keyboard, new_table, run, seeded  # noqa: F401 - a fixture
from tests.web.helpers import free_port

LINK = re.compile(r"The table's web page: (http://127\.0\.0\.1:\d+/t/[\w.-]+/)")


class Browsing(Keyboard):
    """A keyboard that, at each move asked, first opens the table's page in the browser."""

    def __init__(self, *args: object, **kw: object) -> None:
        super().__init__(*args, **kw)  # type: ignore[arg-type]
        self.link: str | None = None
        self.pages: list[str] = []

    def _answer(self, screen: str, prompt: str) -> str:
        found = LINK.search(screen)
        if found:
            self.link = found.group(1)
        if ", your move" in prompt and self.link is not None:
            with urllib.request.urlopen(self.link, timeout=10) as answer:
                self.pages.append(answer.read().decode())
        return super()._answer(screen, prompt)


@pytest.mark.usefixtures("seeded")
def test_the_console_serves_its_tables_page_while_it_waits_for_the_keyboard(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLEY_WEB_PORT", str(free_port()))
    monkeypatch.setenv("PARLEY_ENV_FILE", str(tmp_path / "none.env"))
    keyboard = Browsing(capsys, new_table("pirate-tricks"), seed="web", stop_after=2)
    with pytest.raises(console.Stop):
        run(tmp_path, keyboard, web=True)
    assert keyboard.link is not None and len(keyboard.pages) == 3
    assert all("<h1>Pirate Tricks</h1>" in page for page in keyboard.pages)
    assert "Anne" in keyboard.pages[0] and "Playing" in keyboard.pages[0]
    # the moves made at the keyboard (and the AI's after them) show on the page
    moves = [page.split("Last moves", 1)[-1] for page in keyboard.pages]
    assert moves[0] != moves[-1]
    with pytest.raises(OSError):  # stopped with the console
        urllib.request.urlopen(keyboard.link, timeout=2)
