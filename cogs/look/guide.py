"""A game's guide on Discord: one private message whose buttons turn its pages (issue 14:
"Rules a newcomer can learn from").

The pages are the engine's (``engine/guide.py``): Overview, A turn, the game's cards / tiles /
costs, Scoring and the end, Our decisions, Table options. ``send_guide`` answers privately
with the first page and a button per page; a click edits that same message to show the page.

``parley:guide:<game>:<page>:<options>`` is a page button's custom id
(``custom_ids.GUIDE``). It carries all the click needs, so a click is answered without the
database, and after a restart (``cogs/components/guide.py`` answers it):

- ``<game>`` the game id, ``<page>`` the page's key ("overview", "decisions2");
- ``<options>`` the table's options, one base-36 digit per option of the game in the order
  of its specs, the index of the value (Neuroshima's 28 options take 28 characters), or
  ``-`` for a guide read without a table (its options page shows the defaults as such).

``send_rules`` is what ``/game rules`` and the **Rules** button of a table's messages answer
with. A guide depends on the game and its options only, never on a table's state, so no page can
show anything hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from cogs.look import texts
from cogs.look.custom_ids import guide_button, sent
from engine import get_game
from engine.core import JSON, IllegalAction
from engine.guide import Page, pages

#: parchment: a guide page is told apart from the table's own messages at a glance
GUIDE_COLOUR = discord.Colour(0xC8A165)
#: the options part of a custom id for a guide read without a table
NO_TABLE = "-"
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
BUTTONS_PER_ROW = 5
#: where the next page's button would not fit: Discord's 5 rows of 5 buttons
MAX_PAGES = 25


def encode_options(game_id: str, options: Mapping[str, JSON] | None) -> str:
    """A table's options as one digit per option (see the module docstring); ``-`` for
    none. An option value the game does not offer is taken at its default."""
    if options is None:
        return NO_TABLE
    digits = []
    for name, spec in get_game(game_id).options.items():
        value = options.get(name, spec.default)
        index = spec.values.index(value) if value in spec.values else \
            spec.values.index(spec.default)
        digits.append(_DIGITS[index])
    return "".join(digits)


def decode_options(game_id: str, text: str) -> dict[str, JSON] | None:
    """The options ``encode_options`` wrote; None for ``-``. Digits that no longer fit the
    game's options (a button older than an option) give the defaults."""
    if text == NO_TABLE:
        return None
    specs = get_game(game_id).options
    indexes = [_DIGITS.find(ch) for ch in text]
    if len(indexes) != len(specs) or any(not 0 <= i < len(s.values)
                                         for i, s in zip(indexes, specs.values(), strict=False)):
        return {}
    return {name: spec.values[i] for (name, spec), i in zip(specs.items(), indexes, strict=True)}


def _embed(title: str, page: Page, number: int, total: int, first: bool) -> discord.Embed:
    body = page.body + (f"\n\n{texts.GUIDE_ON_DISCORD}" if first else "")
    embed = discord.Embed(title=texts.clip(f"{title}: {page.title}", 256),
                          description=texts.clip(body, texts.EMBED_LIMIT), colour=GUIDE_COLOUR)
    embed.set_footer(text=texts.GUIDE_FOOTER.format(number=number, total=total))
    return embed


def guide_message(game_id: str, options: Mapping[str, JSON] | None,
                  page: str = "overview") -> dict[str, Any]:
    """The keyword arguments of the guide message showing ``page`` (the first page when
    the key names none): its embed and the page buttons. ValueError for an unknown game."""
    game = get_game(game_id)
    found = pages(game_id, options)[:MAX_PAGES]
    index = next((i for i, p in enumerate(found) if p.key == page), 0)
    code = encode_options(game_id, options)
    buttons = []
    for i, p in enumerate(found):
        button = guide_button(game_id, p.key, code, p.title, current=i == index)
        button.row = i // BUTTONS_PER_ROW
        buttons.append(button)
    view = sent(*buttons)  # answered by the registered template (components/guide.py)
    embed = _embed(game.title, found[index], index + 1, len(found), index == 0)
    return {"content": None, "embed": embed, "view": view}


async def send_guide(interaction: discord.Interaction, game_id: str,
                     options: Mapping[str, JSON] | None = None) -> None:
    """Answer privately with the guide of ``game_id`` (for a table: with its ``options``),
    open at its first page; works for a fresh or an already deferred interaction. An
    unknown game is refused with the games there are."""
    try:
        message = guide_message(game_id, options)
    except ValueError as error:
        raise IllegalAction(texts.clip(str(error), texts.CONTENT_LIMIT)) from None
    if interaction.response.is_done():
        await interaction.edit_original_response(**message)
    else:
        await interaction.response.send_message(
            embed=message["embed"], view=message["view"], ephemeral=True)


async def send_rules(
    interaction: discord.Interaction, game_id: str, options: Mapping[str, Any]
) -> None:
    """How to play, privately: ``/game rules`` and the **Rules** button of a table's
    messages both answer with the game's guide, one message whose buttons turn its pages;
    ``options`` are a table's (empty: no table, the defaults)."""
    await send_guide(interaction, game_id, dict(options) or None)
