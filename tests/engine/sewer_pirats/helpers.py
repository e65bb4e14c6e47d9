"""Building Sewer Pirats positions by hand, and small move helpers for the tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from engine.core import Action, Event, IllegalAction
from engine.sewer_pirats import GAME
from engine.sewer_pirats.data import SHIPS
from engine.sewer_pirats.state import PLAY, State

STANDARD_CREW = ("rat", "raccoon", "cockroach", "weasel")
CAT, BIRD, FISH = 0, 1, 2


def cards(text: str) -> list[int]:
    """Hand counts from "cat cat fish"."""
    out = [0, 0, 0]
    for word in text.split():
        out[SHIPS.index(word)] += 1
    return out


def position(
    n: int = 3,
    *,
    variant: str = "standard",
    crew: Sequence[str] = STANDARD_CREW,
    tribes: Mapping[int, Sequence[str]] | None = None,
    ships: Mapping[str, Sequence[Any]] | None = None,
    hands: Mapping[int, str] | None = None,
    groups: Mapping[str, Sequence[Sequence[str]]] | None = None,
    treasure: Mapping[int, Sequence[str]] | None = None,
    deck: Sequence[str] | None = None,
    row: Sequence[str] | None = None,
    turn: int = 0,
    pools_empty: bool = False,
    seed: str = "test",
) -> State:
    """A state at the start of ``turn``'s turn in the play phase.

    ``ships``: {"cat": [fig1, fig2, fig3, figC]} with each fig None or (seat, tribe);
    figures aboard are taken out of their owners' play areas. ``hands``: {seat: "cat fish"}
    (others empty). ``deck``: the next cards to draw, first drawn first (the rest of the
    deck is left under them). ``groups``: the flotsam groups per ship, nearest first.
    """
    s = GAME.setup(n, {"variant": variant if variant != "landlubber" else "standard"}, seed)
    s.variant = variant
    s.phase = PLAY
    s.auction = None
    s.crew = [] if variant != "standard" else list(crew)
    for seat in range(n):
        mine = list(tribes[seat]) if tribes and seat in tribes else list(crew)
        s.tribes[seat] = mine
        s.home[seat] = list(mine)
    s.ships = [[None] * 4 for _ in SHIPS]
    for name, figs in (ships or {}).items():
        x = SHIPS.index(name)
        for i, f in enumerate(figs):
            if f is not None:
                seat, tribe = f
                s.ships[x][i] = (seat, tribe)
                s.home[seat].remove(tribe)
    s.hands = [cards(hands[t]) if hands and t in hands else [0, 0, 0] for t in range(n)]
    if groups is not None:
        for name, gs in groups.items():
            s.groups[SHIPS.index(name)] = [list(g) for g in gs]
    if treasure is not None:
        for seat, toks in treasure.items():
            s.treasure[seat] = list(toks)
    if pools_empty:
        s.pool, s.pool_bonus = [], []
    if row is not None:
        s.row = [SHIPS.index(c) for c in row]
    s.deck = [SHIPS.index(c) for c in reversed(deck or [])]
    s.deck = [c for c in range(3) for _ in range(4)] + s.deck
    s.discard = [0, 0, 0]
    s.turn = turn
    s.first = 0
    s.pending = None
    s.memo = None
    return s


def legal(s: State, seat: int, kind: str | None = None) -> list[Action]:
    return [a for a in GAME.legal_actions(s, seat) if kind is None or a.kind == kind]


def act(s: State, seat: int, kind: str, **args: Any) -> list[Event]:
    """Apply a move given by kind and args (it must be legal)."""
    return GAME.apply(s, seat, Action(kind, args))


def refused(s: State, seat: int, kind: str, **args: Any) -> str:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, seat, Action(kind, args))
    return err.value.reason


def texts(events: Sequence[Event]) -> str:
    return " | ".join(e.text for e in events)


def spaces(s: State, ship: str) -> list[Any]:
    return list(s.ships[SHIPS.index(ship)])
