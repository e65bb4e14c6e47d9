"""Every tile of both armies as plain data, in one table, with where each value comes from.

The source of each value is marked (shared rules/neuroshima.md, section 0.1):

- ``TXT``: stated by a text source (the Pirates rulebook, a publisher text, the FAQ);
- ``CODE+ART``: the Neuroshima-online data and the printed tile art agree (confirmed);
- ``ART``: read from the tile art, provisional;
- ``GUESS``: our design guess, where no source gives the value.

A better source changes one row here and nothing else. Directions are printed-edge indexes
0-5 (0 = the top edge of the flat-top hex, clockwise), turned by the placement's rotation.

Fields of a row: ``key``, ``army``, ``name``, ``n`` (copies), ``kind`` (hq, unit, module,
implant, instant), ``drift``, ``init`` (one slot per printed initiative), ``melee`` and
``ranged`` ({edge: strength}), ``gauss`` and ``water_gun`` (edges), ``armor``, ``net``,
``t`` (toughness), ``conn`` (module connector edges), ``effect`` (what the module or HQ
gives), ``ability``, ``status`` ({field: mark}).
"""

from __future__ import annotations

from typing import Any

ALL = (0, 1, 2, 3, 4, 5)

_ROWS: list[dict[str, Any]] = [
    # ---- Moloch (rules/neuroshima.md section 3; every number CODE+ART unless marked) ----
    {"key": "m_hq", "army": "moloch", "name": "Moloch HQ", "n": 1, "kind": "hq", "init": [0],
     "melee": dict.fromkeys(ALL, 1), "t": 20, "effect": "ranged+1",
     "status": {"stats": "CODE+ART", "effect": "TXT"}},
    {"key": "m_blocker", "army": "moloch", "name": "Blocker", "n": 2, "kind": "unit",
     "armor": [0], "t": 3, "status": {"stats": "CODE+ART"}},
    {"key": "m_cyborg", "army": "moloch", "name": "Cyborg", "n": 2, "kind": "unit",
     "init": [3], "ranged": {0: 1}, "status": {"stats": "CODE+ART"}},
    {"key": "m_gauss", "army": "moloch", "name": "Gauss Cannon", "n": 1, "kind": "unit",
     "init": [1], "gauss": [4], "t": 2, "status": {"stats": "CODE+ART", "gauss": "TXT"}},
    {"key": "m_juggernaut", "army": "moloch", "name": "Juggernaut", "n": 1, "kind": "unit",
     "init": [1], "melee": {0: 2}, "ranged": {1: 1}, "armor": [0, 2, 4], "t": 2,
     "status": {"stats": "CODE+ART"}},
    {"key": "m_clown", "army": "moloch", "name": "The Clown", "n": 1, "kind": "unit",
     "init": [2], "melee": {0: 1, 5: 1}, "t": 2, "ability": "explosion",
     "status": {"stats": "CODE+ART", "explosion": "TXT", "explosion details": "GUESS"}},
    {"key": "m_hunter", "army": "moloch", "name": "Hunter-Killer", "n": 2, "kind": "unit",
     "init": [3], "melee": {0: 1, 1: 1, 3: 1, 5: 1}, "status": {"stats": "CODE+ART"}},
    {"key": "m_protector", "army": "moloch", "name": "Protector", "n": 1, "kind": "unit",
     "init": [1], "ranged": {0: 1, 1: 1, 5: 1}, "t": 2, "status": {"stats": "CODE+ART"}},
    {"key": "m_armored_hunter", "army": "moloch", "name": "Armored Hunter", "n": 2,
     "kind": "unit", "init": [2], "melee": dict.fromkeys(ALL, 1), "armor": [0, 5],
     "status": {"stats": "CODE+ART"}},
    {"key": "m_guard", "army": "moloch", "name": "Guard", "n": 1, "kind": "unit",
     "init": [2], "ranged": {0: 1, 5: 1}, "status": {"stats": "CODE+ART"}},
    {"key": "m_armored_guard", "army": "moloch", "name": "Armored Guard", "n": 1,
     "kind": "unit", "init": [2], "ranged": {1: 1, 5: 1}, "armor": [0],
     "status": {"stats": "CODE+ART"}},
    {"key": "m_ripper", "army": "moloch", "name": "Ripper", "n": 1, "kind": "unit",
     "init": [2], "melee": {0: 2}, "status": {"stats": "CODE+ART"}},
    {"key": "m_net_fighter", "army": "moloch", "name": "Net Fighter", "n": 1, "kind": "unit",
     "net": [0, 5], "status": {"stats": "CODE+ART"}},
    {"key": "m_stormtrooper", "army": "moloch", "name": "Stormtrooper", "n": 1, "kind": "unit",
     "init": [2, 1], "ranged": {0: 1}, "t": 2, "status": {"stats": "CODE+ART"}},
    {"key": "m_officer", "army": "moloch", "name": "Officer", "n": 1, "kind": "module",
     "conn": [1, 3, 5], "effect": "ranged+1", "status": {"stats": "CODE+ART"}},
    {"key": "m_scout", "army": "moloch", "name": "Scout", "n": 1, "kind": "module",
     "conn": [0, 2, 4], "effect": "init+1", "status": {"stats": "CODE+ART"}},
    {"key": "m_mother", "army": "moloch", "name": "Mother Module", "n": 1, "kind": "module",
     "conn": [0], "effect": "extra_slot", "status": {"stats": "CODE+ART", "effect": "TXT"}},
    {"key": "m_medic", "army": "moloch", "name": "Medic", "n": 2, "kind": "module",
     "conn": [0, 2, 4], "effect": "medic", "status": {"stats": "CODE+ART"}},
    {"key": "m_brain", "army": "moloch", "name": "The Brain", "n": 1, "kind": "module",
     "conn": [0, 2, 4], "effect": "both+1", "status": {"stats": "CODE+ART"}},
    {"key": "m_battle", "army": "moloch", "name": "Battle", "n": 4, "kind": "instant",
     "ability": "battle", "status": {"rule": "TXT"}},
    {"key": "m_move", "army": "moloch", "name": "Move", "n": 1, "kind": "instant",
     "ability": "move", "status": {"rule": "TXT"}},
    {"key": "m_push", "army": "moloch", "name": "Push Back", "n": 5, "kind": "instant",
     "ability": "push", "status": {"rule": "TXT", "netted pusher": "GUESS"}},
    {"key": "m_airstrike", "army": "moloch", "name": "Air Strike", "n": 1, "kind": "instant",
     "ability": "airstrike", "status": {"rule": "TXT"}},
    # ---- Pirates (rules/neuroshima.md section 4.3; most numbers read from the art) ----
    {"key": "p_hq", "army": "pirates", "name": "Pirates HQ", "n": 1, "kind": "hq",
     "drift": True, "init": [0], "ranged": {1: 1}, "t": 20,
     "status": {"initiative, ranged, no melee, no bonus": "ART", "drift": "TXT",
                "toughness": "TXT"}},
    {"key": "p_motorboat", "army": "pirates", "name": "Motorboat", "n": 2, "kind": "unit",
     "drift": True, "init": [1], "ranged": {5: 2}, "armor": [5], "status": {"stats": "ART"}},
    {"key": "p_fisherman", "army": "pirates", "name": "Fisherman", "n": 1, "kind": "unit",
     "drift": True, "net": [0], "status": {"stats": "ART", "drift": "TXT"}},
    {"key": "p_harpoon", "army": "pirates", "name": "Harpoon", "n": 2, "kind": "unit",
     "drift": True, "init": [2], "melee": {2: 2}, "ranged": {4: 1}, "ability": "grab",
     "status": {"stats": "ART", "grab": "TXT", "grab timing": "GUESS"}},
    {"key": "p_crocodile", "army": "pirates", "name": "Crocodile", "n": 2, "kind": "unit",
     "init": [1, 0], "melee": {5: 1}, "ability": "charge",
     "status": {"stats": "ART", "charge": "TXT"}},
    {"key": "p_helmsman", "army": "pirates", "name": "Helmsman", "n": 3, "kind": "unit",
     "init": [1], "melee": {0: 1, 1: 1, 2: 1, 4: 1, 5: 1}, "armor": [0],
     "status": {"stats": "ART"}},
    {"key": "p_smuggler", "army": "pirates", "name": "Smuggler", "n": 3, "kind": "unit",
     "init": [2], "melee": {0: 2, 2: 2}, "ranged": {1: 1}, "status": {"stats": "ART"}},
    {"key": "p_bossman", "army": "pirates", "name": "Bossman", "n": 1, "kind": "unit",
     "init": [0], "melee": {5: 1}, "ability": "boarding",
     "status": {"stats": "ART", "boarding": "TXT"}},
    {"key": "p_water_gun", "army": "pirates", "name": "Water Gun", "n": 1, "kind": "unit",
     "init": [2], "water_gun": [0], "status": {"initiative, direction": "ART", "rule": "TXT"}},
    {"key": "p_mother", "army": "pirates", "name": "Mother", "n": 2, "kind": "module",
     "conn": [0, 1, 5], "effect": "extra_slot",
     "status": {"connectors": "ART", "effect": "TXT"}},
    {"key": "p_officer1", "army": "pirates", "name": "Officer I", "n": 2, "kind": "module",
     "conn": [0, 1, 5], "effect": "melee+1", "status": {"connectors, effect": "ART"}},
    {"key": "p_saboteur", "army": "pirates", "name": "Saboteur", "n": 3, "kind": "module",
     "conn": [0, 1, 5], "effect": "init-1_enemy",
     "status": {"connectors": "ART", "effect": "TXT"}},
    {"key": "p_medic", "army": "pirates", "name": "Medic", "n": 2, "kind": "module",
     "conn": [0, 1, 5], "effect": "medic", "status": {"connectors": "ART", "effect": "TXT"}},
    {"key": "p_tavern", "army": "pirates", "name": "Tavern", "n": 1, "kind": "implant",
     "ability": "tavern", "status": {"effect": "TXT", "no connectors": "ART",
                                     "toughness": "GUESS"}},
    {"key": "p_battle", "army": "pirates", "name": "Battle", "n": 5, "kind": "instant",
     "ability": "battle", "status": {"rule": "TXT"}},
    {"key": "p_move", "army": "pirates", "name": "Move", "n": 3, "kind": "instant",
     "ability": "move", "status": {"rule": "TXT"}},
    {"key": "p_wave", "army": "pirates", "name": "Wave", "n": 1, "kind": "instant",
     "ability": "wave", "status": {"rule": "TXT"}},
]

_DEFAULTS: dict[str, Any] = {
    "drift": False, "init": [], "melee": {}, "ranged": {}, "gauss": [], "water_gun": [],
    "armor": [], "net": [], "t": 1, "conn": [], "effect": None, "ability": None,
}

#: key -> the full row (every field present)
TILES: dict[str, dict[str, Any]] = {
    row["key"]: {**_DEFAULTS, **row} for row in _ROWS
}

ARMIES: tuple[str, ...] = ("pirates", "moloch")
HQ: dict[str, str] = {"pirates": "p_hq", "moloch": "m_hq"}


def army_tiles(army: str) -> list[str]:
    """The draw pile of an army before shuffling: every non-HQ tile, sorted by key."""
    keys: list[str] = []
    for row in TILES.values():
        if row["army"] == army and row["kind"] != "hq":
            keys.extend([row["key"]] * row["n"])
    return sorted(keys)


def name(key: str) -> str:
    return TILES[key]["name"]


def _signature(row: dict[str, Any], rot: int) -> tuple:
    """Everything directional about a tile turned ``rot`` steps, to spot equal rotations."""

    def turn(edges) -> tuple:
        return tuple(sorted((e + rot) % 6 for e in edges))

    def turn_map(d: dict[int, int]) -> tuple:
        return tuple(sorted(((e + rot) % 6, v) for e, v in d.items()))

    return (turn_map(row["melee"]), turn_map(row["ranged"]), turn(row["gauss"]),
            turn(row["water_gun"]), turn(row["armor"]), turn(row["net"]), turn(row["conn"]))


def _distinct_rotations(row: dict[str, Any]) -> tuple[int, ...]:
    seen: dict[tuple, int] = {}
    for rot in range(6):
        seen.setdefault(_signature(row, rot), rot)
    return tuple(sorted(seen.values()))


#: key -> the rotations that differ (a Tavern has one, most units six)
ROTATIONS: dict[str, tuple[int, ...]] = {k: _distinct_rotations(r) for k, r in TILES.items()}


def canonical_rotation(key: str, rot: int) -> int:
    """The listed rotation that looks the same as ``rot`` (a Tavern turned 3 is a Tavern)."""
    row = TILES[key]
    sig = _signature(row, rot % 6)
    return next(r for r in ROTATIONS[key] if _signature(row, r) == sig)


def describe(key: str) -> str:
    """One line of a tile's data for ``/game rules``, with the marks of where it comes from."""
    r = TILES[key]
    parts = [f"**{r['name']}** x{r['n']} ({r['kind']}"
             + (", Drift" if r["drift"] else "") + ")"]
    if r["init"]:
        parts.append("initiative " + " and ".join(str(i) for i in r["init"]))
    if r["melee"]:
        parts.append("melee " + ", ".join(f"{e}:{s}" for e, s in sorted(r["melee"].items())))
    if r["ranged"]:
        parts.append("ranged " + ", ".join(f"{e}:{s}" for e, s in sorted(r["ranged"].items())))
    if r["gauss"]:
        parts.append("Gauss " + ", ".join(map(str, r["gauss"])))
    if r["water_gun"]:
        parts.append("Water Gun " + ", ".join(map(str, r["water_gun"])))
    if r["armor"]:
        parts.append("armour " + ", ".join(map(str, r["armor"])))
    if r["net"]:
        parts.append("net " + ", ".join(map(str, r["net"])))
    if r["conn"]:
        parts.append("connectors " + ", ".join(map(str, r["conn"])))
    if r["effect"]:
        parts.append(f"effect {r['effect']}")
    if r["ability"]:
        parts.append(r["ability"])
    if r["kind"] != "instant":
        parts.append(f"toughness {r['t']}")
    marks = "; ".join(f"{f}: {m}" for f, m in r["status"].items())
    return ", ".join(parts) + f" [{marks}]"
