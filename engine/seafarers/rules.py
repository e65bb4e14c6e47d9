"""The rules of base Catan with Seafarers (catan-base.md, seafarers.txt) on a State: which
rule each move applies. ``play(s, seat, kind, args)`` applies a legal move (game.py checks
it first with moves.py, which lists the moves); events are (text, to) pairs, ``to`` None
for a public one, and texts name players "{pN}".

One module per chapter of the rulebook, each rule a function named after it:

- setup.py: a new game, the founding phase (snake order, start settlements and their road
  or ship, the second settlement's yield);
- turn.py: whom the game waits for, the roll, the end of a turn;
- production.py: what a roll yields, the bank running short, gold fields;
- robber_and_pirate.py: a 7, the discards, the robber and the pirate, stealing;
- building.py: costs, roads, ships, settlements and cities;
- ships.py: which ships may move (an open line's foremost ship, ``may_move_ship``: "Only 1
  ship can be moved each round. A ship cannot be built and moved in the same round
  however") and moving one;
- development_cards.py: buying and playing them, Road Building, Year of Plenty, Monopoly,
  the Largest Army;
- bank_trade.py and offers.py: trade with the bank and with the other players (the house
  rule's answers: house_rule.py);
- longest_route.py and victory.py: the Longest Trade Route, victory points and the end.

Around them: facts.py (what follows from the pieces: places, counts, harbour ratios),
moves.py and labels.py (the legal moves and their sentences), scenario_rules/ (each
scenario's own rules, one module each), decisions.py (our decisions where the rulebook is
silent), chance.py (every random draw), words.py and hands.py (names and cards).

The names imported from here before the chapters had modules of their own are imported
here still (the list at the end).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import offers
from .bank_trade import trade_with_bank
from .building import (
    COST,
    build_city,
    build_route,
    build_settlement,
    buildable,
    free_route_possible,
)
from .chance import die, draw
from .development_cards import (
    DEV_NAMES,
    buy_development_card,
    place_free_route,
    play_development_card,
    take_plenty,
)
from .facts import (
    all_pieces,
    count_pieces,
    distance_ok,
    facts,
    harbour_ratio,
    hex_info,
    pieces_left,
    put_building,
    put_pirate,
    put_route,
    route_ok,
    settle_ok,
)
from .hands import RI, can_pay, cards_text, n_cards, pay
from .longest_route import route_length, update_longest
from .moves import legal_pairs as legal
from .offers import OFFER_MAX, OFFERS_PER_TURN, add_card, in_order, offer_text
from .production import pick_gold, produce
from .robber_and_pirate import discard, move_pirate, move_robber, rob_chosen
from .scenario_rules import rules_of
from .setup import found_settlement, new_state, place_start_route, snake
from .ships import may_move_ship, movable_ships, move_ship, open_ships
from .state import Phase, State
from .turn import end_turn, roll_dice, to_act
from .victory import VP_MOVES, check_win, public_vp, total_vp
from .words import P, edge_name, hex_name, hex_words

Events = list[tuple[str, Any]]
Move = tuple[str, dict[str, Any]]

#: the moves of the player on turn before and after the roll (ROLL and MAIN), by kind
TURN_MOVES: dict[str, Callable[[State, int, dict[str, Any]], Events]] = {
    "roll": lambda s, seat, a: roll_dice(s, seat),
    "end": lambda s, seat, a: end_turn(s, seat),
    "end_auto": lambda s, seat, a: end_turn(s, seat, house_rule=True),
    "offer": lambda s, seat, a: offers.play(s, seat, "offer", a),
    "bank": lambda s, seat, a: trade_with_bank(s, seat, a["give"], a["get"]),
    "play": lambda s, seat, a: play_development_card(s, seat, a["card"], a.get("res")),
    "road": lambda s, seat, a: build_route(s, seat, "road", a["e"]),
    "ship": lambda s, seat, a: build_route(s, seat, "ship", a["e"]),
    "settlement": lambda s, seat, a: build_settlement(s, seat, a["c"]),
    "city": lambda s, seat, a: build_city(s, seat, a["c"]),
    "buy": lambda s, seat, a: buy_development_card(s, seat),
    "move_ship": lambda s, seat, a: move_ship(s, seat, a["e"], a["to"]),
}

#: the moves of every other phase, by phase (the move's kind given too)
PHASE_MOVES: dict[str, Callable[[State, int, str, dict[str, Any]], Events]] = {
    Phase.COMPOSE: offers.play,
    Phase.HARBOURS: lambda s, seat, kind, a: rules_of(s).place_harbour(s, seat, a["e"]),
    Phase.SETUP_SETTLE: lambda s, seat, kind, a: found_settlement(s, seat, a["c"]),
    Phase.SETUP_ROUTE: lambda s, seat, kind, a: place_start_route(s, seat, kind, a["e"]),
    Phase.DISCARD: lambda s, seat, kind, a: discard(s, seat, a["res"]),
    Phase.GOLD: lambda s, seat, kind, a: pick_gold(s, seat, a["res"]),
    Phase.ROBBER: lambda s, seat, kind, a: (move_robber if kind == "robber" else move_pirate)(
        s, seat, a["hex"]),
    Phase.STEAL: lambda s, seat, kind, a: rob_chosen(s, seat, a["seat"]),
    Phase.PLENTY: lambda s, seat, kind, a: take_plenty(s, seat, a["res"]),
    Phase.FREE_ROUTES: lambda s, seat, kind, a: place_free_route(s, seat, kind, a.get("e")),
}


def play(s: State, seat: int, kind: str, args: dict[str, Any]) -> Events:
    """Apply a legal move; returns events as (text, to) with to None for public."""
    ph = s.phase
    if ph == Phase.MAIN or ph == Phase.ROLL:  # the most frequent moves
        if s.offer is None:
            return TURN_MOVES[kind](s, seat, args)
        return _with_offer_open(s, seat, kind, args)
    step = PHASE_MOVES.get(ph)
    if step is None:
        return rules_of(s).play_phase(s, seat, kind, args)  # a phase of the scenario's own
    return step(s, seat, kind, args)


def _with_offer_open(s: State, seat: int, kind: str, args: dict[str, Any]) -> Events:
    """A move while an offer is open (offers.py): another player's answer; the offerer's
    trade or withdrawal; or any other move of his, which ends the offer first."""
    if seat != s.turn or kind in ("trade", "withdraw"):
        return offers.play(s, seat, kind, args)
    ev = offers.close(s)
    ev.extend(TURN_MOVES[kind](s, seat, args))
    return ev


__all__ = [
    "COST", "DEV_NAMES", "Move", "OFFERS_PER_TURN", "OFFER_MAX", "P", "PHASE_MOVES", "RI",
    "TURN_MOVES", "VP_MOVES", "add_card", "all_pieces", "buildable", "can_pay",
    "cards_text", "check_win", "count_pieces", "die", "distance_ok", "draw", "edge_name",
    "facts", "free_route_possible", "harbour_ratio", "hex_info", "hex_name", "hex_words",
    "in_order", "legal", "may_move_ship", "movable_ships", "move_ship", "n_cards",
    "new_state", "offer_text", "open_ships", "pay", "pieces_left", "play", "produce",
    "public_vp", "put_building", "put_pirate", "put_route", "route_length", "route_ok",
    "settle_ok", "snake", "to_act", "total_vp", "update_longest",
]
