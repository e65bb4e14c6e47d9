"""The web page's turn clock words with a time bank (issue 24): the bank in place of the
limit, and due when the first waited-for person's bank runs out."""

from __future__ import annotations

import engine
from engine.table import Table
from web.sight import clock_words

T0 = 1_700_000_000.0


def test_the_web_names_the_time_bank_and_when_it_runs_out() -> None:
    game = engine.get_game("all-hands")
    table = Table.new(game, "c1", "u0", "Anne")
    table.join(game, "u1", "Bo")
    table.settings.bank_minutes, table.settings.increment_minutes = 2 * 1440, 12 * 60
    table.settings.remind_minutes = 0
    table.start(game, T0)
    words = clock_words(table)
    assert "time bank 2 days each, +12 h a turn" in words
    assert "due 2023-11-16 22:13 UTC" in words  # T0 + 2 days
    assert "time limit" not in words
