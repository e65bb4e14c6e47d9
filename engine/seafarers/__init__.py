"""Catan: Seafarers (Klaus Teuber, 1997) on the base game: hex engine, rules, scenarios
(classic Catan, New Shores, The Four Islands, Oceans, Through the Desert, A New World;
scenario_rules.py says how others fit).

``GAME`` is the object of the Game contract (engine/core.py) registered as "seafarers".
"""

from __future__ import annotations

from .game import Seafarers

GAME = Seafarers()

__all__ = ["GAME", "Seafarers"]
