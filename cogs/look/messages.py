"""The table's messages as the bot words and draws them, built from a table and sent by
the publisher (``cogs/table/publish.py``): the turn message (the board, what just happened, who
must act), the lobby message, and the private hand.

Nothing here sends anything or changes a table. Pictures are drawn off the event loop.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import math
import time
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

import discord

import render
from cogs.base.config import Config
from cogs.look import clock_texts, record_texts, texts, turn_texts
from cogs.look.adapters import adapter
from cogs.look.custom_ids import LOBBY_KINDS, log_button, options_button, sent, table_button
from cogs.look.texts import fill
from data.lengths import Lengths
from data.reliability import Reliability
from engine.core import Event
from engine.table import FINISHED, LOBBY, PLAYING, Table
from web.links import public_token, seat_token

#: the kinds of a table's remembered posts (data/posts.py): its turn message and its lobby
#: message (cogs/table/publish.py posts them; /me games links to them)
TURN_POST, LOBBY_POST = "turn", "lobby"

COLOUR = discord.Colour(0x1F6F8B)


def mention(table: Table, seat: int) -> str:
    s = table.seats[seat]
    return f"<@{s.player}>" if s.is_person else f"**{s.name}**"


def people_ids(table: Table, seats: Iterable[int]) -> list[discord.Object]:
    return [
        discord.Object(int(table.seats[s].player))  # type: ignore[arg-type]
        for s in seats
        if table.seats[s].is_person
    ]


def pings(table: Table, seats: Iterable[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, users=people_ids(table, seats))


def public_texts(table: Table, events: Sequence[Event]) -> list[str]:
    names = [s.name for s in table.seats]
    return [fill(e.text, names) for e in events if e.to is None and e.text]


def private_texts(table: Table, events: Sequence[Event], seat: int) -> list[str]:
    names = [s.name for s in table.seats]
    return [fill(e.text, names, seat) for e in events
            if e.to is not None and seat in e.to and e.text]


# -- the board ------------------------------------------------------------------------------


def _draw_board(game_id: str, view: dict) -> tuple[bytes, str]:
    return render.draw_board(game_id, view), render.text_board(game_id, view)


def _draw_hand(game_id: str, view: dict) -> tuple[bytes, str]:
    return render.draw_hand(game_id, view), render.text_hand(game_id, view)


async def board_parts(table: Table, view: dict) -> tuple[discord.Embed, discord.File]:
    """The public board of the table, whose public view is ``view`` (built once by the
    publisher): an embed (the text twin) and its image file.

    The image is a plain attachment of the message, not the embed's image (issue 22):
    Discord fits an attachment into a box of about 550 x 350 px and an embed's image into
    about 400 x 300, and for the landscape boards (1.3:1 to 2:1) the attachment is shown
    1.2 to 1.4 times larger (docs/boards.md)."""
    png, text = await asyncio.to_thread(_draw_board, table.game_id, view)
    title = adapter(table.game_id).headline(view, table.game.title)
    embed = discord.Embed(title=texts.clip(title, 256), colour=COLOUR,
                          description=texts.clip(text, texts.EMBED_LIMIT))
    embed.set_footer(text=turn_texts.BOARD_FOOTER)
    return embed, discord.File(io.BytesIO(png), "board.png", description=texts.clip(title, 1024))


def hand_file_name(png: bytes) -> str:
    """The file name of a hand picture: the same picture, the same name, so a message
    already holding a file of that name shows that picture already."""
    return f"hand-{hashlib.sha256(png).hexdigest()[:16]}.png"


async def hand_parts(table: Table, seat: int, shown: Collection[str] = ()
                     ) -> tuple[discord.Embed, discord.File | None, dict]:
    """A seat's private view: an embed (text twin), its image, and the view itself. The
    image is None when ``shown`` (the file names of the message to be edited) holds the
    same picture already (issue 22: the panel's hand image is sent only when the hand
    changed); the edit then leaves the message's attachment as it is."""
    view = table.view(table.game, seat)
    png, text = await asyncio.to_thread(_draw_hand, table.game_id, view)
    name = hand_file_name(png)
    embed = discord.Embed(title=turn_texts.HAND_TITLE.format(title=table.game.title), colour=COLOUR,
                          description=texts.clip(text, texts.EMBED_LIMIT))
    embed.set_image(url=f"attachment://{name}")
    if name in shown:
        return embed, None, view
    return embed, discord.File(io.BytesIO(png), name, description=turn_texts.HAND_PICTURE), view


def status_line(table: Table, view: Mapping[str, Any],
                hint: bool = True) -> tuple[str, list[int]]:
    """Who must act and what they are asked (or the result), and the seats to ping;
    ``hint``: where to answer (the **My hand / act** button), left out in the panel that
    button opens."""
    result = view.get("result")
    names = [seat.name for seat in table.seats]
    if table.status not in (PLAYING, LOBBY) and result:
        winners = list(result.get("winners") or [])
        who = texts.join_words(mention(table, s) for s in winners)
        # The winners are named once (issue 22, "the winner announced twice"): mentioned
        # in the reason when it names them, else after it.
        reason = str(result.get("reason") or "")
        for s in range(len(table.seats)):
            reason = reason.replace(f"{{p{s}}}", mention(table, s))
        reason = fill(reason, names)
        label = turn_texts.WINNER if len(winners) == 1 else turn_texts.WINNERS
        named = all(mention(table, s) in reason for s in winners)
        return (turn_texts.GAME_OVER.format(reason=reason)
                + ("" if named else turn_texts.WINNER_NAMED.format(label=label, who=who)),
                winners)
    if table.status != PLAYING:
        return (texts.CLOSED_LINE, [])
    waiting = sorted(table.to_act(table.game))
    if not waiting:
        return ("", [])
    who = texts.join_words(mention(table, s) for s in waiting)
    prompt = adapter(table.game_id).prompt(view)
    pending = view.get("pending")
    if pending:
        # the engine's own sentence says exactly what is asked; the button is where to
        # answer it (issue 14: players play by clicking)
        prompt = fill(str(pending), names, view.get("pending_seat")) + (
            f" ({texts.PANEL_HINT})." if hint else ".")
    return (turn_texts.WAITING_FOR.format(who=who, prompt=prompt) + forced_clause(table, waiting), waiting)


def forced_clause(table: Table, waiting: Sequence[int]) -> str:
    """When the only move of the people waited for is played for them (issue 22, "a
    visible grace"), as Discord's relative time: one sentence when everyone waited for is
    down to one move, else one per person who is; "" while the setting is off. The turn
    message is published again after every move, so the time shown is the clock's."""
    moments = table.forced_moments()
    if not moments:
        return ""
    people = [s for s in waiting if table.seats[s].is_person]
    if set(people) <= set(moments):
        return " " + texts.FORCED_SOON.format(when=f"<t:{math.ceil(min(moments.values()))}:R>")
    return "".join(" " + texts.FORCED_SOON_OF.format(
        name=f"**{discord.utils.escape_markdown(table.seats[s].name)}**",
        when=f"<t:{math.ceil(at)}:R>") for s, at in moments.items())


def banks_line(table: Table, now: float | None = None) -> str:
    """Each person's time bank (issue 24), "" without one: as it stood when the turn began
    ("Alice 1 d 4 h"), with when the bank of each seat waited for runs out, as Discord's
    relative time (the message is published again after every move, so it stays true);
    none for a seat away now (``/me away``: its clock is paused); in the lobby every bank
    is full."""
    c = table.clock
    if not table.settings.bank_minutes:
        return ""
    now = time.time() if now is None else now
    began = c.turn_started
    clocked = set(table.clocked(now)) if table.status == PLAYING and began is not None \
        else set()
    seats = []
    for i, seat in enumerate(table.seats):
        if seat.is_person:
            left = table.bank_left(i, began or 0.0) or 0.0
            seats.append((discord.utils.escape_markdown(seat.name), left,
                          table.times_out([i], now) if i in clocked else None))
    return clock_texts.banks_line(seats) if seats else ""


def open_line(table: Table) -> str:
    """Which seats a new person may take now (issue 14), or nothing."""
    seats = table.open_seats()
    if not seats:
        return ""
    names = texts.join_words(f"**{discord.utils.escape_markdown(table.seats[s].name)}**"
                             for s in seats)
    return texts.SEAT_OPEN.format(seats=names)


def turn_content(
    table: Table, view: Mapping[str, Any], events: Sequence[Event]
) -> tuple[str, list[int]]:
    """The turn message's text: what just happened, then who must act (or the result),
    and the seats open for a new person."""
    line, ping = status_line(table, view)
    bank = banks_line(table) if table.status == PLAYING else ""
    line = "\n".join(x for x in (line, bank, open_line(table)) if x)
    said = public_texts(table, events)
    result = view.get("result")
    if result and result.get("reason"):
        # the status line says why the game ended; the event saying it too is left out
        reason = fill(str(result["reason"]), [s.name for s in table.seats])
        said = [t for t in said if reason not in t]
    # The same sentence twice in a row says nothing new (an event and its echo).
    news = [t for i, t in enumerate(said) if i == 0 or t != said[i - 1]]
    room = texts.CONTENT_LIMIT - len(line) - 4
    while news and len("\n".join(news)) > room:
        news.pop(0)  # the oldest news goes first; the board's log keeps the rest
    return (("\n".join(news) + "\n\n" + line).strip(), ping)


def turn_components(table: Table, web: str | None = None) -> discord.ui.View | None:
    """**My hand / act** while the game runs, **Join** while a seat is open, **Rules**,
    **History**, and **Take it back** while the game runs or **Replay** once it is over:
    every log command is a click away too; **Open the table** links the table's web page
    (``web``, see :func:`web_link`) when the web pages are on."""
    kinds = (["hand"] if table.status == PLAYING else []) + \
        (["join"] if table.open_seats() else []) + ["rules"]
    logs = ["historyopen", "undoask"] if table.status == PLAYING else ["replayopen", "historyopen"]
    assert table.key is not None
    link = [] if web is None else [discord.ui.Button(label=texts.WEB_TABLE, url=web)]
    return sent(*(table_button(kind, table.key) for kind in kinds),
                *(log_button(kind, table.key) for kind in logs), *link)


def web_link(config: Config, table: Table, seat: int | None = None, now: float = 0.0
             ) -> str | None:
    """The table's web page (issue 25, web/): the public one, or with ``seat`` that seat's
    private page, its link issued at ``now``. None when the pages are off (no
    ``PARLEY_WEB_URL``) or the seat is not a person's."""
    if config.web_url is None or config.web_secret is None or table.key is None:
        return None
    if seat is None:
        return f"{config.web_url}/t/{public_token(config.web_secret, table.key)}/"
    player = table.seats[seat].player
    if not table.seats[seat].is_person or player is None:
        return None
    return f"{config.web_url}/t/{seat_token(config.web_secret, table.key, seat, player, now)}/"


def with_web_link(view: discord.ui.View | None, web: str | None) -> discord.ui.View | None:
    """A hand DM's components with **My hand on the web** added when there is a link and
    room for it (a full panel keeps its moves; the link comes back with the next DM)."""
    if web is None:
        return view
    button = discord.ui.Button(label=texts.WEB_HAND, url=web)
    if view is None:
        return sent(button)
    try:
        view.add_item(button)
    except ValueError:  # five full rows: the moves come first
        pass
    return view


# -- the lobby ------------------------------------------------------------------------------


def lobby_embed(table: Table, expected: Lengths | None = None,
                records: Mapping[str, Reliability] | None = None) -> discord.Embed:
    """The lobby message: the seats, the options in words, the turn clock, how to play on;
    its title follows the status (issue 14: a lobby that runs itself). While the lobby is
    open, ``expected`` says how long such games usually take and ``records`` each person's
    time to move and games finished (issue 24; the publisher reads them)."""
    game = table.game
    beside = record_texts.seat_records(table, records or {})
    lines = [f"{i + 1}. {mention(table, i)}" + (turn_texts.LOBBY_HOST if s.player == table.host else "")
             + beside[i] for i, s in enumerate(table.seats)]
    state = {LOBBY: turn_texts.LOBBY_OPEN, PLAYING: turn_texts.LOBBY_PLAYING}.get(
        table.status, turn_texts.LOBBY_CLOSED)
    embed = discord.Embed(title=turn_texts.LOBBY_TITLE.format(title=game.title, state=state),
                          colour=COLOUR)
    # advanced options (dozens of rules questions) are listed only where they differ
    specs = game.options
    shown = {k: v for k, v in table.options.items()
             if k not in specs or not specs[k].advanced or v != specs[k].default}
    opts = " · ".join(f"{texts.option_name(k)}: {texts.option_value(v, game, k)}"
                      for k, v in sorted(shown.items())) or turn_texts.STANDARD_GAME
    s = table.settings
    clock = clock_texts.summary(s) + (f"\n{banks_line(table)}" if s.bank_minutes else "")
    if expected is not None:
        clock += "\n" + record_texts.expected_line(expected, len(table.seats))
    embed.description = (
        turn_texts.LOBBY_CAPTAINS.format(seated=len(table.seats), most=game.max_players,
                                         least=game.min_players, lines="\n".join(lines))
        + turn_texts.LOBBY_OPTIONS.format(options=opts)
        + (f"\n\n{texts.CLOCK_HEAD}\n{clock}\n\n{texts.LOBBY_HELP}"
           if table.status == LOBBY else "")
    )
    return embed


def lobby_components(table: Table) -> discord.ui.View | None:
    """Join, Leave, Add AI, Start, Turn clock and Table options while the lobby is open;
    Rules always."""
    kinds = [*(LOBBY_KINDS if table.status == LOBBY else ()), "rules"]
    assert table.key is not None
    buttons = [table_button(kind, table.key) for kind in kinds]
    if table.status == LOBBY:
        buttons.insert(len(LOBBY_KINDS), options_button(table.key))
    return sent(*buttons)


# -- the hand -------------------------------------------------------------------------------


def hand_headline(table: Table, seat: int, view: Mapping[str, Any], reminded: str = "") -> str:
    """The line above a hand DM: it is your turn (and what you are asked), the reminder
    (``reminded`` is its head, "⏰ Reminder"), or the result; nothing while others play.
    ``view``: the table's public view, built once by the publisher."""
    line, waiting = status_line(table, view)
    if table.status != PLAYING:
        return line if table.status == FINISHED else ""
    if seat not in waiting:
        return ""
    asked = line.split(": ", 1)[-1]
    if reminded:
        return turn_texts.HAND_REMINDED.format(head=reminded, asked=texts.sentence(asked))
    return turn_texts.HAND_YOUR_TURN.format(asked=texts.sentence(asked))


def hand_content(table: Table, seat: int, view: Mapping[str, Any], events: Sequence[Event] = (),
                 reminded: str = "", note: str = "") -> str:
    """The words of a hand DM: the table, the headline, ``note`` and the seat's private
    news (``view``: the table's public view); news the note already says (the digest of
    "since your last turn" names what was told to the seat) is not said twice."""
    news = [t for t in private_texts(table, events, seat) if not note or t not in note]
    lines = [turn_texts.HAND_WHERE.format(title=table.game.title, channel=table.id), note,
             hand_headline(table, seat, view, reminded), *news]
    return texts.clip("\n".join(x for x in lines if x), texts.CONTENT_LIMIT)
