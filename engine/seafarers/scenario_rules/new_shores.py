"""New Shores (seafarers.txt scenario 1, "To new shores"): the main island, small islands
around it, a special victory point for the first settlement on a small island."""

from __future__ import annotations

from .base import IslandVP, ScenarioRules

NEW_SHORES = ScenarioRules(
    id="new_shores",
    name="New Shores",
    source="seafarers.txt scenario 1",
    layouts={3: "new_shores", 4: "new_shores"},
    target=13,
    island_vp=IslandVP("bonus", 1, 0),
    lines=(
        "Start settlements on the main island only; the main island is dealt at random "
        "with the base game's number spiral (6s and 8s never touch); the robber starts "
        "on the desert.",
        "A coastal start settlement may take a ship instead of its road.",
        "Special victory point: once per player, for the first settlement on any small "
        "island, whoever settled there before.",
        "New Shores has 8 sea hexes outside the main island's ring instead of the "
        "rulebook's 10 (the layout data; the count differs by how the frame is counted).",
        "First to 13 victory points on their own turn wins.",
    ),
)
