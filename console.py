"""`python bot.py console`: a table in the terminal, no Discord needed.

The console drives the same TableService and SQLite store as the bot: choose a game and
its seats (people at this keyboard or AI), then each person picks a move from the numbered
list of legal actions. A seat's private view is shown only when it is that seat's turn, after
the others are asked to look away; every board is written as a PNG to a folder.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from pathlib import Path

import render
from data.store import Store
from data.tables import TableService
from engine import GAMES
from engine.core import IllegalAction, fill_names
from engine.table import AI_LEVELS, Table

Ask = Callable[[str], str]


def _pick(ask: Ask, prompt: str, choices: list[str], default: int | None = None) -> int:
    """Show a numbered list and return the index chosen (re-asks on bad input)."""
    for i, choice in enumerate(choices, 1):
        print(f"  {i:>3}. {choice}")
    hint = f" [{default + 1}]" if default is not None else ""
    while True:
        raw = ask(f"{prompt}{hint}: ").strip()
        if not raw and default is not None:
            return default
        if raw.isdigit() and 1 <= int(raw) <= len(choices):
            return int(raw) - 1
        print(f"  Please type a number from 1 to {len(choices)}.")


def _ask_options(ask: Ask, game) -> dict:
    options = {}
    for name, spec in game.options.items():
        if spec.advanced:
            continue  # rules questions keep their recommended default here
        labels = [f"{v}" + ("  (default)" if v == spec.default else "") for v in spec.values]
        print(f"Option {name}: {spec.help}")
        options[name] = spec.values[_pick(ask, name, labels, spec.values.index(spec.default))]
    return options


class Console:
    def __init__(self, svc: TableService, board_dir: Path, ask: Ask = input) -> None:
        self.svc = svc
        self.board_dir = board_dir
        self.ask = ask
        self.boards = 0

    async def setup_table(self) -> Table:
        ids = sorted(GAMES)
        games = [GAMES[g] for g in ids]
        print("Which game?")
        game = games[_pick(self.ask, "Game", [f"{g.title} ({g.min_players}-{g.max_players})" for g in games], 0)]
        options = _ask_options(self.ask, game)
        sizes = list(range(game.min_players, game.max_players + 1))
        n = sizes[_pick(self.ask, "How many seats", [str(s) for s in sizes], 0)]
        people = int(self.ask(f"How many of the {n} seats are people at this keyboard? [1]: ") or 1)
        people = max(1, min(n, people))
        names = []
        for i in range(people):
            names.append(self.ask(f"Name of player {i + 1} [Player {i + 1}]: ").strip() or f"Player {i + 1}")
        level = AI_LEVELS[_pick(self.ask, "AI level", list(AI_LEVELS), AI_LEVELS.index("normal"))]
        channel = f"console-{int(time.time() * 1000)}"
        now = time.time()
        await self.svc.new(game.id, channel, "console-1", names[0], options, now=now)
        for i, name in enumerate(names[1:], 2):
            await self.svc.join(channel, f"console-{i}", name, now)
        for _ in range(n - people):
            await self.svc.add_bot(channel, "console-1", level, now)
        outcome = await self.svc.start(channel, "console-1", now)
        return outcome.table

    async def play(self, table: Table) -> Table:
        game = GAMES[table.game_id]
        humans = [i for i, s in enumerate(table.seats) if not s.is_ai]
        last_private: int | None = None
        shown = -1
        while True:
            outcome = await self.svc.run_ai(table.key, time.time())
            table = outcome.table
            # with one person at the keyboard, what is said to that seat may be shown
            self._print_events(table, outcome.events, humans[0] if len(humans) == 1 else None)
            if table.version != shown:
                self._show_board(table)
                shown = table.version
            if table.status != "playing":
                break
            waiting = sorted(table.to_act(game))
            seat = next((s for s in waiting if s in humans), None)
            if seat is None:
                continue
            if len(humans) > 1 and seat != last_private:
                self.ask(f"\n--- Pass the keyboard to {table.seats[seat].name} and press Enter ---")
                print("\n" * 40)
            last_private = seat
            view = table.view(game, seat)
            print(render.text_hand(table.game_id, view))
            actions = game.legal_actions(table.state, seat)
            names = [s.name for s in table.seats]
            labels = [fill_names(a.label, names) for a in actions]
            i = _pick(self.ask, f"{table.seats[seat].name}, your move", labels)
            try:
                result = await self.svc.move_seat(table.key, seat, actions[i], time.time())
            except IllegalAction as exc:
                print(f"  Not allowed: {exc.reason}")
                continue
            table = result.table
            self._print_events(table, result.events, seat)
        result = game.result(table.state)
        print("\n=== Game over ===")
        if result:
            all_names = [s.name for s in table.seats]
            names = [all_names[w] for w in result["winners"]]
            print(f"Winner: {', '.join(names)}. {fill_names(result.get('reason', ''), all_names)}")
        return table

    def _print_events(self, table: Table, events, seat: int | None) -> None:
        names = [s.name for s in table.seats]
        for e in events:
            if e.to is None or (seat is not None and seat in e.to):
                print(f"  * {fill_names(e.text, names)}")

    def _show_board(self, table: Table) -> None:
        game = GAMES[table.game_id]
        view = table.view(game, None)
        self.boards += 1
        path = self.board_dir / f"{table.id}-{self.boards:04d}.png"
        path.write_bytes(render.draw_board(table.game_id, view))
        print()
        print(render.text_board(table.game_id, view))
        print(f"  (board image: {path})")


async def run_console(db_path: str, board_dir: str = "console-boards", ask: Ask = input) -> Table:
    folder = Path(board_dir)
    folder.mkdir(parents=True, exist_ok=True)
    store = await Store.open(db_path)
    try:
        console = Console(TableService(store), folder, ask)
        table = await console.setup_table()
        return await console.play(table)
    finally:
        await store.close()


def main(db_path: str) -> int:
    try:
        asyncio.run(run_console(db_path))
    except (KeyboardInterrupt, EOFError):
        print("\nThe table is saved; goodbye.", file=sys.stderr)
    return 0
