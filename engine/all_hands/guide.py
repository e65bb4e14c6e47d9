"""The guide's own pages for All Hands on Deck! (engine/guide.py puts them together with the
decisions and the table options).

Written from the rulebook (shared rules/all-hands-on-deck.txt: "THE PIRATE AUCTION",
"WINNING THE GAME", "RULES AIN'T FOR PIRATES!", "PLAYING A LONGER GAME", "ACTION CARD
LIST") in the players' words; the numbers and the action cards come from the engine's data.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import JSON

from .cards import ACTION_TEXT, ACTIONS, CREW_COPIES, DECK_SIZE, HAND_LIMIT, RANK_NAMES, SUIT_NAMES
from .decisions import DECISIONS as DECISIONS
from .rules import HANDS_IN_LONGER_GAME, START_HAND, TARGET, WIN_BONUS

PIECES_TITLE = "Cards"

_CREWS = ", ".join(SUIT_NAMES.values())

OVERVIEW = f"""\
You are a pirate captain hiring sailors in a tavern. Be the first to muster a seaworthy crew:
- **seven crew cards of one crew in a row** (Stormsail 2 to 8), or
- **three in a row in each of the three crews** ({_CREWS}).
A **Pirate Monkey** stands in for any one card of a run.

**The deck**: {DECK_SIZE} cards: the crew cards 1 to 10 of each crew ({CREW_COPIES} copies of \
each) and {sum(n for _, n in ACTIONS.values())} action cards.
**Start**: everyone gets {START_HAND} cards; the first seat deals first.
**The game in one line**: every round one card is auctioned. You bid cards from your hand \
face down; the best bid takes the card, and the cards bid are gone. So you spend cards you \
do not need to win the ones you do.
**Secret**: your hand is yours alone; the others do not even see how many cards you \
hold, until someone calls you a Pirate Cheat."""

TURN = f"""\
A round, everyone taking part:
1. **Deal**: one card to each captain from the dealer's left (not in the first round).
2. **Auction card**: the top card of the deck is turned up.
3. **Bid or pass**, in turn from the dealer's left: one or more cards face down. Crew values \
add up; **Brothers Before the Mast**: crew cards of the auction card's crew count double. \
Action cards are worth nothing but take effect.
4. **Reveal**: all bids are turned up together.
5. **Action cards** resolve in seat order from the dealer's left; each captain orders their own.
6. **Winner**: a Rum wins outright; else the highest bid. Only action cards bid (no Rum), or \
no bids: the card is discarded. **A tie**: the tied captains each bid one or more further \
cards face down, or forfeit; if all forfeit, the card is discarded. Bid cards are discarded.
7. **Discard** any cards you like, all captains at once, or **Keep all my cards** in one \
click. Tired of being asked? **Keep all my cards, and skip my discard steps from now on**: \
from then on you keep your whole hand at every discard step without a click, unless you open \
one (**Open my discard step**, on your turn to bid); **Ask me at every discard step again** \
undoes it. Nobody else knows. The deal passes to the left.

**Rules Ain't for Pirates!** The hand limit is {HAND_LIMIT}, but you may hold more. From the deal \
until the bids are revealed anyone may call a captain a **Pirate Cheat**: they count their \
cards openly. With {HAND_LIMIT + 1} or more, the caller pulls cards at random until \
{HAND_LIMIT} remain, may keep one and discards the rest. With fewer, the accused pulls two \
cards at random from the caller, keeps one, discards the other, and cannot be called again \
until their next dealt card."""


def _pieces() -> str:
    ranks = ", ".join(f"{r} {name}" for r, name in RANK_NAMES.items())
    lines = [
        f"**Crew cards**: three crews, {_CREWS}, ranked 1 to 10 ({ranks}). A card's rank "
        "is its bid value; doubled when it belongs to the auction card's crew.",
        "**Action cards** (how many in the deck): played face down in a bid, worth nothing, "
        "they act when the bids are revealed.",
    ]
    lines += [f"- **{name}** ({copies}): {ACTION_TEXT[code]}"
              for code, (name, copies) in ACTIONS.items()]
    return "\n".join(lines)


PIECES = _pieces()


def _scoring(longer: bool, round_limit: int) -> str:
    lines = [
        "**A winning crew** ends the hand at once, the moment a captain holds it, even in the "
        "middle of an auction (action cards not yet resolved are discarded).",
    ]
    if longer:
        lines += [
            f"**This table plays the longer game**: after each hand every captain scores, per "
            f"crew, their highest run of three and their highest run of seven (the sum of the "
            f"ranks; a Monkey scores 0). The hand's winner adds {WIN_BONUS}. The first to "
            f"{TARGET} points, or the best total after {HANDS_IN_LONGER_GAME} hands, wins; an "
            f"exact tie shares the win.",
            "Example: Stormsail 3, 4, 5 and Black Viper 6, 7, 8 score 12 + 21 = 33.",
        ]
    else:
        lines.append("**This table plays the short game**: the first winning crew wins the "
                     "game. (The longer game, a table option, scores every hand.)")
    lines.append(
        f"**Round limit**: so that every game ends, a hand without a winning crew ends after "
        f"{round_limit} rounds; then the best-scoring hand wins it (scored as in the longer "
        f"game).")
    return "\n".join(lines)


def pages(options: Mapping[str, JSON]) -> dict[str, str]:
    """The game's own pages for a table of these (resolved) options."""
    return {"overview": OVERVIEW, "turn": TURN, "pieces": PIECES,
            "scoring": _scoring(bool(options["longer"]), int(options["round_limit"]))}


def value_words(name: str, value: JSON) -> str | None:
    """The options' values in words."""
    if name == "longer":
        return "the longer game" if value else "the short game"
    if name == "round_limit":
        return f"{value} rounds"
    return None
