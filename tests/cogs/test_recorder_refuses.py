"""The offline Discord refuses what Discord refuses (issue 21): one request of each kind of
violation, made through discord.py's real objects, is answered as Discord answers it (400
with 50035 and the field path, 40060, 10062), so a bot that breaks a limit fails its tests
instead of its first real start. The checker itself is tested field by field in
test_discord_limits.py; here it is the recorder answering through discord.py's HTTP client.
"""

from __future__ import annotations

import io
import logging

import discord
import pytest
from discord import app_commands

from tests.cogs.harness import CHANNEL_ID, GUILD_ID, ErrorLogCatcher, Harness


def _refused(h: Harness, error: discord.HTTPException, path: str) -> None:
    assert error.status == 400 and error.code == 50035, (error.status, error.code)
    assert f"In {path}:" in error.text, error.text
    assert h.rec.refused, "the recorder keeps the refusal"
    h.rec.refused.clear()  # expected here: each test breaks a limit on purpose


def _channel(h: Harness) -> discord.PartialMessageable:
    return h.bot.get_partial_messageable(CHANNEL_ID, guild_id=GUILD_ID)


async def _send_refused(h: Harness, path: str, **kwargs: object) -> None:
    with pytest.raises(discord.HTTPException) as caught:
        await _channel(h).send(**kwargs)
    _refused(h, caught.value, path)


async def test_message_content_over_2000_characters_is_refused(h: Harness) -> None:
    await _send_refused(h, "content", content="x" * 2001)
    await _channel(h).send("x" * 2000)  # the limit itself is fine


async def test_an_embed_title_over_256_characters_is_refused(h: Harness) -> None:
    await _send_refused(h, "embeds.0.title", embed=discord.Embed(title="t" * 257))


async def test_embeds_over_6000_characters_together_are_refused(h: Harness) -> None:
    embeds = [discord.Embed(description="d" * 4000), discord.Embed(description="d" * 2001)]
    await _send_refused(h, "embeds", embeds=embeds)


async def test_eleven_files_are_refused(h: Harness) -> None:
    files = [discord.File(io.BytesIO(b"x"), f"f{i}.txt") for i in range(11)]
    await _send_refused(h, "files", files=files)


async def test_a_file_over_the_attachment_limit_is_refused(h: Harness) -> None:
    big = discord.File(io.BytesIO(b"x" * (10 * 1024 * 1024 + 1)), "big.png")
    await _send_refused(h, "files.0", file=big)


async def test_two_buttons_with_one_custom_id_are_refused(h: Harness) -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="A", custom_id="same"))
    view.add_item(discord.ui.Button(label="B", custom_id="same"))
    await _send_refused(h, "components.0.components.1.custom_id", content="x", view=view)


async def test_a_button_label_over_80_characters_is_refused(h: Harness) -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="L" * 81, custom_id="long"))
    await _send_refused(h, "components.0.components.0.label", content="x", view=view)


async def test_a_select_with_26_options_is_refused(h: Harness) -> None:
    select = discord.ui.Select(custom_id="many", options=[
        discord.SelectOption(label=str(i)) for i in range(25)])
    select._underlying.options.append(discord.SelectOption(label="25"))  # past discord.py's own check
    view = discord.ui.View()
    view.add_item(select)
    await _send_refused(h, "components.0.components.0.options", content="x", view=view)


async def test_an_edit_breaking_a_limit_is_refused_too(h: Harness) -> None:
    msg = await _channel(h).send("fine")
    with pytest.raises(discord.HTTPException) as caught:
        await msg.edit(content="x" * 2001)
    _refused(h, caught.value, "content")


# -- interactions --------------------------------------------------------------------------


def _probe(h: Harness, body: object) -> None:
    """A command ``/probe`` whose handler runs ``body(interaction)``."""

    @app_commands.command(name="probe", description="A probe of the offline Discord")
    async def probe(interaction: discord.Interaction) -> None:
        await body(interaction)  # type: ignore[operator]

    h.bot.tree.add_command(probe, guild=discord.Object(GUILD_ID))


async def test_an_interaction_answered_twice_gets_40060(h: Harness) -> None:
    seen: list[BaseException] = []

    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one", ephemeral=True)
        try:
            # past discord.py's own guard: the callback is made a second time
            interaction.response._response_type = None
            await interaction.response.send_message("two", ephemeral=True)
        except discord.HTTPException as error:
            seen.append(error)

    _probe(h, twice)
    await h.slash(h.user("alice"), "probe")
    assert seen and seen[0].code == 40060, seen
    h.rec.refused.clear()


async def test_an_interaction_answered_after_3_seconds_gets_10062(h: Harness) -> None:
    seen: list[BaseException] = []

    async def late(interaction: discord.Interaction) -> None:
        ctx = h.rec.context[interaction.token]
        ctx["fed_at"] -= 3.5  # three and a half seconds have passed
        try:
            await interaction.response.send_message("too late", ephemeral=True)
        except discord.NotFound as error:
            seen.append(error)

    _probe(h, late)
    await h.slash(h.user("alice"), "probe")
    assert seen and seen[0].code == 10062, seen
    h.rec.late.clear()


async def test_a_followup_breaking_a_limit_is_refused(h: Harness) -> None:
    seen: list[discord.HTTPException] = []

    async def followup(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            await interaction.followup.send("x" * 2001, ephemeral=True)
        except discord.HTTPException as error:
            seen.append(error)

    _probe(h, followup)
    await h.slash(h.user("alice"), "probe")
    assert seen
    _refused(h, seen[0], "content")


async def test_an_autocomplete_with_26_choices_is_refused(
    h: Harness, error_logs: ErrorLogCatcher
) -> None:
    @app_commands.command(name="probe", description="A probe of the offline Discord")
    async def probe(interaction: discord.Interaction, what: str) -> None:
        await interaction.response.send_message(what, ephemeral=True)

    @probe.autocomplete("what")
    async def many(interaction: discord.Interaction, current: str) -> list:
        return [app_commands.Choice(name=str(i), value=str(i)) for i in range(26)]

    h.bot.tree.add_command(probe, guild=discord.Object(GUILD_ID))
    await h.feed(h._envelope(4, h.user("alice"), CHANNEL_ID, h._command_data(
        "probe", {"what": ""}, focused="what"), 0))
    # discord.py logs what Discord refused in an autocomplete (it cannot answer it)
    seen = [r for r in error_logs.records if r.exc_info]
    assert seen and "50035" in str(seen[0].exc_info[1]), [r.getMessage() for r in seen]
    assert "In data.choices" in str(seen[0].exc_info[1])
    error_logs.records.clear()
    h.rec.refused.clear()


async def test_a_refused_sync_is_one_log_line_naming_the_command_and_the_field(
    h: Harness, error_logs: ErrorLogCatcher, caplog: pytest.LogCaptureFixture
) -> None:
    @app_commands.command(name="probe", description="d" * 101)
    async def probe(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x")

    h.bot.tree.add_command(probe)
    caplog.set_level(logging.INFO)
    await h.bot.sync_commands()  # the bot goes on: no exception
    lines = [r for r in error_logs.records if r.name == "parley.cogs"]
    assert len(lines) == 1 and not lines[0].exc_info, lines
    text = lines[0].getMessage()
    assert "description of /probe" in text and "Must be between 1 and 100" in text, text
    assert "commands registered before keep working" in text
    error_logs.records.clear()
    h.rec.refused.clear()
