"""How loud a table is, and how many clicks a turn takes (issue 22): every game played to
the end by clicks alone through the offline Discord harness (tests/cogs/harness.py, the
real discord.py objects), three people and an AI captain where the game seats four (the
duel: two people), each person clicking **My hand / act** on the newest board and then
their private panel, picking as test_clicks_only.py's player does.

Printed per game:

- board posts in the channel, against the game's chapters (rounds, tricks, battles: each
  change of the board's chapter, ``GameAdapter.chapter``); target: at most chapters + a few;
- new DMs per person against the times the game waited for them (target: at most turns + 2);
- notices at the start of a turn (a new DM to the person, or a post pinging them), the most
  any one turn got (target: 1) and how many turns got none;
- interactions per turn (every click and pick of a person from the moment the game waits
  for them until it no longer does, median and max; target for Neuroshima: median 5 or
  fewer); the player picks at random among what the panel offers, so these are a
  newcomer's figures, not a practised player's;
- the board image's size in pixels.

    .venv/bin/python bench/bench_table_talk.py [game ...]

A bench, not a test: it prints and never asserts.
"""

from __future__ import annotations

import asyncio
import io
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from cogs.look.adapters import adapter  # noqa: E402
from engine.ai import clone  # noqa: E402
from tests.cogs.flows import boards, table_of  # noqa: E402
from tests.cogs.harness import FakeUser, Harness  # noqa: E402
from tests.cogs.test_clicks_only import MAX_PICKS, _pick  # noqa: E402

#: game -> (people, AI captains, options)
TABLES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "all-hands": (3, 1, {}),
    "pirate-tricks": (3, 1, {"rounds": 3}),
    "sewer-pirats": (3, 1, {}),
    "seafarers": (3, 1, {}),
    "neuroshima": (2, 0, {}),
}
MAX_MOVES = 4000


async def _act(h: Harness, user: FakeUser, rng: random.Random) -> int:
    """One move of ``user`` by clicks; how many interactions it took."""
    panel = (await h.click(user, boards(h)[-1], "My hand / act")).message
    used = 1
    for picks in range(MAX_PICKS * 2):
        what, arg = _pick(panel, rng, patient=picks < MAX_PICKS // 2)
        if what == "click":
            await h.click(user, panel, arg)
        else:
            await h.select(user, panel, arg[1], custom_id=arg[0])
        used += 1
        if panel.content.startswith("Done:"):
            return used
    raise RuntimeError(f"no move after {used} interactions: {panel.content!r}")


async def play(game_id: str) -> dict[str, Any]:
    people_n, bots, options = TABLES[game_id]
    game = engine.get_game(game_id)
    mp = pytest.MonkeyPatch()
    with tempfile.TemporaryDirectory() as tmp:
        h = Harness(Path(tmp) / "parley.db", mp)
        await h.start()
        try:
            people = [h.user(n) for n in ("alice", "bob", "carol")[:people_n]]
            await h.slash(people[0], "game new", game=game_id, **options)
            for u in people[1:]:
                await h.slash(u, "game join")
            for _ in range(bots):
                await h.slash(people[0], "game add-bot", level="easy")
            await h.slash(people[0], "game start")
            rng = random.Random(f"talk {game_id}")
            by_id = {u.id: u for u in people}
            dm_of = {}
            clicks: list[int] = []  # interactions of each person's turn, whole
            open_turn: dict[int, int] = defaultdict(int)
            turn_notices: list[int] = []
            turns: dict[int, int] = defaultdict(int)
            waiting_before: set[int] = set()
            chapters, epoch = 1, None
            moves_made = 0
            sent = len(h.rec.sent)
            for _ in range(MAX_MOVES):
                table = await table_of(h)
                if epoch is None:
                    epoch = adapter(game_id).chapter(table.view(game, None))
                waiting = {int(table.seats[s].player) for s in table.to_act(game)
                           if table.seats[s].is_person}
                # what the last move sent: notices to each person who now waits anew
                fresh = h.rec.sent[sent:]
                sent = len(h.rec.sent)
                dm_of = {cid: uid for uid, cid in h.rec.dm_channels.items()}
                for uid in waiting_before - waiting:  # a turn ended: its clicks counted
                    if open_turn.get(uid):
                        clicks.append(open_turn.pop(uid))
                for uid in waiting - waiting_before:
                    turns[uid] += 1
                    n = sum(1 for m in fresh if dm_of.get(m.channel_id) == uid)
                    n += sum(1 for m in fresh if uid in m.pinged)
                    turn_notices.append(n)
                waiting_before = waiting
                if table.status != "playing":
                    break
                user = by_id[rng.choice(sorted(waiting))]
                logged = len(await h.bot.store.history(table.key, limit=100_000))
                open_turn[user.id] += await _act(h, user, rng)
                moves_made += 1
                # the turn ended and a new one began within the move's outcome (others,
                # the AI, moved in between: a trick won leads the next): a turn of its own,
                # found by replaying the moves logged on the state before
                after = await table_of(h)
                ran = len(await h.bot.store.history(after.key, limit=100_000)) - logged
                seat = after.seat_of(str(user.id))
                state, left = clone(game, table.state), False  # never the store's own
                for e in await h.bot.store.history(after.key, limit=ran):
                    game.apply(state, e.seat, e.action)
                    left = left or seat not in game.to_act(state)
                    # every chapter the move's outcome went through (an AI's whole turn)
                    now_in = adapter(game_id).chapter(game.view(state, None))
                    if now_in != epoch:
                        chapters, epoch = chapters + 1, now_in
                if left and seat in after.to_act(game):
                    turns[user.id] += 1
                    clicks.append(open_turn.pop(user.id))
                    pings = sum(1 for m in h.rec.sent[sent:] if user.id in m.pinged)
                    dms = sum(1 for m in h.rec.sent[sent:]
                              if h.rec.dm_channels.get(user.id) == m.channel_id)
                    turn_notices.append(pings + dms)
            new_dms = {u.name: len(h.dms(u)) for u in people}
            board = Image.open(io.BytesIO(boards(h)[-1].images[0]))
            return {
                "posts": len(boards(h)), "chapters": chapters,
                "dms": {u.name: (new_dms[u.name], turns[u.id]) for u in people},
                "most notices in a turn": max(turn_notices, default=0),
                "turns told nothing": sum(1 for n in turn_notices if n == 0),
                "turns": len(turn_notices),
                "clicks median": statistics.median(clicks) if clicks else 0,
                "clicks max": max(clicks, default=0), "moves by people": moves_made,
                "board": board.size,
            }
        finally:
            await h.stop()
            mp.undo()


def main(argv: list[str]) -> None:
    games = argv or list(TABLES)
    for game_id in games:
        start = time.perf_counter()
        r = asyncio.run(play(game_id))
        dms = ", ".join(f"{name} {n} for {t} turns" for name, (n, t) in r["dms"].items())
        print(f"{game_id}: {r['posts']} board posts for {r['chapters']} chapters; new DMs: "
              f"{dms}; notices at a turn's start: at most {r['most notices in a turn']}, "
              f"{r['turns told nothing']} of {r['turns']} turns told nothing; interactions "
              f"per turn: median {r['clicks median']}, max {r['clicks max']} "
              f"({r['moves by people']} moves); board {r['board'][0]} x {r['board'][1]} px "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
