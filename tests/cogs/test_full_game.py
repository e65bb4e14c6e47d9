"""THE end-to-end test: a whole game of All Hands on Deck! played in a Discord channel.

Two people and an AI captain. Alice plays only with slash commands (``/ahod bid``,
``/ahod pass``, ``/ahod discard``, ``/ahod done``, ``/ahod choose``, ``/ahod move``), picking
from what autocomplete offers her; Bob plays only with the buttons and menus of the turn
message and his private panel. Each of them acts when the turn message mentions them, as
people would. The game runs to its end; along the way the board is posted after every
auction, hands arrive by DM, and at the end the result is announced.
"""

from __future__ import annotations

import json
import random
import re

import engine
from cogs.look.messages import mention
from tests.cogs.harness import CHANNEL_ID, FakeUser, Harness, Msg

MAX_TURNS = 3000
ROUND = re.compile(r"round (\d+)")


def board_posts(h: Harness) -> list[Msg]:
    return [m for m in h.posts(CHANNEL_ID) if "board.png" in m.files]


async def alice_acts(h: Harness, alice: FakeUser, rng: random.Random) -> None:
    """Slash commands only; every choice comes from an autocomplete list."""
    moves = await h.autocomplete(alice, "ahod move", "action", "")
    assert moves, "Alice was mentioned but has no legal move"
    labels = [c["name"] for c in moves]
    kinds = {json.loads(c["value"])["kind"] for c in moves}
    if "bid_add" in kinds and rng.random() < 0.6:
        cards = await h.autocomplete(alice, "ahod bid", "cards", "")
        pick = rng.choice(cards)
        if rng.random() < 0.3:  # two cards in one command: a batch of steps
            more = await h.autocomplete(alice, "ahod bid", "cards", pick["value"] + " ")
            pick = rng.choice(more[1:] or more)
        r = await h.slash(alice, "ahod bid", cards=pick["value"])
    elif "pass" in kinds or "forfeit" in kinds:
        r = await h.slash(alice, "ahod pass")
    elif "discard_done" in kinds:
        if rng.random() < 0.3 and "discard" in kinds:
            cards = await h.autocomplete(alice, "ahod discard", "cards", "")
            r = await h.slash(alice, "ahod discard", cards=rng.choice(cards)["value"])
        else:
            r = await h.slash(alice, "ahod done")
    elif kinds & {"resolve", "mermaid_keep", "give", "tribute", "king_keep", "king_done",
                  "plunder", "eight", "cutpurse", "cutpurse_none", "brawl", "cheat_keep",
                  "cheat_keep_none", "honor_keep"}:
        options = await h.autocomplete(alice, "ahod choose", "card", "")
        assert {o["name"] for o in options} <= set(labels)
        r = await h.slash(alice, "ahod choose", card=rng.choice(options)["value"])
    else:
        pick = rng.choice([c for c in moves if "Pirate Cheat" not in c["name"]] or moves)
        r = await h.slash(alice, "ahod move", action=pick["value"])
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
    assert buttons or menus, "Bob was mentioned but his panel offers nothing"
    names = [b["label"] for b in buttons]
    if batches and rng.random() < 0.5:
        batch = batches[0]
        values = [o["value"] for o in batch["options"]]
        picked = rng.sample(values, k=min(len(values), rng.choice((1, 1, 2))))
        r = await h.select(bob, panel, picked, custom_id=batch["custom_id"])
    elif buttons and (not menus or rng.random() < 0.6):
        pass_or_done = [n for n in names if n.startswith(("Pass", "Done", "Forfeit"))]
        r = await h.click(bob, panel, rng.choice(pass_or_done or names))
    else:
        options = [o for o in menus[0]["options"] if "Pirate Cheat" not in o["label"]]
        choice = rng.choice(options or menus[0]["options"])
        r = await h.select(bob, panel, [choice["value"]], custom_id=menus[0]["custom_id"])
    assert r.messages and r.message.id == panel.id, "the panel is updated in place"
    assert panel.content.startswith("Done:"), panel.content


async def test_a_whole_game_of_all_hands_on_deck_in_a_channel(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await h.slash(alice, "game new", game="all-hands", round_limit=50)
    await h.slash(bob, "game join")
    await h.slash(alice, "game add-bot", level="easy")
    start = await h.slash(alice, "game start")
    assert "The game begins" in start.text
    # the welcome DM, which became the hand message (or a new one, for whoever must act)
    assert all(h.dms(u)[-1].has_hand for u in (alice, bob))

    rng = random.Random(2024)
    for _ in range(MAX_TURNS):
        turn = board_posts(h)[-1]
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

    final = board_posts(h)[-1]
    table = await h.bot.store.latest(str(CHANNEL_ID))
    assert table.status == "finished"
    result = engine.get_game("all-hands").result(table.state)
    names = [s.name for s in table.seats]
    # the reason names each player by their mention (persons) or bold name (AIs)
    reason = re.sub(r"\{p(\d+)\}", lambda m: mention(table, int(m.group(1))),
                    result["reason"])
    assert "Game over" in final.content and reason in final.content
    winners = {table.seats[s].player for s in result["winners"]}
    assert {str(u) for u in final.mentions} == {w for w in winners if w is not None}
    for s in result["winners"]:
        assert (f"<@{table.seats[s].player}>" if table.seats[s].player else names[s]) \
            in final.content

    # Each player's rating change follows the game-over board, once (issue 15).
    rated = [p for p in h.posts(CHANNEL_ID) if p.content.startswith("**Ratings**")]
    assert len(rated) == 1, [p.content for p in rated]
    for name in names:
        assert re.search(rf"^{re.escape(name)}: \d+\.\d → \d+\.\d \([+-]\d+\.\d\)$",
                         rated[0].content, re.M), rated[0].content

    # Private news stayed private: no "You bid..." or "You pulled..." in the channel.
    for post in h.posts(CHANNEL_ID):
        assert not re.search(r"\bYou (bid|pulled|keep|drew)\b|Your Mermaid", post.text), post.text

    # Names are filled in everywhere: no engine placeholder reached anyone.
    for msg in h.rec.messages.values():
        assert not re.search(r"\{p\d+\}|\{name\}", msg.text + json.dumps(msg.components)), \
            msg.text

    # The board was posted after every auction: each round has its own board post.
    rounds = sorted({int(m.group(1)) for p in board_posts(h) for e in p.embeds
                     if (m := ROUND.search(e.get("title", "")))})
    last_round = table.view(engine.get_game("all-hands"), None)["round"]
    assert rounds == list(range(1, last_round + 1))
    assert all(p.images and p.images[0].startswith(b"\x89PNG") for p in board_posts(h))

    # A new DM with the hand when a turn came (the older ones point to the newest), and
    # the last one shows the hand at the end, image and text (issue 14, "Fewer DMs").
    for user in (alice, bob):
        dms = h.dms(user)
        assert len(dms) >= last_round // 2
        assert all("hand" in m.text.lower() for m in dms)
        assert dms[-1].has_hand and "Game over" in dms[-1].text

    # Everything went through the action log: replaying it rebuilds the final state.
    game = engine.get_game("all-hands")
    replayed = await h.bot.store.replay(table.key)
    assert game.dump(replayed) == game.dump(table.state)
