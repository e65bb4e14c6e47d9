"""Victory points and the end of the game (catan-base.md, "Special cards and the end":
"Settlement 1 VP, city 2 VP. The game ends when the player whose turn it is has the
winning number of VP (10 in the base game; each scenario sets its own)"; the Largest Army
and the Longest Trade Route are worth 2 each: development_cards.py, longest_route.py).
"""

from __future__ import annotations

from typing import Any

from .facts import facts
from .state import Phase, State
from .words import P

#: the moves after which the player on turn may hold more victory points than before
#: (a building, the special VP, the longest route, a knight, a VP card bought, or the
#: turn passing to a player who holds them); check_win after any other move finds nothing
VP_MOVES = frozenset({"settlement", "city", "road", "ship", "move_ship", "play", "buy",
                      "end", "end_auto"})


def public_vp(s: State, seat: int) -> int:
    """The points everyone sees: buildings, special victory point chips, the Largest
    Army and the Longest Trade Route (2 each)."""
    vp = s.special[seat] + facts(s).vp[seat]
    if s.army == seat:
        vp += 2
    if s.road_holder == seat:
        vp += 2
    return vp


def total_vp(s: State, seat: int) -> int:
    """``public_vp`` and the seat's hidden Victory Point cards ("victory point cards are
    revealed when they win the game, and may be kept hidden till then")."""
    return public_vp(s, seat) + s.devs[seat].count("victory_point")


def check_win(s: State) -> list[tuple[str, Any]]:
    """Victory at the scenario's target, on one's own turn (catan-base.md "The end")."""
    if s.phase in (Phase.SETUP_SETTLE, Phase.SETUP_ROUTE, Phase.OVER):
        return []
    p = s.turn
    if total_vp(s, p) >= s.target:
        vps = [total_vp(s, x) for x in range(s.n)]
        s.result = {
            "winners": [p],
            "scores": vps,
            "reason": f"{P(p)} reaches {vps[p]} victory points (target {s.target}).",
        }
        s.phase = Phase.OVER
        s.offer = None
        return [(s.result["reason"], None)]
    return []


def end_at_round_limit(s: State) -> list[tuple[str, Any]]:
    """The round limit is reached (decisions.py: every game ends): the most victory points
    win, shared on a tie."""
    vps = [total_vp(s, p) for p in range(s.n)]
    top = max(vps)
    s.result = {
        "winners": [p for p in range(s.n) if vps[p] == top],
        "scores": vps,
        "reason": f"The round limit ({s.round_limit}) is reached: the most victory "
                  f"points win ({top}).",
    }
    s.phase = Phase.OVER
    return [(s.result["reason"], None)]
