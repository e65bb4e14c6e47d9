"""Neuroshima Hex!'s ``/game rules`` page."""

from __future__ import annotations

from typing import Any

from .decisions import DECISIONS, OPTIONS
from .tiles import TILES, describe


def rules_markdown(opts: dict[str, Any]) -> str:
    lines = [
        "# Neuroshima Hex! 3.0: the Pirates against Moloch",
        "",
        "Two armies fight on 19 standard hexes and the Pirates' 12 Water spaces around them. "
        "Destroy the enemy HQ (20 toughness), or have the stronger HQ after the Final Battle.",
        "",
        "## A turn",
        "1. First turns: the first player places the HQ, then the second; the first player then "
        "draws 1 tile, the second 2. Later turns draw up to 3 tiles; holding 3, discard one.",
        "2. Place tiles on empty spaces in any of six facings, play instants, activate one "
        "implant, Grab with Harpoons, discard; tiles you keep count towards the next draw.",
        "3. A battle starts when the 19 standard spaces are full (Water does not count; the "
        "turn goes on), with a Battle tile, the Tavern or Boarding (the turn then ends).",
        "4. Drawing your last tile: finish the turn, the opponent plays one more, then the "
        "Final Battle. No Battle tile, Tavern or Boarding after anyone's last draw.",
        "",
        "## Battles",
        "Initiative phases from the highest down to 0; the attacks of a phase are "
        "simultaneous and the destroyed go at its end. Melee hits the adjacent enemy; ranged "
        "flies over friends to the first enemy; armour takes 1 from ranged attacks through its "
        "edge; nets stop a unit's attacks and abilities; wounds stay. After every battle each "
        "Drift unit moves one Water space clockwise (a netted one loses 1 toughness per net).",
        "",
        "## Tiles (marks: TXT printed or stated, CODE+ART confirmed, ART read from the art "
        "and provisional, GUESS ours)",
        "Edges are numbered 0 (top) to 5 clockwise on the printed tile.",
    ]
    lines += [f"- {describe(k)}" for k in TILES]
    lines += ["", "## This table",
              "Each open question of the rules sheet is an option (`name`: its help, the "
              "value now); set them when opening the table, e.g. `/game new game:neuroshima "
              "options:drift_rotation=none grab_hq=false`."]
    for name, spec in OPTIONS.items():
        other = [str(v) for v in spec.values if v != opts[name]]
        alt = f" (else {', '.join(other)})" if other else ""
        lines.append(f"- `{name}`: {spec.help} Now: **{opts[name]}**{alt}.")
    lines += ["", "## Our decisions where the rules are silent"]
    lines += [f"- {d}" for d in DECISIONS]
    return "\n".join(lines) + "\n"
