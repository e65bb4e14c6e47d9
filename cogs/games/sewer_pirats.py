"""``/sewer``: the moves of Sewer Pirats, and how its table looks on Discord.

A command per action (``draw``, ``figure``, ``captain``, ``sail``, ``seize``, ``discard``,
``snail``, ``done``), the Landlubber's ``tribe``, the Crew Member Auction's ``hire``, ``bid``,
``pass`` and ``pay``, and ``/sewer move`` for any legal move. Autocomplete lists come from
``GAME.legal_actions``, labelled as the engine labels them; what people type is matched
against the legal moves ("rat cat 3" finds "Move your rat onto the cat ship, space 3"), and
the engine judges every move, so a refusal says why and what is possible instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.games.common import VerbsCog, moves_completer
from cogs.look import game_texts, texts
from cogs.look.actions import busy_choices, decode, label, ranked
from cogs.look.adapters import GameAdapter, Panel, Plugin
from cogs.look.seats import legal, names_of, playing_seat
from cogs.table.play import command_move
from engine.core import Action, IllegalAction
from engine.sewer_pirats.data import SHIPS
from engine.table import Table

if TYPE_CHECKING:
    pass

GAME_ID = "sewer-pirats"
#: moves shown as buttons on the private panel, in this order
BUTTON_KINDS = ("sail", "seize", "stay", "leave", "reveal", "no_reveal", "end", "idle",
                "discard", "pass", "pay", "tribe")
DRAW_DECK = Action("draw", {"take": ["deck", "deck"]})
SOURCES = ("deck", *SHIPS)
_WORDS = re.compile(r"[\w'-]+")


# -- what people type ------------------------------------------------------------------------


def _keywords(action: Action, names: Sequence[str]) -> str:
    """The words a move can be found by: its label and its arguments."""
    parts = [label(action, names).casefold()]
    for value in action.args.values():
        parts.append(" ".join(map(str, value)) if isinstance(value, list) else str(value))
    return " ".join(parts).casefold()


def match(actions: Sequence[Action], typed: str, names: Sequence[str]) -> Action:
    """The one legal move ``typed`` stands for: an autocomplete value, a label, or words
    that only one move has ("rat cat 3"); IllegalAction with a hint otherwise."""
    if not actions:
        raise IllegalAction(texts.NO_MOVES_NOW)
    found = decode(typed, actions, names)
    if found is not None:
        return found
    words = [w.casefold() for w in _WORDS.findall(typed)]
    hits = [a for a in actions if words and all(
        re.search(rf"\b{re.escape(w)}\b", _keywords(a, names)) for w in words)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        shown = "; ".join(label(a, names) for a in hits[:3])
        raise IllegalAction(game_texts.SEWER_FITS_SEVERAL.format(count=len(hits), shown=shown))
    raise IllegalAction(texts.UNKNOWN_MOVE)


def _typed(kinds: Sequence[str], typed: str) -> Callable[[Table, int], list[Action]]:
    """The step builder of a command whose text names one move of these kinds."""

    def build(table: Table, seat: int) -> list[Action]:
        return [match(legal(table, seat, kinds), typed, names_of(table))]

    return build


def draw_sources(text: str) -> list[str]:
    """ "fish deck" -> ["deck", "fish"]: the sources of a draw, in the engine's order."""
    words = [w.casefold() for w in _WORDS.findall(text)]
    picked = [w for w in words if w in SOURCES]
    if not picked or len(picked) != len(words) or len(picked) > 2:
        raise IllegalAction(game_texts.SEWER_NAME_SOURCES)
    return sorted(picked, key=SOURCES.index)


def card_symbols(text: str) -> list[str]:
    words = [w.casefold().removesuffix("s") for w in _WORDS.findall(text)]
    if not words or any(w not in SHIPS for w in words):
        raise IllegalAction(game_texts.SEWER_NAME_SYMBOLS)
    return words


# -- the adapter: how the table looks ----------------------------------------------------------


class SewerPiratsAdapter(GameAdapter):
    def match(self, actions: Sequence[Action], typed: str, names: Sequence[str]) -> Action:
        """``/sewer move`` reads words only one move has too ("rat cat 3": ``match``)."""
        return match(actions, typed, names)

    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        buttons = [a for kind in BUTTON_KINDS for a in actions if a.kind == kind]
        buttons += [a for a in actions if a == DRAW_DECK]
        menu = [a for a in actions if a not in buttons]
        placeholder = game_texts.SEWER_MENU
        if view.get("phase") == "auction":
            placeholder = game_texts.SEWER_MENU_HIRE if any(
                a.kind == "start_bid" for a in actions) else game_texts.SEWER_MENU_RAISE
        if view.get("choice"):
            placeholder = texts.clip(str(view["choice"].get("prompt") or placeholder), 150)
        return Panel(buttons=buttons, button_rows=2, menu=menu, menu_placeholder=placeholder)

    def prompt(self, view: Mapping[str, Any]) -> str:
        """The panel first (issue 14: a whole game by clicks), the command after it."""
        phase = view.get("phase")
        if phase == "tribe":
            return texts.panel_first(game_texts.SEWER_ASK_TRIBE, "sewer tribe")
        if phase == "auction":
            a = view.get("auction") or {}
            if a.get("paying"):
                return texts.panel_first(game_texts.SEWER_ASK_PAY, "sewer pay")
            if a.get("lot") is None:
                return texts.panel_first(game_texts.SEWER_ASK_HIRE, "sewer hire")
            return texts.panel_first(game_texts.SEWER_ASK_RAISE, "sewer bid", "sewer pass")
        return texts.panel_first(game_texts.SEWER_ASK_TURN,
                                 "sewer draw", "sewer figure", "sewer captain")

    def epoch(self, view: Mapping[str, Any]) -> Hashable:
        return (view.get("phase"), view.get("round"))

    def headline(self, view: Mapping[str, Any], title: str) -> str:
        phase = view.get("phase")
        if phase == "auction":
            return game_texts.SEWER_HEAD_AUCTION.format(title=title)
        if phase == "tribe":
            return game_texts.SEWER_HEAD_TRIBES.format(title=title)
        parts = [title, game_texts.SEWER_HEAD_ROUND.format(round=view.get("round"))]
        if view.get("sailing"):
            parts.append(game_texts.SEWER_HEAD_SAILING.format(ship=view["sailing"]["ship"]))
        elif view.get("ending"):
            parts.append(game_texts.SEWER_HEAD_ENDING)
        return " · ".join(parts)


ADAPTER = SewerPiratsAdapter()


# -- autocomplete ----------------------------------------------------------------------------


# -- the cog ---------------------------------------------------------------------------------


@app_commands.guild_only()
class SewerPiratsCog(VerbsCog, group_name="sewer",
                     group_description="Sewer Pirats moves: draw, move, captain, sail, seize"):
    @app_commands.command(name="draw", description="Action A: draw two Talisman cards from "
                          "the deck or the face-up row")
    @app_commands.describe(take="Where from, e.g. deck deck or fish deck (pick from the list; "
                           "default: two from the deck)")
    async def draw(self, interaction: discord.Interaction, take: str = "") -> None:
        def build(table: Table, seat: int) -> list[Action]:
            offered = legal(table, seat, ("draw",))
            found = decode(take, offered, names_of(table)) if take else None
            if found is not None:
                return [found]
            if not take and offered and all(a != DRAW_DECK for a in offered):
                return [offered[0]]  # fewer than two cards left: the one there is
            return [Action("draw", {"take": draw_sources(take or "deck deck")})]

        await command_move(interaction, build)

    draw.autocomplete("take")(moves_completer(GAME_ID, ("draw",)))

    @app_commands.command(name="figure", description="Action B: move a figure onto a ship or "
                          "towards its bow")
    @app_commands.describe(move="The move, e.g. rat cat 2 (pick from the list)")
    async def figure(self, interaction: discord.Interaction, move: str) -> None:
        await command_move(interaction, _typed(("move",), move))

    figure.autocomplete("move")(moves_completer(GAME_ID, ("move",)))

    @app_commands.command(name="captain", description="Action C: make a figure captain of a "
                          "ship")
    @app_commands.describe(figure="The figure and ship (pick from the list)")
    async def captain(self, interaction: discord.Interaction, figure: str) -> None:
        await command_move(interaction, _typed(("captain",), figure))

    captain.autocomplete("figure")(moves_completer(GAME_ID, ("captain",)))

    @app_commands.command(name="sail", description="Action D: set sail with the ship you "
                          "command (compulsory with a captain)")
    async def sail(self, interaction: discord.Interaction) -> None:
        def build(table: Table, seat: int) -> list[Action]:
            found = legal(table, seat, ("sail",))
            if not found:
                raise IllegalAction(game_texts.SEWER_NO_CAPTAIN)
            return found[:1]

        await command_move(interaction, build)

    @app_commands.command(name="seize", description="Seize a booty token while your ship "
                          "sets sail (or keep your toad aboard)")
    @app_commands.describe(token="The token, e.g. fries 3 (pick from the list)")
    async def seize(self, interaction: discord.Interaction, token: str) -> None:
        await command_move(interaction, _typed(("seize", "stay", "leave"), token))

    seize.autocomplete("token")(moves_completer(GAME_ID, ("seize", "stay", "leave")))

    @app_commands.command(name="discard", description="Discard down to six cards after "
                          "drawing")
    @app_commands.describe(cards="The symbols to discard, e.g. cat or cat fish")
    async def discard(self, interaction: discord.Interaction, cards: str) -> None:
        wanted = card_symbols(cards)
        await command_move(interaction, lambda t, s: [
            Action("discard", {"card": c}, game_texts.SEWER_DISCARD_CARD.format(card=c)) for c in wanted])

    discard.autocomplete("cards")(moves_completer(GAME_ID, ("discard",)))

    @app_commands.command(name="snail", description="After your snail moved: reveal the top "
                          "card for one more space, or not")
    @app_commands.describe(reveal="Reveal the top Talisman card (default: yes)")
    async def snail(self, interaction: discord.Interaction, reveal: bool = True) -> None:
        await command_move(interaction, lambda t, s: [
            Action("reveal" if reveal else "no_reveal", {})])

    @app_commands.command(name="done", description="End your turn (no second weasel action, "
                          "or nothing you can do)")
    async def done(self, interaction: discord.Interaction) -> None:
        def build(table: Table, seat: int) -> list[Action]:
            return legal(table, seat, ("end", "idle"))[:1] or [Action("end", {})]

        await command_move(interaction, build)

    @app_commands.command(name="tribe", description="Landlubber variant: choose the tribe you "
                          "lead")
    @app_commands.describe(tribe="The tribe (pick from the list)")
    async def tribe(self, interaction: discord.Interaction, tribe: str) -> None:
        await command_move(interaction, _typed(("tribe",), tribe))

    tribe.autocomplete("tribe")(moves_completer(GAME_ID, ("tribe",)))

    @app_commands.command(name="hire", description="Crew Member Auction: pick a figure at the "
                          "bar and start the bidding")
    @app_commands.describe(figure="The figure (pick from the list: its place from the front "
                           "is its minimum bid)", bid="Your starting bid (default: the minimum)")
    async def hire(self, interaction: discord.Interaction, figure: str,
                   bid: app_commands.Range[int, 0, 60] | None = None) -> None:
        def build(table: Table, seat: int) -> list[Action]:
            stool = _stool(table, seat, figure)
            return [Action("start_bid", {"figure": stool, "bid": stool if bid is None else bid})]

        await command_move(interaction, build)

    @hire.autocomplete("figure")
    @busy_choices
    async def _bar_figures(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        found = await playing_seat(interaction, GAME_ID)
        if found is None:
            return []
        table, seat = found
        offered = {int(a.args["figure"]) for a in legal(table, seat, ("start_bid",))}
        bar = list((table.view(table.game, None).get("auction") or {}).get("bar") or [])
        stools = [(game_texts.SEWER_STOOL.format(tribe=tribe, stool=i + 1, bid=i), i)
                  for i, tribe in enumerate(bar) if i in offered]
        return [app_commands.Choice(name=text, value=str(i))
                for text, i in ranked(stools, current, lambda stool: stool[0])]

    @app_commands.command(name="bid", description="Crew Member Auction: raise the bid")
    @app_commands.describe(amount="Your bid in cards (more than the highest bid)")
    async def bid(self, interaction: discord.Interaction,
                  amount: app_commands.Range[int, 0, 60]) -> None:
        await command_move(interaction, lambda t, s: [Action("raise", {"bid": amount})])

    @app_commands.command(name="pass", description="Crew Member Auction: pass on this figure")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, lambda t, s: [Action("pass", {})])

    @app_commands.command(name="pay", description="Crew Member Auction: the cards you pay "
                          "for your hired pirat")
    @app_commands.describe(cards="Their symbols, e.g. cat cat fish")
    async def pay(self, interaction: discord.Interaction, cards: str) -> None:
        wanted = card_symbols(cards)
        await command_move(interaction, lambda t, s: [
            Action("pay", {"card": c}, game_texts.SEWER_PAY_CARD.format(card=c)) for c in wanted])

    pay.autocomplete("cards")(moves_completer(GAME_ID, ("pay",)))



def _stool(table: Table, seat: int, typed: str) -> int:
    """A bar figure written as its index (from autocomplete), its stool or its tribe."""
    t = typed.strip()
    if t.isdigit():
        return int(t)
    bar = list((table.view(table.game, seat).get("auction") or {}).get("bar") or [])
    folded = t.casefold()
    for i, tribe in enumerate(bar):
        if folded and (folded == tribe or folded in f"{tribe} stool {i + 1}"):
            return i
    raise IllegalAction(game_texts.SEWER_PICK_FIGURE)


PLUGIN = Plugin(GAME_ID, ADAPTER, SewerPiratsCog)
