"""Undo by consent, the service's side (issue 15): a person asks to take back their last
move, the other people at the table agree or not, and once all have agreed the store takes
the move back (``Store.take_back``: the log replayed without it).

Which moves may be taken back at all is the engine's decision (engine/undo.py and each
game's ``undo`` module). Decided here, for the request:

- Only the table's last move, and only by the person who made it: a move someone made after
  it was made on the board it left, and taking it back too would need that person's
  consent for their own move.
- Every other person seated must agree; AI seats agree, so at a table of one person and AI
  captains the move is taken back at once. Anyone's "no" ends the request, the asker's
  included (withdrawing), and nothing changes.
- A request names its move: its number in the log, the seat and a digest of the move
  (:func:`digest`), so the consent buttons carry everything and work after a restart. A
  move made since makes the request stale, and a move taken back and made again differently
  is not the one agreed to; the store checks both in the transaction that takes it back.
- A request lapses after :data:`UNDO_WAIT` seconds unanswered (the cog shows the deadline).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import engine
from data.outcomes import Outcome, owed_part, private_views
from data.rows import LogEntry
from data.store import Store
from engine import undo
from engine.ai import clone
from engine.core import Action, IllegalAction
from engine.table import PLAYING, Table

#: how long the others have to agree, in seconds
UNDO_WAIT = 30 * 60
#: the log is read whole: the state before the last move is replayed from it
_WHOLE_LOG = 10_000_000


@dataclass(frozen=True)
class UndoRequest:
    """A request to take back ``seat``'s move ``seq`` (``action``) at table ``key``.

    ``asked``: the seats of the people who must agree; ``said``: what the move showed
    everyone (its public event texts, with the engine's ``{p1}`` placeholders).
    """

    key: int
    seq: int
    seat: int
    action: Action
    asked: frozenset[int]
    said: tuple[str, ...]

    @property
    def digest(self) -> str:
        return digest(self.action)


def digest(action: Action) -> str:
    """Ten hex digits naming a move (its kind and arguments, not its label): what a consent
    button carries to recognise the move it was asked about."""
    text = json.dumps([action.kind, action.args], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def others_to_ask(table: Table, seat: int) -> frozenset[int]:
    """The seats whose person must agree: every person seated but the asker."""
    return frozenset(i for i, s in enumerate(table.seats)
                     if i != seat and not s.is_ai and s.player is not None)


def _before_last(table: Table, entries: Sequence[LogEntry]) -> Any:
    """The state the last of ``entries`` (the table's whole log) was made from, replayed."""
    game = engine.get_game(table.game_id)
    state = game.setup(len(table.seats), table.options, table.seed)
    for entry in entries[:-1]:
        game.apply(state, entry.seat, entry.action)
    return state


def _public_texts(table: Table, before: Any, last: LogEntry) -> tuple[str, ...]:
    game = engine.get_game(table.game_id)
    events = game.apply(clone(game, before), last.seat, last.action)
    return tuple(e.text for e in events if e.to is None and e.text)


def shown(table: Table, entries: Sequence[LogEntry]) -> tuple[str, ...]:
    """What the last of ``entries`` (the table's whole log) showed everyone: its public
    event texts. Pure; replays the game, so callers run it off the event loop."""
    if not entries:
        return ()
    return _public_texts(table, _before_last(table, entries), entries[-1])


def judge(table: Table, entries: Sequence[LogEntry]) -> tuple[str | None, tuple[str, ...]]:
    """Whether the last of ``entries`` (the table's whole log) may be taken back: the
    engine's refusal (None: it may), and what the move showed everyone. Pure; a long game's
    replay takes a moment, so callers run it off the event loop."""
    game = engine.get_game(table.game_id)
    before = _before_last(table, entries)
    last = entries[-1]
    why = undo.refusal(game, before, last.seat, last.action, len(table.seats))
    return why, _public_texts(table, before, last)


async def ask(store: Store, table: Table, player: str) -> UndoRequest:
    """The request of ``player`` to take back their last move at ``table``; IllegalAction
    with the reason when it cannot be asked (not playing, not seated, no move yet, the last
    move someone else's, or a move the game keeps)."""
    if table.status != PLAYING or table.key is None:
        raise IllegalAction("The game is not running at this table, so no move can be "
                            "taken back.")
    seat = table.seat_of(player)
    if seat is None:
        raise IllegalAction("You are not seated at this table.")
    entries = await store.history(table.key, limit=_WHOLE_LOG)
    if not entries:
        raise IllegalAction("No move has been made at this table yet.")
    last = entries[-1]
    if last.seat != seat:
        name = table.seats[last.seat].name if last.seat < len(table.seats) else "another seat"
        raise IllegalAction(
            f"Only the table's last move can be taken back, and the last move was "
            f"{name}'s, not yours.")
    why, said = await asyncio.to_thread(judge, table, entries)
    if why is not None:
        raise IllegalAction(why)
    return UndoRequest(table.key, last.seq, seat, last.action, others_to_ask(table, seat),
                       said)


async def still_open(store: Store, key: int, seq: int, seat: int, code: str
                     ) -> tuple[Table, UndoRequest]:
    """The table and the request a consent button names (table ``key``, move ``seq`` of
    ``seat``, move digest ``code``), checked to still stand; IllegalAction saying why not."""
    table = await store.get(key)
    if table is None or table.status != PLAYING:
        raise IllegalAction("The game is over at this table: nothing was taken back.")
    entries = await store.history(key, limit=_WHOLE_LOG)
    last = entries[-1] if entries else None
    if last is None or (last.seq, last.seat, digest(last.action)) != (seq, seat, code):
        raise IllegalAction("That move is no longer the table's last one (someone moved, or "
                            "it was taken back already): nothing was taken back.")
    said = await asyncio.to_thread(shown, table, entries)
    return table, UndoRequest(key, seq, seat, last.action, others_to_ask(table, seat), said)


async def take_back(store: Store, request: UndoRequest, now: float) -> Outcome:
    """Take the move back (everyone has agreed): the outcome for the publisher, with the
    table as saved, the seats whose private view changed (their hands go to them again) and
    the public view before. IllegalAction when the move is no longer the table's last (see
    ``Store.take_back``)."""
    before = await store.get(request.key)
    if before is None or before.state is None:
        raise IllegalAction("The game is not running at this table, so no move can be "
                            "taken back.")
    private = private_views(before)
    public = engine.get_game(before.game_id).view(before.state, None)
    table, _ = await store.take_back(request.key, request.seq, request.seat, now,
                                     request.action)
    after = private_views(table)
    changed = {s for s in set(private) | set(after) if private.get(s) != after.get(s)}
    part = owed_part(public, table, [], changed)
    if part is not None:
        await store.deliveries.add(request.key, part, now)
    return Outcome(table, [], changed, False, before=public)


# -- taking back one's own move without a vote (issue 24) ------------------------------------


async def own_offer(store: Store, before: Table, after: Table, seat: int,
                    applied: Sequence[Action]) -> tuple[int, str] | None:
    """The move ``seat`` just made (``applied``, from ``before`` to ``after``) as its log
    number and digest, when its own player may take it back without a vote; None when not.

    Decided (issue 24, Board Game Arena's policy): the table's option is on, the move is the
    table's last (no other seat acted since), it was one step (a batch of several steps would
    be taken back only in part: those go by ``/game undo``), and the engine lets it be taken
    back (engine/undo.py: nothing hidden shown, nothing drawn). The state ``before`` is the
    one the move was made from, so nothing is replayed here; the click judges again
    (:func:`own_request`)."""
    if not after.settings.take_back or after.status != PLAYING or after.key is None \
            or before.state is None or len(applied) != 1:
        return None
    entries = await store.history(after.key, limit=1)
    if not entries or entries[-1].seat != seat \
            or digest(entries[-1].action) != digest(applied[0]):
        return None
    last = entries[-1]
    game = engine.get_game(after.game_id)
    why = await asyncio.to_thread(undo.refusal, game, before.state, seat, last.action,
                                  len(after.seats))
    return None if why is not None else (last.seq, digest(last.action))


async def own_request(store: Store, table: Table, seat: int, seq: int, code: str
                      ) -> UndoRequest:
    """The take-back without a vote that an **Undo** button names (move ``seq`` of ``seat``,
    digest ``code``), checked again now: still the table's last move, and one the engine lets
    be taken back. Nobody is asked. IllegalAction saying why not; who clicked and the
    table's option are the caller's checks."""
    if table.key is None:
        raise IllegalAction("The game is not running at this table, so no move can be "
                            "taken back.")
    entries = await store.history(table.key, limit=_WHOLE_LOG)
    last = entries[-1] if entries else None
    if last is None or (last.seq, last.seat, digest(last.action)) != (seq, seat, code):
        raise IllegalAction("That move is no longer the table's last one (someone moved, or "
                            "it was taken back already): nothing was taken back.")
    why, said = await asyncio.to_thread(judge, table, entries)
    if why is not None:
        raise IllegalAction(why)
    return UndoRequest(table.key, seq, seat, last.action, frozenset(), said)
