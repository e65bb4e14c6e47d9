"""What follows from the pieces on the board: places to build, the open ends of lines of
ships, piece counts, harbour ratios, victory points of buildings (longest_route.py
measures the routes, ships.py says which ships may move, victory.py adds up the points).

The move lists need these after every move, while the pieces change only now and then, so
:func:`facts` keeps them in a :class:`Facts` cached on the state and rebuilt when the
pieces differ from those it was built from (routes, buildings and the pirate are compared
slot by slot, so pieces put straight on the board, as tests do, are seen too). Pieces are
replaced in their slot, never changed inside it (``s.buildings[c] = [seat, 2]``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .board import RESOURCES, Board
from .scenario_rules import rules_of
from .scenarios import scenario
from .state import State

#: the piece kinds in the order of Facts.counts
KINDS = ("settlement", "city", "road", "ship")
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


def hex_info(s: State) -> tuple[list[bool], list[Any]]:
    """Per hex of the layout: may start settlements touch it; the island marked
    ``bonus_island`` in the data (None: none)."""
    return _hex_info(s.layout)


@lru_cache(maxsize=16)
def _hex_info(sid: str) -> tuple[list[bool], list[Any]]:
    sc = scenario(sid)
    return [bool(h.get("starting_area")) for h in sc.hexes], [
        h.get("bonus_island") for h in sc.hexes
    ]


def other_end(b: Board, e: int, c: int) -> int:
    a, d = b.edges[e]
    return d if a == c else a


def distance_ok(s: State, b: Board, c: int) -> bool:
    """The distance rule: no building on this corner nor on a neighbouring one."""
    if s.buildings[c] is not None:
        return False
    return all(s.buildings[x] is None for x in b.corner_neighbours[c])


def distance_closed(s: State, b: Board) -> set[int]:
    """The corners the distance rule closes, all at once: each building's corner and its
    neighbours (``distance_ok`` is False exactly there)."""
    near = b.corner_neighbours
    closed: set[int] = set()
    for c, bl in enumerate(s.buildings):
        if bl is not None:
            closed.add(c)
            closed.update(near[c])
    return closed


def route_ok(s: State, b: Board, seat: int, e: int, kind: str, ignore: int | None = None) -> bool:
    """May ``seat`` put a road/ship on edge ``e``? A road joins own buildings or roads, a
    ship own buildings or ships; never through an opponent's building (seafarers.txt 1)."""
    if s.routes[e] is not None:
        return False
    if kind == "road":
        if not b.edge_land[e]:
            return False
    else:
        if not b.edge_sea[e]:
            return False
        if s.pirate is not None and s.pirate in b.edge_hexes[e]:
            return False
    for c in b.edges[e]:
        bl = s.buildings[c]
        if bl is not None:
            if bl[0] == seat:
                return True
            continue
        for f in b.corner_edges[c]:
            if f == e or f == ignore:
                continue
            r = s.routes[f]
            if r is not None and r[0] == seat and r[1] == kind:
                return True
    return False


def settle_ok(s: State, b: Board, seat: int, c: int) -> bool:
    if not b.corner_land[c] or not distance_ok(s, b, c):
        return False
    for e in b.corner_edges[c]:
        r = s.routes[e]
        if r is not None and r[0] == seat:
            return True
    return False


class SeatFacts:
    """One seat's places on the current pieces, each worked out when first asked for (the
    move lists ask only for what the seat's hand can pay). Pass the state the Facts were
    just checked against (``facts(s)``)."""

    __slots__ = ("seat", "buildings", "routes", "_joins", "_roads", "_ships", "_spots",
                 "_ratios", "_lowest", "_open", "targets", "memo")

    def __init__(self, seat: int, buildings: list[tuple[int, int]] | None = None,
                 routes: list[tuple[int, str]] | None = None) -> None:
        self.seat = seat
        # both in the order of corners / edges; never changed once the Facts are built
        self.buildings: list[tuple[int, int]] = [] if buildings is None else buildings
        self.routes: list[tuple[int, str]] = [] if routes is None else routes
        self._joins: dict[int, set[int]] = {}
        self._roads: list[int] | None = None
        self._ships: list[int] | None = None
        self._spots: list[int] | None = None
        self._ratios: list[int] | None = None
        self._lowest = 0  # the lowest of the ratios (0: not worked out)
        self._open: list[int] | None = None
        self.targets: dict[int, list[int]] = {}
        #: move lists built from these places (moves.py keeps them here)
        self.memo: dict[Any, Any] = {}

    def _places(self, s: State, kind: str) -> dict[int, set[int]]:
        """Where the seat may build a road/ship, each place with what it joins: own
        buildings (as -1 - corner) and own routes of that kind (their edges); as
        route_ok, never through another player's building."""
        b = s.board
        buildings, routes = s.buildings, s.routes
        edges, corner_edges = b.edges, b.corner_edges
        if kind == "road":
            fits = b.edge_land
            pirate_edges: frozenset[int] | tuple = ()
        else:
            fits = b.edge_sea
            pirate_edges = () if s.pirate is None else b.hex_edges[s.pirate]
        out: dict[int, set[int]] = {}
        for c, _ in self.buildings:
            for f in corner_edges[c]:
                if routes[f] is None and fits[f] and f not in pirate_edges:
                    out.setdefault(f, set()).add(-1 - c)
        for e, k in self.routes:
            if k != kind:
                continue
            for c in edges[e]:
                if buildings[c] is not None:
                    continue  # an own building is counted above; another's blocks
                for f in corner_edges[c]:
                    if routes[f] is None and fits[f] and f not in pirate_edges:
                        out.setdefault(f, set()).add(e)
        return out

    def joins_at(self, s: State, f: int, kind: str) -> set[int]:
        """What a road/ship of the seat on edge ``f`` would join (as in _places)."""
        b = s.board
        buildings, routes = s.buildings, s.routes
        out: set[int] = set()
        for c in b.edges[f]:
            bl = buildings[c]
            if bl is not None:
                if bl[0] == self.seat:
                    out.add(-1 - c)
                continue
            for g in b.corner_edges[c]:
                r = routes[g]
                if g != f and r is not None and r[0] == self.seat and r[1] == kind:
                    out.add(g)
        return out

    def roads(self, s: State) -> list[int]:
        if self._roads is None:
            self._roads = sorted(self._places(s, "road"))
        return self._roads

    def ships(self, s: State) -> list[int]:
        if self._ships is None:
            places = self._places(s, "ship")
            self._ships = sorted(places)
            self._joins = places
        return self._ships

    def spots(self, s: State) -> list[int]:
        """Where the seat may build a settlement (at the end of its roads and ships)."""
        if self._spots is None:
            b, seat = s.board, self.seat
            ends = sorted({c for e, _ in self.routes for c in b.edges[e]})
            self._spots = [c for c in ends if settle_ok(s, b, seat, c)]
        return self._spots

    def cities(self, s: State) -> list[int]:
        """The seat's settlements (each may become a city)."""
        return sorted(c for c, level in self.buildings if level == 1)

    def ratios(self, s: State) -> list[int]:
        """The bank's rate per resource for the seat: 4, 3 (a generic harbour) or 2."""
        if self._ratios is None:
            ratios = [4] * 5
            mine = {c for c, _ in self.buildings}
            for _, kind, c1, c2 in s.harbours:
                if c1 in mine or c2 in mine:
                    if kind == "any":
                        ratios = [min(r, 3) for r in ratios]
                    else:
                        ratios[RESOURCES.index(kind)] = 2
            self._ratios = ratios
        return self._ratios

    def lowest_ratio(self, s: State) -> int:
        """The fewest cards of one resource the seat needs for a bank trade."""
        if not self._lowest:
            self._lowest = min(self.ratios(s))
        return self._lowest

    def open(self, s: State) -> list[int]:
        """Ships at the open end of a line: one end has neither an own building nor another
        own ship (seafarers.txt "Moving ships"), not beside the pirate; built this turn
        or not (the caller leaves those out)."""
        if self._open is None:
            b = s.board
            edges = b.edges
            ships = [e for e, k in self.routes if k == "ship"]
            mine = {c for c, _ in self.buildings}
            at: dict[int, int] = {}  # own ships per corner
            for e in ships:
                for c in edges[e]:
                    at[c] = at.get(c, 0) + 1
            blocked = () if s.pirate is None else b.hex_edges[s.pirate]
            self._open = [e for e in ships if e not in blocked and any(
                c not in mine and at[c] == 1 for c in edges[e])]
        return self._open

    def ship_targets(self, s: State, e: int) -> list[int]:
        """Where the ship on ``e`` may move to: a place a ship may be built on now that
        still joins the seat's pieces without this ship (lifting a ship opens no new
        place but its own edge, which is no move)."""
        got = self.targets.get(e)
        if got is None:
            self.ships(s)
            joins = self._joins
            got = self.targets[e] = [f for f in self._ships
                                     if f != e and (len(joins[f]) > 1 or e not in joins[f])]
        return got


class Facts:
    """The facts of one arrangement of pieces (see the module's docstring)."""

    __slots__ = ("routes", "buildings", "pirate", "counts", "vp", "seats", "production",
                 "robbed", "_limits")

    def __init__(self, s: State) -> None:
        #: what each number yields (production.produce), by number (and the robber where it
        #: stands on a hex of that number): it depends on the buildings only, so it is
        #: carried over when a route changes
        self.production: dict[Any, Any] = {}
        #: the robber's moves that name whom they let the mover rob (moves.py), by the
        #: other players holding a card: they too depend on the buildings only
        self.robbed: dict[Any, Any] = {}
        self._limits: tuple[int, int, int, int] | None = None
        self.routes = routes = list(s.routes)
        self.buildings = buildings = list(s.buildings)
        self.pirate = s.pirate
        seats = [SeatFacts(p) for p in range(s.n)]
        counts = [[0, 0, 0, 0] for _ in range(s.n)]
        vp = [0] * s.n
        for c in [c for c, bl in enumerate(buildings) if bl is not None]:
            p, level = buildings[c]
            counts[p][level - 1] += 1
            vp[p] += level
            seats[p].buildings.append((c, level))
        for e in [e for e, r in enumerate(routes) if r is not None]:
            p, kind = routes[e]
            counts[p][2 if kind == "road" else 3] += 1
            seats[p].routes.append((e, kind))
        self.counts = counts
        self.vp = vp
        self.seats = seats

    def seat(self, s: State, seat: int) -> SeatFacts:
        return self.seats[seat]

    def limits(self, s: State) -> tuple[int, int, int, int]:
        """The scenario's pieces per player in the order of ``counts``."""
        got = self._limits
        if got is None:
            got = self._limits = rules_of(s).limits(s.layout)
        return got

    def matches(self, s: State) -> bool:
        return self.pirate == s.pirate and self.routes == s.routes and (
            self.buildings == s.buildings)

    def _with(self, routes: list[Any], buildings: list[Any], pirate: int | None,
              changed: dict[int, tuple[list[Any] | None, list[Any] | None]]) -> Facts:
        """New facts from these, the seats in ``changed`` with new piece lists (None:
        as before); every seat's places are worked out again when asked for, but when
        only a route changed the other seats keep their settlement spots, harbour ratios
        and open ship ends (which depend on their own routes, the buildings and the
        pirate only)."""
        g = Facts.__new__(Facts)
        if buildings is self.buildings:
            g.production, g.robbed = self.production, self.robbed
        else:
            g.production, g.robbed = {}, {}
        g._limits = self._limits
        g.routes, g.buildings, g.pirate = routes, buildings, pirate
        g.counts = [list(c) for c in self.counts]
        g.vp = list(self.vp)
        keep = buildings is self.buildings and pirate == self.pirate
        seats = []
        for p, old in enumerate(self.seats):
            bl, rt = changed.get(p, (None, None))
            new = SeatFacts(p, old.buildings if bl is None else bl,
                            old.routes if rt is None else rt)
            if keep and p not in changed:
                new._spots, new._ratios, new._open = old._spots, old._ratios, old._open
                new._lowest = old._lowest
            seats.append(new)
        g.seats = seats
        return g


def _replace(pieces: list[tuple[int, Any]], slot: int, value: Any) -> list[tuple[int, Any]]:
    """A seat's piece list with the piece at ``slot`` removed (value None) or set."""
    out = [x for x in pieces if x[0] != slot]
    if value is not None:
        out.append((slot, value))
        out.sort()
    return out


def _seat_lists(f: Facts, attr: str, slot: int, old: list[Any] | None,
                value: list[Any] | None) -> dict[int, list]:
    """The piece lists (``attr``: routes or buildings) of the seats whose piece at ``slot``
    went from ``old`` to ``value``, as they are after the change."""
    out = {}
    for piece in (old, value):
        if piece is not None:
            p = piece[0]
            kept = value[1] if value is not None and value[0] == p else None
            out[p] = _replace(getattr(f.seats[p], attr), slot, kept)
    return out


def _put(s: State, attr: str, slot: int, value: list[Any] | None) -> tuple | None:
    """``s.<attr>[slot] = value`` (attr: routes or buildings). If the cached facts were
    fresh: them, the old piece, the new piece list and the changed seats' piece lists
    (``_seat_lists``), for the caller to carry the facts over; else None."""
    f = s.cached_facts
    fresh = f is not None and f.matches(s)
    pieces = getattr(s, attr)
    old = pieces[slot]
    pieces[slot] = value
    if not fresh:
        return None
    new = list(getattr(f, attr))
    new[slot] = value
    return f, old, new, _seat_lists(f, attr, slot, old, value)


def put_route(s: State, e: int, value: list[Any] | None) -> None:
    """``s.routes[e] = value``, with the cached facts carried over rather than rebuilt."""
    put = _put(s, "routes", e, value)
    if put is None:
        return
    f, old, routes, lists = put
    g = f._with(routes, f.buildings, f.pirate, {p: (None, rt) for p, rt in lists.items()})
    for r, sign in ((old, -1), (value, 1)):
        if r is not None:
            g.counts[r[0]][2 if r[1] == "road" else 3] += sign
    for p, sf in enumerate(g.seats):
        if p not in lists:
            _carry_places(s, f.seats[p], sf, e)
    s.cached_facts = g


def _carry_places(s: State, old: SeatFacts, new: SeatFacts, e: int) -> None:
    """Another seat's road and ship places after edge ``e`` was taken or freed: the same
    but ``e`` (another's route neither joins nor blocks the seat's pieces)."""
    if old._roads is None or old._ships is None:
        return
    b = s.board
    roads = [x for x in old._roads if x != e]
    ships = [x for x in old._ships if x != e]
    joins = dict(old._joins)
    joins.pop(e, None)
    if s.routes[e] is None:
        pirate = () if s.pirate is None else b.hex_edges[s.pirate]
        for kind, places, fits in (("road", roads, b.edge_land), ("ship", ships, b.edge_sea)):
            if not fits[e] or (kind == "ship" and e in pirate):
                continue
            joined = new.joins_at(s, e, kind)
            if joined:
                places.append(e)
                places.sort()
                if kind == "ship":
                    joins[e] = joined
    new._roads, new._ships, new._joins = roads, ships, joins


def put_building(s: State, c: int, value: list[Any] | None) -> None:
    """``s.buildings[c] = value``, with the cached facts carried over."""
    put = _put(s, "buildings", c, value)
    if put is None:
        return
    f, old, buildings, lists = put
    g = f._with(f.routes, buildings, f.pirate, {p: (bl, None) for p, bl in lists.items()})
    for bl, sign in ((old, -1), (value, 1)):
        if bl is not None:
            g.counts[bl[0]][bl[1] - 1] += sign
            g.vp[bl[0]] += sign * bl[1]
    s.cached_facts = g


def put_pirate(s: State, h: int | None) -> None:
    """``s.pirate = h``, with the cached facts carried over."""
    f = s.cached_facts
    fresh = f is not None and f.matches(s)
    s.pirate = h
    if fresh:
        s.cached_facts = f._with(f.routes, f.buildings, h, {})


def facts(s: State) -> Facts:
    f = s.cached_facts
    if f is None or f.pirate != s.pirate or f.routes != s.routes or f.buildings != s.buildings:
        f = s.cached_facts = Facts(s)
    return f


def count_pieces(s: State, seat: int) -> dict[str, int]:
    return dict(zip(KINDS, facts(s).counts[seat], strict=True))


def all_pieces(s: State) -> list[dict[str, int]]:
    """Pieces on the board per seat."""
    return [dict(zip(KINDS, c, strict=True)) for c in facts(s).counts]


def pieces_left(s: State, seat: int, kind: str) -> int:
    """The seat's pieces of that kind not on the board (the scenario's counts)."""
    return rules_of(s).pieces(s.layout)[kind] - facts(s).counts[seat][KIND_INDEX[kind]]


def harbour_ratio(s: State, seat: int, res: int) -> int:
    return facts(s).seat(s, seat).ratios(s)[res]


