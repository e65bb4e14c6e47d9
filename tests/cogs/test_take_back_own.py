"""Taking back one's own move without a vote (issue 24, Board Game Arena's policy): the
private answer to a move carries **Undo** while its player may take it back alone (no other
seat has acted since, the move showed nothing hidden and drew nothing); a click takes it
back, the channel is told, and the answer becomes the panel to move again. A click once it
is no longer allowed is answered with the reason and changes nothing; two clicks at once
take back one move; the host may turn it off (then only the undo by consent remains)."""

from __future__ import annotations

from typing import Any

import engine
from cogs.look import undo_texts
from engine.core import Action
from tests.cogs.harness import CHANNEL_ID, FakeUser, Harness
from tests.cogs.played import open_played


def canon(table: Any) -> Any:
    return engine.get_game(table.game_id).dump(table.state)


async def current(h: Harness) -> Any:
    return await h.bot.store.latest(str(CHANNEL_ID))


def user_at(table: Any, users: list[FakeUser], seat: int) -> FakeUser:
    return next(u for u in users if table.seat_of(str(u.id)) == seat)


async def log_of(h: Harness, key: int) -> list[Any]:
    return await h.bot.store.history(key, limit=10_000)


async def all_hands(h: Harness) -> tuple[list[FakeUser], Any, FakeUser]:
    """An All Hands on Deck! table of three people before the first bid: (the people, the
    table, the first bidder)."""
    users = [h.user("alice"), h.user("bob"), h.user("carol")]
    table = await open_played(h, "all-hands", users, moves=0)
    (seat,) = table.game.to_act(table.state)
    return users, table, user_at(table, users, seat)


async def test_a_misclick_is_taken_back_by_its_own_player(h: Harness) -> None:
    users, before, first = await all_hands(h)
    r = await h.slash(first, "ahod pass")
    done = r.message
    assert done.ephemeral and done.text.startswith("Done:") and done.has_item("Undo")
    assert len(await log_of(h, before.key)) == 1

    r = await h.click(first, done, "Undo")
    assert await log_of(h, before.key) == []
    after = await current(h)
    assert canon(after) == canon(before) and after.seat_moves == before.seat_moves
    (told,) = [m for m in h.posts() if "took back their last move" in m.content]
    assert "pass" in told.content and not told.pinged
    assert done.content.startswith(undo_texts.TAKEN_BACK_NOTE)  # the panel, to move again
    assert not done.has_item("Undo")
    assert not h.tree_errors


async def test_refused_once_another_seat_has_acted(h: Harness) -> None:
    users, before, first = await all_hands(h)
    done = (await h.slash(first, "ahod pass")).message
    table = await current(h)
    (seat,) = table.game.to_act(table.state)
    assert (await h.slash(user_at(table, users, seat), "ahod pass")).text.startswith("Done:")
    posts = len(h.posts())

    r = await h.click(first, done, "Undo")
    assert r.message.ephemeral and "no longer the table's last one" in r.message.text
    assert len(await log_of(h, before.key)) == 2 and len(h.posts()) == posts
    assert not h.tree_errors


async def test_a_draw_offers_no_undo_and_a_click_on_an_older_one_is_refused(
        h: Harness) -> None:
    """Sewer Pirats, "A) Draw Two Cards": the cards come from the deck, so the answer
    carries no **Undo**."""
    users = [h.user("alice"), h.user("bob"), h.user("carol")]
    table = await open_played(h, "sewer-pirats", users,
                              until=lambda g, s, seat, a: a.kind == "draw")
    seat = next(s for s in sorted(table.game.to_act(table.state))
                if any(a.kind == "draw" for a in table.game.legal_actions(table.state, s)))
    player = user_at(table, users, seat)
    r = await h.slash(player, "sewer draw")
    assert r.text.startswith("Done:"), r.text
    assert not r.message.has_item("Undo")


async def test_the_host_may_turn_it_off(h: Harness) -> None:
    users, before, first = await all_hands(h)
    done = (await h.slash(first, "ahod pass")).message
    assert done.has_item("Undo")
    r = await h.slash(users[0], "game settings", take_back=False)
    assert "take back without a vote: on → off" in r.text, r.text
    assert (await current(h)).settings.take_back is False

    r = await h.click(first, done, "Undo")
    assert r.message.ephemeral and r.message.text == undo_texts.OFF_AT_TABLE
    assert len(await log_of(h, before.key)) == 1
    table = await current(h)
    (seat,) = table.game.to_act(table.state)
    r = await h.slash(user_at(table, users, seat), "ahod pass")
    assert r.text.startswith("Done:") and not r.message.has_item("Undo")
    shown = await h.slash(users[1], "game settings")
    assert "without a vote: **off**" in shown.text


async def test_only_its_own_player_may_click_it(h: Harness) -> None:
    users, before, first = await all_hands(h)
    done = (await h.slash(first, "ahod pass")).message
    other = next(u for u in users if u is not first)
    r = await h.click(other, done, "Undo")
    assert r.message.ephemeral and r.message.text == undo_texts.NOT_YOUR_MOVE
    assert len(await log_of(h, before.key)) == 1


async def test_two_clicks_at_once_take_back_one_move_only(h: Harness) -> None:
    """Neuroshima: two tiles placed in one turn, then **Undo** on the second answer clicked
    twice at once: the second tile is taken back, the first stays."""
    alice, bob = h.user("alice"), h.user("bob")

    def place(game: Any, s: Any, seat: int, a: Action) -> bool:
        tiles = {x.args["tile"] for x in game.legal_actions(s, seat) if x.kind == "place"}
        return a.kind == "place" and len(tiles) >= 2

    table = await open_played(h, "neuroshima", [alice, bob], until=place)
    (seat,) = table.game.to_act(table.state)
    player = alice if seat == 0 else bob
    answers = []
    for _ in range(2):
        now = await current(h)
        a = next(x for x in now.game.legal_actions(now.state, seat) if x.kind == "place")
        r = await h.slash(player, "hex place", tile=str(a.args["tile"]),
                          space=str(a.args["space"]), rotation=int(a.args["rot"]))
        assert r.text.startswith("Done:") and r.message.has_item("Undo"), r.text
        answers.append(r.message)
        if (await current(h)).seat_moves[seat] == now.seat_moves[seat]:
            break
    assert len(answers) == 2, "the player may place a second tile in the turn"
    one = await current(h)
    log = await log_of(h, table.key)

    # the first answer's Undo: no longer the last move (the player's own second one is)
    r = await h.click(player, answers[0], "Undo")
    assert "no longer the table's last one" in r.message.text
    assert await log_of(h, table.key) == log

    item = answers[1].item("Undo")
    replies = await h.double_click(player, answers[1],
                                   {"custom_id": item["custom_id"], "component_type": 2})
    assert await log_of(h, table.key) == log[:-1]
    after = await current(h)
    assert after.seat_moves[seat] == one.seat_moves[seat] - 1
    told = [m for m in h.posts() if "took back their last move" in m.content]
    assert len(told) == 1
    refused = [x for x in replies if "no longer the table's last one" in x.message.text]
    assert len(refused) == 1 and refused[0].message.ephemeral
    assert not h.tree_errors


async def test_the_panel_offers_undo_after_a_move_made_from_it(h: Harness) -> None:
    users, before, first = await all_hands(h)
    await h.slash(first, "game status")
    (turn,) = [m for m in h.posts() if m.has_item("My hand / act")][-1:]
    panel = (await h.click(first, turn, "My hand / act")).message
    passing = next(i for i in panel.items() if str(i.get("label", "")).startswith("Pass"))
    await h.click(first, panel, passing["custom_id"])
    assert panel.content.startswith("Done:") and panel.has_item("Undo"), panel.content
    await h.click(first, panel, "Undo")
    assert await log_of(h, before.key) == []
    assert panel.content.startswith(undo_texts.TAKEN_BACK_NOTE) and not panel.has_item("Undo")
    assert canon(await current(h)) == canon(before)
    assert not h.tree_errors


async def test_the_undo_goes_once_a_computer_captain_has_acted(h: Harness) -> None:
    """Catan: Seafarers with two AI captains: Alice ends her turn (a move that may be taken
    back), the next captain, an AI, rolls at once, so her answer loses **Undo**."""
    alice = h.user("alice")

    def alice_ends(game: Any, s: Any, seat: int, a: Action) -> bool:
        return seat == 0 and a.kind == "end"

    before = await open_played(h, "seafarers", [alice], bots=2, until=alice_ends)
    assert 0 in before.game.to_act(before.state)
    r = await h.slash(alice, "catan end")
    assert r.message.text.startswith("Done:"), r.message.text
    log = await log_of(h, before.key)
    assert log[-1].seat != 0, "an AI captain acted after Alice"
    assert not r.message.has_item("Undo")
    assert not h.tree_errors
