"""Close runs in a hand, for the hand image and its text (rulebook "WINNING THE GAME")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.all_hands.cards import (
    RANK_OF,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
)


@dataclass(frozen=True)
class RunHint:
    """How close a hand is to a run of ``length`` (3 or 7) in one crew.

    ``held``: the ranks held inside the closest windows; ``needs``: each way to complete a
    run, as the ranks still missing (empty when a run is complete); ``monkeys``: Pirate
    Monkeys in the hand, which may stand in for a missing card (rulebook "PIRATE MONKEY").
    """

    suit: str
    length: int
    held: tuple[int, ...]
    needs: tuple[tuple[int, ...], ...]
    monkeys: int = 0

    @property
    def complete(self) -> bool:
        return not self.needs

    def text(self) -> str:
        head = f"{SUIT_NAMES[self.suit]} {'-'.join(map(str, self.held))}"
        if self.complete:
            return f"{head}: complete"
        ways = [" and ".join(map(str, miss)) for miss in self.needs]
        sep = ", or " if any(len(miss) > 1 for miss in self.needs) else " or "
        return f"{head}: needs {sep.join(ways)}"


#: a run counts as close when at most this many of its cards are missing
CLOSE: dict[int, int] = {3: 1, 7: 2}
MAX_WAYS = 3


def near_runs(hand: Iterable[str]) -> list[RunHint]:
    """The runs of three and of seven a hand holds or is close to, per crew (crew order
    ST, SS, BV; the run of seven first). Rulebook "WINNING THE GAME": seven consecutive of
    one crew, or three consecutive in each crew. Missing cards are counted without the
    Pirate Monkeys, so the player sees which crew cards to look for."""
    cards = list(hand)
    monkeys = cards.count("MONKEY")
    ranks: dict[str, set[int]] = {s: set() for s in SUITS}
    for c in cards:
        if c in SUIT_OF:
            ranks[SUIT_OF[c]].add(RANK_OF[c])
    hints: list[RunHint] = []
    for suit in SUITS:
        for length in (7, 3):
            windows = [range(lo, lo + length) for lo in range(1, 12 - length)]
            missing = [tuple(r for r in w if r not in ranks[suit]) for w in windows]
            fewest = min(len(m) for m in missing)
            if fewest > CLOSE[length]:
                continue
            best = [i for i, m in enumerate(missing) if len(m) == fewest]
            if fewest == 0:
                top = windows[best[-1]]  # the highest complete run scores most
                hints.append(RunHint(suit, length, tuple(top), (), monkeys))
                continue
            best = best[-MAX_WAYS:]
            held = sorted({r for i in best for r in windows[i] if r in ranks[suit]})
            needs = tuple(dict.fromkeys(missing[i] for i in best))
            hints.append(RunHint(suit, length, tuple(held), needs, monkeys))
    return hints


def run_lines(hints: Sequence[RunHint]) -> list[str]:
    """Sentences for the hand: the runs of seven in reach, then where each crew stands for
    three of each, then a word on the Pirate Monkeys when one could fill a gap."""
    sevens = [h for h in hints if h.length == 7]
    threes = {h.suit: h for h in hints if h.length == 3}
    lines = [f"Seven of one crew: {h.text()}" for h in sevens]
    if not sevens:
        lines.append("Seven of one crew: nothing close yet")
    for suit in SUITS:
        h = threes.get(suit)
        lines.append(
            "Three of each crew: " + (h.text() if h else f"{SUIT_NAMES[suit]}: nothing close yet")
        )
    monkeys = hints[0].monkeys if hints else 0
    if monkeys and any(not h.complete for h in hints):
        lines.append(
            f"Your Pirate Monkey{'s' if monkeys > 1 else ''} can stand in for "
            f"{'a missing card' if monkeys == 1 else 'missing cards'}."
        )
    return lines


def run_cards(hand: Sequence[str], hints: Sequence[RunHint]) -> set[int]:
    """Indexes into ``hand`` of the cards inside the hinted runs (one copy per rank)."""
    wanted = {(h.suit, r) for h in hints for r in h.held}
    picked: set[int] = set()
    seen: set[tuple[str, int]] = set()
    for i, c in enumerate(hand):
        if c in SUIT_OF:
            key = (SUIT_OF[c], RANK_OF[c])
            if key in wanted and key not in seen:
                seen.add(key)
                picked.add(i)
    return picked


def winning_cards(hand: Sequence[str]) -> set[int]:
    """Indexes into ``hand`` of the cards that make its winning crew (rulebook "WINNING
    THE GAME"): a run of seven in one crew, else three in a row in each crew, with the
    Pirate Monkeys that stand in for missing cards. Empty when the hand does not win."""
    hints = near_runs(hand)
    monkeys = [i for i, c in enumerate(hand) if c == "MONKEY"]

    def missing(h: RunHint) -> int:
        return min((len(m) for m in h.needs), default=0)

    sevens = [h for h in hints if h.length == 7 and missing(h) <= len(monkeys)]
    if sevens:
        chosen = [min(sevens, key=missing)]
    else:
        threes = [h for h in hints if h.length == 3]
        if len(threes) < len(SUITS) or sum(map(missing, threes)) > len(monkeys):
            return set()
        chosen = threes
    used = sum(map(missing, chosen))
    return run_cards(hand, chosen) | set(monkeys[:used])
