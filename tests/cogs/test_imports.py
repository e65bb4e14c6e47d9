"""The cogs, untangled (issue 14): the imports inside ``cogs/`` go one way.

Read from the source with ``ast``, as Python runs it: module-level imports (those under
``if TYPE_CHECKING:`` are for type checkers only, never run, and cannot make a cycle). No
cycle among them; no import of a cogs module inside a function (the old way round a
cycle: ``notify`` imported ``views`` inside functions, ``play`` imported the panel inside
one, ``bot`` imported the cogs inside ``setup_hook``), nor ``importlib.import_module``
(``adapters`` once found the games' modules by name); and the layers below, from the
leaves up to the bot, import only downwards.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cogs

COGS = Path(cogs.__file__).parent
#: the layers of cogs/, bottom first: a module imports only modules of lower layers;
#: modules not listed (a cog of its own, like /stats) are held to the cycle test only
LAYERS: list[tuple[str, ...]] = [
    ("config", "texts", "components", "adapters"),
    ("permissions",),
    ("actions", "errors", "seats"),
    ("messages",),
    ("panel",),
    ("publish",),
    ("delivery",),
    ("table_actions",),
    ("play", "rules", "clock_panel"),
    ("views", "all_hands", "neuroshima", "pirate_tricks", "seafarers", "sewer_pirats",
     "clock", "game"),
    ("bot",),
]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _cogs_names(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The cogs modules an import statement loads."""
    if isinstance(node, ast.Import):
        return [a.name.split(".")[1] for a in node.names
                if a.name.startswith("cogs.") and a.name.count(".") >= 1]
    if node.module == "cogs":
        return [a.name for a in node.names if (COGS / f"{a.name}.py").exists()]
    if node.module and node.module.startswith("cogs."):
        return [node.module.split(".")[1]]
    return []


def _run_time_imports(tree: ast.Module) -> set[str]:
    """The cogs modules a module imports when it is loaded."""
    found: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_cogs_names(node))
            elif isinstance(node, ast.If) and not _is_type_checking(node):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)

    walk(tree.body)
    return found


def _inner_imports(tree: ast.Module) -> list[str]:
    """Imports of cogs modules inside a function or a class, and dynamic imports."""
    out = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and _cogs_names(node):
                out.append(f"{fn.name}: line {node.lineno}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else \
                getattr(node.func, "id", "")
            if name in ("import_module", "__import__"):
                out.append(f"{name}: line {node.lineno}")
    return out


def graph() -> dict[str, set[str]]:
    return {path.stem: _run_time_imports(ast.parse(path.read_text()))
            for path in sorted(COGS.glob("*.py")) if path.stem != "__init__"}


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_import_graph_of_the_cogs_has_no_cycle() -> None:
    edges = graph()
    assert "notify" not in edges, "the old hub is gone"
    assert edges["bot"] >= {"game", "views", "clock"}, "the bot imports its cogs at the top"
    cycle = _cycle(edges)
    assert cycle is None, " -> ".join(cycle or [])


def test_no_cogs_module_is_imported_inside_a_function() -> None:
    found = {path.name: _inner_imports(ast.parse(path.read_text()))
             for path in sorted(COGS.glob("*.py"))}
    assert not {k: v for k, v in found.items() if v}, found


def test_each_layer_imports_only_the_layers_below_it() -> None:
    """Components and commands call the table actions, the table actions the service and
    the publisher, the publisher the message builders and the leaves: never upwards."""
    rank = {name: i for i, layer in enumerate(LAYERS) for name in layer}
    edges = graph()
    assert set(rank) <= set(edges), sorted(set(rank) - set(edges))
    upwards = sorted(f"{a} imports {b}" for a, targets in edges.items() if a in rank
                     for b in targets if b in rank and rank[b] >= rank[a])
    assert upwards == []


def test_the_test_finds_a_cycle_and_an_inner_import() -> None:
    """The checks above can fail: a two-module circle and an import in a function."""
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    tree = ast.parse("def f():\n    from cogs.views import TableButton\n")
    assert _inner_imports(tree) == ["f: line 2"]
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                     "    from cogs.bot import ParleyBot\nfrom cogs import texts\n")
    assert _run_time_imports(tree) == {"texts"}
