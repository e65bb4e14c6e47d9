"""``/stats``: the server's ratings (issue 15): ``leaderboard``, ``profile`` and
``forget-me``. A profile ends with the person's time to move and games finished on the
server (issue 24, data/reliability.py).

Thin on purpose: each command reads the store (``Store.ratings``, ``Store.last_game``) or
makes one change (``Store.forget_player``) and answers privately, like ``/game list`` and
``/game history``; the rating choices are data/ratings.py's. People are shown as mentions,
which Discord renders as their current names and which ping nobody here; AI levels as
"🤖 AI (hard)".

``forget-me`` asks first: its answer carries a **Forget me** button whose custom id,
``parley:forget:<user id>``, names the person it is for (answered by
``cogs/components/forget.py``, so it still works after a restart); anyone else's click is
refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import engine
from cogs.look import record_texts, texts
from cogs.look.actions import busy_choices
from cogs.look.custom_ids import forget_button, sent
from data.ratings import SURE, ai_name, is_ai
from data.reliability import reliability
from data.store import LastGame, PlayerRating
from engine.core import IllegalAction

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

#: rows of one game's leaderboard, and per game when every game is shown
LEADERS = 15
LEADERS_EACH = 5

QUIET = discord.AllowedMentions.none()


def _nth(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _title(game_id: str) -> str:
    game = engine.GAMES.get(game_id)
    return game.title if game is not None else game_id


def who(rating: PlayerRating) -> str:
    """A player as a leaderboard shows them: a mention, or the AI level's name."""
    if is_ai(rating.player):
        return f"🤖 {ai_name(rating.player)}"
    if rating.player.isdigit():
        return f"<@{rating.player}>"
    return discord.utils.escape_markdown(rating.name)


def rating_words(rating: PlayerRating) -> str:
    """ "27.3 ±5.1 · 12 games, 7 won" """
    return texts.RATING_WORDS.format(mu=rating.mu, margin=SURE * rating.sigma,
                                     games=texts.plural(rating.games, "game"), wins=rating.wins)


def leaderboard_text(rows: list[PlayerRating], game_id: str | None) -> str:
    """The leaderboard of one game (``game_id``) or of every game with ratings, from the
    store's rows, which come surest first (``data.ratings.conservative``)."""
    if game_id is not None:
        if not rows:
            return texts.NO_RATINGS_OF.format(title=_title(game_id))
        lines = [texts.LEADERBOARD_OF.format(title=_title(game_id)), texts.RANKED_BY]
        lines += [texts.LEADERBOARD_LINE.format(place=i, who=who(r), rating=rating_words(r))
                  for i, r in enumerate(rows[:LEADERS], 1)]
        return "\n".join(lines)
    if not rows:
        return texts.NO_RATINGS
    by_game: dict[str, list[PlayerRating]] = {}
    for r in rows:
        by_game.setdefault(r.game_id, []).append(r)
    lines = [texts.LEADERBOARDS, texts.RANKED_BY]
    for gid in sorted(by_game, key=_title):
        board = by_game[gid]
        lines.append(texts.LEADERBOARD_GAME.format(title=_title(gid),
                                                   players=texts.plural(len(board), "player")))
        lines += [texts.LEADERBOARD_LINE.format(place=i, who=who(r), rating=rating_words(r))
                  for i, r in enumerate(board[:LEADERS_EACH], 1)]
    return "\n".join(lines)


def resolve_game(text: str) -> str:
    """A game's id from what was picked or typed (its id or its title)."""
    wanted = text.strip().casefold()
    for gid, game in engine.GAMES.items():
        if wanted in (gid.casefold(), game.title.casefold()):
            return gid
    names = ", ".join(g.title for _, g in sorted(engine.GAMES.items()))
    raise IllegalAction(texts.NO_SUCH_GAME.format(typed=texts.quote(text), names=names))


async def send_private(interaction: discord.Interaction, text: str) -> None:
    """Answer privately, in parts under Discord's limit, pinging nobody."""
    for part in texts.chunks(text):
        if interaction.response.is_done():
            await interaction.followup.send(part, ephemeral=True, allowed_mentions=QUIET)
        else:
            await interaction.response.send_message(part, ephemeral=True,
                                                     allowed_mentions=QUIET)


def _guild(interaction: discord.Interaction) -> str:
    if interaction.guild_id is None:
        raise IllegalAction(texts.NOT_IN_GUILD)
    return str(interaction.guild_id)


@app_commands.guild_only()
class StatsCog(commands.GroupCog, group_name="stats",
               group_description="Ratings of this server: leaderboards and player profiles"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="leaderboard",
                          description="The server's best players by rating, with games played "
                                      "and won")
    @app_commands.describe(game="One game's leaderboard (default: every game played here)")
    async def leaderboard(self, interaction: discord.Interaction,
                          game: str | None = None) -> None:
        guild = _guild(interaction)
        game_id = None if game is None else resolve_game(game)
        rows = await self.bot.store.ratings(guild, game_id)
        await send_private(interaction, leaderboard_text(rows, game_id))

    @leaderboard.autocomplete("game")
    @busy_choices
    async def _leaderboard_games(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g.title, value=gid)
                for gid, g in sorted(engine.GAMES.items())
                if current.casefold() in g.title.casefold()][:25]

    @app_commands.command(name="profile",
                          description="A player's games, wins and rating per game on this "
                                      "server")
    @app_commands.describe(player="Whose profile (default: yours)")
    async def profile(self, interaction: discord.Interaction,
                      player: discord.User | None = None) -> None:
        guild = _guild(interaction)
        person = player or interaction.user
        pid = str(person.id)
        rows = await self.bot.store.ratings(guild, player=pid)
        record = await reliability(self.bot.store, pid, guild)
        if not rows:
            lines = [texts.NO_PROFILE.format(who=person.mention)]
            if record.turns or record.games:
                lines += record_texts.profile_lines(record)
            await send_private(interaction, "\n".join(lines))
            return
        boards = {r.game_id: await self.bot.store.ratings(guild, r.game_id) for r in rows}
        last = await self.bot.store.last_game(guild, pid)
        text = profile_text(person.mention, rows, boards, last)
        await send_private(interaction, "\n".join([text, *record_texts.profile_lines(record)]))

    @app_commands.command(name="forget-me",
                          description="Remove your ratings and profile; closed games keep only "
                                      "a placeholder name")
    async def forget_me(self, interaction: discord.Interaction) -> None:
        # Deferred, then edited in: discord.py would give a view sent with an ephemeral
        # reply a 15-minute timeout, and the button must keep working (it is persistent).
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = sent(forget_button(interaction.user.id))  # answered by components/forget.py
        await interaction.edit_original_response(content=texts.FORGET_ASK, view=view,
                                                 allowed_mentions=QUIET)


def profile_text(mention: str, rows: list[PlayerRating],
                 boards: dict[str, list[PlayerRating]], last: LastGame | None) -> str:
    """A player's record on the server: totals, favourite and last game, then each game's
    rating and place on its leaderboard."""
    games = sum(r.games for r in rows)
    wins = sum(r.wins for r in rows)
    favourite = max(rows, key=lambda r: (r.games, r.last_at))
    lines = [texts.PROFILE_OF.format(mention=mention),
             texts.PROFILE_TOTALS.format(games=texts.plural(games, texts.RATED_GAME), wins=wins,
                                         title=_title(favourite.game_id),
                                         played=texts.plural(favourite.games, "game"))]
    if last is not None:
        how = texts.PROFILE_WON if last.rank == 1 else \
            texts.PROFILE_PLACED.format(nth=_nth(last.rank))
        lines.append(texts.PROFILE_LAST.format(title=_title(last.game_id), channel=last.channel,
                                               at=int(last.at), how=how))
    for r in sorted(rows, key=lambda r: (-r.games, _title(r.game_id))):
        board = boards.get(r.game_id, [])
        place = next((i for i, b in enumerate(board, 1) if b.player == r.player), None)
        where = texts.PROFILE_PLACE.format(nth=_nth(place), count=len(board)) if place else ""
        lines.append(texts.PROFILE_GAME.format(title=_title(r.game_id), rating=rating_words(r),
                                               where=where))
    return "\n".join(lines)
