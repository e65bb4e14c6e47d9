""""Since your last turn" (issue 24): when the game starts waiting for a person, their hand
DM begins with a short digest of what happened since their seat's last move, from the move
log and only what that seat may know.

Decided here:

- What happened *to you* comes first: the private events addressed to your seat (robbed, a
  trade offered to you, a card you must answer), each a line.
- Then the others' moves, a line each, in the words the history uses for your seat
  (``replay.move_lines``): their public events only, never a label of another seat's move
  (a label names the move itself, a sealed bid's card included) nor anyone else's private
  events. A move that said nothing in public (a card put into a sealed bid) is left out, as
  the history and the web page's last moves leave it out.
- At most :data:`MOST` lines; the newest moves are kept, and the rest is counted ("and 12
  more moves") with a pointer to **History** under the board and ``/game history``, which
  already page the whole log (no new button: a DM's buttons would need a custom id of
  their own, and the history is one click away on the board).
- Your seat's first turn: since the deal.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Sequence

from cogs.look import texts, turn_texts
from cogs.look.replay import WHOLE_LOG, move_lines
from cogs.look.seats import names_of
from data.replay import last_moves
from data.rows import LogEntry
from data.store import Store
from engine.core import Event
from engine.table import PLAYING, Table

#: the most lines of a digest (besides its head and the count of the rest)
MOST = 5
#: the longest line of a digest, in characters
LINE = 200

Replayed = Sequence[tuple[LogEntry, Sequence[Event]]]


def since_lines(table: Table, replayed: Replayed, seat: int) -> tuple[list[str], list[str]]:
    """(what happened to ``seat``, the others' moves one line each, oldest first) since
    the seat's last move in ``replayed`` (the whole log with each move's events), in words
    the seat may read. Pure."""
    last = max((i for i, (entry, _) in enumerate(replayed) if entry.seat == seat), default=-1)
    names = names_of(table)
    mine: list[str] = []
    others: list[str] = []
    for entry, events in replayed[last + 1:]:
        mine += [texts.fill(e.text, names, seat) for e in events
                 if e.text and e.to is not None and seat in e.to]
        public = move_lines(table, entry, [e for e in events if e.to is None], None, False)
        if public:
            others.append(" ".join(public))
    return mine, others


def since_note(table: Table, replayed: Replayed, seat: int) -> str:
    """The digest for ``seat`` (empty when nothing happened it may know of). Pure."""
    mine, others = since_lines(table, replayed, seat)
    if not mine and not others:
        return ""
    mine = mine[:MOST]
    room = MOST - len(mine)
    shown = others[len(others) - room:] if room > 0 else []
    lines = [turn_texts.SINCE_HEAD]
    lines += [turn_texts.SINCE_TO_YOU.format(line=texts.clip(x, LINE)) for x in mine]
    lines += [turn_texts.SINCE_MOVE.format(line=texts.clip(x, LINE)) for x in shown]
    more = len(others) - len(shown)
    if more:
        lines.append(turn_texts.SINCE_MORE.format(
            count=more, moves=turn_texts.SINCE_MOVES[more != 1]))
    return "\n".join(lines)


def since_notes(table: Table, entries: Sequence[LogEntry], seats: Collection[int]
                ) -> dict[int, str]:
    """The digest of each of ``seats`` from ``entries`` (the table's whole log), replayed
    once. Pure; a long game's replay takes a moment, so callers run it off the loop."""
    replayed = last_moves(table, entries, len(entries))
    return {seat: since_note(table, replayed, seat) for seat in seats}


async def digests(store: Store, table: Table, seats: Collection[int]) -> dict[int, str]:
    """The digests of the seats the game has just started waiting for (read, replayed off
    the event loop); none while the game is not running."""
    if not seats or table.status != PLAYING or table.key is None:
        return {}
    entries = await store.history(table.key, limit=WHOLE_LOG)
    return await asyncio.to_thread(since_notes, table, entries, seats)
