"""Neuroshima Hex! in a Discord channel: a whole game through ``/hex`` commands against an AI
seat, every choice taken from the autocomplete lists, and the battles told phase by phase."""

from __future__ import annotations

import json
import random
import re

import engine
from tests.cogs.flows import boards, table_of
from tests.cogs.harness import FakeUser, Harness

GAME = engine.get_game("neuroshima")
MAX_TURNS = 600


async def open_hex(h: Harness, alice: FakeUser, **options) -> None:
    r = await h.slash(alice, "game new", game="neuroshima", **options)
    assert "Your table is open" in r.text, r.text
    await h.slash(alice, "game add-bot", level="easy")
    r = await h.slash(alice, "game start")
    assert "The game begins" in r.text, r.text


async def alice_acts(h: Harness, alice: FakeUser, rng: random.Random) -> str:
    moves = await h.autocomplete(alice, "hex move", "action", "")
    assert moves, "Alice was mentioned but has no legal move"
    kinds = {json.loads(c["value"])["kind"] for c in moves if c["value"].startswith("{")}
    tiles = await h.autocomplete(alice, "hex place", "tile", "")
    if tiles and ("hq" in kinds or rng.random() < 0.75):
        tile = rng.choice(tiles)["value"]
        spaces = await h.autocomplete(alice, "hex place", "space", "", tile=tile)
        assert spaces, f"no space offered for {tile}"
        r = await h.slash(alice, "hex place", tile=tile, space=rng.choice(spaces)["value"],
                          rotation=rng.randrange(6))
        kind = "place"
    elif kinds & {"choose", "drift_turn", "drift_keep"}:
        options = await h.autocomplete(alice, "hex choose", "option", "")
        r = await h.slash(alice, "hex choose", option=rng.choice(options)["value"])
        kind = "choose"
    elif "discard" in kinds and (kinds == {"discard"} or rng.random() < 0.1):
        options = await h.autocomplete(alice, "hex discard", "tile", "")
        r = await h.slash(alice, "hex discard", tile=rng.choice(options)["value"])
        kind = "discard"
    else:
        uses = await h.autocomplete(alice, "hex use", "action", "")
        if uses and rng.random() < 0.5:
            r = await h.slash(alice, "hex use", action=rng.choice(uses)["value"])
            kind = "use"
        else:
            r = await h.slash(alice, "hex end")
            kind = "end"
    assert r.ephemeral, r.text
    assert r.text.startswith("Done:"), r.text
    return kind


async def test_a_whole_game_of_neuroshima_through_hex_commands(h: Harness) -> None:
    alice = h.user("alice")
    await open_hex(h, alice)
    rng = random.Random(11)
    done: set[str] = set()
    for _ in range(MAX_TURNS):
        turn = boards(h)[-1]
        if "Game over" in turn.content:
            break
        assert alice.id in turn.pinged, f"the turn message pings nobody: {turn.content!r}"
        done.add(await alice_acts(h, alice, rng))
    else:
        raise AssertionError("the game did not end")
    table = await table_of(h)
    assert table.status == "finished"
    assert done >= {"place", "discard", "end"}
    result = GAME.result(table.state)
    names = [s.name for s in table.seats]
    final = boards(h)[-1]
    assert re.sub(r"\{p(\d+)\}", lambda m: names[int(m.group(1))], result["reason"]) \
        in final.content
    # every battle gets a fresh board post telling its phases, with the HQs in the title
    battles = table.state["battles"]
    assert battles >= 1
    told = [p for p in boards(h) if "Initiative" in p.content or "Drift:" in p.content]
    assert told
    pictured = [p for p in boards(h) if "battle.gif" in p.files]
    assert pictured and all(p.files["battle.gif"].startswith(b"GIF8") for p in pictured)
    titles = " ".join(e.get("title", "") for p in boards(h) for e in p.embeds)
    assert "HQs: Pirates" in titles
    for msg in h.rec.messages.values():
        assert not re.search(r"\{p\d+\}|\{name\}", msg.text + json.dumps(msg.components))
    # the last battle, step by step, for the whole channel
    r = await h.slash(alice, "hex battle")
    assert not r.ephemeral and f"**Battle {battles}**" in r.text
    gif = r.message.files["battle.gif"]
    assert gif.startswith(b"GIF8")


async def test_a_refused_placement_says_why(h: Harness) -> None:
    alice = h.user("alice")
    await open_hex(h, alice)
    r = await h.slash(alice, "hex battle")
    assert r.ephemeral and "No battle has been fought" in r.text
    r = await h.slash(alice, "hex place", tile="HQ", space="c3", rotation=0)
    assert not r.text.startswith("Done:")
    assert "You may now: place your HQ" in r.text
    r = await h.slash(alice, "hex place", tile="HQ", space="zz9", rotation=0)
    assert "There is no space 'zz9'" in r.text
    spaces = await h.autocomplete(alice, "hex place", "space", "", tile="hq")
    assert {c["value"] for c in spaces} == {f"W{i}" for i in range(1, 13)}
    r = await h.slash(alice, "hex place", tile="HQ", space="w3", rotation=2)
    assert r.text.startswith("Done:"), r.text


async def test_rules_options_are_set_by_name_in_the_options_text(h: Harness) -> None:
    alice = h.user("alice")
    r = await h.slash(alice, "game new", game="neuroshima",
                      options="drift_rotation=none, grab_hq=False")
    assert "Your table is open" in r.text, r.text
    table = await table_of(h)
    assert table.options["drift_rotation"] == "none" and table.options["grab_hq"] is False
    assert table.options["tavern_ends_turn"] is True  # the rest at their defaults
    lobby = h.posts()[-1].text
    assert "drift_rotation = none" in lobby and "tavern_ends_turn" not in lobby


async def test_an_unknown_option_value_in_the_text_is_refused_with_what_is_allowed(
        h: Harness) -> None:
    alice = h.user("alice")
    r = await h.slash(alice, "game new", game="neuroshima", options="net_cycles=sometimes")
    assert r.ephemeral and "allowed: all_netted, cancel" in r.text
    r = await h.slash(alice, "game new", game="neuroshima", options="grab_hq")
    assert r.ephemeral and "name=value" in r.text
    assert await table_of(h) is None


def test_game_new_keeps_within_discords_25_parameters() -> None:
    from cogs.game import _option_params

    params, *_ = _option_params(engine.GAMES)
    assert len(params) + 3 <= 25  # game, thread, options
    assert not {p.name for p in params} & {"drift_rotation", "grab_hq"}
