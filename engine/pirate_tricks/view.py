"""What a seat may see, and worlds re-dealt for a seat (for the AI and the leak checks).

Hidden: the other players' hands, the face-down cards of the rows (the taker sees his own),
the ditched cards, sealed bids and tie-break cards before their reveal, and every player's
loon, which sits behind his screen (the view shows a player only his own). Public: the
face-up rows and who took them, revealed bids and tie-break cards, the cards shown for
recruitment, predictions, the tricks, hand sizes, and the log of what happened.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import json_copy

from .cards import COLOURS, ROW_DOWN, sort_cards
from .rules import led_colour, needs_predictions, row_name, to_act
from .scorecards import recruitment
from .state import BID, CHOOSE, OVER, PLAY, PREDICT, REVEAL, State, clone


def _pending(s: State) -> tuple[str | None, int | None]:
    if s.phase == CHOOSE:
        return f"{{name}} chooses who takes {row_name(s.row)}", s.chooser
    if s.phase == PREDICT:
        return "{name} predicts a number of tricks", s.turn
    if s.phase == PLAY:
        no = len(s.winners) + 1
        if not s.trick:
            return f"{{name}} leads trick {no}", s.turn
        return f"{{name}} plays to trick {no}", s.turn
    return None, None


def view(s: State, seat: int | None) -> dict[str, Any]:
    pending, pending_seat = _pending(s)
    n = s.n
    v: dict[str, Any] = {
        "game": "pirate-tricks",
        "seat": seat,
        "n": n,
        "round": s.round,
        "rounds": s.rounds,
        "phase": s.phase,
        "to_act": sorted(to_act(s)),
        "score_cards": {"recruitment": list(s.recruit), "treasure": s.treasure,
                        "capture": s.capture},
        "rows": [
            {
                "up": list(s.ups[r]),
                "down": ROW_DOWN if s.owner[r] is None else 0,
                "loon": s.row_loon[r],
                "owner": s.owner[r],
            }
            for r in range(n)
        ],
        "marker": s.marker,
        "bidding": _bidding(s),
        "tie": _tie(s),
        "last_reveal": json_copy(s.last_reveal),
        "ditched": [len(d) for d in s.ditched],
        "predicting": needs_predictions(s),
        "predictions": list(s.predictions),
        "recruitment": None if s.recruited is None else [
            [{"card": code, "loon": loon, "cards": list(cards)}
             for code, (loon, cards) in zip(s.recruit, mine, strict=True)]
            for mine in s.recruited
        ],
        "hand_sizes": [len(h) for h in s.hands],
        "trick": None if s.phase != PLAY else {
            "no": len(s.winners) + 1,
            "leader": s.leader,
            "led": led_colour(s),
            "plays": [[t, c] for t, c in s.trick],
        },
        "last_trick": json_copy(s.last_trick),
        "tricks": list(s.tricks),
        "captured": [list(c) for c in s.captured],
        "last_round": json_copy(s.last_round),
        "pending": pending,
        "pending_seat": pending_seat,
        "log": list(s.log),
        "result": None if s.result is None else {
            "winners": list(s.result["winners"]),
            "scores": list(s.result["scores"]),
            "reason": s.result["reason"],
        },
    }
    if seat is not None and 0 <= seat < n:
        _add_own(s, seat, v)
    return v


def _bidding(s: State) -> dict[str, Any] | None:
    """The row up for bids: who bids, and who has placed a sealed bid (never how much)."""
    return None if s.phase != BID else {
        "row": s.row,
        "pass": s.pass_no,
        "bidders": sorted(s.bidders),
        "placed": [t for t in sorted(s.bidders) if s.bids[t] is not None],
    }


def _tie(s: State) -> dict[str, Any] | None:
    """A tie-break under way: the tied seats, who has picked a card to reveal, the chooser."""
    return None if s.phase not in (REVEAL, CHOOSE) else {
        "row": s.row,
        "pass": s.pass_no,
        "seats": list(s.tied),
        "bid": s.tie_bid,
        "zero": s.zero_tie,
        "placed": [t for t in s.tied if s.reveals[t] is not None],
        "chooser": s.chooser,
    }


def _add_own(s: State, seat: int, v: dict[str, Any]) -> None:
    """The seat's own keys, added last: its hand, loon, sealed choices and ditched cards,
    and what each recruitment card would give it now."""
    hand = s.hands[seat]
    v["hand"] = sort_cards(hand)
    v["loon"] = s.loon[seat]
    v["my_bid"] = s.bids[seat] if s.phase == BID else None
    v["my_reveal"] = s.reveals[seat] if s.phase == REVEAL else None
    v["my_ditched"] = list(s.ditched[seat])
    v["recruit_now"] = [
        {"card": code, "loon": loon, "cards": cards}
        for code in s.recruit
        for loon, cards in [recruitment(code, hand)]
    ] if s.phase != OVER else []


# -- worlds ------------------------------------------------------------------------------------

_BIT = {c: 1 << i for i, c in enumerate(COLOURS)}
_ALL = 7
_SUBSETS = range(1, 8)


def _feasible(count: dict[int, int], slots: list[list[int]]) -> bool:
    """Hall's condition for placing cards by colour into slots [capacity, colour mask]: for
    every set of colours, its cards fit in the slots that take any of those colours."""
    for a in _SUBSETS:
        need = sum(k for bit, k in count.items() if bit & a)
        if need and need > sum(cap for cap, mask in slots if mask & a):
            return False
    return True


def determinize(s: State, seat: int | None, r: random.Random) -> State:
    """A copy where everything ``seat`` cannot know is dealt again at random, consistently
    with what the whole table knows:

    - the other players' hands and ditched cards, and the face-down cards of the rows not
      taken yet, re-dealt from the cards ``seat`` has not seen (sizes kept);
    - cards known to be with a player stay with him: the face-up cards of the row he took
      and the cards he revealed in a tie-break (in his hand or ditched), the cards he showed
      for recruitment (in his hand);
    - a player who failed to follow a colour gets no card of it in hand;
    - sealed bids and tie-break picks not yet revealed are drawn again.

    Every player's loon is kept: it is behind a screen, but every payment is made in the
    open, so a player with a good memory knows it. The copy gets a fresh seed, so the AI
    cannot foresee the real game's coming deals.
    """
    w = clone(s)
    w.seed = f"{s.seed}/w{r.getrandbits(48):012x}"
    w.counter = 0
    others = [t for t in range(s.n) if t != seat]
    pool, must, maybe = _unseen(s, others)
    any_void = any(s.voids[t] for t in others)
    count: dict[int, int] = {}
    for c in pool:
        count[_BIT[c[0]]] = count.get(_BIT[c[0]], 0) + 1
    sizes = _ditch_sizes(s, others, must, maybe, count, any_void, r)
    placed = _place(pool, _layout(s, others, must, maybe, sizes), count, any_void, r)
    j = 2 * len(others)
    for row in range(s.n):
        if s.owner[row] is None:
            w.downs[row] = placed[j]
            j += 1
    for i, t in enumerate(others):
        forced = [c for c in maybe[t] if c[0] in s.voids[t]]
        free = [c for c in maybe[t] if c not in forced]
        r.shuffle(free)
        extra = sizes[t] - len(forced)
        to_ditch = forced + free[:extra]
        in_hand = free[extra:]
        w.hands[t] = sort_cards(must[t] + in_hand + placed[2 * i])
        w.ditched[t] = to_ditch + placed[2 * i + 1]
        if s.bids[t] is not None and s.phase == BID:
            w.bids[t] = r.randint(0, s.loon[t])
        if s.reveals[t] is not None and s.phase == REVEAL:
            w.reveals[t] = r.choice(w.hands[t])
    return w


def _unseen(s: State, others: list[int]) -> tuple[list[str], dict[int, list[str]],
                                                 dict[int, list[str]]]:
    """The cards to deal again (the others' hands and ditches, the face-down cards of the
    rows not taken), without those known to be with a player: per player, those surely in
    his hand (shown for recruitment, ``must``) and those in his hand or ditch (the row he
    took, his tie-break reveals, ``maybe``)."""
    pool: list[str] = []
    must: dict[int, list[str]] = {}
    maybe: dict[int, list[str]] = {}
    for t in others:
        held = s.hands[t] + s.ditched[t]
        must[t] = [c for c in s.shown[t] if c in s.hands[t]]
        maybe[t] = [c for c in s.known[t] if c in held and c not in must[t]]
        fixed = set(must[t]) | set(maybe[t])
        pool += [c for c in held if c not in fixed]
    for row in range(s.n):
        if s.owner[row] is None:
            pool += s.downs[row]
    pool.sort()  # the real deal's order is hidden too: deal from one the seat could know
    return pool, must, maybe


def _layout(s: State, others: list[int], must: dict[int, list[str]],
            maybe: dict[int, list[str]], sizes: dict[int, int]) -> list[list[int]]:
    """The slots the pool is dealt into, [capacity, colour mask] each: per player his hand
    (no colour he failed to follow) and his ditch, with ``sizes[t]`` of his half-known
    cards in the ditch; then the face-down cards of each row not taken."""
    out: list[list[int]] = []
    for t in others:
        hand_mask = _ALL & ~sum(_BIT[c] for c in s.voids[t])
        k = sizes[t]
        out.append([len(s.hands[t]) - len(must[t]) - (len(maybe[t]) - k), hand_mask])
        out.append([len(s.ditched[t]) - k, _ALL])
    for row in range(s.n):
        if s.owner[row] is None:
            out.append([len(s.downs[row]), _ALL])
    return out


def _ditch_sizes(s: State, others: list[int], must: dict[int, list[str]],
                 maybe: dict[int, list[str]], count: dict[int, int], any_void: bool,
                 r: random.Random) -> dict[int, int]:
    """How many of the half-known cards lie in each player's ditch: first the fewest
    possible for everyone (the most room for the rest), then drawn player by player."""
    lows: dict[int, int] = {}
    highs: dict[int, int] = {}
    for t in others:
        forced = sum(1 for c in maybe[t] if c[0] in s.voids[t])
        room = len(s.hands[t]) - len(must[t])
        lows[t] = max(forced, len(maybe[t]) - room)
        highs[t] = min(len(s.ditched[t]), len(maybe[t]))
    sizes = dict(lows)
    for t in others:
        options = list(range(lows[t], highs[t] + 1))
        r.shuffle(options)
        for k in options:
            trial = {**sizes, t: k}
            if not any_void or _feasible(count, _layout(s, others, must, maybe, trial)):
                sizes = trial
                break
    return sizes


def _place(pool: list[str], slots: list[list[int]], count: dict[int, int], any_void: bool,
           r: random.Random) -> list[list[str]]:
    """The pool shuffled and dealt into the slots; with colours ruled out somewhere, card by
    card into a slot that takes it and leaves the rest placeable (Hall's condition)."""
    placed: list[list[str]] = [[] for _ in slots]
    r.shuffle(pool)
    if not any_void:
        i = 0
        for j, (cap, _) in enumerate(slots):
            placed[j] = pool[i:i + cap]
            i += cap
        return placed
    for c in pool:
        bit = _BIT[c[0]]
        choices = [j for j, (cap, mask) in enumerate(slots) if cap and mask & bit]
        r.shuffle(choices)
        for j in choices:
            slots[j][0] -= 1
            count[bit] -= 1
            if _feasible(count, slots):
                placed[j].append(c)
                break
            slots[j][0] += 1
            count[bit] += 1
        else:  # cannot happen: the real deal satisfies every constraint
            raise AssertionError("no consistent world for the hidden cards")
    return placed
