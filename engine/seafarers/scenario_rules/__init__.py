"""The scenarios a table plays (the values of the ``scenario`` option), each with its own
rules: seafarers.txt for the scenarios, catan-base.md for the base game.

One module per scenario, in the rulebook's order:

- classic.py: Classic Catan, the base game alone (no ships, no pirate);
- new_shores.py: New Shores (scenario 1);
- four_islands.py: The Four Islands (scenarios 2-3);
- oceans.py: Oceans (scenarios 4-5), its face-down tiles discovered (``discover``);
- through_the_desert.py: Through the Desert (scenarios 6-7);
- new_world.py: A New World (scenarios 8-9), its board dealt at random and its harbours
  placed by the players;
- great_crossing.py: The Great Crossing (scenario 10), its trade lines (trade_lines.py);
- greater_catan.py: Greater Catan (scenario 11), its chip bag (chip_bag.py).

What they share: base.py, :class:`ScenarioRules` (the data every scenario gives and the
hooks through which it changes the game, with the base game's defaults), the special
victory points for islands (:class:`IslandVP`) and where the pirate starts; islands.py,
which island a hex or corner lies on. Here: the list a table picks from (``SCENARIOS``)
and ``rules_of``, the rules of a game's scenario.
"""

from __future__ import annotations

from ..scenarios import PIECES
from ..state import State
from .base import (
    IslandVP,
    ScenarioRules,
    SetupRefused,
    harbour_words,
    layout_info,
    pirate_start_text,
)
from .classic import CLASSIC
from .four_islands import FOUR_ISLANDS
from .great_crossing import GREAT_CROSSING, GreatCrossing
from .greater_catan import GREATER_CATAN, GreaterCatan
from .islands import island_at, islands_of
from .new_shores import NEW_SHORES
from .new_world import NEW_WORLD, NewWorld, red_chips_apart
from .oceans import OCEANS, Oceans, discover, face_down_left
from .through_the_desert import THROUGH_THE_DESERT, ThroughTheDesert

#: the scenarios a table may pick, in the rulebook's order (the base game first)
SCENARIOS: dict[str, ScenarioRules] = {
    r.id: r for r in (CLASSIC, NEW_SHORES, FOUR_ISLANDS, OCEANS, THROUGH_THE_DESERT,
                      NEW_WORLD, GREAT_CROSSING, GREATER_CATAN)}
#: the option's default: the standard game of Seafarers
DEFAULT = "new_shores"


def rules_of(s: State) -> ScenarioRules:
    """The rules of the state's scenario."""
    return SCENARIOS[s.scenario]


def scenario_rules(sid: str) -> ScenarioRules:
    """The rules of scenario ``sid``; a ValueError naming the scenarios for an unknown one."""
    try:
        return SCENARIOS[sid]
    except KeyError:
        raise ValueError(
            f"Unknown scenario {sid!r}; they are: {', '.join(SCENARIOS)}.") from None


__all__ = ["CLASSIC", "DEFAULT", "FOUR_ISLANDS", "GREATER_CATAN", "GREAT_CROSSING",
           "NEW_SHORES", "NEW_WORLD", "OCEANS", "PIECES", "SCENARIOS", "THROUGH_THE_DESERT",
           "GreatCrossing", "GreaterCatan", "IslandVP", "NewWorld", "Oceans",
           "ScenarioRules", "SetupRefused", "ThroughTheDesert", "discover",
           "face_down_left", "harbour_words", "island_at", "islands_of", "layout_info",
           "pirate_start_text", "red_chips_apart", "rules_of", "scenario_rules"]
