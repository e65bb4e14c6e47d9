"""Which moves of Sewer Pirats can be taken back (issue 15, "Undo by consent"; the generic
checks are in engine/undo.py).

Moving a figure and making it captain are paid with Talisman cards "whose symbol matches
the ship's symbol" (rulebook, shared/rules/sewer-pirats.txt, "B) Move a Figure to a Crew
Space", "C) Become Captain"): the cards paid follow from the move itself, which everyone
sees, so taking it back shows nothing new. Setting sail and seizing treasure pick from the
face-up flotsam groups ("D) Set Sail"); the new flotsam group drawn face down afterwards is
seen by the generic checks, which then keep the move. Keeping a toad aboard, leaving the
second token, declining the snail's look, ending or passing the turn, choosing a tribe and
the auction variant's open bids show nothing either.

Our decisions, kept: drawing takes cards from the deck or refills the face-up row from it
("A) Draw Two Cards"); a discarded card and a card paid for a bid lie face up; the snail's
card is turned over.
"""

from __future__ import annotations

TAKE_BACK = frozenset({"move", "captain", "sail", "seize", "stay", "leave", "no_reveal",
                       "end", "idle", "tribe", "start_bid", "raise", "pass"})

KEPT: dict[str, str] = {
    "draw": "drawing takes cards from the deck, or refills the face-up row from it",
    "discard": "the card you discarded lies face up on the discard pile",
    "pay": "the card you paid for your bid lies face up on the discard pile",
    "reveal": "the top card of the deck has been turned over",
}
