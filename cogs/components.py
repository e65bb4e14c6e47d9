"""The buttons and menus Parley sends: their custom ids, one template per kind, and the
looks of the table's buttons.

Every component's custom id carries what its click needs, so a click is answered after a
restart too: the classes that answer (``cogs/views.py``) are ``DynamicItem`` templates made
from the patterns below and registered on every start. The messages themselves carry plain
buttons and menus with these ids (``sent``), so the module that posts a message (the
publisher) never imports the code that answers its clicks.

- ``parley:<kind>:<key>``: a button of the table's public messages: ``hand`` (**My hand /
  act** on the turn message: the private panel), ``rules`` (**Rules**), and ``join``,
  ``leave``, ``addai``, ``start``, ``clock`` (the lobby's; **Join** also on the turn message
  while a seat is open for a new person; **Turn clock** answers with the menus of
  ``cogs/clock_panel.py``).
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
  ``limit`` or ``timeout``), answered by ``cogs/clock_panel.py``.

``<moves>`` is the seat's move count when the panel was drawn: a second click on a menu the
seat has already used is refused as out of date, so a double click never applies twice.
"""

from __future__ import annotations

import discord

CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
MENU_SIZE = 25
BUTTONS_PER_ROW = 5
ROWS = 5

#: what each kind of table button looks like: label, emoji, style
TABLE_BUTTONS: dict[str, tuple[str, str, discord.ButtonStyle]] = {
    "hand": ("My hand / act", "🃏", discord.ButtonStyle.primary),
    "rules": ("Rules", "📜", discord.ButtonStyle.secondary),
    "join": ("Join", "🏴‍☠️", discord.ButtonStyle.success),
    "leave": ("Leave", "🚪", discord.ButtonStyle.secondary),
    "addai": ("Add AI", "🤖", discord.ButtonStyle.secondary),
    "start": ("Start", "▶️", discord.ButtonStyle.primary),
    "clock": ("Turn clock", "⏱️", discord.ButtonStyle.secondary),
}
#: the lobby's buttons, in the order they are shown (the host's after the players')
LOBBY_KINDS = ("join", "leave", "addai", "start", "clock")
#: the buttons that open what the table's log commands show (cogs/replay_views.py answers
#: them): the replay, the history, and a request to take back the clicker's last move
LOG_BUTTONS: dict[str, tuple[str, str]] = {
    "replayopen": ("Replay", "🎬"),
    "historyopen": ("History", "📖"),
    "undoask": ("Take it back", "↩️"),
    "undosure": ("Yes, ask to take it back", "↩️"),
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
#: the finish of a batch that has none
NO_FINISH = "-"


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
