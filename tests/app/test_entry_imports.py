"""The two entry points (issue 23, "Entry points"): the settings live in a leaf that bot.py
and console.py both use, console.py does not import bot.py, and the Docker image copies
every top-level module they import."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOP = {p.stem for p in ROOT.glob("*.py")}


def top_level_imports(name: str) -> set[str]:
    """The project's top-level modules ``name``.py imports, anywhere in it."""
    tree = ast.parse((ROOT / f"{name}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found & TOP


def test_the_console_does_not_import_the_bot_and_settings_is_a_leaf() -> None:
    assert "bot" not in top_level_imports("console")
    assert top_level_imports("settings") == set()
    assert "settings" in top_level_imports("bot") and "settings" in top_level_imports("console")


def test_the_docker_image_holds_every_top_level_module_the_entry_points_import() -> None:
    copied = " ".join(line for line in (ROOT / "Dockerfile").read_text().splitlines()
                      if line.startswith("COPY"))
    for name in {"bot", "console"} | top_level_imports("bot") | top_level_imports("console"):
        assert f"{name}.py" in copied, f"{name}.py is not copied into the image"
