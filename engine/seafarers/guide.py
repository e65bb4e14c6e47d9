"""The guide's own pages for Catan: Seafarers (engine/guide.py puts them together with the
decisions and the table options).

Written from the base rules (shared rules/catan-base.md: "Setup", "A turn", "Seven and the
robber", "Development cards", "Special cards and the end") and the Seafarers rules
(shared rules/seafarers.txt: ships, moving ships, gold, the pirate, founding) in the
players' words. Everything a scenario changes comes from the engine, not from a copy: the
scenario's name, players, target, special victory points and its own lines
(scenario_rules/, ``ScenarioRules``), the costs (building.py ``COST``), the pieces, the
development cards and the bank (state.py). The decisions are decisions.py's, those
``/game rules`` lists for the scenario (game.py ``rules_markdown``).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import JSON

from . import decisions as _decisions
from .board import RESOURCES
from .building import COST
from .development_cards import DEV_NAMES
from .offers import OFFER_MAX, OFFERS_PER_TURN
from .scenario_rules import SCENARIOS, ScenarioRules, scenario_rules
from .state import BANK_EACH, DEV_DECK
from .turn import ROUND_LIMIT

PIECES_TITLE = "Costs and cards"

#: what each development card does (catan-base.md "Development cards"; seafarers.txt "Road
#: building development card"; the knight's pirate is our decision, listed)
DEV_WORDS: dict[str, str] = {
    "knight": "move the robber (or the pirate) and steal, as on a 7; counts for the "
              "largest army",
    "victory_point": "1 victory point, kept hidden until it wins you the game",
    "road_building": "two free roads or ships",
    "plenty": "take any two resources from the bank",
    "monopoly": "name a resource: every other player gives you all of theirs",
}
#: the same without ships and pirate (Classic Catan)
_DEV_WORDS_LAND = {
    "knight": "move the robber and steal, as on a 7; counts for the largest army",
    "road_building": "two free roads",
}
_COST_NAMES = {"road": "Road", "ship": "Ship", "settlement": "Settlement",
               "city": "City (replaces a settlement)", "dev": "Development card"}


def _cost(kind: str) -> str:
    return ", ".join(f"{k} {RESOURCES[i]}" for i, k in enumerate(COST[kind]) if k)


def _overview(sr: ScenarioRules) -> str:
    sea = (" Build roads on land and ships at sea to reach new coasts and islands."
           if sr.ships else " Build roads to reach new places.")
    lines = [
        f"**{sr.name}**, for {sr.counts_text()} players ({sr.source}). First to "
        f"**{sr.target} victory points** on their own turn wins.",
        "Hexes of land yield resources (wood, brick, wool, grain, ore) whenever their number "
        "is rolled, to every settlement and city at their corners." + sea + " Settlements "
        "and cities bring more resources and victory points.",
        "**Secret**: your resource and development cards; the others see how many you hold.",
        f"**This scenario** ({sr.name}):",
        *(f"- {line}" for line in sr.lines),
    ]
    if sr.pirate:
        lines.append(f"- The pirate starts on {sr.pirate_words()}.")
    return "\n".join(lines)


def _turn(sr: ScenarioRules) -> str:
    route = "a road, or on a coast a ship," if sr.ships else "a road"
    robber = "the robber or the pirate" if sr.pirate else "the robber"
    lines = [
        f"**Founding**: in seat order each player places a settlement with {route} beside "
        "it, then again in reverse order; the second settlement yields one card from each "
        "producing hex around it. No settlement may stand next to another one (the distance rule).",
        "**Your turn**:",
        "1. **Roll** the dice (you may play a development card first). Every settlement at "
        "a hex with that number takes 1 of its resource, a city 2; the robber's hex yields "
        "nothing." + (" A gold field yields a resource of your choice." if sr.ships else ""),
        f"2. **On a 7** nobody produces: everyone holding more than 7 cards discards half "
        f"(rounded down); then you move {robber} and steal a random card from a player next "
        "to it.",
        f"3. **Trade and build**, in any order: trade with the bank 4:1 or through your "
        f"harbours (3:1, 2:1); offer trades to the others (at most {OFFERS_PER_TURN} offers "
        f"a turn, up to {OFFER_MAX} cards a side; no gifts: those who hold what you ask may "
        "accept, and the game waits for nobody's answer); build; buy development cards; "
        "play one development card (not one bought this turn)"
        + ("; move one ship." if sr.ships else "."),
        "4. **End** your turn (or end it letting the house rule answer trade offers for you "
        "until your next turn, as the computer players do).",
    ]
    if sr.ships:
        lines += [
            "**Ships** sail on edges at sea or on a coast, starting from your settlement or "
            "city, one after another like a road at sea (a road and a ship meet only at your "
            "settlement or city). A line of ships between two of your settlements or cities "
            "is closed; the last ship of an open line may move once a turn, but not one "
            "built this turn.",
        ]
    if sr.pirate:
        lines.append(
            "**The pirate**: on a 7 or a knight you may move the pirate instead of the "
            "robber, and steal from a player with a ship next to it. No ship may be built "
            "or moved on the edges of the pirate's hex.")
    return "\n".join(lines)


def _pieces(sr: ScenarioRules) -> str:
    kinds = [k for k in COST if k != "ship" or sr.ships]
    lines = ["**Building costs**:"]
    lines += [f"- {_COST_NAMES[k]}: {_cost(k)}" for k in kinds]
    counts = sr.pieces(sr.layout_for(sr.players[0]))
    have = ", ".join(f"{n} {kind}s" if kind != "city" else f"{n} cities"
                     for kind, n in counts.items() if n)
    lines.append(f"**Your pieces**: {have}.")
    lines.append(f"**Development cards** ({sum(DEV_DECK.values())}): one may be played a "
                 "turn, never one bought this turn.")
    words = DEV_WORDS if sr.ships else {**DEV_WORDS, **_DEV_WORDS_LAND}
    lines += [f"- {DEV_NAMES[k]} ({n}): {words[k]}" for k, n in DEV_DECK.items()]
    lines.append(f"**The bank**: {BANK_EACH} cards of each resource. A trade with the bank is "
                 "4 of one resource for 1 of another; a 3:1 harbour lets you trade any 3 "
                 "alike, a 2:1 harbour 2 of its resource, from a settlement or city on it.")
    return "\n".join(lines)


def _scoring(sr: ScenarioRules) -> str:
    lines = [
        "**Victory points**:",
        "- Settlement 1, city 2, a Victory Point card 1.",
        "- **Longest trade route** 2: the first unbroken line of 5 or more "
        + ("roads and ships (they join only at your settlement or city)" if sr.ships
           else "roads")
        + "; a longer one takes it over.",
        "- **Largest army** 2: the first to play 3 knights; whoever then plays more takes it.",
    ]
    # the scenario's own lines on victory points (its special ones, its target)
    # (not its "First to N victory points" line: "The end" below says it)
    own = [line for line in sr.lines
           if "victory point" in line.casefold() and not line.startswith("First to ")]
    if own:
        lines.append(f"**In {sr.name}**:")
        lines += [f"- {line}" for line in own]
    lines += [
        f"**The end**: the game ends the moment the player whose turn it is holds "
        f"**{sr.target}** victory points (Victory Point cards included).",
        f"So that every game ends, it stops after {ROUND_LIMIT} rounds at the latest; the "
        "most victory points then win (shared on a tie).",
    ]
    return "\n".join(lines)


def decisions(options: Mapping[str, JSON]) -> list[str]:
    """The decisions ``/game rules`` lists for the table's scenario (decisions.py)."""
    sr = scenario_rules(str(options["scenario"]))
    return list(_decisions.for_scenario(sr.ships))


def pages(options: Mapping[str, JSON]) -> dict[str, str]:
    """The game's own pages for a table of these (resolved) options."""
    sr = scenario_rules(str(options["scenario"]))
    return {"overview": _overview(sr), "turn": _turn(sr), "pieces": _pieces(sr),
            "scoring": _scoring(sr)}


def value_words(name: str, value: JSON) -> str | None:
    """A scenario by its name and player counts."""
    if name == "scenario" and value in SCENARIOS:
        sr = SCENARIOS[str(value)]
        return f"{sr.name}, {sr.counts_text()} players"
    return None
