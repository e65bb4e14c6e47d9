"""Sewer Pirats' ``/game rules`` page, with every decision of ours."""

from __future__ import annotations

from .data import TRIBE_ABILITY, TRIBES
from .decisions import DECISIONS


def rules_markdown(variant: str) -> str:
    """The rules summary for ``/game rules``, with every decision of ours listed."""
    lines = [
        "# Sewer Pirats",
        "",
        "Crew the **cat**, **bird** and **fish** ships and seize the best treasure. Each ship "
        "has crew spaces 1, 2, 3 and the captain's space C; before its bow lie two face-up "
        "flotsam groups (3 booty tokens + 1 bonus token). The game ends when a ship has no "
        "flotsam left; the other ships with a captain sail a last time; most points wins.",
        "",
        "## Your turn: one action",
        "- **Draw two cards** from the deck or the face-up row (any mix); the row is refilled; "
        "then discard down to **six**.",
        "- **Move a figure** onto a ship or along it: one space towards the bow per card of "
        "the ship's symbol, occupied spaces skipped for free; never onto C.",
        "- **Become captain** when every crew space between your figure and C is occupied: 3 "
        "cards from your play area, 1 from the ship. Never two captains at once.",
        "- **Set sail**: compulsory when you have a captain. The captain takes the bonus and a "
        "booty token of his choice, then the figures nearest the bow take one each; leftover "
        "booty goes to the box. Figures that took treasure go home, the others move one space "
        "towards the bow; the second group moves up and a new one is laid out.",
        "",
        "## Scoring",
        "- French fries, Chinese noodles, hamburgers: printed value; each ketchup / chili / "
        "milkshake adds 5 / 4 / 3 to every fries / noodles / hamburger token.",
        "- Parrots: 1 point each; one counts all your teddy bears or all your soft dolls, two "
        "count both.",
        "- Tin cans: each can opener opens one can (the best first).",
        "- Tie: the sum of the crew-space numbers your figures occupy; still tied: shared.",
        "",
        "## This table",
    ]
    if variant == "landlubber":
        lines.append("**Landlubber variant**: each player leads four figures of one tribe, "
                     "with no special abilities.")
    else:
        if variant == "auction":
            lines.append("**Crew Member Auction**: hire your crew at the bar with eight "
                         "Talisman cards. The front figure's minimum bid is 0, the next 1, "
                         "and so on; starting on any other figure puts a card under the "
                         "front one. Raise or pass clockwise; the winner discards his bid. "
                         "The last hirer goes first; leftover cards are your starting hand.")
        else:
            lines.append("**Standard game**: four tribe cards are drawn; every player leads "
                         "one figure of each of those tribes.")
        lines += ["", "## Tribe abilities"]
        lines += [f"- **{t.capitalize()}**: {TRIBE_ABILITY[t]}" for t in TRIBES]
    lines += ["", "## Our decisions where the rulebook is silent"]
    lines += [f"- {d}" for d in DECISIONS]
    return "\n".join(lines) + "\n"
