"""Trade with the bank (catan-base.md, "A turn" 3: "with the bank 4:1, or through your
harbours (3:1, 2:1)"). Trade with the other players is offers.py's; a seat's ratio per
resource follows from its harbours (facts.py, ``SeatFacts.ratios``)."""

from __future__ import annotations

from typing import Any

from .facts import harbour_ratio
from .hands import RI
from .state import State
from .words import P


def trade_with_bank(s: State, seat: int, give: str, get: str) -> list[tuple[str, Any]]:
    """The seat gives its ratio of ``give`` (4, 3 at a generic harbour, 2 at a harbour of
    that resource) for one ``get`` from the bank."""
    i, j = RI[give], RI[get]
    ratio = harbour_ratio(s, seat, i)
    s.hands[seat][i] -= ratio
    s.bank[i] += ratio
    s.hands[seat][j] += 1
    s.bank[j] -= 1
    where = ("the bank" if ratio == 4 else "a 3:1 harbour" if ratio == 3
             else f"a 2:1 {give} harbour")
    return [(f"{P(seat)} trades {ratio} {give} for 1 {get} with {where}.", None)]
