"""The Catanatron bridge (bench/catanatron_bridge.py) without Catanatron: a position as the
bench's child process describes it (catanatron_position.json: a four-player base game at
turn 74, seat 0 to play after its roll, recorded from Catanatron 3.2.1; its ``legal`` is
Catanatron's full list there) becomes our classic state tile for tile, pieces map both
ways, our legal moves are exactly Catanatron's, and the other seats' hidden cards are
dealt from what seat 0 cannot see, never read from the description."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bench import catanatron_bridge as bridge
from engine.seafarers.state import BANK_EACH, Phase
from engine.seafarers.victory import public_vp

ROOT = Path(__file__).resolve().parents[2]
POSITION = json.loads((Path(__file__).with_name("catanatron_position.json")).read_text())
#: what the description says of each seat: counts, never which cards
PUBLIC = {"cards", "devs", "played", "knights", "vp", "road", "longest", "army"}


@pytest.fixture
def desc() -> dict:
    return copy.deepcopy(POSITION)


def test_the_board_maps_tile_for_tile(desc):
    s = bridge.build_state(desc, random.Random(1))
    b = s.board
    land = {}
    for tile in desc["tiles"]:
        h = b.hex_index[bridge.hex_of(tile["cube"])]
        land[h] = tile
        assert s.terrain[h] == bridge.TERRAIN[tile["resource"]]
        assert s.chips[h] == (tile["number"] or 0)
    assert b.hexes[b.hex_index[bridge.hex_of([0, 0, 0])]] == (1, 3)  # the centre
    assert len(land) == 19
    assert all(t == "sea" for h, t in enumerate(s.terrain) if h not in land)
    assert sorted(s.terrain[h] for h in land) == sorted(
        ["wood"] * 4 + ["brick"] * 3 + ["meadow"] * 4 + ["wheat"] * 4 + ["mountain"] * 3
        + ["desert"])
    assert s.robber == b.hex_index[bridge.hex_of(desc["robber"])]
    # every node is one corner, touching every tile that lists it
    corners = bridge.node_corners(desc, s)
    assert len(corners) == 54 and len(set(corners.values())) == 54
    for tile in desc["tiles"]:
        h = b.hex_index[bridge.hex_of(tile["cube"])]
        for node in tile["nodes"]:
            assert h in b.corner_hexes[corners[node]]
    kinds = Counter(kind for _, kind, _, _ in s.harbours)
    assert kinds == {"any": 4, "wood": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1}
    for (h, kind, c1, c2), port in zip(s.harbours, desc["ports"], strict=True):
        assert kind == bridge.HARBOUR[port["resource"]]
        assert {c1, c2} == {corners[x] for x in port["nodes"]}
        assert b.terrain[h] == "sea" and b.hexes[h] == bridge.hex_of(port["cube"])


def test_pieces_map_both_ways(desc):
    s = bridge.build_state(desc, random.Random(1))
    corners = bridge.node_corners(desc, s)
    for node, seat, kind in desc["buildings"]:
        assert s.buildings[corners[node]] == [seat, 2 if kind == "CITY" else 1]
    assert sum(b is not None for b in s.buildings) == len(desc["buildings"])
    for a, c, seat in desc["roads"]:
        assert s.routes[bridge.edge_of(s, corners, a, c)] == [seat, "road"]
    assert sum(r is not None for r in s.routes) == len(desc["roads"])
    # and back: a city, a settlement, a road of ours name Catanatron's nodes
    assert bridge.to_catanatron(s, 0, [("city", {"c": corners[4]})], desc) == ["BUILD_CITY", 4]
    assert bridge.to_catanatron(s, 0, [("settlement", {"c": corners[28]})], desc) == [
        "BUILD_SETTLEMENT", 28]
    e = bridge.edge_of(s, corners, 10, 9)
    assert bridge.to_catanatron(s, 0, [("road", {"e": e})], desc) == ["BUILD_ROAD", [9, 10]]
    # the public counts follow from the pieces as Catanatron counts them
    assert [p["vp"] for p in desc["players"]] == [
        public_vp(s, p) for p in range(4)]


def test_our_legal_moves_are_catanatrons(desc):
    """No trade offer (Catanatron has no player trade); every other move is one of the
    legal actions, and every legal action is one of our moves."""
    s = bridge.build_state(desc, random.Random(1))
    ours = bridge.GAME.legal_actions(s, 0)
    assert "offer" not in {a.kind for a in ours}
    mapped = [bridge.find(desc["legal"], bridge.to_catanatron(s, 0, [(a.kind, dict(a.args))],
                                                              desc)) for a in ours]
    assert None not in mapped
    assert sorted(set(mapped)) == list(range(len(desc["legal"])))
    assert desc["legal"][mapped[[a.kind for a in ours].index("bank")]][0] == "MARITIME_TRADE"


def test_moves_of_several_steps_make_one_action(desc):
    s = bridge.build_state(desc, random.Random(1))
    h = s.board.hex_index[bridge.hex_of([1, -1, 0])]
    robbed = bridge.to_catanatron(s, 0, [("robber", {"hex": h}), ("steal", {"seat": 2})], desc)
    assert robbed == ["MOVE_ROBBER", [[1, -1, 0], 2]]
    alone = bridge.to_catanatron(s, 0, [("robber", {"hex": h})], desc)
    legal = [["MOVE_ROBBER", [[1, -1, 0], 1]], ["MOVE_ROBBER", [[0, 0, 0], 2]]]
    assert bridge.find(legal, alone) == 0  # our engine robbed the only victim there itself
    plenty = [("play", {"card": "plenty"}), ("plenty", {"res": "wool"}),
              ("plenty", {"res": "wood"})]
    assert bridge.continues("play", {"card": "plenty"}) and bridge.continues("robber", {})
    assert bridge.to_catanatron(s, 0, plenty, desc) == ["PLAY_YEAR_OF_PLENTY", ["WOOD", "SHEEP"]]
    assert bridge.to_catanatron(s, 0, [("play", {"card": "monopoly", "res": "ore"})], desc) == [
        "PLAY_MONOPOLY", "ORE"]


def test_a_move_catanatron_lacks_falls_back_to_ending_the_turn(desc):
    s = bridge.build_state(desc, random.Random(1))
    action = bridge.to_catanatron(s, 0, [("stop", {})], desc)
    assert action is None and bridge.find(desc["legal"], action) is None
    assert desc["legal"][bridge.fallback(desc["legal"])] == ["END_TURN", None]


def test_hidden_cards_are_dealt_not_read(desc):
    """The description holds only counts of the other seats; the state deals them from the
    cards seat 0 cannot see, differently for each rng, always matching the counts."""
    for p in desc["players"]:
        assert set(p) == PUBLIC
    deals = set()
    for k in range(20):
        s = bridge.build_state(desc, random.Random(k))
        assert s.hands[0] == desc["hand"]
        for p in range(1, 4):
            assert sum(s.hands[p]) == desc["players"][p]["cards"]
            assert len(s.devs[p]) == desc["players"][p]["devs"]
        for i in range(5):
            assert sum(s.hands[p][i] for p in range(4)) + s.bank[i] == BANK_EACH
        assert len(s.deck) == desc["deck"]
        deals.add(tuple(tuple(s.hands[p]) for p in range(1, 4)))
    assert len(deals) > 10


def test_development_cards_count_what_was_played(desc):
    desc["devs"] = ["KNIGHT", "VICTORY_POINT"]
    desc["devs_new"] = ["VICTORY_POINT"]
    desc["deck"] -= 2
    desc["legal"].append(["PLAY_KNIGHT_CARD", None])
    desc["players"][2]["devs"] = 3
    desc["deck"] -= 3
    s = bridge.build_state(desc, random.Random(3))
    assert s.devs[0] == ["knight", "victory_point"] and s.new_devs[0] == ["victory_point"]
    unseen = Counter(s.deck) + Counter(s.devs[2])
    assert unseen["knight"] == 14 - 1 - 1  # seat 3 played one, seat 0 holds one
    assert sum(unseen.values()) == 25 - 2 - 1
    assert s.phase == Phase.MAIN and s.turn == 0


def test_the_founding_phase(desc):
    desc.update(prompt="BUILD_INITIAL_ROAD", rolled=False, last_settlement=28,
                buildings=[[28, 0, "SETTLEMENT"]], roads=[], num_turns=0)
    for p in desc["players"]:
        p.update(cards=0, devs=0, vp=0, longest=False, army=False, knights=0,
                 played=dict.fromkeys(p["played"], 0))
    desc.update(hand=[0] * 5, bank=[19] * 5, deck=25)
    s = bridge.build_state(desc, random.Random(1))
    assert s.phase == Phase.SETUP_ROUTE and s.setup_step == 0
    ours = bridge.GAME.legal_actions(s, 0)
    got = {tuple(bridge.to_catanatron(s, 0, [(a.kind, dict(a.args))], desc)[1])
           for a in ours}
    neighbours = {tuple(sorted((a, b))) for t in desc["tiles"]
                  for a, b in zip(t["nodes"], t["nodes"][1:] + t["nodes"][:1], strict=True)
                  if 28 in (a, b)}
    assert got == neighbours


def test_the_bench_says_how_to_install_catanatron_when_it_is_missing():
    done = subprocess.run([sys.executable, str(ROOT / "bench/bench_catanatron.py"),
                           "--python", "/nonexistent/python"],
                          capture_output=True, text=True, timeout=60)
    assert "pip install catanatron==3.2.1" in done.stderr
    assert done.returncode == 0 and done.stdout == ""  # no match; `make bench` goes on


def test_a_card_catanatron_does_not_offer_now_waits_for_the_next_turn(desc):
    """Catanatron offers Road Building only while the player holds a road's cost, and
    before the roll only the Knight: our AI plans without the others, this turn."""
    desc["devs"] = ["KNIGHT", "MONOPOLY", "ROAD_BUILDING"]
    desc["players"][0]["devs"] = 3
    desc["deck"] -= 3
    desc["legal"].append(["PLAY_KNIGHT_CARD", None])
    desc["legal"] += [["PLAY_MONOPOLY", r] for r in bridge.THEIR_RES]
    s = bridge.build_state(desc, random.Random(1))
    plays = {a.args["card"] for a in bridge.GAME.legal_actions(s, 0) if a.kind == "play"}
    assert plays == {"knight", "monopoly"}
    desc.update(rolled=False, legal=[["ROLL", None], ["PLAY_KNIGHT_CARD", None]])
    s = bridge.build_state(desc, random.Random(1))
    assert s.phase == Phase.ROLL
    assert [(a.kind, a.args.get("card")) for a in bridge.GAME.legal_actions(s, 0)] == [
        ("play", "knight"), ("roll", None)]
