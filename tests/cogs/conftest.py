"""Fixtures of the cog tests: a fresh offline bot per test on a real SQLite file."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from engine import ai
from tests.cogs.harness import ErrorLogCatcher, Harness

WATCHED_LOGGERS = ("discord", "parley", "data")


@pytest.fixture
def steady_easy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Easy players without their slips (engine.ai.SLIPS, GAME_SLIPS): for tests whose people or
    computer seats must play the game sensibly to reach what they check (a scenario's late
    rules, a turn order met several times), not for tests of the AI levels."""
    monkeypatch.setitem(ai.SLIPS, "easy", 0.0)
    for game, shares in list(ai.GAME_SLIPS.items()):
        if "easy" in shares:
            monkeypatch.setitem(ai.GAME_SLIPS, game, {**shares, "easy": 0.0})


@pytest.fixture
def error_logs() -> Iterator[ErrorLogCatcher]:
    """Fails the test on any ERROR record of discord.py, the cogs or the data layer: those
    are failures the libraries swallowed (a view callback that raised, a failed task)."""
    catcher = ErrorLogCatcher()
    for name in WATCHED_LOGGERS:
        logging.getLogger(name).addHandler(catcher)
    yield catcher
    for name in WATCHED_LOGGERS:
        logging.getLogger(name).removeHandler(catcher)
    assert not catcher.records, [r.getMessage() for r in catcher.records]


@pytest.fixture
async def h(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            error_logs: ErrorLogCatcher) -> AsyncIterator[Harness]:
    harness = Harness(tmp_path / "parley.db", monkeypatch)
    await harness.start()
    yield harness
    await harness.stop()
    assert not harness.rec.unknown, harness.rec.unknown
    # every request the bot made is one Discord accepts (issue 21)
    assert not harness.rec.refused, harness.rec.refusals()
    assert not harness.rec.late, "an interaction was answered after Discord's 3 seconds"
