"""The export file of a table (data/export.py): every game's finished table goes out as a file
and comes back as the same game, and a damaged file is refused with a sentence.

The games are played through the real table service on a SQLite file, the person's seat by
random legal moves and the others by the ``random`` AI, and exported from the store's own
log, as ``/game export`` does.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

import engine
from data.export import ExportError, export_json, table_export, table_from_export, table_from_json
from data.store import Store
from data.tables import TableService
from engine.core import IllegalAction
from engine.table import ABANDONED, FINISHED, PLAYING, Table

GAMES = sorted(engine.GAMES)  # read at collection, before the fixture games are added
T0 = 1_700_000_000.0
ALL = 10**9  # history(limit=ALL): the whole log


async def play(db: Path, game_id: str, *, moves: int | None = None) -> tuple[Store, Table]:
    """A table of ``game_id`` hosted by Anne ("u0") with AI seats of level ``random`` up to
    the fewest players the game takes (three for Seafarers, its scenarios' smallest table),
    played to the end, or for ``moves`` moves and left running."""
    store = await Store.open(db)
    svc = TableService(store)
    game = engine.get_game(game_id)
    await svc.new(game_id, "chan", "u0", "Anne", {}, seed=f"export-{game_id}", now=T0)
    for _ in range(max(game.min_players, 3 if game_id == "seafarers" else 2) - 1):
        await svc.add_bot("chan", "u0", "random", T0)
    table = (await svc.start("chan", "u0", T0)).table
    rng = random.Random(game_id)
    made = 0
    while table.status == PLAYING and (moves is None or made < moves):
        waiting = sorted(table.to_act(game))
        if 0 in waiting:
            action = rng.choice(game.legal_actions(table.state, 0))
            table = (await svc.move_seat(table.key, 0, action, T0)).table
        else:
            table = (await svc.run_ai(table.key, T0, max_moves=1)).table
        made += 1
    return store, table


async def exported(store: Store, table: Table) -> str:
    return export_json(table, await store.history(table.key, limit=ALL))


def replayed(text: str) -> Table:
    """The table of an export's text with all of its moves made again."""
    table, moves = table_from_json(text)
    game = engine.get_game(table.game_id)
    for seat, action in moves:
        table.apply(game, seat, action, T0)
    return table


@pytest.mark.parametrize("game_id", GAMES)
async def test_an_exported_finished_game_comes_back_as_the_same_game(
        game_id: str, tmp_path: Path) -> None:
    store, table = await play(tmp_path / "parley.db", game_id)
    try:
        text = await exported(store, table)
    finally:
        await store.close()
    game = engine.get_game(game_id)
    assert table.status == FINISHED
    data = json.loads(text)
    assert data["format"] == "parley-table" and data["version"] == 1
    assert data["game"] == game_id and data["seed"] == table.seed
    assert data["options"] == table.options and data["status"] == FINISHED
    assert [s["name"] for s in data["seats"]] == [s.name for s in table.seats]
    assert [s["ai"] for s in data["seats"]] == [s.ai for s in table.seats]
    assert len(data["actions"]) == sum(table.seat_moves)

    loaded, moves = table_from_json(text)
    assert loaded.status == PLAYING and sum(loaded.seat_moves) == 0  # as dealt
    assert [s.name for s in loaded.seats] == [s.name for s in table.seats]
    assert len(moves) == sum(table.seat_moves)
    again = replayed(text)
    assert again.status == FINISHED
    assert game.dump(again.state) == game.dump(table.state)  # bit for bit, as DESIGN.md says
    assert game.result(again.state) == game.result(table.state)


async def test_the_file_holds_names_and_levels_but_no_discord_user_id(tmp_path: Path) -> None:
    store, table = await play(tmp_path / "parley.db", "pirate-tricks")
    try:
        text = await exported(store, table)
    finally:
        await store.close()
    data = json.loads(text)
    assert data["seats"][0] == {"name": "Anne", "ai": None}
    assert '"u0"' not in text and "player" not in json.dumps(data["seats"])


async def test_a_game_still_being_played_is_not_exported(tmp_path: Path) -> None:
    """Its seed and moves would show everyone's hidden cards."""
    store, table = await play(tmp_path / "parley.db", "all-hands", moves=10)
    try:
        log = await store.history(table.key, limit=ALL)
    finally:
        await store.close()
    assert table.status == PLAYING
    with pytest.raises(IllegalAction, match="once it is over"):
        table_export(table, log)


def test_a_table_still_in_its_lobby_has_nothing_to_export() -> None:
    game = engine.get_game("all-hands")
    table = Table.new(game, "chan", "u0", "Anne", {}, "seed")
    with pytest.raises(IllegalAction, match="never started"):
        table_export(table, [])


async def test_a_log_cut_short_is_not_exported(tmp_path: Path) -> None:
    store, table = await play(tmp_path / "parley.db", "neuroshima")
    try:
        recent = await store.history(table.key, limit=20)
    finally:
        await store.close()
    with pytest.raises(ValueError, match="not its whole log"):
        table_export(table, recent)


async def test_an_aborted_game_is_exported_and_can_be_played_on(tmp_path: Path) -> None:
    store, table = await play(tmp_path / "parley.db", "sewer-pirats", moves=30)
    try:
        await TableService(store).abort("chan", "u0", False, T0)
        table = await store.get(table.key)
        text = await exported(store, table)
    finally:
        await store.close()
    assert table.status == ABANDONED
    assert json.loads(text)["status"] == ABANDONED and json.loads(text)["result"] is None
    again = replayed(text)
    game = engine.get_game("sewer-pirats")
    assert again.status == PLAYING and game.dump(again.state) == game.dump(table.state)
    seat = sorted(again.to_act(game))[0]
    again.apply(game, seat, game.legal_actions(again.state, seat)[0], T0)  # it goes on


# -- damaged files ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def good_file(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """A finished Pirate Tricks table's export, as a dict each test may copy and damage."""
    async def make() -> str:
        store, table = await play(tmp_path_factory.mktemp("good") / "parley.db",
                                  "pirate-tricks")
        try:
            return await exported(store, table)
        finally:
            await store.close()

    return json.loads(asyncio.run(make()))


def _set(key: str, value: object) -> Callable[[dict], None]:
    def damage(data: dict) -> None:
        data[key] = value
    return damage


def _move(i: int, key: str, value: object) -> Callable[[dict], None]:
    def damage(data: dict) -> None:
        data["actions"][i][key] = value
    return damage


def _last_move_first(data: dict) -> None:
    """The last trick's card played as the first move, while the rows are bid for."""
    a = data["actions"]
    a[0] = dict(a[-1])


def _move_after_the_end(data: dict) -> None:
    data["actions"].append(dict(data["actions"][-1]))


def _drop_last_move(data: dict) -> None:
    data["actions"].pop()


def _change_args(data: dict) -> None:
    data["actions"][0]["action"]["args"] = {"card": "the moon"}


def _change_result(data: dict) -> None:
    data["result"]["winners"] = [w + 1 for w in data["result"]["winners"]]


DAMAGES: dict[str, tuple[Callable[[dict], None], str]] = {
    "another format": (_set("format", "chess-pgn"), "not a Parley table export"),
    "a newer version": (_set("version", 2), "newer version of Parley"),
    "no version": (_set("version", "one"), "no readable format version"),
    "an unknown game": (_set("game", "chess"), "game this Parley does not have"),
    "no seed": (_set("seed", ""), "no seed"),
    "an option value": (_set("options", {"rounds": 99}), "options do not fit"),
    "too many seats": (_set("seats", [{"name": f"P{i}", "ai": None} for i in range(9)]),
                       "3 to 5 players; this export has 9 seats"),
    "a seat without name": (_set("seats", [{"ai": None}] * 3), "Seat 1 of this export has no name"),
    "an AI level": (_set("seats", [{"name": "A", "ai": "godlike"}] * 3), "AI level 'godlike'"),
    "a seat out of range": (_move(2, "seat", 7), "Move 3 of this export cannot be read"),
    "a move without action": (_move(4, "action", None), "Move 5 of this export cannot be read"),
    "a move out of its place": (_last_move_first,
                                "Move 1 of this export .* no longer applies"),
    "a move's arguments": (_change_args, "Move 1 of this export"),
    "a move after the end": (_move_after_the_end, "comes after the game ended"),
    "the last move missing": (_drop_last_move, "says the game is over, but replaying"),
    "another result": (_change_result, "another result"),
    "an unknown status": (_set("status", "won"), "status 'won'"),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_export_is_refused_with_a_sentence(damage: str, good_file: dict) -> None:
    damaged = json.loads(json.dumps(good_file))
    change, says = DAMAGES[damage]
    change(damaged)
    with pytest.raises(ExportError, match=says) as refused:
        table_from_export(damaged)
    sentence = str(refused.value)
    assert sentence[0].isupper() and sentence.endswith(".") and len(sentence) < 400
    table_from_export(good_file)  # the good file itself loads


@pytest.mark.parametrize("text", ["", "{", "not json at all", b"\xff\xfe", "[1, 2]", "null"])
def test_a_file_that_is_not_an_export_is_refused_with_a_sentence(text: str | bytes) -> None:
    with pytest.raises(ExportError, match="not a Parley table export"):
        table_from_json(text)
