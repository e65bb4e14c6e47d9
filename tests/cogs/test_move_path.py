"""The click path read top to bottom (issue 23, Done-when 6): a click calls one table action,
which returns what it did (no callback down the path); the move count is compared in one
place, inside the store's transaction; no trial apply on a copy before the store applies
the steps; and a stale click is refused politely and changes nothing."""

from __future__ import annotations

import ast
import copy
import inspect
import re
from pathlib import Path

import pytest

import cogs
import data
import engine
from cogs.table.act import move
from cogs.table.publish import Story, publish
from data.store import OUT_OF_DATE, menu_current
from data.tables import Outcome, OutOfDate
from engine.table import Table
from tests.cogs.flows import boards, table_of
from tests.cogs.harness import Harness, Msg
from tests.cogs.test_moves import snapshot, two_captains

ROOTS = [Path(m.__file__).parent for m in (cogs, data, engine)]
#: the modules a move goes through, from the click to the store
MOVE_PATH = ["cogs/table/play.py", "cogs/table/act.py", "data/tables.py", "data/moves.py",
             "data/store.py", "data/rows.py"]


def sources() -> dict[str, ast.Module]:
    out = {}
    for root in ROOTS:
        for path in sorted(root.rglob("*.py")):
            name = f"{root.name}/{path.relative_to(root).as_posix()}"
            out[name] = ast.parse(path.read_text(encoding="utf-8"), name)
    return out


def is_seat_moves(node: ast.AST) -> bool:
    """``<x>.seat_moves[...]`` or ``seat_moves[...]``."""
    if not isinstance(node, ast.Subscript):
        return False
    value = node.value
    return (isinstance(value, ast.Attribute) and value.attr == "seat_moves") or \
        (isinstance(value, ast.Name) and value.id == "seat_moves")


def test_the_move_count_is_compared_in_one_place() -> None:
    found = [(name, node.lineno) for name, tree in sources().items()
             for node in ast.walk(tree) if isinstance(node, ast.Compare)
             and any(is_seat_moves(side) for side in [node.left, *node.comparators])]
    assert len(found) == 1, found
    name, line = found[0]
    assert name == "data/rows.py"
    (function,) = [f for f in ast.walk(sources()[name]) if isinstance(f, ast.FunctionDef)
                   and f.lineno <= line <= (f.end_lineno or line)]
    assert function.name == "menu_current"


def test_the_store_asks_it_inside_its_transaction() -> None:
    tree = sources()["data/store.py"]
    (apply_steps,) = [f for f in ast.walk(tree) if isinstance(f, ast.AsyncFunctionDef)
                      and f.name == "apply_steps"]
    (writing,) = [w for w in ast.walk(apply_steps) if isinstance(w, ast.AsyncWith)]
    asked = [c for c in ast.walk(writing) if isinstance(c, ast.Call)
             and isinstance(c.func, ast.Name) and c.func.id == "menu_current"]
    assert len(asked) == 1, "the move count is compared in the store's transaction"


def test_no_trial_apply_on_the_move_path() -> None:
    assert not hasattr(Table, "plan")
    trees = sources()
    for name in MOVE_PATH:
        calls = [c for c in ast.walk(trees[name]) if isinstance(c, ast.Call)
                 and isinstance(c.func, ast.Attribute)
                 and c.func.attr in ("try_moves", "plan", "clone")]
        assert not calls, f"{name} tries moves on a copy (line {calls[0].lineno})"


def test_the_table_action_returns_its_outcome_and_takes_no_callback() -> None:
    params = inspect.signature(move).parameters
    assert "answer" not in params
    assert not [p for p in params.values() if "Callable" in str(p.annotation)
                or "Awaitable" in str(p.annotation)]
    play = Path(cogs.__file__).parent / "table" / "play.py"
    assert "answer=" not in play.read_text(encoding="utf-8")


def test_a_navigation_click_asks_the_same_question() -> None:
    table = Table.__new__(Table)
    table.seat_moves = [3, 1]
    assert menu_current(table, 0, 3) and not menu_current(table, 1, 3)
    assert not menu_current(table, 5, 0)  # no such seat: nothing current
    assert OutOfDate().reason == OUT_OF_DATE


def moves_in(msg: Msg) -> set[int]:
    """The move counts the panel's custom ids carry."""
    found = set()
    for item in msg.items():
        m = re.match(r"parley:[a-z]+:[0-9]+:[0-9]+:([0-9]+):", str(item.get("custom_id", "")))
        if m:
            found.add(int(m.group(1)))
    return found


@pytest.mark.parametrize("move_first", ["slash", "panel"])
async def test_a_stale_click_is_refused_politely_and_changes_nothing(
    h: Harness, move_first: str
) -> None:
    first, *_ = await two_captains(h)
    panel = (await h.click(first, boards(h)[-1], "My hand / act")).message
    stale = Msg(copy.deepcopy(panel.payload))
    (drawn,) = moves_in(stale)
    if move_first == "slash":
        r = await h.slash(first, "ahod pass")
    else:
        r = await h.click(first, panel, next(str(i["label"]) for i in panel.items()
                                             if str(i.get("label", "")).startswith("Pass")))
    assert r.ephemeral
    before = await snapshot(h)
    posts = len(h.posts())
    pass_label = next(str(i["label"]) for i in stale.items()
                      if str(i.get("label", "")).startswith("Pass"))
    r = await h.click(first, stale, pass_label)
    assert OUT_OF_DATE in r.text and all(m.ephemeral for m in r.messages
                                         if OUT_OF_DATE in m.text)
    assert await snapshot(h) == before, "nothing applied, nothing logged"
    assert len(h.posts()) == posts, "nothing said in public"
    assert r.original is not None and moves_in(r.original) == {drawn + 1}, \
        "the fresh panel takes the stale one's place"


async def test_the_publisher_builds_the_public_view_once_per_change(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, *_ = await two_captains(h)
    await h.slash(first, "ahod pass")
    table = await table_of(h)
    built: list[int] = []
    view = Table.view

    def counted(self: Table, game: object, seat: int | None) -> dict:
        if seat is None:
            built.append(self.version)
        return view(self, game, seat)  # type: ignore[arg-type]

    monkeypatch.setattr(Table, "view", counted)
    story = Story(Outcome(table), fresh=True)
    await publish(h.bot, story, new_board=True)
    assert built == [table.version], "built once, by the story, for the board and the DMs"
    assert len(h.posts()) > 0
