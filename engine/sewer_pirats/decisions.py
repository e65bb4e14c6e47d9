"""Every decision taken where the rulebook is silent, listed for ``/game rules`` and the
game's page in docs/games (written by docs/generate.py). The docstrings next to the code
that applies each one say the same, citing the passage."""

from __future__ import annotations

DECISIONS: tuple[str, ...] = (
    "First player: the first seat (the longest \"ARrrrhhh!\" is produced at the table, so "
    "seat its winner first). Colours follow the seats: red, green, yellow, blue, black; each "
    "colour also has its own shape on the images.",
    "Drawing: the discard pile is shuffled into a new deck the moment a card is needed from "
    "an empty deck (drawing, refilling the row, a snail's reveal, a card under the bar's "
    "front figure). With a single card left anywhere you draw that one; with none, you "
    "cannot draw.",
    "Cards discarded down to six go face up onto the discard pile; the images show the "
    "pile's size only.",
    "Raccoon: its fee is part of the price. A move or captaincy over opponents' raccoons is "
    "allowed only if you can also give each raccoon's owner a card of the ship's symbol.",
    "Weasel: two actions at most (the second grants no third). After the game has ended, a "
    "weasel's second action may be a move or a captaincy; no ship sails any more.",
    "Snail: revealing is optional; the revealed card goes to the discard pile. A lucky snail "
    "on space 3 may swap places with a captain, who then stands on space 3 and no longer "
    "sails.",
    "Rat: the second token is optional (the rulebook's \"may\"); its owner picks both.",
    "Toad: it decides after the figures nearer the bow. Remaining aboard, it moves one space "
    "towards the bow if that space is free after the sailing; from space 3 it becomes captain "
    "unless its owner has a captain elsewhere (then it stays on space 3).",
    "After a sailing the figures that seized go home first; the others move up one space, "
    "nearest the bow first; a figure whose next space stays occupied stays where it is.",
    "Last sailings: the ships with a captain when a ship runs out of flotsam sail in "
    "clockwise order of their captains' owners, from the left of the player who ended the "
    "game. A weasel's second action comes right after its own sailing, so it may join a ship "
    "that has yet to sail.",
    "Tie-break: the captain's space is marked C, not a number, so a captain adds nothing.",
    "Seizing happens in the open: the channel says what each pirat takes from the face-up "
    "group, as everyone at a real table sees it. After that treasure lies face down: the "
    "board and every view show only how many booty and bonus tokens a player holds.",
    "A player who can do nothing at all (no card to draw, none to play, no captain) passes.",
    "Choices with a single possible answer are made for you: the last distinct token of a "
    "group, a hand-limit discard from a hand of one symbol, paying with all your cards.",
    "Landlubber variant: players choose their tribe in turn from the first player; with five "
    "figures a tribe, no two players lead the same tribe.",
    "Crew Member Auction: the bar is filled player by player from the first seat, who also "
    "starts the bidding. The hirer takes the figure and the cards under it, then pays his "
    "bid with cards of his choice. A player who cannot raise passes automatically. The "
    "face-up row is laid out when the auction ends.",
)
