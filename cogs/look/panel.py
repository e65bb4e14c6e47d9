"""A seat's private panel: the hand, a line on where the game stands, and the buttons and
menus of the seat's legal moves, as the game's adapter lays them out; and the steps of a
move composed pick by pick, with a private preview once the move is whole.

Built here, sent by the answer to a click or to ``/game hand`` (``cogs/table/play.py``); the
custom ids are those of ``cogs/look/custom_ids.py``, answered by ``cogs/components/``.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord.ui import Button, Select

from cogs.look import texts, turn_texts
from cogs.look.actions import encode, label, token
from cogs.look.adapters import Panel, Pick, Step, adapter, move_command
from cogs.look.custom_ids import (
    BUTTON_LABEL_LIMIT,
    BUTTONS_PER_ROW,
    CUSTOM_ID_LIMIT,
    MENU_SIZE,
    NO_FINISH,
    ROWS,
    act_id,
    batch_id,
    do_id,
    my_games_button,
    plan_id,
    sent,
    step_id,
    steps_id,
)
from cogs.look.messages import COLOUR, hand_parts, status_line
from cogs.look.seats import legal, names_of
from engine.core import Action
from engine.table import PLAYING, Table


def _options(actions: list[Action], names: list[str]) -> list[discord.SelectOption]:
    seen: set[str] = set()
    out = []
    for a in actions:
        value = encode(a)
        if value in seen:
            continue
        seen.add(value)
        out.append(discord.SelectOption(label=label(a, names), value=value))
    return out


def action_button(key: int, seat: int, moves: int, action: Action, text: str,
                  style: discord.ButtonStyle, row: int | None = None) -> Button:
    value = encode(action)
    if len(do_id(key, seat, moves, value)) > CUSTOM_ID_LIMIT:
        value = token(action)
    return Button(label=texts.clip(text, BUTTON_LABEL_LIMIT), style=style, row=row,
                  custom_id=do_id(key, seat, moves, value))


def step_button(key: int, seat: int, moves: int, path: str, text: str,
                style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                emoji: str | None = None, row: int | None = None) -> Button:
    return Button(label=texts.clip(text, BUTTON_LABEL_LIMIT), style=style, emoji=emoji, row=row,
                  custom_id=step_id(key, seat, moves, path))


def _pick_button(key: int, seat: int, moves: int, pick: Pick, row: int | None = None,
                 style: discord.ButtonStyle | None = None) -> Button:
    if style is None:
        style = discord.ButtonStyle.primary if pick.chosen else discord.ButtonStyle.secondary
    return step_button(key, seat, moves, pick.path, pick.label, style, pick.emoji, row)


def panel_view(table: Table, seat: int, panel: Panel) -> tuple[discord.ui.View | None, int]:
    """The components of a seat's private panel, and how many actions did not fit."""
    key, moves = table.key, table.seat_moves[seat] if table.seat_moves else 0
    assert key is not None
    names = names_of(table)
    items: list[discord.ui.Item] = []
    rows = 0
    limit = BUTTONS_PER_ROW * max(1, min(panel.button_rows, ROWS - 1))
    starts = panel.steps[:limit]
    for pick in starts:
        items.append(_pick_button(key, seat, moves, pick, style=discord.ButtonStyle.success))
    buttons = panel.buttons[:limit - len(starts)]
    for a in buttons:
        items.append(action_button(key, seat, moves, a, label(a, names),
                                   discord.ButtonStyle.primary))
    rows += -(-(len(starts) + len(buttons)) // BUTTONS_PER_ROW)
    rest = list(panel.buttons[len(buttons):])
    for batch in panel.batches:
        finish = NO_FINISH if batch.finish is None else encode(batch.finish)
        custom = batch_id(key, seat, moves, finish)
        opts = _options(batch.steps, names)[:MENU_SIZE]
        if rows >= ROWS or len(custom) > CUSTOM_ID_LIMIT or not opts:
            rest += batch.steps  # still reachable one by one (the finish comes after them)
            continue
        # the picks still allowed (``Batch.most``): never more than the options, never
        # fewer than one
        most = len(opts) if batch.most is None else max(1, min(batch.most, len(opts)))
        items.append(Select(custom_id=custom, options=opts, min_values=1, max_values=most,
                            placeholder=texts.clip(batch.placeholder, 150)))
        rows += 1
    menu = _options(rest + panel.menu, names)
    part = 0
    while menu and rows < ROWS:
        chunk, menu = menu[:MENU_SIZE], menu[MENU_SIZE:]
        placeholder = panel.menu_placeholder if part == 0 else turn_texts.MORE_MOVES.format(part=part + 1)
        items.append(Select(custom_id=act_id(key, seat, moves, part), options=chunk,
                            placeholder=texts.clip(placeholder, 150)))
        rows += 1
        part += 1
    return sent(*items), len(menu)


async def panel_message(table: Table, seat: int, note: str = "",
                        shown: discord.Message | None = None) -> dict[str, Any]:
    """The keyword arguments of a seat's private panel: hand, news, menus. ``shown``: the
    panel message as it stands, whose hand picture is kept when the hand looks the same
    (no attachment is sent again)."""
    kept = {a.filename for a in shown.attachments} if shown is not None else set()
    embed, file, view = await hand_parts(table, seat, kept)
    actions = legal(table, seat)
    lines = [note] if note else []
    line, waiting = status_line(table, table.view(table.game, None), hint=False)
    if table.status == PLAYING:
        if seat in waiting:
            lines.append(turn_texts.PANEL_YOUR_TURN.format(
                asked=texts.sentence(line.split(": ", 1)[-1])))
        elif actions:
            lines.append(turn_texts.PANEL_MAY_ACT.format(line=line))
        else:
            lines.append(turn_texts.PANEL_NOTHING.format(line=line))
    else:
        lines.append(line)
    panel = adapter(table.game_id).panel(view, actions)
    components, overflow = panel_view(table, seat, panel)
    if overflow:
        lines.append(turn_texts.MORE_IN_COMMAND.format(count=overflow,
                                                     command=move_command(table.game_id)))
    out = {
        "content": texts.clip("\n".join(x for x in lines if x), texts.CONTENT_LIMIT),
        "embed": embed,
        "view": components,
    }
    if file is not None:
        out["attachments"] = [file]
    return out


def dm_components(table: Table, seat: int) -> discord.ui.View | None:
    """The seat's moves as its panel offers them, for its hand DM (issue 22: "a turn can be
    played from the DM without visiting the channel"), and **My games** (issue 24: the
    person's ``/me games``) while the game runs. Their custom ids carry the seat's move
    count, so a DM left behind answers "out of date"."""
    if table.status != PLAYING or table.state is None or table.key is None:
        return None
    actions = legal(table, seat)
    components = None
    if actions:
        view = table.view(table.game, seat)
        components, _ = panel_view(table, seat, adapter(table.game_id).panel(view, actions))
    if components is None:
        return sent(my_games_button(table.key))
    try:
        components.add_item(my_games_button(table.key))
    except ValueError:  # the moves fill every row: they come first, /me games stays
        pass
    return components


# -- a move composed pick by pick -----------------------------------------------------------


def composed_step(table: Table, seat: int, path: str) -> Step | None:
    """The stage ``path`` names of a move composed pick by pick (``adapters.Step``), from the
    seat's view and legal moves now; None when it names nothing on offer."""
    view = table.view(table.game, seat)
    return adapter(table.game_id).step(view, legal(table, seat), path)


async def step_picture(table: Table, seat: int, step: Step) -> tuple[bytes, str] | None:
    """The private picture of a step and its text twin. Once the step names a whole move,
    the picture shows the table after it: the engine's own ``apply`` on a copy of the state
    (``Table.try_moves``), which is never stored; only Confirm plays the move (issue 14).
    Drawn off the event loop."""
    game = table.game
    before = table.view(game, seat)
    after = None
    if step.moves:
        state = table.try_moves(game, seat, step.moves[:1])
        after = {**game.view(state, seat), "names": names_of(table)}
    return await asyncio.to_thread(adapter(table.game_id).picture, before, after, step)


def step_view(table: Table, seat: int, step: Step, path: str) -> discord.ui.View | None:
    """The components of a step of a composed move: its buttons by row (the facings as a
    compass), its menus, then Confirm (once the move is whole), Back and Cancel."""
    key, moves = table.key, table.seat_moves[seat]
    assert key is not None
    names = names_of(table)
    items: list[discord.ui.Item] = []
    row = 0
    by_row: dict[int | None, list[Pick]] = {}
    for pick in step.buttons:
        by_row.setdefault(pick.row, []).append(pick)
    for picks in by_row.values():
        for i in range(0, len(picks), BUTTONS_PER_ROW):
            for pick in picks[i:i + BUTTONS_PER_ROW]:
                items.append(_pick_button(key, seat, moves, pick, row))
            row += 1
    for part, menu in enumerate(step.menus):
        if row >= ROWS - 1:
            break
        options = [discord.SelectOption(label=texts.clip(p.label, texts.LABEL_LIMIT),
                                        value=p.path, default=p.chosen,
                                        description=p.description)
                   for p in menu.picks[:MENU_SIZE]]
        items.append(Select(custom_id=steps_id(key, seat, moves, part), options=options,
                            placeholder=texts.clip(menu.placeholder, 150), row=row,
                            max_values=max(1, min(menu.most, len(options)))))
        row += 1
    if step.plan:  # a move of several steps (a trade offer): one Confirm applies them all
        text = texts.clip(turn_texts.CONFIRM_MOVE.format(move=label(step.plan[-1], names)),
                          BUTTON_LABEL_LIMIT)
        items.append(Button(label=text, style=discord.ButtonStyle.success, row=row,
                            custom_id=plan_id(key, seat, moves, path)))
    for i, move in enumerate(step.moves[:3]):
        # the move previewed is "Confirm"; a variant of it (Boarding) says what it is
        text = (turn_texts.CONFIRM if i == 0
                else turn_texts.CONFIRM_MOVE.format(move=label(move, names)))
        items.append(action_button(key, seat, moves, move, text, discord.ButtonStyle.success,
                                   row))
    parent = path.rpartition(".")[0]
    if parent:
        items.append(step_button(key, seat, moves, parent, turn_texts.BACK, emoji="◀️",
                                  row=row))
    items.append(step_button(key, seat, moves, "", turn_texts.CANCEL if parent else turn_texts.BACK_TO_PANEL,
                             emoji="✖️" if parent else "◀️", row=row))
    return sent(*items)


def step_message(table: Table, seat: int, step: Step, path: str,
                 picture: tuple[bytes, str] | None) -> dict[str, Any]:
    """The keyword arguments of the panel showing a step: what to pick, the picture."""
    content = f"**{step.title}**: {step.prompt}"
    out: dict[str, Any] = {
        "content": texts.clip(content, texts.CONTENT_LIMIT),
        "view": step_view(table, seat, step, path),
        "embed": None,
        "attachments": [],
    }
    if picture is not None:
        png, text = picture
        embed = discord.Embed(title=texts.clip(step.title, 256), colour=COLOUR,
                              description=texts.clip(text, texts.EMBED_LIMIT))
        embed.set_image(url="attachment://step.png")
        out["embed"] = embed
        out["attachments"] = [discord.File(io.BytesIO(png), "step.png",
                                           description=texts.clip(step.title, 1024))]
    return out
