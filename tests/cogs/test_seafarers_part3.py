"""The Great Crossing and Greater Catan in a Discord channel, whole games through discord.py's
own objects (the harness), played the way tests/cogs/test_seafarers.py plays the other
scenarios: Alice with ``/catan`` slash commands, picking places from autocomplete; Bob with
the buttons and menus of his private panel; two computer players take the other seats
(both scenarios are for four). Each person acts as the heuristic player would, found in
the lists the bot offers. Taking a number chip from Greater Catan's main island is a move
of the private panel's menu for both of them (its hexes are named there)."""

from __future__ import annotations

import json
import random
import re

import pytest

import engine
from cogs.look.actions import encode, token
from engine.core import Action
from engine.seafarers.ai import ai_action
from engine.seafarers.chip_bag import CHIP
from engine.seafarers.rules import hex_name
from tests.cogs.flows import boards, choice_for, is_choice_of, table_of
from tests.cogs.harness import FakeUser, Harness
from tests.cogs.test_seafarers import ai_discard, discard_by_panel, discard_text

GAME = engine.get_game("seafarers")


async def open_catan(h: Harness, host: FakeUser, guest: FakeUser, scenario: str) -> None:
    r = await h.slash(host, "game new", game="seafarers", scenario=scenario)
    assert "Your table is open" in r.text, r.text
    await h.slash(guest, "game join")
    for _ in range(2):
        await h.slash(host, "game add-bot", level="easy")
    r = await h.slash(host, "game start")
    assert "The game begins" in r.text, r.text


async def intended(h: Harness, user: FakeUser, rng: random.Random,
                   sailing: bool = False) -> Action:
    """The heuristic player's move for ``user`` (no trade offers of its own: long games);
    ``sailing``: one who never buys a development card, keeping his cards for ships and
    settlements, so he reaches more islands."""
    table = await table_of(h)
    action = ai_action(table.state, table.seat_of(str(user.id)), rng, "easy", False)
    assert action is not None
    if sailing and action.kind == "buy":
        return Action("end", {})
    # people end their turns plainly and answer offers themselves; the computer player
    # ends letting the house rule answer for it (issue 22, engine/seafarers/offers.py)
    return Action("end", {}) if action.kind == "end_auto" else action


async def alice_acts(h: Harness, alice: FakeUser, turn, rng: random.Random,
                     sailing: bool = False) -> None:
    want = await intended(h, alice, rng, sailing)
    kind, args = want.kind, dict(want.args)
    if kind in ("settlement", "city", "road", "ship"):
        table = await table_of(h)
        if "c" in args:
            words = f"at {args['c'] + 1}"
        else:
            a, b = table.state.board.edges[args["e"]]
            words = f"on {a + 1}-{b + 1}"
        r = await h.slash(alice, "catan build",
                          place=await choice_for(h, alice, "catan build", "place", words, want))
    elif kind in ("roll", "end", "buy", "accept", "decline", "withdraw", "stop"):
        r = await h.slash(alice, f"catan {kind}")
    elif kind == "bank":
        r = await h.slash(alice, "catan bank",
                          trade=await choice_for(h, alice, "catan bank", "trade", "", want))
    elif kind == "discard":  # the whole discard in one command
        table = await table_of(h)
        cards = ai_discard(table.state, table.seat_of(str(alice.id)), rng)
        r = await h.slash(alice, "catan discard", cards=discard_text(cards))
    elif kind in ("gold", "plenty"):
        r = await h.slash(alice, "catan take", cards=f"1 {args['res']}")
    elif kind in ("robber", "pirate"):
        # Greater Catan has more hexes than a list shows (25): Alice types the hex's name
        table = await table_of(h)
        name = hex_name(table.state, args["hex"]).split(" ")[0]
        r = await h.slash(alice, "catan robber",
                          hex=await choice_for(h, alice, "catan robber", "hex", name, want))
    elif kind == "steal":
        r = await h.slash(alice, "catan steal",
                          player=await choice_for(h, alice, "catan steal", "player", "", want))
    elif kind == "play":
        r = await h.slash(alice, "catan play",
                          card=await choice_for(h, alice, "catan play", "card", "", want))
    elif kind == CHIP:
        await panel_acts(h, alice, turn, want)
        return
    else:
        r = await h.slash(alice, "catan move",
                          action=await choice_for(h, alice, "catan move", "action", "", want))
    assert r.ephemeral, r.text
    assert r.text.startswith("Done:"), r.text


async def panel_acts(h: Harness, user: FakeUser, turn, want: Action) -> None:
    """``user`` opens the private panel from the turn message and clicks ``want``: its
    button, else its entry in the panel's menu."""
    r = await h.click(user, turn, "My hand / act")
    panel = r.message
    assert panel.ephemeral and panel.images, "the panel shows the hand image"
    if want.kind == "discard":  # the whole discard in one menu, then Confirm
        table = await table_of(h)
        await discard_by_panel(h, user, panel,
                               ai_discard(table.state, table.seat_of(str(user.id)),
                                          random.Random(0)))
        return
    value = encode(want)
    buttons = [i for i in panel.items() if i.get("type") == 2
               and i["custom_id"].startswith("parley:do:")]
    pressed = [b for b in buttons if b["custom_id"].endswith(":" + value)
               or b["custom_id"].endswith(":" + token(want))]
    if pressed:
        await h.click(user, panel, pressed[0]["custom_id"])
        return
    menus = [s for s in panel.selects() if s["custom_id"].startswith("parley:act:")]
    found = [(s["custom_id"], o["value"]) for s in menus for o in s["options"]
             if is_choice_of(o["value"], want)]
    if found:
        await h.select(user, panel, [found[0][1]], custom_id=found[0][0])
        return
    assert want.kind != CHIP, f"{want} is not on the panel"
    r = await h.slash(user, "catan move", action=value)
    assert r.text.startswith("Done:"), r.text


async def play_to_the_end(h: Harness, alice: FakeUser, bob: FakeUser,
                          rng: random.Random, sailing: bool = False) -> None:
    for _ in range(6000):
        table = await table_of(h)
        if table.status != "playing":
            return
        turn = boards(h)[-1]
        waiting = turn.mentions & {alice.id, bob.id}
        assert waiting, f"the turn message pings nobody: {turn.content!r}"
        if alice.id in waiting:
            await alice_acts(h, alice, turn, rng, sailing)
        else:
            await panel_acts(h, bob, turn, await intended(h, bob, rng, sailing))
    raise AssertionError("too many moves")


async def _history_kinds(h: Harness, table) -> set[str]:
    return {e.action.kind for e in await h.bot.store.history(table.key, limit=100_000)}


@pytest.mark.usefixtures("steady_easy")
async def test_a_whole_game_of_the_great_crossing(h: Harness) -> None:
    """Start settlements on one island each, ships across the strait, trade line chips
    counted in the score, to the end at 13 victory points; the board shows the lines."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_catan(h, alice, bob, "great_crossing")
    await play_to_the_end(h, alice, bob, random.Random(11))
    table = await table_of(h)
    s = table.state
    assert table.status == "finished" and GAME.result(s) is not None
    kinds = await _history_kinds(h, table)
    assert {"settlement", "road", "ship", "roll", "end", "city"} <= kinds
    for seat in range(4):  # both start settlements on one island, the home island
        assert len(s.homes[seat]) == 1
    held = [line["holder"] for line in s.extra["lines"]]
    assert held and s.special == [held.count(p) for p in range(4)]
    # the last board posted shows the trade lines; no placeholder anywhere
    last = GAME.view(s, None)
    assert last["trade_lines"]
    assert all(p.images and p.images[0].startswith(b"\x89PNG") for p in boards(h))
    assert "Trade line: " in boards(h)[-1].text
    for msg in h.rec.messages.values():
        assert not re.search(r"\{p\d+\}|\{name\}", msg.text + json.dumps(msg.components))
    replayed = await h.bot.store.replay(table.key)
    assert GAME.dump(replayed) == GAME.dump(s)


@pytest.mark.parametrize("seed", [5])
@pytest.mark.usefixtures("steady_easy")
async def test_a_whole_game_of_greater_catan(h: Harness, seed: int) -> None:
    """Start on the main island, ships to the small islands drawing their chips from the
    bag, then chips taken from the main island once the bag is empty (a move of the
    panel), to the end at 18 victory points."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_catan(h, alice, bob, "greater_catan")
    await play_to_the_end(h, alice, bob, random.Random(seed), sailing=True)
    table = await table_of(h)
    s = table.state
    assert table.status == "finished" and GAME.result(s) is not None
    kinds = await _history_kinds(h, table)
    assert {"settlement", "ship", "roll", "end", "city"} <= kinds
    assert s.extra["bag"] == []  # the bag ran out: chips were taken from the main island,
    # by the people too, from their panels
    people = {table.seat_of(str(alice.id)), table.seat_of(str(bob.id))}
    history = await h.bot.store.history(table.key, limit=100_000)
    assert any(e.action.kind == CHIP and e.seat in people for e in history)
    texts = " ".join(m.text for m in boards(h))
    assert "Chip bag: " in texts
    for msg in h.rec.messages.values():
        assert not re.search(r"\{p\d+\}|\{name\}", msg.text + json.dumps(msg.components))
    replayed = await h.bot.store.replay(table.key)
    assert GAME.dump(replayed) == GAME.dump(s)
