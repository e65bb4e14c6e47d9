"""A heuristic pirat for Sewer Pirats, and a position evaluation.

The pirat values what it can see: its own treasure (``soft_value``: the score, plus a part
of what locked tokens -- toys without a parrot, cans without an opener, lone bonus tokens --
may still bring), its figures aboard (``ship_value``: the token each would seize if the ship
sailed now, others taking the biggest face values, weighted by how close to sailing the
figure stands), and its cards (``hand_value``: cards of ships with rich flotsam are worth
more, each further card of a symbol a little less). Every option of a turn is scored by the
change it brings, costs included; the best is played.

It reads only the seat's own hand and treasure and the public table (never the deck, the
other hands or the face-down tokens), so a world from ``determinize`` gets the same move.
``evaluate`` reads every player's holdings: call it on such a world, as the Monte Carlo
search does, never to advise a player.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from engine.core import Action

from . import rules
from .data import (
    BONUS_PER_TOKEN,
    CAPTAIN,
    HAND_LIMIT,
    RAT,
    SHIPS,
    kind_of,
    value_of,
)
from .moves import Crew
from .sailing import stay_outcome
from .scoring import breakdown
from .state import AUCTION, OVER, TRIBE, State

#: how likely a figure's place leads to its treasure soon (index 0-2: spaces 1-3, 3: C)
PLACE_WEIGHT = (0.3, 0.45, 0.62, 0.92)
NO_CAPTAIN = 0.8  # nobody commands the ship yet
CARD = 1.1  # a card, in points
CARD_DECAY = 0.9  # each further card of the same symbol
HAND_DECAY = 0.85  # each further card in hand
GIFT = 0.5  # a card handed to an opponent (a raccoon's fee)
LOCKED = 0.35  # share of a locked star value counted
#: what a bonus token without its booty may still bring
LONE_BONUS = {"ketchup": 2.5, "chili": 2.0, "milkshake": 1.5, "opener": 2.5, "parrot": 1.5}
#: how much a tribe is worth at the bar, in cards (the auction)
TRIBE_WORTH = {"rat": 3, "weasel": 3, "cockroach": 2, "toad": 1, "snail": 1, "raccoon": 1}


@lru_cache(maxsize=8192)
def _soft(tokens: tuple[str, ...]) -> float:
    b = breakdown(tokens)
    value = b["total"] + LOCKED * sum(b["locked"])
    kinds = [kind_of(t) for t in tokens]
    for bonus, (booty, _) in BONUS_PER_TOKEN.items():
        if bonus in kinds and booty not in kinds:
            value += LONE_BONUS[bonus] * kinds.count(bonus)
    openers = kinds.count("opener")
    if openers > kinds.count("can"):
        value += LONE_BONUS["opener"] * (openers - kinds.count("can"))
    parrots = kinds.count("parrot")
    if parrots and "teddy" not in kinds and "doll" not in kinds:
        value += LONE_BONUS["parrot"]
    return value


def soft_value(tokens: list[str]) -> float:
    """A player's treasure: its score and a part of what it may still become."""
    return _soft(tuple(sorted(tokens)))


def marginal(tokens: list[str], token: str) -> float:
    return _marginal(tuple(tokens), token)


@lru_cache(maxsize=65536)
def _marginal(tokens: tuple[str, ...], token: str) -> float:
    # cached: the search asks the same few treasures about the same tokens millions of
    # times a move (the pure function, so the same floats come out)
    return soft_value([*tokens, token]) - soft_value(list(tokens))


def ship_value(s: State, seat: int, x: int, spaces: list, treasure: list[str]) -> float:
    """What the seat's figures on ship ``x`` (placed as in ``spaces``) may expect from the
    front flotsam group, weighted by how close to sailing they stand."""
    if not s.groups[x]:
        return 0.0
    group = s.groups[x][0]
    avail = list(group[:3])
    captain = spaces[CAPTAIN]
    damp = 1.0 if captain is not None else NO_CAPTAIN
    mine = list(treasure)
    value = 0.0
    order = [CAPTAIN, 2, 1, 0]
    for i in order:
        f = spaces[i]
        if f is None:
            continue
        takes = 2 if (f[1] == RAT and s.abilities) else 1
        if f[0] == seat:
            gain = 0.0
            if i == CAPTAIN:
                gain += marginal(mine, group[3])
                mine.append(group[3])
            for _ in range(takes):
                if not avail:
                    break
                best = max(avail, key=lambda t: marginal(mine, t))
                gain += marginal(mine, best)
                mine.append(best)
                avail.remove(best)
            if gain == 0.0 and len(s.groups[x]) > 1:
                nxt = s.groups[x][1]
                gain = 0.4 * max(marginal(mine, t) for t in nxt[:3])
            value += PLACE_WEIGHT[i] * damp * gain
        else:
            for _ in range(takes):
                if avail:
                    avail.remove(max(avail, key=value_of))
    return value


def _symbol_worth(s: State) -> tuple[float, ...]:
    out = []
    for x in range(3):
        best = max((value_of(t) for t in s.groups[x][0][:3]), default=0) if s.groups[x] else 0
        out.append(1.0 + 0.04 * best)
    return tuple(out)


def hand_value(hand: list[int], worth: tuple[float, ...]) -> float:
    """Cards in points: cards of a rich ship's symbol are worth more, each further card of
    a symbol and each further card in hand a little less (cards are only worth what they
    let you do); past the hand limit nothing (the rest is discarded at the next draw)."""
    return _hand_value(tuple(hand), worth)


@lru_cache(maxsize=65536)
def _hand_value(hand: tuple[int, ...], worth: tuple[float, ...]) -> float:
    # cached for the search's rollouts, which price the same few hands again and again
    values = []
    for c in range(3):
        w = CARD * worth[c]
        for k in range(hand[c]):
            values.append(w * CARD_DECAY ** k)
    values.sort(reverse=True)
    return sum(v * HAND_DECAY ** i for i, v in enumerate(values[:HAND_LIMIT]))


def _crew_gain(s: State, seat: int, c: Crew, worth: tuple[float, ...],
               now: list[float | None]) -> float:
    """The gain of a crew move; ``now`` caches each ship's value before the move, the same
    for every move of the turn."""
    kind, x, tribe, frm, to, cost, payees = c
    before = s.ships[x]
    after = list(before)
    if frm:
        after[frm - 1] = None
    after[to - 1] = (seat, tribe)
    treasure = s.treasure[seat]
    was = now[x]
    if was is None:
        was = now[x] = ship_value(s, seat, x, before, treasure)
    gain = ship_value(s, seat, x, after, treasure) - was
    hand = s.hands[seat]
    left = list(hand)
    left[x] -= cost + len(payees)
    gain += hand_value(left, worth) - hand_value(hand, worth) - GIFT * len(payees)
    if tribe == "snail" and s.abilities and kind == "move" and to < 3:
        gain += 0.25
    if tribe == "weasel" and s.abilities:
        gain += 0.3
    return gain


def _draw_gain(s: State, seat: int, take: list[str], worth: tuple[float, ...]) -> float:
    hand = s.hands[seat]
    base = hand_value(hand, worth)
    deck = take.count("deck")
    after = list(hand)
    for src in take:
        if src != "deck":
            after[SHIPS.index(src)] += 1
    if not deck:
        return hand_value(after, worth) - base
    total = 0.0
    combos = [(a,) for a in range(3)] if deck == 1 else [(a, b) for a in range(3) for b in
                                                            range(3)]
    for combo in combos:
        h = list(after)
        for c in combo:
            h[c] += 1
        total += hand_value(h, worth)
    return total / len(combos) - base


def _best(scored: list[tuple[float, Action]], rng: random.Random) -> Action:
    top = max(v for v, _ in scored)
    near = [a for v, a in scored if v >= top - 1e-9]
    return near[0] if len(near) == 1 else rng.choice(near)


def ai_action(s: State, seat: int, rng: random.Random, level: str = "easy") -> Action | None:
    """The heuristic move for ``seat`` (None when it has none)."""
    opts = rules.options(s, seat)
    if not opts:
        return None
    acts = [(a, a.payload) for a in opts]
    if len(acts) == 1:
        return acts[0][0]
    if s.phase == TRIBE:
        return rng.choice(acts)[0]
    if s.phase == AUCTION:
        return _auction_move(s, seat, acts)
    p = s.pending
    kind = None if p is None else p["kind"]
    if kind == "sail":
        return _seize_move(s, seat, acts)
    if kind == "discard":
        worth = _symbol_worth(s)
        hand = s.hands[seat]
        return max(acts, key=lambda a: -(CARD * worth[a[1][1]] * CARD_DECAY ** (hand[a[1][1]] - 1))
                   )[0]
    if kind == "snail":
        return next(a for a, pl in acts if pl[0] == "reveal")
    worth = _symbol_worth(s)
    scored: list[tuple[float, Action]] = []
    now: list[float | None] = [None, None, None]
    for a, pl in acts:
        what = pl[0]
        if what == "draw":
            scored.append((_draw_gain(s, seat, list(pl[1]), worth), a))
        elif what == "crew":
            scored.append((_crew_gain(s, seat, pl[1], worth, now), a))
        elif what in ("end", "idle"):
            scored.append((0.0, a))
        elif what == "sail":
            scored.append((100.0, a))
    return _best(scored, rng)


def _seize_move(s: State, seat: int, acts: list[tuple[Action, tuple]]) -> Action:
    p = s.pending
    assert p is not None
    mine = s.treasure[seat]
    seizes = [(marginal(mine, pl[1]) + 0.05 * value_of(pl[1]), a) for a, pl in acts
              if pl[0] == "seize"]
    best_value, best = max(seizes, key=lambda va: va[0])
    for a, pl in acts:
        if pl[0] == "stay" and "becomes captain" in stay_outcome(s):
            x = p["ship"]
            groups = s.groups[x]
            nxt = groups[1] if len(groups) > 1 else None
            if nxt is not None:
                later = marginal(mine, nxt[3]) + max(marginal(mine, t) for t in nxt[:3])
                if 0.8 * later > best_value:
                    return a
        if pl[0] == "leave" and best_value <= 0:
            return a
    return best


def _auction_move(s: State, seat: int, acts: list[tuple[Action, tuple]]) -> Action:
    a = s.auction
    assert a is not None
    hand = s.hands[seat]
    if a["pay"] > 0:
        return max(acts, key=lambda ap: hand[SHIPS.index(ap[1][1])])[0]
    if a["lot"] is None:
        def worth(ap: tuple[Action, tuple]) -> float:
            _, i, b = ap[1]
            tribe = a["bar"][i]
            under = len(a["under"]) if i == 0 else -0.6
            return TRIBE_WORTH[tribe] + under - 1.3 * b - 0.2 * i
        return max(acts, key=worth)[0]
    i = a["lot"]
    tribe = a["bar"][i]
    limit = TRIBE_WORTH[tribe] + (len(a["under"]) if i == 0 else 0) - 1
    raises = [ap for ap in acts if ap[1][0] == "raise" and ap[1][1] <= limit]
    if raises:
        return min(raises, key=lambda ap: ap[1][1])[0]
    return next(ap for ap in acts if ap[1][0] == "pass")[0]


def strength(s: State, seat: int) -> float:
    """A player's standing in points: treasure, figures aboard, cards (reads his hidden
    holdings: for sampled worlds only)."""
    worth = _symbol_worth(s)
    total = soft_value(s.treasure[seat]) + hand_value(s.hands[seat], worth)
    for x in range(3):
        total += ship_value(s, seat, x, s.ships[x], s.treasure[seat])
    return total


def evaluate(s: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1]: the result once over, else its share of the
    players' strengths (a soft maximum, sharper as the flotsam runs out)."""
    if s.phase == OVER and s.result is not None:
        winners = s.result["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    left = len(s.pool_bonus) + sum(len(g) for g in s.groups)
    temp = 3.0 + 0.6 * left
    values = [strength(s, t) for t in range(s.n)]
    top = max(values)
    weights = [math.exp((v - top) / temp) for v in values]
    return weights[seat] / sum(weights)

