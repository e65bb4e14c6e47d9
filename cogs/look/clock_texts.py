"""The words of the time bank (issue 24): the turn clock's mode beside the flat limit per
turn, where each seat has a bank that runs down on its turns and grows back by an
increment after each of them. The rest of the clock's words are in ``texts``. Templates
are filled with ``str.format`` where they are used."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cogs.look import texts, undo_texts

#: the **Turn clock** menu of the bank
BANK_CHOICE = "Time bank {bank}, +{increment} a turn"
BANK_CHOICE_OFF = "No time bank (the time limit per turn)"
#: under the menus of the private clock message
BANK_HOW = ("**Time bank** (last menu): instead of the time limit per turn, each seat gets a "
            "bank that runs down on its turns and grows back by the increment after each, "
            "never above the start; an empty bank times out as **On time-out** says.")
#: the settings in words (``summary``)
BANK_LINE = "- Time bank: **{bank}** each, **+{increment}** after each turn, never above it"
BANK_OUT = "- When a bank runs out: **{outcome}**"
#: a seat's bank beside its name ("Alice 1 d 4 h"), and when the waited-for one's runs out
SEAT_BANK = "{name} {left}"
RUNS_OUT = " (out <t:{at}:R>)"
BANKS_HEAD = "⏳ Time banks: "
#: /me games: the person's own bank
YOUR_BANK = " · your time bank: {left}, out <t:{at}:R>"
YOUR_BANK_IDLE = " · your time bank: {left}"
#: a change of the clock, as the channel is told it
BANK_CHANGED = "time bank {before} → {after} (every bank starts full at the new size)"
INCREMENT_CHANGED = "added after each turn {before} → {after}"
BANK_OFF = "off"
#: away mode (/me away) at the table
AWAY_ALLOWED = "- Away mode (`/me away`): **allowed**, the clock pauses for a player away"
AWAY_REFUSED = "- Away mode (`/me away`): **refused**, the clock keeps running"
AWAY_CHANGED = "away mode {before} → {after}"
ALLOWED, REFUSED = "allowed", "refused"
#: the lobby's **Table options**: the table's yes/no options, one menu of several picks
OPTIONS_HEAD = "⚙️ **Table options**"
OPTIONS_HOW = ("Pick every option this table allows in the menu below; those left out are "
               "off. A change takes effect at once and the channel is told; "
               "`/game settings` sets the same.")
OPTIONS_READ_ONLY = "Only the host or a channel manager can change the table's options."
OPTIONS_UNKNOWN = "That is not one of the table's options; pick them from the menu."
OPTIONS_PLACEHOLDER = "No option allowed: pick those this table allows"
#: each option of the menu: its label and its description
OPTION_WORDS = {
    "take_back": ("Take back your own move without a vote",
                  "While no one has acted since and it showed nothing hidden"),
    "away": ("Away mode: the clock pauses for a player away",
             "Leave it out for a tournament table: the clock keeps running"),
}


def duration(seconds: float) -> str:
    """A bank in days and hours ("1 d 4 h", "2 d"), under a day in hours and minutes
    ("5 h", "1 h 30 min", "45 min"): two units at most, the smaller rounded down."""
    total = max(0, int(seconds // 60))
    days, rest = divmod(total, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        return f"{days} d" + (f" {hours} h" if hours else "")
    if hours:
        return f"{hours} h" + (f" {minutes} min" if minutes else "")
    return f"{minutes} min"


def choice(bank: int, increment: int) -> str:
    """A menu's option: a bank and its increment in minutes (bank 0: no bank)."""
    if not bank:
        return BANK_CHOICE_OFF
    return BANK_CHOICE.format(bank=duration(bank * 60), increment=duration(increment * 60))


def options(s: Any) -> str:
    """The table's yes/no options in words (``Settings``): away mode, then taking back a
    move without a vote, as the clock's summary ends."""
    return (AWAY_ALLOWED if getattr(s, "away_allowed", True) else AWAY_REFUSED) \
        + undo_texts.setting_line(s)


def summary(s: Any) -> str:
    """The turn clock in words (``Settings``): the flat limit's lines, or the bank's in
    place of the limit when the table has one, then away mode and taking back a move
    without a vote, so the lobby, the clock panel and ``/game settings`` say all of it."""
    bank = s.bank_minutes
    lines = texts.settings_summary(s.remind_minutes, 0 if bank else s.limit_minutes,
                                   s.on_timeout, s.forced_minutes).split("\n")
    if bank:
        lines[1:2] = [BANK_LINE.format(bank=duration(bank * 60),
                                       increment=duration(s.increment_minutes * 60)),
                      BANK_OUT.format(outcome=texts.TIMEOUT_NAMES.get(s.on_timeout,
                                                                      s.on_timeout))]
    lines.append(options(s))
    return "\n".join(lines)


def changes(before: Any, after: Any) -> str:
    """What a change of the clock changed: ``texts``'s words, then the bank's, away
    mode's and taking back without a vote's."""
    out = [] if _same(before, after) else [texts.settings_changes(before, after)]
    if before.bank_minutes != after.bank_minutes:
        out.append(BANK_CHANGED.format(before=_bank(before.bank_minutes),
                                       after=_bank(after.bank_minutes)))
    if before.increment_minutes != after.increment_minutes:
        out.append(INCREMENT_CHANGED.format(before=duration(before.increment_minutes * 60),
                                            after=duration(after.increment_minutes * 60)))
    if before.away_allowed != after.away_allowed:
        out.append(AWAY_CHANGED.format(before=ALLOWED if before.away_allowed else REFUSED,
                                       after=ALLOWED if after.away_allowed else REFUSED))
    take_back = undo_texts.setting_change(before, after)
    if take_back is not None:
        out.append(take_back)
    return "; ".join(out) or texts.settings_changes(before, after)


def _same(before: Any, after: Any) -> bool:
    keys = ("remind_minutes", "limit_minutes", "on_timeout", "forced_minutes")
    return all(getattr(before, k) == getattr(after, k) for k in keys)


def _bank(minutes: int) -> str:
    return duration(minutes * 60) if minutes else BANK_OFF


def banks_line(seats: Iterable[tuple[str, float, float | None]]) -> str:
    """Each seat's bank: (name, seconds left, when it runs out or None when the game is not
    waiting for it)."""
    return BANKS_HEAD + " · ".join(
        SEAT_BANK.format(name=name, left=duration(left))
        + (RUNS_OUT.format(at=int(at)) if at is not None else "")
        for name, left, at in seats)
