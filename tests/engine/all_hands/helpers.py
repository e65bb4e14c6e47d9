"""Building All Hands on Deck! positions by hand, and small move helpers for the tests."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engine.all_hands import GAME, rules
from engine.all_hands.cards import SORT_KEY, build_deck
from engine.all_hands.state import BID, State, all_cards
from engine.core import Action, Event, IllegalAction


def position(
    n: int = 3,
    hands: dict[int, list[str]] | None = None,
    auction: str | None = "ST5",
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    dealer: int = 0,
    round_no: int = 1,
    rest: str = "deck",
    longer: bool = False,
    round_limit: int = 100,
    seed: str = "test",
) -> State:
    """A state at the start of the bidding of a round, with these cards.

    ``deck`` lists the next cards to be drawn, first drawn first; every card of the 108 not
    placed anywhere goes under the deck (``rest="deck"``) or into the discard pile
    (``rest="discard"``), so the card count always holds.
    """
    s = GAME.setup(n, {"longer": longer, "round_limit": round_limit}, seed)
    hands = hands or {}
    s.hands = [list(hands.get(t, [])) for t in range(n)]
    placed: Counter[str] = Counter()
    for h in s.hands:
        placed.update(h)
    top = list(deck or [])
    pile = list(discard or [])
    placed.update(top)
    placed.update(pile)
    if auction is not None:
        placed[auction] += 1
    full = Counter(build_deck())
    over = placed - full
    assert not over, f"more copies than the deck holds: {dict(over)}"
    remaining = sorted((full - placed).elements(), key=SORT_KEY.__getitem__)
    if rest == "deck":
        s.deck = remaining + top[::-1]
        s.discard = pile
    else:
        s.deck = top[::-1]
        s.discard = pile + remaining
    s.auction = auction
    s.dealer = dealer
    s.round = round_no
    rules._reset_round(s)
    s.brawled = [False] * n
    s.skip_deal = [False] * n
    s.immune = [False] * n
    s.phase = BID
    s.log = []
    s.last_auction = None
    rules._next_bidder(s, [])
    assert_conserved(s)
    return s


def act(s: State, who: int, kind: str, **args: Any) -> list[Event]:
    events = GAME.apply(s, who, Action(kind, args))
    assert_conserved(s)
    return events


def bid(s: State, seat: int, *cards: str) -> list[Event]:
    for c in cards:
        act(s, seat, "bid_add", card=c)
    return act(s, seat, "bid_confirm")


def pass_(s: State, seat: int) -> list[Event]:
    return act(s, seat, "pass")


def done_discarding(s: State) -> list[Event]:
    events: list[Event] = []
    for t in sorted(GAME.to_act(s)):
        events += act(s, t, "discard_done")
    return events


def refused(s: State, who: int, kind: str, **args: Any) -> str:
    """Apply an illegal move: it raises IllegalAction and leaves the state as it was."""
    before = canon(GAME.dump(s))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, who, Action(kind, args))
    assert canon(GAME.dump(s)) == before
    return info.value.reason


def kinds(s: State, seat: int) -> set[str]:
    return {a.kind for a in GAME.legal_actions(s, seat)}


def legal(s: State, who: int, kind: str, **args: Any) -> bool:
    return Action(kind, args) in GAME.legal_actions(s, who)


def public(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.to is None]


def private(events: list[Event], seat: int) -> list[str]:
    return [e.text for e in events if e.to is not None and seat in e.to]


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def assert_conserved(s: State) -> None:
    assert Counter(all_cards(s)) == Counter(build_deck())


def hand(s: State, seat: int) -> Counter[str]:
    return Counter(s.hands[seat])
