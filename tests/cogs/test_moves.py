"""Moves: refusals that change nothing, autocomplete, the private panel, double clicks."""

from __future__ import annotations

import copy
import json

import engine
from engine.all_hands.cards import NAMES
from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import FakeUser, Harness, Msg

GAME = engine.get_game("all-hands")
CREW = [f"{s}{r}" for s in ("ST", "SS", "BV") for r in range(1, 11)]


async def two_captains(h: Harness) -> tuple[FakeUser, FakeUser, FakeUser, FakeUser]:
    """Alice and Bob at a started table; returns (waiting, other, alice, bob)."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    first = await waiting_user(h, alice, bob)
    other = bob if first is alice else alice
    return first, other, alice, bob


async def seat_view(h: Harness, user: FakeUser) -> dict:
    table = await table_of(h)
    return table.view(GAME, table.seat_of(str(user.id)))


async def snapshot(h: Harness) -> tuple[int, list[int], int]:
    table = await table_of(h)
    log = await h.bot.store.history(table.key, limit=10_000)
    return table.version, list(table.seat_moves), len(log)


async def test_a_move_out_of_turn_gets_the_engines_reason_and_changes_nothing(
    h: Harness,
) -> None:
    first, other, *_ = await two_captains(h)
    before = await snapshot(h)
    r = await h.slash(other, "ahod pass")
    assert r.ephemeral and "another captain must bid first" in r.text.lower()
    assert await snapshot(h) == before
    assert r.posts == []


async def test_bidding_a_card_not_in_hand_is_refused_and_changes_nothing(h: Harness) -> None:
    first, *_ = await two_captains(h)
    hand = (await seat_view(h, first))["hand"]
    missing = next(c for c in CREW if c not in hand)
    before = await snapshot(h)
    r = await h.slash(first, "ahod bid", cards=missing)
    assert r.ephemeral and "You have no" in r.text and "You may now" in r.text
    assert await snapshot(h) == before


async def test_a_bid_with_one_impossible_card_applies_none_of_its_steps(h: Harness) -> None:
    first, *_ = await two_captains(h)
    hand = (await seat_view(h, first))["hand"]
    missing = next(c for c in CREW if c not in hand)
    before = await snapshot(h)
    r = await h.slash(first, "ahod bid", cards=f"{hand[0]} {missing}")
    assert r.ephemeral and f"Step 2 of 2 (Add {NAMES[missing]} to your bid)" in r.text
    assert "You have no" in r.text and "Nothing was applied" in r.text
    assert await snapshot(h) == before
    assert (await seat_view(h, first))["my_bid"] == []


async def test_unknown_card_names_are_explained(h: Harness) -> None:
    first, *_ = await two_captains(h)
    r = await h.slash(first, "ahod bid", cards="banana")
    assert r.ephemeral and "I don't know the card 'banana'" in r.text


async def test_people_who_are_not_seated_cannot_move(h: Harness) -> None:
    await two_captains(h)
    carol = h.user("carol")
    r = await h.slash(carol, "ahod pass")
    assert r.ephemeral and "not seated" in r.text
    assert await h.autocomplete(carol, "ahod move", "action", "") == []
    turn = boards(h)[-1]
    r = await h.click(carol, turn, "My hand / act")
    assert r.ephemeral and "not seated" in r.text


async def test_a_bid_of_several_cards_is_one_command(h: Harness) -> None:
    first, other, *_ = await two_captains(h)
    hand = (await seat_view(h, first))["hand"]
    r = await h.slash(first, "ahod bid", cards=f"{hand[0]}, {hand[1]}")
    assert r.ephemeral and r.text.startswith("Done:") and "face down" in r.text
    view = await seat_view(h, first)
    assert sorted(view["my_bid"]) == sorted(hand[:2])
    public = (await table_of(h)).view(GAME, None)
    assert public["players"][(await table_of(h)).seat_of(str(first.id))]["bid_cards"] == 2
    board = boards(h)[-1]
    assert other.id in board.mentions and "bids 2 cards face down" in board.text
    assert hand[0] not in board.text, "the public board never names a face-down bid card"


async def test_autocomplete_offers_the_legal_actions_by_their_labels(h: Harness) -> None:
    first, other, *_ = await two_captains(h)
    table = await table_of(h)
    names = [s.name for s in table.seats]
    seat = table.seat_of(str(first.id))
    legal = GAME.legal_actions(table.state, seat)
    offered = await h.autocomplete(first, "ahod move", "action", "")
    expected = [a.label.replace("{p0}", names[0]).replace("{p1}", names[1]) for a in legal]
    assert [c["name"] for c in offered] == expected[:25]
    assert all(len(c["value"]) <= 100 and len(c["name"]) <= 100 for c in offered)
    kinds = {json.loads(c["value"])["kind"] for c in offered}
    assert {"bid_add", "pass", "call_cheat"} <= kinds

    narrowed = await h.autocomplete(first, "ahod move", "action", "pass")
    assert [c["name"] for c in narrowed] == [e for e in expected if "pass" in e.lower()]

    theirs = await h.autocomplete(other, "ahod move", "action", "")
    assert {json.loads(c["value"])["kind"] for c in theirs} == {"call_cheat"}


async def test_card_autocomplete_builds_a_bid_from_the_hand(h: Harness) -> None:
    first, *_ = await two_captains(h)
    hand = (await seat_view(h, first))["hand"]
    offered = await h.autocomplete(first, "ahod bid", "cards", "")
    assert [c["value"] for c in offered] == list(dict.fromkeys(hand))
    assert all("value" in c["name"] for c in offered)
    more = await h.autocomplete(first, "ahod bid", "cards", hand[0] + " ")
    assert more[0]["value"] == hand[0]
    assert all(c["value"].startswith(hand[0]) for c in more)
    assert len(more) == 1 + len(set(hand) - {hand[0]}) + (hand.count(hand[0]) > 1)


async def test_the_panel_offers_every_legal_action_and_applies_a_pick(h: Harness) -> None:
    first, other, *_ = await two_captains(h)
    turn = boards(h)[-1]
    r = await h.click(first, turn, "My hand / act")
    panel = r.message
    assert r.ephemeral and panel.images and "It is your turn" in panel.content
    table = await table_of(h)
    legal = GAME.legal_actions(table.state, table.seat_of(str(first.id)))
    shown = {i.get("label") for i in panel.items()} | {o["label"] for o in panel.options()}
    assert all(a.label in shown or "{p" in a.label for a in legal)
    assert panel.has_item("parley:batch:"), "several cards can be bid at once"

    hand = (await seat_view(h, first))["hand"]
    add = next(o for s in panel.selects() if s["custom_id"].startswith("parley:act:")
               for o in s["options"] if o["label"].startswith("Add "))
    r = await h.select(first, panel, [add["value"]], custom_id=next(
        s["custom_id"] for s in panel.selects() if s["custom_id"].startswith("parley:act:")))
    assert panel.content.startswith("Done: Add"), panel.content
    assert len((await seat_view(h, first))["my_bid"]) == 1
    confirm = [i["label"] for i in panel.items() if str(i.get("label")).startswith("Bid ")]
    assert confirm, "a button places the picked bid face down"
    r = await h.click(first, panel, confirm[0])
    assert panel.content.startswith("Done: Bid"), panel.content
    assert "It is your turn" not in panel.content
    assert other.id in boards(h)[-1].mentions
    assert len((await seat_view(h, first))["hand"]) == len(hand) - 1


async def test_a_multi_pick_menu_bids_several_cards_and_places_the_bid(h: Harness) -> None:
    first, *_ = await two_captains(h)
    r = await h.click(first, boards(h)[-1], "My hand / act")
    panel = r.message
    batch = panel.item("parley:batch:")
    values = [o["value"] for o in batch["options"]][:2]
    await h.select(first, panel, values, custom_id=batch["custom_id"])
    assert panel.content.startswith("Done: Add") and "face down" in panel.content
    table = await table_of(h)
    assert table.view(GAME, None)["players"][table.seat_of(str(first.id))]["bid_cards"] == 2


async def test_a_double_click_applies_once(h: Harness) -> None:
    first, other, *_ = await two_captains(h)
    r = await h.click(first, boards(h)[-1], "My hand / act")
    panel = r.message
    stale = Msg(copy.deepcopy(panel.payload))
    before = await snapshot(h)
    pass_button = next(i for i in panel.items() if str(i.get("label", "")).startswith("Pass"))
    data = {"custom_id": pass_button["custom_id"], "component_type": 2}
    replies = await h.double_click(first, panel, data)
    after = await snapshot(h)
    assert after[2] == before[2] + 1, "exactly one move reached the action log"
    refused = [m for r in replies for m in r.messages if "out of date" in m.text]
    assert len(refused) == 1 and refused[0].ephemeral

    # Clicking the menu as it was before the pass: refused again, still one move.
    r = await h.click(first, stale, pass_button["label"])
    assert "out of date" in r.text
    assert (await snapshot(h))[2] == after[2]


def dm_calls(h: Harness, user: FakeUser, method: str) -> list:
    """The bot's new DMs ("POST", they notify) or edits ("PATCH") in the user's DMs."""
    cid = str(h.rec.dm_channels.get(user.id))
    return [c for c in h.rec.calls if c.method == method and c.path.startswith("/channels/")
            and c.ids.get("channel_id") == cid]


async def test_a_hand_change_edits_the_hand_dm_with_image_and_private_news(h: Harness) -> None:
    """Issue 14: the hand message is edited in place; a new DM only when it is your turn."""
    first, *_ = await two_captains(h)
    hand = (await seat_view(h, first))["hand"]
    new, edits = len(dm_calls(h, first, "POST")), len(dm_calls(h, first, "PATCH"))
    await h.slash(first, "ahod bid", cards=hand[0])
    assert len(dm_calls(h, first, "POST")) == new, "the bid ends the turn: no new DM"
    assert len(dm_calls(h, first, "PATCH")) > edits
    news = h.dms(first)[-1]
    assert news.has_hand
    assert "You bid" in news.text and "face down" in news.text


async def test_picking_a_card_for_a_bid_sends_no_new_dm(h: Harness) -> None:
    """A card picked for a bid, then the bid confirmed: the hand message follows by edits,
    not by new DMs (issue 14)."""
    first, *_ = await two_captains(h)
    hand = (await seat_view(h, first))["hand"]
    new = len(dm_calls(h, first, "POST"))
    add = json.dumps({"args": {"card": hand[0]}, "kind": "bid_add"}, separators=(",", ":"))
    r = await h.slash(first, "ahod move", action=add)
    assert r.ephemeral and r.text.startswith("Done:"), r.text
    assert len(dm_calls(h, first, "POST")) == new
    edits = len(dm_calls(h, first, "PATCH"))
    r = await h.slash(first, "ahod move", action='{"args":{},"kind":"bid_confirm"}')
    assert r.text.startswith("Done:"), r.text
    assert len(dm_calls(h, first, "POST")) == new
    assert len(dm_calls(h, first, "PATCH")) > edits, "the hand changed: its message is edited"


async def test_closed_dms_are_said_once_in_the_channel_and_game_hand_works(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    h.rec.closed_dms.add(bob.id)
    await h.slash(alice, "game new", game="all-hands")
    r = await h.slash(bob, "game join")
    (notice,) = [m for m in r.posts if "can't send you direct messages" in m.text]
    assert "/game hand" in notice.text and notice.pinged == {bob.id}
    await h.slash(alice, "game start")
    notices = [m for m in h.posts() if "can't send you direct messages" in m.text]
    assert notices == [notice], "said once: at the join, not again at the deal"
    assert h.dms(bob) == []

    r = await h.slash(bob, "game hand")
    assert r.ephemeral and r.message.images and "hand" in r.message.text.lower()
    table = await table_of(h)
    hand = table.view(GAME, table.seat_of(str(bob.id)))["hand"]
    assert all(NAMES[c].split()[0] in r.message.text for c in hand)


async def test_dms_closed_after_joining_are_noticed_once_when_cards_come(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    h.rec.closed_dms.add(alice.id)
    await h.slash(alice, "game start")
    first = await waiting_user(h, alice, bob)
    hand = (await seat_view(h, first))["hand"]
    await h.slash(first, "ahod bid", cards=hand[0])
    notices = [m for m in h.posts() if "can't send you direct messages" in m.text]
    assert len(notices) == 1 and notices[0].pinged == {alice.id}


async def test_a_pirate_cheat_call_and_the_choice_it_brings_by_commands(h: Harness) -> None:
    first, other, *_ = await two_captains(h)
    offered = await h.autocomplete(other, "ahod cheat", "captain", "")
    assert [c["name"] for c in offered] == [
        f"Call {first.name.capitalize()} a Pirate Cheat (holding 13 or more cards)"]
    r = await h.slash(other, "ahod cheat", captain=offered[0]["value"])
    assert r.ephemeral and r.text.startswith("Done: Call"), r.text

    # Five cards are no crime: the accused pulls two of the caller's cards for his honour.
    board = boards(h)[-1]
    assert board.mentions == {first.id} and "pirate honor" in board.text
    choices = await h.autocomplete(first, "ahod choose", "card", "")
    assert choices and all(c["name"].startswith("Keep ") for c in choices)
    r = await h.slash(first, "ahod choose", card=choices[0]["value"])
    assert r.text.startswith("Done: Keep"), r.text
    assert len((await seat_view(h, first))["hand"]) == 6
