"""The guide's own pages for Pirate Tricks (engine/guide.py puts them together with the
decisions and the table options).

Written from the rulebook (shared rules/pirate-tricks.txt: "Object", "Set up", "Setting Up
for a Round of Play", the row bidding, "Recruitment Cards", the tricks, "Running out of
Loon", the end) in the players' words; the numbers and the score cards come from the
engine's data (cards.py, rules.py, scorecards.py: each card says whether it is printed or
our design).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import JSON

from .cards import COLOUR_NAMES, FACTIONS, HAND_DEAL, KEEP, REMOVED, ROW_DOWN, ROW_UP, TRICKS
from .decisions import DECISIONS as DECISIONS
from .rules import DITCH_COUNT, START_LOON, TOP_UP, ZERO_TIE_LOON
from .scorecards import CAPTURE, CARDS, DECKS, RECRUITMENT, TREASURE

PIECES_TITLE = "Cards and score cards"

def _overview(rounds: int) -> str:
    factions = ", ".join(f"**{COLOUR_NAMES[c]}** ({name})" for c, name in FACTIONS.items())
    removed = "; ".join(f"{n} players: the 1-{k} of each colour are out" if k else
                        f"{n} players: all cards in play"
                        for n, k in sorted(REMOVED.items()))
    return (
        f"Space pirate captains recruit crews and fight for loon. Have the most **loon** "
        f"after **{rounds} rounds**.\n"
        f"**The crew cards**: numbered 1 to 20 in three colours, {factions}. Red is always "
        f"trump. {removed}.\n"
        f"**Loon**: everyone starts with {START_LOON}, kept behind a screen: only you know "
        f"your total (every payment is made in the open, so it can be reckoned).\n"
        f"**A round in short**: bid loon for a row of cards, keep {KEEP} of your "
        f"{HAND_DEAL + ROW_UP + ROW_DOWN} cards, score them on the recruitment "
        f"cards, then play {TRICKS} tricks for the treasure and capture cards.\n"
        "**Secret**: your hand, your loon, your bids until they are revealed and the cards "
        "you ditch."
    )


TURN = f"""\
Each round:
1. **Score cards**: two recruitment, one treasure and one capture card are turned up.
2. **Deal**: {HAND_DEAL} cards to each player, and one row per player of {ROW_UP} cards \
face up and {ROW_DOWN} face down. The Go First marker lies by the top row.
3. **Row bidding**, from the top row down: every player without a row bids loon in secret; \
the bids are revealed together. A clear winner pays and takes the row (the top row brings \
the Go First marker). **A tie above zero**: each tied player reveals a card from their hand; \
the highest number wins, then red, green, blue, and the cards go back. **A zero tie** puts \
{ZERO_TIE_LOON} loon from the bank on the row and the bidding moves on. Rows left after the \
first pass are bid on again from the top; then a zero tie goes to the card reveal, and its \
winner chooses who takes the row. Nobody bids more than twice on one row; the last player \
takes the last row free. A row's loon goes with it.
4. **Ditch {DITCH_COUNT}** of your cards, face down, out of play.
5. **Predict** your tricks, in turn from the Go First marker, when Tempt Fortune or Extra Loot \
is in play.
6. **Recruitment**: everyone collects on both recruitment cards.
7. **{TRICKS} tricks**: the Go First marker leads the first. Follow the colour led if you can, \
else play anything. Red trumps and may be led. The highest red, else the highest card of the \
colour led, takes the trick and leads the next.
8. **Scoring**: the treasure and capture cards pay, or cost, loon."""


def _pieces() -> str:
    lines = [
        "**Crew cards**: in a trick a red card beats every other colour, and a card of the "
        "colour led beats the rest; within a colour the higher number wins. In a reveal (a "
        "tied bid) the higher number wins, then red, green, blue.",
        "**Score cards**: each round turns up two recruitment cards (paid on the "
        f"{KEEP} cards you keep), one treasure card (paid on tricks won) and one capture card "
        "(paid on the cards in your tricks). A card drawn is out of the game. A crew card "
        "counts once per recruitment card, but may count for both.",
    ]
    for kind, title in ((RECRUITMENT, "Recruitment"), (TREASURE, "Treasure"),
                        (CAPTURE, "Capture")):
        lines.append(f"**{title}**:")
        for code in DECKS[kind]:
            card = CARDS[code]
            mark = "" if card.source == "rulebook" else " *(ours)*"
            lines.append(f"- {card.name}: {card.text}{mark}")
    lines.append("*(ours)*: a card of the project's design; the rulebook names six cards.")
    return "\n".join(lines)


def _scoring(rounds: int) -> str:
    return (
        "**Each round** the recruitment cards pay before the tricks; the treasure and capture "
        "cards pay after them. Tied players on a score card all collect. Whoever owes more "
        "than they have pays all they have.\n"
        f"**Running out of loon**: at the start of a round, a player with fewer than "
        f"{TOP_UP} loon tops up to {TOP_UP} from the bank.\n"
        f"**The end**: after round {rounds} the most loon wins; a tie shares the victory."
    )


def pages(options: Mapping[str, JSON]) -> dict[str, str]:
    """The game's own pages for a table of these (resolved) options."""
    rounds = int(options["rounds"])
    return {"overview": _overview(rounds), "turn": TURN, "pieces": _pieces(),
            "scoring": _scoring(rounds)}


def value_words(name: str, value: JSON) -> str | None:
    if name == "rounds":
        return f"{value} rounds"
    return None
