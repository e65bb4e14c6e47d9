"""Which moves of All Hands on Deck! can be taken back (issue 15, "Undo by consent"; the
generic checks are in engine/undo.py).

A bid is made face down (rulebook, shared/rules/all-hands-on-deck.txt, "3. BID OR PASS":
"he places one or more bid cards from his hand face down on the table"), so putting cards
into a bid, taking them out, confirming it and passing show no card to anyone: they may be
taken back until the bids are revealed ("4. REVEAL THE BID"), which the generic checks see
(the reveal shows the other bids). The same goes for forfeiting a tie bid and for saying
you are done discarding.

The discard settings of issue 22 (the standing choice "skip my discard steps unless I open
one", and opening one step) are not taken back by the others' consent: they are the
captain's own, shown to nobody, and he changes them back himself with the opposite button
(in a discard step, on his turn to bid, or while a step his choice skipped still runs).

Our decisions, kept: a discarded card lies face up on the discard pile, so its discard is
seen; calling someone a Pirate Cheat pulls cards at random ("If a Captain suspects someone
of breaking this rule..."); an action card's choice moves cards between hands, bids and
the discard pile ("ACTION CARDS"), where the others see them or learn of them.
"""

from __future__ import annotations

TAKE_BACK = frozenset({"bid_add", "bid_remove", "bid_confirm", "pass", "forfeit",
                       "discard_done"})

_ACTION_CARD = "an action card's choice has moved cards the others saw or learnt of"

KEPT: dict[str, str] = {
    "discard": "the card you discarded lies face up on the discard pile",
    "call_cheat": "calling a Pirate Cheat pulls cards at random",
    "cheat_keep": "the cards pulled for a Pirate Cheat have been seen",
    "cheat_keep_none": "the cards pulled for a Pirate Cheat have been seen",
    "honor_keep": "the cards pulled to restore a pirate's honor have been seen",
    **{kind: "it is a setting of yours: change it back yourself with the opposite button"
       for kind in ("auto_keep_on", "auto_keep_off", "open_discard")},
    **{kind: _ACTION_CARD for kind in (
        "resolve", "cutpurse", "cutpurse_none", "plunder", "mermaid_keep", "eight", "give",
        "brawl", "tribute", "king_keep", "king_done")},
}
