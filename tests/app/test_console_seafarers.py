"""Every Seafarers scenario played to its end in the console (`python bot.py console`).

The console asks its questions through ``ask``; a script answers them as a person at the
keyboard would: the game Catan: Seafarers, the scenario under test, three seats, one person
and two computer players of the ``easy`` level (the heuristic player; ``normal`` searches
and would take minutes). The person then reads the numbered list on the screen and types
the number of its first move, unless that move starts a trade offer to the other players
(then the next one): a player who never proposes a trade keeps the game short (the console
writes a board image at every decision), and plays along passively, so a computer player
wins. The table's seed is fixed (the console draws one at random) so that each run plays
the same game.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

import console
from data.tables import TableService
from engine import GAMES
from engine.seafarers.scenario_rules import SCENARIOS
from engine.table import AI_LEVELS

SEATS = 3


def seats_for(scenario: str) -> int:
    """Three seats, or the fewest the scenario plays with (The Great Crossing and Greater
    Catan: four)."""
    return max(SEATS, min(SCENARIOS[scenario].players))


class SeededService(TableService):
    """The table service with the seed fixed per scenario (the console passes none)."""

    seed = "console"

    async def new(self, *args, **kwargs):
        kwargs.setdefault("seed", self.seed)
        return await super().new(*args, **kwargs)


OFFER = "Start a trade offer"


def first_move(screen: str) -> str:
    """The number of the first move of the last list on the screen that does not start a
    trade offer."""
    moves = [m for m in (re.match(r"\s+(\d+)\. (.*)$", ln) for ln in screen.splitlines())
             if m]
    assert moves, "no list of moves on the screen"
    start = max(i for i, m in enumerate(moves) if m.group(1) == "1")
    return next((m.group(1) for m in moves[start:] if not m.group(2).startswith(OFFER)),
                moves[start].group(1))


def scripted(scenario: str, asked: list[str], read_screen):
    """The answers of a person who starts a Seafarers table of ``scenario`` and then
    takes the first move offered but a trade offer (``read_screen()``: what the console has
    printed since the last question); every question is kept in ``asked``, the screen in
    ``asked`` too, before it."""
    game = GAMES["seafarers"]
    answers = {
        "Game": str(sorted(GAMES).index("seafarers") + 1),
        "Scenario": str(game.options["scenario"].values.index(scenario) + 1),
        "How many players": str(seats_for(scenario)),
        "How many of them": "1",
        "Name of player 1": "Anne",
        "AI level": str(AI_LEVELS.index("easy") + 1),
    }

    def ask(prompt: str) -> str:
        screen = read_screen()
        asked.extend([screen, prompt])
        if len(asked) > 20_000:
            raise AssertionError("the game does not end")
        if prompt.startswith("Anne, your move"):
            return first_move(screen)
        for start, answer in answers.items():
            if prompt.startswith(start):
                return answer
        raise AssertionError(f"the console asked something unexpected: {prompt!r}")

    return ask


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_the_console_plays_a_whole_game_of_the_chosen_scenario(
    scenario: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(SeededService, "seed", f"console-{scenario}")
    monkeypatch.setattr(console, "TableService", SeededService)
    asked: list[str] = []
    ask = scripted(scenario, asked, lambda: capsys.readouterr().out)
    table = asyncio.run(console.run_console(
        str(tmp_path / "parley.db"), str(tmp_path / "boards"), ask))

    game = GAMES["seafarers"]
    assert table.game_id == "seafarers" and table.options["scenario"] == scenario
    assert table.state.scenario == scenario and table.state.n == seats_for(scenario)
    assert table.status == "finished"
    result = game.result(table.state)
    assert result is not None and result["winners"]
    # the scenario was asked like every other option, and Anne made her moves
    assert any(p.startswith("Scenario") for p in asked)
    moves = sum(p.startswith("Anne, your move") for p in asked)
    assert moves > 10
    out = "".join(asked) + capsys.readouterr().out
    assert "=== Game over ===" in out and "Winner: " in out
    assert f"Seafarers: {SCENARIOS[scenario].name}" in out  # the text twin of the board
    assert "Resources: " in out and "Costs:" in out  # Anne's hand, shown at her turn
    boards = sorted((tmp_path / "boards").glob("*.png"))
    assert boards and all(p.read_bytes().startswith(b"\x89PNG") for p in boards[-3:])
    assert not re.search(r"\{p\d\}|\{name\}", out)
