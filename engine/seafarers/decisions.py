"""Every decision of ours where the rulebook is silent, listed for ``/game rules`` and the
guide's "Our decisions" page (game.py ``rules_markdown``, guide.py ``decisions``). The
docstring of the function that applies each one says the same, citing the passage
(``Decision:``). A scenario's own decisions are among its lines (scenario_rules/, one
module per scenario; chip_bag.py and trade_lines.py for the last two).
"""

from __future__ import annotations

from .offers import DECISIONS as OFFER_DECISIONS
from .turn import ROUND_LIMIT

#: catan-base.md, "A turn" 4
TRADE_AND_BUILD = "Trading and building are one phase after the roll, as experienced players play."
#: robber_and_pirate.py; seafarers.txt "b) If a player plays a knight card, he again has the
#: same choice"
KNIGHT = "A knight lets you move the robber or the pirate, as a 7 does."
#: ships.py, ``open_ships``
OPEN_LINE = ("A line of ships is closed only between two of your own settlements or cities; "
             "a line ending at another player's settlement is open, and its end ship may "
             "move.")
#: scenario_rules/base.py, ``ScenarioRules.pirate_start``
PIRATE_START = (
    "The pirate starts on the sea hex inside the frame farthest from the start area (then "
    "farthest from any land; then the first in reading order): the same hex in every game "
    "of the scenario. The rulebook says only \"The pirate ship starts on any sea hex\"; a "
    "game saved before this rule keeps its pirate off the board until the first 7 or "
    "knight.")
#: production.py, ``after_production`` and ``pick_gold``
GOLD_PICKS = ("Gold fields: one pick per card owed, from what the bank still holds; if the "
              "bank is empty the rest is lost.")
#: setup.py, ``start_yield``
START_GOLD = ("A second start settlement beside a gold field takes a resource of your choice "
              "for it.")
#: development_cards.py, ``place_free_route``
ROAD_BUILDING = ("Road Building: the free pieces are placed one at a time; you may stop "
                 "early, and with no place left the rest is lost.")
#: development_cards.py, ``take_plenty``
YEAR_OF_PLENTY = "Year of Plenty takes only what the bank still holds."
#: longest_route.py, ``update_longest``
LONGEST_ROUTE = (
    "Longest Trade Route broken: the holder keeps the card while nobody's route is longer; "
    "else it goes to the one player with the longest route of 5 or more, and is set aside "
    "on a tie.")
#: setup.py, ``new_state``
FIRST_SEAT = "The first seat founds first and takes the first turn."
#: undo.py
TAKING_BACK = (
    "Taking back (by consent): builds, ship moves, trades, offers, the end of a turn and "
    "picks from the bank may be; the roll, development cards, discards and the robber or "
    "pirate may not.")
#: turn.py, ``ROUND_LIMIT``; victory.py, ``end_at_round_limit``
ROUND_LIMIT_END = (f"The game ends after {ROUND_LIMIT} rounds at the latest: the most "
                   "victory points win (shared on a tie).")

#: every decision of ours, in the order ``/game rules`` lists them
DECISIONS: tuple[str, ...] = (
    TRADE_AND_BUILD,
    KNIGHT,
    OPEN_LINE,
    PIRATE_START,
    GOLD_PICKS,
    START_GOLD,
    *OFFER_DECISIONS,
    ROAD_BUILDING,
    YEAR_OF_PLENTY,
    LONGEST_ROUTE,
    FIRST_SEAT,
    TAKING_BACK,
    ROUND_LIMIT_END,
)

#: the decisions on ships, the pirate and gold fields: not listed for a scenario without
#: ships (Classic Catan)
WITH_SHIPS = frozenset({KNIGHT, OPEN_LINE, PIRATE_START, GOLD_PICKS, START_GOLD})


def for_scenario(ships: bool) -> tuple[str, ...]:
    """The decisions that hold in a scenario (``ships``: whether it has ships, the pirate
    and gold fields), in the order of ``DECISIONS``."""
    return tuple(d for d in DECISIONS if ships or d not in WITH_SHIPS)
