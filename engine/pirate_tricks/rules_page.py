"""Pirate Tricks' ``/game rules`` page, with the score cards and every decision of ours."""

from __future__ import annotations

from .decisions import DECISIONS
from .scorecards import CARDS, DECKS, RECRUITMENT, TREASURE


def rules_markdown(rounds: int) -> str:
    """The rules summary for ``/game rules``, with the score cards and every decision of
    ours listed."""
    lines = [
        "# Pirate Tricks",
        "",
        f"Have the most **loon** after **{rounds} rounds**. Crew cards are numbered 1-20 in "
        "three colours: **red** (Vulper, always trump), **green** (Beringa), **blue** "
        "(Mustel). With 4 players the 1-4 of each colour are out, with 3 players the 1-8. "
        "Everyone starts with 12 loon, kept behind a screen: only you see yours.",
        "",
        "## A round",
        "1. **Score cards**: two recruitment, one treasure and one capture card are turned up.",
        "2. **Deal**: five cards to each player, and one row per player of five cards face "
        "up and two face down. The Go First marker lies by the top row.",
        "3. **Row bidding** (`/tricks bid`), from the top row down: every player without a row "
        "bids loon in secret; the bids are revealed together. A clear winner pays and takes the "
        "row (the top row brings the Go First marker). A tie above zero: each tied player "
        "reveals a card from their hand (`/tricks reveal`): highest number wins, then red, "
        "green, blue; the cards go back. A zero tie puts 2 loon from the bank on the row and "
        "the bidding moves on. Rows left after the first pass are bid on again from the top; "
        "then a zero tie goes to the card reveal and its winner chooses who takes the row "
        "(`/tricks give`). Nobody bids more than twice on one row; the last player takes the "
        "last row free. A row's loon goes with it.",
        "4. **Ditch two** of your twelve cards (`/tricks ditch`), face down, out of play.",
        "5. **Predictions** (`/tricks predict`) when Tempt Fortune or Extra Loot is in play, "
        "in turn from the Go First marker.",
        "6. **Recruitment**: every player collects on both recruitment cards; a card counts "
        "once per recruitment card, but may count for both.",
        "7. **Ten tricks** (`/tricks play`): the Go First marker leads the first. Follow the "
        "colour led if you can, else play anything. Red trumps; red may be led. The highest "
        "red, else the highest card of the colour led, takes the trick and leads the next.",
        "8. **Scoring**: the capture and treasure cards pay (or cost) loon. Tied players all "
        "collect. Whoever owes more than they have pays all they have.",
        "",
        "At the start of a round, a player with fewer than 5 loon tops up to 5. After the "
        "last round the most loon wins; a tie shares the victory.",
        "",
        "## Score cards",
    ]
    for kind in (RECRUITMENT, TREASURE, "capture"):
        lines.append(f"**{kind.capitalize()}**:")
        for code in DECKS[kind]:
            card = CARDS[code]
            mark = "" if card.source == "rulebook" else " *(our design)*"
            lines.append(f"- **{card.name}**: {card.text}{mark}")
    lines += ["", "## Our decisions where the rulebook is silent"]
    lines += [f"- {d}" for d in DECISIONS]
    return "\n".join(lines) + "\n"

