"""The 26 score cards of Pirate Tricks and how each one pays.

The rulebook names six of them (Gang of Three, Gang of Two, Partners in Crime, Bountiful
Booty, Tempt Fortune, Extra Loot) and fixes how the three recruitment cards and Bountiful
Booty pay through its examples; the other twenty and the amounts of Tempt Fortune and
Extra Loot are the project's design (shared/rules/components.md, "Pirate Tricks"). The data
table :data:`CARDS` is the one place they live; ``source`` says which is which.

Recruitment cards pay on the kept ten-card hand before the tricks; "never use the same crew
card twice for one recruitment card" (rulebook "Recruitment Cards"), so every function
below counts disjoint groups. Capture cards pay on the cards in the tricks a player won,
treasure cards on the number of tricks. "If there is a tie on a score card, all tied
players collect the amount shown."
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import BLUE, COLOURS, GREEN, NUMBER, RED, sort_cards

RECRUITMENT, CAPTURE, TREASURE = "recruitment", "capture", "treasure"
KINDS = (RECRUITMENT, TREASURE, CAPTURE)


@dataclass(frozen=True)
class ScoreCard:
    code: str
    kind: str
    name: str
    text: str
    source: str  # "rulebook" (named and paid as printed) or "design" (components.md)


_TABLE: tuple[tuple[str, str, str, str, str], ...] = (
    # recruitment (two in play per round)
    ("gang_of_two", RECRUITMENT, "Gang of Two",
     "1 loon per run of two consecutive numbers in one colour.", "rulebook"),
    ("gang_of_three", RECRUITMENT, "Gang of Three",
     "3 loon per run of three consecutive numbers in one colour.", "rulebook"),
    ("partners", RECRUITMENT, "Partners in Crime",
     "2 loon per two of a kind (the same number in two colours).", "rulebook"),
    ("gang_of_four", RECRUITMENT, "Gang of Four",
     "5 loon per run of four consecutive numbers in one colour.", "design"),
    ("trio", RECRUITMENT, "Trio of Thieves",
     "5 loon per number held in all three colours.", "design"),
    ("motley", RECRUITMENT, "Motley Crew",
     "1 loon per set of one red, one green and one blue card.", "design"),
    ("beringa", RECRUITMENT, "Beringa Muster", "1 loon per two green cards.", "design"),
    ("mustel", RECRUITMENT, "Mustel Muster", "1 loon per two blue cards.", "design"),
    ("old_salts", RECRUITMENT, "Old Salts", "1 loon per card numbered 17 or higher.", "design"),
    ("admiral_favour", RECRUITMENT, "Admiral's Favour", "3 loon per card numbered 20.",
     "design"),
    # capture (one in play per round)
    ("red_ransom", CAPTURE, "Red Ransom", "+1 loon per red card captured.", "design"),
    ("green_ransom", CAPTURE, "Green Ransom", "+1 loon per green card captured.", "design"),
    ("blue_ransom", CAPTURE, "Blue Ransom", "+1 loon per blue card captured.", "design"),
    ("high_prisoners", CAPTURE, "High Prisoners",
     "+1 loon per captured card numbered 15 or higher.", "design"),
    ("admiral_hunt", CAPTURE, "Admiral Hunt", "+5 loon to whoever captures the red 20.",
     "design"),
    ("cursed_cargo", CAPTURE, "Cursed Cargo", "-1 loon per red card captured.", "design"),
    ("first_strike", CAPTURE, "First Strike", "+3 loon for winning the first trick.", "design"),
    ("last_stand", CAPTURE, "Last Stand", "+4 loon for winning the last trick.", "design"),
    ("mutiny", CAPTURE, "Mutiny", "-2 loon per trick won beyond the fifth.", "design"),
    # treasure (one in play per round)
    ("bountiful", TREASURE, "Bountiful Booty",
     "Most tricks 6 loon, second most 4, third most 2.", "rulebook"),
    ("tempt", TREASURE, "Tempt Fortune",
     "Predict your tricks. Exact: 10 loon; missed: pay 2 loon per trick off.", "rulebook"),
    ("extra_loot", TREASURE, "Extra Loot",
     "Predict your tricks. 1 loon per trick won, +4 if the prediction is exact.", "rulebook"),
    ("plunder", TREASURE, "Plunder", "1 loon per trick won.", "design"),
    ("meagre", TREASURE, "Meagre Rations",
     "Fewest tricks 6 loon, second fewest 4, third fewest 2.", "design"),
    ("winner_takes_all", TREASURE, "Winner Takes All",
     "10 loon to the player(s) with the most tricks.", "design"),
    ("sharing", TREASURE, "Sharing the Spoils",
     "2 loon per trick won, for at most three tricks.", "design"),
)

CARDS: dict[str, ScoreCard] = {row[0]: ScoreCard(*row) for row in _TABLE}
DECKS: dict[str, tuple[str, ...]] = {
    kind: tuple(c.code for c in CARDS.values() if c.kind == kind) for kind in KINDS
}
#: treasure cards that make every player predict his tricks (rulebook "Special Treasure Cards")
PREDICTION_CARDS = frozenset({"tempt", "extra_loot"})
PREDICTION_RANGE = range(0, 11)  # the bid card shows 0-10


def name(code: str) -> str:
    return CARDS[code].name


# -- recruitment: (loon, the cards placed face up to claim it) -------------------------------


def _by_colour(hand: Iterable[str]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {c: [] for c in COLOURS}
    for card in hand:
        out[card[0]].append(NUMBER[card])
    for numbers in out.values():
        numbers.sort()
    return out


def _runs(hand: Iterable[str], length: int) -> list[list[str]]:
    """Disjoint runs of ``length`` consecutive numbers in one colour, as many as possible:
    each maximal block of consecutive numbers holds ``len // length`` of them."""
    out: list[list[str]] = []
    for colour, numbers in _by_colour(hand).items():
        block: list[int] = []
        for k in [*numbers, None]:
            if k is not None and block and k == block[-1] + 1:
                block.append(k)
                continue
            for i in range(len(block) // length):
                out.append([f"{colour}{v}" for v in block[i * length:(i + 1) * length]])
            block = [] if k is None else [k]
    return out


def _same_number(hand: Iterable[str]) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for card in sort_cards(hand):
        found.setdefault(NUMBER[card], []).append(card)
    return found


def recruitment(code: str, hand: Sequence[str]) -> tuple[int, list[str]]:
    """What ``hand`` collects on recruitment card ``code``, and the cards that claim it."""
    if code in ("gang_of_two", "gang_of_three", "gang_of_four"):
        length = {"gang_of_two": 2, "gang_of_three": 3, "gang_of_four": 4}[code]
        pay = {2: 1, 3: 3, 4: 5}[length]
        runs = _runs(hand, length)
        return pay * len(runs), sort_cards(c for run in runs for c in run)
    if code == "partners":
        used: list[str] = []
        for cards in _same_number(hand).values():
            used += cards[: 2 * (len(cards) // 2)]
        return 2 * (len(used) // 2), sort_cards(used)
    if code == "trio":
        used = [c for cards in _same_number(hand).values() if len(cards) == 3 for c in cards]
        return 5 * (len(used) // 3), sort_cards(used)
    if code == "motley":
        by = {col: sort_cards(c for c in hand if c[0] == col) for col in COLOURS}
        sets = min(len(v) for v in by.values())
        return sets, sort_cards(c for v in by.values() for c in v[:sets])
    if code in ("beringa", "mustel"):
        colour = GREEN if code == "beringa" else BLUE
        mine = sort_cards(c for c in hand if c[0] == colour)
        pairs = len(mine) // 2
        return pairs, mine[: 2 * pairs]
    if code == "old_salts":
        used = sort_cards(c for c in hand if NUMBER[c] >= 17)
        return len(used), used
    if code == "admiral_favour":
        used = sort_cards(c for c in hand if NUMBER[c] == 20)
        return 3 * len(used), used
    raise ValueError(f"{code!r} is not a recruitment card.")


# -- capture: on the cards of the tricks won ---------------------------------------------------


def capture(code: str, captured: Sequence[str], tricks: int, first: bool, last: bool) -> int:
    """What a player collects (or pays, when negative) on capture card ``code``: he won
    ``tricks`` tricks holding ``captured`` cards, the first trick if ``first``, the last if
    ``last``."""
    colours = Counter(c[0] for c in captured)
    if code == "red_ransom":
        return colours[RED]
    if code == "green_ransom":
        return colours[GREEN]
    if code == "blue_ransom":
        return colours[BLUE]
    if code == "high_prisoners":
        return sum(1 for c in captured if NUMBER[c] >= 15)
    if code == "admiral_hunt":
        return 5 if "R20" in captured else 0
    if code == "cursed_cargo":
        return -colours[RED]
    if code == "first_strike":
        return 3 if first else 0
    if code == "last_stand":
        return 4 if last else 0
    if code == "mutiny":
        return -2 * max(0, tricks - 5)
    raise ValueError(f"{code!r} is not a capture card.")


# -- treasure: on the number of tricks ---------------------------------------------------------


def _places(tricks: Sequence[int], prizes: Sequence[int], fewest: bool) -> list[int]:
    """Prizes by place, places counted over the distinct trick totals and every tied player
    collecting (rulebook example: 3,3,2,2 pays 6,6,4,4 and nobody is third)."""
    totals = sorted(set(tricks), reverse=not fewest)
    place = {t: i for i, t in enumerate(totals)}
    return [prizes[place[t]] if place[t] < len(prizes) else 0 for t in tricks]


def treasure(code: str, tricks: Sequence[int], predictions: Sequence[int | None]) -> list[int]:
    """What each player collects (negative: pays) on treasure card ``code``."""
    if code == "bountiful":
        return _places(tricks, (6, 4, 2), fewest=False)
    if code == "meagre":
        return _places(tricks, (6, 4, 2), fewest=True)
    if code == "tempt":
        return [10 if t == p else -2 * abs(t - (p or 0)) for t, p in zip(tricks, predictions,
                                                                        strict=True)]
    if code == "extra_loot":
        return [t + (4 if t == p else 0) for t, p in zip(tricks, predictions, strict=True)]
    if code == "plunder":
        return list(tricks)
    if code == "winner_takes_all":
        top = max(tricks)
        return [10 if t == top else 0 for t in tricks]
    if code == "sharing":
        return [2 * min(t, 3) for t in tricks]
    raise ValueError(f"{code!r} is not a treasure card.")
