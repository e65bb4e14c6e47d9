"""Catan: Seafarers as a Game of the Parley contract (engine/core.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core import JSON, Action, Event, IllegalAction, Option, resolve_options

from . import ai as _ai
from . import rules
from .board import RESOURCES
from .rules import COST, DEV_NAMES, OFFERS_PER_TURN, P, edge_name, hex_name
from .scenarios import PLAYABLE, scenario
from .state import State
from .state import clone as _clone
from .state import dump as _dump
from .state import load as _load
from .view import determinize as _determinize
from .view import view as _view

#: the game ends after this many rounds at the latest (most VP wins); a real game of New
#: Shores takes 15 to 25 rounds, so people never meet it, while random play must end.
ROUND_LIMIT = 100
#: moves one turn can hold at most: roll and end 2; discards, gold picks and bank trades
#: each at most the 95 resource cards (+ what trades bring in), 120 each; 39 pieces and 25
#: development cards bought; a card played with its 2 free steps, robber, steal, a ship
#: moved: 8; 2 offers of at most 4 + 4 + 2 steps to build, each of 3 other players
#: answering in at most 4 + 4 + 2 steps, and a confirmation: 2 * 41. Total < 600.
TURN_BOUND = 600


def _cost_text(kind: str) -> str:
    return ", ".join(f"{k} {RESOURCES[i]}" for i, k in enumerate(COST[kind]) if k)


def label(s: State, seat: int, kind: str, args: Mapping[str, Any]) -> str:
    b = s.board
    setup = s.phase in ("setup_settlement", "setup_route")
    free = setup or s.phase == "free_routes"
    if kind == "settlement":
        c = args["c"] + 1
        return f"Found a start settlement at {c}" if setup else (
            f"Build a settlement at {c} ({_cost_text('settlement')})")
    if kind in ("road", "ship"):
        cost = "free" if free else _cost_text(kind)
        return f"Build a {kind} on {edge_name(b, args['e'])} ({cost})"
    if kind == "city":
        return f"Upgrade the settlement at {args['c'] + 1} to a city ({_cost_text('city')})"
    if kind == "buy":
        return f"Buy a development card ({_cost_text('dev')})"
    if kind == "play":
        name = DEV_NAMES[args["card"]]
        return f"Play {name} on {args['res']}" if "res" in args else f"Play {name}"
    if kind == "roll":
        return "Roll the dice"
    if kind == "end":
        return "End your turn"
    if kind == "move_ship":
        return f"Move the ship on {edge_name(b, args['e'])} to {edge_name(b, args['to'])}"
    if kind == "bank":
        ratio = rules.harbour_ratio(s, seat, rules.RI[args["give"]])
        where = "the bank" if ratio == 4 else "your harbour"
        return f"Trade {ratio} {args['give']} for 1 {args['get']} with {where}"
    if kind == "discard":
        return f"Discard 1 {args['res']} ({s.owed[seat]} still to discard)"
    if kind == "gold":
        return f"Take 1 {args['res']} from the gold field"
    if kind == "plenty":
        return f"Take 1 {args['res']} (Year of Plenty)"
    if kind == "robber":
        return f"Move the robber to {hex_name(s, args['hex'])}"
    if kind == "pirate":
        return f"Move the pirate to {hex_name(s, args['hex'])}"
    if kind == "steal":
        return f"Steal a card from {P(args['seat'])}"
    if kind == "stop":
        return "Place no more free roads or ships"
    if kind in ("offer_give", "counter_give"):
        return f"Offer 1 {args['res']}"
    if kind in ("offer_get", "counter_get"):
        return f"Ask for 1 {args['res']}"
    if kind == "offer_send":
        o = s.offer
        return f"Offer {rules.offer_text(o['give'])} for {rules.offer_text(o['get'])}"
    if kind == "counter_send":
        c = s.offer["counters"][str(seat)]
        return f"Counter: {rules.offer_text(c['give'])} for {rules.offer_text(c['get'])}"
    if kind == "offer_cancel":
        return "Cancel this offer"
    if kind == "accept":
        o = s.offer
        return f"Accept: give {rules.offer_text(o['get'])} for {rules.offer_text(o['give'])}"
    if kind == "decline":
        return "Decline the offer"
    if kind == "trade":
        return f"Trade with {P(args['seat'])}"
    if kind == "withdraw":
        return "Withdraw the offer"
    return kind


class Seafarers:
    id = "seafarers"
    title = "Catan: Seafarers"
    min_players = 3
    max_players = 4
    options: Mapping[str, Option] = {
        "scenario": Option(PLAYABLE, "new_shores", "The scenario: New Shores (3-4 players)."),
    }
    #: random play ends within the round limit: (setup) + rounds * seats * moves per turn
    max_actions = 16 + ROUND_LIMIT * 4 * TURN_BOUND
    dm_keys = ("hand", "dev_cards")

    def setup(self, n_players: int, options: Mapping[str, JSON], seed: str) -> State:
        opts = resolve_options(self.options, options)
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError("Seafarers is played by 3 or 4 players.")
        sc = scenario(opts["scenario"])
        if n_players not in sc.players:
            raise ValueError(f"{sc.name} is played by {' or '.join(map(str, sc.players))}.")
        return rules.new_state(n_players, seed, opts["scenario"], ROUND_LIMIT)

    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return [Action(k, a, label(state, seat, k, a)) for k, a in rules.legal(state, seat)]

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        moves = rules.legal(state, seat, action.kind)
        if (action.kind, dict(action.args)) not in moves:
            raise IllegalAction(self._refusal(state, seat, rules.legal(state, seat)))
        out = rules.play(state, seat, action.kind, dict(action.args))
        out.extend(rules.check_win(state))
        events = []
        for text, to in out:
            events.append(Event(action.kind, text, to))
            if to is None:
                state.log.append(text)
        del state.log[:-10]
        return events

    def _refusal(self, s: State, seat: int, moves: list) -> str:
        if s.phase == "over":
            return "The game is over."
        if not moves:
            return "It is not your move now; please wait."
        kinds = sorted({k for k, _ in moves})
        return "That move is not allowed now. You may: " + ", ".join(kinds) + "."

    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat)

    def determinize(self, state: State, seat: int | None, rng: random.Random) -> State:
        return _determinize(state, seat, rng)

    def result(self, state: State) -> dict | None:
        if state.result is None:
            return None
        return {k: (list(v) if isinstance(v, list) else v) for k, v in state.result.items()}

    def dump(self, state: State) -> dict:
        return _dump(state)

    def load(self, data: Mapping[str, JSON]) -> State:
        return _load(data)

    def rules_text(self, options: Mapping[str, JSON]) -> str:
        opts = resolve_options(self.options, options)
        return rules_markdown(opts["scenario"])

    def clone(self, state: State) -> State:
        return _clone(state)

    def ai_action(
        self, state: State, seat: int, rng: random.Random, level: str = "easy"
    ) -> Action | None:
        action = _ai.ai_action(state, seat, rng, level)
        if action is None:
            return None
        return Action(action.kind, action.args, label(state, seat, action.kind, action.args))

    def evaluate(self, state: State, seat: int) -> float:
        return _ai.evaluate(state, seat)


def rules_markdown(sid: str) -> str:
    sc = scenario(sid)
    lines = [
        f"**Catan: Seafarers, {sc.name}** ({' or '.join(map(str, sc.players))} players): "
        f"first to {sc.victory_points} victory points on their own turn wins.",
        "Base Catan rules with ships, gold fields and the pirate (seafarers.txt).",
        "",
        "**Decisions of ours where the rulebook leaves a choice:**",
        "- Trading and building are one phase after the roll, as experienced players play.",
        "- A knight lets you move the robber or the pirate, as a 7 does.",
        "- Any coastal start settlement may take a ship instead of its road.",
        "- A line of ships is closed only between two of your own settlements or cities; a "
        "line ending at another player's settlement is open, and its end ship may move.",
        "- The pirate starts off the board; it enters on the first 7 or knight that moves it.",
        "- Gold fields: one pick per card owed, from what the bank still holds; if the bank "
        "is empty the rest is lost.",
        f"- A player may make at most {OFFERS_PER_TURN} trade offers per turn, each of at "
        f"most {rules.OFFER_MAX} cards each way; counter-offers are built the same way.",
        "- The main island is dealt at random with the base game's number spiral; 6s and 8s "
        "never touch.",
        "- New Shores has 8 sea hexes outside the main island's ring instead of the "
        "rulebook's 10 (the layout data; the count differs by how the frame is counted).",
        "- The special victory point comes once per player, for the first settlement on any "
        "small island.",
        f"- The game ends after {ROUND_LIMIT} rounds at the latest: the most victory points "
        "win (shared on a tie).",
    ]
    return "\n".join(lines)
