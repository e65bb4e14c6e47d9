"""All Hands on Deck!'s discard step on Discord (issue 22, "Formalities hold everyone"): a
captain keeps all their cards with one click from their private panel, sets the standing choice
"skip my discard steps unless I open one" from the same panel, and the step is offered
without a ping (rulebook "7. DISCARD": the game still waits for all)."""

from __future__ import annotations

import engine
from tests.cogs.flows import boards, open_table, table_of
from tests.cogs.harness import FakeUser, Harness

GAME = engine.get_game("all-hands")
SKIP = "Keep all my cards, and skip my discard steps from now on"
ASK_AGAIN = "Ask me at every discard step again"
KEEP_ALL = "Keep all my cards"


async def _waiting(h: Harness, *users: FakeUser) -> list[FakeUser]:
    table = await table_of(h)
    seats = table.to_act(GAME)
    return [u for u in users if table.seat_of(str(u.id)) in seats]


async def _seat(h: Harness, user: FakeUser) -> int:
    return (await table_of(h)).seat_of(str(user.id))


async def _moves_logged(h: Harness) -> int:
    table = await table_of(h)
    return len(await h.bot.store.history(table.key, limit=10_000))


async def _everyone_passes(h: Harness, *users: FakeUser) -> None:
    """Each captain passes in turn: nobody bids, and the discard step begins."""
    while (await table_of(h)).view(GAME, None)["phase"] == "bid":
        (bidder,) = await _waiting(h, *users)
        r = await h.slash(bidder, "ahod pass")
        assert r.text.startswith("Done:"), r.text


async def _panel(h: Harness, user: FakeUser):
    r = await h.click(user, boards(h)[-1], "My hand / act")
    assert r.ephemeral
    return r.message


async def test_a_captain_keeps_all_his_cards_with_one_click_from_his_private_panel(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await _everyone_passes(h, alice, bob)
    assert set(await _waiting(h, alice, bob)) == {alice, bob}, "the step waits for both"
    seat = await _seat(h, alice)
    hand = (await table_of(h)).view(GAME, seat)["hand"]
    logged = await _moves_logged(h)

    panel = await _panel(h, alice)
    assert "It is your turn" in panel.content
    await h.click(alice, panel, KEEP_ALL)

    assert panel.content.startswith(f"Done: {KEEP_ALL}"), panel.content
    assert await _moves_logged(h) == logged + 1, "one click, one move"
    assert await _waiting(h, alice, bob) == [bob]
    assert (await table_of(h)).view(GAME, seat)["hand"] == hand


async def test_the_standing_choice_is_set_from_the_panel_and_skips_the_next_discard_steps(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await _everyone_passes(h, alice, bob)

    panel = await _panel(h, alice)
    await h.click(alice, panel, SKIP)
    assert panel.content.startswith(f"Done: {SKIP}"), panel.content
    assert await _waiting(h, alice, bob) == [bob], "she keeps her cards, in one click"
    assert "skip" not in boards(h)[-1].text.lower(), "the others are not told"
    await h.click(bob, await _panel(h, bob), KEEP_ALL)

    # Round 2: her discard step is skipped; the game waits for Bob alone.
    assert (await table_of(h)).view(GAME, None)["round"] == 2
    await _everyone_passes(h, alice, bob)
    assert await _waiting(h, alice, bob) == [bob], "her discard step was skipped"
    await h.click(bob, await _panel(h, bob), KEEP_ALL)

    # Round 3: she changes her mind on her turn to bid, from the panel again.
    while alice not in await _waiting(h, alice, bob):
        r = await h.slash(bob, "ahod pass")
        assert r.text.startswith("Done:"), r.text
    panel = await _panel(h, alice)
    assert panel.has_item("Open my discard step this round")
    await h.click(alice, panel, ASK_AGAIN)
    assert panel.content.startswith(f"Done: {ASK_AGAIN}"), panel.content
    await _everyone_passes(h, alice, bob)
    assert set(await _waiting(h, alice, bob)) == {alice, bob}, "she is asked again"


async def test_the_discard_step_is_offered_without_a_ping_or_a_new_dm(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await h.slash(bob, "game notify", mode="reminders")  # bob is told in the channel
    (bidder,) = await _waiting(h, alice, bob)
    await h.slash(bidder, "ahod pass")
    sent = len(h.rec.sent)
    (bidder,) = await _waiting(h, alice, bob)
    await h.slash(bidder, "ahod pass")
    assert (await table_of(h)).view(GAME, None)["phase"] == "discard"
    board = boards(h)[-1]
    assert {alice.id, bob.id} <= board.mentions, "the board names everyone it waits for"
    assert not board.pinged & {alice.id, bob.id}, "and pings nobody"
    alice_dm = h.rec.dm_channels.get(alice.id)
    assert not [m for m in h.rec.sent[sent:] if m.channel_id == alice_dm], "no new DM"
