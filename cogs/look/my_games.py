"""``/me games`` (issue 24): every live table a person sits at, in every server, as one
private message, paged.

The tables come from one query (``data.people.tables_of``: waiting for the person first,
then the newest action). A page shows ``PAGE`` of them, each in a few lines: the game, the
server and a jump link to the table's turn message (its lobby message in the lobby; the
channel when the bot remembers neither), whose turn it is and since when, the person's own
time left on the turn clock when the table has a limit, and their seat with its score when
the game's public view has one. Only public facts and the person's own seat are shown: the
scores come from the public view (``view(state, None)``), never from a seat's view.

Decisions: a server the bot no longer shares (its cache does not know it) is named
"a server" rather than left out, since its table still waits for the person; a score is
what the public view lists per seat ("scores", or the seat's "vp"/"score"/"points" among
its "players"): All Hands on Deck! and Catan: Seafarers show one, the other games keep
their points hidden or have none to show mid-game.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from cogs.look import clock_texts, me_texts, texts
from cogs.look.custom_ids import me_page_button, sent
from cogs.look.messages import LOBBY_POST, TURN_POST
from cogs.look.replay import COLOUR
from cogs.look.seats import bot_of
from data.people import Seated, tables_of
from data.rows import DamagedTable
from engine.table import PLAYING, Table

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

#: tables a page shows: each takes at most ENTRY characters, so a page fits an embed
PAGE = 8
ENTRY = 480


def score_of(view: Mapping[str, Any], seat: int) -> Any:
    """The seat's score as the public view lists it, or None (see the module docstring)."""
    scores = view.get("scores")
    if isinstance(scores, list) and 0 <= seat < len(scores) \
            and isinstance(scores[seat], int | float):
        return scores[seat]
    players = view.get("players")
    if isinstance(players, list) and 0 <= seat < len(players) \
            and isinstance(players[seat], Mapping):
        for key in ("vp", "score", "points"):
            value = players[seat].get(key)
            if isinstance(value, int | float):
                return value
    return None


def _names(table: Table, seats: Sequence[int]) -> str:
    return texts.join_words(discord.utils.escape_markdown(table.seats[i].name)
                            for i in seats if 0 <= i < len(table.seats))


def _where(found: Seated) -> str:
    table = found.table
    guild = table.guild or "@me"
    if found.post is None:
        return me_texts.WHERE_CHANNEL.format(guild=guild, channel=table.id)
    what = me_texts.THE_TURN_MESSAGE if table.status == PLAYING else me_texts.THE_LOBBY
    return me_texts.WHERE_POST.format(what=what, guild=guild, channel=found.post[0],
                                      message=found.post[1])


def _turn(found: Seated, now: float) -> str:
    """Whose turn, since when, and the person's own clock."""
    table = found.table
    if table.status != PLAYING:
        return me_texts.IN_LOBBY.format(seated=len(table.seats))
    clock = table.clock
    since = int(clock.turn_started or found.updated_at)
    if not found.waiting:
        if not clock.waiting_for:
            return me_texts.NOBODY_WAITED
        return me_texts.THEIR_TURN.format(who=_names(table, clock.waiting_for),
                                          since=since) + _bank(found, now)
    line = me_texts.YOUR_TURN.format(since=since)
    if found.seats and found.seats[0] not in table.clocked(now):
        return line + me_texts.CLOCK_AWAY  # /me away: paused
    if table.settings.bank_minutes:
        return line + _bank(found, now)
    until = table.times_out(found.seats[:1], now) if found.seats else None
    if until is not None:
        line += me_texts.CLOCK_LEFT.format(until=int(until)) if until > now \
            else me_texts.CLOCK_OUT
    return line


def _bank(found: Seated, now: float) -> str:
    """The person's own time bank at a table that has one (issue 24), and when it runs out
    while the game waits for them; "" otherwise."""
    table = found.table
    if not found.seats:
        return ""
    seat = found.seats[0]
    left = table.bank_left(seat, now)
    if left is None:
        return ""
    if seat in table.clocked(now) and table.clock.turn_started is not None:
        return clock_texts.YOUR_BANK.format(left=clock_texts.duration(left), at=int(now + left))
    return clock_texts.YOUR_BANK_IDLE.format(left=clock_texts.duration(left))


def entry(n: int, found: Seated, server: str, score: Any, now: float) -> str:
    """One table of the list, numbered ``n``."""
    table = found.table
    head = me_texts.GAME_LINE.format(n=n, title=table.game.title, server=server,
                                     where=_where(found))
    seat = ""
    if found.seats:
        seat = me_texts.YOUR_SEAT.format(name=_names(table, found.seats[:1]))
        if score is not None:
            seat += me_texts.YOUR_SCORE.format(score=score)
    return texts.clip(f"{head}\n{_turn(found, now)}{seat}", ENTRY)


async def _score(bot: ParleyBot, found: Seated) -> Any:
    """The person's score at the table, from its public view (None if it shows none)."""
    if found.table.status != PLAYING or not found.seats or found.table.key is None:
        return None
    try:
        table = await bot.store.get(found.table.key)
    except DamagedTable:
        return None
    if table is None or table.state is None:
        return None
    return score_of(table.view(table.game, None), found.seats[0])


def _server(bot: ParleyBot, table: Table) -> str:
    guild = bot.get_guild(int(table.guild)) if table.guild and table.guild.isdigit() else None
    return discord.utils.escape_markdown(guild.name) if guild is not None \
        else me_texts.A_SERVER


async def my_games_message(bot: ParleyBot, user_id: int, page: int,
                           now: float | None = None) -> dict[str, Any]:
    """The keyword arguments of page ``page`` (1 the first; clamped) of ``user_id``'s
    ``/me games``: the tables in an embed, and the page buttons when there are several."""
    at = time.time() if now is None else now
    found = await tables_of(bot.store, str(user_id), TURN_POST, LOBBY_POST)
    quiet = discord.AllowedMentions.none()
    if not found:
        return {"content": me_texts.MY_GAMES_NONE, "embed": None, "allowed_mentions": quiet}
    pages = -(-len(found) // PAGE)
    page = max(1, min(page, pages))
    shown = found[(page - 1) * PAGE:page * PAGE]
    lines = [entry((page - 1) * PAGE + i, s, _server(bot, s.table), await _score(bot, s), at)
             for i, s in enumerate(shown, 1)]
    embed = discord.Embed(colour=COLOUR, description=texts.clip("\n\n".join(lines),
                                                                texts.EMBED_LIMIT))
    content = me_texts.MY_GAMES_HEAD.format(count=len(found))
    out: dict[str, Any] = {"content": content, "embed": embed, "allowed_mentions": quiet}
    if pages > 1:
        out["content"] += me_texts.MY_GAMES_PAGE.format(page=page, pages=pages)
        pager = (("f", 1, "⏮", me_texts.PAGE_FIRST), ("b", page - 1, "◀", me_texts.PAGE_BACK),
                 ("n", page + 1, "▶", me_texts.PAGE_NEXT), ("l", pages, "⏭", me_texts.PAGE_LAST))
        out["view"] = sent(*(me_page_button(max(1, min(target, pages)), tag, label, emoji,
                                            disabled=max(1, min(target, pages)) == page)
                             for tag, target, emoji, label in pager))
    return out


async def open_my_games(interaction: discord.Interaction) -> None:
    """The first page of the person's ``/me games``, privately, as a new message."""
    # Deferred, then edited in: discord.py would give a view sent with an ephemeral reply
    # a 15-minute timeout, and the page buttons must keep working (they are persistent).
    await interaction.response.defer(ephemeral=True, thinking=True)
    message = await my_games_message(bot_of(interaction), interaction.user.id, 1)
    await interaction.edit_original_response(**message)


async def turn_my_games_page(interaction: discord.Interaction, page: int) -> None:
    """Page ``page`` of the person's ``/me games``, in place of the page clicked on."""
    await interaction.response.defer()
    message = await my_games_message(bot_of(interaction), interaction.user.id, page)
    message.setdefault("view", None)
    await interaction.edit_original_response(**message)


async def held_message(bot: ParleyBot, found: Sequence[Seated], now: float) -> dict[str, Any]:
    """The one DM at the end of a person's quiet hours: the tables that started waiting for
    them meanwhile and still wait, each as ``/me games`` shows it (cogs/table/quiet.py)."""
    lines = [entry(i, s, _server(bot, s.table), await _score(bot, s), now)
             for i, s in enumerate(found[:PAGE], 1)]
    embed = discord.Embed(colour=COLOUR, description=texts.clip("\n\n".join(lines),
                                                                texts.EMBED_LIMIT))
    content = me_texts.QUIET_OVER.format(count=len(found))
    if len(found) > PAGE:
        content += me_texts.QUIET_MORE.format(more=len(found) - PAGE)
    return {"content": content, "embed": embed,
            "allowed_mentions": discord.AllowedMentions.none()}
