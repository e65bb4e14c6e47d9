"""The guide's own pages for Sewer Pirats (engine/guide.py puts them together with the
decisions and the table options).

Written from the rulebook (shared rules/sewer-pirats.txt: "Setup", "Round Sequence", the
four actions, "Winning the Game", "Scoring Treasures", "Figure Special Abilities", the
Landlubber and Crew Member Auction variants) in the players' words; the numbers, the
tokens and the tribe abilities come from the engine's data (data.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import JSON

from .data import (
    AUCTION_CARDS,
    BONUS_COUNTS,
    BONUS_NAME,
    BONUS_PER_TOKEN,
    BOOTY_NAME,
    BOOTY_VALUES,
    CARDS_PER_SYMBOL,
    CREW_SIZE,
    HAND_LIMIT,
    ROW_SIZE,
    SHIPS,
    START_CARDS,
    TRIBE_ABILITY,
    TRIBE_PLURAL,
    TRIBES,
)
from .decisions import DECISIONS as DECISIONS

PIECES_TITLE = "Cards, crews, treasure"

_SHIPS = ", ".join(SHIPS[:-1]) + " and " + SHIPS[-1]

_CREWS = {
    "standard": f"**Your crew** (the standard game): {CREW_SIZE} tribe cards are drawn; "
                "every player leads one figure of each of those tribes, each with its "
                "special ability (see Cards, crews, treasure).",
    "landlubber": f"**Your crew** (Landlubber, the simple game): in turn from the first "
                  f"player, each player chooses a tribe and leads {CREW_SIZE} figures of it, "
                  "with no special abilities.",
    "auction": f"**Your crew** (Crew Member Auction): {CREW_SIZE} figures per player wait at "
               f"the bar, and you hire them with the {AUCTION_CARDS} Talisman cards dealt "
               "to you: the front figure's minimum bid is 0, the next 1, and so on. Starting "
               "the bidding on any other figure puts a card under the front one, for its "
               "hirer. Raise or pass in turn; the winner discards his bid. The last hirer "
               "goes first, and the cards you kept are your starting hand.",
}


def _overview(variant: str) -> str:
    start = ("" if variant == "auction" else
             f"\n**Start**: the first player and the player on his left draw "
             f"{START_CARDS[0]} Talisman cards, everyone else {START_CARDS[1]}.")
    return (
        f"A tactical treasure hunt in the sewers. Put your crew aboard the three pirat "
        f"ships ({_SHIPS}) and seize the best treasure when they set sail.\n"
        f"**The ships**: each has crew spaces 1, 2, 3 and the captain's space **C** at the "
        f"bow. Before each bow lie two face-up flotsam groups of 3 booty tokens and 1 "
        f"bonus token: that is what the ship brings home next time it sails.\n"
        f"**The cards**: {CARDS_PER_SYMBOL * len(SHIPS)} Talisman cards, "
        f"{CARDS_PER_SYMBOL} for each ship's symbol; {ROW_SIZE} lie face up beside the "
        f"deck. Cards of a ship's symbol pay for moving onto that ship.\n"
        + _CREWS[variant] + start +
        "\n**Goal**: the most points from your treasure when a ship runs out of flotsam.\n"
        "**Secret**: your treasure lies face down once taken; the others see only how many "
        "tokens you hold."
    )


TURN = f"""\
Players take turns clockwise. On your turn you **must take one action**:
- **Draw two cards**, from the deck or the face-up row, in any mix; the row is refilled. \
Then discard down to **{HAND_LIMIT}** cards.
- **Move a figure** onto a ship or along it: play cards of the ship's symbol, one space \
towards the bow per card; occupied spaces are skipped for free. Never onto **C** this way.
- **Become captain**: when every crew space between your figure and C is occupied, play 3 \
cards of the ship's symbol for a figure from your play area, 1 for a figure already aboard. \
You never have two captains at once.
- **Set sail**: compulsory when you have a captain. The captain takes the bonus token and a \
booty token of his choice; then the figures nearest the bow take one booty token each; \
booty left over goes back to the box. Figures that took treasure go home; the others move \
one space towards the bow. The second group moves up and a new group is laid out.

A figure aboard leaves only when its ship sails: choose ships and spaces with care."""


def _treasure() -> str:
    lines = ["**Treasure**: booty tokens (squares) show their points; bonus tokens (circles) "
             "add to them."]
    for booty, values in BOOTY_VALUES.items():
        lines.append(f"- {BOOTY_NAME[booty].capitalize()}: {len(values)} tokens worth "
                     f"{min(values)} to {max(values)}.")
    bonus = ", ".join(f"{BONUS_NAME[b]} ({n})" for b, n in BONUS_COUNTS.items())
    lines.append(f"- Bonus tokens: {bonus}.")
    return "\n".join(lines)


def _pieces(variant: str) -> str:
    lines = [
        f"**Talisman cards**: a cat, bird or fish symbol. Hand limit {HAND_LIMIT}, checked only "
        "after you draw (a raccoon's fee may take you above it).",
        _treasure(),
    ]
    if variant == "landlubber":
        lines.append("**Tribes**: rats, raccoons, cockroaches, weasels, snails and toads; in "
                     "the Landlubber game they have no special abilities.")
    else:
        lines.append("**Tribe abilities**:")
        lines += [f"- **{TRIBE_PLURAL[t].capitalize()}**: {TRIBE_ABILITY[t]}" for t in TRIBES]
    return "\n".join(lines)


def _scoring() -> str:
    adds = "; ".join(f"each {BONUS_NAME[b]} adds {k} to every {BOOTY_NAME[t]} token"
                     for b, (t, k) in BONUS_PER_TOKEN.items())
    return (
        "**The end**: the game ends when a ship has no flotsam left before its bow. Every "
        "other ship with a captain sets sail one last time; then everyone counts.\n"
        "**Points**:\n"
        f"- French fries, Chinese noodles and hamburgers: their printed value; {adds}.\n"
        "- Teddy bears and soft dolls count only with a parrot: one parrot counts all your "
        "teddy bears or all your soft dolls, two count both. Each parrot is also worth 1.\n"
        "- Tin cans count only when opened: each can opener opens one can (your best first).\n"
        "Example: fries 2 and 3 with one ketchup score (2 + 5) + (3 + 5) = 15.\n"
        "**Tie**: add up the numbers of the crew spaces your figures stand on; the higher sum "
        "wins. Still tied: the victory is shared."
    )


def pages(options: Mapping[str, JSON]) -> dict[str, str]:
    """The game's own pages for a table of these (resolved) options."""
    variant = str(options["variant"])
    return {"overview": _overview(variant), "turn": TURN, "pieces": _pieces(variant),
            "scoring": _scoring()}


def value_words(name: str, value: JSON) -> str | None:
    """The variants by their names in the rulebook."""
    if name == "variant":
        return {"standard": "the standard game", "landlubber": "Landlubber (no abilities)",
                "auction": "Crew Member Auction"}.get(str(value))
    return None
