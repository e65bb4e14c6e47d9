"""Nothing hidden reaches a web page (issue 25, "What is hidden stays hidden"; the leak
test of tests/contract.py extended to the web): for every game, at points of a random
game, the public page and its live part are the same HTML in every world ``determinize``
draws for a spectator, and a seat's private page the same in every world drawn for that
seat; no private event of the last moves is written on the public page; and over HTTP a
seat's private link shows that seat's hand, which another seat's link does not."""

from __future__ import annotations

import copy
import random
from html import escape

import pytest
from aiohttp.test_utils import TestClient

import engine
import render
from data.rows import LogEntry
from data.tables import TableService
from engine.table import Table
from tests.web.helpers import PEOPLE, SECRET, T0, playing, random_moves
from web.links import seat_token
from web.pages import live_fragment, markdown, table_page
from web.sight import last_moves, sight

GAMES = [("all-hands", 3), ("sewer-pirats", 4), ("pirate-tricks", 3), ("seafarers", 4),
         ("neuroshima", 2)]
#: moves between two checks, and how many checks a game gets
EVERY, CHECKS, WORLDS = 11, 6, 3


def test_every_game_is_checked() -> None:
    assert sorted(g for g, _ in GAMES) == sorted(engine.GAMES)


def _table(game_id: str, n: int, seed: str) -> Table:
    game = engine.get_game(game_id)
    table = Table.new(game, "c1", *PEOPLE[0], seed=seed, title="Friday <i>night</i>")
    for user, name in PEOPLE[1:n]:
        table.join(game, user, name)
    table.key = 7
    table.start(game, T0)
    return table


def _in_world(table: Table, state: object) -> Table:
    world = copy.copy(table)
    world.state = state
    return world


def _pages(table: Table, entries: list[LogEntry], seat: int | None) -> tuple[str, str]:
    s = sight(table, entries, seat)
    return table_page(s), live_fragment(s)


def _check(table: Table, entries: list[LogEntry], rng: random.Random) -> None:
    game = table.game
    for seat in [None, *range(len(table.seats))]:
        truth = _pages(table, entries, seat)
        for _ in range(WORLDS):
            world = game.determinize(table.state, seat, rng)
            assert _pages(_in_world(table, world), entries, seat) == truth, (
                f"the page of {'the public' if seat is None else f'seat {seat}'} depends on "
                "something it cannot know")
    public = _pages(table, entries, None)[0]
    said = {e.text for _, events in last_moves(table, entries, 8) for e in events
            if e.to is None}
    for _, events in last_moves(table, entries, 8):
        for e in events:
            if e.to is not None and e.text and e.text not in said:
                names = [s.name for s in table.seats]
                for to in e.to:
                    private = escape(engine.core.fill_names(e.text, names, to))
                    assert private not in public, "a private event is on the public page"


@pytest.mark.parametrize(("game_id", "n"), GAMES)
def test_the_public_page_is_the_same_in_every_world_a_spectator_imagines(
        game_id: str, n: int) -> None:
    table = _table(game_id, n, f"leak-{game_id}")
    game = table.game
    rng = random.Random(game_id)
    entries: list[LogEntry] = []
    checks = 0
    while checks < CHECKS and game.to_act(table.state):
        if len(entries) % EVERY == 0:
            _check(table, entries, rng)
            checks += 1
        seat = rng.choice(sorted(game.to_act(table.state)))
        action = rng.choice(game.legal_actions(table.state, seat))
        table.apply(game, seat, action, T0 + len(entries))
        entries.append(LogEntry(len(entries) + 1, seat, action, T0 + len(entries)))
    assert checks == CHECKS


def _seat_view(table: Table, seat: int) -> dict:
    view = table.game.view(table.state, seat)
    view["names"] = [s.name for s in table.seats]
    return view


@pytest.mark.parametrize(("game_id", "n"), GAMES)
async def test_a_private_link_shows_its_own_hand_and_not_another_seats(
        svc: TableService, client: TestClient, game_id: str, n: int) -> None:
    table = await playing(svc, game_id, n)
    for step in range(30):  # on to a moment when the two hands differ
        hands = [markdown(render.text_hand(game_id, _seat_view(table, seat)))
                 for seat in (0, 1)]
        if hands[0] != hands[1]:
            break
        table = await random_moves(svc, "c1", 1, seed=step)
    assert table.key is not None and hands[0] != hands[1]
    pages = []
    for seat in (0, 1):
        token = seat_token(SECRET, table.key, seat, PEOPLE[seat][0], T0)
        answer = await client.get(f"/t/{token}/")
        assert answer.status == 200
        pages.append(await answer.text())
    assert hands[0] in pages[0] and hands[1] in pages[1]
    assert hands[0] not in pages[1] and hands[1] not in pages[0]
