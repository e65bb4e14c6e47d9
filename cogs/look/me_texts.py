"""The words of ``/me`` (issue 24): a person's games across every server, and their
preferences for every table. The platform's other words are in ``texts``, the turn's in
``turn_texts``. Templates are filled with ``str.format`` where they are used."""

from __future__ import annotations

# -- /me games (cogs/look/my_games.py) -----------------------------------------------------
BUTTON_MY_GAMES = "My games"
MY_GAMES_HEAD = "**Your games** ({count}), waiting for you first, then the newest action:"
MY_GAMES_PAGE = " Page {page} of {pages}."
MY_GAMES_NONE = ("You sit at no table right now, in any server I share with you. "
                 "Open one with `/game new` or join one with `/game join`.")
GAME_LINE = "**{n}. {title}** · {server} · {where}"
WHERE_POST = "[{what}](https://discord.com/channels/{guild}/{channel}/{message})"
WHERE_CHANNEL = "[the channel](https://discord.com/channels/{guild}/{channel})"
THE_TURN_MESSAGE = "the turn message"
THE_LOBBY = "the lobby"
A_SERVER = "a server"
YOUR_TURN = "⏳ **Your turn**, waiting since <t:{since}:R>"
THEIR_TURN = "Waiting for {who} since <t:{since}:R>"
NOBODY_WAITED = "Nobody is waited for right now"
IN_LOBBY = "In the lobby: {seated} seated, the game has not started"
CLOCK_LEFT = " · your clock runs out <t:{until}:R>"
CLOCK_OUT = " · your time is up"
CLOCK_AWAY = " · your clock is paused: you are away (`/me back` ends it)"
YOUR_SEAT = " · your seat: {name}"
YOUR_SCORE = " ({score} points)"
PAGE_FIRST, PAGE_BACK, PAGE_NEXT, PAGE_LAST = "First", "Back", "Next", "Last"
# -- the end of quiet hours (cogs/table/quiet.py) ------------------------------------------
QUIET_OVER = ("🌙 Your quiet hours are over. While they ran, {count} table(s) started "
              "waiting for you:")
QUIET_MORE = " The first eight are below; `/me games` shows the other {more}."

# -- /me settings (cogs/commands/me.py) ----------------------------------------------------
NOTIFY_WORDS = {
    "both": "a DM and a ping in the table's channel",
    "dm": "a DM only",
    "ping": "a ping in the table's channel only",
    "quiet": "nothing at once, only the turn clock's reminder",
}
SETTINGS_HEAD = "**Your settings for every table** (a table's `/game notify` overrides them):"
SETTINGS_SAVED = "Saved. "
SETTINGS_NOTIFY = "• Your turn: {how}."
SETTINGS_QUIET = "• Quiet hours: {start} to {end}, {zone} time."
SETTINGS_NO_QUIET = "• Quiet hours: none."
SETTINGS_ZONE = "• Time zone: {zone}."
SETTINGS_NO_ZONE = "• Time zone: not set."
SETTINGS_HEADS_UP = "• Heads-up when you are next: {state}."
ON, OFF = "on", "off"
SETTINGS_TABLES = "Tables with their own `/game notify` choice keep it: {count}."

# -- /me away and /me back (cogs/commands/me.py) -------------------------------------------
AWAY_NOTICE = "🏝️ **{name}** is away until <t:{until}:F>: their turn clock is paused here."
AWAY_NOTE = " They say: “{note}”"
BACK_NOTICE = "👋 **{name}** is back; their turn clock runs again here."
AWAY_SET = ("You are away until <t:{until}:F>. Your turn clock is paused at {count} "
            "table(s), and their channels were told; your first move anywhere, or "
            "`/me back`, ends it. Days of away mode left this year: {left}.")
AWAY_KEPT = ("These tables do not allow away mode (their host chose so), so your clock "
             "keeps running there: {tables}.")
AWAY_OVER_QUOTA = ("Sorry, away mode allows 21 days in any 365, so that no table waits "
                   "for ever: you have {left} day(s) left, not the {days} you asked for. "
                   "Nothing was changed.")
AWAY_TABLE = "{title} in <#{channel}>"
BACK = "Welcome back: your turn clock runs again at {count} table(s)."
NOT_AWAY = "You are not away, so there was nothing to end."
