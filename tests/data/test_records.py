"""A table's record (issue 24, data/records.py): how long finished games lasted, read back as
the lobby's expected length (data/lengths.py), and each person's time to move and games
finished per server (data/reliability.py); removed by forget-me; on SQLite and PostgreSQL,
with ``now`` passed in."""

from __future__ import annotations

from pathlib import Path

import pytest

from data import lengths, reliability
from data.away import go_away
from data.migrations import MIGRATIONS
from data.records import clock_kind
from data.store import Store
from data.tables import TableService
from engine.turn_clock import Settings
from tests.data.helpers import T0, turn
from tests.data.raw import raw

HOUR, DAY = 3600.0, 24 * 3600.0


async def _open(svc: TableService, channel: str, people: list[str], *, guild: str | None = "g1",
                rounds: int = 3, now: float = T0, **clock: object) -> int:
    """A Crossed Cutlasses table of ``people`` (the first hosts), dealt at ``now``."""
    await svc.new("cutlass", channel, people[0], people[0], {"rounds": rounds}, guild=guild,
                  seed=channel, now=now - HOUR)  # the lobby waited an hour: not counted
    for p in people[1:]:
        await svc.join(channel, p, p, now - HOUR)
    if clock:
        await svc.settings(channel, people[0], now=now - HOUR, **clock)  # type: ignore[arg-type]
    return (await svc.start(channel, people[0], now)).table.key or 0


async def _round(svc: TableService, key: int, waits: list[float], start: float) -> float:
    """One round: the AI seats choose at once, then each person's seat i picks at ``start +
    waits[i]`` and lays a minute later; returns the moment the round ended."""
    end = start
    await svc.run_ai(key, start)
    for seat, wait in sorted(enumerate(waits), key=lambda p: p[1]):
        table = await svc.store.get(key)
        assert table is not None
        if not table.seats[seat].is_person or seat not in table.clock.waiting_for:
            continue
        pick, lay = turn(table, seat)
        await svc.store.apply_move(key, seat, pick, start + wait)
        await svc.store.apply_move(key, seat, lay, start + wait + 60)
        end = start + wait + 60
    return end


async def _play_out(svc: TableService, key: int, waits: list[float], start: float = T0) -> float:
    """Every round with the same waits; returns when the game ended."""
    at = start
    while True:
        table = await svc.store.get(key)
        assert table is not None
        if table.status != "playing":
            return at
        at = await _round(svc, key, waits, at)


# -- the expected length -------------------------------------------------------------------


async def test_five_finished_games_give_their_middle_half_and_four_say_nothing(
        svc: TableService) -> None:
    settings = Settings()
    for i, hours in enumerate((2, 4, 6, 8)):  # each round takes `hours`: 3 rounds a game
        key = await _open(svc, f"c{i}", ["ann", "bob"], now=T0 + i * DAY)
        await _play_out(svc, key, [0, hours * HOUR - 60], T0 + i * DAY)
    assert await lengths.expected_length(svc.store, "cutlass", 2, settings) is None
    key = await _open(svc, "c4", ["ann", "bob"], now=T0 + 4 * DAY)
    await _play_out(svc, key, [0, 10 * HOUR - 60], T0 + 4 * DAY)
    found = await lengths.expected_length(svc.store, "cutlass", 2, settings)
    # lengths 6, 12, 18, 24, 30 hours (from the deal, not the lobby): the middle half
    assert found == lengths.Lengths(12 * HOUR, 24 * HOUR, 5)
    assert await lengths.expected_length(svc.store, "cutlass", 3, settings) is None
    other = Settings(limit_minutes=60)
    assert await lengths.expected_length(svc.store, "cutlass", 2, other) is None


async def test_the_same_clock_is_its_mode_and_numbers_not_its_reminders() -> None:
    assert clock_kind(Settings()) == "limit:2880"
    assert clock_kind(Settings(remind_minutes=60, on_timeout="remind")) == "limit:2880"
    assert clock_kind(Settings(bank_minutes=2880, increment_minutes=720)) == "bank:2880+720"
    assert clock_kind(Settings(limit_minutes=0)) == "none"


async def test_an_abandoned_game_has_no_length(svc: TableService) -> None:
    for i in range(6):
        key = await _open(svc, f"c{i}", ["ann", "bob"])
        await _round(svc, key, [0, HOUR], T0)
        await svc.abort(f"c{i}", "ann", False, T0 + 2 * HOUR)
    assert await lengths.expected_length(svc.store, "cutlass", 2, Settings()) is None


async def test_finished_games_of_an_older_version_are_counted_from_their_log(
        db: Path | str) -> None:
    """A database as version 8 left it (no record kept: the tables of migration 9 dropped,
    its number put back) gets its finished games' lengths from their logs when migration 9
    runs, filed under the clock's kind as ``clock_kind`` names it."""
    clocks = [({"bank": (2880, 720)}, Settings(bank_minutes=2880, increment_minutes=720)),
              ({"limit_minutes": 0}, Settings(limit_minutes=0)), ({}, Settings())]
    async with await Store.open(db) as store:
        svc = TableService(store)
        for i in range(15):
            key = await _open(svc, f"c{i}", ["ann", "bob"], **clocks[i % 3][0])
            await _play_out(svc, key, [HOUR, 2 * HOUR], T0)
        await _open(svc, "lobby", ["ann", "bob"])  # dealt, never finished: no length
    with raw(db) as con:
        for name in ("game_records", "turn_times", "game_lengths"):
            con.execute(f"DROP TABLE {name}")
        con.execute("PRAGMA user_version = 8" if con.kind == "sqlite"
                    else "UPDATE parley_schema SET version = 8")
    async with await Store.open(db) as store:
        assert await store.schema_version() == len(MIGRATIONS) == 9
        for _, settings in clocks:
            found = await lengths.expected_length(store, "cutlass", 2, settings)
            # three rounds of 2 h 1 min: the first logged move (an hour after the deal) to
            # the last (6 h 3 min after it)
            assert found == lengths.Lengths(5 * HOUR + 180, 5 * HOUR + 180, 5), settings


# -- time to move and games finished -------------------------------------------------------


async def test_time_to_move_runs_from_the_turn_s_start_to_the_first_move(
        svc: TableService) -> None:
    """A sealed round: bob chooses after ann, and is timed from the round's start, not from
    ann's choice; laying the picked card a minute later is the same turn, not timed."""
    for c in ("c1", "c2"):
        key = await _open(svc, c, ["ann", "bob"], rounds=5)
        await _play_out(svc, key, [HOUR, 3 * HOUR])
    ann = await reliability.reliability(svc.store, "ann", "g1")
    bob = await reliability.reliability(svc.store, "bob", "g1")
    assert (ann.median, ann.turns) == (HOUR, 10)
    assert (bob.median, bob.turns) == (3 * HOUR, 10)
    assert (bob.finished, bob.games) == (2, 2)
    nobody = await reliability.reliability(svc.store, "bob", "g2")
    assert not nobody.known, "per server"


async def test_too_few_turns_show_no_median(svc: TableService) -> None:
    key = await _open(svc, "c1", ["ann", "bob"], rounds=9)
    await _play_out(svc, key, [HOUR, 3 * HOUR])
    ann = await reliability.reliability(svc.store, "ann", "g1")
    assert ann.turns == 9 and ann.median is None and not ann.shows_finished


async def test_time_away_is_not_slowness(svc: TableService) -> None:
    """bob goes away for a day an hour into his turn and moves two hours after coming
    back: three hours, not a day and three hours."""
    key = await _open(svc, "c1", ["ann", "bob"], rounds=5)
    await _open(svc, "c2", ["ann", "bob"], rounds=5)
    await go_away(svc.store, "bob", 1, "", T0 + HOUR)
    await svc.store.apply_moves(key, 0, turn(await svc.store.get(key), 0), T0 + 30 * 60)
    table = await svc.store.get(key)
    await svc.store.apply_moves(key, 1, turn(table, 1), T0 + DAY + 3 * HOUR)
    rows = await _times(svc, "bob")
    assert rows == [3 * HOUR]


async def _times(svc: TableService, player: str) -> list[float]:
    async with svc.store.reading() as db:
        return [float(r[0]) for r in await db.fetch(
            "SELECT seconds FROM turn_times WHERE player = ? ORDER BY at", (player,))]


async def test_games_left_to_an_ai_count_as_not_finished_and_aborted_ones_not_at_all(
        svc: TableService) -> None:
    for c in ("c1", "c2", "c3"):
        key = await _open(svc, c, ["ann", "bob", "cid"])
        await _round(svc, key, [HOUR, 2 * HOUR, 3 * HOUR], T0)
    await svc.leave("c1", "bob", T0 + 4 * HOUR)  # an AI plays his seat to the end
    await svc.hand_over("c2", "ann", 1, "open", T0 + 4 * HOUR)  # opened, and taken
    await svc.join("c2", "dan", "dan", T0 + 5 * HOUR)
    for c in ("c1", "c2"):
        table = await svc.store.live(c)
        assert table is not None
        await _play_out(svc, table.key or 0, [HOUR, 2 * HOUR, 3 * HOUR], T0 + 6 * HOUR)
    await svc.abort("c3", "ann", False, T0 + 7 * HOUR)
    bob = await reliability.reliability(svc.store, "bob", "g1")
    ann = await reliability.reliability(svc.store, "ann", "g1")
    dan = await reliability.reliability(svc.store, "dan", "g1")
    assert (bob.finished, bob.games) == (0, 2)
    assert (ann.finished, ann.games) == (2, 2), "the aborted game counts for nobody"
    assert (dan.finished, dan.games) == (1, 1)


async def test_forget_me_removes_the_times_and_games_and_a_live_table_s_when_it_closes(
        svc: TableService) -> None:
    for c in ("c1", "c2"):
        key = await _open(svc, c, ["ann", "bob"], rounds=5)
        await _play_out(svc, key, [HOUR, 3 * HOUR])
    live = await _open(svc, "c3", ["ann", "bob"], rounds=3, now=T0 + DAY)
    await _round(svc, live, [HOUR, 2 * HOUR], T0 + DAY)
    await svc.store.forget_player("bob")
    bob = await reliability.reliability(svc.store, "bob", "g1")
    assert (bob.turns, bob.games) == (0, 0)
    await _round(svc, live, [HOUR, 2 * HOUR], T0 + 2 * DAY)
    bob = await reliability.reliability(svc.store, "bob", "g1")
    assert bob.turns == 1, "seated at the live table until it closes"
    await _play_out(svc, live, [HOUR, 2 * HOUR], T0 + 3 * DAY)
    bob = await reliability.reliability(svc.store, "bob", "g1")
    assert (bob.turns, bob.games) == (0, 0)
    ann = await reliability.reliability(svc.store, "ann", "g1")
    assert (ann.turns, ann.finished, ann.games) == (13, 3, 3)


async def test_a_console_table_keeps_no_record_of_its_players(svc: TableService,
                                                              db: Path | str) -> None:
    key = await _open(svc, "c1", ["ann", "bob"], guild=None)
    await _play_out(svc, key, [HOUR, 2 * HOUR])
    with raw(db) as con:
        assert con.query("SELECT COUNT(*) FROM turn_times")[0][0] == 0
        assert con.query("SELECT COUNT(*) FROM game_records")[0][0] == 0
        assert con.query("SELECT COUNT(*) FROM game_lengths")[0][0] == 1


@pytest.mark.parametrize("n", [2, 5])
def test_the_middle_half_is_the_25th_to_the_75th_percentile(n: int) -> None:
    values = [float(v) for v in range(1, n + 1)]
    low, high = lengths.middle_half(values)
    assert (low, high) == ((1.25, 1.75) if n == 2 else (2.0, 4.0))
