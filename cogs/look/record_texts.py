"""The words of a table's record (issue 24): how long games of the lobby's kind usually
last, and each person's time to move and games finished, in a lobby beside their name and
on ``/stats profile``. The decisions behind the figures are data/lengths.py's and
data/reliability.py's. Templates are filled with ``str.format`` where they are used."""

from __future__ import annotations

from collections.abc import Mapping

from cogs.look import clock_texts
from data.lengths import Lengths
from data.reliability import MIN_GAMES, MIN_TURNS, Reliability
from engine.table import Table

# -- the lobby (cogs/look/messages.py, lobby_embed) -----------------------------------------
EXPECTED = ("⌛ Games like this one usually take **{span}** at this clock "
            "(the middle half of the last {games} finished with {players} players).")
SPAN = "{low} to {high} {unit}"
SPAN_SAME = "about {low} {unit}"
UNITS = {"minute": ("minute", "minutes"), "hour": ("hour", "hours"), "day": ("day", "days")}
#: beside a person's name: their median time to move and games finished, on this server
SEAT_RECORD = " · {parts}"
SEAT_PACE = "moves in ~{time}"
SEAT_FINISHED = "finished {finished}/{games}"
SEAT_JOIN = ", "
# -- /stats profile (cogs/commands/stats.py) ------------------------------------------------
PROFILE_HEAD = "**Reliability** on this server (just information, nobody is punished for it):"
PROFILE_PACE = ("- Time to move: **{time}**, the median of their last {turns} turns here "
                "(from the moment the game waited for them to their move; time away does "
                "not count)")
PROFILE_NO_PACE = "- Time to move: shown after {least} turns here ({turns} so far)"
PROFILE_FINISHED = "- Games finished in their seat: **{finished} of {games}** (the others "\
                   "were left to an AI)"
PROFILE_NO_FINISHED = "- Games finished: shown after {least} games here ({games} so far)"


def span(low: float, high: float) -> str:
    """A range of lengths in one plain unit: "5 to 40 minutes", "3 to 7 hours", "2 to 4
    days"; "about 3 days" when both ends round to the same. The unit is the one the longer
    end reads best in: minutes below an hour and a half, hours below a day and a half."""
    if high < 90 * 60:
        unit, size = "minute", 60.0
    elif high < 36 * 3600:
        unit, size = "hour", 3600.0
    else:
        unit, size = "day", 86400.0
    a, b = max(1, round(low / size)), max(1, round(high / size))
    words = UNITS[unit][0 if b == 1 else 1]
    if a == b:
        return SPAN_SAME.format(low=a, unit=words)
    return SPAN.format(low=a, high=b, unit=words)


def expected_line(found: Lengths, players: int) -> str:
    """The lobby's line on how long such games last."""
    return EXPECTED.format(span=span(found.low, found.high), games=found.games,
                           players=players)


def seat_record(record: Reliability | None) -> str:
    """What a lobby shows beside a person's name (nothing when too little is known)."""
    if record is None or not record.known:
        return ""
    parts = []
    if record.median is not None:
        parts.append(SEAT_PACE.format(time=clock_texts.duration(record.median)))
    if record.shows_finished:
        parts.append(SEAT_FINISHED.format(finished=record.finished, games=record.games))
    return SEAT_RECORD.format(parts=SEAT_JOIN.join(parts))


def seat_records(table: Table, records: Mapping[str, Reliability]) -> list[str]:
    """:func:`seat_record` for each seat of ``table`` ("" for AI seats)."""
    return [seat_record(records.get(s.player)) if s.is_person and s.player else ""
            for s in table.seats]


def profile_lines(record: Reliability) -> list[str]:
    """The profile's section on a person's time to move and games finished."""
    lines = [PROFILE_HEAD]
    if record.median is not None:
        lines.append(PROFILE_PACE.format(time=clock_texts.duration(record.median),
                                         turns=record.turns))
    else:
        lines.append(PROFILE_NO_PACE.format(least=MIN_TURNS, turns=record.turns))
    if record.shows_finished:
        lines.append(PROFILE_FINISHED.format(finished=record.finished, games=record.games))
    else:
        lines.append(PROFILE_NO_FINISHED.format(least=MIN_GAMES, games=record.games))
    return lines
