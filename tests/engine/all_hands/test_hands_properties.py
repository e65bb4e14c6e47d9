"""Winning hands and scoring against plain definitions, on hands hypothesis makes up.

The rulebook ("WINNING THE GAME"): seven consecutive pirate crew cards of one crew, or three
consecutive in each of the three crews; a Pirate Monkey "can be substituted for any other
pirate crew card". The reference below tries every substitution of every monkey.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.all_hands.cards import build_deck
from engine.all_hands.hands import hand_score, is_winning

DECK = build_deck()
CREW = sorted({c for c in DECK if c[:2] in ("ST", "SS", "BV")})
SUITS = ("ST", "SS", "BV")


def _plain_wins(crew_cards: set[str]) -> bool:
    def run(suit: str, lo: int, length: int) -> bool:
        return all(f"{suit}{r}" in crew_cards for r in range(lo, lo + length))

    seven = any(run(s, lo, 7) for s in SUITS for lo in range(1, 5))
    threes = all(any(run(s, lo, 3) for lo in range(1, 9)) for s in SUITS)
    return seven or threes


def reference_wins(hand: list[str]) -> bool:
    crew = {c for c in hand if c in CREW}
    monkeys = hand.count("MONKEY")
    for stand_ins in itertools.product([None, *CREW], repeat=monkeys):
        if _plain_wins(crew | {c for c in stand_ins if c}):
            return True
    return False


hands = st.lists(st.sampled_from(DECK), min_size=0, max_size=16).filter(
    lambda h: all(h.count(c) <= DECK.count(c) for c in set(h))
)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_is_winning_matches_every_monkey_substitution(hand: list[str]) -> None:
    assert is_winning(hand) == reference_wins(hand)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SUITS), st.integers(1, 4), hands)
def test_seven_in_a_row_of_one_crew_always_wins(suit: str, lo: int, extra: list[str]) -> None:
    hand = [f"{suit}{r}" for r in range(lo, lo + 7)] + extra
    assert is_winning(hand)


@settings(max_examples=200, deadline=None)
@given(hands)
def test_a_score_never_drops_when_a_crew_card_is_added(hand: list[str]) -> None:
    base = hand_score(hand)
    for card in ("ST5", "SS10", "BV1"):
        assert hand_score([*hand, card]) >= base
