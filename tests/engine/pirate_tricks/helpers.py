"""Building Pirate Tricks positions by hand, and small move helpers for the tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engine.core import Action, Event
from engine.pirate_tricks import GAME
from engine.pirate_tricks.cards import deck_for, sort_cards
from engine.pirate_tricks.state import State, round_cards


def position(
    n: int = 3,
    hands: Mapping[int, Sequence[str]] | None = None,
    rows: Mapping[int, Sequence[str]] | None = None,
    downs: Mapping[int, Sequence[str]] | None = None,
    loon: Sequence[int] | None = None,
    recruit: Sequence[str] = ("gang_of_two", "partners"),
    treasure: str = "plunder",
    capture: str = "red_ransom",
    rounds: int = 3,
    seed: str = "test",
) -> State:
    """A state at the start of the row bidding of round 1 with these cards: ``hands`` (five
    each), ``rows`` (five face up), ``downs`` (two face down); every card of the deck not
    placed is dealt to the places left, in code order, so the cards always add up."""
    s = GAME.setup(n, {"rounds": rounds}, seed)
    hands, rows, downs = dict(hands or {}), dict(rows or {}), dict(downs or {})
    placed = Counter(c for group in (*hands.values(), *rows.values(), *downs.values())
                     for c in group)
    assert all(k == 1 for k in placed.values()), "a card is placed twice"
    rest = [c for c in deck_for(n) if c not in placed]
    assert len(rest) + sum(placed.values()) == len(deck_for(n)), "a card not in this deck"

    def fill(given: Sequence[str] | None, k: int) -> list[str]:
        cards = list(given or [])
        while len(cards) < k:
            cards.append(rest.pop(0))
        return cards

    s.hands = [sort_cards(fill(hands.get(t), 5)) for t in range(n)]
    s.ups = [sort_cards(fill(rows.get(r), 5)) for r in range(n)]
    s.downs = [fill(downs.get(r), 2) for r in range(n)]
    assert not rest
    s.recruit = list(recruit)
    s.treasure = treasure
    s.capture = capture
    if loon is not None:
        s.loon = list(loon)
    assert sorted(round_cards(s)) == sorted(deck_for(n))
    return s


def act(s: State, who: int, kind: str, /, **args) -> list[Event]:
    """Seat ``who`` makes the move ``kind`` with ``args`` (e.g. card="R13", seat=2)."""
    return GAME.apply(s, who, Action(kind, args))


def bids(s: State, amounts: Mapping[int, int]) -> list[Event]:
    """Every listed seat bids, in seat order; the events of all the bids."""
    out: list[Event] = []
    for seat in sorted(amounts):
        out += act(s, seat, "bid", amount=amounts[seat])
    return out


def reveal(s: State, cards: Mapping[int, str]) -> list[Event]:
    out: list[Event] = []
    for seat in sorted(cards):
        out += act(s, seat, "reveal", card=cards[seat])
    return out


def ditch_first_two(s: State) -> None:
    """Every player ditches his two lowest cards of the hand order."""
    for t in range(s.n):
        while len(s.ditched[t]) < 2:
            act(s, t, "ditch", card=s.hands[t][0])


def to_tricks(s: State, taken: Mapping[int, int] | None = None) -> None:
    """Bid so that seat t takes row ``taken[t]`` (default: seat t takes row t), with clear
    bids of 1 loon (the last row goes free)."""
    taken = dict(taken or {t: t for t in range(s.n)})
    by_row = {r: t for t, r in taken.items()}
    while s.phase == "bid":
        winner = by_row[s.row]
        if len(s.bidders) == 1:
            break
        bids(s, {t: (1 if t == winner else 0) for t in s.bidders})


def texts(events: Sequence[Event], public: bool | None = None) -> list[str]:
    return [e.text for e in events if public is None or e.public == public]
