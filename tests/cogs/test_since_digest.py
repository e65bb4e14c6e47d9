"""The digest of "since your last turn" (issue 24), from a log replayed: what happened to
the seat first, never what was told only to another seat, and at most five lines with the
rest counted."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import engine
from cogs.look import turn_texts
from cogs.look.since import MOST, since_note
from data.rows import LogEntry
from engine.table import Table

Replayed = list[tuple[LogEntry, list[Any]]]


def _replayed_until(game_id: str, n: int, seed: str,
                    stop: Callable[[Replayed], bool]) -> tuple[Table, Replayed]:
    """A random game of ``game_id`` played until ``stop(replayed)`` holds: (table, the
    log with each move's events)."""
    game = engine.get_game(game_id)
    table = Table.new(game, "c1", "1", "Alice", seed=seed)
    for user, name in (("2", "Bob"), ("3", "Carol"), ("4", "Dave"))[:n - 1]:
        table.join(game, user, name)
    table.start(game, 0.0)
    rng = random.Random(seed)
    replayed: Replayed = []
    for step in range(1, 2000):
        seat = rng.choice(sorted(game.to_act(table.state)))
        action = rng.choice(game.legal_actions(table.state, seat))
        replayed.append((LogEntry(step, seat, action, 0.0),
                         game.apply(table.state, seat, action)))
        if stop(replayed):
            return table, replayed
    raise AssertionError("the game never came to the point looked for")


def test_what_happened_to_you_comes_first_and_only_to_you() -> None:
    """All Hands on Deck!: a move that tells one other seat something privately (a Pirate
    Cheat call pulls cards from a hand); that seat reads it first, the third never."""

    def told_another(replayed: Replayed) -> bool:
        entry, events = replayed[-1]
        return any(e.to is not None and e.to - {entry.seat} and e.text for e in events)

    table, replayed = _replayed_until("all-hands", 3, "robbed", told_another)
    entry, events = replayed[-1]
    private = [e for e in events if e.to is not None and e.text and e.to - {entry.seat}]
    to = min(private[0].to - {entry.seat})
    note = since_note(table, replayed, to).splitlines()
    assert note[0] == turn_texts.SINCE_HEAD
    assert note[1].startswith("• ❗"), note
    for other in set(range(3)) - {to} - {entry.seat}:
        theirs = since_note(table, replayed, other)
        hidden = [e.text for e in events if e.to is not None and other not in e.to and e.text]
        assert hidden and not any(text in theirs for text in hidden)


def test_at_most_five_lines_and_the_rest_counted() -> None:
    table, replayed = _replayed_until("pirate-tricks", 3, "long", lambda r: len(r) > 40)
    seat = replayed[0][0].seat
    # the seat's later moves left out: forty moves of the others since its first
    kept = [(e, ev) for e, ev in replayed if e.seat != seat or e.seq == 1]
    note = since_note(table, kept, seat).splitlines()
    bullets = [line for line in note if line.startswith("• ")]
    assert len(bullets) == MOST
    assert note[-1].startswith("…and ") and "more moves" in note[-1] and "History" in note[-1]


def test_nothing_since_says_nothing() -> None:
    table, replayed = _replayed_until("pirate-tricks", 3, "short", lambda r: len(r) > 3)
    assert since_note(table, replayed, replayed[-1][0].seat) == ""
