"""A turn (catan-base.md, "A turn": "1. Roll two dice (a development card may be played
before the roll). 2. Production ... 3. Trade ... 4. Build ... The project plays trade and
build as one combined phase, as experienced players do."): whom the game waits for, the
roll, and the end of the turn.

What the roll brings is production.py's (robber_and_pirate.py on a 7); the moves of the
main phase are the other chapters' (building.py, ships.py, development_cards.py,
bank_trade.py, offers.py); rules.py sends each move to its function.
"""

from __future__ import annotations

from typing import Any

from . import development_cards, offers, ships
from .chance import die, draw
from .production import after_production, produce
from .robber_and_pirate import seven_is_rolled
from .setup import snake
from .state import Phase, State
from .victory import end_at_round_limit
from .words import P

#: the game ends after this many rounds at the latest (most VP wins); a real game of any of
#: our scenarios takes 15 to 35 rounds, so people never meet it, while random play must end.
ROUND_LIMIT = 100

#: the one seat to act, as the frozensets to_act returns (built once)
_ONE = tuple(frozenset({p}) for p in range(8))
_NOBODY: frozenset[int] = frozenset()


def to_act(s: State) -> frozenset[int]:
    """The seats the game waits for: the player on turn, but on a 7 those who discard and
    after a roll on a gold field those who pick. A trade offer waits for its maker alone:
    answering it is optional (offers.py)."""
    if s.phase in (Phase.ROLL, Phase.MAIN):
        return _ONE[s.turn]
    if s.phase == Phase.OVER:
        return _NOBODY
    if s.phase in (Phase.DISCARD, Phase.GOLD):
        return frozenset(p for p in range(s.n) if s.owed[p] > 0)
    return _ONE[s.turn]


def next_up(s: State) -> int | None:
    """Who acts after the player on turn: in the founding phase the next in snake order
    ("1..N, then again N..1", then the first player's first turn), later the next seat
    (catan-base.md, "A turn": play passes to the left). None while several players discard
    or pick gold, while New World's harbours are placed, and in the last turn of the round
    limit (the game then ends)."""
    ph = s.phase
    if ph in (Phase.SETUP_SETTLE, Phase.SETUP_ROUTE):
        order = snake(s.n)
        return order[s.setup_step + 1] if s.setup_step + 1 < len(order) else 0
    if ph in (Phase.DISCARD, Phase.GOLD, Phase.HARBOURS, Phase.OVER):
        return None
    if s.turn == s.n - 1 and s.round >= s.round_limit:
        return None
    return (s.turn + 1) % s.n


#: the text of a roll, by seat and dice: [seat][6 * (d1 - 1) + d2 - 1]
_ROLLS = tuple(tuple(f"{{p{p}}} rolls {d1} + {d2} = {d1 + d2}." for d1 in range(1, 7)
                     for d2 in range(1, 7)) for p in range(8))


def roll_dice(s: State, seat: int) -> list[tuple[str, Any]]:
    """The player on turn rolls two dice: a 7 makes players discard and moves the robber
    or the pirate; any other number produces."""
    bits = draw(s).getrandbits
    d1 = die(bits)
    d2 = die(bits)
    s.dice = [d1, d2]
    total = d1 + d2
    ev: list[tuple[str, Any]] = [(_ROLLS[seat][6 * d1 + d2 - 7], None)]
    if total == 7:
        seven_is_rolled(s)
        return ev
    ev.extend(produce(s, total))
    after_production(s)
    return ev


#: "{p1} ends the turn.", by seat
_ENDS = tuple(f"{P(p)} ends the turn." for p in range(8))


def end_turn(s: State, seat: int, house_rule: bool = False) -> list[tuple[str, Any]]:
    """The turn passes to the next seat, a new round after the last; at the round limit
    the game ends. ``house_rule``: the player ends it letting the house rule answer trade
    offers for him until he ends a turn again (offers.py)."""
    ev: list[tuple[str, Any]] = [(_ENDS[seat], None)]
    ev.extend(offers.set_house_rule(s, seat, house_rule))
    ships.end_of_turn(s)
    development_cards.end_of_turn(s, seat)
    s.offers_made = 0
    s.dice = None
    s.turn = (seat + 1) % s.n
    s.phase = Phase.ROLL
    if s.turn == 0 and s.round < s.round_limit:
        s.round += 1
    elif s.turn == 0:
        ev.extend(end_at_round_limit(s))
    return ev
