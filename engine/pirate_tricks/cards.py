"""The crew cards of Pirate Tricks: numbers 1-20 in three colours (rulebook "Contents").

Codes: "R1".."R20" red (the Vulper, trump), "G1".."G20" green (the Beringa), "B1".."B20"
blue (the Mustel) (components.md, "DESIGN - factions"). Which numbers are in play depends on
the number of players (rulebook "Set up", step 1): the whole deck is always dealt.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RED, GREEN, BLUE = "R", "G", "B"
COLOURS: tuple[str, ...] = (RED, GREEN, BLUE)
COLOUR_NAMES: dict[str, str] = {RED: "red", GREEN: "green", BLUE: "blue"}
FACTIONS: dict[str, str] = {RED: "Vulper", GREEN: "Beringa", BLUE: "Mustel"}
#: the colour order of the tie-break reveal: "red beats green and blue, green beats blue"
COLOUR_RANK: dict[str, int] = {RED: 2, GREEN: 1, BLUE: 0}

#: player count -> numbers removed from each colour (rulebook "Set up", step 1)
REMOVED: dict[int, int] = {5: 0, 4: 4, 3: 8}
HAND_DEAL = 5  # cards dealt to each player at the start of a round
ROW_UP, ROW_DOWN = 5, 2  # cards of a row face up and face down
KEEP = 10  # cards kept after ditching two of twelve
TRICKS = 10

ALL_CODES: tuple[str, ...] = tuple(f"{c}{k}" for c in COLOURS for k in range(1, 21))
COLOUR_OF: dict[str, str] = {code: code[0] for code in ALL_CODES}
NUMBER: dict[str, int] = {code: int(code[1:]) for code in ALL_CODES}
#: hand order: red, green, blue, each by number
SORT_KEY: dict[str, int] = {code: i for i, code in enumerate(ALL_CODES)}
#: how a card fares in the tie-break reveal: the number first, then the colour
STRENGTH: dict[str, int] = {code: NUMBER[code] * 3 + COLOUR_RANK[code[0]] for code in ALL_CODES}
NAMES: dict[str, str] = {code: f"{COLOUR_NAMES[code[0]]} {code[1:]}" for code in ALL_CODES}


def deck_for(n_players: int) -> list[str]:
    """The crew cards of a game of ``n_players``, in code order."""
    low = REMOVED[n_players]
    return [code for code in ALL_CODES if NUMBER[code] > low]


def card_name(code: str) -> str:
    """ "red 13"."""
    return NAMES[code]


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Red, green, blue; each colour by number."""
    return sorted(cards, key=SORT_KEY.__getitem__)


def list_names(cards: Iterable[str]) -> str:
    names = [NAMES[c] for c in sort_cards(cards)]
    if not names:
        return "no cards"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def playable(hand: Iterable[str], led: str | None) -> list[str]:
    """The cards of ``hand`` that may go on a trick whose first card has colour ``led``
    (None: the hand leads, any card). Trick rules 1 and 5: follow the colour if you can,
    else play any card, red included."""
    cards = list(hand)
    if led is None:
        return cards
    follow = [c for c in cards if c[0] == led]
    return follow or cards


def trick_winner(plays: Sequence[Sequence]) -> int:
    """The seat that takes a trick of (seat, card) plays, first play first. Trick rules 2-3:
    the highest red card if any red was played, else the highest card of the led colour."""
    best_seat, best = plays[0][0], plays[0][1]
    for seat, card in plays[1:]:
        if card[0] == best[0]:
            if NUMBER[card] > NUMBER[best]:
                best_seat, best = seat, card
        elif card[0] == RED:
            best_seat, best = seat, card
    return best_seat


def best_reveal(cards: Iterable[str]) -> str:
    """The strongest card for the tie-break reveal (highest number, then red, green, blue)."""
    return max(cards, key=STRENGTH.__getitem__)
