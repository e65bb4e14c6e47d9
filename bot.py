"""Parley's entry point.

    python bot.py            run the Discord bot (needs PARLEY_TOKEN)
    python bot.py --shard-count N --shards 0-3
                             run shards 0 to 3 of N in this process (several processes
                             with disjoint ranges share one PostgreSQL database)
    python bot.py console [--resume] [--open FILE.json]
                             play a table in the terminal, no Discord needed: resume a
                             saved one, or watch / play on an exported game
    python bot.py web [--if-configured]
                             serve the tables' web pages alone (PARLEY_WEB_URL must be
                             set; with --if-configured, unset says how to turn them on in
                             one line and exits: `make run` starts it so beside the bot)
    python bot.py migrate-db --from parley.db --to postgresql://user:pass@host/db
                             copy every table, move log and setting from the SQLite file
                             into an empty PostgreSQL database, then check the copy (stop
                             the bot first; --from defaults to PARLEY_DB)

Configuration comes from the environment, or from a `.env` file beside this one
(KEY=VALUE lines; the environment wins):

    PARLEY_TOKEN       the bot token from the Discord developer portal (DISCORD_TOKEN works too)
    PARLEY_DB          the database: a SQLite file (default: parley.db in the working
                       directory), or postgresql://user:pass@host/db for PostgreSQL, which
                       several bot processes can share
    PARLEY_DEV_GUILD   optional server id: commands sync there instantly while developing
    PARLEY_LOG_LEVEL   optional: DEBUG, INFO (default), WARNING, ERROR. Whatever the level,
                       the log never shows the token nor hidden game information: the
                       libraries that would print it (SQL values, REST bodies, gateway
                       events) stay at INFO (see HIDDEN_INFO_LOGGERS)
    PARLEY_KEEP_FINISHED_DAYS
                       optional: days a finished table keeps its saved game for quick
                       replays before it is archived to its move log (default 90; 0
                       keeps every saved game for ever)
    PARLEY_ENV_FILE    optional: read this file instead of .env
    PARLEY_WEB_URL, PARLEY_WEB_PORT, PARLEY_WEB_HOST, PARLEY_WEB_SECRET
                       optional: the tables' web pages (web/main.py; docs/operating.md)
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Iterable
from typing import TextIO

import console
from engine.core import clip, quote
from settings import env_file_path, settings

log = logging.getLogger("parley")

NO_TOKEN_HELP = """\
Parley needs a Discord bot token, and none was found in PARLEY_TOKEN (or DISCORD_TOKEN).
To get one: open https://discord.com/developers/applications, choose "New Application" and
name it; on the "Bot" page choose "Reset Token" and copy the token (Discord shows it once).
No privileged intent is needed. On the "OAuth2" page, in the URL generator, tick the scopes
"bot" and "applications.commands" and the bot permissions "View Channels", "Send Messages",
"Send Messages in Threads", "Create Public Threads", "Embed Links", "Attach Files" and
"Read Message History", and open the generated URL to invite the bot to your server. Then put the token in a file named .env beside bot.py as the line
PARLEY_TOKEN=your-token (or export PARLEY_TOKEN in your shell) and run `make run` again.
Keep the token secret: anyone who has it controls the bot."""


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

#: Loggers whose DEBUG lines carry hidden information, capped at INFO whatever level the
#: operator asks for (the reliability issue, item 3: hidden information never reaches a log):
#: aiosqlite logs every statement with its values (state dumps: hands, sealed bids);
#: discord.http logs every request and response body (the hand DMs); discord.gateway logs
#: every event (custom ids and menu picks of moves, typed options); discord.webhook logs
#: the URLs of interaction answers, which hold the interaction's token.
HIDDEN_INFO_LOGGERS = ("aiosqlite", "discord.http", "discord.gateway", "discord.webhook")


def secret_parts(token: str | None) -> list[str]:
    """The strings to redact for a token: the token, and its signature (the part after the
    last dot), which is the secret part and may be printed on its own."""
    if not token:
        return []
    parts = [token]
    signature = token.rsplit(".", 1)[-1]
    if signature != token and len(signature) >= 16:
        parts.append(signature)
    return parts


def redact(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every secret replaced by "[token]"."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "[token]")
    return text


class RedactingFormatter(logging.Formatter):
    """Formats a record, then removes the token from the whole text: message, traceback
    (``exc_text``) and stack alike (the reliability issue, item 7: a filter that rewrote
    only the message let a token inside a logged exception through). Installed on the one
    handler the bot logs to; discord.py adds none of its own (``log_handler=None``)."""

    def __init__(self, secrets: Iterable[str], fmt: str = LOG_FORMAT) -> None:
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        text = redact(super().format(record), self.secrets)
        if record.exc_text:  # the cached traceback, which another handler would reuse
            record.exc_text = redact(record.exc_text, self.secrets)
        return text


def quiet_hidden_loggers() -> None:
    """Cap the loggers of ``HIDDEN_INFO_LOGGERS`` at INFO (or the root's level if higher)."""
    for name in HIDDEN_INFO_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.INFO, logging.getLogger().level))


def configure_logging(
    level: str, token: str | None, stream: TextIO | None = None
) -> logging.Handler:
    """The bot's logging: one handler on the root logger (stderr unless ``stream``), whose
    formatter redacts the token, at ``level`` (DEBUG, INFO, WARNING or ERROR), with the
    loggers that would print hidden information capped at INFO. ValueError for an unknown
    level. Returns the handler (tests remove it again)."""
    name = level.strip().upper()
    if name not in LOG_LEVELS:
        raise ValueError(
            f"PARLEY_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {quote(level)}.")
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(RedactingFormatter(secret_parts(token)))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(name)
    quiet_hidden_loggers()
    return handler


_SOCKET_ERRORS: dict[type, str] = {
    ConnectionRefusedError: "the connection was refused",
    TimeoutError: "the connection timed out",
    ConnectionResetError: "the connection was reset",
}


def startup_failure(error: BaseException) -> str | None:
    """One line saying what failed when the bot could not connect to Discord, or None for
    an error that is not a connection failure (item 7: a network or DNS failure at start
    prints one line, not a traceback)."""
    import aiohttp
    import discord

    if isinstance(error, aiohttp.ClientConnectorDNSError):
        return (f"Could not reach Discord ({error.host}): DNS lookup failed. "
                "Check the network connection and the DNS settings.")
    if isinstance(error, aiohttp.ClientConnectorCertificateError):
        return (f"Could not reach Discord ({error.host}): its TLS certificate could not be "
                "verified. Check the system clock and the CA certificates.")
    if isinstance(error, aiohttp.ClientConnectorError):
        why = _SOCKET_ERRORS.get(type(error.os_error)) or error.strerror or "connection failed"
        return (f"Could not reach Discord ({error.host}:{error.port}): {clip(why, 80)}. "
                "Check the network connection, and any firewall or proxy.")
    if isinstance(error, discord.GatewayNotFound):
        return ("Discord's gateway could not be found: Discord may be down "
                "(https://discordstatus.com). Try again later.")
    if isinstance(error, discord.DiscordServerError):
        return (f"Discord answered with a server error ({error.status}) at start-up: it may "
                "be down (https://discordstatus.com). Try again later.")
    if isinstance(error, discord.HTTPException):
        return (f"Discord refused a request at start-up ({error.status}"
                f"{f', code {error.code}' if error.code else ''}: {clip(error.text, 120)}).")
    if isinstance(error, discord.ConnectionClosed):
        return f"Discord closed the connection at start-up (code {error.code}). Try again later."
    if isinstance(error, (asyncio.TimeoutError, aiohttp.ClientError, OSError)):
        detail = clip(str(error), 120) or type(error).__name__
        return (f"Could not reach Discord: {detail}. "
                "Check the network connection, and any firewall or proxy.")
    return None


def migrate_db(args: list[str], default_source: str) -> int:
    """``python bot.py migrate-db --from SOURCE --to TARGET``: copy the whole database and
    check the copy (data/migrate_db.py). Prints one line: what was copied, or why not."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python bot.py migrate-db",
        description="Copy every table, move log and setting into an empty database (SQLite "
                    "to PostgreSQL) and check the copy. Stop the bot while copying.")
    parser.add_argument("--from", dest="source", default=default_source,
                        help=f"the database to copy (default: PARLEY_DB, here {default_source})")
    parser.add_argument("--to", dest="target", required=True,
                        help="the empty database to copy into, e.g. postgresql://user:pass@host/db")
    options = parser.parse_args(args)

    from data.db import describe
    from data.migrate_db import CopyError, copy_database, summary

    try:
        counts = asyncio.run(copy_database(options.source, options.target))
    except CopyError as err:
        print(err, file=sys.stderr)
        return 1
    except Exception as err:  # noqa: BLE001 - a database that cannot be opened: one line
        print(f"migrate-db failed: {type(err).__name__}: {clip(str(err), 200)} "
              f"(from {describe(options.source)} to {describe(options.target)}).",
              file=sys.stderr)
        return 1
    print(summary(options.source, options.target, counts))
    return 0


SHARDS_HELP = ("Sharding: `python bot.py --shard-count N --shards FIRST-LAST` runs shards "
               "FIRST to LAST (or a list, e.g. 0,2,4-5) of N in this process; --shards "
               "defaults to all N.")


def shard_options(args: list[str]) -> tuple[int, list[int]] | None:
    """``--shard-count N [--shards 0-3]`` -> (N, the shard ids), None without the flags.
    ValueError with a sentence for anything else (issue 16, "Sharded processes")."""
    if not args:
        return None
    values: dict[str, str] = {}
    rest = list(args)
    while rest:
        flag = rest.pop(0)
        name, eq, value = flag.partition("=")
        if name not in ("--shard-count", "--shards") or name in values:
            raise ValueError(f"Unknown or repeated argument {quote(clip(flag, 40))}. "
                             f"{SHARDS_HELP}")
        if not eq:
            if not rest:
                raise ValueError(f"{name} needs a value. {SHARDS_HELP}")
            value = rest.pop(0)
        values[name] = value.strip()
    count_text = values.get("--shard-count")
    if count_text is None:
        raise ValueError(f"--shards needs --shard-count. {SHARDS_HELP}")
    if not count_text.isdigit() or int(count_text) < 1:
        raise ValueError(f"--shard-count must be a whole number of at least 1, not "
                         f"{quote(clip(count_text, 20))}.")
    count = int(count_text)
    spec = values.get("--shards", f"0-{count - 1}")
    ids: set[int] = set()
    for part in spec.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"--shards must be numbers or ranges like 0-3 or 0,2,4-5, not "
                             f"{quote(clip(spec, 40))}.")
        low, high = int(first), int(last) if dash else int(first)
        if low > high or high >= count:
            raise ValueError(f"--shards must be between 0 and {count - 1} (--shard-count "
                             f"{count}), low to high, not {quote(clip(spec, 40))}.")
        ids.update(range(low, high + 1))
    return count, sorted(ids)


def web_main(args: list[str], conf: dict[str, str], db_path: str) -> int:
    """``python bot.py web [--if-configured]``: serve the tables' web pages until stopped."""
    from web.main import OFF_LINE, run, web_settings

    if args not in ([], ["--if-configured"]):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        web = web_settings(conf, db_path)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    if web is None:
        print(OFF_LINE, file=sys.stderr)
        return 0 if args else 2
    try:
        configure_logging(conf.get("PARLEY_LOG_LEVEL") or "INFO", None)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    try:
        asyncio.run(run(db_path, web))
    except KeyboardInterrupt:
        pass
    except OSError as err:  # the port is taken, or the address is not this machine's
        print(f"The web server could not listen on {web.host}:{web.port}: "
              f"{clip(err.strerror or str(err), 120)}.", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str]) -> int:
    conf = settings(os.environ, env_file_path(os.environ))
    db_path = conf.get("PARLEY_DB") or "parley.db"
    if argv[1:2] == ["console"]:
        return console.main(db_path, argv[2:])
    if argv[1:2] == ["migrate-db"]:
        return migrate_db(argv[2:], db_path)
    if argv[1:2] == ["web"]:
        return web_main(argv[2:], conf, db_path)
    if argv[1:] and not argv[1].startswith("--shard"):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        sharding = shard_options(argv[1:])
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    token = conf.get("PARLEY_TOKEN") or conf.get("DISCORD_TOKEN")
    if not token:
        print(NO_TOKEN_HELP, file=sys.stderr)
        return 1
    guild = conf.get("PARLEY_DEV_GUILD")
    if guild and not guild.isdigit():
        print("PARLEY_DEV_GUILD must be a server id (a number).", file=sys.stderr)
        return 2
    keep = conf.get("PARLEY_KEEP_FINISHED_DAYS") or ""
    if keep and not keep.isdigit():
        print("PARLEY_KEEP_FINISHED_DAYS must be a number of days (0 keeps finished games "
              "for ever).", file=sys.stderr)
        return 2
    try:
        configure_logging(conf.get("PARLEY_LOG_LEVEL") or "INFO", token)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2

    import discord

    from cogs.base.config import Config
    from cogs.bot import create_bot
    from web.main import web_settings

    try:  # the links the bot posts to the tables' web pages, when they are on
        web = web_settings(conf, db_path)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2

    # --shard-count/--shards go to the bot (an AutoShardedBot runs those shards) and to its
    # table service (the turn clock walks only those shards' tables: data/tables.py, Shards)
    extra = {} if sharding is None else {"shard_count": sharding[0], "shard_ids": sharding[1]}
    if keep:
        extra["keep_finished_days"] = int(keep)
    if web is not None:
        extra.update(web_url=web.url, web_secret=web.secret)
    bot = create_bot(Config(token=token, db_path=db_path, dev_guild=int(guild) if guild else None,
                            **extra))
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token in PARLEY_TOKEN: it is wrong or was reset. "
              "Copy a fresh one from the Bot page of your application.", file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 - every failure ends in one clear report
        line = startup_failure(error)
        if line is None:
            # Not a connection failure: the traceback helps, through the redacting handler.
            log.critical("Parley stopped on an unexpected error.", exc_info=error)
        else:
            print(redact(line, secret_parts(token)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
