"""The lobby's **Table options** (issue 24) through discord.py's own objects: the host turns
away mode and taking back a move without a vote on and off by clicking, in one menu of
several picks; the channel is told and the lobby shows it; a guest reads the options but
cannot change them and is told so privately; a forged value changes nothing; the menu
answers after a restart."""

from __future__ import annotations

from tests.cogs.flows import open_table, table_of
from tests.cogs.harness import MANAGE_MESSAGES, MEMBER_PERMISSIONS, Harness, Msg


def _menu(panel: Msg) -> dict:
    (menu,) = panel.selects()
    return menu


def _picked(panel: Msg) -> set[str]:
    return {o["value"] for o in _menu(panel)["options"] if o.get("default")}


async def test_the_host_refuses_away_mode_by_clicking_and_the_channel_is_told(
        h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    assert "Away mode (`/me away`): **allowed**" in lobby.text
    r = await h.click(alice, lobby, "Table options")
    panel = r.message
    assert r.ephemeral and "Table options" in r.text, r.text
    assert _picked(panel) == {"take_back", "away"}, "both allowed by default"
    assert _menu(panel)["min_values"] == 0 and _menu(panel)["max_values"] == 2

    r = await h.select(alice, panel, ["take_back"], custom_id=_menu(panel)["custom_id"])
    settings = (await table_of(h)).settings
    assert not settings.away_allowed and settings.take_back
    told = [m for m in h.posts() if "away mode allowed → refused" in m.text]
    assert len(told) == 1 and "take back" not in told[0].text, told[0].text
    assert "Away mode (`/me away`): **refused**" in lobby.text, "the lobby shows it"
    assert "**refused**" in panel.text and _picked(panel) == {"take_back"}

    # nothing picked: both off; both picked: both on again
    await h.select(alice, panel, [], custom_id=_menu(panel)["custom_id"])
    settings = (await table_of(h)).settings
    assert (settings.take_back, settings.away_allowed) == (False, False)
    await h.select(alice, panel, ["away", "take_back"], custom_id=_menu(panel)["custom_id"])
    settings = (await table_of(h)).settings
    assert (settings.take_back, settings.away_allowed) == (True, True)

    # the same pick again changes nothing and tells nobody
    posts = len(h.posts())
    version = (await table_of(h)).version
    await h.select(alice, panel, ["away", "take_back"], custom_id=_menu(panel)["custom_id"])
    assert len(h.posts()) == posts and (await table_of(h)).version == version


async def test_a_guest_reads_the_options_and_is_refused_politely(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    r = await h.click(bob, lobby, "Table options")
    assert r.ephemeral and "**allowed**" in r.text and not r.message.selects()
    assert "Only the host or a channel manager" in r.text

    hosts = (await h.click(alice, lobby, "Table options")).message
    before = await table_of(h)
    posts = len(h.posts())
    r = await h.select(bob, hosts, ["take_back"], custom_id=_menu(hosts)["custom_id"])
    assert r.ephemeral and "Only the host or a channel manager" in r.text, r.text
    after = await table_of(h)
    assert (after.settings, after.version) == (before.settings, before.version)
    assert len(h.posts()) == posts, "nothing said in public"

    # a channel manager may
    r = await h.click(h.user("mod"), lobby, "Table options",
                      permissions=MEMBER_PERMISSIONS | MANAGE_MESSAGES)
    assert r.message.selects()


async def test_a_forged_option_is_refused_and_the_menu_answers_after_a_restart(
        h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob, start=False)
    lobby = h.posts()[-1]
    panel = (await h.click(alice, lobby, "Table options")).message
    before = await table_of(h)
    data = {"custom_id": _menu(panel)["custom_id"], "component_type": 3,
            "values": ["take_back", "explode"]}
    r = await h.feed(h.component_payload(alice, panel, data), message_id=panel.id)
    assert r.ephemeral and "pick them from the menu" in r.text, r.text
    after = await table_of(h)
    assert (after.settings, after.version) == (before.settings, before.version)

    await h.restart()
    await h.select(alice, panel, ["take_back"], custom_id=_menu(panel)["custom_id"])
    assert not (await table_of(h)).settings.away_allowed
    assert "Away mode (`/me away`): **refused**" in lobby.text
