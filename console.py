"""The console: a table in the terminal, no Discord needed.

    python console.py                   play: a new table, or one of the saved tables
    python console.py --resume          take up a saved table again
    python console.py --open FILE.json  watch an exported game move by move, or play on
                                        from any of its moves (the file of /game export)
    python console.py --web             also serve the table's web page on 127.0.0.1
                                        (PARLEY_WEB_PORT, default 8080) and print its link

(``python bot.py console`` is the first form.) The console drives the same TableService and
store as the bot (``PARLEY_DB``, read as bot.py reads it): choose a game and its seats (people
at this keyboard or AI), then each person picks a move from the numbered list of legal
actions. A seat's private view is shown only when it is that seat's turn, after the others are
asked to look away; every board is also written as a PNG to a folder.

Every table is saved after every move, so the console can stop at any moment (q at a numbered
question, Ctrl-C, or the end of the input) and take the table up again later: at the start it
offers the saved tables of this keyboard (the tables it opened, which the bot never shows).

The words come from the engine and the renderers, written for Discord: this module turns them
into plain terminal text (:func:`terminal`) and drops the slash-command hints, which mean
nothing here.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import itertools
import os
import re
import select
import signal
import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

import render
from cogs.look.texts import option_name, option_value
from data.export import ExportError, table_from_json
from data.store import Store
from data.tables import TableService
from engine import GAMES
from engine.core import Action, Event, IllegalAction, fill_names
from engine.guide import guide_text
from engine.table import AI_LEVELS, PLAYING, Seat, Table
from engine.turn_clock import Settings
from plain_text import say
from settings import env_file_path, settings
from web.background import Background
from web.links import public_token
from web.main import local_secret

Ask = Callable[[str], str]

USAGE = __doc__.split("\n\n")[1]
#: the channel id of every table the console opens, followed by the time in milliseconds
CHANNEL_PREFIX = "console-"
#: the AI level offered first
DEFAULT_LEVEL = "normal"
#: how many saved tables the menu lists (the newest)
SAVED_SHOWN = 9
STOP_WORDS = ("q", "quit", "stop", "exit")
NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten".split())}
SAVED = "The table is saved: python console.py --resume takes it up again."


class Stop(Exception):
    """The person typed q at a numbered question: leave, the table is saved."""


# -- questions -----------------------------------------------------------------------------


def _as_number(raw: str) -> int | None:
    raw = raw.strip().lower()
    if raw.isascii() and raw.isdigit() and len(raw) <= 9:
        return int(raw)
    return NUMBER_WORDS.get(raw)


def _answer(ask: Ask, prompt: str) -> str:
    raw = ask(prompt).strip()
    if raw.lower() in STOP_WORDS:
        raise Stop()
    return raw


def _pick(ask: Ask, prompt: str, choices: Sequence[str], default: int | None = None,
          rules: Callable[[], str] | None = None, names: Sequence[str] = ()) -> int:
    """Show a numbered list and return the index chosen (asks again on anything else).
    ``rules``: the guide's text, shown when r is typed; ``names``: as for :func:`say`."""
    def show() -> None:
        for i, choice in enumerate(choices, 1):
            say(f"  {i:>3}. {choice}", names)

    show()
    hint = f" [{default + 1}]" if default is not None else ""
    also = ", r for the rules" if rules is not None else ""
    while True:
        raw = _answer(ask, f"{prompt}{hint}: ")
        if not raw and default is not None:
            return default
        if rules is not None and raw.lower() in ("r", "rules"):
            say(rules())
            show()  # the list again, below the guide
            continue
        n = _as_number(raw)
        if n is not None and 1 <= n <= len(choices):
            return n - 1
        say(f"  Please type a number from 1 to {len(choices)}{also} (or q to stop).")


def _number(ask: Ask, prompt: str, low: int, high: int, default: int) -> int:
    """A number from ``low`` to ``high``, asked as "prompt (low-high)? [default]"."""
    while True:
        raw = _answer(ask, f"{prompt} ({low}-{high})? [{default}]: ")
        if not raw:
            return default
        n = _as_number(raw)
        if n is not None and low <= n <= high:
            return n
        say(f"  Please type a number from {low} to {high}.")


def _numbers(ask: Ask, prompt: str, high: int, default: list[int]) -> list[int]:
    """Several numbers from 1 to ``high`` (at least one), returned as indexes."""
    shown = " ".join(str(i + 1) for i in default)
    while True:
        raw = _answer(ask, f"{prompt} [{shown}]: ")
        if not raw:
            return default
        picked = [_as_number(p) for p in re.split(r"[\s,]+", raw) if p]
        if picked and all(n is not None and 1 <= n <= high for n in picked):
            return sorted({n - 1 for n in picked if n is not None})
        say(f"  Please type one or more numbers from 1 to {high}, like 1 3.")


def _ask_options(ask: Ask, game) -> dict:
    options = {}
    for name, spec in game.options.items():
        if spec.advanced:
            continue  # rules questions keep their recommended default here
        labels = [option_value(v) + ("  (default)" if v == spec.default else "")
                  for v in spec.values]
        say(f"{option_name(name)}: {spec.help}")
        options[name] = spec.values[_pick(ask, option_name(name), labels,
                                          spec.values.index(spec.default))]
    return options


def _players(game) -> str:
    low, high = game.min_players, game.max_players
    return f"{low} players" if low == high else f"{low}-{high} players"


def _counts(game, options: dict) -> list[int]:
    """The numbers of players the game deals for with these options (a Seafarers scenario
    may take fewer counts than the game): the game's own setup decides."""
    counts = []
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.setup(n, options, "console")
        except (ValueError, IllegalAction):  # a count refused for these options
            continue
        counts.append(n)
    return counts


def thinking(seat: Seat) -> str:
    """The line shown while an AI seat chooses: "AI 1 (normal) is thinking…", or for a
    person's seat an AI took over, "Anne (AI, normal) is thinking…"."""
    name, level = seat.name, seat.ai or DEFAULT_LEVEL
    for suffix in (f" ({level})", " (AI)"):
        name = name.removesuffix(suffix)
    who = f"{name} ({level})" if re.fullmatch(r"AI \d+", name) else f"{name} (AI, {level})"
    return f"{who} is thinking…"


def _started(table: Table) -> str:
    stamp = table.id.removeprefix(CHANNEL_PREFIX)
    if not stamp.isdigit():
        return ""
    return ", started " + datetime.fromtimestamp(int(stamp) / 1000).strftime("%Y-%m-%d %H:%M")


def _names(table: Table) -> list[str]:
    return [s.name for s in table.seats]


def _describe(table: Table) -> str:
    names = ", ".join(s.name for s in table.seats)
    moves = sum(table.seat_moves)
    return (f"{GAMES[table.game_id].title}: {names} · {moves} move{'s' * (moves != 1)}"
            f"{_started(table)}")


def _copy(table: Table) -> Table:
    """A copy of a pure table that moves can be applied to without changing ``table``."""
    game = GAMES[table.game_id]
    return dataclasses.replace(table, state=game.load(game.dump(table.state)),
                               seat_moves=list(table.seat_moves), seats=list(table.seats))


class Console:
    def __init__(self, svc: TableService, board_dir: Path, ask: Ask = input) -> None:
        self.svc = svc
        self.board_dir = board_dir
        self.ask = ask
        self.boards = 0
        #: the table being played, once it is saved (for the goodbye line)
        self.table: Table | None = None
        #: with --web: the local web server's base URL and the secret of its links
        self.web: tuple[str, bytes] | None = None

    # -- which table ----------------------------------------------------------------------

    async def saved_tables(self) -> list[Table]:
        """The playing tables this console opened, newest first (without their states)."""
        tables = await self.svc.store.list_tables(None, (PLAYING,))
        return [t for t in reversed(tables) if t.id.startswith(CHANNEL_PREFIX)]

    async def choose_table(self, resume: bool = False) -> Table:
        """A saved table to take up, or a new one. ``resume``: a single saved table is taken
        up without asking, and no saved table is said so."""
        saved = (await self.saved_tables())[:SAVED_SHOWN]
        if not saved:
            if resume:
                say("There is no saved table to take up; let's open a new one.")
            return await self.setup_table()
        if resume and len(saved) == 1:
            say(f"Taking up {_describe(saved[0])}.", _names(saved[0]))
            return await self._get(saved[0])
        say("Saved tables:")
        i = _pick(self.ask, "Which table", [_describe(t) for t in saved] + ["A new table"], 0,
                  names=[n for t in saved for n in _names(t)])
        return await self.setup_table() if i == len(saved) else await self._get(saved[i])

    async def _get(self, head: Table) -> Table:
        table = await self.svc.store.get(head.key)
        if table is None:
            raise KeyError(f"No table with key {head.key}.")
        return table

    async def setup_table(self) -> Table:
        ids = sorted(GAMES)
        games = [GAMES[g] for g in ids]
        say("Which game?")
        game = games[_pick(self.ask, "Game",
                           [f"{g.title} ({_players(g)})" for g in games], 0)]
        options = _ask_options(self.ask, game)
        counts = _counts(game, options)
        if not counts:
            say("No number of players fits these options; please choose others.")
            return await self.setup_table()
        if len(counts) == 1:
            n = counts[0]
            fewer = " with these options" if game.min_players < game.max_players else ""
            say(f"{game.title} is played by {n}{fewer}.")
        else:
            while True:
                n = _number(self.ask, "How many players", counts[0], counts[-1], counts[0])
                if n in counts:
                    break
                say(f"  With these options {game.title} is played by "
                    f"{' or '.join(map(str, counts))} players.")
        people = _number(self.ask, "How many of them are people at this keyboard", 1, n, 1)
        names = []
        for i in range(people):
            default = f"Player {i + 1}"
            names.append(self.ask(f"Name of player {i + 1} [{default}]: ").strip() or default)
        level = DEFAULT_LEVEL
        if people < n:
            say("How strong are the AI players?")
            level = AI_LEVELS[_pick(self.ask, "AI level", list(AI_LEVELS),
                                    AI_LEVELS.index(DEFAULT_LEVEL))]
        channel = f"{CHANNEL_PREFIX}{int(time.time() * 1000)}"
        now = time.time()
        await self.svc.new(game.id, channel, "console-1", names[0], options, now=now)
        # nobody to remind or time out at a keyboard (and the bot, on the same database,
        # must not try)
        await self.svc.settings(channel, "console-1", remind_minutes=0, limit_minutes=0,
                                now=now)
        for i, name in enumerate(names[1:], 2):
            await self.svc.join(channel, f"console-{i}", name, now)
        for _ in range(n - people):
            await self.svc.add_bot(channel, "console-1", level, now)
        outcome = await self.svc.start(channel, "console-1", now)
        return outcome.table

    # -- an exported game -----------------------------------------------------------------

    async def open_file(self, path: Path) -> Table | None:
        """Watch the game of an export file; the table to play on when the watcher takes
        it over at some move (saved like every console table), else None."""
        try:
            text = path.read_bytes()
        except OSError as err:
            print(f"Cannot read {path}: {err.strerror or err}.")
            return None
        try:
            dealt, moves = table_from_json(text)
        except ExportError as err:
            print(f"Cannot open {path}: {err}")
            return None
        game = GAMES[dealt.game_id]
        say(f"{game.title}: {', '.join(_names(dealt))} · {len(moves)} moves.", _names(dealt))
        at = await self.watch(dealt, moves)
        if at is None:
            return None
        return await self.take_over(dealt, moves[:at])

    async def watch(self, dealt: Table, moves: list[tuple[int, Action]]) -> int | None:
        """Step through ``moves`` from the table as dealt, showing the public board and
        each move; the number of moves after which the watcher plays on, or None."""
        game = GAMES[dealt.game_id]
        names = _names(dealt)
        table, at = _copy(dealt), 0
        self._show_board(table)
        while True:
            raw = self.ask(f"Move {at} of {len(moves)}. Enter: next, b: back, a number: go "
                           f"to that move, e: the end, p: play on from here, q: stop: ")
            raw = raw.strip().lower()
            if raw in STOP_WORDS:
                return None
            if raw == "p":
                if table.status == PLAYING:
                    return at
                say("The game is over here: go back to an earlier move to play on from it.")
                continue
            goal = {"": at + 1, "b": at - 1, "e": len(moves)}.get(raw, _as_number(raw))
            if goal is None or not 0 <= goal <= len(moves) or goal == at:
                problem = ("That was the last move" if raw == "" else
                           "This is the start" if raw == "b" else
                           "Not understood" if goal is None else
                           "We are there" if goal == at else f"There is no move {goal}")
                say(f"  {problem}: press Enter, or type b, e, p, q or a number from 0 to "
                    f"{len(moves)}.")
                continue
            if goal < at:
                table, at = _copy(dealt), 0
            while at < goal:
                seat, action = moves[at]
                events = table.apply(game, seat, action, time.time())
                at += 1
                if at == goal:
                    say(f"Move {at}: {names[seat]}: {fill_names(action.label, names)}", names)
                    self._print_events(table, events, None)
            self._show_board(table)

    async def take_over(self, dealt: Table, moves: list[tuple[int, Action]]) -> Table:
        """Save the game of a file as a new console table after ``moves``, with the seats
        the people at this keyboard choose; the others are AI seats."""
        say("The seats:")
        for i, s in enumerate(dealt.seats, 1):
            say(f"  {i:>3}. {s.name}" + (f" (AI, {s.ai})" if s.is_ai else ""), [s.name])
        people = [i for i, s in enumerate(dealt.seats) if not s.is_ai] or [0]
        keyboard = _numbers(self.ask, "Which seats are played at this keyboard? Their "
                            "numbers", len(dealt.seats), people)
        level = DEFAULT_LEVEL
        if any(not s.is_ai and i not in keyboard for i, s in enumerate(dealt.seats)):
            level = AI_LEVELS[_pick(self.ask, "AI level for the other people's seats",
                                    list(AI_LEVELS), AI_LEVELS.index(DEFAULT_LEVEL))]
        now = time.time()
        table = _copy(dealt)
        table.id = f"{CHANNEL_PREFIX}{int(now * 1000)}"
        table.seats = [Seat(f"console-{i + 1}", s.name) if i in keyboard
                       else Seat(None, s.name, s.ai or level)
                       for i, s in enumerate(dealt.seats)]
        table.host = f"console-{keyboard[0] + 1}"
        table.settings = Settings(remind_minutes=0, limit_minutes=0)
        table = self.table = await self.svc.store.create(table, now)
        if moves:
            say(f"Setting the table up at move {len(moves)}…")
        # the moves of one seat in a row go in one transaction: a long game is set up in
        # seconds (each move is checked by the engine and logged as if it were played)
        for seat, run in itertools.groupby(moves, key=lambda move: move[0]):
            table, _ = await self.svc.store.apply_moves(table.key, seat,
                                                        [action for _, action in run], now)
        say(f"Saved as a new table: {_describe(table)}.", _names(table))
        return table

    # -- play -----------------------------------------------------------------------------

    async def play(self, table: Table) -> Table:
        self.table = table
        if self.web is not None and table.key is not None:  # a URL, not a Discord text
            print(f"The table's web page: {self.web[0]}/t/{public_token(self.web[1], table.key)}/",
                  flush=True)
        game = GAMES[table.game_id]
        humans = [i for i, s in enumerate(table.seats) if not s.is_ai]
        # with one person at the keyboard, what is said to that seat may be shown
        alone = humans[0] if len(humans) == 1 else None
        last_private: int | None = None
        shown: dict | None = None  # the public view last shown
        thinker: int | None = None
        while True:
            ai_seats = sorted(s for s in table.to_act(game) if table.seats[s].is_ai)
            if ai_seats:
                if ai_seats[0] != thinker:
                    thinker = ai_seats[0]
                    say(thinking(table.seats[thinker]), _names(table))
                outcome = await self.svc.run_ai(table.key, time.time(), max_moves=1)
                table = outcome.table
                self._print_events(table, outcome.events, alone)
                continue
            thinker = None
            # the board again only when it changed (not at each step of a choice made in
            # several steps, which is private until it is confirmed)
            if table.view(game, None) != shown:
                shown = self._show_board(table)
            if table.status != PLAYING:
                break
            seat = next((s for s in sorted(table.to_act(game)) if s in humans), None)
            if seat is None:
                continue
            if len(humans) > 1 and seat != last_private:
                _answer(self.ask, f"\n--- Pass the keyboard to {table.seats[seat].name} and "
                                  f"press Enter ---")
                print("\n" * 40)
                shown = self._show_board(table)
            last_private = seat
            names = _names(table)
            say(render.text_hand(table.game_id, table.view(game, seat)), names)
            actions = game.legal_actions(table.state, seat)
            labels = [fill_names(a.label, names) for a in actions]
            i = _pick(self.ask, f"{table.seats[seat].name}, your move (r: rules)", labels,
                      rules=functools.partial(guide_text, table.game_id, table.options),
                      names=names)
            try:
                result = await self.svc.move_seat(table.key, seat, actions[i], time.time())
            except IllegalAction as exc:
                say(f"  Not allowed: {exc.reason}", names)
                continue
            table = result.table
            self._print_events(table, result.events, seat)
        result = game.result(table.state)
        say("\n=== Game over ===")
        if result:
            all_names = _names(table)
            winners = ", ".join(all_names[w] for w in result["winners"])
            say(f"Winner: {winners}. {fill_names(result.get('reason', ''), all_names)}",
                all_names)
        return table

    def _print_events(self, table: Table, events: Sequence[Event], seat: int | None) -> None:
        names = _names(table)
        for e in events:
            if e.to is None or (seat is not None and seat in e.to):
                say(f"  * {fill_names(e.text, names)}", names)

    def _show_board(self, table: Table) -> dict:
        """Print the public board's text and write its image; returns the view shown."""
        game = GAMES[table.game_id]
        view = table.view(game, None)
        self.boards += 1
        path = self.board_dir / f"{table.id or 'file'}-{self.boards:04d}.png"
        path.write_bytes(render.draw_board(table.game_id, view))
        say()
        say(render.text_board(table.game_id, view), _names(table))
        print(f"  (board image: {path})", flush=True)  # a path, not a Discord text
        return view


async def run_console(
    db_path: str,
    board_dir: str = "console-boards",
    ask: Ask = input,
    *,
    resume: bool = False,
    open_path: str | None = None,
    web: bool = False,
) -> Table | None:
    """Play one table to its end and return it (None when an export file was only watched
    or could not be opened). Stopping (q, Ctrl-C, the end of the input) says whether a table
    was saved, and raises on."""
    folder = Path(board_dir)
    folder.mkdir(parents=True, exist_ok=True)
    store = await Store.open(db_path)
    console = Console(TableService(store), folder, ask)
    served = None
    if web:  # in a thread of its own: this loop waits for the keyboard
        conf = settings(os.environ, env_file_path(os.environ))
        secret = local_secret(conf, db_path)
        served = Background(db_path, secret, port=int(conf.get("PARLEY_WEB_PORT") or 8080))
        console.web = (served.start(), secret)
    try:
        say("Type q at a numbered question to stop: the table is saved after every move.")
        if open_path is not None:
            table = await console.open_file(Path(open_path))
            if table is None:
                return None
        else:
            table = await console.choose_table(resume)
        return await console.play(table)
    except (KeyboardInterrupt, EOFError, Stop, asyncio.CancelledError):
        # CancelledError: Ctrl-C while the loop waited (an AI thinking), see main
        say("\n" + (SAVED if console.table is not None else "Goodbye."))
        raise
    finally:
        if served is not None:
            served.stop()
        await store.close()


def _raise_interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


class TerminalInput:
    """``input()`` for the terminal, which a Ctrl-C interrupts at once.

    Python runs a signal's handler in the main thread, but the kernel may hand SIGINT to any
    thread of the process (the store's, an AI's); then a main thread blocked in ``input()``
    reads on until Enter is pressed. So a question waits for either a line on stdin or a
    byte on the signal wake-up pipe (``signal.set_wakeup_fd``), which every delivery of a
    signal writes to, and the handler then runs in the main thread. Lines are read from the
    file descriptor itself: the terminal's own line editing, without readline's history.
    """

    def __init__(self) -> None:
        self.fd = sys.stdin.fileno()
        self.wakeup, write_end = os.pipe()
        for end in (self.wakeup, write_end):
            os.set_blocking(end, False)
        signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
        self.pending = b""  # read but not yet asked for (input piped in ahead)

    def __call__(self, prompt: str) -> str:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.fd, self.wakeup], [], [])
            if self.wakeup in ready:
                os.read(self.wakeup, 512)  # the handler runs once this returns
            if self.fd in ready:
                chunk = os.read(self.fd, 4096)
                if not chunk:
                    if not self.pending:
                        raise EOFError
                    self.pending += b"\n"
                self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode(sys.stdin.encoding or "utf-8", "replace").rstrip("\r")


def main(db_path: str, args: Sequence[str] = ()) -> int:
    """Run the console on the database ``db_path`` with the command line's ``args``
    (``--resume``, ``--open FILE.json``, ``--web``); 2 with the usage for anything else."""
    resume, open_path, web, rest = False, None, False, list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--resume":
            resume = True
        elif arg == "--web":
            web = True
        elif arg == "--open" and rest:
            open_path = rest.pop(0)
        else:
            print(USAGE, file=sys.stderr)
            return 2
    ask: Ask = input
    # Ctrl-C raises at once, even in a question: asyncio.run's own handler would only
    # cancel its task and leave the question waiting for Enter.
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler and os.name == "posix":
        signal.signal(signal.SIGINT, _raise_interrupt)
        try:
            ask = TerminalInput()
        except (AttributeError, OSError, ValueError):  # no stdin to watch: input() it is
            pass
    try:
        asyncio.run(run_console(db_path, ask=ask, resume=resume, open_path=open_path,
                                web=web))
    except (KeyboardInterrupt, EOFError, Stop):
        pass  # run_console said goodbye
    return 0


def cli(argv: Sequence[str]) -> int:
    """``python console.py [--resume] [--open FILE.json]``, on the bot's database (PARLEY_DB
    from the environment or the .env file, as ``python bot.py`` reads it)."""
    conf = settings(os.environ, env_file_path(os.environ))
    return main(conf.get("PARLEY_DB") or "parley.db", argv)


if __name__ == "__main__":
    sys.exit(cli(sys.argv[1:]))
