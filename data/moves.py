"""The one move path of the table service (data/tables.py): a person's move, a batch of
steps chosen on one menu, and the AI's moves, each applied in one store transaction
(``Store.apply_steps``, which also compares the menu's move count), answered with an
:class:`~data.outcomes.Outcome`.

Moves never run the AI on their own: after a move the caller sees ``Outcome.ai_to_act`` and
calls :meth:`Moves.run_ai`, so a person's move is answered before the AI thinks. A choice
made in several steps that a Discord menu sends at once goes through
:meth:`Moves.move_batch`: one transaction, all steps or none. The AI chooses off the event
loop, on the table as it loaded it, and its move is applied only if the table is still at
that version (:class:`Stale` otherwise: it chooses again on the new state).
"""

from __future__ import annotations

import asyncio
from typing import Any

import engine
from data.outcomes import Outcome, owed_part
from data.store import OUT_OF_DATE, OutOfDate, Stale, Store, menu_current
from engine import ai
from engine.core import Action, Event, IllegalAction, rng
from engine.table import FINISHED, STAND_IN_LEVEL, Table

__all__ = ["OUT_OF_DATE", "Moves", "OutOfDate", "Stale", "menu_current"]


class Moves:
    """Finding a table and moving at it: the base of ``TableService`` (data/tables.py),
    and what the turn clock (data/clock.py) plays a seat's moves with."""

    def __init__(self, store: Store, *, deliveries: bool = False) -> None:
        self.store = store
        #: whether each change records what it owes the players (``data.deliveries``):
        #: the bot's service does, for its deliverer; the console, which shows every
        #: change itself, does not
        self.deliveries = deliveries

    def owed(self, before_view: dict | None, after: Table, events: list[Event],
             changed: set[int], **flags: Any) -> dict | None:
        """What a change owes (``owed_part``), when this service records it."""
        if not self.deliveries:
            return None
        return owed_part(before_view, after, events, changed, **flags)

    # -- finding tables ------------------------------------------------------------------

    async def _live(self, channel_id: str) -> Table:
        table = await self.store.live(str(channel_id))
        if table is None:
            raise IllegalAction("There is no game at this table; /game new opens one.")
        return table

    # -- play ----------------------------------------------------------------------------

    async def move(self, channel_id: str, user_id: str, action: Action, now: float,
                   expect_seat_moves: int | None = None) -> Outcome:
        """A person's move at the live table of the channel."""
        return await self.move_batch(channel_id, user_id, [action], now, expect_seat_moves)

    async def move_batch(self, channel_id: str, user_id: str, actions: list[Action],
                         now: float, expect_seat_moves: int | None = None,
                         finish: Action | None = None) -> Outcome:
        """Several steps of a person's choice (a menu's picks) applied as one transaction:
        all or none; a refused step refuses the batch, named with its reason. ``finish``
        (the confirm) follows the steps when they leave it legal. The menu's move count
        ``expect_seat_moves`` is compared in that transaction (``OutOfDate``)."""
        user = str(user_id)
        table = await self._live(channel_id)
        seat = table.seat_of(user)
        if seat is None:
            raise IllegalAction("You are not seated at this table.")
        return await self.apply(table.key, seat, actions, now, expect_seat_moves, player=user,
                                finish=finish)

    async def move_seat(self, key: int, seat: int, action: Action, now: float,
                        expect_seat_moves: int | None = None) -> Outcome:
        """A move for a seat by number (the AI and the console)."""
        return await self.apply(key, seat, [action], now, expect_seat_moves)

    async def apply(self, key: int, seat: int, steps: list[Action], now: float,
                    expect_seat_moves: int | None, player: str | None = None,
                    chosen_on: int | None = None, finish: Action | None = None) -> Outcome:
        """Apply ``steps`` for ``seat`` in one transaction (``Store.apply_steps``, which
        checks there that ``player`` still holds the seat, that the table is still at the
        version ``chosen_on`` and the seat at its move count ``expect_seat_moves``), with
        what the move owes recorded when this service records it."""
        return await self.store.apply_steps(
            key, seat, steps, now, expect_seat_moves, finish=finish, player=player,
            chosen_on=chosen_on, owes=self.deliveries)

    async def ai_move(self, table: Table, seat: int, level: str, now: float) -> Outcome | None:
        """Let the AI choose for ``seat`` on ``table`` and apply it; None when the table
        changed while it thought (the caller looks again). An IllegalAction against the
        very state the AI chose on is a bug in the AI or the game, and propagates."""
        game = engine.get_game(table.game_id)
        choice_rng = rng(table.seed + ":ai", table.version)
        action = await asyncio.to_thread(ai.choose, game, table.state, seat, choice_rng, level)
        try:
            return await self.apply(
                table.key, seat, [action], now, table.seat_moves[seat], chosen_on=table.version
            )
        except Stale:
            return None

    async def run_ai(self, key: int, now: float, max_moves: int = 200) -> Outcome:
        """While an AI seat is in to_act, let it choose (off the event loop) and apply."""
        table = await self.get(key)
        outcome = Outcome(table, finished=table.status == FINISHED)
        for _ in range(max_moves):
            game = engine.get_game(table.game_id)
            seats = sorted(s for s in table.to_act(game) if table.seats[s].is_ai)
            if not seats:
                break
            seat = seats[0]
            level = table.seats[seat].ai or STAND_IN_LEVEL
            moved = await self.ai_move(table, seat, level, now)
            if moved is not None:
                outcome = outcome.merge(moved)
            table = await self.get(key)
        outcome.table = table
        outcome.finished = table.status == FINISHED
        return outcome

    async def get(self, key: int) -> Table:
        """The table whole; KeyError when there is none with that key."""
        table = await self.store.get(key)
        if table is None:
            raise KeyError(f"No table with key {key}.")
        return table
