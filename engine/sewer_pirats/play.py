"""What the moves of Sewer Pirats do (rulebook "Round Sequence": each player "must perform
one action", and the steps an action sets off). ``apply`` sends each kind of move to one
short function named after the rulebook's action (``MOVES``): A, drawing two cards; B and C,
moving a figure or making it captain; D, setting sail, with its seizures; the hand-limit
discard; the snail's reveal; the weasel's second action. When no step is left pending, the
turn passes clockwise, or, once a ship has run out of flotsam, the last sailings run and the
game is scored.

The moves come from ``rules.options``; each carries its payload, what its function needs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event

from . import auction, sailing
from .common import Events, P, captain_ship, cards_left, draw_card, keep, pub, refill_row
from .data import (
    CAPTAIN,
    CREW_SIZE,
    HAND_LIMIT,
    ROW_SIZE,
    SHIPS,
    SNAIL,
    TRIBE_PLURAL,
    WEASEL,
    card_word,
)
from .moves import do_crew
from .rules import weasel_options
from .scoring import ranking, score, tie_break
from .state import AUCTION, LANDLUBBER, OVER, PLAY, TRIBE, State


def apply(s: State, seat: int, payload: Any) -> list[Event]:
    """Carry out a legal move (its payload, from ``rules.options``)."""
    ev: Events = []
    s.moves += 1
    if s.phase == AUCTION:
        _apply_auction(s, seat, payload, ev)
        return ev
    if s.phase == TRIBE:
        _choose_tribe(s, seat, payload[1], ev)
        return ev
    MOVES[payload[0]](s, seat, payload, ev)
    if s.pending is None:
        if s.final or s.ending:
            _continue(s, ev)
        else:  # what ``_continue`` does in the common case, without the call
            s.turn = turn = (s.turn + 1) % s.n
            if turn == s.first:
                s.round += 1
    return ev


def _apply_auction(s: State, seat: int, key: tuple, ev: Events) -> None:
    kind = key[0]
    if kind == "start_bid":
        auction.start_bid(s, seat, key[1], key[2], ev)
    elif kind == "raise":
        auction.raise_bid(s, seat, key[1], ev)
    elif kind == "pass":
        auction.pass_bid(s, seat, ev)
    else:
        auction.pay(s, seat, SHIPS.index(key[1]), ev)


def _choose_tribe(s: State, seat: int, tribe: str, ev: Events) -> None:
    """Landlubber variant: "each player simply chooses one pirat tribe and takes four
    figures of the chosen type". Decision: they choose in turn from the first player; with
    five figures a tribe, no two players lead the same tribe."""
    s.tribes[seat] = [tribe] * CREW_SIZE
    s.home[seat] = [tribe] * CREW_SIZE
    pub(ev, "tribe", f"{P(seat)} leads the {TRIBE_PLURAL[tribe]}.", seat=seat, tribe=tribe)
    s.turn = (s.turn + 1) % s.n
    if s.turn == s.first:
        s.phase = PLAY


def _draw(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """Action A with the face-up cards ``faces`` and ``k`` cards from the deck (their
    order does not matter: the row is refilled after both)."""
    _, _, faces, k, what = payload
    hand = s.hands[seat]
    row = s.row
    for c in faces:
        row.remove(c)
        hand[c] += 1
    deck = s.deck
    need = k + ROW_SIZE - len(row)
    if 0 < need <= len(deck):
        # the common case written out (a draw is a quarter of all moves): the top ``k``
        # cards to the hand, the next ones face up into the row, in the order the loop
        # below and ``refill_row`` take them (the top is the end)
        top = deck[:-need - 1:-1]
        del deck[-need:]
        got = tuple(top[:k])
        for c in got:
            hand[c] += 1
        row += top[k:]
    else:
        got_deck: list[int] = []
        for _ in range(k):
            c = deck.pop() if deck else draw_card(s, ev)
            deck = s.deck  # a new deck when the discard pile was shuffled
            assert c is not None
            got_deck.append(c)
            hand[c] += 1
        got = tuple(got_deck)
        if len(row) < ROW_SIZE:
            refill_row(s, ev)
    said = _DRAW_SAID.get(what)
    if said is None:
        said = keep(_DRAW_SAID, _DRAW_SAID_BOUND, what, tuple(
            Event("draw", f"{P(t)} draws {what}.", None, {"seat": t, "deck": k})
            for t in range(5)))
    ev.append(said[seat])
    if k:
        ev.append(_DECK_DRAWN[seat][got])
    if hand[0] + hand[1] + hand[2] > HAND_LIMIT:
        s.pending = {"kind": "discard", "seat": seat}
        _auto_discard(s, seat, ev)


#: the public "draws ..." event by what is drawn (a draw option's words) and seat: an
#: Event is frozen and nothing changes its data, so one object serves every game. Bound:
#: the draws that exist (two of four sources, or the last card: 14)
_DRAW_SAID: dict[str, tuple[Event, ...]] = {}
_DRAW_SAID_BOUND = 20
#: the drawer's private note, by seat and the cards drawn from the deck
_DECK_DRAWN: tuple[dict[tuple[int, ...], Event], ...] = tuple({
    got: Event("draw", "From the deck you draw " + " and ".join(card_word(c) for c in got)
               + ".", frozenset({seat}), {})
    for got in [(a,) for a in range(3)] + [(a, b) for a in range(3) for b in range(3)]}
    for seat in range(5))


def _auto_discard(s: State, seat: int, ev: Events) -> None:
    """Discards for the player when every card in hand has the same symbol."""
    hand = s.hands[seat]
    while hand[0] + hand[1] + hand[2] > HAND_LIMIT:
        if (hand[0] > 0) + (hand[1] > 0) + (hand[2] > 0) != 1:
            return
        _discard_one(s, seat, 0 if hand[0] else 1 if hand[1] else 2, ev)
    s.pending = None


def _discard_one(s: State, seat: int, c: int, ev: Events) -> None:
    """Decision: cards discarded down to six go face up onto the discard pile."""
    s.hands[seat][c] -= 1
    s.discard[c] += 1
    ev.append(_DISCARDED[seat][c])


#: "... discards ...", by seat and card (an Event is frozen: one object serves every game)
_DISCARDED: tuple[tuple[Event, ...], ...] = tuple(tuple(
    Event("discard", f"{P(seat)} discards {card_word(c)} (hand limit {HAND_LIMIT}).", None,
          {"seat": seat}) for c in range(3)) for seat in range(5))


def _discard(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """Rulebook "Draw Two Cards": "If he has more than six cards in his hand, he **must**
    choose and discard cards from his hand until he has only six cards in his hand"."""
    _discard_one(s, seat, payload[1], ev)
    _auto_discard(s, seat, ev)


def _crew(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """Actions B and C. After a snail's move, its owner may reveal the top card; after a
    weasel's first action, its owner may take a second with it."""
    _, c, follow = payload
    s.pending = None
    do_crew(s, seat, c, ev)
    kind, x, tribe, _, to, _, _ = c
    if s.variant == LANDLUBBER:  # no abilities (``s.abilities`` without the call)
        return
    if tribe == SNAIL and kind == "move" and cards_left(s) > 0:
        s.pending = {"kind": "snail", "seat": seat, "ship": x, "space": to - 1}
    elif tribe == WEASEL and not follow:
        offer_weasel(s, seat, x, to - 1, ev)


def offer_weasel(s: State, seat: int, x: int, space: int, ev: Events) -> None:
    """Waits for a weasel's second action, if it has one it can pay for."""
    s.pending = {"kind": "weasel", "seat": seat, "ship": x, "space": space}
    if not weasel_options(s, seat):
        s.pending = None
        return
    pub(ev, "weasel", f"{P(seat)}'s weasel may take a second action.", seat=seat)


def _reveal(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """The snail (rulebook p. 7): "he may reveal the top card of the Talisman deck. If the
    symbol ... matches the ship ..., the snail moves one additional space towards the bow",
    swapping places with a figure there (a captain too). Decision: the revealed card goes
    to the discard pile. A snail moves in its owner's turn, who has no captain then (he
    would have to set sail), so it never makes a second captain; the check stays for
    safety."""
    p = s.pending
    assert p is not None
    s.pending = None
    x, i = p["ship"], p["space"]
    c = draw_card(s, ev)
    if c is None:
        return
    s.discard[c] += 1
    ship = SHIPS[x]
    if c != x:
        pub(ev, "reveal", f"{P(seat)} reveals {card_word(c)} for the snail: no luck.",
            seat=seat, card=SHIPS[c])
        return
    sp = s.ships[x]
    t = i + 1
    if t == CAPTAIN and captain_ship(s, seat) not in (-1, x):
        pub(ev, "reveal", f"{P(seat)} reveals {card_word(c)}, but the snail cannot become a "
                          "second captain.", seat=seat, card=ship)
        return
    other = sp[t]
    sp[t], sp[i] = sp[i], other
    where = "the captain's space" if t == CAPTAIN else f"space {t + 1}"
    text = f"{P(seat)} reveals {card_word(c)}: the snail moves on to {where}"
    if other is not None:
        text += f", swapping places with {P(other[0])}'s {other[1]}"
    pub(ev, "reveal", text + ".", seat=seat, card=ship)


def _sail(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """Action D, "Set Sail" (``sailing.start_sail``): compulsory for a player with a
    captain, or a weasel captain's second action."""
    s.pending = None
    _sailed(s, sailing.start_sail(s, payload[1], not payload[2], ev), ev)


def _seize(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """A seizer of a sailing takes a booty token (``sailing.seize``); the seizures go on."""
    sailing.seize(s, payload[1], ev)
    _sailed(s, sailing.step(s, ev), ev)


def _stay(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """A toad remains aboard instead of seizing (``sailing.stay``)."""
    sailing.stay(s, ev)
    _sailed(s, sailing.step(s, ev), ev)


def _leave(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """A rat takes one token only (``sailing.leave``)."""
    sailing.leave(s, ev)
    _sailed(s, sailing.step(s, ev), ev)


def _sailed(s: State, weasel: int | None, ev: Events) -> None:
    """After a step of a sailing: when the sailing is over and its captain was a weasel
    sailing as a first action, ``weasel`` is its owner, who may take a second action with
    it (rulebook p. 7, weasels: "he may immediately perform another of these actions")."""
    if weasel is not None:
        offer_weasel(s, weasel, -1, -1, ev)


def _no_reveal(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """The snail's owner leaves the deck alone."""
    s.pending = None


def _end(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """A weasel's owner ends the turn without its second action."""
    s.pending = None
    pub(ev, "end_turn", f"{P(seat)} ends the turn.", seat=seat)


def _idle(s: State, seat: int, payload: tuple, ev: Events) -> None:
    """Decision (``rules._turn_options``): a player who can do nothing passes."""
    pub(ev, "idle", f"{P(seat)} can do nothing and passes.", seat=seat)


#: the kinds of move of the play phase (a payload's first item) and what each does
MOVES: dict[str, Callable[[State, int, tuple, Events], None]] = {
    "draw": _draw, "discard": _discard, "crew": _crew, "sail": _sail, "seize": _seize,
    "stay": _stay, "leave": _leave, "reveal": _reveal, "no_reveal": _no_reveal, "end": _end,
    "idle": _idle,
}


def _continue(s: State, ev: Events) -> None:
    """After a step: wait for a pending step, else run the last sailings, score the game,
    or pass the turn clockwise."""
    while s.pending is None:
        if s.final:
            x = s.final.pop(0)
            if s.ships[x][CAPTAIN] is not None:
                _sailed(s, sailing.start_sail(s, x, True, ev), ev)
            continue
        if s.ending:
            _finish(s, ev)
            return
        s.turn = (s.turn + 1) % s.n
        if s.turn == s.first:
            s.round += 1
        return


def _finish(s: State, ev: Events) -> None:
    scores = [score(t) for t in s.treasure]
    ties = [tie_break(s.ships, t) for t in range(s.n)]
    winners = ranking(scores, ties)
    best = scores[winners[0]]
    names = " and ".join(P(w) for w in winners)
    tied = [t for t in range(s.n) if scores[t] == best]
    if len(winners) > 1:
        reason = (f"{names} share the victory with {best} points"
                  + (f" and {ties[winners[0]]} on the tie-break." if len(tied) > 1 else "."))
    elif len(tied) > 1:
        reason = (f"{names} wins on the tie-break: {best} points like "
                  + " and ".join(P(t) for t in tied if t != winners[0])
                  + f", but crew spaces worth {ties[winners[0]]}.")
    else:
        reason = f"{names} wins with {best} points."
    s.result = {"winners": winners, "scores": scores, "tiebreak": ties, "reason": reason}
    s.phase = OVER
    s.pending = None
    pub(ev, "over", "The game is over. " + reason, winners=winners, scores=scores)
