"""Actions B and C: moving a figure to a crew space and becoming captain (rulebook p. 4-5),
with the cockroach's discount and the raccoon's fee (p. 6-7).

A move is described by a tuple ``(kind, ship, tribe, frm, to, cost, payees)``: kind "move"
or "captain", ``frm`` 0 for the play area or the crew space 1-3 the figure stands on, ``to``
the crew space 1-3 (4 for the captain's space), ``cost`` the cards played to the discard
pile, ``payees`` the owners of the raccoons moved over (one card each).
"""

from __future__ import annotations

from engine.core import Event

from .common import Events, P, captain_ship, keep, pub
from .data import CAPTAIN, COCKROACH, CREW_SPACES, RACCOON, SHIPS, TRIBES, card_word
from .state import State

Crew = tuple[str, int, str, int, int, int, tuple[int, ...]]


def _paths(
    sp: list, p: int, seat: int, abilities: bool
) -> tuple[list[tuple[int, int, tuple[int, ...]]], tuple[int, tuple[int, ...]] | None]:
    """Where a figure on index ``p`` of a ship (-1: behind the stern, i.e. from the play
    area) can go: ``(to, cards, payees)`` per empty crew space ahead, and ``(cards,
    payees)`` for the captain's space when the figure may become captain there.

    Rulebook "Move a Figure": one space towards the bow per card, moving over occupied
    spaces for free, so reaching an empty space costs one card per empty space up to and
    including it; never onto the captain's space. "Become Captain": every crew space between
    the figure and C occupied; 3 cards from the play area, 1 from the ship. The cockroach's
    discount is applied by the caller.

    Decision: the raccoon's fee is part of the price. A move that passes opponents'
    raccoons is allowed only if the mover can play its cards and also give one card of the
    ship's symbol to each raccoon's owner (the rulebook says he "must give" one).
    """
    empties = 0
    payees: tuple[int, ...] = ()
    moves: list[tuple[int, int, tuple[int, ...]]] = []
    for t in range(p + 1, CREW_SPACES):
        f = sp[t]
        if f is None:
            empties += 1
            moves.append((t + 1, empties, payees))
        elif abilities and f[1] == RACCOON and f[0] != seat:
            payees = (*payees, f[0])
    captain = None
    if empties == 0 and sp[CAPTAIN] is None:
        captain = (3 if p < 0 else 1, payees)
    return moves, captain


def _figure_options(
    x: int, frm: int, tribe: str, have: int, roach: bool, captain_ok: bool,
    paths: tuple[list[tuple[int, int, tuple[int, ...]]], tuple[int, tuple[int, ...]] | None],
    out: list[Crew],
) -> None:
    moves, captain = paths
    cut = 1 if roach else 0
    for to, cards, payees in moves:
        cost = cards - cut
        if cost + len(payees) <= have:
            out.append(("move", x, tribe, frm, to, cost, payees))
    if captain is not None and captain_ok:
        cards, payees = captain
        cost = cards - cut
        if cost + len(payees) <= have:
            out.append(("captain", x, tribe, frm, CAPTAIN + 1, cost, payees))


def ship_options(
    sp: list, seat: int, x: int, have: int, homes: tuple[str, ...], captain_ok: bool,
    abilities: bool,
) -> list[Crew]:
    """The moves and captaincies of the seat's figures on (or boarding) one ship."""
    out: list[Crew] = []
    for tribe in homes:
        out += figure_options(sp, seat, x, -1, tribe, have, captain_ok, abilities)
    for i in range(CREW_SPACES):
        f = sp[i]
        if f is not None and f[0] == seat:
            out += figure_options(sp, seat, x, i, f[1], have, captain_ok, abilities)
    return out


def figure_options(
    sp: list, seat: int, x: int, p: int, tribe: str, have: int, captain_ok: bool,
    abilities: bool,
) -> list[Crew]:
    """The moves and captaincies on ship ``x`` of the seat's figure of ``tribe`` on index
    ``p`` of the ship (-1: in the play area)."""
    out: list[Crew] = []
    roach = abilities and tribe == COCKROACH
    if have or roach:
        _figure_options(x, p + 1, tribe, have, roach, captain_ok,
                        _paths(sp, p, seat, abilities), out)
    return out


def home_tribes(s: State, seat: int) -> tuple[str, ...]:
    """The distinct tribes in the seat's play area (figures there are alike)."""
    home = s.home[seat]
    return tuple(t for t in TRIBES if t in home) if home else ()


def crew_options(s: State, seat: int, weasel: tuple[int, int] | None = None) -> list[Crew]:
    """Every move and captaincy the seat may pay for now. ``weasel`` = (ship, index) of the
    weasel whose second action this is ((-1, -1): in the play area): only that figure.

    "A player never has two captains at once": no captaincy while the seat has one."""
    hand = s.hands[seat]
    abilities = s.abilities
    captain_ok = captain_ship(s, seat) < 0
    out: list[Crew] = []
    if weasel is not None:
        wx, wi = weasel
        for x in range(3):
            if wx < 0 and "weasel" in s.home[seat]:
                paths = _paths(s.ships[x], -1, seat, abilities)
                _figure_options(x, 0, "weasel", hand[x], False, captain_ok, paths, out)
            elif wx == x and 0 <= wi < CAPTAIN:
                paths = _paths(s.ships[x], wi, seat, abilities)
                _figure_options(x, wi + 1, "weasel", hand[x], False, captain_ok, paths, out)
        return out
    homes = home_tribes(s, seat)
    for x in range(3):
        out += ship_options(s.ships[x], seat, x, hand[x], homes, captain_ok, abilities)
    return out


def crew_args(c: Crew) -> dict:
    kind, x, tribe, frm, to, _, _ = c
    if kind == "move":
        return {"ship": SHIPS[x], "tribe": tribe, "from": frm, "to": to}
    return {"ship": SHIPS[x], "tribe": tribe, "from": frm}


def _price(c: Crew) -> str:
    _, x, tribe, _, _, cost, payees = c
    if cost == 0:
        text = "free for the cockroach"
    else:
        text = f"{cost} {SHIPS[x]} card" + ("s" if cost > 1 else "")
    for o in dict.fromkeys(payees):
        k = payees.count(o)
        text += f"; {k} to {P(o)}'s raccoon" + ("s" if k > 1 else "")
    return text


def crew_label(c: Crew) -> str:
    kind, x, tribe, frm, to, _, _ = c
    ship = SHIPS[x]
    if kind == "move":
        if frm == 0:
            return f"Move your {tribe} onto the {ship} ship, space {to} ({_price(c)})"
        return f"Move your {tribe} on the {ship} ship from space {frm} to {to} ({_price(c)})"
    where = "from your play area" if frm == 0 else f"from space {frm}"
    return f"Make your {tribe} captain of the {ship} ship {where} ({_price(c)})"


def do_crew(s: State, seat: int, c: Crew, ev: Events) -> None:
    """Pay and move (the option was checked against the legal list)."""
    kind, x, tribe, frm, to, cost, payees = c
    hand = s.hands[seat]
    hand[x] -= cost + len(payees)
    s.discard[x] += cost
    if frm == 0:
        s.home[seat].remove(tribe)
    else:
        s.ships[x][frm - 1] = None
    s.ships[x][to - 1] = (seat, tribe)
    for o in payees:
        s.hands[o][x] += 1
    found = _CREW_EVENTS.get((seat, c))
    if found is None:
        found = keep(_CREW_EVENTS, _CREW_EVENTS_BOUND, (seat, c), _crew_events(seat, c))
    ev += found


#: the events of a move by the seat and the move (frozen events shared). Bound: random
#: play met 4,656 keys in 20,000 games, still slowly growing (about 800 bytes each)
_CREW_EVENTS: dict[tuple[int, Crew], tuple[Event, ...]] = {}
_CREW_EVENTS_BOUND = 10_000


def _crew_events(seat: int, c: Crew) -> tuple[Event, ...]:
    kind, x, tribe, frm, to, cost, payees = c
    ship = SHIPS[x]
    ev: Events = []
    paid = "for free (cockroach)" if cost == 0 else f"playing {card_word(x, cost)}"
    if kind == "move":
        start = "from the play area onto" if frm == 0 else f"from space {frm} to space {to} on"
        where = f"the {ship} ship" + (f", space {to}" if frm == 0 else "")
        pub(ev, "move", f"{P(seat)} moves a {tribe} {start} {where}, {paid}.",
            seat=seat, ship=ship, tribe=tribe, to=to)
    else:
        start = "from the play area" if frm == 0 else f"from space {frm}"
        pub(ev, "captain", f"{P(seat)}'s {tribe} becomes captain of the {ship} ship {start}, "
                           f"{paid}.", seat=seat, ship=ship, tribe=tribe)
    for o in payees:
        pub(ev, "raccoon", f"{P(seat)} moves over {P(o)}'s raccoon and gives {P(o)} "
                           f"{card_word(x)}.", seat=seat, to_seat=o, ship=ship)
    return tuple(ev)
