"""What a change of a table did, for whoever answers it and publishes it: the table
after it, its events, the seats whose private view it changed (:class:`Outcome`), and what
it owes its players (:func:`owed_part`, recorded by data/deliveries.py). Pure functions
over tables and views; the table service (data/tables.py) and undo (data/undo.py) build
their outcomes with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import engine
from data import deliveries
from engine.core import Action, Event
from engine.table import FINISHED, PLAYING, Table

_MISSING = object()


@dataclass
class Outcome:
    """What a change did: the table after it, the events of the moves applied, and the
    seats whose private view changed (the cogs send those seats their hand again; a game
    may narrow this to the keys in its ``dm_keys``).

    ``before`` is the public view of the game before the change, read inside the change's
    transaction (None: the game had not begun, or the change began it), so the publisher
    knows what the table showed without a read of its own. ``applied`` holds the moves a
    person's choice applied, in order (a batch's steps and its finish)."""

    table: Table
    events: list[Event] = field(default_factory=list)
    private_changed: set[int] = field(default_factory=set)
    finished: bool = False
    before: dict | None = None
    applied: list[Action] = field(default_factory=list)

    @property
    def ai_to_act(self) -> frozenset[int]:
        """AI seats the game now waits for (call ``run_ai`` when not empty)."""
        t = self.table
        if t.status != PLAYING:
            return frozenset()
        return frozenset(s for s in t.to_act(engine.get_game(t.game_id)) if t.seats[s].is_ai)

    def merge(self, later: Outcome) -> Outcome:
        return Outcome(
            later.table,
            self.events + later.events,
            self.private_changed | later.private_changed,
            later.finished,
            self.before,
            self.applied + later.applied,
        )


def private_part(view: dict, public: dict) -> dict:
    """The keys of a seat's view that differ from the spectator's view."""
    return {k: v for k, v in view.items() if public.get(k, _MISSING) != v}


def private_views(table: Table) -> dict[int, dict]:
    """Each seat's private part of its view ({} before the game has a state), narrowed to
    the game's ``dm_keys`` when it names the keys whose change is worth a DM."""
    if table.state is None:
        return {}
    game = engine.get_game(table.game_id)
    public = game.view(table.state, None)
    keys = getattr(game, "dm_keys", None)
    out = {}
    for s in range(len(table.seats)):
        part = private_part(game.view(table.state, s), public)
        out[s] = part if keys is None else {k: v for k, v in part.items() if k in keys}
    return out


def public_view(table: Table) -> dict | None:
    """The spectator's view of the table's game, None before the deal."""
    return None if table.state is None else table.view(table.game, None)


def changed_seats(before: dict[int, dict], after: dict[int, dict]) -> set[int]:
    """The seats whose private view differs between two ``private_views``."""
    return {s for s in set(before) | set(after) if before.get(s, {}) != after.get(s, {})}


def waiting_people(table: Table) -> frozenset[int]:
    """The people (not AI seats) the game waits for now (none before the deal)."""
    if table.state is None or table.status != PLAYING:
        return frozenset()
    return frozenset(s for s in table.to_act(table.game) if table.seats[s].is_person)


def owed_part(before_view: dict | None, after: Table, events: list[Event],
              changed: set[int], *, taken: int | None = None, gone: str | None = None,
              fresh: bool = False) -> dict | None:
    """What a change of a dealt table owes its players (``data.deliveries.part``); None
    for a table closed without a game to tell (abandoned)."""
    if after.state is None or after.status not in (PLAYING, FINISHED):
        return None
    was = frozenset((before_view or {}).get("to_act") or ())
    out = deliveries.part(before=before_view, events=events, changed=changed,
                          waiting=[was, waiting_people(after)], taken=taken, gone=gone,
                          fresh=fresh or before_view is None)
    out["version"] = after.version
    return out

