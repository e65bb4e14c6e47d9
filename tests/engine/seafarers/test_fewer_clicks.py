"""Issue 22, "Fewer clicks": the founding places named by their hexes and listed best first
(founding.py), and a discard on a 7 checked whole before any card of it goes
(discards.py; catan-base.md "Seven and the robber": "Every player with more than 7
resource cards discards half, rounded down, of his choice")."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.seafarers import GAME
from engine.seafarers.discards import discard_words, whole_discard
from engine.seafarers.founding import DOTS, best_first, dots, variety
from engine.seafarers.moves import start_words
from engine.seafarers.scenario_rules import SCENARIOS
from engine.seafarers.state import Phase

from .helpers import give, main_state


def test_a_number_has_as_many_dots_as_ways_two_dice_roll_it() -> None:
    ways = {n: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == n)
            for n in range(2, 13) if n != 7}
    assert ways == DOTS
    assert (DOTS[6], DOTS[8], DOTS[5], DOTS[9], DOTS[4], DOTS[10], DOTS[3], DOTS[11],
            DOTS[2], DOTS[12]) == (5, 5, 4, 4, 3, 3, 2, 2, 1, 1)


def test_a_place_has_the_dots_of_its_producing_hexes_and_none_of_desert_or_sea() -> None:
    s = GAME.setup(4, {"scenario": "classic"}, "dots")
    b = s.board
    for c in range(len(b.corners)):
        want = sum(DOTS[s.chips[h]] for h in b.corner_hexes[c]
                   if s.terrain[h] not in ("sea", "desert"))
        assert dots(s, c) == want
    desert = s.terrain.index("desert")
    c = b.hex_corners[desert][0]
    assert dots(s, c) == sum(DOTS.get(s.chips[h], 0) for h in b.corner_hexes[c]
                             if h != desert)


def test_the_founding_list_is_best_first_by_dots_then_variety() -> None:
    s = GAME.setup(4, {}, "best first")
    listed = [a.args["c"] for a in GAME.legal_actions(s, 0)]
    keys = [(dots(s, c), variety(s, c)) for c in listed]
    assert keys == sorted(keys, reverse=True)
    assert listed == best_first(s, listed)


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_every_founding_place_is_listed_once_and_named_by_its_hexes(sid: str) -> None:
    """The order changes, the places do not: the same corners as the rules allow (the
    numbers the board image shows), each label naming its hexes and dots."""
    n = 4 if sid in ("great_crossing", "greater_catan") else 3
    s = GAME.setup(n, {"scenario": sid}, f"named {sid}")
    while s.phase == "harbours":  # A New World: the harbours are placed first
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    seat = min(GAME.to_act(s))
    listed = GAME.legal_actions(s, seat)
    corners = [a.args["c"] for a in listed]
    assert sorted(corners) == GAME.view(s, None)["places"]
    assert len(set(corners)) == len(corners)
    for a in listed:
        c = a.args["c"]
        assert a.label.endswith(f" dots, at {c + 1})") or a.label.endswith(
            f"1 dot, at {c + 1})")
        assert "Found" not in a.label and len(a.label) <= 100


@pytest.mark.parametrize("terrain", ["gold", "desert"])
def test_a_gold_field_and_the_desert_are_named_in_a_founding_label(terrain: str) -> None:
    s = GAME.setup(3, {"scenario": "new_shores"}, "gold and desert")
    b = s.board
    h = s.terrain.index(terrain)
    c = b.hex_corners[h][0]
    text = start_words(s, c)
    assert (f"gold {s.chips[h]}" if terrain == "gold" else "desert") in text
    if terrain == "gold":  # a gold field yields a card of choice: its dots count
        assert dots(s, c) >= DOTS[s.chips[h]]


def test_a_whole_discard_is_its_moves_one_card_each() -> None:
    steps = whole_discard({"wood": 5, "ore": 4}, 4, {"wood": 2, "ore": 2})
    assert [(a.kind, a.args["res"]) for a in steps] == [
        ("discard", "wood"), ("discard", "wood"), ("discard", "ore"), ("discard", "ore")]
    assert discard_words({"ore": 2, "wood": 2}) == "Discard 2 wood, 2 ore"


def test_a_discard_of_the_wrong_size_or_of_cards_not_held_is_refused_with_the_reason() -> None:
    with pytest.raises(IllegalAction, match="You have 4 cards to discard, and you named 3"):
        whole_discard({"wood": 5, "ore": 4}, 4, {"wood": 3})
    with pytest.raises(IllegalAction, match="you named 5"):
        whole_discard({"wood": 5, "ore": 4}, 4, {"wood": 5})
    with pytest.raises(IllegalAction, match="You hold only 4 ore"):
        whole_discard({"wood": 5, "ore": 4}, 4, {"ore": 5})
    with pytest.raises(IllegalAction, match="nothing to discard"):
        whole_discard({"wood": 5}, 0, {"wood": 1})


def test_a_whole_discard_applied_step_by_step_leaves_half_the_hand() -> None:
    """Nine cards: four go, as the rulebook says, through the game's own discard moves."""
    s = main_state(seed="whole discard")
    give(s, 1, wood=5, ore=4)
    s.phase, s.ret = Phase.DISCARD, "main"
    s.owed = [0, 4, 0, 0]
    view = GAME.view(s, 1)
    for a in whole_discard(view["hand"], view["players"][1]["owed"], {"wood": 3, "ore": 1}):
        GAME.apply(s, 1, a)
    assert s.hands[1][0] == 2 and s.hands[1][4] == 3 and s.phase == "robber"


def test_a_discard_label_says_one_card_and_no_running_count() -> None:
    """A discard move's words stay true whenever it is applied in a batch of several (the
    "Done:" line lists each)."""
    s = main_state(seed="discard words")
    give(s, 1, wood=5, ore=4)
    s.phase, s.ret = Phase.DISCARD, "main"
    s.owed = [0, 4, 0, 0]
    assert [a.label for a in GAME.legal_actions(s, 1)] == ["Discard 1 wood", "Discard 1 ore"]
