"""Quiet hours take effect (issue 24) through discord.py's own objects: during a person's
quiet hours no turn DM and no ping for them, at any table; the turns held are told once, in
one DM, when the hours end on their own wall clock: on the night the clocks spring forward
and on the night they fall back (Europe/Berlin, 2026-03-29 and 2026-10-25), and not a
minute early.

The time of the turns is the quiet-hours seam of cogs/table/telling.py (``clock``), set to
the night tested; the end is the turn clock's pass at a given time (``run_clock(now)``), as
every minute in production."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest

from cogs.table import telling
from data.people import held_people
from tests.cogs.flows import boards, dm_calls, open_table, table_of
from tests.cogs.harness import FakeUser, Harness
from tests.cogs.test_me_settings import _play_turns
from tests.cogs.test_quiet_channel import GAME, _notices, _waiting


def _utc(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


async def _quiet_turns(h: Harness, alice: FakeUser, bob: FakeUser) -> int:
    """Moves until bob, in his quiet hours, has been waited for afresh at least twice and
    the game waits for him now; each of those turns told him nothing. How many."""
    held = 0
    for _ in range(12):
        for fresh, sent in await _play_turns(h, (alice, bob), 4):
            if bob.id in fresh:
                assert _notices(h, bob.id, sent) == (0, 0), "quiet hours: no DM, no ping"
                held += 1
            if alice.id in fresh:
                assert _notices(h, alice.id, sent) == (1, 0), "alice has no quiet hours"
        if held >= 2 and bob in await _waiting(h, alice, bob):
            return held
    raise AssertionError("bob was never waited for")


def _new_dms(h: Harness, user: FakeUser) -> int:
    return len(dm_calls(h, user, "POST"))


@pytest.mark.parametrize(("night", "turn_at", "still_quiet", "over"), [
    # spring forward: 03:30 summer time, then 07:59 and 08:00 summer time
    ("spring", "2026-03-29T01:30:00", "2026-03-29T05:59:00", "2026-03-29T06:00:00"),
    # fall back: 02:30 the second time (winter time), then 07:59 and 08:00 winter time
    ("fall", "2026-10-25T01:30:00", "2026-10-25T06:59:00", "2026-10-25T07:00:00"),
])
@pytest.mark.usefixtures("steady_easy")
async def test_turns_in_quiet_hours_are_held_then_told_once_when_they_end(
        h: Harness, monkeypatch: pytest.MonkeyPatch, night: str, turn_at: str,
        still_quiet: str, over: str) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    r = await h.slash(bob, "me settings", notify="both", zone="Europe/Berlin",
                      quiet_from="23:00", quiet_to="08:00")
    assert "23:00 to 08:00, Europe/Berlin" in r.text
    monkeypatch.setattr(telling, "clock", lambda: _utc(turn_at))
    await _quiet_turns(h, alice, bob)
    assert await held_people(h.bot.store) == [str(bob.id)]
    clock = h.bot.get_cog("ClockCog")

    before = _new_dms(h, bob)
    await clock.run_clock(_utc(still_quiet))
    assert _new_dms(h, bob) == before, "not a minute early"
    await clock.run_clock(_utc(over))
    assert _new_dms(h, bob) == before + 1, "told when the hours end, in one DM"
    told = h.dms(bob)[-1]
    assert "quiet hours are over" in told.text and "1 table(s)" in told.text
    table = await table_of(h)
    turn = boards(h)[-1]
    assert f"/{table.id}/{turn.id}" in told.text, "a link to the turn waiting for him"
    assert not told.pinged
    await clock.run_clock(_utc(over) + 60)
    await clock.run_clock(_utc(over) + 3600)
    assert _new_dms(h, bob) == before + 1, "once"
    assert await held_people(h.bot.store) == []
    # out of quiet hours, the turns tell him again, by DM and ping as he chose
    monkeypatch.setattr(telling, "clock", lambda: _utc(over) + 7200)
    seen = 0
    for fresh, sent in await _play_turns(h, (alice, bob), 24):
        if bob.id in fresh:
            assert _notices(h, bob.id, sent) == (1, 1)
            seen += 1
    assert seen


async def test_a_turn_played_during_the_quiet_hours_is_not_told_at_their_end(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await h.slash(bob, "me settings", zone="UTC", quiet_from="22:00", quiet_to="06:00")
    monkeypatch.setattr(telling, "clock", lambda: _utc("2026-11-28T23:00:00"))
    await _quiet_turns(h, alice, bob)
    # bob plays his turn in his quiet hours after all: nothing is left to tell him
    for _ in range(20):
        if bob not in await _waiting(h, alice, bob):
            break
        await _play_turns(h, (bob,), 1)
    assert bob not in await _waiting(h, alice, bob)
    before = _new_dms(h, bob)
    await h.bot.get_cog("ClockCog").run_clock(_utc("2026-11-29T06:00:00"))
    assert _new_dms(h, bob) == before
    assert await held_people(h.bot.store) == []


async def test_the_reminder_names_but_does_not_ping_a_person_in_quiet_hours(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    table = await table_of(h)
    waiting = [u for u in (alice, bob) if table.seat_of(str(u.id)) in table.to_act(GAME)]
    sleeper = waiting[0]
    later = time.time() + 13 * 3600
    hour = datetime.fromtimestamp(later, UTC).hour
    await h.slash(sleeper, "me settings", zone="UTC", quiet_from=f"{(hour - 1) % 24}:00",
                  quiet_to=f"{(hour + 2) % 24}:00")
    monkeypatch.setattr(telling, "clock", lambda: later)
    events = await h.bot.get_cog("ClockCog").run_clock(later)
    assert [e.kind for e in events] == ["remind"]
    reminder = [m for m in h.posts() if "Reminder" in m.content][-1]
    assert sleeper.id in reminder.mentions and sleeper.id not in reminder.pinged
    assert await held_people(h.bot.store) == [str(sleeper.id)], "told when the hours end"
