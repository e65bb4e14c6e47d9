"""The Longest Trade Route (catan-base.md, "Special cards and the end": "Longest road: the
first continuous road of 5 or more; taken over by a strictly longer one. A road is broken
by another player's settlement. 2 VP."; seafarers.txt, "Longest trade road": "Ships will
count towards this, but a village/city must be placed so as to join roads and ships at the
point(s) where the line changes").

``route_length`` measures a seat's longest route; ``update_longest`` moves the card.
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .facts import facts
from .state import State
from .words import P

#: a network: node -> its links (edge, the node at its other end); a node is a corner
#: number, or a number past the corners for a cut end
Network = dict[int, list[tuple[int, int]]]


def update_longest(
    s: State, b: Board, seats: list[int] | None = None
) -> list[tuple[str, Any]]:
    """Longest road card: 5 or more; taken only by a strictly longer route; if the holder's
    route is broken, it goes to the single longest (5+) or is set aside on a tie.
    ``seats``: whose routes may have changed (all when None).

    Decision (catan-base.md says only "taken over by a strictly longer one"): a holder
    whose route is broken keeps the card while nobody's is longer; otherwise it goes to
    the one player with the longest route of 5 or more, and is set aside on a tie."""
    for p in range(s.n) if seats is None else seats:
        s.road_len[p] = route_length(s, b, p)
    top = max(s.road_len)
    old = s.road_holder
    if old is not None and s.road_len[old] == top and top >= 5:
        return []
    leaders = [p for p in range(s.n) if s.road_len[p] == top]
    new = leaders[0] if top >= 5 and len(leaders) == 1 else None
    if new == old:
        return []
    s.road_holder = new
    if new is None:
        return [("The Longest Trade Route card is set aside: nobody holds it now.", None)]
    return [(f"{P(new)} holds the Longest Trade Route ({top}).", None)]


def route_length(s: State, b: Board, seat: int) -> int:
    """Longest trade route: roads and ships together, switching between them only at an own
    building, broken by another player's building (catan-base.md; seafarers.txt).

    The network is first cut where a route may not go on (``_network``). A piece of the
    cut network without a loop is a tree, whose longest route is its diameter (two
    walks); a piece with a loop is searched route by route."""
    f = facts(s)
    routes = f.seats[seat].routes
    if not routes:
        return 0
    adj = _network(s, b, seat, routes, f.counts[seat])
    best = 0
    seen: set[int] = set()
    for start in adj:
        if start in seen:
            continue
        far, part, n_edges = _sweep(start, adj)
        seen.update(part)
        if n_edges == len(part) - 1:  # a tree: its diameter
            _, length = _farthest(far, adj)
        else:
            length = _longest_trail(part, adj, n_edges)
        if length > best:
            best = length
    return best


def _network(s: State, b: Board, seat: int, routes: list[tuple[int, str]],
             count: list[int]) -> Network:
    """The seat's roads and ships as a network cut where a route may not go on: at another
    player's building each edge gets an end of its own, and where a road meets a ship
    without an own building the roads and the ships get separate ends."""
    buildings = s.buildings
    edges = b.edges
    n_corners = len(b.corners)
    # roads and ships meet only at an own building: where both touch a corner without
    # one, each kind gets an end of its own there (a seat with one kind needs no look)
    kinds_at: dict[int, int] = {}  # corner -> 1 road, 2 ship, 3 both
    if count[2] and count[3]:
        for e, k in routes:
            bit = 1 if k == "road" else 2
            x, y = edges[e]
            kinds_at[x] = kinds_at.get(x, 0) | bit
            kinds_at[y] = kinds_at.get(y, 0) | bit
    adj: Network = {}
    for e, k in routes:
        x, y = edges[e]
        bl = buildings[x]
        if bl is not None:
            if bl[0] != seat:
                x += n_corners * (3 + e)
        elif kinds_at and kinds_at[x] == 3:
            x += n_corners * (1 if k == "road" else 2)
        bl = buildings[y]
        if bl is not None:
            if bl[0] != seat:
                y += n_corners * (3 + e)
        elif kinds_at and kinds_at[y] == 3:
            y += n_corners * (1 if k == "road" else 2)
        links = adj.get(x)
        if links is None:
            adj[x] = [(e, y)]
        else:
            links.append((e, y))
        links = adj.get(y)
        if links is None:
            adj[y] = [(e, x)]
        else:
            links.append((e, x))
    return adj


def _sweep(start: int, adj: Network) -> tuple[int, list[int], int]:
    """The piece of network of ``start``: its node farthest from ``start`` if it is a
    tree, its nodes, and its number of edges."""
    depth = {start: 0}
    stack = [start]
    far, dist, ends = start, 0, 0
    while stack:
        v = stack.pop()
        d = depth[v]
        if d > dist:
            far, dist = v, d
        links = adj[v]
        ends += len(links)
        d += 1
        for _, w in links:
            if w not in depth:
                depth[w] = d
                stack.append(w)
    return far, list(depth), ends // 2


def _farthest(start: int, adj: Network) -> tuple[int, int]:
    """The node of a tree farthest from ``start``, and its distance in edges."""
    far, dist = start, 0
    stack = [(start, -1, 0)]
    while stack:
        v, came, d = stack.pop()
        if d > dist:
            far, dist = v, d
        d += 1
        for _, w in adj[v]:
            if w != came:
                stack.append((w, v, d))
    return far, dist


def _longest_trail(part: list[int], adj: Network, n_edges: int) -> int:
    """The longest route without a piece twice in a piece of network with a loop.

    Trees hanging off the loops are folded into their nodes first (``_fold_trees``: a
    route enters such a tree only to end in it: its deepest branches count); then runs of
    nodes with two links and nothing hanging are joined into one link of their length
    (``_join_runs``), and the loops that remain are searched from every node where a route
    may end (a node with a tree hanging, or not two links; only a plain loop left: its
    length)."""
    degree, gone, hang, best = _fold_trees(part, adj)
    core = [v for v in part if degree[v] >= 2]
    for v in core:
        best = max(best, hang[v][0] + hang[v][1])
    ends = [v for v in core if degree[v] != 2 or hang[v][0]]
    if not ends:
        return max(best, n_edges - len(gone))  # one plain loop
    links = _join_runs(ends, adj, degree, hang, gone)
    used: set[int] = set()

    def walk(start: int, v: int, length: int) -> None:
        nonlocal best
        tail = hang[start][1] if v == start else hang[v][0]
        if length + tail > best:
            best = length + tail
        for k, w, n in links[v]:
            if k not in used:
                used.add(k)
                walk(start, w, length + n)
                used.discard(k)

    for v in ends:
        walk(v, v, hang[v][0])
    return best


def _fold_trees(part: list[int], adj: Network
                ) -> tuple[dict[int, int], set[int], dict[int, list[int]], int]:
    """Fold the trees hanging off the loops into their nodes, leaf by leaf: each node's
    links left (degree), the edges folded, the two deepest branches hanging at each node,
    and the longest route found inside the folded trees."""
    degree = {v: len(adj[v]) for v in part}
    gone: set[int] = set()  # edges folded into a node
    hang: dict[int, list[int]] = {v: [0, 0] for v in part}  # the two deepest hanging
    best = 0
    leaves = [v for v in part if degree[v] == 1]
    while leaves:
        u = leaves.pop()
        top = hang[u]
        best = max(best, top[0] + top[1])
        for e, x in adj[u]:
            if e in gone:
                continue
            gone.add(e)
            depth = top[0] + 1
            hx = hang[x]
            if depth > hx[0]:
                hx[0], hx[1] = depth, hx[0]
            elif depth > hx[1]:
                hx[1] = depth
            degree[x] -= 1
            if degree[x] == 1:
                leaves.append(x)
        degree[u] = 0
    return degree, gone, hang, best


def _join_runs(ends: list[int], adj: Network, degree: dict[int, int],
               hang: dict[int, list[int]], gone: set[int]
               ) -> dict[int, list[tuple[int, int, int]]]:
    """The links between route ends: each run of nodes with two links and nothing hanging
    joined into one link (its number, the node at its other end, its length)."""
    links: dict[int, list[tuple[int, int, int]]] = {v: [] for v in ends}
    done: set[int] = set(gone)
    k = 0
    for v in ends:
        for e, w in adj[v]:
            if e in done:
                continue
            done.add(e)
            length, cur = 1, w
            while degree[cur] == 2 and not hang[cur][0]:
                for e2, w2 in adj[cur]:
                    if e2 not in done:
                        done.add(e2)
                        length += 1
                        cur = w2
                        break
                else:
                    break
            k += 1
            links[v].append((k, cur, length))
            links[cur].append((k, v, length))
    return links
