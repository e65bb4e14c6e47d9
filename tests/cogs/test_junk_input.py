"""Junk typed by people: deeply nested text and huge names get the usual polite answer,
bounded in length, and change nothing (the reliability issue, item 6).

A slash command's string option holds up to 6,000 characters: 1,000 levels of brackets fit
in it, and so does a "card name" as long as a page. Nothing typed may crash a command, and
no refusal may repeat the input in full; each still says what is allowed.
"""

from __future__ import annotations

import pytest
from discord import AppCommandOptionType, app_commands

from cogs.games import all_hands, pirate_tricks, seafarers
from cogs.look.actions import decode
from cogs.look.errors import user_message
from cogs.look.texts import UNKNOWN_MOVE
from engine.core import Action, IllegalAction, Option, resolve_options
from tests.cogs.flows import open_table, table_of
from tests.cogs.harness import Harness

#: the longest text Discord lets a string option carry
OPTION_MAX = 6000
MEGABYTE = 1_000_000
#: a refusal that quotes what was typed stays a readable sentence, far below a message
SHORT = 400


def nested(levels: int) -> str:
    """A move typed as JSON whose argument is ``levels`` lists deep."""
    return '{"kind":"pass","args":{"x":' + "[" * levels + "]" * levels + "}}"


def test_a_move_typed_a_thousand_brackets_deep_names_no_move() -> None:
    legal = [Action("pass", {}, "Pass")]
    assert decode(nested(1000), legal) is None
    assert decode(nested(100_000), legal) is None
    assert decode("[" * 1000 + "]" * 1000, legal) is None
    assert decode('{"kind":"pass","args":{}}', legal) == Action("pass")


async def test_a_deeply_nested_typed_move_gets_the_unknown_move_answer_and_changes_nothing(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    typed = nested(1000)
    assert len(typed) <= OPTION_MAX
    before = await table_of(h)
    for user in (alice, bob):
        r = await h.slash(user, "ahod move", action=typed)
        assert r.ephemeral and r.text == UNKNOWN_MOVE, r.text
    after = await table_of(h)
    assert (after.version, after.seat_moves) == (before.version, before.seat_moves)
    assert h.tree_errors and not any(isinstance(e, app_commands.CommandInvokeError)
                                     and isinstance(e.original, RecursionError)
                                     for e in h.tree_errors)


@pytest.mark.parametrize("parse, allowed", [
    (all_hands.parse_cards, "Write codes (ST5"),
    (pirate_tricks.parse_cards, "Write codes (R13"),
    (seafarers.parse_cards, "Write wood, brick, wool, grain or ore"),
], ids=["all-hands", "pirate-tricks", "seafarers"])
def test_a_megabyte_card_name_gets_a_short_refusal_that_says_what_is_allowed(
    parse, allowed: str
) -> None:
    with pytest.raises(IllegalAction) as refused:
        parse("q" * MEGABYTE)
    reason = refused.value.reason
    assert len(reason) < SHORT, len(reason)
    assert allowed in reason and "qqqq" in reason


async def test_a_card_name_as_long_as_discord_allows_gets_a_short_answer(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    before = await table_of(h)
    r = await h.slash(alice, "ahod bid", cards="q" * OPTION_MAX)
    assert r.ephemeral and "I don't know the card 'qqq" in r.text
    assert "Write codes" in r.text and len(r.text) < SHORT, len(r.text)
    assert (await table_of(h)).version == before.version


async def test_neuroshima_tiles_and_spaces_typed_at_length_get_short_answers(
    h: Harness,
) -> None:
    alice = h.user("alice")
    await h.slash(alice, "game new", game="neuroshima")
    await h.slash(alice, "game add-bot", level="easy")
    assert "The game begins" in (await h.slash(alice, "game start")).text
    r = await h.slash(alice, "hex place", tile="x" * OPTION_MAX, space="c3", rotation=0)
    assert r.ephemeral and "in your army; pick a tile" in r.text
    assert len(r.text) < SHORT, len(r.text)
    r = await h.slash(alice, "hex place", tile="HQ", space="y" * OPTION_MAX, rotation=0)
    assert r.ephemeral and "spaces are a1-e3 and W1-W12" in r.text
    assert len(r.text) < SHORT, len(r.text)


def test_an_unreadable_option_value_is_quoted_briefly() -> None:
    error = app_commands.TransformerError("w" * MEGABYTE, AppCommandOptionType.integer,
                                          app_commands.Transformer())
    text = user_message(error)
    assert text is not None and len(text) < SHORT and "as a whole number" in text


def test_options_typed_at_length_are_refused_briefly_with_what_is_allowed() -> None:
    spec = {"rounds": Option((3, 5), 3, "number of rounds")}
    with pytest.raises(ValueError) as refused:
        resolve_options(spec, {"rounds": "9" * MEGABYTE})
    assert len(str(refused.value)) < SHORT and "allowed: 3, 5" in str(refused.value)
    with pytest.raises(ValueError) as refused:
        resolve_options(spec, {"r" * MEGABYTE: 3})
    assert len(str(refused.value)) < SHORT and "the options are: rounds" in str(refused.value)


def test_any_refusal_reason_is_bounded_and_keeps_its_end() -> None:
    reason = "You may not do " + "that " * MEGABYTE + "; you may: pass."
    refused = IllegalAction(reason)
    assert len(refused.reason) <= 2000 and refused.reason.endswith("you may: pass.")
    assert refused.reason.startswith("You may not do that")
    assert str(refused) == refused.reason


@pytest.mark.parametrize("typed", ["999999999 wood", "9" * 5000 + " ore", "20 wool"])
def test_more_resource_cards_than_the_game_has_get_a_short_refusal(typed: str) -> None:
    """ "999999999 wood" once built a list of a billion cards, and a count of more than
    4,300 digits raised an internal error: the game has 19 of each resource."""
    with pytest.raises(IllegalAction) as refused:
        seafarers.parse_cards(typed)
    reason = refused.value.reason
    assert len(reason) < SHORT and "19" in reason, reason


def test_the_most_cards_of_one_resource_are_still_read() -> None:
    assert seafarers.parse_cards("19 wood, 1 ore") == ["wood"] * 19 + ["ore"]


@pytest.mark.parametrize("typed", ["q" * (OPTION_MAX - 2) + "=1", "q" * OPTION_MAX])
async def test_a_huge_option_name_at_game_new_gets_a_short_answer_and_opens_nothing(
    h: Harness, typed: str
) -> None:
    alice = h.user("alice")
    r = await h.slash(alice, "game new", game="neuroshima", options=typed)
    assert r.ephemeral and len(r.text) < SHORT, len(r.text)
    assert "qqqq" in r.text and await table_of(h) is None
