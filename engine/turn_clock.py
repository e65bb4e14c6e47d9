"""The turn clock's settings and its state, as a table keeps them (pure): what the host
chose (``Settings``) and where the turn under way stands (``Clock``). ``engine/table.py``
reads them (``Table.due``) and names them for its callers; ``engine/bank.py`` holds the
time bank's arithmetic. Apart from the table so that it stays within its size.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine import away, bank, pace
from engine.core import JSON

# What happens when a seat runs out its time limit.
TIMEOUT_REMIND, TIMEOUT_AI_MOVE, TIMEOUT_AI_SEAT = "remind", "ai-move", "ai-seat"
TIMEOUT_OUTCOMES = (TIMEOUT_REMIND, TIMEOUT_AI_MOVE, TIMEOUT_AI_SEAT)
#: the longest grace before a person's only move is played for them: one day
FORCED_MAX_MINUTES = 24 * 60


@dataclass
class Settings:
    """Per-table clock settings; minutes, 0 meaning off.

    The default keeps a game moving (issue 14): a reminder after 12 hours of waiting (and
    every 12 hours after), and after two days an AI makes that one move for the absent
    player, who keeps the seat. A table saved with its own settings keeps them.

    ``forced_minutes`` (issue 22, "No game held up by a formality"): when a person the game
    waits for has exactly one legal move, it is played for them after this grace. Off by
    default, since how soon a move is played could tell the others something (that a
    player has a single choice left).

    ``bank_minutes`` (issue 24): 0 keeps the flat limit; more is a time bank per seat in
    its place, growing by ``increment_minutes`` a turn (engine/bank.py). ``away_allowed``
    (issue 24): off, the table keeps the clock of a person who goes away (``/me away``),
    as a tournament table would.

    ``take_back`` (issue 24, "Take back my own move"): a player may take back their own
    last move at once, without the others' consent, while no other seat has acted since and
    the move showed nothing hidden (engine/undo.py decides). On by default, as on Board
    Game Arena; a host turns it off for a table where every move must stand (a
    tournament); the undo by consent stays either way."""

    remind_minutes: int = 12 * 60
    limit_minutes: int = 2 * 24 * 60
    on_timeout: str = TIMEOUT_AI_MOVE
    forced_minutes: int = 0
    bank_minutes: int = 0
    increment_minutes: int = 12 * 60
    away_allowed: bool = True
    take_back: bool = True

    def to_dict(self) -> dict[str, JSON]:
        return {
            "remind_minutes": self.remind_minutes,
            "limit_minutes": self.limit_minutes,
            "on_timeout": self.on_timeout,
            "forced_minutes": self.forced_minutes,
            "bank_minutes": self.bank_minutes,
            "increment_minutes": self.increment_minutes,
            "away_allowed": self.away_allowed,
            "take_back": self.take_back,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, JSON] | None) -> Settings:
        """The settings as ``to_dict`` wrote them; one saved before a setting existed gets
        its default (no migration: the settings live in the table's meta JSON)."""
        d = d or {}
        s = cls()
        s.remind_minutes = int(d.get("remind_minutes", s.remind_minutes))
        s.limit_minutes = int(d.get("limit_minutes", s.limit_minutes))
        s.on_timeout = str(d.get("on_timeout", s.on_timeout))
        s.forced_minutes = int(d.get("forced_minutes", s.forced_minutes))
        s.bank_minutes = int(d.get("bank_minutes", s.bank_minutes))
        s.increment_minutes = int(d.get("increment_minutes", s.increment_minutes))
        s.away_allowed = bool(d.get("away_allowed", s.away_allowed))
        s.take_back = bool(d.get("take_back", s.take_back))
        return s

    def validate(self) -> None:
        if not 0 <= self.remind_minutes <= 7 * 24 * 60:
            raise ValueError("Reminders go from 0 (off) to 10080 minutes (a week).")
        if not 0 <= self.limit_minutes <= 14 * 24 * 60:
            raise ValueError("The time limit goes from 0 (off) to 20160 minutes (two weeks).")
        if self.on_timeout not in TIMEOUT_OUTCOMES:
            raise ValueError("On time-out the table can: " + ", ".join(TIMEOUT_OUTCOMES) + ".")
        if not 0 <= self.forced_minutes <= FORCED_MAX_MINUTES:
            raise ValueError("The grace before a player's only move is played for them goes "
                             f"from 0 (off) to {FORCED_MAX_MINUTES} minutes (a day).")
        if not 0 <= self.bank_minutes <= bank.BANK_MAX_MINUTES:
            raise ValueError("The time bank goes from 0 (off: the flat limit per turn) to "
                             f"{bank.BANK_MAX_MINUTES} minutes (two weeks).")
        if not 0 <= self.increment_minutes <= bank.INCREMENT_MAX_MINUTES:
            raise ValueError("The time added to the bank after each turn goes from 0 to "
                             f"{bank.INCREMENT_MAX_MINUTES} minutes (a week).")


@dataclass
class Clock:
    """When the current turn started and when its seats were last reminded (epoch s).

    ``forced`` maps each waiting seat that has exactly one legal move to the moment it came
    down to that one move (kept only while the table's ``forced_minutes`` is on): the clock
    loop reads tables without their states (``Store.playing``), so whether a seat's only
    move is due to be played must be known from the clock alone."""

    turn_started: float | None = None
    last_reminded: float | None = None
    waiting_for: list[int] = field(default_factory=list)
    forced: dict[int, float] = field(default_factory=dict)
    #: seconds left in each seat's time bank when the turn started (``engine/bank.py``)
    banks: dict[int, float] = field(default_factory=dict)
    #: each away seat's period, [since, until] (``engine/away.py``)
    away: dict[int, tuple[float, float]] = field(default_factory=dict)
    #: when each waiting seat's own turn began, while it has not moved in it
    #: (``engine/pace.py``: how long a person takes to move)
    since: dict[int, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, JSON]:
        return {
            "turn_started": self.turn_started,
            "last_reminded": self.last_reminded,
            "waiting_for": list(self.waiting_for),
            # JSON keys are strings; a list of [seat, since] pairs keeps the seat an int
            "forced": [[seat, since] for seat, since in sorted(self.forced.items())],
            "banks": bank.to_pairs(self.banks),
            "away": away.to_rows(self.away),
            "since": pace.to_pairs(self.since),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, JSON] | None) -> Clock:
        """The clock as ``to_dict`` wrote it; one saved before ``forced``, ``banks`` or
        ``away`` existed has none; one saved before ``since`` has each waiting seat's turn
        begin with the clock's."""
        d = d or {}
        forced = {int(seat): float(since) for seat, since in d.get("forced") or []}
        waiting = list(d.get("waiting_for") or [])
        return cls(d.get("turn_started"), d.get("last_reminded"), waiting, forced,
                   bank.from_pairs(d.get("banks")), away.from_rows(d.get("away")),
                   pace.from_pairs(d.get("since"), waiting, d.get("turn_started")))
