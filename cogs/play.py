"""Moves from Discord: a slash command or a menu pick becomes one or more steps applied
through the table service, answered privately, then the AI and the board follow.

A batch (a bid of several cards sent at once) is applied in one store transaction
(``TableService.move_batch``): all its steps or none. It is tried on a copy of the state
first only to say which step fails and why. Every move carries the seat's move count when
its menu was drawn (``expect_seat_moves``), so a double click never applies twice.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs import texts
from cogs.actions import choices, decode, label
from cogs.adapters import Step, adapter, move_command
from cogs.notify import after_moves, game_of, hand_parts, status_line
from data.tables import Outcome
from engine import ai
from engine.core import Action, IllegalAction
from engine.table import LOBBY, PLAYING, Table

if TYPE_CHECKING:
    from cogs.bot import ParleyBot

StepBuilder = Callable[[Table, int], Sequence[Action]]
OUT_OF_DATE = (
    "That menu is out of date: you have moved since it was shown. Use the fresh menu."
)


def bot_of(interaction: discord.Interaction) -> ParleyBot:
    return interaction.client  # type: ignore[return-value]


def names_of(table: Table) -> list[str]:
    return [s.name for s in table.seats]


async def live_table(interaction: discord.Interaction) -> Table:
    """The lobby or playing table of the interaction's channel, or IllegalAction."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise IllegalAction(texts.NOT_IN_GUILD)
    table = await bot_of(interaction).store.live(str(interaction.channel_id))
    if table is None:
        raise IllegalAction(texts.NO_TABLE)
    return table


async def playing_seat(
    interaction: discord.Interaction, game_id: str
) -> tuple[Table, int] | None:
    """The running table of ``game_id`` in this channel and the user's seat at it, or None
    (for autocomplete, which answers with an empty list rather than an error)."""
    if interaction.channel_id is None:
        return None
    table = await bot_of(interaction).store.live(str(interaction.channel_id))
    if table is None or table.status != PLAYING or table.game_id != game_id:
        return None
    seat = table.seat_of(str(interaction.user.id))
    return None if seat is None else (table, seat)


def typed_seat(table: Table, typed: str, word: str = "player") -> int:
    """A seat written as a seat number (from autocomplete), a mention or a name; ``word``
    is what the game calls its players ("captain")."""
    t = typed.strip()
    m = re.fullmatch(r"<@!?(\d+)>", t)
    if m:
        found = table.seat_of(m.group(1))
        if found is None:
            raise IllegalAction(f"That person is not a {word} at this table.")
        return found
    if t.isdigit() and int(t) < len(table.seats):
        return int(t)
    folded = t.casefold()
    matches = [i for i, s in enumerate(table.seats) if s.name.casefold() == folded] or \
        [i for i, s in enumerate(table.seats) if folded and folded in s.name.casefold()]
    if len(matches) != 1:
        raise IllegalAction(f"Pick the {word} from the list that appears while you type.")
    return matches[0]


def seated(interaction: discord.Interaction, table: Table) -> int:
    seat = table.seat_of(str(interaction.user.id))
    if seat is None:
        raise IllegalAction(texts.NOT_SEATED)
    return seat


def legal(table: Table, seat: int, kinds: Collection[str] | None = None) -> list[Action]:
    """The seat's legal moves, only those of ``kinds`` when given."""
    if table.status != PLAYING:
        return []
    found = game_of(table).legal_actions(table.state, seat)
    return found if kinds is None else [a for a in found if a.kind in kinds]


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
    typed = current.casefold()
    return [app_commands.Choice(name=label(a, names_of(table)), value=str(a.args[arg]))
            for a in legal(table, seat, (kind,))
            if typed in table.seats[int(a.args[arg])].name.casefold()][:25]


def typed_move(table: Table, seat: int, typed: str,
               kinds: Collection[str] | None = None) -> list[Action]:
    """The legal move (of ``kinds``) that ``typed`` names, from autocomplete or typed by
    hand; IllegalAction saying what to do instead."""
    actions = legal(table, seat, kinds)
    action = decode(typed, actions, names_of(table))
    if action is None:
        if not actions:
            raise IllegalAction(texts.NO_MOVES_NOW)
        raise IllegalAction(texts.UNKNOWN_MOVE)
    return [action]


def trial(table: Table, seat: int, steps: Sequence[Action]) -> Any:
    """The state after ``steps`` on a copy; IllegalAction naming the failing step."""
    game = game_of(table)
    state = ai.clone(game, table.state)
    for i, step in enumerate(steps):
        try:
            game.apply(state, seat, step)
        except IllegalAction as err:
            if len(steps) == 1:
                raise
            what = label(step, names_of(table))
            raise IllegalAction(
                f"Step {i + 1} of {len(steps)} ({what}) is not allowed: {err.reason} "
                "Nothing was applied."
            ) from None
    return state


def finish_if_legal(table: Table, seat: int, steps: Sequence[Action],
                    finish: Action | None) -> list[Action]:
    """``steps`` plus ``finish`` when the steps leave it legal (a discard that empties the
    hand already ends the discarding, so "done" is not added then)."""
    out = list(steps)
    if finish is None:
        return out
    if not out:
        return [finish]
    game = game_of(table)
    state = trial(table, seat, out)
    # The legal instance carries the label for the state after the steps ("Bid ... (value 9)").
    out += [a for a in game.legal_actions(state, seat) if a == finish][:1]
    return out


async def apply_steps(
    bot: ParleyBot,
    table: Table,
    seat: int,
    player: str,
    steps: Sequence[Action],
    expect: int | None,
) -> Outcome:
    """Apply ``steps`` for ``seat`` as one transaction (all or none); IllegalAction when
    one is refused, naming the step when the batch has several."""
    if table.status != PLAYING:
        raise IllegalAction(texts.NOT_STARTED if table.status == LOBBY else texts.TABLE_CLOSED)
    if expect is not None and table.seat_moves[seat] != expect:
        raise IllegalAction(OUT_OF_DATE)
    if len(steps) > 1:
        trial(table, seat, steps)  # only to say which step fails: the store checks again
    return await bot.svc.move_batch(table.id, player, list(steps), time.time(), expect)


def done_text(table: Table, steps: Sequence[Action], outcome: Outcome, seat: int) -> str:
    names = names_of(table)
    lines = [texts.DONE.format(label="; ".join(label(s, names, markdown=True) for s in steps))]
    lines += [texts.fill(e.text, names, seat) for e in outcome.events
              if e.to is not None and seat in e.to and e.text]
    return texts.clip("\n".join(lines), texts.CONTENT_LIMIT)


async def command_move(interaction: discord.Interaction, build: StepBuilder) -> None:
    """A move sent by slash command: ``build(table, seat)`` names the steps; they are
    checked, applied and answered privately; then the AI moves and the board follows."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = bot_of(interaction)
    table = await live_table(interaction)
    seat = seated(interaction, table)
    if table.status != PLAYING:
        raise IllegalAction(texts.NOT_STARTED)
    steps = list(build(table, seat))
    if not steps:
        raise IllegalAction(texts.NO_MOVES_NOW)
    # A typed move equal to a legal one takes the engine's label (for the answer).
    offered = legal(table, seat)
    steps = [next((a for a in offered if a == step and a.label), step) for step in steps]
    before = table.view(game_of(table), None)
    outcome = await apply_steps(bot, table, seat, str(interaction.user.id), steps, None)
    await interaction.edit_original_response(content=done_text(table, steps, outcome, seat))
    await after_moves(bot, outcome, before)


# -- the private panel ----------------------------------------------------------------------


async def panel_message(table: Table, seat: int, note: str = "") -> dict[str, Any]:
    """The keyword arguments of a seat's private panel: hand, news, menus."""
    from cogs.views import panel_view

    embed, file, view = await hand_parts(table, seat)
    actions = legal(table, seat)
    lines = [note] if note else []
    if table.status == PLAYING:
        line, waiting = status_line(table, table.view(game_of(table), None))
        if seat in waiting:
            lines.append("**It is your turn.** " + line.split(": ", 1)[-1])
        elif actions:
            lines.append("The table is not waiting for you, but you may still act. " + line)
        else:
            lines.append("Nothing to do for you right now. " + line)
    else:
        lines.append(status_line(table, table.view(game_of(table), None))[0])
    panel = adapter(table.game_id).panel(view, actions)
    components, overflow = panel_view(table, seat, panel)
    if overflow:
        lines.append(f"{overflow} more move(s) are in `{move_command(table.game_id)}`.")
    return {
        "content": texts.clip("\n".join(x for x in lines if x), texts.CONTENT_LIMIT),
        "embed": embed,
        "attachments": [file],
        "view": components,
    }


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


async def clicked_table(
    interaction: discord.Interaction, key: int, seat: int, moves: int
) -> Table | None:
    """The table of a click on a seat's private panel (already deferred), checked: the
    clicker's own seat, a game on, and the panel drawn at the seat's move count ``moves``.
    None when the panel is out of date: the answer is given (a note and the fresh panel)."""
    table = await bot_of(interaction).store.get(key)
    if table is None:
        raise IllegalAction(texts.TABLE_CLOSED)
    if not 0 <= seat < len(table.seats) or table.seats[seat].player != str(interaction.user.id) \
            or table.seats[seat].is_ai:
        raise IllegalAction(texts.NOT_YOUR_MENU)
    if table.status != PLAYING:
        raise IllegalAction(texts.TABLE_CLOSED)
    if table.seat_moves[seat] != moves:
        await interaction.followup.send(OUT_OF_DATE, ephemeral=True)
        await interaction.edit_original_response(**await panel_message(table, seat))
        return None
    return table


async def panel_move(
    interaction: discord.Interaction,
    key: int,
    seat: int,
    moves: int,
    values: Sequence[str],
    finish: str | None = None,
) -> None:
    """A pick in a seat's private panel: the steps named by ``values`` (then ``finish``,
    when still legal), applied as one batch guarded by the seat's move count ``moves``."""
    bot = bot_of(interaction)
    await interaction.response.defer()
    table = await clicked_table(interaction, key, seat, moves)
    if table is None:
        return
    player = str(interaction.user.id)
    actions = legal(table, seat)
    names = names_of(table)
    steps = [decode(v, actions, names) for v in values]
    last = decode(finish, actions, names) if finish else None
    if any(s is None for s in steps):
        await interaction.edit_original_response(
            **await panel_message(table, seat, note=texts.STALE_CHOICE))
        return
    before = table.view(game_of(table), None)
    try:
        plan = finish_if_legal(table, seat, [s for s in steps if s is not None], last)
        outcome = await apply_steps(bot, table, seat, player, plan, moves)
    except IllegalAction as err:
        await interaction.followup.send(err.reason, ephemeral=True)
        return
    note = done_text(table, plan, outcome, seat)
    await interaction.edit_original_response(**await panel_message(outcome.table, seat, note))
    total = await after_moves(bot, outcome, before)
    if total.table.version != outcome.table.version:
        await interaction.edit_original_response(
            **await panel_message(total.table, seat, note))


def composed_step(table: Table, seat: int, path: str) -> Step | None:
    """The stage ``path`` names of a move composed pick by pick (``adapters.Step``), from the
    seat's view and legal moves now; None when it names nothing on offer."""
    view = table.view(game_of(table), seat)
    return adapter(table.game_id).step(view, legal(table, seat), path)


async def step_picture(table: Table, seat: int, step: Step) -> tuple[bytes, str] | None:
    """The private picture of a step and its text twin. Once the step names a whole move,
    the picture shows the table after it: the engine's own ``apply`` on a copy of the state
    (``trial``), which is never stored; only Confirm plays the move (issue 14). Drawn off
    the event loop."""
    game = game_of(table)
    before = table.view(game, seat)
    after = None
    if step.moves:
        state = trial(table, seat, step.moves[:1])
        after = {**game.view(state, seat), "names": names_of(table)}
    return await asyncio.to_thread(adapter(table.game_id).picture, before, after, step)
