"""The components of Sewer Pirats as plain data (rulebook "Game Components"; the token
values are the project's design in shared/rules/components.md, "Sewer Pirats").

Talisman cards are told apart only by their symbol, so a hand is three counts. Treasure
tokens are codes: a booty token is "<type>-<value>" ("fries-3"), a bonus token its name
("ketchup").
"""

from __future__ import annotations

#: the three ships, in the order of their index; a Talisman card's symbol is the same index
SHIPS: tuple[str, ...] = ("cat", "bird", "fish")
CAT, BIRD, FISH = 0, 1, 2
CARDS_PER_SYMBOL = 18  # 54 Talisman cards
ROW_SIZE = 4  # face-up Talisman cards
HAND_LIMIT = 6  # checked after drawing only
START_CARDS = (3, 4)  # the first player and his left neighbour draw 3, the others 4
AUCTION_CARDS = 8  # dealt to each player in the Crew Member Auction

#: the spaces of a ship: crew spaces "1", "2", "3" (indices 0-2) and the captain's (3)
CREW_SPACES = 3
CAPTAIN = 3
SPACE_NAMES: tuple[str, ...] = ("1", "2", "3", "C")

TRIBES: tuple[str, ...] = ("rat", "raccoon", "cockroach", "weasel", "snail", "toad")
RAT, RACCOON, COCKROACH, WEASEL, SNAIL, TOAD = TRIBES
FIGURES_PER_TRIBE = 5
CREW_SIZE = 4
TRIBE_PLURAL: dict[str, str] = {
    "rat": "rats", "raccoon": "raccoons", "cockroach": "cockroaches", "weasel": "weasels",
    "snail": "snails", "toad": "toads",
}
#: the reference sheet, one line per tribe (rulebook "Figure Special Abilities")
TRIBE_ABILITY: dict[str, str] = {
    "rat": "Seize two treasures, if able: when its ship sets sail, a rat may seize two "
           "booty tokens instead of one (only one if only one is left).",
    "raccoon": "Gets paid when moved over: when an opponent's figure moves over it (moving "
               "or becoming captain), that opponent must give its owner one card of the "
               "ship's symbol, even above six cards.",
    "cockroach": "Pays one fewer card: moving onto a crew space or the captain's space "
                 "costs one card less (a one-card move is free).",
    "weasel": "Performs two actions: after moving, becoming captain or setting sail with a "
              "weasel, its owner may at once take another of these actions with the same "
              "weasel (also after the game-end sailing).",
    "snail": "May move one additional space, if lucky: after moving to a crew space, its "
             "owner may reveal the top Talisman card; on the ship's symbol the snail moves "
             "one more space, swapping places with a figure there (not a move over: no "
             "raccoon is paid).",
    "toad": "Can remain aboard: when its ship sets sail, a toad may seize nothing and move "
            "one space towards the bow instead, even onto the captain's space (not with a "
            "second captain; then it may stay on space 3). A toad captain must seize.",
}

#: player colours, in the order of the box's Color-Click bases (seat 0 gets red)
COLOURS: tuple[str, ...] = ("red", "green", "yellow", "blue", "black")

#: booty type -> printed values (components.md, "booty tokens")
BOOTY_VALUES: dict[str, tuple[int, ...]] = {
    "fries": (1, 1, 2, 2, 2, 3, 3, 3, 4),
    "noodles": (1, 2, 2, 3, 3, 3, 4, 4, 5),
    "burger": (2, 3, 3, 4, 4, 5, 5, 6),
    "teddy": (4, 5, 6, 7),
    "doll": (4, 5, 6, 7),
    "can": (5, 6, 6, 7, 7, 8, 8, 9),
}
BOOTY_TYPES: tuple[str, ...] = tuple(BOOTY_VALUES)
#: bonus token -> copies
BONUS_COUNTS: dict[str, int] = {"ketchup": 2, "chili": 2, "milkshake": 2, "parrot": 4,
                                "opener": 4}
BONUS_TYPES: tuple[str, ...] = tuple(BONUS_COUNTS)
#: a circle bonus's points per matching booty token, per bonus held
BONUS_PER_TOKEN: dict[str, tuple[str, int]] = {
    "ketchup": ("fries", 5), "chili": ("noodles", 4), "milkshake": ("burger", 3),
}
BOOTY_NAME: dict[str, str] = {
    "fries": "French fries", "noodles": "Chinese noodles", "burger": "hamburger",
    "teddy": "teddy bear", "doll": "soft doll", "can": "tin can",
}
BONUS_NAME: dict[str, str] = {
    "ketchup": "ketchup", "chili": "chili pepper", "milkshake": "king-sized milkshake",
    "parrot": "parrot", "opener": "can opener",
}
#: the token colour of the rulebook's upper-right corner (the scoring sort)
TOKEN_COLOUR: dict[str, str] = {
    "fries": "yellow", "noodles": "orange", "burger": "brown", "teddy": "pink", "doll": "pink",
    "can": "grey", "ketchup": "yellow", "chili": "orange", "milkshake": "brown",
    "parrot": "pink", "opener": "grey",
}
#: values printed in stars count only with a bonus (parrot, can opener)
STAR_TYPES = frozenset({"teddy", "doll", "can"})
GROUP_BOOTY = 3  # booty tokens in a flotsam group, with one bonus token
GROUPS_PER_SHIP = 2


def booty_tokens() -> list[str]:
    """The 42 booty token codes, sorted."""
    return [f"{kind}-{v}" for kind, values in BOOTY_VALUES.items() for v in values]


def bonus_tokens() -> list[str]:
    """The 14 bonus token codes, sorted."""
    return [kind for kind, k in BONUS_COUNTS.items() for _ in range(k)]


def kind_of(token: str) -> str:
    """The type of a token: "fries" for "fries-3", "parrot" for "parrot"."""
    return token.split("-", 1)[0]


def value_of(token: str) -> int:
    """The printed value of a booty token (0 for a bonus token)."""
    _, _, v = token.partition("-")
    return int(v) if v else 0


def is_bonus(token: str) -> bool:
    return "-" not in token


def token_name(token: str) -> str:
    """ "French fries 3", "ketchup" """
    found = _TOKEN_NAMES.get(token)
    if found is not None:
        return found
    if is_bonus(token):
        return BONUS_NAME[token]
    return f"{BOOTY_NAME[kind_of(token)]} {value_of(token)}"


#: every token's name, computed once (sailings name tokens at every seizure)
_TOKEN_NAMES: dict[str, str] = {}
_TOKEN_NAMES.update((t, token_name(t)) for t in (*booty_tokens(), *bonus_tokens()))


def card_word(symbol: int, k: int = 1) -> str:
    """ "a cat card", "2 fish cards" """
    if k == 1:
        return _A_CARD[symbol]
    name = SHIPS[symbol]
    if k == 1:
        return f"a {name} card"
    return f"{k} {name} cards"


_A_CARD: tuple[str, ...] = tuple(f"a {name} card" for name in SHIPS)


def space_name(space: int) -> str:
    return "the captain's space" if space == CAPTAIN else f"space {SPACE_NAMES[space]}"
