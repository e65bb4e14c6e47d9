"""The bot's configuration, filled by the entry point (bot.py) from the environment."""

from __future__ import annotations

from dataclasses import dataclass, field

from data.archive import DEFAULT_KEEP_DAYS


@dataclass(frozen=True)
class Config:
    """What ``cogs.bot.create_bot`` needs.

    - ``token``: the bot token; only the entry point uses it (``bot.run(token)``), the bot
      object keeps it out of every message and log line. None in offline tests.
    - ``db_path``: where every table, its action log and the bot's posts live: a SQLite
      file path, or a ``postgresql://`` URL (data/db.py).
    - ``dev_guild``: a server id; when set, the slash commands are copied to that server
      and synced there at start-up (instant, for development). When None they are synced
      globally (Discord may take a while to show changes).
    - ``seed``: see below.
    - ``shard_count`` and ``shard_ids``: run those Discord shards of ``shard_count`` in this
      process (``python bot.py --shard-count N --shards 0-3``); None: one process, Discord
      picks the shards. Several processes with disjoint ranges share one PostgreSQL
      database; each one's turn clock walks only its shards' tables (issue 16).
    - ``keep_finished_days``: a finished or abandoned table keeps its saved state this many
      days for quick replays, then is archived to its move log (data/archive.py; the entry
      point reads ``PARLEY_KEEP_FINISHED_DAYS``). 0 keeps every state for ever.
    - ``web_url`` and ``web_secret``: the tables' web pages (issue 25, web/): their public
      base URL and the secret their links are signed with. None: the pages are off, and
      the messages carry no link to them.
    """

    token: str | None
    db_path: str
    dev_guild: int | None = None
    #: None in production: every table gets a fresh random seed. Set (tests, bug reports),
    #: a table's seed is this text plus its channel id, so its deals can be replayed.
    seed: str | None = None
    shard_count: int | None = None
    shard_ids: list[int] | None = None
    keep_finished_days: int = DEFAULT_KEEP_DAYS
    web_url: str | None = None
    web_secret: bytes | None = field(default=None, repr=False)
