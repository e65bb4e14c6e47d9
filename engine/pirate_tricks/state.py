"""The state of a game of Pirate Tricks: lists of card codes and ints, a JSON dump with a
schema version, and a fast clone.

Where the cards of a round are: in a hand, in a row not taken yet (five face up, two face
down), ditched (out of play for the round), in the trick on the table, or captured in the
tricks a player won -- ``round_cards`` lists them all (the whole deck is dealt every round).
Loon lives behind each player's screen (``loon``); the bank is unlimited.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.core import Saved, json_copy

SCHEMA = 1

#: phases (the view's "phase")
BID = "bid"  # sealed bids on a row, every remaining player at once
REVEAL = "reveal"  # tied players each pick a card to reveal, at once
CHOOSE = "choose"  # second pass, zero tie: the reveal's winner chooses who takes the row
DITCH = "ditch"  # every player puts two cards out of play, at once
PREDICT = "predict"  # Tempt Fortune / Extra Loot: predictions in turn from the marker
PLAY = "play"  # the ten tricks
OVER = "over"


@dataclass(slots=True)
class State:
    seed: str
    n: int
    rounds: int = 3
    counter: int = 0  # draws taken from engine.core.rng(seed, counter)
    round: int = 0
    phase: str = BID
    loon: list[int] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    # score cards: in play this round, and the decks still to draw from (public: the used
    # cards are known, the order of the rest is drawn when needed)
    recruit: list[str] = field(default_factory=list)
    treasure: str = ""
    capture: str = ""
    decks: dict[str, list[str]] = field(default_factory=dict)
    # the rows
    ups: list[list[str]] = field(default_factory=list)
    downs: list[list[str]] = field(default_factory=list)
    row_loon: list[int] = field(default_factory=list)
    owner: list[int | None] = field(default_factory=list)
    row_bids: list[list[int]] = field(default_factory=list)  # bids made per row per seat
    marker: int | None = None  # the Go First marker's owner; None: it lies by the top row
    # bidding
    pass_no: int = 1
    row: int = 0
    bidders: list[int] = field(default_factory=list)
    bids: list[int | None] = field(default_factory=list)  # sealed until everyone has bid
    tied: list[int] = field(default_factory=list)
    tie_bid: int = 0
    zero_tie: bool = False  # second pass: the reveal's winner chooses who takes the row
    reveals: list[str | None] = field(default_factory=list)  # face down until all chose
    chooser: int | None = None
    last_reveal: dict[str, Any] | None = None
    # ditch, predictions, recruitment
    ditched: list[list[str]] = field(default_factory=list)
    predictions: list[int | None] = field(default_factory=list)
    recruited: list[list[list[Any]]] | None = None  # per seat, per card: [loon, cards]
    # tricks
    turn: int | None = None  # the seat predicting or playing now
    trick: list[list[Any]] = field(default_factory=list)  # [[seat, card], ...]
    leader: int | None = None
    tricks: list[int] = field(default_factory=list)
    captured: list[list[str]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)  # who took each trick so far
    last_trick: dict[str, Any] | None = None
    # what everybody at the table knows about the hidden cards (for determinize)
    known: list[list[str]] = field(default_factory=list)  # in hand or ditched
    shown: list[list[str]] = field(default_factory=list)  # in hand (recruitment)
    voids: list[list[str]] = field(default_factory=list)  # colours a seat cannot follow
    last_round: dict[str, Any] | None = None
    log: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None


_FIELDS = tuple(f.name for f in fields(State))




def clone(s: State) -> State:
    """A fast independent copy (the AI copies states thousands of times)."""
    return State(
        s.seed, s.n, s.rounds, s.counter, s.round, s.phase,
        s.loon[:], [h[:] for h in s.hands],
        s.recruit[:], s.treasure, s.capture, {k: v[:] for k, v in s.decks.items()},
        [u[:] for u in s.ups], [d[:] for d in s.downs], s.row_loon[:], s.owner[:],
        [b[:] for b in s.row_bids], s.marker,
        s.pass_no, s.row, s.bidders[:], s.bids[:], s.tied[:], s.tie_bid, s.zero_tie,
        s.reveals[:], s.chooser, json_copy(s.last_reveal),
        [d[:] for d in s.ditched], s.predictions[:], json_copy(s.recruited),
        s.turn, [p[:] for p in s.trick], s.leader, s.tricks[:], [c[:] for c in s.captured],
        s.winners[:], json_copy(s.last_trick),
        [k[:] for k in s.known], [k[:] for k in s.shown], [v[:] for v in s.voids],
        json_copy(s.last_round), s.log[:], json_copy(s.result),
    )


SAVED = Saved(State, SCHEMA, "Pirate Tricks", _FIELDS)


def round_cards(s: State) -> list[str]:
    """Every crew card of the round wherever it is (the whole deck, every round)."""
    out: list[str] = []
    for h in s.hands:
        out += h
    for r in range(len(s.ups)):
        if s.owner[r] is None:
            out += s.ups[r] + s.downs[r]
    for d in s.ditched:
        out += d
    out += [c for _, c in s.trick]
    for c in s.captured:
        out += c
    return out
