"""The links to the tables' web pages (issue 25, "Links"): with ``PARLEY_WEB_URL`` set the
turn message carries **Open the table** (the public page) and each person's hand DM **My
hand on the web** (their own seat's private page, signed for them); without it, neither.
Checked on the messages as the offline Discord received them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cogs.look import texts
from data.watch import revoked_before
from tests.cogs.flows import boards, table_of
from tests.cogs.harness import FakeUser, Harness
from tests.cogs.test_dms import sewer_pirats
from web.links import REVOKED, BadLink, Link, holder_tag, read_token, verify

SECRET = b"cog-test-secret-" * 2
BASE = "https://parley.test"


def token_of(url: str) -> str:
    assert url.startswith(f"{BASE}/t/") and url.endswith("/")
    return url[len(f"{BASE}/t/"):-1]


async def web_on(h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    config = replace(h.config(), web_url=BASE, web_secret=SECRET)
    monkeypatch.setattr(h, "config", lambda: config)
    await h.restart()


def hand_token(h: Harness, user: FakeUser) -> str:
    hand = [m for m in h.rec.dms(user) if m.has_item("My hand on the web")]
    assert hand, f"{user.name} got no link to their hand"
    return token_of(hand[-1].item("My hand on the web")["url"])


async def test_with_the_web_on_the_turn_message_and_each_hand_dm_link_their_pages(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    await web_on(h, monkeypatch)
    alice, bob = h.user("alice"), h.user("bob")
    await sewer_pirats(h, alice, bob)
    await h.slash(alice, "game start")
    table = await table_of(h)
    button = boards(h)[-1].item("Open the table")
    assert button["style"] == 5 and "custom_id" not in button
    assert read_token(SECRET, token_of(button["url"])) == Link(table.key, None, 0, 0)
    for user in (alice, bob):
        seat = table.seat_of(str(user.id))
        link = verify(SECRET, hand_token(h, user), table.clock.turn_started or 0)
        assert (link.table, link.seat, link.holder) == (table.key, seat,
                                                        holder_tag(str(user.id)))


async def test_without_the_web_no_message_carries_a_link(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await sewer_pirats(h, alice, bob)
    await h.slash(alice, "game start")
    assert not boards(h)[-1].has_item("Open the table")
    for user in (alice, bob):
        assert h.rec.dms(user) and not any(m.has_item("My hand on the web")
                                           for m in h.rec.dms(user))


async def test_web_reset_withdraws_every_private_link_of_the_person_and_no_one_elses(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    await web_on(h, monkeypatch)
    alice, bob = h.user("alice"), h.user("bob")
    await sewer_pirats(h, alice, bob)
    await h.slash(alice, "game start")
    table = await table_of(h)
    mine, bobs = hand_token(h, alice), hand_token(h, bob)
    reply = await h.slash(alice, "game web-reset")
    assert reply.text == texts.WEB_RESET.format(seats="1 seat") and reply.ephemeral
    later = (table.clock.turn_started or 0) + 1
    seat = table.seat_of(str(alice.id))
    with pytest.raises(BadLink) as refused:
        verify(SECRET, mine, later, await revoked_before(h.bot.store, table.key, seat))
    assert refused.value.reason == REVOKED
    other = table.seat_of(str(bob.id))
    verify(SECRET, bobs, later, await revoked_before(h.bot.store, table.key, other))


async def test_web_reset_without_the_web_says_there_is_nothing_to_withdraw(
        h: Harness) -> None:
    reply = await h.slash(h.user("alice"), "game web-reset")
    assert reply.text == texts.WEB_OFF
