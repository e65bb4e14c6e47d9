"""Taking back one's own move without a vote (issue 24), the service's side, on SQLite and
PostgreSQL: ``undo.own_offer`` offers the move just made while its player may take it back
alone, ``undo.own_request`` checks a click again, and of two take-backs of one move at once
the store's transaction lets one through (``Store.take_back`` checks the move is still the
table's last)."""

from __future__ import annotations

import asyncio

import pytest

from data import undo
from data.tables import TableService
from engine.core import IllegalAction
from engine.table import Table
from tests.data.helpers import T0


async def _table(svc: TableService) -> Table:
    await svc.new("all-hands", "chan-1", "u0", "Anne", {"round_limit": 50}, seed="own",
                  now=T0)
    for i in (1, 2):
        await svc.join("chan-1", f"u{i}", f"Player {i}", T0)
    return (await svc.start("chan-1", "u0", T0)).table


async def _pass(svc: TableService, key: int) -> tuple[Table, Table, int, list]:
    """The waiting seat passes: (the table before, after, the seat, the moves applied)."""
    before = await svc.store.get(key)
    assert before is not None
    (seat,) = before.game.to_act(before.state)
    action = next(a for a in before.game.legal_actions(before.state, seat) if a.kind == "pass")
    outcome = await svc.move_seat(key, seat, action, T0 + 10)
    return before, outcome.table, seat, outcome.applied or [action]


async def test_a_pass_is_offered_and_two_take_backs_at_once_take_back_one(
        svc: TableService) -> None:
    table = await _table(svc)
    assert table.key is not None
    before, after, seat, applied = await _pass(svc, table.key)
    offer = await undo.own_offer(svc.store, before, after, seat, applied)
    assert offer is not None
    seq, code = offer
    request = await undo.own_request(svc.store, after, seat, seq, code)
    assert request.asked == frozenset()

    results = await asyncio.gather(undo.take_back(svc.store, request, T0 + 20),
                                   undo.take_back(svc.store, request, T0 + 20),
                                   return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["IllegalAction", "Outcome"]
    assert await svc.store.history(table.key) == []
    with_nothing = await svc.store.get(table.key)
    assert with_nothing is not None and with_nothing.seat_moves == before.seat_moves


async def test_no_offer_once_another_seat_acted_or_with_the_option_off(
        svc: TableService) -> None:
    table = await _table(svc)
    assert table.key is not None
    before, after, seat, applied = await _pass(svc, table.key)
    offer = await undo.own_offer(svc.store, before, after, seat, applied)
    assert offer is not None
    after.settings.take_back = False
    assert await undo.own_offer(svc.store, before, after, seat, applied) is None

    await _pass(svc, table.key)  # the next seat acts
    now = await svc.store.get(table.key)
    assert now is not None
    assert await undo.own_offer(svc.store, before, now, seat, applied) is None
    with pytest.raises(IllegalAction, match="no longer the table's last one"):
        await undo.own_request(svc.store, now, seat, *offer)
    assert len(await svc.store.history(table.key)) == 2
