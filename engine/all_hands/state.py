"""The state of a game of All Hands on Deck!: compact (lists of card codes and ints), with a
JSON dump carrying a schema version and a fast clone.

Cards are always somewhere: a hand, the deck (its top is the end of the list), the discard
pile (oldest first), a bid on the table, the auction card, or a pending choice (cards drawn
by a Mermaid, pulled by a cheat call, paid in tribute) -- ``all_cards`` lists them all.

Schema 2 (issue 22) adds each captain's discard setting: ``auto_keep`` (the standing choice
"skip my discard steps unless I open one") and ``opened`` (he opened this round's step);
``load`` upgrades a schema-1 dump with both off.

Schema 3 (issue 26) adds ``seen``: per captain, the cards every captain saw come into his
hand face up (an auction won, a Hidden Plunder, a Pieces of Eight) and not seen leave it
since; public knowledge, which the AI's worlds keep (``view.determinize``). ``load``
upgrades a schema-2 dump with nothing seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.core import Saved, json_copy

SCHEMA = 3

#: phases of a round (the view's "phase")
BID, TIE, RESOLVE, DISCARD, OVER = "bid", "tie", "resolve", "discard", "over"
#: per-seat status in the view
WAITING, BIDDING, PASSED, BRAWLED, FORFEIT, TIED = (
    "waiting",
    "bid",
    "passed",
    "brawled",
    "forfeit",
    "tied",
)


@dataclass(slots=True)
class State:
    seed: str
    n: int
    longer: bool = False
    round_limit: int = 100
    counter: int = 0  # draws taken from engine.core.rng(seed, counter)
    hand_no: int = 1
    round: int = 1
    dealer: int = 0
    phase: str = BID
    hands: list[list[str]] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    auction: str | None = None
    status: list[str] = field(default_factory=list)
    bids: list[list[str]] = field(default_factory=list)  # cards on the table per seat
    shown: list[int] = field(default_factory=list)  # how many of them are face up
    revealed: bool = False  # step 4 done: no more cheat calls this round
    picks: list[list[str]] = field(default_factory=list)  # picked for a bid, still in hand
    turn: int = -1  # the seat bidding now (phase "bid")
    immune: list[bool] = field(default_factory=list)
    skip_deal: list[bool] = field(default_factory=list)  # brawled for the next round
    brawled: list[bool] = field(default_factory=list)  # brawled this round
    contenders: list[int] = field(default_factory=list)  # tied captains still in
    done: list[bool] = field(default_factory=list)  # simultaneous steps (tie, discard)
    unres: list[list[str]] = field(default_factory=list)  # revealed actions not resolved
    res_idx: int = 0  # position in the resolution order (dealer's left first)
    active: str | None = None  # the action card being resolved now
    rums: list[int] = field(default_factory=list)  # seats of resolved Rums, in order
    eights: list[list[Any]] = field(default_factory=list)  # [owner, seat, card] selections
    pending: dict[str, Any] | None = None  # a choice the game waits for
    resolved: list[str] = field(default_factory=list)  # sentences, this round
    last_auction: dict[str, Any] | None = None
    log: list[str] = field(default_factory=list)  # the last public event texts
    scores: list[int] = field(default_factory=list)  # longer game, cumulative
    result: dict[str, Any] | None = None
    # per seat, private to it: the standing choice "skip my discard steps unless I open one"
    auto_keep: list[bool] = field(default_factory=list)
    opened: list[bool] = field(default_factory=list)  # opened this round's discard step
    # per seat, public: cards seen to come into the hand face up and not seen to leave it
    # (they are in the hand or among its face-down bid cards)
    seen: list[list[str]] = field(default_factory=list)


_FIELDS = tuple(f.name for f in fields(State))




def clone(s: State) -> State:
    """A fast independent copy (the AI copies states thousands of times)."""
    return State(
        s.seed,
        s.n,
        s.longer,
        s.round_limit,
        s.counter,
        s.hand_no,
        s.round,
        s.dealer,
        s.phase,
        [h[:] for h in s.hands],
        s.deck[:],
        s.discard[:],
        s.auction,
        s.status[:],
        [b[:] for b in s.bids],
        s.shown[:],
        s.revealed,
        [p[:] for p in s.picks],
        s.turn,
        s.immune[:],
        s.skip_deal[:],
        s.brawled[:],
        s.contenders[:],
        s.done[:],
        [u[:] for u in s.unres],
        s.res_idx,
        s.active,
        s.rums[:],
        [e[:] for e in s.eights],
        None if s.pending is None else json_copy(s.pending),
        s.resolved[:],
        None if s.last_auction is None else dict(s.last_auction),
        s.log[:],
        s.scores[:],
        None if s.result is None else json_copy(s.result),
        s.auto_keep[:],
        s.opened[:],
        [c[:] for c in s.seen],
    )


def _upgrade_1(data: dict[str, Any]) -> dict[str, Any]:
    """A schema-1 dump (before the discard settings of issue 22): every captain is asked at
    every discard step, as he was then."""
    n = int(data["n"])
    return {**data, "schema": 2, "auto_keep": [False] * n, "opened": [False] * n}


def _upgrade_2(data: dict[str, Any]) -> dict[str, Any]:
    """A schema-2 dump (before ``seen``): nothing remembered yet."""
    return {**data, "schema": 3, "seen": [[] for _ in range(int(data["n"]))]}


SAVED = Saved(State, SCHEMA, "All Hands on Deck!", _FIELDS, {1: _upgrade_1, 2: _upgrade_2})


def pending_cards(s: State) -> list[str]:
    """Cards held out of hands by a pending choice."""
    p = s.pending
    if p is None:
        return []
    cards = list(p.get("cards", ()))
    cards.extend(c for _, c in p.get("paid", ()))
    return cards


def all_cards(s: State) -> list[str]:
    """Every card of the game wherever it is (108 at all times)."""
    out: list[str] = []
    for h in s.hands:
        out.extend(h)
    for b in s.bids:
        out.extend(b)
    out.extend(s.deck)
    out.extend(s.discard)
    if s.auction is not None:
        out.append(s.auction)
    out.extend(pending_cards(s))
    return out
