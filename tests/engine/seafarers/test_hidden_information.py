"""Hidden information: views and the public image depend on what a seat may know, and on
nothing else (shared DESIGN.md, "Leaks").

The order in which the player on turn picked the cards of an offer is seen by nobody else
(an offer is shown only once it is sent): the view and the image must come out the same
whichever order the cards were picked in, in every world ``determinize`` draws, and after
the table is saved and loaded again (the store keeps the dump as canonical JSON).
"""

from __future__ import annotations

import json
import random

import render
from engine.seafarers import GAME
from tests.contract import canon, check_no_leak

from .helpers import act, give, main_state

NAMES = ["Anne", "Bart", "Cora", "Dirk"]


def _draw(view: dict) -> bytes:
    return render.draw_board("seafarers", {**view, "names": NAMES})


def _offer(order_give: list[str], order_get: list[str], countered: list[str] | None = None):
    """Seat 0 offers 1 wood + 1 wool for 1 ore + 1 grain, the cards picked in the given
    orders; seat 1 counters (its two cards picked in the order ``countered``)."""
    s = main_state(seed="order")
    give(s, 0, wood=1, wool=1)
    give(s, 1, ore=1, grain=1, brick=2)
    act(s, 0, "offer")
    for r in order_give:
        act(s, 0, "offer_give", res=r)
    for r in order_get:
        act(s, 0, "offer_get", res=r)
    act(s, 0, "offer_send")
    if countered is not None:
        act(s, 1, "counter")
        for r in countered:
            act(s, 1, "counter_give", res=r)
        act(s, 1, "counter_get", res="wool")
        act(s, 1, "counter_send")
    return s


class _OtherOrder:
    """The game, but ``determinize`` answers with a world the seat cannot tell from the
    live one: the same offer, its cards picked in another order."""

    def __init__(self, world) -> None:
        self.world = world

    def __getattr__(self, name):
        return getattr(GAME, name)

    def determinize(self, state, seat, rng):
        return GAME.clone(self.world)


def test_an_offer_looks_the_same_whatever_order_its_cards_were_picked_in() -> None:
    a = _offer(["wood", "wool"], ["ore", "grain"])
    b = _offer(["wool", "wood"], ["grain", "ore"])
    assert canon(GAME.dump(a)) == canon(GAME.dump(b))
    for seat in (None, 0, 1, 2, 3):
        # the dicts themselves, not only their canonical JSON, come out in one order
        assert json.dumps(GAME.view(a, seat)) == json.dumps(GAME.view(b, seat))
    assert _draw(GAME.view(a, None)) == _draw(GAME.view(b, None))


def test_the_contract_leak_check_holds_for_offers_picked_in_another_order() -> None:
    """The contract's check (tests/contract.py, check_no_leak: the view of a determinized
    world equals the live view, and the public PNG bytes are equal), with the world's offer
    and counter-offer picked in another order than the live ones."""
    live = _offer(["wood", "wool"], ["ore", "grain"], countered=["ore", "brick"])
    world = _offer(["wool", "wood"], ["grain", "ore"], countered=["brick", "ore"])
    check_no_leak(_OtherOrder(world), live, 4, random.Random(1), _draw)
    check_no_leak(_OtherOrder(live), world, 4, random.Random(1), _draw)


def test_a_saved_and_reloaded_table_draws_the_same_board() -> None:
    """The store keeps the dump as canonical JSON (keys sorted): the offer's cards come back
    in alphabetical order, and the image must not change."""
    s = _offer(["wood", "wool"], ["ore", "grain"], countered=["ore", "brick"])
    again = GAME.load(json.loads(canon(GAME.dump(s))))
    for seat in (None, 0, 1):
        assert json.dumps(GAME.view(again, seat)) == json.dumps(GAME.view(s, seat))
    assert _draw(GAME.view(again, None)) == _draw(GAME.view(s, None))


def test_a_counter_offer_in_the_making_is_seen_by_its_author_alone() -> None:
    s = main_state(seed="order")
    give(s, 0, wood=1)
    give(s, 1, ore=2)
    act(s, 0, "offer")
    act(s, 0, "offer_give", res="wood")
    act(s, 0, "offer_get", res="ore")
    act(s, 0, "offer_send")
    act(s, 1, "counter")
    act(s, 1, "counter_give", res="ore")
    assert GAME.view(s, 1)["my_counter"] == {"give": {"ore": 1}, "get": {}}
    for seat in (None, 0, 2, 3):
        assert "my_counter" not in GAME.view(s, seat)
        assert GAME.view(s, seat)["offer"]["counters"] == {}
