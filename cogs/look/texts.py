"""Every sentence the bot says on Discord that is not a rules sentence from the engine.

Rules sentences (why a move is illegal, what happened) come from the engine and the table
service; these are the platform's own words. Keep them short, plain, and free of anything
hidden: none of them takes a card or a private choice as an argument.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

# ``clip`` and ``quote`` live in the engine (whose refusals are bounded too) and are used
# from here: ``texts.clip`` cuts any text to a Discord limit, ``texts.quote`` is the one way
# a refusal repeats what someone typed (a short, clipped part of it).
from engine.core import clip as clip
from engine.core import fill_names
from engine.core import quote as quote
from engine.guide import game_value_words, split_page

# -- limits of Discord, so no message is ever refused for its length ------------------------
CONTENT_LIMIT = 2000
EMBED_LIMIT = 4096
LABEL_LIMIT = 100  # select option labels, autocomplete choice names and values

# -- the labels of the buttons and menus (cogs/look/custom_ids.py makes them) --------------
BUTTON_HAND = "My hand / act"
BUTTON_RULES = "Rules"
BUTTON_JOIN = "Join"
BUTTON_LEAVE = "Leave"
BUTTON_ADD_AI = "Add AI"
BUTTON_START = "Start"
BUTTON_CLOCK = "Turn clock"
BUTTON_TABLE_OPTIONS = "Table options"
BUTTON_REPLAY = "Replay"
BUTTON_HISTORY = "History"
BUTTON_UNDO_ASK = "Take it back"
BUTTON_UNDO_SURE = "Yes, ask to take it back"
BUTTON_FORGET = "Forget me"
BUTTON_PAGE = "Page"
BUTTON_GO = "Go"
BUTTON_GIF = "GIF"
BUTTON_AGREE = "Agree"
BUTTON_KEEP = "Keep it"
MENU_REPLAY_ROUND = "Jump to a round…"
MENU_REPLAY_VIEW = "Whose view…"

# -- refusals -----------------------------------------------------------------------------
NO_TABLE = (
    "There is no game table in this channel. Open one with `/game new`, "
    "or use `/game list` to find the tables of this server."
)
NO_TABLE_EVER = "No game has been played in this channel yet. Open one with `/game new`."
NOT_SEATED = "You are not seated at this table; only its captains can do that."
NOT_YOUR_MENU = "That menu belongs to another player. Use the **My hand / act** button for yours."
NOT_STARTED = "The game has not started yet: the host starts it with `/game start`."
TABLE_CLOSED = "That table is closed: its game is over or was aborted."
STALE_CHOICE = (
    "That choice is no longer on offer: the game has moved on. Here is a fresh menu."
)
UNKNOWN_MOVE = (
    "I don't know that move. Pick one from the list that appears while you type, "
    "or open your menu with the **My hand / act** button."
)
NO_MOVES_NOW = "You have nothing to do at the moment; I'll mention you when it is your turn."
NOT_IN_GUILD = "Parley's tables live in server channels; use these commands in a server."
THREAD_IN_THREAD = "This is already a thread: open the table here, without `thread`."
NO_THREAD_RIGHTS = (
    "I may not open threads in this channel. Give me **Create Public Threads** "
    "or open the table without `thread`."
)
INTERNAL_ERROR = (
    "Something went wrong on my side. `/game status` shows where the table stands; "
    "try again in a moment."
)
#: the one choice an autocomplete list offers while the game database is busy or not
#: answering (issue 21, item 4), and its value: words that name no move, card, seat or
#: game, so that a command sent with it is refused with that command's own sentence
DB_BUSY_CHOICE = "The game database is busy right now: try again in a moment."
DB_BUSY_VALUE = "database busy, try again"
# -- delivery troubles (issue 21): the move stands, whatever Discord does after it ---------
DELIVERY_DISCORD = (
    "Your move stands. Discord failed while I was showing it (the board or the players' "
    "messages); I will finish as soon as Discord answers again, and tell whoever is next."
)
DELIVERY_BUG = (
    "That is done and stands, but something went wrong on my side while I was showing it: "
    "I will keep trying, and `/game status` posts the board again."
)
DELIVERY_DATABASE = (
    "Your move stands. The game database stopped answering before I could show it; the "
    "board and the notices follow as soon as it is back."
)
MISSING_PERMISSIONS = (
    "Your move stands, but I can't post the board in this channel: I am missing the "
    "{permissions} permission{s} here. Someone who can manage this channel's permissions "
    "(a server admin) can give them to me; the board follows once they do."
)
MISSING_SOME_PERMISSION = (
    "Your move stands, but Discord refused to let me post the board in this channel: I am "
    "missing a permission here (View Channel, Send Messages, Embed Links, Attach Files or "
    "Read Message History). A server admin can give it to me; the board follows once they do."
)
MISSING_SOME_PERMISSION_HERE = (
    "Discord refused to let me do that in this channel: I am missing a permission here "
    "(View Channel, Send Messages, Embed Links, Attach Files or Read Message History). A "
    "server admin can give it to me."
)
DISCORD_TROUBLE = (
    "Discord did not take my answer just now. Nothing of yours was lost: try again in a "
    "moment, and `/game status` shows where the table stands."
)
MISSING_PERMISSIONS_HERE = (
    "I can't do that in this channel: I am missing the {permissions} permission{s} here. "
    "Someone who can manage this channel's permissions (a server admin) can give them to me."
)

DM_CLOSED = (
    "{mention}, I can't send you direct messages (they are closed for this server), so "
    "your cards will not come by DM. Use `/game hand` to see them, privately, any time."
)

#: a game's defaults (cogs/look/adapters.py): the menu, the prompt, a headline's round
CHOOSE_MOVE = "Choose your move…"
YOUR_MOVE = "Your move."
HEADLINE_ROUND = "{title}, round {round}"
# -- confirmations ------------------------------------------------------------------------
WELCOME_DM = (
    "Ahoy! You took a seat at the **{title}** table in {channel}. Once the game begins, this "
    "message shows your hand, kept up to date; a new message comes when it is your turn and "
    "when the game ends (`/game notify` changes that). `/game hand` shows your hand too."
)
WEB_TABLE = "Open the table"  # the turn message's link to the table's web page (issue 25)
WEB_HAND = "My hand on the web"  # the hand DM's link to the seat's private web page
WEB_OFF = "This bot has no web pages: there is no link to withdraw."
WEB_RESET = ("Done: every private web link to your hands ({seats}) stops working now. "
             "Your next hand message brings a fresh one.")
HAND_MOVED = "Your hand at the **{title}** table in {channel} is in a newer message below."
HAND_LEFT = (
    "You left the **{title}** table in {channel}; an AI plays your seat now, so this "
    "message no longer follows its hand."
)
HAND_TAKEN = "You took over this seat: the hand below is yours now."
RATINGS_HEADER = "**Ratings** (/stats leaderboard shows the server's best):"
OPENED = "{mention} opens a table."
JOINED = "{mention} takes a seat at the table ({seated}/{most})."
LEFT = "{mention} leaves the table."
LEFT_PLAYING = "{mention} leaves the table: an AI plays their seat, as {seat}, to the end."
NEW_HOST = "{mention} hosts the table now."
ABANDONED_EMPTY = (
    "No one is left at the table: the game ends here, abandoned, without a winner. "
    "`/game new` opens a fresh table."
)
HANDED_AI = "{host} hands {name}'s seat to an AI, as {seat}, for the rest of the game."
HANDED_OPEN = (
    "{host} opens {name}'s seat for a new player: an AI plays it, as {seat}, until someone "
    "takes it with **Join** or `/game join`."
)
TOOK_SEAT = (
    "{mention} takes over the seat of {name}. Its hand comes to them by DM "
    "(or `/game hand`)."
)
SEAT_OPEN = "🪑 Open seat: {seats}. **Join** (or `/game join`) takes it over, hand and all."
#: where ``/game replace`` hands a seat (engine.table.HAND_OVER), as the host reads it
HAND_OVER_NAMES = {
    "ai": "an AI, for the rest of the game",
    "open": "open for a new player (an AI plays it meanwhile)",
}
REPLACE_NOT_PLAYING = (
    "Seats are handed over once the game runs; in the lobby, **Leave** and "
    "`/game remove-bot` change them."
)
TIMEOUT_AI_SEAT = "⌛ Time is up{late}: an AI took over, as {who}, for the rest of the game."
TIMEOUT_AI_MOVE = "⌛ Time is up: an AI made the move for {who}."
#: the turn clock played a person's only legal move after the table's grace (issue 22)
FORCED_PLAYED = (
    "⏩ {who} had only one move left, so it was played for them after the table's grace "
    "time: {move}."
)
#: the same when naming the move would tell something hidden (a card of a hand, a sealed
#: bid): the board's news says what everyone may know of it
FORCED_PLAYED_UNNAMED = (
    "⏩ {who} had only one move left, so it was played for them after the table's grace "
    "time; the board shows what everyone may see of it."
)
#: the turn message's clause while the only move of everyone it waits for is pending; the
#: time is Discord's relative timestamp (``<t:UNIX:R>``, shown as "in 30 minutes")
FORCED_SOON = "⏩ Only one move is left: it is played automatically {when}."
#: the same for one of several people waited for
FORCED_SOON_OF = "⏩ {name} has only one move left: it is played for them {when}."
BOT_ADDED = "**{name}** takes a seat at the table ({seated}/{most})."
BOT_REMOVED = "**{name}** leaves the table ({seated}/{most})."
STARTED = "The game begins! {mentions}: your cards are in your DMs (or `/game hand`)."
ABORTED = "{mention} aborted the table: the game is over without a winner."
BOARD_REPOSTED = "The board is posted again at the bottom of the channel, for everyone."
CLOSED_LINE = "This table is closed."
THREAD_OPENED = "{mention} opened a **{title}** table in {thread}. Join it there with `/game join`."
SETTINGS_SAVED = "Table settings changed by {mention}: {changes}.\n{summary}"
SETTINGS_DENIED = "Only the host or a channel manager can change the table's settings."
REPAIRED = (
    "{mention} rebuilt this table's game from its move log ({moves} moves): the game goes on "
    "from where it was."
)
REPAIRED_FINISHED = "{mention} rebuilt this table's finished game from its move log ({moves} moves)."
REPAIR_FAILED = (
    "Even the move log cannot rebuild this table's game. The host or a channel manager can "
    "close it with /game abort; then /game new opens a fresh table here."
)
ABORTED_DAMAGED = (
    "{mention} closed this table, whose saved game could not be read. `/game new` opens a "
    "fresh one here."
)
WRONG_CHANNEL_JOIN = "That Join button belongs to the table in {channel}: join it there."
WRONG_CHANNEL = "That button belongs to the table in {channel}: use it there."
LOBBY_OVER = (
    "That lobby is closed: the game has started or the table was closed. "
    "`/game status` shows where the table stands."
)
DONE = "Done: {label}"

LOBBY_HELP = (
    "**Join** (or `/game join`) takes a seat and **Leave** gives it up. The host adds a "
    "computer captain with **Add AI** (`/game add-bot` chooses its level, `/game remove-bot` "
    "takes one away) and deals with **Start**. `/game notify` chooses your DMs; "
    "`/game rules` explains the game."
)
CLOCK_HEAD = ("**Turn clock** (the host or a channel manager changes it with the **Turn clock** "
              "and **Table options** buttons or `/game settings`):")
CLOCK_PANEL_HEAD = "⏱️ **Turn clock of this table**"
CLOCK_PANEL_HOW = (
    "Pick a new value in a menu below: it takes effect at once, and the channel is told. "
    "When the time limit runs out, the table does what the **On time-out** menu says. "
    "**Only move** plays a player's one legal move for them after a grace; it is off by "
    "default, since how soon a move is played could tell the others something. "
    "`/game settings` takes any number of minutes.")
CLOCK_NO_REMINDERS = "No reminders"
CLOCK_REMIND_AFTER = "Remind after {} of waiting"
CLOCK_NO_LIMIT = "No time limit"
CLOCK_LIMIT = "Time limit per turn: {}"
CLOCK_ON_TIMEOUT = "On time-out: {outcome}"
CLOCK_PANEL_READ_ONLY = "Only the host or a channel manager can change the turn clock."
CLOCK_PANEL_UNKNOWN = "That is not one of the clock's choices; pick one from the menu."
#: the **Turn clock** menu of the grace before a person's only move is played for them
FORCED_CHOICE = "Only move: played for you after {}"
FORCED_CHOICE_OFF = "Only move: never played for you (off)"

TIMEOUT_NAMES = {
    "remind": "remind the player again",
    "ai-move": "an AI makes that move for them",
    "ai-seat": "an AI takes over their seat",
}
#: the choices of ``/game notify`` (engine.table.NOTIFY_MODES), as the player reads them
NOTIFY_NAMES = {
    "turns": "a DM when it is your turn, and at the end (the default)",
    "reminders": "a DM only when the turn clock sends a reminder",
    "none": "no DM (your hand message, if you have one, is still kept up to date)",
}
NOTIFY_SAVED = "At this table you now get {choice}. `/game hand` shows your hand any time."
NOTIFY_NOW = (
    "At this table you get {choice}. `/game notify` with a choice changes it; "
    "`/game hand` shows your hand any time."
)
AI_LEVEL_NAMES = {
    "random": "random (plays any legal move)",
    "easy": "easy (a beginner: often slips)",
    "normal": "normal (plays well, slips now and then)",
    "hard": "hard (thinks longer, never slips)",
}


# -- commands: what Discord hands over, and /game's own words ------------------------------
SLOW_DOWN = "Slow down: try again in {seconds:.0f} seconds."
NOT_HERE_COMMAND = "You may not use that command here."
UNKNOWN_COMMAND = ("I don't know that command any more; Discord may show an old list. Try "
                   "again shortly.")
UNREADABLE = "I could not read {value} as {what}."
#: what an option of each type is called when it cannot be read
TYPE_WORDS = {
    discord.AppCommandOptionType.string: "text",
    discord.AppCommandOptionType.integer: "a whole number",
    discord.AppCommandOptionType.number: "a number",
    discord.AppCommandOptionType.boolean: "yes or no",
    discord.AppCommandOptionType.user: "a member",
    discord.AppCommandOptionType.channel: "a channel",
    discord.AppCommandOptionType.role: "a role",
    discord.AppCommandOptionType.mentionable: "a member or a role",
    discord.AppCommandOptionType.attachment: "a file",
}
THAT_KIND_OF_VALUE = "that kind of value"
NOT_A_PLAYER = "That person is not a {word} at this table."
PICK_PLAYER = "Pick the {word} from the list that appears while you type."
OPTIONS_AS_PAIRS = ("Write the options as name=value pairs (e.g. {name}=value), separated by "
                    "spaces; /game rules lists them.")
NO_SUCH_OPTION = ("{title} has no option {names}; its options are: {options} (`/game rules` "
                  "tells them all, with their values).")
TABLE_OPEN = "Your table is open. "
NO_OPEN_TABLES = "No table is open on this server. `/game new` opens one."
OPTION_DEFAULT = " (default: {value})"
#: the descriptions of ``/game new``'s own options, and of the log commands' ``table``
THREAD_OPTION_HELP = "Open the table in a new thread of this channel, so the channel can host several games"
OPTIONS_OPTION_HELP = "Rules options as name=value, space-separated (/game rules lists them)"
TABLE_OPTION_HELP = "A finished table of this server (default: this channel's game)"
PLAYERS_EXACTLY = "{count} players"
PLAYERS_RANGE = "{least}-{most} players"
NEW_GAME_COMMAND = "Open {article} {title} table here ({players}); you host it"
THREAD_NAME = "{title}: {name}'s table"
OPEN_TABLE_WAITING = "waiting for players"
OPEN_TABLE_PLAYING = "playing"
OPEN_TABLE_SEAT = ", a seat is open"
OPEN_TABLE_LINE = "- <#{channel}>: **{title}**, {state}, {seated}/{most} seated, host <@{host}>"
OPEN_TABLES = "**Open tables**"
TABLE_SETTINGS = "**Table settings**"

# -- the table's log: replay, history, take back (issue 15) ---------------------------------
NO_SUCH_TABLE = "I know no such table: pick one from the list that appears while you type."
NOT_YOURS = "That table is on another server."
NOT_VISIBLE = ("You can look at the tables of the channels you can read, and at the games "
               "you played in.")
PICK_TABLE = "Pick the table from the list that appears while you type."
TABLE_FINISHED = "finished"
TABLE_PLAYING = "still being played"
TABLE_CHOICE = "{title} #{key}, {state}: {names}"
EXPORT_FILE = "{title}: the whole game"
NEVER_DEALT = "That game was never dealt: there is nothing to see."
EXPORTED = ("📜 The **{title}** game of <#{channel}>, {moves} moves: its seed, options and "
            "every move. `python console.py --open {name}` watches it move by move, or plays "
            "on from any move.")
HANDS_AFTER = "Hands are shown in a replay once the game is over."
NOT_HERE = "That button belongs to another table: ask at the table, with `/game undo`."
NOT_DEALT = "That game was never dealt: there is nothing to replay."
REPLAY_HEAD = "**Replay of {title}** in <#{channel}> · move {step} of {total}"
REPLAY_DEAL = "The game as dealt, before the first move."
REPLAY_HIDDEN = "(a move kept hidden)"
REPLAY_END = "🏁 The end of the game."
REPLAY_NOW = "This is where the game stands now."
REPLAY_BOARD = "the public board"
REPLAY_HAND = "{name}'s hand"
REPLAY_BOARD_OPTION = "The public board"
REPLAY_DEAL_CHAPTER = "The deal"
REPLAY_MOVE_CHAPTER = "Move {step}"
REPLAY_CHAPTER_OPTION = "{chapter} (move {step})"
REPLAY_GIF_FRAME = "{chapter} · move {step} of {total}"
REPLAY_GIF_FILE = "{title}: the game"
#: a seat of a logged move whose name is lost, and a private event as a replay shows it
SEAT_WORDS = "seat {seat}"
REPLAY_PRIVATE = "🔒 {who}: {said}"
GIF_SENT = ("🎞️ **{title}** in <#{channel}>, the whole game on the public board: "
            "{count} pictures from the deal to move {moves}, one per round "
            "({megabytes:.1f} MB).")
HISTORY_HEAD = "**Moves at the {title} table** in <#{channel}> · page {page} of {pages}"
HISTORY_ALL_SHOWN = " · the game is over: every move is shown"
HISTORY_EMPTY = "No move has been made yet."
HISTORY_HIDDEN = "(a move kept hidden from you)"
HISTORY_LINE = "**{seq}.** {who}: {said}"
UNDO_ASK = (
    "↩️ {asker} asks to take back their last move: {said}\n"
    "{asked}: do you agree? Everyone asked must agree {until}; one “Keep it” keeps the move."
)
UNDO_AGREED_SO_FAR = "Agreed so far: {names}."
UNDO_DONE = "↩️ {asker}'s move was taken back, with everyone's agreement: {said}"
UNDO_DONE_ALONE = "↩️ {asker} took back their last move (the computer captains agree): {said}"
UNDO_ASKED = "I asked {asked} in the channel: the move is taken back once everyone agrees."
UNDO_TAKEN = "Your last move was taken back."
UNDO_SURE = "Take back your last move? {said}\n{asked}"
UNDO_SURE_ASKED = "{asked} will be asked in the channel; it is taken back once everyone agrees."
UNDO_SURE_ALONE = "Only computer captains play with you: it is taken back at once."
UNDO_KEPT = "✋ {who} keeps the move: {asker}'s move stands. ({said})"
UNDO_WITHDRAWN = "{asker} withdrew the request: the move stands. ({said})"
UNDO_LAPSED = "⌛ Not everyone agreed in time: {asker}'s move stands. ({said})"
UNDO_STALE = "The table moved on: {asker}'s request lapsed and the move stands."
UNDO_NOT_ASKED = "Only the players asked answer this request."
UNDO_ASKER_AGREES = "You asked; the others decide. **Keep it** withdraws your request."
#: a move whose words its player alone may read, in a take-back request
UNDO_SAID_HIDDEN = "a move kept to themselves"

# -- ratings: /stats (issue 15) ------------------------------------------------------------
RANKED_BY = ("Ranked by rating minus its margin (the ± part), so a few lucky games do not "
             "top a long record. Ratings change when a game ends; abandoned games do not "
             "count.")
NO_RATINGS = ("No game has been rated on this server yet: ratings count when a game ends "
              "(`/game new` opens a table).")
NO_RATINGS_OF = "Nobody has finished a rated game of {title} on this server yet."
NO_PROFILE = "{who} has no rated game on this server yet."
FORGET_ASK = (
    "**Forget me** removes, on every server where Parley keeps them:\n"
    "- your ratings and profile (games, wins, rating changes, times to move, games "
    "finished);\n"
    "- your name and Discord id at closed tables (finished or abandoned): each seat you "
    "held keeps only a placeholder name, such as \"Former player 2\", and the games "
    "themselves stay for the others;\n"
    "- the bot's record of the DMs it sent you at those tables.\n"
    "At a table still being played you keep your seat until the game ends; then Parley "
    "forgets you there the same way, and that game does not rate you (it still counts for "
    "the others). This cannot be undone. Press **Forget me** to go ahead, or dismiss this "
    "message."
)
FORGET_DONE = ("Done: Parley has forgotten you. {ratings} removed; {tables} now show a "
               "placeholder instead of your name.")
FORGET_LIVE = (" You are still seated at {live} being played: you keep your seat until "
               "{which} ends, and then Parley forgets you there too (a placeholder name, and "
               "no rating for you: the game still counts for the others). Nothing more to "
               "do: your request is kept until then, and until then no game rates you.")
FORGET_RATINGS = "rating"
FORGET_TABLES = "closed table"
FORGET_LIVE_TABLES = "table"
FORGET_ITS_GAME = "its game"
FORGET_EACH_GAME = "each game"
FORGET_NOT_YOURS = "This button is for the person who asked to be forgotten; use `/stats forget-me` yourself."

#: the composed lines of /stats: a rating, the leaderboards, a profile
RATING_WORDS = "**{mu:.1f}** ±{margin:.1f} · {games}, {wins} won"
LEADERBOARD_OF = "**Leaderboard: {title}**"
LEADERBOARD_LINE = "{place}. {who}: {rating}"
LEADERBOARDS = "**Leaderboards of this server**"
LEADERBOARD_GAME = "\n**{title}** ({players})"
NO_SUCH_GAME = "There is no game {typed}; the games are: {names}."
PROFILE_OF = "**Profile of {mention}** on this server"
PROFILE_TOTALS = "{games}, {wins} won · favourite game: **{title}** ({played})"
PROFILE_LAST = "Last game: **{title}** in <#{channel}>, <t:{at}:R>, {how}"
PROFILE_WON = "won"
RATED_GAME = "rated game"
PROFILE_PLACED = "placed {nth}"
PROFILE_PLACE = " · {nth} of {count} here"
PROFILE_GAME = "- **{title}**: {rating}{where}"

# -- /admin backup (issue 15) ---------------------------------------------------------------
NOT_MANAGER = ("Only the server's managers (Manage Server or Manage Channels) can take a "
               "backup of the bot's database.")
BACKUP_SENT = ("A consistent copy of the bot's database, taken {when} while the bot ran "
               "({size}). To restore it: stop the bot, put this file in place of its "
               "database file (`{name}`), start the bot; it upgrades an older copy itself.")
SIZE_KB = "{n} KB"
SIZE_MB = "{n:.1f} MB"
BACKUP_WAIT = "A backup of the database was taken a moment ago; try again in {seconds} seconds."
BACKUP_TOO_BIG = ("The copy ({size}) is larger than Discord lets me send here ({limit}), "
                  "so it was saved beside the database on the bot's host: `{path}`.")
BACKUP_OTHER_SERVERS = ("This bot keeps the games of other servers in the same database, so "
                        "its copy is not sent here. It was saved beside the database on the "
                        "bot's host for the bot's operator: `{path}`.")

# -- the guide (cogs/look/guide.py) ----------------------------------------------------------
#: said once, on the first page: how to play here (the engine's pages say nothing of Discord)
GUIDE_ON_DISCORD = (
    "**Playing here**: when it is your turn the bot mentions you on the table's message; "
    "click **My hand / act** there to see your cards and make your move with buttons and "
    "menus. Only you see that panel, and this guide."
)
GUIDE_FOOTER = "Page {number} of {total} · only you see this guide"
GUIDE_GONE = "That guide is no longer available; use `/game rules` for a fresh one."

#: where a player answers what the turn message asks
PANEL_HINT = "**My hand / act**"


def panel_first(asked: str, *commands: str) -> str:
    """A turn prompt in the same words in every game: what the player is asked, then the
    **My hand / act** button first and the command as the shortcut (issue 14: players play
    by clicking): ``roll the dice (**My hand / act**, or `/catan roll`).``"""
    return f"{asked} ({PANEL_HINT}, or {', '.join(f'`/{c}`' for c in commands)})."


def minutes(n: int) -> str:
    if n == 0:
        return "off"
    if n % (24 * 60) == 0:
        days = n // (24 * 60)
        return f"{days} day" + ("s" if days != 1 else "")
    if n % 60 == 0:
        hours = n // 60
        return f"{hours} hour" + ("s" if hours != 1 else "")
    return f"{n} minute" + ("s" if n != 1 else "")


def settings_summary(remind: int, limit: int, on_timeout: str, forced: int = 0) -> str:
    """The turn clock in words, one line per setting (``forced``: the grace in minutes
    before a person's only move is played for them, 0 off)."""
    lines = [f"- Reminder after: **{minutes(remind)}** of waiting"]
    lines.append(f"- Time limit per turn: **{minutes(limit)}**")
    if limit:
        lines.append(f"- When the time runs out: **{TIMEOUT_NAMES.get(on_timeout, on_timeout)}**")
    if forced:
        lines.append(f"- Your only move left: played for you after **{minutes(forced)}**")
    else:
        lines.append("- Your only move left: **never** played for you (off)")
    return "\n".join(lines)


def forced_words(n: int) -> str:
    """The grace before an only move is played, as a change names it ("after 5 minutes")."""
    return f"after {minutes(n)}" if n else "off"


def settings_changes(before: Any, after: Any) -> str:
    """What a settings change changed, in words ("time limit per turn 2 hours -> 1 minute")."""
    out = []
    if before.remind_minutes != after.remind_minutes:
        out.append(f"reminder {minutes(before.remind_minutes)} → {minutes(after.remind_minutes)}")
    if before.limit_minutes != after.limit_minutes:
        out.append(f"time limit per turn {minutes(before.limit_minutes)} → "
                   f"{minutes(after.limit_minutes)}")
    if before.on_timeout != after.on_timeout:
        out.append(f"on time-out {TIMEOUT_NAMES.get(before.on_timeout, before.on_timeout)} → "
                   f"{TIMEOUT_NAMES.get(after.on_timeout, after.on_timeout)}")
    was, now = getattr(before, "forced_minutes", 0), getattr(after, "forced_minutes", 0)
    if was != now:
        out.append(f"only move played for you: {forced_words(was)} → {forced_words(now)}")
    return "; ".join(out) or "nothing (the same values again)"


#: words kept small inside a title ("Through the Desert")
_SMALL_WORDS = frozenset({"a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the",
                          "to", "vs"})


def option_name(name: str) -> str:
    """An option's name as words: "round_limit" is "Round limit" (issue 14: the lobby
    shows options in words, never internal values)."""
    return name.replace("_", " ").capitalize()


def option_value(value: Any, game: Any = None, name: str = "") -> str:
    """An option's value as words: the game's own words for it when its guide gives some
    (``engine.guide.game_value_words``: Neuroshima's "pirates-moloch" is "first seat
    Pirates, second Moloch"), else yes or no, a number, or a title ("new_shores" is "New
    Shores", "through_the_desert" is "Through the Desert")."""
    own = game_value_words(game, name, value) if game is not None and name else None
    if own is not None:
        return own
    if isinstance(value, bool):
        return "yes" if value else "no"
    if not isinstance(value, str):
        return str(value)
    words = value.replace("_", " ").split()
    return " ".join(
        w if i and w in _SMALL_WORDS else "-".join(p[:1].upper() + p[1:] for p in w.split("-"))
        for i, w in enumerate(words))


def article(word: str) -> str:
    """"a" or "an" before ``word`` as it is said ("an All Hands on Deck! table")."""
    return "an" if word[:1].casefold() in "aeiou" else "a"


def sentence(text: str) -> str:
    """``text`` begun with a capital, after any Markdown marks and emoji before its first
    word ("**row 1** ..." stays as it is; "place your bid" becomes "Place your bid"), for
    a phrase that follows a full stop."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
        if ch not in "*_~` ⏳⏰⌛🏁":
            return text
    return text


def clip_words(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters at a word's end, with an ellipsis when it was
    cut (a description cut mid-word reads as a typo: issue 22)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:(") + "…"


def plural(n: int, word: str) -> str:
    """ "1 rating", "3 ratings" """
    return f"{n} {word}{'' if n == 1 else 's'}"


def join_words(words: Iterable[str]) -> str:
    items = list(words)
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def chunks(text: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """Split ``text`` at line, then word boundaries into messages of at most ``limit``
    characters (the guide's page splitter, at a message's size)."""
    return split_page(text, limit)


def fill(text: str, names: Sequence[str], seat: int | None = None, markdown: bool = True) -> str:
    """Put display names into an engine sentence: "{p2}" is seat 2's name and "{name}" is
    ``seat``'s (the engine never knows names). For Markdown text the names are escaped, so
    a name cannot format the message or ping anyone."""

    if markdown:
        names = [discord.utils.escape_markdown(discord.utils.escape_mentions(n)) for n in names]
    return fill_names(text, names, seat, unknown="a captain")
