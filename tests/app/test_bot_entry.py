"""The entry point: configuration, the no-token help, and the token kept out of logs."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import bot

ROOT = Path(__file__).resolve().parents[2]


def test_env_file_values_and_environment_wins(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text('# comment\nPARLEY_TOKEN="abc.def"\nexport PARLEY_DB=games.db\n\nJUNK\n')
    conf = bot.settings({"PARLEY_DB": "other.db", "HOME": "/x"}, env)
    assert conf["PARLEY_TOKEN"] == "abc.def"
    assert conf["PARLEY_DB"] == "other.db"
    assert "HOME" not in conf


def test_run_without_token_explains_setup_and_exits_non_zero(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PARLEY_DB": str(tmp_path / "x.db"),
           "PARLEY_ENV_FILE": str(tmp_path / "none.env")}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")], env=env, cwd=tmp_path,
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode != 0
    assert "developers/applications" in proc.stderr
    assert "applications.commands" in proc.stderr and "PARLEY_TOKEN" in proc.stderr


def test_token_is_redacted_from_log_records() -> None:
    token = "MTIz.secret.token"
    record = logging.LogRecord("discord", logging.ERROR, __file__, 1, "bad %s", (token,), None)
    assert bot.RedactToken(token).filter(record)
    assert token not in record.getMessage() and "[token]" in record.getMessage()
