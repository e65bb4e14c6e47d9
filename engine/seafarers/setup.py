"""Setting up a game and the founding phase (catan-base.md, "Setup": "Snake order: each
player places a settlement and a road (Seafarers: or a ship on a coast) in turn order
1..N, then again N..1. The second settlement yields one resource card for each adjacent
producing hex."; seafarers.txt, "Founding phase": "Whoever builds one of his 2 villages at
the coast can place with it a ship instead of a road").

The board is the scenario's (scenario_rules/): its layout dealt, its start area, the
roads and ships a start settlement may take. Where a start settlement may stand is
moves.py's (``start_spots``: the start area and the distance rule).
"""

from __future__ import annotations

from typing import Any

from .board import RESOURCE_OF
from .chance import draw
from .facts import put_building, put_route
from .hands import RI, cards_text
from .longest_route import route_length
from .scenario_rules import rules_of, scenario_rules
from .state import BANK_EACH, DEV_DECK, Phase, State
from .words import P, edge_name


def new_state(n: int, seed: str, sid: str = "new_shores", round_limit: int = 100) -> State:
    """A new game of scenario ``sid`` (scenario_rules.SCENARIOS) for ``n`` players: the
    scenario's layout for that count dealt, the pirate on its start hex, the development
    cards shuffled. SetupRefused for a count the scenario does not play.

    Decision: the first seat founds first and takes the first turn."""
    sr = scenario_rules(sid)
    lid = sr.layout_for(n)
    s = State(seed=seed, n=n, scenario=sid, target=sr.target, round_limit=round_limit,
              layout=lid)
    dealt = sr.deal(lid, draw(s))
    s.terrain, s.chips, s.harbours, s.robber = (dealt.terrain, dealt.chips, dealt.harbours,
                                                dealt.robber)
    s.pirate = sr.pirate_start(lid)  # "The pirate ship starts on any sea hex"
    b = s.board
    s.buildings = [None] * len(b.corners)
    s.routes = [None] * len(b.edges)
    s.hands = [[0] * 5 for _ in range(n)]
    s.bank = [BANK_EACH] * 5
    deck = sorted(k for k, c in DEV_DECK.items() for _ in range(c))
    draw(s).shuffle(deck)
    s.deck = deck
    s.devs = [[] for _ in range(n)]
    s.new_devs = [[] for _ in range(n)]
    s.knights = [0] * n
    s.road_len = [0] * n
    s.special = [0] * n
    s.homes = [[] for _ in range(n)]
    s.reached = [[] for _ in range(n)]
    s.owed = [0] * n
    s.house_rule = [False] * n
    sr.prepare(s, lambda: draw(s))  # the scenario's own things (Oceans' face-down stacks)
    return s


def snake(n: int) -> list[int]:
    """The founding order: every seat in turn, then back again ("1..N, then again N..1")."""
    return [*range(n), *reversed(range(n))]


def found_settlement(s: State, seat: int, c: int) -> list[tuple[str, Any]]:
    """A start settlement at corner ``c``; the second one yields its resources
    (``start_yield``). Then the seat places its road or ship beside it."""
    put_building(s, c, [seat, 1])
    s.last_settlement = c
    ev: list[tuple[str, Any]] = [(f"{P(seat)} founds a settlement at {c + 1}.", None)]
    ev.extend(rules_of(s).after_settlement(s, seat, c, True))
    if s.setup_step >= s.n:  # the second settlement yields its resources
        ev.extend(start_yield(s, seat, c))
    s.phase = Phase.SETUP_ROUTE
    return ev


def start_yield(s: State, seat: int, c: int) -> list[tuple[str, Any]]:
    """"The second settlement yields one resource card for each adjacent producing hex",
    from what the bank holds. Decision: a gold field beside it gives a pick of the seat's
    choice, as a roll would."""
    got = [0] * 5
    for h in s.board.corner_hexes[c]:
        t = s.terrain[h]
        if t in RESOURCE_OF and s.bank[RI[RESOURCE_OF[t]]] > 0:
            i = RI[RESOURCE_OF[t]]
            s.hands[seat][i] += 1
            s.bank[i] -= 1
            got[i] += 1
        elif t == "gold":
            s.owed[seat] += 1
    if any(got):
        return [(f"{P(seat)} takes {cards_text(got)}.", None)]
    return []


def place_start_route(s: State, seat: int, kind: str, e: int) -> list[tuple[str, Any]]:
    """The start settlement's road or ship on edge ``e``; then the next seat in snake
    order founds, or the first turn begins (after any gold picks the start settlements
    owe)."""
    b = s.board
    put_route(s, e, [seat, kind])
    ev: list[tuple[str, Any]] = [(f"{P(seat)} places a {kind} on {edge_name(b, e)}.", None)]
    ev.extend(rules_of(s).after_route(s, seat, e))
    s.road_len[seat] = route_length(s, b, seat)
    s.setup_step += 1
    order = snake(s.n)
    if s.setup_step < len(order):
        s.turn = order[s.setup_step]
        s.phase = Phase.SETUP_SETTLE
    else:
        s.turn = 0
        s.phase = Phase.ROLL
    if any(s.owed):
        s.ret, s.phase = s.phase, Phase.GOLD
    return ev
