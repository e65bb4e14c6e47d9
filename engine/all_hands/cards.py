"""The 108 cards of All Hands on Deck!, as plain data (rulebook "GAME COMPONENTS",
"ACTION CARD LIST"; rank names from shared components.md, marked DESIGN there).

Card codes are fixed for the whole project: crew cards are a suit letter pair and a rank
("ST1".."ST10", "SS1".."SS10", "BV1".."BV10"), action cards a word ("RUM", "KING", ...).
"""

from __future__ import annotations

SUITS: tuple[str, ...] = ("ST", "SS", "BV")
SUIT_NAMES: dict[str, str] = {"ST": "Stormsail", "SS": "Sea Sabre", "BV": "Black Viper"}
RANKS: tuple[int, ...] = tuple(range(1, 11))
RANK_NAMES: dict[int, str] = {
    1: "Cabin Boy",
    2: "Swabbie",
    3: "Cook",
    4: "Carpenter",
    5: "Gunner",
    6: "Surgeon",
    7: "Navigator",
    8: "Boatswain",
    9: "Quartermaster",
    10: "First Mate",
}
CREW_COPIES = 3

CUTPURSE, DOCK, PLUNDER, MERMAID, EIGHT = "CUTPURSE", "DOCK", "PLUNDER", "MERMAID", "EIGHT"
MONKEY, RUM, SHADY, BRAWL, KING = "MONKEY", "RUM", "SHADY", "BRAWL", "KING"

#: action card code -> (printed name, copies in the deck), in the rulebook's list order
ACTIONS: dict[str, tuple[str, int]] = {
    CUTPURSE: ("Cutpurse", 2),
    DOCK: ("Fall off the Dock", 2),
    PLUNDER: ("Hidden Plunder", 1),
    MERMAID: ("Mermaid", 2),
    EIGHT: ("Pieces of Eight", 2),
    MONKEY: ("Pirate Monkey", 2),
    RUM: ("Rum", 3),
    SHADY: ("Shady Deal", 1),
    BRAWL: ("Tavern Brawl", 2),
    KING: ("The Pirate King", 1),
}

#: one line per action card: what it does, as printed (for /game rules and help texts)
ACTION_TEXT: dict[str, str] = {
    CUTPURSE: "remove any one bid card from play and put it into the discard pile.",
    DOCK: "the auction card, all bid cards and every action card not yet resolved go to "
    "the discard pile: the auction ends.",
    PLUNDER: "take one card of your choice from the discard pile into your hand.",
    MERMAID: "draw one card at random from every other captain's hand, keep one, "
    "discard the rest.",
    EIGHT: "select one bid card on the table; after the auction it goes into your hand "
    "instead of the discard pile.",
    MONKEY: "a wild card in your crew runs; as a bid it has no value and no effect.",
    RUM: "wins the auction card outright, whatever the other bids.",
    SHADY: "the captain who bid the lowest-value crew card must give you a card of their "
    "choice.",
    BRAWL: "choose another captain: they are dealt no card next round and may not bid on "
    "that round's auction.",
    KING: "every other captain gives you a card of their choice as tribute; keep up to two, "
    "discard the rest.",
}

CREW_CODES: tuple[str, ...] = tuple(f"{s}{r}" for s in SUITS for r in RANKS)
ACTION_CODES: tuple[str, ...] = tuple(ACTIONS)
ALL_CODES: tuple[str, ...] = CREW_CODES + ACTION_CODES

#: crew code -> suit / rank; action codes are absent
SUIT_OF: dict[str, str] = {f"{s}{r}": s for s in SUITS for r in RANKS}
RANK_OF: dict[str, int] = {f"{s}{r}": r for s in SUITS for r in RANKS}
#: the printed value in gold doubloons: the rank for crew cards, 0 for action cards
VALUE: dict[str, int] = {c: RANK_OF.get(c, 0) for c in ALL_CODES}
#: hand order: crew by suit (ST, SS, BV) then rank, then the actions in list order
SORT_KEY: dict[str, int] = {c: i for i, c in enumerate(ALL_CODES)}

DECK_SIZE = len(CREW_CODES) * CREW_COPIES + sum(n for _, n in ACTIONS.values())
HAND_LIMIT = 12


def is_crew(code: str) -> bool:
    return code in SUIT_OF


def is_action(code: str) -> bool:
    return code in ACTIONS


def card_name(code: str) -> str:
    """ "Stormsail 5 Gunner", "Rum"; ValueError for an unknown code."""
    if code in SUIT_OF:
        rank = RANK_OF[code]
        return f"{SUIT_NAMES[SUIT_OF[code]]} {rank} {RANK_NAMES[rank]}"
    if code in ACTIONS:
        return ACTIONS[code][0]
    raise ValueError(f"Unknown card {code!r}.")


NAMES: dict[str, str] = {c: card_name(c) for c in ALL_CODES}


def build_deck() -> list[str]:
    """The 108 cards in a fixed order (shuffle with the state's RNG)."""
    deck = [c for c in CREW_CODES for _ in range(CREW_COPIES)]
    for code, (_, copies) in ACTIONS.items():
        deck.extend([code] * copies)
    return deck


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def list_names(cards: list[str]) -> str:
    """ "Rum, Stormsail 5 Gunner and Mermaid" (in the given order); "nothing" when empty."""
    names = [NAMES[c] for c in cards]
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]
