"""``/admin``: the bot's data in its operators' hands (issue 15), and the bot's hourly
housekeeping.

- ``/admin backup`` (server managers: Manage Server or Manage Channels; Discord shows it to
  Manage Server by default, which a server can change under Integrations): a consistent
  copy of the SQLite database taken while the bot runs (data/backup.py). The copy is sent
  privately as a file when Discord allows its size here (``Interaction.filesize_limit``)
  and when it holds only this server's games; otherwise it stays beside the database on
  the bot's host, and the manager is told where. Decision: a bot shared by several
  servers keeps one database for all of them, so only the bot's owner (the Discord
  application's owner or team) receives a copy that holds other servers' games. On
  PostgreSQL the answer names ``pg_dump``, the tool made for it.
- Housekeeping, at start once the bot is connected and then every hour
  (``AdminCog.housekeep``): forget-me requests waiting for tables that have closed are
  settled (``Store.forget_waiting``), finished games a crash left unrated are rated and
  their **Ratings** message posted (``data.ratings.rate_unrated``; the console's games,
  which have no server, are not rated), then
  closed tables older than the configured ``keep_finished_days`` are archived to their log
  (``data.archive.archive_old_tables``).
- Which servers a backup holds (``Store.guilds``) leaves out the console's tables
  (``python bot.py console`` on the same database): they are no other server's games.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs.base.loops import one_pass
from cogs.look import texts
from cogs.table.publish import send_ratings
from data.archive import archive_old_tables
from data.backup import POSTGRESQL_ADVICE, take_backup
from data.ratings import RatingChange, rate_unrated
from engine.core import IllegalAction
from engine.table import Table

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

log = logging.getLogger("parley.cogs")

HOUSEKEEPING_HOURS = 1
#: one backup per server per this many seconds: a copy of a large file takes a moment, and
#: one kept on the host takes room
BACKUP_COOLDOWN = 60.0


def size_words(n: int) -> str:
    """A file size for people: "812 KB", "3.4 MB"."""
    if n < 1000 * 1000:
        return texts.SIZE_KB.format(n=max(1, round(n / 1000)))
    return texts.SIZE_MB.format(n=n / 1000 / 1000)


def _is_manager(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return perms.manage_guild or perms.manage_channels


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class AdminCog(commands.GroupCog, group_name="admin",
               group_description="The bot's data: backups (server managers)"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        # when each server last took a backup (monotonic seconds); only a pause, so it need
        # not survive a restart
        self._last_backup: dict[int, float] = {}
        super().__init__()

    async def cog_load(self) -> None:
        self.housekeeping.start()

    async def cog_unload(self) -> None:
        self.housekeeping.cancel()

    # -- housekeeping ----------------------------------------------------------------------

    @tasks.loop(hours=HOUSEKEEPING_HOURS)
    async def housekeeping(self) -> None:
        await one_pass(self.housekeep(time.time()), "housekeeping", HOUSEKEEPING_HOURS * 3600)

    @housekeeping.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def housekeep(self, now: float) -> tuple[int, int]:
        """Settle the waiting forget-me requests, rate the finished games left unrated,
        then archive the old closed tables; how many games were rated and archived."""
        settled = await self.bot.store.forget_waiting(now)
        if settled:
            log.info("housekeeping: %d forget-me requests done", settled)
        rated = await rate_unrated(self.bot.store, now, self._tell_ratings)
        archived = await archive_old_tables(self.bot.store, self.bot.config.keep_finished_days,
                                            now)
        if rated or archived:
            log.info("housekeeping: %d finished games rated, %d closed tables archived",
                     rated, archived)
        return rated, archived

    async def _tell_ratings(self, table: Table, changes: list[RatingChange]) -> None:
        """A game rated late: its **Ratings** message after all, so nobody's change goes
        unseen; a channel that cannot be reached leaves the game rated, the message unsent."""
        try:
            await send_ratings(self.bot, table, changes)
        except discord.HTTPException as error:
            log.warning("table %s: rated, but its ratings message could not be posted "
                        "(HTTP %s)", table.key, error.status)

    # -- /admin backup ---------------------------------------------------------------------

    @app_commands.command(name="backup",
                          description="A copy of the bot's database, taken while it runs "
                                      "(server managers)")
    async def backup(self, interaction: discord.Interaction) -> None:
        if not _is_manager(interaction):
            raise IllegalAction(texts.NOT_MANAGER)
        store = self.bot.store
        if store.backend == "postgresql":
            raise IllegalAction(POSTGRESQL_ADVICE)
        guild = interaction.guild_id or 0
        since = time.monotonic() - self._last_backup.get(guild, -BACKUP_COOLDOWN)
        if since < BACKUP_COOLDOWN:
            raise IllegalAction(
                texts.BACKUP_WAIT.format(seconds=int(BACKUP_COOLDOWN - since) + 1))
        self._last_backup[guild] = time.monotonic()
        await interaction.response.defer(ephemeral=True, thinking=True)
        now = time.time()
        path = await take_backup(store, self.bot.config.db_path, now)
        size = path.stat().st_size
        log.info("backup of the database taken for a manager of server %s: %s (%d bytes)",
                 interaction.guild_id, path, size)
        guilds = await store.guilds()
        if guilds - {str(interaction.guild_id)} and not await self.bot.is_owner(
                interaction.user):
            await interaction.followup.send(texts.clip(texts.BACKUP_OTHER_SERVERS.format(
                path=path), texts.CONTENT_LIMIT), ephemeral=True)
            return
        limit = interaction.filesize_limit
        if size > limit:
            await interaction.followup.send(texts.clip(texts.BACKUP_TOO_BIG.format(
                size=size_words(size), limit=size_words(limit), path=path),
                texts.CONTENT_LIMIT), ephemeral=True)
            return
        text = texts.BACKUP_SENT.format(when=f"<t:{int(now)}:f>", size=size_words(size),
                                  name=self._db_name())
        await interaction.followup.send(text, file=discord.File(path, filename=path.name),
                                        ephemeral=True)
        path.unlink()  # sent: the copy lives with the manager now

    def _db_name(self) -> str:
        return str(self.bot.config.db_path).replace("\\", "/").rsplit("/", 1)[-1]
