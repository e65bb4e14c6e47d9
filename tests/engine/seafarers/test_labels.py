"""Move labels say where a move is in words a player reads off the board image: the hexes
a placement touches, each by its terrain's word and its number ("settlement at 37: ore 6,
wool 10, brick 3"), the sea, a harbour; the same words as on the image."""

from __future__ import annotations

import random

import pytest

from engine.seafarers import GAME
from engine.seafarers import rules as R
from engine.seafarers.board import TERRAIN_WORDS
from engine.seafarers.moves import LABEL_LIMIT, label
from engine.seafarers.state import Phase

from .helpers import give, lay, main_state, moves


def _words(s, h: int) -> str:
    word = TERRAIN_WORDS[s.terrain[h]]
    return f"{word} {s.chips[h]}" if s.chips[h] else word


def test_a_start_settlement_label_names_its_three_hexes_by_terrain_and_number() -> None:
    """The founding menu names a place by its hexes, the richest first, then its dots and
    its number on the board (issue 22, "Fewer clicks")."""
    s = GAME.setup(4, {}, "labels")
    b = s.board
    c = next(c for c in range(len(b.corners)) if len(b.corner_hexes[c]) == 3
             and all(s.terrain[h] not in ("sea", "desert") for h in b.corner_hexes[c]))
    a = next(a for a in GAME.legal_actions(s, 0) if a.args == {"c": c})
    dots = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
    hexes = sorted(b.corner_hexes[c], key=lambda h: (-dots[s.chips[h]], h))
    words = ", ".join(_words(s, h) for h in hexes)
    total = sum(dots[s.chips[h]] for h in hexes)
    assert a.label == f"{words} ({total} dots, at {c + 1})"


def test_a_coastal_place_says_sea_and_names_its_harbour() -> None:
    s = main_state(seed="harbour")
    _, kind, c, _ = s.harbours[0]
    text = label(s, 0, "settlement", {"c": c})
    harbour = "3:1 harbour" if kind == "any" else f"2:1 {kind} harbour"
    assert f", sea, {harbour} (1 wood, 1 brick, 1 wool, 1 grain)" in text
    assert text.startswith(f"Build a settlement at {c + 1}: ")


def test_a_road_label_names_the_two_hexes_it_runs_between_and_a_ship_may_be_at_sea() -> None:
    s = main_state(seed="edges")
    b = s.board
    e = next(e for e in range(len(b.edges)) if b.edge_land[e] and not b.edge_sea[e])
    h1, h2 = sorted(b.edge_hexes[e])
    assert label(s, 0, "road", {"e": e}) == (
        f"Build a road on {R.edge_name(b, e)}, between {_words(s, h1)} and {_words(s, h2)} "
        "(1 wood, 1 brick)")
    f = next(f for f in range(len(b.edges)) if not b.edge_land[f])
    assert label(s, 0, "ship", {"e": f}) == (
        f"Build a ship on {R.edge_name(b, f)}, at sea (1 wood, 1 wool)")


def test_the_robber_label_calls_a_hex_by_what_it_yields() -> None:
    s = main_state(seed="robber")
    s.phase, s.ret = Phase.ROBBER, Phase.MAIN
    h = next(h for h, t in enumerate(s.terrain) if t == "mountain" and h != s.robber)
    a = next(a for a in GAME.legal_actions(s, 0) if a.kind == "robber" and a.args["hex"] == h)
    assert a.label.endswith(f"(ore {s.chips[h]})")


def test_a_city_label_names_its_hexes() -> None:
    s = main_state(seed="city")
    b = s.board
    c = next(c for c in range(len(b.corners)) if len(b.corner_hexes[c]) == 3
             and all(s.terrain[h] != "sea" for h in b.corner_hexes[c]))
    s.buildings[c] = [0, 1]
    lay(s, 0, b.corner_edges[c][0], "road")
    give(s, 0, grain=2, ore=3)
    (a,) = [a for a in GAME.legal_actions(s, 0) if a.kind == "city"]
    words = ", ".join(_words(s, h) for h in sorted(b.corner_hexes[c]))
    assert a.label == f"Upgrade the settlement at {c + 1} to a city: {words} (2 grain, 3 ore)"


@pytest.mark.parametrize("sid", ["classic", "new_shores", "four_islands"])
def test_every_label_uses_the_images_words_and_fits_a_menu(sid: str) -> None:
    """No label says "mountain", "meadow" or "wheat" (the image says ORE, WOOL, GRAIN), and
    every label fits Discord's 100 characters."""
    for n in (3, 4):
        s = GAME.setup(n, {"scenario": sid}, f"words-{n}")
        rnd = random.Random(n)
        for _ in range(1500):
            if GAME.result(s) is not None:
                break
            seat = min(GAME.to_act(s))
            acts = GAME.legal_actions(s, seat)
            for a in acts:
                assert len(a.label) <= LABEL_LIMIT, a.label
                assert not {"mountain", "meadow", "wheat"} & set(a.label.replace(",", " ")
                                                                  .replace("(", " ").split())
            GAME.apply(s, seat, GAME.ai_action(s, seat, rnd) if rnd.random() < 0.8
                       else rnd.choice(acts))


def test_two_deals_of_one_terrain_never_share_labels() -> None:
    """Labels are kept per board; boards that differ only in their chips or harbours (The
    Four Islands' harbours are shuffled on a fixed map) keep their own."""
    a = GAME.setup(3, {"scenario": "four_islands"}, "deal-a")
    seed = next(f"deal-{k}" for k in range(50)
                if GAME.setup(3, {"scenario": "four_islands"}, f"deal-{k}").harbours
                != a.harbours)
    b = GAME.setup(3, {"scenario": "four_islands"}, seed)
    assert a.terrain == b.terrain and a.board is not b.board
    _, kind, c, _ = next(x for x, y in zip(a.harbours, b.harbours, strict=True) if x != y)
    la = next(x.label for x in GAME.legal_actions(a, 0) if x.args == {"c": c})
    lb = next(x.label for x in GAME.legal_actions(b, 0) if x.args == {"c": c})
    assert la != lb and ("3:1" if kind == "any" else kind) in la
    assert moves(a, 0, "settlement")


def test_a_robber_or_pirate_move_names_whom_it_lets_you_rob() -> None:
    """The issue: "the robber and pirate lists name whom each space would let you rob":
    the players with a building there (a ship, for the pirate) and a card in hand."""
    s = main_state(seed="victims")
    s.phase, s.ret = Phase.ROBBER, Phase.MAIN
    b = s.board
    h = next(h for h, t in enumerate(s.terrain) if t == "mountain" and h != s.robber)
    c1, c2 = b.hex_corners[h][0], b.hex_corners[h][3]
    s.buildings[c1], s.buildings[c2] = [1, 1], [2, 1]
    give(s, 1, ore=1)  # seat 2 holds no card: nothing to rob from it
    a = next(a for a in GAME.legal_actions(s, 0) if a.kind == "robber" and a.args["hex"] == h)
    assert a.label.endswith(f"(ore {s.chips[h]}), rob {{p1}}")
    give(s, 2, wood=1)
    a = next(a for a in GAME.legal_actions(s, 0) if a.kind == "robber" and a.args["hex"] == h)
    assert a.label.endswith(", rob {p1} or {p2}")
    sea = next(h for h, t in enumerate(s.terrain) if t == "sea" and h != s.pirate
               and len(b.hex_edges[h]) == 6)
    lay(s, 1, b.hex_edges[sea][0], "ship")
    a = next(a for a in GAME.legal_actions(s, 0) if a.kind == "pirate" and a.args["hex"] == sea)
    assert a.label.endswith(", rob {p1}")


def test_a_robber_move_names_nobody_once_its_players_cannot_be_robbed() -> None:
    """A move's label says whom it lets you rob now: once the player there has no card left,
    the same move names nobody (a label made earlier, when he had one, is not shown)."""
    s = main_state(seed="victims later")
    s.phase, s.ret = Phase.ROBBER, Phase.MAIN
    b = s.board
    h = next(h for h, t in enumerate(s.terrain) if t == "mountain" and h != s.robber)
    s.buildings[b.hex_corners[h][0]] = [1, 1]
    give(s, 1, ore=1)
    a = next(a for a in GAME.legal_actions(s, 0) if a.args == {"hex": h})
    assert a.label.endswith(", rob {p1}")
    s.hands[1] = [0] * 5
    a = next(a for a in GAME.legal_actions(s, 0) if a.args == {"hex": h})
    assert a.label == f"Move the robber to {R.hex_name(s, h)}"


def test_a_start_road_says_free_and_a_built_one_says_its_cost() -> None:
    s = GAME.setup(4, {"scenario": "classic"}, "free roads")
    GAME.apply(s, 0, GAME.legal_actions(s, 0)[0])
    start = GAME.legal_actions(s, 0)
    assert start and all(a.label.endswith(" (free)") for a in start)
    s = main_state(seed="costs")
    b = s.board
    c = next(c for c in range(len(b.corners)) if all(b.edge_land[e] for e in b.corner_edges[c]))
    s.buildings[c] = [0, 1]
    give(s, 0, wood=1, brick=1)
    built = [a for a in GAME.legal_actions(s, 0) if a.kind == "road"]
    assert built and all(a.label.endswith(" (1 wood, 1 brick)") for a in built)
