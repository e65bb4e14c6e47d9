"""The checker of Discord's limits refuses what Discord refuses, one kind of violation per
test, with Discord's field path (../shared/discord-testing.md, "Discord's limits")."""

from __future__ import annotations

from typing import Any

import discord

from tests.cogs.discord_limits import (
    Violation,
    check_autocomplete,
    check_commands,
    check_components,
    check_message,
    check_modal,
    command_size,
    error_body,
)

# -- building blocks ----------------------------------------------------------------------


def option(name: str = "table", kind: int = 3, **kw: Any) -> dict[str, Any]:
    return {"type": kind, "name": name, "description": f"The {name}", **kw}


def subcommand(name: str = "join", options: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"type": 1, "name": name, "description": f"{name} the table",
            "options": options or []}


def group(name: str = "new", subcommands: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"type": 2, "name": name, "description": "Open a table",
            "options": subcommands or [subcommand("ahod")]}


def command(name: str = "game", options: list[dict[str, Any]] | None = None,
            **kw: Any) -> dict[str, Any]:
    return {"type": 1, "name": name, "description": "Game tables", "options": options or [],
            **kw}


def choices(n: int) -> list[dict[str, Any]]:
    return [{"name": f"choice {k}", "value": f"v{k}"} for k in range(n)]


def button(custom_id: str = "b:1", **kw: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Play", "custom_id": custom_id, **kw}


def select(n: int = 3, **kw: Any) -> dict[str, Any]:
    body = {"type": 3, "custom_id": "s:1", "min_values": 1, "max_values": 1,
            "options": [{"label": f"Card {k}", "value": f"c{k}"} for k in range(n)]}
    return {**body, **kw}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def embed(**kw: Any) -> dict[str, Any]:
    return {"title": "Table", "description": "Alice to play", **kw}


def text_input(custom_id: str = "m:note", **kw: Any) -> dict[str, Any]:
    return {"type": 4, "custom_id": custom_id, "style": 1, "label": "Note", **kw}


def modal(*rows: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"custom_id": "m:1", "title": "Leave a note",
            "components": list(rows) or [row(text_input())], **kw}


def refused(violations: list[Violation], path: str, code: str | None = None) -> bool:
    """True when exactly one violation was found, at ``path`` (with ``code`` if given)."""
    assert len(violations) == 1, [str(v) for v in violations]
    (v,) = violations
    return v.path == path and (code is None or v.code == code)


# -- the command tree ---------------------------------------------------------------------


def test_a_valid_command_tree_passes() -> None:
    tree = [
        command("game", [group("new"), subcommand("join"),
                         subcommand("replay", [option("table", required=True),
                                               option("gif", 5, required=False)])]),
        command("stats", [option("game", choices=choices(25)), option("who", 6)]),
        {"type": 2, "name": "Invite to a Table", "description": ""},
        {"type": 3, "name": "Show as Board"},
    ]
    assert check_commands(tree) == []


def test_101_slash_commands_are_refused() -> None:
    tree = [command(f"c{k}") for k in range(101)]
    assert refused(check_commands(tree), "", "APPLICATION_COMMANDS_TOO_MANY")


def test_100_slash_commands_and_context_menus_pass() -> None:
    tree = [command(f"c{k}") for k in range(100)]
    tree += [{"type": 2, "name": f"User {k}"} for k in range(5)]
    assert check_commands(tree) == []


def test_two_commands_with_one_name_are_refused() -> None:
    assert refused(check_commands([command("game"), command("game")]), "1.name",
                   "APPLICATION_COMMANDS_DUPLICATE_NAME")


def test_a_command_name_over_32_characters_is_refused() -> None:
    assert refused(check_commands([command("a" * 33)]), "0.name", "BASE_TYPE_BAD_LENGTH")


def test_an_empty_command_name_is_refused() -> None:
    assert refused(check_commands([command("")]), "0.name", "BASE_TYPE_BAD_LENGTH")


def test_a_command_name_in_capitals_is_refused() -> None:
    assert refused(check_commands([command("Game")]), "0.name",
                   "APPLICATION_COMMAND_INVALID_NAME")


def test_a_command_name_with_a_space_or_a_dot_is_refused() -> None:
    assert refused(check_commands([command("new game")]), "0.name")
    assert refused(check_commands([command("game.new")]), "0.name")


def test_a_command_name_with_letters_digits_dash_and_underscore_passes() -> None:
    assert check_commands([command("sewer-pirats_2"), command("échecs")]) == []


def test_an_option_name_in_capitals_is_refused() -> None:
    tree = [command("game", [subcommand("join", [option("Table")])])]
    assert refused(check_commands(tree), "0.options.0.options.0.name",
                   "APPLICATION_COMMAND_INVALID_NAME")


def test_a_localized_name_in_capitals_is_refused() -> None:
    tree = [command("game", name_localizations={"fr": "Partie"})]
    assert refused(check_commands(tree), "0.name_localizations.fr")


def test_a_context_menu_name_may_have_capitals_and_spaces_but_at_most_32_characters() -> None:
    assert check_commands([{"type": 2, "name": "Invite to a Table", "description": ""}]) == []
    assert refused(check_commands([{"type": 3, "name": "M" * 33}]), "0.name")


def test_a_context_menu_with_a_description_or_options_is_refused() -> None:
    assert refused(check_commands([{"type": 2, "name": "Invite", "description": "Invite"}]),
                   "0.description")
    assert refused(check_commands([{"type": 3, "name": "Show", "options": [option()]}]),
                   "0.options")


def test_a_command_description_over_100_characters_is_refused() -> None:
    tree = [command("game", description="d" * 101)]
    assert refused(check_commands(tree), "0.description", "BASE_TYPE_BAD_LENGTH")
    assert check_commands([command("game", description="d" * 100)]) == []


def test_an_empty_command_description_is_refused() -> None:
    assert refused(check_commands([command("game", description="")]), "0.description")


def test_a_missing_command_description_is_refused() -> None:
    tree = [{"type": 1, "name": "game"}]
    assert refused(check_commands(tree), "0.description", "BASE_TYPE_REQUIRED")


def test_a_subcommand_description_over_100_characters_is_refused() -> None:
    sub = dict(subcommand("join"), description="d" * 101)
    assert refused(check_commands([command("game", [sub])]), "0.options.0.description")


def test_a_group_description_over_100_characters_is_refused() -> None:
    tree = [command("x"), command("game", [subcommand("join"),
                                           dict(group("new"), description="d" * 104)])]
    violations = check_commands(tree)
    assert refused(violations, "1.options.1.description", "BASE_TYPE_BAD_LENGTH")
    assert violations[0].message == "Must be between 1 and 100 in length."


def test_a_subcommand_description_inside_a_group_over_100_characters_is_refused() -> None:
    sub = dict(subcommand("ahod"), description="d" * 101)
    tree = [command("game", [group("new", [sub])])]
    assert refused(check_commands(tree), "0.options.0.options.0.description")


def test_an_option_description_over_100_characters_is_refused() -> None:
    tree = [command(f"c{k}") for k in range(3)]
    tree.append(command("game", [dict(option("table"), description="d" * 101)]))
    assert refused(check_commands(tree), "3.options.0.description")


def test_a_localized_description_over_100_characters_is_refused() -> None:
    tree = [command("game", description_localizations={"fr": "d" * 101})]
    assert refused(check_commands(tree), "0.description_localizations.fr")


def test_26_options_on_a_command_are_refused() -> None:
    tree = [command("game", [option(f"o{k}") for k in range(26)])]
    assert refused(check_commands(tree), "0.options", "BASE_TYPE_MAX_LENGTH")
    assert check_commands([command("game", [option(f"o{k}") for k in range(25)])]) == []


def test_26_options_on_a_subcommand_are_refused() -> None:
    sub = subcommand("move", [option(f"o{k}") for k in range(26)])
    assert refused(check_commands([command("game", [sub])]), "0.options.0.options")


def test_26_subcommands_in_a_group_are_refused() -> None:
    new = group("new", [subcommand(f"g{k}") for k in range(26)])
    assert refused(check_commands([command("game", [new])]), "0.options.0.options")


def test_26_groups_are_refused() -> None:
    tree = [command("game", [group(f"g{k}") for k in range(26)])]
    assert refused(check_commands(tree), "0.options")


def test_26_choices_are_refused() -> None:
    tree = [command("game", [option("colour", choices=choices(26))])]
    assert refused(check_commands(tree), "0.options.0.choices", "BASE_TYPE_MAX_LENGTH")


def test_a_choice_name_over_100_characters_is_refused() -> None:
    tree = [command("game", [option("colour", choices=[{"name": "n" * 101, "value": "v"}])])]
    assert refused(check_commands(tree), "0.options.0.choices.0.name")


def test_an_empty_choice_name_is_refused() -> None:
    tree = [command("game", [option("colour", choices=[{"name": "", "value": "v"}])])]
    assert refused(check_commands(tree), "0.options.0.choices.0.name")


def test_a_string_choice_value_over_100_characters_is_refused() -> None:
    tree = [command("game", [option("colour", choices=[{"name": "n", "value": "v" * 101}])])]
    assert refused(check_commands(tree), "0.options.0.choices.0.value")


def test_an_integer_choice_passes() -> None:
    tree = [command("game", [option("seats", 4, choices=[{"name": "Six", "value": 6}])])]
    assert check_commands(tree) == []


def test_a_required_option_after_an_optional_one_is_refused() -> None:
    sub = subcommand("play", [option("card", required=False), option("seat", required=True)])
    assert refused(check_commands([command("game", [sub])]), "0.options.0.options.1.required",
                   "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID")


def test_an_option_with_both_choices_and_autocomplete_is_refused() -> None:
    tree = [command("game", [option("colour", choices=choices(2), autocomplete=True)])]
    assert refused(check_commands(tree), "0.options.0.autocomplete")


def test_two_options_with_one_name_are_refused() -> None:
    sub = subcommand("play", [option("card"), option("card", 4)])
    assert refused(check_commands([command("game", [sub])]), "0.options.0.options.1.name",
                   "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS")


def test_two_subcommands_with_one_name_are_refused() -> None:
    tree = [command("game", [subcommand("join"), subcommand("join")])]
    assert refused(check_commands(tree), "0.options.1.name")


def test_one_option_name_in_two_subcommands_passes() -> None:
    tree = [command("game", [subcommand("replay", [option("table")]),
                             subcommand("export", [option("table")])])]
    assert check_commands(tree) == []


def big_command() -> dict[str, Any]:
    """A command of exactly 8,000 characters: 4 + 96 for itself, 25 subcommands of 4 + 96,
    each with two options of 1 + 99, and four choices of 99 + 1 on the first option."""
    subs = [{"type": 1, "name": f"s{k:03}", "description": "d" * 96,
             "options": [{"type": 3, "name": name, "description": "d" * 99}
                         for name in "ab"]}
            for k in range(25)]
    subs[0]["options"][0]["choices"] = [{"name": f"{k}" * 99, "value": f"{k}"}
                                        for k in range(4)]
    return {"type": 1, "name": "game", "description": "d" * 96, "options": subs}


def test_a_command_of_8000_characters_passes() -> None:
    assert command_size(big_command()) == 4 + 96 + 25 * (100 + 2 * 100) + 4 * 100 == 8000
    assert check_commands([big_command()]) == []


def test_a_command_over_8000_characters_is_refused() -> None:
    too_big = big_command()
    too_big["options"][0]["options"][0]["choices"][0]["value"] = "00"
    assert command_size(too_big) == 8001
    violations = check_commands([too_big])
    assert refused(violations, "0", "APPLICATION_COMMAND_TOO_LARGE")
    assert violations[0].message == "Command exceeds maximum size (8000)"


def test_the_longest_localization_of_each_field_counts_toward_8000() -> None:
    big = big_command()
    assert command_size(big) == 8000
    big["description_localizations"] = {"fr": "d" * 97, "de": "d" * 50}
    assert command_size(big) == 8001
    assert refused(check_commands([big]), "0", "APPLICATION_COMMAND_TOO_LARGE")


# -- messages -----------------------------------------------------------------------------


def test_a_valid_message_passes() -> None:
    body = {"content": "c" * 2000,
            "embeds": [embed(fields=[{"name": "Seat", "value": "Alice", "inline": True}],
                             footer={"text": "Move 3"}, author={"name": "Parley"})],
            "components": [row(button("b:1"), button("b:2")), row(select())]}
    assert check_message(body, {"board.png": b"\x89PNG" * 10}) == []


def test_an_edit_with_some_keys_or_cleared_ones_passes() -> None:
    assert check_message({"content": "Moved"}) == []
    assert check_message({"content": None, "embeds": [], "components": []}) == []
    assert check_message({"embeds": None, "components": None, "attachments": []}) == []
    assert check_message({}) == []


def test_content_over_2000_characters_is_refused() -> None:
    assert refused(check_message({"content": "c" * 2001}), "content", "BASE_TYPE_MAX_LENGTH")


def test_an_interaction_answer_is_checked_under_data() -> None:
    assert refused(check_message({"content": "c" * 2001}, prefix="data"), "data.content")


def test_11_embeds_are_refused() -> None:
    assert refused(check_message({"embeds": [embed() for _ in range(11)]}), "embeds")


def test_an_embed_title_over_256_characters_is_refused() -> None:
    assert refused(check_message({"embeds": [embed(title="t" * 257)]}), "embeds.0.title")


def test_an_embed_description_over_4096_characters_is_refused() -> None:
    body = {"embeds": [embed(), embed(description="d" * 4097)]}
    assert refused(check_message(body), "embeds.1.description")


def test_an_embed_with_26_fields_is_refused() -> None:
    fields = [{"name": "n", "value": "v"} for _ in range(26)]
    assert refused(check_message({"embeds": [embed(fields=fields)]}), "embeds.0.fields")


def test_a_field_name_over_256_characters_is_refused() -> None:
    fields = [{"name": "n" * 257, "value": "v"}]
    assert refused(check_message({"embeds": [embed(fields=fields)]}),
                   "embeds.0.fields.0.name")


def test_an_empty_field_name_or_value_is_refused() -> None:
    assert refused(check_message({"embeds": [embed(fields=[{"name": "", "value": "v"}])]}),
                   "embeds.0.fields.0.name")
    assert refused(check_message({"embeds": [embed(fields=[{"name": "n", "value": ""}])]}),
                   "embeds.0.fields.0.value")


def test_a_field_value_over_1024_characters_is_refused() -> None:
    fields = [{"name": "n", "value": "v"}, {"name": "n", "value": "v" * 1025}]
    assert refused(check_message({"embeds": [embed(fields=fields)]}),
                   "embeds.0.fields.1.value")


def test_a_footer_over_2048_characters_is_refused() -> None:
    body = {"embeds": [embed(footer={"text": "f" * 2049})]}
    assert refused(check_message(body), "embeds.0.footer.text")


def test_an_author_name_over_256_characters_is_refused() -> None:
    body = {"embeds": [embed(author={"name": "a" * 257})]}
    assert refused(check_message(body), "embeds.0.author.name")


def test_embeds_over_6000_characters_together_are_refused() -> None:
    body = {"embeds": [{"description": "d" * 3000}, {"description": "d" * 3000}]}
    assert check_message(body) == []
    body["embeds"][1]["footer"] = {"text": "f"}
    assert refused(check_message(body), "embeds", "MAX_EMBED_SIZE_EXCEEDED")


def test_11_files_are_refused() -> None:
    files = {f"f{k}.png": b"x" for k in range(11)}
    assert refused(check_message({}, files), "files")


def test_a_file_over_the_attachment_limit_is_refused_unless_the_limit_says_more() -> None:
    files = {"board.png": b"x", "game.gif": b"x" * (10 * 1024 * 1024 + 1)}
    assert refused(check_message({}, files), "files.1", "REQUEST_ENTITY_TOO_LARGE")
    assert check_message({}, files, attachment_limit=25 * 1024 * 1024) == []


def test_a_message_s_components_are_checked() -> None:
    body = {"content": "Your turn", "components": [row(button("b:1"), button("b:1"))]}
    assert refused(check_message(body), "components.0.components.1.custom_id")


# -- components ---------------------------------------------------------------------------


def test_6_action_rows_are_refused() -> None:
    rows = [row(button(f"b:{k}")) for k in range(6)]
    assert refused(check_components(rows), "components", "BASE_TYPE_MAX_LENGTH")


def test_an_empty_action_row_is_refused() -> None:
    assert refused(check_components([row()]), "components.0.components")


def test_a_button_outside_an_action_row_is_refused() -> None:
    assert refused(check_components([button()]), "components.0.type")


def test_6_buttons_in_one_row_are_refused() -> None:
    rows = [row(*(button(f"b:{k}") for k in range(6)))]
    assert refused(check_components(rows), "components.0.components")


def test_a_select_and_a_button_in_one_row_are_refused() -> None:
    rows = [row(select(), button("b:1"))]
    assert refused(check_components(rows), "components.0.components",
                   "COMPONENT_LAYOUT_WIDTH_EXCEEDED")


def test_a_custom_id_over_100_characters_is_refused() -> None:
    assert refused(check_components([row(button("x" * 101))]),
                   "components.0.components.0.custom_id", "BASE_TYPE_BAD_LENGTH")


def test_an_empty_custom_id_is_refused() -> None:
    assert refused(check_components([row(button(""))]), "components.0.components.0.custom_id")


def test_two_buttons_with_one_custom_id_are_refused() -> None:
    rows = [row(button("b:1"), button("b:2")), row(button("b:3"), button("b:1"))]
    assert refused(check_components(rows), "components.1.components.1.custom_id",
                   "COMPONENT_CUSTOM_ID_DUPLICATED")


def test_a_button_and_a_select_with_one_custom_id_are_refused() -> None:
    rows = [row(button("s:1")), row(select(custom_id="s:1"))]
    assert refused(check_components(rows), "components.1.components.0.custom_id")


def test_a_button_label_over_80_characters_is_refused() -> None:
    assert refused(check_components([row(button(label="l" * 81))]),
                   "components.0.components.0.label")


def test_a_button_without_label_or_emoji_is_refused() -> None:
    bare = {"type": 2, "style": 2, "custom_id": "b:1"}
    assert refused(check_components([row(bare)]), "components.0.components.0")
    assert check_components([row(dict(bare, emoji={"name": "🎲"}))]) == []


def test_a_link_button_without_url_is_refused() -> None:
    link = {"type": 2, "style": 5, "label": "Rules"}
    assert refused(check_components([row(link)]), "components.0.components.0.url")
    assert check_components([row(dict(link, url="https://example.org"))]) == []


def test_a_link_button_with_a_custom_id_is_refused() -> None:
    link = {"type": 2, "style": 5, "label": "Rules", "url": "https://example.org",
            "custom_id": "b:1"}
    assert refused(check_components([row(link)]), "components.0.components.0.custom_id")


def test_a_button_without_custom_id_is_refused() -> None:
    plain = {"type": 2, "style": 1, "label": "Play"}
    assert refused(check_components([row(plain)]), "components.0.components.0.custom_id",
                   "BASE_TYPE_REQUIRED")


def test_a_select_placeholder_over_150_characters_is_refused() -> None:
    assert refused(check_components([row(select(placeholder="p" * 151))]),
                   "components.0.components.0.placeholder")


def test_a_select_with_26_options_is_refused() -> None:
    assert refused(check_components([row(select(26))]), "components.0.components.0.options")
    assert check_components([row(select(25, max_values=25))]) == []


def test_a_select_without_options_is_refused() -> None:
    assert refused(check_components([row(select(0))]), "components.0.components.0.options")


def test_a_select_option_label_over_100_characters_is_refused() -> None:
    menu = select(2)
    menu["options"][1]["label"] = "l" * 101
    assert refused(check_components([row(menu)]),
                   "components.0.components.0.options.1.label")


def test_a_select_option_value_over_100_characters_is_refused() -> None:
    menu = select(2)
    menu["options"][0]["value"] = "v" * 101
    assert refused(check_components([row(menu)]),
                   "components.0.components.0.options.0.value")


def test_a_select_option_description_over_100_characters_is_refused() -> None:
    menu = select(2)
    menu["options"][0]["description"] = "d" * 101
    assert refused(check_components([row(menu)]),
                   "components.0.components.0.options.0.description")


def test_two_select_options_with_one_value_are_refused() -> None:
    menu = select(2)
    menu["options"][1]["value"] = menu["options"][0]["value"]
    assert refused(check_components([row(menu)]),
                   "components.0.components.0.options.1.value")


def test_min_values_outside_0_to_25_is_refused() -> None:
    assert refused(check_components([row(select(min_values=-1))]),
                   "components.0.components.0.min_values", "NUMBER_TYPE_MIN")
    user_select = {"type": 5, "custom_id": "u:1", "min_values": 26, "max_values": 25}
    violations = check_components([row(user_select)])
    assert "components.0.components.0.min_values" in {v.path for v in violations}


def test_max_values_outside_1_to_25_is_refused() -> None:
    assert refused(check_components([row(select(min_values=0, max_values=0))]),
                   "components.0.components.0.max_values", "NUMBER_TYPE_MIN")
    user_select = {"type": 5, "custom_id": "u:1", "min_values": 1, "max_values": 26}
    assert refused(check_components([row(user_select)]),
                   "components.0.components.0.max_values", "NUMBER_TYPE_MAX")


def test_min_values_above_max_values_is_refused() -> None:
    assert refused(check_components([row(select(min_values=3, max_values=2))]),
                   "components.0.components.0.min_values")


def test_max_values_above_the_number_of_options_is_refused() -> None:
    assert refused(check_components([row(select(3, max_values=4))]),
                   "components.0.components.0.max_values")
    assert check_components([row(select(3, max_values=3))]) == []


def test_a_user_select_needs_no_options() -> None:
    user_select = {"type": 5, "custom_id": "u:1", "min_values": 1, "max_values": 25}
    assert check_components([row(user_select)]) == []


def test_discord_py_s_own_view_passes() -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Join", custom_id="t:1:join"))
    view.add_item(discord.ui.Button(emoji="🎲", custom_id="t:1:roll"))
    view.add_item(discord.ui.Button(label="Rules", url="https://example.org"))
    view.add_item(discord.ui.Select(custom_id="t:1:card", options=[
        discord.SelectOption(label=f"Card {k}", value=str(k)) for k in range(25)]))
    assert check_components(view.to_components()) == []


# -- autocomplete and modals --------------------------------------------------------------


def test_a_valid_autocomplete_answer_passes() -> None:
    assert check_autocomplete({"choices": choices(25)}) == []
    assert check_autocomplete({"choices": [{"name": "Six", "value": 6}]}) == []
    assert check_autocomplete({"choices": []}) == []


def test_26_autocomplete_choices_are_refused() -> None:
    assert refused(check_autocomplete({"choices": choices(26)}), "data.choices",
                   "BASE_TYPE_MAX_LENGTH")


def test_an_autocomplete_choice_name_over_100_or_empty_is_refused() -> None:
    assert refused(check_autocomplete({"choices": [{"name": "n" * 101, "value": "v"}]}),
                   "data.choices.0.name")
    assert refused(check_autocomplete({"choices": [{"name": "", "value": "v"}]}),
                   "data.choices.0.name")


def test_an_autocomplete_string_value_over_100_or_empty_is_refused() -> None:
    answer = {"choices": [*choices(25)[:24], {"name": "n", "value": "v" * 101}]}
    assert refused(check_autocomplete(answer), "data.choices.24.value")
    assert refused(check_autocomplete({"choices": [{"name": "n", "value": ""}]}),
                   "data.choices.0.value")


def test_a_valid_modal_passes() -> None:
    assert check_modal(modal(row(text_input("m:a", value="v" * 4000)),
                             row(text_input("m:b")))) == []


def test_a_modal_title_over_45_characters_or_empty_is_refused() -> None:
    assert refused(check_modal(modal(title="t" * 46)), "data.title")
    assert refused(check_modal(modal(title="")), "data.title")


def test_a_modal_with_6_rows_is_refused() -> None:
    rows = [row(text_input(f"m:{k}")) for k in range(6)]
    assert refused(check_modal(modal(*rows)), "data.components", "BASE_TYPE_BAD_LENGTH")


def test_a_modal_without_rows_is_refused() -> None:
    assert refused(check_modal(modal(components=[])), "data.components")


def test_a_text_input_label_over_45_characters_is_refused() -> None:
    assert refused(check_modal(modal(row(text_input(label="l" * 46)))),
                   "data.components.0.components.0.label")


def test_a_text_input_value_over_4000_characters_is_refused() -> None:
    assert refused(check_modal(modal(row(text_input(value="v" * 4001)))),
                   "data.components.0.components.0.value")


def test_a_label_around_a_text_input_is_checked_too() -> None:
    labelled = {"type": 18, "label": "l" * 46,
                "component": {"type": 4, "custom_id": "m:note", "style": 1}}
    assert refused(check_modal(modal(labelled)), "data.components.0.label")


def test_two_text_inputs_with_one_custom_id_are_refused() -> None:
    rows = [row(text_input("m:a")), row(text_input("m:a"))]
    assert refused(check_modal(modal(*rows)), "data.components.1.components.0.custom_id",
                   "COMPONENT_CUSTOM_ID_DUPLICATED")


def test_a_modal_custom_id_over_100_characters_is_refused() -> None:
    assert refused(check_modal(modal(custom_id="m" * 101)), "data.custom_id")


# -- Discord's answer ---------------------------------------------------------------------


class FakeResponse:
    """What discord.HTTPException reads of an aiohttp response."""

    status = 400
    reason = "Bad Request"


def test_error_body_nests_violations_as_discord_does() -> None:
    violations = [
        Violation("3.options.0.description", "BASE_TYPE_BAD_LENGTH",
                  "Must be between 1 and 100 in length."),
        Violation("3.options.0.name", "APPLICATION_COMMAND_INVALID_NAME",
                  "Command name is invalid"),
        Violation("", "APPLICATION_COMMANDS_TOO_MANY",
                  "Maximum number of application commands reached (100)"),
    ]
    assert error_body(violations) == {
        "code": 50035,
        "message": "Invalid Form Body",
        "errors": {
            "3": {"options": {"0": {
                "description": {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH",
                                             "message": "Must be between 1 and 100 in length."}]},
                "name": {"_errors": [{"code": "APPLICATION_COMMAND_INVALID_NAME",
                                      "message": "Command name is invalid"}]},
            }}},
            "_errors": [{"code": "APPLICATION_COMMANDS_TOO_MANY",
                         "message": "Maximum number of application commands reached (100)"}],
        },
    }


def test_discord_py_flattens_the_error_body_into_the_field_path() -> None:
    tree = [command(f"c{k}") for k in range(3)]
    tree.append(command("game", [dict(option("table"), description="d" * 101)]))
    embed_error = check_message({"embeds": [embed(title="t" * 257)]})
    error = discord.HTTPException(FakeResponse(), error_body(check_commands(tree) + embed_error))
    assert error.code == 50035
    assert error.text == (
        "Invalid Form Body\n"
        "In 3.options.0.description: Must be between 1 and 100 in length.\n"
        "In embeds.0.title: Must be 256 or fewer in length."
    )
    assert str(error).startswith("400 Bad Request (error code: 50035): Invalid Form Body")
