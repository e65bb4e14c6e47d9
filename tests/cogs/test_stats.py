"""``/stats leaderboard``, ``/stats profile`` and ``/stats forget-me`` (issue 15), driven
through discord.py's own objects. The games are played to their end through the table
service and rated as the game-over message rates them (``data.ratings.rate_finished``)."""

from __future__ import annotations

import random
import re
from typing import Any

import engine
from cogs.look import texts
from cogs.look.actions import encode
from data.ratings import conservative, rate_finished
from engine.core import Action
from engine.table import PLAYING, Table
from tests.cogs.harness import CHANNEL_ID, GUILD_ID, FakeUser, Harness
from tests.cogs.played import open_played

T0 = 1_700_000_000.0
CHANNELS = [700000000000000050 + i for i in range(10)]
LINE = re.compile(r"^(\d+)\. (.+?): \*\*(-?[\d.]+)\*\* ±([\d.]+) · (\d+) games?, (\d+) won$")


async def finished_game(h: Harness, n: int, game_id: str, people: list[FakeUser],
                        bots: tuple[str, ...] = (), seed: int = 1) -> Table:
    """A table of ``people`` (and AI seats) played to its end with random legal moves, in
    channel ``CHANNELS[n]``, then rated."""
    svc, channel = h.bot.svc, str(CHANNELS[n])
    host = people[0]
    await svc.new(game_id, channel, str(host.id), host.name.capitalize(), {},
                  guild=str(GUILD_ID), seed=f"stats-{n}", now=T0)
    for p in people[1:]:
        await svc.join(channel, str(p.id), p.name.capitalize(), T0)
    for level in bots:
        await svc.add_bot(channel, str(host.id), level, T0)
    table = (await svc.start(channel, str(host.id), T0)).table
    rng = random.Random(seed)

    def play(t: Table) -> None:
        game = engine.get_game(t.game_id)
        while t.status == PLAYING:
            seat = rng.choice(sorted(t.to_act(game)))
            t.apply(game, seat, rng.choice(game.legal_actions(t.state, seat)), T0)

    table = await svc.store.mutate(table.key, play, T0 + 60 * (n + 1))
    assert await rate_finished(svc.store, table, T0 + 60 * (n + 1))
    return table


def board_lines(text: str) -> list[re.Match[str]]:
    return [m for m in map(LINE.match, text.splitlines()) if m]


# -- leaderboard -------------------------------------------------------------------------------


async def test_a_games_leaderboard_lists_its_players_surest_first_with_games_and_wins(
        h: Harness) -> None:
    anne, bob, cleo = h.user("anne"), h.user("bob"), h.user("cleo")
    for n in range(3):
        await finished_game(h, n, "pirate-tricks", [anne, bob, cleo], seed=n)

    r = await h.slash(anne, "stats leaderboard", game="pirate-tricks")

    assert r.ephemeral and "Leaderboard: Pirate Tricks" in r.text
    lines = board_lines(r.text)
    assert [int(m[1]) for m in lines] == [1, 2, 3]
    assert {m[2] for m in lines} == {anne.mention, bob.mention, cleo.mention}
    rows = {f"<@{x.player}>": x for x in await h.bot.store.ratings(str(GUILD_ID))}
    shown = [float(m[3]) - float(m[4]) for m in lines]
    # ranked by rating minus its margin (each shown rounded to a tenth)
    assert all(a >= b - 0.1 for a, b in zip(shown, shown[1:], strict=False))
    exact = [rows[m[2]] for m in lines]
    assert [conservative(x) for x in exact] == sorted(map(conservative, exact), reverse=True)
    for m in lines:
        row = rows[m[2]]
        assert (int(m[5]), int(m[6])) == (row.games, row.wins) == (3, row.wins)
        assert float(m[3]) == round(row.mu, 1)
    assert sum(int(m[6]) for m in lines) >= 3  # every game has a winner
    assert r.message.allowed_mentions == {"parse": []}, "nobody is pinged"


async def test_the_leaderboard_without_a_game_shows_every_game_rated_here(h: Harness) -> None:
    anne, bob, cleo = h.user("anne"), h.user("bob"), h.user("cleo")
    await finished_game(h, 0, "pirate-tricks", [anne, bob, cleo])
    await finished_game(h, 1, "sewer-pirats", [anne, bob])

    r = await h.slash(bob, "stats leaderboard")

    assert "**Pirate Tricks** (3 players)" in r.text and "**Sewer Pirats** (2 players)" in r.text
    assert r.text.index("Pirate Tricks") < r.text.index("Sewer Pirats")
    assert len(board_lines(r.text)) == 5


async def test_ai_captains_stand_on_the_leaderboard_as_their_level(h: Harness) -> None:
    anne = h.user("anne")
    await finished_game(h, 0, "sewer-pirats", [anne], bots=("hard", "hard"))
    r = await h.slash(anne, "stats leaderboard", game="Sewer Pirats")
    names = [m[2] for m in board_lines(r.text)]
    assert sorted(names) == sorted([anne.mention, "🤖 AI (hard)"])


async def test_before_any_rated_game_the_leaderboard_says_how_ratings_come(h: Harness) -> None:
    anne = h.user("anne")
    r = await h.slash(anne, "stats leaderboard")
    assert r.ephemeral and "No game has been rated on this server yet" in r.text
    r = await h.slash(anne, "stats leaderboard", game="seafarers")
    assert "Nobody has finished a rated game of Catan: Seafarers" in r.text


async def test_an_abandoned_game_never_reaches_the_leaderboard(h: Harness) -> None:
    anne, bob = h.user("anne"), h.user("bob")
    svc, channel = h.bot.svc, str(CHANNELS[0])
    await svc.new("sewer-pirats", channel, str(anne.id), "Anne", {}, guild=str(GUILD_ID), now=T0)
    await svc.join(channel, str(bob.id), "Bob", T0)
    await svc.start(channel, str(anne.id), T0)
    closed = await svc.abort(channel, str(anne.id), False, T0 + 1)
    assert await rate_finished(svc.store, closed, T0 + 2) == []
    r = await h.slash(anne, "stats leaderboard")
    assert "No game has been rated on this server yet" in r.text


async def test_an_unknown_game_is_refused_with_the_games_there_are(h: Harness) -> None:
    anne = h.user("anne")
    r = await h.slash(anne, "stats leaderboard", game="chess")
    assert r.ephemeral and "There is no game 'chess'" in r.text
    for game in engine.GAMES.values():
        assert game.title in r.text


async def test_the_game_option_offers_the_games_by_title(h: Harness) -> None:
    anne = h.user("anne")
    choices = await h.autocomplete(anne, "stats leaderboard", "game", "sea")
    assert choices == [{"name": "Catan: Seafarers", "value": "seafarers"}]


# -- profile -----------------------------------------------------------------------------------


async def test_my_profile_shows_games_wins_rating_per_game_favourite_and_last_game(
        h: Harness) -> None:
    anne, bob, cleo = h.user("anne"), h.user("bob"), h.user("cleo")
    for n in range(2):
        await finished_game(h, n, "pirate-tricks", [anne, bob, cleo], seed=n)
    last = await finished_game(h, 2, "sewer-pirats", [anne, bob], seed=5)

    r = await h.slash(anne, "stats profile")

    text = r.text
    assert r.ephemeral and f"Profile of {anne.mention}" in text
    mine = await h.bot.store.ratings(str(GUILD_ID), player=str(anne.id))
    wins = sum(x.wins for x in mine)
    assert f"3 rated games, {wins} won" in text
    assert "favourite game: **Pirate Tricks** (2 games)" in text
    assert f"Last game: **Sewer Pirats** in <#{CHANNELS[2]}>" in text
    result = engine.get_game("sewer-pirats").result(last.state)
    assert ("won" if 0 in result["winners"] else "placed 2nd") in text.split("Last game")[1]
    for x in mine:
        title = engine.get_game(x.game_id).title
        board = sorted(await h.bot.store.ratings(str(GUILD_ID), x.game_id),
                       key=lambda b: -conservative(b))
        place = [b.player for b in board].index(str(anne.id)) + 1
        line = next(ln for ln in text.splitlines() if ln.startswith(f"- **{title}**"))
        assert f"**{x.mu:.1f}**" in line and f"{x.games} game" in line
        assert f"of {len(board)} here" in line and line.split(" · ")[-1].startswith(str(place))


async def test_a_profile_of_another_player_is_theirs(h: Harness) -> None:
    anne, bob, cleo = h.user("anne"), h.user("bob"), h.user("cleo")
    await finished_game(h, 0, "pirate-tricks", [anne, bob, cleo])
    r = await h.slash(anne, "stats profile", player=cleo)
    assert f"Profile of {cleo.mention}" in r.text and "1 rated game," in r.text


async def test_a_profile_without_rated_games_says_so(h: Harness) -> None:
    anne, dave = h.user("anne"), h.user("dave")
    r = await h.slash(anne, "stats profile", player=dave)
    assert r.ephemeral and f"{dave.mention} has no rated game on this server yet." in r.text


# -- forget-me ---------------------------------------------------------------------------------


async def test_forget_me_asks_first_then_forgets_the_person_who_clicks(h: Harness) -> None:
    anne, bob, cleo = h.user("anne"), h.user("bob"), h.user("cleo")
    table = await finished_game(h, 0, "pirate-tricks", [anne, bob, cleo])
    guild = str(GUILD_ID)

    ask = await h.slash(bob, "stats forget-me")

    assert ask.ephemeral and "cannot be undone" in ask.text
    assert {x.player for x in await h.bot.store.ratings(guild)} >= {str(bob.id)}, \
        "asking changes nothing"
    done = await h.click(bob, ask.message, "Forget me")
    assert "Parley has forgotten you. 1 rating removed; 1 closed table" in done.text
    assert not ask.message.has_item("Forget me"), "the button is gone once used"
    assert str(bob.id) not in {x.player for x in await h.bot.store.ratings(guild)}
    seats = (await h.bot.store.get(table.key)).seats
    assert [s.name for s in seats] == ["Anne", "Former player 2", "Cleo"]
    assert str(bob.id) not in {s.player for s in seats}
    r = await h.slash(anne, "stats profile", player=bob)
    assert "has no rated game" in r.text
    r = await h.slash(anne, "stats leaderboard")
    assert bob.mention not in r.text and anne.mention in r.text


async def test_only_the_person_who_asked_can_press_forget_me(h: Harness) -> None:
    anne, bob, cleo = h.user("anne"), h.user("bob"), h.user("cleo")
    await finished_game(h, 0, "pirate-tricks", [anne, bob, cleo])
    ask = await h.slash(bob, "stats forget-me")
    before = await h.bot.store.ratings(str(GUILD_ID))
    r = await h.click(anne, ask.message, "Forget me")
    assert r.ephemeral and "This button is for the person who asked" in r.text
    assert await h.bot.store.ratings(str(GUILD_ID)) == before


async def test_forget_me_tells_about_tables_still_being_played(h: Harness) -> None:
    anne, bob = h.user("anne"), h.user("bob")
    svc, channel = h.bot.svc, str(CHANNELS[5])
    await svc.new("sewer-pirats", channel, str(anne.id), "Anne", {}, guild=str(GUILD_ID), now=T0)
    await svc.join(channel, str(bob.id), "Bob", T0)
    await svc.start(channel, str(anne.id), T0)
    ask = await h.slash(bob, "stats forget-me")
    done = await h.click(bob, ask.message, "Forget me")
    assert "0 ratings removed; 0 closed tables" in done.text
    assert "still seated at 1 table being played" in done.text
    assert "until its game ends, and then Parley forgets you there too" in done.text
    assert "use `/stats forget-me` again" not in done.text, "nothing more to do"
    assert (await svc.store.live(channel)).seats[1].player == str(bob.id)


def ends_the_game(game: Any, state: Any, seat: int, action: Action) -> bool:
    trial = game.load(game.dump(state))
    game.apply(trial, seat, action)
    return game.result(trial) is not None


async def test_forget_me_at_a_table_being_played_forgets_them_when_the_game_ends(
        h: Harness) -> None:
    """Bob asks to be forgotten one move before the end of his game: the game ends through
    the bot as usual and is rated for Anne, never for Bob, whose seat keeps only the
    placeholder; his profile does not come back."""
    anne, bob = h.user("anne"), h.user("bob")
    earlier = await finished_game(h, 0, "pirate-tricks", [anne, bob, h.user("cleo")])
    table = await open_played(h, "sewer-pirats", [anne, bob], until=ends_the_game)
    ask = await h.slash(bob, "stats forget-me")
    assert "you keep your seat until the game ends; then Parley forgets you there" in ask.text
    done = await h.click(bob, ask.message, "Forget me")
    assert "1 rating removed; 1 closed table" in done.text
    assert "still seated at 1 table being played" in done.text
    assert (await h.bot.store.live(str(CHANNEL_ID))).seats[1].player == str(bob.id)

    game = engine.get_game("sewer-pirats")
    seat, last = next((s, a) for s in sorted(table.to_act(game))
                      for a in game.legal_actions(table.state, s)
                      if ends_the_game(game, table.state, s, a))
    r = await h.slash([anne, bob][seat], "sewer move", action=encode(last))

    assert r.ephemeral and r.text.startswith("Done:"), r.text
    assert not h.tree_errors
    ended = await h.bot.store.get(table.key)
    assert ended.status == "finished"
    assert [s.name for s in ended.seats] == ["Anne", "Former player 2"]
    assert str(bob.id) not in {s.player for s in ended.seats} | {ended.host}
    (ratings,) = [m for m in h.posts() if m.content.startswith(texts.RATINGS_HEADER)]
    assert "Anne: 25.0 → " in ratings.content and "Bob" not in ratings.content
    assert "Former player" not in ratings.content
    assert [c.player for c in await h.bot.store.rating_changes(table.key)] == [str(anne.id)]
    r = await h.slash(anne, "stats profile", player=bob)
    assert "has no rated game" in r.text
    r = await h.slash(anne, "stats leaderboard", game="sewer-pirats")
    assert anne.mention in r.text and bob.mention not in r.text
    assert [s.name for s in (await h.bot.store.get(earlier.key)).seats] == [
        "Anne", "Former player 2", "Cleo"]


async def test_the_forget_me_button_still_works_after_a_restart(h: Harness) -> None:
    anne, bob, cleo = h.user("anne"), h.user("bob"), h.user("cleo")
    await finished_game(h, 0, "pirate-tricks", [anne, bob, cleo])
    ask = await h.slash(cleo, "stats forget-me")
    await h.restart()
    done = await h.click(cleo, ask.message, "Forget me")
    assert "Parley has forgotten you" in done.text
    assert str(cleo.id) not in {x.player for x in await h.bot.store.ratings(str(GUILD_ID))}
