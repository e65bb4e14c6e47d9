"""Rules Ain't for Pirates!: the hand limit of 12 and calling a captain a Pirate Cheat."""

from __future__ import annotations

from engine.core import Event

from .cards import NAMES, list_names
from .common import P, chance, gain, priv, pub, sanitize_picks, seen_lost
from .state import State


def call_cheat(s: State, caller: int, target: int, out: list[Event]) -> None:
    """Rulebook "RULES AIN'T FOR PIRATES!": the accused counts his cards openly (so his hand
    size becomes public, in the log). 13 or more: the caller pulls cards at random until 12
    remain, may keep one, discards the rest. Fewer: the accused pulls 2 at random from the
    caller, keeps one, discards the other, and is immune for the rest of the round.

    Decisions: the window is the bid phase of every round, from the deal (or the first
    deal of the hand) until the bids are revealed, for brawled captains too; it is closed
    while another choice is pending. "may then keep one": the caller may also keep none.
    """
    count = len(s.hands[target])
    pub(s, out, "cheat", f"{P(caller)} calls {P(target)} a Pirate Cheat! {P(target)} counts "
         f"{count} card{'' if count == 1 else 's'} openly.", caller=caller, target=target,
         count=count)
    r = chance(s)
    if count >= 13:
        hand = s.hands[target]
        pulled = [hand.pop(r.randrange(len(hand))) for _ in range(count - 12)]
        sanitize_picks(s, target)
        seen_lost(s, target)
        pub(s, out, "cheat", f"{P(caller)} pulls {len(pulled)} card"
             f"{'s' if len(pulled) > 1 else ''} at random from {P(target)}'s hand.")
        priv(out, caller, "cheat", f"You pull {list_names(pulled)} from {P(target)}'s hand.",
              cards=pulled)
        priv(out, target, "cheat", f"{P(caller)} pulls {list_names(pulled)} from your hand.",
              cards=pulled)
        s.pending = {"kind": "cheat", "seat": caller, "cards": pulled, "from": target}
        return
    s.immune[target] = True
    hand = s.hands[caller]
    pulled = [hand.pop(r.randrange(len(hand))) for _ in range(min(2, len(hand)))]
    sanitize_picks(s, caller)
    seen_lost(s, caller)
    pub(s, out, "cheat", f"{P(target)} is no cheat: they pull {len(pulled)} card"
         f"{'' if len(pulled) == 1 else 's'} at random from {P(caller)}'s hand and is immune "
         "for the rest of the round.")
    if not pulled:
        return
    priv(out, target, "cheat", f"You pull {list_names(pulled)} from {P(caller)}'s hand.",
          cards=pulled)
    priv(out, caller, "cheat", f"{P(target)} pulls {list_names(pulled)} from your hand.",
          cards=pulled)
    s.pending = {"kind": "honor", "seat": target, "cards": pulled, "from": caller}
    if len(set(pulled)) == 1:
        honor_keep(s, target, pulled[0], out)


def cheat_keep(s: State, caller: int, card: str | None, out: list[Event]) -> None:
    cards = list(s.pending["cards"])
    target = s.pending["from"]
    s.pending = None
    if card is not None:
        cards.remove(card)
    s.discard.extend(cards)
    kept = "keeps one" if card is not None else "keeps none"
    pub(s, out, "cheat", f"{P(caller)} {kept} of the pulled cards and discards "
         f"{list_names(cards)}.", discarded=cards)
    if card is not None:
        priv(out, [caller, target], "cheat", f"{P(caller)} keeps {NAMES[card]}.", card=card)
        gain(s, caller, [card])


def honor_keep(s: State, seat: int, card: str, out: list[Event]) -> None:
    cards = list(s.pending["cards"])
    caller = s.pending["from"]
    s.pending = None
    cards.remove(card)
    s.discard.extend(cards)
    if cards:
        pub(s, out, "cheat", f"{P(seat)} keeps one card to restore their pirate honor and "
             f"discards {list_names(cards)}.", discarded=cards)
    else:
        pub(s, out, "cheat", f"{P(seat)} keeps the card to restore their pirate honor.")
    priv(out, [seat, caller], "cheat", f"{P(seat)} keeps {NAMES[card]}.", card=card)
    gain(s, seat, [card])
