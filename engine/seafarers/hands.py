"""Resource cards: a hand is five counts in the order of ``board.RESOURCES`` (wood, brick,
wool, grain, ore), paid to and taken from the bank (catan-base.md, "Pieces, bank, board":
19 cards of each in the bank)."""

from __future__ import annotations

from .board import RESOURCES
from .state import State

#: a resource's place in a hand and in the bank
RI = {r: i for i, r in enumerate(RESOURCES)}


def n_cards(s: State, seat: int) -> int:
    """How many resource cards the seat holds (public: everyone sees the count)."""
    return sum(s.hands[seat])


def can_pay(s: State, seat: int, cost: tuple[int, ...]) -> bool:
    return all(h >= c for h, c in zip(s.hands[seat], cost, strict=True))


def pay(s: State, seat: int, cost: tuple[int, ...]) -> None:
    """The seat pays ``cost`` (five counts) to the bank."""
    for i, c in enumerate(cost):
        s.hands[seat][i] -= c
        s.bank[i] += c


def cards_text(counts: list[int]) -> str:
    """Five counts in words: "1 wood, 2 ore" ("nothing" for none)."""
    parts = [f"{k} {RESOURCES[i]}" for i, k in enumerate(counts) if k]
    return ", ".join(parts) if parts else "nothing"
