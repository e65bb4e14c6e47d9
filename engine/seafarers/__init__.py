"""Catan: Seafarers (Klaus Teuber, 1997) on the base game: hex engine, rules, scenarios
(classic Catan, New Shores, The Four Islands, Oceans, Through the Desert, A New World, The
Great Crossing with its trade lines (trade_lines.py), Greater Catan with its chip bag
(chip_bag.py); scenario_rules/ says how each fits, one module per scenario).

The rules are one module per chapter of the rulebook (setup.py, turn.py, production.py,
robber_and_pirate.py, building.py, ships.py, development_cards.py, bank_trade.py and
offers.py, longest_route.py, victory.py): rules.py lists them and sends each move to its
rule; decisions.py lists our decisions where the rulebook is silent.

``GAME`` is the object of the Game contract (engine/core.py) registered as "seafarers".
"""

from __future__ import annotations

from .game import Seafarers

GAME = Seafarers()

__all__ = ["GAME", "Seafarers"]
