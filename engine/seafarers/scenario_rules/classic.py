"""Classic Catan: the base game alone (catan-base.md), no ships and no pirate."""

from __future__ import annotations

from .base import ScenarioRules

CLASSIC = ScenarioRules(
    id="classic",
    name="Classic Catan",
    source="catan-base.md",
    layouts={3: "classic", 4: "classic"},
    target=10,
    ships=False,
    pirate=False,
    start_ship="never",
    lines=(
        "The base game alone: the 19-hex island dealt at random (the number spiral; 6s and "
        "8s never touch) in its frame of sea, with the 9 harbours (4 generic 3:1, the 5 "
        "special 2:1) shuffled onto the frame's harbour places.",
        "No ships and no pirate: the base game has neither, and the frame holds nothing "
        "to sail to (our decision). A 7 or a knight moves the robber; it starts on the "
        "desert.",
        "First to 10 victory points on their own turn wins.",
    ),
)
