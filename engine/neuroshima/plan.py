"""A turn planned before it is played (issue 22, "Fewer clicks"): the forced discard, then
the tiles to place, each on a space with a facing. The panel builds it pick by pick, shows
it, and plays it with one Confirm as a batch of ordinary moves (the discard, each placement,
the end of the turn), which ``apply`` judges one by one. Nothing here changes a state.

A plan is read from a seat's view: everything a plan needs is public (the board, the hands
and the table's options: view.py). What may be planned is what the engine would list once
the earlier steps are played (``rules.free_placements``): after the discard, since holding 3
"you must discard exactly 1 before doing anything else" (rules/neuroshima.md 2.2), and after
the tiles already planned, each taking its space. A plan stops at a tile that starts a
battle (the 19 standard spaces full, section 2.5; or the Bossman's Boarding, Q20): what the
battle leaves is the engine's to find.

Its written form, for a button's id: a part per step, "x2" (discard the hand's third tile;
the hand as the view sorts it) then "0_c3_1" (place its first tile on c3, turned 1: NE) or
"0_c3_1_b" (with Boarding).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Action

from .actions import place_label
from .board import BY_LABEL, LABELS, STANDARD, is_water
from .hints import reach
from .rules import battles_allowed, free_placements
from .tiles import TILES
from .view import board_of

_DISCARD = re.compile(r"x([0-9])")
_PLACED = re.compile(r"([0-9])_([a-eA-E][1-5]|W[1-9]|W1[0-2])_([0-5])(_b)?")


@dataclasses.dataclass
class Placed:
    """A tile of the plan: its place in the hand, where it goes, how it faces."""

    index: int
    key: str
    space: str
    rot: int
    boarding: bool = False

    @property
    def part(self) -> str:
        """Its written form: "0_c3_1", "0_c3_1_b"."""
        return f"{self.index}_{self.space}_{self.rot}" + ("_b" if self.boarding else "")

    def turned(self, rot: int, boarding: bool) -> Placed:
        return Placed(self.index, self.key, self.space, rot, boarding)

    def action(self) -> Action:
        args: dict[str, Any] = {"tile": self.key, "space": self.space, "rot": self.rot}
        if self.boarding:
            args["boarding"] = True
        return Action("place", args, place_label(self.key, self.space, self.rot,
                                                  self.boarding))


@dataclasses.dataclass
class Plan:
    """A turn planned, not played: the discard (``discarded``: its place in the hand), then
    the tiles ``placed``. ``battle``: the last tile placed starts a battle, so nothing is
    planned after it."""

    seat: int
    hand: list[str]
    discard: Action | None = None
    discarded: int | None = None
    placed: list[Placed] = dataclasses.field(default_factory=list)
    battle: bool = False

    def head(self) -> list[str]:
        """The written form of the discard (nothing when there is none)."""
        return [] if self.discarded is None else [f"x{self.discarded}"]

    def parts(self, placed: Sequence[Placed] | None = None) -> list[str]:
        """The written form, with ``placed`` instead of the plan's tiles when given."""
        return self.head() + [p.part for p in (self.placed if placed is None else placed)]

    def actions(self) -> list[Action]:
        """The moves that play it, in order (the end of the turn not included)."""
        return ([self.discard] if self.discard else []) + [p.action() for p in self.placed]

    def used(self) -> set[int]:
        """The places in the hand of the tiles it discards or places."""
        return {p.index for p in self.placed} | (
            set() if self.discarded is None else {self.discarded})


def occupied(view: Mapping[str, Any], placed: Sequence[Placed]) -> set[int]:
    """The spaces taken once the tiles ``placed`` are down."""
    return {BY_LABEL[str(u["space"]).casefold()] for u in view["board"]} | {
        BY_LABEL[p.space.casefold()] for p in placed}


def free(view: Mapping[str, Any], seat: int, key: str,
         placed: Sequence[Placed]) -> list[Mapping[str, Any]]:
    """The placements (their arguments) of ``seat``'s tile ``key`` once the tiles ``placed``
    are down, as the engine lists them (``rules.free_placements``)."""
    return [args for _, args in free_placements(key, occupied(view, placed),
                                                battles_allowed(view, seat))]


def read_plan(view: Mapping[str, Any], actions: Sequence[Action], parts: Sequence[str]) -> Plan:
    """The plan the written ``parts`` name for the view's seat, as far as it holds now: a
    discard first while the seat holds 3 (one of its legal ``actions``), and only then;
    then tiles of the hand, each once, each on a space free for it with a facing it has. A
    part that does not hold (a tile used twice, a space taken, a tile after a battle) is
    dropped with the parts after it."""
    seat = int(view["seat"])
    plan = Plan(seat, list(view["hands"][seat]))
    rest = list(parts)
    if view["phase"] == "discard":
        m = _DISCARD.fullmatch(rest.pop(0)) if rest else None
        index = int(m[1]) if m else len(plan.hand)
        tile = plan.hand[index] if index < len(plan.hand) else None
        plan.discard = next((a for a in actions if a.kind == "discard"
                             and a.args.get("tile") == tile), None)
        if plan.discard is None:
            return plan
        plan.discarded = index
    for part in rest:
        m = _PLACED.fullmatch(part)
        if m is None or plan.battle or int(m[1]) >= len(plan.hand) or int(m[1]) in plan.used():
            break
        tile = Placed(int(m[1]), plan.hand[int(m[1])], LABELS[BY_LABEL[m[2].casefold()]],
                      int(m[3]), bool(m[4]))
        if tile.action().args not in free(view, seat, tile.key, plan.placed):
            break
        plan.placed.append(tile)
        full = all(i in occupied(view, plan.placed) for i in STANDARD)
        plan.battle = tile.boarding or (not is_water(BY_LABEL[tile.space.casefold()]) and full)
    return plan


def board_with(view: Mapping[str, Any], seat: int, placed: Sequence[Placed]) -> list:
    """The view's board as the engine holds it, with ``seat``'s tiles ``placed`` down."""
    board = board_of(view)
    for p in placed:
        board[BY_LABEL[p.space.casefold()]] = [p.key, seat, p.rot, 0, 0]
    return board


def reached(board: list, seat: int, tile: Placed) -> str:
    """What a tile planned would reach now, in words: "reaches Moloch HQ (c3), Guard (d2)";
    empty when nothing."""
    hits = reach(board, BY_LABEL[tile.space.casefold()], [tile.key, seat, tile.rot, 0, 0])
    return "reaches " + ", ".join(f"{TILES[board[i][0]]['name']} ({LABELS[i]})"
                                  for i in hits) if hits else ""
