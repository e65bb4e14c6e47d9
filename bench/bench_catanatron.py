"""Our Seafarers ``hard`` AI against Catanatron's best bots, in four-player base games
(issue 26, "Seafarers against Catanatron").

    .venv/bin/python bench/bench_catanatron.py [--games N] [--first K] [--seats 1|2]
        [--opponent alphabeta|value] [--python PATH] [--catanatron-src DIR]

Catanatron (3.2.1) is the referee: a child process of an interpreter that has it installed
(``--python``, else $CATANATRON_PYTHON, else /tmp/catan-venv/bin/python; this bench
installs nothing) plays the game, its bots choose for their seats, and at each decision of
one of our seats it writes one JSON line with what that seat may know (the board, every
piece, the seat's own cards, the others' public counts; bench/catanatron_bridge.py) and
Catanatron's legal actions. This process builds our ``classic`` state from it (the other
seats' hidden cards dealt at random from the unseen ones), asks our AI
(``engine.ai.choose(..., "hard")``, fixed counts, no time limit: ``engine.ai.untimed``),
maps its move to one of the legal actions and answers with its index. Our AI never sees a
card it could not see at a table; Catanatron's bots read the whole state (as they do in
its own benchmarks).

AlphaBetaPlayer and ValueFunctionPlayer are not in the PyPI package: they live in the
repository's ``catanatron_experimental`` at the 3.2.1 release (commit 87c4aec), with
``catanatron_gym/features.py``. ``--catanatron-src`` (else $CATANATRON_SRC, else
/tmp/catanatron-src) names a folder holding ``catanatron_experimental/`` and
``catanatron_gym/`` of that commit, as in the repository; the child loads the two players
from there without their packages' ``__init__`` (which need gym and rich).
docs/developing.md ("Against Catanatron") says how to make both.

Game g has Catanatron seed 1000 + g (its map, seating order, dice and steals); our seats
are seat g mod 4 (``--seats 1``) or seats g mod 2 and g mod 2 + 2 (``--seats 2``), so our
AI takes each place at the table in turn. Prints one row per match: our wins (a game
Catanatron cuts at 1000 turns counts as nobody's), the games, our share and its 95% Wilson
interval against the fair share (seats / 4), the moves Catanatron had no action for
(answered by ``catanatron_bridge.fallback``), and the slowest move of our AI in seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import catanatron_bridge as bridge  # noqa: E402
from bench_ai_ladder import wilson  # noqa: E402
from bench_seafarers import catanatron_python  # noqa: E402

from engine.ai import choose, untimed  # noqa: E402
from engine.seafarers.state import Phase, clone  # noqa: E402

GAME = bridge.GAME
LEVEL = "hard"

#: Catanatron's side: argv seed, our seats ("0,2"), opponent, the repository folder. Plays
#: one game; for each decision of our seats writes {"ask": description} and reads the
#: index of the action to play; at the end writes {"end": ...}.
CHILD = r'''
import json, os, sys, time, types
seed, ours, opponent, src = int(sys.argv[1]), {int(x) for x in sys.argv[2].split(",")}, sys.argv[3], sys.argv[4]
for name, path in (("catanatron_gym", "catanatron_gym/catanatron_gym"),
                   ("catanatron_experimental", "catanatron_experimental/catanatron_experimental"),
                   ("catanatron_experimental.machine_learning",
                    "catanatron_experimental/catanatron_experimental/machine_learning"),
                   ("catanatron_experimental.machine_learning.players",
                    "catanatron_experimental/catanatron_experimental/machine_learning/players")):
    package = types.ModuleType(name)
    package.__path__ = [os.path.join(src, path)]
    sys.modules[name] = package
from catanatron_experimental.machine_learning.players.minimax import (
    AlphaBetaPlayer, ValueFunctionPlayer)
from catanatron import Color, Game
from catanatron.game import TURNS_LIMIT
from catanatron.models.enums import ActionPrompt, ActionType, DEVELOPMENT_CARDS, RESOURCES
from catanatron.models.map import LandTile, NodeRef, Port, PORT_DIRECTION_TO_NODEREFS

BOT = {"alphabeta": AlphaBetaPlayer, "value": ValueFunctionPlayer}[opponent]
ORDER = (NodeRef.NORTH, NodeRef.NORTHEAST, NodeRef.SOUTHEAST, NodeRef.SOUTH,
         NodeRef.SOUTHWEST, NodeRef.NORTHWEST)
colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
game = Game([BOT(c) for c in colors], seed=seed)
state = game.state
seat_of = {c: i for i, c in enumerate(state.colors)}
ps = state.player_state
tiles = [{"cube": list(xyz), "resource": t.resource, "number": t.number,
          "nodes": [t.nodes[r] for r in ORDER]}
         for xyz, t in state.board.map.tiles.items() if isinstance(t, LandTile)]
ports = [{"cube": list(xyz), "resource": t.resource,
          "nodes": [t.nodes[r] for r in PORT_DIRECTION_TO_NODEREFS[t.direction]]}
         for xyz, t in state.board.map.tiles.items() if isinstance(t, Port)]

def value(a):
    v = a.value
    if a.action_type == ActionType.MOVE_ROBBER:
        return [list(v[0]), None if v[1] is None else seat_of[v[1]]]
    if a.action_type == ActionType.BUILD_ROAD:
        return sorted(v)
    return list(v) if isinstance(v, tuple) else v

def public(i):
    k = f"P{i}_"
    return {"cards": sum(ps[k + r + "_IN_HAND"] for r in RESOURCES),
            "devs": sum(ps[k + d + "_IN_HAND"] for d in DEVELOPMENT_CARDS),
            "played": {d: ps[k + "PLAYED_" + d] for d in DEVELOPMENT_CARDS},
            "knights": ps[k + "PLAYED_KNIGHT"], "vp": ps[k + "VICTORY_POINTS"],
            "road": ps[k + "LONGEST_ROAD_LENGTH"], "longest": ps[k + "HAS_ROAD"],
            "army": ps[k + "HAS_ARMY"]}

def bought_this_turn(color):
    out = []
    for a in reversed(state.actions):
        if a.action_type == ActionType.END_TURN:
            break
        if a.color == color and a.action_type == ActionType.BUY_DEVELOPMENT_CARD:
            out.append(a.value)
    return out

def describe(color):
    i = seat_of[color]
    k = f"P{i}_"
    roads = {tuple(sorted(e)): seat_of[c] for e, c in state.board.roads.items()}
    settlements = state.buildings_by_color[color]["SETTLEMENT"]
    return {
        "seat": i, "n": len(colors), "prompt": state.current_prompt.value,
        "rolled": ps[k + "HAS_ROLLED"],
        "dev_played": ps[k + "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"],
        "free_roads": state.free_roads_available if state.is_road_building else 0,
        "turn": state.current_turn_index, "num_turns": state.num_turns,
        "tiles": tiles, "ports": ports, "robber": list(state.board.robber_coordinate),
        "buildings": [[node, seat_of[c], kind] for node, (c, kind) in state.board.buildings.items()],
        "roads": [[a, b, p] for (a, b), p in roads.items()],
        "last_settlement": settlements[-1] if settlements else None,
        "bank": list(state.resource_freqdeck), "deck": len(state.development_listdeck),
        "hand": [ps[k + r + "_IN_HAND"] for r in RESOURCES],
        "devs": [d for d in DEVELOPMENT_CARDS for _ in range(ps[k + d + "_IN_HAND"])],
        "devs_new": bought_this_turn(color),
        "players": [public(p) for p in range(len(colors))],
        "legal": [[a.action_type.value, value(a)] for a in state.playable_actions],
    }

slowest = 0.0
while game.winning_color() is None and state.num_turns < TURNS_LIMIT:
    color = state.current_color()
    if seat_of[color] in ours:
        print(json.dumps({"ask": describe(color)}), flush=True)
        action = state.playable_actions[int(sys.stdin.readline())]
    else:
        t = time.perf_counter()
        action = state.current_player().decide(game, state.playable_actions)
        slowest = max(slowest, time.perf_counter() - t)
    game.execute(action)
winner = game.winning_color()
print(json.dumps({"end": {"winner": None if winner is None else seat_of[winner],
                          "vp": [ps[f"P{i}_ACTUAL_VICTORY_POINTS"] for i in range(len(colors))],
                          "turns": state.num_turns, "slowest": slowest}}), flush=True)
'''


def decide(desc: dict, rng: random.Random, seed: str) -> tuple[int, float, bool]:
    """Our seat's answer to one Catanatron decision: the index of the legal action, the
    seconds our AI took, and whether Catanatron had no action for its move. Discards are
    Catanatron's (a random half: the only discard its legal actions offer)."""
    legal = desc["legal"]
    if desc["prompt"] == "DISCARD" or len(legal) == 1:
        return 0, 0.0, False
    state = bridge.build_state(desc, rng, seed)
    first = clone(state)  # the state the move is mapped in
    seat = desc["seat"]
    budget = untimed(GAME, LEVEL)
    moves: list[tuple[str, dict]] = []
    start = time.perf_counter()
    while True:
        action = choose(GAME, state, seat, rng, LEVEL, budget)
        moves.append((action.kind, dict(action.args)))
        if not bridge.continues(action.kind, action.args):
            break
        GAME.apply(state, seat, action)
        if state.phase not in (Phase.STEAL, Phase.PLENTY) or seat not in GAME.to_act(state):
            break
    took = time.perf_counter() - start
    index = bridge.find(legal, bridge.to_catanatron(first, seat, moves, desc))
    if index is None:
        print(f"    fallback: our {moves} at {desc['prompt']} (rolled: {desc['rolled']}) is "
              "no legal action", file=sys.stderr)
        return bridge.fallback(legal), took, True
    return index, took, False


def play(python: str, src: str, g: int, seats: int, opponent: str) -> dict:
    """One game; its end record with our seats, the slowest move of our AI and the
    fallbacks added."""
    ours = [g % 4] if seats == 1 else [g % 2, g % 2 + 2]
    seed = f"catanatron-{opponent}-{seats}-{g}"
    rng = random.Random(seed)
    child = subprocess.Popen(
        [python, "-c", CHILD, str(1000 + g), ",".join(map(str, ours)), opponent, src],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"})  # its legal actions come from sets of str
    assert child.stdin is not None and child.stdout is not None
    slowest, fallbacks, asked = 0.0, 0, 0
    end = None
    try:
        for line in child.stdout:
            msg = json.loads(line)
            if "end" in msg:
                end = msg["end"]
                break
            index, took, fell = decide(msg["ask"], rng, seed)
            slowest, fallbacks, asked = max(slowest, took), fallbacks + fell, asked + 1
            child.stdin.write(f"{index}\n")
            child.stdin.flush()
    except KeyboardInterrupt:
        child.kill()  # the game is dropped whole
        raise
    child.stdin.close()
    if child.wait() != 0 or end is None:
        sys.exit(f"bench_catanatron: Catanatron's process failed in game {g}.")
    return {**end, "ours": ours, "our_slowest": slowest, "fallbacks": fallbacks,
            "asked": asked}


def missing(python: str, src: str) -> str | None:
    """What is missing to run Catanatron's bots, with how to install it; None when ready."""
    how = ("install it into a throwaway venv and export its players (docs/developing.md, "
           "\"Against Catanatron\"): python3 -m venv /tmp/catan-venv && "
           "/tmp/catan-venv/bin/pip install catanatron==3.2.1")
    if not Path(python).exists():
        return f"bench_catanatron: no Catanatron interpreter at {python}; {how}"
    probe = subprocess.run([python, "-c", "import catanatron"], capture_output=True)
    if probe.returncode != 0:
        return f"bench_catanatron: {python} cannot import catanatron; {how}"
    players = Path(src) / "catanatron_experimental/catanatron_experimental/machine_learning"
    if not (players / "players/minimax.py").exists():
        return f"bench_catanatron: no AlphaBetaPlayer under {src}; {how}"
    return None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    parser.add_argument("--seats", type=int, choices=(1, 2), default=1)
    parser.add_argument("--opponent", choices=("alphabeta", "value"), default="alphabeta")
    parser.add_argument("--python", default=catanatron_python(""))
    parser.add_argument("--catanatron-src", default=os.environ.get("CATANATRON_SRC",
                                                                   "/tmp/catanatron-src"))
    args = parser.parse_args(argv)
    lacking = missing(args.python, args.catanatron_src)
    if lacking:  # skipped with a sentence, as bench_seafarers skips valgrind's count
        print(lacking, file=sys.stderr)
        return
    # stopped early (Ctrl-C, or kill: a background job ignores SIGINT), it prints its row
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    done = Tally()
    t0 = time.perf_counter()
    try:
        for g in range(args.first, args.first + args.games):
            end = play(args.python, args.catanatron_src, g, args.seats, args.opponent)
            done.add(end)
            print(f"  game {g}: ours {end['ours']}, winner {end['winner']}, VP {end['vp']}, "
                  f"{end['turns']} turns, {end['fallbacks']} fallbacks, our slowest move "
                  f"{end['our_slowest']:.2f} s; so far "
                  f"{done.wins:g} of {done.games}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:  # the row of the games played so far
        print(f"  stopped after {done.games} games", file=sys.stderr)
    print("| ours | opponent | seats | wins | games | share | 95% interval | fair share "
          "| fallbacks / our decisions | slowest move, ours (s) | slowest, theirs (s) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    lo, hi = wilson(done.wins, done.games)
    print(f"| {LEVEL} | {args.opponent} | {args.seats} | {done.wins:g} | {done.games} | "
          f"{done.wins / max(1, done.games):.0%} | {lo:.0%}-{hi:.0%} | {args.seats / 4:.0%} "
          f"| {done.fallbacks} / {done.asked} | {done.slowest:.2f} | {done.theirs:.2f} |  "
          f"<!-- games {args.first}-{args.first + done.games - 1}, "
          f"{time.perf_counter() - t0:.0f} s -->", flush=True)


@dataclass
class Tally:
    """A match so far: our wins, the games, the fallbacks among our decisions, the slowest
    move of our AI and of Catanatron's bots."""

    wins: float = 0.0
    games: int = 0
    fallbacks: int = 0
    asked: int = 0
    slowest: float = 0.0
    theirs: float = 0.0

    def add(self, end: dict) -> None:
        self.wins += end["winner"] in end["ours"]
        self.games += 1
        self.fallbacks += end["fallbacks"]
        self.asked += end["asked"]
        self.slowest = max(self.slowest, end["our_slowest"])
        self.theirs = max(self.theirs, end["slowest"])

if __name__ == "__main__":
    main()
