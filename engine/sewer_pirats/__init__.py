"""Sewer Pirats (Andreas Pelikan, Heidelberger Spieleverlag): crew placement and treasure.

``GAME`` is the object of the Game contract (engine/core.py) registered as "sewer-pirats".
"""

from __future__ import annotations

from .game import SewerPirats
from .scoring import breakdown, score, tie_break

GAME = SewerPirats()

__all__ = ["GAME", "SewerPirats", "breakdown", "score", "tie_break"]
