"""A heuristic captain for All Hands on Deck! and a position evaluation.

The captain values cards by how much they bring its crew runs closer: a smooth measure
``potential(hand)`` counts every way to a winning crew (each run of seven, and every
combination of three runs of three), each weighted by how few cards it still lacks. A card's
worth is the change of that measure when it joins or leaves the hand.

It never touches the discard settings: skipping the discard step saves people a click every
round, and the computer captain answers that step at once anyway.

It only uses what a captain may know: its own hand, the public table, and the other
captains' hand sizes, which the rules never display but which every captain can count from
public play (every card that enters or leaves a hand does so in the open, face up or as a
counted face-down card), so it reads them from the state.
"""

from __future__ import annotations

import math
import random

from engine.core import Action

from . import legal as _legal
from .actions import args_of
from .cards import (
    BRAWL,
    CUTPURSE,
    DOCK,
    EIGHT,
    HAND_LIMIT,
    KING,
    MERMAID,
    MONKEY,
    PLUNDER,
    RUM,
    SHADY,
    SUIT_OF,
    VALUE,
    is_crew,
)
from .common import bid_value, table_choices
from .hands import cards_missing, suit_masks
from .state import BID, DISCARD, OVER, TIE, State
from .view import determinize

_K = 1.3  # how much one missing card weighs in the potential


def _weights(length: int) -> list[float]:
    out = []
    for mask in range(1024):
        total = 0.0
        for lo in range(1, 12 - length):
            w = ((1 << length) - 1) << (lo - 1)
            miss = length - bin(mask & w).count("1")
            total += math.exp(-_K * miss)
        out.append(total)
    return out


_A7 = _weights(7)
_A3 = _weights(3)


def potential(hand: list[str]) -> float:
    """log(sum over ways to win of exp(-k * cards missing)); higher is closer to winning."""
    masks, monkeys = suit_masks(hand)
    a, b, c = masks
    total = _A7[a] + _A7[b] + _A7[c] + _A3[a] * _A3[b] * _A3[c]
    return math.log(total) + _K * min(monkeys, 2)


def gain_of(hand: list[str], card: str) -> float:
    """How much ``card`` would bring to ``hand``."""
    if card == MONKEY:
        return 0.9 * _K if hand.count(MONKEY) < 2 else 0.0
    if not is_crew(card) or card in hand:
        return 0.0
    base = potential(hand)
    return potential([*hand, card]) - base


def loss_of(hand: list[str], card: str) -> float:
    """How much the hand would lose without one copy of ``card`` (0 for a spare copy)."""
    if not is_crew(card) and card != MONKEY:
        return 0.0
    if hand.count(card) > 1:
        return 0.0
    rest = list(hand)
    rest.remove(card)
    return potential(hand) - potential(rest)


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, in [0, 1]: the result once over; else a share of the
    chances, each captain weighted by how close his hand is to a winning crew (and, in the
    longer game, by his score). It reads every hand: call it on a world from
    ``determinize``, as the Monte Carlo search does, never to advise a player."""
    if state.result is not None:
        winners = state.result["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    weights = []
    for t in range(state.n):
        hand = state.hands[t]
        w = 50.0 if cards_missing(hand) == 0 else math.exp(1.5 * potential(hand))
        if state.longer:
            w *= math.exp(state.scores[t] / 60.0)
        weights.append(w)
    return weights[seat] / sum(weights)


#: worlds drawn per world the search plays (``ai_world``)
WORLD_DRAWS = 3


def ai_world(state: State, seat: int, rng: random.Random) -> State:
    """A world for the search: of ``WORLD_DRAWS`` worlds ``determinize`` deals, the one where
    the other captains' hands are closest to a winning crew.

    Decision: a random re-deal gives the others incoherent hands, so in the search they
    rarely need the auction card and letting them have it looked free: hard kept passing
    where the heuristic bid, and lost (docs/developing.md, "The AI ladder"). Real captains
    hold the cards they bid for; the best of a few deals is a prior for that, from no hidden
    card. (``determinize`` keeps the cards the table saw them win, ``State.seen``; the rest
    of their hands is what this chooses among.)
    """
    best, best_score = None, -math.inf
    for _ in range(WORLD_DRAWS):
        world = determinize(state, seat, rng)
        score = sum(potential(world.hands[t]) for t in range(world.n) if t != seat)
        if score > best_score:
            best, best_score = world, score
    return best


# -- the captain ------------------------------------------------------------------------------


def _bid_plan(s: State, seat: int, tie: bool, scale: float = 1.0) -> list[str]:
    """The cards this captain wants to bid now (empty: pass / forfeit); ``scale`` makes it
    want the auction card more or less than it does (the search's other bids)."""
    hand = s.hands[seat]
    auction = s.auction
    if auction is None or not hand:
        return []
    want = gain_of(hand, auction)
    suit = SUIT_OF.get(auction)
    # what the card means to the others: every captain wants crew cards that fit
    urgency = 1.0 + (0.6 if cards_missing(hand) <= 2 else 0.0)
    if auction in (RUM, MONKEY, KING, MERMAID, PLUNDER, EIGHT):
        want = max(want, 0.6)
    want *= urgency * scale
    spare = sorted(
        (c for c in hand if is_crew(c)),
        key=lambda c: (loss_of(hand, c), -VALUE[c] * (2 if SUIT_OF[c] == suit else 1)),
    )
    if tie:
        if want < 0.35:
            return []
        for c in spare:
            if loss_of(hand, c) < want * 0.6:
                return [c]
        return []
    if want > 1.2 and RUM in hand:
        return [RUM]
    plan = _crew_bid(hand, spare, want, suit, s.n) if want >= 0.35 else []
    return _with_action_cards(s, hand, plan, want)


def _crew_bid(hand: list[str], spare: list[str], want: float, suit: str | None,
              n: int) -> list[str]:
    """The crew cards of a bid: the spare ones, cheapest to lose first, until the bid's
    value reaches what the auction card is worth (nothing when that stays under 4)."""
    target = 6 + 9 * min(want, 2.0) + 2 * (n - 2)
    plan: list[str] = []
    value = 0
    budget = want * 0.7
    spent = 0.0
    for c in spare:
        loss = loss_of(hand, c)
        if spent + loss > budget:
            continue
        plan.append(c)
        spent += loss
        value += VALUE[c] * (2 if SUIT_OF[c] == suit else 1)
        if value >= target:
            break
    return plan if value >= 4 else []


def _with_action_cards(s: State, hand: list[str], plan: list[str], want: float) -> list[str]:
    """``plan`` and the action cards that pay for themselves whatever the auction does."""
    for card in (KING, MERMAID):
        if card in hand and card not in plan:
            plan.append(card)
    if PLUNDER in hand and s.discard:
        if max(gain_of(hand, c) for c in set(s.discard)) > 0.3:
            plan.append(PLUNDER)
    crew_bid = any(is_crew(c) for c in plan)
    if crew_bid and EIGHT in hand:
        plan.append(EIGHT)  # takes its own best bid card back after the auction
    if crew_bid and want >= 0.6 and CUTPURSE in hand:
        plan.append(CUTPURSE)  # to take the best rival bid card once revealed
    if crew_bid and SHADY in hand and s.n >= 3:
        plan.append(SHADY)  # a low crew card of somebody else's pays for it
    if BRAWL in hand and s.n >= 2 and len(hand) > 8:
        plan.append(BRAWL)
    return plan


def _step_towards(s: State, seat: int, plan: list[str], legal: list[Action], tie: bool) -> Action:
    picks = list(s.picks[seat])
    for c in picks:
        if c in plan:
            plan.remove(c)
        else:
            return Action("bid_remove", {"card": c})
    if plan:
        return Action("bid_add", {"card": plan[0]})
    if picks:
        return Action("bid_confirm", {})
    return Action("forfeit", {}) if tie else Action("pass", {})


def _bid_order(bid: list[str], own: list[str]) -> list[str]:
    """The order the search picks the cards of ``bid``: the captain's own bid as it is;
    another with its cards outside the own bid first, then those in it last first, so the
    cards picked so far tell which bid is under way."""
    if bid is own:
        return list(bid)
    mine = [c for c in bid if c in own]
    mine.sort(key=own.index, reverse=True)
    return [c for c in bid if c not in own] + mine


def _bid_actions(s: State, seat: int, order: list[str], tie: bool) -> list[Action] | None:
    """The moves that pick the rest of the bid ``order`` and place it, or pass or forfeit
    for an empty bid; None unless the cards picked now are the start of ``order``."""
    picks = s.picks[seat]
    if picks != order[:len(picks)]:
        return None
    if not order:
        return [Action("forfeit", {}) if tie else Action("pass", {})]
    return [Action("bid_add", {"card": c}) for c in order[len(picks):]] + [
        Action("bid_confirm", {})]


#: how much more or less than the captain's own the search's other bids want the card
_PLAN_SCALES = (1.6, 0.0, 0.6, 2.5)


def ai_plans(state: State, seat: int, rng: random.Random) -> list[list[Action]] | None:
    """Whole bids for the search to compare, each the list of moves that places it: the
    captain's own first (``_bid_plan``), then bids that want the card more, not at all (pass)
    or less, and Rum alone; None where ``seat`` is not placing a bid (the search then
    compares single moves). Once cards are picked, only the bid under way: the first whose
    order (``_bid_order``) starts with them.

    Decision: compared move by move, a bid could only shrink: after any one added card the
    rollout's captain takes back what his own plan does not hold, so the search could bid
    less than the heuristic, never more; and searched afresh at every click, it took cards
    back and picked them again (docs/developing.md, "The AI ladder")."""
    s = state
    if s.pending is not None or s.phase not in (BID, TIE) or not s.hands[seat]:
        return None
    tie = s.phase == TIE
    if tie:
        if seat not in s.contenders or s.done[seat]:
            return None
    elif seat != s.turn or _cheat_target(s, seat) is not None:
        return None
    own = _bid_plan(s, seat, tie)
    bids = [own] + [_bid_plan(s, seat, tie, scale) if scale else [] for scale in _PLAN_SCALES]
    if RUM in s.hands[seat]:
        bids.append([RUM])
    plans: list[list[Action]] = []
    seen: set[tuple[str, ...]] = set()
    for bid in bids:
        key = tuple(sorted(bid))
        moves = None if key in seen else _bid_actions(s, seat, _bid_order(bid, own), tie)
        seen.add(key)
        if moves is not None:
            plans.append(moves)
    if s.picks[seat]:
        return plans[:1] or None
    return plans or None


def _cheat_target(s: State, seat: int) -> int | None:
    for t in range(s.n):
        if t != seat and not s.immune[t] and len(s.hands[t]) >= HAND_LIMIT + 1:
            return t
    return None


_ORDER = (RUM, CUTPURSE, EIGHT, SHADY, MERMAID, KING, PLUNDER, BRAWL, DOCK)


def _best(cards: list[str], key) -> str:
    return max(cards, key=key)


def _choose_pending(s: State, seat: int, legal: list[Action], rng: random.Random) -> Action:
    p = s.pending
    kind = p["kind"]
    hand = s.hands[seat]
    if kind == "order":
        unres = s.unres[seat]
        card = min(unres, key=_ORDER.index)
        return Action("resolve", {"card": card})
    if kind in ("mermaid", "honor"):
        card = _best(p["cards"], lambda c: (gain_of(hand, c), VALUE[c]))
        return Action("mermaid_keep" if kind == "mermaid" else "honor_keep", {"card": card})
    if kind == "cheat":
        card = _best(p["cards"], lambda c: (gain_of(hand, c), VALUE[c]))
        if gain_of(hand, card) > 0.05 or len(hand) < 10:
            return Action("cheat_keep", {"card": card})
        return Action("cheat_keep_none", {})
    if kind == "king":
        card = _best(p["cards"], lambda c: (gain_of(hand, c), VALUE[c]))
        if gain_of(hand, card) > 0.02 or len(hand) < HAND_LIMIT:
            return Action("king_keep", {"card": card})
        return Action("king_done", {})
    if kind == "plunder":
        card = _best(sorted(set(s.discard)), lambda c: (gain_of(hand, c), VALUE[c]))
        return Action("plunder", {"card": card})
    if kind in ("shady", "tribute"):
        card = min(sorted(set(hand)), key=lambda c: (loss_of(hand, c), c in (RUM, MONKEY),
                                                     VALUE[c]))
        return Action("give" if kind == "shady" else "tribute", {"card": card})
    if kind == "brawl":
        others = [t for t in range(s.n) if t != seat]
        target = max(others, key=lambda t: (len(s.hands[t]), s.scores[t], -t))
        return Action("brawl", {"target": target})
    if kind == "eight":
        choices = table_choices(s, seat, True)
        t, c = max(choices, key=lambda tc: (gain_of(hand, tc[1]), tc[1] == RUM, VALUE[tc[1]]))
        return Action("eight", {"seat": t, "card": c})
    if kind == "cutpurse":
        return _cutpurse_choice(s, seat)
    return rng.choice(legal)


def _cutpurse_choice(s: State, seat: int) -> Action:
    hand = s.hands[seat]
    want = gain_of(hand, s.auction) if s.auction else 0.0
    choices = [(t, c) for t, c in table_choices(s, seat, False) if t != seat]
    if not choices or want <= 0.1:
        return Action("cutpurse_none", {})
    rums = [(t, c) for t, c in choices if c == RUM]
    if rums:
        t, c = rums[0]
        return Action("cutpurse", {"seat": t, "card": c})
    values = {t: bid_value(s.bids[t], s.auction) for t in s.contenders}
    mine = values.get(seat, 0)
    rivals = [t for t in values if t != seat and values[t] >= mine]
    if not rivals:
        return Action("cutpurse_none", {})
    lead = max(rivals, key=lambda t: values[t])
    crew = [c for tt, c in choices if tt == lead and VALUE[c]]
    if not crew:
        return Action("cutpurse_none", {})
    card = max(crew, key=lambda c: VALUE[c])
    return Action("cutpurse", {"seat": lead, "card": card})


def _discard_choice(s: State, seat: int) -> Action:
    hand = s.hands[seat]
    if len(hand) > HAND_LIMIT - 1:
        card = min(sorted(set(hand)), key=lambda c: (loss_of(hand, c) + (0.5 if not is_crew(c)
                                                                          else 0), VALUE[c]))
        return Action("discard", {"card": card})
    # dead weight: spare copies and crew far from any run, low enough to be poor bids
    for c in sorted(set(hand)):
        if is_crew(c) and VALUE[c] <= 3 and loss_of(hand, c) < 0.01 and len(hand) > 7:
            return Action("discard", {"card": c})
    return Action("discard_done", {})


def ai_action(state: State, seat: int, rng: random.Random, level: str = "easy") -> Action | None:
    """A sensible move for ``seat``, or None when it has none."""
    s = state
    legal_opts = _legal.options(s, seat)
    if not legal_opts or s.phase == OVER:
        return None
    legal = [Action(k, args_of(k, a)) for k, a in legal_opts]
    if s.pending is not None:
        action = _choose_pending(s, seat, legal, rng)
    elif s.phase == BID:
        target = _cheat_target(s, seat)
        if target is not None:
            action = Action("call_cheat", {"target": target})
        elif seat != s.turn:
            return None
        else:
            action = _step_towards(s, seat, _bid_plan(s, seat, False), legal, False)
    elif s.phase == TIE:
        action = _step_towards(s, seat, _bid_plan(s, seat, True), legal, True)
    elif s.phase == DISCARD:
        if s.done[seat]:
            return None  # only the discard settings are left to him: the captain keeps them
        action = _discard_choice(s, seat)
    else:
        action = rng.choice(legal)
    if action not in legal:
        action = rng.choice(legal)
    return action
