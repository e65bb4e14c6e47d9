"""The buttons and menus Parley sends: every custom id template, one per kind, the
functions that write them, and the looks of the buttons.

Every component's custom id carries what its click needs, so a click is answered after a
restart too: the classes that answer (``cogs/components/``) are ``DynamicItem`` templates
made from the patterns below and registered on every start. The messages themselves carry
plain buttons and menus with these ids (``sent``), so the modules that build and post a
message never import the code that answers its clicks. The ids are fixed byte for byte
(``tests/cogs/test_custom_ids.py``): a button already posted keeps its id for good.

- ``parley:<kind>:<key>``: a button of the table's public messages: ``hand`` (**My hand /
  act** on the turn message: the private panel), ``rules`` (**Rules**), and ``join``,
  ``leave``, ``addai``, ``start``, ``clock`` (the lobby's; **Join** also on the turn message
  while a seat is open for a new person; **Turn clock** answers with the menus of
  ``cogs/components/clock_panel.py``).
- ``parley:act:<key>:<seat>:<moves>:<part>``: a menu of the seat's legal actions.
- ``parley:do:<key>:<seat>:<moves>:<action>``: a button for one action (Pass, Confirm...).
- ``parley:batch:<key>:<seat>:<moves>:<finish>``: a multi-pick menu applied as one batch,
  then the ``finish`` action (a bid of several cards, then "confirm"; "-" for none).
- ``parley:step:<key>:<seat>:<moves>:<path>``: a pick of a move composed pick by pick (a
  Neuroshima turn planned as discard, then a space and facing per tile); ``<path>`` is the
  picks so far, joined by "." ("t.x2.0_c3_1"), and the empty path is the panel itself
  (Back).
- ``parley:steps:<key>:<seat>:<moves>:<part>``: a menu of such picks; each option's value
  is the path it leads to (a multi-pick menu: see ``adapters.Menu``).
- ``parley:plan:<key>:<seat>:<moves>:<path>``: Confirm of a move made of several steps
  (``adapters.Step.plan``: a Seafarers trade offer), applied as one batch.

- ``parley:clockset:<key>:<field>``: a menu of the private turn clock message (``remind``,
  ``limit``, ``timeout`` or ``forced``), answered by ``cogs/components/clock_panel.py``.
- ``parley:clockbank:<key>``: the time bank's menu of the same message (issue 24); each
  option's value is ``<bank minutes>:<increment minutes>``.
- ``parley:options:<key>``: **Table options** on the lobby (issue 24): the table's yes/no
  options shown privately, with ``parley:optionset:<key>``, a menu of several picks whose
  values are the options' names (``OPTION_NAMES``): those picked are on, the others off.
  Answered by ``cogs/components/table_options.py``. Templates of their own, so that
  ``TABLE`` and the ids already posted stay as they were.
- ``parley:guide:<game>:<page>:<options>``: a page of a game's guide (``cogs/look/guide.py``
  says what ``<options>`` holds).
- ``parley:forget:<user id>``: **Forget me** under ``/stats forget-me``, for that person only.
- ``parley:mygames:<key>``: **My games** on a hand DM (of table ``<key>``): the clicker's
  ``/me games``, in a new private message.
- ``parley:me:<page>:<tag>``: a page of ``/me games`` (the clicker's own list, whoever
  clicks: the list is private); ``<tag>`` tells apart first, back, next and last.

The table's log (``cogs/look/replay.py``, ``cogs/table/undo.py``):

- ``parley:replayopen:<key>``, ``historyopen``, ``undoask``, ``undosure``: the turn
  message's **Replay**, **History** and **Take it back** buttons, and the private Confirm
  of a take-back (``LOG_BUTTONS``).
- ``parley:replay:<key>:<who>:<step>:<tag>``: show move ``<step>`` of the replay (0: the
  deal) as ``<who>`` sees it: ``b`` the public board, ``s<N>`` seat N's hand (only once the
  game is over). ``<tag>`` tells apart the four buttons: first, back, next, last.
- ``parley:replayat:<key>:<who>``: a menu of the game's rounds; each value is a move number.
- ``parley:replaywho:<key>:<step>``: a menu of whose view to show (the game is over).
- ``parley:replaygif:<key>``: the animated GIF of the whole game.
- ``parley:history:<key>:<page>:<tag>``: a page of the history (15 moves).
- ``parley:undo:<key>:<yes|no>:<seq>:<seat>:<move>:<until>:<agreed>``: an answer to a
  request to take back move ``<seq>`` of ``<seat>`` (``<move>``: the move's digest,
  data/undo.py), open until the epoch second ``<until>``; ``<agreed>`` is the bit mask of
  the seats that have agreed so far.
- ``parley:takeback:<key>:<seat>:<seq>:<move>``: **Undo** on the private answer to a move
  (issue 24): its own player takes back move ``<seq>`` of ``<seat>`` (``<move>``: its
  digest) without a vote, while that is allowed (data/undo.py ``own_request``).

``<moves>`` is the seat's move count when the panel was drawn: a second click on a menu the
seat has already used is refused as out of date, so a double click never applies twice.
"""

from __future__ import annotations

import discord

from cogs.look import me_texts, texts, undo_texts
from engine.core import clip

CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
MENU_SIZE = 25
BUTTONS_PER_ROW = 5
ROWS = 5

#: what each kind of table button looks like: label, emoji, style
TABLE_BUTTONS: dict[str, tuple[str, str, discord.ButtonStyle]] = {
    "hand": (texts.BUTTON_HAND, "🃏", discord.ButtonStyle.primary),
    "rules": (texts.BUTTON_RULES, "📜", discord.ButtonStyle.secondary),
    "join": (texts.BUTTON_JOIN, "🏴‍☠️", discord.ButtonStyle.success),
    "leave": (texts.BUTTON_LEAVE, "🚪", discord.ButtonStyle.secondary),
    "addai": (texts.BUTTON_ADD_AI, "🤖", discord.ButtonStyle.secondary),
    "start": (texts.BUTTON_START, "▶️", discord.ButtonStyle.primary),
    "clock": (texts.BUTTON_CLOCK, "⏱️", discord.ButtonStyle.secondary),
}
#: the lobby's buttons, in the order they are shown (the host's after the players')
LOBBY_KINDS = ("join", "leave", "addai", "start", "clock")
#: the buttons that open what the table's log commands show (cogs/components/log.py answers
#: them): the replay, the history, and a request to take back the clicker's last move
LOG_BUTTONS: dict[str, tuple[str, str]] = {
    "replayopen": (texts.BUTTON_REPLAY, "🎬"),
    "historyopen": (texts.BUTTON_HISTORY, "📖"),
    "undoask": (texts.BUTTON_UNDO_ASK, "↩️"),
    "undosure": (texts.BUTTON_UNDO_SURE, "↩️"),
}

_SEAT = r"(?P<key>[0-9]+):(?P<seat>[0-9]+):(?P<moves>[0-9]+)"
TABLE = r"parley:(?P<kind>" + "|".join(TABLE_BUTTONS) + r"):(?P<key>[0-9]+)"
ACT = r"parley:act:" + _SEAT + r":(?P<part>[0-9]+)"
DO = r"parley:do:" + _SEAT + r":(?P<value>.+)"
BATCH = r"parley:batch:" + _SEAT + r":(?P<finish>.+)"
STEP = r"parley:step:" + _SEAT + r":(?P<path>[\w.]*)"
STEPS = r"parley:steps:" + _SEAT + r":(?P<part>[0-9]+)"
PLAN = r"parley:plan:" + _SEAT + r":(?P<path>[\w.]+)"
#: the settings a menu of the private turn clock message changes
CLOCK_FIELDS = ("remind", "limit", "timeout", "forced")
CLOCKSET = r"parley:clockset:(?P<key>[0-9]+):(?P<field>" + "|".join(CLOCK_FIELDS) + ")"
#: the time bank's menu of the private turn clock message (issue 24): a template of its
#: own, so that ``CLOCKSET`` and the ids already posted stay as they were
CLOCKBANK = r"parley:clockbank:(?P<key>[0-9]+)"
#: **Table options** on the lobby, and its private menu of the yes/no options (issue 24)
TABLE_OPTIONS = r"parley:options:(?P<key>[0-9]+)"
TABLE_OPTION_SET = r"parley:optionset:(?P<key>[0-9]+)"
#: the options of that menu, by value: take back one's own move without a vote, away mode
OPTION_NAMES = ("take_back", "away")
#: the finish of a batch that has none
NO_FINISH = "-"
GUIDE = r"parley:guide:(?P<game>[a-z0-9-]+):(?P<page>[a-z0-9]+):(?P<options>-|[0-9a-z]*)"
FORGET = r"parley:forget:(?P<user>[0-9]+)"
LOG = r"parley:(?P<kind>" + "|".join(LOG_BUTTONS) + r"):(?P<key>[0-9]+)"
#: who a replay shows: ``b`` the public board, ``s<N>`` seat N's hand
REPLAY_WHO = r"b|s[0-9]"
REPLAY = (r"parley:replay:(?P<key>[0-9]+):(?P<who>" + REPLAY_WHO
          + r"):(?P<step>[0-9]+):(?P<tag>[fbnl])")
REPLAY_AT = r"parley:replayat:(?P<key>[0-9]+):(?P<who>" + REPLAY_WHO + ")"
REPLAY_WHO_MENU = r"parley:replaywho:(?P<key>[0-9]+):(?P<step>[0-9]+)"
REPLAY_GIF = r"parley:replaygif:(?P<key>[0-9]+)"
HISTORY = r"parley:history:(?P<key>[0-9]+):(?P<page>[0-9]+):(?P<tag>[fbnl])"
UNDO = (r"parley:undo:(?P<key>[0-9]+):(?P<vote>yes|no):(?P<seq>[0-9]+):(?P<seat>[0-9]+):"
        r"(?P<code>[0-9a-f]{10}):(?P<until>[0-9]+):(?P<agreed>[0-9]+)")
TAKE_BACK = (r"parley:takeback:(?P<key>[0-9]+):(?P<seat>[0-9]+):(?P<seq>[0-9]+):"
             r"(?P<code>[0-9a-f]{10})")
MY_GAMES = r"parley:mygames:(?P<key>[0-9]+)"
ME_PAGE = r"parley:me:(?P<page>[0-9]+):(?P<tag>[fbnl])"
#: the part of any custom id that hides nothing, for the log: kind, table key, then seat
#: and move count (``cogs/look/errors.py``, ``describe``)
PUBLIC_PART = r"parley:([a-z]+):([0-9]+)(?::([0-9]+):([0-9]+))?"


def table_id(kind: str, key: int) -> str:
    return f"parley:{kind}:{key}"


def act_id(key: int, seat: int, moves: int, part: int) -> str:
    return f"parley:act:{key}:{seat}:{moves}:{part}"


def do_id(key: int, seat: int, moves: int, value: str) -> str:
    return f"parley:do:{key}:{seat}:{moves}:{value}"


def batch_id(key: int, seat: int, moves: int, finish: str) -> str:
    return f"parley:batch:{key}:{seat}:{moves}:{finish}"


def step_id(key: int, seat: int, moves: int, path: str) -> str:
    return f"parley:step:{key}:{seat}:{moves}:{path}"


def steps_id(key: int, seat: int, moves: int, part: int) -> str:
    return f"parley:steps:{key}:{seat}:{moves}:{part}"


def plan_id(key: int, seat: int, moves: int, path: str) -> str:
    return f"parley:plan:{key}:{seat}:{moves}:{path}"


def clockset_id(key: int, field: str) -> str:
    return f"parley:clockset:{key}:{field}"


def clockbank_id(key: int) -> str:
    return f"parley:clockbank:{key}"


def options_button(key: int) -> discord.ui.Button:
    """**Table options** on the lobby."""
    return discord.ui.Button(label=texts.BUTTON_TABLE_OPTIONS, emoji="⚙️",
                             style=discord.ButtonStyle.secondary,
                             custom_id=f"parley:options:{key}")


def optionset_id(key: int) -> str:
    return f"parley:optionset:{key}"


def guide_id(game_id: str, page: str, options: str) -> str:
    return f"parley:guide:{game_id}:{page}:{options}"


def forget_id(user: int) -> str:
    return f"parley:forget:{user}"


def replay_id(key: int, who: str, step: int, tag: str) -> str:
    return f"parley:replay:{key}:{who}:{step}:{tag}"


def replay_at_id(key: int, who: str) -> str:
    return f"parley:replayat:{key}:{who}"


def replay_who_id(key: int, step: int) -> str:
    return f"parley:replaywho:{key}:{step}"


def replay_gif_id(key: int) -> str:
    return f"parley:replaygif:{key}"


def history_id(key: int, page: int, tag: str) -> str:
    return f"parley:history:{key}:{page}:{tag}"


def undo_id(key: int, vote: str, seq: int, seat: int, code: str, until: int,
            agreed: int) -> str:
    return f"parley:undo:{key}:{vote}:{seq}:{seat}:{code}:{until}:{agreed}"


def take_back_id(key: int, seat: int, seq: int, code: str) -> str:
    return f"parley:takeback:{key}:{seat}:{seq}:{code}"


def my_games_id(key: int) -> str:
    return f"parley:mygames:{key}"


def me_page_id(page: int, tag: str) -> str:
    return f"parley:me:{page}:{tag}"


def table_button(kind: str, key: int) -> discord.ui.Button:
    """A button of a table's public message (see ``TABLE_BUTTONS``)."""
    text, emoji, style = TABLE_BUTTONS[kind]
    return discord.ui.Button(label=text, emoji=emoji, style=style, custom_id=table_id(kind, key))


def log_id(kind: str, key: int) -> str:
    return f"parley:{kind}:{key}"


def log_button(kind: str, key: int) -> discord.ui.Button:
    """A button of ``LOG_BUTTONS``, by click what ``/game replay``, ``history`` and ``undo``
    do by command."""
    label, emoji = LOG_BUTTONS[kind]
    return discord.ui.Button(label=label, emoji=emoji, style=discord.ButtonStyle.secondary,
                             custom_id=log_id(kind, key))


def guide_button(game_id: str, page: str, options: str, text: str = texts.BUTTON_PAGE,
                 current: bool = False) -> discord.ui.Button:
    """A page of a guide (``options``: the table's, encoded); the page shown is ``current``."""
    style = discord.ButtonStyle.primary if current else discord.ButtonStyle.secondary
    return discord.ui.Button(label=clip(text, BUTTON_LABEL_LIMIT), style=style,
                             disabled=current, custom_id=guide_id(game_id, page, options))


def forget_button(user: int) -> discord.ui.Button:
    """**Forget me**, for ``user`` only."""
    return discord.ui.Button(label=texts.BUTTON_FORGET, emoji="🗑️", style=discord.ButtonStyle.danger,
                             custom_id=forget_id(user))


def replay_button(key: int, who: str, step: int, tag: str, label: str = texts.BUTTON_GO,
                  emoji: str | None = None, disabled: bool = False) -> discord.ui.Button:
    """A replay's first, back, next or last button (``tag``), showing move ``step``."""
    return discord.ui.Button(label=label, emoji=emoji, disabled=disabled,
                             style=discord.ButtonStyle.secondary,
                             custom_id=replay_id(key, who, step, tag))


def replay_at_menu(key: int, who: str, options: list[discord.SelectOption]) -> discord.ui.Select:
    """A replay's menu of rounds."""
    return discord.ui.Select(custom_id=replay_at_id(key, who), options=options,
                             placeholder=texts.MENU_REPLAY_ROUND)


def replay_who_menu(key: int, step: int, options: list[discord.SelectOption]
                    ) -> discord.ui.Select:
    """A replay's menu of whose view to show (the game is over)."""
    return discord.ui.Select(custom_id=replay_who_id(key, step), options=options,
                             placeholder=texts.MENU_REPLAY_VIEW)


def replay_gif_button(key: int) -> discord.ui.Button:
    return discord.ui.Button(label=texts.BUTTON_GIF, emoji="🎞️", style=discord.ButtonStyle.primary,
                             custom_id=replay_gif_id(key))


def history_button(key: int, page: int, tag: str, label: str = texts.BUTTON_GO, emoji: str | None = None,
                   disabled: bool = False) -> discord.ui.Button:
    """A history's oldest, older, newer or newest button (``tag``), showing ``page``."""
    return discord.ui.Button(label=label, emoji=emoji, disabled=disabled,
                             style=discord.ButtonStyle.secondary,
                             custom_id=history_id(key, page, tag))


def undo_button(key: int, vote: str, seq: int, seat: int, code: str, until: int,
                agreed: int) -> discord.ui.Button:
    """Agree (``vote`` "yes") or Keep it ("no"), on a request to take back a move."""
    yes = vote == "yes"
    return discord.ui.Button(
        label=texts.BUTTON_AGREE if yes else texts.BUTTON_KEEP, emoji="✅" if yes else "✋",
        style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
        custom_id=undo_id(key, vote, seq, seat, code, until, agreed))


def take_back_button(key: int, seat: int, seq: int, code: str) -> discord.ui.Button:
    """**Undo** on the private answer to move ``seq`` of ``seat`` (digest ``code``)."""
    return discord.ui.Button(label=undo_texts.BUTTON_UNDO, emoji="↩️",
                             style=discord.ButtonStyle.secondary,
                             custom_id=take_back_id(key, seat, seq, code))


def my_games_button(key: int) -> discord.ui.Button:
    """**My games** on the hand DM of table ``key``: ``/me games`` by click."""
    return discord.ui.Button(label=me_texts.BUTTON_MY_GAMES, emoji="🗂️",
                             style=discord.ButtonStyle.secondary, custom_id=my_games_id(key))


def me_page_button(page: int, tag: str, label: str, emoji: str,
                   disabled: bool = False) -> discord.ui.Button:
    """A ``/me games`` page's first, back, next or last button (``tag``), showing ``page``."""
    return discord.ui.Button(label=label, emoji=emoji, disabled=disabled,
                             style=discord.ButtonStyle.secondary,
                             custom_id=me_page_id(page, tag))


def sent(*items: discord.ui.Item) -> discord.ui.View | None:
    """The components of a message, or None when there are none.

    The view is finished before it is sent, so discord.py keeps nothing of it per
    message: its clicks are answered by the templates registered at start, like the
    clicks on a message sent before a restart."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view
