"""``/game undo`` (issue 15, "Undo by consent"): a player asks to take back their last move;
it is taken back once every other person at the table agrees (AI seats agree), anyone's
"Keep it" keeps it, a request lapses, and a move that showed something is refused with the
reason. Taken back means replayed without it: the table is exactly as before the move."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

import data.undo
import engine
from cogs.table import undo as table_undo
from engine.core import Action
from tests.cogs.flows import boards
from tests.cogs.harness import CHANNEL_ID, FakeUser, Harness, Msg
from tests.cogs.played import open_played


def canon(table: Any) -> Any:
    return engine.get_game(table.game_id).dump(table.state)


async def current(h: Harness) -> Any:
    return await h.bot.store.latest(str(CHANNEL_ID))


async def move(h: Harness, user: FakeUser, pick: Callable[[Action], bool]) -> Action:
    """``user`` makes the first legal move ``pick`` accepts (through the table service, as
    a click would)."""
    table = await current(h)
    seat = table.seat_of(str(user.id))
    action = next(a for a in table.game.legal_actions(table.state, seat) if pick(a))
    await h.bot.svc.move_seat(table.key, seat, action, time.time())
    return action


def user_at(table: Any, users: list[FakeUser], seat: int) -> FakeUser:
    return next(u for u in users if table.seat_of(str(u.id)) == seat)


def request_post(h: Harness) -> Msg:
    (msg,) = [m for m in h.posts() if "asks to take back" in m.content]
    return msg


async def first_bidder_passes(h: Harness) -> tuple[list[FakeUser], FakeUser, Any]:
    """An All Hands on Deck! table of three people where the first bidder has just passed:
    (the people, the one who passed, the table before the pass)."""
    users = [h.user("alice"), h.user("bob"), h.user("carol")]
    before = await open_played(h, "all-hands", users, moves=0)
    (seat,) = before.game.to_act(before.state)
    asker = user_at(before, users, seat)
    await move(h, asker, lambda a: a.kind == "pass")
    return users, asker, before


async def test_when_everyone_agrees_the_move_is_taken_back(h: Harness) -> None:
    users, asker, before = await first_bidder_passes(h)
    others = [u for u in users if u is not asker]
    r = await h.slash(asker, "game undo")
    assert r.ephemeral and "I asked" in r.text
    ask = request_post(h)
    assert ask.pinged == {u.id for u in others} and "passes" in ask.content
    assert ask.has_item("Agree") and ask.has_item("Keep it")

    r = await h.click(others[0], ask, "Agree")
    assert r.message.id == ask.id and "Agreed so far" in ask.content
    assert len(await h.bot.store.history(before.key)) == 1  # not yet: one more to agree
    r = await h.click(others[1], ask, "Agree")
    assert "was taken back" in ask.content and not ask.items()

    after = await current(h)
    assert await h.bot.store.history(before.key) == []
    assert canon(after) == canon(before) and after.seat_moves == before.seat_moves
    assert asker.id in boards(h)[-1].mentions  # the board again, waiting for the asker
    assert not h.tree_errors


async def test_one_keep_it_keeps_the_move(h: Harness) -> None:
    users, asker, before = await first_bidder_passes(h)
    others = [u for u in users if u is not asker]
    await h.slash(asker, "game undo")
    ask = request_post(h)
    await h.click(others[0], ask, "Agree")
    await h.click(others[1], ask, "Keep it")
    assert "keeps the move" in ask.content and not ask.items()
    assert len(await h.bot.store.history(before.key)) == 1


async def test_the_asker_may_withdraw_but_not_agree_for_the_others(h: Harness) -> None:
    users, asker, before = await first_bidder_passes(h)
    await h.slash(asker, "game undo")
    ask = request_post(h)
    r = await h.click(asker, ask, "Agree")
    assert r.ephemeral and "the others decide" in r.text and ask.items()
    await h.click(asker, ask, "Keep it")
    assert "withdrew" in ask.content and not ask.items()
    assert len(await h.bot.store.history(before.key)) == 1


async def test_someone_not_asked_cannot_answer(h: Harness) -> None:
    users, asker, before = await first_bidder_passes(h)
    await h.slash(asker, "game undo")
    ask = request_post(h)
    r = await h.click(h.user("dave"), ask, "Agree")
    assert r.ephemeral and "Only the players asked" in r.text
    assert ask.items() and "Agreed so far" not in ask.content


async def test_consent_buttons_work_after_a_restart(h: Harness) -> None:
    users, asker, before = await first_bidder_passes(h)
    others = [u for u in users if u is not asker]
    await h.slash(asker, "game undo")
    ask = request_post(h)
    await h.click(others[0], ask, "Agree")
    await h.restart()
    await h.click(others[1], ask, "Agree")
    assert "was taken back" in ask.content
    assert canon(await current(h)) == canon(before)


async def test_a_request_closes_itself_when_its_time_is_up(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(data.undo, "UNDO_WAIT", -60)  # its time was up a minute ago
    users, asker, before = await first_bidder_passes(h)
    r = await h.slash(asker, "game undo")
    (ask,) = [m for m in r.posts if "in time" in m.text]
    assert "Not everyone agreed in time" in ask.content and not ask.items()
    assert len(await h.bot.store.history(before.key)) == 1


async def test_a_click_after_the_deadline_keeps_the_move_even_after_a_restart(
        h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    users, asker, before = await first_bidder_passes(h)
    await h.slash(asker, "game undo")
    ask = request_post(h)
    await h.restart()  # the new process has no timer for it: the click looks at the deadline
    monkeypatch.setattr(table_undo, "clock", lambda: time.time() + data.undo.UNDO_WAIT + 60)
    other = next(u for u in users if u is not asker)
    await h.click(other, ask, "Agree")
    assert "Not everyone agreed in time" in ask.content and not ask.items()
    assert len(await h.bot.store.history(before.key)) == 1


async def test_a_move_made_meanwhile_makes_the_request_stale(h: Harness) -> None:
    users, asker, before = await first_bidder_passes(h)
    await h.slash(asker, "game undo")
    ask = request_post(h)
    table = await current(h)
    (seat,) = table.game.to_act(table.state)
    nxt = user_at(table, users, seat)
    await move(h, nxt, lambda a: a.kind == "pass")
    third = next(u for u in users if u not in (asker, nxt))
    r = await h.click(third, ask, "Agree")
    assert "moved on" in ask.content and not ask.items()
    assert r.message.ephemeral and "no longer the table's last" in r.message.text
    assert len(await h.bot.store.history(before.key)) == 2


async def test_only_your_own_last_move_can_be_taken_back(h: Harness) -> None:
    users, asker, before = await first_bidder_passes(h)
    other = next(u for u in users if u is not asker)
    r = await h.slash(other, "game undo")
    assert r.ephemeral and "the last move was" in r.text and "not yours" in r.text
    assert not [m for m in h.posts() if "asks to take back" in m.content]


async def test_a_card_played_to_a_trick_is_refused_with_the_reason(h: Harness) -> None:
    users = [h.user("alice"), h.user("bob"), h.user("carol")]
    table = await open_played(h, "pirate-tricks", users,
                              until=lambda g, s, seat, a: a.kind == "play")
    (seat,) = table.game.to_act(table.state)
    player = user_at(table, users, seat)
    await move(h, player, lambda a: a.kind == "play")
    log = await h.bot.store.history(table.key, limit=10_000)
    posts = len(h.posts())
    r = await h.slash(player, "game undo")
    assert r.ephemeral and r.text == ("That move cannot be taken back: the card you played "
                                      "to the trick has been seen by everyone.")
    assert len(h.posts()) == posts
    assert await h.bot.store.history(table.key, limit=10_000) == log


async def test_with_only_computer_captains_to_ask_it_is_taken_back_at_once(h: Harness) -> None:
    """Seafarers: a road built by mistake, at a table of one person and two AI captains
    (who agree): taken back on the spot, the bricks and wood back in hand."""
    alice = h.user("alice")

    def alices_road(game: Any, s: Any, seat: int, a: Action) -> bool:
        return seat == 0 and a.kind == "road" and s.phase == "main"

    before = await open_played(h, "seafarers", [alice], bots=2, until=alices_road)
    await move(h, alice, lambda a: a.kind == "road")
    r = await h.slash(alice, "game undo")
    assert r.ephemeral and "taken back" in r.text
    (said,) = [m for m in h.posts() if "took back their last move" in m.content]
    assert "road" in said.content
    after = await current(h)
    assert canon(after) == canon(before)
    assert after.view(after.game, 0)["hand"] == before.view(before.game, 0)["hand"]


async def test_neuroshima_a_tile_placed_is_taken_back_with_the_opponents_consent(
        h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")

    def place(game: Any, s: Any, seat: int, a: Action) -> bool:
        return a.kind == "place"

    before = await open_played(h, "neuroshima", [alice, bob], until=place)
    (seat,) = before.game.to_act(before.state)
    player, other = (alice, bob) if seat == 0 else (bob, alice)
    await move(h, player, lambda a: a.kind == "place")
    await h.slash(player, "game undo")
    await h.click(other, request_post(h), "Agree")
    assert canon(await current(h)) == canon(before)


async def test_neuroshima_ending_the_turn_is_refused(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")

    def end(game: Any, s: Any, seat: int, a: Action) -> bool:
        return a.kind == "end"

    table = await open_played(h, "neuroshima", [alice, bob], until=end)
    (seat,) = table.game.to_act(table.state)
    player = alice if seat == 0 else bob
    await move(h, player, lambda a: a.kind == "end")
    r = await h.slash(player, "game undo")
    assert "ending your turn makes the other army draw its tiles" in r.text


def waiting_with(table: Any, kind: str) -> int:
    """The waiting seat that may make a move of ``kind`` now."""
    return next(seat for seat in sorted(table.game.to_act(table.state))
                if any(a.kind == kind for a in table.game.legal_actions(table.state, seat)))


async def _sewer_pirats_move(h: Harness, kind: str) -> tuple[list[FakeUser], Any, FakeUser]:
    """A Sewer Pirats table of three people played until one may make a move of ``kind``,
    then that move made: (the people, the table before it, who made it)."""
    users = [h.user("alice"), h.user("bob"), h.user("carol")]

    def may(game: Any, s: Any, seat: int, a: Action) -> bool:
        return a.kind == kind

    before = await open_played(h, "sewer-pirats", users, until=may)
    player = user_at(before, users, waiting_with(before, kind))
    await move(h, player, lambda a: a.kind == kind)
    return users, before, player


async def test_sewer_pirats_a_figure_moved_aboard_is_taken_back_when_everyone_agrees(
        h: Harness) -> None:
    """Sewer Pirats, "B) Move a Figure to a Crew Space": the Talisman cards paid follow from
    the move everyone saw, so nothing hidden comes back into play."""
    users, before, player = await _sewer_pirats_move(h, "move")
    assert canon(await current(h)) != canon(before)
    r = await h.slash(player, "game undo")
    assert r.ephemeral and "I asked" in r.text
    ask = request_post(h)
    for other in (u for u in users if u is not player):
        await h.click(other, ask, "Agree")
    assert "was taken back" in ask.content and not ask.items()
    after = await current(h)
    assert canon(after) == canon(before) and after.seat_moves == before.seat_moves
    assert not h.tree_errors


async def test_sewer_pirats_drawing_two_cards_is_refused_with_the_reason(h: Harness) -> None:
    """Sewer Pirats, "A) Draw Two Cards": the cards come from the deck (or refill the
    face-up row from it), so the draw is kept."""
    users, table, player = await _sewer_pirats_move(h, "draw")
    log = await h.bot.store.history(table.key, limit=10_000)
    drawn = canon(await current(h))
    posts = len(h.posts())
    r = await h.slash(player, "game undo")
    assert r.ephemeral and r.text == (
        "That move cannot be taken back: drawing takes cards from the deck, or refills the "
        "face-up row from it.")
    assert len(h.posts()) == posts
    assert await h.bot.store.history(table.key, limit=10_000) == log
    assert canon(await current(h)) == drawn


async def test_the_take_it_back_button_asks_as_the_command_does(h: Harness) -> None:
    """The turn message carries **Take it back** (and **History**) while the game runs; a
    click first asks the clicker, privately, whether to ask the table (issue 22: one click
    no longer pings everyone)."""
    users, asker, before = await first_bidder_passes(h)
    await h.slash(asker, "game status")
    turn = boards(h)[-1]
    assert turn.has_item("History") and not turn.has_item("Replay")
    posts = len(h.posts())
    r = await h.click(asker, turn, "Take it back")
    sure = r.message
    assert sure.ephemeral and "Take back your last move?" in sure.text
    assert len(h.posts()) == posts, "nobody is asked before the clicker says yes"
    r = await h.click(asker, sure, "Yes, ask to take it back")
    assert r.message.ephemeral and "I asked" in r.message.text
    assert request_post(h).has_item("Agree")
