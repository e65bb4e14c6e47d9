"""``python bot.py web`` (issue 25): the tables' web pages served alone, from the same
settings as the bot; off, with one line saying how to turn them on, when PARLEY_WEB_URL is
unset; a bad setting told in a sentence; the generated secret kept once beside the SQLite
file and shared with the bot's links."""

from __future__ import annotations

import asyncio
import os
import socket
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import bot
from data.store import Store
from data.tables import TableService
from web.links import public_token
from web.main import OFF_LINE, secret_file, web_settings

ROOT = Path(__file__).resolve().parents[2]


def environment(tmp_path: Path, **env: str) -> dict[str, str]:
    return {"PATH": "/usr/bin:/bin", "PARLEY_DB": str(tmp_path / "parley.db"),
            "PARLEY_ENV_FILE": str(tmp_path / "none.env"), **env}


def run_web(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "bot.py"), "web", *args],
                          env=environment(tmp_path, **env), cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)


def test_without_a_web_url_the_pages_are_off_and_one_line_says_how_to_turn_them_on(
        tmp_path: Path) -> None:
    beside = run_web(tmp_path, "--if-configured")
    assert beside.returncode == 0 and beside.stderr.strip() == OFF_LINE
    assert "PARLEY_WEB_URL" in OFF_LINE and len(beside.stderr.strip().splitlines()) == 1
    alone = run_web(tmp_path)
    assert alone.returncode == 2 and OFF_LINE in alone.stderr
    assert not secret_file(str(tmp_path / "parley.db")).exists()


@pytest.mark.parametrize(("env", "said"), [
    ({"PARLEY_WEB_URL": "parley.example.org"}, "must be the pages' public address"),
    ({"PARLEY_WEB_URL": "https://x.org", "PARLEY_WEB_PORT": "99999"}, "port number"),
    ({"PARLEY_WEB_URL": "https://x.org", "PARLEY_DB": "postgresql://u:p@h/db"},
     "set PARLEY_WEB_SECRET"),
])
def test_a_bad_web_setting_is_told_in_a_sentence(tmp_path: Path, env: dict[str, str],
                                                 said: str) -> None:
    proc = run_web(tmp_path, **env)
    assert proc.returncode == 2 and said in proc.stderr and "Traceback" not in proc.stderr


def test_the_secret_is_made_once_beside_the_database_and_read_by_the_bot_too(
        tmp_path: Path) -> None:
    db = str(tmp_path / "parley.db")
    first = web_settings({"PARLEY_WEB_URL": "https://p.example.org/"}, db)
    again = web_settings({"PARLEY_WEB_URL": "https://p.example.org"}, db)
    assert first is not None and again is not None
    assert first.secret == again.secret and len(first.secret) == 32
    assert first.url == "https://p.example.org" and first.port == 8080
    assert stat.S_IMODE(os.stat(secret_file(db)).st_mode) == 0o600
    given = web_settings({"PARLEY_WEB_URL": "https://p.example.org",
                          "PARLEY_WEB_SECRET": "shared text"}, db)
    assert given is not None and given.secret == b"shared text"
    assert bot.main.__module__ == "bot"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _a_table(db: str) -> int:
    async with await Store.open(db) as store:
        table = await TableService(store).new("pirate-tricks", "c1", "u1", "Anne", {},
                                              now=time.time())
        assert table.key is not None
        return table.key


def test_bot_py_web_serves_a_tables_page_until_stopped(tmp_path: Path) -> None:
    db = str(tmp_path / "parley.db")
    key = asyncio.run(_a_table(db))
    port = _free_port()
    env = environment(tmp_path, PARLEY_WEB_URL="https://p.example.org",
                      PARLEY_WEB_PORT=str(port), PARLEY_WEB_HOST="127.0.0.1")
    proc = subprocess.Popen([sys.executable, str(ROOT / "bot.py"), "web"], env=env,
                            cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    try:
        settings = web_settings(env, db)
        assert settings is not None
        url = f"http://127.0.0.1:{port}/t/{public_token(settings.secret, key)}/"
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as answer:
                    page = answer.read().decode()
                    break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.2)
        assert "Pirate Tricks" in page and "In the lobby" in page
        time.sleep(0.5)  # the access log line is written once the answer has gone
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert "web pages served on 127.0.0.1" in err and "web pages stopped" in err
    assert proc.returncode == 0
    assert "/t/…/" in err and public_token(settings.secret, key) not in err
