"""``/game history`` pages through the whole log, and ``/game export`` hands over a game
that is over as a file the console loads (issue 15, "Replays and history")."""

from __future__ import annotations

import json
import re

from data.export import table_from_json
from tests.cogs.harness import OTHER_CHANNEL_ID, Harness, Msg
from tests.cogs.played import open_played


def page_of(msg: Msg) -> tuple[int, int]:
    m = re.search(r"page (\d+) of (\d+)", msg.content)
    assert m, msg.content
    return int(m.group(1)), int(m.group(2))


def numbers(msg: Msg) -> list[int]:
    return [int(n) for n in re.findall(r"^\*\*(\d+)\.\*\*", msg.text, re.M)]


async def test_history_pages_through_every_move_from_the_newest(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    table = await open_played(h, "neuroshima", [alice, bob], moves=40)
    total = len(await h.bot.store.history(table.key, limit=1000))
    assert total == 40

    r = await h.slash(bob, "game history")
    msg = r.message
    assert r.ephemeral and page_of(msg) == (3, 3)
    assert numbers(msg) == list(range(31, 41))
    assert msg.item("Newest")["disabled"] and msg.item("Newer")["disabled"]
    msg = (await h.click(bob, msg, "Older")).message
    assert page_of(msg) == (2, 3) and numbers(msg) == list(range(16, 31))
    msg = (await h.click(bob, msg, "Oldest")).message
    assert page_of(msg) == (1, 3) and numbers(msg) == list(range(1, 16))
    await h.restart()  # the page buttons keep working after a restart
    msg = (await h.click(bob, msg, "Newer")).message
    assert page_of(msg) == (2, 3)


async def test_the_history_of_a_running_game_keeps_others_secrets_and_shows_all_at_the_end(
        h: Harness) -> None:
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await open_played(h, "pirate-tricks", [alice, bob, carol], moves=0)
    await h.slash(alice, "tricks bid", amount=11)
    mine = (await h.slash(alice, "game history")).message
    theirs = (await h.slash(bob, "game history")).message
    assert "Bid 11 loon" in mine.text
    assert "11" not in theirs.text and "sealed bid" in theirs.text

    done = await open_played(h, "pirate-tricks", [alice, bob, carol],
                             channel=OTHER_CHANNEL_ID)
    first = (await h.bot.store.history(done.key, limit=1000))[0]
    r = await h.slash(carol, "game history", table=str(done.key))
    assert "every move is shown" in r.message.content
    msg = (await h.click(carol, r.message, "Oldest")).message
    # once it is over, another player's sealed bid is told, with its label
    mover = done.seats[first.seat].name
    assert f"**1.** {mover}: *{first.action.label}*" in msg.text, msg.text


async def test_a_finished_game_exports_to_a_file_the_console_loads(h: Harness) -> None:
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    table = await open_played(h, "sewer-pirats", [alice, bob, carol])
    r = await h.slash(bob, "game export")
    (name, data), = [(n, b) for m in r.messages for n, b in m.files.items()]
    assert r.ephemeral and name == f"parley-sewer-pirats-{table.key}.json"
    assert "console.py --open" in r.text
    doc = json.loads(data)
    log = await h.bot.store.history(table.key, limit=100_000)
    assert doc["format"] == "parley-table" and doc["seed"] == table.seed
    assert [(a["seat"], a["action"]) for a in doc["actions"]] == \
        [(e.seat, e.action.to_dict()) for e in log]
    assert str(alice.id) not in data.decode()  # names only, no Discord ids
    dealt, moves = table_from_json(data)
    assert len(moves) == len(log) and dealt.game_id == "sewer-pirats"


async def test_a_running_game_is_not_exported_its_seed_would_show_every_hand(
        h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_played(h, "neuroshima", [alice, bob], moves=5)
    r = await h.slash(alice, "game export")
    assert r.ephemeral and "exported once it is over" in r.text
    assert not any(m.files for m in r.messages)
    # after /game abort the game is over: it may be taken home and played on locally
    await h.slash(alice, "game abort")
    r = await h.slash(alice, "game export")
    (data,) = [b for m in r.messages for b in m.files.values()]
    assert json.loads(data)["status"] == "abandoned"


async def test_history_and_export_say_so_when_there_is_nothing_yet(h: Harness) -> None:
    alice = h.user("alice")
    r = await h.slash(alice, "game history")
    assert r.ephemeral and "No game has been played in this channel yet" in r.text
    r = await h.slash(alice, "game export")
    assert "No game has been played in this channel yet" in r.text
