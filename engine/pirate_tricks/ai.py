"""A heuristic captain for Pirate Tricks, and a position evaluation.

The captain reasons only from what it may know: its own hand and ditched cards, the face-up
rows, the cards played, the public predictions and the score cards. Other players' loon is
behind their screens, but every payment is made in the open, so it reads the totals as a
player with a good memory would.

- **Card power**: the chance a card takes a trick later, from how many unseen cards of its
  colour beat it (red is trump; a side card also fears trumps, more so in a long colour).
- **Trick value**: what winning a trick is worth under the treasure and capture cards in play
  (more tricks are good under Plunder, bad under Meagre Rations; an exact prediction is
  worth aiming at; Cursed Cargo makes red cards poison, Admiral Hunt makes the red 20 gold).
- **Play**: each playable card is scored by its chance to win this trick times the trick's
  value, minus the power it spends; the best one is played.
- **Bids**: a row is worth what it adds to the hand (recruitment and expected tricks) plus
  its loon; the captain bids part of what it is worth over the average row left.
- **Ditch**: the two cards whose loss costs the least; **predictions**: the expected tricks.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import combinations

from engine.core import Action

from .actions import action_of
from .cards import (
    COLOURS,
    NUMBER,
    RED,
    STRENGTH,
    TRICKS,
    best_reveal,
    deck_for,
    playable,
)
from .rules import led_colour
from .scorecards import recruitment
from .state import BID, CHOOSE, DITCH, OVER, PLAY, PREDICT, REVEAL, State

# -- what the captain knows ----------------------------------------------------------------------


def unseen(s: State, seat: int) -> set[str]:
    """Cards of the round the seat has not seen played and does not hold or have ditched;
    face-up cards of rows are seen, but they may still be played against it."""
    mine = set(s.hands[seat]) | set(s.ditched[seat])
    played = {c for cards in s.captured for c in cards} | {c for _, c in s.trick}
    return {c for c in deck_for(s.n) if c not in mine and c not in played}


@dataclass(frozen=True)
class Outstanding:
    """The cards still out there, counted once per decision: a ditch prices 66 hands
    against the same cards, and counting them per card and hand was most of a search's
    time (a rollout's hand values)."""

    numbers: dict[str, list[int]]  # per colour, sorted
    reds: int
    # power per (card, length of its colour) -- voids in place of the length for a red --
    # filled as asked: a ditch's 66 hands ask the same few again and again
    powers: dict[tuple[str, int], float] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, out: set[str]) -> Outstanding:
        numbers: dict[str, list[int]] = {}
        for c in out:
            numbers.setdefault(c[0], []).append(NUMBER[c])
        for ks in numbers.values():
            ks.sort()
        return cls(numbers, len(numbers.get(RED, ())))

    def higher(self, colour: str, k: int) -> int:
        """How many cards of ``colour`` out there beat a ``k``."""
        ks = self.numbers.get(colour, [])
        return len(ks) - bisect_right(ks, k)

    def power(self, card: str, shape: int) -> float:
        """``power`` of a red card with ``shape`` void side colours, or of a side card in a
        colour ``shape`` long."""
        known = self.powers.get((card, shape))
        if known is None:
            known = self.powers[(card, shape)] = self._power(card, shape)
        return known

    def _power(self, card: str, shape: int) -> float:
        colour, k = card[0], NUMBER[card]
        higher = self.higher(colour, k)
        if colour == RED:
            p = max(0.0, 1.0 - 0.28 * higher)
            # a low red still trumps a colour it is void in
            return max(p, min(0.5, 0.2 * shape))
        p = {0: 0.85, 1: 0.45, 2: 0.18}.get(higher, 0.03)
        trump_risk = min(0.8, 0.06 * max(0, shape - 2) * 3 + (0.15 if self.reds > 4 else 0.0))
        return p * (1 - trump_risk)


def colour_lengths(hand: list[str]) -> dict[str, int]:
    """How many cards of each colour a hand holds."""
    lengths: dict[str, int] = {}
    for c in hand:
        lengths[c[0]] = lengths.get(c[0], 0) + 1
    return lengths


def power(card: str, lengths: dict[str, int], out: Outstanding) -> float:
    """The chance ``card`` takes a trick later, in a hand of these colour ``lengths``,
    given the cards still ``out`` there."""
    return out.power(card, shape(card, lengths, voids(lengths)))


def voids(lengths: dict[str, int]) -> int:
    """The side colours a hand of these colour ``lengths`` is void in."""
    return sum(1 for col in COLOURS if col != RED and not lengths.get(col))


def shape(card: str, lengths: dict[str, int], void: int) -> int:
    """What ``power`` asks of the hand about ``card``: the ``void`` side colours for a red,
    the length of its colour for a side card."""
    return void if card[0] == RED else lengths.get(card[0], 0)


def expected_tricks(hand: list[str], out: set[str] | Outstanding, n: int) -> float:
    """The tricks a hand may take (scaled down for a hand of twelve before the ditch)."""
    counted = out if isinstance(out, Outstanding) else Outstanding.of(out)
    lengths = colour_lengths(hand)
    void = voids(lengths)
    total = sum(counted.power(c, shape(c, lengths, void)) for c in hand)
    return min(float(TRICKS), total * min(1.0, TRICKS / max(1, len(hand))))


# -- what a trick is worth ------------------------------------------------------------------------


def treasure_margin(s: State, seat: int) -> float:
    """What one more trick is worth under the treasure card, for this seat, now."""
    code, won = s.treasure, s.tricks[seat]
    pred = s.predictions[seat]
    if code == "plunder":
        return 1.0
    if code == "sharing":
        return 2.0 if won < 3 else 0.0
    if code == "bountiful":
        return 1.5
    if code == "meagre":
        return -1.5
    if code == "winner_takes_all":
        best_other = max(s.tricks[t] for t in range(s.n) if t != seat)
        left = TRICKS - sum(s.tricks)
        return 2.5 if won + left >= best_other else 0.0
    if code == "extra_loot":
        if pred is None:
            return 1.0
        return 3.0 if won < pred else (-3.0 if won == pred else 1.0)
    if code == "tempt":
        if pred is None:
            return 0.0
        return 4.0 if won < pred else (-12.0 if won == pred else -2.0)
    return 0.0


def capture_value(s: State, seat: int, cards: list[str], trick_no: int) -> float:
    """What the capture card pays for winning a trick holding ``cards`` (trick 1-based)."""
    code = s.capture
    if code in ("red_ransom", "green_ransom", "blue_ransom"):
        return float(sum(1 for c in cards if c[0] == code[0].upper()))
    if code == "high_prisoners":
        return float(sum(1 for c in cards if NUMBER[c] >= 15))
    if code == "admiral_hunt":
        return 5.0 if "R20" in cards else 0.0
    if code == "cursed_cargo":
        return -float(sum(1 for c in cards if c[0] == RED))
    if code == "first_strike":
        return 3.0 if trick_no == 1 else 0.0
    if code == "last_stand":
        return 4.0 if trick_no == TRICKS else 0.0
    if code == "mutiny":
        return -2.0 if s.tricks[seat] >= 5 else 0.0
    return 0.0


def generic_trick_value(s: State, seat: int) -> float:
    """What an average trick later in the round is worth to the seat."""
    n, code = s.n, s.capture
    cap = 0.0
    if code in ("red_ransom", "green_ransom", "blue_ransom"):
        cap = n / 3
    elif code == "cursed_cargo":
        cap = -n / 3
    elif code == "high_prisoners":
        cap = n * 6 / (20 - (8 if n == 3 else 4 if n == 4 else 0))
    elif code == "mutiny":
        cap = -2.0 if s.tricks[seat] >= 4 else 0.0
    elif code == "last_stand":
        cap = 0.4
    return treasure_margin(s, seat) + cap


# -- trick play -------------------------------------------------------------------------------------


def _beats(card: str, best: str) -> bool:
    """Whether ``card`` beats the trick's best card so far."""
    if card[0] == best[0]:
        return NUMBER[card] > NUMBER[best]
    if card[0] == RED:
        return True
    return False


def _current_best(plays: list[list]) -> str | None:
    if not plays:
        return None
    best = plays[0][1]
    for _, c in plays[1:]:
        if _beats(c, best):
            best = c
    return best


def _holds(card: str, led: str, later: list[int], s: State, out: set[str]) -> float:
    """The chance that ``card``, winning the trick now, is not beaten by the players after."""
    if not later:
        return 1.0
    colour, k = card[0], NUMBER[card]
    higher = sum(1 for c in out if c[0] == colour and NUMBER[c] > k)
    reds = sum(1 for c in out if c[0] == RED)
    p = 1.0
    for t in later:
        beat = min(0.9, 0.35 * higher)
        if colour != RED:
            void = led in s.voids[t]
            trump = (0.9 if void else 0.12 * min(reds, 6) / 6) if reds else 0.0
            beat = 1 - (1 - beat) * (1 - trump)
        p *= 1 - beat
    return p


def choose_card(s: State, seat: int) -> str:
    hand = s.hands[seat]
    led = led_colour(s)
    cards = playable(hand, led)
    if len(cards) == 1:
        return cards[0]
    out = unseen(s, seat)
    counted, lengths = Outstanding.of(out), colour_lengths(hand)
    trick_no = len(s.winners) + 1
    later_count = s.n - len(s.trick) - 1
    later = [(seat + i) % s.n for i in range(1, later_count + 1)]
    future = generic_trick_value(s, seat)
    best_now = _current_best(s.trick)
    trick_cards = [c for _, c in s.trick]
    avg_extra = later_count  # cards still to come in this trick
    scored: list[tuple[float, int, str]] = []
    for c in cards:
        if best_now is None:
            wins = True
            lead = c[0]
        else:
            wins = _beats(c, best_now)
            lead = led or c[0]
        p_win = _holds(c, lead, later, s, out) if wins else 0.0
        value = treasure_margin(s, seat) + capture_value(s, seat, [*trick_cards, c], trick_no)
        if s.capture in ("red_ransom", "green_ransom", "blue_ransom", "high_prisoners",
                         "cursed_cargo"):
            value += (capture_value(s, seat, [], trick_no) + generic_trick_value(s, seat)
                      - treasure_margin(s, seat)) * avg_extra / max(1, s.n)
        spend = power(c, lengths, counted) * future
        score = p_win * value - spend - 0.01 * NUMBER[c]
        scored.append((score, -STRENGTH[c], c))
    return max(scored)[2]


# -- rows, ditch, predictions ----------------------------------------------------------------------


def hand_value(
    s: State, seat: int, cards: list[str], out: set[str] | Outstanding, per: float | None = None
) -> float:
    """What a hand of crew is worth in loon: recruitment now, plus tricks to come, each
    worth ``per`` (``trick_worth``, when the caller has it at hand)."""
    rec = sum(recruitment(code, cards)[0] for code in s.recruit)
    tricks = expected_tricks(cards, out, s.n)
    return rec + tricks * (trick_worth(s, seat) if per is None else per)


def trick_worth(s: State, seat: int) -> float:
    """What one trick to come is worth to the seat when its hand is priced."""
    if s.treasure in ("tempt", "extra_loot"):
        return 1.0
    return generic_trick_value(s, seat)


def best_ditch(s: State, seat: int) -> list[str]:
    hand = s.hands[seat]
    out = Outstanding.of(unseen(s, seat))
    keep = len(hand) - (2 - len(s.ditched[seat]))
    per = trick_worth(s, seat)
    best: tuple[float, tuple[str, ...]] | None = None
    for drop in combinations(hand, len(hand) - keep):
        rest = [c for c in hand if c not in drop]
        v = hand_value(s, seat, rest, out, per)
        if best is None or v > best[0]:
            best = (v, drop)
    assert best is not None
    return list(best[1])


def row_value(s: State, seat: int, r: int, out: set[str]) -> float:
    cards = s.hands[seat] + s.ups[r]
    seen_out = out - set(s.ups[r])
    # the face-down pair is unknown: count it as two average cards (none)
    return hand_value(s, seat, cards, seen_out) + s.row_loon[r]


def choose_bid(s: State, seat: int) -> int:
    out = unseen(s, seat)
    left = [r for r in range(s.n) if s.owner[r] is None]
    values = {r: row_value(s, seat, r, out) for r in left}
    this = values[s.row]
    others = [v for r, v in values.items() if r != s.row]
    if not others:
        return 0
    later = [v for r, v in values.items() if r > s.row] or others
    margin = this - sum(later) / len(later)
    if s.row == 0 and s.owner[0] is None:
        margin += 1.0  # the Go First marker: the lead of the first trick
    bid = int(margin * 0.55)
    return max(0, min(bid, s.loon[seat], 3 + s.loon[seat] // 3))


#: tricks taken against the estimate, fitted on 1,200 hands of heuristic play (3-5 players,
#: correlation 0.84): the estimate counts sure winners, play wins some tricks more
PREDICT_BASE, PREDICT_SLOPE = 0.4, 1.42


def predict(s: State, seat: int) -> int:
    out = unseen(s, seat)
    est = expected_tricks(s.hands[seat], out, s.n)
    return max(0, min(TRICKS, int(round(PREDICT_BASE + PREDICT_SLOPE * est))))


def choose_taker(s: State, seat: int) -> int:
    out = unseen(s, seat)
    left = [r for r in range(s.n) if s.owner[r] is None]
    values = {r: row_value(s, seat, r, out) for r in left}
    if values[s.row] >= max(values.values()) - 0.5:
        return seat
    others = [t for t in s.tied if t != seat]
    return others[0] if others else seat


def ai_action(state: State, seat: int, rng: random.Random, level: str = "easy") -> Action | None:
    """A sensible move for ``seat``, or None when it has none."""
    s = state
    if s.phase == OVER or not 0 <= seat < s.n:
        return None
    if s.phase == BID and seat in s.bidders and s.bids[seat] is None:
        return action_of(s, seat, "bid", choose_bid(s, seat))
    if s.phase == REVEAL and seat in s.tied and s.reveals[seat] is None:
        return action_of(s, seat, "reveal", best_reveal(s.hands[seat]))
    if s.phase == CHOOSE and seat == s.chooser:
        return action_of(s, seat, "give", choose_taker(s, seat))
    if s.phase == DITCH and len(s.ditched[seat]) < 2:
        return action_of(s, seat, "ditch", best_ditch(s, seat)[0])
    if s.phase == PREDICT and seat == s.turn:
        return action_of(s, seat, "predict", predict(s, seat))
    if s.phase == PLAY and seat == s.turn:
        return action_of(s, seat, "play", choose_card(s, seat))
    return None


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1]: the result once over; else a share of the
    chances from the loon totals (plus the tricks of the round so far), flatter the more
    rounds are left. Call it on a world from ``determinize``, as the Monte Carlo search
    does."""
    s = state
    if s.result is not None:
        winners = s.result["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    est = []
    for t in range(s.n):
        value = float(s.loon[t])
        if s.phase == PLAY:
            value += s.tricks[t] * generic_trick_value(s, t)
        est.append(value)
    left = s.rounds - s.round + 1
    temp = 3.0 + 4.0 * left
    top = max(est)
    weights = [math.exp((v - top) / temp) for v in est]
    return weights[seat] / sum(weights)
