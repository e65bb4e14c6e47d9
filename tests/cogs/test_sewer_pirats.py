"""Sewer Pirats in a Discord channel, through discord.py's own objects (the offline harness).

Alice plays only with ``/sewer`` slash commands, picking from what autocomplete offers;
Bob plays only with the buttons and menus of his private panel; a computer pirat takes the
third seat. Each person acts when the turn message mentions them, choosing as a sensible
player would (the heuristic pirat's choice, found in the lists the bot offers).
"""

from __future__ import annotations

import json
import random
import re

import engine
from cogs.look.actions import encode, token
from cogs.look.messages import mention
from engine.core import Action
from engine.sewer_pirats.ai import ai_action
from tests.cogs.flows import boards, table_of
from tests.cogs.harness import CHANNEL_ID, FakeUser, Harness, Msg

GAME = engine.get_game("sewer-pirats")
MAX_TURNS = 1500


async def open_sewer(h: Harness, host: FakeUser, *others: FakeUser, bots: int = 1,
                     variant: str = "standard") -> None:
    r = await h.slash(host, "game new", game="sewer-pirats", variant=variant)
    assert "Your table is open" in r.text, r.text
    for user in others:
        await h.slash(user, "game join")
    for _ in range(bots):
        await h.slash(host, "game add-bot", level="easy")
    r = await h.slash(host, "game start")
    assert "The game begins" in r.text, r.text


async def intended(h: Harness, user: FakeUser, rng: random.Random) -> Action:
    table = await table_of(h)
    seat = table.seat_of(str(user.id))
    action = ai_action(table.state, seat, rng, "easy")
    assert action is not None
    return action


def _is(value: str, action: Action) -> bool:
    if value.startswith("#"):
        return value == token(action)
    return Action.from_dict(json.loads(value)) == action


async def _pick(h: Harness, user: FakeUser, command: str, option: str, typed: str,
                want: Action) -> str:
    offered = await h.autocomplete(user, command, option, typed)
    found = [c["value"] for c in offered if _is(c["value"], want)]
    assert found, f"{want} not offered by /{command} for {typed!r}: {offered}"
    return found[0]


async def alice_acts(h: Harness, alice: FakeUser, rng: random.Random) -> None:
    """Slash commands only; every choice comes from an autocomplete list."""
    want = await intended(h, alice, rng)
    kind, args = want.kind, dict(want.args)
    if kind == "draw":
        if args["take"] == ["deck", "deck"]:
            r = await h.slash(alice, "sewer draw")
        else:
            value = await _pick(h, alice, "sewer draw", "take", "", want)
            r = await h.slash(alice, "sewer draw", take=value)
    elif kind == "move":
        typed = f"{args['tribe']} {args['ship']} {args['to']}"
        r = await h.slash(alice, "sewer figure",
                          move=await _pick(h, alice, "sewer figure", "move", typed, want))
    elif kind == "captain":
        typed = f"{args['tribe']} {args['ship']}"
        r = await h.slash(alice, "sewer captain",
                          figure=await _pick(h, alice, "sewer captain", "figure", typed, want))
    elif kind == "sail":
        r = await h.slash(alice, "sewer sail")
    elif kind in ("seize", "stay", "leave"):
        r = await h.slash(alice, "sewer seize",
                          token=await _pick(h, alice, "sewer seize", "token", "", want))
    elif kind == "discard":
        r = await h.slash(alice, "sewer discard", cards=args["card"])
    elif kind in ("reveal", "no_reveal"):
        r = await h.slash(alice, "sewer snail", reveal=kind == "reveal")
    elif kind in ("end", "idle"):
        r = await h.slash(alice, "sewer done")
    elif kind == "start_bid":
        r = await h.slash(alice, "sewer hire", figure=str(args["figure"]), bid=args["bid"])
    elif kind == "raise":
        r = await h.slash(alice, "sewer bid", amount=args["bid"])
    elif kind == "pass":
        r = await h.slash(alice, "sewer pass")
    elif kind == "pay":
        r = await h.slash(alice, "sewer pay", cards=args["card"])
    else:
        r = await h.slash(alice, "sewer move",
                          action=await _pick(h, alice, "sewer move", "action", "", want))
    assert r.ephemeral, r.text
    assert r.text.startswith("Done:"), r.text


async def bob_acts(h: Harness, bob: FakeUser, turn: Msg, rng: random.Random) -> None:
    """Buttons and menus only: My hand / act on the turn message, then the private panel."""
    want = await intended(h, bob, rng)
    r = await h.click(bob, turn, "My hand / act")
    panel = r.message
    assert panel.ephemeral and panel.images, "the panel shows Bob's hand image"
    value = encode(want)
    buttons = [i for i in panel.items() if i.get("type") == 2
               and i["custom_id"].startswith("parley:do:")]
    pressed = [b for b in buttons if b["custom_id"].endswith(":" + value)
               or b["custom_id"].endswith(":" + token(want))]
    if pressed:
        r = await h.click(bob, panel, pressed[0]["custom_id"])
    else:
        menus = [s for s in panel.selects() if s["custom_id"].startswith("parley:act:")]
        found = [(s["custom_id"], o["value"]) for s in menus for o in s["options"]
                 if _is(o["value"], want)]
        assert found, f"{want} is neither a button nor in a menu of Bob's panel"
        r = await h.select(bob, panel, [found[0][1]], custom_id=found[0][0])
    assert r.messages and r.message.id == panel.id, "the panel is updated in place"
    assert panel.content.startswith("Done:"), panel.content


async def play_until(h: Harness, alice: FakeUser, bob: FakeUser, rng: random.Random,
                     stop: str = "over") -> None:
    for _ in range(MAX_TURNS):
        table = await table_of(h)
        if table.status != "playing" or (stop == "play" and table.state.phase == "play"):
            return
        turn = boards(h)[-1]
        waiting = turn.mentions & {alice.id, bob.id}
        assert waiting, f"the turn message pings nobody: {turn.content!r}"
        if alice.id in waiting:
            await alice_acts(h, alice, rng)
        else:
            await bob_acts(h, bob, turn, rng)
    raise AssertionError("the game did not end")


async def test_a_whole_game_of_sewer_pirats_with_commands_buttons_and_an_ai(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_sewer(h, alice, bob)
    # the welcome DM, which became the hand message (or a new one, for whoever must act)
    assert all(h.dms(u)[-1].has_hand for u in (alice, bob))
    await play_until(h, alice, bob, random.Random(7))

    table = await table_of(h)
    assert table.status == "finished"
    result = GAME.result(table.state)
    # the reason names each player by their mention (persons) or bold name (AIs)
    reason = re.sub(r"\{p(\d+)\}", lambda m: mention(table, int(m.group(1))),
                    result["reason"])
    final = boards(h)[-1]
    assert "Game over" in final.content and reason in final.content
    assert "**Game over:" in final.embeds[0]["description"]
    # every kind of action went through Discord
    kinds = {e.action.kind for e in await h.bot.store.history(table.key, limit=10_000)}
    assert {"draw", "move", "captain", "sail", "seize"} <= kinds
    # cards drawn from the deck are told privately, never in the channel
    for post in h.posts(CHANNEL_ID):
        assert "From the deck you draw" not in post.text
    dm_channels = {str(h.rec.dm_channels[u.id]) for u in (alice, bob)}
    dm_words = [json.dumps(c.body) for c in h.rec.calls
                if c.path.startswith("/channels/") and c.ids.get("channel_id") in dm_channels]
    assert any("From the deck you draw" in w for w in dm_words)
    # names are filled in everywhere: no engine placeholder reached anyone
    for msg in h.rec.messages.values():
        assert not re.search(r"\{p\d+\}|\{name\}", msg.text + json.dumps(msg.components))
    # boards are images with their text twin
    assert all(p.images and p.images[0].startswith(b"\x89PNG") for p in boards(h))
    assert all("Sewer Pirats" in p.embeds[0]["description"] for p in boards(h))
    # hands came by DM, image and text: a new DM when a turn came, edited in between; the
    # last one shows the hand at the end (issue 14, "Fewer DMs")
    for user in (alice, bob):
        assert len(h.dms(user)) >= 5
        hand = h.dms(user)[-1]
        assert hand.has_hand and "Talisman cards" in hand.text
    # the action log replays to the final state
    replayed = await h.bot.store.replay(table.key)
    assert GAME.dump(replayed) == GAME.dump(table.state)


async def test_the_crew_member_auction_is_played_with_hire_bid_pass_and_pay(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_sewer(h, alice, bob, variant="auction")
    first = boards(h)[0]
    assert "hiring the crew" in first.embeds[0]["title"]
    assert "The bar, front first (minimum bid)" in first.embeds[0]["description"]
    await play_until(h, alice, bob, random.Random(3), stop="play")
    table = await table_of(h)
    assert table.state.phase == "play" and all(len(t) == 4 for t in table.state.tribes)
    kinds = {e.action.kind for e in await h.bot.store.history(table.key, limit=10_000)}
    assert "start_bid" in kinds and kinds & {"pass", "raise"}


async def test_landlubbers_choose_their_tribe_and_refusals_say_what_is_possible(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_sewer(h, alice, bob, bots=0, variant="landlubber")
    offered = await h.autocomplete(alice, "sewer tribe", "tribe", "")
    assert [c["name"] for c in offered] == [
        "Lead the rats", "Lead the raccoons", "Lead the cockroaches", "Lead the weasels",
        "Lead the snails", "Lead the toads"]
    r = await h.slash(alice, "sewer tribe", tribe="toads")
    assert r.text.startswith("Done: Lead the toads"), r.text
    offered = await h.autocomplete(bob, "sewer tribe", "tribe", "")
    assert "Lead the toads" not in [c["name"] for c in offered]
    r = await h.slash(bob, "sewer tribe", tribe="toads")
    assert r.ephemeral and "I don't know that move" in r.text
    await h.slash(bob, "sewer tribe", tribe="rats")
    # a move Alice cannot pay for: the engine's reason and what she may do instead
    table = await table_of(h)
    hand = table.state.hands[0]
    ship = next(x for x, k in zip(("cat", "bird", "fish"), hand, strict=True) if k == 0) \
        if 0 in hand else None
    if ship is not None:
        r = await h.slash(alice, "sewer move",
                          action=json.dumps({"kind": "move", "args": {
                              "ship": ship, "tribe": "toad", "from": 0, "to": 1}}))
        assert r.ephemeral and "You may now: draw two cards" in r.text
    r = await h.slash(bob, "sewer draw")
    assert r.ephemeral and "It is another player's turn" in r.text


async def test_the_private_panel_offers_buttons_for_the_common_moves(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_sewer(h, alice, bob, bots=0)
    turn = boards(h)[-1]
    first = alice if alice.id in turn.mentions else bob
    r = await h.click(first, turn, "My hand / act")
    labels = [i.get("label") for i in r.message.items() if i.get("type") == 2]
    assert "Draw two cards from the deck" in labels
    menus = r.message.selects()
    assert menus and any("Move your" in o["label"] or "Draw" in o["label"]
                         for s in menus for o in s["options"])
    assert "Your hand: Sewer Pirats" in r.message.embeds[0]["title"]
