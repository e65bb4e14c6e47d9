"""Trading with the other players: an offer, its answers and the trade (catan-base.md, "A
turn" 3: "Trade: with other players (only with the player whose turn it is; no gifts; not
like for like)"; seafarers.txt: "All rules are as in the basic game with the following
additions", none of them on trading).

Who acts when (issue 22, "Formalities hold everyone"):

1. The player on turn puts an offer together after the roll: one move starts it
   (``offer``), then a card at a time (``offer_give``, ``offer_get``), then ``offer_send``
   (or ``offer_cancel``). Only he acts meanwhile, and only he sees the cards (view.py).
2. Once sent, the offer is open for the rest of his main phase, and the game still waits
   for him alone (``turn.to_act``): an offer names, pings and times nobody else.
   Answering is optional: each other player who holds what is asked may, when he likes,
   accept it, decline it or counter it with other terms (``counter``, its cards,
   ``counter_send``), or say nothing. A player who does not hold what is asked could never
   take the offer and has nothing to answer (``may_answer``: no move at all).
3. The player on turn may at any time trade with one who accepted or countered (``trade``,
   choosing among several), withdraw the offer (``withdraw``), or go on with his turn: any
   other move of his (a build, a bank trade, a development card, a new offer, the end of
   the turn) ends the offer first (``close``). A trade ends it too. A counter-offer still
   being put together ends with it.

Computer players answer at once, by the house rule. The engine cannot tell a computer
player from a person (a seat changes hands during a game: an AI stands in on a time-out, a
person takes over an open seat), and the table makes a computer player move only when the
game waits for it, which an offer never does. So a seat's answers are made by the *house
rule* when the seat itself said so as part of its play: ending a turn with ``end_auto``
("End your turn and let the house rule answer offers for you") puts it under the house
rule until it ends a turn again; a plain ``end`` takes it out. The computer player always
ends its turn so (ai.py), a turn it plays for a person on a time-out included; a person
may, when he will be away. Until a seat has ended a turn so (in the first round), nobody
answers for it.

When an offer is sent, every seat under the house rule that may answer it does so on the
spot and in the open (``house_rule_answers``), by the rule the computer player follows
(house_rule.py, ``house_answer``): accept when the offer brings a card its next build lacks, asks only
cards beyond what that build needs and at most one card more than it brings, and its maker
is not within two points of victory; counter an offer that asks for cards it can spare but
brings nothing it needs, asking for a needed card instead; decline the rest. So a person's
offer is answered by the computer players before he picks a partner, and a computer
player's offer (it moves again at once) by the other computer players; a computer player
offers only when a seat under the house rule could take the offer (ai.py, ``_takers``).

The decisions of ours are ``DECISIONS`` below, as ``/game rules`` prints them; the tests
are tests/engine/seafarers/test_offers.py, named after each.
"""

from __future__ import annotations

from typing import Any

from .board import RESOURCES
from .house_rule import house_answer
from .state import Phase, State

#: player-to-player offers a player may make in one turn (our decision: keeps a turn moving)
OFFERS_PER_TURN = 2
#: at most this many cards on each side of an offer or counter-offer (our decision)
OFFER_MAX = 4
_RI = {r: i for i, r in enumerate(RESOURCES)}

#: the rules decisions of ours on player trades, as /game rules prints them
DECISIONS: tuple[str, ...] = (
    "An offer waits for nobody: while it is open the game still waits only for the player "
    "who made it, and nobody else is named, reminded or timed for it. Answering is "
    "optional.",
    "Only a player who holds what an offer asks for may answer it (accept, decline or "
    "counter with other terms); the others have nothing to answer.",
    "The player who made the offer may at any time trade with one who accepted or "
    "countered (choosing among several), withdraw it, or go on with the turn: any other "
    "move of his ends the offer, and so does a trade.",
    f"A player may make at most {OFFERS_PER_TURN} trade offers per turn, each of at most "
    f"{OFFER_MAX} cards each way; counter-offers are built the same way. The others see an "
    "offer or a counter-offer once it is sent, not while its cards are being picked.",
    "The house rule: a player who ends a turn with \"let the house rule answer offers for "
    "you\" has every offer answered at once until he ends a turn otherwise, as the computer "
    "players answer (they always end their turns so, and so does a turn the computer plays "
    "for you when your time runs out): accept an offer that brings a card "
    "the next build lacks for cards that build does not need, at most one card more than it "
    "brings and not from a player within two points of victory; counter an offer that asks "
    "for spare cards but brings nothing needed by asking for a needed card; else decline.",
)

#: the moves of an open offer's answers (the seats not on turn)
ANSWER_KINDS = frozenset({"accept", "decline", "counter", "counter_give", "counter_get",
                          "counter_send"})


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


def in_order(side: dict[str, int]) -> dict[str, int]:
    """The cards of one side of an offer in the order of RESOURCES, whatever order they
    were picked in: nobody but the offerer saw the picks, so nothing shown or stored may
    keep their order (a view, an image, a dump saved as canonical JSON and loaded)."""
    return {r: side[r] for r in RESOURCES if r in side}


def add_card(side: dict[str, int], res: str) -> None:
    """One more card of ``res`` on one side of an offer, the side kept in_order."""
    side[res] = side.get(res, 0) + 1
    ordered = in_order(side)
    side.clear()
    side.update(ordered)


def offer_text(side: dict[str, int]) -> str:
    return ", ".join(f"{k} {r}" for r, k in sorted(side.items(), key=lambda x: _RI[x[0]]))


def is_open(s: State) -> bool:
    """An offer has been sent and is open (the main phase of its player)."""
    return s.offer is not None and s.phase == Phase.MAIN


def holds(s: State, seat: int, side: dict[str, int]) -> bool:
    """Whether ``seat`` holds the cards of one side of an offer."""
    hand = s.hands[seat]
    return all(hand[_RI[r]] >= k for r, k in side.items())


def may_answer(s: State, seat: int) -> bool:
    """Whether ``seat`` may still answer the open offer: not its maker, no answer given
    yet, and it holds what is asked ("no gifts": it could not take it otherwise)."""
    if not is_open(s) or seat == s.turn or not 0 <= seat < s.n:
        return False
    return s.offer["answers"][seat] is None and holds(s, seat, s.offer["get"])


def partners(s: State) -> list[int]:
    """The seats the offerer may trade with now: each that accepted or sent a
    counter-offer, the cards of both sides still held, in seat order."""
    o = s.offer
    out = []
    for p in range(s.n):
        a = o["answers"][p]
        if a == "accept":
            gives, gets = o["give"], o["get"]
        elif a == "counter":
            c = o["counters"][str(p)]
            gives, gets = c["get"], c["give"]
        else:
            continue
        if holds(s, s.turn, gives) and holds(s, p, gets):
            out.append(p)
    return out


def close(s: State) -> list[tuple[str, Any]]:
    """The offerer goes on with his turn: the open offer ends (any counter-offer being
    put together with it)."""
    if s.offer is None:
        return []
    s.offer = None
    return [(f"{_p(s.turn)} goes on: the trade offer is closed.", None)]


def play(s: State, seat: int, kind: str, args: dict[str, Any]) -> list[tuple[str, Any]]:
    """A move of an offer: of the player on turn (start it, its cards, send, cancel,
    trade, withdraw) or of another player answering it (see the module docstring)."""
    if kind == "offer":
        s.offer = {"give": {}, "get": {}, "answers": [None] * s.n, "counters": {}}
        s.offers_made += 1
        s.phase = Phase.COMPOSE
        return []
    if kind in ("offer_give", "offer_get"):
        add_card(s.offer["give" if kind == "offer_give" else "get"], args["res"])
        return []
    if kind == "offer_cancel":
        s.offer = None
        s.phase = Phase.MAIN
        return []
    if kind == "offer_send":
        s.offer["answers"][s.turn] = "offerer"
        s.phase = Phase.MAIN
        ev = [(f"{_p(seat)} offers {offer_text(s.offer['give'])} for "
               f"{offer_text(s.offer['get'])}.", None)]
        ev.extend(house_rule_answers(s))
        return ev
    if kind == "withdraw":
        s.offer = None
        return [(f"{_p(seat)} withdraws the offer.", None)]
    if kind == "trade":
        return _trade(s, args["seat"])
    return _answer(s, seat, kind, args)


def _answer(s: State, seat: int, kind: str, args: dict[str, Any]) -> list[tuple[str, Any]]:
    """An answer of a player not on turn: accept, decline, or a counter-offer card by card
    (``decline`` while putting one together drops it)."""
    o = s.offer
    ans = o["answers"]
    if kind == "accept":
        ans[seat] = "accept"
        return [(f"{_p(seat)} accepts the offer.", None)]
    if kind == "decline":
        ans[seat] = "decline"
        o["counters"].pop(str(seat), None)
        return [(f"{_p(seat)} declines the offer.", None)]
    if kind == "counter":
        ans[seat] = "composing"
        o["counters"][str(seat)] = {"give": {}, "get": {}}
        return []
    c = o["counters"][str(seat)]
    if kind in ("counter_give", "counter_get"):
        add_card(c["give" if kind == "counter_give" else "get"], args["res"])
        return []
    ans[seat] = "counter"  # counter_send
    return [(f"{_p(seat)} counters: {offer_text(c['give'])} for {offer_text(c['get'])}.",
             None)]


def _trade(s: State, p: int) -> list[tuple[str, Any]]:
    """The offerer trades with ``p``, on the offer's terms if ``p`` accepted, on ``p``'s
    counter-offer otherwise; the offer ends."""
    o = s.offer
    if o["answers"][p] == "accept":
        gives, gets = o["give"], o["get"]
    else:
        c = o["counters"][str(p)]
        gives, gets = c["get"], c["give"]
    me, them = s.hands[s.turn], s.hands[p]
    for r, k in gives.items():
        me[_RI[r]] -= k
        them[_RI[r]] += k
    for r, k in gets.items():
        them[_RI[r]] -= k
        me[_RI[r]] += k
    s.offer = None
    return [(f"{_p(s.turn)} trades {offer_text(gives)} for {offer_text(gets)} with "
             f"{_p(p)}.", None)]


def set_house_rule(s: State, seat: int, on: bool) -> list[tuple[str, Any]]:
    """The seat ends its turn with ``end_auto`` (``on``: the house rule answers offers for
    it until it ends a turn again) or with a plain ``end`` (it answers them itself); said
    when that changes."""
    if s.house_rule[seat] == on:
        return []
    s.house_rule[seat] = on
    return [(f"The house rule answers trade offers for {_p(seat)} until {_p(seat)} ends "
             "a turn again." if on else f"{_p(seat)} answers trade offers again.", None)]


def house_rule_answers(s: State) -> list[tuple[str, Any]]:
    """Every seat under the house rule that may answer the offer just sent answers it now,
    by the rule the computer player follows (``house_answer``), in seat order after the
    offerer; a decline is said in the offer's answers only (the log keeps the news)."""
    ev: list[tuple[str, Any]] = []
    for k in range(1, s.n):
        p = (s.turn + k) % s.n
        if not s.house_rule[p] or not may_answer(s, p):
            continue
        answer = house_answer(s, p)
        if answer is None:
            s.offer["answers"][p] = "decline"
            continue
        give, get = answer
        if give == s.offer["get"] and get == s.offer["give"]:
            ev.extend(_answer(s, p, "accept", {}))
            continue
        s.offer["counters"][str(p)] = {"give": in_order(give), "get": in_order(get)}
        ev.extend(_answer(s, p, "counter_send", {}))
    return ev


__all__ = ["ANSWER_KINDS", "DECISIONS", "OFFERS_PER_TURN", "OFFER_MAX", "add_card", "close",
           "holds", "house_rule_answers", "in_order", "is_open", "may_answer", "offer_text",
           "partners", "play", "set_house_rule"]
