"""Greater Catan (seafarers.txt scenario 11, "Grand Catan"): the base game's island amid small
islands whose number chips come from a bag (chip_bag.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Action

from .. import chip_bag
from ..scenarios import Layout, deal, layout
from ..state import State
from .base import ScenarioRules


class GreaterCatan(ScenarioRules):
    """Greater Catan (seafarers.txt scenario 11, "Grand Catan", 4 players, 18 VP): the base
    game's island in the middle, small islands of a second set's land around it, their
    number chips drawn from a bag as ships reach them (chip_bag.py).

    - "Set out the main island in the middle as described in the basic game rules. From
      the second set you will need all land tiles except the wasteland. Muddle these tiles
      face down, and place them randomly face up in the spaces shown in the diagram. Do not
      yet place any number chips on the little islands. Fill in the gaps with 23 sea
      tiles": ``deal``, the main island by scenarios.deal (the number spiral, the robber
      on its desert), then the 18 small-island tiles shuffled onto their hexes, no chip.
    - "Each player takes 5 villages, 8 cities, 15 roads and 15 ships": the data's pieces.
    - "Harbours: 9 (5 special and 4 x 3:1)": shuffled onto the data's 9 places.
    - "Founding phase: each player founds his start villages on the main island": the
      data's starting area; a coastal one may take a ship (every scenario's founding rule).
    - The chip bag and the chips taken from the main island: chip_bag.py (``prepare``,
      ``after_route``, the CHIP phase through ``after_move``, ``phase_moves``,
      ``play_phase``; ``determinize`` shuffles the bag again).
    - No special victory points; "The game ends as soon as a player has reached 18 VPs".
    """

    def deal(self, lid: str, rnd: random.Random) -> Layout:
        dealt = deal(lid, rnd)
        sc = layout(lid)
        pool = sc.pools["outer_islands"]["terrain"]
        tiles = sorted(t for t, k in pool.items() for _ in range(k))
        rnd.shuffle(tiles)
        small = [i for i, h in enumerate(sc.hexes) if h.get("pool") == "outer_islands"]
        for i, tile in zip(small, tiles, strict=True):
            dealt.terrain[i] = tile
        return dealt

    def prepare(self, s: State, draw: Callable[[], random.Random]) -> None:
        chip_bag.fill(s, draw())

    def after_route(self, s: State, seat: int, e: int) -> list[tuple[str, Any]]:
        return chip_bag.reach(s, seat, e)

    def after_move(self, s: State, seat: int) -> list[tuple[str, Any]]:
        return chip_bag.begin(s)

    def phase_moves(self, s: State, seat: int) -> list[Action]:
        return chip_bag.moves(s, seat)

    def play_phase(
        self, s: State, seat: int, kind: str, args: dict[str, Any]
    ) -> list[tuple[str, Any]]:
        return chip_bag.take(s, seat, args["hex"])

    def move_label(self, s: State, seat: int, kind: str, args: Mapping[str, Any]) -> str:
        return chip_bag.move_label(s, seat, dict(args)) if kind == chip_bag.CHIP else kind

    def pending_words(self, s: State) -> tuple[str | None, int | None]:
        return chip_bag.pending(s)

    def view_keys(self, s: State) -> dict[str, Any]:
        return chip_bag.public(s)

    def determinize(self, s: State, w: State, seat: int | None, rnd: random.Random) -> None:
        """The order of the chips in the bag, unknown to everyone: shuffled from the sorted
        bag, so the world does not follow the real order."""
        w.extra["bag"].sort()
        rnd.shuffle(w.extra["bag"])

    def ai_move(self, s: State, seat: int, moves: list[tuple[str, dict[str, Any]]]
                ) -> Action | None:
        hexes = [a["hex"] for k, a in moves if k == chip_bag.CHIP]
        if not hexes:
            return None
        return Action(chip_bag.CHIP, {"hex": chip_bag.ai_pick(s, seat, hexes)})

    def unknown_chip_pips(self, s: State) -> float:
        return chip_bag.hoped_pips(s)


GREATER_CATAN = GreaterCatan(
    id="greater_catan",
    name="Greater Catan",
    source="seafarers.txt scenario 11",
    layouts={4: "greater_catan_4p"},
    target=18,
    lines=(
        "Two base sets: the main island in the middle dealt as in the base game (the "
        "number spiral; 6s and 8s never touch; the robber on the desert); around it the "
        "second set's 18 land tiles (no desert) shuffled onto the small islands' places "
        "without number chips; 23 sea hexes; 9 harbours (5 special, 4 generic 3:1) "
        "shuffled onto their places.",
        "Pieces: 5 settlements, 8 cities, 15 roads and 15 ships each.",
        "Start settlements on the main island only. A coastal start settlement may take a "
        "ship instead of its road.",
        "The chip bag holds 2, 3, 4, 5, 9, 10 and 11, shuffled: nobody knows their order. "
        "When your road or ship leads to a small-island hex without a number chip, you "
        "draw a chip from the bag and it is placed there.",
        "Once the bag is empty you take a chip from a main-island hex instead: a) "
        + chip_bag.RULE_WORDS["a"] + "; b) " + chip_bag.RULE_WORDS["b"] + "; c) "
        + chip_bag.RULE_WORDS["c"] + ". When no chip can be taken "
        "so, the rules are set aside one at a time, in that order, until one can.",
        *chip_bag.DECISIONS,
        "No special victory points. First to 18 victory points on their own turn wins.",
    ),
)
