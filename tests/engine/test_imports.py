"""The engine's imports (issue 23, "no import circle and no import inside a function in
engine/"): read from the source with ``ast``. An import inside a function is how a circle
between two modules of a game was kept alive; each one left is listed here by name, so a
new one fails this test and one taken away must be struck off the list."""

from __future__ import annotations

import ast
from pathlib import Path

import engine

ENGINE = Path(engine.__file__).parent

#: the inner imports still to untangle (module: the modules it imports inside functions)
LEFT: dict[str, set[str]] = {
    "neuroshima/ai.py": {"board", "rules", "game"},
    "neuroshima/battle.py": {"board"},
    "seafarers/offers.py": {"ai"},
    "seafarers/rules.py": {"moves"},
    "sewer_pirats/sailing.py": {"rules"},
}


def inner_imports() -> dict[str, set[str]]:
    """Per engine module, the engine modules it imports inside a function or class."""
    found: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and (node.level or (
                        node.module or "").startswith("engine")):
                    name = (node.module or "").rpartition(".")[2]
                    found.setdefault(str(path.relative_to(ENGINE)), set()).add(name)
    return found


def test_no_new_import_inside_a_function_in_the_engine() -> None:
    assert inner_imports() == LEFT


def test_the_pirate_tricks_ai_does_not_import_the_game() -> None:
    """The AI names its moves through actions.py, as the game does (it imported game.py
    inside a function for the labels: a circle, since the game imports the AI)."""
    tree = ast.parse((ENGINE / "pirate_tricks" / "ai.py").read_text())
    imported = {(n.module or "") for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                 and not n.module for a in n.names}
    assert "actions" in imported
    assert not imported & {"game", "engine.pirate_tricks.game"}
