"""Away mode through discord.py's own objects (issue 24): ``/me away`` pauses a person's
turn clock at three tables on two servers and tells each channel once; ``/me back`` ends it;
over the quota, a polite refusal with the days left; a table whose host refuses away mode
keeps the clock, and the person is told which."""

from __future__ import annotations

import time

from data.away import DAY, go_away
from tests.cogs.flows import open_table, table_of
from tests.cogs.harness import CHANNEL_ID, OTHER_CHANNEL_ID, FakeUser, Harness
from tests.cogs.test_me import HARBOUR_CHANNEL, _second_server, _slash_in_harbour

HOUR = 3600.0
CLOCK = {"remind_minutes": 60, "limit_minutes": 120, "on_timeout": "remind"}


async def three_tables(h: Harness) -> tuple[FakeUser, FakeUser, FakeUser]:
    """Alice at three playing tables: two in Tavern (with Bob), one in Harbour (Carol's);
    each reminds after an hour and times out after two."""
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    _second_server(h, carol)
    for channel in (CHANNEL_ID, OTHER_CHANNEL_ID):
        await open_table(h, bob, alice, start=False, channel=channel)
        await h.slash(bob, "game settings", channel=channel, **CLOCK)
        await h.slash(bob, "game start", channel=channel)
    await _slash_in_harbour(h, carol, "game new all-hands")
    await _slash_in_harbour(h, alice, "game join")
    await _slash_in_harbour(h, carol, "game settings", **CLOCK)
    await _slash_in_harbour(h, carol, "game start")
    return alice, bob, carol


async def test_away_pauses_three_tables_and_each_channel_is_told_once(h: Harness) -> None:
    alice, _, _ = await three_tables(h)
    channels = (CHANNEL_ID, OTHER_CHANNEL_ID, HARBOUR_CHANNEL)
    seats = {c: (await table_of(h, c)).seat_of(str(alice.id)) for c in channels}
    r = await h.slash(alice, "me away", days=3, note="sailing")
    assert r.ephemeral and "paused at 3 table(s)" in r.text, r.text
    assert "Days of away mode left this year: 18" in r.text
    for channel in channels:
        told = [m for m in h.posts(channel) if "is away until <t:" in m.text]
        assert len(told) == 1, channel
        assert ":F>" in told[0].text and "sailing" in told[0].text
        assert (await table_of(h, channel)).clocked(time.time()) == [
            s for s in (await table_of(h, channel)).clock.waiting_for if s != seats[channel]]

    clock = h.bot.get_cog("ClockCog")
    for hours in (1.5, 3, 24, 70):  # reminders and time-outs for the others only
        for event in await clock.run_clock(time.time() + hours * HOUR):
            channel = int(event.table.id)
            assert seats[channel] not in event.seats, (hours, channel)

    r = await h.slash(alice, "me back")
    assert "runs again at 3 table(s)" in r.text, r.text
    for channel in channels:
        assert seats[channel] in (await table_of(h, channel)).clocked(time.time()) or \
            seats[channel] not in (await table_of(h, channel)).clock.waiting_for
    assert "not away" in (await h.slash(alice, "me back")).text


async def test_over_the_quota_a_polite_refusal_says_how_many_days_are_left(
    h: Harness,
) -> None:
    alice, _, _ = await three_tables(h)
    await go_away(h.bot.store, str(alice.id), 14, "", time.time() - 20 * DAY)  # long over
    r = await h.slash(alice, "me away", days=14)
    assert r.ephemeral and "21 days in any 365" in r.text, r.text
    assert "7 day(s) left, not the 14" in r.text and "Nothing was changed" in r.text
    assert not [m for m in h.posts(CHANNEL_ID) if "is away until" in m.text]
    now = time.time()  # the old period (written back-dated) is over; no new one began
    assert all(until < now for _, until in (await table_of(h, CHANNEL_ID)).clock.away.values())


async def test_a_table_refusing_away_mode_keeps_the_clock_and_the_person_is_told(
    h: Harness,
) -> None:
    alice, bob, _ = await three_tables(h)
    r = await h.slash(bob, "game settings", channel=OTHER_CHANNEL_ID, away_allowed=False)
    assert "away mode allowed → refused" in r.text, r.text
    r = await h.slash(alice, "me away", days=2)
    assert "paused at 2 table(s)" in r.text, r.text
    assert f"<#{OTHER_CHANNEL_ID}>" in r.text and "keeps running there" in r.text
    assert not [m for m in h.posts(OTHER_CHANNEL_ID) if "is away until" in m.text]
    kept = await table_of(h, OTHER_CHANNEL_ID)
    assert kept.clock.away == {} and not kept.settings.away_allowed


async def test_the_first_move_ends_away_mode_at_every_table(h: Harness) -> None:
    alice, _, _ = await three_tables(h)
    channels = (CHANNEL_ID, OTHER_CHANNEL_ID, HARBOUR_CHANNEL)
    await h.slash(alice, "me away", days=3)
    waiting = []
    for channel in channels:
        table = await table_of(h, channel)
        if table.seat_of(str(alice.id)) in table.clock.waiting_for:
            waiting.append(channel)
    assert waiting, "the seeds are fixed: some table waits for alice"
    if waiting[0] == HARBOUR_CHANNEL:
        r = await _slash_in_harbour(h, alice, "ahod pass")
    else:
        r = await h.slash(alice, "ahod pass", channel=waiting[0])
    assert r.ephemeral, r.text
    now = time.time()
    for channel in channels:
        table = await table_of(h, channel)
        seat = table.seat_of(str(alice.id))
        assert not (seat in table.clock.away and table.clock.away[seat][1] > now), channel
    assert "not away" in (await h.slash(alice, "me back")).text


async def test_me_games_says_the_clock_is_paused_while_away(h: Harness) -> None:
    alice, _, _ = await three_tables(h)
    before = (await h.slash(alice, "me games")).message.text
    assert "your clock runs out <t:" in before, before  # a table waits for alice
    await h.slash(alice, "me away", days=2)
    during = (await h.slash(alice, "me games")).message.text
    assert "your clock is paused: you are away" in during and "runs out" not in during
    await h.slash(alice, "me back")
    assert "your clock runs out <t:" in (await h.slash(alice, "me games")).message.text


def _back_notices(h: Harness, channel: int) -> list:
    return [m for m in h.posts(channel) if "is back; their turn clock runs again" in m.text]


async def test_coming_back_early_tells_each_paused_table_once(h: Harness) -> None:
    alice, _, _ = await three_tables(h)
    channels = (CHANNEL_ID, OTHER_CHANNEL_ID, HARBOUR_CHANNEL)
    await h.slash(alice, "me away", days=3)
    r = await h.slash(alice, "me back")
    assert "runs again at 3 table(s)" in r.text, r.text
    for channel in channels:
        told = _back_notices(h, channel)
        assert len(told) == 1, channel
        assert "**Alice** is back" in told[0].text and not told[0].pinged
    # a second click, and the same after a restart: nothing more is said
    assert "not away" in (await h.slash(alice, "me back")).text
    await h.restart()
    assert "not away" in (await h.slash(alice, "me back")).text
    assert [len(_back_notices(h, c)) for c in channels] == [1, 1, 1]


async def test_the_first_move_back_tells_each_paused_table_once(h: Harness) -> None:
    alice, _, _ = await three_tables(h)
    await h.slash(alice, "me away", days=3)
    table = await table_of(h, CHANNEL_ID)
    if table.seat_of(str(alice.id)) not in table.clock.waiting_for:
        table = await table_of(h, OTHER_CHANNEL_ID)
    assert table.seat_of(str(alice.id)) in table.clock.waiting_for, "the seeds are fixed"
    r = await h.slash(alice, "ahod pass", channel=int(table.id))
    assert r.ephemeral, r.text
    for channel in (CHANNEL_ID, OTHER_CHANNEL_ID, HARBOUR_CHANNEL):
        assert len(_back_notices(h, channel)) == 1, channel


async def test_a_period_that_runs_out_tells_nobody(h: Harness) -> None:
    alice, _, _ = await three_tables(h)
    await h.slash(alice, "me away", days=1)
    await h.bot.get_cog("ClockCog").run_clock(time.time() + 2 * DAY)
    for channel in (CHANNEL_ID, OTHER_CHANNEL_ID, HARBOUR_CHANNEL):
        assert not _back_notices(h, channel), channel
