"""All Hands on Deck!'s ``/game rules`` page."""

from __future__ import annotations

from .cards import ACTION_TEXT, ACTIONS
from .decisions import DECISIONS


def rules_markdown(longer: bool, round_limit: int) -> str:
    """The rules summary for ``/game rules``, with every decision of ours listed."""
    lines = [
        "# All Hands on Deck!",
        "",
        "Be the first captain to muster a seaworthy crew: **seven consecutive crew cards of "
        "one crew**, or **three consecutive in each of the three crews** (Stormsail, Sea "
        "Sabre, Black Viper). A Pirate Monkey is wild in a run.",
        "",
        "## A round",
        "1. **Deal**: a card to each captain from the dealer's left (not in the first round; "
        "everyone starts with five).",
        "2. **Auction card**: the top card of the deck is turned up.",
        "3. **Bid or pass**, in turn from the dealer's left: one or more cards face down. Crew "
        "values add up; **Brothers Before the Mast**: crew of the auction card's suit count "
        "double. Action cards are worth nothing but take effect.",
        "4. **Reveal** all bids together.",
        "5. **Resolve action cards** in player order from the dealer's left; each captain "
        "orders their own.",
        "6. **Winner**: Rum wins outright; else the highest bid. Only action cards and no "
        "Rum, or no bids: the card is discarded. A tie: the tied captains bid one or more "
        "further cards face down or forfeit; if all forfeit, the card is discarded. Bid cards "
        "go to the discard pile.",
        "7. **Discard** any cards you like, all captains at once, or keep them all (one "
        "move, which can also skip your later discard steps unless you open one). The deal "
        "passes left.",
        "",
        "The moment a captain holds a winning crew, the hand ends (unresolved action cards "
        "are discarded).",
        "",
        "## Rules Ain't for Pirates!",
        "The hand limit is 12, but you may hold more. From the deal until the bids are "
        "revealed, anyone may call a captain a **Pirate Cheat**: they count their cards openly. "
        "With 13 or more, the caller pulls cards at random until 12 remain, may keep one and "
        "discards the rest. With fewer, the accused pulls two at random from the caller, keeps "
        "one, discards the other, and is immune until their next dealt card.",
        "",
        "## Action cards",
    ]
    for code, (name, copies) in ACTIONS.items():
        lines.append(f"- **{name}** ({copies}): {ACTION_TEXT[code]}")
    lines += ["", "## This table"]
    if longer:
        lines.append(
            "**Longer game**: after each hand every captain scores, per crew, their highest run "
            "of three and their highest run of seven (sum of the crew values, monkeys 0); the "
            "hand's winner adds 20. First to 250 points, or the best total after 5 hands, "
            "wins; an exact tie shares the win."
        )
    else:
        lines.append("**Short game**: the first winning crew wins the game.")
    lines.append(
        f"**Round limit**: {round_limit} rounds per hand; then the best-scoring hand wins "
        "the hand."
    )
    lines += ["", "## Our decisions where the rulebook is silent"]
    lines += [f"- {d}" for d in DECISIONS]
    return "\n".join(lines) + "\n"
