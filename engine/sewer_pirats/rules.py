"""The rules of Sewer Pirats: setup, whose move it is and the legal moves; what they do is
in ``play``.

Everything follows the rulebook (shared/rules/sewer-pirats.txt); where it is silent, the
decision is written in the docstring of the function that makes it and listed in
``decisions.DECISIONS`` (shown by ``/game rules``).

A turn is one action (rulebook "Round Sequence"): draw two cards, move a figure, become
captain, or set sail (compulsory with a captain). What an action sets off and asks of
somebody is a ``pending`` step: the seizures of a sailing, the hand-limit discard, a snail's
reveal, a weasel's second action. When none is left, the turn passes clockwise, or, once a
ship has run out of flotsam, the last sailings run and the game is scored.

The legal moves are lists of ``Move`` objects (Actions that carry their key, see
``actions.key_of``, and what ``apply`` needs to carry them out, their payload) made once
and shared (``opt``). Every cache here is bounded (``common.keep``): its bound, and why, is
written beside it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Action, Event

from . import auction, sailing
from .common import (
    Events,
    cards_left,
    keep,
    new_group,
    refill_row,
    shuffled,
)
from .data import (
    CAPTAIN,
    COCKROACH,
    CREW_SIZE,
    HAND_LIMIT,
    RACCOON,
    RAT,
    SHIPS,
    START_CARDS,
    TOAD,
    TRIBE_PLURAL,
    TRIBES,
    bonus_tokens,
    booty_tokens,
    card_word,
    token_name,
)
from .moves import (
    Crew,
    crew_args,
    crew_label,
    crew_options,
    figure_options,
)
from .state import (
    AUCTION,
    AUCTION_VARIANT,
    LANDLUBBER,
    OVER,
    PLAY,
    STANDARD,
    TRIBE,
    State,
)

DECK = "deck"


@dataclass(frozen=True, eq=False)
class Move(Action):
    """A legal move as the rules list it: an ``Action`` (equal to any Action of the same
    kind and arguments, whatever its label or class) that also carries its ``key`` (see
    ``actions.key_of``) and its ``payload``, what ``play.apply`` needs to carry it out.

    The move carries them itself, so nothing is looked up by the identity of an object (a
    table by ``id()`` must keep every Action alive for ever, or a new one could take a
    dropped one's id), and any cache of moves may be emptied at any time: a move someone
    still holds keeps working."""

    key: tuple = field(default=(), repr=False)
    payload: Any = field(default=None, repr=False)


Option = Move

#: options that depend only on their own description, built once (random play and the AI
#: ask for the legal moves hundreds of thousands of times). Bound: random play of every
#: variant met 3,730 keys in 20,000 games (about 120 bytes each, the moves aside)
_CACHE: dict[Any, Any] = {}
_CACHE_BOUND = 10_000
#: one figure's moves on a ship (see ``_figure_moves``), by ship, place, tribe, abilities,
#: the spaces ahead and whether the captain's space is free. Bound: the keys that exist, so
#: it is never emptied: 3 ships x 6 tribes x 2 x 2 x the spaces ahead as ``_SEES`` shows
#: them (7 ways each: 343 + 49 + 7 + 1 from the play area and spaces 1-3) = 28,800; random
#: play met 10,908 in one run of bench/bench_sewer_pirats.py (about 750 bytes each)
_FIGURE_CACHE: dict[tuple, list[Any]] = {}
_FIGURE_CACHE_BOUND = 28_800


def opt(key: tuple, kind: str, args: dict[str, Any], label: str, payload: Any) -> Option:
    """The move, made once per key, label and payload (kept in ``_ONCE``)."""
    found = _ONCE.get((key, label, payload))
    if found is None:
        found = keep(_ONCE, _ONCE_BOUND, (key, label, payload),
                     Move(kind, args, label, key, payload))
    return found


#: every move made, by key, label and payload: the labels depend only on the move and on
#: what the booty, the bids and a toad's outcome show. Bound: random play met 3,560 keys in
#: 20,000 games (under 1 KB each with its move: at most 10 MB)
_ONCE: dict[tuple, Move] = {}
_ONCE_BOUND = 10_000


# -- setup ------------------------------------------------------------------------------------


def setup(n: int, variant: str, seed: str) -> tuple[State, list[Event]]:
    """A new game (rulebook "Setup"). Decisions: the first player is the first seat (the
    longest "ARrrrhhh!" is produced at the table; seat its winner first); player colours
    follow the seats (red, green, yellow, blue, black)."""
    s = State(seed=seed, n=n, variant=variant)
    ev: Events = []
    s.pool = shuffled(s, booty_tokens())
    s.pool_bonus = shuffled(s, bonus_tokens())
    s.ships = [[None] * 4 for _ in SHIPS]
    s.groups = [[g for _ in range(2) if (g := new_group(s)) is not None] for _ in SHIPS]
    s.deck = shuffled(s, [c for c in range(3) for _ in range(18)])
    s.hands = [[0, 0, 0] for _ in range(n)]
    s.treasure = [[] for _ in range(n)]
    s.tribes = [[] for _ in range(n)]
    s.home = [[] for _ in range(n)]
    if variant == AUCTION_VARIANT:
        s.phase = AUCTION
        auction.setup(s, ev)
        return s, ev
    refill_row(s, ev)
    for k in range(n):
        seat = (s.first + k) % n
        for _ in range(START_CARDS[0] if k < 2 else START_CARDS[1]):
            s.hands[seat][s.deck.pop()] += 1
    if variant == STANDARD:
        drawn = shuffled(s, list(TRIBES))[:CREW_SIZE]
        s.crew = [t for t in TRIBES if t in drawn]
        s.tribes = [s.crew[:] for _ in range(n)]
        s.home = [s.crew[:] for _ in range(n)]
        s.phase = PLAY
    else:
        s.phase = TRIBE
    return s, ev


# -- whose move ----------------------------------------------------------------------------


def pending_seat(s: State) -> int:
    p = s.pending
    assert p is not None
    if p["kind"] == "sail":
        return int(p["line"][0][0])
    return int(p["seat"])


def waiting(s: State) -> int:
    """The one seat the game waits for (-1 once it is over): moves are never
    simultaneous in Sewer Pirats."""
    if s.phase == OVER:
        return -1
    if s.phase == AUCTION:
        assert s.auction is not None
        return int(s.auction["to"])
    if s.pending is not None:
        return pending_seat(s)
    return s.turn


_ONE = [frozenset((k,)) for k in range(5)]


_NOBODY: frozenset[int] = frozenset()


def to_act(s: State) -> frozenset[int]:
    if s.phase == PLAY:  # the common cases first: a turn, a sailing, a discard
        p = s.pending
        if p is None:
            return _ONE[s.turn]
        return _ONE[p["line"][0][0] if p["kind"] == "sail" else p["seat"]]
    seat = waiting(s)
    return _NOBODY if seat < 0 else _ONE[seat]


def next_up(s: State) -> int | None:
    """Whose turn comes after the one under way: "players take turns performing actions in
    clockwise order" (and choose their tribe in turn in the landlubber variant). None while
    a step inside a turn is pending (a sailing's seizures, a discard), once the last
    sailings have begun (the game is ending), and in the auction variant's auctions, whose
    bidders drop out as they pass."""
    if s.phase == TRIBE or (s.phase == PLAY and s.pending is None and not s.final
                            and not s.ending):
        return (s.turn + 1) % s.n
    return None


# -- the legal moves -------------------------------------------------------------------------


def _draw_options(s: State) -> list[Option]:
    """Action A: two cards "in any order and combination" from the deck and the face-up
    row; the row is refilled after both. Decision: with a single card left anywhere, the
    player draws that one."""
    d = s.discard
    deck = len(s.deck) + d[0] + d[1] + d[2]
    by_row = _DRAWS[deck if deck < 2 else 2]
    row = tuple(s.row)
    found = by_row.get(row)
    if found is None:
        # what the combinations depend on: whether each source holds none, one, or more
        a, b, c = row.count(0), row.count(1), row.count(2)
        found = keep(by_row, _DRAWS_BOUND, row, _draw_combos(
            deck if deck < 2 else 2, a if a < 2 else 2, b if b < 2 else 2, c if c < 2 else 2))
    return found


def _draw_combos(deck: int, *row: int) -> list[Option]:
    sources = [(DECK, deck)] + [(SHIPS[c], row[c]) for c in range(3)]
    total = deck + sum(row)
    out: list[Option] = []
    if total == 0:
        return out
    if total == 1:
        for name, k in sources:
            if k:
                out.append(_draw_option((name,)))
        return out
    for i, (a, ka) in enumerate(sources):
        for b, kb in sources[i:]:
            if (a == b and ka >= 2) or (a != b and ka and kb):
                out.append(_draw_option((a, b)))
    return out


def _source_words(name: str) -> str:
    return "one from the deck" if name == DECK else f"the face-up {name}"


def _draw_option(take: tuple[str, ...]) -> Option:
    found = _CACHE.get(take)
    if found is None:
        found = keep(_CACHE, _CACHE_BOUND, take, _make_draw_option(take))
    return found


def _make_draw_option(take: tuple[str, ...]) -> Option:
    if take == (DECK, DECK):
        label = "Draw two cards from the deck"
    elif len(take) == 2 and take[0] == take[1]:
        label = f"Draw two face-up {take[0]} cards"
    elif len(take) == 2:
        label = f"Draw {_source_words(take[0])} and {_source_words(take[1])}"
    else:
        label = f"Draw {_source_words(take[0])} (the last card left)"
    faces = tuple(SHIPS.index(src) for src in take if src != DECK)
    k = len(take) - len(faces)
    words = [f"the face-up {SHIPS[c]}" for c in faces]
    if k:
        words.append("two from the deck" if k == 2 else "one from the deck")
    payload = ("draw", take, faces, k, " and ".join(words))
    return opt(("draw", take), "draw", {"take": list(take)}, label, payload)


def _crew_option(c: Crew, follow: bool) -> Option:
    found = _CACHE.get((c, follow))
    if found is None:
        args = crew_args(c)
        key = (c[0], *args.values())
        found = keep(_CACHE, _CACHE_BOUND, (c, follow),
                     opt(key, c[0], args, crew_label(c), ("crew", c, follow)))
    return found


#: the starting bids for a figure by its stool and tribe, from the minimum up. Bound: the
#: keys that exist (at most 20 stools, 6 tribes: 120; random play met 59)
_STARTS: dict[tuple[int, str], list[Option]] = {}
_STARTS_BOUND = 200


def _start_option(i: int, tribe: str, b: int) -> Option:
    key = ("start_bid", i, tribe, b)
    found = _CACHE.get(key)
    if found is None:
        k, kind, args, label = auction.start_option(i, tribe, b)
        found = keep(_CACHE, _CACHE_BOUND, key, opt(k, kind, args, label, k))
    return found


def _sail_option(x: int, follow: bool) -> Option:
    found = _CACHE.get(("sail", x, follow))
    if found is None:
        ship = SHIPS[x]
        label = f"Set sail with the {ship} ship"
        found = keep(_CACHE, _CACHE_BOUND, ("sail", x, follow),
                     opt(("sail", ship), "sail", {"ship": ship}, label, ("sail", x, follow)))
    return found


#: the distinct tribes of a play area, by its figures as they lie (``home_tribes``).
#: Bound: random play met 1,555 keys in 20,000 games, and no more after 3,000
_HOMES: dict[tuple[str, ...], tuple[str, ...]] = {}
_HOMES_BOUND = 5_000
#: the draws, by the cards in the deck and discard pile (0, 1, 2 or more) and the row.
#: Bound, per dict: the rows that exist (up to 4 cards of 3 symbols: 121)
_DRAWS: tuple[dict[tuple[int, ...], list[Option]], ...] = ({}, {}, {})
_DRAWS_BOUND = 121
#: how a seat sees a crew space, by whether abilities apply, the seat and the figure there
#: (None: empty): (what a figure moving past it must know: None if empty, the owner of an
#: opponent's raccoon that is paid when moved over, else -1; the tribe if the figure is
#: the seat's own, else None; whether it is)
_SEES: dict[bool, list[dict[Any, tuple[Any, Any, bool]]]] = {
    abilities: [{None: (None, None, False), **{
        (owner, tribe): (-1, tribe, True) if owner == seat
        else (owner, None, False) if abilities and tribe == RACCOON
        else (-1, None, False)
        for owner in range(5) for tribe in TRIBES}} for seat in range(5)]
    for abilities in (False, True)}
#: a card costs at most 6 on one ship: captain from the play area (3) past three raccoons
_MOST_CARDS = 6
#: a turn's sailing, the only move of a seat with a captain, by ship
_SAIL_ONLY: list[list[Option]] = [[_sail_option(x, False)] for x in range(3)]


def _turn_options(s: State, seat: int) -> list[Option]:
    """Rulebook "Set Sail": a player with a captain "must perform the Set Sail action".
    Decision: a player who can do nothing at all (no card to draw, none to play, no
    captain) passes his turn."""
    sp0, sp1, sp2 = ships = s.ships
    f = sp0[CAPTAIN]
    if f is not None and f[0] == seat:
        return _SAIL_ONLY[0]
    f = sp1[CAPTAIN]
    if f is not None and f[0] == seat:
        return _SAIL_ONLY[1]
    f = sp2[CAPTAIN]
    if f is not None and f[0] == seat:
        return _SAIL_ONLY[2]
    try:
        out = [*_DRAWS[2 if len(s.deck) > 1 else min(2, cards_left(s))][tuple(s.row)]]
    except KeyError:
        out = [*_draw_options(s)]
    _crew_moves(s, seat, ships, out)
    if not out:
        out = [opt(("idle",), "idle", {}, "Pass your turn: you can do nothing", ("idle",))]
    return out


def _crew_moves(s: State, seat: int, ships: list, out: list[Option]) -> None:
    """Actions B and C of a turn, added to ``out``.

    The moves come per ship and figure from caches (``_figure_moves``): the tribes in the
    play area boarding a ship, and each of the seat's figures aboard; they depend only on
    the spaces ahead of the figure as ``_SEES`` shows them. Written for speed (random play
    and the AI ask for a turn's moves hundreds of thousands of times): the three captain's
    spaces are checked one by one and the caches read by subscript, because a loop and
    method calls cost more than the checks themselves. (A cache of how a seat sees a
    ship's three figures at once saved a lookup or two but kept meeting new keys, tens a
    game, each dearer than what it saved.)"""
    home = s.home[seat]
    try:
        homes = _HOMES[tuple(home)]
    except KeyError:
        homes = keep(_HOMES, _HOMES_BOUND, tuple(home), tuple(t for t in TRIBES if t in home))
    hand = s.hands[seat]
    abilities = s.variant != LANDLUBBER
    roach = abilities and COCKROACH in s.tribes[seat]
    view = _SEES[abilities][seat]
    boarding = _BOARDING[abilities]
    for y in (0, 1, 2):
        have = hand[y]
        if not have and not roach:
            continue  # every move on this ship costs a card
        if have > _MOST_CARDS:
            have = _MOST_CARDS
        sp = ships[y]
        free = sp[CAPTAIN] is None
        a, b, c = view[sp[0]], view[sp[1]], view[sp[2]]
        if homes:
            key = (y, a[0], b[0], c[0], free, have, homes)
            try:
                out += boarding[key]
            except KeyError:
                out += keep(boarding, _BOARDING_BOUND, key, [
                    o for tribe in homes for o in _figure_moves(
                        y, -1, tribe, abilities, (a[0], b[0], c[0]), free, have, sp, seat)])
        if a[2]:
            key = (y, 0, a[1], (b[0], c[0]), free, have, abilities)
            try:
                out += _ABOARD[key]
            except KeyError:
                out += _aboard(key, sp, seat)
        if b[2]:
            key = (y, 1, b[1], (c[0],), free, have, abilities)
            try:
                out += _ABOARD[key]
            except KeyError:
                out += _aboard(key, sp, seat)
        if c[2]:
            key = (y, 2, c[1], (), free, have, abilities)
            try:
                out += _ABOARD[key]
            except KeyError:
                out += _aboard(key, sp, seat)


#: the moves by what they depend on (see ``_figure_moves``) with the cards held of the
#: ship's symbol (at most 6 count), in flat keys looked up once a turn per ship and figure:
#: boarding a ship by whether abilities apply (index), the ship, the spaces ahead as
#: ``_SEES`` shows them, whether the captain's space is free, cards and the tribes in the
#: play area; a figure aboard by ship, space, tribe, the spaces ahead, the same and
#: abilities. Bounds: ``_BOARDING`` with abilities meets the most keys (over 100,000 in one
#: run of bench/bench_sewer_pirats.py, most of them in the auction variant; the one without
#: abilities under 2,000): a bound of 40,000 emptied it 17 times in that run and cost a few
#: per cent of the auction's speed, so each dict keeps up to 200,000 (about 220 bytes each:
#: 44 MB); ``_ABOARD`` holds at most the keys that exist (57 ways to see the spaces ahead
#: from spaces 1-3 x 3 ships x 6 tribes x 2 x 7 card counts x 2 = 28,728; about 180 bytes
#: each), so it is never emptied
_BOARDING: tuple[dict[tuple, list[Option]], dict[tuple, list[Option]]] = ({}, {})
_BOARDING_BOUND = 200_000
_ABOARD: dict[tuple, list[Option]] = {}
_ABOARD_BOUND = 28_728


def _aboard(key: tuple, sp: list, seat: int) -> list[Option]:
    """The moves of a seat's figure aboard by its ``_ABOARD`` key (ship, index, tribe, the
    spaces ahead, captain's space free, cards, abilities), kept there."""
    y, p, tribe, ahead, free, have, abilities = key
    return keep(_ABOARD, _ABOARD_BOUND, key,
                _figure_moves(y, p, tribe, abilities, ahead, free, have, sp, seat))


def _figure_moves(
    y: int, p: int, tribe: str, abilities: bool, ahead: tuple, free: bool, have: int,
    sp: list, seat: int,
) -> list[Option]:
    """One figure's moves on ship ``y`` affordable with ``have`` cards of its symbol,
    cached by its tribe, its index ``p`` (-1: the play area), the spaces ahead of it as
    ``_SEES`` shows them to boarding figures, and whether the captain's space is free. An
    entry holds the moves with the cards each costs, last, and before them the moves
    affordable with 0, 1, ... 6 cards (no move costs more), each listed when first asked
    for."""
    key = (y, p, tribe, abilities, ahead, free)
    found = _FIGURE_CACHE.get(key)
    if found is None:
        found = keep(_FIGURE_CACHE, _FIGURE_CACHE_BOUND, key, [None] * (_MOST_CARDS + 1) + [[
            (m[5] + len(m[6]), _crew_option(m, False))
            for m in figure_options(sp, seat, y, p, tribe, _MOST_CARDS, True, abilities)]])
    moves = found[have]
    if moves is None:
        moves = found[have] = [o for need, o in found[-1] if need <= have]
    return moves


def weasel_options(s: State, seat: int) -> list[Option]:
    """A weasel's second action (rulebook p. 7): a move, a captaincy or a sailing with the
    same weasel. Decision: the second action grants no third ("Perform two actions"); no
    ship sails once the game has ended."""
    p = s.pending
    assert p is not None
    x, i = p["ship"], p["space"]
    out = [_crew_option(c, True) for c in crew_options(s, seat, weasel=(x, i))]
    if x >= 0 and i == CAPTAIN and not s.ending:
        out.append(_sail_option(x, True))
    return out


def _sail_options(s: State) -> list[Option]:
    """The current seizer's choices (``sailing.options``): the seizures and a rat's
    leaving come from a cache by the booty left, a toad's staying is labelled afresh."""
    p = s.pending
    assert p is not None
    _, tribe, space = p["line"][0]
    took = p["took"]
    extra = None
    if s.variant != LANDLUBBER:  # ``s.abilities`` without the property's call
        if tribe == TOAD and space != CAPTAIN and took == 0:
            extra = sailing.STAY
        elif tribe == RAT and took == 1:
            extra = sailing.LEAVE
    key = (tuple(p["booty"]), took, extra == sailing.LEAVE)
    found = _SEIZES.get(key)
    if found is None:
        second = " as your rat's second token" if took else ""
        found = []
        for kind, token in sailing.options(s):
            if kind == sailing.SEIZE:
                found.append(opt(("seize", token), "seize", {"token": token},
                                 f"Seize {token_name(str(token))}{second}", ("seize", token)))
            elif kind == sailing.LEAVE:
                found.append(opt(("leave",), "leave", {}, "Take no second token with your rat",
                                 ("leave",)))
        keep(_SEIZES, _SEIZES_BOUND, key, found)
    if extra == sailing.STAY:
        return [*found, opt(("stay",), "stay", {}, f"Keep your toad aboard: "
                            f"{sailing.stay_outcome(s)}", ("stay",))]
    return found


#: the seizures of a sailing by the booty left, the tokens the seizer took and whether he
#: may leave a second one. Bound: random play met 4,017 keys in 20,000 games, and no more
#: after 10,000 (about 400 bytes each)
_SEIZES: dict[tuple, list[Option]] = {}
_SEIZES_BOUND = 10_000


def options(s: State, seat: int) -> list[Option]:
    """Every move ``seat`` may make now (empty for a seat the game is not waiting for).
    Remembered until the next move is applied (``State.memo``)."""
    memo = s.memo
    if memo is not None and memo[0] == s.moves and memo[1] == seat:
        return memo[2]
    if s.phase == PLAY:  # the common cases first: a turn, a sailing, a discard
        p = s.pending
        if p is None:
            out = _turn_options(s, seat) if seat == s.turn else []
        elif seat != (p["line"][0][0] if p["kind"] == "sail" else p["seat"]):
            out = []
        else:
            out = _pending_options(s, seat, p)
    else:
        out = _options(s, seat)
    s.memo = (s.moves, seat, out)
    return out


def _options(s: State, seat: int) -> list[Option]:
    if seat != waiting(s):
        return []
    if s.phase == TRIBE:
        taken = {t[0] for t in s.tribes if t}
        return [opt(("tribe", t), "tribe", {"tribe": t}, f"Lead the {TRIBE_PLURAL[t]}",
                 ("tribe", t)) for t in TRIBES if t not in taken]
    if s.phase == AUCTION:
        key = auction.situation(s, seat)
        if key[0] == "start":  # the bar changes with every lot: its stools are cached alone
            have = key[2]
            out: list[Option] = []
            for i, tribe in enumerate(key[1]):
                if i > have:
                    break
                bids = _STARTS.get((i, tribe))
                if bids is None or len(bids) < have - i + 1:
                    bids = keep(_STARTS, _STARTS_BOUND, (i, tribe), [
                        _start_option(i, tribe, b) for b in range(i, max(have, i + 8) + 1)])
                out += bids[:have - i + 1]
            return out
        found = _CACHE.get(key)
        if found is None:
            found = keep(_CACHE, _CACHE_BOUND, key, [
                opt(k, kind, args, label, k) for k, kind, args, label in auction.options(key)])
        return found
    p = s.pending
    if p is None:
        return _turn_options(s, seat)
    return _pending_options(s, seat, p)


def _pending_options(s: State, seat: int, p: dict[str, Any]) -> list[Option]:
    """The moves of the seat the pending step ``p`` waits for."""
    kind = p["kind"]
    if kind == "sail":
        return _sail_options(s)
    if kind == "discard":
        h = s.hands[seat]
        key = ("discard", h[0] + h[1] + h[2] - HAND_LIMIT, h[0] > 0, h[1] > 0, h[2] > 0)
        found = _CACHE.get(key)
        if found is None:
            found = keep(_CACHE, _CACHE_BOUND, key, _discard_options(key[1], key[2:]))
        return found
    if kind == "snail":
        ship = SHIPS[p["ship"]]
        return [
            opt(("reveal",), "reveal", {}, f"Reveal the top card: on a {ship}, your snail "
             "moves one more space", ("reveal",)),
            opt(("no_reveal",), "no_reveal", {}, "Leave the deck alone (the snail stays)",
             ("no_reveal",)),
        ]
    # a weasel's second action
    return [*weasel_options(s, seat),
            opt(("end",), "end", {}, "End your turn without a second weasel action", ("end",))]


def _discard_options(over: int, held: tuple[bool, ...]) -> list[Option]:
    return [opt(("discard", SHIPS[c]), "discard", {"card": SHIPS[c]},
                f"Discard {card_word(c)} ({over} over the limit of {HAND_LIMIT})",
                ("discard", c)) for c in range(3) if held[c]]
