"""A throwaway PostgreSQL server for the tests (issue 16: "the test suite starts its own").

``PgServer.start()`` runs ``initdb`` and ``pg_ctl start`` in a new temporary folder: the data
directory, the log and the unix socket all live in it, the server listens on 127.0.0.1 only,
on a port that was free a moment before (another try on another port if it was taken in
between), and ``stop()`` stops it and removes the folder, so nothing is left running and
nothing is written outside that folder. ``fsync`` is off: the server is thrown away, and
the tests kill client processes, never the server.

PostgreSQL refuses to run as root. When the tests run as root (as on CI), the server runs
as the ``postgres`` account when the machine has one (the Debian packages create it), else
as ``nobody``, through ``setpriv`` (or ``runuser``); the folder is handed to that account.

Password authentication over TCP (SCRAM, user ``parley``), so the URLs the tests use are
shaped like an operator's: ``postgresql://parley:<password>@127.0.0.1:<port>/<database>``.

When the server programs are missing, :func:`shared` raises :class:`PostgresMissing` with a
sentence saying what to install, and every PostgreSQL test fails with it: never a silent
skip (the issue asks that CI notices).
"""

from __future__ import annotations

import atexit
import itertools
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

PROGRAMS = ("initdb", "pg_ctl", "postgres")
INSTALL_HINT = (
    "The PostgreSQL tests need PostgreSQL 15's server programs initdb, pg_ctl and postgres "
    "on the PATH. Install them (Debian or Ubuntu: `apt-get install postgresql-15`, then put "
    "/usr/lib/postgresql/15/bin on the PATH; macOS: `brew install postgresql@15`) and run "
    "the tests again. Missing: {missing}."
)
USER = "parley"
#: a few tries on fresh ports, in case another program takes the free port first
PORT_TRIES = 5


class PostgresMissing(RuntimeError):
    """The server programs are not installed; the message says what to install."""


def _programs() -> dict[str, str] | None:
    """Where initdb, pg_ctl and postgres are: on the PATH, or else in the folder where the
    Debian and Ubuntu packages put them (/usr/lib/postgresql/<version>/bin, newest first),
    which the packages do not put on the PATH. None when they are not installed."""
    found = {p: shutil.which(p) for p in PROGRAMS}
    if all(found.values()):
        return {p: str(path) for p, path in found.items()}
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True,
                         key=lambda f: int(f.parent.name) if f.parent.name.isdigit() else 0):
        if all((folder / p).is_file() for p in PROGRAMS):
            return {p: str(folder / p) for p in PROGRAMS}
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _unprivileged_account() -> pwd.struct_passwd | None:
    """The account the server runs as when we are root; None when we are not root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise PostgresMissing("The tests run as root, and PostgreSQL refuses to run as root; "
                          "this machine has neither a `postgres` nor a `nobody` account to "
                          "run the test server as. Create one (`useradd postgres`).")


def _as_account(account: pwd.struct_passwd | None) -> list[str]:
    """The command prefix that runs a program as ``account`` (nothing when not root)."""
    if account is None:
        return []
    if shutil.which("setpriv"):
        return ["setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}",
                "--clear-groups", "--"]
    if shutil.which("runuser"):
        return ["runuser", "-u", account.pw_name, "--"]
    raise PostgresMissing("The tests run as root and PostgreSQL refuses to run as root, but "
                          "neither `setpriv` nor `runuser` (util-linux) is installed to run "
                          "the test server as another account: install util-linux.")


@dataclass
class PgServer:
    folder: Path
    port: int
    password: str
    prefix: list[str]
    programs: dict[str, str]
    users: int = 0  # fixtures holding the server (see ``shared``)
    _names: itertools.count = field(default_factory=lambda: itertools.count(1))

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}:{self.password}@127.0.0.1:{self.port}/{database}"

    def new_database_name(self) -> str:
        return f"t{next(self._names)}"

    @classmethod
    def start(cls) -> PgServer:
        programs = _programs()
        if programs is None:
            missing = [p for p in PROGRAMS if shutil.which(p) is None]
            raise PostgresMissing(INSTALL_HINT.format(missing=", ".join(missing)))
        account = _unprivileged_account()
        prefix = _as_account(account)
        folder = Path(tempfile.mkdtemp(prefix="parley-pg-"))
        try:
            password = secrets.token_hex(12)
            pwfile = folder / "pw"
            pwfile.write_text(password + "\n")
            if account is not None:
                for path in (folder, pwfile):
                    os.chown(path, account.pw_uid, account.pw_gid)
            _run(prefix + [programs["initdb"], "-D", str(folder / "data"), "-U", USER,
                           f"--pwfile={pwfile}", "--auth-local=trust",
                           "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C",
                           "--no-sync", "--no-instructions"], folder)
            pwfile.unlink()
            for _ in range(PORT_TRIES):
                server = cls(folder, _free_port(), password, prefix, programs)
                if server._pg_ctl_start():
                    return server
            raise RuntimeError(f"The test PostgreSQL server did not start:\n"
                               f"{(folder / 'server.log').read_text()[-2000:]}")
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise

    def _pg_ctl_start(self) -> bool:
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} "
                   f"-c unix_socket_directories='{self.folder}' -c fsync=off "
                   f"-c max_connections=300 -c shared_buffers=64MB")
        proc = subprocess.run(
            self.prefix + [self.programs["pg_ctl"], "-D", str(self.data),
                           "-l", str(self.folder / "server.log"),
                           "-w", "-t", "60", "-o", options, "start"],
            cwd=self.folder, capture_output=True, text=True)
        return proc.returncode == 0

    def halt(self) -> None:
        """Stop the server as an operator does (``pg_ctl stop -m fast``: every session is
        ended, open transactions are rolled back) and keep its folder, so that ``resume``
        starts it again on the same data and port (issue 21, item 4: an outage)."""
        proc = subprocess.run(
            self.prefix + [self.programs["pg_ctl"], "-D", str(self.data), "-m", "fast",
                           "-w", "-t", "60", "stop"],
            cwd=self.folder, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"The test PostgreSQL server did not stop:\n{proc.stderr}")

    def resume(self) -> None:
        """Start again, on the same data directory and port, the server ``halt`` stopped."""
        if not self._pg_ctl_start():
            raise RuntimeError(f"The test PostgreSQL server did not start again:\n"
                               f"{(self.folder / 'server.log').read_text()[-2000:]}")

    def stop(self) -> None:
        """Stop the server (immediately: the data is thrown away) and remove the folder."""
        try:
            if (self.data / "postmaster.pid").exists():
                subprocess.run(self.prefix + [self.programs["pg_ctl"], "-D", str(self.data),
                                              "-m", "immediate", "-w", "stop"],
                               cwd=self.folder, capture_output=True, timeout=60)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def _run(cmd: list[str], cwd: Path) -> None:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{proc.stdout}\n{proc.stderr}")


_lock = threading.Lock()
_server: PgServer | None = None
_failure: BaseException | None = None


def shared() -> PgServer:
    """The session's server, started on first use; pair every call with :func:`release`.
    A failure to start is remembered, so every PostgreSQL test fails with the same sentence
    without trying again."""
    global _server, _failure
    with _lock:
        if _failure is not None:
            raise _failure
        if _server is None:
            try:
                _server = PgServer.start()
            except BaseException as exc:
                _failure = exc
                raise
            atexit.register(_stop_now)  # a safety net if the session ends abnormally
        _server.users += 1
        return _server


def release() -> None:
    """Let go of the server; the last user stops it."""
    global _server
    with _lock:
        if _server is None:
            return
        _server.users -= 1
        if _server.users <= 0:
            server, _server = _server, None
            server.stop()


def _stop_now() -> None:
    global _server
    with _lock:
        if _server is not None:
            server, _server = _server, None
            server.stop()


def serve() -> Iterator[PgServer]:
    """The body of a ``pg_server`` fixture: the shared server while the fixture lives; the
    test fails with the install sentence when the server programs are missing."""
    import pytest

    missing: str | None = None
    try:
        server = shared()
    except PostgresMissing as exc:
        missing = str(exc)
    if missing is not None:
        pytest.fail(missing, pytrace=False)
    try:
        yield server
    finally:
        release()


async def create_database(server: PgServer) -> str:
    """A new empty database on the server; its URL."""
    import asyncpg

    name = server.new_database_name()
    con = await asyncpg.connect(server.url())
    try:
        await con.execute(f'CREATE DATABASE "{name}"')
    finally:
        await con.close()
    return server.url(name)


async def drop_database(server: PgServer, url: str) -> None:
    """Drop the database of ``url``, closing whatever connections are still open on it."""
    import asyncpg

    name = url.rsplit("/", 1)[-1]
    con = await asyncpg.connect(server.url())
    try:
        await con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await con.close()
