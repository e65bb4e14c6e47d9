"""A whole discard on a 7, picked at once (issue 22, "Fewer clicks").

catan-base.md, "Seven and the robber": "Every player with more than 7 resource cards
discards half, rounded down, of his choice." The rules take a discard card by card, one
"discard" move a card (moves.py; shared DESIGN.md: a choice of several things is made step
by step). On Discord a player picks the whole discard at once, in one menu or one command,
and the picks are applied as those moves in one batch. ``whole_discard`` checks such a
pick first, so that a pick of the wrong size is refused with the reason and nothing is
discarded: discarded cards cannot be taken back (undo.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Action, IllegalAction

from .board import RESOURCES
from .offers import offer_text


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def whole_discard(hand: Mapping[str, int], owed: int, cards: Mapping[str, int]) -> list[Action]:
    """The discard moves of a whole discard: ``cards`` (resource -> how many) from
    ``hand`` (resource -> held), which must be exactly the ``owed`` cards still to
    discard, each one held. IllegalAction with a sentence saying what to do otherwise."""
    if owed <= 0:
        raise IllegalAction("You have nothing to discard now.")
    unknown = sorted(set(cards) - set(RESOURCES))
    if unknown:
        raise IllegalAction(f"{unknown[0]} is no resource: discard wood, brick, wool, grain "
                            "or ore.")
    for res in RESOURCES:
        held = int(hand.get(res, 0))
        if cards.get(res, 0) > held:
            raise IllegalAction(f"You hold only {held} {res}, so you cannot discard "
                                f"{cards[res]}.")
    named = sum(cards.values())
    if named != owed:
        raise IllegalAction(f"You have {_cards(owed)} to discard, and you named {named}: "
                            f"name exactly {owed}.")
    return [Action("discard", {"res": res}, f"Discard 1 {res}")
            for res in RESOURCES for _ in range(cards.get(res, 0))]


def discard_words(cards: Mapping[str, int]) -> str:
    """"Discard 2 wood, 1 ore": a whole discard in words."""
    return f"Discard {offer_text(dict(cards))}"
