"""``/me settings`` (issue 24) through discord.py's own objects: one person's way of being
told it is their turn, for every table, shown back in words; a table's own ``/game notify``
overrides it; bad input answered politely with nothing changed; the time zone picked by
autocomplete; the settings gone with ``/stats forget-me``."""

from __future__ import annotations

import copy

from data.people import DEFAULTS, preferences
from tests.cogs.flows import open_table, table_of
from tests.cogs.harness import OTHER_CHANNEL_ID, FakeUser, Harness, Msg
from tests.cogs.test_quiet_channel import GAME, _move, _notices, _waiting


async def _play_turns(h: Harness, users: tuple[FakeUser, ...], turns: int
                      ) -> list[tuple[set[int], list[Msg]]]:
    """tests/cogs/test_quiet_channel.py's ``_play_turns``, each message kept exactly as
    it was sent (a deep copy: the turn message edited later in the chapter keeps the
    mentions and pings it was sent with)."""
    out = []
    for _ in range(turns):
        before = {u.id for u in await _waiting(h, *users)}
        sent = len(h.rec.sent)
        await _move(h, (await _waiting(h, *users))[0])
        now = {u.id for u in await _waiting(h, *users)}
        if (await table_of(h)).view(GAME, None)["phase"] == "discard":
            continue  # a formality, told to nobody (test_all_hands_discard.py)
        out.append((now - before, [copy.deepcopy(m) for m in h.rec.sent[sent:]]))
    return out


async def test_settings_are_shown_in_words_and_default_to_a_dm_alone(h: Harness) -> None:
    alice = h.user("alice")
    r = await h.slash(alice, "me settings")
    assert r.ephemeral
    assert "a DM only" in r.text and "Quiet hours: none" in r.text
    assert "Heads-up when you are next: off" in r.text
    r = await h.slash(alice, "me settings", zone="Europe/Berlin", quiet_from="23:00",
                      quiet_to="8:00", heads_up=True)
    assert r.ephemeral and r.text.startswith("Saved.")
    assert "Quiet hours: 23:00 to 08:00, Europe/Berlin time." in r.text
    assert "Heads-up when you are next: on" in r.text
    again = await h.slash(alice, "me settings")
    assert "23:00 to 08:00" in again.text, "kept for the person"
    r = await h.slash(alice, "me settings", no_quiet_hours=True)
    assert "Quiet hours: none" in r.text and "Europe/Berlin" in r.text


async def test_bad_settings_get_a_polite_answer_and_change_nothing(h: Harness) -> None:
    alice = h.user("alice")
    await h.slash(alice, "me settings", notify="ping")
    before = await preferences(h.bot.store, str(alice.id))
    for options, says in (({"zone": "Atlantis/Lost"}, "Europe/Berlin"),
                          ({"zone": "UTC", "quiet_from": "25:00", "quiet_to": "8:00"}, "HH:MM"),
                          ({"quiet_from": "23:00", "quiet_to": "8:00"}, "time zone"),
                          ({"zone": "UTC", "quiet_from": "23:00"}, "both a start and an end"),
                          ({"notify": "quiet", "zone": "Nowhere"}, "time zone")):
        r = await h.slash(alice, "me settings", **options)
        assert r.ephemeral and says in r.text and "Nothing was changed" in r.text, r.text
        assert await preferences(h.bot.store, str(alice.id)) == before
    assert h.tree_errors, "answered by the tree's one polite handler"


async def test_the_time_zone_is_picked_from_at_most_25_that_match(h: Harness) -> None:
    alice = h.user("alice")
    choices = await h.autocomplete(alice, "me settings", "zone", "europe/be")
    assert [c["value"] for c in choices] == ["Europe/Belfast", "Europe/Belgrade",
                                             "Europe/Berlin"]
    assert len(await h.autocomplete(alice, "me settings", "zone", "")) == 25
    assert all("york" in c["value"].lower()
               for c in await h.autocomplete(alice, "me settings", "zone", "york"))


async def test_a_ping_instead_of_a_dm_at_every_table_without_its_own_choice(
        h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await h.slash(bob, "me settings", notify="ping")
    told = 0
    for fresh, sent in await _play_turns(h, (alice, bob), 24):
        if bob.id in fresh:
            assert _notices(h, bob.id, sent) == (0, 1), "bob is pinged, with no DM"
            told += 1
        if alice.id in fresh:
            assert _notices(h, alice.id, sent) == (1, 0), "alice keeps the default DM"
    assert told >= 2


async def test_both_tells_by_dm_and_ping_and_quiet_by_neither(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await h.slash(alice, "me settings", notify="both")
    await h.slash(bob, "me settings", notify="quiet")
    seen = {alice.id: 0, bob.id: 0}
    for fresh, sent in await _play_turns(h, (alice, bob), 24):
        if alice.id in fresh:
            assert _notices(h, alice.id, sent) == (1, 1), "both: a DM and a ping"
            seen[alice.id] += 1
        if bob.id in fresh:
            assert _notices(h, bob.id, sent) == (0, 0), "quiet: only the reminder"
            seen[bob.id] += 1
    assert min(seen.values()) >= 2


async def test_a_table_s_own_game_notify_overrides_the_person_s_setting(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    await h.slash(bob, "me settings", notify="quiet")
    await h.slash(bob, "game notify", mode="turns")  # at this table: a DM on each turn
    r = await h.slash(bob, "me settings")
    assert "Tables with their own `/game notify` choice keep it: 1." in r.text
    told = 0
    for fresh, sent in await _play_turns(h, (alice, bob), 24):
        if bob.id in fresh:
            assert _notices(h, bob.id, sent) == (1, 0), "this table's own choice wins"
            told += 1
    assert told >= 2


async def test_forget_me_removes_the_settings(h: Harness) -> None:
    alice = h.user("alice")
    await open_table(h, alice, h.user("bob"), start=False, channel=OTHER_CHANNEL_ID)
    await h.slash(alice, "me settings", notify="quiet", zone="Asia/Tokyo")
    ask = await h.slash(alice, "stats forget-me")
    await h.click(alice, ask.message, "Forget me")
    assert await preferences(h.bot.store, str(alice.id)) == DEFAULTS
    assert "a DM only" in (await h.slash(alice, "me settings")).text
