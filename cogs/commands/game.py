"""``/game``: opening, joining and running a table, for any game of the engine.

Thin on purpose: each command reads its options, calls a table action
(``cogs/table/act.py``) or the panel, and answers. Refusals (not the host, the table is full, no
table here...) are the ``IllegalAction`` sentences of the service and the engine, shown
privately by the tree's error handler.

``/game new`` is a group of one command per game (issue 14: "each game shows only its own
options"), ``/game new all-hands``, built from the engine's registry: each holds that game's
options as parameters, with their values in words, and ``options`` for the rare rules
options (``Option.advanced``) of the games that have them.
"""

from __future__ import annotations

import inspect
import re
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import engine
from cogs.commands.log import TableLogCommands
from cogs.look import clock_texts, texts
from cogs.look.actions import busy_choices
from cogs.look.errors import answer
from cogs.look.guide import send_rules
from cogs.look.seats import any_table, live_table, seated
from cogs.table import act
from cogs.table.play import show_panel
from data.watch import revoke_player
from engine.bank import BANK_MAX_MINUTES, INCREMENT_MAX_MINUTES
from engine.core import IllegalAction, Option, resolve_options
from engine.table import AI_LEVELS, HAND_OVER, LOBBY, NOTIFY_MODES, PLAYING, STATUSES
from engine.turn_clock import FORCED_MAX_MINUTES, TIMEOUT_OUTCOMES

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

THREAD_ARCHIVE_MINUTES = 10080  # a week: long games go quiet for days
#: how many option names a refusal lists
SHOWN_OPTIONS = 8
#: the parameters every ``/game new <game>`` has besides the game's options
OWN_PARAMETERS = ("thread", "options")
#: a parameter name Discord accepts (lower case, at most 32 characters), which is also a
#: Python name
_PARAMETER = re.compile(r"[a-z][a-z0-9_]{0,31}")


# -- /game new <game>, built from the registered games and their options ---------------------


def parse_option_text(options: Mapping[str, Any], text: str) -> dict[str, Any]:
    """``name=value`` pairs, separated by spaces or commas, typed as the options' values
    ("false" is False, "3" is 3); a name or value the game does not know is kept as typed
    for ``resolve_options`` to refuse with what is allowed."""
    out: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        name, eq, raw = part.partition("=")
        if not eq or not name or not raw:
            raise IllegalAction(texts.OPTIONS_AS_PAIRS.format(name=texts.clip(name, 40) or "name"))
        spec = options.get(name)
        values = spec.values if spec is not None else ()
        # the value as the engine has it ("False"), or in the words the pages show ("no")
        out[name] = next((v for v in values if raw.lower() in (
            str(v).lower(), texts.option_value(v).lower())), raw)
    return out


def as_parameter(name: str, spec: Option) -> bool:
    """Whether an option is a parameter of its game's ``/game new``: a common one whose
    name Discord takes; the others go in the ``options`` text."""
    return not spec.advanced and bool(_PARAMETER.fullmatch(name)) and name not in OWN_PARAMETERS


def _in_words(text: str, spec: Option) -> str:
    """An option's help with its values in words ("new_shores" is "New Shores")."""
    for value in sorted((v for v in spec.values if isinstance(v, str)), key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(value)}\b", texts.option_value(value), text)
    return text


def _option_parameter(game: Any, name: str, spec: Option
                      ) -> tuple[inspect.Parameter, str, list, dict]:
    """One option as a parameter: the parameter, its description (the help, the default in
    words), its choices in words, and the typed value of each choice's value."""
    values = list(spec.values)
    choices: list[app_commands.Choice] = []
    converter: dict[Any, Any] = {}
    annotation: Any
    if all(isinstance(v, bool) for v in values):
        annotation = bool
    elif all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        if len(values) <= 25:
            annotation = int
            choices = [app_commands.Choice(name=str(v), value=v) for v in values]
        else:
            annotation = app_commands.Range[int, min(values), max(values)]
    else:
        annotation = str
        choices = [app_commands.Choice(name=texts.clip(texts.option_value(v, game, name),
                                                       texts.LABEL_LIMIT), value=str(v))
                   for v in values[:25]]
        converter = {str(v): v for v in values}
    default = texts.OPTION_DEFAULT.format(value=texts.option_value(spec.default, game, name))
    help_text = _in_words(spec.help, spec) or texts.option_name(name)
    description = texts.clip_words(help_text, texts.LABEL_LIMIT - len(default)) + default
    parameter = inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY,
                                  annotation=annotation | None, default=None)
    return parameter, description, choices, converter


def new_command(game: Any, cog: GameCog) -> app_commands.Command:
    """``/game new <game id>``: that game's options, ``thread``, and ``options`` when the
    game has options set by name."""
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction),
              inspect.Parameter("thread", inspect.Parameter.KEYWORD_ONLY,
                                annotation=bool | None, default=None)]
    descriptions = {"thread": texts.THREAD_OPTION_HELP}
    choices: dict[str, list] = {}
    converters: dict[str, dict] = {}
    for name, spec in game.options.items():
        if as_parameter(name, spec):
            param, descriptions[name], found, converters[name] = _option_parameter(game, name, spec)
            params.append(param)
            if found:
                choices[name] = found
    if any(not as_parameter(n, spec) for n, spec in game.options.items()):
        params.append(inspect.Parameter("options", inspect.Parameter.KEYWORD_ONLY,
                                        annotation=str | None, default=None))
        descriptions["options"] = texts.OPTIONS_OPTION_HELP

    async def new(interaction: discord.Interaction, **values: Any) -> None:
        for name, table in converters.items():
            if values.get(name) is not None:
                values[name] = table.get(values[name], values[name])
        await cog.open_table(interaction, game.id, values)

    new.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    new.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    new.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    players = (texts.PLAYERS_EXACTLY.format(count=game.min_players)
               if game.min_players == game.max_players
               else texts.PLAYERS_RANGE.format(least=game.min_players, most=game.max_players))
    return app_commands.Command(
        name=game.id,
        description=texts.clip_words(texts.NEW_GAME_COMMAND.format(
            article=texts.article(game.title), title=game.title, players=players),
            texts.LABEL_LIMIT),
        callback=new,
    )


def new_group(cog: GameCog) -> app_commands.Group:
    """``/game new``: one command per game of the engine's registry."""
    group = app_commands.Group(
        name="new", description="Open a game table here: pick the game, then its options "
                                "(you host and take the first seat)")
    for _, game in sorted(engine.GAMES.items()):
        if _PARAMETER.fullmatch(game.id.replace("-", "_")):
            group.add_command(new_command(game, cog))
    return group


# -- the cog --------------------------------------------------------------------------------


@app_commands.guild_only()
class GameCog(TableLogCommands, commands.GroupCog, group_name="game",
              group_description="Game tables: open, join, start, and look at the table"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        super().__init__()
        self.app_command.add_command(new_group(self))

    async def open_table(self, interaction: discord.Interaction, game_id: str,
                         values: dict[str, Any]) -> None:
        if interaction.guild_id is None or interaction.channel is None:
            raise IllegalAction(texts.NOT_IN_GUILD)
        use_thread = bool(values.pop("thread", None))
        text = values.pop("options", None)
        game = engine.get_game(game_id)
        given = {k: v for k, v in values.items() if v is not None}
        if text:
            given.update(parse_option_text(game.options, text))
        foreign = sorted(k for k in given if k not in game.options)
        if foreign:
            names = sorted(game.options)
            shown = ", ".join(names[:SHOWN_OPTIONS]) + (", …" if names[SHOWN_OPTIONS:] else "")
            raise IllegalAction(texts.NO_SUCH_OPTION.format(
                title=game.title, names=", ".join(texts.quote(k) for k in foreign[:3]),
                options=shown or "none"))
        try:
            options = resolve_options(game.options, given)
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        channel = interaction.channel
        user = interaction.user
        parent: str | None = None
        if use_thread and (isinstance(channel, discord.Thread)
                           or not isinstance(channel, discord.TextChannel)):
            raise IllegalAction(texts.THREAD_IN_THREAD)
        # A thread table is announced publicly in the parent channel; else only the host
        # hears back (the lobby message speaks to everyone).
        await interaction.response.defer(ephemeral=not use_thread, thinking=True)
        if use_thread:
            try:
                place = await channel.create_thread(
                    name=texts.clip(texts.THREAD_NAME.format(title=game.title,
                                                         name=user.display_name), 100),
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
            except discord.Forbidden:
                raise IllegalAction(texts.NO_THREAD_RIGHTS) from None
            table_channel, parent = place.id, str(channel.id)
        else:
            table_channel = channel.id
        await act.open_table(interaction, game_id, options, table_channel, parent,
                                       game.title)
        if use_thread:
            await interaction.edit_original_response(content=texts.THREAD_OPENED.format(
                mention=user.mention, title=game.title, thread=f"<#{table_channel}>"))
        else:
            await interaction.edit_original_response(
                content=texts.TABLE_OPEN + texts.LOBBY_HELP)

    @app_commands.command(name="join", description="Take a seat at the table of this channel "
                                                   "(once the game runs: an open seat)")
    async def join(self, interaction: discord.Interaction) -> None:
        await act.join(interaction, await live_table(interaction))

    @app_commands.command(name="leave", description="Give up your seat (once the game runs, "
                                                    "an AI plays it to the end)")
    async def leave(self, interaction: discord.Interaction) -> None:
        await act.leave(interaction, await live_table(interaction))

    @app_commands.command(name="replace",
                          description="Hand a player's seat to an AI, or open it for a new "
                                      "player (host only, once the game runs)")
    @app_commands.describe(seat="The seat (pick from the list)",
                           to="An AI for the rest of the game, or open: a new player takes "
                              "it with /game join")
    @app_commands.choices(to=[app_commands.Choice(name=texts.HAND_OVER_NAMES[t], value=t)
                              for t in HAND_OVER])
    async def replace(self, interaction: discord.Interaction, seat: str, to: str) -> None:
        await act.hand_over(interaction, await live_table(interaction), seat, to)

    @replace.autocomplete("seat")
    @busy_choices
    async def _replace_seats(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        table = await self.bot.store.live(str(interaction.channel_id))
        if table is None or table.status != PLAYING:
            return []
        typed = current.casefold()
        out = []
        for i, s in enumerate(table.seats):
            if s.player == str(interaction.user.id) and s.is_person:
                continue  # one's own seat: /game leave
            what = "open" if s.open else "AI" if s.is_ai else "player"
            name = texts.clip(f"{i + 1}. {s.name} ({what})", texts.LABEL_LIMIT)
            if typed in name.casefold():
                out.append(app_commands.Choice(name=name, value=str(i)))
        return out[:25]

    @app_commands.command(name="add-bot", description="Seat a computer captain (host only)")
    @app_commands.describe(level="How well the computer plays (default: normal)")
    @app_commands.choices(level=[app_commands.Choice(name=texts.AI_LEVEL_NAMES[lv], value=lv)
                                 for lv in AI_LEVELS])
    async def add_bot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        await act.add_ai(interaction, await live_table(interaction), level)

    @app_commands.command(name="remove-bot",
                          description="Take the last computer captain off the table (host only)")
    async def remove_bot(self, interaction: discord.Interaction) -> None:
        await act.remove_ai(interaction, await live_table(interaction))

    @app_commands.command(name="start", description="Deal and start the game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await act.start(interaction, await live_table(interaction))

    @app_commands.command(name="status",
                          description="Post the table's board again at the bottom of the "
                                      "channel, for everyone")
    async def status(self, interaction: discord.Interaction) -> None:
        table = await any_table(interaction)
        await interaction.response.send_message(texts.BOARD_REPOSTED, ephemeral=True)
        await act.repost(self.bot, table)

    @app_commands.command(name="hand",
                          description="See your cards and your moves, privately (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_panel(interaction, await any_table(interaction))

    @app_commands.command(name="rules", description="How to play the game of this table")
    @app_commands.describe(game="A game to read about (default: the game of this channel)")
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game is not None:
            await send_rules(interaction, game, {})
            return
        table = await any_table(interaction)
        await send_rules(interaction, table.game_id, table.options)

    @rules.autocomplete("game")
    @busy_choices
    async def _rules_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g.title, value=gid)
                for gid, g in sorted(engine.GAMES.items())
                if current.casefold() in g.title.casefold()][:25]

    @app_commands.command(name="list", description="The open game tables of this server")
    async def list_tables(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise IllegalAction(texts.NOT_IN_GUILD)
        tables = await self.bot.store.list_tables(guild=str(interaction.guild_id))
        if not tables:
            await answer(interaction, texts.NO_OPEN_TABLES)
            return
        lines = []
        for t in tables:
            game = t.game
            state = texts.OPEN_TABLE_WAITING if t.status == LOBBY else texts.OPEN_TABLE_PLAYING
            if t.open_seats():
                state += texts.OPEN_TABLE_SEAT
            lines.append(texts.OPEN_TABLE_LINE.format(
                channel=t.id, title=game.title, state=state, seated=len(t.seats),
                most=game.max_players, host=t.host))
        await answer(interaction, texts.OPEN_TABLES + "\n" + "\n".join(lines))

    @app_commands.command(
        name="settings",
        description="The turn clock: reminders, a time limit per turn or a time bank")
    @app_commands.describe(
        remind_minutes="Remind whoever must act after this many minutes (0: never)",
        limit_minutes="Time limit per turn in minutes (0: none)",
        on_timeout="What happens when the time limit runs out",
        forced_minutes="Play a player's only move for them after N minutes; off (0) by "
                       "default: the timing tells others",
        take_back="Let a player take back their own last move without a vote (on by default)",
        bank_minutes="A time bank per seat in minutes, instead of the limit per turn (0: none)",
        increment_minutes="Minutes added to a seat's time bank after each of its turns",
        away_allowed="False: players' away mode (/me away) does not pause the clock here",
    )
    @app_commands.choices(on_timeout=[app_commands.Choice(name=texts.TIMEOUT_NAMES[o], value=o)
                                      for o in TIMEOUT_OUTCOMES])
    async def settings(
        self,
        interaction: discord.Interaction,
        remind_minutes: app_commands.Range[int, 0, 10080] | None = None,
        limit_minutes: app_commands.Range[int, 0, 20160] | None = None,
        on_timeout: str | None = None,
        forced_minutes: app_commands.Range[int, 0, FORCED_MAX_MINUTES] | None = None,
        take_back: bool | None = None,
        bank_minutes: app_commands.Range[int, 0, BANK_MAX_MINUTES] | None = None,
        increment_minutes: app_commands.Range[int, 0, INCREMENT_MAX_MINUTES] | None = None,
        away_allowed: bool | None = None,
    ) -> None:
        """The turn clock: shown without options, changed with them. ``forced_minutes``
        (issue 22) is off by default: how soon a player's only move is played could tell
        the others that they had no choice. ``bank_minutes`` (issue 24) turns the limit
        per turn into a time bank; one of the bank's two numbers given alone keeps the
        other as the table has it."""
        table = await live_table(interaction)
        s = table.settings
        if (remind_minutes is None and limit_minutes is None and on_timeout is None
                and forced_minutes is None and take_back is None and bank_minutes is None
                and increment_minutes is None and away_allowed is None):
            await answer(interaction, texts.TABLE_SETTINGS + "\n" + clock_texts.summary(s))
            return
        bank = None
        if bank_minutes is not None or increment_minutes is not None:
            bank = (s.bank_minutes if bank_minutes is None else bank_minutes,
                    s.increment_minutes if increment_minutes is None else increment_minutes)
        await act.change_settings(interaction, table, remind_minutes, limit_minutes,
                                  on_timeout, forced_minutes, take_back, bank=bank,
                                  away_allowed=away_allowed)

    @app_commands.command(
        name="notify",
        description="Which DMs you get at this table: on every turn, only reminders, or none")
    @app_commands.describe(mode="Leave it out to see your choice now")
    @app_commands.choices(mode=[app_commands.Choice(name=texts.NOTIFY_NAMES[m], value=m)
                                for m in NOTIFY_MODES])
    async def notify(self, interaction: discord.Interaction, mode: str | None = None) -> None:
        """Your DMs at this table (issue 14; ``telling.hand_dm`` says what each choice sends)."""
        table = await live_table(interaction)
        if mode is None:
            now = table.seats[seated(interaction, table)].notify
            await answer(interaction, texts.NOTIFY_NOW.format(choice=texts.NOTIFY_NAMES[now]))
            return
        await act.choose_notify(interaction, table, mode)
        await answer(interaction, texts.NOTIFY_SAVED.format(choice=texts.NOTIFY_NAMES[mode]))

    @app_commands.command(name="web-reset",
                          description="Withdraw every private web link to your hands")
    async def web_reset(self, interaction: discord.Interaction) -> None:
        """Every private link of the person, at every table of every server, stops opening
        (issue 25; data/watch.py); each new hand message brings a fresh one."""
        if self.bot.config.web_url is None:
            await answer(interaction, texts.WEB_OFF)
            return
        tables = await self.bot.store.list_tables(None, STATUSES)
        count = await revoke_player(self.bot.store, tables, str(interaction.user.id),
                                    time.time())
        await answer(interaction, texts.WEB_RESET.format(seats=texts.plural(count, "seat")))

    @app_commands.command(name="abort",
                          description="Close the table for good (host or message managers)")
    async def abort(self, interaction: discord.Interaction) -> None:
        # Not through live_table: a table whose saved game cannot be read is closed too.
        await act.abort(interaction)

    @app_commands.command(
        name="repair",
        description="Rebuild a table whose saved game cannot be read, from its move log "
                    "(host or message managers)")
    async def repair(self, interaction: discord.Interaction) -> None:
        await act.repair(interaction)

