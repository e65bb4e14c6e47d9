"""``/ahod``: the moves of All Hands on Deck!, and how its table looks on Discord.

Every command turns what was typed into engine actions and lets the engine judge them:
``/ahod bid cards:ST5 SS3`` becomes "add Stormsail 5, add Sea Sabre 3, place the bid",
tried on a copy first so that a bid with one impossible card changes nothing. Autocomplete
lists come from ``GAME.legal_actions`` (and the seat's own hand), labelled as the engine
labels its actions; ``/ahod move`` reaches every legal action, so nothing is unreachable.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.games.common import (
    VerbsCog,
    moves_completer,
    playing_completer,
    seat_move,
    seats_completer,
)
from cogs.look import game_texts, texts
from cogs.look.actions import ranked
from cogs.look.adapters import Batch, GameAdapter, Panel, Plugin
from cogs.look.seats import legal
from cogs.table.play import command_move, typed_move
from engine.all_hands.cards import ACTIONS, ALL_CODES, NAMES, SUIT_OF, VALUE
from engine.core import Action, IllegalAction
from engine.table import Table

if TYPE_CHECKING:
    pass

GAME_ID = "all-hands"

#: moves shown as buttons on the private panel: the quick ones ("Keep all my cards" is
#: the whole discard step in one click), then the discard settings (issue 22)
BUTTON_KINDS = ("bid_confirm", "pass", "forfeit", "discard_done", "cutpurse_none", "king_done",
                "cheat_keep_none", "auto_keep_on", "open_discard", "auto_keep_off")
#: the answers to a pending choice (``/ahod choose``)
CHOICE_KINDS = frozenset({
    "resolve", "cutpurse", "cutpurse_none", "plunder", "mermaid_keep", "eight", "give",
    "brawl", "tribute", "king_keep", "king_done", "cheat_keep", "cheat_keep_none",
    "honor_keep",
})
_SPLIT = re.compile(r"[,;+/]")
_CODE = re.compile(r"^(ST|SS|BV)\s*(10|[1-9])$", re.IGNORECASE)


# -- cards typed by people ------------------------------------------------------------------


def card_code(text: str) -> str | None:
    """The code of one card written as a code ("st5", "RUM") or a name ("Stormsail 5",
    "Sea Sabre 10 First Mate", "pirate king"); None when it names no card."""
    t = text.strip()
    if not t:
        return None
    m = _CODE.match(t)
    if m:
        return f"{m.group(1).upper()}{m.group(2)}"
    if t.upper() in ALL_CODES:
        return t.upper()
    folded = " ".join(t.casefold().split())
    for code, name in NAMES.items():
        n = name.casefold()
        if folded == n or n.startswith(folded + " "):
            return code
    for code, (name, _) in ACTIONS.items():
        if folded == name.casefold().removeprefix("the "):
            return code
    return None


def parse_cards(text: str) -> list[str]:
    """Card codes from "ST5, SS3 and RUM", "st5 ss3 rum" or "Stormsail 5 + Rum"."""
    out: list[str] = []
    for part in _SPLIT.split(text.replace(" and ", ",")):
        part = part.strip()
        if not part:
            continue
        code = card_code(part)
        if code is not None:
            out.append(code)
            continue
        words = [card_code(w) for w in _words(part)]
        if words and all(words):
            out += [w for w in words if w]
            continue
        raise IllegalAction(game_texts.AHOD_UNKNOWN_CARD.format(card=texts.quote(part)))
    return out


def _words(part: str) -> list[str]:
    """Split "ST 5 SS3" into codes: a suit followed by its rank may have a space."""
    raw = part.split()
    words: list[str] = []
    for w in raw:
        if words and w.isdigit() and words[-1].upper() in ("ST", "SS", "BV"):
            words[-1] += w
        else:
            words.append(w)
    return words


#: what places a bid face down, and what ends the discarding: the finish of those choices
BID_CONFIRM = Action("bid_confirm", {})
DISCARD_DONE = Action("discard_done", {})


def _seat_view(table: Table, seat: int) -> dict:
    return table.view(table.game, seat)


def bid_steps(table: Table, seat: int, cards: Sequence[str]) -> list[Action]:
    """Steps that make the seat's bid exactly ``cards`` (``BID_CONFIRM`` places it face
    down after them)."""
    if not cards:
        raise IllegalAction(game_texts.AHOD_NO_CARD_TO_BID)
    actions = legal(table, seat)
    kinds = {a.kind for a in actions}
    picks: list[str] = list(_seat_view(table, seat).get("my_bid") or []) \
        if "bid_remove" in kinds else []
    want, have = Counter(cards), Counter(picks)
    steps = [Action("bid_remove", {"card": c}, game_texts.AHOD_TAKE_BACK_CARD.format(card=_name(c)))
             for c in (have - want).elements()]
    steps += [Action("bid_add", {"card": c}, game_texts.AHOD_ADD_CARD.format(card=_name(c)))
              for c in (want - have).elements()]
    return steps


def _name(code: str) -> str:
    return NAMES.get(code, code)


def discard_steps(cards: Sequence[str]) -> list[Action]:
    return [Action("discard", {"card": c}, game_texts.AHOD_DISCARD_CARD.format(card=_name(c))) for c in cards]


# -- the adapter: how the table looks ----------------------------------------------------------


class AllHandsAdapter(GameAdapter):
    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        buttons = [a for kind in BUTTON_KINDS for a in actions if a.kind == kind]
        menu = [a for a in actions if a.kind not in BUTTON_KINDS]
        batches: list[Batch] = []
        adds = [a for a in actions if a.kind == "bid_add"]
        if adds and len(adds) > 1:
            phase = view.get("phase")
            batches.append(Batch(
                game_texts.AHOD_MENU_BID_SEVERAL if phase != "tie"
                else game_texts.AHOD_MENU_TIE_SEVERAL,
                adds, BID_CONFIRM))
        discards = [a for a in actions if a.kind == "discard"]
        if len(discards) > 1:
            batches.append(Batch(game_texts.AHOD_MENU_DISCARD_SEVERAL, discards, DISCARD_DONE))
        placeholder = game_texts.AHOD_MENU
        if view.get("choice"):
            placeholder = texts.clip(str(view["choice"].get("prompt") or placeholder), 150)
        return Panel(buttons=buttons, batches=batches, menu=menu,
                     menu_placeholder=placeholder)

    def prompt(self, view: Mapping[str, Any]) -> str:
        phase = view.get("phase")
        card = view.get("auction_card")
        if phase == "bid" and card:
            return game_texts.AHOD_ASK_BID.format(card=NAMES[card])
        if phase == "tie":
            return game_texts.AHOD_ASK_TIE
        if phase == "discard":
            return game_texts.AHOD_ASK_DISCARD
        return game_texts.AHOD_ASK_MOVE

    def quiet(self, view: Mapping[str, Any]) -> bool:
        """Whether the game now waits for a formality, to be named on the board but pinged
        nobody and sent no new DM (issue 22, "Formalities hold everyone"): the discard step.
        The rulebook waits for every captain there (step 7: "play cannot continue until
        they all finish"), but most keep their cards, in one click, or skip the step by
        their standing choice; the turn clock's reminders still ping whoever is late."""
        return view.get("phase") == "discard"

    def epoch(self, view: Mapping[str, Any]) -> Hashable:
        return (view.get("hand_no"), view.get("round"))

    def headline(self, view: Mapping[str, Any], title: str) -> str:
        parts = [title]
        if view.get("longer_game"):
            parts.append(game_texts.AHOD_HEAD_HAND.format(hand=view.get("hand_no"),
                                                         hands=view.get("hands_total")))
        parts.append(game_texts.AHOD_HEAD_ROUND.format(round=view.get("round")))
        card = view.get("auction_card")
        if card and view.get("phase") in ("bid", "tie", "resolve"):
            parts.append(game_texts.AHOD_HEAD_AUCTION.format(card=NAMES[card]))
        return " · ".join(parts)


ADAPTER = AllHandsAdapter()


# -- autocomplete helpers --------------------------------------------------------------------


def _card_choices(hand: Sequence[str], current: str, suit: str | None) -> list[app_commands.Choice[str]]:
    """Complete a list of cards: the typed cards so far, plus one more card of the hand,
    those whose name or code starts with what is typed of it first (``ranked``)."""
    parts = [p for p in re.split(r"[\s,;+]+", current.strip()) if p]
    done: list[str] = []
    partial = ""
    for i, p in enumerate(parts):
        code = card_code(p)
        if code is not None and (i < len(parts) - 1 or current.endswith((" ", ","))):
            done.append(code)
        elif i == len(parts) - 1:
            partial = p
        else:
            done.append(p)
    left = Counter(hand) - Counter(c for c in done if c in ALL_CODES)
    out: list[app_commands.Choice[str]] = []
    if done and all(c in ALL_CODES for c in done) and not partial:
        out.append(_cards_choice(done, suit))
    more = ranked(sorted(left, key=ALL_CODES.index), partial, _card_name, 25 - len(out))
    return out + [_cards_choice([*done, code], suit) for code in more]


def _card_name(code: str) -> str:
    """A card as autocomplete matches it: its name and its code ("Rum (RUM)")."""
    return f"{NAMES[code]} ({code})"


def _cards_choice(codes: Sequence[str], suit: str | None) -> app_commands.Choice[str]:
    value = sum(VALUE.get(c, 0) * (2 if suit and SUIT_OF.get(c) == suit else 1) for c in codes)
    names = " + ".join(NAMES.get(c, c) for c in codes)
    shown = game_texts.AHOD_CARDS_VALUE.format(names=names, value=value) if suit is not None else names
    return app_commands.Choice(name=texts.clip(shown, texts.LABEL_LIMIT),
                               value=texts.clip(" ".join(codes), texts.LABEL_LIMIT))


# -- the cog ---------------------------------------------------------------------------------


# -- what the commands' options complete to ------------------------------------------------


def _bid_cards(interaction: discord.Interaction, table: Table, seat: int,
               current: str) -> list[app_commands.Choice[str]]:
    view = _seat_view(table, seat)
    card = view.get("auction_card")
    hand = list(view.get("hand") or [])
    if any(a.kind == "bid_remove" for a in legal(table, seat)):
        hand += list(view.get("my_bid") or [])  # picks may be re-chosen in the bid
    return _card_choices(hand, current, SUIT_OF.get(card or "", ""))


def _discard_cards(interaction: discord.Interaction, table: Table, seat: int,
                   current: str) -> list[app_commands.Choice[str]]:
    return _card_choices(list(_seat_view(table, seat).get("hand") or []), current, None)


@app_commands.guild_only()
class AllHandsCog(VerbsCog, group_name="ahod",
                  group_description="All Hands on Deck! moves: bid, pass, cheat calls, discards"):
    @app_commands.command(name="bid", description="Bid one or more cards face down on the "
                          "auction card (or add to your tie bid)")
    @app_commands.describe(cards="The cards to bid, e.g. ST5 SS3 or Stormsail 5, Rum "
                           "(pick from the list)")
    async def bid(self, interaction: discord.Interaction, cards: str) -> None:
        wanted = parse_cards(cards)
        await command_move(interaction, lambda t, s: bid_steps(t, s, wanted), BID_CONFIRM)

    bid.autocomplete("cards")(playing_completer(GAME_ID, _bid_cards))

    @app_commands.command(name="pass", description="Pass on this auction (in a tie: forfeit)")
    async def pass_(self, interaction: discord.Interaction) -> None:
        def steps(table: Table, seat: int) -> list[Action]:
            found = legal(table, seat, ("pass", "forfeit"))
            return found[:1] or [Action("pass", {})]

        await command_move(interaction, steps)

    @app_commands.command(name="cheat", description="Call a captain a Pirate Cheat: they may "
                          "hold no more than 12 cards")
    @app_commands.describe(captain="The captain you accuse (pick from the list)")
    async def cheat(self, interaction: discord.Interaction, captain: str) -> None:
        await command_move(interaction, seat_move("call_cheat", "target", captain, "captain"))

    cheat.autocomplete("captain")(seats_completer(GAME_ID, "call_cheat", "target"))

    @app_commands.command(name="discard", description="Discard cards from your hand at the "
                          "end of the round")
    @app_commands.describe(cards="The cards to discard, e.g. BV1 ST2 (pick from the list)",
                           done="Finish your discarding with these (default: yes)")
    async def discard(self, interaction: discord.Interaction, cards: str,
                      done: bool = True) -> None:
        wanted = parse_cards(cards)
        await command_move(interaction, lambda t, s: discard_steps(wanted),
                           DISCARD_DONE if done else None)

    discard.autocomplete("cards")(playing_completer(GAME_ID, _discard_cards))

    @app_commands.command(name="done", description="Keep the rest of your hand: finish "
                          "discarding for this round")
    async def done(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, lambda t, s: [Action("discard_done", {})])

    @app_commands.command(name="choose", description="Make the choice an action card asks "
                          "of you (Mermaid, Cutpurse, tribute...)")
    @app_commands.describe(card="Your choice (pick from the list)")
    async def choose(self, interaction: discord.Interaction, card: str) -> None:
        await command_move(interaction, lambda t, s: typed_move(t, s, card, CHOICE_KINDS))

    choose.autocomplete("card")(moves_completer(GAME_ID, CHOICE_KINDS))


PLUGIN = Plugin(GAME_ID, ADAPTER, AllHandsCog)
