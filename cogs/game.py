"""``/game``: opening, joining and running a table, for any game of the engine.

Thin on purpose: each command reads its options, calls the TableService and answers.
Refusals (not the host, the table is full, no table here...) are the ``IllegalAction``
sentences of the service and the engine, shown privately by the tree's error handler.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import engine
from cogs import texts
from cogs.errors import answer
from cogs.notify import (
    after_moves,
    channel_of,
    game_of,
    mention,
    notice_dm_closed,
    pings,
    post_lobby,
    publish_board,
    refresh_lobby,
    welcome,
)
from cogs.play import bot_of, live_table, seated, show_panel
from cogs.texts import fill
from data.store import DamagedTable, TableExists
from data.tables import Outcome
from engine.core import IllegalAction, resolve_options
from engine.table import AI_LEVELS, LOBBY, NOTIFY_MODES, PLAYING, TIMEOUT_OUTCOMES, Table

if TYPE_CHECKING:
    from cogs.bot import ParleyBot

HISTORY_MOVES = 15
THREAD_ARCHIVE_MINUTES = 10080  # a week: long games go quiet for days


# -- shared by commands and buttons ---------------------------------------------------------


def at_table(interaction: discord.Interaction, table: Table, refusal: str = "") -> None:
    """Refuse a click made outside ``table``'s channel: a button names its table in its
    custom id, and a button shown elsewhere (a copied message, or a forged id) must not
    change a table the clicker is not looking at."""
    if str(interaction.channel_id) != table.id:
        text = refusal or texts.WRONG_CHANNEL
        raise IllegalAction(text.format(channel=f"<#{table.id}>"))


async def say(interaction: discord.Interaction, text: str,
              allowed: discord.AllowedMentions | None = None) -> None:
    """Answer in public: the reply to a command, or a followup to a deferred click."""
    allowed = allowed or discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(text, allowed_mentions=allowed)
    else:
        await interaction.response.send_message(text, allowed_mentions=allowed)


async def join_table(interaction: discord.Interaction, table: Table) -> None:
    """Seat the user at ``table`` (lobby only), welcome them by DM, tell the channel.

    The table must be the one of the channel the user clicked or typed in (``at_table``).
    """
    at_table(interaction, table, texts.WRONG_CHANNEL_JOIN)
    bot = bot_of(interaction)
    player = str(interaction.user.id)
    outcome = await bot.svc.join(table.id, player, interaction.user.display_name, time.time())
    table = outcome.table
    await answer(interaction, texts.JOINED.format(
        mention=interaction.user.mention, seated=len(table.seats),
        most=game_of(table).max_players), ephemeral=False)
    await refresh_lobby(bot, table)
    if not await welcome(bot, table, player):
        await notice_dm_closed(bot, table, player)


async def leave_table(interaction: discord.Interaction, table: Table) -> None:
    """The user gives up their seat in ``table``'s lobby; the channel is told."""
    at_table(interaction, table)
    bot = bot_of(interaction)
    outcome = await bot.svc.leave(table.id, str(interaction.user.id), time.time())
    await say(interaction, texts.LEFT.format(mention=interaction.user.mention))
    await refresh_lobby(bot, outcome.table)


async def add_ai(interaction: discord.Interaction, table: Table, level: str = "normal") -> None:
    """The host seats a computer captain of ``level`` in ``table``'s lobby."""
    at_table(interaction, table)
    bot = bot_of(interaction)
    outcome = await bot.svc.add_bot(table.id, str(interaction.user.id), level, time.time())
    table = outcome.table
    await say(interaction, texts.BOT_ADDED.format(
        name=table.seats[-1].name, seated=len(table.seats), most=game_of(table).max_players))
    await refresh_lobby(bot, table)


async def start_table(interaction: discord.Interaction, table: Table) -> None:
    """The host deals: the channel hears it (every person pinged), the lobby message loses
    its buttons, then the AI moves and the first board and the hands follow."""
    at_table(interaction, table)
    bot = bot_of(interaction)
    outcome = await bot.svc.start(table.id, str(interaction.user.id), time.time())
    table = outcome.table
    people = [mention(table, s) for s, seat in enumerate(table.seats) if not seat.is_ai]
    await say(interaction, texts.STARTED.format(mentions=texts.join_words(people)),
              pings(table, range(len(table.seats))))
    await refresh_lobby(bot, table)
    await after_moves(bot, outcome, None)


async def send_rules(
    interaction: discord.Interaction, game_id: str, options: Mapping[str, Any]
) -> None:
    """The game's rules for these options, privately, in parts under 2000 characters."""
    game = engine.get_game(game_id)
    text = await asyncio.to_thread(game.rules_text, dict(options))
    for part in texts.chunks(f"**{game.title}**\n{text}"):
        await answer(interaction, part)


def replay_history(table: Table, entries: Sequence[Any], viewer: int | None) -> list[str]:
    """The last moves as the viewer may know them: public events, their own private ones.

    The action log holds every move with its arguments (a face-down bid card included), so
    it is replayed from the seed and only what the events showed the viewer is told.
    """
    game = game_of(table)
    names = [s.name for s in table.seats]
    state = game.setup(len(table.seats), table.options, table.seed)
    lines: list[str] = []
    for entry in entries:
        events = game.apply(state, entry.seat, entry.action)
        seen = [e.text for e in events if e.text and (e.to is None or viewer in e.to)]
        who = names[entry.seat] if entry.seat < len(names) else f"seat {entry.seat + 1}"
        if entry.seat == viewer and entry.action.label:
            seen = [f"*{entry.action.label}*", *seen]
        if not seen:
            seen = ["(a move kept hidden from you)"]
        body = " ".join(fill(t, names) for t in seen)
        lines.append(f"**{entry.seq}.** {discord.utils.escape_markdown(who)}: {body}")
    return lines[-HISTORY_MOVES:]


# -- /game new, built from the registered games and their options ---------------------------


def parse_option_text(options: Mapping[str, Any], text: str) -> dict[str, Any]:
    """``name=value`` pairs, separated by spaces or commas, typed as the options' values
    ("false" is False, "3" is 3); a name or value the game does not know is kept as typed
    for ``resolve_options`` to refuse with what is allowed."""
    out: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        name, eq, raw = part.partition("=")
        if not eq or not name or not raw:
            raise IllegalAction(
                f"Write the options as name=value pairs (e.g. {texts.clip(name, 40) or 'name'}=value), "
                "separated by spaces; /game rules lists them.")
        spec = options.get(name)
        values = spec.values if spec is not None else ()
        out[name] = next((v for v in values if str(v).lower() == raw.lower()), raw)
    return out


def _option_params(games: Mapping[str, Any]) -> tuple[list[inspect.Parameter], dict, dict, dict]:
    """Slash-command parameters for every option of every game (one per option name) but
    the advanced ones, which go in the ``options`` text (a slash command holds at most 25
    parameters)."""
    by_name: dict[str, list[tuple[Any, Any]]] = {}
    for game in games.values():
        for name, spec in game.options.items():
            if not spec.advanced:
                by_name.setdefault(name, []).append((game, spec))
    params, descriptions, choices, converters = [], {}, {}, {}
    for name in sorted(by_name):
        if (name in ("game", "thread", "options") or not name.replace("_", "").isalnum()
                or len(name) > 32):
            continue
        specs = by_name[name]
        values: list[Any] = []
        for _, spec in specs:
            values += [v for v in spec.values if v not in values]
        helps = "; ".join(dict.fromkeys(spec.help for _, spec in specs if spec.help))
        owners = ", ".join(g.title for g, _ in specs)
        defaults = ", ".join(str(spec.default) for _, spec in specs)
        annotation: Any
        if all(isinstance(v, bool) for v in values):
            annotation = bool
        elif all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            if len(values) <= 25:
                annotation = int
                choices[name] = [app_commands.Choice(name=str(v), value=v) for v in values]
            else:
                annotation = app_commands.Range[int, min(values), max(values)]
        else:
            annotation = str
            shown = values[:25]
            choices[name] = [app_commands.Choice(name=str(v), value=str(v)) for v in shown]
            converters[name] = {str(v): v for v in values}
        descriptions[name] = texts.clip(
            f"{helps or name} ({owners}; default {defaults})", texts.LABEL_LIMIT)
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY,
                                        annotation=annotation | None, default=None))
    return params, descriptions, choices, converters


def build_new_command(cog: GameCog) -> app_commands.Command:
    games = engine.GAMES
    params, descriptions, choices, converters = _option_params(games)

    async def new(interaction: discord.Interaction, **values: Any) -> None:
        for name, table in converters.items():
            if values.get(name) is not None:
                values[name] = table.get(values[name], values[name])
        await cog.open_table(interaction, values)

    head = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=discord.Interaction),
        inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, annotation=str),
        inspect.Parameter("thread", inspect.Parameter.KEYWORD_ONLY, annotation=bool | None,
                          default=None),
        inspect.Parameter("options", inspect.Parameter.KEYWORD_ONLY, annotation=str | None,
                          default=None),
    ]
    new.__signature__ = inspect.Signature(head + params)  # type: ignore[attr-defined]
    new.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        "game": "The game to play at the new table",
        "thread": "Open the table in a new thread of this channel, so the channel can host "
        "several games",
        "options": "More rules options as name=value, space-separated (/game rules lists "
        "them)",
        **descriptions,
    }
    new.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
        "game": [app_commands.Choice(name=g.title, value=gid) for gid, g in sorted(games.items())],
        **choices,
    }
    return app_commands.Command(
        name="new",
        description="Open a game table in this channel (you host it and take the first seat)",
        callback=new,
    )


# -- the cog --------------------------------------------------------------------------------


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game",
              group_description="Game tables: open, join, start, and look at the table"):
    def __init__(self, bot: ParleyBot) -> None:
        self.bot = bot
        super().__init__()
        self.app_command.add_command(build_new_command(self))

    async def open_table(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        if interaction.guild_id is None or interaction.channel is None:
            raise IllegalAction(texts.NOT_IN_GUILD)
        game_id = values.pop("game")
        use_thread = bool(values.pop("thread", None))
        text = values.pop("options", None)
        game = engine.get_game(game_id)
        given = {k: v for k, v in values.items() if v is not None}
        if text:
            given.update(parse_option_text(game.options, text))
        foreign = sorted(k for k in given if k not in game.options)
        if foreign:
            raise IllegalAction(
                f"{game.title} has no option {', '.join(texts.quote(k) for k in foreign[:3])}; "
                f"its options are: "
                f"{', '.join(sorted(game.options)) or 'none'}.")
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
                    name=texts.clip(f"{game.title}: {user.display_name}'s table", 100),
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
            except discord.Forbidden:
                raise IllegalAction(texts.NO_THREAD_RIGHTS) from None
            table_channel, parent = place.id, str(channel.id)
        else:
            table_channel = channel.id
        try:
            table = await self.bot.svc.new(
                game_id, str(table_channel), str(user.id), user.display_name, options,
                guild=str(interaction.guild_id), parent=parent, title=game.title, now=time.time(),
                seed=f"{self.bot.config.seed}:{table_channel}" if self.bot.config.seed else None,
            )
        except TableExists as err:
            raise IllegalAction(str(err)) from None
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        await post_lobby(self.bot, table, f"{user.mention} opens a table.")
        if use_thread:
            await interaction.edit_original_response(content=texts.THREAD_OPENED.format(
                mention=user.mention, title=game.title, thread=f"<#{table_channel}>"))
        else:
            await interaction.edit_original_response(
                content="Your table is open. " + texts.LOBBY_HELP)
        if not await welcome(self.bot, table, str(user.id)):
            await notice_dm_closed(self.bot, table, str(user.id))

    @app_commands.command(name="join", description="Take a seat at the table of this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await join_table(interaction, await live_table(interaction))

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await leave_table(interaction, await live_table(interaction))

    @app_commands.command(name="add-bot", description="Seat a computer captain (host only)")
    @app_commands.describe(level="How well the computer plays (default: normal)")
    @app_commands.choices(level=[app_commands.Choice(name=texts.AI_LEVEL_NAMES[lv], value=lv)
                                 for lv in AI_LEVELS])
    async def add_bot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        await add_ai(interaction, await live_table(interaction), level)

    @app_commands.command(name="remove-bot",
                          description="Take the last computer captain off the table (host only)")
    async def remove_bot(self, interaction: discord.Interaction) -> None:
        table = await live_table(interaction)
        ais = [s.name for s in table.seats if s.is_ai]
        outcome = await self.bot.svc.remove_bot(table.id, str(interaction.user.id), time.time())
        table = outcome.table
        await say(interaction, texts.BOT_REMOVED.format(
            name=ais[-1] if ais else "An AI captain", seated=len(table.seats),
            most=game_of(table).max_players))
        await refresh_lobby(self.bot, table)

    @app_commands.command(name="start", description="Deal and start the game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await start_table(interaction, await live_table(interaction))

    @app_commands.command(name="status", description="Post the table's board again")
    async def status(self, interaction: discord.Interaction) -> None:
        table = await self._any_table(interaction)
        await interaction.response.send_message(texts.BOARD_REPOSTED, ephemeral=True)
        if table.state is None:  # still in the lobby, or closed before the deal
            await post_lobby(self.bot, table)
        else:
            await publish_board(self.bot, table, None, force_new=True)

    @app_commands.command(name="hand",
                          description="See your cards and your moves, privately (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_panel(interaction, await self._any_table(interaction))

    @app_commands.command(name="rules", description="How to play the game of this table")
    @app_commands.describe(game="A game to read about (default: the game of this channel)")
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game is not None:
            await send_rules(interaction, game, {})
            return
        table = await self._any_table(interaction)
        await send_rules(interaction, table.game_id, table.options)

    @rules.autocomplete("game")
    async def _rules_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g.title, value=gid)
                for gid, g in sorted(engine.GAMES.items())
                if current.casefold() in g.title.casefold()][:25]

    @app_commands.command(name="history", description="The last moves at this table")
    async def history(self, interaction: discord.Interaction) -> None:
        table = await self._any_table(interaction)
        if table.state is None:
            raise IllegalAction(texts.NOT_STARTED)
        entries = await self.bot.store.history(table.key, limit=1_000_000)
        viewer = table.seat_of(str(interaction.user.id))
        lines = await asyncio.to_thread(replay_history, table, entries, viewer)
        text = "\n".join(lines) or "No move has been made yet."
        parts = texts.chunks(f"**Last moves at this table**\n{text}")
        await interaction.response.send_message(parts[-1] if len(parts) == 1 else parts[0],
                                                ephemeral=True)
        for part in parts[1:]:
            await interaction.followup.send(part, ephemeral=True)

    @app_commands.command(name="list", description="The open game tables of this server")
    async def list_tables(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise IllegalAction(texts.NOT_IN_GUILD)
        tables = await self.bot.store.list_tables(guild=str(interaction.guild_id))
        if not tables:
            await answer(interaction, "No table is open on this server. `/game new` opens one.")
            return
        lines = []
        for t in tables:
            game = game_of(t)
            state = "waiting for players" if t.status == LOBBY else "playing"
            lines.append(f"- <#{t.id}>: **{game.title}**, {state}, "
                         f"{len(t.seats)}/{game.max_players} seated, host <@{t.host}>")
        await answer(interaction, "**Open tables**\n" + "\n".join(lines))

    @app_commands.command(name="settings",
                          description="The turn clock: reminders and a time limit per turn")
    @app_commands.describe(
        remind_minutes="Remind whoever must act after this many minutes (0: never)",
        limit_minutes="Time limit per turn in minutes (0: none)",
        on_timeout="What happens when the time limit runs out",
    )
    @app_commands.choices(on_timeout=[app_commands.Choice(name=texts.TIMEOUT_NAMES[o], value=o)
                                      for o in TIMEOUT_OUTCOMES])
    async def settings(
        self,
        interaction: discord.Interaction,
        remind_minutes: app_commands.Range[int, 0, 10080] | None = None,
        limit_minutes: app_commands.Range[int, 0, 20160] | None = None,
        on_timeout: str | None = None,
    ) -> None:
        table = await live_table(interaction)
        if remind_minutes is None and limit_minutes is None and on_timeout is None:
            s = table.settings
            await answer(interaction, "**Table settings**\n" + texts.settings_summary(
                s.remind_minutes, s.limit_minutes, s.on_timeout))
            return
        try:
            after = await self.bot.svc.settings(
                table.id, str(interaction.user.id), remind_minutes, limit_minutes, on_timeout,
                is_manager=interaction.permissions.manage_messages, now=time.time())
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        s = after.settings
        await interaction.response.send_message(texts.SETTINGS_SAVED.format(
            mention=interaction.user.mention,
            changes=texts.settings_changes(table.settings, s),
            summary=texts.settings_summary(s.remind_minutes, s.limit_minutes, s.on_timeout)))
        await refresh_lobby(self.bot, after)  # the lobby message shows the turn clock

    @app_commands.command(
        name="notify",
        description="Which DMs you get at this table: on every turn, only reminders, or none")
    @app_commands.describe(mode="Leave it out to see your choice now")
    @app_commands.choices(mode=[app_commands.Choice(name=texts.NOTIFY_NAMES[m], value=m)
                                for m in NOTIFY_MODES])
    async def notify(self, interaction: discord.Interaction, mode: str | None = None) -> None:
        """Your DMs at this table (issue 14; ``notify.hand_dm`` says what each choice sends)."""
        table = await live_table(interaction)
        if mode is None:
            now = table.seats[seated(interaction, table)].notify
            await answer(interaction, texts.NOTIFY_NOW.format(choice=texts.NOTIFY_NAMES[now]))
            return
        try:
            await self.bot.svc.notify(table.id, str(interaction.user.id), mode, time.time())
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        await answer(interaction, texts.NOTIFY_SAVED.format(choice=texts.NOTIFY_NAMES[mode]))

    @app_commands.command(name="abort",
                          description="Close the table for good (host or message managers)")
    async def abort(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise IllegalAction(texts.NOT_IN_GUILD)
        # Not through live_table: a table whose saved game cannot be read is closed too.
        table = await self.bot.svc.abort(str(interaction.channel_id), str(interaction.user.id),
                                         interaction.permissions.manage_messages, time.time())
        mention = interaction.user.mention
        if table is None:
            await interaction.response.send_message(
                texts.ABORTED_DAMAGED.format(mention=mention))
            return
        await interaction.response.send_message(texts.ABORTED.format(mention=mention))
        await refresh_lobby(self.bot, table)

    @app_commands.command(
        name="repair",
        description="Rebuild a table whose saved game cannot be read, from its move log "
                    "(host or message managers)")
    async def repair(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise IllegalAction(texts.NOT_IN_GUILD)
        # Privately: a refusal stays between us; the channel hears of a repair below.
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table, moves = await self.bot.svc.repair(
                str(interaction.channel_id), str(interaction.user.id),
                interaction.permissions.manage_messages, time.time())
        except DamagedTable:
            raise IllegalAction(texts.REPAIR_FAILED) from None
        done = texts.REPAIRED if table.status == PLAYING else texts.REPAIRED_FINISHED
        text = done.format(mention=interaction.user.mention, moves=moves)
        await interaction.edit_original_response(content=text)
        await channel_of(self.bot, table).send(text, allowed_mentions=discord.AllowedMentions.none())
        if table.state is None:
            await post_lobby(self.bot, table)
        else:
            await after_moves(self.bot, Outcome(table), None)

    async def _any_table(self, interaction: discord.Interaction) -> Table:
        """The live table of the channel, else its last one (a finished game's board)."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise IllegalAction(texts.NOT_IN_GUILD)
        table = await self.bot.store.latest(str(interaction.channel_id))
        if table is None:
            raise IllegalAction(texts.NO_TABLE_EVER)
        return table

