"""``/game new``: each game shows only its own options (issue 14).

``/game new`` is a group of one command per game, ``/game new sewer-pirats``: the options a
player sees while typing are that game's, with their values in words, so another game's
option cannot be given by mistake. The rare rules options (Neuroshima's rules questions) go
in the ``options`` text, on the commands of the games that have them.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from tests.cogs.flows import table_of
from tests.cogs.harness import Harness

#: Discord's limits on a command: 25 options, names of 1-32 lower-case characters,
#: descriptions and choice names of at most 100 characters, 25 choices
OPTIONS_MAX = 25
TEXT_MAX = 100


def new_commands(h: Harness) -> dict[str, Any]:
    """What Discord is given for ``/game new``: its commands by name, as sent at sync."""
    game = h.bot.tree.get_command("game").to_dict(h.bot.tree)
    (new,) = [o for o in game["options"] if o["name"] == "new"]
    assert new["type"] == 2, "a subcommand group"
    return {c["name"]: c for c in new["options"]}


def own_options(game_id: str) -> set[str]:
    return {name for name, spec in engine.get_game(game_id).options.items()
            if not spec.advanced}


async def test_there_is_one_new_command_per_game_with_only_its_own_options(h: Harness) -> None:
    commands = new_commands(h)
    assert set(commands) == set(engine.GAMES)
    for game_id, command in commands.items():
        names = {o["name"] for o in command["options"]}
        extra = {"options"} if len(own_options(game_id)) < len(engine.get_game(game_id).options) \
            else set()
        assert names == own_options(game_id) | {"thread"} | extra, game_id
    assert {o["name"] for o in commands["sewer-pirats"]["options"]} == {"variant", "thread"}
    assert "options" in {o["name"] for o in commands["neuroshima"]["options"]}
    assert "options" not in {o["name"] for o in commands["all-hands"]["options"]}


async def test_option_values_are_offered_in_words_with_the_default(h: Harness) -> None:
    commands = new_commands(h)
    (scenario,) = [o for o in commands["seafarers"]["options"] if o["name"] == "scenario"]
    words = {c["name"]: c["value"] for c in scenario["choices"]}
    # in the game's own words (its guide's), with the players each takes
    assert words["New Shores, 3 or 4 players"] == "new_shores"
    assert words["Through the Desert, 3 or 4 players"] == "through_the_desert"
    assert words["The Great Crossing, 4 players"] == "great_crossing"
    assert "(default: New Shores, 3 or 4 players)" in scenario["description"]
    assert "new_shores" not in scenario["description"]
    (rounds,) = [o for o in commands["pirate-tricks"]["options"] if o["name"] == "rounds"]
    assert [c["value"] for c in rounds["choices"]] == [3, 4, 5] and rounds["type"] == 4


async def test_each_new_command_says_which_game_it_opens_in_plain_english(h: Harness) -> None:
    commands = new_commands(h)
    assert commands["all-hands"]["description"].startswith(
        "Open an All Hands on Deck! table here (2-6 players)")
    assert commands["seafarers"]["description"].startswith("Open a Catan: Seafarers table")


async def test_every_new_command_keeps_within_discords_limits(h: Harness) -> None:
    for name, command in new_commands(h).items():
        assert 1 <= len(name) <= 32 and name == name.lower()
        assert len(command["description"]) <= TEXT_MAX
        assert len(command["options"]) <= OPTIONS_MAX
        for option in command["options"]:
            assert len(option["name"]) <= 32 and len(option["description"]) <= TEXT_MAX
            assert len(option.get("choices") or []) <= 25
            assert all(len(c["name"]) <= TEXT_MAX for c in option.get("choices") or [])


@pytest.mark.parametrize("game_id, options, shown", [
    ("all-hands", {"longer": True, "round_limit": 50}, "Longer: the longer game"),
    ("pirate-tricks", {"rounds": 4}, "Rounds: 4"),
    ("sewer-pirats", {"variant": "auction"}, "Variant: Crew Member Auction"),
    ("seafarers", {"scenario": "four_islands"}, "Scenario: The Four Islands"),
    ("neuroshima", {"armies": "moloch-pirates"}, "Armies: first seat Moloch, second Pirates"),
])
async def test_each_game_opens_a_table_with_its_options(
    h: Harness, game_id: str, options: dict[str, Any], shown: str
) -> None:
    alice = h.user("alice")
    r = await h.slash(alice, f"game new {game_id}", **options)
    assert "Your table is open" in r.text, r.text
    table = await table_of(h)
    assert table.game_id == game_id
    assert all(table.options[k] == v for k, v in options.items())
    assert shown in h.posts()[-1].text


async def test_the_rules_options_text_is_only_where_a_game_has_rules_options(
    h: Harness,
) -> None:
    alice = h.user("alice")
    r = await h.slash(alice, "game new neuroshima", options="grab_hq=false")
    assert "Your table is open" in r.text, r.text
    assert (await table_of(h)).options["grab_hq"] is False


async def test_an_unknown_game_is_not_a_command(h: Harness) -> None:
    alice = h.user("alice")
    r = await h.slash(alice, "game new cutlass")
    assert r.ephemeral and "Try again" in r.text
    assert await table_of(h) is None
