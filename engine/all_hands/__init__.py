"""All Hands on Deck! (Salamander Games, 2014): the auction card game of pirate crews.

``GAME`` is the object of the Game contract (engine/core.py) registered as "all-hands".
"""

from __future__ import annotations

from .cards import card_name
from .game import AllHandsOnDeck
from .hands import hand_score, is_winning

GAME = AllHandsOnDeck()

__all__ = ["GAME", "AllHandsOnDeck", "card_name", "hand_score", "is_winning"]
