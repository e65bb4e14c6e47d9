"""Pirate Tricks in a Discord channel: a whole game through ``/tricks`` commands and the
private panel's buttons with an AI seat, and the sealed bids kept sealed until the reveal."""

from __future__ import annotations

import collections
import json
import logging
import random
import re

import pytest

import engine
from cogs.games.pirate_tricks import card_code, parse_cards
from cogs.look.messages import mention
from engine.core import IllegalAction
from tests.cogs.flows import boards, table_of
from tests.cogs.harness import CHANNEL_ID, FakeUser, Harness, Msg

GAME = engine.get_game("pirate-tricks")
MAX_TURNS = 1500


async def open_tricks(h: Harness, *people: FakeUser, bots: int = 1, level: str = "easy",
                      **options) -> None:
    host = people[0]
    r = await h.slash(host, "game new", game="pirate-tricks", **options)
    assert "Your table is open" in r.text, r.text
    for user in people[1:]:
        await h.slash(user, "game join")
    for _ in range(bots):
        await h.slash(host, "game add-bot", level=level)
    r = await h.slash(host, "game start")
    assert "The game begins" in r.text, r.text


async def seat_of(h: Harness, user: FakeUser) -> int:
    table = await table_of(h)
    return table.seat_of(str(user.id))


async def alice_acts(h: Harness, alice: FakeUser, rng: random.Random) -> None:
    """Slash commands only; every choice comes from an autocomplete list."""
    moves = await h.autocomplete(alice, "tricks move", "action", "")
    assert moves, "Alice was mentioned but has no legal move"
    kinds = {json.loads(c["value"])["kind"] for c in moves}
    if "bid" in kinds:
        amounts = await h.autocomplete(alice, "tricks bid", "amount", "")
        assert [c["name"] for c in amounts][:1] == ["0 loon (sealed)"]
        pick = rng.choice(amounts[:4])
        r = await h.slash(alice, "tricks bid", amount=pick["value"])
    elif "reveal" in kinds:
        cards = await h.autocomplete(alice, "tricks reveal", "card", "")
        r = await h.slash(alice, "tricks reveal", card=rng.choice(cards)["value"])
    elif "give" in kinds:
        players = await h.autocomplete(alice, "tricks give", "player", "")
        r = await h.slash(alice, "tricks give", player=rng.choice(players)["value"])
    elif "ditch" in kinds:
        first = await h.autocomplete(alice, "tricks ditch", "cards", "")
        if len(first) > 1 and rng.random() < 0.7:  # both cards in one command
            pairs = await h.autocomplete(alice, "tricks ditch", "cards", first[0]["value"] + " ")
            r = await h.slash(alice, "tricks ditch", cards=rng.choice(pairs)["value"])
        else:
            r = await h.slash(alice, "tricks ditch", cards=rng.choice(first)["value"])
    elif "predict" in kinds:
        r = await h.slash(alice, "tricks predict", tricks=rng.randrange(0, 5))
    elif "play" in kinds and rng.random() < 0.8:
        cards = await h.autocomplete(alice, "tricks play", "card", "")
        assert {c["value"] for c in cards} == {json.loads(m["value"])["args"]["card"]
                                                for m in moves}
        r = await h.slash(alice, "tricks play", card=rng.choice(cards)["value"])
    else:
        r = await h.slash(alice, "tricks move", action=rng.choice(moves)["value"])
    assert r.ephemeral, r.text
    assert r.text.startswith("Done:"), r.text


async def bob_acts(h: Harness, bob: FakeUser, turn: Msg, rng: random.Random) -> None:
    """Buttons and menus only: My hand / act on the turn message, then the private panel."""
    r = await h.click(bob, turn, "My hand / act")
    panel = r.message
    assert panel.ephemeral and panel.images, "the panel shows Bob's hand image"
    buttons = [i for i in panel.items() if i.get("type") == 2]
    batches = [s for s in panel.selects() if s["custom_id"].startswith("parley:batch:")]
    menus = [s for s in panel.selects() if s["custom_id"].startswith("parley:act:")]
    assert buttons or menus or batches, "Bob was mentioned but his panel offers nothing"
    table = await table_of(h)
    view = table.view(GAME, table.seat_of(str(bob.id)))
    if view["phase"] == "play":
        playable = {a.label for a in GAME.legal_actions(table.state, view["seat"])}
        assert {b["label"] for b in buttons} == playable, "a button per playable card"
    if batches:
        values = [o["value"] for o in batches[0]["options"]]
        left = 2 - len(view["my_ditched"])
        picked = rng.sample(values, k=rng.choice([1, left]) if left > 1 else 1)
        r = await h.select(bob, panel, picked, custom_id=batches[0]["custom_id"])
    elif buttons:
        r = await h.click(bob, panel, rng.choice([b["label"] for b in buttons]))
    else:
        options = menus[0]["options"]
        choice = rng.choice(options[:4])
        r = await h.select(bob, panel, [choice["value"]], custom_id=menus[0]["custom_id"])
    assert r.messages and r.message.id == panel.id, "the panel is updated in place"
    assert panel.content.startswith("Done:"), panel.content


async def test_a_whole_game_of_pirate_tricks_through_commands_and_buttons(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_tricks(h, alice, bob)
    rng = random.Random(7)
    for _ in range(MAX_TURNS):
        turn = boards(h)[-1]
        if "Game over" in turn.content:
            break
        waiting = turn.mentions & {alice.id, bob.id}
        assert waiting, f"the turn message pings nobody: {turn.content!r}"
        if alice.id in waiting and (bob.id not in waiting or rng.random() < 0.5):
            await alice_acts(h, alice, rng)
        else:
            await bob_acts(h, bob, turn, rng)
    else:
        raise AssertionError("the game did not end")

    table = await table_of(h)
    assert table.status == "finished"
    result = GAME.result(table.state)
    final = boards(h)[-1]
    assert "Game over" in final.content
    # the reason names each player by their mention (persons) or bold name (AIs), once
    reason = re.sub(r"\{p(\d+)\}", lambda m: mention(table, int(m.group(1))),
                    result["reason"])
    assert final.content.count(reason) == 1 and "Winner" not in final.content
    # a fresh board for every round, with its round in the title
    titles = " ".join(e.get("title", "") for p in boards(h) for e in p.embeds)
    for rnd in (1, 2, 3):
        assert f"round {rnd} of 3" in titles
    # nobody's loon on the public board before the end
    for post in boards(h)[:-1]:
        assert "loon hidden" in post.text
    # hands came by DM, with the loon of their owner: a new DM when a turn came, edited in
    # between; the last one shows the hand at the end (issue 14, "Fewer DMs")
    for user in (alice, bob):
        assert len(h.dms(user)) >= 10
        hand = h.dms(user)[-1]
        assert hand.has_hand and "your loon" in hand.text.lower()
    # no engine placeholder reached anyone
    for msg in h.rec.messages.values():
        assert not re.search(r"\{p\d+\}|\{name\}", msg.text + json.dumps(msg.components))
    # both people made every kind of move the game asked of them, and the AI played too
    log = await h.bot.store.history(table.key, limit=100_000)
    kinds = collections.Counter((e.seat, e.action.kind) for e in log)
    for seat in range(3):
        assert {k for (t, k) in kinds if t == seat} >= {"bid", "ditch", "play"}
    # the action log replays to the final state
    replayed = await h.bot.store.replay(table.key)
    assert GAME.dump(replayed) == GAME.dump(table.state)


async def test_a_sealed_bid_stays_private_until_every_bid_is_in(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    for name in ("parley", "data", "cogs", "engine", "discord"):
        caplog.set_level(logging.DEBUG, logger=name)
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await open_tricks(h, alice, bob, carol, bots=0)
    before = {m.id for m in h.rec.messages.values()}
    r = await h.slash(alice, "tricks bid", amount=11)
    assert r.ephemeral and "Bid 11 loon (sealed)" in r.text
    assert "You bid 11 loon on row 1" in r.text

    def public_words() -> str:
        out = []
        for msg in h.rec.messages.values():
            if msg.ephemeral or msg.channel_id != CHANNEL_ID:
                continue
            out.append(msg.text + json.dumps(msg.components))
        for user in (bob, carol):
            out += [m.text for m in h.dms(user)]
        return "\n".join(out)

    said = public_words()
    assert "Alice places a sealed bid on row 1" in said
    assert not re.search(r"\b11 loon|Bid 11|Alice 11\b", said)
    # our own log lines, at any level, and anything at INFO or above (the bot's default)
    ours = ("parley", "data", "cogs", "engine")
    logged = [rec.getMessage() for rec in caplog.records
              if rec.name.startswith(ours) or rec.levelno >= logging.INFO]
    assert not any("11 loon" in line or '"amount":11' in line for line in logged)
    # the other players' private panels and /game history do not show it either
    panel = (await h.click(bob, boards(h)[-1], "My hand / act")).message
    assert "11" not in panel.content
    history = await h.slash(bob, "game history")
    assert "11" not in history.text
    # the board image is the one of a world where alice's bid is anything else
    table = await table_of(h)
    assert table.state.bids[0] == 11
    # once every bid is in, the amounts are revealed together in the channel
    await h.slash(bob, "tricks bid", amount=2)
    await h.slash(carol, "tricks bid", amount=0)
    revealed = boards(h)[-1].text + "".join(m.text for m in h.posts(CHANNEL_ID)
                                            if m.id not in before)
    assert "Bids on row 1: Alice 11, Bob 2, Carol 0." in revealed
    assert "Alice takes row 1, paying 11 loon" in revealed


async def test_a_second_pass_zero_tie_through_commands_buttons_and_the_move_list(
    h: Harness,
) -> None:
    """Every row zero-tied, then the top row again: the tied players reveal a card (Alice
    by command, Bob by a button of his panel, Carol from /tricks move) and the winner
    chooses who takes the row."""
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await open_tricks(h, alice, bob, carol, bots=0)
    for _ in range(4):
        for user in (alice, bob, carol):
            r = await h.slash(user, "tricks bid", amount=0)
            assert r.text.startswith("Done:"), r.text
    table = await table_of(h)
    assert table.state.phase == "reveal" and table.state.pass_no == 2
    assert "tie-break for row 1" in boards(h)[-1].text
    cards = await h.autocomplete(alice, "tricks reveal", "card", "")
    assert len(cards) == 5
    r = await h.slash(alice, "tricks reveal", card=cards[0]["value"])
    assert r.text.startswith("Done: Reveal"), r.text
    panel = (await h.click(bob, boards(h)[-1], "My hand / act")).message
    reveal_buttons = [i["label"] for i in panel.items() if i.get("type") == 2]
    assert len(reveal_buttons) == 5 and all(b.startswith("Reveal ") for b in reveal_buttons)
    await h.click(bob, panel, reveal_buttons[-1])
    moves = await h.autocomplete(carol, "tricks move", "action", "reveal")
    r = await h.slash(carol, "tricks move", action=moves[0]["value"])
    assert r.text.startswith("Done: Reveal"), r.text
    table = await table_of(h)
    chooser = table.state.chooser
    assert table.state.phase == "choose" and "has the highest" in boards(h)[-1].text
    user = (alice, bob, carol)[chooser]
    players = await h.autocomplete(user, "tricks give", "player", "")
    assert len(players) == 3
    other = next(p for p in players if p["value"] != str(chooser))
    r = await h.slash(user, "tricks give", player=other["value"])
    assert r.text.startswith("Done: Give row 1 to"), r.text
    table = await table_of(h)
    assert table.state.owner[0] == int(other["value"])
    assert table.state.marker == int(other["value"])


async def test_the_public_board_and_its_text_never_show_loon(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_tricks(h, alice, bob)
    board = boards(h)[-1]
    assert "loon hidden" in board.text
    dm = [m for m in h.dms(alice) if m.has_hand][-1]
    assert "your loon: **12**" in dm.text


async def test_moves_out_of_turn_and_impossible_bids_are_refused_politely(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_tricks(h, alice, bob)
    r = await h.slash(alice, "tricks bid", amount=40)
    assert r.ephemeral and "from 0 to the 12 loon you have" in r.text
    r = await h.slash(alice, "tricks play", card="R13")
    assert r.ephemeral and "You may now: place a sealed bid" in r.text
    r = await h.slash(alice, "tricks ditch", cards="banana")
    assert r.ephemeral and "I don't know the card 'banana'" in r.text
    await h.slash(alice, "tricks bid", amount=1)
    r = await h.slash(alice, "tricks bid", amount=2)
    assert r.ephemeral and "sealed until every bid is in" in r.text


def test_cards_are_read_as_codes_or_names() -> None:
    assert card_code("r13") == "R13" and card_code("Green 5") == "G5"
    assert card_code("13 blue") == "B13" and card_code("Vulper 20") == "R20"
    assert card_code("R21") is None
    assert parse_cards("R9, g12") == ["R9", "G12"]
    assert parse_cards("red 9 and blue 10") == ["R9", "B10"]
    assert parse_cards("red 9 green 12") == ["R9", "G12"]
    with pytest.raises(IllegalAction):
        parse_cards("purple 3")


async def _bid_until_the_ditch(h: Harness, *people: FakeUser) -> None:
    """Everyone pinged makes their own pick from ``/tricks move`` (bids apart, so the rows
    are taken quickly) until the table asks for the ditch."""
    for _ in range(60):
        table = await table_of(h)
        if table.state.phase == "ditch":
            return
        for k, user in enumerate(people):
            if user.id in boards(h)[-1].mentions:
                moves = await h.autocomplete(user, "tricks move", "action", "")
                r = await h.slash(user, "tricks move", action=moves[min(k, len(moves) - 1)]["value"])
                assert r.text.startswith("Done:"), r.text
                break
    raise AssertionError("the ditch never came")


async def test_the_ditch_menu_lets_a_player_pick_only_the_ditches_left(h: Harness) -> None:
    """Issue 14: the menu let a player pick two cards when one ditch was left."""
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await open_tricks(h, alice, bob, carol, bots=0)
    await _bid_until_the_ditch(h, alice, bob, carol)
    panel = (await h.click(alice, boards(h)[-1], "My hand / act")).message
    (menu,) = [s for s in panel.selects() if s["custom_id"].startswith("parley:batch:")]
    assert "Ditch 2 cards" in menu["placeholder"]
    assert menu["max_values"] == 2 and len(menu["options"]) == 12
    await h.select(alice, panel, [menu["options"][0]["value"]], custom_id=menu["custom_id"])
    assert panel.content.startswith("Done: Ditch"), panel.content
    (menu,) = [s for s in panel.selects() if s["custom_id"].startswith("parley:batch:")]
    assert "Ditch 1 card," in menu["placeholder"]
    assert menu["max_values"] == 1 and len(menu["options"]) == 11


async def test_the_ditch_command_offers_pairs_only_while_two_cards_are_left(h: Harness) -> None:
    """With one card ditched, typing a card and a space offers no second card: the pair
    would be refused at its second step."""
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await open_tricks(h, alice, bob, carol, bots=0)
    await _bid_until_the_ditch(h, alice, bob, carol)
    first = await h.autocomplete(alice, "tricks ditch", "cards", "")
    pairs = await h.autocomplete(alice, "tricks ditch", "cards", first[0]["value"] + " ")
    assert pairs and all(" + " in c["name"] for c in pairs)
    r = await h.slash(alice, "tricks ditch", cards=first[0]["value"])
    assert r.text.startswith("Done:"), r.text
    second = await h.autocomplete(alice, "tricks ditch", "cards", first[1]["value"] + " ")
    assert not any(" + " in c["name"] for c in second), second
    r = await h.slash(alice, "tricks ditch", cards=first[1]["value"])
    assert r.text.startswith("Done:"), r.text
