"""The open questions of rules/neuroshima.md section 6 that are table options, and every other
decision of ours, listed for ``/game rules`` and the README."""

from __future__ import annotations

from engine.core import Option

OPTIONS: dict[str, Option] = {
    "armies": Option(
        ("pirates-moloch", "moloch-pirates"), "pirates-moloch",
        "Which army the first seat plays (the first seat places its HQ first and starts).",
    ),
    "pirates_hq_melee": Option(
        (False, True), False,
        "Q1: give the Pirates HQ the usual melee 1 on all sides (its art shows none).",
    ),
    "airstrike_water_counts": Option(
        (True, False), True,
        "Q8: Water counts as battlefield for the Air Strike's 'all 7 hexes' test "
        "(13 centres; off: the 7 inner centres). The Pirates rulebook allows the Bomb where "
        "it touches no Water Adjacency token, i.e. no corner gap.",
    ),
    "tavern_ends_turn": Option(
        (True, False), True,
        "Q11: a Tavern battle ends the turn, as a Battle tile does.",
    ),
    "tiebreak_extra_battle": Option(
        (True, False), True,
        "Q13: HQs tied after the Final Battle: one more turn each, then one more battle "
        "(off: an immediate draw).",
    ),
    "drift_turn_netted": Option(
        (False, True), False,
        "Q4: a netted Drift unit may be turned when it drifts (it drifts in any case).",
    ),
}

DECISIONS: tuple[str, ...] = (
    "Seats: the first seat places its HQ first and takes the first draw turn (1 tile); the "
    "second seat then draws 2. From then on each turn draws up to 3 and, holding 3, "
    "discards one first.",
    "Q2: a Pirates HQ shot whose first enemy in line is the Moloch HQ stops there and does "
    "nothing (an HQ never wounds an HQ).",
    "Q3, Q28: Drift units (Pirates HQ, Motorboat, Fisherman, Harpoon) exist only on Water; "
    "the Moloch HQ and every other tile only on standard spaces.",
    "Q5: after a battle the Pirates player turns each Drift unit that moved, one at a time "
    "(or keeps the facing of the rest).",
    "Q6, Q25: Water Adjacency links only give the Drift order; melee, nets, connectors and "
    "lines of fire use true hex edges only.",
    "Q7: lines of fire run through Water spaces and end at a corner gap or the edge.",
    "Q9: the Clown explodes instead of attacking when that wounds at least two enemy units "
    "and more enemy than friendly units (automatic); the explosion hits its own space and "
    "every existing neighbour, Water included, HQs excepted, and removes the Clown.",
    "Q10: a board-full battle does not end the turn.",
    "Q12: no Battle tile, Tavern or Boarding once any player has drawn the last tile.",
    "Q14: a Medic is mandatory and absorbs one whole attack on a connected friendly unit, "
    "the heaviest first (automatic); against an area effect (Air Strike, Wave, explosion) "
    "it cancels the wound of one unit. It works on the HQ.",
    "Q15: a netted unit can neither push nor be pushed, neither grab nor be grabbed.",
    "Q16, Q17: a netted unit keeps toughness, armour and space and loses attacks and "
    "abilities; units netting each other in a cycle are all netted.",
    "Q18: a Harpoon grabs in its owner's turn, outside battle, once per turn each; an HQ may "
    "be grabbed; the unit goes to an empty standard space next to both.",
    "Q19: a Crocodile whose melee attack destroyed a unit not on Water always charges into its "
    "space at the end of the phase, turning to face an enemy with its melee edge if it can.",
    "Q20: Boarding is chosen with the Bossman's placement; not when it fills the board or "
    "after anyone's last draw; the battle ends the turn.",
    "Q22: two Mothers on one unit give one extra slot.",
    "Q24: initiative, nets and bonuses are recomputed at the start of each phase; a used slot "
    "never fires again.",
    "Q26: Move and Push Back never put a unit on Water; the Moloch HQ may be moved and "
    "pushed; Drift units are never moved, pushed or grabbed.",
    "Q27: Wave and Air Strike do not wound HQs.",
    "Module bonuses from different tiles add up (two Officer I give +2 melee).",
    "Drift follows every battle, the Final Battle included, so a netted Pirates HQ loses its "
    "point of toughness before the HQs are compared.",
    "A Saboteur, Officer I or Mother may be connected to an HQ (modules reach HQs).",
    "Tiles held when a Battle tile or the Tavern ends the turn stay in hand.",
    "A draw (both HQs destroyed, or tied after the tie-break) lists both seats as winners.",
)
