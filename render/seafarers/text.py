"""Seafarers: the Markdown twins of both images, and what the hand shows, worked out once
for the hand image (render/seafarers/hand.py) and its twin here, so that they stay in step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import counted, fill_names
from render.seafarers.hexmap import PLAYER_NAME, RES, hex_name, names_of, with_colour

BUILD_NAMES = {"road": "road", "ship": "ship", "settlement": "settlement", "city": "city",
               "dev": "development card"}
#: what each piece costs, one card per entry, in the resources' order: catan-base.md "A
#: turn" 4 ("road (wood + brick), settlement (wood + brick + wool + grain), city (3 ore + 2
#: grain ...), development card (wool + grain + ore)") and seafarers.txt "Boat building"
#: ("To build a ship costs 1 wool and 1 wood")
COST: dict[str, tuple[str, ...]] = {
    "road": ("wood", "brick"),
    "ship": ("wood", "wool"),
    "settlement": ("wood", "brick", "wool", "grain"),
    "city": ("grain", "grain", "ore", "ore", "ore"),
    "dev": ("wool", "grain", "ore"),
}
#: the development cards in the order the hand shows them
DEV_ORDER = ("Knight", "Victory Point", "Road Building", "Year of Plenty", "Monopoly")


def points(view: Mapping[str, Any], p: int) -> tuple[int, int]:
    """A player's victory points and how many of them are victory point cards: while the
    game runs, the public points (the cards stay hidden: 0); once it is over, every point
    the winner's line counts, with the cards then shown."""
    public = int(view["players"][p]["vp"])
    total = int(view["vp_total"][p]) if "vp_total" in view else public
    return total, total - public


def my_seat(view: Mapping[str, Any]) -> int:
    seat = view.get("seat")
    if seat is None or "hand" not in view:
        raise ValueError("A hand is drawn from that player's own view only.")
    return int(seat)


def cost_words(kind: str) -> str:
    """"2 grain + 3 ore"."""
    count = Counter(COST[kind])
    return " + ".join(r if count[r] == 1 else f"{count[r]} {r}" for r in RES if count[r])


@dataclass(frozen=True, slots=True)
class BuildRow:
    """One line of the hand's building costs."""

    kind: str  # "road", "ship", "settlement", "city" or "dev"
    cost: tuple[str, ...]  # one resource per card to pay, in the resources' order
    held: tuple[bool, ...]  # per card of the cost: does the hand hold it
    ready: bool  # the player can build it now (the view's "can_build", at their turn)
    #: the cards pay for it and it has a place, but it is not the time to build
    later: bool
    status: str  # "can build now", "on your turn", "needs 1 ore", ... ("" once over)
    left: int  # pieces of that kind still in the supply (development cards: in the deck)

    @property
    def name(self) -> str:
        return BUILD_NAMES[self.kind]


def build_rows(view: Mapping[str, Any]) -> list[BuildRow]:
    """Per piece: its cost, which of its cards the hand holds, and whether it can be built
    now, else the first reason why not (not the seat's building time, no ships in the
    scenario, none left, the deck empty, the cards missing, no place on the board), from
    the seat's own view."""
    seat = my_seat(view)
    hand = view["hand"]
    left = view["players"][seat]["left"]
    can = set(view.get("can_build") or ())
    my_ships = any(r[1] == seat and r[2] == "ship" for r in view.get("routes") or ())
    over = bool(view.get("result"))
    # the view's "can_build" is what the cards pay for where there is a place; building
    # itself waits for the seat's turn, after the roll
    now = view.get("phase") == "main" and view.get("turn") == seat
    rows = []
    for kind, cost in COST.items():
        spare = Counter({r: hand[r] for r in RES})
        held = []
        for r in cost:
            held.append(spare[r] > 0)
            spare[r] -= 1
        short = Counter(cost) - Counter({r: hand[r] for r in RES})
        n_left = int(view.get("deck") or 0) if kind == "dev" else int(left.get(kind, 0))
        ready = kind in can and now
        later = kind in can and not now and not over
        if over:
            status = ""
        elif ready:
            status = "can build now"
        elif later:
            status = ("on your turn" if view.get("turn") != seat
                      else "after you roll" if view.get("phase") == "roll"
                      else "after this step")
        elif kind == "ship" and not n_left and not my_ships:
            status = "not in this scenario"
        elif n_left == 0:
            status = "the deck is empty" if kind == "dev" else "none left"
        elif short:
            status = "needs " + ", ".join(f"{short[r]} {r}" for r in RES if short[r])
        else:
            status = "no place for it now"
        rows.append(BuildRow(kind, cost, tuple(held), ready, later, status, n_left))
    return rows


def left_words(row: BuildRow) -> str:
    """"12 left", "9 in the deck", "not used"."""
    if row.kind == "dev":
        return f"{row.left} in the deck"
    if row.status == "not in this scenario":
        return "not used"
    return f"{row.left} left"


def dev_counts(view: Mapping[str, Any]) -> list[tuple[str, int, bool]]:
    """(card name, how many, bought this turn) in the one order of ``DEV_ORDER``."""
    old, new = Counter(view.get("dev_cards") or ()), Counter(view.get("dev_new") or ())
    order = {name: i for i, name in enumerate(DEV_ORDER)}
    out = [(name, k, False) for name, k in old.items()]
    out += [(name, k, True) for name, k in new.items()]
    return sorted(out, key=lambda t: (order.get(t[0], len(order)), t[0], t[2]))


def hidden_vp(view: Mapping[str, Any]) -> int:
    """The victory points only this player knows of (Victory Point cards)."""
    seat = my_seat(view)
    return int(view["my_vp"]) - int(view["players"][seat]["vp"])


def my_move(view: Mapping[str, Any]) -> str | None:
    """What the game waits for from this player ("discard 4 cards", "Anne rolls the dice
    ..."), or None."""
    seat = my_seat(view)
    if view.get("result") or seat not in (view.get("to_act") or ()) or not view.get("pending"):
        return None
    owed = view["players"][seat].get("owed") or 0
    if view.get("phase") == "discard" and owed:
        return f"discard {owed} cards"
    if view.get("phase") == "gold" and owed:
        return f"pick {owed} resources of your choice for the gold field"
    return fill_names(view["pending"], names_of(view), view.get("pending_seat"), "someone")


def move_words(view: Mapping[str, Any]) -> str | None:
    """The line over the hand: "Waiting for you: discard 4 cards", "The game is over:
    ..."."""
    if view.get("result"):
        return "The game is over: " + fill_names(view["result"]["reason"], names_of(view))
    move = my_move(view)
    return None if move is None else f"Waiting for you: {move}"


def ratio_words(view: Mapping[str, Any]) -> str:
    """"4:1 for all", or every resource's ratio once a harbour betters one."""
    ratios = view.get("ratios") or {}
    if all(ratios.get(r, 4) >= 4 for r in RES):
        return "4:1 for all"
    return ", ".join(f"{r} {ratios.get(r, 4)}:1" for r in RES)


def hand_lines(view: Mapping[str, Any]) -> list[str]:
    seat = my_seat(view)
    names = names_of(view)
    hand = view["hand"]
    secret = hidden_vp(view)
    lines = [f"**{names[seat]}** ({PLAYER_NAME[seat]}, seat {seat + 1}): {view['my_vp']} "
             f"victory points of {view['target']}"
             + (f" ({secret} from Victory Point cards, hidden from the others)"
                if secret else "")]
    move = move_words(view)
    if move:
        lines.append(move)
    lines.append("Resources: " + ", ".join(f"{hand[r]} {r}" for r in RES)
                 + f" ({sum(hand[r] for r in RES)} cards)")
    devs = dev_counts(view)
    old = [f"{k} {name}" for name, k, new in devs if not new]
    new = [f"{k} {name}" for name, k, new in devs if new]
    lines.append("Development cards: " + (", ".join(old) if old else "none")
                 + (f" (bought this turn, to play from your next turn: {', '.join(new)})"
                    if new else ""))
    rows = build_rows(view)
    can = [r.name for r in rows if r.ready]
    later = [r for r in rows if r.later]
    lines.append("You can build now: " + (", ".join(can) if can else "nothing")
                 + (f" ({later[0].status}, with these cards: "
                    f"{', '.join(r.name for r in later)})" if later else ""))
    lines.append("Your trade ratios with the bank: " + ratio_words(view))
    lines.append("Costs:")
    for r in rows:
        lines.append(f"- {r.name} = {cost_words(r.kind)} ({left_words(r)})"
                     + (f": {r.status}" if r.status else ""))
    return lines


def text_hand(view: Mapping[str, Any]) -> str:
    return "\n".join(hand_lines(view))


def trade_line_words(view: Mapping[str, Any]) -> list[str]:
    """The Great Crossing's trade lines, one line each: "Trade line: Anne's settlement to
    Bart's city, 4 pieces: Anne holds its chip" (nothing in the other scenarios)."""
    if "trade_lines" not in view:
        return []
    names = names_of(view)
    at = {c: (seat, level) for c, seat, level in view["buildings"]}
    out = []
    for line in view["trade_lines"]:
        ends = []
        for c in line["ends"]:
            seat, level = at[c]
            ends.append(f"{names[seat]}'s {'settlement' if level == 1 else 'city'}")
        p = line["holder"]
        who = f"{names[p]} holds its chip" if p is not None else "nobody holds its chip"
        out.append(f"Trade line: {ends[0]} to {ends[1]}, {len(line['edges'])} pieces: {who}")
    if not out:
        out.append("Trade lines: none yet")
    return out


def bag_line(view: Mapping[str, Any]) -> str:
    """Greater Catan's bag (what it holds, never its order), and the hex a chip is being
    taken for."""
    bag = view["chip_bag"]
    text = (f"Chip bag: {len(bag)} chips ({', '.join(map(str, sorted(bag)))})" if bag
            else "Chip bag: empty (chips now come from the main island)")
    if view.get("chip_for") is not None:
        q, r = view["hexes"][view["chip_for"]][:2]
        text += f"; a chip is being taken for {hex_name(q, r)}"
    return text


def text_board(view: Mapping[str, Any]) -> str:
    names = names_of(view)
    lines = [f"**Seafarers: {view.get('scenario_name', '')}** · round {view['round']} · "
             f"{view['target']} VP wins"]
    if view.get("dice"):
        a, b = view["dice"]
        lines.append(f"Dice: {a} + {b} = {a + b}")
    for p in range(view["n"]):
        info = view["players"][p]
        extra = []
        if view.get("longest") == p:
            extra.append("Longest Trade Route")
        if view.get("army") == p:
            extra.append("Largest Army")
        if info.get("special"):
            k = info["special"]
            extra.append(f"{k} special VP" + (
                f" (trade line chip{'s' if k != 1 else ''})" if "trade_lines" in view else ""))
        vp, cards = points(view, p)
        vp_text = f"{vp} VP" + (f" ({counted(cards, 'VP card')})" if cards else "")
        lines.append(
            f"- {with_colour(names[p], p)}: {vp_text}, {counted(info['cards'], 'card')}, "
            f"{counted(info['devs'], 'development card')}, "
            f"{counted(info['knights'], 'knight')}, route "
            f"{info['route']}" + (f" · {', '.join(extra)}" if extra else "")
        )
    if view.get("face_down"):
        tiles, chips = view["face_down"]
        lines.append(f"Face down: {tiles} tiles, {chips} number chips")
    lines.extend(trade_line_words(view))
    if "chip_bag" in view:
        lines.append(bag_line(view))
    if view.get("harbour_next"):
        kind = view["harbour_next"]
        tag = "3:1" if kind == "any" else f"2:1 {kind}"
        lines.append(f"Harbour to place: {tag} ({view.get('harbours_left', 0)} still to "
                     "place)")
    if view.get("result"):
        lines.append(fill_names(view["result"]["reason"], names))
    elif view.get("pending"):
        lines.append(fill_names(view["pending"], names, view.get("pending_seat"), "someone"))
    return "\n".join(lines)
