"""The settings both entry points read (bot.py and console.py): the PARLEY_ and DISCORD_
variables of the environment over the KEY=VALUE lines of the .env file beside them
(PARLEY_ENV_FILE names another). A leaf: it imports neither entry point, so neither
imports the other for it (issue 23, "Entry points")."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


def env_file_path(environ: Mapping[str, str]) -> Path:
    """The .env file: PARLEY_ENV_FILE, else .env beside the entry points."""
    return Path(environ.get("PARLEY_ENV_FILE") or Path(__file__).with_name(".env"))


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
    """The .env file's values, overridden by the PARLEY_ and DISCORD_ variables of
    ``environ``."""
    merged = read_env_file(env_file)
    merged.update({k: v for k, v in environ.items() if k.startswith(("PARLEY_", "DISCORD_"))})
    return merged
