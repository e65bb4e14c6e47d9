"""``/game replay`` (issue 15, "Replays and history"): a game watched again, step by step,
with buttons that work after a restart; every hand shown once the game is over, nothing
hidden while it runs; and the animated GIF of the whole game under Discord's 10 MiB."""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image

import engine
import render
from render.replay import GIF_LIMIT, MIN_WIDTH, animate
from tests.cogs.flows import boards
from tests.cogs.harness import CHANNEL_ID, OTHER_CHANNEL_ID, FakeUser, Harness, Msg
from tests.cogs.played import PLAYERS, open_played

GAMES = sorted(PLAYERS)


def people(h: Harness, game_id: str) -> list[FakeUser]:
    return [h.user(n) for n in ("alice", "bob", "carol")[:PLAYERS[game_id]]]


def picture(msg: Msg) -> bytes:
    (png,) = msg.images
    return png


def step_of(msg: Msg) -> int:
    m = re.search(r"move (\d+) of (\d+)", msg.content)
    assert m, msg.content
    return int(m.group(1))


def live_pictures(table) -> tuple[bytes, list[bytes]]:
    """The live table's public board and each seat's hand, drawn as the bot draws them."""
    game = engine.get_game(table.game_id)
    board = render.draw_board(table.game_id, table.view(game, None))
    hands = [render.draw_hand(table.game_id, table.view(game, s))
             for s in range(len(table.seats))]
    return board, hands


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_replay_of_a_finished_game_ends_on_the_live_end_state(
        h: Harness, game_id: str) -> None:
    """The issue's "done when": replay of every game's finished table equals the live end
    state: the last step of the replay, rebuilt from the seed and the action log, shows the
    very board and hands the finished table shows."""
    who = people(h, game_id)
    table = await open_played(h, game_id, who)
    assert table.status == "finished"
    total = len(await h.bot.store.history(table.key, limit=100_000))

    r = await h.slash(who[0], "game replay")
    first = r.message
    assert r.ephemeral and step_of(first) == 0 and "as dealt, before the first move" in first.content
    assert first.has_item("GIF")

    r = await h.click(who[0], first, "Last")
    last = r.message
    assert last.id == first.id and step_of(last) == total
    assert "The end of the game" in last.content
    board, hands = live_pictures(table)
    assert picture(last) == board
    assert last.embeds[0]["description"] == render.text_board(
        game_id, table.view(engine.get_game(game_id), None))[:4096]
    for seat, hand in enumerate(hands):
        r = await h.select(who[0], last, [f"s{seat}"])
        assert picture(r.message) == hand, f"seat {seat}'s hand at the end"


async def test_the_replay_steps_back_and_forth_and_jumps_to_a_round(h: Harness) -> None:
    alice, bob, carol = people(h, "pirate-tricks")
    table = await open_played(h, "pirate-tricks", [alice, bob, carol])
    msg = (await h.slash(bob, "game replay")).message
    assert msg.item("First")["disabled"] and msg.item("Back")["disabled"]
    msg = (await h.click(bob, msg, "Next")).message
    assert step_of(msg) == 1 and not msg.item("Back").get("disabled")
    msg = (await h.click(bob, msg, "Next")).message
    msg = (await h.click(bob, msg, "Back")).message
    assert step_of(msg) == 1
    # each step says who moved and what happened, with the move's label once it is over
    log = await h.bot.store.history(table.key, limit=100_000)
    assert f"*{log[0].action.label}*" in msg.content or log[0].action.label == ""

    rounds = [o for o in msg.options() if o["value"].isdigit() and "Round" in o["label"]]
    assert len(rounds) >= 3, [o["label"] for o in msg.options()]
    target = rounds[2]
    msg = (await h.select(bob, msg, [target["value"]])).message
    assert step_of(msg) == int(target["value"])
    assert "Round 3" in msg.embeds[0]["title"], msg.embeds[0]["title"]
    chosen = [o for o in msg.options() if o.get("default")]
    assert any(o["value"] == target["value"] for o in chosen)
    msg = (await h.click(bob, msg, "First")).message
    assert step_of(msg) == 0


async def test_a_long_game_offers_every_round_through_a_moving_window(h: Harness) -> None:
    alice, bob, carol = people(h, "all-hands")
    table = await open_played(h, "all-hands", [alice, bob, carol])
    msg = (await h.slash(alice, "game replay")).message
    menu = next(s for s in msg.selects() if s["custom_id"].startswith("parley:replayat:"))
    assert len(menu["options"]) == 25
    labels = [o["label"] for o in menu["options"]]
    # the last round is always on offer; picking the edge of the window moves it on
    last_round = table.view(engine.get_game("all-hands"), None)["round"]
    assert f"Round {last_round}" in labels[-1], labels
    edge = menu["options"][-2]
    msg = (await h.select(alice, msg, [edge["value"]])).message
    menu = next(s for s in msg.selects() if s["custom_id"].startswith("parley:replayat:"))
    assert any(o["label"] not in labels for o in menu["options"])


async def test_replay_buttons_work_after_a_restart(h: Harness) -> None:
    alice, bob = people(h, "neuroshima")
    await open_played(h, "neuroshima", [alice, bob])
    msg = (await h.slash(alice, "game replay")).message
    await h.restart()
    r = await h.click(alice, msg, "Next")
    assert r.message.id == msg.id and step_of(r.message) == 1
    assert not h.tree_errors


async def test_while_a_game_runs_the_replay_shows_nothing_hidden(h: Harness) -> None:
    """A sealed bid stays sealed in the replay of the running game, and no hand can be
    looked at, not even with a hand-made button."""
    alice, bob, carol = people(h, "pirate-tricks")
    await open_played(h, "pirate-tricks", [alice, bob, carol], moves=0)
    r = await h.slash(alice, "tricks bid", amount=11)
    assert "Bid 11 loon" in r.text
    msg = (await h.slash(bob, "game replay")).message
    msg = (await h.click(bob, msg, "Last")).message
    assert step_of(msg) == 1
    assert "11" not in msg.content and "Alice" in msg.content
    assert "sealed bid" in msg.content
    assert not any(s["custom_id"].startswith("parley:replaywho:") for s in msg.selects())
    # a button Parley never drew (Discord only delivers ids of the message's own buttons,
    # so the message is doctored too): seat 0's hand at step 1
    key = (await h.bot.store.latest(str(CHANNEL_ID))).key
    forged = f"parley:replay:{key}:s0:1:n"
    payload = h.component_payload(bob, msg, {"custom_id": forged, "component_type": 2})
    payload["message"]["components"][0]["components"][2]["custom_id"] = forged
    r = await h.feed(payload, message_id=msg.id)
    assert r.ephemeral and "Hands are shown in a replay once the game is over" in r.text
    assert step_of(msg) == 1  # the message did not change


async def test_the_table_option_offers_finished_tables_and_refuses_others(h: Harness) -> None:
    alice, bob, carol = people(h, "pirate-tricks")
    done = await open_played(h, "pirate-tricks", [alice, bob, carol], channel=OTHER_CHANNEL_ID)
    dave = h.user("dave")
    # alice played it: offered to her here, in another channel
    choices = await h.autocomplete(alice, "game replay", "table", "")
    assert [c["value"] for c in choices] == [str(done.key)]
    assert "Pirate Tricks" in choices[0]["name"] and "finished" in choices[0]["name"]
    r = await h.slash(alice, "game replay", table=str(done.key))
    assert step_of(r.message) == 0 and f"<#{OTHER_CHANNEL_ID}>" in r.message.content
    # dave neither played nor is in that channel (the offline server lists no channels)
    assert await h.autocomplete(dave, "game replay", "table", "") == []
    r = await h.slash(dave, "game replay", table=str(done.key))
    assert r.ephemeral and "channels you can read" in r.text
    r = await h.slash(alice, "game replay", table="the good one")
    assert "Pick the table from the list" in r.text
    r = await h.slash(alice, "game replay", table="999999")
    assert r.ephemeral and "I know no such table" in r.text


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_gif_of_the_whole_game_fits_discords_limit(h: Harness, game_id: str) -> None:
    """Every game's whole replay as one GIF, scaled down or thinned to fit if need be."""
    who = people(h, game_id)
    alice = who[0]
    await open_played(h, game_id, who)
    msg = (await h.slash(alice, "game replay")).message
    r = await h.click(alice, msg, "GIF")
    (gif,) = [m for m in r.messages if any(n.endswith(".gif") for n in m.files)]
    data = next(b for n, b in gif.files.items() if n.endswith(".gif"))
    assert gif.ephemeral and len(data) <= GIF_LIMIT
    img = Image.open(io.BytesIO(data))
    frames = re.search(r"(\d+) pictures", gif.content)
    assert img.format == "GIF" and frames and img.n_frames == int(frames.group(1)) > 10


async def test_the_gif_option_of_the_command_sends_it_too(h: Harness) -> None:
    alice, bob = people(h, "neuroshima")
    await open_played(h, "neuroshima", [alice, bob])
    r = await h.slash(alice, "game replay", gif=True)
    assert any(n.endswith(".gif") for m in r.messages for n in m.files)


def test_a_gif_too_big_is_scaled_down_then_thinned_to_fit() -> None:
    """GIF size: measured, the boards shrink (never under MIN_WIDTH), then every other frame
    goes (the first and the last stay), until it fits the limit."""
    game = engine.get_game("sewer-pirats")
    state = game.setup(3, {}, "gif")
    frames = []
    for i in range(8):
        seat = sorted(game.to_act(state))[0]
        game.apply(state, seat, game.legal_actions(state, seat)[0])
        view = {**game.view(state, None), "names": ["Anne", "Bob", "Cleo"]}
        frames.append((render.draw_board("sewer-pirats", view), f"move {i + 1}"))
    full = animate(frames)
    width = Image.open(io.BytesIO(full)).width
    scaled = animate(frames, limit=len(full) * 9 // 10)
    img = Image.open(io.BytesIO(scaled))
    assert len(scaled) <= len(full) * 9 // 10 and MIN_WIDTH <= img.width < width
    assert img.n_frames == 8
    # a landscape board (issue 22) at the narrowest width is a third of the full GIF: a
    # third is a limit only dropping frames meets
    thinned = animate(frames, limit=len(full) // 3)
    img = Image.open(io.BytesIO(thinned))
    assert len(thinned) <= len(full) // 3 and img.width == MIN_WIDTH and img.n_frames < 8
    with pytest.raises(ValueError):
        animate(frames, limit=1000)


def test_the_replay_custom_ids_fit_discords_limit() -> None:
    from cogs.components.log import ReplayButton, UndoButton

    longest = ReplayButton(10**12, "s5", 10**6, "n").item.custom_id
    assert len(longest) <= 100
    undo = UndoButton(10**12, "yes", 10**6, 5, "f" * 10, 2**33, 63).item.custom_id
    assert len(undo) <= 100
    assert json.dumps(longest)


async def test_the_replay_and_history_buttons_open_them_as_the_commands_do(h: Harness) -> None:
    """The game-over board carries **Replay** and **History** (every log command is a click
    away), and they answer after a restart as well."""
    alice, bob = people(h, "neuroshima")
    await open_played(h, "neuroshima", [alice, bob])
    await h.slash(alice, "game status")
    board = boards(h)[-1]
    assert board.has_item("Replay") and board.has_item("History")
    assert not board.has_item("Take it back")  # nothing to take back once it is over
    await h.restart()
    r = await h.click(bob, board, "Replay")
    assert r.message.ephemeral and step_of(r.message) == 0
    r = await h.click(bob, board, "History")
    assert r.message.ephemeral and "every move is shown" in r.message.content
