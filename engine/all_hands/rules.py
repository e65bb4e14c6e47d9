"""The rules of All Hands on Deck!: setup, whose move it is, legal moves and their effects.

Everything follows the rulebook (shared/rules/all-hands-on-deck.txt); where it is silent,
the decision is written in the docstring of the function that makes it and listed in
``DECISIONS`` (shown by ``/game rules``).

Captains are named in texts by placeholders "{p0}", "{p1}", ... (seat numbers) that the
cogs and renderers fill with display names (see ``view.fill_names``); the engine never
knows names.

Flow: each round runs deal -> auction card -> bids in turn -> reveal -> resolve action cards
-> winner (or tie re-bids, then resolve their actions, then winner) -> discard. A choice
the rules give somebody (Cutpurse target, Mermaid keep, tribute, ...) is a ``pending`` dict
and makes that captain the one to act; automatic steps run until the next choice. The
moment a hand holds a winning crew, ``HandOver`` unwinds whatever was running.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Event, IllegalAction, rng

from .cards import (
    BRAWL,
    CUTPURSE,
    DOCK,
    EIGHT,
    KING,
    MERMAID,
    MONKEY,
    NAMES,
    PLUNDER,
    RUM,
    SHADY,
    SUIT_OF,
    VALUE,
    build_deck,
    is_action,
    list_names,
)
from .hands import hand_score, is_winning, winning_shape
from .state import (
    BID,
    BIDDING,
    BRAWLED,
    DISCARD,
    FORFEIT,
    OVER,
    PASSED,
    RESOLVE,
    TIE,
    TIED,
    WAITING,
    State,
)

START_HAND = 5
WIN_BONUS = 20
TARGET = 250
HANDS_IN_LONGER_GAME = 5
LOG_SIZE = 10


class HandOver(Exception):
    """Raised once a hand has ended (a winning crew was mustered); the state is final."""


def P(seat: int) -> str:
    """The placeholder for a captain's name in texts."""
    return f"{{p{seat}}}"


# -- small helpers ---------------------------------------------------------------------------


def left_order(s: State, start: int | None = None) -> list[int]:
    """Seats in play order from the left of ``start`` (the dealer by default)."""
    first = (s.dealer if start is None else start) + 1
    return [(first + i) % s.n for i in range(s.n)]


def _rand(s: State):
    r = rng(s.seed, s.counter)
    s.counter += 1
    return r


def _pub(s: State, out: list[Event], kind: str, text: str, **data: Any) -> None:
    out.append(Event(kind, text, None, data))
    s.log.append(text)
    if len(s.log) > LOG_SIZE:
        del s.log[0]


def _priv(out: list[Event], seats: list[int] | int, kind: str, text: str, **data: Any) -> None:
    to = frozenset([seats] if isinstance(seats, int) else seats)
    out.append(Event(kind, text, to, data))


def _note(s: State, out: list[Event], text: str, **data: Any) -> None:
    """An action card's resolution: public, and kept in the round's "resolved" list."""
    s.resolved.append(text)
    _pub(s, out, "resolve", text, **data)


def distinct(cards: list[str]) -> list[str]:
    seen: dict[str, None] = {}
    for c in cards:
        seen[c] = None
    return list(seen)


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


def _draw(s: State, out: list[Event]) -> str | None:
    """The top card of the deck.

    Decision (the rulebook never says what happens when the deck runs out): the discard
    pile is shuffled into a new deck; if both are empty, no card comes.
    """
    if not s.deck:
        if not s.discard:
            return None
        s.deck = s.discard
        s.discard = []
        _rand(s).shuffle(s.deck)
        _pub(s, out, "reshuffle", "The deck ran out: the discard pile is shuffled into a new deck.")
    return s.deck.pop()


def gain(s: State, seat: int, cards: list[str], out: list[Event]) -> None:
    """Cards come into a captain's hand; a winning crew ends the hand at once (rulebook,
    "NOTE: As soon as a Captain is holding a winning hand ... end the hand")."""
    hand = s.hands[seat]
    hand.extend(cards)
    if len(hand) >= 7 and is_winning(hand):
        end_hand(s, out, [seat], move_dealer=True)
        raise HandOver


def _sanitize_picks(s: State, seat: int) -> None:
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


# -- hands and rounds --------------------------------------------------------------------------


def setup(n: int, longer: bool, round_limit: int, seed: str) -> State:
    """A new game. Decision: the first dealer is seat 0 (the rulebook's "Pirate Standoff"
    -- the loudest ARRRR -- happens at the table; the host seats the winner first)."""
    s = State(seed=seed, n=n, longer=longer, round_limit=round_limit)
    s.scores = [0] * n
    start_hand(s, [], dealer=0)
    return s


def _reset_round(s: State) -> None:
    n = s.n
    s.status = [WAITING] * n
    s.bids = [[] for _ in range(n)]
    s.shown = [0] * n
    s.revealed = False
    s.picks = [[] for _ in range(n)]
    s.turn = -1
    s.contenders = []
    s.done = [False] * n
    s.unres = [[] for _ in range(n)]
    s.res_idx = 0
    s.active = None
    s.rums = []
    s.eights = []
    s.pending = None
    s.resolved = []


def start_hand(s: State, out: list[Event], dealer: int) -> None:
    """Rulebook "THE SETUP": shuffle all 108 cards, deal five to each captain, flip the
    first auction card. A new hand of the longer game starts the same way."""
    n = s.n
    s.deck = build_deck()
    _rand(s).shuffle(s.deck)
    s.discard = []
    s.hands = [[] for _ in range(n)]
    s.auction = None
    s.dealer = dealer
    s.round = 1
    s.phase = BID
    s.last_auction = None
    s.immune = [False] * n
    s.skip_deal = [False] * n
    s.brawled = [False] * n
    _reset_round(s)
    order = left_order(s)
    for _ in range(START_HAND):
        for seat in order:
            s.hands[seat].append(s.deck.pop())
    text = f"{P(dealer)} deals five cards to each captain."
    if s.longer:
        text = f"Hand {s.hand_no} of at most {HANDS_IN_LONGER_GAME}: " + text
    _pub(s, out, "hand", text, hand_no=s.hand_no, dealer=dealer)
    _reveal_auction(s, out)


def _start_round(s: State, out: list[Event]) -> None:
    """Steps 1 and 2: deal a card to each captain from the dealer's left (not to a captain
    hit by a Tavern Brawl), then flip the auction card.

    Decision: cheat immunity ends for every captain at this deal ("Once he picks up the
    card dealt him on the next round, this immunity is lost"), also for a brawled captain
    who is dealt nothing.
    """
    s.round += 1
    _reset_round(s)
    s.brawled = s.skip_deal
    s.skip_deal = [False] * s.n
    s.immune = [False] * s.n
    skipped = [P(t) for t in range(s.n) if s.brawled[t]]
    text = f"Round {s.round}: {P(s.dealer)} deals a card to each captain"
    text += f" except {', '.join(skipped)} (Tavern Brawl)." if skipped else "."
    _pub(s, out, "round", text, round=s.round, dealer=s.dealer)
    for seat in left_order(s):
        if s.brawled[seat]:
            continue
        card = _draw(s, out)
        if card is None:
            _pub(s, out, "deal", "The deck and the discard pile are empty: no more cards to deal.")
            break
        _priv(out, seat, "dealt", f"You are dealt {NAMES[card]}.", card=card)
        gain(s, seat, [card], out)
    _reveal_auction(s, out)


def _reveal_auction(s: State, out: list[Event]) -> None:
    card = _draw(s, out)
    s.auction = card
    if card is None:
        _pub(s, out, "auction", "No card is left to put up for auction this round.")
        start_discard(s, out)
        return
    _pub(s, out, "auction", f"Up for auction: {NAMES[card]}.", card=card)
    s.phase = BID
    for seat in range(s.n):
        if s.brawled[seat]:
            s.status[seat] = BRAWLED
    s.turn = -1
    _next_bidder(s, out)


def _next_bidder(s: State, out: list[Event]) -> None:
    """Step 3: captains bid or pass in turn from the dealer's left (the dealer last); a
    brawled captain is skipped."""
    order = left_order(s)
    i = 0 if s.turn < 0 else order.index(s.turn) + 1
    while i < s.n:
        seat = order[i]
        if not s.brawled[seat]:
            s.turn = seat
            return
        i += 1
    s.turn = -1
    _reveal_bids(s, out)


def _describe_bids(s: State, seats: list[int]) -> str:
    parts = []
    for t in seats:
        if s.bids[t]:
            cards = s.bids[t]
            parts.append(f"{P(t)} {list_names(cards)} (value {bid_value(cards, s.auction)})")
    return "; ".join(parts)


def _reveal_bids(s: State, out: list[Event]) -> None:
    """Step 4: every bid is turned over together; no more cheat calls this round."""
    s.revealed = True
    s.turn = -1
    for t in range(s.n):
        s.shown[t] = len(s.bids[t])
    bidders = [t for t in left_order(s) if s.bids[t]]
    if not bidders:
        _pub(s, out, "reveal", f"Nobody bid: {NAMES[s.auction]} goes to the discard pile.")
        _no_winner(s, out, f"Nobody bid on {NAMES[s.auction]}; it was discarded.")
        return
    _pub(s, out, "reveal", "The bids are revealed: " + _describe_bids(s, bidders) + ".")
    for t in bidders:
        s.unres[t] = [c for c in s.bids[t] if is_action(c) and c != MONKEY]
    s.contenders = bidders
    s.phase = RESOLVE
    s.res_idx = 0
    continue_resolution(s, out)


# -- action cards ------------------------------------------------------------------------------


def continue_resolution(s: State, out: list[Event]) -> None:
    """Step 5: action cards resolve in player order from the dealer's left; a captain with
    several different ones chooses their order (a pending "order" choice)."""
    order = left_order(s)
    while s.res_idx < s.n:
        seat = order[s.res_idx]
        unres = s.unres[seat]
        if not unres:
            s.res_idx += 1
            continue
        kinds = distinct(unres)
        if len(kinds) > 1:
            s.active = None
            s.pending = {"kind": "order", "seat": seat}
            return
        resolve_card(s, seat, kinds[0], out)
        if s.pending is not None or s.phase != RESOLVE:
            return
    s.active = None
    _determine(s, out)


def resume(s: State, out: list[Event]) -> None:
    """After a choice: carry on with the resolution, if the auction is still running."""
    s.pending = None
    if s.phase == RESOLVE:
        continue_resolution(s, out)


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


def resolve_card(s: State, seat: int, card: str, out: list[Event]) -> None:
    s.unres[seat].remove(card)
    s.active = card
    RESOLVERS[card](s, seat, out)


def _resolve_rum(s: State, seat: int, out: list[Event]) -> None:
    """Rum "automatically wins the card that is up for auction".

    Decision (several Rums): the first Rum in resolution order wins; a Rum a later
    Cutpurse removes from the table no longer counts.
    """
    first = not any(t in s.contenders for t in s.rums)
    s.rums.append(seat)
    if first:
        _note(s, out, f"Rum: {P(seat)} will win {NAMES[s.auction]} outright.", seat=seat)
    else:
        _note(s, out, f"Rum: {P(seat)} poured too late; an earlier Rum already claims the card.")


def _resolve_dock(s: State, seat: int, out: list[Event]) -> None:
    """Fall off the Dock: the auction card, all bid cards and the action cards not yet
    resolved go to the discard pile; the auction ends without a winner.

    Decision: effects already resolved stay (a card taken by Hidden Plunder stays taken, a
    Tavern Brawl still holds); a Pieces of Eight selection is lost, as the selected card
    goes "immediately" to the discard pile.
    """
    card = s.auction
    _note(s, out, f"Fall off the Dock: {P(seat)} sends {NAMES[card]} and every bid card "
          "to the discard pile. The auction ends.", seat=seat)
    _no_winner(s, out, f"{NAMES[card]} fell off the dock with every bid ({P(seat)}).",
               eights=False)


def _resolve_cutpurse(s: State, seat: int, out: list[Event]) -> None:
    """Cutpurse: remove any one bid card from play into the discard pile.

    Decisions: any bid card on the table may go, the captain's own and action cards
    included (an action card removed before it resolves never resolves); removing a Rum
    that already resolved cancels its win; removing a resolved Pieces of Eight leaves its
    selection standing, removing the selected card cancels the selection. "allows" makes
    it optional: the captain may also remove nothing.
    """
    if not table_choices(s, seat, False):
        _note(s, out, f"Cutpurse: {P(seat)} finds no other bid card to take.")
        return
    s.pending = {"kind": "cutpurse", "seat": seat}


def cut(s: State, seat: int, target: int, card: str, out: list[Event]) -> None:
    bid = s.bids[target]
    bid.remove(card)
    s.shown[target] = min(s.shown[target], len(bid))
    extra = ""
    if card in s.unres[target]:
        s.unres[target].remove(card)
        extra = " before it could take effect"
    elif card == RUM and target in s.rums:
        idx = len(s.rums) - 1 - s.rums[::-1].index(target)
        del s.rums[idx]
    selected = [e for e in s.eights if e[1] == target and e[2] == card]
    if len(selected) > bid.count(card):
        lost = selected[-1]
        s.eights.remove(lost)
        extra += f"; the Pieces of Eight of {P(lost[0])} loses its pick"
    s.discard.append(card)
    whose = "his own" if target == seat else f"{P(target)}'s"
    _note(s, out, f"Cutpurse: {P(seat)} sends {whose} {NAMES[card]} to the discard pile{extra}.",
          seat=seat, target=target, card=card)


def _resolve_plunder(s: State, seat: int, out: list[Event]) -> None:
    """Hidden Plunder: take one card of your choice from the discard pile (none there: no
    effect)."""
    if not s.discard:
        _note(s, out, f"Hidden Plunder: the discard pile is empty; {P(seat)} finds nothing.")
        return
    if len(set(s.discard)) == 1:
        take_plunder(s, seat, s.discard[-1], out)
        return
    s.pending = {"kind": "plunder", "seat": seat}


def take_plunder(s: State, seat: int, card: str, out: list[Event]) -> None:
    idx = len(s.discard) - 1 - s.discard[::-1].index(card)
    del s.discard[idx]
    s.pending = None
    _note(s, out, f"Hidden Plunder: {P(seat)} takes {NAMES[card]} from the discard pile.",
          seat=seat, card=card)
    gain(s, seat, [card], out)


def _resolve_mermaid(s: State, seat: int, out: list[Event]) -> None:
    """Mermaid: one card drawn at random from every other captain's hand (captains with
    no card give nothing); keep one, discard the rest."""
    r = None
    drawn: list[str] = []
    victims: list[int] = []
    for t in left_order(s, seat)[:-1]:
        hand = s.hands[t]
        if not hand:
            continue
        if r is None:
            r = _rand(s)
        card = hand.pop(r.randrange(len(hand)))
        _sanitize_picks(s, t)
        drawn.append(card)
        victims.append(t)
        _priv(out, t, "mermaid", f"The Mermaid of {P(seat)} draws {NAMES[card]} from your hand.",
              card=card)
    if not drawn:
        _note(s, out, f"Mermaid: no other captain holds a card; {P(seat)} draws nothing.")
        return
    _priv(out, seat, "mermaid", f"Your Mermaid draws {list_names(drawn)}.", cards=drawn)
    who = ", ".join(P(t) for t in victims)
    _pub(s, out, "mermaid", f"The Mermaid of {P(seat)} draws a card from {who}.")
    s.pending = {"kind": "mermaid", "seat": seat, "cards": drawn, "from": victims}
    if len(set(drawn)) == 1:
        mermaid_keep(s, seat, drawn[0], out)


def mermaid_keep(s: State, seat: int, card: str, out: list[Event]) -> None:
    cards = list(s.pending["cards"])
    s.pending = None
    cards.remove(card)
    s.discard.extend(cards)
    rest = f" and discards {list_names(cards)}" if cards else ""
    _note(s, out, f"Mermaid: {P(seat)} keeps one card{rest}.", seat=seat, discarded=cards)
    _priv(out, seat, "mermaid", f"You keep {NAMES[card]}.", card=card)
    gain(s, seat, [card], out)


def _resolve_eight(s: State, seat: int, out: list[Event]) -> None:
    """Pieces of Eight: select a bid card on the table; once the auction is resolved it goes
    into your hand instead of the discard pile.

    Decisions: any bid card but this Pieces of Eight itself, the captain's own included;
    a card already selected by another Pieces of Eight cannot be selected again; the
    selected card still counts in its bid and, if an action card, still resolves.
    """
    choices = table_choices(s, seat, True)
    if not choices:
        _note(s, out, f"Pieces of Eight: there is no other bid card for {P(seat)} to select.")
        return
    if len(choices) == 1:
        select_eight(s, seat, *choices[0], out)
        return
    s.pending = {"kind": "eight", "seat": seat}


def select_eight(s: State, seat: int, target: int, card: str, out: list[Event]) -> None:
    s.eights.append([seat, target, card])
    s.pending = None
    whose = "his own" if target == seat else f"{P(target)}'s"
    _note(s, out, f"Pieces of Eight: {P(seat)} selects {whose} {NAMES[card]}; it goes to his "
          "hand after the auction.", seat=seat, target=target, card=card)


def _resolve_monkey(s: State, seat: int, out: list[Event]) -> None:
    """A Pirate Monkey bid has no value and no effect (never queued for resolution)."""


def shady_giver(s: State, seat: int) -> int | None:
    """Who must give a card to the Shady Deal of ``seat``, or None (no effect / wasted).

    Decisions: "lowest value" is the printed value (Brothers Before the Mast doubles bid
    values, not what a card is); a tie for the lowest card: the first tied captain to the
    Shady Deal player's left gives, unless only the player himself bid that value (wasted).
    Every bid card on the table counts, tie re-bids included.
    """
    lowest = None
    for t in range(s.n):
        for c in s.bids[t]:
            v = VALUE[c]
            if v and (lowest is None or v < lowest):
                lowest = v
    if lowest is None:
        return None
    for t in left_order(s, seat):
        if t != seat and any(VALUE[c] == lowest for c in s.bids[t]):
            return t
    return None


def _resolve_shady(s: State, seat: int, out: list[Event]) -> None:
    if not any(VALUE[c] for t in range(s.n) for c in s.bids[t]):
        _note(s, out, f"Shady Deal: nobody bid a crew card; the deal of {P(seat)} has no effect.")
        return
    giver = shady_giver(s, seat)
    if giver is None:
        _note(s, out, f"Shady Deal: {P(seat)} bid the lowest crew card himself; the deal is "
              "wasted.")
        return
    hand = s.hands[giver]
    if not hand:
        _note(s, out, f"Shady Deal: {P(giver)} bid the lowest crew card but has no card to give.")
        return
    s.pending = {"kind": "shady", "seat": giver, "to": seat}
    if len(set(hand)) == 1:
        shady_give(s, giver, hand[0], out)


def shady_give(s: State, giver: int, card: str, out: list[Event]) -> None:
    to = s.pending["to"]
    s.pending = None
    s.hands[giver].remove(card)
    _note(s, out, f"Shady Deal: {P(giver)} bid the lowest crew card and gives {P(to)} a card.",
          seat=to, giver=giver)
    _priv(out, giver, "shady", f"You give {NAMES[card]} to {P(to)}.", card=card)
    _priv(out, to, "shady", f"{P(giver)} gives you {NAMES[card]}.", card=card)
    gain(s, to, [card], out)


def _resolve_brawl(s: State, seat: int, out: list[Event]) -> None:
    """Tavern Brawl: the chosen captain is dealt no card next round and may not bid on that
    round's auction.

    Decisions: cheat immunity does not shield from a brawl; two brawls on one captain do
    not add up; a brawled captain may still call others Pirate Cheats and be called one.
    """
    others = [t for t in left_order(s, seat) if t != seat]
    if len(others) == 1:
        brawl(s, seat, others[0], out)
        return
    s.pending = {"kind": "brawl", "seat": seat}


def brawl(s: State, seat: int, target: int, out: list[Event]) -> None:
    s.pending = None
    s.skip_deal[target] = True
    _note(s, out, f"Tavern Brawl: {P(seat)} drags {P(target)} into a fight; he gets no card "
          "next round and may not bid on its auction.", seat=seat, target=target)


def _resolve_king(s: State, seat: int, out: list[Event]) -> None:
    """The Pirate King: every other captain chooses a card of his hand as tribute (together,
    in secret; a captain with no card pays nothing); the King keeps up to two."""
    waiting = [t for t in left_order(s, seat) if t != seat and s.hands[t]]
    s.pending = {"kind": "tribute", "seat": seat, "waiting": waiting, "paid": []}
    _pub(s, out, "king", f"The Pirate King: every other captain pays {P(seat)} a card in "
         "tribute.")
    if not waiting:
        s.pending = None
        _note(s, out, f"The Pirate King: nobody has a card to pay {P(seat)}.")
        return
    for t in list(waiting):
        if len(set(s.hands[t])) == 1:
            pay_tribute(s, t, s.hands[t][0], out)


def pay_tribute(s: State, payer: int, card: str, out: list[Event]) -> None:
    p = s.pending
    king = p["seat"]
    s.hands[payer].remove(card)
    p["waiting"].remove(payer)
    p["paid"].append([payer, card])
    _priv(out, payer, "tribute", f"You pay {NAMES[card]} in tribute to {P(king)}.", card=card)
    _pub(s, out, "tribute", f"{P(payer)} pays his tribute to {P(king)}.")
    if not p["waiting"]:
        king_collect(s, out)


def king_collect(s: State, out: list[Event]) -> None:
    p = s.pending
    king = p["seat"]
    cards = [c for _, c in p["paid"]]
    detail = "; ".join(f"{P(t)}: {NAMES[c]}" for t, c in p["paid"])
    _priv(out, king, "tribute", f"Your tribute: {detail}.", paid=p["paid"])
    s.pending = {"kind": "king", "seat": king, "cards": cards, "kept": 0}


def king_keep(s: State, card: str, out: list[Event]) -> None:
    p = s.pending
    king = p["seat"]
    p["cards"].remove(card)
    p["kept"] += 1
    _priv(out, king, "tribute", f"You keep {NAMES[card]}.", card=card)
    gain(s, king, [card], out)
    if p["kept"] >= 2 or not p["cards"]:
        king_done(s, out)


def king_done(s: State, out: list[Event]) -> None:
    p = s.pending
    king = p["seat"]
    rest = p["cards"]
    s.pending = None
    s.discard.extend(rest)
    tail = f" and discards {list_names(rest)}" if rest else ""
    _note(s, out, f"The Pirate King: {P(king)} keeps {p['kept']} of the tribute{tail}.",
          seat=king, kept=p["kept"], discarded=rest)
    resume(s, out)


RESOLVERS = {
    RUM: _resolve_rum,
    DOCK: _resolve_dock,
    CUTPURSE: _resolve_cutpurse,
    PLUNDER: _resolve_plunder,
    MERMAID: _resolve_mermaid,
    EIGHT: _resolve_eight,
    MONKEY: _resolve_monkey,
    SHADY: _resolve_shady,
    BRAWL: _resolve_brawl,
    KING: _resolve_king,
}


# -- the auction's outcome -------------------------------------------------------------------


def _determine(s: State, out: list[Event]) -> None:
    """Step 6: Rum wins outright; else the highest bid value wins; only action cards bid (or
    every crew card gone) and no Rum: the auction card is discarded; a tie sends the tied
    captains to bid again."""
    cont = s.contenders
    for t in s.rums:
        if t in cont and RUM in s.bids[t]:
            _finish_auction(s, t, out, "with Rum")
            return
    values = {t: bid_value(s.bids[t], s.auction) for t in cont}
    best = max(values.values(), default=0)
    if best == 0:
        _pub(s, out, "auction_lost", f"No crew card is bid: {NAMES[s.auction]} goes to the "
             "discard pile.")
        _no_winner(s, out, f"Only action cards were bid on {NAMES[s.auction]}; it was discarded.")
        return
    top = [t for t in cont if values[t] == best]
    if len(top) == 1:
        _finish_auction(s, top[0], out, f"with a bid worth {best}")
        return
    _start_tie(s, top, best, out)


def _start_tie(s: State, top: list[int], best: int, out: list[Event]) -> None:
    """Tie bids: each tied captain bids one or more further cards face down or forfeits.

    Decisions: the tied captains choose together and their extra cards are revealed
    together; action cards may be part of a tie bid and resolve after that reveal like any
    bid (Rum wins outright, Cutpurse may take any bid card, ...); then the highest bid among
    the captains still in wins, and a new tie bids again. A tied captain with no card left
    can only forfeit, which happens for him. When every tied captain forfeits, the auction
    card is discarded; when one remains, the others' bids no longer count.
    """
    s.phase = TIE
    s.contenders = top
    s.rums = []
    for t in top:
        s.status[t] = TIED
        s.done[t] = False
        s.picks[t] = []
    names = ", ".join(P(t) for t in top)
    _pub(s, out, "tie", f"Tie at {best} between {names}: each bids one or more further cards "
         "face down, or forfeits.", seats=top)
    for t in top:
        if not s.hands[t]:
            s.status[t] = FORFEIT
            s.done[t] = True
            _pub(s, out, "forfeit", f"{P(t)} has no card left and forfeits.")
    if all(s.done[t] for t in top):
        reveal_tie(s, out)


def reveal_tie(s: State, out: list[Event]) -> None:
    s.contenders = [t for t in s.contenders if s.status[t] != FORFEIT]
    if not s.contenders:
        _pub(s, out, "auction_lost", f"Every tied captain forfeits: {NAMES[s.auction]} goes to "
             "the discard pile.")
        _no_winner(s, out, f"The tied captains all forfeited; {NAMES[s.auction]} was discarded.")
        return
    parts = []
    for t in s.contenders:
        new = s.bids[t][s.shown[t]:]
        s.shown[t] = len(s.bids[t])
        s.unres[t] = [c for c in new if is_action(c) and c != MONKEY]
        parts.append(f"{P(t)} adds {list_names(new)} (value now "
                     f"{bid_value(s.bids[t], s.auction)})")
    _pub(s, out, "reveal", "The tie bids are revealed: " + "; ".join(parts) + ".")
    s.phase = RESOLVE
    s.res_idx = 0
    continue_resolution(s, out)


def _no_winner(s: State, out: list[Event], text: str, eights: bool = True) -> None:
    """The auction card and every bid card go to the discard pile (Pieces of Eight still
    take their selections when the auction is resolved, not after Fall off the Dock)."""
    card = s.auction
    s.auction = None
    s.discard.append(card)
    s.last_auction = {"card": card, "winner": None, "text": text}
    _clear_table(s, out, eights=eights)


def _finish_auction(s: State, winner: int, out: list[Event], how: str) -> None:
    card = s.auction
    s.auction = None
    text = f"{P(winner)} won {NAMES[card]} {how}."
    s.last_auction = {"card": card, "winner": winner, "text": text}
    _pub(s, out, "won", f"{P(winner)} wins {NAMES[card]} {how}.", seat=winner, card=card)
    gain(s, winner, [card], out)
    _clear_table(s, out, eights=True)


def _clear_table(s: State, out: list[Event], eights: bool) -> None:
    """Bid cards go to the discard pile, except the Pieces of Eight selections, which go
    to their captains' hands (in the order they were selected)."""
    if eights:
        for owner, t, c in s.eights:
            if c in s.bids[t]:
                s.bids[t].remove(c)
                _pub(s, out, "eight", f"Pieces of Eight: {P(owner)} takes {NAMES[c]} into his "
                     "hand.", seat=owner, card=c)
                gain(s, owner, [c], out)
    s.eights = []
    for t in left_order(s):
        s.discard.extend(s.bids[t])
        s.bids[t] = []
        s.unres[t] = []
    s.shown = [0] * s.n
    s.rums = []
    s.pending = None
    s.active = None
    start_discard(s, out)


def start_discard(s: State, out: list[Event]) -> None:
    """Step 7: every captain may discard any number of cards, all at once."""
    s.phase = DISCARD
    s.turn = -1
    s.pending = None
    s.active = None
    s.contenders = []
    s.picks = [[] for _ in range(s.n)]
    s.done = [not h for h in s.hands]
    if all(s.done):
        end_round(s, out)


def end_round(s: State, out: list[Event]) -> None:
    """The deal passes to the left; the round limit may end the hand."""
    s.dealer = (s.dealer + 1) % s.n
    if s.round >= s.round_limit:
        end_hand(s, out, None, move_dealer=False)
        return
    _start_round(s, out)


def end_hand(s: State, out: list[Event], winners: list[int] | None, move_dealer: bool) -> None:
    """A hand ends: by a winning crew, or at the round limit.

    Decisions: the round limit (option "round_limit") is ours, so random play always ends:
    after that many rounds with no winning hand, the captains whose hands score most by the
    longer game's scoring win the hand (ties share, each with the 20-point bonus). Cards
    still on the table or in a pending choice go to the discard pile. The next hand of the
    longer game is dealt by the captain to the left of the last round's dealer.
    """
    for t in range(s.n):
        s.discard.extend(s.bids[t])
        s.bids[t] = []
        s.unres[t] = []
        s.picks[t] = []
    s.shown = [0] * s.n
    if s.auction is not None:
        s.discard.append(s.auction)
        s.auction = None
    p = s.pending
    if p is not None:
        s.discard.extend(p.get("cards", ()))
        s.discard.extend(c for _, c in p.get("paid", ()))
    s.pending = None
    s.active = None
    s.eights = []
    s.rums = []
    points = [hand_score(h) for h in s.hands]
    if winners is None:
        best = max(points)
        winners = [t for t in range(s.n) if points[t] == best]
        names = ", ".join(P(t) for t in winners)
        how = (f"After {s.round_limit} rounds nobody has a seaworthy crew; the best hand "
               f"({best} points) wins the hand: {names}.")
    else:
        w = winners[0]
        how = (f"ALL HANDS ON DECK! {P(w)} musters a winning crew: "
               f"{winning_shape(s.hands[w])}.")
    for w in winners:
        points[w] += WIN_BONUS
    _pub(s, out, "hand_over", how, winners=winners, points=points)
    if s.longer:
        for t in range(s.n):
            s.scores[t] += points[t]
        tally = ", ".join(f"{P(t)} {s.scores[t]}" for t in range(s.n))
        _pub(s, out, "scores", f"Hand {s.hand_no} scored; totals: {tally}.", scores=s.scores)
        over = max(s.scores) >= TARGET or s.hand_no >= HANDS_IN_LONGER_GAME
    else:
        over = True
    if not over:
        s.hand_no += 1
        start_hand(s, out, (s.dealer + 1) % s.n if move_dealer else s.dealer)
        return
    s.phase = OVER
    s.turn = -1
    s.done = [True] * s.n
    s.contenders = []
    if s.longer:
        best = max(s.scores)
        final = [t for t in range(s.n) if s.scores[t] == best]
        names = ", ".join(P(t) for t in final)
        reason = (f"{names} {'wins' if len(final) == 1 else 'share the win of'} the longer game "
                  f"with {best} points after {s.hand_no} hand{'s' if s.hand_no > 1 else ''}.")
        s.result = {"winners": final, "scores": list(s.scores), "reason": reason}
    else:
        s.result = {"winners": list(winners), "scores": points, "reason": how}
    _pub(s, out, "game_over", s.result["reason"], winners=s.result["winners"])


# -- the Pirate Cheat --------------------------------------------------------------------------


def call_cheat(s: State, caller: int, target: int, out: list[Event]) -> None:
    """Rulebook "RULES AIN'T FOR PIRATES!": the accused counts his cards openly (so his hand
    size becomes public, in the log). 13 or more: the caller pulls cards at random until 12
    remain, may keep one, discards the rest. Fewer: the accused pulls 2 at random from the
    caller, keeps one, discards the other, and is immune for the rest of the round.

    Decisions: the window is the bid phase of every round, from the deal (or the first
    deal of the hand) until the bids are revealed, for brawled captains too; it is closed
    while another choice is pending. "may then keep one": the caller may also keep none.
    """
    count = len(s.hands[target])
    _pub(s, out, "cheat", f"{P(caller)} calls {P(target)} a Pirate Cheat! {P(target)} counts "
         f"{count} card{'' if count == 1 else 's'} openly.", caller=caller, target=target,
         count=count)
    r = _rand(s)
    if count >= 13:
        hand = s.hands[target]
        pulled = [hand.pop(r.randrange(len(hand))) for _ in range(count - 12)]
        _sanitize_picks(s, target)
        _pub(s, out, "cheat", f"{P(caller)} pulls {len(pulled)} card"
             f"{'s' if len(pulled) > 1 else ''} at random from {P(target)}'s hand.")
        _priv(out, caller, "cheat", f"You pull {list_names(pulled)} from {P(target)}'s hand.",
              cards=pulled)
        _priv(out, target, "cheat", f"{P(caller)} pulls {list_names(pulled)} from your hand.",
              cards=pulled)
        s.pending = {"kind": "cheat", "seat": caller, "cards": pulled, "from": target}
        return
    s.immune[target] = True
    hand = s.hands[caller]
    pulled = [hand.pop(r.randrange(len(hand))) for _ in range(min(2, len(hand)))]
    _sanitize_picks(s, caller)
    _pub(s, out, "cheat", f"{P(target)} is no cheat: he pulls {len(pulled)} card"
         f"{'' if len(pulled) == 1 else 's'} at random from {P(caller)}'s hand and is immune "
         "for the rest of the round.")
    if not pulled:
        return
    _priv(out, target, "cheat", f"You pull {list_names(pulled)} from {P(caller)}'s hand.",
          cards=pulled)
    _priv(out, caller, "cheat", f"{P(target)} pulls {list_names(pulled)} from your hand.",
          cards=pulled)
    s.pending = {"kind": "honor", "seat": target, "cards": pulled, "from": caller}
    if len(set(pulled)) == 1:
        honor_keep(s, target, pulled[0], out)


def cheat_keep(s: State, caller: int, card: str | None, out: list[Event]) -> None:
    cards = list(s.pending["cards"])
    target = s.pending["from"]
    s.pending = None
    if card is not None:
        cards.remove(card)
    s.discard.extend(cards)
    kept = "keeps one" if card is not None else "keeps none"
    _pub(s, out, "cheat", f"{P(caller)} {kept} of the pulled cards and discards "
         f"{list_names(cards)}.", discarded=cards)
    if card is not None:
        _priv(out, [caller, target], "cheat", f"{P(caller)} keeps {NAMES[card]}.", card=card)
        gain(s, caller, [card], out)


def honor_keep(s: State, seat: int, card: str, out: list[Event]) -> None:
    cards = list(s.pending["cards"])
    caller = s.pending["from"]
    s.pending = None
    cards.remove(card)
    s.discard.extend(cards)
    if cards:
        _pub(s, out, "cheat", f"{P(seat)} keeps one card to restore his pirate honor and "
             f"discards {list_names(cards)}.", discarded=cards)
    else:
        _pub(s, out, "cheat", f"{P(seat)} keeps the card to restore his pirate honor.")
    _priv(out, [seat, caller], "cheat", f"{P(seat)} keeps {NAMES[card]}.", card=card)
    gain(s, seat, [card], out)


# -- what a seat may do --------------------------------------------------------------------


def pending_seats(p: Mapping[str, Any]) -> list[int]:
    if p["kind"] == "tribute":
        return list(p["waiting"])
    return [p["seat"]]


def to_act(s: State) -> frozenset[int]:
    if s.phase == OVER:
        return frozenset()
    if s.pending is not None:
        return frozenset(pending_seats(s.pending))
    if s.phase == BID:
        return frozenset((s.turn,)) if s.turn >= 0 else frozenset()
    if s.phase == TIE:
        return frozenset(t for t in s.contenders if not s.done[t])
    if s.phase == DISCARD:
        return frozenset(t for t in range(s.n) if not s.done[t])
    return frozenset()


def _pick_options(s: State, seat: int, opts: list) -> None:
    hand = s.hands[seat]
    picks = s.picks[seat]
    if picks:
        for c in distinct(hand):
            if hand.count(c) > picks.count(c):
                opts.append(("bid_add", c))
        for c in distinct(picks):
            opts.append(("bid_remove", c))
        opts.append(("bid_confirm", None))
    else:
        for c in distinct(hand):
            opts.append(("bid_add", c))


def options(s: State, seat: int) -> list[tuple[str, Any]]:
    """Every legal move of ``seat`` as (kind, argument): the argument is a card code, a seat,
    a (seat, card) pair, or None. ``game.py`` turns them into Actions."""
    opts: list[tuple[str, Any]] = []
    phase = s.phase
    if phase == OVER:
        return opts
    p = s.pending
    if p is not None:
        if seat in pending_seats(p):
            _pending_options(s, seat, p, opts)
        return opts
    if phase == BID:
        if seat == s.turn:
            _pick_options(s, seat, opts)
            opts.append(("pass", None))
        if s.turn >= 0:
            for t in range(s.n):
                if t != seat and not s.immune[t]:
                    opts.append(("call_cheat", t))
    elif phase == TIE:
        if seat in s.contenders and not s.done[seat]:
            _pick_options(s, seat, opts)
            opts.append(("forfeit", None))
    elif phase == DISCARD:
        if not s.done[seat]:
            for c in distinct(s.hands[seat]):
                opts.append(("discard", c))
            opts.append(("discard_done", None))
    return opts


def _pending_options(s: State, seat: int, p: Mapping[str, Any], opts: list) -> None:
    kind = p["kind"]
    if kind == "order":
        for c in distinct(s.unres[seat]):
            opts.append(("resolve", c))
    elif kind == "cutpurse":
        for t, c in table_choices(s, seat, False):
            opts.append(("cutpurse", (t, c)))
        opts.append(("cutpurse_none", None))
    elif kind == "plunder":
        for c in distinct(s.discard):
            opts.append(("plunder", c))
    elif kind == "mermaid":
        for c in distinct(p["cards"]):
            opts.append(("mermaid_keep", c))
    elif kind == "eight":
        for t, c in table_choices(s, seat, True):
            opts.append(("eight", (t, c)))
    elif kind == "shady":
        for c in distinct(s.hands[seat]):
            opts.append(("give", c))
    elif kind == "brawl":
        for t in left_order(s, seat)[:-1]:
            opts.append(("brawl", t))
    elif kind == "tribute":
        for c in distinct(s.hands[seat]):
            opts.append(("tribute", c))
    elif kind == "king":
        for c in distinct(p["cards"]):
            opts.append(("king_keep", c))
        opts.append(("king_done", None))
    elif kind == "cheat":
        for c in distinct(p["cards"]):
            opts.append(("cheat_keep", c))
        opts.append(("cheat_keep_none", None))
    elif kind == "honor":
        for c in distinct(p["cards"]):
            opts.append(("honor_keep", c))


# -- applying a move -------------------------------------------------------------------------


def _bid_confirm(s: State, seat: int, out: list[Event]) -> None:
    cards = s.picks[seat]
    s.picks[seat] = []
    hand = s.hands[seat]
    for c in cards:
        hand.remove(c)
    s.bids[seat].extend(cards)
    k = len(cards)
    plural = "s" if k > 1 else ""
    _priv(out, seat, "my_bid", f"You bid {list_names(cards)} face down.", cards=cards)
    if s.phase == BID:
        s.status[seat] = BIDDING
        _pub(s, out, "bid", f"{P(seat)} bids {k} card{plural} face down.", seat=seat, count=k)
        _next_bidder(s, out)
    else:
        s.done[seat] = True
        _pub(s, out, "bid", f"{P(seat)} bids {k} more card{plural} face down.", seat=seat,
             count=k)
        _tie_progress(s, out)


def _tie_progress(s: State, out: list[Event]) -> None:
    if all(s.done[t] for t in s.contenders):
        reveal_tie(s, out)


def perform(s: State, seat: int, kind: str, arg: Any, out: list[Event]) -> None:
    """Carry out a move already checked legal."""
    if kind == "bid_add":
        s.picks[seat].append(arg)
    elif kind == "bid_remove":
        s.picks[seat].remove(arg)
    elif kind == "bid_confirm":
        _bid_confirm(s, seat, out)
    elif kind == "pass":
        s.picks[seat] = []
        s.status[seat] = PASSED
        _pub(s, out, "pass", f"{P(seat)} passes.", seat=seat)
        _next_bidder(s, out)
    elif kind == "forfeit":
        s.picks[seat] = []
        s.status[seat] = FORFEIT
        s.done[seat] = True
        _pub(s, out, "forfeit", f"{P(seat)} forfeits his bid.", seat=seat)
        _tie_progress(s, out)
    elif kind == "discard":
        s.hands[seat].remove(arg)
        s.discard.append(arg)
        _pub(s, out, "discard", f"{P(seat)} discards {NAMES[arg]}.", seat=seat, card=arg)
        if not s.hands[seat]:
            _discard_done(s, seat, out)
    elif kind == "discard_done":
        _discard_done(s, seat, out)
    elif kind == "call_cheat":
        call_cheat(s, seat, arg, out)
    elif kind == "cheat_keep":
        cheat_keep(s, seat, arg, out)
    elif kind == "cheat_keep_none":
        cheat_keep(s, seat, None, out)
    elif kind == "honor_keep":
        honor_keep(s, seat, arg, out)
    elif kind == "resolve":
        s.pending = None
        resolve_card(s, seat, arg, out)
        if s.pending is None:
            resume(s, out)
    elif kind == "cutpurse":
        s.pending = None
        cut(s, seat, arg[0], arg[1], out)
        resume(s, out)
    elif kind == "cutpurse_none":
        _note(s, out, f"Cutpurse: {P(seat)} leaves every bid card where it is.")
        resume(s, out)
    elif kind == "plunder":
        take_plunder(s, seat, arg, out)
        resume(s, out)
    elif kind == "mermaid_keep":
        mermaid_keep(s, seat, arg, out)
        resume(s, out)
    elif kind == "eight":
        select_eight(s, seat, arg[0], arg[1], out)
        resume(s, out)
    elif kind == "give":
        shady_give(s, seat, arg, out)
        resume(s, out)
    elif kind == "brawl":
        brawl(s, seat, arg, out)
        resume(s, out)
    elif kind == "tribute":
        pay_tribute(s, seat, arg, out)
    elif kind == "king_keep":
        king_keep(s, arg, out)
    elif kind == "king_done":
        king_done(s, out)
    else:  # options() never offers anything else
        raise IllegalAction(f"Unknown move {kind!r}.")


def _discard_done(s: State, seat: int, out: list[Event]) -> None:
    s.done[seat] = True
    if all(s.done):
        end_round(s, out)


def apply(s: State, seat: int, kind: str, arg: Any) -> list[Event]:
    out: list[Event] = []
    try:
        perform(s, seat, kind, arg, out)
    except HandOver:
        pass
    return out


#: Every decision taken where the rulebook is silent, for ``/game rules`` (the docstrings
#: above say the same next to the code that does it).
DECISIONS: tuple[str, ...] = (
    "First dealer: seat 1 (the first seat; the Pirate Standoff happens at the table, so "
    "seat its winner first). The deal passes left every round, and on into the next hand.",
    "The deck runs out: the discard pile is shuffled into a new deck. If both are empty, no "
    "card is dealt and, without an auction card, the round goes straight to discarding.",
    "Bidding is step by step: add cards to your bid one at a time (or take them back), then "
    "place the bid face down, or pass. A brawled captain is skipped.",
    "Several Rums: the first Rum in resolution order wins; a Rum removed by a Cutpurse no "
    "longer counts.",
    "Cutpurse may remove any bid card, its owner's own and action cards included (an action "
    "card removed before it resolves never resolves), or nothing. Removing the card a Pieces "
    "of Eight selected cancels that selection; removing a resolved Pieces of Eight does not.",
    "Pieces of Eight may select any bid card but itself, its owner's own included, but not a "
    "card another Pieces of Eight already selected; the selected card still counts in its bid. "
    "After Fall off the Dock the selection is lost.",
    "Fall off the Dock: effects already resolved stay.",
    "Shady Deal: \"lowest value\" is the printed value of the crew card (Brothers Before the "
    "Mast doubles bids, not cards). Tied lowest cards: the first tied captain to the player's "
    "left gives; if only the player bid that value, the deal is wasted.",
    "Tavern Brawl: cheat immunity does not protect; two brawls on one captain count once; a "
    "brawled captain may still call and be called a Pirate Cheat.",
    "Ties: the tied captains bid again together, face down, revealed together. Action cards "
    "may be part of a tie bid and resolve after that reveal as usual (a Rum wins outright); "
    "a tied captain with no card left forfeits. If one tied captain is left, his bid wins "
    "unless only action cards remain in it.",
    "Pirate Cheat: a captain may be called from the start of the bidding (after the deal) "
    "until the bids are revealed; the accused's card count is announced to all. The caller "
    "may keep one pulled card or none. Immunity ends at the next round's deal.",
    "Simultaneous steps: the Pirate King's tribute, tie bids and the discard step are chosen "
    "by all the captains concerned at once.",
    "Winning hands are checked after every change to a hand; when several cards arrive at "
    "once (the auction card, then Pieces of Eight selections), in that order.",
    "Longer game: each crew scores its highest run of three plus its highest run of seven; "
    "the two may share cards (Stormsail 2-8 scores 21 + 35). A Pirate Monkey stands in for "
    "one card of one crew and scores 0.",
    "Round limit (ours, so every game ends): after the chosen number of rounds in a hand "
    "with no winning crew, the hand ends and the best-scoring hand wins it (ties share, each "
    "with the 20-point bonus).",
)
