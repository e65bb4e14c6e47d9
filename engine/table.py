"""A table: one game in one Discord channel or thread, from lobby to result. Pure.

The table holds the seats (people by an opaque player id, or AI seats), the game's state,
a version number bumped at every change, and the turn clock. The store (data/store.py)
persists it; the cogs and the console drive it. Nothing here knows about Discord.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import away, bank, pace
from engine.ai import LEVELS as AI_LEVELS
from engine.ai import clone
from engine.core import (
    JSON,
    Action,
    Event,
    Game,
    IllegalAction,
    fill_names,
    resolve_options,
    rng,
)
from engine.turn_clock import Clock, Settings

LOBBY, PLAYING, FINISHED, ABANDONED = "lobby", "playing", "finished", "abandoned"
STATUSES = (LOBBY, PLAYING, FINISHED, ABANDONED)

#: the AI level that takes over a person's seat once the game runs (they left, the host
#: handed the seat over, or their time ran out)
STAND_IN_LEVEL = "normal"
# Where the host hands a seat (``Table.hand_over``): to an AI for the rest of the game, or
# open, an AI playing it until a new person takes it with /game join.
TO_AI, TO_OPEN = "ai", "open"
HAND_OVER = (TO_AI, TO_OPEN)
# How a person hears that the game waits for them (issue 14, "Fewer DMs"): a DM on every
# turn (the default), a DM only when the turn clock reminds them, or no DM at all.
NOTIFY_TURNS, NOTIFY_REMINDERS, NOTIFY_NONE = "turns", "reminders", "none"
NOTIFY_MODES = (NOTIFY_TURNS, NOTIFY_REMINDERS, NOTIFY_NONE)


@dataclass
class Seat:
    """``player`` is an opaque id (a Discord user id as a string) or None for an AI seat."""

    player: str | None
    name: str
    ai: str | None = None  # AI level when the seat is played by the bot
    former: str | None = None  # the person an AI replaced (left, handed over, timed out)
    notify: str = NOTIFY_TURNS  # which DMs the person wants: one of NOTIFY_MODES
    open: bool = False  # an AI plays the seat until a new person takes it (/game join)

    @property
    def is_ai(self) -> bool:
        return self.ai is not None

    @property
    def is_person(self) -> bool:
        return self.player is not None and not self.is_ai

    def to_dict(self) -> dict[str, JSON]:
        return {"player": self.player, "name": self.name, "ai": self.ai, "former": self.former,
                "notify": self.notify, "open": self.open}

    @classmethod
    def from_dict(cls, d: Mapping[str, JSON]) -> Seat:
        """A seat as ``to_dict`` wrote it; a seat saved before ``notify`` or ``open``
        existed gets the default (no migration: the seats live in the table's meta JSON)."""
        notify = str(d.get("notify") or NOTIFY_TURNS)
        return cls(d.get("player"), str(d["name"]), d.get("ai"), d.get("former"),
                   notify if notify in NOTIFY_MODES else NOTIFY_TURNS, bool(d.get("open")))

    def stand_in(self, level: str, *, open_: bool = False) -> Seat:
        """This seat played by an AI from now on: a person's seat by an AI of ``level``
        named after them (the person kept as ``former``), an AI seat by its own AI.
        ``open_``: a new person may take it (``Table.join``)."""
        if self.is_ai:
            return Seat(None, self.name, self.ai, self.former, open=open_)
        return Seat(None, f"{self.name} (AI)", level, self.player, open=open_)


#: the worlds a spectator might imagine, drawn to tell whether an only move may be named in
#: public (``Table.tells_nothing_hidden``)
FORCED_WORLDS = 8


@dataclass
class Table:
    id: str  # the channel or thread id, as a string
    game_id: str
    options: dict[str, JSON]
    host: str
    seed: str
    seats: list[Seat] = field(default_factory=list)
    status: str = LOBBY
    state: Any = None
    version: int = 0
    settings: Settings = field(default_factory=Settings)
    clock: Clock = field(default_factory=Clock)
    guild: str | None = None
    parent: str | None = None  # the channel a thread table was opened from
    title: str = ""
    key: int | None = None  # the store's row key, set when saved
    seat_moves: list[int] = field(default_factory=list)  # moves applied per seat
    started: float | None = None  # when the game was dealt (epoch s); None before

    # -- lobby ---------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: Game,
        table_id: str,
        host: str,
        host_name: str,
        options: Mapping[str, JSON] | None = None,
        seed: str | None = None,
        **extra: Any,
    ) -> Table:
        opts = resolve_options(game.options, options)
        if seed is None:
            seed = f"{random.SystemRandom().getrandbits(64):016x}"
        t = cls(table_id, game.id, opts, host, seed, **extra)
        t.seats.append(Seat(host, host_name))
        return t

    @property
    def game(self) -> Game:
        """The game this table plays, from the engine's registry."""
        return engine.get_game(self.game_id)

    def seat_of(self, player: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.player == player and not s.is_ai:
                return i
        return None

    def open_seats(self) -> list[int]:
        """The seats an AI plays until a new person takes them (``hand_over`` to open)."""
        return [i for i, s in enumerate(self.seats) if s.open] if self.status == PLAYING else []

    def join(self, game: Game, player: str, name: str) -> int:
        """Seat a person: a new seat in the lobby, or once the game runs the first open seat
        (issue 14: the host may hand an absent player's seat to a new person). Returns the
        seat."""
        if self.seat_of(player) is not None:
            raise IllegalAction("You are already seated at this table.")
        if self.status == PLAYING:
            free = self.open_seats()
            if not free:
                raise IllegalAction(
                    "Players join before the game starts, or take a seat the host opens with "
                    "/game replace; no seat is open at this table now.")
            seat = free[0]
            self.seats[seat] = Seat(player, name)
            self.clock.away.pop(seat, None)  # the one before was away, not the newcomer
            self.version += 1
            return seat
        self._need(LOBBY, "Players can only join before the game starts.")
        if len(self.seats) >= game.max_players:
            raise IllegalAction(f"The table is full: {game.title} takes at most {game.max_players}.")
        self.seats.append(Seat(player, name))
        self.version += 1
        return len(self.seats) - 1

    def add_bot(self, game: Game, level: str = "normal") -> int:
        self._need(LOBBY, "AI captains can only be added before the game starts.")
        if level not in AI_LEVELS:
            raise IllegalAction("The AI levels are: " + ", ".join(AI_LEVELS) + ".")
        if len(self.seats) >= game.max_players:
            raise IllegalAction(f"The table is full: {game.title} takes at most {game.max_players}.")
        n = sum(1 for s in self.seats if s.is_ai) + 1
        self.seats.append(Seat(None, f"AI {n} ({level})", level))
        self.version += 1
        return len(self.seats) - 1

    def leave(self, player: str, level: str = STAND_IN_LEVEL) -> int:
        """The person gives up their seat; returns the seat. In the lobby the seat goes
        away; once the game runs an AI of ``level`` plays it to the end (issue 14: "/game
        leave hands the seat to an AI"). The host role passes on and a table with no
        person left ends (``_seat_left``)."""
        seat = self.seat_of(player)
        if self.status not in (LOBBY, PLAYING):
            raise IllegalAction("This table is closed.")
        if seat is None:
            raise IllegalAction("You are not seated at this table.")
        if self.status == LOBBY:
            del self.seats[seat]
            self._seat_left(player, seat)
        else:
            self.seats[seat] = self.seats[seat].stand_in(level)
            self._seat_left(player, seat + 1)
        self.version += 1
        return seat

    def hand_over(self, seat: int, to: str, level: str = STAND_IN_LEVEL) -> None:
        """Hand a seat of the running game to an AI of ``level`` for the rest of the game
        (``to`` "ai"), or open it ("open"): an AI plays it until a new person takes it with
        ``join``. An AI seat may be opened too (a late friend takes over an AI captain),
        and an open seat closed again (handed to the AI). Whoever checks that the host asks
        (the table service)."""
        self._need(PLAYING, "Seats are handed over once the game runs; in the lobby, "
                            "/game leave and /game remove-bot change them.")
        if to not in HAND_OVER:
            raise IllegalAction("A seat goes to the AI (ai) or is opened for a new person (open).")
        if not 0 <= seat < len(self.seats):
            raise IllegalAction(f"There is no seat {seat + 1}: the table has {len(self.seats)}.")
        s = self.seats[seat]
        if to == TO_OPEN and s.open:
            raise IllegalAction(f"{s.name}'s seat is already open: /game join takes it.")
        if to == TO_AI and s.is_ai and not s.open:
            raise IllegalAction(f"{s.name} is already played by the AI.")
        person = s.player if s.is_person else None
        self.seats[seat] = s.stand_in(level, open_=to == TO_OPEN)
        self.version += 1
        if person is not None:
            self._seat_left(person, seat + 1)

    def replace_with_ai(self, seat: int, level: str = STAND_IN_LEVEL) -> None:
        """An AI takes the seat over for the rest of the game (the turn clock's "ai-seat")."""
        s = self.seats[seat]
        self.seats[seat] = s.stand_in(level)
        self.version += 1
        if s.is_person and s.player is not None:
            self._seat_left(s.player, seat + 1)

    def _seat_left(self, player: str, start: int) -> None:
        """After ``player`` left their seat: if they hosted, the host role passes to the
        next person in seat order from seat ``start`` on (wrapping round); a table with no
        person left ends as abandoned (issue 14)."""
        people = [s.player for s in self.seats[start:] + self.seats[:start]
                  if s.is_person and s.player is not None]
        if not people:
            self.status = ABANDONED
        elif player == self.host:
            self.host = people[0]

    def remove_bot(self) -> None:
        self._need(LOBBY, "Seats can only change before the game starts.")
        for i in range(len(self.seats) - 1, -1, -1):
            if self.seats[i].is_ai:
                del self.seats[i]
                self.version += 1
                return
        raise IllegalAction("There is no AI seat to remove.")

    def start(self, game: Game, now: float) -> None:
        self._need(LOBBY, "The game has already started.")
        n = len(self.seats)
        if not game.min_players <= n <= game.max_players:
            raise IllegalAction(
                f"{game.title} needs {game.min_players} to {game.max_players} players; "
                f"the table has {n}."
            )
        self.state = game.setup(n, self.options, self.seed)
        self.seat_moves = [0] * n
        self.status = PLAYING
        self.started = now
        self.version += 1
        self._touch_clock(game, now, None)

    def abort(self) -> None:
        if self.status in (FINISHED, ABANDONED):
            raise IllegalAction("This table is already closed.")
        self.status = ABANDONED
        self.version += 1

    # -- play ----------------------------------------------------------------------------

    def to_act(self, game: Game) -> frozenset[int]:
        if self.status != PLAYING:
            return frozenset()
        return game.to_act(self.state)

    def apply(self, game: Game, seat: int, action: Action, now: float) -> list[Event]:
        """Apply one move; raises IllegalAction (nothing changed) when it is not allowed.
        Whether the menu it was chosen on is still current is the store's one check
        (``Store.apply_moves``), inside the transaction that applies it."""
        self._need(PLAYING, "The game is not running at this table.")
        if not 0 <= seat < len(self.seats):
            raise IllegalAction("That seat is not at this table.")
        events = game.apply(self.state, seat, action)
        self.seat_moves[seat] += 1
        self.version += 1
        if game.result(self.state) is not None:
            self.status = FINISHED
        self.clock.away = away.ended(self.clock.away, seat, now)  # back at their move
        self._touch_clock(game, now, seat)
        return events

    def apply_steps(self, game: Game, seat: int, steps: Sequence[Action], now: float,
                    finish: Action | None = None) -> tuple[list[Action], list[Event]]:
        """Apply a choice made in several steps, in place: ``steps`` in order, then
        ``finish`` if the steps leave it legal (a discard that empties the hand has already
        ended the discarding, so "done" is not added then), with its label for the state
        after the steps ("Place the bid (value 9)"). Returns the moves applied and their
        events. A refused step raises IllegalAction naming it when there are several
        ("Step 2 of 3 (Add Rum to your bid) is not allowed: ..."); the table is then half
        changed, and the caller (the store's transaction) throws it away."""
        applied: list[Action] = []
        events: list[Event] = []
        for i, step in enumerate(steps):
            try:
                events.extend(self.apply(game, seat, step, now))
            except IllegalAction as err:
                raise self._refused(steps, i, err) from None
            applied.append(step)
        if finish is not None and not steps:
            return [finish], self.apply(game, seat, finish, now)
        if finish is not None and self.status == PLAYING:
            legal = [a for a in game.legal_actions(self.state, seat) if a == finish][:1]
            for a in legal:
                events.extend(self.apply(game, seat, a, now))
                applied.append(a)
        return applied, events

    def _refused(self, steps: Sequence[Action], i: int, err: IllegalAction) -> IllegalAction:
        """The refusal of step ``i`` of ``steps``: the engine's own when it is the only one,
        else naming it."""
        if len(steps) == 1:
            return err
        step = steps[i]
        what = fill_names(step.label or step.kind.replace("_", " "), [s.name for s in self.seats])
        return IllegalAction(f"Step {i + 1} of {len(steps)} ({what}) is not allowed: "
                             f"{err.reason} Nothing was applied.")

    def try_moves(self, game: Game, seat: int, steps: Sequence[Action]) -> Any:
        """The state after ``steps`` of ``seat``, played on a copy that is never stored (a
        private panel's preview of a move before it is confirmed); IllegalAction naming the
        refused step when there are several. Never on the move path: a move is applied
        once, in the store's transaction (``apply_steps``)."""
        state = clone(game, self.state)
        for i, step in enumerate(steps):
            try:
                game.apply(state, seat, step)
            except IllegalAction as err:
                raise self._refused(steps, i, err) from None
        return state

    def _touch_clock(self, game: Game, now: float, moved: int | None) -> None:
        """After a change of the state (``moved``: the seat that just moved): the turn
        restarts when the seats waited for change, and the seats down to one legal move
        are found again whatever changed, since a seat may come down to one move within
        its turn."""
        waiting = sorted(self.to_act(game))
        forced = self.clock.forced
        if waiting != self.clock.waiting_for:
            c, s = self.clock, self.settings
            banks = bank.settle(c.banks, s.bank_minutes * 60, s.increment_minutes * 60,
                                c.waiting_for, c.turn_started, now, moved, self._paused(now))
            kept = away.kept(c.away, now)
            since = pace.carried(c.since, c.waiting_for, waiting, moved, now, c.away, kept)
            self.clock = Clock(now if waiting else None, None, waiting, banks=banks,
                               away=kept, since=since)
        elif moved is not None:
            self.clock.since.pop(moved, None)  # its turn's first move is made
        self.clock.forced = self._forced(game, waiting, forced, now, moved)

    def _forced(self, game: Game, waiting: Sequence[int], was: Mapping[int, float],
                now: float, moved: int | None) -> dict[int, float]:
        """The waiting seats with exactly one legal move, each with the moment it came down
        to it: kept from ``was`` while the seat stays down to one move and has not moved
        itself (the move it just made may leave it one move again: a new grace), else
        ``now``. Decision: only computed while the table's setting is on (one
        ``legal_actions`` per waiting seat per move), so the default table pays nothing;
        turning it on mid-turn counts the grace from then (``refresh_forced``)."""
        if not self.settings.forced_minutes or self.status != PLAYING:
            return {}
        out: dict[int, float] = {}
        for seat in waiting:
            if len(game.legal_actions(self.state, seat)) == 1:
                out[seat] = was[seat] if seat in was and seat != moved else now
        return out

    def refresh_forced(self, game: Game, now: float) -> None:
        """Find the seats down to one legal move again, without a move (the setting was
        turned on or off): a seat already known keeps its moment."""
        self.clock.forced = self._forced(game, self.clock.waiting_for, self.clock.forced,
                                         now, None)

    def tells_nothing_hidden(self, game: Game, seat: int, action: Action,
                             worlds: int = FORCED_WORLDS) -> bool:
        """Whether naming ``action``, the seat's one move, in public tells nothing hidden:
        the same move, in the same words, is legal for the seat in every world a spectator
        cannot tell from this one (``determinize`` for no seat, ``worlds`` of them drawn
        from the table's seed). "Roll the dice" passes; "Lay your cutlass 5 face down" or a
        card added to a sealed bid does not, and is then left unnamed. That the seat had
        one move only is told anyway by the move being played: the timing the table
        accepted when it turned the setting on."""
        draw = rng(f"{self.seed}:only-move", self.version)
        for _ in range(worlds):
            world = game.determinize(self.state, None, draw)
            same = [a for a in game.legal_actions(world, seat) if a == action]
            if not same or same[0].label != action.label:
                return False
        return True

    # -- clock ---------------------------------------------------------------------------

    def forced_moments(self) -> dict[int, float]:
        """When the only move of each waiting person who has one is played for them (epoch
        s): empty while the setting is off."""
        minutes = self.settings.forced_minutes
        c = self.clock
        if not minutes or self.status != PLAYING or c.turn_started is None:
            return {}
        return {seat: since + minutes * 60 for seat, since in sorted(c.forced.items())
                if seat in c.waiting_for and 0 <= seat < len(self.seats)
                and self.seats[seat].is_person}

    def forced_due(self, now: float) -> list[int]:
        """The people whose only move's grace has passed at ``now``, in seat order."""
        return [seat for seat, at in self.forced_moments().items()
                if now >= at and not away.is_away(self.clock.away, seat, now)]

    def forced_since(self) -> float | None:
        """The moment the longest-waiting person came down to one move (None: nobody)."""
        c = self.clock
        seats = self.forced_moments()
        return min(c.forced[s] for s in seats) if seats else None

    def due(self, now: float) -> str | None:
        """What the turn clock asks for now: "forced", "timeout", "remind" or None.

        A time-out comes before a reminder due at the same pass (as ever); a person's only
        move ("forced") comes before either when its moment is not later than theirs."""
        c = self.clock
        if self.status != PLAYING or c.turn_started is None:
            return None
        people = self.clocked(now)
        if not people:
            return None
        found: list[tuple[float, int, str]] = []
        remind = self.settings.remind_minutes * 60
        out = self.times_out(people, now)
        if out is not None and now >= out:
            found.append((out, 1, "timeout"))
        elif remind and now - (c.last_reminded or c.turn_started) >= remind:
            found.append(((c.last_reminded or c.turn_started) + remind, 1, "remind"))
        forced = [self.forced_moments()[seat] for seat in self.forced_due(now)]
        if forced:
            found.append((min(forced), 0, "forced"))
        return min(found)[2] if found else None

    def clocked(self, now: float) -> list[int]:
        """The seats the clock runs for at ``now``: people waited for, not away."""
        c = self.clock
        return [i for i in c.waiting_for
                if not self.seats[i].is_ai and not away.is_away(c.away, i, now)]

    def _paused(self, now: float) -> dict[int, float]:
        c = self.clock
        return away.paused_all(c.away, c.waiting_for, c.turn_started, now)

    def times_out(self, people: Sequence[int], now: float) -> float | None:
        """When the turn of ``people`` (waiting seats not away) times out (epoch s): the
        flat limit after the turn's start, or the first of their banks to run out, each
        moved on by the time the seat was away in it; None: never."""
        c, s = self.clock, self.settings
        if c.turn_started is None or not people:
            return None
        paused = self._paused(now)
        if s.bank_minutes:
            return bank.runs_out(c.banks, s.bank_minutes * 60, people, c.turn_started, paused)
        if not s.limit_minutes:
            return None
        return c.turn_started + s.limit_minutes * 60 + min(paused.get(i, 0.0) for i in people)

    def turn_time(self, seat: int, now: float) -> float | None:
        """The seconds ``seat`` has taken to its first move of its turn, if it moved at
        ``now`` (``engine/pace.py``): None when that move would not be its turn's first."""
        c = self.clock
        if self.status != PLAYING:
            return None
        return pace.first_move(c.since, c.waiting_for, c.away, seat, now)

    def bank_left(self, seat: int, now: float) -> float | None:
        """The seconds left in ``seat``'s time bank at ``now``; None without a bank."""
        c, start = self.clock, self.settings.bank_minutes * 60
        if not start:
            return None
        waiting = c.waiting_for if self.status == PLAYING else ()
        return bank.left(c.banks, seat, start, waiting, c.turn_started, now, self._paused(now))

    def set_away(self, seat: int, since: float, until: float) -> None:
        """The seat's person is away from ``since`` to ``until`` (``/me away``); an ``until``
        not after ``since`` ends it (``/me back``)."""
        if until > since:
            self.clock.away[seat] = (since, until)
        else:
            self.clock.away = away.ended(self.clock.away, seat, since)
        self.version += 1

    def mark_reminded(self, now: float) -> None:
        self.clock.last_reminded = now
        self.version += 1

    def restart_clock(self, now: float) -> None:
        """A fresh turn after a time-out: banks charged, an empty one given a grace."""
        c, s = self.clock, self.settings
        c.banks = bank.after_timeout(c.banks, s.bank_minutes * 60, s.increment_minutes * 60,
                                     c.waiting_for, c.turn_started, now, self._paused(now))
        self.clock.turn_started = now
        self.clock.last_reminded = None
        self.version += 1

    # -- helpers -------------------------------------------------------------------------

    def _need(self, status: str, reason: str) -> None:
        if self.status != status:
            raise IllegalAction(reason)

    def view(self, game: Game, seat: int | None) -> dict:
        """The game's view for that seat, with the seats' display names added."""
        v = game.view(self.state, seat)
        v["names"] = [s.name for s in self.seats]
        return v

    def people(self) -> list[str]:
        return [s.player for s in self.seats if s.player is not None and not s.is_ai]

    def dump_meta(self) -> dict[str, JSON]:
        """Everything but the state, JSON-able (the store keeps the state apart)."""
        return {
            "seats": [s.to_dict() for s in self.seats],
            "settings": self.settings.to_dict(),
            "clock": self.clock.to_dict(),
            "seat_moves": list(self.seat_moves),
            "started": self.started,
        }
