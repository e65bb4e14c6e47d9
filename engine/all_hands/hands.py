"""Crew runs: the winning-hand check, the longer game's hand score, and close runs.

Rulebook, "WINNING THE GAME": seven consecutive crew cards of one suit, or three
consecutive crew cards in each of the three suits; the Pirate Monkey "can be substituted for
any other pirate crew card". "PLAYING A LONGER GAME": points for the highest run of three
and the highest run of seven in each suit, a run worth the sum of its crew values, a monkey
used in a run worth zero.

A suit is held as a 10-bit mask (bit r-1 for rank r); duplicates of a card add nothing to a
run. Monkeys beyond two cannot exist (two in the deck) but are capped anyway.
"""

from __future__ import annotations

from functools import lru_cache

from .cards import MONKEY, RANK_OF, SUIT_NAMES, SUIT_OF, SUITS

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
#: crew code -> (suit index, rank bit)
_BIT: dict[str, tuple[int, int]] = {c: (_SUIT_INDEX[SUIT_OF[c]], 1 << (RANK_OF[c] - 1)) for c in SUIT_OF}


def _window(lo: int, length: int) -> int:
    """The mask of ranks lo..lo+length-1."""
    return ((1 << length) - 1) << (lo - 1)


_WINDOWS3 = [(lo, _window(lo, 3)) for lo in range(1, 9)]
_WINDOWS7 = [(lo, _window(lo, 7)) for lo in range(1, 5)]


def _min_missing(mask: int, windows: list[tuple[int, int]], length: int) -> int:
    return min(length - bin(mask & w).count("1") for _, w in windows)


#: mask -> fewest cards missing from the best run of seven / of three in that suit
MISSING7: list[int] = [_min_missing(m, _WINDOWS7, 7) for m in range(1024)]
MISSING3: list[int] = [_min_missing(m, _WINDOWS3, 3) for m in range(1024)]


def suit_masks(hand: list[str]) -> tuple[list[int], int]:
    """([mask per suit], number of Pirate Monkeys) of a hand."""
    masks = [0, 0, 0]
    monkeys = 0
    for code in hand:
        bit = _BIT.get(code)
        if bit is not None:
            masks[bit[0]] |= bit[1]
        elif code == MONKEY:
            monkeys += 1
    return masks, monkeys


def cards_missing(hand: list[str]) -> int:
    """How many crew cards the hand still lacks for a winning hand (0: it wins)."""
    masks, monkeys = suit_masks(hand)
    need = min(
        MISSING7[masks[0]],
        MISSING7[masks[1]],
        MISSING7[masks[2]],
        MISSING3[masks[0]] + MISSING3[masks[1]] + MISSING3[masks[2]],
    )
    return max(0, need - min(monkeys, 2))


def is_winning(hand: list[str]) -> bool:
    """Seven consecutive of one crew, or three consecutive in each crew; monkeys wild.

    Rulebook examples: Stormsail 2 through 8 wins; three consecutive in all three suits
    wins; a run with a card of another crew in it, or seven cards not all consecutive,
    does not.
    """
    return len(hand) >= 7 and cards_missing(hand) == 0


def _best_run(full: int, real: int, windows: list[tuple[int, int]], length: int) -> int:
    best = 0
    for lo, w in windows:
        if full & w == w:
            value = sum(r for r in range(lo, lo + length) if real >> (r - 1) & 1)
            best = max(best, value)
    return best


@lru_cache(maxsize=4096)
def suit_score(mask: int, monkeys: int) -> int:
    """Best (highest run of three + highest run of seven) of one suit, with up to
    ``monkeys`` wild cards standing in for missing ranks (worth zero).

    Decision (the rulebook scores "the highest run of three ... and the highest run of
    seven" of each suit without saying whether they may share cards): they may, so Stormsail
    2-8 scores 21 (6+7+8) plus 35. A monkey stands in for one card of one suit; the runs of
    three and of seven of that suit may both use it, as they may both use a real card.
    """
    missing = [r for r in range(1, 11) if not mask >> (r - 1) & 1]
    choices: list[int] = [0]
    if monkeys >= 1:
        choices += [1 << (r - 1) for r in missing]
    if monkeys >= 2:
        choices += [
            (1 << (a - 1)) | (1 << (b - 1)) for i, a in enumerate(missing) for b in missing[i + 1 :]
        ]
    best = 0
    for extra in choices:
        full = mask | extra
        best = max(best, _best_run(full, mask, _WINDOWS3, 3) + _best_run(full, mask, _WINDOWS7, 7))
    return best


def hand_score(hand: list[str]) -> int:
    """Points of a hand in the longer game (without the winner's 20-point bonus).

    Rulebook examples: Stormsail 3, 4, 5 and Black Viper 6, 7, 8 score 12 + 21 = 33 (of a
    longer Stormsail run only the three highest count); Stormsail Surgeon, Navigator and a
    Pirate Monkey score 13.
    """
    masks, monkeys = suit_masks(hand)
    monkeys = min(monkeys, 2)
    best = 0
    for k0 in range(monkeys + 1):
        for k1 in range(monkeys - k0 + 1):
            k2 = monkeys - k0 - k1
            total = suit_score(masks[0], k0) + suit_score(masks[1], k1) + suit_score(masks[2], k2)
            best = max(best, total)
    return best


def winning_shape(hand: list[str]) -> str:
    """A sentence naming the winning shape (for the end-of-hand text)."""
    masks, monkeys = suit_masks(hand)
    monkeys = min(monkeys, 2)
    for si, suit in enumerate(SUITS):
        if MISSING7[masks[si]] <= monkeys:
            return f"seven {SUIT_NAMES[suit]} crew in a row"
    return "three in a row of each crew"
