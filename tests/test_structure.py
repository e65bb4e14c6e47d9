"""The shape of the source beyond cogs/ (issue 23, "Done when" 1-2; cogs/ has
tests/cogs/test_imports.py and engine/ tests/engine/test_imports.py): no source file over
600 lines anywhere; no function over 60 lines in engine/ and data/; the data layer without
an import circle (type-checking imports counted) and without imports inside functions, but
for the backend the store chooses when it opens (SQLite or PostgreSQL).

web/ (issue 25) is held to the same sizes, and to its place in the layers: it imports the
engine, the renderers and the store (and aiohttp, the standard library), never discord nor
cogs/, nothing inside a function; web/links.py is a leaf; nothing below it imports it, and
the cogs may import web/links.py alone (to put the links on their messages)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from tests.cogs.test_imports import _cycle

ROOT = Path(__file__).resolve().parents[1]
FILE_LINES = 600
FUNCTION_LINES = 60
#: imports inside a function that are meant: the database backend chosen at run time
INNER_ALLOWED = {("data/store.py", "open")}


def sources() -> list[Path]:
    """Every Python source of the project but its tests and its virtual environment."""
    return [p for p in sorted(ROOT.rglob("*.py"))
            if not {".venv", "tests", ".git"} & set(p.relative_to(ROOT).parts)]


def functions(folder: str) -> list[tuple[str, str, int]]:
    out = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.append((str(path.relative_to(ROOT)), node.name,
                            node.end_lineno - node.lineno + 1))
    return out


def data_modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text()) for p in sorted((ROOT / "data").glob("*.py"))}


def data_imports(tree: ast.Module, known: set[str]) -> set[str]:
    """The data modules a data module imports anywhere at module level (under ``if``,
    ``try`` and ``if TYPE_CHECKING:`` too)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.module and node.module.startswith("data."):
                found.add(node.module.split(".")[1])
            elif node.module == "data" or (node.level == 1 and not node.module):
                found |= {a.name for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names if a.name.startswith("data.")}
    return found & known


def test_no_source_file_is_over_600_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in sources()
            if (n := len(p.read_text().splitlines())) > FILE_LINES}
    assert not long


def test_no_function_of_the_engine_the_data_layer_or_the_web_is_over_60_lines() -> None:
    long = [f for folder in ("engine", "data", "web") for f in functions(folder)
            if f[2] > FUNCTION_LINES]
    assert not long


def test_the_data_layer_has_no_import_circle() -> None:
    trees = data_modules()
    known = set(trees)
    edges = {name: data_imports(tree, known) - {name} for name, tree in trees.items()}
    assert _cycle(edges) is None


def test_the_data_layer_imports_inside_a_function_only_its_backend() -> None:
    found = set()
    for path in sorted((ROOT / "data").glob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text())):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if any(isinstance(n, (ast.Import, ast.ImportFrom)) for n in ast.walk(fn)):
                    found.add((str(path.relative_to(ROOT)), fn.name))
    assert found <= INNER_ALLOWED, found - INNER_ALLOWED


def top_imports(path: Path) -> tuple[set[str], bool]:
    """The modules ``path`` imports (a relative import as ".name"), and whether any import
    sits inside a function."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    inner = False
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner |= any(isinstance(n, (ast.Import, ast.ImportFrom)) for n in ast.walk(node))
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add("." + (node.module or "") if node.level else str(node.module))
    return found, inner


WEB_ALLOWED = {"engine", "render", "data", "web", "aiohttp"}
PROJECT_TOP = {"engine", "render", "data", "web", "cogs", "bot", "console", "settings",
               "plain_text"}


def test_the_web_imports_only_the_layers_below_it_and_never_inside_a_function() -> None:
    for path in sorted((ROOT / "web").rglob("*.py")):
        names, inner = top_imports(path)
        tops = {n.split(".")[0] for n in names if not n.startswith(".")}
        ours_or_third = {t for t in tops if t not in sys.stdlib_module_names}
        assert ours_or_third <= WEB_ALLOWED, (path.name, ours_or_third - WEB_ALLOWED)
        assert not inner, f"{path.name} imports inside a function"
    links, _ = top_imports(ROOT / "web" / "links.py")
    assert not {n.split(".")[0] for n in links} & PROJECT_TOP, "web/links.py is a leaf"


def test_nothing_below_the_web_imports_it_and_the_cogs_only_its_links() -> None:
    for folder in ("engine", "render", "data"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            names, _ = top_imports(path)
            assert not any(n == "web" or n.startswith("web.") for n in names), path
    for path in sorted((ROOT / "cogs").rglob("*.py")):
        names, _ = top_imports(path)
        web = {n for n in names if n == "web" or n.startswith("web.")}
        assert web <= {"web.links"}, (path, web)


def test_the_web_has_no_import_circle() -> None:
    trees = {p.stem: top_imports(p)[0] for p in sorted((ROOT / "web").glob("*.py"))}
    edges = {name: {n.split(".")[1] for n in names if n.startswith("web.")} - {name}
             for name, names in trees.items()}
    assert _cycle(edges) is None
