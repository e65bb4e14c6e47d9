"""Ratings (issue 15): counted once when a game ends, for 2 to 6 players, ties and shared
victories, AI seats rated as players of their level, abandoned games and the console's
server-less games not rated, kept across restarts; and a person forgotten on request, at
once at closed tables and, for a table still being played, when it closes. Every store test
runs on SQLite and PostgreSQL (tests/data/conftest.py)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import engine
from data.ratings import MODEL, change_lines, player_of, ranks, rate_finished, rate_unrated
from data.store import FORGOTTEN_NAME, Store
from data.tables import TableService
from engine.core import Action
from engine.table import ABANDONED, FINISHED, PLAYING, Table
from tests.data.helpers import LAY, T0
from tests.data.raw import raw

NEWCOMER = 25.0  # openskill's starting mu


# -- helpers ---------------------------------------------------------------------------------


async def seat_table(svc: TableService, channel: str, game_id: str, people: list[str],
                     bots: tuple[str, ...] = (), guild: str = "g1", seed: str = "s") -> Table:
    """A started table of ``game_id``: ``people`` (the first hosts), then AI seats."""
    host = people[0]
    await svc.new(game_id, channel, host, f"Name {host}", {}, guild=guild, seed=seed, now=T0)
    for p in people[1:]:
        await svc.join(channel, p, f"Name {p}", T0)
    for level in bots:
        await svc.add_bot(channel, host, level, T0)
    return (await svc.start(channel, host, T0)).table


async def play_to_end(store: Store, key: int, seed: int = 1) -> Table:
    """Random legal moves for whoever must act until the game ends (one transaction)."""
    rng = random.Random(seed)

    def play(t: Table) -> None:
        game = engine.get_game(t.game_id)
        while t.status == PLAYING:
            seat = rng.choice(sorted(t.to_act(game)))
            t.apply(game, seat, rng.choice(game.legal_actions(t.state, seat)), T0)

    return await store.mutate(key, play, T0 + 60)


def _cutlass_card(hand: list[int], high: bool) -> int:
    return max(hand) if high else min(hand)


def cutlass_winner(seed: str, n: int, high: set[int]) -> list[int]:
    """The winners of a Crossed Cutlasses deal of ``seed`` when the ``high`` seats always
    lay their highest card and the others their lowest (played in memory)."""
    game = engine.get_game("cutlass")
    state = game.setup(n, {}, seed)
    while game.result(state) is None:
        for seat in sorted(game.to_act(state)):
            card = _cutlass_card(state.hands[seat], seat in high)
            game.apply(state, seat, Action("pick", {"card": card}))
            game.apply(state, seat, LAY)
    return game.result(state)["winners"]


def deal_won_by(winner: int, n: int, high: set[int]) -> str:
    """The first seed whose deal ``winner`` wins alone when the ``high`` seats lay high."""
    for i in range(500):
        if cutlass_winner(f"deal-{i}", n, high) == [winner]:
            return f"deal-{i}"
    raise AssertionError("no such deal among 500")


async def play_cutlass(store: Store, key: int, high: set[int]) -> Table:
    """Play a Crossed Cutlasses table to the end through the store's move path (logged):
    the ``high`` seats lay their highest card, the others their lowest."""
    game = engine.get_game("cutlass")
    while True:
        table = await store.get(key)
        assert table is not None
        if table.status != PLAYING:
            return table
        for seat in sorted(table.to_act(game)):
            card = _cutlass_card(table.state.hands[seat], seat in high)
            table, _ = await store.apply_moves(key, seat, [Action("pick", {"card": card}), LAY],
                                               T0 + 30)


def changes_by_seat(changes: list) -> dict[int, object]:
    return {c.seat: c for c in changes}


# -- ranks from each game's result -------------------------------------------------------------


def test_a_shared_victory_puts_every_winner_first() -> None:
    """Pirate Tricks, "Winning the Game": tied players share the victory."""
    assert ranks({"winners": [0, 2], "scores": [14, 9, 14]}, 3) == [1, 2, 1]


def test_the_others_are_placed_by_score_and_equal_scores_share_a_place() -> None:
    result = {"winners": [3], "scores": [4, 8, 8, 13]}  # Seafarers: 13 victory points wins
    assert ranks(result, 4) == [3, 2, 2, 1]


def test_sewer_pirats_places_equal_scores_by_the_crew_space_tie_break() -> None:
    """Sewer Pirats: the most points, then the highest tie-break (crew spaces)."""
    result = {"winners": [0], "scores": [40, 31, 31, 20], "tiebreak": [3, 2, 5, 9]}
    assert ranks(result, 4) == [1, 3, 2, 4]


def test_a_winner_on_the_tie_break_is_first_and_the_tied_loser_second() -> None:
    result = {"winners": [1], "scores": [30, 30], "tiebreak": [2, 4]}
    assert ranks(result, 2) == [2, 1]


def test_a_result_without_scores_places_every_loser_second() -> None:
    assert ranks({"winners": [1]}, 3) == [2, 1, 2]


@pytest.mark.parametrize("game_id", sorted(g for g in engine.GAMES if g != "cutlass"))
def test_every_games_result_puts_its_winners_first_and_orders_the_rest_by_score(
        game_id: str) -> None:
    game = engine.get_game(game_id)
    for n in sorted({game.min_players, game.max_players}):
        rng = random.Random(n)
        state = game.setup(n, {}, f"ranks-{n}")
        while game.result(state) is None:
            seat = rng.choice(sorted(game.to_act(state)))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        result = game.result(state)
        places = ranks(result, n)
        assert {s for s in range(n) if places[s] == 1} == set(result["winners"])
        scores = result["scores"]
        losers = [s for s in range(n) if s not in result["winners"]]
        for a in losers:
            for b in losers:
                if scores[a] > scores[b]:
                    assert places[a] < places[b], (result, places)


# -- rating finished games ---------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "n"), [("sewer-pirats", 2), ("pirate-tricks", 3),
                                            ("sewer-pirats", 4), ("pirate-tricks", 5),
                                            ("all-hands", 6)])
async def test_a_finished_game_of_newcomers_orders_their_new_ratings_as_they_placed(
        svc: TableService, game_id: str, n: int) -> None:
    people = [f"u{i}" for i in range(n)]
    table = await seat_table(svc, "c1", game_id, people)
    table = await play_to_end(svc.store, table.key, seed=n)
    assert table.status == FINISHED

    changes = await rate_finished(svc.store, table, T0 + 100)

    places = ranks(engine.get_game(game_id).result(table.state), n)
    assert [c.seat for c in changes] == list(range(n))
    assert all(c.before == NEWCOMER for c in changes)
    by = changes_by_seat(changes)
    for a in range(n):
        for b in range(n):
            if places[a] < places[b]:
                assert by[a].after > by[b].after
            elif places[a] == places[b]:
                assert by[a].after == pytest.approx(by[b].after)
    rows = {r.player: r for r in await svc.store.ratings("g1", game_id)}
    assert set(rows) == set(people)
    for seat, person in enumerate(people):
        assert rows[person].games == 1
        assert rows[person].wins == (1 if places[seat] == 1 else 0)
        assert rows[person].mu == pytest.approx(by[seat].after)
        assert rows[person].sigma < NEWCOMER / 3  # surer after a game
    if len(set(places)) > 1:
        assert all(by[s].after > NEWCOMER for s in range(n) if places[s] == 1)
        worst = max(places)
        assert all(by[s].after < NEWCOMER for s in range(n) if places[s] == worst)


async def test_a_victory_shared_by_everyone_moves_no_rating_but_makes_each_surer(
        svc: TableService) -> None:
    """All Hands on Deck!: when nobody musters a crew, the best hands share the win; find
    a random game where every captain's hand ties."""
    for seed in range(1, 60):
        table = await seat_table(svc, f"c{seed}", "all-hands", ["u0", "u1", "u2"],
                                 seed=f"tie-{seed}")
        table = await play_to_end(svc.store, table.key, seed=seed)
        if engine.get_game("all-hands").result(table.state)["winners"] == [0, 1, 2]:
            break
    else:
        raise AssertionError("no random game of 60 ended in a three-way shared victory")
    changes = await rate_finished(svc.store, table, T0 + 100)
    assert [c.rank for c in changes] == [1, 1, 1]
    assert all(c.after == pytest.approx(NEWCOMER) for c in changes)
    rows = await svc.store.ratings("g1", "all-hands")
    assert all(r.wins == 1 and r.sigma < NEWCOMER / 3 for r in rows)


async def test_the_game_over_lines_show_each_rating_before_and_after(svc: TableService) -> None:
    seed = deal_won_by(0, 2, high={0})
    table = await seat_table(svc, "c1", "cutlass", ["u0", "u1"], seed=seed)
    table = await play_cutlass(svc.store, table.key, high={0})
    lines = change_lines(await rate_finished(svc.store, table, T0 + 100))
    assert len(lines) == 2
    assert lines[0].startswith("Name u0: 25.0 → ") and "(+" in lines[0]
    assert lines[1].startswith("Name u1: 25.0 → ") and "(-" in lines[1]
    for line in lines:  # the shown change is the difference of the shown ratings
        before, after = (float(x) for x in line.split(": ")[1].split(" (")[0].split(" → "))
        delta = float(line.rsplit("(", 1)[1].rstrip(")"))
        assert delta == pytest.approx(after - before)


# -- AI seats ----------------------------------------------------------------------------------


async def test_ai_seats_of_one_level_are_one_player_of_that_level(svc: TableService) -> None:
    table = await seat_table(svc, "c1", "cutlass", ["u0"], bots=("hard", "hard"),
                             seed=deal_won_by(0, 3, high={0}))
    assert [player_of(s) for s in table.seats] == ["u0", "ai:hard", "ai:hard"]
    table = await play_cutlass(svc.store, table.key, high={0})
    changes = await rate_finished(svc.store, table, T0 + 100)
    assert [c.player for c in changes] == ["u0", "ai:hard", "ai:hard"]
    rows = {r.player: r for r in await svc.store.ratings("g1", "cutlass")}
    assert set(rows) == {"u0", "ai:hard"}
    level = rows["ai:hard"]
    assert (level.games, level.wins, level.name) == (1, 0, "AI (hard)")
    # one game counts once for the level: the mean of what its two seats got
    assert level.mu == pytest.approx((changes[1].after + changes[2].after) / 2)

    # the next game against that level starts from the level's rating
    table = await seat_table(svc, "c2", "cutlass", ["u5"], bots=("hard",), seed="next")
    table = await play_cutlass(svc.store, table.key, high={0})
    changes = await rate_finished(svc.store, table, T0 + 200)
    assert changes[1].before == pytest.approx(level.mu)
    assert (await svc.store.ratings("g1", "cutlass", "ai:hard"))[0].games == 2


async def test_beating_a_strong_ai_level_gains_more_than_beating_a_new_one(
        svc: TableService) -> None:
    ai_wins = deal_won_by(1, 2, high={1})  # the AI (seat 1) lays high and wins
    person_wins = deal_won_by(0, 2, high={0})
    # On server g1 the hard AI beats three newcomers first.
    for i in range(3):
        t = await seat_table(svc, f"a{i}", "cutlass", [f"v{i}"], bots=("hard",), seed=ai_wins)
        await rate_finished(svc.store, await play_cutlass(svc.store, t.key, high={1}), T0)
    strong = (await svc.store.ratings("g1", "cutlass", "ai:hard"))[0]
    assert strong.mu > NEWCOMER and strong.wins == 3
    # Then a newcomer beats it on g1, and another beats a fresh hard AI on g2.
    gains = []
    for guild in ("g1", "g2"):
        t = await seat_table(svc, f"b-{guild}", "cutlass", [f"w-{guild}"], bots=("hard",),
                             guild=guild, seed=person_wins)
        changes = await rate_finished(svc.store, await play_cutlass(svc.store, t.key, high={0}),
                                      T0 + 10)
        gains.append(changes[0].after - changes[0].before)
    assert gains[0] > gains[1] > 0


async def test_a_seat_an_ai_took_over_on_a_time_out_counts_for_its_person(
        svc: TableService) -> None:
    table = await seat_table(svc, "c1", "pirate-tricks", ["u0", "u1", "u2"])
    await svc.store.mutate(table.key, lambda t: t.replace_with_ai(1, "normal"), T0 + 5)
    table = await play_to_end(svc.store, table.key)
    changes = await rate_finished(svc.store, table, T0 + 100)
    assert [c.player for c in changes] == ["u0", "u1", "u2"]
    players = {r.player: r for r in await svc.store.ratings("g1")}
    assert set(players) == {"u0", "u1", "u2"}
    assert players["u1"].name == "Name u1"


# -- what is not rated, and what is rated only once ---------------------------------------------


async def test_an_abandoned_game_is_not_rated(svc: TableService) -> None:
    table = await seat_table(svc, "c1", "pirate-tricks", ["u0", "u1", "u2"])
    closed = await svc.abort("c1", "u0", False, T0 + 5)
    assert closed is not None and closed.status == ABANDONED
    assert await rate_finished(svc.store, closed, T0 + 10) == []
    assert await rate_unrated(svc.store, T0 + 10) == 0
    assert await svc.store.ratings("g1") == []
    assert await svc.store.rating_changes(table.key) == []


async def test_a_game_still_playing_is_not_rated(svc: TableService) -> None:
    table = await seat_table(svc, "c1", "pirate-tricks", ["u0", "u1", "u2"])
    assert await rate_finished(svc.store, table, T0 + 10) == []
    assert await svc.store.ratings("g1") == []


async def test_a_game_is_rated_once_however_often_it_is_asked(svc: TableService) -> None:
    table = await seat_table(svc, "c1", "sewer-pirats", ["u0", "u1"])
    table = await play_to_end(svc.store, table.key)
    first = await rate_finished(svc.store, table, T0 + 100)
    assert len(first) == 2
    assert await rate_finished(svc.store, table, T0 + 101) == []
    assert await rate_unrated(svc.store, T0 + 102) == 0
    assert [r.games for r in await svc.store.ratings("g1")] == [1, 1]
    assert len(await svc.store.rating_changes(table.key)) == 2


async def test_two_processes_rating_one_game_at_once_count_it_once(
        svc: TableService, db: Path | str) -> None:
    table = await seat_table(svc, "c1", "sewer-pirats", ["u0", "u1", "u2"])
    table = await play_to_end(svc.store, table.key)
    async with await Store.open(db) as other:
        results = await asyncio.gather(rate_finished(svc.store, table, T0 + 100),
                                       rate_finished(other, table, T0 + 100))
    assert sorted(len(r) for r in results) == [0, 3]
    assert [r.games for r in await svc.store.ratings("g1")] == [1, 1, 1]


async def test_two_games_of_the_same_players_rated_at_once_both_count(
        svc: TableService, db: Path | str) -> None:
    """On PostgreSQL two processes may rate two games of the same people at the same moment;
    neither rating may be lost."""
    tables = []
    for channel, seed in (("c1", 1), ("c2", 2)):
        t = await seat_table(svc, channel, "pirate-tricks", ["u0", "u1", "u2"], seed=channel)
        tables.append(await play_to_end(svc.store, t.key, seed=seed))
    async with await Store.open(db) as other:
        await asyncio.gather(rate_finished(svc.store, tables[0], T0 + 100),
                             rate_finished(other, tables[1], T0 + 100))
    rows = await svc.store.ratings("g1", "pirate-tricks")
    assert [r.games for r in rows] == [2, 2, 2]
    # each player's rating went through both games: the later game started from the
    # rating the earlier one left
    firsts = {c.player: c for c in await svc.store.rating_changes(tables[0].key)}
    seconds = {c.player: c for c in await svc.store.rating_changes(tables[1].key)}
    for r in rows:
        a, b = firsts[r.player], seconds[r.player]
        assert (a.mu_before == NEWCOMER) != (b.mu_before == NEWCOMER)
        last = b if a.mu_before == NEWCOMER else a
        assert r.mu == pytest.approx(last.mu_after)


async def test_ratings_survive_a_restart(db: Path | str) -> None:
    async with await Store.open(db) as store:
        svc = TableService(store)
        table = await seat_table(svc, "c1", "pirate-tricks", ["u0", "u1", "u2"])
        table = await play_to_end(store, table.key)
        await rate_finished(store, table, T0 + 100)
        before = await store.ratings("g1")
    async with await Store.open(db) as store:
        assert await store.ratings("g1") == before
        assert await rate_finished(store, table, T0 + 200) == []  # still counted once
        assert await store.ratings("g1") == before


async def test_a_game_that_could_not_be_rated_stays_unrated_until_it_can(
        svc: TableService, db: Path | str) -> None:
    """The mark and the ratings are one transaction: a table whose saved game cannot be
    read is not marked, and once repaired the next housekeeping pass rates it."""
    table = await seat_table(svc, "c1", "cutlass", ["u0", "u1"], seed="damaged")
    table = await play_cutlass(svc.store, table.key, high={0})
    with raw(db) as con:
        con.execute("UPDATE tables SET state = '{' WHERE key = ?", (table.key,))
    assert await rate_finished(svc.store, table, T0 + 100) == []
    assert await svc.store.unrated_tables() == [table.key]
    assert await svc.store.ratings("g1") == []
    await svc.store.repair(table.key, T0 + 200)
    assert await rate_unrated(svc.store, T0 + 300) == 1
    assert [r.games for r in await svc.store.ratings("g1")] == [1, 1]


async def test_finished_games_left_unrated_are_rated_oldest_first(svc: TableService) -> None:
    """A crash between a game's end and its game-over message leaves it unrated; the
    housekeeping pass rates every such game in the order they ended."""
    keys = []
    for i, channel in enumerate(("c1", "c2")):
        t = await seat_table(svc, channel, "pirate-tricks", ["u0", "u1", "u2"], seed=channel)
        done = await svc.store.mutate(t.key, lambda t, i=i: _play_all(t, i), T0 + 100 * (2 - i))
        keys.append(done.key)
    assert await svc.store.unrated_tables() == [keys[1], keys[0]]  # c2 ended first
    assert await rate_unrated(svc.store, T0 + 500) == 2
    assert await svc.store.unrated_tables() == []
    earlier = {c.player: c for c in await svc.store.rating_changes(keys[1])}
    for c in await svc.store.rating_changes(keys[0]):  # the later game starts from the first
        assert (c.mu_before, c.sigma_before) == pytest.approx(
            (earlier[c.player].mu_after, earlier[c.player].sigma_after))


def _play_all(t: Table, seed: int) -> None:
    rng = random.Random(seed)
    game = engine.get_game(t.game_id)
    while t.status == PLAYING:
        seat = rng.choice(sorted(t.to_act(game)))
        t.apply(game, seat, rng.choice(game.legal_actions(t.state, seat)), T0)


async def test_ratings_are_per_server_and_per_game(svc: TableService) -> None:
    for channel, game_id, guild in (("c1", "sewer-pirats", "g1"), ("c2", "sewer-pirats", "g2"),
                                    ("c3", "pirate-tricks", "g1")):
        people = ["u0", "u1"] if game_id == "sewer-pirats" else ["u0", "u1", "u2"]
        t = await seat_table(svc, channel, game_id, people, guild=guild, seed=channel)
        await rate_finished(svc.store, await play_to_end(svc.store, t.key), T0 + 100)
    mine = await svc.store.ratings("g1", player="u0")
    assert sorted(r.game_id for r in mine) == ["pirate-tricks", "sewer-pirats"]
    assert [r.games for r in mine] == [1, 1]
    assert [r.game_id for r in await svc.store.ratings("g2", player="u0")] == ["sewer-pirats"]


async def test_the_last_game_is_the_most_recent_rated_one(svc: TableService) -> None:
    first = await seat_table(svc, "c1", "sewer-pirats", ["u0", "u1"], seed="a")
    await rate_finished(svc.store, await play_to_end(svc.store, first.key), T0 + 100)
    second = await seat_table(svc, "c2", "pirate-tricks", ["u0", "u1", "u2"], seed="b")
    done = await svc.store.mutate(second.key, lambda t: _play_all(t, 3), T0 + 500)
    await rate_finished(svc.store, done, T0 + 600)
    last = await svc.store.last_game("g1", "u0")
    assert last is not None
    assert (last.table_key, last.game_id, last.channel, last.at) == (
        second.key, "pirate-tricks", "c2", T0 + 500)
    places = ranks(engine.get_game("pirate-tricks").result(done.state), 3)
    assert last.rank == places[0]
    assert await svc.store.last_game("g2", "u0") is None


# -- forget-me ---------------------------------------------------------------------------------


async def test_forget_me_removes_the_ratings_and_leaves_a_placeholder_at_closed_tables(
        svc: TableService) -> None:
    finished = await seat_table(svc, "c1", "pirate-tricks", ["u0", "u1", "u2"], seed="f")
    await svc.store.set_message(finished.key, "hand:u1", "dm-1", "m-1")
    await svc.store.flag_once(finished.key, "end-dm:u1")
    await svc.store.flag_once(finished.key, "end-dm:u0")
    finished = await play_to_end(svc.store, finished.key)
    await rate_finished(svc.store, finished, T0 + 100)
    hosted = await seat_table(svc, "c2", "sewer-pirats", ["u1", "u0"], seed="h")
    await svc.abort("c2", "u1", False, T0 + 5)
    live = await seat_table(svc, "c3", "sewer-pirats", ["u0", "u1"], seed="l")

    gone = await svc.store.forget_player("u1", FORGOTTEN_NAME)

    assert (gone.ratings, gone.tables, gone.live_tables) == (1, 2, 1)
    assert {r.player for r in await svc.store.ratings("g1")} == {"u0", "u2"}
    assert "u1" not in {c.player for c in await svc.store.rating_changes(finished.key)}
    assert await svc.store.last_game("g1", "u1") is None
    done = await svc.store.get(finished.key)
    assert [s.name for s in done.seats] == ["Name u0", "Former player 2", "Name u2"]
    assert done.seats[1].player is None and not done.seats[1].is_ai
    assert done.state is not None and done.status == FINISHED  # the game itself stays
    assert await svc.store.get_message(finished.key, "hand:u1") is None
    assert not await svc.store.flag_once(finished.key, "end-dm:u0")  # others' flags stay
    assert await svc.store.flag_once(finished.key, "end-dm:u1")  # theirs is gone
    aborted = await svc.store.get(hosted.key)
    assert aborted.host == "" and aborted.seats[0].name == "Former player 1"
    still = await svc.store.get(live.key)
    assert still.seats[1].player == "u1"  # a game being played keeps its players


async def test_forget_me_also_clears_a_seat_an_ai_took_over(svc: TableService) -> None:
    table = await seat_table(svc, "c1", "pirate-tricks", ["u0", "u1", "u2"])
    await svc.store.mutate(table.key, lambda t: t.replace_with_ai(2, "normal"), T0 + 5)
    await play_to_end(svc.store, table.key)
    await svc.store.forget_player("u2", FORGOTTEN_NAME)
    seat = (await svc.store.get(table.key)).seats[2]
    assert (seat.name, seat.former, seat.ai) == ("Former player 3 (AI)", None, "normal")


async def test_forget_me_of_someone_never_seen_changes_nothing(svc: TableService) -> None:
    table = await seat_table(svc, "c1", "sewer-pirats", ["u0", "u10"])
    await play_to_end(svc.store, table.key)
    gone = await svc.store.forget_player("u1", "x")
    assert (gone.ratings, gone.tables, gone.live_tables) == (0, 0, 0)
    assert [s.player for s in (await svc.store.get(table.key)).seats] == ["u0", "u10"]


# -- forget-me at a table still being played: it forgets them when it closes -----------------


def waiting_requests(db: Path | str) -> list[str]:
    """Whose forget-me requests the database still keeps."""
    with raw(db) as con:
        return [r[0] for r in con.query("SELECT player FROM forget_requests ORDER BY player")]


async def test_forget_me_at_a_table_being_played_forgets_them_when_its_game_ends(
        svc: TableService, db: Path | str) -> None:
    """The game goes on and is rated for the others; the person asked to be forgotten is
    not rated again, and their seat keeps only the placeholder once the game ends."""
    earlier = await seat_table(svc, "c0", "sewer-pirats", ["u1", "u0"], seed="e")
    await rate_finished(svc.store, await play_to_end(svc.store, earlier.key), T0 + 50)
    live = await seat_table(svc, "c1", "pirate-tricks", ["u0", "u1", "u2"], seed="l")
    await svc.store.set_message(live.key, "hand:u1", "dm-1", "m-1")
    await svc.store.flag_once(live.key, "turn:u1")

    gone = await svc.store.forget_player("u1", FORGOTTEN_NAME)

    assert (gone.ratings, gone.tables, gone.live_tables) == (1, 1, 1)
    assert (await svc.store.get(live.key)).seats[1].player == "u1"  # still playing
    done = await play_to_end(svc.store, live.key)
    changes = await rate_finished(svc.store, done, T0 + 100)

    assert [c.player for c in changes] == ["u0", "u2"]
    assert {r.player for r in await svc.store.ratings("g1")} == {"u0", "u2"}
    assert await svc.store.last_game("g1", "u1") is None
    assert [c.player for c in await svc.store.rating_changes(live.key)] == ["u0", "u2"]
    # the forgotten seat kept its place, as a newcomer whose rating is not kept: the others
    # moved as in a game of three newcomers (all three are new to Pirate Tricks here)
    places = ranks(engine.get_game("pirate-tricks").result(done.state), 3)
    played = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=places)
    assert [c.after for c in changes] == pytest.approx([played[0][0].mu, played[2][0].mu])
    # the table forgot them as forget-me forgets a closed table
    seats = (await svc.store.get(live.key)).seats
    assert [s.name for s in seats] == ["Name u0", "Former player 2", "Name u2"]
    assert seats[1].player is None and seats[1].former is None
    assert await svc.store.get_message(live.key, "hand:u1") is None
    assert await svc.store.flag_once(live.key, "turn:u1")
    # nothing is left to wait for: the request is gone, and a later game rates them anew
    assert waiting_requests(db) == []
    again = await seat_table(svc, "c2", "pirate-tricks", ["u0", "u1", "u2"], seed="n")
    changes = await rate_finished(svc.store, await play_to_end(svc.store, again.key), T0 + 200)
    assert changes[1].player == "u1" and changes[1].before == NEWCOMER


async def test_forget_me_waits_for_each_table_and_an_aborted_or_abandoned_one_forgets_them(
        svc: TableService, db: Path | str) -> None:
    aborted = await seat_table(svc, "c1", "sewer-pirats", ["u1", "u0"], seed="a")
    left = await seat_table(svc, "c2", "pirate-tricks", ["u0", "u1", "u2"], seed="b")
    gone = await svc.store.forget_player("u1", FORGOTTEN_NAME)
    assert gone.live_tables == 2

    await svc.abort("c1", "u0", True, T0 + 5)  # a channel manager aborts the table u1 hosts

    closed = await svc.store.get(aborted.key)
    assert closed.status == ABANDONED and closed.host == ""
    assert [s.name for s in closed.seats] == ["Former player 1", "Name u0"]
    assert "u1" not in {s.player for s in closed.seats}
    assert waiting_requests(db) == ["u1"], "another table still seats them"

    # everyone leaves the other game: AIs take the seats over, and the last person to
    # leave, now its host, leaves it abandoned
    for person in ("u0", "u2", "u1"):
        await svc.leave("c2", person, T0 + 6)

    closed = await svc.store.get(left.key)
    assert closed.status == ABANDONED and closed.host == ""
    assert [(s.name, s.former) for s in closed.seats] == [
        ("Name u0 (AI)", "u0"), ("Former player 2 (AI)", None), ("Name u2 (AI)", "u2")]
    assert waiting_requests(db) == []
    assert await svc.store.ratings("g1") == []


async def test_a_seat_an_ai_took_over_from_a_forgotten_person_rates_nobody(
        svc: TableService) -> None:
    """``/game leave`` hands the seat to an AI and the person keeps its result; once they
    asked to be forgotten, the seat counts for nobody: not them, not the AI level."""
    table = await seat_table(svc, "c1", "pirate-tricks", ["u0", "u1", "u2"])
    await svc.leave("c1", "u1", T0 + 1)
    await svc.store.forget_player("u1", FORGOTTEN_NAME)
    done = await play_to_end(svc.store, table.key)
    changes = await rate_finished(svc.store, done, T0 + 100)
    assert [c.player for c in changes] == ["u0", "u2"]
    assert {r.player for r in await svc.store.ratings("g1")} == {"u0", "u2"}
    seat = (await svc.store.get(table.key)).seats[1]
    assert (seat.name, seat.former, seat.ai) == ("Former player 2 (AI)", None, "normal")


async def test_forgotten_after_the_end_but_before_the_rating_their_seat_rates_nobody(
        svc: TableService) -> None:
    """A game that ended while the bot went down is rated by the next housekeeping; if its
    forgotten person's seat was played to the end by an AI, that AI is not rated for it."""
    table = await seat_table(svc, "c1", "pirate-tricks", ["u0", "u1", "u2"])
    await svc.leave("c1", "u1", T0 + 1)
    await play_to_end(svc.store, table.key)
    gone = await svc.store.forget_player("u1", FORGOTTEN_NAME)
    assert (gone.tables, gone.live_tables) == (1, 0)
    assert await rate_unrated(svc.store, T0 + 100) == 1
    assert {r.player for r in await svc.store.ratings("g1")} == {"u0", "u2"}
    assert [c.player for c in await svc.store.rating_changes(table.key)] == ["u0", "u2"]


async def test_a_request_for_a_lobby_they_left_is_dropped_by_housekeeping(
        svc: TableService, db: Path | str) -> None:
    await svc.new("pirate-tricks", "c1", "u0", "Name u0", {}, guild="g1", now=T0)
    await svc.join("c1", "u1", "Name u1", T0)
    await svc.new("sewer-pirats", "c2", "u2", "Name u2", {}, guild="g1", now=T0)
    await svc.join("c2", "u3", "Name u3", T0)
    assert (await svc.store.forget_player("u1", FORGOTTEN_NAME)).live_tables == 1
    assert (await svc.store.forget_player("u3", FORGOTTEN_NAME)).live_tables == 1

    await svc.leave("c1", "u1", T0 + 1)  # a lobby seat just goes: nothing closed

    assert await svc.store.forget_waiting(T0 + 2) == 1
    assert waiting_requests(db) == ["u3"], "u3 is still seated"


async def test_forget_me_while_the_last_move_is_made_forgets_them_either_way(
        svc: TableService, db: Path | str) -> None:
    """Two processes: one forgets the person, the other ends the game at that moment.
    Whichever commits first, the table forgets them and the game does not rate them."""
    table = await seat_table(svc, "c1", "pirate-tricks", ["u0", "u1", "u2"])
    async with await Store.open(db) as other:
        gone, _ = await asyncio.gather(other.forget_player("u1", FORGOTTEN_NAME),
                                       play_to_end(svc.store, table.key))
    done = await svc.store.get(table.key)
    assert done.status == FINISHED and done.seats[1].player is None
    assert done.seats[1].name == "Former player 2"
    changes = await rate_finished(svc.store, done, T0 + 100)
    assert [c.player for c in changes] == ["u0", "u2"]
    assert waiting_requests(db) == []


# -- the console's tables: no server --------------------------------------------------------------


async def test_a_console_game_is_not_rated_and_belongs_to_no_other_server(
        svc: TableService) -> None:
    """``python bot.py console`` stores its tables without a server; housekeeping must not
    rate them under an empty server id, and a backup's "other servers" ignore them."""
    await svc.new("sewer-pirats", "console-7", "console-1", "Anne", {}, seed="c", now=T0)
    await svc.join("console-7", "console-2", "Bob", T0)
    console = (await svc.start("console-7", "console-1", T0)).table
    console = await play_to_end(svc.store, console.key)
    await seat_table(svc, "c1", "sewer-pirats", ["u0", "u1"])

    assert await svc.store.guilds() == {"g1"}
    assert await rate_finished(svc.store, console, T0 + 100) == []
    assert await rate_unrated(svc.store, T0 + 100) == 0
    assert await svc.store.ratings("") == []
    assert await svc.store.rating_changes(console.key) == []
    # counted all the same, so that it is archived in time like every closed table
    assert await svc.store.unrated_tables() == []
    assert await svc.store.archive_closed(T0 + 10**6, T0 + 10**6) == 1
