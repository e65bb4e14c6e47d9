"""The guide a newcomer learns from (issue 14: "Rules a newcomer can learn from"): one private
message per ``/game rules`` or **Rules** click, with a button per page (Overview, A turn, the
game's cards / tiles / costs, Scoring and the end, Our decisions, Table options), each page
within one embed, the pages turned in place, after a restart too, and nothing in it that
depends on a table's hidden state.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import discord
import pytest

import engine
from cogs.look.actions import encode
from cogs.look.guide import decode_options, encode_options, guide_message
from engine.guide import PAGE_KEYS, TITLES, guide_text, pages
from engine.seafarers.game import rules_markdown
from engine.seafarers.rules import COST
from engine.seafarers.scenario_rules import SCENARIOS
from tests.cogs.flows import boards, table_of
from tests.cogs.harness import OTHER_CHANNEL_ID, FakeUser, Harness, Msg

GAME = engine.get_game("all-hands")
#: Discord's limits of one embed and of the components of one message
EMBED_DESCRIPTION = 4096
EMBED_TITLE = 256
EMBED_TOTAL = 6000
CUSTOM_ID = 100
BUTTONS = 25


async def open_game(h: Harness, host: FakeUser, game: str, *others: FakeUser,
                    bots: int = 0, start: bool = True, **options: Any) -> None:
    """``host`` opens a table of ``game`` with ``options``; the others join, AI seats are
    added, and the host starts it. ``/game new`` names the game as an option or, once it
    has a subcommand per game, as the subcommand."""
    new = next(c for c in h.bot.tree.get_command("game").commands if c.name == "new")
    if isinstance(new, discord.app_commands.Group):
        r = await h.slash(host, f"game new {game}", **options)
    else:
        r = await h.slash(host, "game new", game=game, **options)
    assert "Your table is open" in r.text, r.text
    for user in others:
        await h.slash(user, "game join")
    for _ in range(bots):
        await h.slash(host, "game add-bot", level="random")
    if start:
        assert "The game begins" in (await h.slash(host, "game start")).text


def _page_title(msg: Msg) -> str:
    (embed,) = msg.embeds
    return embed["title"]


def _buttons(msg: Msg) -> list[dict[str, Any]]:
    return [i for i in msg.items() if i.get("type") == 2]


def _all_guides() -> list[tuple[str, dict[str, Any]]]:
    """Every game with its default options, every Seafarers scenario, and both values of
    every option of the other games (the pages that change with them)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for gid, game in sorted(engine.GAMES.items()):
        out.append((gid, {}))
        for name, spec in game.options.items():
            out += [(gid, {name: v}) for v in spec.values if v != spec.default]
    return out


async def test_game_rules_is_one_private_message_whose_buttons_turn_its_pages(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_game(h, alice, "all-hands", bob)
    r = await h.slash(alice, "game rules")
    assert len(r.messages) == 1 and r.ephemeral, "one private message"
    guide = r.message
    assert len(guide.embeds) == 1
    assert _page_title(guide) == "All Hands on Deck!: Overview"
    labels = [b["label"] for b in _buttons(guide)]
    assert labels == ["Overview", "A turn", "Cards", "Scoring and the end",
                      "Our decisions (1/2)", "Our decisions (2/2)", "Table options"]
    assert guide.item("Overview").get("disabled"), "the page shown is not a button to press"
    for label in labels[1:]:
        r = await h.click(alice, guide, label)
        assert [m.id for m in r.messages] == [guide.id], "the same message shows the page"
        assert _page_title(guide) == f"All Hands on Deck!: {label}"
        assert guide.item(label).get("disabled")
        assert len(_buttons(guide)) == len(labels)
    await h.click(alice, guide, "A turn")
    assert "Brothers Before the Mast" in guide.text and "Pirate Cheat" in guide.text


async def test_the_lobby_rules_button_shows_the_guide_of_the_tables_scenario(
    h: Harness,
) -> None:
    """Seafarers had no costs and no turn outline: its guide has both, and the pages of
    the table's scenario (issue 14)."""
    alice = h.user("alice")
    await open_game(h, alice, "seafarers", start=False, scenario="oceans")
    lobby = h.posts()[-1]
    r = await h.click(h.user("bob"), lobby, "Rules")
    guide = r.message
    assert guide.ephemeral and _page_title(guide) == "Catan: Seafarers: Overview"
    assert "Oceans" in guide.text and "face-down stack" in guide.text
    await h.click(alice, guide, "A turn")
    assert "**Roll**" in guide.text and "On a 7" in guide.text and "Ships" in guide.text
    await h.click(alice, guide, "Costs and cards")
    wood, brick, wool, grain, ore = COST["ship"]
    assert f"Ship: {wood} wood, {wool} wool" in guide.text
    assert "City (replaces a settlement): 2 grain, 3 ore" in guide.text
    await h.click(alice, guide, "Scoring and the end")
    assert "**12** victory points" in guide.text
    await h.click(alice, guide, "Table options")
    assert "now **Oceans, 3 or 4 players**" in guide.text


async def test_a_guide_without_a_table_shows_the_defaults_and_any_game_can_be_read(
    h: Harness,
) -> None:
    carol = h.user("carol")
    r = await h.slash(carol, "game rules", channel=OTHER_CHANNEL_ID, game="neuroshima")
    guide = r.message
    assert guide.ephemeral and _page_title(guide) == "Neuroshima Hex! (Pirates vs Moloch): Overview"
    assert "Tiles (1/2)" in [b["label"] for b in _buttons(guide)]
    await h.click(carol, guide, "Tiles (1/2)")
    assert "**Harpoon** x2" in guide.text and "Grab" in guide.text
    await h.click(carol, guide, "Table options (1/3)")
    assert "default **first seat Pirates, second Moloch**" in guide.text
    assert "now **" not in guide.text


async def test_an_unknown_game_is_refused_with_the_games_there_are(h: Harness) -> None:
    r = await h.slash(h.user("dave"), "game rules", channel=OTHER_CHANNEL_ID, game="chess")
    assert r.ephemeral and "Unknown game 'chess'" in r.text and "seafarers" in r.text
    assert not any(m.embeds for m in r.messages)


async def test_the_guide_buttons_work_after_a_restart(h: Harness) -> None:
    alice = h.user("alice")
    await open_game(h, alice, "pirate-tricks", bots=2)
    guide = (await h.slash(alice, "game rules")).message
    old = Msg(copy.deepcopy(guide.payload))
    await h.restart()
    assert not h.bot._connection._view_store.is_message_tracked(guide.id)
    r = await h.click(alice, old, "Scoring and the end")
    assert _page_title(r.message) == "Pirate Tricks: Scoring and the end"
    assert "after round 3 the most loon wins" in r.message.text


async def test_the_guide_shows_nothing_of_a_tables_state_only_its_game_and_options(
    h: Harness,
) -> None:
    """Two players at different moments of a game get the very same guide, which is the
    guide made from the game and the table's options alone: no hand, no move, no score
    can reach it."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_game(h, alice, "all-hands", bob, longer=True)

    async def every_page(user: FakeUser) -> list[tuple[str, str]]:
        guide = (await h.slash(user, "game rules")).message
        shown = []
        for button in _buttons(guide):
            await h.click(user, guide, button["custom_id"])
            (embed,) = guide.embeds
            shown.append((embed["title"], embed["description"]))
        return shown

    first = await every_page(alice)
    moves = 0
    for _ in range(12):  # moves: hands change, cards are bid, won and discarded
        table = await table_of(h)
        waiting = bob if bob.id in boards(h)[-1].mentions else alice
        action = GAME.legal_actions(table.state, table.seat_of(str(waiting.id)))[-1]
        r = await h.slash(waiting, "ahod move", action=encode(action))
        assert r.text.startswith("Done"), r.text
        moves += 1
    assert moves == 12 and (await table_of(h)).status == "playing"
    later = await every_page(bob)
    assert first == later
    options = (await table_of(h)).options
    made = [(f"All Hands on Deck!: {p.title}", p.body) for p in pages("all-hands", options)]
    assert [(t, d.split("\n\n**Playing here**")[0]) for t, d in first] == made


@pytest.mark.parametrize(("game_id", "options"), _all_guides(),
                         ids=lambda v: v if isinstance(v, str) else
                         ",".join(f"{k}={x}" for k, x in v.items()) or "defaults")
def test_every_page_of_every_game_and_scenario_fits_one_embed(
    game_id: str, options: dict[str, Any],
) -> None:
    """Every page within one embed (4,096 characters of description), a readable length
    (engine.guide.PAGE_BUDGET), all six kinds of page present, and the buttons within
    Discord's limits, for the guide of a table and the one read without a table."""
    found = pages(game_id, options)
    kinds = {p.key.rstrip("0123456789") for p in found}
    assert kinds == set(PAGE_KEYS), f"missing pages: {set(PAGE_KEYS) - kinds}"
    for table_options in (options, None):
        for page in pages(game_id, table_options):
            message = guide_message(game_id, table_options, page.key)
            embed: discord.Embed = message["embed"]
            assert len(embed.description or "") <= EMBED_DESCRIPTION
            assert len(embed.description or "") <= 3000 + 400  # the budget, and "Playing here"
            assert len(embed.title or "") <= EMBED_TITLE and len(embed) <= EMBED_TOTAL
            assert embed.title.endswith(page.title)
            items = message["view"].children
            assert len(items) <= BUTTONS
            assert all(len(i.custom_id) <= CUSTOM_ID for i in items)


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_our_decisions_keep_every_decision_the_rules_text_listed(game_id: str) -> None:
    game = engine.get_game(game_id)
    scenarios = list(SCENARIOS) if game_id == "seafarers" else [None]
    for scenario in scenarios:
        options = {} if scenario is None else {"scenario": scenario}
        text = "\n".join(p.body for p in pages(game_id, options) if p.key.startswith("decisions"))
        if scenario is not None:
            listed = rules_markdown(scenario).split("**Decisions of ours", 1)[1]
            decisions = [ln[2:] for ln in listed.splitlines() if ln.startswith("- ")]
        else:
            decisions = list(__import__(type(game).__module__.rpartition(".")[0] + ".decisions",
                                        fromlist=["DECISIONS"]).DECISIONS)
        assert decisions
        for decision in decisions:
            assert f"- {decision}" in text, decision


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_table_options_list_every_option_with_its_value_now_in_words(game_id: str) -> None:
    game = engine.get_game(game_id)
    chosen = {n: s.values[-1] for n, s in game.options.items()}
    text = "\n".join(p.body for p in pages(game_id, chosen) if p.key.startswith("options"))
    for name, spec in game.options.items():
        assert spec.help[:40] in text, name
    assert text.count("- **") == len(game.options)
    assert text.count("now **") == len(game.options)
    shown = re.findall(r"^- \*\*.+?\*\*: now \*\*(.+?)\*\* \(default (.+?)\)(?:;| \(the only)",
                       text, re.MULTILINE)
    assert len(shown) == len(game.options)
    assert not [v for pair in shown for v in pair if "_" in v], "values in words"


@pytest.mark.parametrize(("game_id", "options", "page", "says", "not_said"), [
    ("neuroshima", {"tavern_ends_turn": False}, "turn", "the Tavern (the turn goes on)",
     "the Tavern (the turn then ends)"),
    ("neuroshima", {"tiebreak_extra_battle": False}, "scoring", "Tied: the game is a draw",
     "one more battle"),
    ("neuroshima", {"armies": "moloch-pirates"}, "overview",
     "the first seat plays **Moloch**", "the first seat plays **Pirates**"),
    ("all-hands", {"longer": True, "round_limit": 50}, "scoring", "the longer game",
     "the short game**"),
    ("pirate-tricks", {"rounds": 5}, "scoring", "after round 5 the most loon wins", "round 3"),
    ("sewer-pirats", {"variant": "landlubber"}, "pieces", "no special abilities",
     "**Tribe abilities**"),
    ("seafarers", {"scenario": "classic"}, "pieces", "Road Building (2): two free roads\n",
     "Ship:"),
], ids=["tavern", "tie-break", "armies", "longer", "rounds", "landlubber", "classic"])
def test_the_guide_follows_the_tables_options(
    game_id: str, options: dict[str, Any], page: str, says: str, not_said: str,
) -> None:
    """A table's guide describes the game it plays, not only the standard one."""
    body = next(p.body for p in pages(game_id, options) if p.key == page)
    assert says in body and not_said not in body


def test_the_page_buttons_carry_the_tables_options() -> None:
    """A guide button holds the options in its id, so a click needs no table: every value
    of every option survives the round trip; a guide without a table stays one."""
    for gid, game in engine.GAMES.items():
        for name, spec in game.options.items():
            for value in spec.values:
                options = {**{n: s.default for n, s in game.options.items()}, name: value}
                assert decode_options(gid, encode_options(gid, options)) == options
        assert decode_options(gid, encode_options(gid, None)) is None


def test_the_console_reads_the_same_guide_as_plain_text() -> None:
    text = guide_text("seafarers", {"scenario": "new_shores"})
    for key in PAGE_KEYS[:2] + PAGE_KEYS[3:]:
        assert f"\n{TITLES[key]}\n" in text
    assert "Costs and cards" in text and "Settlement: 1 wood, 1 brick, 1 wool, 1 grain" in text
    assert "**" not in text and "`" not in text
