"""Discord's documented limits, checked the way Discord checks a request body.

Pure functions over plain JSON (the dicts discord.py sends): no network, no harness. Each
returns the list of ``Violation`` Discord would report, with Discord's field path into its
50035 "Invalid Form Body" error object (``3.options.0.description``, ``embeds.0.title``,
``components.0.components.1.custom_id``, ``data.choices``) and a message in Discord's
wording; ``error_body`` nests them into the JSON body Discord answers with. The limits are
those of ../shared/discord-testing.md, "Discord's limits":

- ``check_commands``: the array of ``PUT /applications/{id}/commands`` (and the guild route);
- ``check_message``: a message create or edit, an interaction response of type 4 or 7, a
  followup, an edit of the original (``prefix="data"`` for an interaction response's data);
- ``check_components``: the action rows of a message;
- ``check_autocomplete``: the data of an autocomplete answer (callback type 8);
- ``check_modal``: the data of a modal (callback type 9).

The error codes are Discord's where known (``BASE_TYPE_BAD_LENGTH``, ``BASE_TYPE_MAX_LENGTH``,
``APPLICATION_COMMAND_TOO_LARGE``, ``COMPONENT_CUSTOM_ID_DUPLICATED``,
``COMPONENT_LAYOUT_WIDTH_EXCEEDED``, ``MAX_EMBED_SIZE_EXCEEDED``) and Discord-like otherwise.
One decision of ours: a file over the attachment size limit is reported as a violation at
``files.N`` although Discord answers it with 413, code 40005 ("Request entity too large").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

# -- the limits ---------------------------------------------------------------------------

MAX_CHAT_INPUT_COMMANDS = 100  # top-level slash commands (type 1) per application or guild
NAME_LENGTH = 32  # command, subcommand, group and option names, 1-32 characters
DESCRIPTION_LENGTH = 100  # description of a command, subcommand, group or option, 1-100
MAX_OPTIONS = 25  # options (or subcommands, or groups) under one command/subcommand/group
MAX_CHOICES = 25  # choices of one option, and of one autocomplete answer
CHOICE_LENGTH = 100  # a choice's name (1-100) and a string choice's value (at most 100)
COMMAND_SIZE = 8000  # name+description+choice characters of a command and all under it
CONTENT_LENGTH = 2000  # a message's content
MAX_EMBEDS = 10  # embeds of one message
EMBED_TOTAL = 6000  # all embeds' titles, descriptions, fields, footers and author names
EMBED_TITLE = 256  # an embed's title
EMBED_DESCRIPTION = 4096  # an embed's description
MAX_FIELDS = 25  # fields of one embed
FIELD_NAME = 256  # a field's name (1-256)
FIELD_VALUE = 1024  # a field's value (1-1024)
FOOTER_TEXT = 2048  # an embed's footer text
AUTHOR_NAME = 256  # an embed's author name
MAX_FILES = 10  # files attached to one message
ATTACHMENT_LIMIT = 10 * 1024 * 1024  # bytes per file, unless attachment_size_limit says more
MAX_ROWS = 5  # action rows of one message
ROW_WIDTH = 5  # buttons in one row (a select menu fills a row alone)
CUSTOM_ID_LENGTH = 100  # a component's custom_id, 1-100, unique within the message
BUTTON_LABEL = 80  # a button's label
PLACEHOLDER_LENGTH = 150  # a select menu's placeholder
MAX_SELECT_OPTIONS = 25  # options of a string select, 1-25
SELECT_OPTION_LENGTH = 100  # a select option's label and value (1-100) and description
MAX_SELECT_VALUES = 25  # min_values 0-25, max_values 1-25
MODAL_TITLE = 45  # a modal's title, 1-45
MAX_MODAL_ROWS = 5  # rows (text inputs) of a modal, 1-5
TEXT_INPUT_LABEL = 45  # a text input's label, 1-45
TEXT_INPUT_VALUE = 4000  # a text input's prefilled value

CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3  # application command types
SUB_COMMAND, SUB_COMMAND_GROUP, STRING = 1, 2, 3  # option types
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18  # component types
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})  # string, user, role, mentionable, channel selects
LINK_STYLE, PREMIUM_STYLE = 5, 6  # buttons with no custom_id
# Discord's pattern for chat-input names: letters, digits, "-" and "_", lower case
NAME_PATTERN = re.compile(r"^[-_\w]{1,32}$")


@dataclass(frozen=True)
class Violation:
    """One refusal: Discord's field path, its error code, and its message."""

    path: str
    code: str
    message: str

    def __str__(self) -> str:
        return f"In {self.path or '_errors'}: {self.message} ({self.code})"


def _at(*parts: object) -> str:
    """Join path parts with dots, skipping empty ones (a prefix may be "")."""
    return ".".join(str(p) for p in parts if p != "")


def _length(path: str, value: Any, high: int, low: int = 0) -> list[Violation]:
    """Discord's length rule on a string or list: required when ``low`` > 0."""
    if value is None:
        if low > 0:
            return [Violation(path, "BASE_TYPE_REQUIRED", "This field is required")]
        return []
    if low <= len(value) <= high:
        return []
    if low > 0:
        return [Violation(path, "BASE_TYPE_BAD_LENGTH",
                          f"Must be between {low} and {high} in length.")]
    return [Violation(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")]


def _number(path: str, value: Any, low: int, high: int) -> list[Violation]:
    """Discord's range rule on an integer field; absent is fine."""
    if value is None:
        return []
    if value < low:
        return [Violation(path, "NUMBER_TYPE_MIN",
                          f"int value should be greater than or equal to {low}.")]
    if value > high:
        return [Violation(path, "NUMBER_TYPE_MAX",
                          f"int value should be less than or equal to {high}.")]
    return []


def _variants(node: dict[str, Any], key: str) -> Iterator[tuple[str, Any]]:
    """The field itself and each of its localizations, with their paths inside ``node``."""
    yield key, node.get(key)
    for locale, text in (node.get(f"{key}_localizations") or {}).items():
        yield f"{key}_localizations.{locale}", text


def _longest(node: dict[str, Any], key: str) -> int:
    """The longest variant of a field: what the command size counts."""
    return max((len(str(text)) for _, text in _variants(node, key) if text is not None),
               default=0)


# -- the command tree ---------------------------------------------------------------------


def check_commands(payload: list[dict[str, Any]]) -> list[Violation]:
    """The command sync array (``PUT /applications/{id}/commands``, or the guild route).

    Any violation refuses the whole sync, so no command registers (../shared/
    discord-testing.md, "Discord's limits", Command tree).
    """
    out: list[Violation] = []
    chat = [c for c in payload if c.get("type", CHAT_INPUT) == CHAT_INPUT]
    if len(chat) > MAX_CHAT_INPUT_COMMANDS:
        out.append(Violation("", "APPLICATION_COMMANDS_TOO_MANY",
                             f"Maximum number of application commands reached "
                             f"({MAX_CHAT_INPUT_COMMANDS})"))
    seen: set[tuple[int, str]] = set()
    for i, command in enumerate(payload):
        kind = command.get("type", CHAT_INPUT)
        key = (kind, str(command.get("name")))
        if key in seen:
            out.append(Violation(_at(i, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME",
                                 "Application command names must be unique"))
        seen.add(key)
        out += check_command(command, str(i))
    return out


def check_command(command: dict[str, Any], path: str) -> list[Violation]:
    """One top-level command: its name, description, options and total size."""
    kind = command.get("type", CHAT_INPUT)
    if kind != CHAT_INPUT:
        return _context_menu(command, path)
    out = _name(command, path) + _description(command, path)
    out += _options(command.get("options") or [], _at(path, "options"))
    size = command_size(command)
    if size > COMMAND_SIZE:
        out.append(Violation(path, "APPLICATION_COMMAND_TOO_LARGE",
                             f"Command exceeds maximum size ({COMMAND_SIZE})"))
    return out


def command_size(command: dict[str, Any]) -> int:
    """Characters of name, description, choice names and values of a command and everything
    under it, counting the longest localization of each field (limit ``COMMAND_SIZE``)."""
    size = _longest(command, "name") + _longest(command, "description")
    for choice in command.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    for option in command.get("options") or []:
        size += command_size(option)
    return size


def _context_menu(command: dict[str, Any], path: str) -> list[Violation]:
    """A user or message command: a name of 1-32 characters (any case, spaces allowed), an
    empty description, no options."""
    out: list[Violation] = []
    for where, text in _variants(command, "name"):
        out += _length(_at(path, where), text, NAME_LENGTH, 1)
    if command.get("description"):
        out.append(Violation(_at(path, "description"), "APPLICATION_COMMAND_CONTEXT_MENU",
                             "Context menu commands cannot have a description"))
    if command.get("options"):
        out.append(Violation(_at(path, "options"), "APPLICATION_COMMAND_CONTEXT_MENU",
                             "Context menu commands cannot have options"))
    return out


def _name(node: dict[str, Any], path: str) -> list[Violation]:
    """A chat-input name, and each localization: 1-32 of letters, digits, - and _, lower
    case."""
    out: list[Violation] = []
    for where, text in _variants(node, "name"):
        bad = _length(_at(path, where), text, NAME_LENGTH, 1)
        if not bad and (not NAME_PATTERN.match(text) or text != text.lower()):
            bad = [Violation(_at(path, where), "APPLICATION_COMMAND_INVALID_NAME",
                             "Command name is invalid")]
        out += bad
    return out


def _description(node: dict[str, Any], path: str) -> list[Violation]:
    """A description, and each localization: 1-100 characters."""
    out: list[Violation] = []
    for where, text in _variants(node, "description"):
        out += _length(_at(path, where), text, DESCRIPTION_LENGTH, 1)
    return out


def _options(options: list[dict[str, Any]], path: str) -> list[Violation]:
    """The options of a command, group or subcommand: at most 25, unique names, required
    before optional, each option checked (subcommands and groups recursively)."""
    out = _length(path, options, MAX_OPTIONS)
    names: set[str] = set()
    optional_seen = False
    for j, option in enumerate(options):
        here = _at(path, j)
        name = option.get("name")
        if name in names:
            out.append(Violation(_at(here, "name"),
                                 "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                                 f"Option name {name} is already used in these options"))
        names.add(name)
        out += _name(option, here) + _description(option, here)
        kind = option.get("type")
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            out += _options(option.get("options") or [], _at(here, "options"))
            continue
        if option.get("required"):
            if optional_seen:
                out.append(Violation(_at(here, "required"),
                                     "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                                     "Required options must be placed before non-required "
                                     "options"))
        else:
            optional_seen = True
        out += _option_choices(option, here)
    return out


def _option_choices(option: dict[str, Any], path: str) -> list[Violation]:
    """An option's choices: at most 25, names 1-100, string values at most 100, and never
    together with autocomplete."""
    choices = option.get("choices")
    if not choices:
        return []
    out = _length(_at(path, "choices"), choices, MAX_CHOICES)
    if option.get("autocomplete"):
        out.append(Violation(_at(path, "autocomplete"),
                             "APPLICATION_COMMAND_OPTION_CHOICES_AND_AUTOCOMPLETE",
                             "Autocomplete cannot be set with choices"))
    for k, choice in enumerate(choices):
        here = _at(path, "choices", k)
        for where, text in _variants(choice, "name"):
            out += _length(_at(here, where), text, CHOICE_LENGTH, 1)
        value = choice.get("value")
        if option.get("type") == STRING and isinstance(value, str):
            out += _length(_at(here, "value"), value, CHOICE_LENGTH)
    return out


# -- messages -----------------------------------------------------------------------------


def check_message(
    body: dict[str, Any],
    files: dict[str, bytes] | None = None,
    *,
    attachment_limit: int = ATTACHMENT_LIMIT,
    prefix: str = "",
) -> list[Violation]:
    """A message create or edit, an interaction response's data (types 4 and 7, with
    ``prefix="data"``), a followup or an edit of the original (../shared/
    discord-testing.md, "Discord's limits", Messages and Components).

    An edit may carry only some keys: absent keys, null and [] are fine.
    """
    out = _length(_at(prefix, "content"), body.get("content"), CONTENT_LENGTH)
    out += check_embeds(body.get("embeds") or [], _at(prefix, "embeds"))
    out += check_files(files or {}, attachment_limit, _at(prefix, "files"))
    out += check_components(body.get("components") or [], _at(prefix, "components"))
    return out


def check_embeds(embeds: list[dict[str, Any]], path: str = "embeds") -> list[Violation]:
    """At most 10 embeds, each within its field limits, together at most 6,000 characters."""
    out = _length(path, embeds, MAX_EMBEDS)
    for i, embed in enumerate(embeds):
        out += _embed(embed, _at(path, i))
    if sum(embed_size(e) for e in embeds) > EMBED_TOTAL:
        out.append(Violation(path, "MAX_EMBED_SIZE_EXCEEDED",
                             f"Embed size exceeds maximum size of {EMBED_TOTAL}"))
    return out


def _embed(embed: dict[str, Any], path: str) -> list[Violation]:
    """One embed: title 256, description 4,096, 25 fields (name 1-256, value 1-1,024),
    footer text 2,048, author name 256."""
    out = _length(_at(path, "title"), embed.get("title"), EMBED_TITLE)
    out += _length(_at(path, "description"), embed.get("description"), EMBED_DESCRIPTION)
    fields = embed.get("fields") or []
    out += _length(_at(path, "fields"), fields, MAX_FIELDS)
    for j, field in enumerate(fields):
        out += _length(_at(path, "fields", j, "name"), field.get("name"), FIELD_NAME, 1)
        out += _length(_at(path, "fields", j, "value"), field.get("value"), FIELD_VALUE, 1)
    footer = embed.get("footer") or {}
    out += _length(_at(path, "footer", "text"), footer.get("text"), FOOTER_TEXT)
    author = embed.get("author") or {}
    out += _length(_at(path, "author", "name"), author.get("name"), AUTHOR_NAME)
    return out


def embed_size(embed: dict[str, Any]) -> int:
    """The characters of an embed that count toward the 6,000 of a message."""
    texts = [embed.get("title"), embed.get("description"),
             (embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
    for field in embed.get("fields") or []:
        texts += [field.get("name"), field.get("value")]
    return sum(len(t) for t in texts if t)


def check_files(files: dict[str, bytes], attachment_limit: int = ATTACHMENT_LIMIT,
                path: str = "files") -> list[Violation]:
    """At most 10 files, each within the attachment size limit (Discord answers an
    oversized file with 413, code 40005)."""
    out = _length(path, list(files), MAX_FILES)
    for i, data in enumerate(files.values()):
        if len(data) > attachment_limit:
            out.append(Violation(_at(path, i), "REQUEST_ENTITY_TOO_LARGE",
                                 f"Request entity too large (over {attachment_limit} bytes)"))
    return out


# -- components ---------------------------------------------------------------------------


def check_components(rows: list[dict[str, Any]], prefix: str = "components") -> list[Violation]:
    """A message's action rows: at most 5; a row holds 1-5 buttons or exactly one select;
    custom ids 1-100 and unique within the message."""
    out = _length(prefix, rows, MAX_ROWS)
    for i, row in enumerate(rows):
        here = _at(prefix, i)
        if row.get("type") != ACTION_ROW:
            out.append(Violation(_at(here, "type"), "BASE_TYPE_CHOICES",
                                 f"Value must be one of ({ACTION_ROW},)."))
            continue
        items = row.get("components") or []
        out += _length(_at(here, "components"), items, ROW_WIDTH, 1)
        if len(items) > 1 and any(c.get("type") in SELECT_TYPES for c in items):
            out.append(Violation(_at(here, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                                 "The specified component exceeds the maximum width"))
        for j, item in enumerate(items):
            where = _at(here, "components", j)
            if item.get("type") == BUTTON:
                out += _button(item, where)
            elif item.get("type") in SELECT_TYPES:
                out += _select(item, where)
    out += _unique_custom_ids(_custom_ids(rows, prefix))
    return out


def _custom_ids(rows: list[dict[str, Any]], prefix: str) -> Iterator[tuple[str, Any]]:
    """Every (path, custom_id) of the components inside rows (or inside a modal's labels)."""
    for i, row in enumerate(rows):
        if "component" in row:  # a modal's label holds one component
            items = [(_at(prefix, i, "component"), row["component"])]
        else:
            items = [(_at(prefix, i, "components", j), item)
                     for j, item in enumerate(row.get("components") or [])]
        for where, item in items:
            if "custom_id" in item:
                yield _at(where, "custom_id"), item["custom_id"]


def _unique_custom_ids(ids: Iterable[tuple[str, Any]]) -> list[Violation]:
    """Each custom_id 1-100 characters, none twice in one message or modal."""
    out: list[Violation] = []
    seen: set[str] = set()
    for path, custom_id in ids:
        out += _length(path, custom_id, CUSTOM_ID_LENGTH, 1)
        if custom_id in seen:
            out.append(Violation(path, "COMPONENT_CUSTOM_ID_DUPLICATED",
                                 "Component custom id was already specified"))
        seen.add(custom_id)
    return out


def _button(button: dict[str, Any], path: str) -> list[Violation]:
    """A button: label at most 80 and a label or an emoji; a link button has a url and no
    custom_id, the others a custom_id."""
    out = _length(_at(path, "label"), button.get("label"), BUTTON_LABEL)
    style = button.get("style")
    if style == PREMIUM_STYLE:
        return out
    if not button.get("label") and not button.get("emoji"):
        out.append(Violation(path, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
                             "A button needs a label or an emoji"))
    if style == LINK_STYLE:
        if not button.get("url"):
            out.append(Violation(_at(path, "url"), "BASE_TYPE_REQUIRED",
                                 "This field is required"))
        if "custom_id" in button:
            out.append(Violation(_at(path, "custom_id"), "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                                 "A link button cannot have a custom id"))
    elif "custom_id" not in button:
        out.append(Violation(_at(path, "custom_id"), "BASE_TYPE_REQUIRED",
                             "This field is required"))
    return out


def _select(select: dict[str, Any], path: str) -> list[Violation]:
    """A select menu: a custom_id, placeholder at most 150, min_values 0-25, max_values
    1-25, min <= max; a string select has 1-25 options with unique values, each label and
    value 1-100 and description at most 100, and max_values not above their number."""
    out: list[Violation] = []
    if "custom_id" not in select:
        out.append(Violation(_at(path, "custom_id"), "BASE_TYPE_REQUIRED",
                             "This field is required"))
    out += _length(_at(path, "placeholder"), select.get("placeholder"), PLACEHOLDER_LENGTH)
    low, high = select.get("min_values"), select.get("max_values")
    out += _number(_at(path, "min_values"), low, 0, MAX_SELECT_VALUES)
    out += _number(_at(path, "max_values"), high, 1, MAX_SELECT_VALUES)
    if low is not None and high is not None and low > high:
        out.append(Violation(_at(path, "min_values"), "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE",
                             "min_values must be less than or equal to max_values"))
    if select.get("type") != STRING_SELECT:
        return out
    options = select.get("options") or []
    out += _length(_at(path, "options"), options, MAX_SELECT_OPTIONS, 1)
    values: set[str] = set()
    for k, option in enumerate(options):
        here = _at(path, "options", k)
        out += _length(_at(here, "label"), option.get("label"), SELECT_OPTION_LENGTH, 1)
        out += _length(_at(here, "value"), option.get("value"), SELECT_OPTION_LENGTH, 1)
        out += _length(_at(here, "description"), option.get("description"),
                       SELECT_OPTION_LENGTH)
        if option.get("value") in values:
            out.append(Violation(_at(here, "value"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                                 "Select component option values must be unique"))
        values.add(option.get("value"))
    if options and high is not None and high > len(options):
        out.append(Violation(_at(path, "max_values"), "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE",
                             f"max_values must be at most the number of options "
                             f"({len(options)})"))
    return out


# -- interaction answers ------------------------------------------------------------------


def check_autocomplete(data: dict[str, Any], prefix: str = "data") -> list[Violation]:
    """An autocomplete answer's data (callback type 8): at most 25 choices, each name 1-100
    and string value 1-100 (../shared/discord-testing.md, "Discord's limits",
    Interactions)."""
    choices = data.get("choices") or []
    out = _length(_at(prefix, "choices"), choices, MAX_CHOICES)
    for k, choice in enumerate(choices):
        here = _at(prefix, "choices", k)
        for where, text in _variants(choice, "name"):
            out += _length(_at(here, where), text, CHOICE_LENGTH, 1)
        if isinstance(choice.get("value"), str):
            out += _length(_at(here, "value"), choice["value"], CHOICE_LENGTH, 1)
    return out


def check_modal(data: dict[str, Any], prefix: str = "data") -> list[Violation]:
    """A modal's data (callback type 9): title 1-45, a custom_id, 1-5 rows each holding one
    text input (label 1-45, value at most 4,000), custom ids 1-100 and unique
    (../shared/discord-testing.md, "Discord's limits", Interactions). A row is an action
    row (type 1) or a label (type 18) around its input."""
    out = _length(_at(prefix, "title"), data.get("title"), MODAL_TITLE, 1)
    out += _length(_at(prefix, "custom_id"), data.get("custom_id"), CUSTOM_ID_LENGTH, 1)
    rows = data.get("components") or []
    path = _at(prefix, "components")
    out += _length(path, rows, MAX_MODAL_ROWS, 1)
    for i, row in enumerate(rows):
        here = _at(path, i)
        if row.get("type") == LABEL:
            out += _length(_at(here, "label"), row.get("label"), TEXT_INPUT_LABEL, 1)
            inputs = [(_at(here, "component"), row.get("component") or {})]
        else:
            items = row.get("components") or []
            out += _length(_at(here, "components"), items, 1, 1)
            inputs = [(_at(here, "components", j), item) for j, item in enumerate(items)]
        for where, item in inputs:
            if item.get("type") != TEXT_INPUT:
                continue
            if row.get("type") != LABEL:
                out += _length(_at(where, "label"), item.get("label"), TEXT_INPUT_LABEL, 1)
            out += _length(_at(where, "value"), item.get("value"), TEXT_INPUT_VALUE)
    out += _unique_custom_ids(_custom_ids(rows, path))
    return out


# -- Discord's answer ---------------------------------------------------------------------


def error_body(violations: Iterable[Violation]) -> dict[str, Any]:
    """The JSON Discord answers a refused body with: 50035, "Invalid Form Body", and the
    violations nested by path (numeric parts as string keys), each leaf holding
    ``{"_errors": [{"code": ..., "message": ...}]}``; an error on the body itself (path "")
    sits in ``errors["_errors"]``."""
    errors: dict[str, Any] = {}
    for v in violations:
        node = errors
        for part in v.path.split(".") if v.path else []:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": v.code, "message": v.message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}
