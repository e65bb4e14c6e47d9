"""The guide's own pages for Neuroshima Hex! 3.0, the Pirates against Moloch (engine/guide.py
puts them together with the decisions and the table options).

Written from the Pirates rulebook (shared rules/neuroshima-hex-pirates.txt: Water spaces,
Drift, Implant, the tiles) and the base rules sheet (shared rules/neuroshima.md, sections
2.1-2.12, 3 and 4) in the players' words. The Tiles page is made from the tile table
(tiles.py), so a corrected value shows here as well; ``tile_words`` says what a tile does
in one short line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import JSON

from .decisions import DECISIONS as _DECISIONS
from .tiles import ARMIES, TILES

PIECES_TITLE = "Tiles"

#: a printed edge in words, as the tile faces up (0 is the top edge, clockwise)
EDGE_WORDS = ("front", "front-right", "back-right", "back", "back-left", "front-left")
#: what a module or an HQ gives, in words
EFFECT_WORDS: dict[str, str] = {
    "ranged+1": "+1 ranged to connected friends",
    "melee+1": "+1 melee to connected friends",
    "both+1": "+1 melee and +1 ranged to connected friends",
    "init+1": "+1 initiative to connected friends",
    "init-1_enemy": "-1 initiative to connected enemies",
    "extra_slot": "a connected unit attacks once more, one phase after its last",
    "medic": "cancels one attack on a connected unit, then is discarded",
}
#: what a tile's ability does, in words
ABILITY_WORDS: dict[str, str] = {
    "battle": "a battle starts now, and your turn ends",
    "move": "move one of your units (not on Water) to a free space next to it and/or turn it",
    "push": "one of your units pushes an adjacent enemy one space away",
    "airstrike": "1 wound to every unit in 7 hexes (a centre and its ring), HQs spared",
    "wave": "1 wound to every unit in 3 outer-ring spaces in a line, HQs spared",
    "explosion": "may explode instead of attacking, 1 wound to every unit around it",
    "grab": "Grab: once a turn, pulls an enemy 1 space away to a space next to it",
    "charge": "Charge: moves into the space of a unit its melee destroyed",
    "boarding": "Boarding: as it is placed, it may start a battle (your turn then ends)",
    "tavern": "activate it (once a turn, one implant) to start a battle; your turn ends",
}
ARMY_NAMES = {"pirates": "Pirates", "moloch": "Moloch"}


def _edges(edges: Sequence[int]) -> str:
    if len(edges) == 6:
        return "all sides"
    if len(edges) <= 2:
        return " and ".join(EDGE_WORDS[e] for e in sorted(edges))
    return f"{len(edges)} sides"


def _attack(strengths: Mapping[int, int]) -> str:
    """Attacks by strength: "2 front, 1 on 3 sides"."""
    by: dict[int, list[int]] = {}
    for edge, strength in strengths.items():
        by.setdefault(strength, []).append(edge)
    return ", ".join(f"{s} {'on ' if len(e) > 2 else ''}{_edges(e)}"
                     for s, e in sorted(by.items(), reverse=True))


def tile_words(key: str) -> str:
    """What tile ``key`` does, in one short line of words ("initiative 3, melee 1 on 4
    sides")."""
    r: dict[str, Any] = TILES[key]
    parts = []
    if r["init"]:
        parts.append("initiative " + " and ".join(map(str, r["init"])))
    if r["melee"]:
        parts.append("melee " + _attack(r["melee"]))
    if r["ranged"]:
        parts.append("ranged " + _attack(r["ranged"]))
    if r["gauss"]:
        parts.append(f"Gauss cannon {_edges(r['gauss'])}: wounds every enemy in its line")
    if r["water_gun"]:
        parts.append(f"Water Gun {_edges(r['water_gun'])}: every enemy in its line, 3/2/1 "
                     "wounds by distance")
    if r["net"]:
        parts.append(f"net {_edges(r['net'])}")
    if r["armor"]:
        parts.append(f"armour {_edges(r['armor'])}")
    if r["kind"] == "hq" and r["effect"]:
        parts.append(EFFECT_WORDS[r["effect"]].replace("connected", "adjacent"))
    if r["kind"] != "instant" and r["t"] != 1:
        parts.append(f"toughness {r['t']}")
    if r["drift"]:
        parts.append("Drift")
    if r["kind"] == "module":
        parts.append(EFFECT_WORDS.get(r["effect"], str(r["effect"])))
    if r["ability"]:
        parts.append(ABILITY_WORDS.get(r["ability"], str(r["ability"])))
    return "; ".join(parts) or "no attack"


_KIND_WORDS = {"hq": "HQ", "unit": "Units", "module": "Modules", "implant": "Implant",
               "instant": "Instant actions"}


def _army(army: str) -> str:
    lines = [f"**{ARMY_NAMES[army]}** (x: copies; toughness 1 unless said):"]
    for kind in ("hq", "unit", "module", "implant", "instant"):
        keys = [k for k, r in TILES.items() if r["army"] == army and r["kind"] == kind]
        if keys:
            lines.append(f"*{_KIND_WORDS[kind]}*")
            lines += [f"- **{TILES[k]['name']}** x{TILES[k]['n']}: {tile_words(k)}" for k in keys]
    return "\n".join(lines)


def _overview(options: Mapping[str, JSON]) -> str:
    first, second = str(options["armies"]).split("-")
    return (
        "Two armies fight a battle of hex tiles: the **Pirates** against **Moloch**, the "
        "machines.\n"
        "**The board**: the 19 standard hexes and, around them, the Pirates' 12 **Water** "
        "spaces. Only Drift units (the Pirates' HQ, Motorboats, Fisherman, Harpoons) stand on "
        "Water, and they stand nowhere else.\n"
        "**The armies**: 35 tiles each: an HQ with 20 toughness and a face-down pile of 34 "
        "units, modules and instant actions, drawn three at a time.\n"
        "**Goal**: destroy the enemy HQ, or have the stronger HQ after the Final Battle.\n"
        f"**This table**: the first seat plays **{ARMY_NAMES[first]}** and places its HQ "
        f"first; the second plays **{ARMY_NAMES[second]}**.\n"
        "**Secret**: only the order of your draw pile; the tiles in your hand are face up, as "
        "at the table."
    )


def _turn(options: Mapping[str, JSON]) -> str:
    full = ("the turn then ends" if options["full_board_ends_turn"]
            else "the turn goes on after it")
    tavern = ("the Tavern (the turn then ends)" if options["tavern_ends_turn"]
              else "the Tavern (the turn goes on)")
    last = ("anyone's last draw" if options["last_draw_blocks"] == "any"
            else "your own last draw")
    return (
        "**The first turns**: the first player places the HQ, then the second (the Pirates HQ "
        "on Water, the Moloch HQ on a standard space). Then the first player draws 1 tile, "
        "the second 2.\n"
        "**Every later turn**:\n"
        "1. Draw until you hold 3 tiles; holding 3, discard one of them first.\n"
        "2. Use your tiles in any order: place a unit or module on an empty space in any of "
        "six facings; play an instant action (then it is discarded); activate one implant; "
        "Grab with a Harpoon. Keep the rest for your next turn, or discard them.\n"
        "3. End the turn.\n"
        f"**Battles start** when the 19 standard spaces are full (Water does not count; "
        f"{full}), with a Battle tile or the Bossman's Boarding (the turn then ends), or "
        f"with {tavern}.\n"
        "**The last tile**: when you draw your last tile, finish your turn; your opponent "
        "plays one more, then comes the **Final Battle**. From "
        f"{last} on, no Battle tile, Tavern or Boarding may start a battle."
    )


def _pieces() -> list[str]:
    """Two parts, an army each."""
    intro = ("A **unit** attacks in battle: melee hits the adjacent enemy, ranged flies over "
             "friends to the first enemy in line. A **module** helps the friends its connector "
             "edges touch. An **instant action** acts once and is discarded. The sides are "
             "named as the tile faces, front first.")
    first, *others = (_army(army) for army in ARMIES)
    return [f"{intro}\n{first}", *others]


def _scoring(options: Mapping[str, JSON]) -> str:
    tie = ("each player plays one more turn, then one more battle; still tied, a draw"
           if options["tiebreak_extra_battle"] else "the game is a draw")
    return (
        "**A battle**, step by step: initiative phases are played from the highest number "
        "down to 0. In a phase every unit with that initiative makes all its attacks at "
        "once; units destroyed in the phase still attack and are removed at its end. Wounds "
        "stay after the battle.\n"
        "- **Melee** hits the adjacent enemy across that edge; **ranged** flies over friends "
        "to the first enemy in line.\n"
        "- **Armour** takes 1 from each ranged attack coming in through its edge.\n"
        "- **Nets** stop the netted enemy's attacks and abilities, for as long as the net "
        "touches it.\n"
        "- **Drift**: after every battle each Drift unit moves one Water space clockwise and "
        "may turn; a netted one loses 1 toughness per net.\n"
        "**The end**: an HQ brought to 0 toughness loses at once (the battle is finished "
        "first; both at 0: a draw). After the Final Battle the HQ with more toughness left "
        f"wins. Tied: {tie}."
    )


def pages(options: Mapping[str, JSON]) -> dict[str, str | list[str]]:
    """The game's own pages for a table of these (resolved) options."""
    return {"overview": _overview(options), "turn": _turn(options), "pieces": _pieces(),
            "scoring": _scoring(options)}


def _marked(mark: str) -> list[str]:
    """The tiles with a value of this source mark, with the values: "Harpoon (grab
    timing)"."""
    out = []
    for r in TILES.values():
        fields = [f for f, m in r["status"].items() if m == mark]
        if fields:
            out.append(f"{r['name']} ({', '.join(fields)})")
    return out


def decisions(options: Mapping[str, JSON]) -> list[str]:
    """The decisions of ours (decisions.py), and the tile values that are our guess or were
    read from the art (tiles.py marks them; ``/game rules`` listed them with every tile)."""
    return [
        *_DECISIONS,
        "Tile values that are our guess, where no source gives them: "
        + "; ".join(_marked("GUESS")) + ".",
        "Tile values read from the printed art, provisional until a text confirms them: "
        + "; ".join(_marked("ART")) + ".",
        "The rules questions Q1-Q28 of the rules sheet are the table options (next page), "
        "each with the recommended answer as its default.",
    ]


def value_words(name: str, value: JSON) -> str | None:
    if name == "armies":
        first, second = str(value).split("-")
        return f"first seat {ARMY_NAMES[first]}, second {ARMY_NAMES[second]}"
    return None
