"""``/tricks``: the moves of Pirate Tricks, and how its table looks on Discord.

Every command turns what was typed into engine actions and lets the engine judge them:
``/tricks ditch cards:R9 G12`` becomes "ditch red 9, ditch green 12", tried on a copy first
so that a ditch with one impossible card changes nothing. Autocomplete lists come from
``GAME.legal_actions``, labelled as the engine labels its actions; ``/tricks move`` reaches
every legal action, so nothing is unreachable.

Sealed bids stay sealed: ``/tricks bid`` is answered privately, the channel only hears that
a bid was placed, and the amounts appear together once every bid is in.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.games.common import (
    SeatChoices,
    VerbsCog,
    named_choices,
    playing_completer,
    seat_move,
    seats_completer,
)
from cogs.look import game_texts, texts
from cogs.look.actions import ranked
from cogs.look.adapters import Batch, GameAdapter, Panel, Plugin
from cogs.look.seats import legal
from cogs.table.play import command_move
from engine.core import Action, IllegalAction
from engine.pirate_tricks.cards import ALL_CODES, NAMES, sort_cards
from engine.pirate_tricks.rules import DITCH_COUNT
from engine.pirate_tricks.scorecards import CARDS
from engine.table import Table

if TYPE_CHECKING:
    pass

GAME_ID = "pirate-tricks"
#: bids offered in the private panel's menus (4 menus of 25); any amount works by command
PANEL_BIDS = 100
_SPLIT = re.compile(r"[,;+/]|\s+and\s+")
_CODE = re.compile(r"^([RGB])\s*(\d{1,2})$", re.IGNORECASE)
_NAMED = re.compile(r"^(red|green|blue|vulper|beringa|mustel)\s*(\d{1,2})$", re.IGNORECASE)
_WORD_COLOUR = {"red": "R", "vulper": "R", "green": "G", "beringa": "G", "blue": "B",
                "mustel": "B"}


# -- cards typed by people ------------------------------------------------------------------


def card_code(text: str) -> str | None:
    """The code of a card written as a code ("r13", "G 5") or a name ("red 13",
    "Beringa 5", "13 blue"); None when it names no card."""
    t = " ".join(text.strip().split())
    m = _CODE.match(t)
    if m:
        code = f"{m.group(1).upper()}{int(m.group(2))}"
        return code if code in ALL_CODES else None
    m = _NAMED.match(t) or re.match(r"^(\d{1,2})\s*(red|green|blue|vulper|beringa|mustel)$",
                                    t, re.IGNORECASE)
    if m:
        word, number = (m.group(1), m.group(2)) if not m.group(1).isdigit() else \
            (m.group(2), m.group(1))
        code = f"{_WORD_COLOUR[word.casefold()]}{int(number)}"
        return code if code in ALL_CODES else None
    return None


def parse_cards(text: str) -> list[str]:
    """Card codes from "R13, G5", "r13 g5" or "red 13 and green 5"."""
    out: list[str] = []
    for part in _SPLIT.split(text):
        part = part.strip()
        if not part:
            continue
        code = card_code(part)
        if code is not None:
            out.append(code)
            continue
        words = part.split()
        pairs = [" ".join(words[i:i + 2]) for i in range(0, len(words), 2)]
        codes = [card_code(w) for w in words]
        if words and all(codes):
            out += [c for c in codes if c]
        elif len(words) % 2 == 0 and all(card_code(p) for p in pairs):
            out += [c for c in (card_code(p) for p in pairs) if c]
        else:
            raise IllegalAction(game_texts.TRICKS_UNKNOWN_CARD.format(card=texts.quote(part)))
    return out


def one_card(text: str) -> str:
    cards = parse_cards(text)
    if len(cards) != 1:
        raise IllegalAction(game_texts.TRICKS_ONE_CARD)
    return cards[0]


# -- the adapter: how the table looks ----------------------------------------------------------


class PirateTricksAdapter(GameAdapter):
    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        kinds = {a.kind for a in actions}
        if "play" in kinds:
            return Panel(buttons=[a for a in actions if a.kind == "play"], button_rows=2,
                         menu=[a for a in actions if a.kind != "play"])
        if "bid" in kinds:
            offered = [a for a in actions if a.kind == "bid"]
            row = int((view.get("bidding") or {}).get("row", 0)) + 1
            more = game_texts.TRICKS_MENU_BID_MORE if len(offered) > PANEL_BIDS else ""
            return Panel(menu=offered[:PANEL_BIDS],
                         menu_placeholder=game_texts.TRICKS_MENU_BID.format(row=row, more=more))
        if kinds & {"reveal", "give"}:
            return Panel(buttons=list(actions), button_rows=3)
        if "ditch" in kinds:
            ditches = [a for a in actions if a.kind == "ditch"]
            left = DITCH_COUNT - len(view.get("my_ditched") or [])
            return Panel(batches=[Batch(game_texts.TRICKS_MENU_DITCH.format(
                count=left, s="s" if left > 1 else ""), ditches, None, most=left)])
        if "predict" in kinds:
            return Panel(menu=list(actions), menu_placeholder=game_texts.TRICKS_MENU_PREDICT)
        return Panel(menu=list(actions))

    def prompt(self, view: Mapping[str, Any]) -> str:
        """The panel first (issue 14: a whole game by clicks), the command after it."""
        phase = view.get("phase")
        if phase == "bid":
            row = int((view.get("bidding") or {}).get("row", 0)) + 1
            return texts.panel_first(game_texts.TRICKS_ASK_BID.format(row=row), "tricks bid")
        asked = {
            "reveal": (game_texts.TRICKS_ASK_REVEAL, "tricks reveal"),
            "choose": (game_texts.TRICKS_ASK_GIVE, "tricks give"),
            "ditch": (game_texts.TRICKS_ASK_DITCH, "tricks ditch"),
            "predict": (game_texts.TRICKS_ASK_PREDICT, "tricks predict"),
            "play": (game_texts.TRICKS_ASK_PLAY, "tricks play"),
        }.get(str(phase), (game_texts.TRICKS_ASK_MOVE, "tricks move"))
        return texts.panel_first(*asked)

    def epoch(self, view: Mapping[str, Any]) -> Hashable:
        return view.get("round")

    def chapter(self, view: Mapping[str, Any]) -> Hashable:
        """A row's auction or a trick (issue 22: one post per chapter)."""
        return (view.get("round"), view.get("phase"), (view.get("bidding") or {}).get("row"),
                (view.get("trick") or {}).get("no"))

    def headline(self, view: Mapping[str, Any], title: str) -> str:
        parts = [title, game_texts.TRICKS_HEAD_ROUND.format(
            round=view.get("round"), rounds=view.get("rounds"))]
        phase = view.get("phase")
        if phase == "bid" and view.get("bidding"):
            b = view["bidding"]
            parts.append(game_texts.TRICKS_HEAD_BIDS.format(row=int(b["row"]) + 1)
                         + (game_texts.TRICKS_HEAD_SECOND_PASS if b.get("pass") == 2 else ""))
        elif phase in ("reveal", "choose") and view.get("tie"):
            parts.append(game_texts.TRICKS_HEAD_TIE.format(row=int(view["tie"]["row"]) + 1))
        elif phase == "ditch":
            parts.append(game_texts.TRICKS_HEAD_DITCH)
        elif phase == "predict":
            parts.append(game_texts.TRICKS_HEAD_PREDICT)
        elif phase == "play" and view.get("trick"):
            parts.append(game_texts.TRICKS_HEAD_TRICK.format(trick=view["trick"]["no"]))
        treasure = (view.get("score_cards") or {}).get("treasure")
        if treasure and phase != "over":
            parts.append(CARDS[treasure].name)
        return " · ".join(parts)


ADAPTER = PirateTricksAdapter()


# -- autocomplete helpers --------------------------------------------------------------------


def _cards_of(kind: str) -> SeatChoices:
    """The cards of the seat's legal ``kind`` moves, named, those that start with what was
    typed first (``ranked``)."""

    def choices(interaction: discord.Interaction, table: Table, seat: int,
                current: str) -> list[app_commands.Choice[str]]:
        cards = sort_cards(str(a.args["card"]) for a in legal(table, seat, (kind,)))
        return named_choices(cards, current, _card_name)

    return choices


def _card_name(code: str) -> str:
    """A card as autocomplete shows and matches it: "green 3 (G3)"."""
    return f"{NAMES[code]} ({code})"


def _amount_name(amount: int) -> str:
    """A sealed bid as autocomplete shows and matches it: "3 loon (sealed)"."""
    return game_texts.TRICKS_SEALED_BID.format(amount=amount)


def ditch_steps(cards: Sequence[str]) -> list[Action]:
    if not cards:
        raise IllegalAction(game_texts.TRICKS_NO_CARD_TO_DITCH)
    return [Action("ditch", {"card": c}, game_texts.TRICKS_DITCH_CARD.format(card=NAMES[c])) for c in cards]


# -- the cog ---------------------------------------------------------------------------------


# -- what the commands' options complete to ------------------------------------------------


def _bid_amounts(interaction: discord.Interaction, table: Table, seat: int,
                 current: str) -> list[app_commands.Choice[int]]:
    amounts = [int(a.args["amount"]) for a in legal(table, seat) if a.kind == "bid"]
    return named_choices(amounts, current, _amount_name)


def _ditch_cards(interaction: discord.Interaction, table: Table, seat: int,
                 current: str) -> list[app_commands.Choice[str]]:
    """One card, or a second one after a card already typed ("R9 " then G12) while two are
    still to ditch (a pair offered with one left would be refused at its second card)."""
    hand = sort_cards(str(a.args["card"]) for a in legal(table, seat) if a.kind == "ditch")
    parts = current.split()
    first = card_code(parts[0]) if parts else None
    left = DITCH_COUNT - len(table.view(table.game, seat).get("my_ditched") or [])
    if first in hand and left > 1 and (len(parts) > 1 or current.endswith(" ")):
        rest = " ".join(parts[1:])
        return [app_commands.Choice(name=f"{NAMES[first]} + {NAMES[c]}",
                                    value=f"{first} {c}")
                for c in ranked([c for c in hand if c != first], rest, _card_name)]
    return named_choices(hand, current, _card_name)


@app_commands.guild_only()
class PirateTricksCog(VerbsCog, group_name="tricks",
                      group_description="Pirate Tricks moves: sealed bids, tie-breaks, ditch, "
                      "predictions, cards"):
    @app_commands.command(name="bid", description="Place your sealed bid on the row up for "
                          "bids (nobody sees it before every bid is in)")
    @app_commands.describe(amount="Loon you bid, from 0 to all you have")
    async def bid(self, interaction: discord.Interaction,
                  amount: app_commands.Range[int, 0, 10_000]) -> None:
        await command_move(interaction, lambda t, s: [Action("bid", {"amount": int(amount)})])

    bid.autocomplete("amount")(playing_completer(GAME_ID, _bid_amounts))

    @app_commands.command(name="reveal", description="Tie-break: the card you reveal (the "
                          "highest number wins the row; it comes back to your hand)")
    @app_commands.describe(card="A card of your hand, e.g. R13 or red 13 (pick from the list)")
    async def reveal(self, interaction: discord.Interaction, card: str) -> None:
        code = one_card(card)
        await command_move(interaction, lambda t, s: [Action("reveal", {"card": code})])

    reveal.autocomplete("card")(playing_completer(GAME_ID, _cards_of("reveal")))

    @app_commands.command(name="give", description="You won a zero tie-break: choose who "
                          "takes the row (yourself included)")
    @app_commands.describe(player="Who takes the row (pick from the list)")
    async def give(self, interaction: discord.Interaction, player: str) -> None:
        await command_move(interaction, seat_move("give", "seat", player, "player"))

    give.autocomplete("player")(seats_completer(GAME_ID, "give", "seat"))

    @app_commands.command(name="ditch", description="Put one or two cards out of play for "
                          "this round, face down")
    @app_commands.describe(cards="One or two cards, e.g. R9 G12 (pick from the list)")
    async def ditch(self, interaction: discord.Interaction, cards: str) -> None:
        wanted = parse_cards(cards)
        await command_move(interaction, lambda t, s: ditch_steps(wanted))

    ditch.autocomplete("cards")(playing_completer(GAME_ID, _ditch_cards))

    @app_commands.command(name="predict", description="Tempt Fortune / Extra Loot: how many "
                          "of the 10 tricks you will take")
    @app_commands.describe(tricks="Your prediction, 0 to 10")
    async def predict(self, interaction: discord.Interaction,
                      tricks: app_commands.Range[int, 0, 10]) -> None:
        await command_move(interaction,
                           lambda t, s: [Action("predict", {"tricks": int(tricks)})])

    @app_commands.command(name="play", description="Play a card to the trick")
    @app_commands.describe(card="The card, e.g. R13 or red 13 (the list shows what you may "
                           "play)")
    async def play(self, interaction: discord.Interaction, card: str) -> None:
        code = one_card(card)
        await command_move(interaction, lambda t, s: [Action("play", {"card": code})])

    play.autocomplete("card")(playing_completer(GAME_ID, _cards_of("play")))


PLUGIN = Plugin(GAME_ID, ADAPTER, PirateTricksCog)
