"""Scoring treasures (rulebook "Scoring Treasures", page 8) and the tie-break ("Winning the
Game").

- French fries, Chinese noodles, hamburgers: printed value each, plus 5 / 4 / 3 per fries /
  noodles / hamburger token for every ketchup / chili pepper / milkshake held (the rulebook's
  example: fries 2 and 3 with one ketchup score [2+5] + [3+5] = 15).
- Parrots: 1 point each; one parrot counts all teddy bears or all soft dolls (the better),
  two or more count both.
- Tin cans: each can opener opens one can, the best cans first; an unopened can scores 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .data import BONUS_PER_TOKEN, CAPTAIN, bonus_tokens, booty_tokens, kind_of, value_of

#: every token's type and printed value, computed once (every game's end scores them all)
_PARTS: dict[str, tuple[str, int]] = {
    t: (kind_of(t), value_of(t)) for t in (*booty_tokens(), *bonus_tokens())}


def breakdown(tokens: Iterable[str]) -> dict[str, Any]:
    """Points per treasure type of one player's tokens, and the total.

    Keys: "fries", "noodles", "burger" (each with its bonus), "toys" (teddy bears and soft
    dolls that count), "parrots" (1 each), "cans" (the opened cans), "total";
    "locked" lists the star values that do not count yet (toys without a parrot, cans
    without an opener), for the hand view.
    """
    values: dict[str, list[int]] = {"fries": [], "noodles": [], "burger": [], "teddy": [],
                                    "doll": [], "can": []}
    bonus: dict[str, int] = {"ketchup": 0, "chili": 0, "milkshake": 0, "parrot": 0, "opener": 0}
    for t in tokens:
        kind, value = _PARTS.get(t) or (kind_of(t), value_of(t))
        if kind in bonus:
            bonus[kind] += 1
        else:
            values[kind].append(value)
    out: dict[str, Any] = {}
    for b, (kind, per) in BONUS_PER_TOKEN.items():
        out[kind] = sum(values[kind]) + per * bonus[b] * len(values[kind])
    parrots = bonus["parrot"]
    teddy, doll = sum(values["teddy"]), sum(values["doll"])
    if parrots >= 2:
        toys, locked_toys = teddy + doll, []
    elif parrots == 1:
        best = "teddy" if teddy >= doll else "doll"
        toys = max(teddy, doll)
        locked_toys = values["doll" if best == "teddy" else "teddy"]
    else:
        toys, locked_toys = 0, values["teddy"] + values["doll"]
    out["toys"] = toys
    out["parrots"] = parrots
    cans = sorted(values["can"], reverse=True)
    opened = cans[: bonus["opener"]]
    out["cans"] = sum(opened)
    out["locked"] = sorted(locked_toys + cans[len(opened):], reverse=True)
    out["total"] = out["fries"] + out["noodles"] + out["burger"] + toys + parrots + out["cans"]
    return out


def score(tokens: Iterable[str]) -> int:
    """A player's victory points for these treasure tokens."""
    return int(breakdown(tokens)["total"])


def tie_break(ships: list[list[Any]], seat: int) -> int:
    """The sum of the crew-space numbers (1, 2, 3) the seat's figures occupy. Decision: the
    captain's space is marked "C", not a number, so a captain adds nothing."""
    total = 0
    for spaces in ships:
        for i, fig in enumerate(spaces):
            if fig is not None and fig[0] == seat and i != CAPTAIN:
                total += i + 1
    return total


def ranking(scores: list[int], ties: list[int]) -> list[int]:
    """The winners: the most points, then the highest tie-break; a remaining tie shares."""
    best = max(scores)
    top = [s for s in range(len(scores)) if scores[s] == best]
    if len(top) == 1:
        return top
    best_tie = max(ties[s] for s in top)
    return [s for s in top if ties[s] == best_tie]
