"""Moves from Discord: a slash command, or a pick on a seat's private panel, becomes the
steps of one move (``act.move``), answered privately; the AI and the board follow.

A batch (a bid of several cards sent at once) is applied in one store transaction: all its
steps or none (``TableService.move_batch``). A panel's click carries the seat's move count
when its menu was drawn, so a double click never applies twice. A pick of a move composed
pick by pick applies nothing: it redraws the panel as the next step (``show_step``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Collection, Sequence
from typing import Any

import discord
from discord import app_commands

from cogs.look import texts, turn_texts
from cogs.look.actions import choices, decode, label, ranked
from cogs.look.adapters import one_move
from cogs.look.custom_ids import sent, take_back_button
from cogs.look.panel import composed_step, panel_message, step_message, step_picture
from cogs.look.seats import bot_of, legal, live_table, names_of, playing_seat, seated
from cogs.table.act import answering, move, play_on
from data import undo
from data.tables import OUT_OF_DATE, Outcome, OutOfDate, menu_current
from engine.core import Action, IllegalAction
from engine.table import LOBBY, PLAYING, Table

StepBuilder = Callable[[Table, int], Sequence[Action]]


async def move_choices(
    interaction: discord.Interaction, game_id: str, current: str,
    kinds: Collection[str] | None = None,
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the user's legal moves (of ``kinds``) matching what was typed."""
    found = await playing_seat(interaction, game_id)
    if found is None:
        return []
    table, seat = found
    return [app_commands.Choice(name=n, value=v)
            for n, v in choices(legal(table, seat, kinds), current, names_of(table))]


async def seat_choices(
    interaction: discord.Interaction, game_id: str, current: str, kind: str, arg: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the seats named by the user's legal ``kind`` moves (their ``arg``),
    labelled with the move and valued by seat number, for ``typed_seat``."""
    found = await playing_seat(interaction, game_id)
    if found is None:
        return []
    table, seat = found
    names = names_of(table)
    found_moves = ranked(legal(table, seat, (kind,)), current,
                         lambda a: names[int(a.args[arg])])
    return [app_commands.Choice(name=label(a, names), value=str(a.args[arg]))
            for a in found_moves]


def typed_move(table: Table, seat: int, typed: str,
               kinds: Collection[str] | None = None) -> list[Action]:
    """The legal move (of ``kinds``) that ``typed`` names, from autocomplete or typed by
    hand; IllegalAction saying what to do instead."""
    return [one_move(legal(table, seat, kinds), typed, names_of(table))]


def done_text(table: Table, outcome: Outcome, seat: int) -> str:
    """The private answer to a move: what was applied, and the seat's private news."""
    names = names_of(table)
    said = [label(s, names, markdown=True) for s in outcome.applied]
    # the same step several times in a row (a discard of four cards, made one card at a
    # time by the engine) is said once, with how many times
    runs = [(text, len(list(group))) for text, group in itertools.groupby(said)]
    lines = [texts.DONE.format(
        label="; ".join(text if k == 1 else turn_texts.SAID_TIMES.format(text=text, times=k)
                        for text, k in runs))]
    lines += [texts.fill(e.text, names, seat) for e in outcome.events
              if e.to is not None and seat in e.to and e.text]
    return texts.clip("\n".join(lines), texts.CONTENT_LIMIT)


async def undo_offer(interaction: discord.Interaction, before: Table, outcome: Outcome,
                     seat: int) -> discord.ui.Button | None:
    """**Undo** for the private answer to the move ``outcome`` applied from ``before``, when
    its player may take it back without a vote (``undo.own_offer``); None when not."""
    offer = await undo.own_offer(bot_of(interaction).store, before, outcome.table, seat,
                                 outcome.applied)
    if offer is None or before.key is None:
        return None
    return take_back_button(before.key, seat, *offer)


def with_undo(parts: dict[str, Any], button: discord.ui.Button | None) -> dict[str, Any]:
    """A panel's message (``panel_message``) with ``button`` added; as it was when there is
    no button or its rows are full (``/game undo`` and **Take it back** remain)."""
    if button is None:
        return parts
    view = parts.get("view")
    if view is None:
        return {**parts, "view": sent(button)}
    try:
        view.add_item(button)
    except ValueError:  # the panel's five rows are full
        pass
    return parts


def _running(table: Table) -> None:
    if table.status != PLAYING:
        raise IllegalAction(texts.NOT_STARTED if table.status == LOBBY else texts.TABLE_CLOSED)


async def command_move(interaction: discord.Interaction, build: StepBuilder,
                       finish: Action | None = None) -> None:
    """A move sent by slash command: ``build(table, seat)`` names the steps (then
    ``finish``, when the steps leave it legal); they are applied and answered privately;
    then the AI moves and the board follows."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await live_table(interaction)
    seat = seated(interaction, table)
    _running(table)
    steps = list(build(table, seat))
    if not steps and finish is None:
        raise IllegalAction(texts.NO_MOVES_NOW)
    # A typed move equal to a legal one takes the engine's label (for the answer).
    offered = legal(table, seat)
    steps = [next((a for a in offered if a == step and a.label), step) for step in steps]
    bot = bot_of(interaction)
    outcome = await move(bot, table, str(interaction.user.id), steps, finish=finish)
    button = await undo_offer(interaction, table, outcome, seat)
    with answering(outcome):
        await interaction.edit_original_response(content=done_text(table, outcome, seat),
                                                 view=sent(button) if button else None)
    done = await play_on(bot, outcome, interaction)
    if button is not None and done.table.version != outcome.table.version:
        with answering(done):  # someone acted since (the AI): no longer allowed
            await interaction.edit_original_response(view=None)


# -- the private panel ----------------------------------------------------------------------


async def show_panel(interaction: discord.Interaction, table: Table | None) -> None:
    """Answer with the user's private panel (ephemeral) for ``table``."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    if table is None:
        raise IllegalAction(texts.TABLE_CLOSED)
    seat = seated(interaction, table)
    if table.state is None:
        raise IllegalAction(texts.NOT_STARTED if table.status == LOBBY else texts.TABLE_CLOSED)
    await interaction.edit_original_response(**await panel_message(table, seat))


async def clicked_table(interaction: discord.Interaction, key: int, seat: int) -> Table:
    """The table of a click on a seat's private panel (already deferred), checked: the
    clicker's own seat and a game on. Whether the panel is still current is the store's
    check when a move is applied (``OutOfDate``)."""
    table = await bot_of(interaction).store.get(key)
    if table is None:
        raise IllegalAction(texts.TABLE_CLOSED)
    if not 0 <= seat < len(table.seats) or table.seats[seat].player != str(interaction.user.id) \
            or table.seats[seat].is_ai:
        raise IllegalAction(texts.NOT_YOUR_MENU)
    if table.status != PLAYING:
        raise IllegalAction(texts.TABLE_CLOSED)
    return table


async def out_of_date(interaction: discord.Interaction, table: Table, seat: int) -> None:
    """Answer a click on a panel drawn before the seat's last move: a note, and the panel
    of ``table`` (as it is now) in its place."""
    await interaction.followup.send(OUT_OF_DATE, ephemeral=True)
    await interaction.edit_original_response(
        **await panel_message(table, seat, shown=interaction.message))


async def panel_move(
    interaction: discord.Interaction,
    key: int,
    seat: int,
    moves: int,
    values: Sequence[str],
    finish: str | None = None,
) -> None:
    """A pick in a seat's private panel: the steps named by ``values`` (then ``finish``,
    when still legal), applied as one batch guarded by the seat's move count ``moves``.
    The panel shows what was done at once, and again once the AI has moved."""
    await interaction.response.defer()
    table = await clicked_table(interaction, key, seat)
    actions = legal(table, seat)
    names = names_of(table)
    steps = [decode(v, actions, names) for v in values]
    last = decode(finish, actions, names) if finish else None
    shown = interaction.message  # the panel as it stands: its hand picture may stay
    if any(s is None for s in steps):  # nothing to apply: the panel again, or a fresh one
        await show_again(interaction, table, seat, moves, texts.STALE_CHOICE)
        return
    bot = bot_of(interaction)
    try:
        outcome = await move(bot, table, str(interaction.user.id),
                             [s for s in steps if s is not None], finish=last, expect=moves)
    except OutOfDate:
        await out_of_date(interaction, await clicked_table(interaction, key, seat), seat)
        return
    except IllegalAction as err:
        await interaction.followup.send(err.reason, ephemeral=True)
        return
    note = done_text(table, outcome, seat)
    button = await undo_offer(interaction, table, outcome, seat)
    with answering(outcome):
        shown = await interaction.edit_original_response(
            **with_undo(await panel_message(outcome.table, seat, note, shown), button))
    done = await play_on(bot, outcome, interaction)
    if done.table.version != outcome.table.version:  # the AI moved since: the panel follows
        await interaction.edit_original_response(
            **await panel_message(done.table, seat, note, shown))


async def show_again(interaction: discord.Interaction, table: Table, seat: int, moves: int,
                     note: str) -> None:
    """A click that applies nothing: the panel again with ``note``, or, when it was drawn
    before the seat's last move, the out-of-date note and the fresh panel."""
    if not menu_current(table, seat, moves):
        await out_of_date(interaction, table, seat)
        return
    await interaction.edit_original_response(
        **await panel_message(table, seat, note, interaction.message))


async def show_step(interaction: discord.Interaction, key: int, seat: int, moves: int,
                    path: str) -> None:
    """Answer a pick of a composed move: the panel redrawn as the step ``path`` names (the
    panel itself when empty, or with a note when it names nothing on offer any more).
    Nothing is applied here."""
    await interaction.response.defer()
    table = await clicked_table(interaction, key, seat)
    step = composed_step(table, seat, path) if path and menu_current(table, seat, moves) \
        else None
    if step is None:
        await show_again(interaction, table, seat, moves, texts.STALE_CHOICE if path else "")
        return
    picture = await step_picture(table, seat, step)
    await interaction.edit_original_response(**step_message(table, seat, step, path, picture))


async def send_plan(interaction: discord.Interaction, key: int, seat: int, moves: int,
                    path: str) -> None:
    """Confirm a move of several steps: the plan of the step ``path`` names, made again
    from the table now, applied as one batch (``panel_move``: the clicker checked there,
    the move count and each step in the store's transaction). A path that names no plan
    any more: the step or the panel is shown again, with a note."""
    table = await bot_of(interaction).store.get(key)
    step = None
    if table is not None and table.status == PLAYING and 0 <= seat < len(table.seats):
        step = composed_step(table, seat, path)
    if step is None or not step.plan:
        await show_step(interaction, key, seat, moves, path)
        return
    # as JSON with their labels: the steps after the first are not legal yet, so the answer
    # could not find their words among the legal moves
    await panel_move(interaction, key, seat, moves,
                     [json.dumps(a.to_dict(), separators=(",", ":")) for a in step.plan])
