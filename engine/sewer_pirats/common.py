"""Small helpers shared by the rules: names in texts, events, drawing Talisman cards,
laying out flotsam groups, who has a captain."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.core import Event, rng

from .data import (
    BONUS_COUNTS,
    BOOTY_TYPES,
    CAPTAIN,
    GROUP_BOOTY,
    ROW_SIZE,
    SHIPS,
    booty_tokens,
    kind_of,
    value_of,
)
from .state import State

Events = list[Event]
K = TypeVar("K")
V = TypeVar("V")


_PLACEHOLDERS: tuple[str, ...] = tuple(f"{{p{seat}}}" for seat in range(5))


def P(seat: int) -> str:
    """The placeholder the platform fills with the seat's display name."""
    return _PLACEHOLDERS[seat]


def pub(ev: Events, kind: str, text: str, **data: object) -> None:
    ev.append(Event(kind, text, None, data))


def priv(ev: Events, seat: int, kind: str, text: str, **data: object) -> None:
    ev.append(Event(kind, text, frozenset({seat}), data))


def keep(cache: dict[K, V], bound: int, key: K, value: V) -> V:
    """Puts ``value`` in ``cache`` under ``key`` and returns it; a cache already holding
    ``bound`` entries is emptied first.

    Every cache of this engine is bounded this way (a long-lived bot plays thousands of
    games: the reliability issue, item 8). Emptying the whole cache at once costs nothing on
    a hit, the hot path, where a least-recently-used order would cost a bookkeeping step at
    every lookup; each bound sits well above what random play of every variant meets in
    20,000 games (measured), so a cache is emptied at most rarely and then refills with the
    few entries a game uses. Nothing relies on an entry staying: a move or an event made
    again is equal to the one dropped (moves carry their own key and payload, ``rules.Move``).
    """
    if len(cache) >= bound:
        cache.clear()
    cache[key] = value
    return value


#: events that recur word for word (the same seat doing the same thing), made once: an
#: Event is frozen and nothing changes its data, so one object serves every game. Bound:
#: random play of every variant met 1,839 keys in 20,000 games (about 500 bytes each).
_SHARED: dict[tuple, Event] = {}
_SHARED_BOUND = 10_000


def pub_shared(ev: Events, key: tuple, make: Callable[[], Event]) -> None:
    """Appends the event ``make`` builds, made once per ``key`` (everything its kind, text,
    addressees and data depend on)."""
    found = _SHARED.get(key)
    if found is None:
        found = keep(_SHARED, _SHARED_BOUND, key, make())
    ev.append(found)


def shuffled(s: State, items: list) -> list:
    """``items`` shuffled by the table's next random stream: exactly ``random.shuffle``'s
    swaps (Fisher-Yates from the end, each index drawn as ``_randbelow`` draws it, by
    rejection from ``getrandbits``), written out because the stream's own method spends
    most of a game's setup in method calls."""
    getrandbits = rng(s.seed, s.counter).getrandbits
    s.counter += 1
    out = list(items)
    steps = _STEPS.get(len(out))
    if steps is None:
        steps = keep(_STEPS, _STEPS_BOUND, len(out), tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(len(out) - 1, 0, -1)))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return out


#: a shuffle's steps by the number of items: (index, items up to it, bits drawn for it), so
#: that the loop does not work them out again at every shuffle. Bound: the lengths shuffled
#: (at most 54 cards, 42 tokens)
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
_STEPS_BOUND = 64


def cards_left(s: State) -> int:
    """Cards that can still be drawn from the deck (the discard pile becomes the deck)."""
    return len(s.deck) + s.discard[0] + s.discard[1] + s.discard[2]


def draw_card(s: State, ev: Events) -> int | None:
    """The top card of the deck; an empty deck is first replaced by the shuffled discard
    pile (rulebook "Draw Two Cards"). Decision: the pile is shuffled the moment a card is
    needed from an empty deck; with both empty there is no card (None)."""
    if not s.deck:
        pile = [c for c in range(3) for _ in range(s.discard[c])]
        if not pile:
            return None
        s.deck = shuffled(s, pile)
        s.discard = [0, 0, 0]
        pub(ev, "reshuffle", "The Talisman deck ran out: the discard pile is shuffled into a "
                             "new deck.")
    return s.deck.pop()


def refill_row(s: State, ev: Events) -> None:
    row = s.row
    while len(row) < ROW_SIZE:
        c = s.deck.pop() if s.deck else draw_card(s, ev)
        if c is None:
            return
        row.append(c)


def token_sort_key(token: str) -> tuple[int, int, str]:
    kind = kind_of(token)
    if kind in BOOTY_TYPES:
        return (BOOTY_TYPES.index(kind), value_of(token), token)
    return (len(BOOTY_TYPES), 0, token)


#: every token's sort key, computed once (sailings sort their booty at every seizure)
_SORT_KEY: dict[str, tuple[int, int, str]] = {
    t: token_sort_key(t) for t in (*booty_tokens(), *BONUS_COUNTS)}


def sort_tokens(tokens: list[str]) -> list[str]:
    return sorted(tokens, key=_SORT_KEY.__getitem__)


def new_group(s: State) -> list[str] | None:
    """Three booty tokens and a bonus token from the face-down pools, face up; None when the
    pools are empty (42 booty and 14 bonus tokens make exactly 14 groups)."""
    if len(s.pool) < GROUP_BOOTY or not s.pool_bonus:
        return None
    booty = [s.pool.pop() for _ in range(GROUP_BOOTY)]
    return [*sort_tokens(booty), s.pool_bonus.pop()]


def captain_ship(s: State, seat: int) -> int:
    """The ship the seat's captain commands, or -1."""
    for x in range(3):
        f = s.ships[x][CAPTAIN]
        if f is not None and f[0] == seat:
            return x
    return -1


def ship_name(x: int) -> str:
    return f"the {SHIPS[x]} ship"


def hand_size(s: State, seat: int) -> int:
    h = s.hands[seat]
    return h[0] + h[1] + h[2]
