"""``/me``: one person across every table (issue 24): ``games`` (every table they sit at,
in every server, privately; ``cogs/look/my_games.py``) and ``settings`` (their preferences
for every table, stored per person: data/people.py; how they take effect:
cogs/table/telling.py).

Thin on purpose, like ``/stats``: each command reads the store or makes one change and
answers privately. ``/me`` is not tied to a server: it answers in a server and in the
bot's DMs alike, since a person's games span servers.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.look import me_texts
from cogs.look.actions import busy_choices
from cogs.look.errors import answer
from cogs.look.messages import LOBBY_POST, TURN_POST
from cogs.look.my_games import open_my_games
from cogs.table.away import tell_away, tell_back
from cogs.table.telling import OWN_CHOICE, own_choice
from data.away import MAX_DAYS, Away, OverQuota, come_back, days_left, go_away
from data.people import (
    NOTIFY_CHOICES,
    Preferences,
    checked,
    hhmm,
    preferences,
    save_preferences,
    tables_of,
    zones_matching,
)


def _kept(done: Away) -> str:
    """The tables that keep the person's clock (away mode refused there), or ""."""
    if not done.kept:
        return ""
    return "\n" + me_texts.AWAY_KEPT.format(tables=", ".join(
        me_texts.AWAY_TABLE.format(title=t.game.title, channel=t.id) for t in done.kept))


if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot


class MeCog(commands.GroupCog, group_name="me",
            group_description="Your own games and settings, across every server"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="games",
                          description="Every table you sit at, in every server: those waiting "
                                      "for you first")
    async def games(self, interaction: discord.Interaction) -> None:
        await open_my_games(interaction)

    @app_commands.command(name="settings",
                          description="How you are told it is your turn, at every table: "
                                      "leave all out to see your settings")
    @app_commands.describe(
        notify="How you are told it is your turn (a table's /game notify overrides it)",
        zone="Your time zone, for quiet hours (e.g. Europe/Berlin)",
        quiet_from="Quiet hours start, HH:MM in your zone (e.g. 23:00)",
        quiet_to="Quiet hours end, HH:MM in your zone (e.g. 08:00)",
        heads_up="Be told when you are next (off by default)",
        no_quiet_hours="True: remove your quiet hours")
    @app_commands.choices(notify=[app_commands.Choice(name=me_texts.NOTIFY_WORDS[m], value=m)
                                  for m in NOTIFY_CHOICES])
    async def settings(self, interaction: discord.Interaction, notify: str | None = None,
                       zone: str | None = None, quiet_from: str | None = None,
                       quiet_to: str | None = None, heads_up: bool | None = None,
                       no_quiet_hours: bool | None = None) -> None:
        player = str(interaction.user.id)
        before = await preferences(self.bot.store, player)
        given = (notify, zone, quiet_from, quiet_to, heads_up, no_quiet_hours)
        if all(v is None for v in given):
            await answer(interaction, await self._words(player, before))
            return
        after = checked(before, notify=notify, zone=zone, quiet_from=quiet_from,
                        quiet_to=quiet_to, heads_up=heads_up,
                        clear_quiet=bool(no_quiet_hours))
        await save_preferences(self.bot.store, player, after, time.time())
        await answer(interaction, me_texts.SETTINGS_SAVED + await self._words(player, after))

    @app_commands.command(name="away",
                          description="Pause your turn clock at every table for 1 to 14 days "
                                      "(21 days in any year)")
    @app_commands.describe(days="How many days you are away, 1 to 14",
                           note="A few words for your tables (optional)")
    async def away(self, interaction: discord.Interaction,
                   days: app_commands.Range[int, 1, MAX_DAYS],
                   note: app_commands.Range[str, 1, 100] | None = None) -> None:
        """Away mode (issue 24, data/away.py): the quota, 21 days in any 365, lets a long
        holiday fit while no table can be stalled for ever; over it, a polite refusal with
        the days left. Each paused table's channel is told once."""
        player, now = str(interaction.user.id), time.time()
        try:
            done = await go_away(self.bot.store, player, days, note or "", now)
        except OverQuota as refused:
            await answer(interaction, me_texts.AWAY_OVER_QUOTA.format(
                left=refused.days_left, days=days))
            return
        text = me_texts.AWAY_SET.format(until=int(done.until), count=len(done.paused),
                                        left=await days_left(self.bot.store, player, now))
        await answer(interaction, text + _kept(done))
        for table in done.paused:  # after the answer: many tables may take a while
            await tell_away(self.bot, table, player, int(done.until), note)

    @app_commands.command(name="back", description="End your away mode now: your turn clock "
                                                   "runs again at every table")
    async def back(self, interaction: discord.Interaction) -> None:
        player = str(interaction.user.id)
        done = await come_back(self.bot.store, player, time.time())
        await answer(interaction, me_texts.BACK.format(count=len(done.paused))
                     if done.paused else me_texts.NOT_AWAY)
        await tell_back(self.bot, player, done)  # after the answer: it may take a while

    @settings.autocomplete("zone")
    @busy_choices
    async def _zones(self, interaction: discord.Interaction,
                     current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=z, value=z) for z in zones_matching(current)]

    async def _words(self, player: str, prefs: Preferences) -> str:
        """The person's settings in words, and how many of their tables keep their own
        ``/game notify`` choice."""
        lines = [me_texts.SETTINGS_HEAD,
                 me_texts.SETTINGS_NOTIFY.format(how=me_texts.NOTIFY_WORDS[prefs.notify])]
        lines.append(me_texts.SETTINGS_ZONE.format(zone=prefs.zone) if prefs.zone
                     else me_texts.SETTINGS_NO_ZONE)
        if prefs.quiet and prefs.quiet_from is not None and prefs.quiet_to is not None:
            lines.append(me_texts.SETTINGS_QUIET.format(start=hhmm(prefs.quiet_from),
                                                        end=hhmm(prefs.quiet_to),
                                                        zone=prefs.zone))
        else:
            lines.append(me_texts.SETTINGS_NO_QUIET)
        lines.append(me_texts.SETTINGS_HEADS_UP.format(
            state=me_texts.ON if prefs.heads_up else me_texts.OFF))
        own = 0
        for found in await tables_of(self.bot.store, player, TURN_POST, LOBBY_POST):
            flags = await self.bot.store.flags(found.table.key or 0, OWN_CHOICE)
            own += any(own_choice(found.table.seats[i], flags) for i in found.seats)
        if own:
            lines.append(me_texts.SETTINGS_TABLES.format(count=own))
        return "\n".join(lines)
