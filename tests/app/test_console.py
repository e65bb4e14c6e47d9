"""The console (console.py) as a person at the keyboard uses it: a whole game of every game
against AI seats, bad answers, stopping and taking a table up again, an export file watched
and played on, and a terminal free of Discord's markdown and slash commands.

The console asks through ``ask`` and prints to stdout; :class:`Keyboard` answers as a
person reading the screen would (pytest's ``capsys`` is the screen): a script of answers by
the start of the question, and for "Anne, your move" a move drawn from the numbered list on
the screen, never a trade offer (as tests/app/test_console_seafarers.py does, to keep
Seafarers short). The last tests run ``python console.py`` itself, with a pipe for stdin,
to stop it with a real Ctrl-C (SIGINT).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import console
import engine
import plain_text
from data.export import export_json
from data.store import LogEntry, Store
from engine import GAMES, ai
from engine.table import AI_LEVELS, FINISHED, PLAYING, Table
from tests.app.test_console_seafarers import OFFER, SeededService

CONSOLE = str(Path(console.__file__).resolve())
GAME_IDS = sorted(GAMES)
EASY = str(AI_LEVELS.index("easy") + 1)
#: a list of moves or choices on the screen: "   12. Play red 7"
LIST_LINE = re.compile(r"\s+(\d+)\. (.*)$")
#: what Discord would format and a terminal shows as it is
MARKDOWN = re.compile(r"\*\*|`|<@|<#|<t:|\|\||~~|__")
#: a slash command, as a hint sends the reader to one ("/game hand", "(/tricks bid)")
COMMAND = re.compile(r"(?<![\w/.:])/[a-z]")


class Keyboard:
    """Answers the console's questions. ``script`` maps the start of a question to an
    answer, or to a list of answers given in turn (the last one again when they run out);
    a question with a default ("[3]: ") and no script gets Enter. "Anne, your move" gets a
    random move of the list on the screen (seeded), until ``stop_after`` moves: then
    ``stop`` ("q", or an exception to raise, as Ctrl-C raises KeyboardInterrupt)."""

    def __init__(self, capsys: pytest.CaptureFixture[str], script: dict[str, object],
                 seed: str = "keyboard", stop_after: int | None = None,
                 stop: str | type[BaseException] = "q") -> None:
        self.capsys = capsys
        self.script = {k: list(v) if isinstance(v, list) else [v] for k, v in script.items()}
        self.rng = random.Random(seed)
        self.stop_after = stop_after
        self.stop = stop
        self.moves = 0
        self.listed: list[tuple[str, str]] = []  # the last numbered list: (number, text)
        self.asked: list[tuple[str, str, str]] = []  # (screen before, question, answer)

    def __call__(self, prompt: str) -> str:
        screen = self.capsys.readouterr().out
        items = [m for m in map(LIST_LINE.match, screen.splitlines()) if m]
        if items:
            start = max(i for i, m in enumerate(items) if m.group(1) == "1")
            self.listed = [(m.group(1), m.group(2)) for m in items[start:]]
        answer = self._answer(screen, prompt)
        self.asked.append((screen, prompt, answer))
        return answer

    def _answer(self, screen: str, prompt: str) -> str:
        if len(self.asked) > 20_000:
            raise AssertionError("the game does not end")
        if ", your move" in prompt:
            if self.stop_after is not None and self.moves >= self.stop_after:
                if isinstance(self.stop, str):
                    return self.stop
                raise self.stop()
            self.moves += 1
            return self.move(screen)
        for start, answers in self.script.items():
            if prompt.startswith(start):
                return str(answers.pop(0) if len(answers) > 1 else answers[0])
        if re.search(r"\[[^\]]*\]: $", prompt):
            return ""
        raise AssertionError(f"the console asked something unexpected: {prompt!r}")

    def move(self, screen: str) -> str:
        """The number of a random move of the last list on the screen, not a trade offer
        (the list shown before, when the console only asks again)."""
        assert self.listed, "no list of moves on the screen"
        moves = [n for n, label in self.listed if not label.startswith(OFFER)]
        return self.rng.choice(moves or [self.listed[0][0]])

    def questions(self) -> list[str]:
        return [q for _, q, _ in self.asked]

    def replies(self, start: str) -> list[tuple[str, str]]:
        """(answer, what the console printed next) for each question starting so."""
        screens = [s for s, _, _ in self.asked[1:]] + [self.capsys.readouterr().out]
        return [(a, screens[i]) for i, (_, q, a) in enumerate(self.asked) if q.startswith(start)]

    def everything(self) -> str:
        """All the screen and the questions, in order, and what is still unread."""
        return "".join(s + q for s, q, _ in self.asked) + self.capsys.readouterr().out


def new_table(game_id: str, people: str = "1") -> dict[str, object]:
    """The answers that open a table of ``game_id`` for Anne and AI seats of level easy."""
    return {"Game": GAME_IDS.index(game_id) + 1, "How many of them": people,
            "Name of player 1": "Anne", "AI level": EASY}


def plain(out: str) -> str:
    """``out`` without the lines naming board image files (paths hold slashes)."""
    return "\n".join(ln for ln in out.splitlines() if not ln.startswith("  (board image:"))


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables dealt from a fixed seed (the console draws one at random)."""
    monkeypatch.setattr(SeededService, "seed", "console-tests")
    monkeypatch.setattr(console, "TableService", SeededService)


def run(tmp_path: Path, keyboard: Callable[[str], str], **kwargs: object) -> Table | None:
    return asyncio.run(console.run_console(str(tmp_path / "parley.db"),
                                           str(tmp_path / "boards"), keyboard, **kwargs))


async def saved(tmp_path: Path) -> list[Table]:
    async with await Store.open(tmp_path / "parley.db") as store:
        return await store.list_tables(None, (PLAYING,))


async def log_of(tmp_path: Path, key: int) -> list[LogEntry]:
    async with await Store.open(tmp_path / "parley.db") as store:
        return await store.history(key, limit=10**9)


# -- whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_whole_game_against_ai_seats_in_the_terminal(
        game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    game = GAMES[game_id]
    keyboard = Keyboard(capsys, new_table(game_id), seed=game_id)
    table = run(tmp_path, keyboard)

    assert table is not None and table.game_id == game_id and table.status == FINISHED
    assert game.result(table.state)["winners"]
    assert keyboard.moves > 0
    out = keyboard.everything()
    assert "=== Game over ===" in out and "Winner: " in out
    assert "AI 1 (easy) is thinking…" in out
    assert not MARKDOWN.search(out), MARKDOWN.search(out)
    assert not COMMAND.search(plain(out)), COMMAND.search(plain(out))
    boards = sorted((tmp_path / "boards").glob("*.png"))
    assert boards and boards[-1].read_bytes().startswith(b"\x89PNG")
    # the number of players is asked as a number, not picked from a numbered list
    if game.min_players == game.max_players:
        assert f"{game.title} is played by {game.min_players}." in out
        assert not any(q.startswith("How many players") for q in keyboard.questions())
    else:
        asked = next((s, q) for s, q, _ in keyboard.asked if q.startswith("How many players"))
        assert asked[1] == (f"How many players ({game.min_players}-{game.max_players})? "
                            f"[{game.min_players}]: ")
        assert not LIST_LINE.match(asked[0].rstrip("\n").rsplit("\n", 1)[-1])


def test_a_second_ai_says_its_own_name_while_it_thinks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    keyboard = Keyboard(capsys, {**new_table("pirate-tricks"), "How many players": "4"},
                        stop_after=3)
    with pytest.raises(console.Stop):
        run(tmp_path, keyboard)
    out = keyboard.everything()
    for n in (1, 2, 3):
        assert f"AI {n} (easy) is thinking…" in out


def test_with_two_people_at_the_keyboard_a_hand_is_shown_only_after_passing_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    keyboard = Keyboard(capsys, {**new_table("all-hands", people="2"),
                                 "How many players": "3", "Name of player 2": "Bob",
                                 "\n--- Pass the keyboard": ""}, stop_after=6)
    with pytest.raises(console.Stop):
        run(tmp_path, keyboard)
    asked = keyboard.asked
    passes = [i for i, (_, q, _) in enumerate(asked) if q.startswith("\n--- Pass the keyboard")]
    assert any("to Bob" in asked[i][1] for i in passes)
    hands = set()
    for i, (screen, _, _) in enumerate(asked):
        for name in ("Anne", "Bob"):
            if f"{name}'s hand" in screen:  # shown after that person took the keyboard
                before = max(j for j in passes if j < i)
                assert f"to {name} and press Enter" in asked[before][1]
                assert "\n" * 40 in asked[before + 1][0]  # the screen was cleared first
                hands.add(name)
    assert hands == {"Anne", "Bob"}


def test_only_the_player_counts_of_the_chosen_scenario_are_offered(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    """The Great Crossing takes four players, Seafarers three or four."""
    scenarios = GAMES["seafarers"].options["scenario"].values
    if "great_crossing" not in scenarios:
        pytest.skip("this Seafarers has no Great Crossing")
    keyboard = Keyboard(capsys, {**new_table("seafarers"),
                                 "Scenario": scenarios.index("great_crossing") + 1},
                        stop_after=0)
    with pytest.raises(console.Stop):
        run(tmp_path, keyboard)
    assert "Catan: Seafarers is played by 4 with these options." in keyboard.everything()
    assert not any(q.startswith("How many players") for q in keyboard.questions())
    [table] = asyncio.run(saved(tmp_path))
    assert len(table.seats) == 4


# -- bad answers -----------------------------------------------------------------------------


def test_bad_answers_get_a_clear_answer_and_the_question_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    keyboard = Keyboard(capsys, {
        "Game": ["chess", "9", GAME_IDS.index("all-hands") + 1],
        "How many players": ["lots", "7", "two"],  # a number in words is a number
        "How many of them": ["3", "-1", "1"],
        "Name of player 1": "Anne",
        "AI level": ["hard-ish", EASY],
    }, stop_after=5)
    moves = keyboard.move
    typed = iter(["banana", "0", "999999"])
    keyboard.move = lambda screen: next(typed, None) or moves(screen)  # type: ignore[method-assign]
    with pytest.raises(console.Stop):
        run(tmp_path, keyboard)

    def answered(start: str) -> dict[str, str]:
        return dict(keyboard.replies(start))

    game = answered("Game")
    assert "Please type a number from 1 to 5 (or q to stop)." in game["chess"]
    assert "Please type a number from 1 to 5 (or q to stop)." in game["9"]
    players = answered("How many players")
    assert "Please type a number from 2 to 6." in players["lots"]
    assert "Please type a number from 2 to 6." in players["7"]
    assert "Please type" not in players["two"]
    people = answered("How many of them")
    assert "Please type a number from 1 to 2." in people["3"]
    assert "Please type a number from 1 to 2." in people["-1"]
    assert "Please type a number from 1 to 4 (or q to stop)." in answered("AI level")["hard-ish"]
    for typed_move in ("banana", "0", "999999"):
        assert re.match(r"\s*Please type a number from 1 to \d+, r for the rules \(or q to "
                        r"stop\)\.\n$",
                        answered("Anne, your move")[typed_move])
    assert "Traceback" not in keyboard.everything()
    [table] = asyncio.run(saved(tmp_path))
    assert [s.name for s in table.seats] == ["Anne", "AI 1 (easy)"]  # "two" players
    assert table.seat_moves[0] == 2  # the refused answers made no move


def test_r_at_a_move_shows_the_rules_guide_then_the_moves_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    keyboard = Keyboard(capsys, new_table("sewer-pirats"), stop_after=2)
    moves = keyboard.move
    typed = iter(["r"])
    keyboard.move = lambda screen: next(typed, None) or moves(screen)  # type: ignore[method-assign]
    with pytest.raises(console.Stop):
        run(tmp_path, keyboard)
    [(_, shown)] = [(a, s) for a, s in keyboard.replies("Anne, your move") if a == "r"]
    assert shown.startswith("SEWER PIRATS\n\nOverview\n--------\n")
    assert "\nTable options\n" in shown
    assert LIST_LINE.match(shown.rstrip("\n").rsplit("\n", 1)[-1])  # the moves below it
    assert not MARKDOWN.search(shown) and not COMMAND.search(shown)
    [table] = asyncio.run(saved(tmp_path))
    assert table.seat_moves[0] == 1  # r made no move


def test_a_wrong_command_line_shows_how_to_use_the_console(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, CONSOLE, "--bogus"], capture_output=True,
                          text=True, timeout=60, env=environment(tmp_path), cwd=tmp_path)
    assert done.returncode == 2
    assert "python console.py --resume" in done.stderr and "Traceback" not in done.stderr


# -- stopping and taking a table up again ---------------------------------------------------


def test_q_stops_and_resume_takes_the_same_table_up_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    first = Keyboard(capsys, new_table("pirate-tricks"), stop_after=4)
    with pytest.raises(console.Stop):
        run(tmp_path, first)
    assert "The table is saved: python console.py --resume takes it up again." in \
        first.everything()
    [table] = asyncio.run(saved(tmp_path))
    assert table.seat_moves[0] == 4
    before = asyncio.run(log_of(tmp_path, table.key))

    again = Keyboard(capsys, {})
    done = run(tmp_path, again, resume=True)
    out = again.everything()
    assert "Taking up Pirate Tricks: Anne, AI 1 (easy), AI 2 (easy) · " in out
    assert done is not None and done.key == table.key and done.status == FINISHED
    after = asyncio.run(log_of(tmp_path, table.key))
    assert after[:len(before)] == before and len(after) > len(before)
    assert not any(q.startswith("Game") for q in again.questions())  # no new table


def test_after_ctrl_c_the_start_offers_the_saved_tables_newest_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    for game_id in ("pirate-tricks", "all-hands"):
        # the second time, the start offers the first table: "2" opens a new one
        interrupted = Keyboard(capsys, {**new_table(game_id), "Which table": "2"},
                               stop_after=2, stop=KeyboardInterrupt)
        with pytest.raises(KeyboardInterrupt):
            run(tmp_path, interrupted)
        assert "The table is saved" in interrupted.everything()
    older, newer = asyncio.run(saved(tmp_path))

    menu = Keyboard(capsys, {"Which table": "2"})
    done = run(tmp_path, menu)
    screen, question, _ = next(a for a in menu.asked if a[1].startswith("Which table"))
    assert question == "Which table [1]: "
    listed = [m.group(2) for m in map(LIST_LINE.match, screen.splitlines()) if m]
    assert len(listed) == 3 and listed[2] == "A new table"
    assert re.fullmatch(r"All Hands on Deck!: Anne, AI 1 \(easy\) · \d+ moves, started "
                        r"\d{4}-\d\d-\d\d \d\d:\d\d", listed[0])
    assert re.fullmatch(r"Pirate Tricks: Anne, AI 1 \(easy\), AI 2 \(easy\) · \d+ moves, "
                        r"started .*", listed[1])
    assert done is not None and done.key == older.key and done.status == FINISHED

    # one saved table left: --resume takes it up without asking
    last = Keyboard(capsys, {})
    done = run(tmp_path, last, resume=True)
    assert done is not None and done.key == newer.key and done.status == FINISHED
    assert not any(q.startswith("Which table") for q in last.questions())


def test_the_menu_of_saved_tables_also_opens_a_new_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    with pytest.raises(console.Stop):
        run(tmp_path, Keyboard(capsys, new_table("neuroshima"), stop_after=1))
    keyboard = Keyboard(capsys, {**new_table("neuroshima"), "Which table": "2"},
                        stop_after=1)
    with pytest.raises(console.Stop):
        run(tmp_path, keyboard)
    assert "Which game?" in keyboard.everything()
    assert len(asyncio.run(saved(tmp_path))) == 2


def test_resume_without_a_saved_table_opens_a_new_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    keyboard = Keyboard(capsys, new_table("neuroshima"), stop_after=1)
    with pytest.raises(console.Stop):
        run(tmp_path, keyboard, resume=True)
    out = keyboard.everything()
    assert "There is no saved table to take up; let's open a new one." in out
    assert "Which game?" in out


# -- export files ----------------------------------------------------------------------------


def exported_game(path: Path, game_id: str = "pirate-tricks") -> list[tuple[int, dict]]:
    """Write the export of a finished game (Anne and AI seats playing at random, as the
    bot would have logged it) to ``path``; its moves as (seat, action dict)."""
    game = engine.get_game(game_id)
    table = Table.new(game, "chan", "u0", "Anne", {}, "export-seed")
    for _ in range(max(game.min_players, 3) - 1):
        table.add_bot(game, "random")
    table.start(game, 0.0)
    rng, log = random.Random(game_id), []
    while table.status == PLAYING:
        seat = sorted(table.to_act(game))[0]
        action = ai.choose(game, table.state, seat, rng, "random")
        table.apply(game, seat, action, 0.0)
        log.append(LogEntry(len(log) + 1, seat, action, 0.0))
    path.write_text(export_json(table, log), encoding="utf-8")
    return [(e.seat, e.action.to_dict()) for e in log]


def test_an_export_is_watched_move_by_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = exported_game(tmp_path / "game.json")
    first_seat, first = moves[0]
    names = ["Anne", "AI 1 (random)", "AI 2 (random)"]
    keyboard = Keyboard(capsys, {"Move ": ["", "", "b", "b", "b", "10", "e", "", "p", "x",
                                           "q"]})
    assert run(tmp_path, keyboard, open_path=str(tmp_path / "game.json")) is None

    out = keyboard.everything()
    assert f"Pirate Tricks: {', '.join(names)} · {len(moves)} moves." in out
    assert f"Move 1: {names[first_seat]}: {first['label']}" in out
    assert f"Move 10: {names[moves[9][0]]}: " in out
    n = len(moves)
    # Enter, Enter, b, b, b (at the start), 10, e, Enter (at the end), p (over), x, q
    assert [q.split(".")[0] for q in keyboard.questions()] == [
        f"Move {at} of {n}" for at in (0, 1, 2, 1, 0, 0, 10, n, n, n, n)]
    assert "This is the start: press Enter" in out
    assert "That was the last move: press Enter" in out
    assert "The game is over here: go back to an earlier move to play on from it." in out
    assert "Not understood: press Enter" in out
    assert "Game over" in out  # the board at the end
    assert not MARKDOWN.search(out) and not COMMAND.search(plain(out))
    assert asyncio.run(saved(tmp_path)) == []  # watching saves nothing


def test_an_export_is_played_on_from_any_of_its_moves(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = exported_game(tmp_path / "game.json")
    keyboard = Keyboard(capsys, {"Move ": ["20", "p"], "Which seats": "1"})
    table = run(tmp_path, keyboard, open_path=str(tmp_path / "game.json"))

    assert table is not None and table.status == FINISHED and keyboard.moves > 0
    assert [s.name for s in table.seats] == ["Anne", "AI 1 (random)", "AI 2 (random)"]
    assert [s.ai for s in table.seats] == [None, "random", "random"]
    log = asyncio.run(log_of(tmp_path, table.key))
    assert [(e.seat, e.action.to_dict()) for e in log[:20]] == moves[:20]
    assert "Saved as a new table: Pirate Tricks: Anne, AI 1 (random), AI 2 (random) · 20 " \
           "moves" in keyboard.everything()


def test_a_persons_seat_of_the_file_can_go_to_an_ai(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    exported_game(tmp_path / "game.json")
    keyboard = Keyboard(capsys, {"Move ": ["0", "p"], "Which seats": ["3 x", "2"],
                                 "AI level for the other": "1"})
    table = run(tmp_path, keyboard, open_path=str(tmp_path / "game.json"))
    assert "Please type one or more numbers from 1 to 3, like 1 3." in keyboard.everything()
    assert table is not None and table.status == FINISHED
    assert [s.ai for s in table.seats] == ["random", None, "random"]
    assert keyboard.moves > 0  # made at the second seat, played at the keyboard
    assert not any(q.startswith("Anne, your move") for q in keyboard.questions())


@pytest.mark.parametrize("content, says", [
    (None, "Cannot read"),
    ("{not json", "This file is not a Parley table export: it is not JSON text."),
    ('{"format": "parley-table", "version": 7}', "newer version of Parley"),
])
def test_a_missing_or_damaged_export_gets_a_sentence(
        content: str | None, says: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    keyboard = Keyboard(capsys, {})
    assert run(tmp_path, keyboard, open_path=str(path)) is None
    out = keyboard.everything()
    assert says in out and "Traceback" not in out


def test_an_export_whose_moves_no_longer_apply_is_refused_by_its_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    exported_game(tmp_path / "game.json")
    data = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    data["actions"][3] = data["actions"][-1]
    (tmp_path / "game.json").write_text(json.dumps(data), encoding="utf-8")
    keyboard = Keyboard(capsys, {})
    assert run(tmp_path, keyboard, open_path=str(tmp_path / "game.json")) is None
    assert re.search(r"Cannot open .*game\.json: Move 4 of this export \(.*\) no longer "
                     r"applies: ", keyboard.everything())


# -- Discord's words, plain ------------------------------------------------------------------


@pytest.mark.parametrize("discord, shown", [
    ("**Bid on row 1: any amount from 0 to 12 loon, sealed (/tricks bid).**",
     "Bid on row 1: any amount from 0 to 12 loon, sealed."),
    ("That menu is out of date: you have moved since it was shown. "
     "Use /game hand for a fresh one.",
     "That menu is out of date: you have moved since it was shown."),
    ("There is no game at this table; /game new opens one.",
     "There is no game at this table."),
    ("- `c3` Moloch HQ (**Anne**): top edge N", "- c3 Moloch HQ (Anne): top edge N"),
    ("<@1234567890> wins *at last*", "a player wins at last"),
    ("> ## The end", "The end"),
    ("Set it with `/game new game:neuroshima options:tavern=on`.", ""),
    ("a road/ship on edge 3/4, HQ 18/20, 2 * 3 = 6", "a road/ship on edge 3/4, HQ 18/20, 2 * 3 = 6"),
])
def test_discord_markdown_and_command_hints_become_plain_terminal_text(
        discord: str, shown: str) -> None:
    assert plain_text.terminal(discord) == shown


def test_a_players_name_stays_as_typed_even_when_it_looks_like_markdown_or_a_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seeded: None) -> None:
    assert plain_text.terminal("- **/game *x***: 3 cards (/tricks bid)", ["/game *x*"]) == \
        "- /game *x*: 3 cards"
    keyboard = Keyboard(capsys, {**new_table("all-hands"), "Name of player 1": "/game *x*"},
                        stop_after=3)
    with pytest.raises(console.Stop):
        run(tmp_path, keyboard)
    out = keyboard.everything()
    assert "- ▶ /game *x*: " in out or "- /game *x*: " in out  # the board's line of the seat
    assert "/game *x*'s hand: " in out
    assert not re.search(r"^\s+\d+\.\s*$", out, re.M)  # no list line lost its text


def test_a_player_named_1_leaves_the_other_names_whole() -> None:
    """A name that is a digit ("1") is kept as typed, and so are the names around it: the
    second AI seat was shown as "1" when the stand-in of its name held that digit."""
    names = ["1", "Bo", "AI 1 (easy)", "AI 2 (easy)"]
    text = "- 1 (red): 0 VP\n- Bo (blue): **2 VP**\n- AI 1 (easy) (green)\n- AI 2 (easy) (pink)"
    assert plain_text.terminal(text, names) == (
        "- 1 (red): 0 VP\n- Bo (blue): 2 VP\n- AI 1 (easy) (green)\n- AI 2 (easy) (pink)")


# -- the real program ------------------------------------------------------------------------


def environment(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PARLEY_", "DISCORD_"))}
    env.update(PARLEY_DB=str(tmp_path / "parley.db"),
               PARLEY_ENV_FILE=str(tmp_path / "no.env"), PYTHONUNBUFFERED="1")
    return env


def read_until(proc: subprocess.Popen, text: str, timeout: float = 60.0) -> str:
    """What the process prints until ``text`` appears (AssertionError after ``timeout``)."""
    out = b""
    end = time.monotonic() + timeout
    assert proc.stdout is not None
    while text.encode() not in out:
        left = end - time.monotonic()
        assert left > 0, f"{text!r} did not appear; the screen ends with {out[-500:]!r}"
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, f"the console ended before {text!r}: {out[-500:]!r}"
            out += chunk
    return out.decode()


def test_ctrl_c_in_the_real_console_saves_and_resume_takes_it_up(tmp_path: Path) -> None:
    env = environment(tmp_path)
    answers = [str(GAME_IDS.index("pirate-tricks") + 1), "", "", "1", "Anne", EASY]
    proc = subprocess.Popen([sys.executable, CONSOLE], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp_path,
                            env=env)
    try:
        assert proc.stdin is not None
        proc.stdin.write(("\n".join(answers) + "\n").encode())
        proc.stdin.flush()
        read_until(proc, "Anne, your move")
        proc.send_signal(signal.SIGINT)  # Ctrl-C while the console waits for a move
        # stdin stays open: the console must stop on the Ctrl-C, not on the end of input
        rest = read_until(proc, "The table is saved", timeout=30)
        proc.wait(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0
    assert "The table is saved: python console.py --resume takes it up again." in rest
    assert "Traceback" not in rest
    assert list((tmp_path / "console-boards").glob("*.png"))

    done = subprocess.run([sys.executable, CONSOLE, "--resume"], input="q\n", text=True,
                          capture_output=True, timeout=60, cwd=tmp_path, env=env)
    assert done.returncode == 0
    assert "Taking up Pirate Tricks: Anne, AI 1 (easy), AI 2 (easy) · " in done.stdout
    assert "Anne, your move" in done.stdout
    assert "The table is saved" in done.stdout and "Traceback" not in done.stderr


def test_the_real_console_opens_an_export_file(tmp_path: Path) -> None:
    moves = exported_game(tmp_path / "game.json")
    done = subprocess.run([sys.executable, CONSOLE, "--open", "game.json"], input="e\nq\n",
                          text=True, capture_output=True, timeout=60, cwd=tmp_path,
                          env=environment(tmp_path))
    assert done.returncode == 0, done.stderr
    assert f"Move {len(moves)} of {len(moves)}." in done.stdout
    assert "Game over" in done.stdout and "Traceback" not in done.stderr
