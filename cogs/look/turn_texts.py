"""The words of the turn, on Discord: the board's footer, the turn message's status line,
the hand DM and the panel a seat acts from, the lobby's embed, reminders and what a move
answers privately. The platform's other words are in ``texts``, the games' own in
``game_texts``; rules sentences come from the engine. Templates are filled with
``str.format`` where they are used."""

from __future__ import annotations

# -- the board and the status line (cogs/look/messages.py) ---------------------------------
BOARD_FOOTER = "My hand / act: your cards and moves, privately."
HAND_TITLE = "Your hand: {title}"
HAND_PICTURE = "Your hand"
GAME_OVER = "🏁 **Game over.** {reason}"
WINNER_NAMED = " {label}: {who}."
WINNER = "Winner"
WINNERS = "Winners"
WAITING_FOR = "⏳ {who}: {prompt}"
# -- the lobby -----------------------------------------------------------------------------
LOBBY_HOST = " (host)"
LOBBY_OPEN = "a table is open"
LOBBY_PLAYING = "the game is on"
LOBBY_CLOSED = "the table is closed"
LOBBY_TITLE = "{title}: {state}"
STANDARD_GAME = "the standard game"
LOBBY_CAPTAINS = "**Captains ({seated}/{most}, at least {least}):**\n{lines}"
LOBBY_OPTIONS = "\n\n**Options:** {options}"
# -- the hand DM ---------------------------------------------------------------------------
HAND_WHERE = "**{title}** in <#{channel}>"
HAND_REMINDED = "{head}: the table is waiting for you. {asked}"
HAND_YOUR_TURN = "⏳ **It is your turn.** {asked}"
# -- the panel (cogs/look/panel.py) --------------------------------------------------------
MORE_MOVES = "More moves ({part})…"
MORE_IN_COMMAND = "{count} more move(s) are in `{command}`."
PANEL_YOUR_TURN = "**It is your turn.** {asked}"
PANEL_MAY_ACT = "The table is not waiting for you, but you may still act. {line}"
PANEL_NOTHING = "Nothing to do for you right now. {line}"
CONFIRM = "✅ Confirm"
CONFIRM_MOVE = "✅ Confirm: {move}"
BACK = "Back"
CANCEL = "Cancel"
BACK_TO_PANEL = "Back to the panel"
# -- what a move answers privately (cogs/table/play.py) ------------------------------------
SAID_TIMES = "{text} ({times} times)"
# -- the turn clock's notices (cogs/table/publish.py, cogs/table/act.py) -------------------
REMINDER = "⏰ Reminder"
TIME_UP = "⌛ Time is up"
WAITING_NOTICE = "{head}: the table is waiting for {who}.{link}\n{line}"
BOARD_LINK = " The board: https://discord.com/channels/{guild}/{channel}/{message}"
TIME_UP_FOR = " for {who}"
AN_AI_CAPTAIN = "An AI captain"
# -- the heads-up to the person who is next (cogs/table/heads_up.py) -----------------------
HEADS_UP = "👀 You're next in **{title}** at <#{channel}>: {name} is playing now.{link}"
# -- "since your last turn", at the top of the hand DM (cogs/look/since.py) ---------------
SINCE_HEAD = "**Since your last turn:**"
SINCE_TO_YOU = "• ❗ {line}"
SINCE_MOVE = "• {line}"
SINCE_MORE = "…and {count} more {moves}: **History** under the board, or `/game history`."
SINCE_MOVES = ("move", "moves")
