"""Parley's entry point.

    python bot.py            run the Discord bot (needs PARLEY_TOKEN)
    python bot.py console    play a table in the terminal, no Discord needed

Configuration comes from the environment, or from a `.env` file beside this one
(KEY=VALUE lines; the environment wins):

    PARLEY_TOKEN       the bot token from the Discord developer portal (DISCORD_TOKEN works too)
    PARLEY_DB          the SQLite file (default: parley.db in the working directory)
    PARLEY_DEV_GUILD   optional server id: commands sync there instantly while developing
    PARLEY_LOG_LEVEL   optional: DEBUG, INFO (default), WARNING
    PARLEY_ENV_FILE    optional: read this file instead of .env
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from pathlib import Path

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


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments skipped; optional quotes removed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key] = value
    return values


def settings(environ: Mapping[str, str], env_file: Path) -> dict[str, str]:
    merged = read_env_file(env_file)
    merged.update({k: v for k, v in environ.items() if k.startswith(("PARLEY_", "DISCORD_"))})
    return merged


class RedactToken(logging.Filter):
    """Drops the token from any log record, should a library ever print it."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token and self.token in message:
            record.msg = message.replace(self.token, "[token]")
            record.args = ()
        return True


def main(argv: list[str]) -> int:
    env_file = Path(os.environ.get("PARLEY_ENV_FILE") or Path(__file__).with_name(".env"))
    conf = settings(os.environ, env_file)
    db_path = conf.get("PARLEY_DB") or "parley.db"
    if argv[1:2] == ["console"]:
        import console

        return console.main(db_path)
    if argv[1:]:
        print(__doc__, file=sys.stderr)
        return 2
    token = conf.get("PARLEY_TOKEN") or conf.get("DISCORD_TOKEN")
    if not token:
        print(NO_TOKEN_HELP, file=sys.stderr)
        return 1
    guild = conf.get("PARLEY_DEV_GUILD")
    if guild and not guild.isdigit():
        print("PARLEY_DEV_GUILD must be a server id (a number).", file=sys.stderr)
        return 2
    handler = logging.StreamHandler()
    handler.addFilter(RedactToken(token))
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=conf.get("PARLEY_LOG_LEVEL", "INFO").upper(), handlers=[handler])
    # aiosqlite logs every statement with its values at DEBUG: hands and sealed bids among
    # them. Hidden information never goes to a log line, whatever the level asked for.
    logging.getLogger("aiosqlite").setLevel(max(logging.INFO, logging.root.level))

    import discord

    from cogs.bot import create_bot
    from cogs.config import Config

    bot = create_bot(Config(token=token, db_path=db_path, dev_guild=int(guild) if guild else None))
    try:
        bot.run(token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token in PARLEY_TOKEN: it is wrong or was reset. "
              "Copy a fresh one from the Bot page of your application.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
