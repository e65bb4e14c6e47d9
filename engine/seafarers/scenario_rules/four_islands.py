"""The Four Islands (seafarers.txt scenarios 2-3): four islands, home and foreign; a start
settlement at a coast facing other islands takes a ship."""

from __future__ import annotations

from .base import IslandVP, ScenarioRules

FOUR_ISLANDS = ScenarioRules(
    id="four_islands",
    name="The Four Islands",
    source="seafarers.txt scenarios 2-3",
    layouts={3: "four_islands_3p", 4: "four_islands_4p"},
    target=12,
    start_ship="must_facing_islands",
    island_vp=IslandVP("foreign", 1, 2),
    lines=(
        "The board of the rulebook's picture for the table's count (3 or 4 players): four "
        "islands, every hex and number printed in place; the harbours are shuffled onto "
        "their places.",
        "Start settlements on any islands: the islands of your start settlements (1 or 2) "
        "are your home islands, the others are foreign.",
        "A start settlement at a coast facing other islands must take a ship instead of "
        "a road; at a coast facing only the frame, a road or a ship.",
        "Special victory points: 1 for your first settlement on the first foreign island "
        "you settle, 2 for your first settlement on each other foreign island, whoever "
        "settled there before.",
        "There is no desert: the robber stays off the board until the first 7 or knight "
        "moves it (our decision; the rulebook gives it no start).",
        "First to 12 victory points on their own turn wins.",
    ),
)
