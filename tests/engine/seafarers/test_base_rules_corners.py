"""Corner cases of the base Catan rules (catan-base.md), one test per rule: the 7, the
knight, monopoly, the longest road card set aside, the empty development deck."""

from __future__ import annotations

import pytest

from engine.core import Action, IllegalAction
from engine.seafarers import GAME
from engine.seafarers import rules as R
from engine.seafarers.facts import other_end
from engine.seafarers.state import Phase
from engine.seafarers.turn import roll_dice

from .helpers import act, build, give, hand, kinds, lay, main_hexes, main_state


def _seven_seed() -> str:
    """A seed whose first roll is a 7."""
    for n in range(500):
        t = main_state()
        t.phase = Phase.ROLL
        t.seed, t.counter = f"seven{n}", 0
        roll_dice(t, 0)
        if sum(t.dice) == 7:
            return f"seven{n}"
    raise AssertionError("no seed rolls a 7")


def _rolling_a_seven(s) -> None:
    s.phase = Phase.ROLL
    s.seed, s.counter = _seven_seed(), 0


def test_a_seven_produces_nothing() -> None:
    s = main_state()
    b = s.board
    # a settlement on every land hex (the distance rule does not matter to production)
    for h, t in enumerate(s.terrain):
        if t != "sea":
            build(s, 1 + h % 3, b.hex_corners[h][0])
    _rolling_a_seven(s)
    hands, bank = [list(x) for x in s.hands], list(s.bank)
    act(s, 0, "roll")
    assert sum(s.dice) == 7
    assert s.hands == hands and s.bank == bank and not any(s.owed)


def test_a_seven_when_nobody_holds_more_than_seven_goes_straight_to_the_robber() -> None:
    s = main_state()
    give(s, 1, wood=4, ore=3)  # 7 cards: not more than 7
    give(s, 2, grain=2)
    _rolling_a_seven(s)
    act(s, 0, "roll")
    assert s.phase == Phase.ROBBER and GAME.to_act(s) == frozenset({0})
    assert sum(s.hands[1]) == 7 and sum(s.hands[2]) == 2
    assert {a.kind for a in GAME.legal_actions(s, 0)} == {"robber", "pirate"}
    assert GAME.legal_actions(s, 1) == []


def test_a_knight_moves_the_robber_then_steals() -> None:
    s = main_state()
    b = s.board
    h = next(h for h in main_hexes(s) if h != s.robber)
    build(s, 1, b.hex_corners[h][0])
    give(s, 1, ore=1)
    s.devs[0] = ["knight"]
    act(s, 0, "play", card="knight")
    assert s.phase == Phase.ROBBER and s.knights[0] == 1
    act(s, 0, "robber", hex=h)
    assert s.robber == h
    assert hand(s, 0)["ore"] == 1 and sum(s.hands[1]) == 0
    assert s.phase == Phase.MAIN and s.devs[0] == []


def test_monopoly_when_the_others_hold_none_of_that_resource() -> None:
    s = main_state()
    give(s, 1, wool=2)
    give(s, 2, grain=1)
    s.devs[0] = ["monopoly"]
    before = [list(x) for x in s.hands]
    events = act(s, 0, "play", card="monopoly", res="ore")
    assert s.hands == before
    assert any("0 card" in e.text for e in events)
    assert s.devs[0] == [] and s.dev_played and "play" not in kinds(s, 0)
    assert s.phase == Phase.MAIN


def _lines(s, lengths: list[int]) -> list[list[int]]:
    """Road lines of the given lengths on land edges, sharing no corner, each corner with a
    third edge free (for a spur to break the line there): a path search."""
    b = s.board
    inner = [c for c in range(len(b.corners))
             if b.corner_land[c] and len(b.corner_edges[c]) == 3]
    taken: set[int] = set()

    def extend(path: list[int], corners: list[int], n: int) -> list[int] | None:
        if len(path) == n:
            return path
        c = corners[-1]
        for e in b.corner_edges[c]:
            d = other_end(b, e, c)
            if d in corners or d in taken or d not in inner or not b.edge_land[e]:
                continue
            found = extend([*path, e], [*corners, d], n)
            if found:
                return found
        return None

    out = []
    for n in lengths:
        for c in inner:
            if c in taken:
                continue
            path = extend([], [c], n)
            if path:
                break
        else:
            raise AssertionError("no room for the line")
        for e in path:
            taken.update(b.edges[e])
        out.append(path)
    return out


def _middle_corner(s, path: list[int], k: int) -> int:
    """The corner between edges k and k+1 of a path."""
    b = s.board
    return next(c for c in b.edges[path[k]] if c in b.edges[path[k + 1]])


def _break(s, seat: int, c: int) -> None:
    """``seat`` founds a settlement at corner ``c`` (a road or ship of its own leads there)."""
    b = s.board
    spur = next(e for e in b.corner_edges[c] if s.routes[e] is None)
    lay(s, seat, spur, "road" if b.edge_land[spur] else "ship")
    s.turn = seat
    give(s, seat, wood=1, brick=1, wool=1, grain=1)
    act(s, seat, "settlement", c=c)


def test_longest_road_card_set_aside_when_a_tie_breaks_the_holders_road() -> None:
    """catan-base.md "Longest road" (the base game's almanac): the holder's road is broken
    and two others tie for the new longest: nobody holds the card."""
    s = main_state()
    b = s.board
    long, a, c = _lines(s, [7, 5, 5])
    for seat, line in ((0, long), (1, a), (2, c)):
        for e in line:
            lay(s, seat, e)
    R.update_longest(s, b)
    assert s.road_holder == 0 and s.road_len == [7, 5, 5, 0]
    _break(s, 3, _middle_corner(s, long, 2))  # 7 becomes 3 + 4
    assert s.road_len[0] == 4 and s.road_holder is None
    assert R.public_vp(s, 0) == 0


def test_longest_road_stays_with_a_broken_holder_still_tied_for_longest() -> None:
    s = main_state()
    b = s.board
    long, a = _lines(s, [11, 5])
    for seat, line in ((0, long), (1, a)):
        for e in line:
            lay(s, seat, e)
    R.update_longest(s, b)
    assert s.road_holder == 0
    _break(s, 3, _middle_corner(s, long, 4))  # 11 becomes 5 + 6
    assert s.road_len[0] == 6 and s.road_holder == 0
    _break(s, 2, _middle_corner(s, long, 9))  # 6 becomes 5 + 1: 5 against 5
    assert s.road_len[0] == 5 and s.road_holder == 0


def test_buying_a_development_card_when_the_deck_is_empty_is_refused() -> None:
    s = main_state()
    s.deck = []
    give(s, 0, wool=1, grain=1, ore=1)
    assert "buy" not in kinds(s, 0)
    before = GAME.dump(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Action("buy", {}))
    assert GAME.dump(s) == before
