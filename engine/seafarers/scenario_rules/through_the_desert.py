"""Through the Desert (seafarers.txt scenarios 6-7, "Through the Wasteland"): the main
island cut in two by a strip of wasteland."""

from __future__ import annotations

from functools import lru_cache

from ..board import DIRS
from ..scenarios import layout
from ..state import State
from .base import IslandVP, ScenarioRules


class ThroughTheDesert(ScenarioRules):
    """Through the Desert (seafarers.txt scenarios 6-7, "Through the Wasteland"): the main
    island is cut in two by a strip of wasteland (desert) hexes.

    - "You must found both your start villages on the larger southern and western part of
      the island": the data's starting area (island 1 of the layout), as ``start_spots``.
    - "The other part of the island and the small islands are considered to be foreign
      territories. ... You receive a special VP for the first village you found on one of
      the little islands." The rulebook's sentence names the little islands only; the
      shared scenario README (the project's decision, "Through the Wasteland: one special
      VP for a player's first village on a little island or the land beyond the
      wasteland (once)") adds the land beyond the wasteland, which the text calls foreign
      territory too. So: ``IslandVP("bonus", 1, 0)`` over the islands the data marks
      ``bonus_island`` (the land beyond the wasteland and the little islands).
    - The wasteland belongs to neither part (the data gives its hexes no island): a
      settlement on a corner that touches only wasteland and sea is on no island and
      earns nothing (our decision; the rulebook does not say). Roads cross the wasteland
      like any land: it is land that yields nothing, as the base game's desert.
    - "If you found a village at a coast, place a ship with it instead of a road": played
      as New Shores' "should place a ship" and the founding rule of every scenario ("can
      place with it a ship instead of a road"): a road or a ship, the player's choice
      (our decision: the text gives no reason to forbid the road here, unlike The Four
      Islands' "must").
    - The robber starts on the first wasteland hex in reading order (the base game puts
      it on the desert; the rulebook names none here).
    """

    def reach_words(self, s: State, island: int) -> str:
        """"the land beyond the wasteland" (the bonus island that touches a wasteland hex)
        or "a little island"."""
        if island in _beyond_wasteland(s.layout):
            return "the land beyond the wasteland"
        return "a little island"


@lru_cache(maxsize=8)
def _beyond_wasteland(lid: str) -> frozenset[int]:
    """The bonus islands of a layout that border a wasteland (desert) hex."""
    sc = layout(lid)
    at = {p: i for i, p in enumerate(sc.positions)}
    out = set()
    for i, h in enumerate(sc.hexes):
        if h.get("bonus_island") is None:
            continue
        q, r = sc.positions[i]
        for dq, dr in DIRS.values():
            j = at.get((q + dq, r + dr))
            if j is not None and sc.hexes[j].get("terrain") == "desert":
                out.add(h["bonus_island"])
    return frozenset(out)


THROUGH_THE_DESERT = ThroughTheDesert(
    id="through_the_desert",
    name="Through the Desert",
    source="seafarers.txt scenarios 6-7",
    layouts={3: "through_the_desert_3p", 4: "through_the_desert_4p"},
    target=12,
    island_vp=IslandVP("bonus", 1, 0),
    lines=(
        "The board of the rulebook's picture for the table's count (3 or 4 players): a "
        "main island cut in two by a strip of wasteland (desert), and little islands; "
        "every hex and number printed in place; the harbours are shuffled onto their "
        "places.",
        "Start settlements only on the larger southern and western part of the main "
        "island (the part without the wasteland's far side).",
        "A coastal start settlement may take a ship instead of its road (our reading of "
        "\"place a ship with it instead of a road\", as in New Shores: a road stays "
        "allowed).",
        "Special victory point: once per player, for the first settlement on a little "
        "island or on the land beyond the wasteland, whoever settled there before (the "
        "rulebook's text names the little islands; the land beyond the wasteland is "
        "foreign territory too, and counts: our decision).",
        "Roads cross the wasteland like any land; it yields nothing. A settlement on a "
        "corner touching only wasteland and sea is on no island and earns no special "
        "victory point (our decision).",
        "The robber starts on the first wasteland hex in reading order, B3 (the base "
        "game puts it on the desert; the rulebook names no hex).",
        "First to 12 victory points on their own turn wins.",
    ),
)
