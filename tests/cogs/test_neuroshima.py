"""Neuroshima Hex! in a Discord channel: a whole game through ``/hex`` commands against an AI
seat, every choice taken from the autocomplete lists, and the battles told phase by phase;
and by clicks (issues 14 and 22): the HQ, a usual turn planned and played in five
interactions, every legal placement within reach of the planner's clicks."""

from __future__ import annotations

import copy
import json
import random
import re

import engine
from cogs.games.neuroshima import ADAPTER
from cogs.games.neuroshima_plan import compose
from engine.core import Action
from engine.neuroshima.board import LABELS, STANDARD
from render.neuroshima.board import header_of
from tests.cogs.flows import boards, table_of
from tests.cogs.harness import FakeUser, Harness, Msg
from tests.engine.neuroshima.helpers import PIRATES, playing, put

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
    final = boards(h)[-1]
    # the reason, each captain named (a person by a mention, a computer player in bold)
    said = ".+?".join(re.escape(part) for part in re.split(r"\{p\d+\}", result["reason"]))
    assert re.search(said, final.content), final.content
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


# -- placing by clicks (issues 14 and 22) ----------------------------------------------------


async def _snapshot(h: Harness) -> tuple[int, list[int], int]:
    table = await table_of(h)
    log = await h.bot.store.history(table.key, limit=10_000)
    return table.version, list(table.seat_moves), len(log)


class Clicks:
    """A person's clicks and menu picks, counted: the interactions of a turn (issue 22)."""

    def __init__(self, h: Harness, user: FakeUser) -> None:
        self.h, self.user, self.n = h, user, 0

    async def click(self, msg: Msg, label: str) -> Msg:
        self.n += 1
        return (await self.h.click(self.user, msg, label)).message

    async def pick(self, msg: Msg, placeholder: str, label: str) -> None:
        """Pick the option ``label`` in the menu whose placeholder starts ``placeholder``."""
        menu = next(m for m in msg.selects() if m["placeholder"].startswith(placeholder))
        value = next(o["value"] for o in menu["options"] if o["label"] == label)
        self.n += 1
        await self.h.select(self.user, msg, [value], custom_id=menu["custom_id"])


async def test_the_hq_is_placed_by_clicks_turned_as_suggested_then_confirmed(
        h: Harness) -> None:
    alice = h.user("alice")
    await open_hex(h, alice)
    # the HQs go down before the first turn: the board says so, never a turn numbered 0 or
    # below (the engine counts the HQ placements as turn -2)
    assert "Placing the HQs" in header_of(GAME.view((await table_of(h)).state, None)).info
    panel = (await h.click(alice, boards(h)[-1], "My hand / act")).message
    before, posts = await _snapshot(h), len(h.posts())

    await h.click(alice, panel, "Place your HQ…")
    assert panel.content.startswith("**Place your HQ**: Pick the space"), panel.content
    (menu,) = panel.selects()
    assert [o["label"] for o in menu["options"]] == [f"W{i} (Water)" for i in range(1, 13)]
    assert "step.png" in panel.files

    # the space picked, the HQ is turned as suggested and can be confirmed at once
    await h.select(alice, panel, ["hq.W3"])
    compass = [[b["label"] for b in row["components"]] for row in panel.components[:2]]
    assert compass == [["NW", "N", "NE"], ["SW", "S", "SE"]]
    assert panel.has_item("✅ Confirm") and "turned the way we suggest" in panel.content

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
    # once both HQs stand, the first turn is turn 1
    assert header_of(table.view(GAME, None)).info == "Turn 1"


async def _holding_three(h: Harness, alice: FakeUser) -> list[str]:
    """Alice's HQ down, her first tile kept: on her next turn she holds 3 and must discard
    one before anything else (rules/neuroshima.md 2.2). Her hand, in order."""
    await open_hex(h, alice)
    assert (await h.slash(alice, "hex place", tile="HQ", space="W1", rotation=0)).text \
        .startswith("Done:")
    assert (await h.slash(alice, "hex end")).text.startswith("Done:")
    table = await table_of(h)
    assert table.state["phase"] == "discard" and table.state["turn"] == 0
    return list(table.view(GAME, 0)["hands"][0])


async def test_a_usual_turn_takes_five_interactions_discard_two_tiles_placed_and_end(
        h: Harness) -> None:
    """Issue 22: My hand / act, the tile to discard, a space for each of the two others
    (each turned as suggested), Confirm: End your turn. Nothing is played before it."""
    alice = h.user("alice")
    hand = await _holding_three(h, alice)
    assert hand == ["p_bossman", "p_motorboat", "p_smuggler"]  # the harness's fixed seed
    before = await _snapshot(h)
    me = Clicks(h, alice)
    panel = await me.click(boards(h)[-1], "My hand / act")
    assert panel.has_item("Discard Motorboat…")
    await me.click(panel, "Discard Motorboat…")
    assert panel.content.startswith("**Your turn**: Planned, not played yet: discard "
                                    "Motorboat."), panel.content
    assert not panel.has_item("✅ Confirm: End your turn")  # a tile first: nothing to confirm
    await me.pick(panel, "Place Smuggler", "c2")
    assert "Planned, not played yet: discard Motorboat; Smuggler on c2, top edge" \
        in panel.content
    assert "`c2` Smuggler (Alice)" in panel.text  # the picture's twin shows it planned
    await me.pick(panel, "Place Bossman", "d3")
    assert "Bossman on d3" in panel.content
    assert panel.has_item("Boarding: a battle, then your turn ends")
    assert await _snapshot(h) == before  # planned, not played
    await me.click(panel, "✅ Confirm: End your turn")
    assert me.n == 5
    assert panel.content.startswith("Done: Discard Motorboat; Place Smuggler on c2, top "
                                    "edge"), panel.content
    assert "; End your turn" in panel.content
    table = await table_of(h)
    log = await h.bot.store.history(table.key, limit=10_000)
    assert [e.action.kind for e in log if e.seat == 0][-4:] == ["discard", "place", "place",
                                                                 "end"]
    board = {u["space"]: u for u in table.view(GAME, None)["board"] if u["owner"] == 0}
    assert board["c2"]["tile"] == "p_smuggler" and board["d3"]["tile"] == "p_bossman"


async def test_the_arrows_turn_the_tile_placed_and_back_cancel_play_nothing(
        h: Harness) -> None:
    alice = h.user("alice")
    await _holding_three(h, alice)
    before = await _snapshot(h)
    me = Clicks(h, alice)
    panel = await me.click(boards(h)[-1], "My hand / act")
    await me.click(panel, "Discard Bossman…")
    await me.pick(panel, "Discard another tile instead", "Discard Motorboat")
    assert "Planned, not played yet: discard Motorboat." in panel.content
    await me.pick(panel, "Place Smuggler", "c4")
    await me.click(panel, "S")
    assert "Smuggler on c4, top edge S." in panel.content
    # the space can still be changed (the tile turned as suggested there)
    await me.pick(panel, "Put Smuggler on another space", "b2")
    assert "Smuggler on b2" in panel.content and "Smuggler on c4" not in panel.content
    await me.click(panel, "Back")
    assert panel.content.startswith("**Your turn**: Planned, not played yet: discard "
                                    "Motorboat."), panel.content
    await me.click(panel, "Cancel")
    assert "It is your turn" in panel.content and panel.has_item("Discard Bossman…")
    assert await _snapshot(h) == before


async def test_discarding_at_once_then_ending_the_turn_by_clicks(h: Harness) -> None:
    """To place nothing: the panel's menu discards at once, then End your turn."""
    alice = h.user("alice")
    await _holding_three(h, alice)
    me = Clicks(h, alice)
    panel = await me.click(boards(h)[-1], "My hand / act")
    await me.pick(panel, "Discard at once", "Discard Smuggler")
    assert panel.content.startswith("Done: Discard Smuggler"), panel.content
    await me.click(panel, "End your turn")
    assert me.n == 3
    table = await table_of(h)
    log = await h.bot.store.history(table.key, limit=10_000)
    assert [e.action.kind for e in log if e.seat == 0][-2:] == ["discard", "end"]


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


# -- every placement within reach of the clicks (issue 22) ------------------------------------


def _reached_by_clicks(view: dict, actions: list[Action], starts: list[str],
                       most: int = 1) -> dict[tuple[str, ...], set[Action]]:
    """Every placement the planner offers to confirm, found by following every button and
    menu pick from the panel's ``starts``, planning at most ``most`` tiles: the discard
    planned (a path) -> the placements a Confirm of that plan would play."""
    found: dict[tuple[str, ...], set[Action]] = {}
    seen, todo = set(), list(starts)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        step = ADAPTER.step(view, actions, path)
        assert step is not None, path
        confirmed = [*step.moves, *step.plan]
        discard = tuple(str(a.args["tile"]) for a in confirmed if a.kind == "discard")
        found.setdefault(discard, set()).update(a for a in confirmed if a.kind == "place")
        for pick in [*step.buttons, *(p for m in step.menus for p in m.picks)]:
            if pick.path.count("_") <= 3 * most:  # a tile placed is "0_c3_1" (or "_b")
                todo.append(pick.path)
    return found


def test_every_legal_placement_after_each_discard_is_reachable_by_clicks() -> None:
    """Holding 3 (a Bossman among them, for Boarding): for each tile discarded, every
    placement the engine allows afterwards, each space and each facing, can be planned and
    confirmed by clicks; and the planner offers nothing the engine would refuse."""
    s = playing(hands=[["p_bossman", "p_harpoon", "p_smuggler"], []])
    s["phase"], s["turn_no"] = "discard", 4
    put(s["board"], "c4", "m_guard", 1, 0)
    view, actions = GAME.view(s, PIRATES), GAME.legal_actions(s, PIRATES)
    starts = [p.path for p in ADAPTER.panel(view, actions).steps]
    found = _reached_by_clicks(view, actions, starts)
    for tile in view["hands"][PIRATES]:
        after = GAME.clone(s)
        GAME.apply(after, PIRATES, Action("discard", {"tile": tile}))
        legal = {a for a in GAME.legal_actions(after, PIRATES) if a.kind == "place"}
        assert len(legal) > 25  # more than one menu could hold
        assert found[(tile,)] == legal, tile


def test_every_legal_placement_in_the_play_phase_is_reachable_by_clicks() -> None:
    s = playing(hands=[["p_bossman", "p_motorboat"], []])
    view, actions = GAME.view(s, PIRATES), GAME.legal_actions(s, PIRATES)
    panel = ADAPTER.panel(view, actions)
    assert [p.label for p in panel.steps] == ["Place Bossman or Motorboat…"]
    found = _reached_by_clicks(view, actions, [p.path for p in panel.steps])
    assert found[()] == {a for a in actions if a.kind == "place"}


def test_a_tile_that_fills_the_board_ends_the_plan_and_the_turn_goes_on() -> None:
    """Section 2.5: the board full, a battle starts and the active player continues the
    turn; the planner stops there, offering that placement with its battle previewed."""
    s = playing(hands=[["p_smuggler", "p_helmsman"], []])
    for i in STANDARD:
        if s["board"][i] is None and LABELS[i] != "a1":
            put(s["board"], LABELS[i], "m_blocker", 1)
    view, actions = GAME.view(s, PIRATES), GAME.legal_actions(s, PIRATES)
    step = ADAPTER.step(view, actions, "t.1_a1_0")  # the Smuggler, the last free space
    assert [a.label for a in step.moves] == ["Place Smuggler on a1, top edge N"]
    assert not step.plan and not any(m.placeholder.startswith("Place") for m in step.menus)
    assert "a battle, and your turn goes on" in step.prompt


def test_the_tile_is_turned_towards_what_it_reaches_and_the_menu_says_so() -> None:
    s = playing(hands=[["p_smuggler"], []])  # the Moloch HQ stands on c3
    view, actions = GAME.view(s, PIRATES), GAME.legal_actions(s, PIRATES)
    step = ADAPTER.step(view, actions, "t")
    (menu,) = [m for m in step.menus if m.placeholder.startswith("Place Smuggler")]
    c4 = next(p for p in menu.picks if p.label == "c4")
    assert "reaches Moloch HQ (c3)" in c4.description
    placed = ADAPTER.step(view, actions, c4.path)
    assert [a.label for a in placed.moves] == [a.label for a in placed.plan[:1]]
    assert placed.plan[-1].label == "End your turn"


def test_a_move_instant_is_composed_unit_then_destination_then_facing() -> None:
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
    # moved, the unit keeps its facing unless turned with the arrows
    kept = compose(view, actions, "p_move.c2.c1")
    assert len(kept.buttons) == 6 and kept.marks == ("c2", "c1")
    assert [m.label for m in kept.moves] == ["Move Smuggler on c2: to c1, top edge N"]
    whole = compose(view, actions, "p_move.c2.c1.3")
    assert [m.label for m in whole.moves] == ["Move Smuggler on c2: to c1, top edge S"]
    # turning it where it stands: its own facing is not a move, nor is one suggested
    stay = compose(view, actions, "p_move.c2.c2")
    assert "N" not in [b.label for b in stay.buttons] and len(stay.buttons) == 5
    assert not stay.moves
    assert compose(view, actions, "p_battle") is None
