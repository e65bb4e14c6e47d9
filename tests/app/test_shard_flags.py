"""``python bot.py --shard-count N --shards 0-3`` (issue 16, "Sharded processes"): the flags
are read into the shards of N this process runs, and a mistake is told in one sentence."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bot

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("args", "expected"), [
    ([], None),
    (["--shard-count", "8", "--shards", "0-3"], (8, [0, 1, 2, 3])),
    (["--shards=4-7", "--shard-count=8"], (8, [4, 5, 6, 7])),
    (["--shard-count", "4"], (4, [0, 1, 2, 3])),  # every shard of 4
    (["--shard-count", "6", "--shards", "0,2,4-5"], (6, [0, 2, 4, 5])),
    (["--shard-count", "1", "--shards", "0"], (1, [0])),
])
def test_the_shard_flags_name_the_shards_this_process_runs(
    args: list[str], expected: tuple[int, list[int]] | None
) -> None:
    assert bot.shard_options(args) == expected


@pytest.mark.parametrize(("args", "words"), [
    (["--shards", "0-3"], "needs --shard-count"),
    (["--shard-count", "0"], "at least 1"),
    (["--shard-count", "four"], "at least 1"),
    (["--shard-count", "4", "--shards", "2-5"], "between 0 and 3"),
    (["--shard-count", "4", "--shards", "3-1"], "low to high"),
    (["--shard-count", "4", "--shards", "a-b"], "ranges like 0-3"),
    (["--shard-count"], "needs a value"),
    (["--shard-count", "4", "--shard-count", "5"], "repeated"),
    (["--shard-count", "4", "--verbose"], "Unknown"),
])
def test_a_mistake_in_the_shard_flags_is_one_sentence(args: list[str], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        bot.shard_options(args)


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environ = {"PATH": "/usr/bin:/bin", "PARLEY_ENV_FILE": str(tmp_path / "none.env"),
               "PARLEY_DB": str(tmp_path / "x.db")}
    return subprocess.run([sys.executable, str(ROOT / "bot.py"), *args], env=environ,
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)


def test_bad_shard_flags_stop_the_bot_with_exit_code_2_before_anything_else(
    tmp_path: Path,
) -> None:
    proc = _run(tmp_path, "--shard-count", "4", "--shards", "4")
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "--shards must be between 0 and 3 (--shard-count 4), low to high, not '4'."]


def test_good_shard_flags_go_on_to_the_token_check(tmp_path: Path) -> None:
    proc = _run(tmp_path, "--shard-count", "4", "--shards", "0-1")
    assert proc.returncode == 1 and "PARLEY_TOKEN" in proc.stderr


def test_the_compose_file_runs_every_shard_in_exactly_one_process() -> None:
    """docker-compose.yml: its bot services' shard ranges cover all N shards, none twice,
    and every service uses the same PostgreSQL database. The web pages' service (issue 25)
    runs ``bot.py web``, which serves every shard's tables and runs no shard."""
    text = (ROOT / "docker-compose.yml").read_text()
    every = [json.loads(m) for m in re.findall(r"command: (\[.*\])", text)]
    assert ["python", "bot.py", "web"] in every
    commands = [c for c in every if c != ["python", "bot.py", "web"]]
    assert len(commands) >= 2
    shards = [bot.shard_options(c[2:]) for c in commands]
    assert all(c[:2] == ["python", "bot.py"] and s is not None for c, s in zip(
        commands, shards, strict=True))
    counts = {s[0] for s in shards if s is not None}
    assert len(counts) == 1
    ids = [i for s in shards if s is not None for i in s[1]]
    assert sorted(ids) == list(range(counts.pop()))
    assert re.search(r"PARLEY_DB: postgresql://\S+@db:5432/parley", text)
