"""A table's record on Discord (issue 24): the lobby says how long games like it usually
take once enough have finished, and each seated person's time to move and games finished;
``/stats profile`` ends with them. The finished games are Crossed Cutlasses tables (the
data layer's fixture game) played through the table service at chosen moments, then read
as a user reads the lobby and the profile."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from data.ratings import rate_finished
from data.tables import TableService
from tests.cogs.harness import GUILD_ID, FakeUser, Harness
from tests.data.helpers import turn
from tests.fixtures import fixture_games_registered

T0 = 1_700_000_000.0
HOUR = 3600.0
CHANNELS = [700000000000000070 + i for i in range(10)]


@pytest.fixture
async def hr(h: Harness) -> AsyncIterator[Harness]:
    """The harness's bot restarted with the fixture game offered by ``/game new``."""
    with fixture_games_registered():
        await h.restart()
        yield h


async def played(h: Harness, n: int, people: list[FakeUser], waits: list[float],
                 start: float) -> None:
    """A 5-round Crossed Cutlasses table of ``people`` in ``CHANNELS[n]`` dealt at ``start``:
    each round, seat i picks ``waits[i]`` after the round began and lays a minute later;
    played to its end through the table service (no Discord post: the service records no
    deliveries), then rated as the game-over message rates it."""
    svc, channel = TableService(h.bot.store), str(CHANNELS[n])
    await svc.new("cutlass", channel, str(people[0].id), people[0].name, {"rounds": 5},
                  guild=str(GUILD_ID), seed=f"record-{n}", now=start - HOUR)
    for p in people[1:]:
        await svc.join(channel, str(p.id), p.name, start - HOUR)
    key = (await svc.start(channel, str(people[0].id), start)).table.key or 0
    at = start
    while (table := await svc.store.get(key)) is not None and table.status == "playing":
        for seat, wait in sorted(enumerate(waits), key=lambda p: p[1]):
            table = await svc.store.get(key)
            assert table is not None
            await svc.store.apply_moves(key, seat, turn(table, seat), at + wait)
        at += max(waits)
    assert table is not None
    assert await rate_finished(svc.store, table, at)


async def test_the_lobby_says_how_long_such_games_take_once_five_have_finished(
        hr: Harness) -> None:
    anne, bob, cleo = hr.user("anne"), hr.user("bob"), hr.user("cleo")
    for n, hours in enumerate((1, 2, 3, 4)):  # games of 5, 10, 15 and 20 hours
        await played(hr, n, [anne, bob], [HOUR, hours * HOUR], T0 + n * 86400)
    await hr.slash(anne, "game new", game="cutlass")
    lobby = hr.posts()[-1]
    await hr.slash(bob, "game join")
    assert "usually take" not in lobby.text, "four games are too few"

    await played(hr, 4, [anne, bob], [HOUR, 5 * HOUR], T0 + 4 * 86400)  # 25 hours
    await hr.slash(cleo, "game join")
    assert "usually take" not in lobby.text, "no game of three finished yet"
    await hr.slash(cleo, "game leave")
    assert ("Games like this one usually take **10 to 20 hours** at this clock (the middle "
            "half of the last 5 finished with 2 players).") in lobby.text, lobby.text

    await hr.slash(anne, "game settings", limit_minutes=60)
    assert "usually take" not in lobby.text, "not at another clock"


async def test_the_lobby_shows_each_person_s_time_to_move_and_games_finished(
        hr: Harness) -> None:
    anne, bob, cleo = hr.user("anne"), hr.user("bob"), hr.user("cleo")
    for n in range(3):  # bob chooses two hours after anne, each round: 15 turns each
        await played(hr, n, [anne, bob], [HOUR, 3 * HOUR], T0 + n * 86400)
    await hr.slash(bob, "game new", game="cutlass")
    lobby = hr.posts()[-1]
    await hr.slash(anne, "game join")
    await hr.slash(cleo, "game join")
    lines = {ln.split(" ", 1)[1].split(" ·")[0].replace(" (host)", ""): ln
             for ln in lobby.text.splitlines() if ln[:2] in ("1.", "2.", "3.")}
    assert lines[bob.mention].endswith(" · moves in ~3 h, finished 3/3"), lines
    assert lines[anne.mention].endswith(" · moves in ~1 h, finished 3/3"), lines
    assert lines[cleo.mention] == f"3. {cleo.mention}", "nothing known, nothing said"


async def test_the_profile_ends_with_the_time_to_move_and_the_games_finished(
        hr: Harness) -> None:
    anne, bob = hr.user("anne"), hr.user("bob")
    for n in range(2):
        await played(hr, n, [anne, bob], [2 * HOUR, 30 * 60], T0 + n * 86400)

    r = await hr.slash(bob, "stats profile", player=anne)

    assert r.ephemeral and f"Profile of {anne.mention}" in r.text
    assert "**Reliability** on this server" in r.text
    assert "- Time to move: **2 h**, the median of their last 10 turns here" in r.text
    assert "- Games finished: shown after 3 games here (2 so far)" in r.text

    await played(hr, 2, [anne, bob], [2 * HOUR, 30 * 60], T0 + 2 * 86400)
    r = await hr.slash(anne, "stats profile")
    assert "- Games finished in their seat: **3 of 3**" in r.text
    r = await hr.slash(anne, "stats profile", player=bob)
    assert "- Time to move: **30 min**, the median of their last 15 turns here" in r.text


async def test_a_profile_without_turns_or_games_shows_no_reliability(hr: Harness) -> None:
    anne, dave = hr.user("anne"), hr.user("dave")
    r = await hr.slash(anne, "stats profile", player=dave)
    assert f"{dave.mention} has no rated game on this server yet." in r.text
    assert "Reliability" not in r.text


async def test_forget_me_removes_the_reliability_from_the_profile_and_the_lobby(
        hr: Harness) -> None:
    anne, bob = hr.user("anne"), hr.user("bob")
    for n in range(3):
        await played(hr, n, [anne, bob], [HOUR, 3 * HOUR], T0 + n * 86400)
    ask = await hr.slash(bob, "stats forget-me")
    await hr.click(bob, ask.message, "Forget me")

    r = await hr.slash(anne, "stats profile", player=bob)
    assert "has no rated game" in r.text and "Reliability" not in r.text
    await hr.slash(bob, "game new", game="cutlass")
    lobby = hr.posts()[-1]
    await hr.slash(anne, "game join")
    assert f"1. {bob.mention} (host)\n" in lobby.text, lobby.text
    assert f"2. {anne.mention} · moves in ~1 h, finished 3/3" in lobby.text
