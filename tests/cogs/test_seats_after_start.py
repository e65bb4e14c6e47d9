"""Seats that change after the start (issue 14, "A lobby that runs itself, and seats that can
change").

``/game leave`` during play hands the seat to an AI, and the table says so; the host hands
an absent player's seat to an AI, or opens it for a new person, who takes it with **Join**
or ``/game join`` (``/game replace``); when the host leaves, the next person hosts; a table
with no person left ends as abandoned, and says so. The seat's hidden information goes to
the person who sits there now, by DM, never to the channel. Every change survives a restart
and a double click applies once.
"""

from __future__ import annotations

import json
import time
from typing import Any

import engine
import render
from cogs.look import texts
from data.tables import private_part
from engine.all_hands.cards import NAMES
from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import CHANNEL_ID, FakeUser, Harness, Msg

GAME = engine.get_game("all-hands")
HOUR = 3600.0


async def snapshot(h: Harness) -> tuple[int, str, list[Any]]:
    table = await table_of(h)
    return table.version, table.host, [s.to_dict() for s in table.seats]


async def three_at_the_table(h: Harness) -> tuple[FakeUser, FakeUser, FakeUser]:
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await open_table(h, alice, bob, carol)
    return alice, bob, carol


def channel_text_since(h: Harness, count: int) -> str:
    """Everything the channel was shown after its first ``count`` posts, edits included."""
    return "\n".join(m.text for m in h.posts(CHANNEL_ID)[count:])


def join_button(turn: Msg) -> dict[str, Any]:
    return {"custom_id": turn.item("Join")["custom_id"], "component_type": 2}


# -- leaving ---------------------------------------------------------------------------------


async def test_leaving_during_play_hands_the_seat_to_an_ai_and_the_table_says_so(
    h: Harness,
) -> None:
    alice, bob, carol = await three_at_the_table(h)
    r = await h.slash(bob, "game leave")
    assert not r.ephemeral and bob.mention in r.text, r.text
    assert "an AI plays their seat, as **Bob (AI)**" in r.text
    table = await table_of(h)
    bob_seat = table.seats[1]
    assert bob_seat.is_ai and bob_seat.former == str(bob.id) and bob_seat.name == "Bob (AI)"
    assert table.status == "playing" and table.host == str(alice.id)
    assert 1 not in table.to_act(GAME), "the AI plays the seat's turns from now on"
    last = h.dms(bob)[-1]
    assert "You left" in last.text and not last.files and not last.embeds, \
        "the hand message stops following a seat that is no longer theirs"
    r = await h.slash(bob, "game hand")
    assert r.ephemeral and "not seated" in r.text


async def test_a_leaver_cannot_use_the_panel_of_the_seat_they_left(h: Harness) -> None:
    alice, bob, carol = await three_at_the_table(h)
    first = await waiting_user(h, alice, bob, carol)
    panel = (await h.click(first, boards(h)[-1], "My hand / act")).message
    await h.slash(first, "game leave")
    before = await snapshot(h)
    pick = next(i for i in panel.items() if str(i.get("custom_id", "")).startswith("parley:"))
    if pick.get("type") == 3:
        r = await h.select(first, panel, [pick["options"][0]["value"]],
                           custom_id=pick["custom_id"])
    else:
        r = await h.click(first, panel, pick["custom_id"])
    assert r.messages[-1].ephemeral and "another player" in r.messages[-1].text
    assert await snapshot(h) == before


async def test_when_the_host_leaves_the_next_person_hosts(h: Harness) -> None:
    alice, bob, carol = await three_at_the_table(h)
    r = await h.slash(alice, "game leave")
    assert "hosts the table now" in r.text and bob.mention in r.text
    assert bob.id in r.message.pinged, "the new host hears it"
    assert (await table_of(h)).host == str(bob.id)
    r = await h.slash(bob, "game replace", seat="Carol", to="ai")
    assert not r.ephemeral and "hands **Carol**'s seat to an AI" in r.text, r.text


async def test_a_table_with_no_person_left_ends_abandoned_and_says_so(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, bots=1, level="easy")
    lobby = next(m for m in h.posts() if "table is open" in m.text or "game is on" in m.text)
    await h.slash(bob, "game leave")
    r = await h.slash(alice, "game leave")
    assert not r.ephemeral and "No one is left at the table" in r.text and "abandoned" in r.text
    table = await table_of(h)
    assert table.status == "abandoned"
    assert "the table is closed" in lobby.text
    r = await h.slash(bob, "game join")
    assert r.ephemeral and "no game table in this channel" in r.text


# -- the host hands a seat over ------------------------------------------------------------------


async def test_the_host_hands_an_absent_players_seat_to_an_ai(h: Harness) -> None:
    alice, bob, carol = await three_at_the_table(h)
    r = await h.slash(alice, "game replace", seat="Bob", to="ai")
    assert not r.ephemeral and "hands **Bob**'s seat to an AI, as **Bob (AI)**" in r.text
    table = await table_of(h)
    assert table.seats[1].is_ai and not table.seats[1].open
    assert table.seats[1].former == str(bob.id)
    assert "You left" in h.dms(bob)[-1].text
    assert 1 not in table.to_act(GAME)
    assert not boards(h)[-1].has_item("Join"), "no seat is open"


async def test_replace_is_for_the_host_once_the_game_runs_and_says_what_is_allowed(
    h: Harness,
) -> None:
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await open_table(h, alice, bob, carol, start=False)
    r = await h.slash(alice, "game replace", seat="Bob", to="ai")
    assert r.ephemeral and "once the game runs" in r.text
    await h.slash(alice, "game start")
    before = await snapshot(h)
    for user, seat, to, refusal in (
        (bob, "Carol", "ai", "Only the host"),
        (alice, "Alice", "open", "your own seat"),
        (alice, "Zed", "ai", "Pick the player from the list"),
    ):
        r = await h.slash(user, "game replace", seat=seat, to=to)
        assert r.ephemeral and refusal in r.text, r.text
        assert not [m for m in r.posts if m.channel_id == CHANNEL_ID], "nothing said in public"
    assert await snapshot(h) == before
    await h.slash(alice, "game replace", seat="Bob", to="open")
    r = await h.slash(alice, "game replace", seat="Bob", to="open")
    assert r.ephemeral and "already open" in r.text
    await h.slash(alice, "game replace", seat="Bob", to="ai")
    r = await h.slash(alice, "game replace", seat="Bob", to="ai")
    assert r.ephemeral and "already played by the AI" in r.text


async def test_the_seat_list_offers_the_other_seats_by_number_and_who_plays_them(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, bots=1, level="easy")
    choices = await h.autocomplete(alice, "game replace", "seat", "", to="ai")
    assert [(c["name"], c["value"]) for c in choices] == [
        ("2. Bob (player)", "1"), ("3. AI 1 (easy) (AI)", "2")]
    r = await h.slash(alice, "game replace", seat="1", to="open")
    assert "opens **Bob**'s seat" in r.text


# -- an open seat and a new person --------------------------------------------------------------


async def test_an_open_seat_is_taken_by_a_new_person_who_alone_gets_its_hand(
    h: Harness,
) -> None:
    alice, bob, carol = await three_at_the_table(h)
    dave = h.user("dave")
    r = await h.slash(alice, "game replace", seat="Bob", to="open")
    assert "opens **Bob**'s seat for a new player" in r.text and "/game join" in r.text
    turn = boards(h)[-1]
    assert turn.has_item("Join") and "Open seat: **Bob (AI)**" in turn.text
    assert "a seat is open" in (await h.slash(dave, "game list")).text
    table = await table_of(h)
    assert table.seats[1].open and table.seats[1].is_ai
    seen = len(h.posts(CHANNEL_ID))

    r = await h.click(dave, turn, "Join")
    assert dave.mention in r.text and "takes over the seat of **Bob (AI)**" in r.text, r.text
    table = await table_of(h)
    seat = table.seats[1]
    assert (seat.player, seat.name, seat.is_ai, seat.open) == (str(dave.id), "Dave", False, False)
    assert not boards(h)[-1].has_item("Join"), "the seat is taken"

    # the seat's hand goes to Dave, by DM, and nowhere public
    view = table.view(GAME, 1)
    mine = private_part(view, table.view(GAME, None))
    hand = [NAMES[c] for c in view["hand"]]
    dm = h.dms(dave)[-1]
    assert "took over this seat" in dm.text and dm.has_hand
    assert dm.embeds[0]["description"] == texts.clip(render.text_hand("all-hands", view),
                                                     texts.EMBED_LIMIT), "the seat's hand"
    public = json.dumps(table.view(GAME, None))
    secret = [name for name in hand if name not in public]
    assert mine and secret, "the seat holds something hidden"
    shown = channel_text_since(h, seen)
    assert not [name for name in secret if name in shown]
    panel = (await h.click(dave, boards(h)[-1], "My hand / act")).message
    assert panel.ephemeral and panel.has_hand


async def test_join_by_command_takes_an_open_seat_and_no_seat_open_is_refused(
    h: Harness,
) -> None:
    alice, bob, carol = await three_at_the_table(h)
    dave, erin = h.user("dave"), h.user("erin")
    r = await h.slash(dave, "game join")
    assert r.ephemeral and "no seat is open" in r.text
    await h.slash(alice, "game replace", seat="Carol", to="open")
    r = await h.slash(dave, "game join")
    assert not r.ephemeral and "takes over the seat of **Carol (AI)**" in r.text
    r = await h.slash(erin, "game join")
    assert r.ephemeral and "no seat is open" in r.text
    r = await h.slash(dave, "game join")
    assert r.ephemeral and "already seated" in r.text


async def test_two_clicks_on_join_at_once_seat_one_person(h: Harness) -> None:
    alice, bob, carol = await three_at_the_table(h)
    dave, erin = h.user("dave"), h.user("erin")
    await h.slash(alice, "game replace", seat="Bob", to="open")
    turn = boards(h)[-1]
    replies = await h.double_click(dave, turn, join_button(turn))
    said = [r.text for r in replies]
    assert sum("takes over" in t for t in said) == 1, said
    assert any("already seated" in t for t in said), said
    await h.slash(alice, "game replace", seat="Carol", to="open")
    turn = boards(h)[-1]
    both = [(h.component_payload(u, turn, join_button(turn)), turn.id) for u in (erin, bob)]
    replies = await h.feed_together(both)
    said = [r.text for r in replies]
    assert sum("takes over" in t for t in said) == 1 and \
        sum("no seat is open" in t for t in said) == 1, said
    table = await table_of(h)
    people = [s.player for s in table.seats if s.is_person]
    assert len(people) == len(set(people)) == 3


async def test_an_open_seat_and_the_new_host_survive_a_restart(h: Harness) -> None:
    alice, bob, carol = await three_at_the_table(h)
    dave = h.user("dave")
    await h.slash(alice, "game replace", seat="Bob", to="open")
    await h.slash(alice, "game leave")
    turn = boards(h)[-1]
    await h.restart()
    table = await table_of(h)
    assert table.seats[1].open and table.host == str(carol.id)
    r = await h.click(dave, turn, "Join")
    assert "takes over" in r.text
    assert (await table_of(h)).seats[1].player == str(dave.id)


# -- the turn clock ---------------------------------------------------------------------------


async def test_a_time_out_that_leaves_no_person_ends_the_table(h: Harness) -> None:
    alice = h.user("alice")
    await open_table(h, alice, bots=1, level="easy")
    await h.slash(alice, "game settings", limit_minutes=10, on_timeout="ai-seat")
    await h.bot.get_cog("ClockCog").run_clock(time.time() + HOUR)
    notice = next(m for m in h.posts() if "Time is up" in m.text)
    assert "an AI took over" in notice.text and "No one is left at the table" in notice.text
    assert (await table_of(h)).status == "abandoned"
