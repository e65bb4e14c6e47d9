"""``/catan``: the moves of Catan: Seafarers, and how its table looks on Discord.

A command per move: ``roll``, ``build`` (road, ship, settlement, city at a place named on
the board image: corners by number, edges by their two corners "12-13"; a New World
harbour on its coast edge), ``moveship``,
``buy``, ``play``, ``bank``, ``offer``, ``accept``, ``decline``, ``counter``, ``partner``,
``withdraw``, ``discard``, ``robber`` (robber or pirate), ``steal``, ``take`` (gold field or
Year of Plenty), ``stop``, ``end``, and ``move`` for any legal move (ending the turn and
letting the house rule answer offers meanwhile is one of them; ``/catan move`` is built once
for every game, cogs/commands/moves.py, and reads places through ``match``). Autocomplete lists come
from ``GAME.legal_actions`` with the engine's labels, so only legal places are offered; the
engine judges every move, so a refusal says why.

On the private panel a trade offer (or a counter-offer) is composed in one message (issue
14: "compose an offer in one menu (give, get), not one card per click"): two multi-pick
menus, the cards you give and the cards you ask for, then one Confirm that sends it
(``SeafarersAdapter.step``, the ``Step`` machinery of cogs/look/adapters.py; the composed
steps are in cogs/games/seafarers_panel.py). Nothing is applied
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

import render
from cogs.games.common import VerbsCog, moves_completer
from cogs.games.seafarers_panel import (
    COMPOSERS,
    DISCARD_PATH,
    SHIP_MENU,
    composing_offer,
    discard_step,
    offer_draft,
    offer_path,
    offer_step,
    seat_owes,
    ship_step,
)
from cogs.look import game_texts, texts
from cogs.look.actions import decode
from cogs.look.adapters import GameAdapter, Panel, Pick, Plugin, Step
from cogs.look.seats import legal, names_of
from cogs.table.play import command_move
from engine.core import Action, IllegalAction
from engine.seafarers.discards import whole_discard
from engine.seafarers.state import BANK_EACH
from engine.table import Table

if TYPE_CHECKING:
    pass

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
            raise IllegalAction(game_texts.CATAN_UNKNOWN_RESOURCE.format(word=texts.quote(word)))
        # The game has BANK_EACH cards of each resource: a larger count names no move, and
        # is refused before it is turned into a list (reliability issue, item 6).
        if len(count) > 2 or int(count or 1) > BANK_EACH:
            raise IllegalAction(game_texts.CATAN_TOO_MANY.format(most=BANK_EACH, resource=res))
        out += [res] * int(count or 1)
    if not out:
        raise IllegalAction(game_texts.CATAN_NO_RESOURCE)
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
    raise IllegalAction(game_texts.CATAN_PICK_MOVE)


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


#: every kind of Seafarers move, as ``/catan move`` reads them
ALL_KINDS = frozenset({
    "harbour", "settlement", "road", "ship", "city", "buy", "play", "roll", "end", "end_auto",
    "move_ship", "bank", "discard", "gold", "plenty", "robber", "pirate", "steal", "stop",
    "offer", "offer_give", "offer_get", "offer_send", "offer_cancel", "accept", "decline",
    "counter", "counter_give", "counter_get", "counter_send", "trade", "withdraw", "chip"})


#: the commands the turn message names after the panel, by the game's phase (what it asks
#: is ``game_texts.CATAN_ASKS``)
PROMPT_COMMANDS: dict[str, tuple[str, ...]] = {
    "harbours": ("catan build",), "setup_settlement": ("catan build",),
    "setup_route": ("catan build",), "roll": ("catan roll",),
    "main": ("catan build", "catan end"), "discard": ("catan discard",),
    "gold": ("catan take",), "robber": ("catan robber",), "steal": ("catan steal",),
    "free_routes": ("catan build",), "plenty": ("catan take",), "offer": ("catan offer",),
    "chip": ("catan move",),
}


class SeafarersAdapter(GameAdapter):
    def match(self, actions: Sequence[Action], typed: str, names: Sequence[str]) -> Action:
        """``/catan move`` reads a place too ("37", "12-13": ``match``)."""
        return match([a for a in actions if a.kind in ALL_KINDS], typed, names)

    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        kinds = {a.kind for a in actions}
        # an offer or counter-offer is composed in one message (offer_step); its card
        # steps leave the panel, its send and cancel stay as buttons
        steps, composing = [], set()
        for prefix, words in (("o", game_texts.CATAN_STEP_OFFER),
                              ("c", game_texts.CATAN_STEP_COUNTER)):
            going_on = composing_offer(kinds, prefix)
            if going_on is not None:
                start = offer_path(prefix, offer_draft(view, prefix)) if going_on else prefix
                steps.append(Pick(words[going_on], start, emoji="🤝"))
                composing |= set(COMPOSERS[prefix][:3])
        if sum(a.kind == "move_ship" for a in actions) > SHIP_MENU:
            steps.append(Pick(game_texts.CATAN_STEP_SHIP, "m", emoji="⛵"))
            composing.add("move_ship")
        if "discard" in kinds:  # picked whole in one menu (discard_step)
            owed = seat_owes(view)
            steps.append(Pick(game_texts.CATAN_STEP_DISCARD.format(
                count=owed, s="s" if owed != 1 else ""), DISCARD_PATH, emoji="🗑️"))
            composing.add("discard")
        buttons = [a for kind in BUTTON_KINDS for a in actions if a.kind == kind]
        # building first, ship moves last (the commands reach them all)
        menu = sorted((a for a in actions if a.kind not in BUTTON_KINDS and
                       a.kind not in composing),
                      key=lambda a: MENU_ORDER.get(a.kind, 5))
        placeholder = game_texts.CATAN_MENU
        if view.get("phase") == "setup_settlement":  # listed best first (founding.py)
            placeholder = game_texts.CATAN_MENU_FOUND
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
        phase = str(view.get("phase"))
        return texts.panel_first(game_texts.CATAN_ASKS.get(phase, game_texts.CATAN_ASK_MOVE),
                                 *PROMPT_COMMANDS.get(phase, ("catan move",)))

    def epoch(self, view: Mapping[str, Any]) -> Hashable:
        return view.get("round")

    def chapter(self, view: Mapping[str, Any]) -> Hashable:
        """One player's turn (issue 22: one post per chapter)."""
        return (view.get("round"), view.get("turn"))

    def headline(self, view: Mapping[str, Any], title: str) -> str:
        return game_texts.CATAN_HEAD.format(title=title, scenario=view.get("scenario_name"),
                                            round=view.get("round"))


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
        raise IllegalAction(game_texts.CATAN_NOTHING_TO_DISCARD)
    view = table.view(table.game, seat)
    cards: dict[str, int] = {}
    for res in wanted:
        cards[res] = cards.get(res, 0) + 1
    return whole_discard(view.get("hand") or {}, seat_owes(view), cards)


BUILD = frozenset({"road", "ship", "settlement", "city", "harbour"})
ROBBER = frozenset({"robber", "pirate"})
TAKE = frozenset({"gold", "plenty"})


@app_commands.guild_only()
class SeafarersCog(VerbsCog, group_name="catan",
                   group_description="Catan: Seafarers moves: roll, build, trade, end"):
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

    build.autocomplete("place")(moves_completer(GAME_ID, BUILD))

    @app_commands.command(name="moveship", description="Move the end ship of an open line")
    @app_commands.describe(move="Which ship and where to (pick from the list)")
    async def moveship(self, interaction: discord.Interaction, move: str) -> None:
        await command_move(interaction, _one(frozenset({"move_ship"}), move))

    moveship.autocomplete("move")(moves_completer(GAME_ID, frozenset({"move_ship"})))

    @app_commands.command(name="buy", description="Buy a development card")
    async def buy(self, interaction: discord.Interaction) -> None:
        await command_move(interaction, _first("buy"))

    @app_commands.command(name="play", description="Play a development card")
    @app_commands.describe(card="The card (pick from the list)")
    async def play(self, interaction: discord.Interaction, card: str) -> None:
        await command_move(interaction, _one(frozenset({"play"}), card))

    play.autocomplete("card")(moves_completer(GAME_ID, frozenset({"play"})))

    @app_commands.command(name="bank", description="Trade with the bank (4:1) or your "
                          "harbour (3:1, 2:1)")
    @app_commands.describe(trade="The trade (pick from the list)")
    async def bank(self, interaction: discord.Interaction, trade: str) -> None:
        await command_move(interaction, _one(frozenset({"bank"}), trade))

    bank.autocomplete("trade")(moves_completer(GAME_ID, frozenset({"bank"})))

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

    partner.autocomplete("player")(moves_completer(GAME_ID, frozenset({"trade"})))

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

    robber.autocomplete("hex")(moves_completer(GAME_ID, ROBBER))

    @app_commands.command(name="steal", description="Pick whom the robber or pirate robs")
    @app_commands.describe(player="The player (pick from the list)")
    async def steal(self, interaction: discord.Interaction, player: str) -> None:
        await command_move(interaction, _one(frozenset({"steal"}), player))

    steal.autocomplete("player")(moves_completer(GAME_ID, frozenset({"steal"})))

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



PLUGIN = Plugin(GAME_ID, ADAPTER, SeafarersCog)
