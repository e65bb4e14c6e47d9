"""Data and small helpers shared by the All Hands on Deck! images and texts: crew colours
and symbols, phase and status words, captains' names, bid values."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.all_hands.cards import (
    ACTION_TEXT,
    ACTIONS,
    RANK_OF,
    SUIT_OF,
)
from engine.core import fill_names
from render import palette as pal
from render.palette import RGB
from render.text import printable

#: crew letters -> (colour, darker shade for text on parchment, symbol kind)
CREW_COLOUR: dict[str, RGB] = {"ST": (182, 38, 36), "SS": (34, 92, 182), "BV": (10, 138, 98)}
CREW_SYMBOL: dict[str, str] = {"ST": "bolt", "SS": "sabres", "BV": "snake"}

ACTION_FACE: RGB = (44, 34, 46)
BACK_FACE: RGB = (112, 42, 30)

PHASE_LABEL: dict[str, str] = {
    "bid": "Bidding",
    "tie": "Tie: bid again or forfeit",
    "resolve": "Resolving action cards",
    "discard": "Discard",
    "over": "Game over",
}

#: status -> (symbol, colour); the words come from :func:`status_words`
STATUS_LOOK: dict[str, tuple[str, RGB]] = {
    "waiting": ("●", pal.INK_SOFT),
    "bid": ("✔", pal.GOOD),
    "passed": ("✖", pal.INK_SOFT),
    "brawled": ("⚔", pal.BAD),
    "forfeit": ("⚑", pal.BAD),
    "tied": ("⟳", pal.WARN),
}
INACTIVE = {"passed", "brawled", "forfeit"}

#: card sizes: L the auction card, M the hand, S bids and piles. M and S are as narrow as
#: the longest names allow at 14 px on one line ("Quartermaster" on M, "Cutpurse" on S):
#: names are never broken inside a word
SIZES: dict[str, tuple[int, int]] = {"L": (190, 266), "M": (116, 162), "S": (74, 102)}
RADIUS: dict[str, int] = {"L": 14, "M": 9, "S": 7}


def suit_of(code: str) -> str | None:
    """The crew letters of a crew card; None for an action card; ValueError if unknown."""
    if code in SUIT_OF:
        return SUIT_OF[code]
    if code in ACTIONS:
        return None
    raise ValueError(f"Unknown All Hands on Deck! card {code!r} in the view.")


def bid_value(cards: Iterable[str], auction_card: str | None) -> int:
    """Value of a bid: the ranks of its crew cards, doubled for the auction card's crew.

    Rulebook "BID OR PASS": crew values are added, action cards have no value; the
    "Brothers Before the Mast" rule doubles crew cards of the auction card's suit.
    """
    auction_suit = SUIT_OF.get(auction_card or "")
    total = 0
    for c in cards:
        if c in SUIT_OF:
            total += RANK_OF[c] * (2 if SUIT_OF[c] == auction_suit else 1)
    return total


def names_of(view: Mapping[str, Any]) -> list[str]:
    """Display names per seat, cleaned of characters the font cannot draw."""
    n = int(view["n"])
    given = list(view.get("names") or [])
    return [
        printable(str(given[i]), f"Captain {i + 1}") if i < len(given) else f"Captain {i + 1}"
        for i in range(n)
    ]


def say(text: object, names: Sequence[str], seat: int | None = None) -> str:
    """An engine sentence for people: "{p2}" becomes seat 2's name (engine texts name
    captains by seat), "{name}" the name of ``seat`` (the view's "pending" sentence).
    One pass, so a display name that looks like a placeholder stays as it is."""

    return fill_names(str(text), names, seat, unknown="A captain")


def status_words(status: str, bid_cards: int) -> str:
    if status == "bid":
        if not bid_cards:  # the auction is over and the bid went to the discard pile
            return "Bid"
        return f"Bid {bid_cards} card" + ("" if bid_cards == 1 else "s")
    return {
        "waiting": "Waiting",
        "passed": "Passed",
        "brawled": "Brawled: sits out",
        "forfeit": "Forfeited",
        "tied": "Tied: bids again",
    }.get(status, status.capitalize())


def round_words(view: Mapping[str, Any]) -> str:
    """ "Hand 2 of 5 · Round 7 of 100": the round limit is shown, as a hand that reaches it
    ends with the best-scoring hand winning (the engine's option "round_limit")."""
    hands_total = int(view.get("hands_total") or 1)
    rnd = f"Round {view['round']}"
    if view.get("round_limit"):
        rnd += f" of {view['round_limit']}"
    if hands_total > 1:
        return f"Hand {view['hand_no']} of {hands_total} · {rnd}"
    return rnd


def list_words(items: Sequence[str]) -> str:
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def face_down_count(view: Mapping[str, Any], seat: int) -> int:
    """Cards of a captain's bid lying face down: the whole bid before the reveal, the
    extra cards of a tie re-bid after it ("bid_cards" counts both kinds)."""
    total = int(view["players"][seat].get("bid_cards") or 0)
    shown = sum(len(b.get("cards") or []) for b in view.get("bids") or [] if int(b["seat"]) == seat)
    return max(0, total - shown)


def my_seat(view: Mapping[str, Any]) -> int:
    if "hand" not in view or view.get("seat") is None:
        raise ValueError(
            "A hand image needs a captain's own view (with his 'hand'); this view has none, "
            "so it is a spectator's or another captain's."
        )
    return int(view["seat"])


def actions_explained(hand: Iterable[str]) -> list[tuple[str, str]]:
    """Each action card in ``hand`` once, in hand order, with what it does: the printed
    line of the engine's ``ACTION_TEXT`` as a sentence."""
    out = []
    for code in dict.fromkeys(c for c in hand if c in ACTIONS):
        text = ACTION_TEXT[code]
        out.append((ACTIONS[code][0], text[0].upper() + text[1:]))
    return out
