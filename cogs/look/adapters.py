"""How a game looks on Discord beyond what every game shares.

The generic table commands work for any game of the engine contract: the turn message, the
private panel of legal actions and the DMs. A game may say more through an adapter: which of
its actions deserve a button, which steps a multi-pick menu can send as one batch (a bid of
several cards), what the waiting players are asked, and when a new round begins (a new
board is posted then, instead of the last one being edited).

A move with too many variants for one menu (a Neuroshima placement: tile x space x facing,
up to hundreds) is composed in the panel pick by pick (issue 14): the panel offers the first
picks (``Panel.steps``), each pick leads to a ``Step`` named by a *path* (the picks so far,
joined by "."), and once the path names a whole move the step shows a private preview and a
Confirm button. Nothing is applied before Confirm, which is an ordinary move button.

Each game's plug-in (``cogs/games/<game>.py``) holds its adapter and its own verbs, named
together by a ``Plugin``; ``cogs/games/plugins.py`` lists them, the one list of the games on
Discord. The bot registers each at start (``register``, from ``cogs/bot.py``), and adds to
its command group the verbs every game shares (``/<game> move``, built once from the adapter
in ``cogs/commands/moves.py``), so the modules that show a table find a game's look here
without importing the module that holds its commands.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cogs.look import texts
from cogs.look.actions import decode
from engine.core import Action, IllegalAction


@dataclass
class Batch:
    """A multi-pick menu: the picked ``steps`` are applied in order, then ``finish``.

    ``most`` is how many picks are still allowed (None: as many as there are steps); the
    menu offers no more (issue 14: the Pirate Tricks ditch menu let a player pick two cards
    when one ditch was left, and the engine refused the second)."""

    placeholder: str
    steps: list[Action]
    finish: Action | None = None
    most: int | None = None


@dataclass
class Pick:
    """One choice of a composed move: its words, the path it leads to, where it sits.

    ``row`` groups buttons (the six facings drawn as a compass); ``chosen`` marks the pick
    already made (its button highlighted, its menu option the default)."""

    label: str
    path: str
    emoji: str | None = None
    row: int | None = None
    chosen: bool = False
    description: str | None = None


@dataclass
class Menu:
    """A menu of picks of a composed move (one argument each: the space, the unit...).

    ``most`` > 1 makes it a multi-pick menu (the cards of one side of a trade offer): its
    picks' paths share all but their last part, and picking several leads to that shared
    path followed by the last part of each pick, in the menu's order."""

    placeholder: str
    picks: list[Pick]
    most: int = 1


@dataclass
class Step:
    """A stage of a move composed pick by pick (see the module docstring).

    ``buttons`` and ``menus`` offer the next pick, and the picks already made so that they
    can be changed. ``moves`` is empty until the path names a whole move; then it holds that
    move and its variants (a Bossman placed plainly, or with Boarding), each confirmed by
    its own button, and the picture previews the first one. ``marks`` are the places the
    picture rings (the spaces on offer, or the ones picked).

    ``plan``: a whole move made of several engine steps (a trade offer: start it, its
    cards, send it), applied as one batch by one Confirm button; the button carries the
    path, and the plan is made again from it when clicked."""

    title: str
    prompt: str
    buttons: list[Pick] = field(default_factory=list)
    menus: list[Menu] = field(default_factory=list)
    moves: list[Action] = field(default_factory=list)
    marks: tuple[str, ...] = ()
    plan: list[Action] = field(default_factory=list)


@dataclass
class Panel:
    """A seat's private menu: buttons, multi-pick menus, and single-pick menus.

    ``steps``: the first picks of moves composed pick by pick, as buttons before the others.
    """

    steps: list[Pick] = field(default_factory=list)
    buttons: list[Action] = field(default_factory=list)
    #: rows of five buttons at most; buttons that do not fit go to the menu
    button_rows: int = 1
    batches: list[Batch] = field(default_factory=list)
    menu: list[Action] = field(default_factory=list)
    menu_placeholder: str = texts.CHOOSE_MOVE


def one_move(actions: Sequence[Action], typed: str, names: Sequence[str]) -> Action:
    """The legal move ``typed`` names (an autocomplete value, a label, or a part of one
    label: ``actions.decode``); IllegalAction saying what to do instead."""
    action = decode(typed, actions, names)
    if action is None:
        if not actions:
            raise IllegalAction(texts.NO_MOVES_NOW)
        raise IllegalAction(texts.UNKNOWN_MOVE)
    return action


class GameAdapter:
    """The defaults: every legal action in a menu, a plain prompt, no rounds."""

    def match(self, actions: Sequence[Action], typed: str, names: Sequence[str]) -> Action:
        """The one legal move (of ``actions``, the seat's) that ``typed`` stands for, as
        ``/<game> move`` reads it; IllegalAction with a hint otherwise. A game whose players
        type places or words (Seafarers' corners, Sewer Pirats' "rat cat 3") reads more."""
        return one_move(actions, typed, names)

    def panel(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Panel:
        return Panel(menu=list(actions))

    def prompt(self, view: Mapping[str, Any]) -> str:
        """What the waiting players are asked to do (names filled, no mentions)."""
        return texts.YOUR_MOVE

    def step(self, view: Mapping[str, Any], actions: Sequence[Action], path: str) -> Step | None:
        """The stage of a composed move that ``path`` names, from the seat's ``view`` and
        legal ``actions``; None when the path names nothing on offer now."""
        return None

    def picture(
        self, before: Mapping[str, Any], after: Mapping[str, Any] | None, step: Step
    ) -> tuple[bytes, str] | None:
        """The private picture of a step and its text twin, called off the event loop:
        ``before`` is the seat's view now; ``after`` the seat's view after ``step.moves[0]``,
        computed on a copy of the state (None while the move is not whole yet)."""
        return None

    def extra_files(
        self, before: Mapping[str, Any] | None, after: Mapping[str, Any]
    ) -> list[tuple[str, bytes, str]]:
        """Pictures to post with a fresh board besides it: (file name, bytes, description).
        Called off the event loop with the public views before and after the change."""
        return []

    def epoch(self, view: Mapping[str, Any]) -> Hashable:
        """A value that changes when a new round begins (the replay's rounds)."""
        return view.get("round")

    def chapter(self, view: Mapping[str, Any]) -> Hashable:
        """A value that changes when a chapter of the game ends (a round, a trick, an
        auction, a battle, a player's turn): the turn message is edited in place within a
        chapter and posted anew after it (issue 22). A round, unless the game says more."""
        return self.epoch(view)

    def quiet(self, view: Mapping[str, Any]) -> bool:
        """Whether the game now waits for a formality (issue 22, "Formalities hold
        everyone"): the turn message names whoever it waits for but pings nobody, and
        nobody gets a new DM for it; their hand message is brought up to date in place and
        the turn clock's reminders still ping whoever is late. None, unless the game says."""
        return False

    def headline(self, view: Mapping[str, Any], title: str) -> str:
        rnd = view.get("round")
        return texts.HEADLINE_ROUND.format(title=title, round=rnd) if rnd is not None else title


DEFAULT = GameAdapter()


@dataclass(frozen=True)
class Plugin:
    """A game on Discord: the engine's ``game_id``, how its table looks (``look``), and the
    cog of its own verbs (``verbs``, a ``GroupCog``: ``/ahod bid``...), whose command group
    also gets the verbs every game shares."""

    game_id: str
    look: GameAdapter
    verbs: type

    @property
    def group(self) -> str:
        """The command group of the game's moves, e.g. "ahod"."""
        return str(self.verbs.__cog_group_name__)


#: game id -> its plug-in, filled by ``register`` from the one list (cogs/games/plugins.py)
_REGISTERED: dict[str, Plugin] = {}


def register(plugin: Plugin) -> None:
    """Say how a game looks and which command group holds its moves; the bot does it for
    every plug-in at start."""
    _REGISTERED[plugin.game_id] = plugin


def registered() -> list[str]:
    """The games registered so far."""
    return sorted(_REGISTERED)


def adapter(game_id: str) -> GameAdapter:
    """The game's adapter; the defaults for a game without one (every move in a menu)."""
    found = _REGISTERED.get(game_id)
    return DEFAULT if found is None else found.look


def move_command(game_id: str) -> str:
    """The command that reaches every legal move of the game, e.g. "/ahod move"."""
    found = _REGISTERED.get(game_id)
    return f"/{found.group} move" if found is not None else "/game hand"
