"""``/admin backup`` and the bot's housekeeping (issue 15), driven through discord.py's own
objects on a real SQLite file (and a real PostgreSQL database for its refusal)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from data.archive import DAY
from data.store import Store
from tests import pg
from tests.cogs.harness import (
    CHANNEL_ID,
    GUILD_ID,
    MANAGE_MESSAGES,
    MEMBER_PERMISSIONS,
    FakeUser,
    Harness,
)
from tests.cogs.test_stats import CHANNELS, T0, finished_game
from tests.data.test_ratings import play_to_end

MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
MANAGER = MEMBER_PERMISSIONS | MANAGE_CHANNELS
OWNER_ID = 1  # the application's owner, as the recorder answers /oauth2/applications/@me


def backups(h: Harness) -> list[Path]:
    return sorted(h.db_path.parent.glob("*-backup-*.db"))


async def two_player_lobby(h: Harness, host: FakeUser, other: FakeUser,
                           guild: int = GUILD_ID, channel: int = CHANNELS[0]) -> int:
    svc = h.bot.svc
    table = await svc.new("sewer-pirats", str(channel), str(host.id), "Host", {},
                          guild=str(guild), now=T0)
    await svc.join(str(channel), str(other.id), "Other", T0)
    return table.key


# -- /admin backup -----------------------------------------------------------------------------


async def test_a_manager_gets_the_database_as_a_private_file_that_opens_with_every_game(
        h: Harness, tmp_path: Path) -> None:
    anne, bob, cleo = h.user("anne"), h.user("bob"), h.user("cleo")
    table = await finished_game(h, 0, "pirate-tricks", [anne, bob, cleo])

    r = await h.slash(anne, "admin backup", permissions=MANAGER)

    assert r.ephemeral and "A consistent copy of the bot's database" in r.text
    assert "`parley.db`" in r.text
    (name, data), = [(n, d) for m in r.messages for n, d in m.files.items()]
    assert name.startswith("parley-backup-") and name.endswith(".db")
    copy = tmp_path / "received.db"
    copy.write_bytes(data)
    async with await Store.open(copy) as store:
        again = await store.get(table.key)
        assert again is not None and [s.name for s in again.seats] == ["Anne", "Bob", "Cleo"]
        assert len(await store.ratings(str(GUILD_ID))) == 3
    assert backups(h) == [], "the copy sent is not also left on the host"


async def test_manage_server_is_enough_too(h: Harness) -> None:
    anne = h.user("anne")
    r = await h.slash(anne, "admin backup", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    assert "A consistent copy" in r.text


@pytest.mark.parametrize("permissions", [MEMBER_PERMISSIONS, MEMBER_PERMISSIONS | MANAGE_MESSAGES])
async def test_someone_who_does_not_manage_the_server_gets_no_copy(h: Harness,
                                                                   permissions: int) -> None:
    anne = h.user("anne")
    r = await h.slash(anne, "admin backup", permissions=permissions)
    assert r.ephemeral and "Only the server's managers" in r.text
    assert not any(m.files for m in r.messages)
    assert backups(h) == [], "nothing was copied"


async def test_a_database_holding_other_servers_stays_on_the_host(h: Harness) -> None:
    anne, bob = h.user("anne"), h.user("bob")
    await two_player_lobby(h, anne, bob)
    await two_player_lobby(h, bob, anne, guild=GUILD_ID + 1, channel=CHANNELS[1])

    r = await h.slash(anne, "admin backup", permissions=MANAGER)

    assert "other servers in the same database" in r.text
    assert not any(m.files for m in r.messages)
    (path,) = backups(h)
    assert f"`{path}`" in r.text
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT COUNT(*) FROM tables").fetchone() == (2,)


async def console_game(h: Harness, channel: str = "console-7", finish: bool = True) -> int:
    """A table as ``python bot.py console`` stores it in the same database: no server, its
    players "console-1" and "console-2"; played to its end when ``finish``."""
    svc = h.bot.svc
    await svc.new("sewer-pirats", channel, "console-1", "Anne", {}, seed="console", now=T0)
    await svc.join(channel, "console-2", "Bob", T0)
    table = (await svc.start(channel, "console-1", T0)).table
    if finish:
        await play_to_end(h.bot.store, table.key)
    return table.key


async def test_the_consoles_tables_are_no_other_servers_games(h: Harness) -> None:
    """The console played on the bot's database: its tables have no server, so a manager
    still gets the copy as a file."""
    anne, bob = h.user("anne"), h.user("bob")
    await two_player_lobby(h, anne, bob)
    await console_game(h)
    await console_game(h, "console-8", finish=False)

    r = await h.slash(anne, "admin backup", permissions=MANAGER)

    assert "A consistent copy of the bot's database" in r.text, r.text
    assert [n for m in r.messages for n in m.files]
    assert backups(h) == []


async def test_the_bots_owner_gets_the_whole_database_whatever_it_holds(h: Harness) -> None:
    owner, bob = h.user("owner", OWNER_ID), h.user("bob")
    await two_player_lobby(h, owner, bob)
    await two_player_lobby(h, bob, owner, guild=GUILD_ID + 1, channel=CHANNELS[1])
    r = await h.slash(owner, "admin backup", permissions=MANAGER)
    assert "A consistent copy" in r.text
    assert [n for m in r.messages for n in m.files]


async def test_a_copy_larger_than_discord_allows_is_kept_beside_the_database(h: Harness) -> None:
    anne = h.user("anne")
    data = h._command_data("admin backup", {}, focused=None)
    payload = h._envelope(2, anne, CHANNEL_ID, data, MANAGER)
    payload["attachment_size_limit"] = 1024  # far below any database file

    r = await h.feed(payload)

    assert "larger than Discord lets me send here (1 KB)" in r.text
    assert not any(m.files for m in r.messages)
    (path,) = backups(h)
    assert f"`{path}`" in r.text and path.stat().st_size > 1024


async def test_a_second_backup_at_once_is_asked_to_wait(h: Harness) -> None:
    anne = h.user("anne")
    await h.slash(anne, "admin backup", permissions=MANAGER)
    r = await h.slash(anne, "admin backup", permissions=MANAGER)
    assert r.ephemeral and "A backup of the database was taken a moment ago" in r.text
    assert len(backups(h)) == 0 and not any(m.files for m in r.messages)


async def test_the_admin_commands_are_shown_to_server_managers_by_default(h: Harness) -> None:
    synced = [c for call in h.rec.calls if call.method == "PUT" and call.body
              for c in call.body if c.get("name") == "admin"]
    assert synced and int(synced[-1]["default_member_permissions"]) == MANAGE_GUILD
    assert [o["name"] for o in synced[-1]["options"]] == ["backup"]


# -- /admin backup on PostgreSQL -----------------------------------------------------------------


@pytest.fixture(scope="module")
def pg_server() -> Iterator[pg.PgServer]:
    yield from pg.serve()


async def test_on_postgresql_the_backup_is_refused_with_pg_dump_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pg_server: pg.PgServer,
        error_logs: object) -> None:
    url = await pg.create_database(pg_server)
    harness = Harness(tmp_path / "unused.db", monkeypatch)
    harness.db_path = url  # type: ignore[assignment]
    try:
        await harness.start()
        r = await harness.slash(harness.user("anne"), "admin backup", permissions=MANAGER)
        assert r.ephemeral and "pg_dump" in r.text and "PostgreSQL" in r.text
        assert not any(m.files for m in r.messages)
        assert list(tmp_path.iterdir()) == []
    finally:
        await harness.stop()
        await pg.drop_database(pg_server, url)


# -- housekeeping --------------------------------------------------------------------------------


def admin_cog(h: Harness) -> object:
    return h.bot.get_cog("AdminCog")


async def test_housekeeping_rates_games_left_unrated_and_archives_old_tables(
        h: Harness) -> None:
    anne, bob, cleo = h.user("anne"), h.user("bob"), h.user("cleo")
    old = await finished_game(h, 0, "pirate-tricks", [anne, bob, cleo])
    svc, channel = h.bot.svc, str(CHANNELS[1])
    # a game that ended while the bot went down before its game-over message: not rated
    await svc.new("sewer-pirats", channel, str(anne.id), "Anne", {}, guild=str(GUILD_ID),
                  now=T0)
    await svc.join(channel, str(bob.id), "Bob", T0)
    start = (await svc.start(channel, str(anne.id), T0)).table
    await play_to_end(h.bot.store, start.key)
    assert await h.bot.store.unrated_tables() == [start.key]
    keep = h.bot.config.keep_finished_days
    assert keep == 90

    rated, archived = await admin_cog(h).housekeep(T0 + (keep + 1) * DAY)

    assert (rated, archived) == (1, 2)
    told = [m for m in h.posts(CHANNELS[1]) if m.text.startswith("**Ratings**")]
    assert len(told) == 1 and "Anne: 25.0 → " in told[0].text and "Bob: 25.0 → " in told[0].text
    assert told[0].pinged == set(), "the late Ratings message pings nobody"
    assert await h.bot.store.unrated_tables() == []
    assert {r.game_id for r in await h.bot.store.ratings(str(GUILD_ID))} == {
        "pirate-tricks", "sewer-pirats"}
    with sqlite3.connect(h.db_path) as con:
        assert con.execute("SELECT COUNT(*) FROM tables WHERE state IS NULL").fetchone() == (2,)
    again = await h.bot.store.get(old.key)
    assert again.state is not None and again.status == "finished"  # replayed from its log


async def test_housekeeping_rates_no_console_game(h: Harness) -> None:
    """A console game has no server: nobody's rating, not even under an empty server id;
    it is still archived in time like every closed table."""
    anne, bob, cleo = h.user("anne"), h.user("bob"), h.user("cleo")
    await finished_game(h, 0, "pirate-tricks", [anne, bob, cleo])
    key = await console_game(h)

    rated, archived = await admin_cog(h).housekeep(T0 + 1000 * DAY)

    assert (rated, archived) == (0, 2)
    assert await h.bot.store.ratings("") == []
    assert await h.bot.store.rating_changes(key) == []
    with sqlite3.connect(h.db_path) as con:
        assert con.execute("SELECT COUNT(*) FROM ratings WHERE player LIKE 'console-%'"
                           ).fetchone() == (0,)


async def test_housekeeping_settles_a_forget_me_request_whose_lobby_was_left(
        h: Harness) -> None:
    anne, bob = h.user("anne"), h.user("bob")
    await two_player_lobby(h, anne, bob)
    ask = await h.slash(bob, "stats forget-me")
    done = await h.click(bob, ask.message, "Forget me")
    assert "still seated at 1 table" in done.text
    await h.bot.svc.leave(str(CHANNELS[0]), str(bob.id), T0 + 1)
    with sqlite3.connect(h.db_path) as con:
        assert con.execute("SELECT player FROM forget_requests").fetchall() == [(str(bob.id),)]

    await admin_cog(h).housekeep(T0 + 2)

    with sqlite3.connect(h.db_path) as con:
        assert con.execute("SELECT COUNT(*) FROM forget_requests").fetchone() == (0,)


async def test_an_archived_table_still_answers_game_status(h: Harness) -> None:
    anne, bob = h.user("anne"), h.user("bob")
    await h.slash(anne, "game new", game="sewer-pirats")
    await h.slash(bob, "game join")
    await h.slash(anne, "game start")
    table = await h.bot.store.live(str(CHANNEL_ID))
    await h.bot.svc.abort(str(CHANNEL_ID), str(anne.id), False, T0)
    assert await admin_cog(h).housekeep(T0 + 1000 * DAY) == (0, 1)
    with sqlite3.connect(h.db_path) as con:
        assert con.execute("SELECT state FROM tables WHERE key = ?",
                           (table.key,)).fetchone() == (None,)
    posted = len(h.posts())

    r = await h.slash(anne, "game status")

    assert r.ephemeral
    board = [m for m in h.posts()[posted:] if "board.png" in m.files][-1]
    assert board.images[0].startswith(b"\x89PNG")
