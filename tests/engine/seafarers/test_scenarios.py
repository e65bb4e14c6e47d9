"""The scenario machinery: the ``scenario`` option, the player count picking the board, a
count a scenario does not play refused at start, and each scenario's target, pieces and
rules text (engine/seafarers/scenario_rules.py)."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction
from engine.seafarers import GAME
from engine.seafarers import rules as R
from engine.seafarers import scenario_rules as SR
from engine.seafarers.scenarios import layout
from engine.seafarers.state import SCHEMA
from engine.table import LOBBY, Table
from tests.contract import canon

from .helpers import act, give, island_hexes, lay, main_hexes, main_state, sea_edges_at


def test_the_scenario_option_lists_each_playable_scenario_and_starts_new_shores() -> None:
    opt = GAME.options["scenario"]
    assert opt.values == tuple(SR.SCENARIOS)
    assert opt.values[:3] == ("classic", "new_shores", "four_islands")
    assert opt.default == "new_shores"
    assert GAME.setup(3, {}, "default").scenario == "new_shores"
    with pytest.raises(ValueError, match="allowed: classic, new_shores, four_islands"):
        GAME.setup(3, {"scenario": "grand_catan"}, "s")


@pytest.mark.parametrize(("sid", "n", "board"), [
    ("four_islands", 3, "four_islands_3p"),
    ("four_islands", 4, "four_islands_4p"),
    ("new_shores", 3, "new_shores"),
    ("new_shores", 4, "new_shores"),
    ("classic", 3, "classic"),
    ("classic", 4, "classic"),
    ("oceans", 3, "oceans_3p"),
    ("oceans", 4, "oceans_4p"),
    ("through_the_desert", 3, "through_the_desert_3p"),
    ("through_the_desert", 4, "through_the_desert_4p"),
    ("new_world", 3, "new_world_3p"),
    ("new_world", 4, "new_world_4p"),
    ("great_crossing", 4, "great_crossing_4p"),
    ("greater_catan", 4, "greater_catan_4p"),
])
def test_the_player_count_picks_the_3_or_4_player_board(sid: str, n: int, board: str) -> None:
    s = GAME.setup(n, {"scenario": sid}, "count")
    assert s.layout == board
    assert len(s.terrain) == len(layout(board).hexes)


@pytest.fixture
def four_only(monkeypatch):
    """A scenario of 4 players only (as The Great Crossing will be), offered by the option."""
    rules = SR.ScenarioRules(id="four_only", name="Four Only", source="test",
                             layouts={4: "four_islands_4p"}, target=12)
    monkeypatch.setitem(SR.SCENARIOS, "four_only", rules)
    opt = GAME.options["scenario"]
    monkeypatch.setattr(GAME, "options", {"scenario": type(opt)(
        (*opt.values, "four_only"), opt.default, opt.help)})
    return rules


def test_a_table_of_3_in_a_4_player_scenario_is_refused_at_start_naming_its_counts(
    four_only,
) -> None:
    with pytest.raises(IllegalAction, match="Four Only is played by 4 players, not 3"):
        GAME.setup(3, {"scenario": "four_only"}, "s")
    with pytest.raises(ValueError):  # the Game contract's error for a setup it cannot do
        GAME.setup(3, {"scenario": "four_only"}, "s")
    t = Table.new(GAME, "chan", "u1", "Anne", {"scenario": "four_only"}, seed="t")
    t.join(GAME, "u2", "Bart")
    t.join(GAME, "u3", "Cora")
    before = (t.status, t.version, t.state)
    with pytest.raises(IllegalAction) as refused:  # cogs/errors.py shows its reason
        t.start(GAME, 0.0)
    assert "played by 4 players" in refused.value.reason
    assert (t.status, t.version, t.state) == before == (LOBBY, before[1], None)
    t.join(GAME, "u4", "Dirk")
    t.start(GAME, 0.0)
    assert t.state.layout == "four_islands_4p"


@pytest.mark.parametrize(("sid", "target"), [
    ("classic", 10), ("new_shores", 13), ("four_islands", 12), ("oceans", 12),
    ("through_the_desert", 12), ("new_world", 12), ("great_crossing", 13),
    ("greater_catan", 18)])
def test_each_scenario_is_won_at_its_own_target(sid: str, target: int) -> None:
    """catan-base.md "The end": 10 in the base game; seafarers.txt: New Shores "13 Victory
    Points", The Four Islands "12 VPs", Greater Catan "18 VPs"; The Great Crossing gives
    none: 13 (the shared scenario README)."""
    for n in SR.SCENARIOS[sid].players:
        s = GAME.setup(n, {"scenario": sid}, "target")
        assert s.target == target and GAME.view(s, None)["target"] == target


def test_pieces_per_player_come_from_the_scenario() -> None:
    """5 settlements, 4 cities, 15 roads (catan-base.md "Pieces"); 15 ships with Seafarers;
    none in the classic game; Greater Catan: "5 villages, 8 cities, 15 roads and 15
    ships"."""
    for sid, ships, cities in (("classic", 0, 4), ("new_shores", 15, 4),
                               ("four_islands", 15, 4), ("oceans", 15, 4),
                               ("through_the_desert", 15, 4), ("new_world", 15, 4),
                               ("great_crossing", 15, 4), ("greater_catan", 15, 8)):
        s = GAME.setup(4, {"scenario": sid}, "pieces")
        left = GAME.view(s, None)["players"][0]["left"]
        assert left == {"settlement": 5, "city": cities, "road": 15, "ship": ships}


@pytest.mark.parametrize("sid", list(SR.SCENARIOS))
def test_game_rules_prints_the_scenarios_special_rules_and_target(sid: str) -> None:
    sr = SR.SCENARIOS[sid]
    text = GAME.rules_text({"scenario": sid})
    assert sr.name in text and f"first to {sr.target} victory points" in text
    for line in sr.lines:
        assert line in text


def test_a_saved_new_shores_game_of_schema_1_loads_and_plays_on() -> None:
    """A game saved before the scenarios (schema 1) loads: New Shores' layout, its homes
    and the special victory point it already earned (which it does not earn twice)."""
    s = main_state(seed="old")
    b = s.board
    home = next(c for h in main_hexes(s) for c in b.hex_corners[h])
    s.buildings[home] = [0, 1]
    spots = [c for h in island_hexes(s) for c in b.hex_corners[h]]
    first = spots[0]
    s.buildings[first] = [0, 1]
    s.special[0] = 1
    old = GAME.dump(s)
    old["schema"] = 1
    for name in ("layout", "homes", "reached", "extra"):
        del old[name]
    loaded = GAME.load(json.loads(canon(old)))
    assert loaded.layout == "new_shores" and loaded.homes[0] == [3]
    assert len(loaded.reached[0]) == 1
    assert GAME.dump(loaded)["schema"] == SCHEMA
    # a second small island brings nothing more
    second = next(c for c in spots if R.distance_ok(loaded, b, c) and sea_edges_at(loaded, c))
    lay(loaded, 0, sea_edges_at(loaded, second)[0], "ship")
    give(loaded, 0, wood=1, brick=1, wool=1, grain=1)
    act(loaded, 0, "settlement", c=second)
    assert loaded.special[0] == 1
