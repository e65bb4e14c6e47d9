"""The Great Crossing (seafarers.txt scenario 10): two islands and special victory points for
the trade lines between them (trade_lines.py)."""

from __future__ import annotations

from typing import Any

from .. import trade_lines
from ..scenarios import layout
from ..state import State
from .base import ScenarioRules, layout_info


class GreatCrossing(ScenarioRules):
    """The Great Crossing (seafarers.txt scenario 10, 4 players): two islands, and special
    victory points for trade lines between them (trade_lines.py: the six cases, who holds
    each chip, and our decisions).

    - "Both of a player's start villages must be founded on only one (either one) of the
      islands. A player's chosen island is his home island": ``start_spots`` allows the
      second start settlement only on the island of the first.
    - "If founding a village at a coast facing the other island, you should place a ship
      with it instead of a road": ``start_ship = "must_facing_islands"`` (every sea hex
      inside the frame lies between the two islands), as The Four Islands.
    - The trade lines are worked out again after every road, ship and settlement
      (``after_route``, ``after_settlement``); ``s.special`` holds each seat's chips, one
      per line it holds, and ``s.extra["lines"]`` the lines (ends, way, who completed
      it, holder, where its chip lies) for the view and the image.
    - Harbours: "Harbours 10 (5 special and 5 x 3:1)"; the data has 11 places (6 generic).
      The harbour place A1 (q 0, r 0: the frame hex at the west island's north-west tip,
      beside C1, which serves the same tip) is plain sea here (scenarios.DROPPED_HARBOURS),
      so that each island keeps five harbours.
    - The rulebook gives no target: 13 victory points, as Sea3D plays it (the shared
      scenario README's decision), said in ``/game rules``.
    - No desert: the robber stays off the board until the first 7 or knight.
    """

    def start_spots(self, s: State, seat: int) -> list[bool]:
        """Either island for the first start settlement; the island of the first for the
        second."""
        start = list(layout_info(s.layout).start)
        if not s.homes[seat]:
            return start
        islands = layout(s.layout).islands
        home = s.homes[seat][0]
        return [ok and islands[h] == home for h, ok in enumerate(start)]

    def after_settlement(
        self, s: State, seat: int, c: int, founding: bool
    ) -> list[tuple[str, Any]]:
        return super().after_settlement(s, seat, c, founding) + trade_lines.update(s, seat)

    def after_route(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        return trade_lines.update(s, seat)

    def settle_bonus(self, s: State, seat: int, c: int) -> int:
        """For the AI: a settlement on the island that is not the seat's home ends a line
        of its ships from home there (case 3), worth a chip (the ships it plans to sail
        there lead from home)."""
        island = trade_lines.island_of_corner(s, c)
        return int(bool(s.homes[seat]) and island is not None
                   and island not in s.homes[seat])

    def view_keys(self, s: State) -> dict[str, Any]:
        """The trade lines: ends, the edges of each line's way, its holder (None: nobody)
        and the corner its chip lies under (None: beside the line)."""
        return {"trade_lines": [
            {"ends": list(line["ends"]), "edges": list(line["edges"]),
             "holder": line["holder"], "chip": line["chip"]}
            for line in s.extra.get("lines", ())]}


GREAT_CROSSING = GreatCrossing(
    id="great_crossing",
    name="The Great Crossing",
    source="seafarers.txt scenario 10",
    layouts={4: "great_crossing_4p"},
    target=13,
    start_ship="must_facing_islands",
    lines=(
        "The board of the rulebook's picture: two islands, every hex and number printed in "
        "place; 10 harbours (5 special, 5 generic 3:1) shuffled onto their places (the "
        "layout data has 11 places: A1 is plain sea here, so each island keeps five).",
        "Both your start settlements on one island, either one: your home island. A start "
        "settlement at a coast facing the other island must take a ship instead of a road "
        "(at a coast facing only the frame: a road or a ship).",
        "Trade lines join a settlement or city on one island to one on the other through "
        "roads and ships, never beyond another settlement or city. A direct line, only your "
        "ships from your home settlement or city: 1 special victory point chip, under that "
        "settlement. An indirect line, several players' pieces (your ships to another's "
        "road or ships): its chip goes to the player with more ships in it than any other "
        "player has ships and roads there; a tie goes to the player who completed it.",
        "A line broken (a ship moved away, a settlement built in its way) loses its chip "
        "at once; whoever fills the gap completes it anew, and the player who lost the chip "
        "gets it back only by filling the gap with his own ship.",
        *trade_lines.DECISIONS,
        "There is no desert: the robber stays off the board until the first 7 or knight "
        "(our decision).",
        "The rulebook gives this scenario no target: first to 13 victory points on their "
        "own turn wins (as Sea3D plays it; our decision).",
    ),
)
