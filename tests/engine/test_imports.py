"""The engine's imports (issue 23, "no import circle and no import inside a function in
engine/"): read from the source with ``ast``. An import inside a function is how a circle
between two modules of a game was kept alive; each one left is listed here by name, so a
new one fails this test and one taken away must be struck off the list."""

from __future__ import annotations

import ast
from pathlib import Path

import engine
from tests.cogs.test_imports import _cycle

ENGINE = Path(engine.__file__).parent

#: the inner imports still to untangle (module: the modules it imports inside functions)
LEFT: dict[str, set[str]] = {
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


# -- no circle -----------------------------------------------------------------------------

#: packages whose modules may still import each other in a circle, for now: Seafarers is
#: being untangled by someone else at the same time (issue 23); an import between one of
#: its modules and a module outside it still counts. Strike it off once that is done.
CIRCLES_ALLOWED_INSIDE: tuple[str, ...] = ("engine.seafarers",)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ENGINE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _targets(node: ast.Import | ast.ImportFrom, module: str, package: bool,
             modules: set[str]) -> set[str]:
    """The engine modules an import statement of ``module`` names: a submodule named in a
    ``from`` import (``from . import rules``), else the module it imports from."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in modules}
    base = module.split(".") if package else module.split(".")[:-1]
    if node.level:
        base = base[:len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    found = set()
    for alias in node.names:
        if f"{source}.{alias.name}" in modules:
            found.add(f"{source}.{alias.name}")
        elif source in modules:
            found.add(source)
    return found


def module_imports(tree: ast.Module, module: str, package: bool,
                   modules: set[str]) -> set[str]:
    """The engine modules ``module`` imports at module level, those under ``if
    TYPE_CHECKING:`` included (never run, but a circle for whoever reads the code), and
    those in any other ``if`` or ``try`` at the top."""
    found: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_targets(node, module, package, modules))
            elif isinstance(node, ast.If):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)
                walk(node.orelse)
                walk(node.finalbody)
                for handler in node.handlers:
                    walk(handler.body)

    walk(tree.body)
    return found - {module}


def graph() -> dict[str, set[str]]:
    """Every engine module and the engine modules it imports at module level."""
    paths = {_module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}
    modules = set(paths)
    return {name: module_imports(ast.parse(path.read_text()), name,
                                 path.name == "__init__.py", modules)
            for name, path in paths.items()}


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_import_graph_of_the_engine_has_no_circle() -> None:
    edges = graph()
    checked = {a: {b for b in targets if not any(
        _inside(a, p) and _inside(b, p) for p in CIRCLES_ALLOWED_INSIDE)}
        for a, targets in edges.items()}
    cycle = _cycle(checked)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_old_circles_now_run_one_way() -> None:
    """Neuroshima's AI took its labelled moves from game.py, which imports the AI: it takes
    them from actions.py now. Sewer Pirats' sailing offered a weasel captain's second action
    through rules.py, which imports the sailing: the sailing names the weasel's owner to its
    caller in play.py now, which offers the action."""
    edges = graph()
    assert "engine.neuroshima.actions" in edges["engine.neuroshima.ai"]
    assert "engine.neuroshima.game" not in edges["engine.neuroshima.ai"]
    assert edges["engine.neuroshima.game"] >= {"engine.neuroshima.ai",
                                               "engine.neuroshima.play"}
    assert not edges["engine.sewer_pirats.sailing"] & {"engine.sewer_pirats.rules",
                                                       "engine.sewer_pirats.play"}
    assert "engine.sewer_pirats.sailing" in edges["engine.sewer_pirats.play"]


def test_the_test_finds_a_circle_and_reads_every_kind_of_import() -> None:
    """The checks above can fail: a two-module circle; and the graph reads relative and
    absolute imports, a submodule named in a ``from`` import, and an import for the type
    checker only."""
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    modules = {"engine", "engine.core", "engine.g", "engine.g.ai", "engine.g.game",
               "engine.g.rules"}
    tree = ast.parse("from typing import TYPE_CHECKING\n"
                     "from engine.core import Action\n"
                     "from . import rules\n"
                     "from .. import core\n"
                     "if TYPE_CHECKING:\n"
                     "    from .game import Game\n"
                     "def f():\n"
                     "    from .ai import choose\n")
    assert module_imports(tree, "engine.g.ai", False, modules) == {
        "engine.core", "engine.g.rules", "engine.g.game"}
    tree = ast.parse("from .game import Game\n")
    assert module_imports(tree, "engine.g", True, modules) == {"engine.g.game"}
