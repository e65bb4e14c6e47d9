"""The shape of cogs/, held by tests (issues 14 and 23): folders that name the flow, imports
that go one way, files and functions a reader can hold in mind, one home for every custom
id, and one list of the games.

The folders, from the leaves up (``LAYERS``): ``base/`` (the configuration and the bot type
the features annotate with), ``look/`` (every sentence, every custom id, the messages and
panels, errors), ``table/`` (the one move path: act, play on, publish), then the features,
``commands/``, ``components/`` and ``games/``, which import only the folders below them and
never each other, and at the top ``cogs/bot.py``, the file that installs the features,
which nothing in cogs/ imports.

Imports are read from the source with ``ast`` over the whole tree, those under ``if
TYPE_CHECKING:`` included: a type hint that points upwards is a circle all the same. No
cycle among the modules; no import of a project module (cogs, engine, data, render) inside
a function or a class but those of ``INNER_IMPORTS`` (the old way round a cycle: ``notify``
imported ``views`` inside functions, ``bot`` imported the cogs inside ``setup_hook``), nor
``importlib.import_module`` (``adapters`` once found the games' modules by name).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection
from pathlib import Path

import cogs
import engine
from cogs.games.plugins import PLUGINS

COGS = Path(cogs.__file__).parent
#: the folders of cogs/, bottom first: a module imports only modules of its own folder or
#: of a lower layer; the folders of one layer do not import each other. "" is cogs/ itself,
#: whose only module is the installer, ``bot``.
LAYERS: list[tuple[str, ...]] = [
    ("base",),
    ("look",),
    ("table",),
    ("commands", "components", "games"),
    ("",),
]
#: the file that installs the features: nothing in cogs/ imports it
INSTALLER = "bot"
#: the project's top-level packages, whose import inside a function is looked for
PROJECT = ("cogs", "engine", "data", "render")
#: imports of a project module inside a function or a class that are allowed, as
#: "module: function" (none today)
INNER_IMPORTS: set[str] = set()
#: the longest source file and the longest function of cogs/, in lines
FILE_LINES = 600
FUNCTION_LINES = 60
#: the one home of the custom id templates (every "parley:..." string)
CUSTOM_IDS = "look.custom_ids"


def module_name(path: Path) -> str:
    """A module's name inside cogs/: "look.texts", "bot"; a package by its folder."""
    parts = list(path.relative_to(COGS).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of cogs/ (packages included, cogs/ itself as "") by name."""
    return {module_name(path): path for path in sorted(COGS.rglob("*.py"))}


def folder(name: str) -> str:
    """The folder of a module: "look" for "look.texts", "" for "bot" and for cogs/ itself."""
    return name.split(".")[0] if "." in name else ("" if name in ("", INSTALLER) else name)


def _cogs_names(node: ast.Import | ast.ImportFrom, known: set[str]) -> list[str]:
    """The cogs modules an import statement loads: "from cogs.look import texts" loads
    "look.texts", "from cogs.look.texts import clip" loads "look.texts"."""
    if isinstance(node, ast.Import):
        return [a.name.removeprefix("cogs.") for a in node.names if a.name.startswith("cogs.")]
    if node.module is None or not (node.module == "cogs" or node.module.startswith("cogs.")):
        return []
    base = node.module.removeprefix("cogs").removeprefix(".")
    found = []
    for alias in node.names:
        sub = f"{base}.{alias.name}" if base else alias.name
        found.append(sub if sub in known else base)
    return found


def _project_import(node: ast.Import | ast.ImportFrom) -> bool:
    names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
    return isinstance(node, ast.ImportFrom) and node.level > 0 or any(
        n.split(".")[0] in PROJECT for n in names)


def imports_of(tree: ast.Module, known: set[str]) -> set[str]:
    """The cogs modules a module imports at its top, those for type checkers included."""
    found: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_cogs_names(node, known))
            elif isinstance(node, ast.If):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)

    walk(tree.body)
    return found


def inner_imports(tree: ast.Module) -> list[str]:
    """Imports of project modules inside a function or a class, and dynamic imports."""
    out = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and _project_import(node):
                out.append(f"{fn.name}: line {node.lineno}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else \
                getattr(node.func, "id", "")
            if name in ("import_module", "__import__"):
                out.append(f"{name}: line {node.lineno}")
    return out


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(ast.parse(path.read_text()), known) - {name}
            for name, path in found.items()}


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


def upward(edges: dict[str, set[str]]) -> list[str]:
    """The imports that break the layers: to a higher folder, or across the folders of one
    layer."""
    rank = {f: i for i, layer in enumerate(LAYERS) for f in layer}
    out = []
    for a, targets in edges.items():
        for b in targets:
            fa, fb = folder(a), folder(b)
            if fa == fb:
                continue
            if rank[fb] >= rank[fa]:
                out.append(f"{a} imports {b}")
    return sorted(out)


# -- imports ---------------------------------------------------------------------------------


def test_every_module_lives_in_a_folder_of_the_layers() -> None:
    folders = {f for layer in LAYERS for f in layer}
    names = set(modules())
    assert {folder(n) for n in names} <= folders, sorted(n for n in names
                                                         if folder(n) not in folders)
    # in cogs/ itself: its package, the installer, and the folders
    assert {n for n in names if "." not in n} == folders | {INSTALLER}


def test_the_import_graph_of_the_cogs_has_no_cycle_type_hints_included() -> None:
    edges = graph()
    assert edges[INSTALLER] >= {"commands.game", "components.table", "games.plugins",
                                "table.clock"}, "the bot installs its features at the top"
    cycle = _cycle(edges)
    assert cycle is None, " -> ".join(cycle or [])


def test_nothing_in_cogs_imports_the_installer() -> None:
    """The features annotate with ``cogs.base.bot.ParleyBot``, a leaf."""
    edges = graph()
    assert sorted(a for a, targets in edges.items() if INSTALLER in targets) == []


def test_each_folder_imports_only_the_folders_below_it() -> None:
    """Components, commands and games call the move path, the move path the service and
    the publisher, the publisher the leaves: never upwards, and the features never each
    other."""
    assert upward(graph()) == []


def test_the_packages_only_describe_their_folder() -> None:
    """A folder's ``__init__`` imports nothing: importing one module of a folder runs no
    other (a package that imported its modules would close a circle with each of them)."""
    for name, path in modules().items():
        if path.name == "__init__.py":
            tree = ast.parse(path.read_text())
            assert all(isinstance(n, ast.Expr) for n in tree.body), name


def test_no_project_module_is_imported_inside_a_function() -> None:
    found = {name: inner_imports(ast.parse(path.read_text()))
             for name, path in modules().items()}
    extra = {f"{name}: {where.split(':')[0]}" for name, places in found.items()
             for where in places} - INNER_IMPORTS
    assert not extra, {k: v for k, v in found.items() if v}


# -- sizes -----------------------------------------------------------------------------------


def test_no_source_file_of_cogs_is_over_600_lines() -> None:
    sizes = {name: len(path.read_text().splitlines()) for name, path in modules().items()}
    assert {n: s for n, s in sizes.items() if s > FILE_LINES} == {}


def test_no_function_of_cogs_is_over_60_lines() -> None:
    long = {}
    for name, path in modules().items():
        for fn in ast.walk(ast.parse(path.read_text())):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (fn.end_lineno or fn.lineno) - fn.lineno + 1
                if lines > FUNCTION_LINES:
                    long[f"{name}.{fn.name}"] = lines
    assert long == {}


# -- one home for the custom ids, one list of the games -----------------------------------------


def _strings(tree: ast.Module) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings, with their lines."""
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs]


def test_every_custom_id_template_is_written_in_custom_ids() -> None:
    """``cogs/look/custom_ids.py`` is the one home of the "parley:..." ids: their templates,
    the functions that write them, and the log's reading of them."""
    found = {f"{name}: line {line}": text for name, path in modules().items()
             if name != CUSTOM_IDS for line, text in _strings(ast.parse(path.read_text()))
             if "parley:" in text}
    assert found == {}


def test_the_plugins_are_the_one_list_of_the_engines_games() -> None:
    """``cogs/games/plugins.py`` lists every game of the engine once; a game's id is written
    in its plug-in only."""
    ids = [p.game_id for p in PLUGINS]
    assert sorted(ids) == sorted(engine.GAMES) and len(set(ids)) == len(ids)
    groups = [p.group for p in PLUGINS]
    assert len(set(groups)) == len(groups)
    found = {f"{name}: line {line}" for name, path in modules().items()
             if not name.startswith("games.")
             for line, text in _strings(ast.parse(path.read_text())) if text in engine.GAMES}
    assert found == set()


#: the homes of the player-facing sentences of cogs/: the platform's words, the turn's words
#: (messages, panels, notices) and the games'
TEXTS = ("look.texts", "look.turn_texts", "look.game_texts", "look.me_texts",
         "look.undo_texts", "look.clock_texts", "look.record_texts")
#: modules whose words are for the operator, never a player, each with why: they are read in
#: the bot's log, beside its other log lines
OPERATOR_WORDS = {
    "bot": "the operator's log (command sync)",
    "look.permissions": "Discord's own names of its permissions",
    "table.clock": "the operator's log (why a table paused: its channel or server is gone)",
    "table.delivery": "the operator's log (why a delivery paused)",
}
#: modules whose strings with a space and a letter are no sentence of the bot, with why
NOT_SENTENCES = {
    "look.errors": "the log's names of components and interactions (``describe``)",
}
#: strings of a module that are not sentences either: what is parsed rather than said
NOT_SENTENCE_TEXTS = {
    "games.all_hands": {"the ", " and "},  # read in what players type
    "games.sewer_pirats": {"deck deck", " stool "},  # the default draw; a stool's keywords
    "look.adapters": {"/game hand", " move"},  # a command, "/ahod move"
}
#: what a log call, a command's description (the command tree, held by its golden test) and
#: a regular expression hold are not sentences of the bot's messages
_LOG_CALLS = {"debug", "info", "warning", "error", "exception", "critical"}
_DESCRIBING = {"description", "group_description"}
_COMMAND = re.compile(r"^/?[a-z]+( [a-z-]+)+$")


def _not_said(tree: ast.Module) -> set[int]:
    """The string constants of a module that are no sentence of the bot: the arguments of
    log calls and of ``re.compile``, commands' descriptions and ``describe(...)``."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):  # a cog's group_description
            out |= {id(k.value) for k in node.keywords if k.arg in _DESCRIBING}
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else \
            getattr(node.func, "id", "")
        owner = getattr(node.func, "value", None)
        parts: list[ast.AST] = []
        if name in _LOG_CALLS and getattr(owner, "id", "") in ("log", "logger", "logging") \
                or name in ("compile", "describe", "rename"):
            parts = [*node.args, *(k.value for k in node.keywords)]
        parts += [k.value for k in node.keywords if k.arg in _DESCRIBING]
        out |= {id(c) for part in parts for c in ast.walk(part) if isinstance(c, ast.Constant)}
    return out


def sentences(tree: ast.Module, groups: set[str],
              allowed: Collection[str] = ()) -> list[tuple[int, str]]:
    """The strings of a module that read as a sentence (a space and a letter), not
    docstrings, log messages, descriptions of commands, regular expressions, the commands
    a prompt names (``groups``: "sewer tribe") nor ``allowed``."""
    skip = _not_said(tree)
    found = [(node.lineno, node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and id(node) not in skip]
    texts = {(line, text) for line, text in _strings(tree)}
    return sorted((line, text) for line, text in found if (line, text) in texts
                  and " " in text and re.search(r"[A-Za-z]", text) and text not in allowed
                  and not (_COMMAND.match(text) and text.lstrip("/").split()[0] in groups))


def test_every_sentence_of_cogs_is_written_in_its_home() -> None:
    """``cogs/look/texts.py`` (the platform's words), ``cogs/look/turn_texts.py`` (the
    turn's) and ``cogs/look/game_texts.py`` (the games') are the homes of what the bot says: no other module of cogs/ writes a
    sentence, but those ``OPERATOR_WORDS`` and ``NOT_SENTENCES`` name."""
    groups = {p.group for p in PLUGINS} | {"game", "stats", "admin", "me"}
    assert set(OPERATOR_WORDS) | set(NOT_SENTENCES) | set(NOT_SENTENCE_TEXTS) <= set(modules())
    found = {f"{name}: line {line}": text for name, path in modules().items()
             if name not in TEXTS and name not in OPERATOR_WORDS and name not in NOT_SENTENCES
             for line, text in sentences(ast.parse(path.read_text()), groups,
                                         NOT_SENTENCE_TEXTS.get(name, set()))}
    assert found == {}


# -- the checks can fail ------------------------------------------------------------------------


def test_the_checks_find_a_cycle_an_inner_import_and_an_upward_import() -> None:
    """A two-module circle, an import in a function, a type hint that points up, a feature
    that imports another, a docstring that only mentions an id."""
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
    tree = ast.parse("def f():\n    from cogs.components.table import TableButton\n")
    assert inner_imports(tree) == ["f: line 2"]
    tree = ast.parse("def f():\n    import engine.core\n    import json\n")
    assert inner_imports(tree) == ["f: line 2"]
    known = {"look.texts", "bot", "base.bot"}
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                     "    from cogs.bot import InstalledBot\nfrom cogs.look import texts\n")
    assert imports_of(tree, known) == {"bot", "look.texts"}
    assert upward({"look.panel": {"table.play"}, "games.hex": {"commands.moves"},
                   "table.play": {"look.panel", "table.act"}}) == [
        "games.hex imports commands.moves", "look.panel imports table.play"]
    assert _strings(ast.parse('"""parley:do:1"""\nX = "parley:do:"\n')) == [(2, "parley:do:")]


def test_the_sentence_check_finds_a_sentence_put_back_inline() -> None:
    """A refusal written inline is found, an f-string's words too; a log message, a
    command's description, a command a prompt names and a docstring are not."""
    source = ('"""A module."""\n'
              'log.warning("the clock failed; again in a minute")\n'
              '@app_commands.command(name="x", description="Roll the dice")\n'
              'def f(n):\n'
              '    """Its doc."""\n'
              '    texts.panel_first(ASK, "sewer draw")\n'
              '    raise IllegalAction("Name at least one card.")\n'
              '    return f"round {n} of 10"\n')
    assert sentences(ast.parse(source), {"sewer"}) == [
        (7, "Name at least one card."), (8, " of 10"), (8, "round ")]
    assert sentences(ast.parse(source), {"sewer"}, {" of 10", "round "}) == [
        (7, "Name at least one card.")]
