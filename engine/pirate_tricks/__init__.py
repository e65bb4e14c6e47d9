"""Pirate Tricks (Soaring Rhino, 2018): row bidding with sealed loon, then ten tricks a round.

``GAME`` is the object of the Game contract (engine/core.py) registered as "pirate-tricks".
"""

from __future__ import annotations

from .cards import card_name
from .game import PirateTricks
from .scorecards import CARDS

GAME = PirateTricks()

__all__ = ["CARDS", "GAME", "PirateTricks", "card_name"]
