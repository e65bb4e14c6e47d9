"""Every decision taken where the rulebook is silent, listed for ``/game rules``. The
docstrings next to the code that applies each one say the same, citing the passage."""

from __future__ import annotations

DECISIONS: tuple[str, ...] = (
    "First dealer: the first seat at the table (the Pirate Standoff happens at the table, so "
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
    "a tied captain with no card left forfeits. If one tied captain is left, their bid wins "
    "unless only action cards remain in it.",
    "Pirate Cheat: a captain may be called from the start of the bidding (after the deal) "
    "until the bids are revealed; the accused's card count is announced to all. The caller "
    "may keep one pulled card or none. Immunity ends at the next round's deal.",
    "A captain with no card in hand is not waited for in the discard step, and forfeits a "
    "tie (they cannot bid a further card).",
    "Discard step: keeping every card is one move. A captain may skip their later steps "
    "(keeping every card, as step 7 allows) unless they open one; set in a discard step, "
    "undone or opened on their turn to bid, seen by nobody else.",
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
