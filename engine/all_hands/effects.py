"""The ten action cards (rulebook, ACTION CARD LIST), each resolved when revealed in a bid.

A card that needs a choice sets ``s.pending`` and returns; the function named after the
choice (``cut``, ``take_plunder``, ``mermaid_keep``, ...) completes it. Nothing here moves
the round on: ``rules.continue_resolution`` does, once no choice is pending. Fall off the
Dock ends the auction by clearing the auction card and the table.
"""

from __future__ import annotations

from engine.core import Event

from .cards import (
    BRAWL,
    CUTPURSE,
    DOCK,
    EIGHT,
    KING,
    MERMAID,
    MONKEY,
    NAMES,
    PLUNDER,
    RUM,
    SHADY,
    VALUE,
    list_names,
)
from .common import (
    P,
    chance,
    discard_table,
    gain,
    left_order,
    note,
    priv,
    pub,
    sanitize_picks,
    seen_in,
    seen_lost,
    table_choices,
)
from .state import State


def resolve_card(s: State, seat: int, card: str, out: list[Event]) -> None:
    """Resolve one of ``seat``'s action cards; a choice it needs becomes ``s.pending``."""
    s.unres[seat].remove(card)
    s.active = card
    RESOLVERS[card](s, seat, out)


def _resolve_rum(s: State, seat: int, out: list[Event]) -> None:
    """Rum "automatically wins the card that is up for auction".

    Decision (several Rums): the first Rum in resolution order wins; a Rum a later
    Cutpurse removes from the table no longer counts.
    """
    first = not any(t in s.contenders for t in s.rums)
    s.rums.append(seat)
    if first:
        note(s, out, f"Rum: {P(seat)} will win {NAMES[s.auction]} outright.", seat=seat)
    else:
        note(s, out, f"Rum: {P(seat)} poured too late; an earlier Rum already claims the card.")


def _resolve_dock(s: State, seat: int, out: list[Event]) -> None:
    """Fall off the Dock: the auction card, all bid cards and the action cards not yet
    resolved go to the discard pile; the auction ends without a winner.

    Decision: effects already resolved stay (a card taken by Hidden Plunder stays taken, a
    Tavern Brawl still holds); a Pieces of Eight selection is lost, as the selected card
    goes "immediately" to the discard pile.
    """
    card = s.auction
    note(s, out, f"Fall off the Dock: {P(seat)} sends {NAMES[card]} and every bid card "
         "to the discard pile. The auction ends.", seat=seat)
    s.auction = None
    s.discard.append(card)
    s.last_auction = {"card": card, "winner": None,
                      "text": f"{NAMES[card]} fell off the dock with every bid ({P(seat)})."}
    s.eights = []
    s.rums = []
    discard_table(s)


def _resolve_cutpurse(s: State, seat: int, out: list[Event]) -> None:
    """Cutpurse: remove any one bid card from play into the discard pile.

    Decisions: any bid card on the table may go, the captain's own and action cards
    included (an action card removed before it resolves never resolves); removing a Rum
    that already resolved cancels its win; removing a resolved Pieces of Eight leaves its
    selection standing, removing the selected card cancels the selection. "allows" makes
    it optional: the captain may also remove nothing.
    """
    if not table_choices(s, seat, False):
        note(s, out, f"Cutpurse: {P(seat)} finds no other bid card to take.")
        return
    s.pending = {"kind": "cutpurse", "seat": seat}


def cut(s: State, seat: int, target: int, card: str, out: list[Event]) -> None:
    s.pending = None
    bid = s.bids[target]
    bid.remove(card)
    s.shown[target] = min(s.shown[target], len(bid))
    extra = ""
    if card in s.unres[target]:
        s.unres[target].remove(card)
        extra = " before it could take effect"
    elif card == RUM and target in s.rums:
        idx = len(s.rums) - 1 - s.rums[::-1].index(target)
        del s.rums[idx]
    selected = [e for e in s.eights if e[1] == target and e[2] == card]
    if len(selected) > bid.count(card):
        lost = selected[-1]
        s.eights.remove(lost)
        extra += f"; the Pieces of Eight of {P(lost[0])} loses its pick"
    s.discard.append(card)
    whose = "their own" if target == seat else f"{P(target)}'s"
    note(s, out, f"Cutpurse: {P(seat)} sends {whose} {NAMES[card]} to the discard pile{extra}.",
          seat=seat, target=target, card=card)


def cut_nothing(s: State, seat: int, out: list[Event]) -> None:
    s.pending = None
    note(s, out, f"Cutpurse: {P(seat)} leaves every bid card where it is.")


def _resolve_plunder(s: State, seat: int, out: list[Event]) -> None:
    """Hidden Plunder: take one card of your choice from the discard pile (none there: no
    effect)."""
    if not s.discard:
        note(s, out, f"Hidden Plunder: the discard pile is empty; {P(seat)} finds nothing.")
        return
    if len(set(s.discard)) == 1:
        take_plunder(s, seat, s.discard[-1], out)
        return
    s.pending = {"kind": "plunder", "seat": seat}


def take_plunder(s: State, seat: int, card: str, out: list[Event]) -> None:
    idx = len(s.discard) - 1 - s.discard[::-1].index(card)
    del s.discard[idx]
    s.pending = None
    note(s, out, f"Hidden Plunder: {P(seat)} takes {NAMES[card]} from the discard pile.",
          seat=seat, card=card)
    seen_in(s, seat, card)
    gain(s, seat, [card])


def _resolve_mermaid(s: State, seat: int, out: list[Event]) -> None:
    """Mermaid: one card drawn at random from every other captain's hand (captains with
    no card give nothing); keep one, discard the rest."""
    r = None
    drawn: list[str] = []
    victims: list[int] = []
    for t in left_order(s, seat)[:-1]:
        hand = s.hands[t]
        if not hand:
            continue
        if r is None:
            r = chance(s)
        card = hand.pop(r.randrange(len(hand)))
        sanitize_picks(s, t)
        seen_lost(s, t)
        drawn.append(card)
        victims.append(t)
        priv(out, t, "mermaid", f"The Mermaid of {P(seat)} draws {NAMES[card]} from your hand.",
              card=card)
    if not drawn:
        note(s, out, f"Mermaid: no other captain holds a card; {P(seat)} draws nothing.")
        return
    priv(out, seat, "mermaid", f"Your Mermaid draws {list_names(drawn)}.", cards=drawn)
    who = ", ".join(P(t) for t in victims)
    pub(s, out, "mermaid", f"The Mermaid of {P(seat)} draws a card from {who}.")
    s.pending = {"kind": "mermaid", "seat": seat, "cards": drawn, "from": victims}
    if len(set(drawn)) == 1:
        mermaid_keep(s, seat, drawn[0], out)


def mermaid_keep(s: State, seat: int, card: str, out: list[Event]) -> None:
    cards = list(s.pending["cards"])
    s.pending = None
    cards.remove(card)
    s.discard.extend(cards)
    rest = f" and discards {list_names(cards)}" if cards else ""
    note(s, out, f"Mermaid: {P(seat)} keeps one card{rest}.", seat=seat, discarded=cards)
    priv(out, seat, "mermaid", f"You keep {NAMES[card]}.", card=card)
    gain(s, seat, [card])


def _resolve_eight(s: State, seat: int, out: list[Event]) -> None:
    """Pieces of Eight: select a bid card on the table; once the auction is resolved it goes
    into your hand instead of the discard pile.

    Decisions: any bid card but this Pieces of Eight itself, the captain's own included;
    a card already selected by another Pieces of Eight cannot be selected again; the
    selected card still counts in its bid and, if an action card, still resolves.
    """
    choices = table_choices(s, seat, True)
    if not choices:
        note(s, out, f"Pieces of Eight: there is no other bid card for {P(seat)} to select.")
        return
    if len(choices) == 1:
        select_eight(s, seat, *choices[0], out)
        return
    s.pending = {"kind": "eight", "seat": seat}


def select_eight(s: State, seat: int, target: int, card: str, out: list[Event]) -> None:
    s.eights.append([seat, target, card])
    s.pending = None
    whose = "their own" if target == seat else f"{P(target)}'s"
    note(s, out, f"Pieces of Eight: {P(seat)} selects {whose} {NAMES[card]}; it goes to their "
          "hand after the auction.", seat=seat, target=target, card=card)


def _resolve_monkey(s: State, seat: int, out: list[Event]) -> None:
    """A Pirate Monkey bid has no value and no effect (never queued for resolution)."""


def shady_giver(s: State, seat: int) -> int | None:
    """Who must give a card to the Shady Deal of ``seat``, or None (no effect / wasted).

    Decisions: "lowest value" is the printed value (Brothers Before the Mast doubles bid
    values, not what a card is); a tie for the lowest card: the first tied captain to the
    Shady Deal player's left gives, unless only the player himself bid that value (wasted).
    Every bid card on the table counts, tie re-bids included.
    """
    lowest = None
    for t in range(s.n):
        for c in s.bids[t]:
            v = VALUE[c]
            if v and (lowest is None or v < lowest):
                lowest = v
    if lowest is None:
        return None
    for t in left_order(s, seat):
        if t != seat and any(VALUE[c] == lowest for c in s.bids[t]):
            return t
    return None


def _resolve_shady(s: State, seat: int, out: list[Event]) -> None:
    if not any(VALUE[c] for t in range(s.n) for c in s.bids[t]):
        note(s, out, f"Shady Deal: nobody bid a crew card; the deal of {P(seat)} has no effect.")
        return
    giver = shady_giver(s, seat)
    if giver is None:
        note(s, out, f"Shady Deal: {P(seat)} bid the lowest crew card themselves; the deal is "
              "wasted.")
        return
    hand = s.hands[giver]
    if not hand:
        note(s, out, f"Shady Deal: {P(giver)} bid the lowest crew card but has no card to give.")
        return
    s.pending = {"kind": "shady", "seat": giver, "to": seat}
    if len(set(hand)) == 1:
        shady_give(s, giver, hand[0], out)


def shady_give(s: State, giver: int, card: str, out: list[Event]) -> None:
    to = s.pending["to"]
    s.pending = None
    s.hands[giver].remove(card)
    seen_lost(s, giver)
    note(s, out, f"Shady Deal: {P(giver)} bid the lowest crew card and gives {P(to)} a card.",
          seat=to, giver=giver)
    priv(out, giver, "shady", f"You give {NAMES[card]} to {P(to)}.", card=card)
    priv(out, to, "shady", f"{P(giver)} gives you {NAMES[card]}.", card=card)
    gain(s, to, [card])


def _resolve_brawl(s: State, seat: int, out: list[Event]) -> None:
    """Tavern Brawl: the chosen captain is dealt no card next round and may not bid on that
    round's auction.

    Decisions: cheat immunity does not shield from a brawl; two brawls on one captain do
    not add up; a brawled captain may still call others Pirate Cheats and be called one.
    """
    others = [t for t in left_order(s, seat) if t != seat]
    if len(others) == 1:
        brawl(s, seat, others[0], out)
        return
    s.pending = {"kind": "brawl", "seat": seat}


def brawl(s: State, seat: int, target: int, out: list[Event]) -> None:
    s.pending = None
    s.skip_deal[target] = True
    note(s, out, f"Tavern Brawl: {P(seat)} drags {P(target)} into a fight; they get no card "
          "next round and may not bid on its auction.", seat=seat, target=target)


def _resolve_king(s: State, seat: int, out: list[Event]) -> None:
    """The Pirate King: every other captain chooses a card of his hand as tribute (together,
    in secret; a captain with no card pays nothing); the King keeps up to two."""
    waiting = [t for t in left_order(s, seat) if t != seat and s.hands[t]]
    s.pending = {"kind": "tribute", "seat": seat, "waiting": waiting, "paid": []}
    pub(s, out, "king", f"The Pirate King: every other captain pays {P(seat)} a card in "
         "tribute.")
    if not waiting:
        s.pending = None
        note(s, out, f"The Pirate King: nobody has a card to pay {P(seat)}.")
        return
    for t in list(waiting):
        if len(set(s.hands[t])) == 1:
            pay_tribute(s, t, s.hands[t][0], out)


def pay_tribute(s: State, payer: int, card: str, out: list[Event]) -> None:
    p = s.pending
    king = p["seat"]
    s.hands[payer].remove(card)
    seen_lost(s, payer)
    p["waiting"].remove(payer)
    p["paid"].append([payer, card])
    priv(out, payer, "tribute", f"You pay {NAMES[card]} in tribute to {P(king)}.", card=card)
    pub(s, out, "tribute", f"{P(payer)} pays their tribute to {P(king)}.")
    if not p["waiting"]:
        king_collect(s, out)


def king_collect(s: State, out: list[Event]) -> None:
    p = s.pending
    king = p["seat"]
    cards = [c for _, c in p["paid"]]
    detail = "; ".join(f"{P(t)}: {NAMES[c]}" for t, c in p["paid"])
    priv(out, king, "tribute", f"Your tribute: {detail}.", paid=p["paid"])
    s.pending = {"kind": "king", "seat": king, "cards": cards, "kept": 0}


def king_keep(s: State, card: str, out: list[Event]) -> None:
    p = s.pending
    king = p["seat"]
    p["cards"].remove(card)
    p["kept"] += 1
    priv(out, king, "tribute", f"You keep {NAMES[card]}.", card=card)
    gain(s, king, [card])
    if p["kept"] >= 2 or not p["cards"]:
        king_done(s, out)


def king_done(s: State, out: list[Event]) -> None:
    p = s.pending
    king = p["seat"]
    rest = p["cards"]
    s.pending = None
    s.discard.extend(rest)
    tail = f" and discards {list_names(rest)}" if rest else ""
    note(s, out, f"The Pirate King: {P(king)} keeps {p['kept']} of the tribute{tail}.",
          seat=king, kept=p["kept"], discarded=rest)


RESOLVERS = {
    RUM: _resolve_rum,
    DOCK: _resolve_dock,
    CUTPURSE: _resolve_cutpurse,
    PLUNDER: _resolve_plunder,
    MERMAID: _resolve_mermaid,
    EIGHT: _resolve_eight,
    MONKEY: _resolve_monkey,
    SHADY: _resolve_shady,
    BRAWL: _resolve_brawl,
    KING: _resolve_king,
}
