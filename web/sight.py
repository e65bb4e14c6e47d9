"""What a web page shows, in words and views, built from a table and its log (issue 25,
"What is hidden stays hidden"). Pure: no store, no HTML (web/pages.py writes the HTML).

The public sight is made from the spectator's view (seat None) and the public events
alone; a seat's sight adds that seat's own view (its hand), its own moves' labels and the
private events addressed to it. Once a game is finished, as in the bot's replay
(cogs/look/replay.py, "after the end, hands may be revealed"), every move's label and
private event is shown; an abandoned game's never are.

Nothing here reads the clock of the machine: a page is a function of the table's version,
so it can be cached per version and compared across worlds in the leak test. Nor does a
page count the log's entries: a private choice made step by step (cards added to a sealed
bid one at a time) logs a step each, and their number is the seat's own business.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import render
from data.replay import last_moves, moment, reveals, said_to
from data.rows import LogEntry
from engine.core import Event, fill_names
from engine.table import FINISHED, LOBBY, PLAYING, Table
from engine.turn_clock import TIMEOUT_AI_MOVE, TIMEOUT_AI_SEAT

#: moves listed under "Last moves"
LAST_MOVES = 8

STATUS_WORDS = {LOBBY: "In the lobby", PLAYING: "Playing", FINISHED: "Finished"}
TIMEOUT_WORDS = {TIMEOUT_AI_MOVE: "an AI makes that move",
                 TIMEOUT_AI_SEAT: "an AI takes over the seat",
                 "remind": "a reminder only"}


@dataclass
class Sight:
    """One page's content: the words, and the view the board (or hand) is drawn from."""

    title: str
    status: str
    version: int
    names: list[str]
    seat: int | None  # None: the public page
    waiting: list[str] = field(default_factory=list)  # who the game waits for, by name
    since: str = ""  # when the turn started, in UTC words
    clock: str = ""  # the turn clock in words
    board_text: str = ""  # the board's text twin (Markdown, from the spectator view)
    hand_text: str = ""  # the seat's own text twin (private pages only)
    moves: list[list[str]] = field(default_factory=list)  # the last moves in words
    board: str = ""  # the board's digest (:func:`digest`), which names its image
    hand: str = ""  # the seat's own view's digest (private pages only)


def digest(view: dict) -> str:
    """A digest of a view, which names the image drawn from it: the same picture keeps the
    same address, whatever moves were made that change nothing in that view (a number of
    moves or a version in an address would count someone's private steps)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def when(epoch: float | None) -> str:
    """A moment as the page writes it: UTC, to the minute."""
    if epoch is None:
        return ""
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _minutes(n: int) -> str:
    if n % 1440 == 0:
        return f"{n // 1440} day{'s' * (n != 1440)}"
    if n % 60 == 0:
        return f"{n // 60} h"
    return f"{n} min"


def clock_words(table: Table, now: float | None = None) -> str:
    """The turn clock: its reminder, its limit (or time bank) and what happens then, and
    when it is due."""
    s = table.settings
    if table.status != PLAYING:
        return ""
    parts = [f"Reminder after {_minutes(s.remind_minutes)}" if s.remind_minutes
             else "No reminders"]
    now = time.time() if now is None else now
    people = table.clocked(now)
    if s.bank_minutes:  # issue 24: a time bank in place of the limit
        parts.append(f"time bank {_minutes(s.bank_minutes)} each, "
                     f"+{_minutes(s.increment_minutes)} a turn, then "
                     f"{TIMEOUT_WORDS.get(s.on_timeout, s.on_timeout)}")
        out = table.times_out(people, now)
        if out is not None:
            parts.append("due " + when(out))
    elif s.limit_minutes:
        parts.append(f"time limit {_minutes(s.limit_minutes)}, then "
                     f"{TIMEOUT_WORDS.get(s.on_timeout, s.on_timeout)}")
        if table.clock.turn_started is not None:
            parts.append("due " + when(table.clock.turn_started + s.limit_minutes * 60))
    else:
        parts.append("no time limit")
    return "; ".join(parts) + "."


def move_lines(table: Table, seat: int, label: str, events: Sequence[Event],
               viewer: int | None) -> list[str]:
    """One logged move in words for ``viewer`` (None: the public), as
    :func:`data.replay.said_to` says it; what each seat was told privately is marked with
    its name once the game is over."""
    names = [s.name for s in table.seats]
    out = []
    for said in said_to(seat, label, events, viewer, reveals(table)):
        text = fill_names(said.text, names, said.seat)
        if said.to is not None:
            who = names[said.to] if said.to < len(names) else f"seat {said.to + 1}"
            text = f"(to {who}) {text}"
        out.append(text)
    return out


def _view(table: Table, state: Any, seat: int | None) -> dict:
    view = table.game.view(state, seat)
    view["names"] = [s.name for s in table.seats]
    return view


def sight(table: Table, entries: Sequence[LogEntry], seat: int | None) -> Sight:
    """The table now, as the public (``seat`` None) or that seat may see it."""
    names = [s.name for s in table.seats]
    title = table.game.title + (f": {table.title}" if table.title else "")
    out = Sight(title, STATUS_WORDS.get(table.status, "Closed"), table.version, names, seat)
    if table.state is None:
        return out
    game = table.game
    board = _view(table, table.state, None)
    out.board_text, out.board = render.text_board(table.game_id, board), digest(board)
    if seat is not None:
        hand = _view(table, table.state, seat)
        out.hand_text, out.hand = render.text_hand(table.game_id, hand), digest(hand)
    if table.status == PLAYING:
        out.waiting = [names[s] for s in sorted(game.to_act(table.state)) if s < len(names)]
        out.since = when(table.clock.turn_started)
        out.clock = clock_words(table)
    # the last moves that say something to this viewer: a step of a private choice (a card
    # added to a sealed bid) says nothing in public, and is not even counted there
    for entry, events in reversed(last_moves(table, entries, len(entries))):
        lines = move_lines(table, entry.seat, entry.action.label, events, seat)
        if lines:
            out.moves.insert(0, lines)
        if len(out.moves) == LAST_MOVES:
            break
    return out


def steps(table: Table, entries: Sequence[LogEntry], seat: int | None) -> list[int]:
    """The moments of the replay ``seat`` (None: the public) may step through, as counts
    of log entries: the deal (0), then after each move that says something to that viewer;
    once the game is over, after every move. While the game runs, a step of a private
    choice (a card added to a sealed bid) is neither shown nor counted: how many there
    were would tell how many cards went into the bid."""
    if reveals(table):
        return list(range(len(entries) + 1))
    out = [0]
    for i, (entry, events) in enumerate(last_moves(table, entries, len(entries))):
        if move_lines(table, entry.seat, entry.action.label, events, seat):
            out.append(i + 1)
    return out


def view_at(table: Table, entries: Sequence[LogEntry], step: int, seat: int | None
            ) -> tuple[int, int, dict, list[str]]:
    """The replay at ``step`` of the steps ``seat`` may see (:func:`steps`; clamped):
    (the step, how many steps there are after the deal, the view to draw the board from,
    the move that led there in words; empty at the deal). The board is the public one, and
    the words follow :func:`move_lines`."""
    counts = steps(table, entries, seat)
    step = max(0, min(step, len(counts) - 1))
    m = moment(table, entries, counts[step])
    lines = [] if m.entry is None else move_lines(
        table, m.entry.seat, m.entry.action.label, m.events, seat)
    return step, len(counts) - 1, _view(table, m.state, None), lines


def board_view(table: Table) -> dict | None:
    """The spectator's view the live board is drawn from (None before the deal)."""
    return None if table.state is None else _view(table, table.state, None)


def hand_view(table: Table, seat: int) -> dict | None:
    """That seat's own view, for its hand image (None before the deal)."""
    return None if table.state is None else _view(table, table.state, seat)
