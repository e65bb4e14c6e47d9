"""The contract's small pieces: actions, options, names in texts, the seeded dice."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Action, Event, Option, Saved, fill_names, resolve_options, rng

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@given(st.text(min_size=1, max_size=12), st.dictionaries(st.text(max_size=6), json_values, max_size=4),
       st.text(max_size=20))
def test_an_action_survives_json_and_equality_ignores_the_label(kind, args, label) -> None:
    action = Action(kind, args, label)
    again = Action.from_dict(json.loads(json.dumps(action.to_dict())))
    assert again == action and hash(again) == hash(action) and again.label == label
    assert Action(kind, args, "another label") == action


def test_actions_with_other_args_differ() -> None:
    assert Action("bid_add", {"card": "ST5"}) != Action("bid_add", {"card": "ST6"})
    assert len({Action("pass"), Action("pass", {}, "Pass")}) == 1


def test_options_fill_defaults_and_refuse_what_is_not_allowed() -> None:
    spec = {"rounds": Option((3, 4, 5), 3, "Rounds")}
    assert resolve_options(spec, None) == {"rounds": 3}
    assert resolve_options(spec, {"rounds": 5}) == {"rounds": 5}
    with pytest.raises(ValueError, match="allowed: 3, 4, 5"):
        resolve_options(spec, {"rounds": 9})
    with pytest.raises(ValueError, match="the options are: rounds"):
        resolve_options(spec, {"round": 4})


def test_names_fill_placeholders_in_one_pass() -> None:
    names = ["Anne", "{p0}", "Cy"]
    assert fill_names("{p0} calls {p2} a Pirate Cheat", names) == "Anne calls Cy a Pirate Cheat"
    assert fill_names("{p1} bids", names) == "{p0} bids"  # a name is never filled again
    assert fill_names("{name} chooses", names, seat=2) == "Cy chooses"
    assert fill_names("{p7} waits", names, unknown="a captain") == "a captain waits"


def test_the_dice_depend_only_on_seed_and_counter() -> None:
    assert rng("s", 3).random() == rng("s", 3).random()
    assert rng("s", 3).random() != rng("s", 4).random()
    assert rng("s", 3).random() != rng("t", 3).random()


def test_events_say_who_they_are_for() -> None:
    assert Event("x", "public").public
    private = Event("y", "to you", frozenset({2}))
    assert not private.public and private.to_dict()["to"] == [2]


# -- Saved: a dataclass state's dump, its schema number and its upgrades -------------------


@dataclass
class _Ship:
    name: str
    crew: list[str]
    cached_speed: int = 0


def _add_crew(data: dict) -> dict:
    return {**data, "schema": 2, "crew": []}


def test_a_dump_carries_its_schema_and_loads_as_an_equal_copy() -> None:
    saved = Saved(_Ship, 2, "Ship", ("name", "crew"))
    ship = _Ship("Revenge", ["Anne"], cached_speed=9)
    data = saved.dump(ship)
    assert data == {"schema": 2, "name": "Revenge", "crew": ["Anne"]}
    back = saved.load(data)
    assert back == _Ship("Revenge", ["Anne"])
    back.crew.append("Mary")
    assert ship.crew == ["Anne"] and data["crew"] == ["Anne"]


def test_an_older_dump_is_upgraded_and_an_unknown_schema_refused_by_name() -> None:
    saved = Saved(_Ship, 2, "Ship", ("name", "crew"), {1: _add_crew})
    assert saved.load({"schema": 1, "name": "Ranger"}) == _Ship("Ranger", [])
    with pytest.raises(ValueError, match="Cannot load a Ship state of schema 7"):
        saved.load({"schema": 7, "name": "Ranger", "crew": []})
