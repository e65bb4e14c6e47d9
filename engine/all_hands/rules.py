"""The rules of All Hands on Deck!: the flow of hands and rounds. Whose move it is and the
legal moves are in ``legal``, what the moves do in ``play``; the action cards are in
``effects``, the Pirate Cheat in ``cheat``.

Everything follows the rulebook (shared/rules/all-hands-on-deck.txt); where it is silent,
the decision is written in the docstring of the function that makes it and listed in
``decisions.DECISIONS`` (shown by ``/game rules``).

Flow: each round runs deal -> auction card -> bids in turn -> reveal -> resolve action cards
-> winner (or tie bids, then resolve their actions, then winner) -> discard (where a
captain's standing choice may keep his whole hand for him: ``start_discard``). A choice the
rules give somebody (Cutpurse target, Mermaid keep, tribute, ...) is a ``pending`` dict and
makes that captain the one to act; automatic steps run until the next choice. The moment a
hand holds a winning crew, ``HandWon`` unwinds whatever was running and the hand is scored.

Moves forced for everyone at once are made here, not asked (issue 22), where making them
gives nothing away: a tied captain with no card left forfeits (``_start_tie``), a captain
with no card is not asked to discard (``start_discard``). A choice with a single answer
that skipping would reveal is still asked: a tribute, or a Shady Deal's gift, from a hand
holding one kind of card would tell the others what the hidden hand holds.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event

from . import effects
from .cards import MONKEY, NAMES, RUM, build_deck, is_action, list_names, sort_cards
from .common import (
    P,
    bid_value,
    chance,
    discard_table,
    distinct,
    draw,
    gain,
    left_order,
    priv,
    pub,
    seen_in,
    seen_out,
)
from .hands import hand_score, winning_shape
from .state import (
    BID,
    BRAWLED,
    DISCARD,
    FORFEIT,
    OVER,
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


# -- hands and rounds --------------------------------------------------------------------------


def setup(n: int, longer: bool, round_limit: int, seed: str) -> State:
    """A new game. Decision: the first dealer is seat 0 (the rulebook's "Pirate Standoff"
    -- the loudest ARRRR -- happens at the table; the host seats the winner first)."""
    s = State(seed=seed, n=n, longer=longer, round_limit=round_limit)
    s.scores = [0] * n
    s.auto_keep = [False] * n
    s.seen = [[] for _ in range(n)]
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
    s.opened = [False] * n


def start_hand(s: State, out: list[Event], dealer: int) -> None:
    """Rulebook "THE SETUP": shuffle all 108 cards, deal five to each captain, flip the
    first auction card. A new hand of the longer game starts the same way."""
    n = s.n
    s.deck = build_deck()
    chance(s).shuffle(s.deck)
    s.discard = []
    s.hands = [[] for _ in range(n)]
    s.seen = [[] for _ in range(n)]
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
    pub(s, out, "hand", text, hand_no=s.hand_no, dealer=dealer)
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
    pub(s, out, "round", text, round=s.round, dealer=s.dealer)
    for seat in left_order(s):
        if s.brawled[seat]:
            continue
        card = draw(s, out)
        if card is None:
            pub(s, out, "deal", "The deck and the discard pile are empty: no more cards to deal.")
            break
        priv(out, seat, "dealt", f"You are dealt {NAMES[card]}.", card=card)
        gain(s, seat, [card])
    _reveal_auction(s, out)


def _reveal_auction(s: State, out: list[Event]) -> None:
    card = draw(s, out)
    s.auction = card
    if card is None:
        pub(s, out, "auction", "No card is left to put up for auction this round.")
        start_discard(s, out)
        return
    pub(s, out, "auction", f"Up for auction: {NAMES[card]}.", card=card)
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
        seen_out(s, t, s.bids[t][s.shown[t]:])
        s.shown[t] = len(s.bids[t])
    bidders = [t for t in left_order(s) if s.bids[t]]
    if not bidders:
        pub(s, out, "reveal", f"Nobody bid: {NAMES[s.auction]} goes to the discard pile.")
        _no_winner(s, out, f"Nobody bid on {NAMES[s.auction]}; it was discarded.")
        return
    pub(s, out, "reveal", "The bids are revealed: " + _describe_bids(s, bidders) + ".")
    for t in bidders:
        s.unres[t] = [c for c in s.bids[t] if is_action(c) and c != MONKEY]
    s.contenders = bidders
    s.phase = RESOLVE
    s.res_idx = 0
    continue_resolution(s, out)


# -- action cards ------------------------------------------------------------------------------


def continue_resolution(s: State, out: list[Event]) -> None:
    """Step 5: action cards resolve in player order from the dealer's left; a captain with
    several different ones chooses their order (a pending "order" choice). Runs until a
    choice is pending, Fall off the Dock ends the auction, or every card is resolved."""
    order = left_order(s)
    while True:
        if s.pending is not None:
            return
        if s.auction is None:  # Fall off the Dock
            s.active = None
            start_discard(s, out)
            return
        if s.res_idx >= s.n:
            s.active = None
            _determine(s, out)
            return
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
        effects.resolve_card(s, seat, kinds[0], out)


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
        pub(s, out, "auction_lost", f"No crew card is bid: {NAMES[s.auction]} goes to the "
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
    pub(s, out, "tie", f"Tie at {best} between {names}: each bids one or more further cards "
         "face down, or forfeits.", seats=top)
    for t in top:
        if not s.hands[t]:
            s.status[t] = FORFEIT
            s.done[t] = True
            pub(s, out, "forfeit", f"{P(t)} has no card left and forfeits.")
    if all(s.done[t] for t in top):
        reveal_tie(s, out)


def reveal_tie(s: State, out: list[Event]) -> None:
    s.contenders = [t for t in s.contenders if s.status[t] != FORFEIT]
    if not s.contenders:
        pub(s, out, "auction_lost", f"Every tied captain forfeits: {NAMES[s.auction]} goes to "
             "the discard pile.")
        _no_winner(s, out, f"The tied captains all forfeited; {NAMES[s.auction]} was discarded.")
        return
    parts = []
    for t in s.contenders:
        new = s.bids[t][s.shown[t]:]
        seen_out(s, t, new)
        s.shown[t] = len(s.bids[t])
        s.unres[t] = [c for c in new if is_action(c) and c != MONKEY]
        parts.append(f"{P(t)} adds {list_names(new)} (value now "
                     f"{bid_value(s.bids[t], s.auction)})")
    pub(s, out, "reveal", "The tie bids are revealed: " + "; ".join(parts) + ".")
    s.phase = RESOLVE
    s.res_idx = 0
    continue_resolution(s, out)


def _no_winner(s: State, out: list[Event], text: str) -> None:
    """The auction card and every bid card go to the discard pile; Pieces of Eight still
    take their selections, the auction being resolved."""
    card = s.auction
    s.auction = None
    s.discard.append(card)
    s.last_auction = {"card": card, "winner": None, "text": text}
    _clear_table(s, out)


def _finish_auction(s: State, winner: int, out: list[Event], how: str) -> None:
    card = s.auction
    s.auction = None
    text = f"{P(winner)} won {NAMES[card]} {how}."
    s.last_auction = {"card": card, "winner": winner, "text": text}
    pub(s, out, "won", f"{P(winner)} wins {NAMES[card]} {how}.", seat=winner, card=card)
    seen_in(s, winner, card)
    gain(s, winner, [card])
    _clear_table(s, out)


def _clear_table(s: State, out: list[Event]) -> None:
    """Bid cards go to the discard pile, except the Pieces of Eight selections, which go
    to their captains' hands (in the order they were selected)."""
    for owner, t, c in s.eights:
        if c in s.bids[t]:
            s.bids[t].remove(c)
            pub(s, out, "eight", f"Pieces of Eight: {P(owner)} takes {NAMES[c]} into their "
                "hand.", seat=owner, card=c)
            seen_in(s, owner, c)
            gain(s, owner, [c])
    s.eights = []
    discard_table(s)
    s.rums = []
    s.pending = None
    s.active = None
    start_discard(s, out)


def start_discard(s: State, out: list[Event]) -> None:
    """Step 7: every captain may discard any number of cards, all at once ("all Captains
    have the option to discard any number of cards from their hand as desired ... play
    cannot continue until they all finish"). Decisions: a captain with an empty hand has
    nothing to discard and is not waited for; nor is a captain whose standing choice keeps
    his hand (``skips_discard``), which is his discard of no card, chosen ahead."""
    s.phase = DISCARD
    s.turn = -1
    s.pending = None
    s.active = None
    s.contenders = []
    s.picks = [[] for _ in range(s.n)]
    s.done = [not s.hands[t] or skips_discard(s, t) for t in range(s.n)]
    if all(s.done):
        end_round(s, out)


def skips_discard(s: State, seat: int) -> bool:
    """Whether the captain's standing choice keeps his whole hand at this discard step.

    Decision (issue 22, "Formalities hold everyone"), from step 7: the discard is an option
    ("all Captains have the option to discard any number of cards"), so keeping every card
    is a discard of none, and a captain may make that choice once for all: "skip my discard
    steps unless I open one" (``auto_keep``). Then each discard step is done for him the
    moment it starts, unless he opened that round's step beforehand (``open_discard``);
    while the others still discard he may open it after all. The game still waits for
    every captain who has not finished ("play cannot continue until they all finish").
    """
    return s.auto_keep[seat] and not s.opened[seat]


def skipped(s: State, seat: int) -> bool:
    """The discard step runs and the captain's standing choice kept his hand for him (he
    still holds cards, so he could open it after all)."""
    return (s.phase == DISCARD and s.done[seat] and bool(s.hands[seat])
            and skips_discard(s, seat))


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
    _clear_hand(s)
    points = [hand_score(h) for h in s.hands]
    winners, how, crew = _hand_winners(s, winners, points)
    for w in winners:
        points[w] += WIN_BONUS
    if s.longer:  # in the short game the end of the hand is the end of the game, said once
        pub(s, out, "hand_over", how, winners=winners, points=points)
        for t in range(s.n):
            s.scores[t] += points[t]
        tally = ", ".join(f"{P(t)} {s.scores[t]}" for t in range(s.n))
        pub(s, out, "scores", f"Hand {s.hand_no} scored; totals: {tally}.", scores=s.scores)
        over = max(s.scores) >= TARGET or s.hand_no >= HANDS_IN_LONGER_GAME
    else:
        over = True
    if not over:
        s.hand_no += 1
        start_hand(s, out, (s.dealer + 1) % s.n if move_dealer else s.dealer)
        return
    _end_game(s, out, winners, points, how, crew)


def _clear_hand(s: State) -> None:
    """The cards still on the table or in a pending choice go to the discard pile."""
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


def _hand_winners(s: State, winners: list[int] | None,
                  points: list[int]) -> tuple[list[int], str, dict[str, Any] | None]:
    """Who wins the hand, the sentence saying how, and the winning crew (None at the round
    limit). The winner shows the crew ("raise a shout of 'ALL HANDS ON DECK!'"): public
    from then."""
    if winners is None:
        best = max(points)
        winners = [t for t in range(s.n) if points[t] == best]
        names = ", ".join(P(t) for t in winners)
        how = (f"After {s.round_limit} rounds nobody has a seaworthy crew; the best hand "
               f"({best} points) wins the hand: {names}.")
        return winners, how, None
    w = winners[0]
    how = (f"ALL HANDS ON DECK! {P(w)} musters a winning crew: "
           f"{winning_shape(s.hands[w])}.")
    return winners, how, {"seat": w, "cards": sort_cards(list(s.hands[w]))}


def _end_game(s: State, out: list[Event], winners: list[int], points: list[int], how: str,
              crew: dict[str, Any] | None) -> None:
    """The game is over: the short game after its one hand; the longer game as "PLAYING A
    LONGER GAME" says: "The first Captain to reach 250 points, or the Captain with the most
    points at the end of 5 hands is the winner!" (captains tied on the highest total share
    the win)."""
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
        s.result = {"winners": final, "scores": list(s.scores), "reason": reason, "crew": crew}
    else:
        s.result = {"winners": list(winners), "scores": points, "reason": how, "crew": crew}
    pub(s, out, "game_over", s.result["reason"], winners=s.result["winners"])
