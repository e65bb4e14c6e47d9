"""Every decision taken where the rulebook is silent, listed for ``/game rules`` and the
game's page in docs/games (written by docs/generate.py). The docstrings next to the code
that applies each one say the same, citing the passage."""

from __future__ import annotations

DECISIONS: tuple[str, ...] = (
    "Score cards: the three decks are shuffled once; a card drawn for a round is out of the "
    "game (five rounds use all ten recruitment cards). Twenty of the 26 cards and the "
    "amounts of Tempt Fortune and Extra Loot are the project's design (components.md).",
    "Running out of loon: the top-up to 5 at the start of a round is automatic (taking it "
    "never hurts).",
    "Bids: a sealed bid is one amount from 0 to all your loon; once placed it is final, and "
    "nobody sees it before every remaining player has bid.",
    "A tie above zero: the tied players each pick a card from their hand face down; the "
    "cards are revealed together (highest number, then red, green, blue) and go back to "
    "the hands. The winner pays the tied bid, like a clear winner.",
    "\"More than two rows with 2 loon\": every row left after the first pass carries 2 loon "
    "(only a zero tie leaves a row), and there are as many players left as rows. One row "
    "left goes free to the last player; from two rows up, the second pass runs from the top "
    "(read literally, two rows and two players would have no rule).",
    "Second pass: a row's 2 loon are never doubled; a zero tie goes to the card reveal and "
    "its winner chooses who takes the row among the tied players (on a zero tie, everyone "
    "still bidding), the winner included; that player pays nothing and takes the 2 loon. Every "
    "row is settled in the second pass, so nobody bids more than twice on one row.",
    "The Go First marker lies by the top row until someone takes that row, whenever that "
    "happens, and goes with it.",
    "Ditch: the two cards are ditched one at a time, all players at once, and cannot be "
    "taken back; nobody ever sees them.",
    "The last trick plays itself: each player holds one card, which Trick-Taking Rules make "
    "the only card they may play, so the moment the ninth trick is taken the tenth is played "
    "for everyone, in turn from its leader, and the round is scored.",
    "Predictions come before the recruitment scoring (the rulebook's order: special "
    "treasure cards, then recruitment cards); each is public as soon as it is made.",
    "Recruitment: the bot lays out each player's best claim; the cards shown are "
    "public. A player's loon stays behind a screen: the board shows nobody's total, your "
    "hand shows yours (every payment is made in the open, so it can be reckoned).",
    "Bountiful Booty and Meagre Rations: places count the distinct trick totals, and a "
    "player with no trick takes a place like any other (components.md).",
    "End of round: the capture and treasure cards are added up and only the net amount is "
    "collected or paid; a player who owes more than they have pays all they have and keeps 0.",
    "Players sit in seat order; \"the player to the left\" is the next seat.",
)
