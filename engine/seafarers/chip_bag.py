"""Greater Catan's number chips for the small islands (seafarers.txt scenario 11, "Rules
concerning little islands").

- "Do not yet place any number chips on the little islands. ... You need the following
  number chips from the second set: 2,3,4,5,9,10,11. Place them in one of the linen
  bags": :func:`fill` puts the seven chips, shuffled, in ``s.extra["bag"]`` (the one drawn
  next is the last). Their order is hidden from everyone (``GreaterCatan.determinize``
  shuffles it again); which chips are still in the bag is public, as every chip drawn is
  laid face up.
- "As soon as a player places a ship (or later, a road) which leads to a tile without a
  number chip, the player draws a chip from the bag and places it on the tile": :func:`reach`,
  after every road or ship placed, for each small-island hex without a chip at the corners
  of the new piece, in reading order (Oceans' reading of "leads to": a start piece, a
  piece built, a free one and a ship moved all place a piece).
- "When the bag is empty, chips must be taken from the main island and placed on the small
  island tiles. ... a) The player can only remove a chip from a tile at the edge of which he
  himself has at least one village or city. b) Each village or city on the main island must
  be left bordering at least one tile still containing a number. ... c) Red chips must not
  lie next to each other on small islands. BUT if a player cannot remove a chip from the
  main island because of these rules, he is allowed to break these rules one at a time in
  order, (a,b,c), until he can remove a chip": a phase of its own (:data:`CHIP`), begun
  once the move that reached the tile is done (:func:`begin`). The player picks the main-
  island hex whose chip moves, among :func:`choices`: the hexes that keep rules a, b and c;
  if there are none, those that keep b and c (a set aside); then c alone; then any.

Our decisions where the text is short are ``DECISIONS`` below, in the words ``/game
rules`` prints them (scenario_rules.GREATER_CATAN's lines).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from engine.core import Action

from .board import TERRAIN_WORDS, place_name
from .scenarios import layout
from .state import Phase, State

#: the phase in which a player takes a number chip from the main island
CHIP = "chip"
#: the rules of taking a chip from the main island, in the order they are set aside
RULE_WORDS = {
    "a": "only from a hex beside your own settlement or city",
    "b": "every settlement and city on the main island keeps a hex with a number",
    "c": "no two red chips (6, 8) side by side on the small islands",
}
DECISIONS: tuple[str, ...] = (
    "The bag holds one chip of each number the rulebook names, 2, 3, 4, 5, 9, 10 and 11: "
    "seven chips, as the scenario's material table gives them (the sentence lists the "
    "numbers, not how many of each; a second set has two of most of them). So seven "
    "small-island hexes draw from the bag, and the other eleven take their chips from the "
    "main island.",
    "A road or ship leads to every small-island hex at its two corners: each such hex "
    "without a chip gets one, in reading order (a start ship, a free one and a ship moved "
    "count too).",
    "Once the bag is empty you pick which main-island chip to take, among those the rules "
    "allow; with the rules set aside one at a time, in order, only when no chip can be "
    "taken otherwise (first a, then a and b, then all three). Rule b counts every "
    "settlement and city on the main island, whoever's.",
    "A chip may be taken from the hex the robber stands on; the robber stays there.",
    "The move that reached the hex is done first (its victory check too); then you take "
    "the chip, and the game goes on where it was.",
)


@lru_cache(maxsize=8)
def _pool_hexes(lid: str, pool: str) -> tuple[int, ...]:
    return tuple(i for i, h in enumerate(layout(lid).hexes) if h.get("pool") == pool)


def small_island_hexes(s: State) -> tuple[int, ...]:
    """The hexes of the small islands (the data's ``outer_islands`` pool)."""
    return _pool_hexes(s.layout, "outer_islands")


def main_island_hexes(s: State) -> tuple[int, ...]:
    return _pool_hexes(s.layout, "main_island")


def hex_words(s: State, h: int) -> str:
    """"F2 (wool 9)", "F2 (wool)" as the board image shows the hex."""
    q, r = layout(s.layout).positions[h]
    word = TERRAIN_WORDS.get(s.terrain[h], s.terrain[h])
    return f"{place_name(q, r)} ({word}{f' {s.chips[h]}' if s.chips[h] else ''})"


def bag_chips(lid: str) -> list[int]:
    """The chips of the bag, in order (the data's ``outer_islands`` pool: 2, 3, 4, 5, 9, 10,
    11)."""
    chips = layout(lid).pools["outer_islands"]["chips"]
    return sorted(int(v) for v, k in chips.items() for _ in range(k))


def fill(s: State, rnd: random.Random) -> None:
    """The bag shuffled with ``rnd`` (the chip drawn next is the last), no chip owed."""
    bag = bag_chips(s.layout)
    rnd.shuffle(bag)
    s.extra["bag"] = bag
    s.extra["picks"] = []  # [seat, hex]: small-island hexes owed a main-island chip


def _changed(s: State) -> None:
    """The chips changed: the board's labels and the move lists name them."""
    s.cached_board = None
    s.cached_facts = None


def reach(s: State, seat: int, e: int) -> list[tuple[str, Any]]:
    """A road or ship of ``seat`` was placed on ``e``: a chip from the bag for each small-
    island hex without one at its corners; once the bag is empty, the hex is owed a chip
    from the main island (taken in the CHIP phase)."""
    b = s.board
    small = small_island_hexes(s)
    owed = {h for _, h in s.extra["picks"]}
    hexes = sorted({h for c in b.edges[e] for h in b.corner_hexes[c]
                    if h in small and not s.chips[h] and h not in owed})
    events: list[tuple[str, Any]] = []
    bag = s.extra["bag"]
    for h in hexes:
        if bag:
            chip = bag.pop()
            s.chips[h] = chip
            _changed(s)
            events.append((f"{{p{seat}}} draws a {chip} from the bag for "
                           f"{hex_words(s, h)}.", None))
        else:
            s.extra["picks"].append([seat, h])
    return events


def begin(s: State) -> list[tuple[str, Any]]:
    """After a move: if a hex is owed a chip, the CHIP phase begins for the seat that
    reached it (the phase and turn to go back to are kept in ``s.extra["back"]``)."""
    picks = s.extra["picks"]
    if not picks or s.phase in (CHIP, Phase.OVER):
        return []
    s.extra["back"] = [s.phase, s.turn]
    s.phase = CHIP
    return _next_pick(s)


def _next_pick(s: State) -> list[tuple[str, Any]]:
    """The next owed hex's picker to act; back to where the game was once none is owed."""
    picks = s.extra["picks"]
    events: list[tuple[str, Any]] = []
    while picks:
        seat, h = picks[0]
        if choices(s, seat, h)[0]:
            s.turn = seat
            events.append((f"The bag is empty: {{p{seat}}} takes a number chip from the main "
                           f"island for {hex_words(s, h)}.", None))
            return events
        # never with the main island's 18 chips against at most 11 owed, but a game
        # must go on whatever the board holds
        picks.pop(0)
        events.append((f"No number chip is left on the main island for {hex_words(s, h)}.",
                       None))
    s.phase, s.turn = s.extra.pop("back")
    return events


def _rule_a(s: State, seat: int, h: int, target: int) -> bool:
    return any(s.buildings[c] is not None and s.buildings[c][0] == seat
               for c in s.board.hex_corners[h])


def _rule_b(s: State, seat: int, h: int, target: int) -> bool:
    b = s.board
    main = set(main_island_hexes(s))
    for c in b.hex_corners[h]:
        if s.buildings[c] is None or not main & set(b.corner_hexes[c]):
            continue
        if not any(s.chips[x] for x in b.corner_hexes[c] if x != h):
            return False
    return True


def _rule_c(s: State, seat: int, h: int, target: int) -> bool:
    if s.chips[h] not in (6, 8):
        return True
    pos = layout(s.layout).positions
    small = set(small_island_hexes(s))
    q, r = pos[target]
    near = {(q + dq, r + dr) for dq, dr in ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))}
    return not any(pos[x] in near and s.chips[x] in (6, 8) for x in small)


RULES = (("a", _rule_a), ("b", _rule_b), ("c", _rule_c))


def choices(s: State, seat: int, target: int) -> tuple[list[int], tuple[str, ...]]:
    """The main-island hexes whose chip ``seat`` may take for the small-island hex
    ``target``, and the rules set aside to find any (a, then a and b, then all)."""
    have = [h for h in main_island_hexes(s) if s.chips[h]]
    for k in range(len(RULES) + 1):
        kept = RULES[k:]
        ok = [h for h in have if all(rule(s, seat, h, target) for _, rule in kept)]
        if ok:
            return ok, tuple(name for name, _ in RULES[:k])
    return [], tuple(name for name, _ in RULES)


def aside_words(aside: tuple[str, ...]) -> str:
    """" (rule a set aside)", " (rules a and b set aside)" or ""."""
    if not aside:
        return ""
    names = " and ".join(aside) if len(aside) < 3 else "a, b and c"
    return f" (rule{'s' if len(aside) > 1 else ''} {names} set aside)"


def moves(s: State, seat: int) -> list[Action]:
    """The CHIP phase: one move per main-island hex whose chip the picker may take."""
    picks = s.extra["picks"]
    if s.phase != CHIP or not picks or picks[0][0] != seat:
        return []
    target = picks[0][1]
    hexes, aside = choices(s, seat, target)
    return [Action(CHIP, {"hex": h}, label(s, h, target, aside)) for h in hexes]


def label(s: State, h: int, target: int, aside: tuple[str, ...]) -> str:
    return (f"Take the {s.chips[h]} from {hex_words(s, h)} for {hex_words(s, target)}"
            f"{aside_words(aside)}")


def move_label(s: State, seat: int, args: dict[str, Any]) -> str:
    picks = s.extra.get("picks")
    if not picks:
        return CHIP
    target = picks[0][1]
    return label(s, args["hex"], target, choices(s, seat, target)[1])


def take(s: State, seat: int, h: int) -> list[tuple[str, Any]]:
    """The picker's chip moves from the main-island hex ``h`` to the owed hex."""
    _, target = s.extra["picks"].pop(0)
    chip = s.chips[h]
    where = hex_words(s, h)
    s.chips[h] = 0
    s.chips[target] = chip
    _changed(s)
    events: list[tuple[str, Any]] = [
        (f"{{p{seat}}} takes the {chip} from {where} to {hex_words(s, target)}.", None)]
    return events + _next_pick(s)


def pending(s: State) -> tuple[str | None, int | None]:
    if s.phase != CHIP:
        return None, None
    target = s.extra["picks"][0][1]
    return (f"{{name}} takes a number chip from the main island for {hex_words(s, target)}: "
            "the bag is empty", s.turn)


def public(s: State) -> dict[str, Any]:
    """The view's keys: the chips still in the bag (sorted: never their order), the
    small-island hexes still without a chip (a road or ship reaching one brings it one; a
    main-island hex whose chip was taken stays without), and the hex owed a chip now, if
    any."""
    picks = s.extra["picks"]
    return {"chip_bag": sorted(s.extra["bag"]),
            "chips_to_come": [h for h in small_island_hexes(s) if not s.chips[h]],
            "chip_for": picks[0][1] if s.phase == CHIP and picks else None}


def pips(chip: int) -> int:
    return 6 - abs(7 - chip) if chip else 0


def hoped_pips(s: State) -> float:
    """What a small-island hex without a chip promises, in pips, from what everyone knows:
    the mean of the chips left in the bag, else of those on the main island."""
    bag = s.extra["bag"]
    chips = bag or [s.chips[h] for h in main_island_hexes(s) if s.chips[h]]
    return sum(map(pips, chips)) / len(chips) if chips else 0.0


def ai_pick(s: State, seat: int, hexes: list[int]) -> int:
    """The heuristic player's chip: the most pips for the hex it reached, counting what the
    hex taken from produced for itself (a loss) and for the others (half a gain)."""
    b = s.board

    def worth(h: int) -> tuple[float, int]:
        p = pips(s.chips[h])
        mine = theirs = 0
        for c in b.hex_corners[h]:
            bl = s.buildings[c]
            if bl is not None:
                if bl[0] == seat:
                    mine += bl[1]
                else:
                    theirs += bl[1]
        return p * (1 - mine + 0.5 * theirs), -h

    return max(hexes, key=worth)


__all__ = ["CHIP", "bag_chips", "DECISIONS", "RULE_WORDS", "ai_pick", "begin", "choices", "fill",
           "hoped_pips", "main_island_hexes", "move_label", "moves", "pending", "public",
           "reach", "small_island_hexes", "take"]
