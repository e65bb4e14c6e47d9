"""Action D, "Set Sail" (rulebook p. 5), with the rat's and the toad's abilities (p. 6), and
the end of the game ("Winning the Game", p. 5).

A sailing is the pending step ``{"kind": "sail", ...}``: the seizers in order (the captain,
then the figures nearest the bow), the booty still in the group, what the current seizer
took. A seizer with a real choice is waited for; one with a single possible token takes it
at once. A sailing led by a weasel captain as a first action ends by naming its owner, who
may take a second action with it (``start_sail``, ``step`` and ``finish`` return that seat;
``play`` offers the action: the legal moves are listed there, not here).
"""

from __future__ import annotations

from engine.core import Event

from .common import (
    Events,
    P,
    captain_ship,
    keep,
    new_group,
    pub,
    pub_shared,
    ship_name,
    sort_tokens,
)
from .data import CAPTAIN, RAT, SHIPS, TOAD, space_name, token_name
from .state import LANDLUBBER, State

SEIZE, STAY, LEAVE = "seize", "stay", "leave"


def start_sail(s: State, x: int, chain: bool, ev: Events) -> int | None:
    """Ship ``x`` sets sail: its captain takes the bonus token at once; the seizures follow.

    ``chain``: the sailing is an action that may be a weasel's first (a turn's action, or a
    last sailing: "After the game ends ... weasels may still use their special ability").
    Returns what ``step`` returns."""
    sp = s.ships[x]
    group = s.groups[x].pop(0)
    captain = sp[CAPTAIN]
    seat, tribe = captain
    line = [[seat, tribe, CAPTAIN]]
    line += [[f[0], f[1], i] for i in (2, 1, 0) if (f := sp[i]) is not None]
    s.treasure[seat].append(group[3])
    bonus = group[3]
    pub_shared(ev, ("sail", x, seat, tribe), lambda: Event(
        "sail", f"The {SHIPS[x]} ship sets sail under {P(seat)}'s {tribe} captain.", None,
        {"ship": SHIPS[x], "seat": seat}))
    pub_shared(ev, ("bonus", seat, bonus), lambda: Event(
        "seize", f"{P(seat)}'s captain seizes the {token_name(bonus)} bonus token.", None,
        {"seat": seat, "token": bonus}))
    s.pending = {
        "kind": "sail",
        "ship": x,
        "booty": list(group[:3]),
        "line": line,
        "took": 0,
        "seized": [],
        "chain": chain and s.abilities and tribe == "weasel",
        "captain": seat,
    }
    return step(s, ev)


def options(s: State) -> list[tuple[str, str | None]]:
    """The current seizer's choices: ("seize", token) per distinct token, ("stay", None)
    for a toad that may remain aboard, ("leave", None) for a rat's optional second token."""
    p = s.pending
    assert p is not None and p["kind"] == "sail"
    seat, tribe, space = p["line"][0]
    out: list[tuple[str, str | None]] = [(SEIZE, t) for t in dict.fromkeys(sort_tokens(p["booty"]))]
    if s.abilities:
        if tribe == TOAD and space != CAPTAIN and p["took"] == 0:
            out.append((STAY, None))
        elif tribe == RAT and p["took"] == 1:
            out.append((LEAVE, None))
    return out


def seizer(s: State) -> int | None:
    p = s.pending
    if p is None or p["kind"] != "sail" or not p["line"]:
        return None
    return int(p["line"][0][0])


def step(s: State, ev: Events) -> int | None:
    """Run the seizures until a seizer must choose; finish the sailing when all are done.
    Returns what ``finish`` returns (None while a seizer is waited for)."""
    p = s.pending
    assert p is not None
    line, booty = p["line"], p["booty"]
    abilities = s.variant != LANDLUBBER  # ``s.abilities`` without the property's call
    while line:
        if not booty:
            line.pop(0)
            continue
        # a single choice (see ``options``): one kind of token left, and no toad that may
        # stay aboard nor rat that may leave its second token
        _, tribe, space = line[0]
        if (booty.count(booty[0]) == len(booty) and not (abilities and (
                (tribe == TOAD and space != CAPTAIN and p["took"] == 0)
                or (tribe == RAT and p["took"] == 1)))):
            seize(s, booty[0], ev)
            continue
        return None
    return finish(s, ev)


def seize(s: State, token: str, ev: Events) -> None:
    """The current seizer takes ``token``. Rulebook p. 6, rats: "may seize two square booty
    tokens instead of one" -- after the first, the rat's owner may take a second or leave."""
    p = s.pending
    assert p is not None
    seat, tribe, space = p["line"][0]
    p["booty"].remove(token)
    s.treasure[seat].append(token)
    p["took"] += 1
    if space not in p["seized"]:
        p["seized"].append(space)

    key = (seat, tribe, space, token)
    found = _SEIZED.get(key)  # looked up here rather than by ``pub_shared``: no closure
    if found is None:
        who = "captain" if space == CAPTAIN else f"{tribe} on space {space + 1}"
        found = keep(_SEIZED, _SEIZED_BOUND, key, Event(
            "seize", f"{P(seat)}'s {who} seizes {token_name(token)}.", None,
            {"seat": seat, "token": token}))
    ev.append(found)
    if tribe == RAT and s.variant != LANDLUBBER and p["took"] == 1 and p["booty"]:
        return
    p["line"].pop(0)
    p["took"] = 0


#: the seizures' events by seat, tribe, space and token (an Event is frozen, one object
#: serves every game). Bound: the keys that exist (5 seats, 6 tribes, 4 spaces, 32
#: distinct tokens: 3,840; random play met 3,240 in 20,000 games)
_SEIZED: dict[tuple[int, str, int, str], Event] = {}
_SEIZED_BOUND = 4_000


def stay(s: State, ev: Events) -> None:
    p = s.pending
    assert p is not None
    seat, tribe, space = p["line"].pop(0)
    p["took"] = 0
    pub(ev, "stay", f"{P(seat)}'s toad on space {space + 1} seizes nothing and remains aboard.",
        seat=seat)


def leave(s: State, ev: Events) -> None:
    p = s.pending
    assert p is not None
    seat, _, _ = p["line"].pop(0)
    p["took"] = 0
    pub(ev, "leave", f"{P(seat)}'s rat takes only one token.", seat=seat)


def settle(s: State, x: int, seized: list[int]) -> tuple[list, dict[int, int]]:
    """Ship ``x``'s spaces once a sailing is over: the captain and every figure that
    seized have left; each other figure, nearest the bow first, moves "one space towards
    the bow" -- to the next free space, moving over occupied ones as in "Move a Figure"
    (the rulebook's toad example: a toad on space 2 passes the toad that stays on space 3
    and becomes captain). Decision: a figure whose next free space is the captain's, when
    its owner already has a captain elsewhere, stays where it is.

    Returns the spaces and the moves made (index from -> index to)."""
    sp = list(s.ships[x])
    moved: dict[int, int] = {}
    sp[CAPTAIN] = None
    for i in seized:
        sp[i] = None
    for i in (2, 1, 0):
        f = sp[i]
        if f is None:
            continue
        t = i + 1
        while t < CAPTAIN and sp[t] is not None:
            t += 1
        if sp[t] is not None:
            continue
        if t == CAPTAIN and captain_ship_after(s, f[0], x) >= 0:
            continue
        sp[t], sp[i] = f, None
        moved[i] = t
    return sp, moved


def stay_outcome(s: State) -> str:
    """Where the current seizer (a toad) ends up if it remains aboard, for its label: the
    figures nearer the bow have all been decided by then, and those behind it do not
    change where it goes."""
    p = s.pending
    assert p is not None
    space = p["line"][0][2]
    _, moved = settle(s, p["ship"], p["seized"])
    t = moved.get(space)
    if t == CAPTAIN:
        return "it becomes captain"
    if t is not None:
        return f"it moves up to {space_name(t)}"
    if space == 2:
        return "it stays on space 3: you already have a captain"
    return f"it stays on {space_name(space)}"


def captain_ship_after(s: State, seat: int, x: int) -> int:
    """The seat's captain once ship ``x``'s captain has left it."""
    found = captain_ship(s, seat)
    return -1 if found == x else found


def finish(s: State, ev: Events) -> int | None:
    """After the seizures: every figure that seized goes home, the others move one space
    towards the bow (see ``settle``); leftover booty goes to the box;
    the second group moves up and a new one is laid out. A ship left without flotsam ends the
    game: every other ship with a captain sets sail a last time.

    Returns the seat whose weasel captain sailed as a first action (``chain``), which may
    now take a second action with it, else None."""
    p = s.pending
    assert p is not None
    x = p["ship"]
    sp = s.ships[x]
    after, moved = settle(s, x, p["seized"])
    for i in sorted({CAPTAIN, *p["seized"]}):
        f = sp[i]
        if f is not None:
            s.home[f[0]].append(f[1])
    for i, t in moved.items():
        _move_up(ev, sp[i], x, t)
    s.ships[x] = after
    if p["booty"]:
        s.box.extend(p["booty"])
        ev.append(_BOXED[len(p["booty"])])
    group = new_group(s)
    if group is not None:
        s.groups[x].append(group)
    s.sailings += 1
    s.pending = None
    if not s.groups[x] and not s.ending:
        _game_ends(s, x, ev)
    return int(p["captain"]) if p["chain"] else None


#: "... booty token(s) nobody seized go back to the box", by their number (1-3): an Event
#: is frozen, one object serves every game
_BOXED: tuple[Event, ...] = tuple(
    Event("box", f"{k} booty token(s) nobody seized go back to the box.", None, {})
    for k in range(4))
#: the events of figures moving up after a sailing, by figure, ship and space, looked up
#: directly rather than through ``pub_shared``: no closure to make. Bound: the keys that
#: exist (5 seats, 6 tribes, 3 ships, 4 spaces: 360; random play met 195)
_MOVED_UP: dict[tuple[tuple[int, str], int, int], Event] = {}
_MOVED_UP_BOUND = 400


def _move_up(ev: Events, f: tuple[int, str], x: int, t: int) -> None:
    key = (f, x, t)
    found = _MOVED_UP.get(key)
    if found is None:
        where = "becomes captain" if t == CAPTAIN else f"moves up to space {t + 1}"
        found = keep(_MOVED_UP, _MOVED_UP_BOUND, key, Event(
            "move_up", f"{P(f[0])}'s {f[1]} stays aboard the {SHIPS[x]} ship and {where}.",
            None, {"seat": f[0]}))
    ev.append(found)


def _game_ends(s: State, x: int, ev: Events) -> None:
    """Rulebook "Winning the Game": "The game ends when any one ship does not have flotsam
    piles in front of its bow. All other ships with a captain aboard immediately set sail
    for the final time." Decision: they sail in clockwise order of their captains' owners,
    from the left of the player who ended the game; the list is fixed at that moment."""
    s.ending = True
    s.ender = s.turn
    order: list[int] = []
    for k in range(1, s.n + 1):
        seat = (s.ender + k) % s.n
        y = captain_ship(s, seat)
        if y >= 0 and y != x:
            order.append(y)
    s.final = order
    text = f"{ship_name(x).capitalize()} has no flotsam left: the game ends."
    if order:
        names = [ship_name(y) for y in order]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        text += f" {listed[0].upper()}{listed[1:]} " + ("sets" if len(order) == 1 else "set") \
            + " sail a last time."
    pub(ev, "end", text)
