"""The custom ids Parley emits, byte for byte (issue 23).

A button or a menu already posted in Discord carries its custom id for good: a restarted
bot answers it only if some registered template still matches it and rebuilds the same
id from it. So the templates, the builders and the ids they make are fixed; this is the
golden list, written down before cogs/ was sorted into folders, and it must not change.

Three checks: the templates the started bot registers (``DynamicItem`` classes, found on
the bot as Discord's clicks find them, whatever module holds them) are exactly these
patterns; a sample id of every kind matches its template and is rebuilt unchanged by the
class that answers it (``from_custom_id``); and the functions that build ids for the
messages (the panel, the turn and lobby messages, the clock menus, the guide) produce
exactly these strings.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from cogs.base.config import Config
from cogs.bot import create_bot
from cogs.look.actions import encode, token
from cogs.look.custom_ids import (
    act_id,
    batch_id,
    clockbank_id,
    clockset_id,
    do_id,
    guide_id,
    log_button,
    log_id,
    me_page_id,
    my_games_button,
    options_button,
    optionset_id,
    plan_id,
    step_id,
    steps_id,
    table_button,
    table_id,
    take_back_button,
)
from engine.core import Action
from tests.cogs.test_command_tree import Uploads, _offline

_SEAT = r"(?P<key>[0-9]+):(?P<seat>[0-9]+):(?P<moves>[0-9]+)"

#: every template the bot registers, by the name of the class that answers it
TEMPLATES: dict[str, str] = {
    "TableButton": r"parley:(?P<kind>hand|rules|join|leave|addai|start|clock):(?P<key>[0-9]+)",
    "ActionSelect": r"parley:act:" + _SEAT + r":(?P<part>[0-9]+)",
    "ActionButton": r"parley:do:" + _SEAT + r":(?P<value>.+)",
    "BatchSelect": r"parley:batch:" + _SEAT + r":(?P<finish>.+)",
    "StepButton": r"parley:step:" + _SEAT + r":(?P<path>[\w.]*)",
    "StepSelect": r"parley:steps:" + _SEAT + r":(?P<part>[0-9]+)",
    "PlanButton": r"parley:plan:" + _SEAT + r":(?P<path>[\w.]+)",
    "ClockSelect": r"parley:clockset:(?P<key>[0-9]+):(?P<field>remind|limit|timeout|forced)",
    "ClockBankSelect": r"parley:clockbank:(?P<key>[0-9]+)",
    "TableOptionsButton": r"parley:options:(?P<key>[0-9]+)",
    "TableOptionsSelect": r"parley:optionset:(?P<key>[0-9]+)",
    "GuideButton": r"parley:guide:(?P<game>[a-z0-9-]+):(?P<page>[a-z0-9]+)"
                   r":(?P<options>-|[0-9a-z]*)",
    "ReplayButton": r"parley:replay:(?P<key>[0-9]+):(?P<who>b|s[0-9]):(?P<step>[0-9]+)"
                    r":(?P<tag>[fbnl])",
    "ChapterSelect": r"parley:replayat:(?P<key>[0-9]+):(?P<who>b|s[0-9])",
    "WhoSelect": r"parley:replaywho:(?P<key>[0-9]+):(?P<step>[0-9]+)",
    "GifButton": r"parley:replaygif:(?P<key>[0-9]+)",
    "HistoryButton": r"parley:history:(?P<key>[0-9]+):(?P<page>[0-9]+):(?P<tag>[fbnl])",
    "UndoButton": r"parley:undo:(?P<key>[0-9]+):(?P<vote>yes|no):(?P<seq>[0-9]+)"
                  r":(?P<seat>[0-9]+):(?P<code>[0-9a-f]{10}):(?P<until>[0-9]+)"
                  r":(?P<agreed>[0-9]+)",
    "TableLogButton": r"parley:(?P<kind>replayopen|historyopen|undoask|undosure)"
                      r":(?P<key>[0-9]+)",
    "TakeBackButton": r"parley:takeback:(?P<key>[0-9]+):(?P<seat>[0-9]+):(?P<seq>[0-9]+)"
                      r":(?P<code>[0-9a-f]{10})",
    "ForgetButton": r"parley:forget:(?P<user>[0-9]+)",
    "MyGamesButton": r"parley:mygames:(?P<key>[0-9]+)",
    "MyGamesPageButton": r"parley:me:(?P<page>[0-9]+):(?P<tag>[fbnl])",
}

#: ids of every kind, as Discord sends them back on a click
SAMPLES: dict[str, list[str]] = {
    "TableButton": [f"parley:{kind}:42" for kind in
                    ("hand", "rules", "join", "leave", "addai", "start", "clock")],
    "ActionSelect": ["parley:act:42:1:7:0", "parley:act:42:0:0:3"],
    "ActionButton": ['parley:do:42:1:7:{"args":{"amount":3},"kind":"bid"}',
                     "parley:do:42:1:7:#623b239474f5"],
    "BatchSelect": ["parley:batch:42:1:7:-", 'parley:batch:42:2:9:{"args":{},"kind":"confirm"}'],
    "StepButton": ["parley:step:42:1:7:", "parley:step:42:1:7:t.x2.0_c3_1"],
    "StepSelect": ["parley:steps:42:1:7:0", "parley:steps:42:1:7:2"],
    "PlanButton": ["parley:plan:42:1:7:o.g.wood_brick"],
    "ClockSelect": [f"parley:clockset:42:{field}" for field in
                    ("remind", "limit", "timeout", "forced")],
    "ClockBankSelect": ["parley:clockbank:42"],
    "TableOptionsButton": ["parley:options:42"],
    "TableOptionsSelect": ["parley:optionset:42"],
    "GuideButton": ["parley:guide:neuroshima:overview:-", "parley:guide:all-hands:decisions2:0a1",
                    "parley:guide:seafarers:options:"],
    "ReplayButton": ["parley:replay:42:b:0:f", "parley:replay:42:s3:17:l",
                     "parley:replay:42:b:5:b", "parley:replay:42:s0:6:n"],
    "ChapterSelect": ["parley:replayat:42:b", "parley:replayat:42:s1"],
    "WhoSelect": ["parley:replaywho:42:17"],
    "GifButton": ["parley:replaygif:42"],
    "HistoryButton": ["parley:history:42:3:n", "parley:history:42:1:f"],
    "UndoButton": ["parley:undo:42:yes:12:1:0123456789:1700000000:5",
                   "parley:undo:42:no:12:1:abcdef0123:1700000000:0"],
    "TableLogButton": [f"parley:{kind}:42" for kind in
                       ("replayopen", "historyopen", "undoask", "undosure")],
    "TakeBackButton": ["parley:takeback:42:1:12:0123456789"],
    "ForgetButton": ["parley:forget:123456789012345678"],
    "MyGamesButton": ["parley:mygames:42"],
    "MyGamesPageButton": ["parley:me:1:f", "parley:me:3:n", "parley:me:2:b", "parley:me:9:l"],
}


@pytest.fixture
async def registered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                     ) -> AsyncIterator[dict[str, Any]]:
    """The dynamic item classes the started bot answers clicks with, by class name."""
    monkeypatch.setattr(aiohttp.ClientSession, "_request", _offline)
    monkeypatch.setattr(aiohttp.ClientSession, "ws_connect", _offline)
    bot = create_bot(Config(token=None, db_path=str(tmp_path / "parley.db"), dev_guild=None,
                            seed="ids"))
    monkeypatch.setattr(bot.http, "request", Uploads().request)
    try:
        await bot.login("offline")
        found = bot._connection._view_store._dynamic_items
        yield {cls.__name__: (pattern, cls) for pattern, cls in found.items()}
    finally:
        await bot.close()


async def test_the_bot_registers_exactly_the_golden_templates(registered: dict) -> None:
    assert sorted(registered) == sorted(TEMPLATES)
    for name, (pattern, _) in registered.items():
        assert pattern.pattern == TEMPLATES[name], name


def _item(custom_id: str) -> Any:
    """What discord.py hands ``from_custom_id``: the component as sent (a menu's options)."""
    return SimpleNamespace(custom_id=custom_id, options=[discord.SelectOption(label="x")],
                           max_values=1)


async def test_every_sample_id_is_answered_and_rebuilt_byte_for_byte(registered: dict) -> None:
    for name, samples in SAMPLES.items():
        pattern, cls = registered[name]
        for sample in samples:
            matched = [n for n, (p, _) in registered.items() if p.fullmatch(sample)]
            assert matched == [name], (sample, matched)
            found = pattern.fullmatch(sample)
            assert found is not None, sample
            item = await cls.from_custom_id(None, _item(sample), found)
            assert item.custom_id == sample, name


def test_the_builders_write_the_golden_ids() -> None:
    bid = Action("bid", {"amount": 3}, "Bid 3")
    assert table_id("hand", 42) == "parley:hand:42"
    assert table_button("join", 42).custom_id == "parley:join:42"
    assert table_button("clock", 7).custom_id == "parley:clock:7"
    assert act_id(42, 1, 7, 0) == "parley:act:42:1:7:0"
    assert do_id(42, 1, 7, encode(bid)) == 'parley:do:42:1:7:{"args":{"amount":3},"kind":"bid"}'
    assert do_id(42, 1, 7, token(bid)) == "parley:do:42:1:7:#623b239474f5"
    assert batch_id(42, 1, 7, "-") == "parley:batch:42:1:7:-"
    assert step_id(42, 1, 7, "") == "parley:step:42:1:7:"
    assert step_id(42, 1, 7, "t.x2.0_c3_1") == "parley:step:42:1:7:t.x2.0_c3_1"
    assert steps_id(42, 1, 7, 2) == "parley:steps:42:1:7:2"
    assert plan_id(42, 1, 7, "o.g.wood") == "parley:plan:42:1:7:o.g.wood"
    assert clockset_id(42, "forced") == "parley:clockset:42:forced"
    assert clockbank_id(42) == "parley:clockbank:42"
    assert options_button(42).custom_id == "parley:options:42"
    assert optionset_id(42) == "parley:optionset:42"
    assert log_id("replayopen", 42) == "parley:replayopen:42"
    assert log_button("undosure", 42).custom_id == "parley:undosure:42"
    assert guide_id("all-hands", "overview", "-") == "parley:guide:all-hands:overview:-"
    assert my_games_button(42).custom_id == "parley:mygames:42"
    assert me_page_id(3, "n") == "parley:me:3:n"
    assert take_back_button(42, 1, 12, "0123456789").custom_id == \
        "parley:takeback:42:1:12:0123456789"


def test_a_custom_id_fits_discords_100_characters() -> None:
    longest = do_id(2**53, 5, 10**6, "#" + "f" * 12)
    assert len(longest) <= 100
    assert len(take_back_button(2**53, 5, 10**9, "f" * 10).custom_id) <= 100
    assert re.fullmatch(TEMPLATES["ActionButton"], longest)
