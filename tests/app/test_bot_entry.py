"""The entry point: configuration, the no-token help, the token kept out of everything the
bot prints, and a start that fails on the network told in one line (reliability issue,
item 7)."""

from __future__ import annotations

import http.server
import io
import json
import logging
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot
from tests.bot_log import bot_logging

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.secret-signature-part-0123456789abcdef"


def test_env_file_values_and_environment_wins(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text('# comment\nPARLEY_TOKEN="abc.def"\nexport PARLEY_DB=games.db\n\nJUNK\n')
    conf = bot.settings({"PARLEY_DB": "other.db", "HOME": "/x"}, env)
    assert conf["PARLEY_TOKEN"] == "abc.def"
    assert conf["PARLEY_DB"] == "other.db"
    assert "HOME" not in conf


def run_bot(tmp_path: Path, *, token: str | None = TOKEN, before: str = "",
            **env: str) -> subprocess.CompletedProcess[str]:
    """``python bot.py`` as an operator runs it (``before``: Python run first, in the same
    process, e.g. to point discord.py at another address)."""
    environ = {"PATH": "/usr/bin:/bin", "PARLEY_DB": str(tmp_path / "x.db"),
               "PARLEY_ENV_FILE": str(tmp_path / "none.env"), **env}
    if token:
        environ["PARLEY_TOKEN"] = token
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); {before}\n"
            "import runpy; sys.argv = ['bot.py']\n"
            f"runpy.run_path({str(ROOT / 'bot.py')!r}, run_name='__main__')")
    return subprocess.run([sys.executable, "-c", code], env=environ, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)


def test_run_without_token_explains_setup_and_exits_non_zero(tmp_path: Path) -> None:
    proc = run_bot(tmp_path, token=None)
    assert proc.returncode != 0
    assert "developers/applications" in proc.stderr
    assert "applications.commands" in proc.stderr and "PARLEY_TOKEN" in proc.stderr


def closed_port() -> int:
    """A port of this machine nobody listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def assert_one_line_failure(proc: subprocess.CompletedProcess[str], *words: str,
                            start: str = "Could not reach Discord") -> str:
    """The start failed with exit code 1 and one line of stderr saying so (the INFO lines of
    a normal start may come before it), with no traceback and no token."""
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and 'File "' not in proc.stderr, proc.stderr
    assert TOKEN not in proc.stderr + proc.stdout and "secret-signature" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    others = [line for line in lines[:-1] if " INFO " not in line and " WARNING " not in line]
    assert not others, proc.stderr
    last = lines[-1]
    assert last.startswith(start) and len(last) < 300, last
    for word in words:
        assert word in last, last
    return last


def test_a_refused_connection_at_start_is_one_line_and_exit_code_1(tmp_path: Path) -> None:
    port = closed_port()
    proc = run_bot(tmp_path, before=(
        "import discord.http; "
        f"discord.http.Route.BASE = 'http://127.0.0.1:{port}/api/v10'"))
    assert_one_line_failure(proc, f"127.0.0.1:{port}", "Check the network connection")


def test_a_failed_dns_lookup_at_start_is_one_line_and_exit_code_1(tmp_path: Path) -> None:
    # .invalid never resolves (RFC 2606): the lookup fails as it does without a network
    proc = run_bot(tmp_path, before=(
        "import discord.http; discord.http.Route.BASE = 'https://discord.invalid/api/v10'"))
    assert_one_line_failure(proc, "discord.invalid", "DNS lookup failed")


class EchoingProxy(http.server.BaseHTTPRequestHandler):
    """A proxy that refuses every request and, as some error pages do, echoes the request's
    Authorization header back in its answer."""

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        body = json.dumps({"code": 50001, "message": "Missing Access for "
                           + str(self.headers.get("Authorization"))}).encode()
        self.send_response(403)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def test_a_refusal_at_start_that_echoes_the_token_prints_one_line_without_it(
    tmp_path: Path,
) -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), EchoingProxy)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        proc = run_bot(tmp_path, before=(
            "import discord.http; discord.http.Route.BASE = "
            f"'http://127.0.0.1:{server.server_address[1]}/api/v10'"))
    finally:
        server.shutdown()
        server.server_close()
    last = assert_one_line_failure(proc, "403", "Missing Access",
                                   start="Discord refused a request at start-up")
    assert "Bot [token]" in last


def test_an_unknown_log_level_is_explained(tmp_path: Path) -> None:
    proc = run_bot(tmp_path, PARLEY_LOG_LEVEL="verbose")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "PARLEY_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR" in proc.stderr


@pytest.fixture
def bot_log() -> Iterator[io.StringIO]:
    """The bot's logging, set up as ``main`` does, writing into a string."""
    with bot_logging("DEBUG", TOKEN) as stream:
        yield stream


def test_the_token_is_redacted_from_messages_tracebacks_and_stacks(
    bot_log: io.StringIO,
) -> None:
    log = logging.getLogger("discord.client")
    log.error("bad token %s", TOKEN)
    try:
        raise RuntimeError(f"401 Unauthorized: Authorization: Bot {TOKEN}")
    except RuntimeError:
        log.exception("login failed")
    try:
        raise ValueError("signature " + TOKEN.rsplit(".", 1)[-1])
    except ValueError as err:
        logging.getLogger("parley").warning("odd", exc_info=err, stack_info=True)
    text = bot_log.getvalue()
    assert TOKEN not in text and TOKEN.rsplit(".", 1)[-1] not in text, text
    assert "bad token [token]" in text
    assert "Authorization: Bot [token]" in text and "Traceback" in text
    assert "signature [token]" in text and "Stack (most recent call last)" in text


def test_debug_logging_leaves_out_the_libraries_that_print_hidden_information(
    bot_log: io.StringIO,
) -> None:
    """SQL values (state dumps), REST bodies (the hand DMs), gateway events (menu picks) and
    interaction tokens stay out of the log, whatever level the operator asks for."""
    for name in ("aiosqlite", "discord.http", "discord.gateway", "discord.webhook.async_"):
        assert not logging.getLogger(name).isEnabledFor(logging.DEBUG), name
    for name in ("parley", "data", "discord.client", "discord.ui.view"):
        assert logging.getLogger(name).isEnabledFor(logging.DEBUG), name
    logging.getLogger("discord.http").debug("POST /channels/1/messages with {'content': 'hand'}")
    assert "hand" not in bot_log.getvalue()


def test_a_start_failure_is_described_in_one_line_for_each_kind() -> None:
    import aiohttp
    import discord

    class FakeHTTPResponse:  # what discord.HTTPException reads from aiohttp's response
        def __init__(self, status: int, reason: str) -> None:
            self.status, self.reason = status, reason

    closed = discord.GatewayNotFound()
    assert "gateway could not be found" in bot.startup_failure(closed)
    server = discord.DiscordServerError(FakeHTTPResponse(503, "Unavailable"), "down")
    assert "server error (503)" in bot.startup_failure(server)
    timeout = aiohttp.ServerTimeoutError("Timeout on reading data from socket")
    assert "Could not reach Discord" in bot.startup_failure(timeout)
    assert bot.startup_failure(RuntimeError("a bug")) is None
