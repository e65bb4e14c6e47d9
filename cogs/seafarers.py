"""``/catan``: the moves of Catan: Seafarers, and how its table looks on Discord.

A command per move: ``roll``, ``build`` (road, ship, settlement, city at a place named on
the board image: corners by number, edges by their two corners "12-13"; a New World
harbour on its coast edge), ``moveship``,
``buy``, ``play``, ``bank``, ``offer``, ``accept``, ``decline``, ``counter``, ``partner``,
``withdraw``, ``discard``, ``robber`` (robber or pirate), ``steal``, ``take`` (gold field or
Year of Plenty), ``stop``, ``end``, and ``move`` for any legal move (ending the turn and
letting the house rule answer offers meanwhile is one of them). Autocomplete lists come
from ``GAME.legal_actions`` with the engine's labels, so only legal places are offered; the
engine judges every move, so a refusal says why.

On the private panel a trade offer (or a counter-offer) is composed in one message (issue
14: "compose an offer in one menu (give, get), not one card per click"): two multi-pick
menus, the cards you give and the cards you ask for, then one Confirm that sends it
(``SeafarersAdapter.step``, the ``Step`` machinery of cogs/adapters.py). Nothing is applied
while the cards are picked, so nobody sees an offer before it is sent and no offer of the
turn is used up; Confirm applies the engine's steps (start, each card, send) as one batch.

Answering an offer is optional (issue 22, "Formalities hold everyone";
engine/seafarers/offers.py): the turn message names and pings only the player who made it,
and those who hold what it asks find Accept, Decline and Counter-offer on their panel, under
the offer in words (the view's "pending", which the panel's status line shows). The player
who made it finds a **Trade with …** button for each who accepted or countered, beside
Withdraw and the rest of the turn's moves.

Fewer clicks (issue 22): a discard on a 7 is picked whole in one menu of the private panel
(one entry per card held; bundles of cards when the hand holds more than a menu lists),
then one Confirm that names the cards (``discard_step``); ``/catan discard`` takes the whole
discard too. The founding places are named by their hexes and dots, best first
(engine/seafarers/founding.py), so the best 25 fill the panel's first menu.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from cogs import texts
from cogs.actions import busy_choices, decode
from cogs.adapters import GameAdapter, Menu, Panel, Pick, Step
from cogs.components import MENU_SIZE
from cogs.play import command_move, move_choices
from cogs.seats import legal, names_of
from engine.core import Action, IllegalAction
from engine.seafarers.board import RESOURCES
from engine.seafarers.discards import discard_words, whole_discard
from engine.seafarers.rules import OFFER_MAX, offer_text
from engine.seafarers.state import BANK_EACH
from engine.table import Table

if TYPE_CHECKING:
    from cogs.bot import ParleyBot

GAME_ID = "seafarers"
#: moves shown as buttons on the private panel, in this order
BUTTON_KINDS = ("roll", "trade", "end", "buy", "accept", "decline", "offer_send",
                "counter_send", "withdraw", "offer_cancel", "stop")
#: the panel menu's order of kinds (others in between)
MENU_ORDER = {"settlement": 0, "city": 0, "road": 1, "ship": 1, "play": 2, "bank": 3,
              "move_ship": 8}
#: words people use for the resources
SYNONYMS: dict[str, str] = {
    "wood": "wood", "lumber": "wood", "forest": "wood", "tree": "wood",
    "brick": "brick", "clay": "brick", "hills": "brick",
    "wool": "wool", "sheep": "wool", "pasture": "wool", "meadow": "wool",
    "grain": "grain", "wheat": "grain", "fields": "grain",
    "ore": "ore", "stone": "ore", "rock": "ore", "mountain": "ore", "mountains": "ore",
}
_ITEM = re.compile(r"(\d+)?\s*x?\s*([a-z]+)", re.IGNORECASE)


def parse_cards(text: str) -> list[str]:
    """Resources from "2 wood, 1 ore", "wood wood ore" or "2x sheep"; IllegalAction on an
    unknown word."""
    out: list[str] = []
    for count, word in _ITEM.findall(text.replace(",", " ").replace("+", " ")):
        if word.casefold() in ("and", "x"):
            continue
        res = SYNONYMS.get(word.casefold().rstrip("s")) or SYNONYMS.get(word.casefold())
        if res is None:
            raise IllegalAction(
                f"I don't know the resource {texts.quote(word)}. Write wood, brick, wool, grain "
                "or ore, with a number before it for several (\"2 wood, 1 ore\")."
            )
        # The game has BANK_EACH cards of each resource: a larger count names no move, and
        # is refused before it is turned into a list (reliability issue, item 6).
        if len(count) > 2 or int(count or 1) > BANK_EACH:
            raise IllegalAction(
                f"There are only {BANK_EACH} cards of each resource: write a number from 1 "
                f"to {BANK_EACH} before {res}.")
        out += [res] * int(count or 1)
    if not out:
        raise IllegalAction("Name at least one resource, e.g. \"2 wood, 1 ore\".")
    return out


def match(actions: Sequence[Action], typed: str, names: Sequence[str]) -> Action:
    """The one legal move ``typed`` stands for: an autocomplete value, a label, a place
    ("37", "12-13") or words only one move has; IllegalAction with a hint otherwise."""
    if not actions:
        raise IllegalAction(texts.NO_MOVES_NOW)
    found = decode(typed, actions, names)
    if found is not None:
        return found
    t = typed.strip()
    by_place = [a for a in actions if _place(a) == t]
    if len(by_place) == 1:
        return by_place[0]
    raise IllegalAction("Pick the move from the list that appears while you type "
                        "(places are the numbers on the board image).")


#: the first place in a label: a corner "37" or an edge "12-13", never a harbour's ratio
#: ("Place the 3:1 harbour on 12-13")
_PLACE = re.compile(r"\b(?<!:)(\d+-\d+|\d+)\b(?!:\d)")


def _place(a: Action) -> str:
    """The place a move names: its corner's number ("37"), else the first place in its
    label (a founding place's label begins with its hexes: "ore 6, ... (11 dots, at 37)")."""
    if "c" in a.args:
        return str(int(a.args["c"]) + 1)
    m = _PLACE.search(a.label or "")
    return m.group(1) if m else ""


def offer_steps(give: str, get: str, prefix: str, started: bool = False) -> list[Action]:
    """An offer or counter-offer as the engine's steps: start it (unless ``started``: the
    player is building one already), each card given, each card asked for, then send."""
    steps = [] if started else [Action(prefix, {})]
    steps += [Action(f"{prefix}_give", {"res": r}) for r in parse_cards(give)]
    steps += [Action(f"{prefix}_get", {"res": r}) for r in parse_cards(get)]
    return [*steps, Action(f"{prefix}_send", {})]


# -- a trade offer composed in one message ----------------------------------------------------

#: the two composers: an offer of the player on turn ("o") and a counter-offer ("c"): the
#: engine's kinds (begin, a card given, a card asked for, send), and the words
COMPOSERS: dict[str, tuple[str, str, str, str]] = {
    "o": ("offer", "offer_give", "offer_get", "offer_send"),
    "c": ("counter", "counter_give", "counter_get", "counter_send"),
}
_TITLES = {"o": "Trade offer", "c": "Counter-offer"}
#: a resource in a path (two letters, so that a path stays short)
RES_CODE: dict[str, str] = {"wood": "wd", "brick": "br", "wool": "wl", "grain": "gr",
                            "ore": "or"}
_CODE_RES = {code: res for res, code in RES_CODE.items()}
#: a pick in a composer's path: g (give) or w (want), the resource, which entry of its menu
#: (1-4); the entries of a kind are alike, so only how many are picked counts
_CARD = re.compile(r"([gw])(wd|br|wl|gr|or)([1-9])")
_SIDES = {"g": "give", "w": "get"}


def _composing(kinds: set[str], prefix: str) -> bool | None:
    """Whether the seat may compose this kind of offer now: False when it would begin one
    (the offer not started yet), True when it goes on with one begun (by command), None
    when it may not."""
    begin, give, get, send = COMPOSERS[prefix]
    if begin in kinds:
        return False
    if kinds & {give, get, send} or (prefix == "o" and "offer_cancel" in kinds):
        return True
    return None


def _draft(view: Mapping[str, Any], prefix: str) -> dict[str, dict[str, int]]:
    """The cards of an offer begun before (by command): the seat's own offer or
    counter-offer in its view."""
    own = view.get("offer") if prefix == "o" else view.get("my_counter")
    own = own or {}
    return {"give": dict(own.get("give") or {}), "get": dict(own.get("get") or {})}


def _path(prefix: str, sides: Mapping[str, Mapping[str, int]], skip: str = "") -> str:
    """The path naming these sides (each card one part), without side ``skip``."""
    parts = [prefix]
    for side, letter in (("give", "g"), ("get", "w")):
        if side == skip:
            continue
        for res in RESOURCES:
            count = sides[side].get(res, 0)
            parts += [f"{letter}{RES_CODE[res]}{i}" for i in range(1, count + 1)]
    return ".".join(parts)


def _card_words(side: Mapping[str, int]) -> str:
    return offer_text(dict(side)) if side else "nothing yet"


def offer_step(view: Mapping[str, Any], actions: Sequence[Action], path: str) -> Step | None:
    """The one-message composer of a trade offer (path "o...") or counter-offer ("c..."):
    a menu of the cards to give (those you hold), a menu of the cards to ask for (not of
    a kind you give: no like for like, catan-base.md "A turn" 3), at most ``OFFER_MAX`` a
    side (our decision, rules.py), and Confirm once both sides hold a card. An offer begun
    by command goes on from its cards, which can only be added to. None when the path names
    nothing the seat may do now."""
    prefix, _, rest = path.partition(".")
    if prefix not in COMPOSERS:
        return None
    kinds = {a.kind for a in actions}
    going_on = _composing(kinds, prefix)
    if going_on is None:
        return None
    begin, give_kind, get_kind, send_kind = COMPOSERS[prefix]
    sides: dict[str, dict[str, int]] = {"give": {}, "get": {}}
    # each pick is one card: a side holds as many cards of a kind as its distinct picks
    picked: set[str] = set()
    for part in filter(None, rest.split(".")):
        m = _CARD.fullmatch(part)
        if m is None:
            return None
        if part in picked:
            continue
        picked.add(part)
        side = sides[_SIDES[m[1]]]
        res = _CODE_RES[m[2]]
        side[res] = side.get(res, 0) + 1
    # the cards of an offer begun by command stay in it: they can be added to only
    draft = _draft(view, prefix) if going_on else {"give": {}, "get": {}}
    for side in ("give", "get"):
        for res, n in draft[side].items():
            sides[side][res] = max(sides[side].get(res, 0), n)
    hand = {r: int(n) for r, n in (view.get("hand") or {}).items()}
    refusals = []
    for side, words in (("give", "give"), ("get", "ask for")):
        if sum(sides[side].values()) > OFFER_MAX:
            refusals.append(f"At most {OFFER_MAX} cards a side: you {words} "
                            f"{sum(sides[side].values())}.")
    for res, n in sides["give"].items():
        if n > hand.get(res, 0):
            refusals.append(f"You hold only {hand.get(res, 0)} {res}.")
    both = set(sides["give"]) & set(sides["get"])
    if both:
        refusals.append(f"Not the same kind on both sides: {', '.join(sorted(both))}.")
    menus = []
    give_base, get_base = _path(prefix, sides, skip="give"), _path(prefix, sides, skip="get")
    # a side over the limit (a forged path) is shown unpicked: a menu may not preselect
    # more entries than it lets pick
    shown = {side: cards if sum(cards.values()) <= OFFER_MAX else {}
             for side, cards in sides.items()}
    give_picks = [
        Pick(res.capitalize(), f"{give_base}.g{RES_CODE[res]}{i}",
             chosen=i <= shown["give"].get(res, 0),
             description=f"card {i} of the {hand[res]} you hold")
        for res in RESOURCES if hand.get(res, 0) and res not in sides["get"]
        for i in range(1, min(hand[res], OFFER_MAX) + 1)]
    if give_picks:
        menus.append(Menu("The cards you give…", give_picks, OFFER_MAX))
    get_picks = [
        Pick(res.capitalize(), f"{get_base}.w{RES_CODE[res]}{i}",
             chosen=i <= shown["get"].get(res, 0), description=f"card {i} you ask for")
        for res in RESOURCES if res not in sides["give"]
        for i in range(1, OFFER_MAX + 1)]
    menus.append(Menu("The cards you ask for…", get_picks, OFFER_MAX))
    plan: list[Action] = []
    whole = sides["give"] and sides["get"]
    if whole and not refusals:
        plan = [] if going_on else [next(a for a in actions if a.kind == begin)]
        for side, kind, text in (("give", give_kind, "Offer"), ("get", get_kind, "Ask for")):
            for res in RESOURCES:
                plan += [Action(kind, {"res": res}, f"{text} 1 {res}")] * (
                    sides[side].get(res, 0) - draft[side].get(res, 0))
        send = ("Offer " if prefix == "o" else "Counter: ") + \
            f"{offer_text(sides['give'])} for {offer_text(sides['get'])}"
        plan.append(Action(send_kind, {}, send))
    held = offer_text({r: n for r, n in hand.items() if n}) or "no cards"
    lines = [
        f"You give **{_card_words(sides['give'])}** for **{_card_words(sides['get'])}**.",
        f"Pick the cards in the two menus (at most {OFFER_MAX} a side, not the same kind on "
        "both), then Confirm to send it" + (" to the other players." if prefix == "o" else "."),
        f"You hold: {held}.",
        *(f"⚠️ {r}" for r in refusals),
    ]
    if not give_picks:
        lines.append("⚠️ You ask for every kind you hold: ask for something else to give "
                     "one of them.")
    if any(draft.values()):
        lines.append("The cards of the offer you began stay in it; you may add more.")
    return Step(_TITLES[prefix], "\n".join(lines), menus=menus, plan=plan)


# -- a ship moved in two picks ---------------------------------------------------------------

#: more ship moves than this (an Oceans sea wide open: 90 and more) are picked in two steps,
#: the ship, then where it goes, so that every move stays in the panel's five rows
SHIP_MENU = 25
_SHIP_MOVE = re.compile(r"^Move the ship on (\S+) to (.+)$")
_SHIP_PATH = re.compile(r"s(\d+)")
_TO_PATH = re.compile(r"t(\d+)")


def _ship_words(a: Action) -> tuple[str, str]:
    """("12-13", "14-15, between ore 5 and sea") from a ship move's label."""
    m = _SHIP_MOVE.match(a.label or "")
    return (m[1], m[2]) if m else (str(a.args["e"]), str(a.args["to"]))


def ship_step(actions: Sequence[Action], path: str) -> Step | None:
    """Moving a ship in two picks (path "m", "m.s<edge>", then "m.s<edge>.t<edge>"): a menu
    of the ships that may move, then where the one picked may go (in menus of 25, as many
    as it needs), then Confirm with the board drawn after the move. Offered when the ship
    moves outnumber one menu (``SHIP_MENU``); None when the path names no ship move on
    offer."""
    parts = path.split(".")
    if parts[0] != "m" or len(parts) > 3:
        return None
    ships: dict[int, list[Action]] = {}
    for a in actions:
        if a.kind == "move_ship":
            ships.setdefault(int(a.args["e"]), []).append(a)
    if not ships:
        return None
    ship = chosen = None
    if len(parts) > 1:
        m = _SHIP_PATH.fullmatch(parts[1])
        if m is None or int(m[1]) not in ships:
            return None
        ship = int(m[1])
    if ship is not None and len(parts) > 2:
        m = _TO_PATH.fullmatch(parts[2])
        chosen = next((a for a in ships[ship] if m and int(a.args["to"]) == int(m[1])), None)
        if chosen is None:
            return None
    step = Step("Move a ship", "Pick the ship to move (only one ship moves a turn).")
    step.menus.append(Menu("The ship to move…", [
        Pick(f"The ship on {_ship_words(group[0])[0]}", f"m.s{e}", chosen=e == ship,
             description=f"{len(group)} place{'s' if len(group) != 1 else ''} it may go")
        for e, group in sorted(ships.items())][:SHIP_MENU]))
    if ship is None:
        return step
    ways = [Pick(f"to {_ship_words(a)[1]}", f"m.s{ship}.t{a.args['to']}", chosen=a is chosen)
            for a in ships[ship]]
    for part in range(0, len(ways), SHIP_MENU):
        step.menus.append(Menu("Where it goes…" if not part else "More places…",
                               ways[part:part + SHIP_MENU]))
    if chosen is None:
        step.prompt = f"Pick where the ship on {_ship_words(ships[ship][0])[0]} goes."
        return step
    step.moves = [chosen]
    step.prompt = f"{chosen.label}. Confirm to move it."
    return step


# -- a discard picked whole -------------------------------------------------------------------

#: the mark of each entry of the discard menu in a path ("d.a.c.f"), one letter an entry, so
#: that the path of a whole menu picked (25 entries) stays short enough for a custom id
_MARKS = "abcdefghijklmnopqrstuvwxy"
#: a discard is picked whole from the panel's step "d"
DISCARD_PATH = "d"


def seat_owes(view: Mapping[str, Any]) -> int:
    """How many cards the seat of this view still has to discard."""
    seat = view.get("seat")
    players = view.get("players") or []
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return 0
    return int(players[seat].get("owed") or 0)


def discard_entries(hand: Mapping[str, int], owed: int) -> list[tuple[str, int]]:
    """The entries of the discard menu, as (resource, cards): one entry a card, for as many
    cards of each resource as may be discarded (never more than owed), when they fit one
    menu; otherwise bundles of 1, 2, 4, 8... cards of each resource and one of what is left,
    smallest first, whose picks add up to any count (at most 19 of a resource: 5 bundles,
    25 in all)."""
    single = [(res, 1) for res in RESOURCES for _ in range(min(int(hand.get(res, 0)), owed))]
    if len(single) <= MENU_SIZE:
        return single
    out: list[tuple[str, int]] = []
    for res in RESOURCES:
        left, size = min(int(hand.get(res, 0)), owed), 1
        sizes: list[int] = []
        while left > 0:
            sizes.append(min(size, left))
            left -= sizes[-1]
            size *= 2
        out += [(res, n) for n in sorted(sizes)]
    return out[:MENU_SIZE]


def discard_step(view: Mapping[str, Any], actions: Sequence[Action], path: str) -> Step | None:
    """A discard on a 7 picked whole (path "d", then one mark a pick: "d.b.c.f"): one menu
    of the cards held, as many picks as cards owed, then Confirm, which names the cards
    ("✅ Confirm: Discard 2 wood, 1 ore") and applies the discard moves as one batch.

    The picks add up: a pick of fewer cards than owed leaves them picked and the menu
    offers the cards left, as many as are still to pick, so a discard is never picked one
    too many and no pick is wasted; **Back** takes the last card off again. A pick that
    cannot be discarded (a forged path, bundles adding up to too many) gets the reason and
    no Confirm: a discard cannot be taken back. None when the path names nothing the seat
    may do now."""
    prefix, _, rest = path.partition(".")
    if prefix != DISCARD_PATH or not any(a.kind == "discard" for a in actions):
        return None
    hand = {res: int(n) for res, n in (view.get("hand") or {}).items()}
    owed = seat_owes(view)
    entries = discard_entries(hand, owed)
    picked: list[int] = []
    for part in filter(None, rest.split(".")):
        i = _MARKS.find(part) if len(part) == 1 else -1
        if not 0 <= i < len(entries) or i in picked:
            return None
        picked.append(i)
    cards: dict[str, int] = {}
    for i in picked:
        res, n = entries[i]
        cards[res] = cards.get(res, 0) + n
    count = sum(cards.values())
    left = owed - count
    one_each = all(n == 1 for _, n in entries)
    plan: list[Action] = []
    refusal = ""
    if left < 0:
        refusal = (f"You picked {count} cards, {-left} too many: **Back** takes the last "
                   "pick off.")
    elif left == 0:
        try:
            plan = whole_discard(hand, owed, cards)
        except IllegalAction as err:
            refusal = err.reason
    if plan:
        last = plan[-1]
        plan[-1] = Action(last.kind, dict(last.args), discard_words(cards))
    # the menu: the entries not picked yet (bundles no bigger than what is left to pick)
    base = path.rstrip(".")
    seen: dict[str, int] = {}
    picks: list[Pick] = []
    for i, (res, n) in enumerate(entries):
        seen[res] = seen.get(res, 0) + 1
        if i in picked or n > left:
            continue
        if one_each:
            text, about = res.capitalize(), f"card {seen[res]} of the {hand[res]} {res} you hold"
        else:
            text, about = f"{n} {res}", f"picks add up; you hold {hand[res]} {res}"
        picks.append(Pick(text, f"{base}.{_MARKS[i]}", description=about))
    menus: list[Menu] = []
    if picks and left > 0:
        words = f"The {owed} cards you discard…" if not picked else \
            f"{left} more card{'s' if left != 1 else ''} to discard…"
        menus.append(Menu(words, picks, left if one_each else len(picks)))
    held = offer_text({r: n for r, n in hand.items() if n}) or "no cards"
    lines = [f"A 7 was rolled and you hold more than 7 cards: pick the **{owed}** you "
             "discard (half, rounded down). They go back to the bank; a discard cannot be "
             "taken back.",
             f"You hold: {held}."]
    if not one_each:
        lines.append("Your hand is bigger than one menu lists, so each entry is a bundle of "
                     "cards and your picks add up: 1 wood and 4 wood discard 5 wood.")
    if plan:
        kept = {r: hand.get(r, 0) - cards.get(r, 0) for r in RESOURCES}
        lines.append(f"You discard **{offer_text(cards)}** and keep "
                     f"**{offer_text({r: n for r, n in kept.items() if n > 0}) or 'nothing'}**."
                     " Confirm to discard them.")
    elif cards and left > 0:
        lines.append(f"Picked so far: **{offer_text(cards)}**. Pick {left} more "
                     f"card{'s' if left != 1 else ''}.")
    if left > 0 and not picks:
        refusal = (f"No bundle left is as small as the {left} still to pick: **Back** "
                   "takes the last pick off.")
    if refusal:
        lines.append(f"⚠️ {refusal}")
    return Step("Discard on a 7", "\n".join(lines), menus=menus, plan=plan)


class SeafarersAdapter(GameAdapter):
    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        kinds = {a.kind for a in actions}
        # an offer or counter-offer is composed in one message (offer_step); its card
        # steps leave the panel, its send and cancel stay as buttons
        steps, composing = [], set()
        for prefix, words in (("o", ("Offer a trade…", "Finish your offer…")),
                              ("c", ("Counter-offer…", "Finish your counter-offer…"))):
            going_on = _composing(kinds, prefix)
            if going_on is not None:
                start = _path(prefix, _draft(view, prefix)) if going_on else prefix
                steps.append(Pick(words[going_on], start, emoji="🤝"))
                composing |= set(COMPOSERS[prefix][:3])
        if sum(a.kind == "move_ship" for a in actions) > SHIP_MENU:
            steps.append(Pick("Move a ship…", "m", emoji="⛵"))
            composing.add("move_ship")
        if "discard" in kinds:  # picked whole in one menu (discard_step)
            owed = seat_owes(view)
            steps.append(Pick(f"Discard {owed} card{'s' if owed != 1 else ''}…", DISCARD_PATH,
                              emoji="🗑️"))
            composing.add("discard")
        buttons = [a for kind in BUTTON_KINDS for a in actions if a.kind == kind]
        # building first, ship moves last (the commands reach them all)
        menu = sorted((a for a in actions if a.kind not in BUTTON_KINDS and
                       a.kind not in composing),
                      key=lambda a: MENU_ORDER.get(a.kind, 5))
        placeholder = "Choose one move (places as on the board)…"
        if view.get("phase") == "setup_settlement":  # listed best first (founding.py)
            placeholder = "Where to found your settlement (best places first)…"
        return Panel(steps=steps, buttons=buttons, button_rows=2, menu=menu,
                     menu_placeholder=placeholder)

    def picture(
        self, before: Mapping[str, Any], after: Mapping[str, Any] | None, step: Step
    ) -> tuple[bytes, str] | None:
        """A ship move picked in two steps: the board as it will be, for the mover alone."""
        if after is None:
            return None
        return render.draw_board(GAME_ID, after), render.text_board(GAME_ID, after)

    def step(self, view: Mapping[str, Any], actions: Sequence[Action], path: str) -> Step | None:
        first = path.partition(".")[0]
        if first == "m":
            return ship_step(actions, path)
        if first == DISCARD_PATH:
            return discard_step(view, actions, path)
        return offer_step(view, actions, path)

    def prompt(self, view: Mapping[str, Any]) -> str:
        """The panel first (issue 14: a whole game by clicks), the command after it."""
        asked: tuple[str, ...] = {
            "harbours": ("place the harbour shown on a coast", "catan build"),
            "setup_settlement": ("found a start settlement", "catan build"),
            "setup_route": ("place a road or a ship beside it", "catan build"),
            "roll": ("roll the dice, or play a development card first", "catan roll"),
            "main": ("trade and build, then end your turn", "catan build", "catan end"),
            "discard": ("discard half of your cards, privately", "catan discard"),
            "gold": ("pick your resources from the gold field", "catan take"),
            "robber": ("move the robber or the pirate", "catan robber"),
            "steal": ("pick whom to steal from", "catan steal"),
            "free_routes": ("place your free roads or ships", "catan build"),
            "plenty": ("take your resources", "catan take"),
            "offer": ("finish your offer", "catan offer"),
            "chip": ("take a number chip from the main island", "catan move"),
        }.get(str(view.get("phase")), ("your move", "catan move"))
        return texts.panel_first(*asked)

    def epoch(self, view: Mapping[str, Any]) -> Hashable:
        return view.get("round")

    def chapter(self, view: Mapping[str, Any]) -> Hashable:
        """One player's turn (issue 22: one post per chapter)."""
        return (view.get("round"), view.get("turn"))

    def headline(self, view: Mapping[str, Any], title: str) -> str:
        return f"{title} · {view.get('scenario_name')} · round {view.get('round')}"


ADAPTER = SeafarersAdapter()


def _one(kinds: frozenset[str], typed: str):
    def steps(table: Table, seat: int) -> list[Action]:
        return [match(legal(table, seat, kinds), typed, names_of(table))]
    return steps


def _first(*kinds: str):
    def steps(table: Table, seat: int) -> list[Action]:
        found = legal(table, seat, kinds)
        return found[:1] or [Action(kinds[0], {})]
    return steps


def _offer(give: str, get: str, prefix: str):
    def steps(table: Table, seat: int) -> list[Action]:
        # an offer begun card by card on the panel goes on from its cards so far
        started = bool(legal(table, seat, {f"{prefix}_give", f"{prefix}_get", f"{prefix}_send"}))
        return offer_steps(give, get, prefix, started)
    return steps


def discard_moves(table: Table, seat: int, wanted: Sequence[str]) -> list[Action]:
    """The discard moves of ``/catan discard``: the whole discard, checked first (exactly
    the cards still owed, each held), so that a wrong count discards nothing."""
    if not legal(table, seat, {"discard"}):
        raise IllegalAction("There is nothing to discard now: a player discards only after "
                            "a 7 is rolled, when holding more than 7 cards.")
    view = table.view(table.game, seat)
    cards: dict[str, int] = {}
    for res in wanted:
        cards[res] = cards.get(res, 0) + 1
    return whole_discard(view.get("hand") or {}, seat_owes(view), cards)


BUILD = frozenset({"road", "ship", "settlement", "city", "harbour"})
ROBBER = frozenset({"robber", "pirate"})
TAKE = frozenset({"gold", "plenty"})


@app_commands.guild_only()
class SeafarersCog(commands.GroupCog, group_name="catan",
                   group_description="Catan: Seafarers moves: roll, build, trade, end"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="roll", description="Roll the dice")
    async def roll(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, _first("roll"))

    @app_commands.command(name="end", description="End your turn")
    async def end(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, _first("end"))

    @app_commands.command(name="build", description="Build a road, ship, settlement or city "
                          "(or place a New World harbour) at a place on the board image")
    @app_commands.describe(place="Where (pick from the list of legal places)")
    async def build(self, interaction: discord.Interaction, place: str) -> None:
        await command_move(interaction, _one(BUILD, place))

    @build.autocomplete("place")
    @busy_choices
    async def _build_places(self, interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, BUILD)

    @app_commands.command(name="moveship", description="Move the end ship of an open line")
    @app_commands.describe(move="Which ship and where to (pick from the list)")
    async def moveship(self, interaction: discord.Interaction, move: str) -> None:
        await command_move(interaction, _one(frozenset({"move_ship"}), move))

    @moveship.autocomplete("move")
    @busy_choices
    async def _ship_moves(self, interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, frozenset({"move_ship"}))

    @app_commands.command(name="buy", description="Buy a development card")
    async def buy(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, _first("buy"))

    @app_commands.command(name="play", description="Play a development card")
    @app_commands.describe(card="The card (pick from the list)")
    async def play(self, interaction: discord.Interaction, card: str) -> None:
        await command_move(interaction, _one(frozenset({"play"}), card))

    @play.autocomplete("card")
    @busy_choices
    async def _play_cards(self, interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, frozenset({"play"}))

    @app_commands.command(name="bank", description="Trade with the bank (4:1) or your "
                          "harbour (3:1, 2:1)")
    @app_commands.describe(trade="The trade (pick from the list)")
    async def bank(self, interaction: discord.Interaction, trade: str) -> None:
        await command_move(interaction, _one(frozenset({"bank"}), trade))

    @bank.autocomplete("trade")
    @busy_choices
    async def _bank_trades(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, frozenset({"bank"}))

    @app_commands.command(name="offer", description="Offer the other players a trade")
    @app_commands.describe(give="What you give, e.g. 2 wood", get="What you want, e.g. 1 ore")
    async def offer(self, interaction: discord.Interaction, give: str, get: str) -> None:
        await command_move(interaction, _offer(give, get, "offer"))

    @app_commands.command(name="counter", description="Answer an offer with your own terms")
    @app_commands.describe(give="What you give, e.g. 1 ore", get="What you want, e.g. 2 wood")
    async def counter(self, interaction: discord.Interaction, give: str, get: str) -> None:
        await command_move(interaction, _offer(give, get, "counter"))

    @app_commands.command(name="accept", description="Accept the offer on the table (if you "
                          "hold what it asks)")
    async def accept(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, _first("accept"))

    @app_commands.command(name="decline", description="Decline the offer on the table")
    async def decline(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, _first("decline"))

    @app_commands.command(name="partner", description="Trade with one who accepted or "
                          "countered your offer")
    @app_commands.describe(player="The player (pick from the list)")
    async def partner(self, interaction: discord.Interaction, player: str) -> None:
        await command_move(interaction, _one(frozenset({"trade"}), player))

    @partner.autocomplete("player")
    @busy_choices
    async def _partners(self, interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, frozenset({"trade"}))

    @app_commands.command(name="withdraw", description="Withdraw your offer")
    async def withdraw(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, _first("withdraw", "offer_cancel"))

    @app_commands.command(name="discard", description="Discard half your cards after a 7, "
                          "all at once (private)")
    @app_commands.describe(cards="All the cards you discard, e.g. 2 wood, 1 ore")
    async def discard(self, interaction: discord.Interaction, cards: str) -> None:
        wanted = parse_cards(cards)
        await command_move(interaction, lambda t, s: discard_moves(t, s, wanted))

    @app_commands.command(name="robber", description="Move the robber or the pirate")
    @app_commands.describe(hex="The hex (pick from the list)")
    async def robber(self, interaction: discord.Interaction, hex: str) -> None:
        await command_move(interaction, _one(ROBBER, hex))

    @robber.autocomplete("hex")
    @busy_choices
    async def _robber_hexes(self, interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, ROBBER)

    @app_commands.command(name="steal", description="Pick whom the robber or pirate robs")
    @app_commands.describe(player="The player (pick from the list)")
    async def steal(self, interaction: discord.Interaction, player: str) -> None:
        await command_move(interaction, _one(frozenset({"steal"}), player))

    @steal.autocomplete("player")
    @busy_choices
    async def _victims(self, interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, frozenset({"steal"}))

    @app_commands.command(name="take", description="Take resources of your choice (gold "
                          "field, Year of Plenty)")
    @app_commands.describe(cards="The resources, e.g. 1 ore, 1 wool")
    async def take(self, interaction: discord.Interaction, cards: str) -> None:
        wanted = parse_cards(cards)

        def steps(table: Table, seat: int) -> list[Action]:
            kind = next((a.kind for a in legal(table, seat) if a.kind in TAKE), "gold")
            return [Action(kind, {"res": r}) for r in wanted]

        await command_move(interaction, steps)

    @app_commands.command(name="stop", description="Place no more free roads or ships")
    async def stop(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, _first("stop"))

    @app_commands.command(name="move", description="Any move you may make now, from a list")
    @app_commands.describe(action="The move (pick from the list of your legal moves)")
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await command_move(interaction, _one(frozenset(_all_kinds()), action))

    @move.autocomplete("action")
    @busy_choices
    async def _moves(self, interaction: discord.Interaction,
                     current: str) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, GAME_ID, current, None)


def _all_kinds() -> list[str]:
    return ["harbour", "settlement", "road", "ship", "city", "buy", "play", "roll", "end",
            "end_auto", "move_ship", "bank", "discard", "gold", "plenty", "robber", "pirate",
            "steal", "stop",
            "offer", "offer_give", "offer_get", "offer_send", "offer_cancel", "accept",
            "decline", "counter", "counter_give", "counter_get", "counter_send", "trade",
            "withdraw", "chip"]

COG = SeafarersCog
