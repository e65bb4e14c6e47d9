"""Neuroshima Hex! in a Discord channel: a whole game through ``/hex`` commands against an AI
seat, every choice taken from the autocomplete lists, and the battles told phase by phase."""

from __future__ import annotations

import copy
import json
import random
import re

import engine
from engine.neuroshima.board import LABELS
from engine.neuroshima.tiles import TILES
from tests.cogs.flows import boards, table_of
from tests.cogs.harness import FakeUser, Harness, Msg

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
        assert alice.id in turn.mentions, f"the turn message pings nobody: {turn.content!r}"
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
    # in words (issue 14); the advanced options only where they differ from the default
    assert "Drift rotation: None" in lobby and "Grab hq: no" in lobby
    assert "Tavern ends turn" not in lobby and "drift_rotation" not in lobby


async def test_an_unknown_option_value_in_the_text_is_refused_with_what_is_allowed(
        h: Harness) -> None:
    alice = h.user("alice")
    r = await h.slash(alice, "game new", game="neuroshima", options="net_cycles=sometimes")
    assert r.ephemeral and "allowed: all_netted, cancel" in r.text
    r = await h.slash(alice, "game new", game="neuroshima", options="grab_hq")
    assert r.ephemeral and "name=value" in r.text
    assert await table_of(h) is None


# -- placing by clicks (issue 14) -------------------------------------------------------------


async def _snapshot(h: Harness) -> tuple[int, list[int], int]:
    table = await table_of(h)
    log = await h.bot.store.history(table.key, limit=10_000)
    return table.version, list(table.seat_moves), len(log)


async def test_the_hq_is_placed_by_clicks_after_a_private_preview(h: Harness) -> None:
    alice = h.user("alice")
    await open_hex(h, alice)
    panel = (await h.click(alice, boards(h)[-1], "My hand / act")).message
    before, posts = await _snapshot(h), len(h.posts())

    await h.click(alice, panel, "Place your HQ…")
    assert panel.content.startswith("**Place your HQ**: Pick the space"), panel.content
    (menu,) = panel.selects()
    assert [o["label"] for o in menu["options"]] == [f"W{i} (Water)" for i in range(1, 13)]
    assert "step.png" in panel.files

    await h.select(alice, panel, ["hq.W3"])
    compass = [[b["label"] for b in row["components"]] for row in panel.components[:2]]
    assert compass == [["NW", "N", "NE"], ["SW", "S", "SE"]]
    assert not panel.has_item("✅ Confirm")

    await h.click(alice, panel, "SE")
    assert panel.has_item("✅ Confirm") and panel.ephemeral
    assert "Preview, not played yet: Place your HQ on W3, top edge SE." in panel.text
    assert "`W3` Pirates HQ (Alice): top edge SE" in panel.text
    assert panel.files["step.png"].startswith(b"\x89PNG")
    # nothing is played, posted or logged before Confirm
    assert await _snapshot(h) == before and len(h.posts()) == posts

    old = copy.deepcopy(panel.payload)
    r = await h.click(alice, panel, "✅ Confirm")
    assert r.message.id == panel.id
    assert panel.content.startswith("Done: Place your HQ on W3, top edge SE"), panel.content
    table = await table_of(h)
    hq = next(u for u in table.view(GAME, None)["board"] if u["owner"] == 0)
    assert (hq["space"], hq["rot"]) == ("W3", 2)
    # the same Confirm clicked again (a double click) is refused as out of date
    again = await h.click(alice, Msg(old), "✅ Confirm")
    assert "out of date" in again.text
    log = await h.bot.store.history(table.key, limit=10_000)
    assert [e.action.kind for e in log if e.seat == 0] == ["hq"]


async def test_a_tile_is_placed_by_tile_space_and_facing_buttons(h: Harness) -> None:
    alice = h.user("alice")
    await open_hex(h, alice)
    r = await h.slash(alice, "hex place", tile="HQ", space="W1", rotation=0)
    assert r.text.startswith("Done:"), r.text
    table = await table_of(h)
    tiles = [k for k in table.state["hands"][0]
             if TILES[k]["kind"] in ("unit", "module") and not TILES[k]["drift"]]
    assert tiles, table.state["hands"][0]
    name = TILES[tiles[0]]["name"]
    panel = (await h.click(alice, boards(h)[-1], "My hand / act")).message
    await h.click(alice, panel, f"Place {name}…")
    (menu,) = panel.selects()
    spaces = [o["label"] for o in menu["options"]]
    empty = [lab for lab in LABELS[:19]
             if all(u["space"] != lab for u in table.view(GAME, None)["board"])]
    assert spaces == empty
    await h.select(alice, panel, [o["value"] for o in menu["options"] if o["label"] == "c4"])
    await h.click(alice, panel, "S")
    assert f"Preview, not played yet: Place {name} on c4, top edge S." in panel.text
    # the space can still be changed, the facing is kept
    menu = panel.selects()[0]
    await h.select(alice, panel, [o["value"] for o in menu["options"] if o["label"] == "b2"])
    assert f"Preview, not played yet: Place {name} on b2, top edge S." in panel.text
    await h.click(alice, panel, "✅ Confirm")
    assert panel.content.startswith(f"Done: Place {name} on b2, top edge S"), panel.content
    table = await table_of(h)
    unit = next(u for u in table.view(GAME, None)["board"] if u["space"] == "b2")
    assert (unit["tile"], unit["owner"], unit["rot"]) == (tiles[0], 0, 3)


async def test_back_and_cancel_return_to_the_panel_and_play_nothing(h: Harness) -> None:
    alice = h.user("alice")
    await open_hex(h, alice)
    panel = (await h.click(alice, boards(h)[-1], "My hand / act")).message
    before = await _snapshot(h)
    await h.click(alice, panel, "Place your HQ…")
    await h.select(alice, panel, ["hq.W5"])
    await h.click(alice, panel, "N")
    await h.click(alice, panel, "Back")
    assert "Pick the facing" in panel.content and not panel.has_item("✅ Confirm")
    await h.click(alice, panel, "Cancel")
    assert "It is your turn" in panel.content and panel.has_item("Place your HQ…")
    assert await _snapshot(h) == before


async def test_a_placement_begun_before_a_restart_goes_on_after_it(h: Harness) -> None:
    alice = h.user("alice")
    await open_hex(h, alice)
    panel = (await h.click(alice, boards(h)[-1], "My hand / act")).message
    await h.click(alice, panel, "Place your HQ…")
    await h.restart()
    await h.select(alice, panel, ["hq.W7"])
    await h.click(alice, panel, "NE")
    await h.click(alice, panel, "✅ Confirm")
    assert panel.content.startswith("Done: Place your HQ on W7, top edge NE"), panel.content


def test_a_move_instant_is_composed_unit_then_destination_then_facing() -> None:
    from cogs.neuroshima import compose
    from tests.engine.neuroshima.helpers import PIRATES, playing, put

    s = playing(hands=[["p_move"], []])
    put(s["board"], "c2", "p_smuggler", PIRATES, 0)
    put(s["board"], "e2", "p_crocodile", PIRATES, 0)
    view, actions = GAME.view(s, PIRATES), GAME.legal_actions(s, PIRATES)
    first = compose(view, actions, "p_move")
    assert first.title == "Play Move" and first.prompt.startswith("Pick the unit to move")
    units = [p.label for m in first.menus for p in m.picks]
    assert units == ["c2: Smuggler", "e2: Crocodile"] and not first.moves
    where = compose(view, actions, "p_move.c2")
    assert where.prompt.startswith("Pick where it goes")
    destinations = [p.label for p in where.menus[-1].picks]
    assert "c2: stays, turned" in destinations and "c1" in destinations
    assert not any(d.startswith("c3") for d in destinations)  # the Moloch HQ stands there
    facing = compose(view, actions, "p_move.c2.c1")
    assert len(facing.buttons) == 6 and facing.marks == ("c2", "c1")
    whole = compose(view, actions, "p_move.c2.c1.3")
    assert [m.label for m in whole.moves] == ["Move Smuggler on c2: to c1, top edge S"]
    # turning it where it stands: its own facing is not a move
    stay = compose(view, actions, "p_move.c2.c2")
    assert "N" not in [b.label for b in stay.buttons] and len(stay.buttons) == 5
    assert compose(view, actions, "p_battle") is None
