"""A table's export file: its seed, options, seats and whole action log as one JSON object
(issue 15, "/game export": "the table's full log as a JSON file (seed, options, actions),
loadable by the console to watch or continue locally").

Shared DESIGN.md promises that replaying a table's action log from its seed rebuilds the same
state, bit for bit; the file holds exactly what that replay needs, and nothing of the store::

    {"format": "parley-table", "version": 1, "game": "seafarers", "seed": "...",
     "options": {...}, "seats": [{"name": "Anne", "ai": null},
                                 {"name": "AI 1 (easy)", "ai": "easy"}],
     "actions": [{"seat": 0, "action": {"kind": ..., "args": {...}, "label": ...}}, ...],
     "status": "finished", "result": {...}}

Decisions:

- Seats carry the display name (what every message of the game already showed) and the AI
  level, nothing else: no Discord user id, not even for a seat an AI took over. A name is all
  a replay or a local game needs to tell the seats apart.
- Only a game that is over (finished, or abandoned after it started) is exported. The seed and
  the log together rebuild every hidden card, tile and sealed bid, so the file of a game still
  being played would show each player the others' hands (shared DESIGN.md: hidden
  information never reaches a public message). :func:`table_export` refuses the others with
  a sentence for the player.
- :func:`table_from_export` trusts nothing in the file: it checks every field, then replays
  every move through the engine on a scratch table, and a move the engine refuses (a file
  written by another version of the rules, or edited by hand) is reported by its number and
  the engine's reason. The end the replay reaches must be the end the file records. Every
  refusal is an :class:`ExportError`, a sentence for the person who opened the file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import engine
from data.rows import LogEntry
from engine.core import JSON, Action, IllegalAction, clip, fill_names, quote, resolve_options
from engine.table import ABANDONED, AI_LEVELS, FINISHED, PLAYING, Seat, Table

FORMAT = "parley-table"
VERSION = 1

#: the longest seat name a file may give (Discord's display names are at most 32)
NAME_LIMIT = 100
#: the time a table rebuilt from a file is dealt and replayed at (its clock is of no use:
#: whoever plays it on saves it anew)
LOADED_AT = 0.0


class ExportError(ValueError):
    """An export file that cannot be loaded; the message is a sentence for its reader."""


def table_export(table: Table, log: Sequence[LogEntry]) -> dict[str, JSON]:
    """The export of ``table`` (with its state) and its whole action log ``log`` (the
    store's :meth:`~data.store.Store.history`, every entry, oldest first).

    IllegalAction, with a sentence for the player, for a table that has not started or is
    still being played (see the module docstring). ValueError when ``log`` is not the whole
    log of the table (a caller's bug: the file would not replay).
    """
    if table.state is None:
        raise IllegalAction("This game never started: there are no moves to export.")
    if table.status not in (FINISHED, ABANDONED):
        raise IllegalAction(
            "A game is exported once it is over: its seed and moves would show every hidden "
            "card to whoever reads the file. Export it when the game ends (or after /game abort)."
        )
    entries = sorted(log, key=lambda e: e.seq)
    if [e.seq for e in entries] != list(range(1, len(entries) + 1)) or (
        table.seat_moves and len(entries) != sum(table.seat_moves)
    ):
        raise ValueError(
            f"The log given for table {table.key} is not its whole log: {len(entries)} "
            f"entries for {sum(table.seat_moves)} moves."
        )
    game = engine.get_game(table.game_id)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": table.game_id,
        "seed": table.seed,
        "options": dict(table.options),
        "seats": [{"name": s.name, "ai": s.ai} for s in table.seats],
        "actions": [{"seat": e.seat, "action": e.action.to_dict()} for e in entries],
        "status": table.status,
        "result": game.result(table.state),
    }


def export_json(table: Table, log: Sequence[LogEntry]) -> str:
    """:func:`table_export` as the text of a ``.json`` file: one line per move."""
    data = table_export(table, log)
    actions = data.pop("actions")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    moves = ",\n".join(json.dumps(a, ensure_ascii=False, separators=(",", ":"))
                       for a in actions)
    return f'{head}, "actions": [\n{moves}\n]}}\n'


def table_from_json(text: str | bytes) -> tuple[Table, list[tuple[int, Action]]]:
    """:func:`table_from_export` of a file's text; ExportError when it is not JSON."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ExportError(
            "This file is not a Parley table export: it is not JSON text.") from None
    return table_from_export(data)


def table_from_export(data: Mapping[str, Any]) -> tuple[Table, list[tuple[int, Action]]]:
    """The table of an export as it was dealt (status playing, no move made yet), and its
    moves as (seat, action), in order; every move is checked to apply.

    The table is pure (no store row, no channel: ``id`` is ``""``); the seats of people have
    no player id (``player`` is None), so the caller seats its own people, and AI seats keep
    their level. ExportError, with a sentence saying what is wrong, for anything else.
    """
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise ExportError(
            f'This file is not a Parley table export (it has no "format": "{FORMAT}").')
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ExportError(f"This export has no readable format version: {quote(version)}.")
    if version > VERSION:
        raise ExportError(
            f"This export was written by a newer version of Parley (format version "
            f"{version}); this one reads version {VERSION}. Update Parley to open it.")
    game = _game(data.get("game"))
    seed = data.get("seed")
    if not isinstance(seed, str) or not seed:
        raise ExportError("This export has no seed, so its game cannot be dealt again.")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise ExportError('This export\'s "options" is not a list of names and values.')
    try:
        options = resolve_options(game.options, dict(options))
    except ValueError as err:
        raise ExportError(f"This export's table options do not fit {game.title} here: "
                          f"{err}") from None
    seats = _seats(data.get("seats"), game)
    moves = _moves(data.get("actions"), len(seats))
    status = data.get("status", PLAYING)
    if status not in (PLAYING, FINISHED, ABANDONED):
        raise ExportError(f"This export's status {quote(status)} is not one of: "
                          f"{PLAYING}, {FINISHED}, {ABANDONED}.")
    _replay(_dealt(game, options, seed, seats), game, moves, status, data.get("result"))
    return _dealt(game, options, seed, seats), moves


def _dealt(game: Any, options: dict[str, JSON], seed: str, seats: list[Seat]) -> Table:
    """A pure table of ``seats`` (copied), dealt from ``seed`` and waiting for its first move."""
    table = Table("", game.id, dict(options), "", seed,
                  seats=[Seat(s.player, s.name, s.ai) for s in seats])
    try:
        table.start(game, LOADED_AT)
    except (IllegalAction, ValueError) as err:  # a scenario that does not take this many
        raise ExportError(f"This export's table cannot be dealt: {err}") from None
    return table


def _game(game_id: object) -> Any:
    if not isinstance(game_id, str) or game_id not in engine.GAMES:
        known = ", ".join(sorted(engine.GAMES))
        raise ExportError(f"This export is of a game this Parley does not have: "
                          f"{quote(game_id)}. The games are: {known}.")
    return engine.get_game(game_id)


def _seats(raw: object, game: Any) -> list[Seat]:
    if not isinstance(raw, list) or not game.min_players <= len(raw) <= game.max_players:
        count = len(raw) if isinstance(raw, list) else "no list of"
        raise ExportError(f"{game.title} is played by {game.min_players} to "
                          f"{game.max_players} players; this export has {count} seats.")
    seats = []
    for i, seat in enumerate(raw, 1):
        name = seat.get("name") if isinstance(seat, Mapping) else None
        level = seat.get("ai") if isinstance(seat, Mapping) else None
        if not isinstance(name, str) or not name.strip():
            raise ExportError(f"Seat {i} of this export has no name.")
        if level is not None and level not in AI_LEVELS:
            raise ExportError(f"Seat {i} of this export has the AI level {quote(level)}; "
                              f"the levels are: {', '.join(AI_LEVELS)}.")
        seats.append(Seat(None, clip(name.strip(), NAME_LIMIT), level))
    return seats


def _moves(raw: object, n_seats: int) -> list[tuple[int, Action]]:
    if not isinstance(raw, list):
        raise ExportError('This export has no list of moves ("actions").')
    moves = []
    for i, entry in enumerate(raw, 1):
        try:
            seat, action = entry["seat"], entry["action"]
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n_seats:
                raise ValueError("seat")
            if not isinstance(action, Mapping) or not isinstance(action.get("args", {}), Mapping):
                raise ValueError("action")
            moves.append((seat, Action.from_dict(action)))
        except (KeyError, TypeError, ValueError):
            raise ExportError(f"Move {i} of this export cannot be read: it needs a seat "
                              f"from 0 to {n_seats - 1} and an action.") from None
    return moves


def _replay(table: Table, game: Any, moves: list[tuple[int, Action]], status: object,
            result: object) -> None:
    """Play ``moves`` on ``table`` (dealt, changed in place) and check that they lead where
    the file says: the same status and, for a finished game, the same result."""
    names = [s.name for s in table.seats]
    for i, (seat, action) in enumerate(moves, 1):
        who = f"{names[seat]}: {quote(fill_names(action.label or action.kind, names), 60)}"
        if table.status != PLAYING:
            raise ExportError(f"Move {i} of this export ({who}) comes after the game ended.")
        try:
            table.apply(game, seat, action, LOADED_AT)
        except IllegalAction as err:
            raise ExportError(
                f"Move {i} of this export ({who}) no longer applies: {err.reason} The file "
                f"was probably written by another version of Parley's rules.") from None
        except Exception as err:  # noqa: BLE001 - arguments the engine cannot even read
            raise ExportError(f"Move {i} of this export ({who}) cannot be played: its "
                              f"arguments do not fit the game ({type(err).__name__}).") from None
    over = table.status == FINISHED
    if over != (status == FINISHED):
        said = "is over" if status == FINISHED else "is not over"
        did = "ends the game" if over else "does not end the game"
        raise ExportError(f"This export says the game {said}, but replaying its moves "
                          f"{did}: it is incomplete, or was written by another version of the rules.")
    if over and result is not None and _json(result) != _json(game.result(table.state)):
        raise ExportError("Replaying this export's moves gives another result than the one "
                          "it records: it was edited, or written by another version of the rules.")


def _json(value: object) -> object:
    """``value`` as JSON reads it back (tuples become lists), for comparing results."""
    return json.loads(json.dumps(value, sort_keys=True))
