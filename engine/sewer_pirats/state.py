"""The state of a game of Sewer Pirats: JSON-shaped fields (lists, ints, strings), a dump
with a schema version, and a fast clone.

- Cards: a hand is three counts (cat, bird, fish); the deck a list of symbols whose top is
  the end; the discard pile three counts (it is shuffled before it is drawn from again).
- Figures: ``ships[x][i]`` is a tuple ``(seat, tribe)`` or None (spaces 1, 2, 3 are 0-2, the
  captain's 3); ``home[seat]`` the tribes of the figures in that player's play area.
- Treasure: ``groups[x]`` the face-up flotsam groups before ship x, nearest the bow first,
  each ``[booty, booty, booty, bonus]``; ``pool``/``pool_bonus`` the face-down token piles
  (their top is the end); ``box`` booty returned to the box; ``treasure[seat]`` a player's
  face-down tokens.
- ``pending``: a step the game waits for inside a turn (a sailing's seizures, the hand-limit
  discard, a snail's reveal, a weasel's second action); ``auction`` the Crew Member Auction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core import Saved, json_copy

SCHEMA = 1

#: phases (the view's "phase")
TRIBE, AUCTION, PLAY, OVER = "tribe", "auction", "play", "over"

STANDARD, LANDLUBBER, AUCTION_VARIANT = "standard", "landlubber", "auction"
VARIANTS: tuple[str, ...] = (STANDARD, LANDLUBBER, AUCTION_VARIANT)


@dataclass(slots=True)
class State:
    seed: str
    n: int
    variant: str = STANDARD
    counter: int = 0  # shuffles taken from engine.core.rng(seed, counter)
    moves: int = 0  # actions applied
    phase: str = PLAY
    turn: int = 0  # the active player
    first: int = 0  # the first player
    round: int = 1  # 1 + how often the turn came back to the first player
    crew: list[str] = field(default_factory=list)  # the standard game's four tribe cards
    tribes: list[list[str]] = field(default_factory=list)  # each player's crew
    home: list[list[str]] = field(default_factory=list)  # figures in the play area
    hands: list[list[int]] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=lambda: [0, 0, 0])
    row: list[int] = field(default_factory=list)
    ships: list[list[Any]] = field(default_factory=list)
    groups: list[list[list[str]]] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)
    pool_bonus: list[str] = field(default_factory=list)
    box: list[str] = field(default_factory=list)
    treasure: list[list[str]] = field(default_factory=list)
    pending: dict[str, Any] | None = None
    auction: dict[str, Any] | None = None
    ending: bool = False  # a ship ran out of flotsam: the last sailings are under way
    ender: int = -1  # the player whose action ended the game
    final: list[int] = field(default_factory=list)  # ships still to sail a last time
    sailings: int = 0
    result: dict[str, Any] | None = None
    #: the legal moves last computed, as (moves, seat, options): not part of the state
    memo: Any = field(default=None, compare=False, repr=False)

    @property
    def abilities(self) -> bool:
        """Tribe abilities apply, except in the Landlubber variant (rulebook p. 4)."""
        return self.variant != LANDLUBBER


_FIELDS = tuple(f.name for f in fields(State) if f.name != "memo")


def clone(s: State) -> State:
    """A fast independent copy (the AI copies states thousands of times)."""
    return State(
        s.seed, s.n, s.variant, s.counter, s.moves, s.phase, s.turn, s.first, s.round,
        s.crew[:],
        [t[:] for t in s.tribes],
        [h[:] for h in s.home],
        [h[:] for h in s.hands],
        s.deck[:],
        s.discard[:],
        s.row[:],
        [sp[:] for sp in s.ships],
        [[g[:] for g in gs] for gs in s.groups],
        s.pool[:],
        s.pool_bonus[:],
        s.box[:],
        [t[:] for t in s.treasure],
        None if s.pending is None else json_copy(s.pending),
        None if s.auction is None else json_copy(s.auction),
        s.ending,
        s.ender,
        s.final[:],
        s.sailings,
        None if s.result is None else json_copy(s.result),
    )


SAVED = Saved(State, SCHEMA, "Sewer Pirats", _FIELDS)


def dump(s: State) -> dict[str, Any]:
    """JSON-shaped: the figures aboard, tuples in the state, are written as lists."""
    data = SAVED.dump(s)
    data["ships"] = [[None if f is None else [f[0], f[1]] for f in sp] for sp in s.ships]
    return data


def load(data: Mapping[str, Any]) -> State:
    s = SAVED.load(data)
    s.ships = [[None if f is None else (f[0], f[1]) for f in sp] for sp in s.ships]
    return s


def all_cards(s: State) -> list[int]:
    """Counts of every Talisman card wherever it is (18 of each symbol at all times)."""
    out = [0, 0, 0]
    for h in s.hands:
        for i in range(3):
            out[i] += h[i]
    for c in s.deck:
        out[c] += 1
    for c in s.row:
        out[c] += 1
    for i in range(3):
        out[i] += s.discard[i]
    if s.auction is not None:
        for c in s.auction["under"]:
            out[c] += 1
    return out


def all_tokens(s: State) -> list[str]:
    """Every treasure token wherever it is (56 at all times)."""
    out: list[str] = []
    for gs in s.groups:
        for g in gs:
            out.extend(g)
    out += s.pool + s.pool_bonus + s.box
    for t in s.treasure:
        out.extend(t)
    p = s.pending
    if p is not None and p["kind"] == "sail":
        out.extend(p["booty"])
    return out
