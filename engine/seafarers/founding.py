"""Where to found: how much a place yields, and the founding places best first (issue 22,
"Fewer clicks": "the first settlements named by their hexes, best places first").

A number chip (catan-base.md, "Pieces, bank, board") shows dots under its number, one
for each way two dice can roll it, as the board image draws them: 6 and 8 have five dots,
5 and 9 four, 4 and 10 three, 3 and 11 two, 2 and 12 one. The dots of a place are the dots
of the hexes at its corner that produce: a resource hex, or a gold field (it yields a
resource of the owner's choice). The desert, the sea, a face-down space (Oceans) and a hex
whose chip comes later (Greater Catan's small islands) have none. The dots are how many
cards a place earns, on average, in 36 rolls.

Our decisions, for the order of a list only (the rules rank nothing): more dots first;
among equal dots, the place yielding more different things first (a gold field counts as
one thing); then the lower corner number, so that the order is always the same. The
robber's hex counts like any other: the robber moves on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .board import RESOURCE_OF

#: number -> its dots (7 has no chip)
DOTS: dict[int, int] = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def _producing(s: Any, c: int) -> list[int]:
    """The hexes at corner ``c`` that produce: a resource or gold, with a number chip.
    ``s``: a State or the deal a label reads (labels.Deal)."""
    return [h for h in s.board.corner_hexes[c]
            if (s.terrain[h] in RESOURCE_OF or s.terrain[h] == "gold") and s.chips[h]]


def dots(s: Any, c: int) -> int:
    """The dots of the producing hexes at corner ``c``: "grain 9, ore 6, brick 3" has
    4 + 5 + 2 = 11."""
    return sum(DOTS.get(s.chips[h], 0) for h in _producing(s, c))


def variety(s: Any, c: int) -> int:
    """How many different things the producing hexes at corner ``c`` yield (two wood hexes
    are one thing; a gold field is one)."""
    return len({s.terrain[h] for h in _producing(s, c)})


def land_best_first(s: Any, c: int) -> list[int]:
    """The land hexes at corner ``c``, those with more dots first (then in reading order):
    the order a founding place's label names them in."""
    return sorted((h for h in s.board.corner_hexes[c] if s.terrain[h] != "sea"),
                  key=lambda h: (-DOTS.get(s.chips[h], 0) if h in _producing(s, c) else 1, h))


def dots_words(n: int) -> str:
    """"11 dots", "1 dot", "no dots"."""
    if n == 0:
        return "no dots"
    return f"{n} dot" if n == 1 else f"{n} dots"


def best_first(s: Any, corners: Iterable[int]) -> list[int]:
    """``corners`` best first: more dots, then more variety, then the lower number."""
    return sorted(corners, key=lambda c: (-dots(s, c), -variety(s, c), c))
