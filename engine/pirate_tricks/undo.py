"""Which moves of Pirate Tricks can be taken back (issue 15, "Undo by consent"; the generic
checks are in engine/undo.py).

Bids for a row are secret until all are in (rulebook, shared/rules/pirate-tricks.txt,
"Place Your Bids": "all players who still need seven cards secretly place any number of
loon ... then simultaneously ... reveal their bids"), and the two ditched cards go out of
play unseen ("Ditch Two Crew Cards"): a bid or a ditch may be taken back while nothing has
been revealed, which the generic checks see (the last bid in reveals them all). A
prediction is made openly, one player after another ("Special Treasure Cards"), and may be
taken back before the next player predicts.

Our decisions, kept: a card played to a trick, or turned over for a tie-break, has been
seen by everyone, and in a trick-taking game what a hand holds is the game itself; choosing
who takes a row hands seven cards to a player, who has then seen them.
"""

from __future__ import annotations

TAKE_BACK = frozenset({"bid", "ditch", "predict"})

KEPT: dict[str, str] = {
    "play": "the card you played to the trick has been seen by everyone",
    "reveal": "the card you turned over for the tie-break has been seen by everyone",
    "give": "the row has gone into a player's hand, who has seen its face-down cards",
}
