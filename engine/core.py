"""The Game contract every game of Parley implements (see shared DESIGN.md), and the one
runner every game uses (:class:`GameRunner`): a game's package declares its facts and the
functions of its rules (:class:`Declaration`, in its game.py), the runner does the rest.

Nothing here does I/O or imports discord, aiosqlite or PIL: the engine is pure and
deterministic. All chance comes from :func:`rng`, seeded by the table's seed string and a
counter kept in the state, so replaying a table's action log rebuilds the same state.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

JSON = Any

#: the most of a typed text that a refusal quotes back (see :func:`quote`)
QUOTE_LIMIT = 40
#: the longest refusal reason: a Discord message holds 2,000 characters, and a reason may
#: be wrapped in a sentence naming the step that failed
REASON_LIMIT = 1500


def counted(n: int, word: str) -> str:
    """"1 knight", "2 knights": a count and its word (a plural in -s)."""
    return f"{n} {word}{'s' if n != 1 else ''}"


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending with an ellipsis when it was cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def quote(value: JSON, limit: int = QUOTE_LIMIT) -> str:
    """What someone typed, quoted in a refusal: its ``repr``, of at most ``limit`` characters
    of the text. A refusal says what was not understood and what is allowed, never the whole
    input back (the reliability issue: a 1 MB card name gave a 1 MB reason)."""
    if isinstance(value, str):
        return repr(clip(value, limit))
    try:
        text = repr(value)
    except ValueError:  # an int of more digits than Python prints
        text = "a number too long to show"
    return clip(text, limit)


class IllegalAction(Exception):
    """Raised by ``Game.apply`` before anything changes; ``reason`` is for the player.

    A reason longer than ``REASON_LIMIT`` keeps its beginning and its end, where the
    sentences say what went wrong and what is allowed, and loses its middle: the last guard
    against a reason that repeats a huge input (parsers quote input with :func:`quote`).
    """

    def __init__(self, reason: str) -> None:
        if len(reason) > REASON_LIMIT:
            half = (REASON_LIMIT - 3) // 2
            reason = reason[:half].rstrip() + " … " + reason[-half:].lstrip()
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, eq=False)
class Action:
    """One move. Equality and hashing ignore the label; ``args`` holds JSON values."""

    kind: str
    args: Mapping[str, JSON] = field(default_factory=dict)
    label: str = ""

    def _key(self) -> tuple[str, str]:
        return self.kind, json.dumps(self.args, sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def to_dict(self) -> dict[str, JSON]:
        return {"kind": self.kind, "args": dict(self.args), "label": self.label}

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Action:
        return cls(str(data["kind"]), dict(data.get("args") or {}), str(data.get("label", "")))


@dataclass(frozen=True)
class Event:
    """What happened. ``to`` is None for a public event, else the seats it is addressed to."""

    kind: str
    text: str
    to: frozenset[int] | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        return self.to is None

    def to_dict(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "text": self.text,
            "to": None if self.to is None else sorted(self.to),
            "data": dict(self.data),
        }


@dataclass(frozen=True)
class Option:
    """A table option: its allowed values, the default, and a line of help. An ``advanced``
    option is set by name in ``/game new``'s ``options`` text rather than as a parameter of
    its own (a slash command holds at most 25 parameters)."""

    values: tuple[JSON, ...]
    default: JSON
    help: str = ""
    advanced: bool = False


def rng(seed: str, counter: int) -> random.Random:
    """The random stream for draw number ``counter`` of a table seeded with ``seed``.

    Games keep ``counter`` in their state and increment it at every draw, so a random
    event depends only on the seed and how many draws came before it.
    """
    return random.Random(f"{seed}#{counter}")


def json_copy(value: JSON) -> JSON:
    """A deep copy of JSON-shaped data (lists, dicts, scalars): faster than copy.deepcopy,
    which states are cloned with thousands of times a second by the AI."""
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    return value


def companion(game: Any, name: str) -> ModuleType | None:
    """The module ``name`` of the game's package, beside its declaration
    (``companion(game, "guide")`` is ``engine.seafarers.guide``), or None for a game without
    one (a test's fixture game)."""
    package = type(game).__module__.rpartition(".")[0]
    if not package:
        return None
    try:
        return import_module(f"{package}.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.{name}":
            raise
        return None


#: an upgrade of a dump of one schema to a dump of the next (its "schema" the next number)
Upgrade = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Saved:
    """How a game whose state is a dataclass writes it to a dump and reads it back: the
    ``fields`` saved (caches left out), the ``schema`` number written into every dump, and
    ``upgrades`` from each older schema to the next, so that a table saved by an older
    version of the bot loads (DESIGN.md: old dumps load). A schema it does not know is
    refused by name, never guessed at."""

    state: type
    schema: int
    title: str
    fields: tuple[str, ...]
    upgrades: Mapping[int, Upgrade] = field(default_factory=dict)

    def dump(self, s: Any) -> dict[str, Any]:
        # the fields are plain data: a pickle round trip copies them fastest
        data = pickle.loads(pickle.dumps({name: getattr(s, name) for name in self.fields}, -1))
        return {"schema": self.schema, **data}

    def load(self, data: Mapping[str, Any]) -> Any:
        version = data.get("schema")
        while version != self.schema:
            if version not in self.upgrades:
                raise ValueError(f"Cannot load a {self.title} state of schema {version!r}.")
            data = self.upgrades[version](dict(data))
            version = data.get("schema")
        copied = pickle.loads(pickle.dumps({name: data[name] for name in self.fields}, -1))
        return self.state(**copied)


_PLACEHOLDER = re.compile(r"\{p(\d+)\}|\{name\}")


def fill_names(
    text: str, names: Sequence[str], seat: int | None = None, unknown: str = "a player"
) -> str:
    """Put display names into an engine text. The engine never knows names: its texts say
    "{p2}" for seat 2, and a view's "pending" sentence says "{name}" for ``seat``. One pass,
    so a display name that looks like a placeholder stays as it is."""

    def name_of(m: re.Match[str]) -> str:
        i = seat if m.group(1) is None else int(m.group(1))
        return names[i] if i is not None and 0 <= i < len(names) else unknown

    return _PLACEHOLDER.sub(name_of, text)


def resolve_options(options_spec: Mapping[str, Option], given: Mapping[str, JSON] | None) -> dict:
    """Fill defaults and check values; raise ValueError with what is allowed (quoting at
    most a short part of a name or value someone typed)."""
    given = dict(given or {})
    out: dict[str, JSON] = {}
    for name in given:
        if name not in options_spec:
            allowed = ", ".join(sorted(options_spec)) or "none"
            raise ValueError(f"Unknown option {quote(name)}; the options are: {allowed}.")
    for name, spec in options_spec.items():
        value = given.get(name, spec.default)
        if value not in spec.values:
            allowed = ", ".join(str(v) for v in spec.values)
            raise ValueError(f"Option {name!r} cannot be {quote(value)}; allowed: {allowed}.")
        out[name] = value
    return out


@runtime_checkable
class Game(Protocol):
    """The contract of DESIGN.md. ``state`` is whatever the game chooses; it is opaque here."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, Option]
    #: random play from any seed ends within this many applied actions
    max_actions: int

    def setup(self, n_players: int, options: Mapping[str, JSON], seed: str) -> Any: ...

    def to_act(self, state: Any) -> frozenset[int]: ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def apply(self, state: Any, seat: int, action: Action) -> list[Event]: ...

    def view(self, state: Any, seat: int | None) -> dict: ...

    def determinize(self, state: Any, seat: int | None, rng: random.Random) -> Any: ...

    def result(self, state: Any) -> dict | None: ...

    def dump(self, state: Any) -> dict: ...

    def load(self, data: Mapping[str, JSON]) -> Any: ...

    def rules_text(self, options: Mapping[str, JSON]) -> str: ...


def is_over(game: Game, state: Any) -> bool:
    return game.result(state) is not None


def next_up(game: Game, state: Any) -> int | None:
    """The seat that acts after the one on turn now, by the game's optional ``next_up``
    hook (``Declaration``); None when the game does not say or cannot know yet."""
    hook = getattr(game, "next_up", None)
    return None if hook is None else hook(state)


# -- the one runner ----------------------------------------------------------------------------


def same_args(given: Mapping[str, JSON], legal: Mapping[str, JSON]) -> bool:
    """Equal arguments, type for type (so True is not taken for the number 1)."""
    return len(given) == len(legal) and all(
        k in given and type(given[k]) is type(v) and given[k] == v for k, v in legal.items()
    )


def find_listed(legal: Sequence[Action], action: Action) -> Action | None:
    """The legality check itself: the legal move equal to ``action``, types compared, or
    None. The one given back is the engine's own (its args of the engine's types)."""
    kind, given = action.kind, action.args
    for a in legal:
        # plain equality first (cheap; True == 1, so same_args then checks the types)
        if a.kind == kind and a.args == given and same_args(given, a.args):
            return a
    return None


def _result_copy(raw: Mapping[str, JSON], keys: tuple[str, ...] | None) -> dict:
    if keys is None:
        return {k: (list(v) if isinstance(v, list) else v) for k, v in raw.items()}
    return {k: (list(v) if isinstance(v, list) else v) for k, v in
            ((k, raw.get(k)) for k in keys)}


@dataclass(frozen=True, kw_only=True)
class Declaration:
    """What a game is, declared in its package's ``game.py``: its facts and the functions of
    its rules. :class:`GameRunner` makes the Game of the contract from it; nothing per game
    forwards calls.

    The hooks, each a plain function of the game's modules:

    - ``setup(n_players, options, seed)``: a new state; the options are resolved and the
      player count checked already (``count_refusal(n)`` is what a wrong count raises).
    - ``to_act(state)``, ``legal(state, seat)`` (labelled Actions; a seat outside the game
      gets ``[]``), ``view``, ``determinize``, ``dump``, ``load``, ``clone``: as the contract.
    - ``find(state, seat, action)``: the legality check: when ``action`` is among the legal
      moves (types compared), the move as ``play`` takes it, else None. The default looks
      ``action`` up in ``legal(state, seat)`` and gives the legal Action itself
      (:func:`find_listed`); a game whose legal list
      is dear declares a faster check that answers the same (see each game's ``find``: a
      cache of the list just given out, compared by identity, then a direct test of the one
      move asked about; measured by bench/bench_instructions.py).
    - ``play(state, seat, found)``: the rules' move on a found move; its events. With
      ``play_takes_pair``, ``find`` gives (kind, argument) and ``play(state, seat, kind,
      argument)`` is called (the rules' own function, without a function in between).
    - ``refusal(state, seat, action)``: the sentence a refused player reads.
    - ``result(state)``: the rules' raw result or None (an ``attrgetter`` or
      ``itemgetter``: random play and the AI ask at every move), copied out through
      ``result_keys`` (None: every key; lists copied).
    - ``rules_markdown(options)``: ``/game rules`` for resolved options.
    - ``ai_action(state, seat, rng, level)``, ``evaluate(state, seat)``: the AI hooks of
      engine/ai.py; ``ai_world(state, seat, rng)``, optional: the worlds its search samples
      (by default ``determinize``'s), for a game whose hidden cards are better guessed;
      ``ai_plans(state, seat, rng)``, optional: whole moves of several actions the search
      compares instead of single actions (a bid of several cards), the game's own first.
    - ``next_up(state)``, optional: the seat that acts after the one on turn now, as the
      game's turn order says (a heads-up to that person, cogs/table/heads_up.py); None when
      that is not known yet (a trick's winner leads next) or the game waits for several
      seats at once (sealed bids, discards). A game without it answers None
      (:func:`next_up`).
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, Option]
    #: random play from any seed ends within this many applied actions
    max_actions: int
    setup: Any
    to_act: Any
    legal: Any
    play: Any
    refusal: Any
    result: Any
    view: Any
    determinize: Any
    dump: Any
    load: Any
    clone: Any
    rules_markdown: Any
    ai_action: Any = None
    evaluate: Any = None
    ai_world: Any = None
    next_up: Any = None
    ai_plans: Any = None
    find: Any = None
    play_takes_pair: bool = False
    result_keys: tuple[str, ...] | None = None
    #: how the players are called in the wrong-count sentence
    players_word: str = "players"
    count_refusal: Any = None
    #: the private view keys whose change is worth a DM (None: every key; data/outcomes.py)
    dm_keys: tuple[str, ...] | None = None


def _applier(d: Declaration) -> Any:
    """The one ``apply`` of every game: the declared legality check (``find``), then the
    rules' move, or an IllegalAction with the game's sentence before anything changed. A
    closure (no attribute looked up per move): random play and the AI apply thousands of
    moves a second (bench/bench_instructions.py)."""
    legal, play, refusal = d.legal, d.play, d.refusal
    find = d.find or (lambda state, seat, action: find_listed(legal(state, seat), action))
    if d.play_takes_pair:
        def apply(state: Any, seat: int, action: Action) -> list[Event]:
            move = find(state, seat, action)
            if move is None:
                raise IllegalAction(refusal(state, seat, action))
            return play(state, seat, move[0], move[1])
    else:
        def apply(state: Any, seat: int, action: Action) -> list[Event]:
            move = find(state, seat, action)
            if move is None:
                raise IllegalAction(refusal(state, seat, action))
            return play(state, seat, move)
    return apply


class GameRunner:
    """The Game of the contract for a :class:`Declaration`: the one ``apply`` (the legality
    check, then the rules' move, or an IllegalAction with the game's sentence), ``setup``
    with options and player count checked, ``result`` and ``rules_text``. The declared
    functions that need nothing around them are the runner's attributes themselves
    (``game.view`` is the game's view function: no call in between)."""

    declaration: Declaration

    def __init__(self, declaration: Declaration | None = None) -> None:
        d = declaration if declaration is not None else type(self).declaration
        self.declaration = d
        self.id, self.title, self.options = d.id, d.title, d.options
        self.min_players, self.max_players = d.min_players, d.max_players
        self.max_actions = d.max_actions
        self.to_act = d.to_act
        self.legal_actions = d.legal
        self.view, self.determinize = d.view, d.determinize
        self.dump, self.load, self.clone = d.dump, d.load, d.clone
        if d.ai_action is not None:
            self.ai_action = d.ai_action
        if d.evaluate is not None:
            self.evaluate = d.evaluate
        if d.ai_world is not None:
            self.ai_world = d.ai_world
        if d.next_up is not None:
            self.next_up = d.next_up
        if d.ai_plans is not None:
            self.ai_plans = d.ai_plans
        if d.dm_keys is not None:
            self.dm_keys = d.dm_keys
        self.apply = _applier(d)
        raw, keys = d.result, d.result_keys

        def result(state: Any) -> dict | None:
            r = raw(state)
            return None if r is None else _result_copy(r, keys)

        self.result = result

    @classmethod
    def named(cls, name: str, declaration: Declaration, module: str) -> type[GameRunner]:
        """A runner class of its own for a game (``PirateTricks()`` makes its Game), with no
        method of its own, made in ``module`` (the declaration's): engine/undo.py finds a
        game's undo rule beside it."""
        return type(name, (cls,), {"declaration": declaration, "__doc__": declaration.title,
                                   "__module__": module})

    def setup(self, n_players: int, options: Mapping[str, JSON], seed: str) -> Any:
        d = self.declaration
        opts = resolve_options(self.options, options)
        if type(n_players) is not int or not self.min_players <= n_players <= self.max_players:
            if d.count_refusal is not None:
                raise d.count_refusal(n_players)
            counts = (f"{self.min_players}" if self.min_players == self.max_players
                      else f"{self.min_players} to {self.max_players}")
            raise ValueError(f"{self.title} is for {counts} {d.players_word}, not "
                             f"{n_players}.")
        return d.setup(n_players, opts, seed)

    def rules_text(self, options: Mapping[str, JSON]) -> str:
        return self.declaration.rules_markdown(resolve_options(self.options, options))
