"""Oceans (seafarers.txt scenarios 4-5): spaces around the main island "discovered during the
game" from a face-down stack of tiles and one of number chips."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..board import RESOURCE_OF, RESOURCES, TERRAIN_WORDS, place_name
from ..scenarios import layout
from ..state import State
from .base import ScenarioRules


class Oceans(ScenarioRules):
    """Oceans (seafarers.txt scenarios 4-5): a main island, and around it spaces left
    empty, "discovered during the game".

    - "Shuffle the missing tiles and place them as a face down deck. Shuffle the
      appropriate number of chips and do the same": ``prepare`` lays the two stacks,
      ``s.extra["tiles"]`` (terrains) and ``s.extra["chips"]`` (numbers), top = the end
      of the list. Their order is hidden from everyone (the view shows only how many are
      left, and each empty space as "hidden"); ``determinize`` shuffles both again.
    - "As soon as a player places a ship, or later a road, and at the intersection to
      which it leads there is a space, he should take the top card from the face-down
      deck and place it in the gap. If it is a land tile he also places the top most
      number chip on it, and receives at once and for free an appropriate resource card.
      If it is a sea tile, only the tile itself is placed": ``after_route``. Our reading
      where the text is short:
      - a start ship or road, a ship built, a free one (Road Building) and a ship moved
        all "place" a piece, so each may discover;
      - every space at the corners of the new piece is turned, in reading order, if two
        are there (the corner it leads to; at its other end, reached before, every
        space is turned already);
      - a desert turned (the 4-player stack holds one) takes no chip and gives no card,
        as in the base game; the stacks hold no gold field;
      - the free card comes from the bank; if the bank has none of it, none is given.
    - "Founding phase - all players found their two start villages on the main island. If
      you found a village at a coast you should place a ship with it instead of a road":
      the data's starting area, and a road or a ship (as New Shores' "should").
    - "No special VPs are awarded in this scenario."; 12 VP to win.
    - The robber and the pirate never go onto an empty space. There is no desert face
      up, so the robber stays off the board until the first 7 or knight.
    """

    def prepare(self, s: State, draw: Callable[[], random.Random]) -> None:
        pool = layout(s.layout).pools["face_down"]
        tiles = sorted(t for t, k in pool["terrain"].items() for _ in range(k))
        chips = sorted(int(v) for v, k in pool["chips"].items() for _ in range(k))
        rnd = draw()
        rnd.shuffle(tiles)
        rnd.shuffle(chips)
        s.extra["tiles"] = tiles  # the face-down tiles, top = last (hidden from all)
        s.extra["chips"] = chips  # the face-down number chips, top = last (hidden)

    def after_route(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        """Turn the face-down tile onto each empty space at the corners of the new road
        or ship (see the class docstring)."""
        b = s.board
        spaces = sorted({h for c in b.edges[e] for h in b.corner_hexes[c]
                         if s.terrain[h] == "hidden"})
        events: list[tuple[str, Any]] = []
        for h in spaces:
            events.extend(discover(s, seat, h))
        if spaces:  # the board and the places follow from the terrains
            s.cached_board = None
            s.cached_facts = None
        return events

    def determinize(self, s: State, w: State, seat: int | None, rnd: random.Random) -> None:
        """The order of the face-down tiles and of the face-down chips, unknown to
        everyone: both stacks shuffled again, each from its sorted order so the world does
        not follow the real one (what they hold is public: the box's material less what has
        been turned)."""
        for stack in (w.extra["tiles"], w.extra["chips"]):
            stack.sort()
            rnd.shuffle(stack)


def discover(s: State, seat: int, h: int) -> list[tuple[str, Any]]:
    """Oceans: the top face-down tile goes onto the empty space ``h``; land takes the top
    chip (not a desert) and gives ``seat`` one card of its resource from the bank."""
    tile = s.extra["tiles"].pop()
    s.terrain[h] = tile
    name = place_name(*layout(s.layout).positions[h])
    who = f"{{p{seat}}}"
    if tile == "sea":
        return [(f"{who} discovers sea at {name}.", None)]
    chip = s.extra["chips"].pop() if tile != "desert" and s.extra["chips"] else 0
    s.chips[h] = chip
    word = TERRAIN_WORDS.get(tile, tile) + (f" {chip}" if chip else "")
    res = RESOURCE_OF.get(tile)
    if res is None:
        return [(f"{who} discovers {word} at {name}.", None)]
    i = RESOURCES.index(res)
    if s.bank[i] <= 0:
        return [(f"{who} discovers {word} at {name}; the bank has no {res} to give.", None)]
    s.bank[i] -= 1
    s.hands[seat][i] += 1
    return [(f"{who} discovers {word} at {name} and takes 1 {res}.", None)]


def face_down_left(s: State) -> Counter[str]:
    """The tiles still face down, as every player can count them: the scenario's stack
    less the tiles turned so far (never read from the hidden stack itself)."""
    sc = layout(s.layout)
    pool = sc.pools.get("face_down")
    if pool is None:
        return Counter()
    left = Counter(pool["terrain"])
    for h, row in enumerate(sc.hexes):
        if row["kind"] == "hidden" and s.terrain[h] != "hidden":
            left[s.terrain[h]] -= 1
    return +left


OCEANS = Oceans(
    id="oceans",
    name="Oceans",
    source="seafarers.txt scenarios 4-5",
    layouts={3: "oceans_3p", 4: "oceans_4p"},
    target=12,
    lines=(
        "The board of the rulebook's picture for the table's count (3 or 4 players): the "
        "main island and a gold island printed in place, the other spaces empty (drawn "
        "as ?); the harbours are shuffled onto their places.",
        "The missing tiles lie in a shuffled face-down stack, the missing number chips in "
        "another; nobody knows their order.",
        "Start settlements on the main island only. A coastal start settlement may take "
        "a ship instead of its road.",
        "Discovery: when you place a road or a ship (built, free, a start one, or a ship "
        "moved) and a corner of it touches an empty space, the top tile is turned there "
        "(two spaces: both, in reading order). Land takes the top chip and gives you 1 "
        "card of its resource at once, from the bank (none if the bank has none); a "
        "desert takes no chip and gives nothing; sea is just placed.",
        "The robber and the pirate never go onto an empty space. There is no desert face "
        "up: the robber stays off the board until the first 7 or knight (our decision).",
        "No special victory points.",
        "First to 12 victory points on their own turn wins.",
    ),
)
