"""Catan: Seafarers (Klaus Teuber, 1997) on the base game: hex engine, rules, scenarios
(classic Catan, New Shores, The Four Islands, Oceans, Through the Desert, A New World, The
Great Crossing with its trade lines (trade_lines.py), Greater Catan with its chip bag
(chip_bag.py); scenario_rules.py says how each fits).

``GAME`` is the object of the Game contract (engine/core.py) registered as "seafarers".
"""

from __future__ import annotations

from .game import Seafarers

GAME = Seafarers()

__all__ = ["GAME", "Seafarers"]
