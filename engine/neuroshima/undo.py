"""Which moves of Neuroshima Hex! can be taken back (issue 15, "Undo by consent"; the
generic checks are in engine/undo.py).

Everything on the table is public, the tiles in hand included (engine/neuroshima/view.py):
the only hidden thing is the order of the draw piles (shared/rules/neuroshima.md, 2.2:
the "hand" is face up and public). So placing a tile, discarding one, moving or pushing
units, the instant tiles and the battle they start (its outcome follows from the board:
shared/rules/neuroshima.md, 2.6) show nothing new and may be taken back.

Our decision, kept: ending the turn makes the other army draw its tiles from its shuffled
pile (shared/rules/neuroshima.md, 2.2), which would then be drawn again.
"""

from __future__ import annotations

TAKE_BACK = frozenset({"hq", "place", "discard", "move", "push", "grab", "battle",
                       "airstrike", "wave", "tavern", "choose", "drift_turn", "drift_keep"})

KEPT: dict[str, str] = {
    "end": "ending your turn makes the other army draw its tiles",
}
