"""The heads-up when you are next (issue 24) through discord.py's own objects: three people at
an All Hands on Deck! table, one of them (carol) with the heads-up on. She gets one short DM
when the captain bidding before her starts, naming him and linking the board, and it is her
turn once he has bid; the two others, who left it off, get none; in her quiet hours she
gets none (dropped, not held); nor while she is away."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest

from cogs.look.messages import TURN_POST
from cogs.table import telling
from cogs.table.delivery import deliver_due
from engine.core import next_up
from tests.cogs.discord_http import Answer
from tests.cogs.flows import open_table, table_of
from tests.cogs.harness import FakeUser, Harness, Msg
from tests.cogs.test_quiet_channel import GAME, _move, _waiting

HEADS_UP = "You're next in **All Hands on Deck!**"
#: the people here move as a sensible player would (``_move`` of
#: tests/cogs/test_quiet_channel.py: easy's choice), so easy's slips are off (the fixture in
#: tests/cogs/conftest.py)
pytestmark = pytest.mark.usefixtures("steady_easy")


def _heads_ups(h: Harness, user: FakeUser, sent: list[Msg]) -> list[Msg]:
    dm = h.rec.dm_channels.get(user.id)
    return [m for m in sent if m.channel_id == dm and HEADS_UP in m.text]


async def _occasion(h: Harness, user: FakeUser) -> bool:
    """Whether the game, by its own turn order, names ``user`` as next after the captain
    on turn now (the engine's answer, tests/engine/test_next_up.py)."""
    table = await table_of(h)
    return next_up(GAME, table.state) == table.seat_of(str(user.id))


async def _play(h: Harness, people: tuple[FakeUser, ...], moves: int
                ) -> list[tuple[list[Msg], bool, FakeUser | None, str]]:
    """``moves`` moves; for each, what it sent, whether a turn began that is the one
    before carol's (``_occasion``) while she had not just played, who must act now, and the turn message's link path."""
    out = []
    for _ in range(moves):
        sent = len(h.rec.sent)
        before = {u.id for u in await _waiting(h, *people)}
        await _move(h, (await _waiting(h, *people))[0])
        waiting = await _waiting(h, *people)
        # a turn that began with this move, not right after carol's own move (she has
        # just played, and knows)
        fresh = len(waiting) == 1 and waiting[0].id not in before \
            and people[2].id not in before
        table = await table_of(h)
        channel, message = await h.bot.store.get_message(table.key, TURN_POST)
        out.append((h.rec.sent[sent:], fresh and await _occasion(h, people[2]),
                    waiting[0] if len(waiting) == 1 else None, f"/{channel}/{message}"))
    return out


async def _table_of_three(h: Harness) -> tuple[FakeUser, FakeUser, FakeUser]:
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await open_table(h, alice, bob, carol)
    return alice, bob, carol


async def test_the_person_next_with_heads_up_on_gets_one_dm_when_the_turn_before_begins(
        h: Harness) -> None:
    alice, bob, carol = await _table_of_three(h)
    r = await h.slash(carol, "me settings", heads_up=True)
    assert "Heads-up when you are next: on" in r.text
    played = await _play(h, (alice, bob, carol), 60)
    told = 0
    for i, (sent, occasion, playing, board) in enumerate(played):
        mine = _heads_ups(h, carol, sent)
        assert len(mine) == (1 if occasion else 0), (i, occasion, [m.text for m in mine])
        assert not _heads_ups(h, alice, sent) and not _heads_ups(h, bob, sent), "left off"
        if not mine:
            continue
        told += 1
        assert playing is not None and playing is not carol
        note = mine[0].text
        table = await table_of(h)
        name = table.seats[table.seat_of(str(playing.id))].name
        assert f"{name} is playing now" in note, note
        assert f"<#{table.id}>" in note
        assert not mine[0].pinged and not mine[0].embeds and not mine[0].files
        assert board in note, "a link to the turn message"
        # once he has played, the game waits for her (or he is still on turn: a bid)
        later = [p for _, _, p, _ in played[i + 1:] if p is not None and p is not playing]
        if later:
            assert later[0] is carol, (i, later[0].name)
    assert told >= 2, "the game reached the turn before hers, more than once"


async def test_a_heads_up_discord_failed_is_sent_once_when_it_answers_again(
        h: Harness) -> None:
    """The heads-up is an item of the turn's delivery: Discord failing it (500, as many
    times as discord.py tries) leaves the delivery owed, and the worker's next pass sends it
    once, without sending the turn's other DMs again."""
    alice, bob, carol = await _table_of_three(h)
    await h.slash(carol, "me settings", heads_up=True)
    failing = h.rec.fail("POST", "/channels/{channel_id}/messages",
                         lambda: Answer.error(500, 0, "500: Internal Server Error"), times=5,
                         when=lambda r: HEADS_UP in str((r.body or {}).get("content")))
    for _ in range(60):
        await _play(h, (alice, bob, carol), 1)
        if failing.times == 0:
            break
    assert failing.times == 0, "the turn before hers came"
    dm = h.rec.dm_channels[carol.id]
    before = len(h.rec.channel_posts(dm))
    others = {u.id: len(h.rec.channel_posts(h.rec.dm_channels[u.id])) for u in (alice, bob)}
    await deliver_due(h.bot, time.time() + 3600)
    after = h.rec.channel_posts(dm)
    assert len(after) == before + 1 and HEADS_UP in after[-1].text, "sent once"
    assert {u.id: len(h.rec.channel_posts(h.rec.dm_channels[u.id])) for u in (alice, bob)} \
        == others, "nothing else sent again"
    await deliver_due(h.bot, time.time() + 7200)
    assert len(h.rec.channel_posts(dm)) == before + 1


async def test_no_heads_up_in_quiet_hours_nor_while_away(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, carol = await _table_of_three(h)
    await h.slash(carol, "me settings", heads_up=True, zone="UTC", quiet_from="22:00",
                  quiet_to="06:00")
    night = datetime(2026, 11, 28, 23, 0, tzinfo=UTC).timestamp()
    monkeypatch.setattr(telling, "clock", lambda: night)
    occasions = 0
    for sent, occasion, _, _ in await _play(h, (alice, bob, carol), 30):
        occasions += occasion
        assert not _heads_ups(h, carol, sent), "dropped in quiet hours"
    assert occasions, "the turn before hers began"

    monkeypatch.setattr(telling, "clock", lambda: night + 9 * 3600)  # 08:00: awake
    occasions = 0
    for _ in range(60):
        if carol in await _waiting(h, alice, bob, carol):
            await _play(h, (alice, bob, carol), 1)  # her move ends her period away
            continue
        r = await h.slash(carol, "me away", days=1)
        assert "You are away until" in r.text, r.text
        [(sent, occasion, _, _)] = await _play(h, (alice, bob, carol), 1)
        occasions += occasion
        assert not _heads_ups(h, carol, sent), "not while away"
        if occasions >= 2:
            break
    assert occasions, "the turn before hers began while she was away"


async def test_a_tables_own_notify_choice_of_none_turns_the_heads_up_off_there(
        h: Harness) -> None:
    alice, bob, carol = await _table_of_three(h)
    await h.slash(carol, "me settings", heads_up=True)
    r = await h.slash(carol, "game notify", mode="none")
    assert r.ephemeral, r.text
    occasions = 0
    for sent, occasion, _, _ in await _play(h, (alice, bob, carol), 40):
        occasions += occasion
        assert not _heads_ups(h, carol, sent), "fewer messages asked for at this table"
    assert occasions, "the turn before hers began"
