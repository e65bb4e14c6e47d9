"""The sentence a player reads for each move (an Action's ``label``): "Build a road on 12-13,
between ore 6 and wool 10 (1 wood, 1 brick)", "Move the robber to C5 (ore 6), rob {p2}".

A move that places something on the board names its place by the numbers of the board
image and the hexes there, in the words the image shows (``corner_words``,
``edge_words``; the founding menu's ``start_words``). Such a move is kept per board by
moves.py, its label worded only when first read (``Kept``: a random or AI player never
reads it), from its key (``words_key``) and the board's deal (``Deal``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from engine.core import Action

from .board import RESOURCES
from .building import COST
from .development_cards import DEV_NAMES
from .facts import facts
from .founding import dots, dots_words, land_best_first
from .hands import RI
from .offers import offer_text
from .robber_and_pirate import victims_at
from .scenario_rules import harbour_words, rules_of
from .state import Phase, State
from .words import P, edge_name, hex_name, hex_words


def _cost_text(kind: str) -> str:
    return ", ".join(f"{k} {RESOURCES[i]}" for i, k in enumerate(COST[kind]) if k)


COST_TEXT = {k: _cost_text(k) for k in COST}

#: labels of the moves whose words depend on nothing but the kind
FIXED = {
    "buy": f"Buy a development card ({COST_TEXT['dev']})",
    "roll": "Roll the dice",
    "end": "End your turn",
    "end_auto": "End your turn and let the house rule answer offers for you",
    "stop": "Place no more free roads or ships",
    "offer": "Start a trade offer to the other players",
    "offer_cancel": "Cancel this offer",
    "counter": "Make a counter-offer",
    "decline": "Decline the offer",
    "withdraw": "Withdraw the offer",
}


def label(s: State, seat: int, kind: str, args: Mapping[str, Any]) -> str:
    """The sentence a player reads for a move, in the state it is offered in."""
    fixed = FIXED.get(kind)
    if fixed is not None:
        return fixed
    text = plain_label(kind, args)
    if text is not None:
        return text
    if kind in _PLACED:
        return _label_of(s, words_key(s, seat, kind, args))
    if kind == "bank":
        return bank_label(args["give"], args["get"],
                           facts(s).seat(s, seat).ratios(s)[RI[args["give"]]])
    if kind == "offer_send":
        o = s.offer
        return f"Offer {offer_text(o['give'])} for {offer_text(o['get'])}"
    if kind == "counter_send":
        c = s.offer["counters"][str(seat)]
        return f"Counter: {offer_text(c['give'])} for {offer_text(c['get'])}"
    if kind == "accept":
        o = s.offer
        return f"Accept: give {offer_text(o['get'])} for {offer_text(o['give'])}"
    return rules_of(s).move_label(s, seat, kind, args)  # a move of the scenario's own


#: the moves that place something on the board (a piece, a harbour, the robber or the
#: pirate): their labels name places, and the move lists keep them per board (_kept)
_PLACED = frozenset({"settlement", "road", "ship", "city", "harbour", "move_ship", "robber",
                     "pirate"})


def words_key(s: State, seat: int, kind: str, args: Mapping[str, Any]) -> tuple:
    """The key the move lists keep a placing move under (moves.py, ``_kept``): the move's
    place, and what else its label says (founding or free, the harbour placed, whom it lets
    you rob)."""
    if kind in ("settlement", "city"):
        c = args["c"]
        if kind == "settlement" and s.phase in (Phase.SETUP_SETTLE, Phase.SETUP_ROUTE):
            return ("settlement", c, "start")
        return (kind, c)
    if kind in ("road", "ship"):
        e = args["e"]
        if s.phase in (Phase.SETUP_SETTLE, Phase.SETUP_ROUTE, Phase.FREE_ROUTES):
            return (kind, e, "free")
        return (kind, e)
    if kind == "harbour":
        return ("harbour", args["e"], s.extra["harbours"][-1])
    if kind == "move_ship":
        return ("move_ship", args["e"], args["to"])
    h = args["hex"]  # the robber or the pirate
    return (kind, h, s.chips[h], victims_at(s, seat, kind, h))


def _label_of(d: Any, key: tuple) -> str:
    """The label of the placing move kept under ``key`` (``words_key``), in the words of
    ``d``: the state it is listed in, or the Deal of the board it was listed on."""
    kind = key[0]
    b = d.board
    if kind == "settlement":
        c = key[1]
        if len(key) > 2:
            return start_words(d, c)
        return _fit(f"Build a settlement at {c + 1}: {corner_words(d, c)}",
                    f" ({COST_TEXT['settlement']})")
    if kind in ("road", "ship"):
        e = key[1]
        cost = "free" if len(key) > 2 else COST_TEXT[kind]
        return _fit(f"Build a {kind} on {edge_name(b, e)}, {edge_words(d, e)}", f" ({cost})")
    if kind == "city":
        c = key[1]
        return _fit(f"Upgrade the settlement at {c + 1} to a city: {corner_words(d, c)}",
                    f" ({COST_TEXT['city']})")
    if kind == "harbour":
        e, top = key[1], key[2]
        return _fit(f"Place the {harbour_words(top)} harbour on {edge_name(b, e)}, "
                    f"{edge_words(d, e)}")
    if kind == "move_ship":
        e, to = key[1], key[2]
        return _fit(f"Move the ship on {edge_name(b, e)} to {edge_name(b, to)}, "
                    f"{edge_words(d, to)}")
    return _hex_label(d, kind, key[1], key[3])


def _hex_label(d: Any, kind: str, h: int, victims: tuple[int, ...]) -> str:
    """Moving the robber or the pirate to hex ``h``, naming whom it lets the mover rob."""
    text = f"Move the {kind} to {hex_name(d, h)}"
    if victims:
        text += ", rob " + " or ".join(P(p) for p in victims)
    return text


class Deal:
    """One dealt board as a label reads it: the board's places, its terrains, chips and
    harbours, and its layout (the names a State gives them, so that the word functions
    read either). Taken from the state when the board's first kept move is made: a board
    stands for one deal (board_for), so they are the state's for as long as the board is
    its board."""

    __slots__ = ("board", "terrain", "chips", "harbours", "layout")

    def __init__(self, s: State) -> None:
        board = copy.copy(s.board)
        board.memo = {}  # its places only: no kept move refers back to its deal
        self.board = board
        self.terrain = tuple(s.terrain)
        self.chips = tuple(s.chips)
        self.harbours = tuple(tuple(h) for h in s.harbours)
        self.layout = s.layout


class Kept(Action):
    """A placing move kept per board (moves.py, ``_kept``), its label made when first read
    (a random or AI player never reads it): from its key and the deal of the board it was listed on,
    which fix every word of it, so it reads as it would have when listed."""

    @property
    def label(self) -> str:  # type: ignore[override]
        d = self.__dict__
        text = d.get("_text")
        if text is None:
            text = d["_text"] = _label_of(d["_deal"], d["_words"])
        return text


_NEW_KEPT = object.__new__


def kept_action(s: State, key: tuple, kind: str, args: dict[str, Any]) -> Action:
    """A Kept move (an Action: frozen, so its fields are set as dataclass __init__ sets
    them, straight into the instance)."""
    memo = s.board.memo
    deal = memo.get("deal")
    if deal is None:
        deal = memo["deal"] = Deal(s)
    a = _NEW_KEPT(Kept)
    d = a.__dict__
    d["kind"], d["args"], d["_deal"], d["_words"] = kind, args, deal, key
    return a


#: a label longer than this is clipped by Discord's menus (cogs/texts.py, LABEL_LIMIT)
LABEL_LIMIT = 100


def _fit(text: str, tail: str = "") -> str:
    """``text`` and ``tail`` (a cost), the tail left out if both would not fit a menu."""
    return text + tail if len(text) + len(tail) <= LABEL_LIMIT else text


def start_words(s: Any, c: int) -> str:
    """A founding place as the founding menu lists it (issue 22, "Fewer clicks"): its land
    hexes, those with more dots first, "sea" if the sea touches it, its harbour, then its
    dots (founding.py) and its number on the board image: "ore 6, wool 10, brick 3 (11
    dots, at 37)", "grain 9, sea + 3:1 harbour (4 dots, at 12)". ``s``: a State or a
    Deal."""
    b = s.board
    text = ", ".join(hex_words(s, h) for h in land_best_first(s, c))
    if any(s.terrain[h] == "sea" for h in b.corner_hexes[c]) or len(b.corner_hexes[c]) < 3:
        text += ", sea" if text else "sea"
    for _, kind, c1, c2 in s.harbours:
        if c in (c1, c2):
            text += " + " + ("3:1 harbour" if kind == "any" else f"2:1 {kind} harbour")
    return f"{text} ({dots_words(dots(s, c))}, at {c + 1})"


def corner_words(s: Any, c: int) -> str:
    """The hexes at corner ``c`` as a player reads them off the board image: each land
    hex by its word and number in reading order, "sea" once if the sea touches it, and
    its harbour ("ore 6, wool 10, brick 3"; "grain 9, sea, 3:1 harbour"). ``s``: a State
    or a Deal."""
    b = s.board
    parts = [hex_words(s, h) for h in sorted(b.corner_hexes[c]) if s.terrain[h] != "sea"]
    if any(s.terrain[h] == "sea" for h in b.corner_hexes[c]) or len(b.corner_hexes[c]) < 3:
        parts.append("sea")
    for _, kind, c1, c2 in s.harbours:
        if c in (c1, c2):
            parts.append("3:1 harbour" if kind == "any" else f"2:1 {kind} harbour")
    return ", ".join(parts)


def edge_words(s: Any, e: int) -> str:
    """The two hexes of edge ``e`` as the board image shows them: "between ore 6 and wool
    10", "between grain 9 and sea", or "at sea". ``s``: a State or a Deal."""
    hexes = [hex_words(s, h) for h in sorted(s.board.edge_hexes[e], key=lambda h: (
        s.terrain[h] == "sea", h))]
    if all(w == "sea" for w in hexes):
        return "at sea"
    return "between " + " and ".join(hexes)


#: the words of the moves that need no state, their arguments filled in: {res} a resource,
#: {seat} a player by name
PLAIN_WORDS: dict[str, str] = {
    "offer_give": "Offer 1 {res}",
    "counter_give": "Offer 1 {res}",
    "offer_get": "Ask for 1 {res}",
    "counter_get": "Ask for 1 {res}",
    "gold": "Take 1 {res} from the gold field",
    "plenty": "Take 1 {res} (Year of Plenty)",
    "discard": "Discard 1 {res}",
    "steal": "Steal a card from {seat}",
    "trade": "Trade with {seat}",
}


def plain_label(kind: str, args: Mapping[str, Any]) -> str | None:
    """The label of a move whose words need no state, or None."""
    if kind == "play":
        name = DEV_NAMES[args["card"]]
        return f"Play {name} on {args['res']}" if "res" in args else f"Play {name}"
    words = PLAIN_WORDS.get(kind)
    if words is None:
        return None
    return words.format(**{**args, **({"seat": P(args["seat"])} if "seat" in args else {})})


def bank_label(give: str, get: str, ratio: int) -> str:
    where = "the bank" if ratio == 4 else "your harbour"
    return f"Trade {ratio} {give} for 1 {get} with {where}"
