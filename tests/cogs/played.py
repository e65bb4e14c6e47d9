"""Tables already played, for the tests of the log commands (replay, history, export, undo).

A table is opened and its moves are written the way the bot writes them (``Store.create``,
then ``Store.apply_moves``, one transaction per run of one seat's moves), with random legal
moves from a seeded generator: what the replay, the history and the export read is then a
real action log, of any length, without playing hundreds of clicks through Discord first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import engine
from engine.core import Action, is_over
from engine.table import Table
from tests.cogs.harness import CHANNEL_ID, GUILD_ID, FakeUser, Harness

T0 = 1_700_000_000.0
#: players per game for these tests (Neuroshima is a duel; Seafarers needs three)
PLAYERS = {"all-hands": 3, "seafarers": 3, "neuroshima": 2, "pirate-tricks": 3,
           "sewer-pirats": 3}
#: options that keep a random game short
SHORT = {"all-hands": {"round_limit": 50}, "pirate-tricks": {"rounds": 3}}


async def open_played(
    h: Harness,
    game_id: str,
    people: list[FakeUser],
    *,
    bots: int = 0,
    channel: int = CHANNEL_ID,
    seed: str = "played",
    until: Callable[[Any, Any, int, Action], bool] | None = None,
    moves: int | None = None,
    options: dict[str, Any] | None = None,
) -> Table:
    """A table of ``game_id`` in ``channel`` with ``people`` (the first hosts) and ``bots``
    AI seats, played with random legal moves to its end, or until a waiting seat is about
    to make a move ``until(game, state, seat, action)`` accepts (that move is not made), or
    for ``moves`` moves; ``options``: the table's (else the short game's of ``SHORT``).
    Returns the table as saved."""
    game = engine.get_game(game_id)
    host = people[0]
    table = Table.new(game, str(channel), str(host.id), host.name.capitalize(),
                      SHORT.get(game_id) if options is None else options, seed,
                      guild=str(GUILD_ID), title=game.title)
    for user in people[1:]:
        table.join(game, str(user.id), user.name.capitalize())
    for _ in range(bots):
        table.add_bot(game, "random")
    table.start(game, T0)
    table = await h.bot.store.create(table, T0)
    log = _random_moves(game, table, random.Random(seed), until, moves)
    key = table.key
    assert key is not None
    at = T0
    run: list[Action] = []
    for i, (seat, action) in enumerate(log):
        run.append(action)
        if i + 1 == len(log) or log[i + 1][0] != seat:
            at += 1
            await h.bot.store.apply_moves(key, seat, run, at)
            run = []
    saved = await h.bot.store.get(key)
    assert saved is not None
    return saved


def _random_moves(game: Any, table: Table, rng: random.Random,
                  until: Callable[[Any, Any, int, Action], bool] | None,
                  moves: int | None) -> list[tuple[int, Action]]:
    state = game.load(game.dump(table.state))
    out: list[tuple[int, Action]] = []
    while not is_over(game, state) and (moves is None or len(out) < moves):
        waiting = sorted(game.to_act(state))
        if until is not None and any(until(game, state, s, a) for s in waiting
                                     for a in game.legal_actions(state, s)):
            break
        seat = rng.choice(waiting)
        action = rng.choice(game.legal_actions(state, seat))
        game.apply(state, seat, action)
        out.append((seat, action))
    return out
