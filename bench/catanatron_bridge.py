"""The pure half of the Catanatron bench (bench_catanatron.py): a seat's JSON description of
a Catanatron position -> our Seafarers ``classic`` state; our moves -> one Catanatron
action, as a JSON description. Nothing here imports Catanatron (it runs in another venv).

The description is what the seat may know, written by the bench's child process: the land
tiles (cube coordinates, resource, number, the six node ids from the north corner
clockwise), the ports (cube, resource or None for 3:1, the two node ids), the robber,
every building and road, the bank, the deck's size, the seat's own hand and development
cards, and per seat the public counts (cards, development cards held, cards played,
knights, victory points shown, longest road, Largest Army / Longest Road holders); then
Catanatron's legal actions as ``[type, value]`` with colors replaced by seat numbers.

Other seats' hidden cards are not in it: ``build_state`` deals them at random from what
is unseen (resources: the 19 of each less the bank and the seat's hand; development cards:
the 25 less the seat's own and every card played), so our AI reasons from a world
consistent with what it knows, as its own ``determinize`` does.

Names: Catanatron's resources WOOD, BRICK, SHEEP, WHEAT, ORE are ours wood, brick, wool,
grain, ore (terrains wood, brick, meadow, wheat, mountain); its cube coordinate (x, y, z)
is our axial (q, r) = (x + 1, z + 3) on the classic layout (its NORTHEAST (1, 0, -1) is
our NE (1, -1)); its node ids are our corners tile by tile (``node_corners``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine import get_game
from engine.seafarers.board import RESOURCES, hex_corners
from engine.seafarers.facts import harbour_ratio
from engine.seafarers.longest_route import route_length
from engine.seafarers.offers import OFFERS_PER_TURN
from engine.seafarers.state import BANK_EACH, DEV_DECK, Phase, State

GAME = get_game("seafarers")
#: Catanatron's resource names in the order of ours (RESOURCES)
THEIR_RES = ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")
RES_OURS = dict(zip(THEIR_RES, RESOURCES, strict=True))
RES_THEIRS = dict(zip(RESOURCES, THEIR_RES, strict=True))
TERRAIN = {"WOOD": "wood", "BRICK": "brick", "SHEEP": "meadow", "WHEAT": "wheat",
           "ORE": "mountain", None: "desert"}
HARBOUR = {None: "any", **RES_OURS}
#: Catanatron's development cards -> ours
DEV_OURS = {"KNIGHT": "knight", "YEAR_OF_PLENTY": "plenty", "MONOPOLY": "monopoly",
            "ROAD_BUILDING": "road_building", "VICTORY_POINT": "victory_point"}
#: Catanatron's game ends unfinished after this many turns (catanatron.game.TURNS_LIMIT)
TURNS_LIMIT = 1000


def hex_of(cube: Sequence[int]) -> tuple[int, int]:
    """Our axial hex of a Catanatron cube coordinate (the classic layout's centre is (1, 3))."""
    x, _, z = cube
    return x + 1, z + 3


def node_corners(desc: dict[str, Any], s: State) -> dict[int, int]:
    """Catanatron node id -> our corner number, read tile by tile (each tile lists its
    nodes from the north corner clockwise, as ``board.hex_corners`` does). A node met on
    two tiles at two different corners would mean the geometry is wrong: ValueError."""
    b = s.board
    out: dict[int, int] = {}
    for tile in desc["tiles"]:
        for node, corner in zip(tile["nodes"], hex_corners(*hex_of(tile["cube"])), strict=True):
            c = b.corner_index[corner]
            if out.setdefault(node, c) != c:
                raise ValueError(f"node {node} maps to corners {out[node]} and {c}")
    return out


def edge_of(s: State, corners: dict[int, int], a: int, b: int) -> int:
    """Our edge number of the Catanatron edge between nodes ``a`` and ``b``."""
    ca, cb = sorted((corners[a], corners[b]))
    return s.board.edge_index[(ca, cb)]


def build_state(desc: dict[str, Any], rng: random.Random, seed: str = "catanatron") -> State:
    """Our classic state of the description, for its seat: the board tile for tile, the
    pieces, the public counts, the seat's own cards, and the other seats' hidden cards
    dealt at random from the unseen ones. Trade offers are closed (``offers_made`` at the
    turn's limit): Catanatron has no player trade, so our seat makes none."""
    n = desc["n"]
    s = GAME.setup(n, {"scenario": "classic"}, seed)
    b = s.board
    s.terrain = ["sea"] * len(b.hexes)
    s.chips = [0] * len(b.hexes)
    for tile in desc["tiles"]:
        h = b.hex_index[hex_of(tile["cube"])]
        s.terrain[h] = TERRAIN[tile["resource"]]
        s.chips[h] = tile["number"] or 0
    s.cached_board = s.cached_facts = s.cached_legal = None
    corners = node_corners(desc, s)
    s.harbours = [[s.board.hex_index[hex_of(p["cube"])], HARBOUR[p["resource"]],
                   *sorted(corners[x] for x in p["nodes"])] for p in desc["ports"]]
    s.cached_board = None
    b = s.board
    s.robber = b.hex_index[hex_of(desc["robber"])]
    s.buildings = [None] * len(b.corners)
    for node, owner, kind in desc["buildings"]:
        s.buildings[corners[node]] = [owner, 2 if kind == "CITY" else 1]
    s.routes = [None] * len(b.edges)
    for a, c, owner in desc["roads"]:
        s.routes[edge_of(s, corners, a, c)] = [owner, "road"]
    s.cached_facts = None
    players = desc["players"]
    s.bank = list(desc["bank"])
    _deal_hands(s, desc, rng)
    _deal_devs(s, desc, rng)
    s.knights = [p["knights"] for p in players]
    s.army = next((p for p in range(n) if players[p]["army"]), None)
    s.road_holder = next((p for p in range(n) if players[p]["longest"]), None)
    s.road_len = [route_length(s, b, p) for p in range(n)]
    s.turn = desc["turn"]
    s.round = desc["num_turns"] // n + 1
    s.round_limit = TURNS_LIMIT // n
    s.target = 10
    s.dev_played = desc["dev_played"]
    s.offers_made = OFFERS_PER_TURN
    s.owed = [0] * n
    s.victims = []
    s.offer = None
    _phase(s, desc, corners)
    s.log = []
    return s


def _phase(s: State, desc: dict[str, Any], corners: dict[int, int]) -> None:
    """What the game waits for, from Catanatron's prompt."""
    prompt, rolled = desc["prompt"], desc["rolled"]
    settled = len(desc["buildings"])
    s.ret = Phase.MAIN if rolled else Phase.ROLL
    if prompt == "BUILD_INITIAL_SETTLEMENT":
        s.phase, s.setup_step = Phase.SETUP_SETTLE, settled
    elif prompt == "BUILD_INITIAL_ROAD":
        s.phase, s.setup_step = Phase.SETUP_ROUTE, settled - 1
        s.last_settlement = corners[desc["last_settlement"]]
    elif prompt == "MOVE_ROBBER":
        s.phase = Phase.ROBBER
    elif desc["free_roads"]:
        s.phase, s.free, s.ret = Phase.FREE_ROUTES, desc["free_roads"], Phase.MAIN
    else:
        s.phase = Phase.MAIN if rolled else Phase.ROLL
        s.dice = [3, 4] if rolled else None  # a roll was made; its value no longer matters


def _deal_hands(s: State, desc: dict[str, Any], rng: random.Random) -> None:
    """The seat's own hand, and each other seat's card count dealt from the unseen cards
    (per resource: the 19 less the bank and the seat's own hand)."""
    seat, own = desc["seat"], desc["hand"]
    pool = [i for i in range(5) for _ in range(BANK_EACH - s.bank[i] - own[i])]
    rng.shuffle(pool)
    for p, info in enumerate(desc["players"]):
        if p == seat:
            s.hands[p] = list(own)
            continue
        k = info["cards"]
        if k > len(pool):
            raise ValueError(f"seat {p} holds {k} cards, only {len(pool)} are unseen")
        s.hands[p] = [0] * 5
        for i in pool[:k]:
            s.hands[p][i] += 1
        pool = pool[k:]


def _deal_devs(s: State, desc: dict[str, Any], rng: random.Random) -> None:
    """The seat's own development cards (those bought this turn marked new), and the other
    seats' counts and the deck dealt from the unseen cards (the 25 less the seat's own and
    every card played)."""
    seat = desc["seat"]
    unseen = dict(DEV_DECK)
    own = [DEV_OURS[c] for c in desc["devs"]]
    for c in own:
        unseen[c] -= 1
    for info in desc["players"]:
        for card, k in info["played"].items():
            unseen[DEV_OURS[card]] -= k
    pool = sorted(c for c, k in unseen.items() for _ in range(k))
    rng.shuffle(pool)
    for p, info in enumerate(desc["players"]):
        if p == seat:
            s.devs[p] = sorted(own)
            s.new_devs[p] = [DEV_OURS[c] for c in desc["devs_new"]]
            continue
        k = info["devs"]
        s.devs[p], s.new_devs[p], pool = sorted(pool[:k]), [], pool[k:]
    if len(pool) != desc["deck"]:
        raise ValueError(f"{len(pool)} unseen development cards left for a deck of {desc['deck']}")
    s.deck = pool
    _hold_back(s, desc)


#: our development cards -> Catanatron's action that plays one
PLAY_ACTION = {"knight": "PLAY_KNIGHT_CARD", "plenty": "PLAY_YEAR_OF_PLENTY",
               "monopoly": "PLAY_MONOPOLY", "road_building": "PLAY_ROAD_BUILDING"}


def _hold_back(s: State, desc: dict[str, Any]) -> None:
    """Catanatron's narrower times to play a card, played by our seat too: before the roll
    only a Knight, and Road Building only while holding a road's cost. A card its legal
    actions do not offer now counts as bought this turn in our state, so our AI plans
    without it until the turn ends, as it must."""
    if desc["prompt"] != "PLAY_TURN" or desc["free_roads"]:
        return
    seat = desc["seat"]
    offered = {a[0] for a in desc["legal"]}
    new = list(s.new_devs[seat])
    for card in sorted(set(s.devs[seat]) & PLAY_ACTION.keys()):
        if PLAY_ACTION[card] not in offered:
            new += [card] * (s.devs[seat].count(card) - new.count(card))
    s.new_devs[seat] = new


#: our moves that leave the seat a step to take before Catanatron's action is whole: the
#: robber's hex before the victim, Year of Plenty before its two cards
CONTINUED = {"robber", "plenty"}


def continues(kind: str, args: dict[str, Any]) -> bool:
    """Whether our move is only the first part of one Catanatron action."""
    return kind in CONTINUED or (kind == "play" and args.get("card") == "plenty")


def to_catanatron(s: State, seat: int, moves: list[tuple[str, dict[str, Any]]],
                  desc: dict[str, Any]) -> list[Any] | None:
    """The Catanatron action ``[type, value]`` of our moves (one move, or a move with its
    follow-up steps: robber then steal, Year of Plenty then its cards), in the form of the
    description's legal actions; None for a move Catanatron has no action for. ``s`` is the
    state the first move was chosen in."""
    kind, args = moves[0]
    back = {c: node for node, c in node_corners(desc, s).items()}
    b = s.board
    simple = {"roll": "ROLL", "end": "END_TURN", "end_auto": "END_TURN",
              "buy": "BUY_DEVELOPMENT_CARD"}
    if kind in simple:
        return [simple[kind], None]
    if kind == "settlement":
        return ["BUILD_SETTLEMENT", back[args["c"]]]
    if kind == "city":
        return ["BUILD_CITY", back[args["c"]]]
    if kind == "road":
        a, c = b.edges[args["e"]]
        return ["BUILD_ROAD", sorted((back[a], back[c]))]
    if kind == "bank":
        give, get = RESOURCES.index(args["give"]), args["get"]
        ratio = harbour_ratio(s, seat, give)
        return ["MARITIME_TRADE", [THEIR_RES[give]] * ratio + [None] * (4 - ratio)
                + [RES_THEIRS[get]]]
    if kind == "robber":
        x, z = b.hexes[args["hex"]][0] - 1, b.hexes[args["hex"]][1] - 3
        victim = next((a["seat"] for k, a in moves[1:] if k == "steal"), None)
        return ["MOVE_ROBBER", [[x, -x - z, z], victim]]
    if kind == "play":
        card = args["card"]
        if card == "knight":
            return ["PLAY_KNIGHT_CARD", None]
        if card == "road_building":
            return ["PLAY_ROAD_BUILDING", None]
        if card == "monopoly":
            return ["PLAY_MONOPOLY", RES_THEIRS[args["res"]]]
        if card == "plenty":
            picks = sorted(RESOURCES.index(a["res"]) for k, a in moves[1:] if k == "plenty")
            return ["PLAY_YEAR_OF_PLENTY", [THEIR_RES[i] for i in picks]]
    return None  # ships, offers, "stop" placing free roads: Catanatron has no such action


def find(legal: list[list[Any]], action: list[Any] | None) -> int | None:
    """The index of ``action`` among the legal actions, or None. A robber move whose victim
    our engine left to itself (one victim or none) matches the only legal move to that hex."""
    if action is None:
        return None
    if action in legal:
        return legal.index(action)
    if action[0] == "MOVE_ROBBER" and action[1][1] is None:
        at = [i for i, a in enumerate(legal) if a[0] == "MOVE_ROBBER" and a[1][0] == action[1][0]]
        if len(at) == 1:
            return at[0]
    return None


def fallback(legal: list[list[Any]]) -> int:
    """What our seat does when Catanatron has no action for our AI's move: end the turn,
    else roll, else the first legal action (which the bench counts and prints)."""
    for kind in ("END_TURN", "ROLL"):
        for i, a in enumerate(legal):
            if a[0] == kind:
                return i
    return 0
