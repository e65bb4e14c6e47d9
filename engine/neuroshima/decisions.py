"""Every open question of rules/neuroshima.md section 6 (Q1-Q28) as a named table option, the
recommended answer the default, and the other decisions of ours, for ``/game rules`` and the
game's page in docs/games (written by docs/generate.py).

An option's first value is the sheet's recommendation. Where the Pirates rulebook itself
answers a question (Q3, Q20, Q21, Q27, Q28) the option has that one value and its text says so:
another value would break a printed rule, so none is offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Option


def _q(values: tuple, help: str) -> Option:
    """An open question's option: set by name in ``/game new options:`` (there are too many
    for a slash parameter each)."""
    return Option(values, values[0], help, advanced=True)


OPTIONS: dict[str, Option] = {
    "armies": Option(
        ("pirates-moloch", "moloch-pirates"), "pirates-moloch",
        "Which army the first seat plays (the first seat places its HQ first and starts).",
    ),
    "pirates_hq_melee": _q(
        (False, True),
        "Q1: give the Pirates HQ the usual melee 1 on all sides (its art shows none).",
    ),
    "hq_shot_stops_at_hq": _q(
        (True, False),
        "Q2: a Pirates HQ shot whose first enemy in line is the Moloch HQ stops there and does "
        "nothing (an HQ never wounds an HQ); off: it flies past that HQ to the next enemy.",
    ),
    "drift_only_on_water": _q(
        (True,),
        "Q3: Drift units are placed and exist only on Water, every other tile only on standard "
        "spaces. Settled by the rulebook (Drift), so there is no other value.",
    ),
    "drift_turn_netted": _q(
        (False, True),
        "Q4: a netted Drift unit may be turned when it drifts (it drifts, losing 1 toughness "
        "per net, in any case).",
    ),
    "drift_rotation": _q(
        ("optional", "none"),
        "Q5: after a battle the Pirates player may turn each Drift unit that moved, one "
        "decision per unit; none: Drift units keep their facing.",
    ),
    "water_links": _q(
        ("drift_only", "edges"),
        "Q6: Water Adjacency links only give the Drift order; edges: a link also works as the "
        "edge of the missing corner it bridges, for melee, nets, connectors and shots.",
    ),
    "lines_enter_water": _q(
        (True, False),
        "Q7: lines of fire enter Water spaces (and end at a corner gap or the edge), so shots "
        "reach Drift units; off: a line of fire ends before the first Water space (units on "
        "Water are hit in melee only; shots from Water still cross the board).",
    ),
    "airstrike_water_counts": _q(
        (True, False),
        "Q8: Water counts as battlefield for the Air Strike's 'all 7 hexes' test "
        "(13 centres; off: the 7 inner centres). The Pirates rulebook allows the Bomb where "
        "it touches no Water Adjacency token, i.e. no corner gap.",
    ),
    "clown_removed": _q(
        (True, False),
        "Q9: an exploding Clown is removed (it turns into an Air Strike); off: it stays, "
        "taking its own explosion's wound like every unit on its space.",
    ),
    "clown_anywhere": _q(
        (True, False),
        "Q9: the Clown may explode wherever it stands, hitting the spaces that exist, Water "
        "included; off: only where an Air Strike could be centred (all 7 hexes exist).",
    ),
    "full_board_ends_turn": _q(
        (False, True),
        "Q10: a battle started by a full board ends the active turn (by default the turn "
        "goes on).",
    ),
    "tavern_ends_turn": _q(
        (True, False),
        "Q11: a Tavern battle ends the turn, as a Battle tile does.",
    ),
    "last_draw_blocks": _q(
        ("any", "own"),
        "Q12: no Battle tile, Tavern or Boarding once any player has drawn the last tile; "
        "own: only once you have drawn your own last tile.",
    ),
    "tiebreak_extra_battle": _q(
        (True, False),
        "Q13: HQs tied after the Final Battle: one more turn each, then one more battle "
        "(off: an immediate draw).",
    ),
    "medic_mandatory": _q(
        (True, False),
        "Q14: a Medic must absorb the heaviest attack on a connected unit (the first one to "
        "come); off: its owner spends it only on an attack on a unit the attacks of that "
        "phase would destroy.",
    ),
    "netted_can_push": _q(
        (False, True),
        "Q15: a netted unit may be the one that pushes with Push Back (a netted unit is never "
        "pushed or grabbed, and a netted Harpoon never grabs: rulebook).",
    ),
    "netted_keeps_armour": _q(
        (True, False),
        "Q16: a netted unit keeps its armour (and toughness and space); off: its armour does "
        "not count while it is netted.",
    ),
    "net_cycles": _q(
        ("all_netted", "cancel"),
        "Q17: units netting each other in a cycle are all netted; cancel: their nets cancel "
        "and none of them is netted by the others.",
    ),
    "grab_hq": _q(
        (True, False),
        "Q18: a Harpoon may grab an HQ (off: HQs cannot be grabbed).",
    ),
    "charge_facing": _q(
        ("face_enemy", "keep"),
        "Q19: a charging Crocodile turns to put its melee edge on an adjacent enemy if it can; "
        "keep: it keeps its facing. (It always charges; the rulebook lets it turn freely.)",
    ),
    "bossman_boarding": _q(
        ("rulebook",),
        "Q20: Boarding is chosen as the Bossman is placed; the battle ends the turn; not after "
        "anyone's last draw; not when the Bossman fills the board. Settled by the rulebook, "
        "so there is no other value.",
    ),
    "water_gun": _q(
        ("rulebook",),
        "Q21: the Water Gun hits every enemy in its line, 3/2/1 wounds by distance, no "
        "firepower bonus, armour takes 1. Settled by the rulebook, so there is no other value.",
    ),
    "mothers_stack": _q(
        (False, True),
        "Q22: two Mothers on one unit give two extra slots, each one below the last (by "
        "default one extra slot at most).",
    ),
    "saboteur_hq": _q(
        (True, False),
        "Q23: a Saboteur lowers the initiative of a connected enemy HQ too (it matters only "
        "when a Scout raised it); off: HQs ignore the Saboteur.",
    ),
    "initiative_each_phase": _q(
        (True, False),
        "Q24: initiative is recomputed at the start of each phase (a used slot never fires "
        "again); off: every unit's slots are fixed when the battle starts.",
    ),
    "modules_reach_water": _q(
        (True, False),
        "Q25: modules and the Saboteur reach units on Water across a true edge; off: units "
        "on Water get no module effect.",
    ),
    "hq_movable": _q(
        (True, False),
        "Q26: Move and Push Back may move an HQ (never a Drift unit, never onto Water); off: "
        "HQs are never moved or pushed.",
    ),
    "wave_airstrike_spare_hq": _q(
        (True,),
        "Q27: Wave and Air Strike never wound HQs. Settled by both tiles' texts, so there is "
        "no other value.",
    ),
    "hq_start": _q(
        ("any_legal_space",),
        "Q28: the Pirates HQ starts on any empty Water space, the Moloch HQ on any empty "
        "standard space. Settled by the rulebook (Drift) and the base rules, so there is no "
        "other value.",
    ),
}

DEFAULTS: dict[str, Any] = {name: spec.default for name, spec in OPTIONS.items()}


def opt(opts: Mapping[str, Any], name: str) -> Any:
    """An option's value, its default when ``opts`` lacks it (boards fought in tests and the
    AI's simulations pass partial options; tables saved before an option existed too)."""
    return opts.get(name, DEFAULTS[name])


DECISIONS: tuple[str, ...] = (
    "Seats: the first seat places its HQ first and takes the first draw turn (1 tile); the "
    "second seat then draws 2. From then on each turn draws up to 3 and, holding 3, "
    "discards one first.",
    "Q9: the Clown explodes instead of attacking when that wounds at least two enemy units "
    "and more enemy than friendly units (automatic); the explosion hits its own space and "
    "every existing neighbour, HQs excepted.",
    "Q14: a Medic absorbs one whole attack on a connected friendly unit, the heaviest first "
    "(automatic); against an area effect (Air Strike, Wave, explosion) it cancels the wound "
    "of one unit. It works on the HQ.",
    "Q18: a Harpoon grabs in its owner's turn, outside battle, once per turn each; the unit "
    "goes to an empty standard space next to both.",
    "Q19: a Crocodile whose melee attack destroyed a unit not on Water always charges into "
    "its space at the end of the phase.",
    "Module bonuses from different tiles add up (two Officer I give +2 melee).",
    "Drift follows every battle, the Final Battle included, so a netted Pirates HQ loses its "
    "point of toughness before the HQs are compared.",
    "A Saboteur, Officer I or Mother may be connected to an HQ (modules reach HQs).",
    "Tiles held when a Battle tile or the Tavern ends the turn stay in hand.",
    "A draw (both HQs destroyed, or tied after the tie-break) lists both seats as winners.",
)
