"""The Great Crossing's trade lines (seafarers.txt scenario 10, "Trade lines" and "Special
VPs"): which settlements and cities on the two islands are joined, and who holds each
line's special victory point chip.

The rulebook's six cases, and how they are read here:

1. "A player forms a direct line with his ships between his village/city and an opponent's
   village/city on the other island."
2. "... an indirect line with his ships between his village/city and an opponent's road on
   the other island" (the road leads on to the opponent's settlement or city).
3. "A player reaches the other island with his ships, founds a village there and so creates
   a direct line between the islands, joining two friendly villages/cities."
4. "A player's line of ships joins an opponent's line of ships to form an indirect line."
5. "Branching off is allowed: ... 2 indirect lines leading to 2 villages/cities on the
   other island."
6. "A trade line cannot extend beyond a village/city."

So a *line* joins one settlement or city on each island through a chain of pieces, roads
and ships of anyone, that passes through no settlement or city (6). Found as follows: the
pieces are cut into *segments* at every corner holding a building (any player's); two
buildings at the ends of one segment's pieces are joined by it, and each such pair, one
building on each island, is one line (5: a segment touching three buildings makes up to
three pairs).

Who holds the chip ("For each direct line extending from a home village/city a player
receives 1 special VP chip which should be placed under his exit village. For each
indirect line in which a player has more boats than an opponent has ships, or ships +
roads. ... If there is a tie, the chip goes to the player who completed the line"):

- A line of one player's ships only is *direct* (1, 3): its chip is his when one of its
  ends is his settlement or city on his home island, and lies under that end (his exit
  settlement).
- Any other line is *indirect* (2, 4, 5): a player holds its chip when his *ships* in it
  outnumber every other player's ships and roads in it ("more boats than an opponent has
  ships, or ships + roads"), so roads alone never win a chip. When nobody does, but a
  player's ships equal the most pieces another player has there, that is a tie: the
  player who completed the line holds the chip if he is one of the tied players.

"Chips are lost if ships are removed from what are in effect two open lines meeting each
other. To reclaim a chip, a player must fill any gaps with his own ships": the lines are
worked out again after every road, ship (built or moved) and settlement, so a broken line
loses its chip at once (``s.extra["broken"]`` remembers who held it), and whoever joins it
again completes it anew. The player who lost the chip takes it back only by filling the
gap himself; while the line stands again by another player's piece, he is out of the
count for it (the others' pieces still count).

Our decisions where the text leaves a case open are ``DECISIONS`` below, in the words
``/game rules`` prints them (scenario_rules.GREAT_CROSSING's lines); the tests in
tests/engine/seafarers/test_great_crossing.py are named after each case and decision.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from .board import Board
from .scenarios import layout
from .state import State

#: the rules decisions of ours on trade lines, as /game rules prints them
DECISIONS: tuple[str, ...] = (
    "Pieces join a line at any corner without a settlement or city, whoever owns them, road "
    "or ship alike (case 2 joins one player's ships to another's road).",
    "Each pair of settlements or cities, one on each island, joined by pieces is one line, "
    "along its shortest way (then the lowest edge numbers): a crossing that touches two of "
    "your home settlements makes two lines, as branching does (case 5).",
    "A line of one player's ships earns its chip only from his settlement or city on his "
    "home island (\"extending from a home village/city\"): not from his settlement on the "
    "other island, nor between two other players' settlements.",
    "In an indirect line a player's ships are set against each other player's ships and "
    "roads there (\"more boats than an opponent has ships, or ships + roads\"): roads "
    "alone never win a chip, and a line where nobody has more ships than the others have "
    "pieces, and nobody ties, leaves its chip with nobody.",
    "A tie (your ships equal to the most pieces another player has in the line) goes to "
    "the player who completed the line if he is one of the two; otherwise nobody holds "
    "the chip until the line changes.",
    "The player who completed a line is the one whose road, ship (built or moved) or "
    "settlement joined its two ends; after a break, whoever joins them again.",
    "A player who lost a chip because the line was broken takes it back only by filling "
    "the gap with his own ship (\"to reclaim a chip, a player must fill any gaps with his "
    "own ships\"): if another player's piece joins the line again, the chip goes by the "
    "count among the others, or to nobody.",
    "A chip lies under its holder's end of the line (his home one first), or beside the "
    "line if he owns neither end; a city keeps its settlement's chips.",
)

@dataclass(frozen=True, slots=True)
class Line:
    """One trade line: its two ends (corners, the lower number first), the edges of its
    way between them, and whether it is one player's ships only (direct)."""

    ends: tuple[int, int]
    edges: tuple[int, ...]
    direct: bool


def island_of_corner(s: State, c: int) -> int | None:
    """The island (the data's landmass id) a corner of land lies on, or None."""
    islands = layout(s.layout).islands
    for h in s.board.corner_hexes[c]:
        if islands[h] is not None:
            return islands[h]
    return None


def find_lines(s: State) -> list[Line]:
    """Every trade line on the board, in the order of their ends."""
    b = s.board
    routes, buildings = s.routes, s.buildings
    # segments: the pieces joined through corners without a building (union-find)
    parent: dict[int, int] = {}

    def root(e: int) -> int:
        while parent[e] != e:
            parent[e] = parent[parent[e]]
            e = parent[e]
        return e

    at: dict[int, list[int]] = {}  # corner -> pieces touching it
    for e, r in enumerate(routes):
        if r is None:
            continue
        parent[e] = e
        for c in b.edges[e]:
            at.setdefault(c, []).append(e)
    for c, pieces in at.items():
        if buildings[c] is None:
            first = root(pieces[0])
            for e in pieces[1:]:
                parent[root(e)] = first
    ends: dict[int, set[int]] = {}  # segment -> the building corners at its pieces' ends
    for c, pieces in at.items():
        if buildings[c] is not None:
            for e in pieces:
                ends.setdefault(root(e), set()).add(c)
    pairs: set[tuple[int, int]] = set()  # two segments may join the same two buildings
    for corners in ends.values():
        placed = sorted((c, island_of_corner(s, c)) for c in corners)
        for i, (x, ix) in enumerate(placed):
            for y, iy in placed[i + 1:]:
                if ix is not None and iy is not None and ix != iy:
                    pairs.add((x, y))
    out = []
    for x, y in sorted(pairs):
        way = _shortest_way(b, buildings, at, x, y)
        owners = {routes[e][0] for e in way}
        direct = len(owners) == 1 and all(routes[e][1] == "ship" for e in way)
        out.append(Line((x, y), way, direct))
    return out


def _shortest_way(b: Board, buildings: list[Any], at: dict[int, list[int]], x: int,
                  y: int) -> tuple[int, ...]:
    """The fewest pieces from corner ``x`` to corner ``y`` passing through no building
    (breadth first, pieces in edge order, so the lowest edge numbers win a tie)."""
    came: dict[int, tuple[int, int] | None] = {x: None}  # corner -> (edge, previous corner)
    todo = deque([x])
    while todo:
        c = todo.popleft()
        if c == y:
            break
        if c != x and buildings[c] is not None:
            continue  # a line never goes beyond a settlement or city (case 6)
        for e in sorted(at.get(c, ())):
            a, d = b.edges[e]
            nxt = d if a == c else a
            if nxt not in came:
                came[nxt] = (e, c)
                todo.append(nxt)
    way = []
    c = y
    while came[c] is not None:
        e, c = came[c]
        way.append(e)
    return tuple(sorted(way))


def holder(s: State, line: Line, completer: int,
           barred: int | None = None) -> tuple[int | None, int | None]:
    """Who holds the line's chip, and the corner it lies under (None: beside the line);
    (None, None) when nobody holds it (see the module docstring). ``barred``: the player
    who lost the chip when the line broke and did not fill the gap himself, who cannot
    take it back now."""
    routes, buildings = s.routes, s.buildings
    if line.direct:
        p = routes[line.edges[0]][0]
        home = [c for c in line.ends if buildings[c][0] == p
                and island_of_corner(s, c) in s.homes[p]]
        if not home or p == barred:
            return None, None
        return p, home[0]
    ships: dict[int, int] = {}
    pieces: dict[int, int] = {}
    for e in line.edges:
        p, kind = routes[e]
        pieces[p] = pieces.get(p, 0) + 1
        ships[p] = ships.get(p, 0) + (kind == "ship")
    tied: set[int] = set()
    for p, boats in ships.items():
        if p == barred or not boats:
            continue
        most = max((k for q, k in pieces.items() if q != p), default=0)
        if boats > most:
            return p, chip_corner(s, line, p)
        if boats == most:
            tied |= {p, *(q for q, k in pieces.items() if q != p and k == most)}
    if completer in tied and completer != barred:
        return completer, chip_corner(s, line, completer)
    return None, None


def chip_corner(s: State, line: Line, p: int) -> int | None:
    """Where the chip of ``p`` lies: under his end of the line, his home one first; None
    (beside the line) if neither end is his."""
    own = [c for c in line.ends if s.buildings[c][0] == p]
    own.sort(key=lambda c: island_of_corner(s, c) not in s.homes[p])
    return own[0] if own else None


def building_words(s: State, c: int) -> str:
    """"{p0}'s settlement at 12" (a city: "city")."""
    seat, level = s.buildings[c]
    return f"{{p{seat}}}'s {'settlement' if level == 1 else 'city'} at {c + 1}"


def update(s: State, seat: int) -> list[tuple[str, Any]]:
    """Work the lines out again after a move of ``seat`` (a road, a ship, a settlement),
    keep them in ``s.extra["lines"]`` and set each seat's special VP chips to the lines
    it holds; the events say which lines were completed or broken and where chips went."""
    old = {tuple(line["ends"]): line for line in s.extra.get("lines", ())}
    # who lost the chip of each line broken since, by its ends ("to reclaim a chip...")
    broken = {tuple(b["ends"]): b["holder"] for b in s.extra.get("broken", ())}
    kept: list[dict[str, Any]] = []
    events: list[tuple[str, Any]] = []
    for line in find_lines(s):
        before = old.pop(line.ends, None)
        if before is None:
            completer = seat
            lost = broken.pop(line.ends, None)
            barred = lost if lost != seat else None
        else:
            completer, barred = before["by"], before.get("barred")
        p, under = holder(s, line, completer, barred)
        kept.append({"ends": list(line.ends), "edges": list(line.edges), "by": completer,
                     "holder": p, "chip": under, "direct": line.direct, "barred": barred})
        x, y = (building_words(s, c) for c in line.ends)
        if before is None:
            got = (f"{{p{p}}} takes its chip, a special victory point" if p is not None
                   else "a tie, so nobody holds its chip" if not line.direct
                   else "its ships leave from no home settlement of theirs, so nobody "
                        "holds its chip")
            events.append((f"{{p{seat}}} completes a trade line between {x} and {y}: "
                           f"{got}.", None))
        elif before["holder"] != p:
            was = before["holder"]
            if p is None:
                text = f"{{p{was}}} loses the chip of the trade line between {x} and {y} (a tie)."
            elif was is None:
                text = f"{{p{p}}} takes the chip of the trade line between {x} and {y}."
            else:
                text = (f"The chip of the trade line between {x} and {y} passes from "
                        f"{{p{was}}} to {{p{p}}}.")
            events.append((text, None))
    for ends, line in sorted(old.items()):
        # a settlement in its way cuts it as much as a ship taken away (case 6)
        lost = f": {{p{line['holder']}}} loses its chip" if line["holder"] is not None else ""
        events.append((f"The trade line between corners {ends[0] + 1} and {ends[1] + 1} is "
                       f"broken{lost}.", None))
        claim = line["holder"] if line["holder"] is not None else line.get("barred")
        if claim is not None:
            broken[ends] = claim
    s.extra["lines"] = kept
    if broken or "broken" in s.extra:
        s.extra["broken"] = [{"ends": list(e), "holder": h} for e, h in sorted(broken.items())]
    special = [0] * s.n
    for line in kept:
        if line["holder"] is not None:
            special[line["holder"]] += 1
    s.special = special
    return events


__all__ = ["DECISIONS", "Line", "building_words", "chip_corner", "find_lines", "holder",
           "island_of_corner", "update"]
