"""Small pieces every part of the rules uses: seat order, events, bid values, drawing a
card, cards coming into a hand.

Captains are named in texts by placeholders "{p0}", "{p1}", ... (seat numbers) that the
cogs and renderers fill with display names (``engine.core.fill_names``); the engine never knows
names.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Event, rng

from .cards import SUIT_OF, VALUE
from .hands import is_winning
from .state import State

LOG_SIZE = 10


class HandWon(Exception):
    """A captain holds a winning crew: whatever was running stops, the hand ends (rulebook
    "NOTE: As soon as a Captain is holding a winning hand ... end the hand"). ``play.apply``
    catches it and scores the hand."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


def P(seat: int) -> str:
    """The placeholder for a captain's name in texts."""
    return f"{{p{seat}}}"


def left_order(s: State, start: int | None = None) -> list[int]:
    """Seats in play order from the left of ``start`` (the dealer by default); ``start``
    itself comes last."""
    first = (s.dealer if start is None else start) + 1
    return [(first + i) % s.n for i in range(s.n)]


def chance(s: State) -> random.Random:
    """The next random stream of the table (seed and counter live in the state)."""
    r = rng(s.seed, s.counter)
    s.counter += 1
    return r


def pub(s: State, out: list[Event], kind: str, text: str, **data: Any) -> None:
    """A public event; its text also goes to the table's log."""
    out.append(Event(kind, text, None, data))
    s.log.append(text)
    if len(s.log) > LOG_SIZE:
        del s.log[0]


def priv(out: list[Event], seats: list[int] | int, kind: str, text: str, **data: Any) -> None:
    """An event only the given captains learn about."""
    to = frozenset([seats] if isinstance(seats, int) else seats)
    out.append(Event(kind, text, to, data))


def note(s: State, out: list[Event], text: str, **data: Any) -> None:
    """An action card's resolution: public, and kept in the round's "resolved" list."""
    s.resolved.append(text)
    pub(s, out, "resolve", text, **data)


def distinct(cards: list[str]) -> list[str]:
    """The different codes among ``cards``, in first-seen order."""
    return list(dict.fromkeys(cards))


def bid_value(cards: list[str], auction: str | None) -> int:
    """Crew values add; "Brothers Before the Mast": crew of the auction card's suit count
    double; action cards are worth nothing."""
    suit = SUIT_OF.get(auction) if auction else None
    total = 0
    for c in cards:
        v = VALUE[c]
        if v:
            total += v * 2 if SUIT_OF[c] == suit else v
    return total


def draw(s: State, out: list[Event]) -> str | None:
    """The top card of the deck.

    Decision (the rulebook never says what happens when the deck runs out): the discard
    pile is shuffled into a new deck; if both are empty, no card comes.
    """
    if not s.deck:
        if not s.discard:
            return None
        s.deck = s.discard
        s.discard = []
        chance(s).shuffle(s.deck)
        pub(s, out, "reshuffle", "The deck ran out: the discard pile is shuffled into a new deck.")
    return s.deck.pop()


def gain(s: State, seat: int, cards: list[str]) -> None:
    """Cards come into a captain's hand; a winning crew raises HandWon at once. Callers put
    every other card in its place first, so the state is whole when it is raised."""
    hand = s.hands[seat]
    hand.extend(cards)
    if len(hand) >= 7 and is_winning(hand):
        raise HandWon(seat)


def seen_in(s: State, seat: int, card: str) -> None:
    """Every captain saw ``card`` come into ``seat``'s hand face up (``State.seen``)."""
    s.seen[seat].append(card)


def seen_out(s: State, seat: int, cards: list[str]) -> None:
    """Every captain saw ``cards`` leave ``seat``'s hand or bid face up."""
    for c in cards:
        if c in s.seen[seat]:
            s.seen[seat].remove(c)


def seen_lost(s: State, seat: int) -> None:
    """A card left ``seat``'s hand unseen (drawn at random, given or paid face down): any
    card seen in it may be the one, so none is known to be there any more."""
    s.seen[seat] = []


def sanitize_picks(s: State, seat: int) -> None:
    """Cards picked for a bid that left the hand (a cheat call) are no longer picked."""
    picks = s.picks[seat]
    if not picks:
        return
    left = list(s.hands[seat])
    kept = []
    for c in picks:
        if c in left:
            left.remove(c)
            kept.append(c)
    s.picks[seat] = kept


def table_choices(s: State, resolver: int, skip_selected: bool) -> list[tuple[int, str]]:
    """(seat, card) of the bid cards on the table a Cutpurse or a Pieces of Eight may pick:
    never the card being resolved itself; for Pieces of Eight not a card another Pieces of
    Eight already selected."""
    out: list[tuple[int, str]] = []
    for t in left_order(s):
        bid = s.bids[t]
        if not bid:
            continue
        counts: dict[str, int] = {}
        for c in bid:
            counts[c] = counts.get(c, 0) + 1
        if t == resolver and s.active in counts:
            counts[s.active] -= 1
        if skip_selected:
            for _, st, sc in s.eights:
                if st == t and sc in counts:
                    counts[sc] -= 1
        out.extend((t, c) for c, k in counts.items() if k > 0)
    return out


def discard_table(s: State) -> None:
    """Every bid card (and nothing else) to the discard pile, from the dealer's left."""
    for t in left_order(s):
        s.discard.extend(s.bids[t])
        s.bids[t] = []
        s.unres[t] = []
    s.shown = [0] * s.n
