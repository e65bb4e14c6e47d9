"""The private panel's moves of Catan: Seafarers composed pick by pick (issues 14 and 22;
the ``Step`` machinery of cogs/look/adapters.py), for ``SeafarersAdapter.step``:

- a trade offer (or a counter-offer) composed in one message: two multi-pick menus, the
  cards you give and the cards you ask for, then one Confirm that sends it (``offer_step``).
  Nothing is applied while the cards are picked, so nobody sees an offer before it is sent
  and no offer of the turn is used up; Confirm applies the engine's steps (start, each
  card, send) as one batch;
- a ship moved in two picks, the ship then where it goes, when the ship moves outnumber one
  menu (``ship_step``);
- a discard on a 7 picked whole in one menu (one entry per card held; bundles of cards when
  the hand holds more than a menu lists), then one Confirm that names the cards
  (``discard_step``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from cogs.look import game_texts
from cogs.look.adapters import Menu, Pick, Step
from cogs.look.custom_ids import MENU_SIZE
from engine.core import Action, IllegalAction
from engine.seafarers.board import RESOURCES
from engine.seafarers.discards import discard_words, whole_discard
from engine.seafarers.rules import OFFER_MAX, offer_text

#: the two composers: an offer of the player on turn ("o") and a counter-offer ("c"): the
#: engine's kinds (begin, a card given, a card asked for, send), and the words
COMPOSERS: dict[str, tuple[str, str, str, str]] = {
    "o": ("offer", "offer_give", "offer_get", "offer_send"),
    "c": ("counter", "counter_give", "counter_get", "counter_send"),
}
_TITLES = game_texts.CATAN_TITLES
#: a resource in a path (two letters, so that a path stays short)
RES_CODE: dict[str, str] = {"wood": "wd", "brick": "br", "wool": "wl", "grain": "gr",
                            "ore": "or"}
_CODE_RES = {code: res for res, code in RES_CODE.items()}
#: a pick in a composer's path: g (give) or w (want), the resource, which entry of its menu
#: (1-4); the entries of a kind are alike, so only how many are picked counts
_CARD = re.compile(r"([gw])(wd|br|wl|gr|or)([1-9])")
_SIDES = {"g": "give", "w": "get"}


def composing_offer(kinds: set[str], prefix: str) -> bool | None:
    """Whether the seat may compose this kind of offer now: False when it would begin one
    (the offer not started yet), True when it goes on with one begun (by command), None
    when it may not."""
    begin, give, get, send = COMPOSERS[prefix]
    if begin in kinds:
        return False
    if kinds & {give, get, send} or (prefix == "o" and "offer_cancel" in kinds):
        return True
    return None


def offer_draft(view: Mapping[str, Any], prefix: str) -> dict[str, dict[str, int]]:
    """The cards of an offer begun before (by command): the seat's own offer or
    counter-offer in its view."""
    own = view.get("offer") if prefix == "o" else view.get("my_counter")
    own = own or {}
    return {"give": dict(own.get("give") or {}), "get": dict(own.get("get") or {})}


def offer_path(prefix: str, sides: Mapping[str, Mapping[str, int]], skip: str = "") -> str:
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
    return offer_text(dict(side)) if side else game_texts.CATAN_NOTHING_YET


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
    going_on = composing_offer({a.kind for a in actions}, prefix)
    if going_on is None:
        return None
    sides = _offer_sides(rest)
    if sides is None:
        return None
    # the cards of an offer begun by command stay in it: they can be added to only
    draft = offer_draft(view, prefix) if going_on else {"give": {}, "get": {}}
    for side in ("give", "get"):
        for res, n in draft[side].items():
            sides[side][res] = max(sides[side].get(res, 0), n)
    hand = {r: int(n) for r, n in (view.get("hand") or {}).items()}
    refusals = _offer_refusals(sides, hand)
    menus = _offer_menus(prefix, sides, hand)
    plan: list[Action] = []
    if sides["give"] and sides["get"] and not refusals:
        plan = _offer_plan(actions, prefix, sides, draft, going_on)
    can_give = len(menus) > 1  # the menu of the cards to give is there
    lines = _offer_lines(prefix, sides, hand, draft, refusals, can_give)
    return Step(_TITLES[prefix], "\n".join(lines), menus=menus, plan=plan)


def _offer_sides(rest: str) -> dict[str, dict[str, int]] | None:
    """The cards a composer's path names (after its prefix), side by side: each pick is one
    card, so a side holds as many cards of a kind as its distinct picks. None when a part
    of the path names no card."""
    sides: dict[str, dict[str, int]] = {"give": {}, "get": {}}
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
    return sides


def _offer_refusals(sides: Mapping[str, Mapping[str, int]], hand: Mapping[str, int]
                    ) -> list[str]:
    """Why the offer as picked cannot be sent (nothing when it can, once whole)."""
    refusals = []
    for side, words in (("give", game_texts.CATAN_GIVE), ("get", game_texts.CATAN_ASK_FOR)):
        if sum(sides[side].values()) > OFFER_MAX:
            refusals.append(game_texts.CATAN_TOO_MANY_A_SIDE.format(
                most=OFFER_MAX, verb=words, count=sum(sides[side].values())))
    for res, n in sides["give"].items():
        if n > hand.get(res, 0):
            refusals.append(game_texts.CATAN_HOLD_ONLY.format(count=hand.get(res, 0), resource=res))
    both = set(sides["give"]) & set(sides["get"])
    if both:
        refusals.append(game_texts.CATAN_SAME_KIND.format(kinds=", ".join(sorted(both))))
    return refusals


def _offer_menus(prefix: str, sides: Mapping[str, Mapping[str, int]],
                 hand: Mapping[str, int]) -> list[Menu]:
    """The menu of the cards to give (when the hand offers any) and the menu of the cards
    to ask for, the picks made so far chosen."""
    menus = []
    give_base, get_base = offer_path(prefix, sides, skip="give"), offer_path(prefix, sides, skip="get")
    # a side over the limit (a forged path) is shown unpicked: a menu may not preselect
    # more entries than it lets pick
    shown = {side: cards if sum(cards.values()) <= OFFER_MAX else {}
             for side, cards in sides.items()}
    give_picks = [
        Pick(res.capitalize(), f"{give_base}.g{RES_CODE[res]}{i}",
             chosen=i <= shown["give"].get(res, 0),
             description=game_texts.CATAN_CARD_HELD.format(i=i, held=hand[res]))
        for res in RESOURCES if hand.get(res, 0) and res not in sides["get"]
        for i in range(1, min(hand[res], OFFER_MAX) + 1)]
    if give_picks:
        menus.append(Menu(game_texts.CATAN_MENU_GIVE, give_picks, OFFER_MAX))
    get_picks = [
        Pick(res.capitalize(), f"{get_base}.w{RES_CODE[res]}{i}",
             chosen=i <= shown["get"].get(res, 0), description=game_texts.CATAN_CARD_ASKED.format(i=i))
        for res in RESOURCES if res not in sides["give"]
        for i in range(1, OFFER_MAX + 1)]
    menus.append(Menu(game_texts.CATAN_MENU_GET, get_picks, OFFER_MAX))
    return menus


def _offer_plan(actions: Sequence[Action], prefix: str,
                sides: Mapping[str, Mapping[str, int]],
                draft: Mapping[str, Mapping[str, int]], going_on: bool) -> list[Action]:
    """The engine's steps of a whole offer: begin it (unless it is begun), each card not in
    it yet, then send it, labelled with the whole offer."""
    begin, give_kind, get_kind, send_kind = COMPOSERS[prefix]
    plan = [] if going_on else [next(a for a in actions if a.kind == begin)]
    for side, kind, text in (("give", give_kind, game_texts.CATAN_OFFER_ONE),
                             ("get", get_kind, game_texts.CATAN_ASK_ONE)):
        for res in RESOURCES:
            plan += [Action(kind, {"res": res}, text.format(resource=res))] * (
                sides[side].get(res, 0) - draft[side].get(res, 0))
    send = (game_texts.CATAN_OFFER_SEND if prefix == "o" else game_texts.CATAN_COUNTER_SEND
            ).format(give=offer_text(dict(sides["give"])), get=offer_text(dict(sides["get"])))
    plan.append(Action(send_kind, {}, send))
    return plan


def _offer_lines(prefix: str, sides: Mapping[str, Mapping[str, int]],
                 hand: Mapping[str, int], draft: Mapping[str, Mapping[str, int]],
                 refusals: Sequence[str], can_give: bool) -> list[str]:
    """The composer's words: the offer so far, how to pick, the hand, what is wrong."""
    held = offer_text({r: n for r, n in hand.items() if n}) or game_texts.CATAN_NO_CARDS
    lines = [
        game_texts.CATAN_OFFER_SO_FAR.format(give=_card_words(sides["give"]),
                                             get=_card_words(sides["get"])),
        game_texts.CATAN_OFFER_HOW.format(
            most=OFFER_MAX, to=game_texts.CATAN_OFFER_TO_OTHERS if prefix == "o" else "."),
        game_texts.CATAN_YOU_HOLD.format(cards=held),
        *(game_texts.CATAN_WARNING.format(refusal=r) for r in refusals),
    ]
    if not can_give:
        lines.append(game_texts.CATAN_ASK_EVERY_KIND)
    if any(draft.values()):
        lines.append(game_texts.CATAN_OFFER_BEGUN)
    return lines


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
    step = Step(game_texts.CATAN_SHIP_TITLE, game_texts.CATAN_SHIP_PICK)
    step.menus.append(Menu(game_texts.CATAN_SHIP_MENU, [
        Pick(game_texts.CATAN_SHIP_ON.format(edge=_ship_words(group[0])[0]), f"m.s{e}",
             chosen=e == ship, description=game_texts.CATAN_SHIP_PLACES.format(
                 count=len(group), s="s" if len(group) != 1 else ""))
        for e, group in sorted(ships.items())][:SHIP_MENU]))
    if ship is None:
        return step
    ways = [Pick(game_texts.CATAN_SHIP_TO.format(where=_ship_words(a)[1]), f"m.s{ship}.t{a.args['to']}", chosen=a is chosen)
            for a in ships[ship]]
    for part in range(0, len(ways), SHIP_MENU):
        step.menus.append(Menu(game_texts.CATAN_SHIP_WHERE if not part else game_texts.CATAN_SHIP_MORE,
                               ways[part:part + SHIP_MENU]))
    if chosen is None:
        step.prompt = game_texts.CATAN_SHIP_PICK_WHERE.format(edge=_ship_words(ships[ship][0])[0])
        return step
    step.moves = [chosen]
    step.prompt = game_texts.CATAN_SHIP_CONFIRM.format(move=chosen.label)
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
    picked = _discard_picked(rest, entries)
    if picked is None:
        return None
    cards: dict[str, int] = {}
    for i in picked:
        res, n = entries[i]
        cards[res] = cards.get(res, 0) + n
    left = owed - sum(cards.values())
    one_each = all(n == 1 for _, n in entries)
    plan, refusal = _discard_plan(hand, owed, cards)
    picks = _discard_picks(path, entries, picked, left, hand, one_each)
    menus: list[Menu] = []
    if picks and left > 0:
        words = game_texts.CATAN_DISCARD_MENU.format(owed=owed) if not picked else \
            game_texts.CATAN_DISCARD_MENU_MORE.format(left=left, s="s" if left != 1 else "")
        menus.append(Menu(words, picks, left if one_each else len(picks)))
    lines = _discard_lines(hand, owed, cards, one_each, plan)
    if left > 0 and not picks:
        refusal = game_texts.CATAN_NO_BUNDLE.format(left=left)
    if refusal:
        lines.append(game_texts.CATAN_WARNING.format(refusal=refusal))
    return Step(game_texts.CATAN_DISCARD_TITLE, "\n".join(lines), menus=menus, plan=plan)


def _discard_picked(rest: str, entries: Sequence[tuple[str, int]]) -> list[int] | None:
    """The entries of the discard menu a path picks, in order; None for a mark that names
    no entry, or one entry picked twice."""
    picked: list[int] = []
    for part in filter(None, rest.split(".")):
        i = _MARKS.find(part) if len(part) == 1 else -1
        if not 0 <= i < len(entries) or i in picked:
            return None
        picked.append(i)
    return picked


def _discard_plan(hand: Mapping[str, int], owed: int, cards: Mapping[str, int]
                  ) -> tuple[list[Action], str]:
    """The discard moves once the picks add up to the cards owed, the last one named after
    the whole discard; or why not (too many picked, or cards not held)."""
    count = sum(cards.values())
    left = owed - count
    if left < 0:
        return [], game_texts.CATAN_PICKED_TOO_MANY.format(count=count, over=-left)
    if left > 0:
        return [], ""
    try:
        plan = whole_discard(hand, owed, dict(cards))
    except IllegalAction as err:
        return [], err.reason
    if plan:
        last = plan[-1]
        plan[-1] = Action(last.kind, dict(last.args), discard_words(dict(cards)))
    return plan, ""


def _discard_picks(path: str, entries: Sequence[tuple[str, int]], picked: Sequence[int],
                   left: int, hand: Mapping[str, int], one_each: bool) -> list[Pick]:
    """The menu's picks: the entries not picked yet, bundles no bigger than what is left."""
    base = path.rstrip(".")
    seen: dict[str, int] = {}
    picks: list[Pick] = []
    for i, (res, n) in enumerate(entries):
        seen[res] = seen.get(res, 0) + 1
        if i in picked or n > left:
            continue
        if one_each:
            text, about = res.capitalize(), game_texts.CATAN_DISCARD_HELD.format(
                i=seen[res], held=hand[res], resource=res)
        else:
            text = game_texts.CATAN_BUNDLE.format(count=n, resource=res)
            about = game_texts.CATAN_BUNDLE_ABOUT.format(held=hand[res], resource=res)
        picks.append(Pick(text, f"{base}.{_MARKS[i]}", description=about))
    return picks


def _discard_lines(hand: Mapping[str, int], owed: int, cards: Mapping[str, int],
                   one_each: bool, plan: Sequence[Action]) -> list[str]:
    """The discard's words: what is asked, the hand, and the discard so far."""
    left = owed - sum(cards.values())
    held = offer_text({r: n for r, n in hand.items() if n}) or game_texts.CATAN_NO_CARDS
    lines = [game_texts.CATAN_DISCARD_ASK.format(owed=owed),
             game_texts.CATAN_YOU_HOLD.format(cards=held)]
    if not one_each:
        lines.append(game_texts.CATAN_BUNDLES)
    if plan:
        kept = {r: hand.get(r, 0) - cards.get(r, 0) for r in RESOURCES}
        lines.append(game_texts.CATAN_DISCARD_CONFIRM.format(
            cards=offer_text(dict(cards)),
            kept=offer_text({r: n for r, n in kept.items() if n > 0}) or game_texts.CATAN_NOTHING))
    elif cards and left > 0:
        lines.append(game_texts.CATAN_DISCARD_SO_FAR.format(
            cards=offer_text(dict(cards)), left=left, s="s" if left != 1 else ""))
    return lines
