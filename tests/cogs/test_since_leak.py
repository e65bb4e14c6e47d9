""""Since your last turn" tells a seat nothing it may not know (issue 24; the leak test of
tests/contract.py and tests/web/test_leak.py, for the digest): at points of a random game of
every game, worlds are drawn that the seat cannot tell from the real one: ``determinize``
re-deals what the seat could not see at its last move, the moves made since are replayed
there, and the world is kept only when the seat's view now and everything it was told since
(the public events, its own private ones) are as in the real game (a world where a move is
not legal, or that the seat could rule out, says nothing). In each, the digest must be the
same. The check can fail: in some kept world of some game, the other seats' private events
differ, and a digest that named them would differ too.

What re-dealing cannot catch: the moves themselves are the log's in every world, so a
digest naming another seat's move by its label would not differ; ``since_lines`` uses the
public events only, never another seat's label (cogs/look/since.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import engine
from cogs.look.since import since_note
from data.rows import LogEntry
from engine.ai import clone
from engine.core import Event, IllegalAction
from engine.table import Table

GAMES = [("all-hands", 3), ("sewer-pirats", 4), ("pirate-tricks", 3), ("seafarers", 4),
         ("neuroshima", 2)]
#: moves between two checks, how many checks a game gets, worlds per seat and check
EVERY, CHECKS, WORLDS = 7, 6, 4
PEOPLE = [("1", "Alice"), ("2", "Bob"), ("3", "Carol"), ("4", "Dave")]

Replayed = list[tuple[LogEntry, list[Event]]]


def _table(game_id: str, n: int, seed: str) -> Table:
    game = engine.get_game(game_id)
    table = Table.new(game, "c1", *PEOPLE[0], seed=seed)
    for user, name in PEOPLE[1:n]:
        table.join(game, user, name)
    table.key = 7
    table.start(game, 0.0)
    return table


def _others_private(table: Table, replayed: Replayed, seat: int) -> list[str]:
    """What a leaky digest would add: every private event of another seat since ``seat``'s
    last move."""
    last = max((i for i, (e, _) in enumerate(replayed) if e.seat == seat), default=-1)
    return [e.text for _, events in replayed[last + 1:] for e in events
            if e.to is not None and seat not in e.to]


def _told(replayed: Replayed, seat: int) -> list[tuple[str, bool]]:
    """What ``seat`` was told by the moves of ``replayed``: the public events and its own."""
    return [(e.text, e.to is None) for _, events in replayed for e in events
            if e.to is None or seat in e.to]


def _worlds(table: Table, states: list[Any], replayed: Replayed, seat: int,
            rng: random.Random) -> list[Replayed]:
    """The log replayed in worlds re-dealt for ``seat`` at its last move (states[k]: the
    state after k moves), the moves since replayed there, kept when the seat cannot tell
    them from the real game (its view now, and what it was told since)."""
    game = table.game
    last = max((i for i, (e, _) in enumerate(replayed) if e.seat == seat), default=-1)
    view, told = game.view(states[-1], seat), _told(replayed[last + 1:], seat)
    out = []
    for _ in range(WORLDS):
        world = game.determinize(states[last + 1], seat, rng)
        tail: Replayed = []
        try:
            for entry, _ in replayed[last + 1:]:
                tail.append((entry, game.apply(world, entry.seat, entry.action)))
        except IllegalAction:
            continue
        if game.view(world, seat) == view and _told(tail, seat) == told:
            out.append(replayed[:last + 1] + tail)
    return out


def _play(game_id: str, n: int, check: Callable[[Table, list[Any], Replayed], None]) -> None:
    table = _table(game_id, n, f"since-{game_id}")
    game, rng = table.game, random.Random(game_id)
    states = [clone(game, table.state)]
    replayed: Replayed = []
    for step in range(1, EVERY * CHECKS + 1):
        if game.result(table.state) is not None:
            break
        seat = rng.choice(sorted(game.to_act(table.state)))
        action = rng.choice(game.legal_actions(table.state, seat))
        events = game.apply(table.state, seat, action)
        replayed.append((LogEntry(step, seat, action, float(step)), events))
        states.append(clone(game, table.state))
        if step % EVERY == 0:
            check(table, states, replayed)


@pytest.mark.parametrize(("game_id", "n"), GAMES)
def test_the_digest_is_the_same_in_every_world_its_seat_imagines(game_id: str, n: int) -> None:
    rng = random.Random(1)
    compared = [0]

    def check(table: Table, states: list[Any], replayed: Replayed) -> None:
        for seat in range(n):
            truth = since_note(table, replayed, seat)
            for world in _worlds(table, states, replayed, seat, rng):
                compared[0] += 1
                assert since_note(table, world, seat) == truth, (
                    f"seat {seat}'s digest depends on something it cannot know")

    _play(game_id, n, check)
    assert compared[0] > 0, "no world was compared"


def test_the_check_can_fail() -> None:
    """Somewhere, the other seats' private events differ between the worlds a seat imagines:
    a digest naming them would be caught."""
    rng = random.Random(2)
    caught = []

    def check(table: Table, states: list[Any], replayed: Replayed) -> None:
        for seat in range(len(table.seats)):
            truth = _others_private(table, replayed, seat)
            caught.extend(w for w in _worlds(table, states, replayed, seat, rng)
                          if _others_private(table, w, seat) != truth)

    for game_id, n in GAMES:
        _play(game_id, n, check)
    assert caught, "no world differed in what only the others were told"


def test_every_game_is_checked() -> None:
    assert sorted(g for g, _ in GAMES) == sorted(engine.GAMES)
